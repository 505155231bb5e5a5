//! Restricted use: months in which only one faction of the nation may use a vehicle ("44-5/45
//! (1.3; Fascist use only)", "Availability in 1945 is limited to Fascist Italians only", "Only
//! the Free French may use it"), and months in which one faction may not ("Not available to
//! Rebel forces").

use qm_schema::{Availability, Period, Qualifier, RestrictedUse, TheaterId};

use super::model::Rule;
use super::months::split_at;
use crate::registry::NationTheaters;

/// Splits `entries` at the bounds of each "limited to X only" rule and marks the months inside
/// with its faction; returns the entries and, per faction, every restricted period within the
/// vehicle's `dates` (from those rules and from entries the notes mark themselves), each month
/// once.
pub fn restrict_use(
    mut entries: Vec<Availability>,
    rules: &[&Rule],
    dates: Period,
    nation: &NationTheaters,
) -> (Vec<Availability>, Vec<RestrictedUse>) {
    // Each restriction's factions (a side of any of them may use it) and months.
    let mut periods: Vec<(Vec<String>, Period)> = Vec::new();
    for r in rules {
        if let Some((ids, period)) = limited(r, dates) {
            let ids: Vec<String> = ids.iter().map(|id| id.to_string()).collect();
            let only = Qualifier::RestrictedTo {
                faction: ids[0].clone(),
                also: ids[1..].to_vec(),
            };
            entries = mark(entries, &only, period);
            periods.push((ids, period));
        }
        for (id, period, places) in kept(r, dates) {
            let from = Qualifier::KeptFrom {
                faction: id.to_string(),
            };
            entries = mark_in(entries, &from, period, &places, nation);
        }
    }
    for a in &entries {
        for ids in a.qualifiers.iter().filter_map(Qualifier::restricted_to) {
            if !periods
                .iter()
                .any(|(f, p)| *f == ids && p.covers(&a.period))
            {
                periods.push((ids.iter().map(|id| id.to_string()).collect(), a.period));
            }
        }
    }
    let mut out: Vec<RestrictedUse> = Vec::new();
    for (ids, _) in &periods {
        if out
            .iter()
            .any(|r| r.factions().eq(ids.iter().map(String::as_str)))
        {
            continue;
        }
        let own: Vec<Period> = periods
            .iter()
            .filter(|(f, _)| f == ids)
            .map(|(_, p)| *p)
            .collect();
        out.push(RestrictedUse {
            faction: ids[0].clone(),
            also: ids[1..].to_vec(),
            periods: distinct(&own, dates),
        });
    }
    (entries, out)
}

/// The factions a rule keeps the vehicle to (a side of any of them may use it), with its
/// months: "limited to X only", "Only X may use it", "X & Y only". Words naming no faction
/// of the nation were reported when they were resolved.
fn limited(rule: &Rule, dates: Period) -> Option<(Vec<&str>, Period)> {
    let (ids, period): (Vec<&str>, _) = match rule {
        Rule::RestrictedUse {
            faction, period, ..
        } => (faction.faction.as_deref().into_iter().collect(), *period),
        Rule::Limit(limit) if limit.only => (limit.factions().collect(), limit.period(dates)?),
        _ => return None,
    };
    let mut distinct: Vec<&str> = Vec::new();
    for id in ids {
        if !distinct.contains(&id) {
            distinct.push(id);
        }
    }
    (!distinct.is_empty()).then_some((distinct, period))
}

/// The factions a rule keeps the vehicle from, each with its months and the places it names
/// (none: everywhere): "Not available to Rebel forces", "The Militia did not receive it",
/// "Not used by the Militia in Korra".
fn kept(rule: &Rule, dates: Period) -> Vec<(&str, Period, Vec<TheaterId>)> {
    match rule {
        Rule::Limit(limit) if !limit.only => match limit.period(dates) {
            Some(p) => {
                let places: Vec<TheaterId> = limit.theaters().cloned().collect();
                limit.factions().map(|id| (id, p, places.clone())).collect()
            }
            None => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// [`mark`], in `places` only (none: everywhere): an entry for them and others is split, the
/// part in them marked.
fn mark_in(
    entries: Vec<Availability>,
    qualifier: &Qualifier,
    restricted: Period,
    places: &[TheaterId],
    nation: &NationTheaters,
) -> Vec<Availability> {
    if places.is_empty() {
        return mark(entries, qualifier, restricted);
    }
    let registry = nation.registry();
    let named = |t: &TheaterId| places.iter().any(|p| t == p || registry.part_of(t, p));
    let mut out = Vec::new();
    for a in entries {
        // An entry for any theater is one for each of the nation's, in the places or not.
        let theaters: Vec<TheaterId> = if a.theaters.iter().any(TheaterId::is_any) {
            nation.theaters().to_vec()
        } else {
            a.theaters.clone()
        };
        let (inside, outside): (Vec<TheaterId>, Vec<TheaterId>) =
            theaters.into_iter().partition(|t| named(t));
        if inside.is_empty() {
            out.push(a);
            continue;
        }
        // An entry for any theater becomes one per theater, as a limit of places makes them.
        if a.theaters.iter().any(TheaterId::is_any) {
            out.extend(outside.into_iter().map(|t| Availability {
                theaters: vec![t],
                ..a.clone()
            }));
        } else if !outside.is_empty() {
            out.push(Availability {
                theaters: outside,
                ..a.clone()
            });
        }
        let part = Availability {
            theaters: inside,
            ..a
        };
        out.extend(mark(vec![part], qualifier, restricted));
    }
    out
}

/// Within the vehicle's own DATES, each month once: a period another one covers is dropped.
fn distinct(periods: &[Period], dates: Period) -> Vec<Period> {
    let mut within: Vec<Period> = periods.iter().filter_map(|p| p.intersect(&dates)).collect();
    within.sort();
    within.dedup();
    let covered_by_other = |i: usize, p: &Period| {
        within
            .iter()
            .enumerate()
            .any(|(j, q)| j != i && q.covers(p) && (q != p || j < i))
    };
    within
        .iter()
        .enumerate()
        .filter(|(i, p)| !covered_by_other(*i, p))
        .map(|(_, p)| *p)
        .collect()
}

/// Splits entries at a period's bounds and marks the months inside it with `qualifier`.
fn mark(
    entries: Vec<Availability>,
    qualifier: &Qualifier,
    restricted: Period,
) -> Vec<Availability> {
    let mut out = Vec::new();
    for a in entries {
        let (outside, inside) = split_at(a, restricted);
        out.extend(outside);
        if let Some(mut marked) = inside {
            if !marked.qualifiers.contains(qualifier) {
                marked.qualifiers.push(qualifier.clone());
            }
            out.push(marked);
        }
    }
    out
}
