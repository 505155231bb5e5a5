//! What the multi-applicable notes say that resolving reads, by what each note's text says and
//! never by its letter: "This vehicle was used in X at some time from A to B" opens a theater
//! window, "HEAT becomes available in ..." dates an ammunition, "If optional, the AAMG is
//! always available with a 1.4 RF" sets an optional weapon's RF. A letter means whatever its
//! nation's note says (one nation's N is a North Africa window, another's a smoke rule).

use std::collections::HashMap;

use qm_parser::{Area, ClauseKind, MultiApplicableNote, NotesDoc};
use qm_schema::{NoteRef, Period, TheaterId, Vehicle, YearMonth};

use crate::availability::model::{Rule, Window};
use crate::registry::NationTheaters;
use crate::rules::translate;

/// A theater window of a multi-applicable note: for references with or without its dagger.
type Used = (bool, TheaterId, Period);

/// The readings of the multi-applicable notes, by note letter.
pub struct MultiReadings {
    /// The theater windows each note opens.
    windows: HashMap<String, Vec<Used>>,
    /// The month HEAT becomes available, for each note that says so.
    heat: HashMap<String, YearMonth>,
    /// The optional-weapon rules each note states.
    optional: HashMap<String, Vec<Rule>>,
}

impl MultiReadings {
    /// Reads every multi-applicable note of the document.
    pub fn read(doc: &NotesDoc, nation: &NationTheaters) -> Self {
        let mut out = Self {
            windows: HashMap::new(),
            heat: HashMap::new(),
            optional: HashMap::new(),
        };
        for note in &doc.multi {
            let letter = note.letter.value.clone();
            let windows = used_in(note, nation);
            if !windows.is_empty() {
                out.windows.insert(letter.clone(), windows);
            }
            if let Some(month) = heat_month(note) {
                out.heat.insert(letter.clone(), month);
            }
            let optional: Vec<Rule> = translate(&note.availability, nation)
                .into_iter()
                .map(|s| s.rule)
                .filter(|r| matches!(r, Rule::Optional { .. }))
                .collect();
            if !optional.is_empty() {
                out.optional.insert(letter, optional);
            }
        }
        out
    }

    /// The windows the vehicle's multi-applicable references open (a dagger on the reference
    /// picks the note's dagger window).
    pub fn windows_for(&self, v: &Vehicle) -> Vec<Window> {
        let mut out = Vec::new();
        for f in &v.values.note_refs {
            let Some(NoteRef::Multi(letter)) = &f.value else {
                continue;
            };
            let Some(list) = self.windows.get(letter) else {
                continue;
            };
            if let Some((_, t, p)) = list.iter().find(|(dagger, _, _)| *dagger == f.dagger) {
                out.push(Window {
                    letter: letter.clone(),
                    theater: t.clone(),
                    period: *p,
                });
            }
        }
        out
    }

    /// The month HEAT becomes available and the letter of the note saying so, when one of the
    /// vehicle's multi-applicable notes does.
    pub fn heat_for(&self, v: &Vehicle) -> Option<(YearMonth, String)> {
        multi_letters(v).find_map(|l| self.heat.get(l).map(|m| (*m, l.to_string())))
    }

    /// The optional-weapon rules the vehicle's multi-applicable notes state.
    pub fn optional_for(&self, v: &Vehicle) -> Vec<&Rule> {
        multi_letters(v)
            .filter_map(|l| self.optional.get(l))
            .flatten()
            .collect()
    }
}

/// The letters of the multi-applicable notes a vehicle refers to.
fn multi_letters(v: &Vehicle) -> impl Iterator<Item = &str> {
    v.values.note_refs.iter().filter_map(|r| match &r.value {
        Some(NoteRef::Multi(l)) => Some(l.as_str()),
        _ => None,
    })
}

/// "HEAT becomes available in September 1942": the month.
fn heat_month(note: &MultiApplicableNote) -> Option<YearMonth> {
    note.availability.iter().find_map(|c| match &c.kind {
        ClauseKind::AmmoFrom { month, .. } => month.value.ok().map(|p| p.from),
        _ => None,
    })
}

/// The "used in ... at some time from 6/40 to 5/43" sentences of a note.
fn used_in(note: &MultiApplicableNote, nation: &NationTheaters) -> Vec<Used> {
    note.availability
        .iter()
        .filter_map(|c| match &c.kind {
            ClauseKind::UsedIn {
                area,
                period,
                dagger_only,
            } => {
                let theater = match area {
                    Area::Theaters { theaters, .. } => theaters
                        .first()
                        .and_then(|t| nation.expand_name(&t.raw).into_iter().next()),
                    _ => None,
                }?;
                Some((*dagger_only, theater, period.value.ok()?))
            }
            _ => None,
        })
        .collect()
}
