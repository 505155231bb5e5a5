//! The catalogue's sentences that belong together through the resolver: a vehicle's dates per
//! place in one sentence and the RFs of its months in the next (the parser's generator,
//! `parser/tests/catalogue/together.rs`), in a note that covers a second vehicle, must give
//! that vehicle each place's months at their RFs, and the other vehicle nothing of them, with
//! no diagnostic.
//!
//! `cargo test` runs 300 cases; more by hand:
//! `PROPTEST_CASES=100000 cargo test -p qm-resolve --release --lib together_catalogue`.

use std::collections::BTreeMap;

use proptest::prelude::*;
use proptest::test_runner::Config;
use qm_schema::{Period, YearMonth};

use crate::tests::{listing, resolve, row};

// The generator's random choices, shared with the limits' catalogue test (one module).
use crate::limit_catalogue_tests::{rng, words};
#[path = "../../parser/tests/catalogue/together.rs"]
mod together;

use rng::Rng;

/// Theaters of the registry: their names as the notes print them, and their ids.
const PLACES: [(&str, &str); 3] = [
    ("North Africa", "NorthAfrica"),
    ("Russia", "Russia"),
    ("Italy", "Italy"),
];

/// "M/YY-M/YY".
fn dates_cell(p: Period) -> String {
    let yy = |m: YearMonth| format!("{}/{:02}", m.month, m.year % 100);
    format!("{}-{}", yy(p.from), yy(p.to))
}

/// Each (theater id, month) of `name` with its RF.
fn months(r: &crate::Resolved, name: &str) -> BTreeMap<(String, YearMonth), u32> {
    let v = r.nation.vehicles.iter().find(|v| v.name == name).unwrap();
    let mut out = BTreeMap::new();
    for a in &v.availability {
        let mut m = a.period.from;
        while m <= a.period.to {
            for t in &a.theaters {
                out.insert((t.to_string(), m), a.rf.0);
            }
            m = m.succ();
        }
    }
    out
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300)
}

proptest! {
    #![proptest_config(Config { cases: cases(), failure_persistence: None, ..Config::default() })]

    #[test]
    fn sentences_read_together_give_each_month_its_rf(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let s = together::split(&mut rng, PLACES.len());
        let names: Vec<&str> = PLACES.iter().map(|(n, _)| *n).collect();
        let text = together::write(&mut rng, &s, &names, true);
        let l = listing([
            row(s.name, "0.5-1.9", &dates_cell(s.dates), "1"),
            row("Bravo", "1.0", &dates_cell(s.dates), "1"),
        ]);
        let notes = format!(
            "**1. {} & Bravo:** Test vehicles.\n\n† {text}\n\n† The Bravo was used in France from {} (RF 1.0).\n",
            s.name,
            dates_cell(s.dates)
        );
        let r = resolve(&l, &notes);
        prop_assert!(r.diagnostics.is_empty(), "{}\n{:?}", text, r.diagnostics);
        let want: BTreeMap<(String, YearMonth), u32> = together::expected(&s)
            .into_iter()
            .map(|((place, m), rf)| ((PLACES[place].1.to_string(), m), rf))
            .collect();
        prop_assert_eq!(months(&r, s.name), want, "{}", text);
        prop_assert!(
            months(&r, "Bravo").keys().all(|(t, _)| t == "France"),
            "{}", text
        );
    }
}
