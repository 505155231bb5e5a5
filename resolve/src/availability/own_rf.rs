//! The vehicle's own RF changed by an amount for part of its use ("In the Brask Isles its RF is
//! .1 higher (1.6 maximum)", "PTS: RF +.2 (cap 1.4)"): the entries in the places a rule names
//! take the amount; for a faction, its sides get an entry of their own at the changed RF and
//! every other side keeps the RF as it was.

use qm_schema::{Availability, Period, Qualifier, Rf, Tenths, TheaterId};

use super::model::{Named, Rule};
use super::months::split_at;

/// `entries` with each own-RF rule's amount applied where (and for whom) it says.
pub fn own_rf(mut entries: Vec<Availability>, rules: &[&Rule], dates: Period) -> Vec<Availability> {
    for r in rules {
        let Rule::OwnRf {
            scope,
            delta,
            max,
            set,
        } = r
        else {
            continue;
        };
        let places: Vec<TheaterId> = scope
            .names
            .iter()
            .filter_map(|n| match &n.named {
                Some(Named::Theaters(t)) => Some(t.iter().cloned()),
                _ => None,
            })
            .flatten()
            .collect();
        let factions: Vec<String> = scope.factions().map(str::to_string).collect();
        // Names that name nothing were reported; the rule changes nothing then.
        let (Some(months), false) = (
            scope.period(dates),
            places.is_empty() && factions.is_empty(),
        ) else {
            continue;
        };
        let change = Change {
            places: &places,
            factions: &factions,
            rf: |rf: Rf| {
                if *set {
                    set_to(*delta, *max)
                } else {
                    changed(rf, *delta, *max)
                }
            },
        };
        entries = entries
            .into_iter()
            .flat_map(|a| change.apply(a, months))
            .collect();
    }
    entries
}

/// One rule's change: where (none: everywhere), for whom (none: every side), the new RF.
struct Change<'r, F: Fn(Rf) -> Rf> {
    places: &'r [TheaterId],
    factions: &'r [String],
    rf: F,
}

impl<F: Fn(Rf) -> Rf> Change<'_, F> {
    /// The entry split at the rule's months and places, the part inside changed.
    fn apply(&self, a: Availability, months: Period) -> Vec<Availability> {
        let (mut out, inside) = split_at(a, months);
        let Some(a) = inside else {
            return out;
        };
        let (inside, outside): (Vec<TheaterId>, Vec<TheaterId>) = if self.places.is_empty() {
            (a.theaters.clone(), Vec::new())
        } else {
            a.theaters
                .iter()
                .cloned()
                .partition(|t| self.places.contains(t))
        };
        if inside.is_empty() {
            out.push(a);
            return out;
        }
        if !outside.is_empty() {
            out.push(Availability {
                theaters: outside,
                ..a.clone()
            });
        }
        let rf = (self.rf)(a.rf);
        let Some((first, also)) = self.factions.split_first() else {
            out.push(Availability {
                theaters: inside,
                rf,
                ..a
            });
            return out;
        };
        // Every other side keeps the RF as it was, unless the entry is theirs alone already.
        let theirs_alone = a.qualifiers.iter().any(|q| {
            q.restricted_to()
                .is_some_and(|ids| ids.iter().all(|id| self.factions.iter().any(|f| f == id)))
        });
        if !theirs_alone {
            let mut others = Availability {
                theaters: inside.clone(),
                ..a.clone()
            };
            for f in self.factions {
                others
                    .qualifiers
                    .push(Qualifier::KeptFrom { faction: f.clone() });
            }
            out.push(others);
        }
        let kept_from_them = a.qualifiers.iter().any(|q| {
            q.kept_from()
                .is_some_and(|k| self.factions.iter().any(|f| f == k))
        });
        if !kept_from_them {
            let mut theirs = Availability {
                theaters: inside,
                rf,
                ..a
            };
            if !theirs_alone {
                theirs.qualifiers.push(Qualifier::RestrictedTo {
                    faction: first.clone(),
                    also: also.to_vec(),
                });
            }
            out.push(theirs);
        }
        out
    }
}

/// The RF a rule sets (`value` tenths), capped at `max`.
fn set_to(value: i32, max: Option<Rf>) -> Rf {
    changed(Tenths(0), value, max)
}

/// `rf` with `delta` tenths added (taken away when negative, never below 0), capped at `max`.
fn changed(rf: Rf, delta: i32, max: Option<Rf>) -> Rf {
    let value = (i64::from(rf.0) + i64::from(delta)).max(0);
    let value = Tenths(u32::try_from(value).unwrap_or(0));
    match max {
        Some(m) if value > m => m,
        _ => value,
    }
}
