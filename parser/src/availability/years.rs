//! The years are the data's: after a text is read, a period naming a year outside the years
//! the nation's data holds ([`YearSpan`]) becomes a [`PrintedPeriodError::YearOutOfRange`]
//! error value. Without a span (a text read alone) every year reads.

use super::syntax::{
    AvailabilityClause, ClauseKind, EntryWhen, PrintedPeriod, PrintedPeriodError,
    WeaponAvailability, YearSpan,
};

/// Bounds every period of `clauses` by `years`.
pub(crate) fn bound(clauses: &mut [AvailabilityClause], years: YearSpan) {
    for c in clauses {
        clause(c, years);
    }
}

fn clause(c: &mut AvailabilityClause, years: YearSpan) {
    match &mut c.kind {
        ClauseKind::Schedule(s) => {
            for e in s.sections.iter_mut().flat_map(|s| &mut s.entries) {
                if let EntryWhen::Period(p) | EntryWhen::From(p) | EntryWhen::Until(p) = &mut e.when
                {
                    period(p, years);
                }
            }
        }
        ClauseKind::RestrictedUse { period: p, .. }
        | ClauseKind::AmmoFrom { month: p, .. }
        | ClauseKind::UsedIn { period: p, .. } => period(p, years),
        ClauseKind::RadioFrom { month, confirmed } => {
            period(month, years);
            if let Some(c) = confirmed {
                period(c, years);
            }
        }
        ClauseKind::OptionalWeapon(w) => {
            if let WeaponAvailability::Only { period: p, .. } = &mut w.available {
                period(p, years);
            }
        }
        ClauseKind::Limit(l) => {
            if let Some(EntryWhen::Period(p) | EntryWhen::From(p) | EntryWhen::Until(p)) =
                &mut l.when
            {
                period(p, years);
            }
        }
        ClauseKind::Otherwise { exceptions, .. } => bound(exceptions, years),
        ClauseKind::RelativeRf(_)
        | ClauseKind::OwnRf(_)
        | ClauseKind::SameWithAddedRf { .. }
        | ClauseKind::Unreadable { .. } => {}
    }
}

fn period(p: &mut PrintedPeriod, years: YearSpan) {
    if let Ok(v) = p.value {
        if !years.contains(v.from.year) || !years.contains(v.to.year) {
            p.value = Err(PrintedPeriodError::YearOutOfRange {
                years,
                from: v.from,
                to: v.to,
            });
        }
    }
}
