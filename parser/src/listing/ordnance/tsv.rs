//! The publication's layout (`ordnance.tsv`): a header line naming the columns as Chapter H
//! prints them (`Name`, `Type`, `CSize`, `ROF (IFE)`, ...), then one gun a line, tab-separated.

use std::ops::Range;

use super::column::{GunColumn, GUN_COLUMNS};
use super::read::read_cell;
use super::syntax::{OrdnanceListing, OrdnanceRow};
use crate::listing::cells::name;
use crate::listing::parse::split_fields;
use crate::listing::reader::Reader;
use crate::{Cell, CellError, Diagnostic, Parsed, Source};

/// Reads an ordnance listing in the publication's layout. Never fails and never panics: bad
/// cells become error values plus diagnostics.
pub fn parse_ordnance_tsv(source: &Source) -> Parsed<OrdnanceListing> {
    let mut reader = Reader::new(source);
    let mut listing = OrdnanceListing::default();
    let mut layout: Option<Vec<Option<GunColumn>>> = None;
    let mut start = 0;
    for (index, line) in source.text.split('\n').enumerate() {
        let range = start..start + line.len();
        start += line.len() + 1;
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() {
            continue;
        }
        let fields = split_fields(line, range.start);
        let Some(columns) = &layout else {
            layout = Some(header(&mut reader, line, &fields, range.clone()));
            continue;
        };
        let row = read_row(&mut reader, columns, &fields, index + 1, range);
        listing.rows.push(row);
    }
    Parsed {
        value: listing,
        diagnostics: reader.diagnostics,
    }
}

/// The header line's columns; an unknown name is an error and its cells are not read.
fn header(
    reader: &mut Reader<'_>,
    line: &str,
    fields: &[Range<usize>],
    range: Range<usize>,
) -> Vec<Option<GunColumn>> {
    let columns: Vec<Option<GunColumn>> = fields
        .iter()
        .map(|f| GunColumn::from_header(reader.source.text[f.clone()].trim()))
        .collect();
    if !columns.contains(&Some(GunColumn::Name)) {
        reader.diagnostics.push(
            Diagnostic::error(
                "ordnance::missing-header",
                format!(
                    "failed to find the ordnance listing's header (the first line `{}` names no Name column)",
                    crate::listing::reader::quote(line)
                ),
                reader.source.span(range),
            )
            .with_label("not the header")
            .with_help(header_help()),
        );
        return GUN_COLUMNS.iter().map(|(c, _, _)| Some(*c)).collect();
    }
    for (f, c) in fields.iter().zip(&columns) {
        let text = reader.source.text[f.clone()].trim();
        if c.is_none() && !text.is_empty() {
            reader.diagnostics.push(
                Diagnostic::error(
                    "ordnance::unknown-column",
                    format!(
                        "failed to place the column `{}` (not one of the ordnance listing's); its cells are not read",
                        crate::listing::reader::quote(text)
                    ),
                    reader.source.span(f.clone()),
                )
                .with_label("unknown column")
                .with_help(header_help()),
            );
        }
    }
    columns
}

fn header_help() -> String {
    let names: Vec<&str> = GUN_COLUMNS.iter().map(|(_, h, _)| *h).collect();
    format!(
        "name the columns as Chapter H prints them: {}",
        names.join(", ")
    )
}

fn read_row(
    reader: &mut Reader<'_>,
    columns: &[Option<GunColumn>],
    fields: &[Range<usize>],
    line: usize,
    range: Range<usize>,
) -> OrdnanceRow {
    let name_field = fields
        .iter()
        .zip(columns)
        .find(|(_, c)| **c == Some(GunColumn::Name))
        .map(|(f, _)| f.clone());
    let name = read_name(reader, name_field, range.start);
    let mut row = OrdnanceRow::new(reader.source.span(range), line, name);
    for (f, c) in fields.iter().zip(columns) {
        if let Some(c) = c {
            read_cell(reader, &mut row, *c, f.clone());
        }
    }
    row
}

/// The Name cell; a row without one is an error naming the row.
pub(crate) fn read_name(
    reader: &mut Reader<'_>,
    field: Option<Range<usize>>,
    at: usize,
) -> Cell<String> {
    if let Some(cell) = field.and_then(|f| reader.cell(f, GunColumn::Name, name)) {
        if cell.get().is_some() {
            return cell;
        }
    }
    let span = reader.source.span(at..at);
    reader.diagnostics.push(
        Diagnostic::error(
            "ordnance::missing-name",
            "failed to read a gun row (its Name cell is empty)",
            span.clone(),
        )
        .with_label("no name")
        .with_help("give every gun row its Name as the listing prints it"),
    );
    Cell {
        raw: String::new(),
        span,
        dagger: false,
        footnote: None,
        superscript: None,
        value: Err(CellError),
    }
}
