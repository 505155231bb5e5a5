//! Applies availability rules to one vehicle: schedules, defaults, relative rules, the N/R
//! windows, the listing fallback, clipping to the vehicle's own DATES and Fascist-only months.

use qm_parser::{Diagnostic, SourceMap, TextSpan};
use qm_schema::{
    Availability, AvailabilityOrigin, Period, Qualifier, Rf, Tenths, TheaterId, Vehicle,
};

use super::model::{Completeness, Rule, Schedule, Scope, When, Window};
use crate::lint::Finding;
use crate::registry::NationTheaters;

/// Everything the engine needs about one vehicle's notes.
pub struct VehicleRules<'a> {
    /// The note number the rules come from.
    pub note: u16,
    /// Rules that apply to this vehicle (already filtered by the vehicle they name).
    pub rules: Vec<&'a Rule>,
    /// The windows of the vehicle's multi-applicable notes.
    pub windows: Vec<Window>,
    /// The vehicle's listing row, for diagnostics about the listing's own values.
    pub row: TextSpan,
    /// The nation's theaters: what "elsewhere" and "Otherwise" cover, and their order.
    pub theaters: &'a NationTheaters<'a>,
}

/// One entry before clipping, with where it came from.
struct Raw {
    theater: TheaterId,
    period: Period,
    rf: Rf,
    qualifiers: Vec<Qualifier>,
    origin: AvailabilityOrigin,
    /// The note text to blame in lints (None for listing fallbacks).
    blame: Option<TextSpan>,
}

/// Resolves `v.availability` (and `v.fascist_only`) from its rules. `bases` looks up
/// already-resolved vehicles by the notes' wording, for relative rules.
pub fn resolve_vehicle(
    map: &SourceMap,
    v: &mut Vehicle,
    rules: &VehicleRules,
    bases: &dyn Fn(&str) -> Option<Vec<Availability>>,
    findings: &mut Vec<Finding>,
    diags: &mut Vec<Diagnostic>,
) {
    let Some(dates) = v.dates.value else { return };
    let listing_rf =
        v.rf.value
            .and_then(|r| r.second.is_none().then_some(r.first));
    let allowed: Vec<TheaterId> = if rules.windows.is_empty() {
        vec![TheaterId::any()]
    } else {
        rules.windows.iter().map(|w| w.theater.clone()).collect()
    };
    let schedules: Vec<&Schedule> = rules
        .rules
        .iter()
        .filter_map(|r| {
            if let Rule::Schedule(s) = r {
                Some(s)
            } else {
                None
            }
        })
        .collect();
    let named: Vec<TheaterId> = schedules
        .iter()
        .filter_map(|s| {
            if let Scope::Theaters(t) = &s.scope {
                Some(t.clone())
            } else {
                None
            }
        })
        .flatten()
        .collect();
    let mut raw: Vec<Raw> = Vec::new();
    let mut complete: Vec<TheaterId> = Vec::new();
    let mut rf_only: Vec<TheaterId> = Vec::new();
    for s in &schedules {
        let theaters = match &s.scope {
            Scope::Theaters(t) => t.clone(),
            Scope::Allowed => allowed.clone(),
            Scope::Elsewhere { except } => rules
                .theaters
                .theaters()
                .iter()
                .filter(|t| !named.contains(t) && !except.contains(t))
                .cloned()
                .collect(),
        };
        match s.completeness {
            Completeness::Complete => complete.extend(theaters.iter().cloned()),
            Completeness::RfOnly => rf_only.extend(theaters.iter().cloned()),
        }
        let mut prev_end = None;
        for e in &s.entries {
            let period = match e.when {
                When::Period(p) => Some(p),
                When::Thereafter => {
                    prev_end.and_then(|end: qm_schema::YearMonth| Period::new(end.succ(), dates.to))
                }
            };
            let Some(period) = period else {
                diags.push(
                    Diagnostic::error(
                        "notes::thereafter",
                        format!(
                            "failed to date \"thereafter\" for {} (no earlier period before it)",
                            v.name
                        ),
                        e.span.clone(),
                    )
                    .with_help("\"thereafter\" follows a dated entry in the same sentence"),
                );
                continue;
            };
            prev_end = Some(period.to);
            let Some(rf) = e.rf.or(listing_rf) else {
                diags.push(no_rf(v, &e.span));
                continue;
            };
            for theater in &theaters {
                raw.push(Raw {
                    theater: theater.clone(),
                    period,
                    rf,
                    qualifiers: e.qualifiers.clone(),
                    origin: AvailabilityOrigin::Note {
                        note: rules.note,
                        span: map.provenance(&e.span),
                    },
                    blame: Some(e.span.clone()),
                });
            }
        }
    }
    // Relative rules copy another vehicle's resolved entries.
    for r in &rules.rules {
        if let Rule::Relative {
            base,
            delta,
            max,
            limit,
            span,
            ..
        } = r
        {
            let Some(base_entries) = bases(base) else {
                diags.push(
                    Diagnostic::error(
                        "notes::unknown-base",
                        format!(
                            "failed to find {base}, whose RF the rule for {} is based on",
                            v.name
                        ),
                        span.clone(),
                    )
                    .with_help("the vehicle must have a listing row"),
                );
                continue;
            };
            let adjust = |rf: Rf| {
                let t = (i64::from(rf.0) + i64::from(*delta)).max(0) as u32;
                let t = Tenths(t);
                max.map_or(t, |m| t.min(m))
            };
            let origin = AvailabilityOrigin::Derived {
                note: rules.note,
                base_vehicle: base.clone(),
                span: map.provenance(span),
            };
            if limit.is_empty() {
                for b in &base_entries {
                    for theater in &b.theaters {
                        raw.push(Raw {
                            theater: theater.clone(),
                            period: b.period,
                            rf: adjust(b.rf),
                            qualifiers: b.qualifiers.clone(),
                            origin: origin.clone(),
                            blame: None,
                        });
                    }
                }
                complete.extend(base_entries.iter().flat_map(|b| b.theaters.clone()));
                continue;
            }
            for (theater, period) in limit {
                complete.push(theater.clone());
                let mut covered = Vec::new();
                for b in base_entries.iter().filter(|b| b.theaters.contains(theater)) {
                    if let Some(p) = b.period.intersect(period) {
                        covered.push(p);
                        raw.push(Raw {
                            theater: theater.clone(),
                            period: p,
                            rf: adjust(b.rf),
                            qualifiers: b.qualifiers.clone(),
                            origin: origin.clone(),
                            blame: None,
                        });
                    }
                }
                for gap in gaps(*period, &covered) {
                    diags.push(
                        Diagnostic::warning(
                            "notes::no-base-rf",
                            format!("failed to find an RF of {base} in {} {gap}, on which {}'s RF is based", rules.theaters.name(theater), v.name),
                            span.clone(),
                        )
                        .with_help("those months are left out of the availability"),
                    );
                }
            }
        }
    }
    // "Otherwise it is X" fills every month of every theater no complete schedule covers.
    let default_rf = rules.rules.iter().find_map(|r| {
        if let Rule::Default { rf, .. } = r {
            Some(*rf)
        } else {
            None
        }
    });
    let fill_theaters: Vec<TheaterId> = match default_rf {
        Some(_) => rules
            .theaters
            .theaters()
            .iter()
            .filter(|t| !complete.contains(t))
            .cloned()
            .collect(),
        None => {
            let mut t: Vec<TheaterId> = rf_only.clone();
            let registry = rules.theaters.registry();
            for w in &rules.windows {
                // "For Tunisia they are ..." answers for North Africa too: Tunisia is part of it.
                if !raw
                    .iter()
                    .any(|r| r.theater == w.theater || registry.part_of(&r.theater, &w.theater))
                {
                    t.push(w.theater.clone());
                }
            }
            if raw.is_empty() && rules.windows.is_empty() {
                t.push(TheaterId::any());
            }
            t
        }
    };
    let mut seen = Vec::new();
    for theater in fill_theaters {
        if seen.contains(&theater) {
            continue;
        }
        seen.push(theater.clone());
        let window = window_of(&rules.windows, &theater).unwrap_or(dates);
        let Some(span) = window.intersect(&dates) else {
            continue;
        };
        let covered: Vec<Period> = raw
            .iter()
            .filter(|r| r.theater == theater)
            .map(|r| r.period)
            .collect();
        let missing = gaps(span, &covered);
        if missing.is_empty() {
            continue;
        }
        let (rf, origin) = match default_rf {
            Some(rf) => (
                rf,
                rules.rules.iter().find_map(|r| match r {
                    Rule::Default { span, .. } => Some(AvailabilityOrigin::Note {
                        note: rules.note,
                        span: map.provenance(span),
                    }),
                    _ => None,
                }),
            ),
            None => match listing_rf {
                Some(rf) => (rf, None),
                None => {
                    diags.push(no_rf(v, &rules.row));
                    continue;
                }
            },
        };
        let origin = origin.unwrap_or_else(|| AvailabilityOrigin::Listing {
            multi_note: rules
                .windows
                .iter()
                .find(|w| w.theater == theater)
                .map(|w| w.letter.clone()),
            span: v.row.clone(),
        });
        for gap in missing {
            raw.push(Raw {
                theater: theater.clone(),
                period: gap,
                rf,
                qualifiers: Vec::new(),
                origin: origin.clone(),
                blame: None,
            });
        }
    }
    lint_raw(v, &raw, rules.theaters, findings);
    // Clip to the vehicle's own DATES and to the N/R windows.
    let mut out: Vec<Availability> = Vec::new();
    for r in raw {
        let mut p = r.period.intersect(&dates);
        if let (Some(w), Some(pp)) = (window_of(&rules.windows, &r.theater), p) {
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
    // Fascist-only months split entries and mark them.
    for r in &rules.rules {
        if let Rule::FascistOnly { period, .. } = r {
            out = mark_fascist(out, *period);
            v.fascist_only.push(*period);
        }
    }
    for a in &out {
        if a.qualifiers.contains(&Qualifier::FascistUseOnly)
            && !v.fascist_only.iter().any(|p| p.covers(&a.period))
        {
            v.fascist_only.push(a.period);
        }
    }
    // Within the vehicle's own DATES, each month once: a period another one covers is dropped.
    let mut fascist: Vec<Period> = v
        .fascist_only
        .iter()
        .filter_map(|p| p.intersect(&dates))
        .collect();
    fascist.sort();
    fascist.dedup();
    let covered_by_other = |i: usize, p: &Period| {
        fascist
            .iter()
            .enumerate()
            .any(|(j, q)| j != i && q.covers(p) && (q != p || j < i))
    };
    v.fascist_only = fascist
        .iter()
        .enumerate()
        .filter(|(i, p)| !covered_by_other(*i, p))
        .map(|(_, p)| *p)
        .collect();
    out.sort_by_key(|a| (theater_rank(rules.theaters, &a.theaters), a.period));
    v.availability = out;
}

fn no_rf(v: &Vehicle, span: &TextSpan) -> Diagnostic {
    Diagnostic::error(
        "notes::no-rf",
        format!(
            "failed to find an RF for {} (the listing gives a range, {}, and the note none)",
            v.name, v.rf.raw
        ),
        span.clone(),
    )
    .with_help("give the RF in the note's entry")
}

fn window_of(windows: &[Window], theater: &TheaterId) -> Option<Period> {
    windows
        .iter()
        .find(|w| w.theater == *theater)
        .map(|w| w.period)
}

/// The months of `span` no period in `covered` touches, as periods.
pub fn gaps(span: Period, covered: &[Period]) -> Vec<Period> {
    let mut out = Vec::new();
    let mut m = span.from;
    let mut start = None;
    loop {
        let inside = covered.iter().any(|p| p.contains(m));
        match (inside, start) {
            (false, None) => start = Some(m),
            (true, Some(s)) => {
                out.extend(Period::new(s, m.pred()));
                start = None;
            }
            _ => {}
        }
        if m == span.to {
            break;
        }
        m = m.succ();
    }
    if let Some(s) = start {
        out.extend(Period::new(s, span.to));
    }
    out
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

/// Entries are listed by theater in the registry's order ("Any" after every theater).
fn theater_rank(nation: &NationTheaters, ts: &[TheaterId]) -> usize {
    ts.first().map_or(usize::MAX, |t| nation.rank(t))
}

/// Lints on what the notes state, before clipping: periods outside DATES, RFs outside the
/// listing's range, overlapping periods in one theater.
fn lint_raw(v: &Vehicle, raw: &[Raw], nation: &NationTheaters, findings: &mut Vec<Finding>) {
    let (Some(dates), Some(range)) = (v.dates.value, v.rf.value) else {
        return;
    };
    let mut reported: Vec<(TextSpan, &str)> = Vec::new();
    let mut report =
        |span: &TextSpan, code: &'static str, message: String, help: String, text: String| {
            if reported.iter().any(|(s, c)| s == span && *c == code) {
                return;
            }
            reported.push((span.clone(), code));
            findings.push(Finding {
                diagnostic: Diagnostic::warning(code, message, span.clone()).with_help(help),
                vehicle: Some(v.name.clone()),
                text: Some(text),
            });
        };
    for r in raw {
        let Some(span) = &r.blame else { continue };
        // "in 1941", "1945 (...)": a whole year names the year, not a claim that the vehicle
        // exists in every month of it, so only a year wholly outside DATES is a finding.
        let whole_years = r.period.from.month == 1 && r.period.to.month == 12;
        if !(dates.covers(&r.period) || whole_years && dates.overlaps(&r.period)) {
            report(
                span,
                "lint::period-outside-dates",
                format!("{} in {} is outside {}'s listing DATES ({})", r.period, nation.name(&r.theater), v.name, v.dates.raw),
                "the months outside DATES are dropped; correct the note with an erratum or accept it with a reason".into(),
                r.period.to_string(),
            );
        }
        if !range.contains(r.rf) {
            report(
                span,
                "lint::rf-outside-range",
                format!(
                    "RF {} of {} ({} {}) is outside the listing's RF ({})",
                    r.rf,
                    v.name,
                    nation.name(&r.theater),
                    r.period,
                    v.rf.raw
                ),
                "correct the note or the listing with an erratum, or accept it with a reason"
                    .into(),
                r.rf.to_string(),
            );
        }
    }
    for (i, a) in raw.iter().enumerate() {
        let Some(span) = &a.blame else { continue };
        for b in raw[..i]
            .iter()
            .filter(|b| b.blame.is_some() && b.theater == a.theater)
        {
            if a.period.overlaps(&b.period) && a.period != b.period {
                report(
                    span,
                    "lint::overlap",
                    format!(
                        "{} of {} overlaps {} in {}",
                        a.period,
                        v.name,
                        b.period,
                        nation.name(&a.theater)
                    ),
                    "two entries cannot both hold for one month; correct one with an erratum"
                        .into(),
                    a.period.to_string(),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qm_schema::YearMonth;

    fn p(a: (u16, u8), b: (u16, u8)) -> Period {
        Period::new(
            YearMonth::new(a.0, a.1).unwrap(),
            YearMonth::new(b.0, b.1).unwrap(),
        )
        .unwrap()
    }

    #[test]
    fn gaps_are_the_uncovered_months() {
        let span = p((1940, 6), (1941, 12));
        let covered = [p((1940, 6), (1940, 12)), p((1941, 3), (1941, 4))];
        assert_eq!(
            gaps(span, &covered),
            vec![p((1941, 1), (1941, 2)), p((1941, 5), (1941, 12))]
        );
        assert_eq!(gaps(span, &[span]), vec![]);
    }
}
