//! The markup that carries a value of a vehicle's cell, put back on the value read from the
//! plain text: the lines over and under a caliber (MA, SA), and an MG printed raised
//! (`4<sup>R2</sup>`: a rear MG printed after the bow's as a superscript).

use std::ops::Range;

use qm_schema::{CaliberMark, MarkupKind, MgFactor};

use crate::listing::column::Column;
use crate::{Cell, ListingRow};

/// Puts the markup `found` of the cell of `column` (ranges of the plain text, the cell's text
/// `text` starting at `start`) on its value in `row`.
pub(crate) fn apply(
    column: Column,
    found: &[(MarkupKind, Range<usize>)],
    text: &str,
    start: usize,
    row: &mut ListingRow,
) {
    match column {
        Column::MainArmament => {
            if let Some(ma) = value(&mut row.main_armament) {
                add_marks(&mut ma.caliber_marks, found);
            }
        }
        Column::Secondary => {
            if let Some(sa) = value(&mut row.secondary) {
                add_marks(&mut sa.caliber_marks, found);
            }
        }
        Column::MgBow | Column::MgCoax | Column::MgAa => {
            let cell = match column {
                Column::MgBow => &mut row.mg_bow,
                Column::MgCoax => &mut row.mg_coax,
                _ => &mut row.mg_aa,
            };
            if let Some(mg) = value(cell) {
                raise_mgs(mg, found, text, start);
            }
        }
        _ => {}
    }
}

fn value<T>(cell: &mut Option<Cell<T>>) -> Option<&mut T> {
    cell.as_mut()?.value.as_mut().ok()?.as_mut()
}

/// The caliber's lines, in the order the markup gives them.
fn add_marks(marks: &mut Vec<CaliberMark>, found: &[(MarkupKind, Range<usize>)]) {
    for (kind, _) in found {
        let mark = match kind {
            MarkupKind::Underline => CaliberMark::Underline,
            MarkupKind::Overline => CaliberMark::Overline,
            _ => continue,
        };
        if !marks.contains(&mark) {
            marks.push(mark);
        }
    }
}

/// Marks raised each MG whose mount letter (`R`, `S`: the only capitals an MG cell prints)
/// lies inside a superscript.
fn raise_mgs(mg: &mut MgFactor, found: &[(MarkupKind, Range<usize>)], text: &str, start: usize) {
    let raised: Vec<&Range<usize>> = found
        .iter()
        .filter(|(k, _)| *k == MarkupKind::Superscript)
        .map(|(_, r)| r)
        .collect();
    if raised.is_empty() {
        return;
    }
    let mut letters = text
        .char_indices()
        .filter(|(_, c)| matches!(c, 'R' | 'S'))
        .map(|(i, _)| start + i);
    for w in mg.weapons.iter_mut().filter(|w| w.mount.is_some()) {
        if let Some(at) = letters.next() {
            w.raised = raised.iter().any(|r| r.contains(&at));
        }
    }
}
