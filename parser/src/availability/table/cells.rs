//! What one table cell says, read by the grammar's own small readers: "—" (not available),
//! months ("40-41", "43-EOW", "from 9/42"), one month or the war's end (a "From" or "To"
//! cell), an RF ("1.3", "RF 1.5") or an amount ("RF +.1", ".2 higher", "+.1 (max 1.6)"). A
//! notes cell may hold several, split at commas and semicolons.

use nom::Parser;

use super::super::grammar_error::Ctx;
use super::super::lexeme::ws0;
use super::super::relative_words::copy_amount;
use super::super::rf_words::rf_noun;
use super::super::syntax::{EntryWhen, PrintedPeriod, PrintedRf};
use super::super::when::{point, war_end, when};

/// What a cell (or one item of a notes cell) says.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Value {
    /// "—", "n/a", "none": not available.
    Dash,
    /// Months.
    When(EntryWhen),
    /// The RF itself.
    Rf(PrintedRf),
    /// An amount on the RF the rest of the note gives, and a cap.
    Change {
        /// The amount.
        delta: PrintedRf,
        /// True when it is taken away.
        lower: bool,
        /// The cap.
        max: Option<PrintedRf>,
    },
}

/// One end of a "From" or "To" cell.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Point {
    /// A month or a year ("3/38", "39").
    At(PrintedPeriod),
    /// The war's end ("EOW", "end").
    WarEnd,
    /// "—".
    Dash,
}

/// Words of a cell that say "not available".
const DASHES: [&str; 9] = [
    "—",
    "–",
    "-",
    "−",
    "n/a",
    "na",
    "none",
    "never",
    "not available",
];

/// True when the cell says "not available".
pub(crate) fn is_dash(cell: &str) -> bool {
    let c = cell.trim().to_lowercase();
    DASHES.contains(&c.as_str())
}

/// The cell, whole, as one value; `Err` with the words no reader takes.
pub(crate) fn value<'a>(ctx: &Ctx<'a>, cell: &'a str) -> Result<Value, &'a str> {
    if is_dash(cell) {
        return Ok(Value::Dash);
    }
    if let Some(rf) = whole(cell, |i| rf_noun(ctx, i, false)) {
        return Ok(Value::Rf(rf));
    }
    if let Some(w) = whole(cell, |i| when(ctx, i)) {
        return Ok(Value::When(w));
    }
    match copy_amount(ctx, cell, None, false) {
        Some((Some((delta, lower)), max)) => Ok(Value::Change { delta, lower, max }),
        _ => Err(cell),
    }
}

/// Every value of a notes cell, its items split at commas and semicolons.
pub(crate) fn values<'a>(ctx: &Ctx<'a>, cell: &'a str) -> Result<Vec<Value>, &'a str> {
    let mut out = Vec::new();
    let mut rest = cell;
    while !rest.is_empty() {
        let end = rest.find([',', ';']).unwrap_or(rest.len());
        let item = rest[..end].trim();
        if !item.is_empty() {
            out.push(value(ctx, item)?);
        }
        rest = rest.get(end + 1..).unwrap_or("");
    }
    Ok(out)
}

/// A "From" or "To" cell; `Err` with the cell when it is neither a month nor the war's end.
pub(crate) fn point_cell<'a>(ctx: &Ctx<'a>, cell: &'a str) -> Result<Point, &'a str> {
    if is_dash(cell) {
        return Ok(Point::Dash);
    }
    if whole(cell, war_end).is_some() {
        return Ok(Point::WarEnd);
    }
    whole(cell, |i| point(ctx, i)).map(Point::At).ok_or(cell)
}

/// What `read` makes of the whole of `cell` (trailing spaces aside), or `None`.
fn whole<'a, T, E>(
    cell: &'a str,
    mut read: impl FnMut(&'a str) -> Result<(&'a str, T), E>,
) -> Option<T> {
    let (rest, v) = read(cell).ok()?;
    let (rest, _) = ws0.parse(rest).ok()?;
    rest.is_empty().then_some(v)
}
