//! The catalogue's RF-for-each-place forms (README, "How the notes are read": "an RF for each
//! place", "an RF before periods": months apart): a random meaning — two or three places, each
//! with an RF over the whole DATES or over months of its own, or one RF over the whole DATES
//! with another for some months — written in random forms and read back month by month with a
//! nation's words (its places and years), as a maintainer's notes are.

use std::collections::BTreeMap;

use qm_parser::{parse_availability_with, FileId, Lexicon, YearSpan};
use qm_schema::{Period, YearMonth};

use super::rng::Rng;
use super::{period_form, rf_number, AREAS};

/// A meaning: the DATES (from a January) and per place the RF of each month.
pub struct PlacesMeaning {
    pub dates: Period,
    pub months: BTreeMap<String, BTreeMap<YearMonth, u32>>,
}

/// The nation's words: the made-up places and the years from the DATES' first.
fn lexicon(dates: Period) -> Lexicon {
    let places: Vec<String> = AREAS.iter().map(|a| a.to_string()).collect();
    Lexicon::new(
        Some(YearSpan {
            first: dates.from.year,
            last: dates.to.year,
        }),
        &[],
        &places,
    )
}

/// The months of `p` at `rf` into `into`.
fn fill(into: &mut BTreeMap<YearMonth, u32>, p: Period, rf: u32) {
    let mut m = p.from;
    while m <= p.to {
        into.insert(m, rf);
        m = m.succ();
    }
}

/// DATES from a January, two to five years long.
fn dates(rng: &mut Rng) -> Period {
    let year = 1930 + rng.below(25) as u16;
    let to_year = year + 1 + rng.below(4) as u16;
    let from = YearMonth { year, month: 1 };
    let to = YearMonth {
        year: to_year,
        month: 1 + rng.below(12) as u8,
    };
    Period::new(from, to).unwrap()
}

/// Months inside `dates`, at least two months from each end.
fn inner(rng: &mut Rng, dates: Period) -> Period {
    let (a, b) = (
        u32::from(dates.from.year) * 12 + u32::from(dates.from.month) - 1,
        u32::from(dates.to.year) * 12 + u32::from(dates.to.month) - 1,
    );
    let from = a + 2 + rng.below((b - a - 4) as usize) as u32;
    let to = (from + rng.below(13) as u32).min(b - 2);
    let ym = |i: u32| YearMonth {
        year: (i / 12) as u16,
        month: (i % 12) as u8 + 1,
    };
    Period::new(ym(from), ym(to)).unwrap()
}

/// An RF for each place, over the whole DATES or months of its own: "RF is 1.2 in X and 1.4
/// on Y", "RF: X 1.2, Y 1.4", "RF is 1.2 (X) and 1.4 (Y)", "RF is 1.2 in 1940-42 on X and
/// ...", "For X use, RF is 1.2; for Y use, RF is 1.4".
pub fn rf_for_each_place(rng: &mut Rng) -> (String, PlacesMeaning) {
    let dates = dates(rng);
    let mut areas: Vec<&str> = AREAS.to_vec();
    let n = 2 + rng.below(2);
    let dated = rng.chance(40);
    let mut months = BTreeMap::new();
    let mut items = Vec::new();
    let mut led = Vec::new();
    for _ in 0..n {
        let a = areas.remove(rng.below(areas.len()));
        let rf = 5 + rng.below(15) as u32;
        let num = rf_number(rng, rf, false);
        let mut m = BTreeMap::new();
        if dated {
            let p = inner(rng, dates);
            fill(&mut m, p, rf);
            let when = period_form(rng, p);
            let when = if when.starts_with("from") || when.starts_with("between") {
                when
            } else {
                format!("{} {when}", rng.pick(&["in", "during"]))
            };
            let on = rng.pick(&["in", "on"]);
            items.push(match rng.below(2) {
                0 => format!("{num} {when} {on} {a}"),
                _ => format!("{num} {on} {a} {when}"),
            });
        } else {
            fill(&mut m, dates, rf);
            items.push(match rng.below(6) {
                0 => format!("{num} in {a}"),
                1 => format!("{num} on {a}"),
                2 => format!("{num} for {a}"),
                3 => format!("{num} ({a})"),
                4 => format!("{a} {num}"),
                _ => format!("{a}: {num}"),
            });
            led.push(format!("for {a} use, RF is {num}"));
        }
        months.insert(a.to_string(), m);
    }
    let text = if !dated && rng.chance(25) {
        let mut s = led.join("; ");
        s[..1].make_ascii_uppercase();
        format!("{s}.")
    } else {
        let lead = rng.pick(&["RF is ", "Its RF is ", "RF: ", "The RF is "]);
        format!("{lead}{}.", super::list(rng, items))
    };
    (text, PlacesMeaning { dates, months })
}

/// One RF over the whole DATES with another for some months: "RF is 1.0 (1.3 in 1942)", "RF
/// is 1.0 [1.3 in 1942]", "RF 1.0, but 1.3 in 1942".
pub fn months_apart(rng: &mut Rng) -> (String, PlacesMeaning) {
    let dates = dates(rng);
    let (rf, other) = (5 + rng.below(15) as u32, 5 + rng.below(15) as u32);
    let p = inner(rng, dates);
    let mut m = BTreeMap::new();
    fill(&mut m, dates, rf);
    fill(&mut m, p, other);
    let (a, b) = (rf_number(rng, rf, false), rf_number(rng, other, false));
    let when = period_form(rng, p);
    let when = if when.starts_with("from") || when.starts_with("between") {
        when
    } else {
        format!("in {when}")
    };
    let text = match rng.below(4) {
        0 => format!("RF is {a} ({b} {when})."),
        1 => format!("RF is {a} [{b} {when}]."),
        2 => format!("RF {a}, but {b} {when}."),
        _ => format!("Its RF is {a} ({b} {when})."),
    };
    let months = BTreeMap::from([("anywhere".to_string(), m)]);
    (text, PlacesMeaning { dates, months })
}

/// What the text reads as, month by month, with the nation's words.
pub fn read(
    text: &str,
    dates: Period,
) -> Result<BTreeMap<String, BTreeMap<YearMonth, u32>>, String> {
    let lexicon = lexicon(dates);
    super::read_parsed(parse_availability_with(text, 0, FileId(0), &lexicon), dates)
}
