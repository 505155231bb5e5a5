//! Sentences read together: a dates-only list ("Dates for use in France are 6/40, for North
//! Africa 6/40-41.") and the RF-by-period sentence right after it ("RF is 1.0 in 1940 and 1.1 in
//! 1941.") are one schedule: each dated period takes the RF of the months it shares with the
//! RF sentence's periods; dated months no RF covers keep no RF (the listing's, or
//! `notes::no-rf`), for the next RF sentence to give ("The RF is 1.2 until April 1940; in May
//! and June 1940 it is 1.3").

use qm_schema::{Period, YearMonth};

use crate::availability::model::{Entry, Schedule, When};

/// The first and last months an open end stands for until the vehicle's DATES bound it.
const EARLIEST: YearMonth = YearMonth { year: 1, month: 1 };
const LATEST: YearMonth = YearMonth {
    year: 9999,
    month: 12,
};

/// The months of a dated entry; an open end ("from July 1943 onwards") runs to the latest
/// month, which the vehicle's DATES bound later.
fn months(when: When) -> Option<Period> {
    match when {
        When::Period(p) => Some(p),
        When::From(m) => Period::new(m, LATEST),
        When::Until(m) => Period::new(EARLIEST, m),
        When::Thereafter => None,
    }
}

/// Months back as an entry's `when`: an end at the earliest or latest month is open again.
fn open(p: Period) -> When {
    match (p.from == EARLIEST, p.to == LATEST) {
        (false, true) => When::From(p.from),
        (true, false) => When::Until(p.to),
        _ => When::Period(p),
    }
}

/// `dated` with its periods cut by the RFs of `rates`.
pub fn rated(mut dated: Schedule, rates: &[&Entry]) -> Schedule {
    let mut out = Vec::new();
    for e in &dated.entries {
        // An entry a sentence before has rated keeps its RF.
        let (Some(p), None) = (months(e.when), e.rf) else {
            out.push(e.clone());
            continue;
        };
        let mut covered = Vec::new();
        let mut prev_end: Option<YearMonth> = None;
        for r in rates {
            // Open ends are bounded by the dated period itself.
            let q = match r.when {
                When::Period(q) => Some(q),
                When::From(m) => Period::new(m, p.to.max(m)),
                When::Until(m) => Period::new(p.from.min(m), m),
                When::Thereafter => prev_end.map(|end| {
                    let m = end.succ();
                    Period {
                        from: m,
                        to: p.to.max(m),
                    }
                }),
            };
            let Some(q) = q else { continue };
            prev_end = Some(q.to);
            if let Some(x) = p.intersect(&q) {
                covered.push(x);
                out.push(Entry {
                    when: open(x),
                    rf: r.rf,
                    span: r.span.clone(),
                    ..e.clone()
                });
            }
        }
        out.extend(gaps(p, covered).into_iter().map(|g| Entry {
            when: open(g),
            ..e.clone()
        }));
    }
    out.sort_by_key(|e| months(e.when).map(|p| p.from));
    dated.entries = out;
    dated
}

/// The months of `p` outside every period of `covered`.
fn gaps(p: Period, mut covered: Vec<Period>) -> Vec<Period> {
    covered.sort();
    let mut out = Vec::new();
    let mut cursor = p.from;
    for c in covered {
        if c.from > cursor {
            out.extend(Period::new(cursor, c.from.pred()));
        }
        cursor = cursor.max(c.to.succ());
    }
    out.extend(Period::new(cursor, p.to));
    out
}
