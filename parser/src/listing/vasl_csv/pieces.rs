//! VASL's second pieces: a later row with a vehicle's name and every listing cell but the
//! notes as published is another counter of that vehicle (VASL makes one piece per row: a
//! Waffen-SS counter `sspsw221@ss`, a variant with other `overrides`), not another vehicle.

use std::collections::HashMap;
use std::ops::Range;

use qm_schema::MarkupKind;

use crate::listing::reader::quote;
use crate::listing::vasl_csv::syntax::{VaslExtras, VaslListing, VaslPieceRow};
use crate::{is_second_line, Cell, Diagnostic, ListingRow};

/// Moves each row that repeats an earlier vehicle into that vehicle's
/// [`VaslExtras::pieces`](crate::VaslExtras::pieces), so both counters are kept and the file
/// is written back with both rows.
pub(crate) fn fold_pieces(listing: &mut VaslListing, diagnostics: &mut Vec<Diagnostic>) {
    let rows = std::mem::take(&mut listing.rows);
    let extras = std::mem::take(&mut listing.extras);
    // A vehicle's rows are found by name and type; the rest of the cells are compared then.
    let mut by_name: HashMap<(String, String), Vec<usize>> = HashMap::new();
    let second_line_after: Vec<bool> = (0..rows.len())
        .map(|i| rows.get(i + 1).is_some_and(is_second_line))
        .collect();
    for (i, (row, x)) in rows.into_iter().zip(extras).enumerate() {
        let key = key(&row);
        // A row with a second line under it keeps its place: the line belongs to it.
        let earlier = key
            .as_ref()
            .filter(|_| !second_line_after[i])
            .and_then(|k| by_name.get(k))
            .and_then(|c| {
                c.iter().copied().find(|&j| {
                    same_cells(&listing.rows[j], &row) && same_markup(&listing.extras[j], &x)
                })
            });
        if let Some(j) = earlier {
            diagnostics.push(
                Diagnostic::note(
                    "vasl::piece-row",
                    format!(
                        "kept the row `{}` as another of VASL's pieces of the vehicle above (it repeats its listing cells)",
                        quote(&row.name.raw)
                    ),
                    row.span.clone(),
                    "rows repeating a vehicle kept as another of its VASL pieces",
                )
                .with_label("another VASL piece of a vehicle"),
            );
            listing.extras[j].pieces.push(VaslPieceRow {
                span: row.span,
                line: row.line,
                extras: x,
                variant: None,
            });
            continue;
        }
        if let Some(k) = key {
            by_name.entry(k).or_default().push(listing.rows.len());
        }
        listing.rows.push(row);
        listing.extras.push(x);
    }
}

/// The row's name and type as published; `None` for a row without both (a second line).
fn key(row: &ListingRow) -> Option<(String, String)> {
    let ty = row.vehicle_type.as_ref()?;
    (!row.name.is_error()).then(|| (row.name.raw.clone(), ty.raw.clone()))
}

fn raw<T>(cell: &Option<Cell<T>>) -> Option<&str> {
    cell.as_ref().map(|c| c.raw.as_str())
}

/// True when every listing cell of `a` and `b` but the notes is the same as published.
fn same_cells(a: &ListingRow, b: &ListingRow) -> bool {
    a.name.raw == b.name.raw && texts(a) == texts(b)
}

/// True when every listing cell of `a` and `b` but the NAME and the notes is the same as
/// published (a variant row of VASL's that only recolors its vehicle).
pub(crate) fn same_values(a: &ListingRow, b: &ListingRow) -> bool {
    texts(a) == texts(b)
}

/// The published text of every listing cell but the NAME and the notes.
fn texts(r: &ListingRow) -> [Option<&str>; 24] {
    [
        raw(&r.radioless),
        raw(&r.weight),
        raw(&r.vehicle_type),
        raw(&r.bpv),
        raw(&r.rf),
        raw(&r.dates),
        raw(&r.size),
        raw(&r.armor),
        raw(&r.target_aspect),
        raw(&r.open_top),
        raw(&r.crew_survival),
        raw(&r.mp),
        raw(&r.ground_pressure),
        raw(&r.turret),
        raw(&r.main_armament),
        raw(&r.rof),
        raw(&r.breakdown),
        raw(&r.if_mark),
        raw(&r.mg_bow),
        raw(&r.mg_coax),
        raw(&r.mg_aa),
        raw(&r.secondary),
        raw(&r.ammo),
        raw(&r.capacity),
    ]
}

/// The columns a piece of its own may set apart: VASL's count, notes (its own note ids) and
/// its programs' columns; every other column is the vehicle's.
fn is_piece_column(column: &str) -> bool {
    matches!(column, "count" | "notes") || qm_schema::VASL_PROGRAM_COLUMNS.contains(&column)
}

/// True when the markup of the vehicle's columns (a bold red MP, an underlined caliber) and
/// the CSV's own columns of Chapter H values (smoke) are the same in both.
fn same_markup(a: &VaslExtras, b: &VaslExtras) -> bool {
    vehicle_markup(a) == vehicle_markup(b)
}

/// A row's markup of the vehicle's columns, its cells of Chapter H values only the CSV has,
/// and the type's place in the name.
type VehicleMarkup<'a> = (
    Vec<(&'static str, MarkupKind, Range<usize>)>,
    Vec<(&'static str, &'a str)>,
    Option<usize>,
);

fn vehicle_markup(x: &VaslExtras) -> VehicleMarkup<'_> {
    let markup: Vec<_> = x
        .markup
        .iter()
        .filter(|m| !is_piece_column(m.column))
        .map(|m| (m.column, m.kind, m.range.clone()))
        .collect();
    let cells: Vec<_> = x
        .cells
        .iter()
        .filter(|c| !is_piece_column(c.column))
        .map(|c| (c.column, c.text.as_str()))
        .collect();
    (markup, cells, x.type_position)
}
