//! Pass 2: relative rules ("RF is always .4 higher (1.6 maximum) than ... the L3/35") copy
//! their base vehicle's resolved entries with the RF adjusted.

use qm_parser::{Diagnostic, TextSpan};
use qm_schema::{Availability, AvailabilityOrigin, Period, Rf, Tenths, TheaterId, YearMonth};

use super::model::Rule;
use super::months::gaps;
use super::stated::{Bases, Raw, Stated, Subject};

/// One relative rule, as the pass reads it.
struct Relative<'a> {
    base: &'a str,
    delta: i32,
    max: Option<Rf>,
    limit: &'a [(TheaterId, Period)],
    months_later: u8,
    set: Option<Rf>,
    span: &'a TextSpan,
}

impl Relative<'_> {
    /// The base's period moved on by the rule's "N months later".
    fn shift(&self, p: Period) -> Period {
        let on = |mut m: YearMonth| {
            for _ in 0..self.months_later {
                m = m.succ();
            }
            m
        };
        Period::new(on(p.from), on(p.to)).unwrap_or(p)
    }

    /// The base's RF with the delta added, never below 0, capped at the maximum; the RF set
    /// in its place when one is.
    fn adjust(&self, rf: Rf) -> Rf {
        if let Some(set) = self.set {
            return set;
        }
        let t = Tenths((i64::from(rf.0) + i64::from(self.delta)).max(0) as u32);
        self.max.map_or(t, |m| t.min(m))
    }
}

/// Adds the copies every relative rule of the vehicle makes of its base's entries. The
/// bases are resolved first (see `order`); an unknown base is an error.
pub fn relative_entries(
    s: &Subject,
    bases: &Bases,
    stated: &mut Stated,
    diags: &mut Vec<Diagnostic>,
) {
    for r in &s.rules.rules {
        let Rule::Relative {
            base,
            delta,
            max,
            limit,
            months_later,
            set,
            span,
            ..
        } = r
        else {
            continue;
        };
        let rule = Relative {
            base,
            delta: *delta,
            max: *max,
            limit,
            months_later: *months_later,
            set: *set,
            span,
        };
        match bases(base) {
            Some(entries) if limit.is_empty() => copy_all(s, &rule, &entries, stated),
            Some(entries) => copy_limited(s, &rule, &entries, stated, diags),
            None => diags.push(
                Diagnostic::error(
                    "notes::unknown-base",
                    format!(
                        "failed to find {base}, whose RF the rule for {} is based on",
                        s.item.name()
                    ),
                    span.clone(),
                )
                .with_help(format!(
                    "the {} must have a listing row",
                    s.item.kind().noun()
                )),
            ),
        }
    }
}

fn origin(s: &Subject, rule: &Relative) -> AvailabilityOrigin {
    AvailabilityOrigin::Derived {
        note: s.rules.note,
        base_vehicle: rule.base.to_string(),
        span: s.map.provenance(rule.span),
    }
}

/// Every entry of the base, in every theater it names; those theaters are then complete.
fn copy_all(s: &Subject, rule: &Relative, base: &[Availability], stated: &mut Stated) {
    let origin = origin(s, rule);
    for b in base {
        for theater in &b.theaters {
            stated.raw.push(Raw {
                theater: theater.clone(),
                period: rule.shift(b.period),
                rf: rule.adjust(b.rf),
                qualifiers: b.qualifiers.clone(),
                origin: origin.clone(),
                blame: None,
                open: false,
            });
        }
    }
    stated
        .complete
        .extend(base.iter().flat_map(|b| b.theaters.clone()));
}

/// The base's entries within the rule's dates per theater ("Dates for use in France are
/// 6/40, ..."); months the base has no RF for are reported and left out.
fn copy_limited(
    s: &Subject,
    rule: &Relative,
    base: &[Availability],
    stated: &mut Stated,
    diags: &mut Vec<Diagnostic>,
) {
    let origin = origin(s, rule);
    for (theater, period) in rule.limit {
        stated.complete.push(theater.clone());
        let mut covered = Vec::new();
        // A base entry of any theater holds in this one too.
        let holds_here = |b: &&Availability| {
            b.theaters.contains(theater) || b.theaters.iter().any(TheaterId::is_any)
        };
        for b in base.iter().filter(holds_here) {
            if let Some(p) = rule.shift(b.period).intersect(period) {
                covered.push(p);
                stated.raw.push(Raw {
                    theater: theater.clone(),
                    period: p,
                    rf: rule.adjust(b.rf),
                    qualifiers: b.qualifiers.clone(),
                    origin: origin.clone(),
                    blame: None,
                    open: false,
                });
            }
        }
        for gap in gaps(*period, &covered) {
            diags.push(
                Diagnostic::warning(
                    "notes::no-base-rf",
                    format!(
                        "failed to find an RF of {} in {} {gap}, on which {}'s RF is based",
                        rule.base,
                        s.rules.theaters.name(theater),
                        s.item.name()
                    ),
                    rule.span.clone(),
                )
                .with_help("those months are left out of the availability"),
            );
        }
    }
}
