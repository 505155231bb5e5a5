//! Pass 5: the stated entries -> the IR's entries, within the vehicle's own DATES and its
//! theater's N/R window, in theater order.

use qm_schema::{Availability, Period, TheaterId};

use super::model::{window_of, Window};
use super::stated::Raw;
use crate::registry::NationTheaters;

/// Clips each entry to DATES and to its theater's window; an entry left without a month is
/// dropped.
pub fn clip(raw: Vec<Raw>, dates: Period, windows: &[Window]) -> Vec<Availability> {
    let mut out = Vec::new();
    for r in raw {
        let mut p = r.period.intersect(&dates);
        if let (Some(w), Some(pp)) = (window_of(windows, &r.theater), p) {
            p = pp.intersect(&w);
        }
        let Some(period) = p else { continue };
        out.push(Availability {
            theaters: vec![r.theater],
            period,
            rf: r.rf,
            qualifiers: r.qualifiers,
            origin: r.origin,
        });
    }
    out
}

/// The entries by theater (in the registry's order, "Any" after every theater), then
/// period; equal keys keep their order.
pub fn sorted(mut entries: Vec<Availability>, nation: &NationTheaters) -> Vec<Availability> {
    entries.sort_by_key(|a| (theater_rank(nation, &a.theaters), a.period));
    entries
}

fn theater_rank(nation: &NationTheaters, ts: &[TheaterId]) -> usize {
    ts.first().map_or(usize::MAX, |t| nation.rank(t))
}
