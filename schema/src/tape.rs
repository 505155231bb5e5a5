//! A JSON document as one flat tape of nodes: what the IR is validated as.
//!
//! A `serde_json::Value` of a vehicle costs an allocation per string, per map key and per
//! container, and freeing them again; that was most of a check's time. A tape holds the same
//! document in two buffers (the nodes, and every string's bytes one after another), filled by
//! serializing the IR with serde (`tape_ser`) and reused from one document to the next, so
//! building and dropping a document allocates nothing once the buffers have grown. The schema
//! validator reads it through `tape_json` (the `jsonschema` crate's `Json` trait).

use serde_json::{Number, Value};

/// One node of the tape. A container is followed by its contents (an object's as key, value,
/// key, value, ...) and records where they end, so a reader can step over it.
#[derive(Debug, Clone)]
pub(crate) enum Entry {
    Null,
    Bool(bool),
    Number(Number),
    /// A string value: its byte range in [`Tape::strings`].
    String(Text),
    /// An object member's name, right before its value.
    Key(Text),
    /// A struct field's name (serde gives it as a `&'static str`: nothing to copy).
    Name(&'static str),
    /// An array of `len` elements; the node after the last one is at `end`.
    Array {
        len: usize,
        end: usize,
    },
    /// An object of `len` members; the node after the last value is at `end`.
    Object {
        len: usize,
        end: usize,
    },
}

/// A byte range of [`Tape::strings`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct Text {
    start: usize,
    len: usize,
}

/// One JSON document (or none yet): the nodes in document order and the strings' bytes.
#[derive(Debug, Default)]
pub struct Tape {
    pub(crate) nodes: Vec<Entry>,
    strings: String,
}

impl Tape {
    /// An empty tape (its buffers grow with the first document and are kept).
    pub fn new() -> Self {
        Self::default()
    }

    /// Forgets the document, keeping the buffers.
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.strings.clear();
    }

    /// The document as a `serde_json::Value` (for error messages and tests; slow).
    pub fn to_value(&self) -> Value {
        if self.nodes.is_empty() {
            Value::Null
        } else {
            self.value_at(0)
        }
    }

    pub(crate) fn push(&mut self, entry: Entry) -> usize {
        self.nodes.push(entry);
        self.nodes.len() - 1
    }

    pub(crate) fn text(&mut self, s: &str) -> Text {
        let start = self.strings.len();
        self.strings.push_str(s);
        Text {
            start,
            len: s.len(),
        }
    }

    pub(crate) fn str(&self, text: Text) -> &str {
        &self.strings[text.start..text.start + text.len]
    }

    /// The member name at `at` (a [`Entry::Key`] or [`Entry::Name`]).
    pub(crate) fn name(&self, at: usize) -> &str {
        match &self.nodes[at] {
            Entry::Key(t) => self.str(*t),
            Entry::Name(n) => n,
            _ => unreachable!("an object's members start with their names"),
        }
    }

    /// Records that the container opened at `header` ends here with `len` members or elements.
    pub(crate) fn close(&mut self, header: usize, count: usize) {
        let end = self.nodes.len();
        match &mut self.nodes[header] {
            Entry::Array { len, end: e } | Entry::Object { len, end: e } => {
                *len = count;
                *e = end;
            }
            _ => unreachable!("only containers are closed"),
        }
    }

    /// The node after the one at `at` and everything inside it.
    pub(crate) fn after(&self, at: usize) -> usize {
        match self.nodes[at] {
            Entry::Array { end, .. } | Entry::Object { end, .. } => end,
            _ => at + 1,
        }
    }

    pub(crate) fn value_at(&self, at: usize) -> Value {
        match &self.nodes[at] {
            Entry::Null => Value::Null,
            Entry::Bool(b) => Value::Bool(*b),
            Entry::Number(n) => Value::Number(n.clone()),
            Entry::String(t) | Entry::Key(t) => Value::String(self.str(*t).to_string()),
            Entry::Name(n) => Value::String(n.to_string()),
            Entry::Array { end, .. } => {
                let mut items = Vec::new();
                let mut i = at + 1;
                while i < *end {
                    items.push(self.value_at(i));
                    i = self.after(i);
                }
                Value::Array(items)
            }
            Entry::Object { end, .. } => {
                let mut members = serde_json::Map::new();
                let mut i = at + 1;
                while i < *end {
                    members.insert(self.name(i).to_string(), self.value_at(i + 1));
                    i = self.after(i + 1);
                }
                Value::Object(members)
            }
        }
    }
}
