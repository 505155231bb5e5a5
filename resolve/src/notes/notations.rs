//! Counter text: the front from the listing's values; the back from the quoted notations of
//! the vehicle's own note and multi-applicable notes that apply to it.

use std::collections::HashMap;

use qm_parser::{NotesDoc, NumberedNote, Paragraph, QuotedNotation, SourceMap};
use qm_schema::{CounterSide, NoteRef, Vehicle};

use super::links::NoteMembers;
use crate::counter::{
    applies, back_notations, counter_sides, NamedCache, NotationSource, Siblings,
};

/// Sets every vehicle's counter notations and the items of its two sides.
pub fn counter_text(
    map: &SourceMap,
    doc: &NotesDoc,
    vehicles: &mut [Vehicle],
    members: &NoteMembers,
    names: &[String],
) {
    // Multi-applicable notes name vehicles of the whole listing ("the L3cc").
    let everyone = Siblings::new("", names);
    let empty = Siblings::new("none", &[]);
    let mut own_siblings: HashMap<u16, Siblings> = HashMap::new();
    let mut named = NamedCache::new();
    for v in vehicles.iter_mut() {
        let own = v.note_refs.iter().find_map(|r| match r.value {
            Some(NoteRef::Vehicle(n)) => doc.note(n),
            _ => None,
        });
        let sources = notation_sources(map, doc, v, own);
        let own_text = own.map(note_text).unwrap_or_default();
        // A numbered note's vehicles are the rows referring to it.
        let siblings = own.map(|n| {
            let number = n.number.value;
            &*own_siblings.entry(number).or_insert_with(|| {
                let names: Vec<String> = members
                    .of(number)
                    .iter()
                    .map(|&k| names[k].clone())
                    .collect();
                Siblings::new(number.to_string(), &names)
            })
        });
        let picked: Vec<&NotationSource> = sources
            .iter()
            .filter(|n| {
                let sib = if n.note.parse::<u16>().is_ok() {
                    siblings.unwrap_or(&empty)
                } else {
                    &everyone
                };
                applies(n, v, sib, &mut named, &own_text)
            })
            .collect();
        v.counter.notations = back_notations(&picked);
        (v.counter.front, v.counter.back) = counter_sides(v, &v.counter.notations);
    }
}

/// The text of a note's rules, one paragraph a line.
fn note_text(n: &NumberedNote) -> String {
    n.rules
        .iter()
        .map(|r| r.paragraph.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every quoted counter notation of the vehicle's own note and its multi-applicable notes,
/// in note order, with the paragraph around each.
fn notation_sources(
    map: &SourceMap,
    doc: &NotesDoc,
    v: &Vehicle,
    own: Option<&NumberedNote>,
) -> Vec<NotationSource> {
    let mut out = Vec::new();
    if let Some(n) = own {
        let paras: Vec<&Paragraph> = n
            .rules
            .iter()
            .map(|r| &r.paragraph)
            .chain(n.history.iter())
            .collect();
        add_sources(
            map,
            &mut out,
            n.number.value.to_string(),
            &paras,
            &n.notations,
        );
    }
    for r in &v.note_refs {
        if let Some(NoteRef::Multi(l)) = &r.value {
            if let Some(m) = doc.multi_note(l) {
                let paras: Vec<&Paragraph> = m.paragraphs.iter().collect();
                add_sources(map, &mut out, l.clone(), &paras, &m.notations);
            }
        }
    }
    out
}

/// One note's notations, each with the paragraph that holds it.
fn add_sources(
    map: &SourceMap,
    out: &mut Vec<NotationSource>,
    note: String,
    paras: &[&Paragraph],
    notations: &[QuotedNotation],
) {
    for q in notations {
        let para = paras
            .iter()
            .find(|p| {
                p.span.range.start <= q.span.range.start && q.span.range.end <= p.span.range.end
            })
            .map(|p| p.text.clone())
            .unwrap_or_default();
        out.push(NotationSource {
            note: note.clone(),
            text: q.text.clone(),
            side: q.side.unwrap_or(CounterSide::Back),
            red: q.red,
            condition: q.condition.as_ref().map(|c| c.value.clone()),
            paragraph: para,
            span: map.provenance(&q.span),
        });
    }
}
