//! The catalogue's sentences that belong together (docs/notes.md): a random meaning — one
//! vehicle's dates per place and the RFs of its months — written as two or more sentences, the
//! first naming the vehicle and where and when it was used in plain words ("The Kpfw. B.1 was
//! used in X from June 1940 to May 1941", "Dates are 6/40-5/41 (X)"), the next giving the RFs
//! by period with "its" or "it" for the vehicle ("Its RF is 1.2 in 1940 and 1.4 thereafter",
//! "In 1940 its RF is 1.2; in 1941 it is 1.4"). Shared by the parser's catalogue test (the
//! clauses read back) and the resolver's (the availability, month by month).

use std::collections::BTreeMap;

use qm_schema::{Period, YearMonth};

use super::rng::Rng;
use super::words::MONTHS;

/// Vehicle names, some with full stops inside (the reader keeps them whole with a lexicon).
pub const NAMES: [&str; 5] = [
    "Kpfw. B.1",
    "Pz.Wg. 38",
    "Cam. de Mitr. CA",
    "Alpha",
    "Rook Mk II",
];

/// What the sentences mean.
#[derive(Debug, Clone)]
pub struct Split {
    /// The vehicle's DATES.
    pub dates: Period,
    /// Its name (one of [`NAMES`]).
    pub name: &'static str,
    /// Each place (an index into the caller's places) with the periods the vehicle was there.
    pub areas: Vec<(usize, Vec<Period>)>,
    /// The RF of every month of the DATES, period by period, in order.
    pub rates: Vec<(Period, u32)>,
}

fn ym(index: u32) -> YearMonth {
    YearMonth {
        year: (index / 12) as u16,
        month: (index % 12) as u8 + 1,
    }
}

fn index(m: YearMonth) -> u32 {
    u32::from(m.year) * 12 + u32::from(m.month) - 1
}

/// A random meaning over `places` places (at most 3 are used).
pub fn split(rng: &mut Rng, places: usize) -> Split {
    let start = (1936 + rng.below(6) as u32) * 12 + rng.below(12) as u32;
    let end = start + 12 + rng.below(48) as u32;
    let dates = Period::new(ym(start), ym(end)).unwrap();
    // The RFs: 1-3 periods one after another, from the first month of DATES to the last.
    let mut rates = Vec::new();
    let mut at = start;
    let count = 1 + rng.below(3);
    for k in 0..count {
        let to = if k + 1 == count {
            end
        } else {
            (at + 3 + rng.below(12) as u32).min(end)
        };
        rates.push((
            Period::new(ym(at), ym(to)).unwrap(),
            5 + rng.below(15) as u32,
        ));
        if to == end {
            break;
        }
        at = to + 1;
    }
    // Each place: one or two periods inside DATES.
    let mut order: Vec<usize> = (0..places.min(3)).collect();
    let mut areas = Vec::new();
    for _ in 0..1 + rng.below(order.len().min(2)) {
        let place = order.remove(rng.below(order.len()));
        let mut periods = Vec::new();
        let mut from = start + rng.below(4) as u32;
        for _ in 0..1 + rng.below(2) {
            if from > end {
                break;
            }
            let to = (from + rng.below(14) as u32).min(end);
            periods.push(Period::new(ym(from), ym(to)).unwrap());
            from = to + 2 + rng.below(3) as u32;
        }
        areas.push((place, periods));
    }
    Split {
        dates,
        name: NAMES[rng.below(NAMES.len())],
        areas,
        rates,
    }
}

/// The RF of each (place, month) the meaning gives.
pub fn expected(s: &Split) -> BTreeMap<(usize, YearMonth), u32> {
    let mut out = BTreeMap::new();
    for (place, periods) in &s.areas {
        for p in periods {
            for k in index(p.from)..=index(p.to) {
                let m = ym(k);
                let rf = s
                    .rates
                    .iter()
                    .find(|(q, _)| q.from <= m && m <= q.to)
                    .map(|(_, rf)| *rf)
                    .unwrap();
                out.insert((*place, m), rf);
            }
        }
    }
    out
}

/// A month: "6/40", "June 1940", "Jun. 1940".
fn month(rng: &mut Rng, m: YearMonth) -> String {
    let name = MONTHS[m.month as usize - 1];
    match rng.below(3) {
        0 => format!("{}/{:02}", m.month, m.year % 100),
        1 => format!("{name} {}", m.year),
        _ if name.len() > 4 => format!("{}. {}", &name[..3], m.year),
        _ => format!("{name} {}", m.year),
    }
}

/// A period after "from"-less words: "from June 1940 to May 1941", "6/40-5/41", "in 1941",
/// "in June 1940", "between 6/40 and 8/40".
fn period(rng: &mut Rng, p: Period) -> String {
    let whole = p.from.month == 1 && p.to.month == 12 && p.from.year == p.to.year;
    if whole && rng.chance(60) {
        return format!("in {}", p.from.year);
    }
    if p.from == p.to {
        return format!("in {}", month(rng, p.from));
    }
    if rng.chance(20) {
        // A rules lawyer's span, its months named by a day of each.
        let (a, b) = (day_month(rng, p.from), day_month(rng, p.to));
        return match rng.below(4) {
            0 => format!("for the period commencing {a} and ending {b}"),
            1 => format!("not earlier than {a} and no later than {b}"),
            2 => format!("with effect from {a} and no later than {b}"),
            _ => format!("commencing {a} and ending {b}"),
        };
    }
    let (a, b) = (month(rng, p.from), month(rng, p.to));
    match rng.below(4) {
        0 => format!("from {a} to {b}"),
        1 => format!("from {a} until {b}"),
        2 => format!("between {a} and {b}"),
        _ => format!("from {a} through {b}"),
    }
}

/// A month named by one of its days: "1 October 1936", "31st March 1941".
fn day_month(rng: &mut Rng, m: YearMonth) -> String {
    let name = MONTHS[m.month as usize - 1];
    let day = 1 + rng.below(28);
    let th = if rng.chance(30) { "th" } else { "" };
    format!("{day}{th} {name} {}", m.year)
}

/// The dates sentence: the vehicle named, each place with its periods, in a random order of
/// its pieces; `lexicon`: the reader knows the names and places (a lead-in needs no comma).
fn dates_sentence(rng: &mut Rng, s: &Split, places: &[&str], lexicon: bool) -> String {
    let subject = rng
        .pick(&["The {} was", "The {} was", "{} cars were"])
        .replace("{}", s.name);
    let verb = rng.pick(&["used", "available", "in service", "issued"]);
    if s.areas.len() == 1 && rng.chance(30) {
        // "In X, the Alpha was used from ... and from ...".
        let (place, periods) = &s.areas[0];
        let whens: Vec<String> = periods.iter().map(|p| period(rng, *p)).collect();
        let comma = if lexicon && rng.chance(50) { "" } else { "," };
        let subject = subject.replacen("The", "the", 1);
        return format!(
            "In {}{comma} {subject} {verb} {}.",
            places[*place],
            whens.join(" and ")
        );
    }
    if rng.chance(25) {
        // "Dates are 6/40-5/41 (X) and Y (7/41-12/41)": each period beside its place.
        let mut items = Vec::new();
        for (place, periods) in &s.areas {
            for p in periods {
                let when = format!("{}-{}", month(rng, p.from), month(rng, p.to));
                items.push(if rng.chance(50) {
                    format!("{when} ({})", places[*place])
                } else {
                    format!("{} ({when})", places[*place])
                });
            }
        }
        return format!("{} dates are {}.", s.name, items.join(" and "));
    }
    let place_first = rng.chance(60);
    let mut groups = Vec::new();
    for (place, periods) in &s.areas {
        let whens: Vec<String> = periods.iter().map(|p| period(rng, *p)).collect();
        let at = format!("in {}", places[*place]);
        groups.push(if place_first {
            format!("{at} {}", whens.join(" and "))
        } else {
            format!("{} {at}", whens.join(" and "))
        });
    }
    format!("{subject} {verb} {}.", groups.join(", and "))
}

/// The RF sentences: all in one ("Its RF is 1.2 in 1940, and 1.4 thereafter"), or one a
/// period led by it ("In 1940 its RF is 1.2; in 1941 it is 1.4").
fn rf_sentences(rng: &mut Rng, s: &Split) -> String {
    let rf = |t: u32| format!("{}.{}", t / 10, t % 10);
    let n = s.rates.len();
    if rng.chance(50) {
        let mut items = Vec::new();
        for (k, (p, t)) in s.rates.iter().enumerate() {
            let when = if n == 1 {
                format!("from {} on", month(rng, p.from))
            } else if k + 1 == n && rng.chance(50) {
                "thereafter".to_string()
            } else if k == 0 && rng.chance(50) {
                format!("until {}", month(rng, p.to))
            } else {
                period(rng, *p)
            };
            items.push(format!("{} {when}", rf(*t)));
        }
        return format!("Its RF is {}.", items.join(", and "));
    }
    let mut out = Vec::new();
    for (k, (p, t)) in s.rates.iter().enumerate() {
        let lead = period(rng, *p);
        let lead = lead.strip_prefix("in ").unwrap_or(&lead).to_string();
        let lead = if lead.starts_with(char::is_alphabetic)
            && !lead.starts_with(|c: char| c.is_uppercase())
        {
            // "from A to B" leads as "Between ...": write the months as a span instead.
            format!("{}-{}", month(rng, p.from), month(rng, p.to))
        } else {
            lead
        };
        let subject = if k == 0 { "its RF is" } else { "it is" };
        out.push(format!("In {lead} {subject} {}", rf(*t)));
    }
    let sep = rng.pick(&["; ", ". "]);
    let mut text = out.join(sep);
    text.push('.');
    // A sentence starts with a capital after ". ", and "in" after "; ".
    text.replace("; In ", "; in ")
}

/// The sentences of a meaning.
pub fn write(rng: &mut Rng, s: &Split, places: &[&str], lexicon: bool) -> String {
    format!(
        "{} {}",
        dates_sentence(rng, s, places, lexicon),
        rf_sentences(rng, s)
    )
}
