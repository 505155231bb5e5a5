//! Pass 5: the stated entries -> the IR's entries, within the vehicle's own DATES and its
//! theater's N/R window, in theater order.

use qm_schema::{Availability, Period, Theater};

use super::model::{window_of, Window};
use super::stated::Raw;

/// Clips each entry to DATES and to its theater's window; an entry left without a month is
/// dropped.
pub fn clip(raw: Vec<Raw>, dates: Period, windows: &[Window]) -> Vec<Availability> {
    let mut out = Vec::new();
    for r in raw {
        let mut p = r.period.intersect(&dates);
        if let (Some(w), Some(pp)) = (window_of(windows, r.theater), p) {
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

/// The entries by theater (in [`Theater::ALL`] order), then period; equal keys keep their
/// order.
pub fn sorted(mut entries: Vec<Availability>) -> Vec<Availability> {
    entries.sort_by_key(|a| (theater_rank(&a.theaters), a.period));
    entries
}

fn theater_rank(ts: &[Theater]) -> usize {
    ts.first()
        .and_then(|t| Theater::ALL.iter().position(|x| x == t))
        .unwrap_or(usize::MAX)
}
