//! Pass 4: lints on what the notes state, before clipping: periods outside DATES, RFs outside
//! the listing's range, overlapping periods in one theater.

use qm_parser::{Diagnostic, TextSpan};
use qm_schema::{Period, RfRange};

use super::stated::Raw;
use crate::lint::Finding;
use crate::listed::Listed;
use crate::registry::NationTheaters;

/// Reports each finding once per note text and code.
struct Reporter<'a> {
    item: &'a dyn Listed,
    /// For the theaters' names.
    nation: &'a NationTheaters<'a>,
    reported: Vec<(TextSpan, &'static str)>,
    findings: &'a mut Vec<Finding>,
}

impl Reporter<'_> {
    fn report(
        &mut self,
        span: &TextSpan,
        code: &'static str,
        message: String,
        help: &str,
        text: String,
    ) {
        if self.reported.iter().any(|(s, c)| s == span && *c == code) {
            return;
        }
        self.reported.push((span.clone(), code));
        self.findings.push(Finding {
            diagnostic: Diagnostic::warning(code, message, span.clone()).with_help(help),
            vehicle: Some(self.item.name().to_string()),
            text: Some(text),
        });
    }
}

/// The lints over the entries the notes state (listing fallbacks and copies are not blamed).
pub fn lint_stated(
    v: &dyn Listed,
    raw: &[Raw],
    nation: &NationTheaters,
    findings: &mut Vec<Finding>,
) {
    let (Some(dates), Some(range)) = (v.dates_value(), v.rf_value()) else {
        return;
    };
    let mut r = Reporter {
        item: v,
        nation,
        reported: Vec::new(),
        findings,
    };
    for entry in raw {
        if let Some(span) = &entry.blame {
            outside_listing(&mut r, entry, span, dates, range);
        }
    }
    overlaps(&mut r, raw);
}

/// A period outside DATES, an RF outside the listing's range.
fn outside_listing(r: &mut Reporter, e: &Raw, span: &TextSpan, dates: Period, range: RfRange) {
    let v = r.item;
    // "in 1941", "1945 (...)": a whole year names the year, not a claim that the vehicle
    // exists in every month of it, so only a year wholly outside DATES is a finding.
    let whole_years = e.period.from.month == 1 && e.period.to.month == 12;
    if !(dates.covers(&e.period) || whole_years && dates.overlaps(&e.period)) {
        r.report(
            span,
            "lint::period-outside-dates",
            format!("{} in {} is outside {}'s listing DATES ({})", e.period, r.nation.name(&e.theater), v.name(), v.dates_raw()),
            "the months outside DATES are dropped; correct the note with an erratum or accept it with a reason",
            e.period.to_string(),
        );
    }
    if !range.contains(e.rf) {
        r.report(
            span,
            "lint::rf-outside-range",
            format!(
                "RF {} of {} ({} {}) is outside the listing's RF ({})",
                e.rf,
                v.name(),
                r.nation.name(&e.theater),
                e.period,
                v.rf_raw()
            ),
            "correct the note or the listing with an erratum, or accept it with a reason",
            e.rf.to_string(),
        );
    }
}

/// Two stated periods of one theater that overlap without being equal.
fn overlaps(r: &mut Reporter, raw: &[Raw]) {
    for (i, a) in raw.iter().enumerate() {
        let Some(span) = &a.blame else { continue };
        for b in raw[..i]
            .iter()
            .filter(|b| b.blame.is_some() && b.theater == a.theater)
        {
            if a.period.overlaps(&b.period) && a.period != b.period {
                let message = format!(
                    "{} of {} overlaps {} in {}",
                    a.period,
                    r.item.name(),
                    b.period,
                    r.nation.name(&a.theater)
                );
                r.report(
                    span,
                    "lint::overlap",
                    message,
                    "two entries cannot both hold for one month; correct one with an erratum",
                    a.period.to_string(),
                );
            }
        }
    }
}
