//! Superscripts after note references in the Notes column (`Nᵀ`, `Nᶠᵀ`): what they mean is
//! the note's to say ("If the superscript “T” appears its use in North Africa was limited to
//! Tunisia, ..."); a mark no sentence of the note explains is reported, never guessed.

use qm_parser::{Diagnostic, NotesDoc};
use qm_schema::{superscript, NoteRef};

use super::multi::{explained_marks, ref_marks};
use crate::listed::ListedRow;

/// `notes::unexplained-superscript` (error: the vehicle's availability depends on the mark)
/// for a multi-applicable reference whose superscript its note does not explain;
/// `notes::unread-superscript` (warning: kept as printed) for a superscript after a
/// numbered or lower-case note, whose meaning no grammar reads.
pub fn lint_note_marks<R: ListedRow>(
    doc: &NotesDoc,
    rows: &[R],
    names: &[String],
    diags: &mut Vec<Diagnostic>,
) {
    for (i, row) in rows.iter().enumerate() {
        for r in row.note_cells() {
            let (Some(value), Some(sup)) = (r.get(), r.superscript.as_deref()) else {
                continue;
            };
            let printed = format!("{}{}", value.label(), superscript::to_superscript(sup));
            let NoteRef::Multi(letter) = value else {
                diags.push(unread(&names[i], &printed, r.span.clone()));
                continue;
            };
            // A letter the notes lack is `notes::unknown-note`'s to report.
            let Some(note) = doc.multi_note(letter) else {
                continue;
            };
            let explained = explained_marks(note);
            let lacking: Vec<String> = ref_marks(false, Some(sup), &explained)
                .into_iter()
                .filter(|m| !explained.contains(&m.as_str()))
                .collect();
            if !lacking.is_empty() {
                diags.push(unexplained(
                    &names[i],
                    &printed,
                    letter,
                    &lacking,
                    &explained,
                    r.span.clone(),
                ));
            }
        }
    }
}

/// The error for marks note `letter` does not explain.
fn unexplained(
    name: &str,
    printed: &str,
    letter: &str,
    lacking: &[String],
    explained: &[&str],
    span: qm_parser::TextSpan,
) -> Diagnostic {
    let quoted = |marks: &mut dyn Iterator<Item = &str>| {
        marks
            .map(|m| format!("“{m}”"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let help = if explained.is_empty() {
        format!("note {letter} explains no superscript; a sentence such as \"If the superscript “{}” appears its use in ... was limited to ..., P\" says what it means", lacking[0])
    } else {
        format!(
            "note {letter} explains only {}: correct the Notes cell or the note with an erratum",
            quoted(&mut explained.iter().copied())
        )
    };
    Diagnostic::error(
        "notes::unexplained-superscript",
        format!(
            "failed to read `{printed}` of {name} (note {letter} does not say what the superscript {} means)",
            quoted(&mut lacking.iter().map(String::as_str))
        ),
        span,
    )
    .with_label("superscript not explained by the note")
    .with_help(help)
}

/// The warning for a superscript after a numbered or lower-case note reference.
fn unread(name: &str, printed: &str, span: qm_parser::TextSpan) -> Diagnostic {
    Diagnostic::warning(
        "notes::unread-superscript",
        format!(
            "failed to read the superscript of `{printed}` in {name}'s Notes (only the superscripts of multi-applicable notes are read)"
        ),
        span,
    )
    .with_label("kept as printed, not read")
    .with_help("the superscript is kept and printed as published; what it means is not applied")
}
