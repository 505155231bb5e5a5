//! Pass 3: months no rule states. "Otherwise it is X" fills every month of every theater no
//! complete schedule covers; without it, the listing's RF fills the theaters of RF-only
//! schedules and the N/R windows no entry answers for (or anywhere, when nothing is stated).

use qm_parser::{Diagnostic, TextSpan};
use qm_schema::{AvailabilityOrigin, Period, Rf, TheaterId};

use super::model::{window_of, Rule};
use super::months::gaps;
use super::stated::{no_rf, Raw, Stated, Subject};

/// Adds an entry for every uncovered stretch of months of each theater to fill.
pub fn fill_entries(s: &Subject, stated: &mut Stated, diags: &mut Vec<Diagnostic>) {
    // The first "otherwise" rule of the note sets the default.
    let default = s.rules.rules.iter().find_map(|r| match r {
        Rule::Default { rf, span, .. } => Some((*rf, span)),
        _ => None,
    });
    let mut seen = Vec::new();
    for theater in theaters_to_fill(s, stated, default.is_some()) {
        if seen.contains(&theater) {
            continue;
        }
        seen.push(theater.clone());
        fill_theater(s, theater, default, stated, diags);
    }
}

/// The theaters to fill, in order, possibly repeated.
fn theaters_to_fill(s: &Subject, stated: &Stated, has_default: bool) -> Vec<TheaterId> {
    if has_default {
        return s
            .rules
            .theaters
            .theaters()
            .iter()
            .filter(|t| !stated.complete.contains(t))
            .cloned()
            .collect();
    }
    // A place an RF sentence names and no complete schedule covers ("On the Eastern Front its
    // RF is 1.5 from 6/41 to 12/42 and 1.6 in 1943"): where the listing gives no single RF, the
    // months the sentence names are the months there; the others are not filled.
    let mut t: Vec<TheaterId> = stated
        .rf_only
        .iter()
        .filter(|t| s.listing_rf.is_some() || t.is_any() || stated.complete.contains(t))
        .cloned()
        .collect();
    let registry = s.rules.theaters.registry();
    for w in &s.rules.windows {
        // "For Tunisia they are ..." answers for North Africa too: Tunisia is part of it.
        if !stated
            .raw
            .iter()
            .any(|r| r.theater == w.theater || registry.part_of(&r.theater, &w.theater))
        {
            t.push(w.theater.clone());
        }
    }
    if stated.raw.is_empty() && s.rules.windows.is_empty() {
        t.push(TheaterId::any());
    }
    t
}

/// The months of one theater's window (within DATES) no entry covers, at the default RF or
/// else the listing's.
fn fill_theater(
    s: &Subject,
    theater: TheaterId,
    default: Option<(Rf, &TextSpan)>,
    stated: &mut Stated,
    diags: &mut Vec<Diagnostic>,
) {
    let window = window_of(&s.rules.windows, &theater).unwrap_or(s.dates);
    let Some(span) = window.intersect(&s.dates) else {
        return;
    };
    let covered: Vec<Period> = stated
        .raw
        .iter()
        .filter(|r| r.theater == theater)
        .map(|r| r.period)
        .collect();
    let missing = gaps(span, &covered);
    if missing.is_empty() {
        return;
    }
    let (rf, origin) = match (default, s.listing_rf) {
        (Some((rf, span)), _) => (
            rf,
            AvailabilityOrigin::Note {
                note: s.rules.note,
                span: s.map.provenance(span),
            },
        ),
        (None, Some(rf)) => (
            rf,
            AvailabilityOrigin::Listing {
                multi_note: s
                    .rules
                    .windows
                    .iter()
                    .find(|w| w.theater == theater)
                    .map(|w| w.letter.clone()),
                span: s.item.row().clone(),
            },
        ),
        (None, None) => {
            diags.push(no_rf(s.item, &s.rules.row));
            return;
        }
    };
    for gap in missing {
        stated.raw.push(Raw {
            theater: theater.clone(),
            period: gap,
            rf,
            qualifiers: Vec::new(),
            origin: origin.clone(),
            blame: None,
            open: false,
        });
    }
}
