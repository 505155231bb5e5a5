//! Pass 6: "Fascist use only" months split entries and are listed once on the vehicle.

use qm_schema::{Availability, Period, Qualifier};

use super::model::Rule;
use super::months::gaps;

/// Marks the months of the rules' Fascist-only periods on the entries, and returns the
/// entries with every Fascist-only period of the vehicle (`known` plus the rules' and the
/// entries' own), within DATES, each month once.
pub fn fascist_only(
    entries: Vec<Availability>,
    rules: &[&Rule],
    known: &[Period],
    dates: Period,
) -> (Vec<Availability>, Vec<Period>) {
    let mut out = entries;
    let mut periods = known.to_vec();
    for r in rules {
        if let Rule::FascistOnly { period, .. } = r {
            out = mark_fascist(out, *period);
            periods.push(*period);
        }
    }
    for a in &out {
        if a.qualifiers.contains(&Qualifier::FascistUseOnly)
            && !periods.iter().any(|p| p.covers(&a.period))
        {
            periods.push(a.period);
        }
    }
    (out, each_month_once(&periods, dates))
}

/// Within DATES, each month once: a period another one covers is dropped.
fn each_month_once(periods: &[Period], dates: Period) -> Vec<Period> {
    let mut fascist: Vec<Period> = periods.iter().filter_map(|p| p.intersect(&dates)).collect();
    fascist.sort();
    fascist.dedup();
    let covered_by_other = |i: usize, p: &Period| {
        fascist
            .iter()
            .enumerate()
            .any(|(j, q)| j != i && q.covers(p) && (q != p || j < i))
    };
    fascist
        .iter()
        .enumerate()
        .filter(|(i, p)| !covered_by_other(*i, p))
        .map(|(_, p)| *p)
        .collect()
}

/// Splits entries at a Fascist-only period's bounds and marks the months inside it.
fn mark_fascist(entries: Vec<Availability>, fascist: Period) -> Vec<Availability> {
    let mut out = Vec::new();
    for a in entries {
        let Some(inner) = a.period.intersect(&fascist) else {
            out.push(a);
            continue;
        };
        for outer in gaps(a.period, &[inner]) {
            out.push(Availability {
                period: outer,
                ..a.clone()
            });
        }
        let mut marked = Availability {
            period: inner,
            ..a.clone()
        };
        if !marked.qualifiers.contains(&Qualifier::FascistUseOnly) {
            marked.qualifiers.push(Qualifier::FascistUseOnly);
        }
        out.push(marked);
    }
    out
}
