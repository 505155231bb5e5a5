//! The `jsonschema` crate reads a [`Tape`] through its `Json` trait (its own way to validate
//! documents that are not a `serde_json::Value`).

use std::borrow::Cow;

use jsonschema::json::{cmp, Array, Json, Node, NodeIdentity, Object};
use jsonschema::types::JsonType;
use serde_json::{Number, Value};

use crate::tape::{Entry, Tape};

/// The tape representation, for `jsonschema::options_for::<TapeJson>()`.
pub struct TapeJson;

impl Json for TapeJson {
    type Node<'a> = TapeNode<'a>;
    type PreparedKey = String;
    type StringBuffer = Tape;

    // A lookup scans the members (there is no index), so one pass over them always costs
    // less than a lookup per name; the bound keeps `KEYS_PER_LOOKUP * count` from overflowing.
    const KEYS_PER_LOOKUP: usize = 1 << 16;
    const ACYCLIC: bool = true;

    fn prepare_key(key: &str) -> String {
        key.to_owned()
    }

    fn with_string_node<T>(
        buffer: &mut Tape,
        string: &str,
        f: impl FnOnce(TapeNode<'_>) -> T,
    ) -> T {
        buffer.clear();
        let text = buffer.text(string);
        buffer.push(Entry::String(text));
        f(TapeNode {
            tape: buffer,
            at: 0,
        })
    }
}

impl Tape {
    /// The document's root, for a validator built with `options_for::<TapeJson>()`; `None`
    /// when the tape is empty.
    pub fn root(&self) -> Option<TapeNode<'_>> {
        (!self.nodes.is_empty()).then_some(TapeNode { tape: self, at: 0 })
    }
}

/// One node of a tape.
#[derive(Clone, Copy)]
pub struct TapeNode<'a> {
    tape: &'a Tape,
    at: usize,
}

impl<'a> TapeNode<'a> {
    fn entry(&self) -> &'a Entry {
        &self.tape.nodes[self.at]
    }
}

impl<'a> Node<'a, TapeJson> for TapeNode<'a> {
    type Object = TapeContainer<'a>;
    type Array = TapeContainer<'a>;
    type Number = &'a Number;

    fn as_object(&self) -> Option<TapeContainer<'a>> {
        match self.entry() {
            Entry::Object { len, end } => Some(TapeContainer::new(self, *len, *end)),
            _ => None,
        }
    }

    fn as_array(&self) -> Option<TapeContainer<'a>> {
        match self.entry() {
            Entry::Array { len, end } => Some(TapeContainer::new(self, *len, *end)),
            _ => None,
        }
    }

    fn as_string(&self) -> Option<Cow<'a, str>> {
        match self.entry() {
            Entry::String(t) | Entry::Key(t) => Some(Cow::Borrowed(self.tape.str(*t))),
            Entry::Name(n) => Some(Cow::Borrowed(n)),
            _ => None,
        }
    }

    fn as_number(&self) -> Option<&'a Number> {
        match self.entry() {
            Entry::Number(n) => Some(n),
            _ => None,
        }
    }

    fn as_boolean(&self) -> Option<bool> {
        match self.entry() {
            Entry::Bool(b) => Some(*b),
            _ => None,
        }
    }

    fn is_null(&self) -> bool {
        matches!(self.entry(), Entry::Null)
    }

    fn json_type(&self) -> JsonType {
        match self.entry() {
            Entry::Null => JsonType::Null,
            Entry::Bool(_) => JsonType::Boolean,
            Entry::Number(_) => JsonType::Number,
            Entry::String(_) | Entry::Key(_) | Entry::Name(_) => JsonType::String,
            Entry::Array { .. } => JsonType::Array,
            Entry::Object { .. } => JsonType::Object,
        }
    }

    // `const` and `enum` compare every tagged variant and unit enum: answered without
    // building a value except for containers.
    fn equals_value(&self, expected: &Value) -> bool {
        match (self.entry(), expected) {
            (Entry::Null, _) => expected.is_null(),
            (Entry::Bool(b), _) => expected.as_bool() == Some(*b),
            (Entry::Number(n), Value::Number(e)) => cmp::equal_numbers(&n, e),
            (Entry::String(t) | Entry::Key(t), _) => expected.as_str() == Some(self.tape.str(*t)),
            (Entry::Name(n), _) => expected.as_str() == Some(*n),
            (Entry::Array { .. } | Entry::Object { .. }, Value::Array(_) | Value::Object(_)) => {
                cmp::equal(&self.to_value(), expected)
            }
            _ => false,
        }
    }

    fn to_value(&self) -> Cow<'a, Value> {
        Cow::Owned(self.tape.value_at(self.at))
    }

    fn identity(&self) -> Option<NodeIdentity> {
        Some(NodeIdentity::new(std::ptr::from_ref(self.entry()) as usize))
    }
}

/// An object or array node: where its contents start and end.
#[derive(Clone, Copy)]
pub struct TapeContainer<'a> {
    tape: &'a Tape,
    first: usize,
    len: usize,
    end: usize,
}

impl<'a> TapeContainer<'a> {
    fn new(node: &TapeNode<'a>, len: usize, end: usize) -> Self {
        TapeContainer {
            tape: node.tape,
            first: node.at + 1,
            len,
            end,
        }
    }
}

impl<'a> Object<'a, TapeJson> for TapeContainer<'a> {
    type Node = TapeNode<'a>;
    type MemberName = &'a str;
    type MembersIter = Members<'a>;

    fn len(&self) -> usize {
        self.len
    }

    fn get(&self, key: &String) -> Option<TapeNode<'a>> {
        // Most names differ from the key in length or first byte: tell those apart first.
        let first = key.as_bytes().first();
        self.members()
            .find(|(name, _)| {
                name.len() == key.len() && name.as_bytes().first() == first && *name == key
            })
            .map(|(_, node)| node)
    }

    fn members(&self) -> Members<'a> {
        Members {
            tape: self.tape,
            next: self.first,
            end: self.end,
        }
    }
}

impl<'a> Array<'a, TapeJson> for TapeContainer<'a> {
    type Node = TapeNode<'a>;
    type ElementsIter = Elements<'a>;

    fn len(&self) -> usize {
        self.len
    }

    fn elements(&self) -> Elements<'a> {
        Elements {
            tape: self.tape,
            next: self.first,
            end: self.end,
        }
    }
}

/// An object's members in order: (name, value).
pub struct Members<'a> {
    tape: &'a Tape,
    next: usize,
    end: usize,
}

impl<'a> Iterator for Members<'a> {
    type Item = (&'a str, TapeNode<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        if self.next >= self.end {
            return None;
        }
        let name = self.tape.name(self.next);
        let value = self.next + 1;
        self.next = self.tape.after(value);
        Some((
            name,
            TapeNode {
                tape: self.tape,
                at: value,
            },
        ))
    }
}

/// An array's elements in order.
pub struct Elements<'a> {
    tape: &'a Tape,
    next: usize,
    end: usize,
}

impl<'a> Iterator for Elements<'a> {
    type Item = TapeNode<'a>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.next >= self.end {
            return None;
        }
        let at = self.next;
        self.next = self.tape.after(at);
        Some(TapeNode {
            tape: self.tape,
            at,
        })
    }
}
