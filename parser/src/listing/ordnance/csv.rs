//! VASL's layout (`ordnance.csv`, its `data/<nation>_ordnance.csv`): the columns `count, name,
//! gun_type, caliber, rof_ife, ...` with VASL's markup. The records and the markup are read by
//! the vehicle CSV's own reader (`records`, `markup::scan_field`); every cell then goes through
//! the ordnance grammars, and the markup that carries a value (a bold M#, an overlined
//! caliber) is put back on the value.

use std::ops::Range;

use qm_schema::{CaliberMark, LimberedItem, MarkupKind, SpecialItem};

use super::column::GunColumn;
use super::limbered::{vasl_limbered, LimberedColumn};
use super::read::read_cell;
use super::syntax::{OrdnanceListing, OrdnanceRow};
use super::tsv::read_name;
use crate::listing::column::Column;
use crate::listing::reader::Reader;
use crate::listing::vasl_csv::columns::VaslColumn;
use crate::listing::vasl_csv::markup::{plain_reader, plain_text, scan_records, Found, Scanned};
use crate::listing::vasl_csv::read::formula_cells;
use crate::listing::vasl_csv::records::{records, Record};
use crate::{Cell, Diagnostic, Parsed, Source};

/// A field's column: a listing column, VASL's `limbered` (kept on the row), or another one
/// only VASL has.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Field {
    Gun(GunColumn),
    Limbered,
    Vasl,
}

/// VASL's column asking for a gun's limbered side.
const LIMBERED_COLUMN: &str = "limbered";

/// Reads an ordnance listing in VASL's CSV layout. Never fails and never panics.
pub fn parse_ordnance_csv(source: &Source) -> Parsed<OrdnanceListing> {
    let records = records(&source.text);
    let mut diagnostics = Vec::new();
    // A cell a spreadsheet would run is warned about as in `listing.csv`.
    formula_cells(source, &records, &mut diagnostics);
    let Some((layout, data)) = layout(source, &records, &mut diagnostics) else {
        return Parsed {
            value: OrdnanceListing::default(),
            diagnostics,
        };
    };
    let mut scanned = Scanned::default();
    let columns: Vec<Option<VaslColumn>> = layout.iter().map(|c| markup_column(*c)).collect();
    let found = scan_records(source, data, &columns, &mut scanned);
    diagnostics.append(&mut scanned.diagnostics);
    let plain = plain_text(source, &mut scanned);
    let mut reader = plain_reader(&plain, &mut scanned);
    let mut listing = OrdnanceListing::default();
    for (record, fields) in data.iter().zip(&found) {
        let found: Vec<&[Found]> = fields.iter().map(|r| &scanned.found[r.clone()]).collect();
        match read_record(&mut reader, source, record, &layout, &found) {
            Some(row) => listing.rows.push(row),
            None => listing.skipped += 1,
        }
    }
    for mut d in reader.diagnostics {
        if let Some(span) = d.span.as_mut() {
            span.range = plain.original_range(span.range.clone());
        }
        diagnostics.push(d);
    }
    for row in &mut listing.rows {
        remap_row(row, &plain);
    }
    diagnostics.sort_by_key(|d| d.span.as_ref().map(|s| s.range.start));
    Parsed {
        value: listing,
        diagnostics,
    }
}

/// How the markup reader treats a column: VASL's own columns verbatim (their `<*>` is no
/// tag), the listing's as the vehicle column of the same kind (where a superscript is kept).
fn markup_column(column: Field) -> Option<VaslColumn> {
    let like = |c| Some(VaslColumn::Listing(c));
    match column {
        Field::Vasl | Field::Limbered => Some(VaslColumn::Own("overrides")),
        Field::Gun(GunColumn::Name) => like(Column::Name),
        Field::Gun(GunColumn::Notes) => like(Column::Notes),
        Field::Gun(GunColumn::Type) => like(Column::Type),
        // Single values and the Special list: a superscript stays with the value.
        Field::Gun(_) => like(Column::Secondary),
    }
}

/// The columns named by the header and the data records; `None` (reported) when the first
/// record is not VASL's ordnance header.
fn layout<'r>(
    source: &Source,
    records: &'r [Record],
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<(Vec<Field>, &'r [Record])> {
    let first = records.first()?;
    let layout: Vec<Field> = first
        .fields
        .iter()
        .map(|f| {
            let name = &source.text[f.clone()];
            match GunColumn::from_vasl(name) {
                Some(c) => Field::Gun(c),
                None if name.trim() == LIMBERED_COLUMN => Field::Limbered,
                None => Field::Vasl,
            }
        })
        .collect();
    let named = |c| layout.contains(&Field::Gun(c));
    if !(named(GunColumn::Name) && named(GunColumn::Type)) {
        diagnostics.push(
            Diagnostic::error(
                "ordnance::missing-header",
                "failed to find VASL's ordnance header (the first row does not name the columns name, gun_type, caliber, ...)",
                source.span(first.range.clone()),
            )
            .with_label("not VASL's ordnance header")
            .with_help("start ordnance.csv with VASL's header row: count,name,gun_type,caliber,rof_ife,breakdown,range,manhandling,target_size,dates,special,bpv,rf,notes,..."),
        );
        return None;
    }
    Some((layout, &records[1..]))
}

/// The record's gun row, or `None` for a record that holds no gun of the listing: a caption
/// (`<b>POLISH</b>` with no name), the bold header repeated, or a VASL-only piece (a row
/// with no value of its own and only VASL's note ids).
fn read_record(
    reader: &mut Reader<'_>,
    original: &Source,
    record: &Record,
    layout: &[Field],
    found: &[&[Found]],
) -> Option<OrdnanceRow> {
    let plain = reader.source;
    // Each gun column: its plain text range and the markup of its field.
    let cells: Vec<GunCell<'_>> = record
        .fields
        .iter()
        .zip(layout)
        .zip(found)
        .filter_map(|((f, c), markup)| match c {
            Field::Gun(g) => Some((*g, *markup, plain.text_range(f.clone()))),
            Field::Vasl | Field::Limbered => None,
        })
        .collect();

    let text = |c: GunColumn| {
        cells
            .iter()
            .find(|(g, _, _)| *g == c)
            .map_or("", |(_, _, p)| plain.text[p.clone()].trim())
    };
    let has_values = cells.iter().any(|(g, _, p)| {
        !matches!(
            g,
            GunColumn::Name | GunColumn::Type | GunColumn::Special | GunColumn::Notes
        ) && !plain.text[p.clone()].trim().is_empty()
    });
    let vasl_notes_only = !text(GunColumn::Notes).is_empty()
        && text(GunColumn::Notes)
            .split([',', ' '])
            .filter(|n| !n.trim().is_empty())
            .all(|n| crate::listing::cells::is_foreign_note_id(n.trim()));
    let header = text(GunColumn::Name) == "Name" && text(GunColumn::Type) == "Type";
    if text(GunColumn::Name).is_empty() && !has_values || header || !has_values && vasl_notes_only {
        return None;
    }
    let whole = plain.text_range(record.range.clone());
    let limbered = limbered(plain, record, layout);
    let Some([first, second]) = two_lines(original, plain, &cells) else {
        return Some(read_line(reader, record.line, whole, limbered, &cells));
    };
    let mut row = read_line(reader, record.line, whole.clone(), limbered, &first);
    let line = read_line(reader, record.line, whole, None, &second);
    row.second_line = Some(Box::new(line));
    Some(row)
}

/// A gun column's cell: the column, its field's markup, its plain text range.
type GunCell<'f> = (GunColumn, &'f [Found], Range<usize>);

/// One gun row from its cells.
fn read_line(
    reader: &mut Reader<'_>,
    line: usize,
    whole: Range<usize>,
    limbered: Option<Range<usize>>,
    cells: &[GunCell<'_>],
) -> OrdnanceRow {
    let name_field = cells
        .iter()
        .find(|(g, _, _)| *g == GunColumn::Name)
        .map(|(_, _, p)| p.clone());
    let name = read_name(reader, name_field, whole.start);
    let mut row = OrdnanceRow::new(reader.source.span(whole), line, name);
    if let Some(f) = limbered {
        row.vasl_limbered = Some(reader.source.text[f.clone()].trim().to_owned());
        row.vasl_limbered_read = reader.cell(f, LimberedColumn, vasl_limbered);
    }
    for (column, _, p) in cells {
        read_cell(reader, &mut row, *column, p.clone());
    }
    for (column, markup, _) in cells {
        apply_markup(&mut row, *column, markup);
    }
    row
}

/// A gun the listing prints on two lines, which VASL keeps in one record (every cell holding
/// its two lines split by a line break, as `M76 A` the mortar and infantry gun): the cells of
/// each line, each with the markup inside it (a cell on one line belongs to the first).
/// `None` for a record of one line, or of more than two (read as one: its cells' errors say
/// so).
fn two_lines<'f>(
    original: &Source,
    plain: &Source,
    cells: &[GunCell<'f>],
) -> Option<[Vec<GunCell<'f>>; 2]> {
    // The reader's plain text has a space where the field has its line break.
    let is_break = |q: usize| {
        plain.text.as_bytes()[q] == b' '
            && original.text[plain.original_range(q..q + 1)].contains('\n')
    };
    let split: Vec<Vec<Range<usize>>> = cells
        .iter()
        .map(|(_, _, p)| {
            let mut pieces = Vec::new();
            let mut start = p.start;
            for q in p.clone().filter(|q| is_break(*q)) {
                pieces.push(start..q);
                start = q + 1;
            }
            pieces.push(start..p.end);
            pieces
        })
        .collect();
    let most = split.iter().map(Vec::len).max()?;
    if most != 2 {
        return None;
    }
    let mut lines = [Vec::new(), Vec::new()];
    for ((column, markup, _), pieces) in cells.iter().zip(split) {
        for (k, piece) in pieces.into_iter().enumerate() {
            let original = plain.original_range(piece.clone());
            let inside = markup
                .iter()
                .position(|m| original.contains(&m.content.start))
                .map_or(&markup[..0], |from| {
                    let to = markup[from..]
                        .iter()
                        .take_while(|m| original.contains(&m.content.start))
                        .count();
                    &markup[from..from + to]
                });
            lines[k].push((*column, inside, piece));
        }
    }
    Some(lines)
}

/// The record's `limbered` field in the plain text; `None` when blank or absent.
fn limbered(plain: &Source, record: &Record, layout: &[Field]) -> Option<Range<usize>> {
    record
        .fields
        .iter()
        .zip(layout)
        .find(|(_, c)| **c == Field::Limbered)
        .map(|(f, _)| plain.text_range(f.clone()))
        .filter(|f| !plain.text[f.clone()].trim().is_empty())
}

/// Puts back on a value the markup that carries it: a bold M# (also inside the Special
/// column's limbered-firing bracket), the lines over and under a caliber. `found` is the
/// markup of the cell's own field.
fn apply_markup(row: &mut OrdnanceRow, column: GunColumn, found: &[Found]) {
    let kinds: Vec<MarkupKind> = found.iter().map(|m| m.kind).collect();
    let bold = kinds.contains(&MarkupKind::Bold);
    match column {
        GunColumn::Manhandling if bold => {
            if let Some(Ok(Some(m))) = row.manhandling.as_mut().map(|c| c.value.as_mut()) {
                m.bold = true;
            }
        }
        GunColumn::Special if bold => {
            for item in row
                .special
                .iter_mut()
                .flat_map(|c| c.value.iter_mut().flatten().flatten())
            {
                if let SpecialItem::Limbered { items, .. } = item {
                    for i in items {
                        if let LimberedItem::Manhandling { manhandling } = i {
                            manhandling.bold = true;
                        }
                    }
                }
            }
        }
        GunColumn::CSize => {
            if let Some(Ok(Some(c))) = row.caliber.as_mut().map(|c| c.value.as_mut()) {
                for (kind, mark) in [
                    (MarkupKind::Overline, CaliberMark::Overline),
                    (MarkupKind::Underline, CaliberMark::Underline),
                ] {
                    if kinds.contains(&kind) && !c.marks.contains(&mark) {
                        c.marks.push(mark);
                    }
                }
            }
        }
        _ => {}
    }
}

/// Every span of the row, from the plain text back to the published bytes.
fn remap_row(row: &mut OrdnanceRow, plain: &Source) {
    fn at<T>(cell: &mut Cell<T>, plain: &Source) {
        cell.span.range = plain.original_range(cell.span.range.clone());
    }
    fn opt<T>(cell: &mut Option<Cell<T>>, plain: &Source) {
        if let Some(c) = cell {
            at(c, plain);
        }
    }
    row.span.range = plain.original_range(row.span.range.clone());
    at(&mut row.name, plain);
    opt(&mut row.gun_type, plain);
    opt(&mut row.caliber, plain);
    opt(&mut row.rof, plain);
    opt(&mut row.breakdown, plain);
    opt(&mut row.range, plain);
    opt(&mut row.manhandling, plain);
    opt(&mut row.target_size, plain);
    opt(&mut row.dates, plain);
    opt(&mut row.special, plain);
    opt(&mut row.bpv, plain);
    opt(&mut row.rf, plain);
    opt(&mut row.vasl_limbered_read, plain);
    for n in &mut row.note_refs {
        at(n, plain);
    }
    for n in &mut row.nationality_marks {
        at(n, plain);
    }
    if let Some(line) = row.second_line.as_deref_mut() {
        remap_row(line, plain);
    }
}
