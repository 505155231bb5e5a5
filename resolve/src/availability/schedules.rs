//! Pass 1: the dated entries of a vehicle's schedules, for the theaters each one covers.

use qm_parser::Diagnostic;
use qm_schema::{AvailabilityOrigin, Period, TheaterId, YearMonth};

use super::model::{Completeness, Rule, Schedule, Scope, When};
use super::stated::{no_rf, Raw, Stated, Subject};

/// Adds every schedule entry, in printed order, once per theater of its schedule; records
/// which theaters the schedules cover completely and which only for their RFs.
pub fn schedule_entries(s: &Subject, stated: &mut Stated, diags: &mut Vec<Diagnostic>) {
    let schedules: Vec<&Schedule> = s
        .rules
        .rules
        .iter()
        .filter_map(|r| match r {
            Rule::Schedule(sch) => Some(sch),
            _ => None,
        })
        .collect();
    let named: Vec<TheaterId> = schedules
        .iter()
        .filter_map(|sch| match &sch.scope {
            Scope::Theaters(t) => Some(t.clone()),
            _ => None,
        })
        .flatten()
        .collect();
    let allowed = allowed(s);
    for sch in &schedules {
        let theaters = theaters_of(s, sch, &named, &allowed);
        match sch.completeness {
            Completeness::RfOnly if !restates_listing_rf(s, sch) => {
                stated.rf_only.extend(theaters.iter().cloned());
            }
            _ => stated.complete.extend(theaters.iter().cloned()),
        }
        entries(s, sch, &theaters, &mut stated.raw, diags);
    }
}

/// True when an RF-only schedule names places and closed periods and every RF it gives is
/// the listing's one RF ("RF 1.4 in Kesh and on the Marsh Front, 7/42 through 6/44" beside a
/// listing RF of 1.4†): it changes no RF, so what it says is where and when the vehicle is,
/// and the listing fills no other month there.
fn restates_listing_rf(s: &Subject, sch: &Schedule) -> bool {
    // "RF is 1.5 for 6/44-5/45 in X. Otherwise it is 1.6.": a default says what the other
    // months are.
    let default = s
        .rules
        .rules
        .iter()
        .any(|r| matches!(r, Rule::Default { .. }));
    !default
        && matches!(sch.scope, Scope::Theaters(_))
        && s.listing_rf.is_some()
        && sch.entries.iter().all(|e| {
            matches!(e.when, When::Period(_)) && e.rf.is_none_or(|rf| Some(rf) == s.listing_rf)
        })
}

/// Where a schedule naming no theater applies: the windows of the vehicle's multi-applicable
/// notes, or anywhere.
fn allowed(s: &Subject) -> Vec<TheaterId> {
    if s.rules.windows.is_empty() {
        vec![TheaterId::any()]
    } else {
        s.rules.windows.iter().map(|w| w.theater.clone()).collect()
    }
}

/// The theaters of a schedule; "elsewhere" is every theater of the nation no other schedule
/// of the vehicle names, minus its exceptions.
fn theaters_of(
    s: &Subject,
    sch: &Schedule,
    named: &[TheaterId],
    allowed: &[TheaterId],
) -> Vec<TheaterId> {
    match &sch.scope {
        Scope::Theaters(t) => t.clone(),
        Scope::Allowed => allowed.to_vec(),
        Scope::Elsewhere { except } => s
            .rules
            .theaters
            .theaters()
            .iter()
            .filter(|t| !named.contains(t) && !except.contains(t))
            .cloned()
            .collect(),
    }
}

/// One schedule's entries: "thereafter" runs from the month after the previous entry to the
/// end of DATES; an entry without an RF takes the listing's.
fn entries(
    s: &Subject,
    sch: &Schedule,
    theaters: &[TheaterId],
    raw: &mut Vec<Raw>,
    diags: &mut Vec<Diagnostic>,
) {
    let mut prev_end: Option<YearMonth> = None;
    for (k, e) in sch.entries.iter().enumerate() {
        // "1.2 from January '42 on, and 1.0 from 1944 until August 1945": an open end runs
        // until the next entry of its own list that starts later.
        let next = sch.entries[k + 1..].iter().find_map(|n| match n.when {
            When::Period(p) => Some(p.from),
            When::From(f) => Some(f),
            _ => None,
        });
        let period = match e.when {
            When::Period(p) => Some(p),
            When::Thereafter => prev_end.and_then(|end| Period::new(end.succ(), s.dates.to)),
            When::From(from) if next.is_some_and(|n| n > from) => {
                Period::new(from, next.map_or(from, YearMonth::pred))
            }
            // Past the vehicle's dates it is one month, which clipping to DATES then drops.
            When::From(from) => Period::new(from, s.dates.to.max(from)),
            When::Until(to) => Period::new(s.dates.from.min(to), to),
        };
        let Some(period) = period else {
            diags.push(
                Diagnostic::error(
                    "notes::thereafter",
                    format!(
                        "failed to date \"thereafter\" for {} (no earlier period before it)",
                        s.item.name()
                    ),
                    e.span.clone(),
                )
                .with_help("\"thereafter\" follows a dated entry in the same sentence"),
            );
            continue;
        };
        prev_end = Some(period.to);
        // An open end past the vehicle's DATES ("from 1946" left of a list read together) is
        // no month of the vehicle's: clipping drops it, with or without an RF.
        let past = match e.when {
            When::From(from) => from > s.dates.to,
            When::Until(to) => to < s.dates.from,
            _ => false,
        };
        if past && e.rf.is_none() {
            continue;
        }
        let Some(rf) = e.rf.or(s.listing_rf) else {
            diags.push(no_rf(s.item, &e.span));
            continue;
        };
        for theater in theaters {
            raw.push(Raw {
                theater: theater.clone(),
                period,
                rf,
                qualifiers: e.qualifiers.clone(),
                origin: AvailabilityOrigin::Note {
                    note: s.rules.note,
                    span: s.map.provenance(&e.span),
                },
                blame: Some(e.span.clone()),
                open: matches!(e.when, When::From(_)) && next.is_none_or(|n| n <= period.from),
            });
        }
    }
}
