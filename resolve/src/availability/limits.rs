//! Pass 6: the limits of places and months ("Used only in North Africa", "Not available in
//! Russia after 6/42", "No longer used after 5/43") on the clipped entries. Within a limit's
//! months, "only" keeps an entry's theater when it is one the limit names (or a part of one),
//! narrows it to a named part, and turns an entry for any theater into one per named theater;
//! "not" drops the named theaters and their parts, and an entry for any theater becomes one for
//! each of the nation's other theaters. Without names, the months themselves are kept to or
//! kept from. Limits to a faction are `restricted`'s.

use qm_parser::{Diagnostic, TextSpan};
use qm_schema::{Availability, Period, TheaterId};

use super::model::{Limit, Rule};
use super::months::gaps;
use crate::registry::NationTheaters;

/// The entries after every place and month limit of `rules`, in rule order.
pub fn apply_limits(
    mut entries: Vec<Availability>,
    rules: &[&Rule],
    dates: Period,
    nation: &NationTheaters,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Availability> {
    for r in rules {
        let Rule::Limit(limit) = r else { continue };
        let theaters: Vec<TheaterId> = limit.theaters().cloned().collect();
        // A limit naming only factions is `restricted`'s, and so is one keeping factions from
        // some places ("Not used by the Militia in Korra"); one whose names name nothing was
        // reported and limits nothing.
        let from_factions = !limit.only && limit.factions().next().is_some();
        if (theaters.is_empty() && !limit.names.is_empty()) || from_factions {
            continue;
        }
        let Some(months) = limit.period(dates) else {
            // Months outside the vehicle's DATES: nothing of it lies inside them.
            if limit.only && limit.names.is_empty() {
                entries.clear();
            }
            continue;
        };
        let cx = Cx {
            limit,
            theaters: &theaters,
            nation,
        };
        entries = entries
            .into_iter()
            .flat_map(|a| cx.apply(a, months, diags))
            .collect();
    }
    entries
}

/// One limit as it applies.
struct Cx<'a> {
    limit: &'a Limit,
    /// The theaters it names (empty: the months alone).
    theaters: &'a [TheaterId],
    nation: &'a NationTheaters<'a>,
}

impl Cx<'_> {
    /// One entry: its months outside the limit's as they are, those inside limited.
    fn apply(
        &self,
        a: Availability,
        months: Period,
        diags: &mut Vec<Diagnostic>,
    ) -> Vec<Availability> {
        // "Used only in 1942": nothing outside the months.
        let months_only = self.limit.only && self.theaters.is_empty();
        let Some(inside) = a.period.intersect(&months) else {
            return if months_only { Vec::new() } else { vec![a] };
        };
        if months_only {
            return vec![Availability {
                period: inside,
                ..a
            }];
        }
        let theater = a.theaters.first().cloned().unwrap_or_else(TheaterId::any);
        let kept = self.theaters_kept(&theater, diags);
        // An entry the limit leaves as it is stays whole.
        if kept == [theater.clone()] {
            return vec![a];
        }
        let mut out: Vec<Availability> = gaps(a.period, &[inside])
            .into_iter()
            .map(|p| Availability {
                period: p,
                ..a.clone()
            })
            .collect();
        out.extend(kept.into_iter().map(|t| Availability {
            theaters: vec![t],
            period: inside,
            ..a.clone()
        }));
        out
    }

    /// The theaters an entry for `theater` keeps within the limit's months.
    fn theaters_kept(&self, theater: &TheaterId, diags: &mut Vec<Diagnostic>) -> Vec<TheaterId> {
        let registry = self.nation.registry();
        let named = |t: &TheaterId| {
            self.theaters
                .iter()
                .any(|x| t == x || registry.part_of(t, x))
        };
        match (self.limit.only, self.theaters.is_empty()) {
            (true, true) => vec![theater.clone()],
            (false, true) => Vec::new(),
            (true, false) if theater.is_any() => self.theaters.to_vec(),
            (true, false) if named(theater) => vec![theater.clone()],
            // "Only in Tunisia" keeps an entry for North Africa to Tunisia.
            (true, false) => self
                .theaters
                .iter()
                .filter(|x| registry.part_of(x, theater))
                .cloned()
                .collect(),
            (false, false) if theater.is_any() => {
                let left: Vec<TheaterId> = self
                    .nation
                    .theaters()
                    .iter()
                    .filter(|t| !named(t))
                    .cloned()
                    .collect();
                if left.is_empty() {
                    diags.push(no_theater_left(&self.limit.span));
                }
                left
            }
            (false, false) if named(theater) => Vec::new(),
            (false, false) => {
                if self.theaters.iter().any(|x| registry.part_of(x, theater)) {
                    diags.push(part_kept_from(self.nation, theater, &self.limit.span));
                }
                vec![theater.clone()]
            }
        }
    }
}

/// `notes::no-theater-left`: an entry for any theater, less the named ones, leaves none of the
/// nation's.
fn no_theater_left(span: &TextSpan) -> Diagnostic {
    Diagnostic::error(
        "notes::no-theater-left",
        "failed to apply the limit (the entry is for any theater, and the nation names no theater but those the limit keeps it from)",
        span.clone(),
    )
    .with_label("kept from every theater the nation names")
    .with_help("declare the nation's theaters in ob.toml (`[nation] theaters`)")
}

/// `notes::part-kept-from`: a part of a theater is kept from, but the whole's entries still
/// answer for it (the model has no whole without a part).
fn part_kept_from(nation: &NationTheaters, whole: &TheaterId, span: &TextSpan) -> Diagnostic {
    Diagnostic::warning(
        "notes::part-kept-from",
        format!(
            "the limit keeps what it names from a part of {}, whose entries still answer for that part",
            nation.name(whole)
        ),
        span.clone(),
    )
    .with_label("a part of a theater it has entries for")
    .with_help("give the whole's dates per part (\"For Tunisia they are ...\") with an erratum")
}
