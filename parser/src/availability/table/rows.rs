//! A table's rows read into lines of meaning: the vehicle, place and faction a row is about,
//! its months, whether it says "not available", and its RF or amount. A column headed by a
//! name ("| Period | Zorin | Zorin C |") makes one line per row and name, the name its key.

use super::super::grammar_error::Ctx;
use super::super::period_token::join;
use super::super::syntax::{EntryWhen, PrintedRf};
use super::super::when::when;
use super::cells::{point_cell, value, values, Point, Value};
use super::columns::{Column, Named};
use super::layout::Row;

/// What one row says (for one named column, when the table has them).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Line<'a> {
    /// The row's text.
    pub(crate) row: &'a str,
    /// The vehicle it is about, if the table names one.
    pub(crate) vehicle: Option<&'a str>,
    /// The place it is about.
    pub(crate) place: Option<&'a str>,
    /// The faction it is about.
    pub(crate) faction: Option<&'a str>,
    /// Its months; `None`: whenever the vehicle serves.
    pub(crate) when: Option<EntryWhen>,
    /// True when it says "not available" (a "—" for its months or its RF).
    pub(crate) dash: bool,
    /// The RF.
    pub(crate) rf: Option<PrintedRf>,
    /// An amount on the RF the rest of the note gives: amount, taken away, cap.
    pub(crate) change: Option<(PrintedRf, bool, Option<PrintedRf>)>,
}

/// The lines of one row; `Err` with the cell no reader takes.
pub(crate) fn lines<'a>(
    ctx: &Ctx<'a>,
    columns: &[Column<'a>],
    row: &Row<'a>,
) -> Result<Vec<Line<'a>>, &'a str> {
    let mut base = Line {
        row: row.line,
        vehicle: None,
        place: None,
        faction: None,
        when: None,
        dash: false,
        rf: None,
        change: None,
    };
    let mut from = None;
    let mut to = None;
    let mut named = Vec::new();
    for (column, &cell) in columns.iter().zip(&row.cells) {
        // A blank first row's cell says nothing.
        if cell.is_empty() {
            continue;
        }
        match column {
            Column::Vehicle => base.vehicle = Some(cell),
            Column::Place => base.place = Some(cell),
            Column::Faction => base.faction = Some(cell),
            Column::From => from = Some(point_cell(ctx, cell)?),
            Column::To => to = Some(point_cell(ctx, cell)?),
            Column::Period | Column::Rf => take(&mut base, value(ctx, cell)?, cell)?,
            Column::Notes => {
                for v in values(ctx, cell)? {
                    take(&mut base, v, cell)?;
                }
            }
            Column::Of(name) => named.push((Some(*name), None, cell)),
            Column::In(months) => named.push((None, Some(*months), cell)),
        }
    }
    if from.is_some() || to.is_some() {
        span(ctx, &mut base, from, to, row.line)?;
    }
    if named.is_empty() {
        return Ok(vec![base]);
    }
    named
        .into_iter()
        .map(|(name, months, cell)| {
            let mut line = base.clone();
            match name {
                Some(Named::Vehicle(v)) => line.vehicle = Some(v),
                Some(Named::Place(p)) => line.place = Some(p),
                Some(Named::Other(f)) => line.faction = Some(f),
                None => {}
            }
            if let Some(m) = months {
                let (_, w) = when(ctx, m).map_err(|_| m)?;
                take(&mut line, Value::When(w), m)?;
            }
            take(&mut line, value(ctx, cell)?, cell)?;
            Ok(line)
        })
        .collect()
}

/// One value into the line; `Err` with the cell when the line has that value already.
fn take<'a>(line: &mut Line<'a>, v: Value, cell: &'a str) -> Result<(), &'a str> {
    match v {
        Value::Dash => line.dash = true,
        Value::When(w) if line.when.is_none() => line.when = Some(w),
        Value::Rf(rf) if line.rf.is_none() => line.rf = Some(rf),
        Value::Change { delta, lower, max } if line.change.is_none() => {
            line.change = Some((delta, lower, max));
        }
        _ => return Err(cell),
    }
    Ok(())
}

/// The months of a "From" and a "To" cell.
fn span<'a>(
    ctx: &Ctx<'a>,
    line: &mut Line<'a>,
    from: Option<Point>,
    to: Option<Point>,
    row: &'a str,
) -> Result<(), &'a str> {
    let when = match (from, to) {
        (Some(Point::Dash), _) | (_, Some(Point::Dash)) => {
            line.dash = true;
            return Ok(());
        }
        (Some(Point::At(a)), Some(Point::At(b))) => EntryWhen::Period(join(ctx, a, b)),
        (Some(Point::At(a)), Some(Point::WarEnd) | None) => EntryWhen::From(a),
        (None, Some(Point::At(b))) => EntryWhen::Until(b),
        _ => return Err(row),
    };
    if line.when.is_some() {
        return Err(row);
    }
    line.when = Some(when);
    Ok(())
}

/// True when a key cell names every place or faction the table does not name in another row
/// ("all", "others", "elsewhere").
pub(crate) fn is_every(cell: &str) -> bool {
    const EVERY: [&str; 16] = [
        "all",
        "all theaters",
        "all theatres",
        "all others",
        "all other",
        "all other theaters",
        "all other theatres",
        "others",
        "other",
        "any other",
        "elsewhere",
        "everywhere",
        "every theater",
        "everyone else",
        "anyone else",
        "the rest",
    ];
    let c = cell.trim().to_lowercase();
    EVERY.contains(&c.as_str())
}

/// True when the line says nothing but "not available".
pub(crate) fn only_dash(line: &Line<'_>) -> bool {
    line.dash && line.rf.is_none() && line.change.is_none()
}
