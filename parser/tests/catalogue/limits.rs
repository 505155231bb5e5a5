//! The catalogue's limits (docs/notes.md): a random limit meaning (whom or where a vehicle is
//! kept to or kept from, and when) written as an English sentence in a random form of the
//! catalogue, faction words in any inflection; and an entry's restriction ("(1.3; X use
//! only)") in any of its forms. Shared by the parser's catalogue test (the clauses read back)
//! and the resolver's (the availability, month by month).

use qm_schema::{Period, YearMonth};

use super::rng::Rng;
use super::words::MONTHS;

/// The made-up factions of the generated nation: the id and the words its `ob.toml` lists once
/// (the sentences write them in any inflection).
pub const FACTIONS: [(&str, &str); 3] = [
    ("royalist", "Royalist"),
    ("guard", "Blue Guard"),
    ("free", "Free Ruritanians"),
];

/// Theaters of the registry, none part of another: id, name, another name, an adjective.
pub const PLACES: [(&str, &str, &str, &str); 6] = [
    ("NorthAfrica", "North Africa", "the Desert", "North African"),
    ("Russia", "Russia", "the Eastern Front", "Russian"),
    ("Italy", "Italy", "Italy", "Italian"),
    ("France", "France", "France", "France"),
    ("Finland", "Finland", "Finland", "Finnish"),
    ("EastAfrica", "East Africa", "Ethiopia", "East African"),
];

/// Who or where a limit names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    /// A faction, by its index in [`FACTIONS`].
    Faction(usize),
    /// A theater, by its index in [`PLACES`].
    Place(usize),
}

/// When a limit holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Months {
    /// These months.
    In(Period),
    /// From this month to the end of the DATES.
    From(YearMonth),
    /// From the start of the DATES to this month.
    Until(YearMonth),
}

impl Months {
    /// The months within `dates`.
    pub fn within(self, dates: Period) -> Option<Period> {
        let p = match self {
            Months::In(p) => p,
            Months::From(m) => Period::new(m, dates.to.max(m))?,
            Months::Until(m) => Period::new(dates.from.min(m), m)?,
        };
        p.intersect(&dates)
    }
}

/// What a limit sentence means.
#[derive(Debug, Clone)]
pub struct LimitMeaning {
    /// Kept to the names (or months), or kept from them.
    pub only: bool,
    /// Who or where, each with the words the sentence writes for it ("the" included).
    pub names: Vec<(Who, String)>,
    /// When; `None`: always.
    pub months: Option<Months>,
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

/// A vehicle's DATES: any years (the reader knows no war), 2-6 years long.
pub fn dates(rng: &mut Rng) -> Period {
    let start = (1930 + rng.below(25) as u32) * 12 + rng.below(12) as u32;
    let end = start + 24 + rng.below(48) as u32;
    Period::new(ym(start), ym(end)).unwrap()
}

/// Months strictly inside `dates`: a period, or an open end that leaves some months out.
fn months(rng: &mut Rng, dates: Period) -> Months {
    let (a, b) = (index(dates.from), index(dates.to));
    let m = a + 1 + rng.below((b - a - 1) as usize) as u32;
    match rng.below(3) {
        0 => Months::From(ym(m)),
        1 => Months::Until(ym(m)),
        _ => {
            let to = (m + rng.below(18) as u32).min(b - 1);
            // A whole year half the time, when it fits.
            let year = ym(m).year;
            let whole =
                Period::new(ym(u32::from(year) * 12), ym(u32::from(year) * 12 + 11)).unwrap();
            if rng.chance(50) && dates.covers(&whole) {
                Months::In(whole)
            } else {
                Months::In(Period::new(ym(m), ym(to)).unwrap())
            }
        }
    }
}

/// A random limit: to a faction, to places, from places, from months, or to months.
pub fn limit_meaning(rng: &mut Rng, dates: Period) -> LimitMeaning {
    let kind = rng.below(6);
    let months = match kind {
        3 | 4 => Some(months(rng, dates)),
        _ if rng.chance(50) => Some(months(rng, dates)),
        _ => None,
    };
    let mut names = Vec::new();
    match kind {
        // Kept to a faction (0), or from one (5).
        0 | 5 => {
            let k = rng.below(FACTIONS.len());
            names.push((Who::Faction(k), inflect(rng, FACTIONS[k].1, false)));
        }
        1 | 2 => {
            let mut left: Vec<usize> = (0..PLACES.len()).collect();
            for _ in 0..1 + rng.below(2) {
                let k = left.remove(rng.below(left.len()));
                let (_, name, other, _) = PLACES[k];
                let words = if rng.chance(30) { other } else { name };
                names.push((Who::Place(k), words.to_string()));
            }
            // "For North African use only": the adjective, for one place kept to.
            if kind == 1 && names.len() == 1 && rng.chance(20) {
                let Who::Place(k) = names[0].0 else {
                    unreachable!()
                };
                names[0].1 = PLACES[k].3.to_string();
            }
        }
        _ => {}
    }
    LimitMeaning {
        only: matches!(kind, 0 | 1 | 4),
        names,
        months,
    }
}

/// Faction words in an inflection: plural, singular, possessive, capitals, a hyphen; in lower
/// case only where `lower_ok` (an entry's restriction; a sentence's names are capitalized).
pub fn inflect(rng: &mut Rng, words: &str, lower_ok: bool) -> String {
    let plural = words.ends_with('s');
    let stem = words.strip_suffix('s').unwrap_or(words);
    match rng.below(9) {
        0 => format!("{stem}s"),
        1 => stem.to_string(),
        2 => format!("{stem}'s"),
        3 => format!("{stem}s'"),
        4 => words.to_uppercase(),
        5 => words.replace(' ', "-"),
        6 if lower_ok => words.to_lowercase(),
        7 if plural => format!("{stem}’s"),
        _ => words.to_string(),
    }
}

/// One month in words: "6/42", "6/1942", "June 1942", "Jun. 1942", "June '42".
pub fn month_words(rng: &mut Rng, m: YearMonth) -> String {
    let name = MONTHS[m.month as usize - 1];
    let two = (1900..2000).contains(&m.year);
    let yy = m.year % 100;
    match rng.below(5) {
        0 if two => format!("{}/{yy:02}", m.month),
        1 => format!("{name} {}", m.year),
        2 if name.len() > 3 => format!("{}. {}", &name[..3], m.year),
        3 if two => format!("{name} '{yy:02}"),
        _ => format!("{}/{}", m.month, m.year),
    }
}

/// The months a limit holds in, in words with the word that introduces them.
fn months_words(rng: &mut Rng, months: Months) -> String {
    match months {
        Months::In(p) if p.from.month == 1 && p.to.month == 12 && p.from.year == p.to.year => {
            format!("{} {}", rng.pick(&["in", "during"]), p.from.year)
        }
        Months::In(p) if p.from == p.to => format!("in {}", month_words(rng, p.from)),
        Months::In(p) => {
            let (a, b) = (month_words(rng, p.from), month_words(rng, p.to));
            match rng.below(4) {
                0 => format!("between {a} and {b}"),
                1 => format!("from {a} to {b}"),
                2 => format!("during {a}-{b}"),
                _ => format!("in {a} through {b}"),
            }
        }
        Months::From(m) => match rng.below(5) {
            0 => format!("from {} on", month_words(rng, m)),
            1 => format!("as of {}", month_words(rng, m)),
            2 => format!("after {}", month_words(rng, m.pred())),
            3 => format!("since {}", month_words(rng, m)),
            _ => format!("from {} onwards", month_words(rng, m)),
        },
        Months::Until(m) => match rng.below(4) {
            0 => format!("until {}", month_words(rng, m)),
            1 => format!("before {}", month_words(rng, m.succ())),
            2 => format!("prior to {}", month_words(rng, m.succ())),
            _ => format!("through {}", month_words(rng, m)),
        },
    }
}

/// Names joined as a list: "A", "A and B", "A, B", "A or B", "A/B".
fn list(rng: &mut Rng, names: &[(Who, String)], or_ok: bool) -> String {
    let words: Vec<&str> = names.iter().map(|(_, w)| w.as_str()).collect();
    let seps: &[&str] = if or_ok {
        &[" and ", ", ", " or ", "/"]
    } else {
        &[" and ", ", ", "/"]
    };
    words.join(rng.pick(seps))
}

/// The sentence of a limit, in a random form of the catalogue.
pub fn write_limit(rng: &mut Rng, m: &LimitMeaning) -> String {
    let when = m.months.map(|w| months_words(rng, w));
    // "In 1942, only the Royalists may use it.": a period may lead instead.
    let lead = match m.months {
        Some(Months::In(_)) if rng.chance(25) => when.clone(),
        _ => None,
    };
    let w = match (&lead, &when) {
        // "Royalist use only (from 1943)".
        (None, Some(w)) if rng.chance(15) => format!(" ({w})"),
        (None, Some(w)) => format!(" {w}"),
        _ => String::new(),
    };
    let body = match (m.only, m.names.first().map(|n| n.0)) {
        (true, Some(Who::Faction(_))) => faction_only(rng, &m.names[0].1, &w),
        (true, Some(Who::Place(k))) => place_only(rng, m, k, &w),
        (false, Some(Who::Faction(_))) => faction_not(rng, &m.names[0].1, &w),
        (false, Some(_)) => place_not(rng, m, &w),
        (false, None) => {
            rng.pick(&[
                "No longer available",
                "Not used",
                "Withdrawn",
                "It was withdrawn from service",
                "It isn't available",
                "Not available",
            ])
            .to_string()
                + &w
        }
        (true, None) => {
            rng.pick(&["Used only", "Only available", "It may be used only"])
                .to_string()
                + &w
        }
    };
    match lead {
        // A name stays capitalized after a lead-in; a sentence's first word does not.
        Some(l)
            if m.names
                .first()
                .is_some_and(|(_, n)| body.starts_with(n.as_str())) =>
        {
            format!("{}, {body}.", capital(&l))
        }
        Some(l) => format!("{}, {}.", capital(&l), lower_first(&body)),
        None => format!("{body}."),
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_lowercase().chain(c).collect())
}

/// "Only the Royalists may use it", "Royalist use only", "Used only by Royalist units", ...
fn faction_only(rng: &mut Rng, x: &str, w: &str) -> String {
    match rng.below(14) {
        10 => format!("{x} units only{w}"),
        11 => format!("For use only by the {x}{w}"),
        12 => format!("Only available to the {x}{w}"),
        13 => format!("Issued only to {x} forces{w}"),
        0 => format!("Only the {x} may use it{w}"),
        1 => format!(
            "Only {x} may use {}{w}",
            rng.pick(&["it", "this vehicle", "them"])
        ),
        2 => format!("{x} use only{w}"),
        3 => format!("For {x} use only{w}"),
        4 => format!("{x} only{w}"),
        5 => format!("It may be used only by the {x}{w}"),
        6 => format!("Used only by {x} units{w}"),
        7 => format!("Its use is limited to the {x}{w}"),
        8 => format!("Restricted to {x}{w}"),
        _ => format!("This vehicle is for {x} use only{w}"),
    }
}

/// "Not available to the Royalists", "The Royalists never had it": a faction the vehicle is
/// kept from.
fn faction_not(rng: &mut Rng, x: &str, w: &str) -> String {
    match rng.below(6) {
        0 => format!("Not available to the {x}{w}"),
        1 => format!("Not issued to {x} units{w}"),
        2 => format!("The {x} never had it{w}"),
        3 => format!("The {x} did not receive it{w}"),
        4 => format!("{x} forces never had it{w}"),
        _ => format!("It was not available to the {x}{w}"),
    }
}

/// "Limited to North Africa", "Russia only", "Used only in Italy", "For North African use
/// only", "It is not available except in Finland", ...
fn place_only(rng: &mut Rng, m: &LimitMeaning, first: usize, w: &str) -> String {
    let x = list(rng, &m.names, false);
    let (_, name, other, adjective) = PLACES[first];
    if x == adjective && x != name && x != other {
        return format!("For {x} use only{w}");
    }
    match rng.below(8) {
        0 => format!("Limited to {x}{w}"),
        1 => format!("Restricted to {x}{w}"),
        2 => format!("{x} only{w}"),
        3 => format!("Used only in {x}{w}"),
        4 => format!("It may be used only in {x}{w}"),
        5 => format!("Only in {x}{w}"),
        6 => format!("It is not available except in {x}{w}"),
        _ => format!("Its use is restricted to {x}{w}"),
    }
}

/// "Not available in Russia", "It was never used on the Eastern Front", "Available in every
/// theater except Italy", ...
fn place_not(rng: &mut Rng, m: &LimitMeaning, w: &str) -> String {
    let x = list(rng, &m.names, true);
    match rng.below(7) {
        0 => format!("Not available in {x}{w}"),
        1 => format!("It was never used in {x}{w}"),
        2 => format!("Not used in {x}{w}"),
        3 => format!("It is available everywhere except in {x}{w}"),
        4 if rng.chance(50) => format!("Available everywhere but {x}{w}"),
        4 => format!("Available in every theater except {x}{w}"),
        5 => format!("It isn't available in {x}{w}"),
        // "on the Eastern Front".
        _ if m.names.iter().all(|(_, n)| n.starts_with("the ")) => {
            format!("It was not used on {x}{w}")
        }
        _ => format!("It was not used in {x}{w}"),
    }
}

/// An entry restricted to the faction of index `faction`, after its period: " (1.3; Royalist
/// use only)", " (1.3; only the Royalists)", " (1.3) for Royalists' use only", " (1.3)
/// Royalists only", ...; with the faction's words as written.
pub fn restricted_entry(rng: &mut Rng, rf: &str, faction: usize) -> (String, String) {
    let words = FACTIONS[faction].1;
    if rng.chance(65) {
        let x = inflect(rng, words, true);
        let q = match rng.below(7) {
            0 => format!("for {x} use only"),
            1 => format!("{x} only"),
            2 => format!("only the {x}"),
            3 => format!("used only by {x}"),
            4 => format!("restricted to the {x}"),
            5 => format!("limited to {x}"),
            _ => format!("{x} use only"),
        };
        return (format!(" ({rf}; {q})"), x);
    }
    let x = inflect(rng, words, false);
    let text = match rng.below(4) {
        0 => format!(" ({rf}), {x} use only"),
        1 => format!(" ({rf}) for {x} use only"),
        2 => format!(" ({rf}) {x} only"),
        _ => format!(" ({rf}) {x} use only"),
    };
    (text, x)
}

/// A schedule of two entries splitting `dates`, the second restricted to a faction, for use
/// in `area` when given: the sentence, the month the second entry starts, the faction and its
/// words as written.
pub fn restricted_schedule(
    rng: &mut Rng,
    dates: Period,
    area: Option<&str>,
) -> (String, YearMonth, usize, String) {
    let (a, b) = (index(dates.from), index(dates.to));
    let split = ym(a + 1 + rng.below((b - a - 1) as usize) as u32);
    let faction = rng.below(FACTIONS.len());
    let (first, second) = (
        month_words(rng, dates.from) + " to " + &month_words(rng, split.pred()),
        month_words(rng, split) + " to " + &month_words(rng, dates.to),
    );
    let (restriction, words) = restricted_entry(rng, "1.3", faction);
    let area = area.map_or(String::new(), |a| format!(" for use in {a}"));
    let text = format!("Dates and RF{area} are {first} (1.2), and {second}{restriction}.");
    (text, split, faction, words)
}
