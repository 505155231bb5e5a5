//! One item's availability (a vehicle's or a gun's) from its rules, as a sequence of passes over plain data: the
//! schedules' entries, the relative rules' copies, the fill of uncovered months, the lints and
//! contradictory RFs, clipping to DATES and the N/R windows, the limits of places and months,
//! restricted-use months.

use qm_parser::{Diagnostic, SourceMap};

use super::clip::{clip, sorted};
use super::contradictions::{close_open_ends, contradictions};
use super::fill::fill_entries;
use super::limits::apply_limits;
use super::lints::lint_stated;
use super::own_rf::own_rf;
use super::relative::relative_entries;
use super::restricted::restrict_use;
use super::schedules::schedule_entries;
use super::stated::{Bases, ItemRules, Stated, Subject};
use crate::lint::Finding;
use crate::listed::Listed;

/// Resolves the item's availability (and its restricted use) from its rules. `bases` looks
/// up already-resolved items by the notes' wording, for relative rules.
pub fn resolve_item(
    map: &SourceMap,
    v: &mut dyn Listed,
    rules: &ItemRules,
    bases: &Bases,
    findings: &mut Vec<Finding>,
    diags: &mut Vec<Diagnostic>,
) {
    let Some(dates) = v.dates_value() else { return };
    let listing_rf = v.rf_value().and_then(|r| r.as_single());
    let subject = Subject {
        map,
        item: &*v,
        rules,
        dates,
        listing_rf,
    };
    let mut stated = Stated::default();
    schedule_entries(&subject, &mut stated, diags);
    close_open_ends(&mut stated.raw);
    relative_entries(&subject, bases, &mut stated, diags);
    fill_entries(&subject, &mut stated, diags);
    lint_stated(v, &stated.raw, rules.theaters, findings);
    contradictions(&subject, &stated.raw, diags);
    let entries = clip(stated.raw, dates, &rules.windows);
    let entries = apply_limits(entries, &rules.rules, dates, rules.theaters, diags);
    let (entries, restricted) = restrict_use(entries, &rules.rules, dates, rules.theaters);
    let entries = own_rf(entries, &rules.rules, dates);
    let out = v.resolved_mut();
    *out.restricted = restricted;
    *out.availability = sorted(entries, rules.theaters);
    // Kept with the IR for the rest of the run: no room to spare.
    out.availability.shrink_to_fit();
    out.restricted.shrink_to_fit();
}
