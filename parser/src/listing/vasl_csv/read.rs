//! Reading `listing.csv`: the header, the rows that hold no vehicle, and every cell with its
//! listing column's grammar.

use std::ops::Range;

use qm_schema::MarkupKind;

use crate::listing::column::Column;
use crate::listing::parse::read_capacity_and_refs;
use crate::listing::reader::{quote, Reader};
use crate::listing::vasl_csv::columns::{is_vasl_header, VaslColumn, VASL_COLUMNS};
use crate::listing::vasl_csv::markup::{scan_field, Scanned};
use crate::listing::vasl_csv::records::{records, Record};
use crate::listing::vasl_csv::syntax::*;
use crate::listing::{cells, parts, weapons};
use crate::{Cell, CellError, Diagnostic, ListingRow, Parsed, Source, TextSpan};

/// Reads VASL's Chapter H CSV. Never fails and never panics: bad cells become error values
/// plus diagnostics, spans point into `source`'s text (so at the published bytes).
pub fn parse_vasl_csv(source: &Source) -> Parsed<VaslListing> {
    let records = records(&source.text);
    let mut diagnostics = Vec::new();
    let (layout, data) = layout(source, &records, &mut diagnostics);
    let mut scanned = Scanned::default();
    for record in data {
        for (field, column) in record.fields.iter().zip(layout.iter()) {
            scan_field(
                &source.text,
                source.id,
                field.clone(),
                *column,
                &mut scanned,
            );
        }
    }
    diagnostics.append(&mut scanned.diagnostics);
    // The plain text: the published text with the quotes and tags taken off. Its spans map
    // back to `source`'s text, whose own map leads to the published bytes.
    let plain = Source::with_edits(source.id, source.name.clone(), source.text.clone(), {
        let mut edits = std::mem::take(&mut scanned.edits);
        edits.sort_by_key(|e| e.original.start);
        edits
    });
    let mut reading = Reading {
        reader: Reader::new(&plain),
        found: scanned.found,
        listing: VaslListing {
            records: data.len(),
            ..VaslListing::default()
        },
        diagnostics,
    };
    for record in data {
        reading.record(record, &layout);
    }
    let Reading {
        reader,
        mut listing,
        mut diagnostics,
        ..
    } = reading;
    let mut reader_diags = reader.diagnostics;
    for d in &mut reader_diags {
        if let Some(span) = d.span.as_mut() {
            span.range = plain.original_range(span.range.clone());
        }
    }
    diagnostics.extend(reader_diags);
    for row in &mut listing.rows {
        remap_row(row, &plain);
    }
    for extras in &mut listing.extras {
        remap_extras(extras, &plain);
    }
    for caption in &mut listing.captions {
        for cell in &mut caption.cells {
            cell.span.range = plain.original_range(cell.span.range.clone());
        }
    }
    diagnostics.sort_by_key(|d| d.span.as_ref().map(|s| s.range.start));
    Parsed {
        value: listing,
        diagnostics,
    }
}

/// The columns of the file (from its header, else VASL's order) and its data records.
fn layout<'r>(
    source: &Source,
    records: &'r [Record],
    diagnostics: &mut Vec<Diagnostic>,
) -> (Vec<Option<VaslColumn>>, &'r [Record]) {
    let default: Vec<Option<VaslColumn>> = VASL_COLUMNS.iter().map(|(_, c)| Some(*c)).collect();
    let Some(first) = records.first() else {
        return (default, records);
    };
    let names: Vec<&str> = first
        .fields
        .iter()
        .map(|f| source.text[f.clone()].trim())
        .collect();
    if !is_vasl_header(&names) {
        diagnostics.push(
            Diagnostic::error(
                "vasl::missing-header",
                "failed to find VASL's header (the first row does not name the columns count, name, radioless, ...)",
                source.span(first.range.clone()),
            )
            .with_label("not VASL's header")
            .with_help("start listing.csv with VASL's header row: count,name,radioless,weight,bpv,rf,dates,...")
            .with_note("the rows are read in VASL's column order"),
        );
        return (default, records);
    }
    let mut layout = Vec::new();
    for (name, field) in names.iter().zip(&first.fields) {
        let column = VaslColumn::from_header(name);
        let repeated = column.is_some() && layout.contains(&column);
        if (column.is_none() && !name.is_empty()) || repeated {
            diagnostics.push(unknown_column(source, name, field.clone(), repeated));
        }
        layout.push(column.filter(|_| !repeated));
    }
    (layout, &records[1..])
}

fn unknown_column(source: &Source, name: &str, field: Range<usize>, repeated: bool) -> Diagnostic {
    let guess = VASL_COLUMNS
        .iter()
        .map(|(n, _)| (strsim::jaro_winkler(n, name), *n))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, n)| n);
    let why = if repeated {
        "named twice"
    } else {
        "not one of VASL's columns"
    };
    let d = Diagnostic::warning(
        "vasl::unknown-column",
        format!(
            "failed to place the column `{}` ({why}); its cells are not read",
            quote(name)
        ),
        source.span(field),
    )
    .with_label(why);
    match guess {
        Some(g) if !repeated => d.with_help(format!("did you mean `{g}`?")),
        _ => d.with_help("name each column as VASL's header does: count, name, radioless, ..."),
    }
}

/// What a record is.
enum Kind {
    Empty,
    Caption,
    HtmlHeader,
    VaslOnly,
    Vehicle,
}

/// The state of one file's reading.
struct Reading<'s> {
    reader: Reader<'s>,
    found: Vec<crate::listing::vasl_csv::markup::Found>,
    listing: VaslListing,
    diagnostics: Vec<Diagnostic>,
}

/// A field of a record in the plain text: its column and trimmed range.
struct PlainField {
    column: VaslColumn,
    range: Range<usize>,
    text_len: usize,
}

impl Reading<'_> {
    /// The record's fields in the plain text, trimmed, by column.
    fn fields(&self, record: &Record, layout: &[Option<VaslColumn>]) -> Vec<PlainField> {
        let plain = self.reader.source;
        record
            .fields
            .iter()
            .zip(layout)
            .filter_map(|(f, c)| {
                let range = plain.text_range(f.clone());
                let text = &plain.text[range.clone()];
                let trimmed = text.trim();
                let start = range.start + (text.len() - text.trim_start().len());
                Some(PlainField {
                    column: (*c)?,
                    range: start..start + trimmed.len(),
                    text_len: trimmed.len(),
                })
            })
            .collect()
    }

    fn text(&self, range: &Range<usize>) -> &str {
        &self.reader.source.text[range.clone()]
    }

    /// The markup inside `range` of the plain text.
    fn markup_in(&self, range: &Range<usize>) -> Vec<(MarkupKind, Range<usize>)> {
        let plain = self.reader.source;
        self.found
            .iter()
            .map(|f| (f.kind, plain.text_range(f.content.clone())))
            .filter(|(_, r)| !range.is_empty() && r.start >= range.start && r.end <= range.end)
            .collect()
    }

    fn kind(&self, fields: &[PlainField], record: &Record) -> Kind {
        let get = |c: VaslColumn| fields.iter().find(|f| f.column == c);
        let text = |c| get(c).map_or("", |f| self.text(&f.range));
        let listing_empty = fields
            .iter()
            .all(|f| matches!(f.column, VaslColumn::Own(_)) || f.text_len == 0);
        if fields.iter().all(|f| f.text_len == 0) {
            return Kind::Empty;
        }
        if listing_empty {
            return Kind::Caption;
        }
        let all_bold = fields
            .iter()
            .filter(|f| matches!(f.column, VaslColumn::Listing(_)) && f.text_len > 0)
            .all(|f| {
                self.markup_in(&f.range)
                    .iter()
                    .any(|(k, r)| *k == MarkupKind::Bold && *r == f.range)
            });
        if all_bold {
            return Kind::HtmlHeader;
        }
        let none_of = [Column::Bpv, Column::Rf, Column::Dates]
            .into_iter()
            .all(|c| text(VaslColumn::Listing(c)).is_empty());
        if text(VaslColumn::Own("count")) == "0" && none_of {
            let _ = record;
            return Kind::VaslOnly;
        }
        Kind::Vehicle
    }

    fn record(&mut self, record: &Record, layout: &[Option<VaslColumn>]) {
        let fields = self.fields(record, layout);
        match self.kind(&fields, record) {
            Kind::Empty | Kind::HtmlHeader => {}
            Kind::Caption => self.caption(&fields),
            Kind::VaslOnly => self.vasl_only(record, &fields),
            Kind::Vehicle => self.vehicle(record, &fields),
        }
    }

    fn caption(&mut self, fields: &[PlainField]) {
        let cells = self.own_cells(fields, |_| true);
        let markup = self.markup_of(fields);
        let label = cells.first().map(|c| c.text.clone()).unwrap_or_default();
        self.listing.captions.push(VaslCaptionRow {
            label,
            cells,
            markup,
        });
    }

    fn vasl_only(&mut self, record: &Record, fields: &[PlainField]) {
        let name = fields
            .iter()
            .find(|f| f.column == VaslColumn::Listing(Column::Name))
            .map_or(String::new(), |f| quote(self.text(&f.range)));
        self.diagnostics.push(
            Diagnostic::warning(
                "vasl::vasl-only-row",
                format!("left out the row `{name}` (VASL's own piece: a count of 0 and no BPV, RF or DATES, not a Chapter H vehicle)"),
                TextSpan::new(self.reader.source.id, record.range.clone()),
            )
            .with_label("VASL's own piece")
            .with_help("a vehicle of the listing needs its BPV, RF and DATES; VASL's generic and shared pieces are not vehicles"),
        );
    }

    /// The cells of VASL's own columns (every one when `all`), plain.
    fn own_cells(
        &self,
        fields: &[PlainField],
        keep: impl Fn(&PlainField) -> bool,
    ) -> Vec<VaslCell> {
        fields
            .iter()
            .filter(|f| f.text_len > 0 && keep(f))
            .filter_map(|f| match f.column {
                VaslColumn::Own(column) => Some(VaslCell {
                    column,
                    text: self.text(&f.range).to_owned(),
                    span: self.reader.source.span(f.range.clone()),
                }),
                VaslColumn::Listing(_) => None,
            })
            .collect()
    }

    /// The markup of every field, offsets counted from each field's plain start.
    fn markup_of(&self, fields: &[PlainField]) -> Vec<VaslMarkup> {
        let mut out = Vec::new();
        for f in fields.iter().filter(|f| f.text_len > 0) {
            for (kind, r) in self.markup_in(&f.range) {
                out.push(VaslMarkup {
                    column: f.column.name(),
                    kind,
                    range: r.start - f.range.start..r.end - f.range.start,
                });
            }
        }
        out
    }

    fn vehicle(&mut self, record: &Record, fields: &[PlainField]) {
        let mut row = empty_row(self.reader.source, record);
        let mut extras = VaslExtras {
            caption: self.listing.captions.len().checked_sub(1),
            cells: self.own_cells(fields, |_| true),
            markup: self.markup_of(fields),
            ..VaslExtras::default()
        };
        for f in fields {
            match f.column {
                VaslColumn::Listing(Column::Name) => self.name_and_type(f, &mut row, &mut extras),
                VaslColumn::Listing(Column::Notes) => self.notes(f, &mut row, &mut extras),
                VaslColumn::Listing(column) => self.cell(f.range.clone(), column, &mut row),
                VaslColumn::Own(_) => {}
            }
        }
        extras.copies = extras
            .cells
            .iter()
            .find(|c| c.column == "count")
            .and_then(|c| copies(&c.text));
        if row.name.is_error() {
            self.reader.diagnostics.push(
                Diagnostic::error(
                    "listing::missing-name",
                    "failed to read a row (its name cell is empty)",
                    TextSpan::new(
                        self.reader.source.id,
                        self.reader.source.text_range(record.range.clone()),
                    ),
                )
                .with_label("no vehicle name")
                .with_help(
                    "put the vehicle's name and type in the name column, e.g. L3/35 <i>Tt</i>",
                ),
            );
        }
        self.listing.rows.push(row);
        self.listing.extras.push(extras);
    }

    /// The name cell: the name, then the TYPE in the `<i>` that ends it.
    fn name_and_type(&mut self, f: &PlainField, row: &mut ListingRow, extras: &mut VaslExtras) {
        let italic_type = self
            .markup_in(&f.range)
            .into_iter()
            .filter(|(k, r)| *k == MarkupKind::Italic && r.end == f.range.end)
            .max_by_key(|(_, r)| r.start);
        let name_range = match &italic_type {
            Some((_, r)) => {
                let text = &self.text(&(f.range.start..r.start));
                f.range.start..f.range.start + text.trim_end().len()
            }
            None => f.range.clone(),
        };
        if let Some((_, r)) = &italic_type {
            let offset = |x: usize| x - f.range.start;
            // The type is the name cell's italics: a field of the IR, not markup — unless it
            // is empty (`<i></i>`), which only the markup can say.
            extras.markup.retain(|m| {
                !(m.column == "name"
                    && m.kind == MarkupKind::Italic
                    && m.range == (offset(r.start)..offset(r.end))
                    && !r.is_empty())
            });
            if !r.is_empty() {
                self.type_cell(r.clone(), row);
            } else {
                for m in extras
                    .markup
                    .iter_mut()
                    .filter(|m| m.column == "name" && m.range.start >= name_range.len())
                {
                    m.range = name_range.len()..name_range.len();
                }
            }
        }
        if let Some(cell) = self
            .reader
            .cell(name_range.clone(), Column::Name, cells::name)
        {
            row.name = cell;
        } else {
            row.name = missing_name(self.reader.source, name_range.start);
        }
    }

    fn type_cell(&mut self, range: Range<usize>, row: &mut ListingRow) {
        if self.text(&range).trim() == "None" {
            // VASL's placeholder for a piece without a type: no TYPE is given.
            self.diagnostics.push(
                Diagnostic::warning(
                    "vasl::placeholder",
                    "failed to read the type `None` (VASL's placeholder for a piece without a type)",
                    TextSpan::new(self.reader.source.id, self.reader.source.original_range(range)),
                )
                .with_label("no type")
                .with_help("give the vehicle's Chapter H type in the <i> of its name cell"),
            );
            return;
        }
        row.vehicle_type = self.reader.cell(range, Column::Type, cells::vehicle_type);
    }

    /// The notes cell: entries separated by commas; a struck-through one is a note that does
    /// not apply, kept apart from the note references.
    fn notes(&mut self, f: &PlainField, row: &mut ListingRow, extras: &mut VaslExtras) {
        let struck: Vec<Range<usize>> = self
            .markup_in(&f.range)
            .into_iter()
            .filter(|(k, _)| matches!(k, MarkupKind::Strike | MarkupKind::LineThrough))
            .map(|(_, r)| r)
            .collect();
        let mut start = f.range.start;
        let text = self.text(&f.range).to_owned();
        let mut position = 0u16;
        for piece in text.split(',') {
            let range = start..start + piece.len();
            start = range.end + 1;
            if piece.trim().is_empty() {
                continue;
            }
            if struck
                .iter()
                .any(|s| s.start < range.end && range.start < s.end)
            {
                let lead = piece.len() - piece.trim_start().len();
                let r = range.start + lead..range.start + lead + piece.trim().len();
                extras.struck_notes.push(VaslStruckNote {
                    position,
                    text: piece.trim().to_owned(),
                    span: self.reader.source.span(r),
                });
            } else {
                let (_, refs) = read_capacity_and_refs(&mut self.reader, range, false);
                row.note_refs.extend(refs);
            }
            position = position.saturating_add(1);
        }
    }

    /// A listing column's cell, read with its grammar.
    fn cell(&mut self, f: Range<usize>, column: Column, row: &mut ListingRow) {
        let r = &mut self.reader;
        match column {
            Column::Radioless => row.radioless = r.cell(f, column, cells::radioless),
            Column::Weight => row.weight = r.cell(f, column, cells::weight),
            Column::Type => row.vehicle_type = r.cell(f, column, cells::vehicle_type),
            Column::Bpv => row.bpv = r.cell(f, column, cells::bpv),
            Column::Rf => row.rf = r.cell(f, column, cells::rf),
            Column::Dates => row.dates = r.cell(f, column, cells::dates),
            Column::Size => row.size = r.cell(f, column, cells::size),
            Column::Armor => row.armor = r.parts_cell(f, column, parts::armor),
            Column::TargetAspect => {
                row.target_aspect = r.parts_cell(f, column, parts::target_aspect)
            }
            Column::OpenTop => row.open_top = r.cell(f, column, cells::open_top),
            Column::CrewSurvival => row.crew_survival = r.cell(f, column, cells::crew_survival),
            Column::Mp => row.mp = r.cell(f, column, cells::small_number),
            Column::GroundPressure => {
                row.ground_pressure = r.cell(f, column, cells::ground_pressure)
            }
            Column::Turret => row.turret = r.cell(f, column, cells::turret),
            Column::MainArmament => row.main_armament = r.cell(f, column, weapons::main_armament),
            Column::Rof => row.rof = r.cell(f, column, cells::rof),
            Column::Breakdown => row.breakdown = r.cell(f, column, cells::breakdown),
            Column::IfMark => row.if_mark = r.cell(f, column, cells::if_mark),
            Column::MgBow => row.mg_bow = r.parts_cell(f, column, parts::mg),
            Column::MgCoax => row.mg_coax = r.parts_cell(f, column, parts::mg),
            Column::MgAa => row.mg_aa = r.parts_cell(f, column, parts::mg),
            Column::Secondary => row.secondary = r.cell(f, column, weapons::secondary),
            Column::Ammo => row.ammo = r.parts_cell(f, column, parts::ammo),
            Column::Capacity => row.capacity = r.parts_cell(f, column, parts::capacity),
            Column::Name | Column::Notes => {}
        }
    }
}

/// The `count` cell as a number of counters: numbers joined by `+` or `/` (`3+3`, `6/3`), a
/// `-` counting none; `None` for VASL's own marks (`Y/-/-/-`) or an empty cell.
pub(crate) fn copies(text: &str) -> Option<u16> {
    let mut total = 0u16;
    let mut any = false;
    for part in text.split(['+', '/']) {
        let part = part.trim();
        if part == "-" {
            continue;
        }
        let n: u16 = part
            .parse()
            .ok()
            .filter(|_| part.bytes().all(|b| b.is_ascii_digit()))?;
        total = total.saturating_add(n);
        any = true;
    }
    any.then_some(total)
}

fn missing_name(source: &Source, at: usize) -> Cell<String> {
    Cell {
        raw: String::new(),
        span: source.span(at..at),
        dagger: false,
        footnote: None,
        superscript: None,
        value: Err(CellError),
    }
}

/// A row with no cells read yet (spans in the plain text).
fn empty_row(plain: &Source, record: &Record) -> ListingRow {
    let range = plain.text_range(record.range.clone());
    ListingRow {
        span: plain.span(range.clone()),
        line: record.line,
        name: missing_name(plain, range.start),
        radioless: None,
        weight: None,
        vehicle_type: None,
        bpv: None,
        rf: None,
        dates: None,
        size: None,
        armor: None,
        target_aspect: None,
        open_top: None,
        crew_survival: None,
        mp: None,
        ground_pressure: None,
        turret: None,
        main_armament: None,
        rof: None,
        breakdown: None,
        if_mark: None,
        mg_bow: None,
        mg_coax: None,
        mg_aa: None,
        secondary: None,
        ammo: None,
        capacity: None,
        note_refs: Vec::new(),
    }
}

fn remap<T>(cell: &mut Option<Cell<T>>, plain: &Source) {
    if let Some(c) = cell {
        c.span.range = plain.original_range(c.span.range.clone());
    }
}

/// Moves every span of `row` from the plain text to the published text.
fn remap_row(row: &mut ListingRow, plain: &Source) {
    row.span.range = plain.original_range(row.span.range.clone());
    row.name.span.range = plain.original_range(row.name.span.range.clone());
    remap(&mut row.radioless, plain);
    remap(&mut row.weight, plain);
    remap(&mut row.vehicle_type, plain);
    remap(&mut row.bpv, plain);
    remap(&mut row.rf, plain);
    remap(&mut row.dates, plain);
    remap(&mut row.size, plain);
    remap(&mut row.armor, plain);
    remap(&mut row.target_aspect, plain);
    remap(&mut row.open_top, plain);
    remap(&mut row.crew_survival, plain);
    remap(&mut row.mp, plain);
    remap(&mut row.ground_pressure, plain);
    remap(&mut row.turret, plain);
    remap(&mut row.main_armament, plain);
    remap(&mut row.rof, plain);
    remap(&mut row.breakdown, plain);
    remap(&mut row.if_mark, plain);
    remap(&mut row.mg_bow, plain);
    remap(&mut row.mg_coax, plain);
    remap(&mut row.mg_aa, plain);
    remap(&mut row.secondary, plain);
    remap(&mut row.ammo, plain);
    remap(&mut row.capacity, plain);
    for r in &mut row.note_refs {
        r.span.range = plain.original_range(r.span.range.clone());
    }
}

fn remap_extras(extras: &mut VaslExtras, plain: &Source) {
    for c in &mut extras.cells {
        c.span.range = plain.original_range(c.span.range.clone());
    }
    for s in &mut extras.struck_notes {
        s.span.range = plain.original_range(s.span.range.clone());
    }
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
