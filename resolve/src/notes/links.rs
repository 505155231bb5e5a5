//! The links between the listing and the notes: which rows each numbered note covers, and the
//! lints on those links (unknown note references, title vehicles, "See also" lines).

use std::collections::{BTreeSet, HashMap};

use qm_parser::{Diagnostic, NoteTarget, NotesDoc, NumberedNote};
use qm_schema::NoteRef;

use crate::lint::Finding;
use crate::listed::{Listed, ListedKind, ListedRow};
use crate::mentions::{MatchKind, NameIndex};

/// The listing rows of each numbered note, by the listing's Notes column (note 17 covers
/// three rows).
pub struct NoteMembers {
    rows: HashMap<u16, Vec<usize>>,
}

impl NoteMembers {
    /// Reads the items' note references.
    pub fn new<T: Listed>(items: &[T]) -> Self {
        let mut rows: HashMap<u16, Vec<usize>> = HashMap::new();
        for (i, v) in items.iter().enumerate() {
            for r in v.note_refs().iter().filter_map(|r| r.value.as_ref()) {
                if let NoteRef::Vehicle(n) = r {
                    rows.entry(*n).or_default().push(i);
                }
            }
        }
        Self { rows }
    }

    /// Members given directly, by note.
    #[cfg(test)]
    pub fn from_rows(rows: HashMap<u16, Vec<usize>>) -> Self {
        Self { rows }
    }

    /// The rows referring to note `n`, in listing order.
    pub fn of(&self, n: u16) -> &[usize] {
        self.rows.get(&n).map_or(&[], Vec::as_slice)
    }
}

/// The notes a listing's rows refer to: the parsed notes, the file they come from (its name
/// as diagnostics print it, "notes.md") and which listing they are of.
pub struct NotesFile<'a> {
    /// The parsed notes.
    pub doc: &'a NotesDoc,
    /// The file's name in its nation's folder.
    pub file: &'a str,
    /// The listing whose notes these are.
    pub kind: ListedKind,
}

/// A listing row referring to a note the notes file does not have.
pub fn lint_note_refs<R: ListedRow>(
    notes: &NotesFile<'_>,
    rows: &[R],
    names: &[String],
    diags: &mut Vec<Diagnostic>,
) {
    let doc = notes.doc;
    for (i, row) in rows.iter().enumerate() {
        for r in row.note_cells() {
            let (what, help) = match r.get() {
                Some(NoteRef::Vehicle(n)) if doc.note(*n).is_none() => (
                    format!("{} note {n}", notes.kind.notes()),
                    "check the note number in the listing's Notes column",
                ),
                Some(NoteRef::Multi(l)) if doc.multi_note(l).is_none() => (
                    format!("multi-applicable note {l}"),
                    "check the letter in the listing's Notes column",
                ),
                _ => continue,
            };
            diags.push(
                Diagnostic::error(
                    "notes::unknown-note",
                    format!(
                        "{} refers to {what}, which {} does not have",
                        names[i], notes.file
                    ),
                    r.span.clone(),
                )
                .with_help(help),
            );
        }
    }
}

/// The rows a note's title names ("**17. AS 42, AS 42 aa & AS 42 cc:**"), by their listing
/// names; a title vehicle that matches its row only loosely, or no row of the note, is a
/// finding.
pub fn title_rows(
    note: &NumberedNote,
    members: &[usize],
    index: &NameIndex,
    names: &[String],
    findings: &mut Vec<Finding>,
) -> Vec<String> {
    let n = note.number.value;
    let mut out = Vec::new();
    for t in &note.vehicles {
        match index.find(&t.value, members) {
            Some((row, kind)) => {
                out.push(names[row].clone());
                if kind != MatchKind::Exact {
                    findings.push(Finding {
                        diagnostic: Diagnostic::warning(
                            "lint::note-vehicle-name",
                            format!("note {n} names \"{}\"; its listing row is {}", t.value, names[row]),
                            t.span.clone(),
                        )
                        .with_help("make the names agree with an erratum, or accept the difference with a reason"),
                        vehicle: Some(names[row].clone()),
                        text: Some(t.value.clone()),
                    });
                }
            }
            None => findings.push(Finding {
                diagnostic: Diagnostic::warning(
                    "lint::note-vehicle-unknown",
                    format!(
                        "note {n} names \"{}\", which has no listing row referring to note {n}",
                        t.value
                    ),
                    t.span.clone(),
                )
                .with_help(
                    "add the row's note reference, correct the name with an erratum, or accept it",
                ),
                vehicle: None,
                text: Some(t.value.clone()),
            }),
        }
    }
    out
}

/// The note's "See also" letters must be the multi-applicable notes its rows refer to.
pub fn lint_see_also<T: Listed>(
    note: &NumberedNote,
    members: &[usize],
    items: &[T],
    findings: &mut Vec<Finding>,
) {
    let Some(see) = note.see_also.first() else {
        return;
    };
    let said: BTreeSet<String> = note
        .see_also
        .iter()
        .flat_map(|s| s.refs.iter())
        .filter_map(|r| match &r.target {
            NoteTarget::Multi(l) => Some(l.clone()),
            NoteTarget::Numbered(_) => None,
        })
        .collect();
    let rows: BTreeSet<String> = members
        .iter()
        .flat_map(|&i| items[i].note_refs().iter())
        .filter_map(|r| match &r.value {
            Some(NoteRef::Multi(l)) => Some(l.clone()),
            _ => None,
        })
        .collect();
    if members.is_empty() || said == rows {
        return;
    }
    let only_note: Vec<&String> = said.difference(&rows).collect();
    let only_rows: Vec<&String> = rows.difference(&said).collect();
    findings.push(Finding {
        diagnostic: Diagnostic::warning(
            "lint::see-also",
            format!(
                "note {}'s \"See also\" disagrees with its listing rows (only in the note: {:?}; only in the rows: {:?})",
                note.number.value, only_note, only_rows
            ),
            see.span.clone(),
        )
        .with_help("correct the note or the listing's Notes column with an erratum, or accept it with a reason"),
        vehicle: None,
        text: Some(format!("note {}", note.number.value)),
    });
}
