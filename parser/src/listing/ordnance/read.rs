//! One ordnance cell read with its column's grammar, the same for both layouts.

use std::ops::Range;

use super::cells::{self, is_none_mark};
use super::column::GunColumn;
use super::special::special;
use super::syntax::OrdnanceRow;
use super::typos;
use crate::listing::cells::{bpv, breakdown, dates, note_ref, rf, Problem, ProblemKind};
use crate::listing::reader::Reader;
use crate::Cell;

/// Reads the cell at `f` of `column` into `row` (the Name is read apart).
pub(crate) fn read_cell(
    reader: &mut Reader<'_>,
    row: &mut OrdnanceRow,
    column: GunColumn,
    f: Range<usize>,
) {
    match column {
        GunColumn::Name => {}
        GunColumn::Type => row.gun_type = dashed(reader, f, column, cells::gun_types),
        GunColumn::CSize => {
            row.caliber = reader.cell(f, column, |t| hinted(cells::caliber(t), t, typos::caliber));
        }
        GunColumn::Rof => row.rof = reader.cell(f, column, cells::rof),
        GunColumn::Breakdown => row.breakdown = reader.cell(f, column, breakdown),
        GunColumn::Range => row.range = reader.cell(f, column, cells::range),
        GunColumn::Manhandling => row.manhandling = dashed(reader, f, column, cells::manhandling),
        GunColumn::TargetSize => row.target_size = dashed(reader, f, column, cells::target_size),
        GunColumn::Dates => {
            row.dates = reader.cell(f, column, |t| hinted(dates(t), t, typos::dates));
        }
        GunColumn::Special => row.special = reader.parts_cell(f, column, special),
        GunColumn::Bpv => row.bpv = dashed(reader, f, column, bpv),
        GunColumn::Rf => row.rf = dashed(reader, f, column, rf),
        GunColumn::Notes => read_notes(reader, row, f),
    }
}

/// `read`'s result, a syntax error turned into a typo's when `typo` says what was probably
/// meant.
fn hinted<T>(
    read: Result<T, Problem>,
    text: &str,
    typo: fn(&str) -> Option<String>,
) -> Result<T, Problem> {
    read.map_err(|problem| match (&problem.kind, typo(text)) {
        (ProblemKind::Syntax, Some(hint)) => Problem {
            kind: ProblemKind::Typo { hint },
            range: None,
        },
        _ => problem,
    })
}

/// A cell whose column prints `–` for none: that mark reads as no value, anything else with
/// `grammar`.
fn dashed<T>(
    reader: &mut Reader<'_>,
    f: Range<usize>,
    column: GunColumn,
    grammar: fn(&str) -> Result<T, Problem>,
) -> Option<Cell<T>> {
    let cell = reader.cell(f, column, |t| {
        if is_none_mark(t) {
            Ok(None)
        } else {
            grammar(t).map(Some)
        }
    })?;
    Some(Cell {
        raw: cell.raw,
        span: cell.span,
        dagger: cell.dagger,
        footnote: cell.footnote,
        superscript: cell.superscript,
        value: cell.value.map(Option::flatten),
    })
}

/// Notes: references split by commas (or spaces), each its own cell; VASL's own ids (`12v`,
/// `g1`) kept apart as printed.
fn read_notes(reader: &mut Reader<'_>, row: &mut OrdnanceRow, f: Range<usize>) {
    let text = reader.source.text[f.clone()].to_owned();
    let mut start = 0;
    for piece in text.split([',', ' ']) {
        let range = f.start + start..f.start + start + piece.len();
        start += piece.len() + 1;
        let Some(trimmed) = reader.trim(range.clone()) else {
            continue;
        };
        let inner = &reader.source.text[trimmed.inner.clone()];
        if crate::listing::cells::is_foreign_note_id(inner) {
            row.vasl_note_ids
                .push(reader.source.text[trimmed.raw].to_owned());
            continue;
        }
        if is_nationality_mark(inner) {
            if let Some(cell) = reader.cell(range, GunColumn::Notes, |t| Ok(t.to_owned())) {
                row.nationality_marks.push(cell);
            }
            continue;
        }
        let read = |t: &str| hinted(note_ref(t), t, typos::note);
        if let Some(cell) = reader.cell(range, GunColumn::Notes, read) {
            row.note_refs.push(cell);
        }
    }
}

/// A nationality mark in the Notes (`Gr`, `Ne`, `De`): a capital and lower-case letters,
/// which no note reference is (notes are numbers, capitals `A`/`AA`, or one lower-case
/// letter). Which nationality it names is the nation's data, not the reader's.
pub(crate) fn is_nationality_mark(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && text.len() > 1
        && chars.all(|c| c.is_ascii_lowercase())
}
