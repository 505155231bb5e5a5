//! The notes parser's availability clauses -> the resolver's [`Rule`]s, each scoped to the
//! vehicles (by the notes' wording) it names.

use qm_parser::{
    AvailabilityClause, ClauseKind, EntryWhen, PrintedPeriod, ScheduleForm, TextSpan,
    TheaterException, TheaterRef, WeaponAvailability,
};
use qm_schema::{Period, TheaterId};

use crate::availability::model::{Completeness, Entry, Rule, Schedule, Scope, When};
use crate::registry::NationTheaters;

/// A rule and the vehicles it is restricted to, as the note words them (empty: every vehicle
/// the note covers).
#[derive(Debug, Clone)]
pub struct ScopedRule {
    /// The rule.
    pub rule: Rule,
    /// The vehicle names the sentence restricts it to.
    pub only: Vec<String>,
    /// The sentence, for diagnostics about the restriction.
    pub span: TextSpan,
}

/// A "Dates for use in ..." list waiting for the relative RF rule that follows it: the
/// (theater, period) limits, the vehicles named, the sentence, and the list as schedules.
type PendingDates = (
    Vec<(TheaterId, Period)>,
    Vec<String>,
    TextSpan,
    Vec<Schedule>,
);

/// The theaters the notes' names stand for: a group ("the ETO") its members the nation fought
/// in (see [`NationTheaters::expand`]); an unknown name nothing (reported elsewhere).
fn theaters(refs: &[TheaterRef], nation: &NationTheaters) -> Vec<TheaterId> {
    refs.iter()
        .flat_map(|r| nation.expand_name(&r.raw))
        .collect()
}

/// What "[EXC: ...]" excludes: each name's theaters and the theaters inside them (the
/// Balkans exclude Yugoslavia).
fn exceptions(except: &[TheaterException], nation: &NationTheaters) -> Vec<TheaterId> {
    except
        .iter()
        .flat_map(|e| nation.excluded(&e.theater.raw))
        .collect()
}

fn scope(area: &qm_parser::Area, nation: &NationTheaters) -> Scope {
    match area {
        qm_parser::Area::Anywhere => Scope::Allowed,
        qm_parser::Area::Theaters {
            theaters: t,
            except,
        } => {
            let ex = exceptions(except, nation);
            Scope::Theaters(
                theaters(t, nation)
                    .into_iter()
                    .filter(|t| !ex.contains(t))
                    .collect(),
            )
        }
        qm_parser::Area::Elsewhere { except } => Scope::Elsewhere {
            except: exceptions(except, nation),
        },
    }
}

fn period(p: &PrintedPeriod) -> Option<Period> {
    p.value.ok()
}

/// Translates the clauses of one rule paragraph, in order. A "Dates for use in ..." list
/// followed by a relative RF rule limits that rule; "the same, but with .1 added" copies the
/// vehicle the previous sentence named.
pub fn translate(clauses: &[AvailabilityClause], nation: &NationTheaters) -> Vec<ScopedRule> {
    let mut out = Vec::new();
    let mut pending_dates: Option<PendingDates> = None;
    let mut last_named: Vec<String> = Vec::new();
    for c in clauses {
        let only: Vec<String> = c.vehicles.iter().map(|v| v.raw.clone()).collect();
        match &c.kind {
            ClauseKind::Schedule(s) => {
                let completeness = match s.form {
                    ScheduleForm::RfByPeriod => Completeness::RfOnly,
                    _ => Completeness::Complete,
                };
                let schedules: Vec<Schedule> = s
                    .sections
                    .iter()
                    .map(|sec| Schedule {
                        vehicle: None,
                        scope: scope(&sec.area, nation),
                        completeness,
                        entries: sec
                            .entries
                            .iter()
                            .filter_map(|e| {
                                let when = match &e.when {
                                    EntryWhen::Period(p) => When::Period(period(p)?),
                                    EntryWhen::Thereafter(_) => When::Thereafter,
                                };
                                Some(Entry {
                                    when,
                                    rf: e.rf.as_ref().map(|r| r.value),
                                    qualifiers: e
                                        .qualifiers
                                        .iter()
                                        .filter_map(|q| q.value.clone())
                                        .collect(),
                                    span: e.span.clone(),
                                })
                            })
                            .collect(),
                        span: sec.span.clone(),
                    })
                    .collect();
                if s.form == ScheduleForm::DatesOnly {
                    let limit = schedules
                        .iter()
                        .flat_map(|sch| {
                            let ts = match &sch.scope {
                                Scope::Theaters(t) => t.clone(),
                                _ => Vec::new(),
                            };
                            sch.entries.iter().flat_map(move |e| match e.when {
                                When::Period(p) => {
                                    ts.iter().map(|t| (t.clone(), p)).collect::<Vec<_>>()
                                }
                                When::Thereafter => Vec::new(),
                            })
                        })
                        .collect();
                    flush_dates(&mut out, pending_dates.take());
                    pending_dates = Some((limit, only.clone(), c.span.clone(), schedules));
                } else {
                    flush_dates(&mut out, pending_dates.take());
                    for sch in schedules {
                        out.push(ScopedRule {
                            rule: Rule::Schedule(sch),
                            only: only.clone(),
                            span: c.span.clone(),
                        });
                    }
                }
            }
            ClauseKind::RelativeRf(r) => {
                let (limit, targets) = match pending_dates.take() {
                    Some((limit, names, _, _)) => (
                        limit,
                        if names.is_empty() {
                            only.clone()
                        } else {
                            names
                        },
                    ),
                    None => (Vec::new(), only.clone()),
                };
                out.push(ScopedRule {
                    rule: Rule::Relative {
                        targets: (!targets.is_empty()).then(|| targets.clone()),
                        base: r.base_vehicle.raw.clone(),
                        delta: r.delta.value.0 as i32,
                        max: r.max.as_ref().map(|m| m.value),
                        limit,
                        span: c.span.clone(),
                    },
                    only: targets,
                    span: c.span.clone(),
                });
            }
            ClauseKind::SameWithAddedRf { added } => {
                flush_dates(&mut out, pending_dates.take());
                if let Some(base) = last_named.first() {
                    out.push(ScopedRule {
                        rule: Rule::Relative {
                            targets: (!only.is_empty()).then(|| only.clone()),
                            base: base.clone(),
                            delta: added.value.0 as i32,
                            max: None,
                            limit: Vec::new(),
                            span: c.span.clone(),
                        },
                        only: only.clone(),
                        span: c.span.clone(),
                    });
                }
            }
            ClauseKind::FascistOnly { period: p } => {
                flush_dates(&mut out, pending_dates.take());
                if let Some(p) = period(p) {
                    out.push(ScopedRule {
                        rule: Rule::FascistOnly {
                            vehicle: None,
                            period: p,
                            span: c.span.clone(),
                        },
                        only: only.clone(),
                        span: c.span.clone(),
                    });
                }
            }
            ClauseKind::Otherwise { rf, exceptions } => {
                flush_dates(&mut out, pending_dates.take());
                out.push(ScopedRule {
                    rule: Rule::Default {
                        vehicle: None,
                        rf: rf.value,
                        span: c.span.clone(),
                    },
                    only: only.clone(),
                    span: c.span.clone(),
                });
                out.extend(translate(exceptions, nation));
            }
            ClauseKind::RadioFrom { month, .. } => {
                flush_dates(&mut out, pending_dates.take());
                if let Some(p) = period(month) {
                    out.push(ScopedRule {
                        rule: Rule::RadioFrom {
                            vehicle: None,
                            month: p.from,
                            span: c.span.clone(),
                        },
                        only: only.clone(),
                        span: c.span.clone(),
                    });
                }
            }
            ClauseKind::OptionalWeapon(o) => {
                flush_dates(&mut out, pending_dates.take());
                let (always, theaters, when) = match &o.available {
                    WeaponAvailability::Always => (true, Vec::new(), None),
                    WeaponAvailability::Only { period: p, area } => {
                        let t = match scope(area, nation) {
                            Scope::Theaters(t) => t,
                            _ => Vec::new(),
                        };
                        (false, t, period(p))
                    }
                };
                out.push(ScopedRule {
                    rule: Rule::Optional {
                        vehicle: None,
                        weapon: o.weapon.value.clone(),
                        rf: o.rf.value,
                        always,
                        theaters,
                        period: when,
                        span: c.span.clone(),
                    },
                    only: only.clone(),
                    span: c.span.clone(),
                });
            }
            ClauseKind::AmmoFrom { .. }
            | ClauseKind::UsedIn { .. }
            | ClauseKind::Unreadable { .. } => {}
        }
        if !only.is_empty() {
            last_named = only;
        }
    }
    flush_dates(&mut out, pending_dates.take());
    out
}

/// A "Dates for use in ..." list no relative rule consumed stands as a schedule with the
/// listing's RF.
fn flush_dates(out: &mut Vec<ScopedRule>, pending: Option<PendingDates>) {
    if let Some((_, only, span, schedules)) = pending {
        for sch in schedules {
            out.push(ScopedRule {
                rule: Rule::Schedule(sch),
                only: only.clone(),
                span: span.clone(),
            });
        }
    }
}
