//! What the multi-applicable notes say that resolving reads, by what each note's text says and
//! never by its letter: "This vehicle was used in X at some time from A to B" opens a theater
//! window, "HEAT becomes available in ..." dates an ammunition, "If optional, the AAMG is
//! always available with a 1.4 RF" sets an optional weapon's RF. A letter means whatever its
//! nation's note says (one nation's N is a North Africa window, another's a smoke rule).

use std::collections::HashMap;

use qm_parser::{Area, ClauseKind, MultiApplicableNote, NotesDoc};
use qm_schema::{Field, NoteRef, Period, TheaterId, YearMonth};

use qm_parser::Diagnostic;

use crate::availability::model::{Rule, Window};
use crate::factions::Factions;
use crate::limit_names::resolve_limit_names;
use crate::registry::NationTheaters;
use crate::rules::translate;

/// A theater window of a multi-applicable note: for references without a mark (`None`) or
/// with the mark its sentence names ("†", "T").
type Used = (Option<String>, TheaterId, Period);

/// The readings of the multi-applicable notes, by note letter.
pub struct MultiReadings {
    /// The theater windows each note opens.
    windows: HashMap<String, Vec<Used>>,
    /// The month HEAT becomes available, for each note that says so.
    heat: HashMap<String, YearMonth>,
    /// The optional-weapon rules each note states.
    optional: HashMap<String, Vec<Rule>>,
    /// The limits and own-RF changes each note states ("Not for Free Legion use", "In the
    /// Isles the RF is .1 higher"): rules of every item that refers to it.
    rules: HashMap<String, Vec<Rule>>,
}

impl MultiReadings {
    /// Reads every multi-applicable note of the document.
    pub fn read(doc: &NotesDoc, nation: &NationTheaters) -> Self {
        let mut out = Self {
            windows: HashMap::new(),
            heat: HashMap::new(),
            optional: HashMap::new(),
            rules: HashMap::new(),
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
            let (optional, rest): (Vec<Rule>, Vec<Rule>) = translate(&note.availability, nation)
                .into_iter()
                .map(|s| s.rule)
                .partition(|r| matches!(r, Rule::Optional { .. }));
            let rules: Vec<Rule> = rest
                .into_iter()
                .filter(|r| matches!(r, Rule::Limit(_) | Rule::OwnRf { .. }))
                .collect();
            if !rules.is_empty() {
                out.rules.insert(letter.clone(), rules);
            }
            if !optional.is_empty() {
                out.optional.insert(letter, optional);
            }
        }
        out
    }

    /// The windows an item's multi-applicable references (`refs`, its Notes cell) open: a
    /// reference's marks (its dagger, its superscript letters) pick the note's sentences for
    /// those marks, a reference without a mark the note's unmarked sentence. A mark the note
    /// does not explain opens nothing (`lint_note_marks` reports it).
    pub fn windows_for(&self, refs: &[Field<NoteRef>]) -> Vec<Window> {
        let mut out = Vec::new();
        for f in refs {
            let Some(NoteRef::Multi(letter)) = &f.value else {
                continue;
            };
            let Some(list) = self.windows.get(letter) else {
                continue;
            };
            let explained: Vec<&str> = list.iter().filter_map(|(m, _, _)| m.as_deref()).collect();
            let marks = ref_marks(f.dagger, f.superscript.as_deref(), &explained);
            let wanted: Vec<Option<&str>> = if marks.is_empty() {
                vec![None]
            } else {
                marks.iter().map(|m| Some(m.as_str())).collect()
            };
            for mark in wanted {
                if let Some((_, t, p)) = list.iter().find(|(m, _, _)| m.as_deref() == mark) {
                    out.push(Window {
                        letter: letter.clone(),
                        theater: t.clone(),
                        period: *p,
                    });
                }
            }
        }
        out
    }

    /// The month HEAT becomes available and the letter of the note saying so, when one of the
    /// multi-applicable notes `refs` names does.
    pub fn heat_for(&self, refs: &[Field<NoteRef>]) -> Option<(YearMonth, String)> {
        multi_letters(refs).find_map(|l| self.heat.get(l).map(|m| (*m, l.to_string())))
    }

    /// Names what the notes' limits and own-RF changes name (the nation's factions and
    /// theaters), reporting names that name nothing, once for the note.
    pub fn resolve_names(
        &mut self,
        factions: &Factions,
        nation: &NationTheaters,
        diags: &mut Vec<Diagnostic>,
    ) {
        let mut letters: Vec<&String> = self.rules.keys().collect();
        letters.sort();
        let letters: Vec<String> = letters.into_iter().cloned().collect();
        for letter in letters {
            for rule in self.rules.get_mut(&letter).into_iter().flatten() {
                resolve_limit_names(rule, factions, nation, diags);
            }
        }
    }

    /// The limits and own-RF changes of the multi-applicable notes `refs` names, or `also`
    /// (the letters of its note's "See also" line), each note once.
    pub fn rules_for(&self, refs: &[Field<NoteRef>], also: &[String]) -> Vec<&Rule> {
        let mut letters: Vec<&str> = multi_letters(refs).collect();
        for l in also {
            if !letters.contains(&l.as_str()) {
                letters.push(l);
            }
        }
        letters
            .into_iter()
            .filter_map(|l| self.rules.get(l))
            .flatten()
            .collect()
    }

    /// The optional-weapon rules the multi-applicable notes `refs` names state.
    pub fn optional_for(&self, refs: &[Field<NoteRef>]) -> Vec<&Rule> {
        multi_letters(refs)
            .filter_map(|l| self.optional.get(l))
            .flatten()
            .collect()
    }
}

/// The letters of the multi-applicable notes a Notes cell refers to.
fn multi_letters(refs: &[Field<NoteRef>]) -> impl Iterator<Item = &str> {
    refs.iter().filter_map(|r| match &r.value {
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
            ClauseKind::UsedIn { area, period, mark } => {
                let theater = match area {
                    Area::Theaters { theaters, .. } => theaters
                        .first()
                        .and_then(|t| nation.expand_name(&t.raw).into_iter().next()),
                    _ => None,
                }?;
                Some((mark.clone(), theater, period.value.ok()?))
            }
            _ => None,
        })
        .collect()
}

/// The marks a note explains ("If the superscript “T” appears ..."), in its order.
pub fn explained_marks(note: &MultiApplicableNote) -> Vec<&str> {
    note.availability
        .iter()
        .filter_map(|c| match &c.kind {
            ClauseKind::UsedIn { mark, .. } => mark.as_deref(),
            _ => None,
        })
        .collect()
}

/// The marks printed after a reference's letter: "†" for its dagger, then its superscript —
/// whole when the note explains it as one mark ("FT"), else letter by letter ("F", "T").
pub fn ref_marks(dagger: bool, superscript: Option<&str>, explained: &[&str]) -> Vec<String> {
    let mut marks = Vec::new();
    if dagger {
        marks.push("†".to_string());
    }
    match superscript {
        Some(s) if explained.contains(&s) => marks.push(s.to_string()),
        Some(s) => marks.extend(s.chars().map(String::from)),
        None => {}
    }
    marks
}
