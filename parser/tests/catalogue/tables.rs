//! The catalogue's tables (docs/notes.md, "a Markdown table"): a meaning written as a
//! maintainer's Markdown table, its header words, layout, cells and alignment chosen at random
//! — a place column with "From"/"To" or "Period" columns, or periods alone; a place repeated
//! as a blank cell; any period form of the catalogue in a cell; "EOW" or "end" for the end of
//! the DATES; an RF as a number or "RF 1.3".

use qm_schema::{Period, YearMonth};

use super::rng::Rng;
use super::{month_form, rf_number, when_form, Meaning};

const PLACE_HEADS: [&str; 5] = ["Theater", "Theatre", "Area", "Front", "Theaters"];
const FROM_HEADS: [&str; 3] = ["From", "Start", "First"];
const TO_HEADS: [&str; 4] = ["To", "Until", "End", "Last"];
const PERIOD_HEADS: [&str; 4] = ["Period", "Dates", "Years", "When"];
const RF_HEADS: [&str; 3] = ["RF", "Rarity", "Rarity Factor"];

/// How the table gives an entry's months.
#[derive(Clone, Copy, PartialEq)]
enum Months {
    /// A "From" and a "To" column.
    FromTo,
    /// One "Period" column.
    Period,
}

/// `m` as a Markdown table (with a lead-in line ending in a colon, at times).
pub fn table(rng: &mut Rng, m: &Meaning) -> String {
    let anywhere = m.sections.iter().all(|(a, _)| a.is_none());
    let months = if rng.chance(50) {
        Months::FromTo
    } else {
        Months::Period
    };
    let mut head: Vec<String> = Vec::new();
    if !anywhere {
        head.push(heading(rng, &PLACE_HEADS));
    }
    match months {
        Months::FromTo => {
            head.push(heading(rng, &FROM_HEADS));
            head.push(heading(rng, &TO_HEADS));
        }
        Months::Period => head.push(heading(rng, &PERIOD_HEADS)),
    }
    head.push(heading(rng, &RF_HEADS));
    let mut out = String::new();
    if anywhere && rng.chance(30) {
        out.push_str(rng.pick(&["All theaters:\n\n", "Dates and RF:\n", "As follows:\n\n"]));
    }
    out.push_str(&row(&head));
    let delimiter: Vec<String> = head
        .iter()
        .map(|_| rng.pick(&["---", ":--", "--:", ":-:", "-"]).to_string())
        .collect();
    out.push_str(&row(&delimiter));
    for (area, entries) in &m.sections {
        let mut prev: Option<Period> = None;
        for &(p, rf) in entries {
            let mut cells = Vec::new();
            if let Some(a) = area {
                // A blank cell repeats the place above it.
                let blank = prev.is_some() && rng.chance(60);
                cells.push(if blank {
                    String::new()
                } else {
                    (*a).to_string()
                });
            }
            match months {
                Months::FromTo => {
                    cells.push(from_cell(rng, p.from));
                    cells.push(to_cell(rng, p.to, m.dates));
                }
                Months::Period => cells.push(when_form(rng, p, m.dates, prev)),
            }
            cells.push(rf_cell(rng, rf));
            out.push_str(&row(&cells));
            prev = Some(p);
        }
    }
    out
}

/// A header cell: one of `words`, at times in another case or emphasized.
fn heading(rng: &mut Rng, words: &[&str]) -> String {
    let w = rng.pick(words);
    match rng.below(6) {
        0 => w.to_uppercase(),
        1 => w.to_lowercase(),
        2 => format!("**{w}**"),
        _ => w.to_string(),
    }
}

/// "| a | b |".
fn row(cells: &[String]) -> String {
    format!("| {} |\n", cells.join(" | "))
}

/// A first month: a month form, or its year alone when it is January.
fn from_cell(rng: &mut Rng, m: YearMonth) -> String {
    if m.month == 1 && rng.chance(50) {
        return year(rng, m.year);
    }
    month_form(rng, m)
}

/// A last month: a month form, its year alone when it is December, or the war's end when it
/// is the DATES' last.
fn to_cell(rng: &mut Rng, m: YearMonth, dates: Period) -> String {
    if m == dates.to && rng.chance(50) {
        return rng.pick(&["EOW", "end", "the end of the war"]).to_string();
    }
    if m.month == 12 && rng.chance(50) {
        return year(rng, m.year);
    }
    month_form(rng, m)
}

fn year(rng: &mut Rng, y: u16) -> String {
    if (1900..2000).contains(&y) && rng.chance(50) {
        format!("{:02}", y % 100)
    } else {
        y.to_string()
    }
}

/// An RF cell: the number, or "RF" and the number.
fn rf_cell(rng: &mut Rng, t: u32) -> String {
    let n = rf_number(rng, t, false);
    if rng.chance(25) {
        format!("RF {n}")
    } else {
        n
    }
}
