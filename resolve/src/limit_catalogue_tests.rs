//! The catalogue's limits through the resolver: a random limit, written in a random form of the
//! catalogue (the parser's generator, `parser/tests/catalogue/limits.rs`) after a schedule with
//! an entry restricted to a faction, must give each theater and month the availability and
//! factions the meaning gives, with no diagnostic. A misspelt faction or place, a faction the
//! vehicle is kept from, or a faction's words in lower case where names are capitalized, is an
//! error.
//!
//! `cargo test` runs 500 cases of each property; more by hand:
//! `PROPTEST_CASES=100000 cargo test -p qm-resolve --release --lib limit_catalogue`.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use proptest::test_runner::Config;
use qm_schema::{Period, YearMonth};

use crate::tests::{listing, resolve_with, row};
use crate::Resolved;

#[path = "../../parser/tests/catalogue/limits.rs"]
mod limits;
#[path = "../../parser/tests/catalogue/rng.rs"]
pub(crate) mod rng;
#[path = "../../parser/tests/catalogue/words.rs"]
pub(crate) mod words;

use limits::{LimitMeaning, Who, FACTIONS, PLACES};
use rng::Rng;

/// Each theater's months, each with the factions it is restricted to.
type ByMonth = BTreeMap<(String, YearMonth), BTreeSet<String>>;

/// The nation's `ob.toml`: the generator's factions, each with its words once.
fn ob() -> String {
    FACTIONS
        .iter()
        .map(|(id, words)| {
            format!("[[faction]]\nid = \"{id}\"\nname = \"{words}\"\nwords = [\"{words}\"]\nlines = \"1-2\"\n\n")
        })
        .collect()
}

/// "M/YY-M/YY".
fn dates_cell(p: Period) -> String {
    let yy = |m: YearMonth| format!("{}/{:02}", m.month, m.year % 100);
    format!("{}-{}", yy(p.from), yy(p.to))
}

/// Alpha's notes (a schedule, then `limit`) and a second note naming every place, so that they
/// are the nation's theaters. With `theaters`, Alpha's schedule is for North Africa (its
/// second entry restricted) and Russia, Italy and France (by name, or "elsewhere [EXC: NA in
/// Finland, NA in East Africa]"); else for any theater.
fn nation(rng: &mut Rng, dates: Period, theaters: bool, limit: &str) -> (String, ByMonth) {
    let area = theaters.then_some(PLACES[0].1);
    let (schedule, split, faction, _) = limits::restricted_schedule(rng, dates, area);
    let mut rules = schedule;
    let mut base = ByMonth::new();
    let first = if theaters { PLACES[0].0 } else { "Any" };
    each_month(dates, |m| {
        let f = (m >= split).then(|| FACTIONS[faction].0.to_string());
        base.insert((first.to_string(), m), f.into_iter().collect());
    });
    if theaters {
        // Russia, Italy and France: by name, or as "elsewhere" less the places left out.
        let (left_out, named) = (&PLACES[4..], &PLACES[1..4]);
        if rng.chance(50) {
            for (_, name, _, _) in named {
                rules.push_str(&format!(
                    " For {name} they are {} (1.2).",
                    dates_cell(dates)
                ));
            }
        } else {
            let except: Vec<String> = left_out
                .iter()
                .map(|(_, name, _, _)| format!("NA in {name}"))
                .collect();
            rules.push_str(&format!(
                " Elsewhere [EXC: {}] they are {} (1.2).",
                except.join(", "),
                dates_cell(dates)
            ));
        }
        for (id, _, _, _) in named {
            each_month(dates, |m| {
                base.insert((id.to_string(), m), BTreeSet::new());
            });
        }
    }
    let others: Vec<String> = PLACES[1..]
        .iter()
        .map(|(_, name, _, _)| format!("For {name} they are 40-45 (1.2)."))
        .collect();
    let notes = format!(
        "**1. Alpha:** A test vehicle.\n\n† {rules} {limit}\n\n**2. Bravo:** Another.\n\n† Dates and RF for use in {} are 40-45 (1.2). {}\n",
        PLACES[0].1,
        others.join(" ")
    );
    (notes, base)
}

fn each_month(p: Period, mut f: impl FnMut(YearMonth)) {
    let mut m = p.from;
    loop {
        f(m);
        if m == p.to {
            break;
        }
        m = m.succ();
    }
}

/// What the limit leaves of `base`, month by month.
fn expected(base: ByMonth, m: &LimitMeaning, dates: Period) -> ByMonth {
    let months = m.months.map_or(Some(dates), |w| w.within(dates));
    let inside = |ym: &YearMonth| months.is_some_and(|p| p.contains(*ym));
    let places: Vec<&str> = m
        .names
        .iter()
        .filter_map(|(who, _)| match who {
            Who::Place(k) => Some(PLACES[*k].0),
            Who::Faction(_) => None,
        })
        .collect();
    let mut out = ByMonth::new();
    for ((theater, ym), factions) in base {
        if !inside(&ym) {
            if !(m.only && m.names.is_empty()) {
                out.insert((theater, ym), factions);
            }
            continue;
        }
        let kept: Vec<String> = match (m.only, m.names.first().map(|n| n.0)) {
            (only, Some(Who::Faction(k))) => {
                let mut f = factions.clone();
                let id = FACTIONS[k].0;
                f.insert(if only {
                    id.to_string()
                } else {
                    format!("not {id}")
                });
                out.insert((theater, ym), f);
                continue;
            }
            (_, None) if m.only => vec![theater],
            (_, None) => Vec::new(),
            (true, _) if theater == "Any" => places.iter().map(|p| p.to_string()).collect(),
            (true, _) if places.contains(&theater.as_str()) => vec![theater],
            (true, _) => Vec::new(),
            (false, _) if theater == "Any" => PLACES
                .iter()
                .map(|p| p.0)
                .filter(|p| !places.contains(p))
                .map(str::to_string)
                .collect(),
            (false, _) if places.contains(&theater.as_str()) => Vec::new(),
            (false, _) => vec![theater],
        };
        for t in kept {
            out.insert((t, ym), factions.clone());
        }
    }
    out
}

/// Alpha's availability, month by month.
fn got(r: &Resolved) -> ByMonth {
    let mut out = ByMonth::new();
    for a in &r.nation.vehicles[0].availability {
        let factions: BTreeSet<String> = a
            .qualifiers
            .iter()
            .filter_map(|q| match (q.restricted_to(), q.kept_from()) {
                (Some(f), _) => Some(f.join(" or ")),
                (_, Some(f)) => Some(format!("not {f}")),
                _ => None,
            })
            .collect();
        each_month(a.period, |m| {
            let key = (a.theaters[0].to_string(), m);
            assert!(out.insert(key, factions.clone()).is_none(), "{m} twice");
        });
    }
    out
}

/// `words` with two letters near its end swapped ("Royalists" -> "Roaylists").
fn misspelt(words: &str) -> String {
    let mut c: Vec<char> = words.chars().collect();
    let at = c.len() - 3;
    c.swap(at, at + 1);
    c.into_iter().collect()
}

/// Resolves Alpha (DATES `dates`) with the generated notes.
fn resolve_case(dates: Period, notes: &str) -> Resolved {
    let l = listing([
        row("Alpha", "1.2-1.3", &dates_cell(dates), "1"),
        row("Bravo", "1.2", "40-45", "2"),
    ]);
    resolve_with(&l, notes, Some(&ob()))
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(500)
}

proptest! {
    #![proptest_config(Config { cases: cases(), failure_persistence: None, ..Config::default() })]

    /// Every limit of the catalogue gives each theater and month what it means.
    #[test]
    fn every_limit_resolves_to_its_meaning(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let dates = limits::dates(&mut rng);
        let theaters = rng.chance(50);
        let m = limits::limit_meaning(&mut rng, dates);
        let limit = limits::write_limit(&mut rng, &m);
        let (notes, base) = nation(&mut rng, dates, theaters, &limit);
        let r = resolve_case(dates, &notes);
        let codes: Vec<&str> = r.diagnostics.iter().map(|d| d.code).collect();
        prop_assert!(codes.is_empty(), "{}\n{:?}\n{:?}", notes, m, r.diagnostics);
        let want = expected(base, &m, dates);
        prop_assert_eq!(got(&r), want, "{}\n{:?}", notes, m);
    }

    /// A misspelt faction or place (kept to or from), or a faction's words in lower case as a
    /// sentence's name, is an error, never a reading.
    #[test]
    fn near_miss_limits_are_errors(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let dates = limits::dates(&mut rng);
        let mut m = limits::limit_meaning(&mut rng, dates);
        let faction = rng.below(FACTIONS.len());
        let words = FACTIONS[faction].1;
        let miss = rng.below(3);
        match miss {
            // "Not available to the Roaylists": misspelt below.
            0 => {
                m.only = false;
                m.names = vec![(Who::Faction(faction), misspelt(words))];
            }
            // "Only the royalists may use it".
            1 => {
                m.only = true;
                m.names = vec![(Who::Faction(faction), words.to_lowercase())];
            }
            // "Only the Roaylists may use it", "Used only in Rusisa".
            _ => {
                if m.names.is_empty() {
                    m.names = vec![(Who::Faction(faction), words.to_string())];
                    m.only = true;
                }
                let (_, w) = &mut m.names[0];
                *w = misspelt(w);
            }
        }
        let limit = limits::write_limit(&mut rng, &m);
        let theaters = rng.chance(50);
        let (notes, _) = nation(&mut rng, dates, theaters, &limit);
        let r = resolve_case(dates, &notes);
        let errors: Vec<&str> = r
            .diagnostics
            .iter()
            .filter(|d| d.severity == qm_parser::Severity::Error)
            .map(|d| d.code)
            .collect();
        prop_assert!(!errors.is_empty(), "read without an error: {}", limit);
    }
}
