//! A schedule clause ("Dates and RF for use in North Africa are 6/40-41 (1.4), ...") -> the
//! resolver's [`Schedule`]s, one per theater section.

use qm_parser::{
    EntryWhen, QualifierSyntax, Schedule as ScheduleClause, ScheduleForm, ScheduleSection, Spanned,
};
use qm_schema::{Period, TheaterId};

use crate::registry::NationTheaters;

use super::scope::{period, scope};
use crate::availability::model::{Completeness, Entry, FactionWords, Schedule, Scope, When};

/// One schedule per section of the clause, its entries in printed order; an entry whose
/// period did not parse is left out (the parser reported it).
pub fn schedules(s: &ScheduleClause, nation: &NationTheaters) -> Vec<Schedule> {
    let completeness = match s.form {
        ScheduleForm::RfByPeriod => Completeness::RfOnly,
        _ => Completeness::Complete,
    };
    let mut out: Vec<Schedule> = Vec::with_capacity(s.sections.len());
    for sec in &s.sections {
        let mut sch = schedule(sec, completeness, nation);
        // "3/41-8/42 (RF 1.2) on the Marsh Front; thereafter RF 1.4": a section that opens
        // with "thereafter" runs on from the section before it in the sentence.
        let before = out
            .last()
            .and_then(|b| b.entries.last())
            .and_then(|e| match e.when {
                When::Period(p) => Some(p.to),
                When::Until(to) => Some(to),
                When::Thereafter | When::From(_) => None,
            });
        if let (Some(first), Some(end)) = (sch.entries.first_mut(), before) {
            if first.when == When::Thereafter {
                first.when = When::From(end.succ());
            }
        }
        out.push(sch);
    }
    out
}

fn schedule(
    sec: &ScheduleSection,
    completeness: Completeness,
    nation: &NationTheaters,
) -> Schedule {
    Schedule {
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
                    EntryWhen::From(p) => When::From(period(p)?.from),
                    EntryWhen::Until(p) => When::Until(period(p)?.to),
                };
                Some(Entry {
                    when,
                    rf: e.rf.as_ref().map(|r| r.value),
                    qualifiers: Vec::new(),
                    restricted_to: e
                        .qualifiers
                        .iter()
                        .filter_map(|q| q.value.as_ref())
                        .map(|QualifierSyntax::RestrictedUse { faction }| faction_words(faction))
                        .collect(),
                    span: e.span.clone(),
                })
            })
            .collect(),
        span: sec.span.clone(),
    }
}

/// The (theater, period) pairs of a "Dates for use in ..." list, which limit the relative RF
/// rule that follows it.
pub fn dates_limits(schedules: &[Schedule]) -> Vec<(TheaterId, Period)> {
    schedules
        .iter()
        .flat_map(|sch| {
            let ts = match &sch.scope {
                Scope::Theaters(t) => t.clone(),
                _ => Vec::new(),
            };
            sch.entries.iter().flat_map(move |e| match e.when {
                When::Period(p) => ts.iter().map(|t| (t.clone(), p)).collect::<Vec<_>>(),
                When::Thereafter | When::From(_) | When::Until(_) => Vec::new(),
            })
        })
        .collect()
}

/// A faction as printed, not yet resolved against the nation's factions.
pub fn faction_words(f: &Spanned<String>) -> FactionWords {
    FactionWords {
        words: f.value.clone(),
        span: f.span.clone(),
        faction: None,
    }
}
