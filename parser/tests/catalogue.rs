//! The catalogue's generator (README, "How the notes are read"): a random availability meaning
//! (a vehicle's DATES, areas, periods with RFs) is written out as English sentences, each part
//! in a form chosen from the catalogue, and reading them back must give the meaning, month by
//! month, without a diagnostic. Near misses (a misspelt month, an RF left out, two RFs for one
//! period) must be errors. Sentences that belong together (a vehicle's dates per place in one,
//! the RFs of its months in the next, "its"/"it" for the vehicle) read back too, and so does a
//! meaning written as a Markdown table.
//!
//! `cargo test` runs 2,000 cases of each property; more by hand:
//! `PROPTEST_CASES=1000000 cargo test -p qm-parser --release --test catalogue`.

use std::collections::BTreeMap;

use proptest::prelude::*;
use proptest::test_runner::Config;
use qm_parser::{parse_availability, Area, ClauseKind, EntryWhen, FileId, Severity};
use qm_schema::{Period, YearMonth};

#[path = "catalogue/extras.rs"]
mod extras;
#[path = "catalogue/limits.rs"]
mod limits;
#[path = "catalogue/places.rs"]
mod places;
#[path = "catalogue/relative.rs"]
mod relative;
#[path = "catalogue/rng.rs"]
mod rng;
#[path = "catalogue/subjects.rs"]
mod subjects;
#[path = "catalogue/tables.rs"]
mod tables;
#[path = "catalogue/together.rs"]
mod together;
#[path = "catalogue/words.rs"]
mod words;

use rng::Rng;
use words::MONTHS;

/// Made-up theater names: the reader knows no theater, so any name reads.
const AREAS: [&str; 5] = [
    "Ruritania",
    "the Northern Waste",
    "Syldavia",
    "Graustark",
    "Upper Freedonia",
];

/// One area's periods with their RFs (`None`: anywhere).
type Section = (Option<&'static str>, Vec<(Period, u32)>);

/// What the sentences mean: per area, the RF of each month.
#[derive(Debug, Clone)]
struct Meaning {
    dates: Period,
    sections: Vec<Section>,
}

fn ym(index: u32) -> YearMonth {
    YearMonth {
        year: (index / 12) as u16,
        month: (index % 12) as u8 + 1,
    }
}

fn meaning(rng: &mut Rng) -> Meaning {
    // Any years: the reader knows no war (the Spanish Civil War, Korea).
    let start = (1930 + rng.below(25) as u32) * 12 + rng.below(12) as u32;
    let end = start + 6 + rng.below(60) as u32;
    let dates = Period::new(ym(start), ym(end)).unwrap();
    let sections = 1 + rng.below(3);
    let mut areas: Vec<&'static str> = AREAS.to_vec();
    let mut out = Vec::new();
    for _ in 0..sections {
        let area = if sections == 1 && rng.chance(30) {
            None
        } else {
            Some(areas.remove(rng.below(areas.len())))
        };
        out.push((area, entries(rng, start, end)));
    }
    Meaning {
        dates,
        sections: out,
    }
}

/// 1-5 periods in order inside the DATES, with gaps of 0-2 months, each with an RF.
fn entries(rng: &mut Rng, start: u32, end: u32) -> Vec<(Period, u32)> {
    let count = 1 + rng.below(5);
    let mut at = start
        + if rng.chance(50) {
            0
        } else {
            rng.below(3) as u32
        };
    let mut out = Vec::new();
    for _ in 0..count {
        if at > end {
            break;
        }
        let len = rng.below(14) as u32;
        let to = (at + len).min(end);
        let last = if rng.chance(30) { end } else { to };
        let rf = 5 + rng.below(15) as u32;
        out.push((Period::new(ym(at), ym(last)).unwrap(), rf));
        if last == end {
            break;
        }
        at = last
            + 1
            + if rng.chance(60) {
                0
            } else {
                rng.below(3) as u32
            };
    }
    out
}

fn yy(year: u16) -> String {
    format!("{:02}", year % 100)
}

/// A two-digit year reads as 19xx: only those years may be written with two digits.
fn short_ok(year: u16) -> bool {
    (1900..2000).contains(&year)
}

/// One month in a form of the catalogue.
fn month_form(rng: &mut Rng, m: YearMonth) -> String {
    let name = MONTHS[m.month as usize - 1];
    let short = if name == "September" && rng.chance(50) {
        "Sept"
    } else {
        &name[..3]
    };
    let dot = if short.len() < name.len() && rng.chance(50) {
        "."
    } else {
        ""
    };
    let y = m.year;
    let two = short_ok(y);
    match rng.below(7) {
        // A year's edge names its first or last month.
        6 if m.month == 12 => format!("the end of {y}"),
        6 if m.month == 1 => format!("the beginning of {y}"),
        0 if two => format!("{}/{}", m.month, yy(y)),
        1 => format!("{}/{y}", m.month),
        2 => format!("{name} {y}"),
        3 if two => format!("{short}{dot} {}", yy(y)),
        4 if two => format!("{name} '{}", yy(y)),
        _ => format!("{short}{dot} {y}"),
    }
}

/// A whole year in a form of the catalogue.
fn year_form(rng: &mut Rng, y: u16) -> String {
    match rng.below(4) {
        3 if rng.chance(50) => format!("the whole of {y}"),
        3 => format!("all of {y}"),
        0 if short_ok(y) => format!("'{}", yy(y)),
        1 if short_ok(y) => yy(y),
        _ => y.to_string(),
    }
}

/// Two points joined into a span, in a form of the catalogue.
fn joined(rng: &mut Rng, a: &str, b: &str) -> String {
    match rng.below(11) {
        9 if rng.chance(50) => format!("from {a} right through to {b}"),
        9 => format!("{a} through to {b}"),
        10 => format!("{a} up to {b}"),
        0 => format!("{a}-{b}"),
        1 => format!("{a}–{b}"),
        2 => format!("{a} to {b}"),
        3 => format!("from {a} to {b}"),
        4 => format!("{a} through {b}"),
        5 if rng.chance(30) => format!("{a} till {b}"),
        5 if rng.chance(30) => format!("{a} thru {b}"),
        5 => format!("{a} until {b}"),
        6 => format!("between {a} and {b}"),
        7 => format!("{a}-{b} inclusive"),
        _ => format!("{a} - {b}"),
    }
}

/// A period in a form of the catalogue.
fn period_form(rng: &mut Rng, p: Period) -> String {
    let (a, b) = (p.from, p.to);
    if a == b {
        return month_form(rng, a);
    }
    let whole = a.month == 1 && b.month == 12;
    if whole && a.year == b.year {
        return year_form(rng, a.year);
    }
    if whole && rng.chance(60) {
        let (x, z) = (a.year, b.year);
        return match rng.below(4) {
            0 if short_ok(x) && short_ok(z) => format!("{x}-{}", yy(z)),
            1 if short_ok(x) && short_ok(z) => format!("{}-{}", yy(x), yy(z)),
            2 => format!("{x}–{z}"),
            _ => joined(rng, &x.to_string(), &z.to_string()),
        };
    }
    if a.year == b.year && rng.chance(50) {
        let (m1, m2) = (MONTHS[a.month as usize - 1], MONTHS[b.month as usize - 1]);
        return match rng.below(4) {
            0 if short_ok(a.year) => format!("{}-{}/{}", a.month, b.month, yy(a.year)),
            1 => format!("{}-{}/{}", a.month, b.month, a.year),
            2 => format!("{m1}-{m2} {}", a.year),
            3 => format!("from {m1} to {m2} {}", a.year),
            _ => format!("{m1} to {m2} {}", a.year),
        };
    }
    let (x, z) = (month_form(rng, a), month_form(rng, b));
    joined(rng, &x, &z)
}

/// An RF number: ".9" or "0.9", "1.3"; `whole_ok`: "1" for 1.0 (only inside parentheses).
fn rf_number(rng: &mut Rng, t: u32, whole_ok: bool) -> String {
    if t < 10 && rng.chance(50) {
        return format!(".{t}");
    }
    if t.is_multiple_of(10) && whole_ok && rng.chance(30) {
        return (t / 10).to_string();
    }
    format!("{}.{}", t / 10, t % 10)
}

/// An RF after its periods, in a form of the catalogue.
fn rf_after(rng: &mut Rng, t: u32) -> String {
    let n = rf_number(rng, t, false);
    match rng.below(13) {
        12 => format!(", the Rarity Factor applicable thereto being {n}"),
        10 if rng.chance(30) => format!(" with the RF {n}"),
        // A continental decimal comma ("with RF of 1,3"; ".9" keeps its point).
        10 if !n.starts_with('.') && rng.chance(50) => {
            format!(" with RF of {}", n.replace('.', ","))
        }
        10 => format!(" at a rarity factor of {n}"),
        11 if rng.chance(50) => format!(" (rarity {n})"),
        11 => format!(" (rarity factor {n})"),
        0 => format!(" ({})", rf_number(rng, t, true)),
        1 => format!(" (RF {n})"),
        2 => format!(" ({n} RF)"),
        3 => format!(" at RF {n}"),
        4 => format!(", with an RF of {n}"),
        5 => format!(" with a {n} RF"),
        6 => format!(", RF {n}"),
        7 => format!(" at an RF of {n}"),
        8 => format!(", {n} RF"),
        // A shorthand's at sign.
        9 if rng.chance(50) => format!(" @{n}"),
        _ => format!(" ({n})"),
    }
}

/// Entries that share an RF with the one before them and follow in the list, grouped.
fn groups(entries: &[(Period, u32)], rng: &mut Rng) -> Vec<(Vec<Period>, u32)> {
    let mut out: Vec<(Vec<Period>, u32)> = Vec::new();
    for &(p, rf) in entries {
        match out.last_mut() {
            Some((ps, r)) if *r == rf && rng.chance(70) => ps.push(p),
            _ => out.push((vec![p], rf)),
        }
    }
    out
}

/// The months of one entry as a date-first list writes them: an open end where the entry
/// runs to an end of the DATES, else its period.
fn when_form(rng: &mut Rng, p: Period, dates: Period, prev: Option<Period>) -> String {
    if p.to == dates.to && rng.chance(40) {
        let follows = prev.is_some_and(|q| q.to.succ() == p.from);
        let from = month_form(rng, p.from);
        return match rng.below(8) {
            0 if follows && rng.chance(30) => "after this".into(),
            0 if follows && rng.chance(30) => "afterward".into(),
            0 if follows => "thereafter".into(),
            7 => format!("beginning with {from}"),
            1 if follows => "from then on".into(),
            2 => format!("from {from} on"),
            3 => format!("{} {from}", rng.pick(&["as of", "as from"])),
            4 => format!("from {from} onwards"),
            5 => format!("after {}", month_form(rng, p.from.pred())),
            _ => format!("since {from}"),
        };
    }
    if p.from == dates.from && prev.is_none() && rng.chance(40) {
        return match rng.below(4) {
            0 if rng.chance(30) => format!("until including {}", month_form(rng, p.to)),
            0 => format!("until {}", month_form(rng, p.to)),
            1 => format!("before {}", month_form(rng, p.to.succ())),
            // The start of the war is the start of the vehicle's DATES.
            2 => format!(
                "from {} {} {}",
                rng.pick(&[
                    "the beginning of the war",
                    "the start of the war",
                    "the outbreak of war"
                ]),
                rng.pick(&["until", "to", "through"]),
                month_form(rng, p.to)
            ),
            _ => format!("prior to {}", month_form(rng, p.to.succ())),
        };
    }
    period_form(rng, p)
}

/// A list joined with ", " and a last ", and " / " and ".
fn list(rng: &mut Rng, items: Vec<String>) -> String {
    let n = items.len();
    let mut out = String::new();
    for (k, item) in items.into_iter().enumerate() {
        if k > 0 {
            out.push_str(if k + 1 == n {
                rng.pick(&[", and ", " and ", ", "])
            } else {
                ", "
            });
        }
        out.push_str(&item);
    }
    out
}

/// A date-first list: "6/40 (1.2), 7/40 and 8/40 (1.3), thereafter (1.4)".
fn dates_first(rng: &mut Rng, entries: &[(Period, u32)], dates: Period) -> String {
    let mut prev = None;
    let mut items = Vec::new();
    for (ps, rf) in groups(entries, rng) {
        let mut whens = Vec::new();
        for p in ps {
            whens.push(when_form(rng, p, dates, prev));
            prev = Some(p);
        }
        let sep = rng.pick(&[" and ", ", "]);
        items.push(format!("{}{}", whens.join(sep), rf_after(rng, rf)));
    }
    list(rng, items)
}

/// An RF-first list: "1.2 for 1-6/42, 1.0 in 1943 and 1944, rising to 1.5 thereafter".
fn rf_first(rng: &mut Rng, entries: &[(Period, u32)], dates: Period) -> String {
    let mut prev: Option<(Period, u32)> = None;
    let mut items = Vec::new();
    for (ps, rf) in groups(entries, rng) {
        let change = match prev {
            Some((_, r)) if rng.chance(30) => {
                if rf > r {
                    "rising to "
                } else if rf < r {
                    "falling to "
                } else {
                    "then "
                }
            }
            _ => "",
        };
        let n = rf_number(rng, rf, false);
        let first = ps[0];
        let follows = prev.is_some_and(|(q, _)| q.to.succ() == first.from);
        if ps.len() == 1 && first.to == dates.to && follows && rng.chance(40) {
            let word = rng.pick(&["thereafter", "from then on", "afterward", "afterwards"]);
            let text = if change.is_empty() || rng.chance(50) {
                format!("{change}{n} {word}")
            } else {
                format!("{change}{n}")
            };
            items.push(text);
        } else {
            let mut whens = Vec::new();
            for (k, p) in ps.iter().enumerate() {
                let form = if k == 0 {
                    when_form(rng, *p, dates, prev.map(|(q, _)| q))
                } else {
                    period_form(rng, *p)
                };
                let worded = [
                    "from", "between", "until", "before", "prior", "as of", "since",
                ]
                .iter()
                .chain(&["after", "thereafter"])
                .any(|w| form.starts_with(w));
                let prep = if worded {
                    ""
                } else {
                    rng.pick(&["for ", "in ", "during ", ""])
                };
                whens.push(format!("{prep}{form}"));
            }
            items.push(format!("{change}{n} {}", whens.join(" and ")));
        }
        prev = Some((*ps.last().unwrap(), rf));
    }
    list(rng, items)
}

/// The sentences of a meaning, each section's form chosen at random.
fn write(rng: &mut Rng, m: &Meaning) -> String {
    let mut out = Vec::new();
    let dates_form = rng.chance(60);
    for (k, (area, entries)) in m.sections.iter().enumerate() {
        let text = if dates_form {
            let list = dates_first(rng, entries, m.dates);
            match (k, area) {
                (0, None) => format!("{}Dates and RF are {list}.", rng.pick(&["", "Its "])),
                (0, Some(a)) => match rng.below(7) {
                    0 => format!("Dates and RF for use in {a} are {list}."),
                    1 => format!("For use in {a}, Dates and RF are {list}."),
                    2 => format!("Its Dates and RF in {a} are: {list}."),
                    3 => format!("Dates and RF when used in {a} are {list}."),
                    4 => format!("On {a}, Dates and RF are {list}."),
                    5 => format!("Dates and RF for {a} use are {list}."),
                    _ => format!("Dates and RF for {a} are {list}."),
                },
                (_, Some(a)) => {
                    let lead = rng.pick(&["For", "In", "For use in", "On"]);
                    format!("{lead} {a} they are {list}.")
                }
                (_, None) => unreachable!("several sections name their areas"),
            }
        } else if rng.chance(20) {
            // "An RF of 1.2 applies in 1940, 1.3 in 1941": the first RF as a noun.
            let list = rf_first(rng, entries, m.dates);
            let (rf, rest) = list.split_once(' ').unwrap();
            let noun = match rng.below(3) {
                0 => format!("An RF of {rf}"),
                1 => format!("A {rf} RF"),
                _ => format!("A rarity factor of {rf}"),
            };
            match area {
                None => format!("{noun} applies {rest}."),
                Some(a) => format!("In {a}, {} applies {rest}.", noun.to_lowercase()),
            }
        } else {
            let list = rf_first(rng, entries, m.dates);
            match area {
                None => format!(
                    "{} {list}.",
                    rng.pick(&[
                        "RF is",
                        "Its RF is",
                        "The RF is",
                        "It is RF",
                        "It is rarity"
                    ])
                ),
                Some(a) => match rng.below(3) {
                    0 => format!("RF for use in {a} is {list}."),
                    1 => format!("For use in {a}, RF is {list}."),
                    _ => format!("RF in {a} is {list}."),
                },
            }
        };
        out.push(text);
    }
    out.join(" ")
}

/// The month -> RF map of each area the text gives, or what went wrong.
fn read(text: &str, dates: Period) -> Result<BTreeMap<String, BTreeMap<YearMonth, u32>>, String> {
    read_parsed(parse_availability(text, 0, FileId(0), None), dates)
}

/// The month -> RF map of each area of what was parsed (an open end from the nation's first
/// year reads from it), or what went wrong.
fn read_parsed(
    parsed: qm_parser::Parsed<Vec<qm_parser::AvailabilityClause>>,
    dates: Period,
) -> Result<BTreeMap<String, BTreeMap<YearMonth, u32>>, String> {
    if let Some(d) = parsed.diagnostics.first() {
        return Err(format!("{}: {}", d.code, d.message));
    }
    let mut out: BTreeMap<String, BTreeMap<YearMonth, u32>> = BTreeMap::new();
    for c in &parsed.value {
        let ClauseKind::Schedule(s) = &c.kind else {
            return Err(format!("not a schedule: {:?}", c.kind));
        };
        for sec in &s.sections {
            let key = match &sec.area {
                Area::Anywhere => "anywhere".to_string(),
                Area::Theaters { theaters, except } if except.is_empty() => theaters
                    .iter()
                    .map(|t| t.raw.clone())
                    .collect::<Vec<_>>()
                    .join("/"),
                other => return Err(format!("area {other:?}")),
            };
            let months = out.entry(key).or_default();
            let mut last_end: Option<YearMonth> = None;
            for e in &sec.entries {
                let ok = |p: &qm_parser::PrintedPeriod| p.value.map_err(|e| format!("{e:?}"));
                let (from, to) = match &e.when {
                    EntryWhen::Period(p) => (ok(p)?.from, ok(p)?.to),
                    EntryWhen::From(p) => (ok(p)?.from, dates.to),
                    EntryWhen::Until(p) => (dates.from, ok(p)?.to),
                    EntryWhen::Thereafter(_) => {
                        (last_end.ok_or("thereafter first")?.succ(), dates.to)
                    }
                };
                let rf = e.rf.as_ref().ok_or("an entry without its RF")?.value.0;
                let mut m = from;
                while m <= to {
                    if months.insert(m, rf).is_some() {
                        return Err(format!("two RFs for {m}"));
                    }
                    m = m.succ();
                }
                last_end = Some(to);
            }
        }
    }
    Ok(out)
}

/// The month -> RF map of each area a meaning gives.
fn expected(m: &Meaning) -> BTreeMap<String, BTreeMap<YearMonth, u32>> {
    let mut out: BTreeMap<String, BTreeMap<YearMonth, u32>> = BTreeMap::new();
    for (area, entries) in &m.sections {
        let months = out
            .entry(area.unwrap_or("anywhere").to_string())
            .or_default();
        for (p, rf) in entries {
            let mut at = p.from;
            while at <= p.to {
                months.insert(at, *rf);
                at = at.succ();
            }
        }
    }
    out
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000)
}

proptest! {
    #![proptest_config(Config { cases: cases(), failure_persistence: None, ..Config::default() })]

    /// Every meaning, written in any forms of the catalogue, reads back month by month.
    #[test]
    fn every_catalogue_form_reads_back_to_its_meaning(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let m = meaning(&mut rng);
        let text = write(&mut rng, &m);
        let got = read(&text, m.dates);
        prop_assert_eq!(got.as_ref().ok(), Some(&expected(&m)), "{}\n{:?}", text, got.as_ref().err());
    }

    /// Every meaning, written as a Markdown table in any layout, header words and cell forms
    /// of the catalogue, reads back month by month.
    #[test]
    fn every_table_layout_reads_back_to_its_meaning(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let m = meaning(&mut rng);
        let text = tables::table(&mut rng, &m);
        let got = read(&text, m.dates);
        prop_assert_eq!(got.as_ref().ok(), Some(&expected(&m)), "{}\n{:?}", text, got.as_ref().err());
    }

    /// An RF for each place, or months apart from an RF of the whole DATES, in any form of the
    /// catalogue, reads back month by month with the nation's words.
    #[test]
    fn every_rf_for_each_place_form_reads_back(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let (text, m) = if rng.chance(60) {
            places::rf_for_each_place(&mut rng)
        } else {
            places::months_apart(&mut rng)
        };
        let got = places::read(&text, m.dates);
        prop_assert_eq!(got.as_ref().ok(), Some(&m.months), "{}\n{:?}", text, got.as_ref().err());
    }

    /// A relative rule, its base, amount and cap in any form and order of the catalogue, reads
    /// back to its rule.
    #[test]
    fn every_relative_rule_form_reads_back(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let (text, rule) = relative::relative_rule(&mut rng);
        let got = relative::read(&text);
        prop_assert_eq!(got.as_ref().ok(), Some(&rule), "{}\n{:?}", text, got.as_ref().err());
    }

    /// A radio date or an optional weapon, in any wording of the catalogue, reads back.
    #[test]
    fn every_radio_and_weapon_form_reads_back(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let (text, extra) = if rng.chance(50) {
            extras::radio(&mut rng)
        } else {
            extras::weapon(&mut rng)
        };
        let got = extras::read(&text);
        prop_assert_eq!(got.as_ref().ok(), Some(&extra), "{}\n{:?}", text, got.as_ref().err());
    }

    /// A misspelt month, an RF left out, or two RFs for one period is an error.
    #[test]
    fn near_misses_are_errors(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let mut m = meaning(&mut rng);
        m.sections.truncate(1);
        let list = dates_first(&mut rng, &m.sections[0].1, m.dates);
        let last = m.sections[0].1.last().unwrap().0;
        let miss = match rng.below(3) {
            0 => {
                let name = MONTHS[last.from.month as usize - 1];
                let mut c: Vec<char> = name.chars().collect();
                c.swap(1, 2);
                let typo: String = c.into_iter().collect();
                format!("{list}, {typo} {} (1.2)", last.to.year + 1)
            }
            1 => format!("{list}, {}", period_form(&mut rng, Period::new(last.to.succ(), last.to.succ()).unwrap())),
            _ => format!("{list} (1.{})", rng.below(10)),
        };
        let text = format!("Dates and RF are {miss}.");
        let parsed = parse_availability(&text, 0, FileId(0), None);
        prop_assert!(
            parsed.diagnostics.iter().any(|d| d.severity == Severity::Error),
            "read without an error: {}", text
        );
    }
}

/// The months a limit's `when` covers within `dates` (`None`: none of them).
fn limit_months(w: &EntryWhen, dates: Period) -> Result<Option<Period>, String> {
    let ok = |p: &qm_parser::PrintedPeriod| p.value.map_err(|e| format!("{e:?}"));
    let p = match w {
        EntryWhen::Period(p) => ok(p)?,
        EntryWhen::From(p) => Period::new(ok(p)?.from, dates.to.max(ok(p)?.from)).unwrap(),
        EntryWhen::Until(p) => Period::new(dates.from.min(ok(p)?.to), ok(p)?.to).unwrap(),
        EntryWhen::Thereafter(_) => return Err("thereafter in a limit".into()),
    };
    Ok(p.intersect(&dates))
}

/// Words as a name is read: no leading "the", single spaces.
fn as_read(words: &str) -> String {
    let w = words.strip_prefix("the ").unwrap_or(words);
    w.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// One schedule of one place and one span, every entry restricted to the faction `words` name.
fn check_faction_subject(
    text: &str,
    words: &str,
    place: usize,
    months: Period,
) -> Result<(), String> {
    use qm_parser::QualifierSyntax;
    let places: Vec<String> = limits::PLACES
        .iter()
        .flat_map(|(_, name, other, _)| [name.to_string(), other.to_string()])
        .collect();
    let lexicon = qm_parser::Lexicon::new(None, &["Zeta 4".to_string()], &places);
    let parsed = qm_parser::parse_availability_with(text, 0, FileId(0), &lexicon);
    if let Some(d) = parsed.diagnostics.first() {
        return Err(format!("{}: {}", d.code, d.message));
    }
    let [clause] = parsed.value.as_slice() else {
        return Err(format!("{} clauses", parsed.value.len()));
    };
    let ClauseKind::Schedule(s) = &clause.kind else {
        return Err(format!("not a schedule: {:?}", clause.kind));
    };
    let [section] = s.sections.as_slice() else {
        return Err(format!("{} sections", s.sections.len()));
    };
    let (_, name, other, _) = limits::PLACES[place];
    let Area::Theaters { theaters, .. } = &section.area else {
        return Err(format!("area {:?}", section.area));
    };
    if theaters.len() != 1 || ![name, other].contains(&theaters[0].raw.as_str()) {
        return Err(format!("places {theaters:?}"));
    }
    let [entry] = section.entries.as_slice() else {
        return Err(format!("{} entries", section.entries.len()));
    };
    let EntryWhen::Period(p) = &entry.when else {
        return Err(format!("when {:?}", entry.when));
    };
    if p.value.as_ref().ok() != Some(&months) {
        return Err(format!("months {:?}", p.value));
    }
    let only: Vec<String> = entry
        .qualifiers
        .iter()
        .filter_map(|q| q.value.as_ref())
        .map(|QualifierSyntax::RestrictedUse { faction }| faction.value.clone())
        .collect();
    if only != [as_read(words)] {
        return Err(format!("restricted to {only:?}"));
    }
    Ok(())
}

/// The restricted entry's faction words and the limit read from `text` against their meaning.
fn check_limit(
    text: &str,
    dates: Period,
    m: &limits::LimitMeaning,
    entry_words: &str,
) -> Result<(), String> {
    use qm_parser::{LimitSense, NameKind, QualifierSyntax};
    let parsed = parse_availability(text, 0, FileId(0), None);
    if let Some(d) = parsed.diagnostics.first() {
        return Err(format!("{}: {}", d.code, d.message));
    }
    let [schedule, limit] = parsed.value.as_slice() else {
        return Err(format!("{} clauses", parsed.value.len()));
    };
    let ClauseKind::Schedule(s) = &schedule.kind else {
        return Err(format!("not a schedule: {:?}", schedule.kind));
    };
    let restricted: Vec<String> = s.sections[0]
        .entries
        .iter()
        .flat_map(|e| &e.qualifiers)
        .filter_map(|q| q.value.as_ref())
        .map(|QualifierSyntax::RestrictedUse { faction }| faction.value.clone())
        .collect();
    if restricted != [as_read(entry_words)] {
        return Err(format!("entry restricted to {restricted:?}"));
    }
    let ClauseKind::Limit(l) = &limit.kind else {
        return Err(format!("not a limit: {:?}", limit.kind));
    };
    if (l.sense == LimitSense::Only) != m.only {
        return Err(format!("sense {:?}", l.sense));
    }
    let names: Vec<String> = l.names.iter().map(|n| n.raw.clone()).collect();
    let expected: Vec<String> = m.names.iter().map(|(_, w)| as_read(w)).collect();
    if names != expected {
        return Err(format!("names {names:?}"));
    }
    for (n, (who, _)) in l.names.iter().zip(&m.names) {
        let fits = match who {
            limits::Who::Faction(_) => n.kind != NameKind::Place,
            limits::Who::Place(_) => n.kind != NameKind::Faction,
        };
        if !fits {
            return Err(format!("{} read as a {:?}", n.raw, n.kind));
        }
    }
    let got = l
        .when
        .as_ref()
        .map(|w| limit_months(w, dates))
        .transpose()?;
    let want = m.months.map(|w| w.within(dates));
    if got != want {
        return Err(format!("months {got:?}, meant {want:?}"));
    }
    Ok(())
}

proptest! {
    #![proptest_config(Config { cases: cases(), failure_persistence: None, ..Config::default() })]

    /// Every limit (to a faction or places, from places or months, to months), written in any
    /// form of the catalogue with faction words in any inflection, reads back: its sense, its
    /// names and what they may be, its months; and so does an entry's restriction in any form.
    #[test]
    fn every_limit_form_reads_back_to_its_meaning(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let dates = limits::dates(&mut rng);
        let (schedule, _, _, words) = limits::restricted_schedule(&mut rng, dates, None);
        let m = limits::limit_meaning(&mut rng, dates);
        let text = format!("{schedule} {}", limits::write_limit(&mut rng, &m));
        let got = check_limit(&text, dates, &m, &words);
        prop_assert!(got.is_ok(), "{}\n{:?}\n{:?}", text, m, got.err());
    }

    /// A sentence of use whose subject is a faction and whose object is the vehicle reads as
    /// the place and months it names, theirs alone.
    #[test]
    fn a_faction_as_the_subject_restricts_the_use(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let dates = limits::dates(&mut rng);
        let (text, words, place, months) = subjects::faction_subject_sentence(&mut rng, dates);
        let got = check_faction_subject(&text, &words, place, months);
        prop_assert!(got.is_ok(), "{}\n{:?}", text, got.err());
    }

    /// A dated limit whose month is misspelt, or that gives two periods, is an error.
    #[test]
    fn near_miss_limits_are_errors(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let dates = limits::dates(&mut rng);
        let mut m = limits::limit_meaning(&mut rng, dates);
        let month = MONTHS[dates.from.month as usize - 1];
        let mut c: Vec<char> = month.chars().collect();
        c.swap(1, 2);
        let typo: String = c.into_iter().collect();
        // "Used only (in Finland) in 1944 and after 1946", "Used only by Royalist units in
        // 1951 and after 1956" give two periods plainly: they read as the dates of a "used in"
        // sentence (the faction's use alone), no near miss.
        let dated_use = m.only;
        let miss = if rng.chance(50) || dated_use {
            format!("after {typo} {}", dates.from.year)
        } else {
            format!("in {} and after {}", dates.from.year, dates.to.year)
        };
        m.months = None;
        let sentence = limits::write_limit(&mut rng, &m);
        let text = format!("{} {miss}.", sentence.trim_end_matches('.'));
        let parsed = parse_availability(&text, 0, FileId(0), None);
        prop_assert!(
            parsed.diagnostics.iter().any(|d| d.severity == Severity::Error),
            "read without an error: {}", text
        );
    }
}

/// The places of the sentences read together: one word each, as the reader reads any name.
const TOGETHER_PLACES: [&str; 3] = ["Ruritania", "Syldavia", "Graustark"];

/// The (place, month) -> RF the clauses of sentences read together give: the first names the
/// vehicle and its dates per place, the next give the RFs of months (the resolver's reading).
fn read_together(
    text: &str,
    s: &together::Split,
    lexicon: bool,
) -> Result<BTreeMap<(usize, YearMonth), u32>, String> {
    let words = qm_parser::Lexicon::new(
        None,
        &[s.name.to_string()],
        &TOGETHER_PLACES.map(String::from),
    );
    let parsed = if lexicon {
        qm_parser::parse_availability_with(text, 0, FileId(0), &words)
    } else {
        parse_availability(text, 0, FileId(0), None)
    };
    if let Some(d) = parsed.diagnostics.first() {
        return Err(format!("{}: {}", d.code, d.message));
    }
    let [first, rest @ ..] = parsed.value.as_slice() else {
        return Err("no clause".into());
    };
    if first
        .vehicles
        .iter()
        .map(|v| v.raw.as_str())
        .collect::<Vec<_>>()
        != [s.name]
    {
        return Err(format!("subject {:?}", first.vehicles));
    }
    let ClauseKind::Schedule(dated) = &first.kind else {
        return Err(format!("not a schedule: {:?}", first.kind));
    };
    let rates = rates_of(rest, s.dates)?;
    let mut out = BTreeMap::new();
    for sec in &dated.sections {
        let Area::Theaters { theaters, .. } = &sec.area else {
            return Err(format!("area {:?}", sec.area));
        };
        for t in theaters {
            let place = TOGETHER_PLACES
                .iter()
                .position(|p| *p == t.raw)
                .ok_or(format!("place {}", t.raw))?;
            for e in &sec.entries {
                let EntryWhen::Period(p) = &e.when else {
                    return Err(format!("when {:?}", e.when));
                };
                let p = p.value.map_err(|e| format!("{e:?}"))?;
                let mut m = p.from;
                while m <= p.to {
                    let rf = *rates.get(&m).ok_or(format!("no RF for {m}"))?;
                    out.insert((place, m), rf);
                    m = m.succ();
                }
            }
        }
    }
    Ok(out)
}

/// Each month's RF the RF sentences give; they name no vehicle (it goes on).
fn rates_of(
    clauses: &[qm_parser::AvailabilityClause],
    dates: Period,
) -> Result<BTreeMap<YearMonth, u32>, String> {
    let mut rates: BTreeMap<YearMonth, u32> = BTreeMap::new();
    for c in clauses {
        if !c.vehicles.is_empty() {
            return Err(format!("a new subject {:?}", c.vehicles));
        }
        let ClauseKind::Schedule(r) = &c.kind else {
            return Err(format!("not an RF sentence: {:?}", c.kind));
        };
        let mut last_end: Option<YearMonth> = None;
        for e in r.sections.iter().flat_map(|sec| &sec.entries) {
            let ok = |p: &qm_parser::PrintedPeriod| p.value.map_err(|e| format!("{e:?}"));
            let (from, to) = match &e.when {
                EntryWhen::Period(p) => (ok(p)?.from, ok(p)?.to),
                EntryWhen::From(p) => (ok(p)?.from, dates.to),
                EntryWhen::Until(p) => (dates.from, ok(p)?.to),
                EntryWhen::Thereafter(_) => (last_end.ok_or("thereafter first")?.succ(), dates.to),
            };
            let rf =
                e.rf.as_ref()
                    .ok_or("an RF sentence without its RF")?
                    .value
                    .0;
            let mut m = from;
            while m <= to {
                rates.insert(m, rf);
                m = m.succ();
            }
            last_end = Some(to);
        }
    }
    Ok(rates)
}

proptest! {
    #![proptest_config(Config { cases: cases(), failure_persistence: None, ..Config::default() })]

    /// A vehicle's dates per place in one sentence and the RFs of its months in the next ("its",
    /// "it" for the vehicle), in any form of the catalogue, read back month by month; names
    /// with full stops and lead-ins without a comma read with the nation's words.
    #[test]
    fn sentences_read_together_give_their_meaning(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let mut s = together::split(&mut rng, TOGETHER_PLACES.len());
        let lexicon = rng.chance(50);
        if !lexicon && s.name.contains('.') {
            s.name = "Alpha";
        }
        let text = together::write(&mut rng, &s, &TOGETHER_PLACES, lexicon);
        let got = read_together(&text, &s, lexicon);
        prop_assert_eq!(got.as_ref().ok(), Some(&together::expected(&s)), "{}\n{:?}", text, got.as_ref().err());
    }
}
