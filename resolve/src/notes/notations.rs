//! Counter text: the front from the listing's values; the back from the quoted notations of
//! the vehicle's own note and multi-applicable notes that apply to it.

use std::collections::HashMap;
use std::sync::Arc;

use qm_parser::{
    MultiApplicableNote, NotesDoc, NumberedNote, Paragraph, QuotedNotation, SourceMap,
};
use qm_schema::{CounterSide, NoteRef, Vehicle};

use rayon::prelude::*;

use super::siblings::{sentence_context, SetOf, SiblingSets};
use crate::counter_text::{applies, back_notations, counter_sides, NotationSource};

/// Sets every vehicle's counter notations and the items of its two sides.
pub fn counter_text(
    map: &SourceMap,
    doc: &NotesDoc,
    vehicles: &mut [Vehicle],
    sets: &mut SiblingSets,
) {
    // Each note's notations are read once; a vehicle picks from its notes'. (A number or
    // letter given twice means its first note, as `NotesDoc::note` has it.)
    let mut numbered: HashMap<u16, (Vec<NotationSource>, String)> = HashMap::new();
    for n in &doc.notes {
        numbered
            .entry(n.number.value)
            .or_insert_with(|| (numbered_sources(map, n), note_text(n)));
    }
    let mut multi: HashMap<&str, Vec<NotationSource>> = HashMap::new();
    for m in &doc.multi {
        multi
            .entry(m.letter.value.as_str())
            .or_insert_with(|| multi_sources(map, m));
    }
    for (i, v) in vehicles.iter_mut().enumerate() {
        let own = v.values.note_refs.iter().find_map(|r| match r.value {
            Some(NoteRef::Vehicle(n)) => numbered.get(&n).map(|own| (n, own)),
            _ => None,
        });
        let own_text = own.map_or("", |(_, (_, text))| text.as_str());
        let mut picked: Vec<&NotationSource> = Vec::new();
        // A numbered note's sentences name its own rows; a multi-applicable note's, any row
        // of the listing ("the L3cc").
        if let Some((number, (sources, _))) = own {
            for n in sources {
                let named = sets.named(SetOf::Note(number), &n.context, i);
                if applies(n, v, named, own_text) {
                    picked.push(n);
                }
            }
        }
        for r in &v.values.note_refs {
            let Some(NoteRef::Multi(l)) = &r.value else {
                continue;
            };
            for n in multi.get(l.as_str()).into_iter().flatten() {
                if applies(n, v, sets.named(SetOf::Listing, &n.context, i), own_text) {
                    picked.push(n);
                }
            }
        }
        v.counter.notations = back_notations(&picked);
    }
    // Each side is formatted from its own vehicle alone: on every core.
    vehicles.par_iter_mut().for_each(|v| {
        (v.counter.front, v.counter.back) = counter_sides(v, &v.counter.notations);
    });
}

/// The text of a note's rules, one paragraph a line.
fn note_text(n: &NumberedNote) -> String {
    n.rules
        .iter()
        .map(|r| r.paragraph.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A numbered note's quoted counter notations, with the paragraph around each.
fn numbered_sources(map: &SourceMap, n: &NumberedNote) -> Vec<NotationSource> {
    let paras: Vec<&Paragraph> = n
        .rules
        .iter()
        .map(|r| &r.paragraph)
        .chain(n.history.iter())
        .collect();
    let mut out = Vec::new();
    add_sources(
        map,
        &mut out,
        n.number.value.to_string(),
        &paras,
        &n.notations,
    );
    out
}

/// A multi-applicable note's quoted counter notations, with the paragraph around each.
fn multi_sources(map: &SourceMap, m: &MultiApplicableNote) -> Vec<NotationSource> {
    let paras: Vec<&Paragraph> = m.paragraphs.iter().collect();
    let mut out = Vec::new();
    add_sources(map, &mut out, m.letter.value.clone(), &paras, &m.notations);
    out
}

/// One note's notations, each with the paragraph that holds it. A paragraph's text, and
/// a sentence's context, is one shared value however many notations quote from it (a copy
/// each made a paragraph quoting many notations cost its length squared).
fn add_sources(
    map: &SourceMap,
    out: &mut Vec<NotationSource>,
    note: String,
    paras: &[&Paragraph],
    notations: &[QuotedNotation],
) {
    let mut shared: HashMap<usize, Arc<str>> = HashMap::new();
    let mut contexts: HashMap<(usize, String), Arc<str>> = HashMap::new();
    let mut interned: HashMap<String, Arc<str>> = HashMap::new();
    for q in notations {
        let at = paras.iter().position(|p| {
            p.span.range.start <= q.span.range.start && q.span.range.end <= p.span.range.end
        });
        let para = match at {
            Some(i) => shared
                .entry(i)
                .or_insert_with(|| Arc::from(paras[i].text.as_str()))
                .clone(),
            None => Arc::from(""),
        };
        let context = contexts
            .entry((at.unwrap_or(usize::MAX), q.text.clone()))
            .or_insert_with(|| {
                let c = sentence_context(&para, &q.text);
                interned
                    .entry(c)
                    .or_insert_with_key(|c| Arc::from(c.as_str()))
                    .clone()
            })
            .clone();
        out.push(NotationSource {
            context,
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
