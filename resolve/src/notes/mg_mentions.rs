//! `lint::note-names-missing-mg`: a rule of a note a row refers to names an MG of a position
//! ("The 4-FP BMG may be scrounged", "its AAMG may fire only ...") that the row does not have
//! (neither as its MG nor in that MG column). On the published Italian listing this finds the
//! rows whose MG factors stand a column right of their headers; a sentence that names the MG
//! conditionally ("The BMG, if present, ...") or names other vehicles (of the note, or of the
//! listing and not this one) asks nothing of the row.

use std::collections::HashMap;

use qm_parser::{Diagnostic, ListingRow, NotesDoc, Paragraph, SourceMap, TextSpan};
use qm_schema::{NoteRef, Vehicle};

use super::siblings::{sentence_context, sentences, SetOf, SiblingSets};
use crate::counter_text::Named;
use crate::lint::{Finding, MgPosition};

/// The words that make a sentence's MG conditional: it names the MG only if the vehicle has
/// one.
const CONDITIONAL: &[&str] = &["if present"];

/// One sentence of a note's rules that names an MG.
struct Mention<'d> {
    /// The note ("B", "3").
    note: String,
    /// The MG named.
    position: MgPosition,
    /// The sentence, with the sentences before it that it refers back to.
    context: String,
    /// The paragraph it stands in, to point at.
    paragraph: &'d Paragraph,
    /// True for a numbered note (its siblings are its rows), false for a multi-applicable one.
    numbered: bool,
}

/// Lints every row against the MG its notes' rules name.
pub fn lint_note_mgs(
    map: &SourceMap,
    doc: &NotesDoc,
    vehicles: &[Vehicle],
    rows: &[&ListingRow],
    sets: &mut SiblingSets,
    findings: &mut Vec<Finding>,
) {
    let multi = multi_mentions(doc);
    // Each numbered note's mentions, read once (a number given twice means its first note).
    let mut numbered: HashMap<u16, Vec<Mention>> = HashMap::new();
    for note in &doc.notes {
        let n = note.number.value;
        numbered.entry(n).or_insert_with(|| {
            mentions_in(
                &n.to_string(),
                note.rules.iter().map(|r| &r.paragraph),
                true,
            )
        });
    }
    for (i, (v, row)) in vehicles.iter().zip(rows).enumerate() {
        // Each mention with the set of vehicles it is read against: its numbered note's rows,
        // or the whole listing's for a multi-applicable note.
        let mut mentions: Vec<(&Mention, SetOf)> = Vec::new();
        for r in v.values.note_refs.iter().filter_map(|r| r.value.as_ref()) {
            match r {
                NoteRef::Vehicle(n) => {
                    let Some(found) = numbered.get(n) else {
                        continue;
                    };
                    mentions.extend(found.iter().map(|m| (m, SetOf::Note(*n))));
                }
                NoteRef::Multi(l) => {
                    let found = multi.iter().filter(|m| &m.note == l);
                    mentions.extend(found.map(|m| (m, SetOf::Listing)));
                }
                // The notes grammar reads numbered and multi-applicable notes only.
                NoteRef::Decimal(_) | NoteRef::Lower(_) => {}
            }
        }
        // One finding per note and MG, however many of the note's sentences name it.
        let mut reported: Vec<(&str, MgPosition)> = Vec::new();
        for (m, set) in mentions {
            if m.position.row_has(row) || reported.contains(&(m.note.as_str(), m.position)) {
                continue;
            }
            let for_row = sets.named(set, &m.context, i) != Named::Others;
            // A sentence that names other vehicles of the listing, and not this one, is
            // about them ("exchange the L3 Lf for an L3 aa ...").
            let elsewhere = sets.named(SetOf::Listing, &m.context, i) == Named::Others;
            if for_row && !elsewhere {
                findings.push(finding(map, v, row, m));
                reported.push((m.note.as_str(), m.position));
            }
        }
    }
}

/// The MG mentions of every multi-applicable note, read once.
fn multi_mentions(doc: &NotesDoc) -> Vec<Mention<'_>> {
    doc.multi
        .iter()
        .flat_map(|m| mentions_in(m.letter.value.as_str(), m.paragraphs.iter(), false))
        .collect()
}

/// Every (sentence, MG) of the paragraphs that names an MG unconditionally.
fn mentions_in<'d>(
    note: &str,
    paragraphs: impl Iterator<Item = &'d Paragraph>,
    numbered: bool,
) -> Vec<Mention<'d>> {
    let mut out = Vec::new();
    for p in paragraphs {
        for sentence in sentences(&p.text) {
            if CONDITIONAL.iter().any(|c| sentence.contains(c)) {
                continue;
            }
            for position in MgPosition::ALL {
                if names_word(sentence, position.word()) {
                    out.push(Mention {
                        note: note.to_string(),
                        position,
                        context: sentence_context(&p.text, sentence),
                        paragraph: p,
                        numbered,
                    });
                }
            }
        }
    }
    out
}

/// True when `word` stands in `text` as a word of its own ("AAMG" is not a "BMG"... nor is
/// "BMG" inside "AAMG").
fn names_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

fn finding(map: &SourceMap, v: &Vehicle, row: &ListingRow, m: &Mention) -> Finding {
    let word = m.position.word();
    let what = if m.numbered {
        format!("note {}", m.note)
    } else {
        format!("multi-applicable note {}", m.note)
    };
    let quote: String = m.context.chars().take(90).collect();
    Finding {
        diagnostic: Diagnostic::warning(
            "lint::note-names-missing-mg",
            format!(
                "failed to find the {word} that {what} names on {} (its {} column is empty and its MA is no {word})",
                v.name,
                m.position.column()
            ),
            word_span(map, m.paragraph, &m.context, word),
        )
        .with_label(format!("{what} names the {word}"))
        .with_note(format!(
            "{} is on line {} of the listing; the note says: \"{quote}\"",
            v.name, row.line
        ))
        .with_help(
            "the row's MG factors may stand one column right of B / C / AA: move them with a \
             cell erratum in errata.toml, or accept the finding with a reason",
        ),
        vehicle: Some(v.name.clone()),
        text: Some(word.to_string()),
    }
}

/// Where the sentence's MG word is in the notes file (the paragraph when it cannot be told).
fn word_span(map: &SourceMap, p: &Paragraph, sentence: &str, word: &str) -> TextSpan {
    let head: String = sentence.chars().take(24).collect();
    for piece in &p.pieces {
        let Some(text) = map
            .get(piece.file)
            .and_then(|s| s.text.get(piece.range.clone()))
        else {
            continue;
        };
        let from = text.find(head.as_str()).unwrap_or(0);
        if let Some(i) = text[from..].find(word) {
            let start = piece.range.start + from + i;
            return TextSpan::new(piece.file, start..start + word.len());
        }
    }
    p.span.clone()
}
