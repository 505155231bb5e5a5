//! What the multi-applicable notes say that resolving reads: N's and R's theater windows, H's
//! HEAT month and C's optional-AAMG rule, each from the note's own text.

use qm_parser::{Area, ClauseKind, MultiApplicableNote, NotesDoc};
use qm_schema::{NoteRef, Period, Theater, Vehicle, YearMonth};

use crate::availability::model::Window;
use crate::rules::{translate, ScopedRule};

/// A theater window of a multi-applicable note: for rows with or without its dagger.
type Used = (bool, Theater, Period);

/// The readings of the multi-applicable notes.
pub struct MultiReadings {
    /// N: North Africa 6/40-5/43 (with its dagger: Tunisia 11/42-5/43).
    windows_n: Vec<Used>,
    /// R: Russia 8/41-3/43.
    windows_r: Vec<Used>,
    /// H: the month HEAT becomes available.
    pub heat: Option<YearMonth>,
    /// C: "If optional, the AAMG is always available with a 1.4 RF."
    pub c_optional: Vec<ScopedRule>,
}

impl MultiReadings {
    /// Reads notes N, R, H and C of the document.
    pub fn read(doc: &NotesDoc) -> Self {
        let heat = doc.multi_note("H").and_then(|h| {
            h.availability.iter().find_map(|c| match &c.kind {
                ClauseKind::AmmoFrom { month, .. } => month.value.ok().map(|p| p.from),
                _ => None,
            })
        });
        Self {
            windows_n: used_in(doc.multi_note("N")),
            windows_r: used_in(doc.multi_note("R")),
            heat,
            c_optional: doc
                .multi_note("C")
                .map(|c| translate(&c.availability))
                .unwrap_or_default(),
        }
    }

    /// The windows the vehicle's N and R references open (a dagger on the reference picks the
    /// dagger's window).
    pub fn windows_for(&self, v: &Vehicle) -> Vec<Window> {
        let mut out = Vec::new();
        for f in &v.note_refs {
            let (letter, list) = match &f.value {
                Some(NoteRef::Multi(l)) if l == "N" => ("N", &self.windows_n),
                Some(NoteRef::Multi(l)) if l == "R" => ("R", &self.windows_r),
                _ => continue,
            };
            if let Some((_, t, p)) = list.iter().find(|(dagger, _, _)| *dagger == f.dagger) {
                out.push(Window {
                    letter: letter.to_string(),
                    theater: *t,
                    period: *p,
                });
            }
        }
        out
    }
}

/// The "used in ... at some time from 6/40 to 5/43" sentences of a note.
fn used_in(note: Option<&MultiApplicableNote>) -> Vec<Used> {
    let Some(note) = note else { return Vec::new() };
    note.availability
        .iter()
        .filter_map(|c| match &c.kind {
            ClauseKind::UsedIn {
                area,
                period,
                dagger_only,
            } => {
                let theater = match area {
                    Area::Theaters { theaters, .. } => theaters.first().and_then(|t| t.theater),
                    _ => None,
                }?;
                Some((*dagger_only, theater, period.value.ok()?))
            }
            _ => None,
        })
        .collect()
}
