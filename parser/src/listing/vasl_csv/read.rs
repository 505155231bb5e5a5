//! Reading `listing.csv`: the header, the rows that hold no vehicle, and every cell with its
//! listing column's grammar.

use std::ops::Range;

use qm_schema::MarkupKind;

use crate::listing::column::Column;
use crate::listing::parse::read_capacity_and_refs;
use crate::listing::reader::{quote, Reader};
use crate::listing::vasl_csv::columns::{is_vasl_header, VaslColumn, VASL_COLUMNS};
use crate::listing::vasl_csv::markup::{plain_reader, plain_text, scan_records, Scanned};
use crate::listing::vasl_csv::records::{field_value, records, Record};
use crate::listing::vasl_csv::syntax::*;
use crate::listing::vasl_csv::value_markup;
use crate::listing::{cells, parts, weapons};
use crate::{Cell, CellError, Diagnostic, ListingRow, Parsed, Source, TextSpan};

/// Reads VASL's Chapter H CSV. Never fails and never panics: bad cells become error values
/// plus diagnostics, spans point into `source`'s text (so at the published bytes).
pub fn parse_vasl_csv(source: &Source) -> Parsed<VaslListing> {
    let records = records(&source.text);
    let mut diagnostics = Vec::new();
    let (layout, data) = layout(source, &records, &mut diagnostics);
    formula_cells(source, &records, &mut diagnostics);
    let mut scanned = Scanned::default();
    let found = scan_records(source, data, &layout, &mut scanned);
    diagnostics.append(&mut scanned.diagnostics);
    let plain = plain_text(source, &mut scanned);
    let reader = plain_reader(&plain, &mut scanned);
    let mut reading = Reading {
        reader,
        published: source,
        found: scanned.found,
        listing: VaslListing {
            records: data.len(),
            ..VaslListing::default()
        },
        diagnostics,
    };
    for (record, found) in data.iter().zip(&found) {
        reading.record(record, &layout, found);
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
    super::variants::fold_variants(&mut listing, &mut diagnostics);
    super::pieces::fold_pieces(&mut listing, &mut diagnostics);
    diagnostics.sort_by_key(|d| d.span.as_ref().map(|s| s.range.start));
    Parsed {
        value: listing,
        diagnostics,
    }
}

/// The columns of the file (from its header, else VASL's order) and its data records.
pub(crate) fn layout<'r>(
    source: &Source,
    records: &'r [Record],
    diagnostics: &mut Vec<Diagnostic>,
) -> (Vec<Option<VaslColumn>>, &'r [Record]) {
    let default: Vec<Option<VaslColumn>> = VASL_COLUMNS.iter().map(|(_, c)| Some(*c)).collect();
    let Some(first) = records.first() else {
        return (default, records);
    };
    let values: Vec<String> = first
        .fields
        .iter()
        .map(|f| first.value(&source.text, f))
        .collect();
    let names: Vec<&str> = values.iter().map(|v| v.trim()).collect();
    if !is_vasl_header(&names) {
        diagnostics.push(
            Diagnostic::error(
                "vasl::missing-header",
                "failed to find VASL's header (the first row does not name the columns count, name, radioless, ...)",
                source.span(first.range.clone()),
            )
            .with_label("not VASL's header")
            .with_help("start listing.csv with VASL's header row: count,name,radioless,weight,bpv,rf,dates,...")
            .with_note("a listing.csv is VASL's Chapter H CSV; a file in another layout is not read"),
        );
        return (default, &[]);
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
    diagnostics.extend(missing_columns(source, first, &layout));
    (layout, &records[1..])
}

/// An error for the header naming none of VASL's columns `layout` lacks (a `listing.csv`
/// without `notes` would lose every row's notes).
fn missing_columns(
    source: &Source,
    header: &Record,
    layout: &[Option<VaslColumn>],
) -> Option<Diagnostic> {
    let missing: Vec<&str> = VASL_COLUMNS
        .iter()
        .filter(|(_, c)| !layout.contains(&Some(*c)))
        .map(|(n, _)| *n)
        .collect();
    if missing.is_empty() {
        return None;
    }
    let names = missing
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ");
    Some(
        Diagnostic::error(
            "vasl::missing-column",
            format!("failed to find the column{} {names} in the header (the rows' cells of it would be lost)", if missing.len() > 1 { "s" } else { "" }),
            source.span(header.range.clone()),
        )
        .with_label("not in the header")
        .with_help("name every one of VASL's columns in the header row: count,name,radioless,...,notes,version,piece,overrides,svg_image_transform,reverse,comments"),
    )
}

/// A warning for each field a spreadsheet would take for a formula (README: VASL's Chapter H
/// CSV); `qm export vasl-csv` writes such a cell as text.
pub(crate) fn formula_cells(
    source: &Source,
    records: &[Record],
    diagnostics: &mut Vec<Diagnostic>,
) {
    for record in records {
        for field in &record.fields {
            let value = record.value(&source.text, field);
            // A cell's line ends are the file's (a CR the text read has not): what a
            // spreadsheet opening the file reads.
            let formula = qm_schema::looks_like_formula(&value)
                || (value.starts_with('\n')
                    && source
                        .original
                        .get(source.original_range(field.clone()))
                        .is_some_and(|raw| qm_schema::looks_like_formula(&field_value(raw))));
            if !formula {
                continue;
            }
            diagnostics.push(
                Diagnostic::warning(
                    "vasl::formula-cell",
                    "found a cell a spreadsheet would run as a formula (it begins with =, @, a tab or a line end, or with + or - and holds ( or |)",
                    source.span(field.clone()),
                )
                .with_label("read as a formula by a spreadsheet")
                .with_help("check where the cell came from; `qm export vasl-csv` writes it after an apostrophe, as text")
                .with_note("VASL's own values beginning with a sign (+1, -F/+SR, -<sup>R2</sup>) are not formulas"),
            );
        }
    }
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
    /// The file as `records` read it (its text) and as published (its original).
    published: &'s Source,
    found: Vec<crate::listing::vasl_csv::markup::Found>,
    listing: VaslListing,
    diagnostics: Vec<Diagnostic>,
}

/// A field of a record in the plain text: its column and trimmed range.
struct PlainField {
    column: VaslColumn,
    /// Trimmed.
    range: Range<usize>,
    /// Untrimmed: an empty element after the text (`(Firing mode) <i></i>`) lies in it.
    full: Range<usize>,
    text_len: usize,
    /// Its markup: a range of [`Reading::found`].
    found: Range<usize>,
    /// Its bytes in the text `records` read, quotes included.
    field: Range<usize>,
}

impl Reading<'_> {
    /// The record's fields in the plain text, trimmed, by column.
    fn fields(
        &self,
        record: &Record,
        layout: &[Option<VaslColumn>],
        found: &[Range<usize>],
    ) -> Vec<PlainField> {
        let plain = self.reader.source;
        record
            .fields
            .iter()
            .zip(layout)
            .zip(found)
            .filter_map(|((f, c), found)| {
                let range = plain.text_range(f.clone());
                let text = &plain.text[range.clone()];
                let trimmed = text.trim();
                let start = range.start + (text.len() - text.trim_start().len());
                Some(PlainField {
                    column: (*c)?,
                    range: start..start + trimmed.len(),
                    full: range.clone(),
                    text_len: trimmed.len(),
                    found: found.clone(),
                    field: f.clone(),
                })
            })
            .collect()
    }

    fn text(&self, range: &Range<usize>) -> &str {
        &self.reader.source.text[range.clone()]
    }

    /// The markup of `field` inside `range` of the plain text.
    fn markup_in(
        &self,
        field: &PlainField,
        range: &Range<usize>,
    ) -> Vec<(MarkupKind, Range<usize>)> {
        let plain = self.reader.source;
        self.found[field.found.clone()]
            .iter()
            .map(|f| (f.kind, plain.text_range(f.content.clone())))
            .filter(|(_, r)| !range.is_empty() && r.start >= range.start && r.end <= range.end)
            .collect()
    }

    fn kind(&self, fields: &[PlainField]) -> Kind {
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
                self.markup_in(f, &f.range)
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
            return Kind::VaslOnly;
        }
        Kind::Vehicle
    }

    fn record(&mut self, record: &Record, layout: &[Option<VaslColumn>], found: &[Range<usize>]) {
        let fields = self.fields(record, layout, found);
        match self.kind(&fields) {
            Kind::Empty | Kind::HtmlHeader => {}
            Kind::Caption => self.caption(record, &fields),
            Kind::VaslOnly => self.vasl_only(record, &fields),
            Kind::Vehicle => self.vehicle(record, &fields),
        }
    }

    fn caption(&mut self, record: &Record, fields: &[PlainField]) {
        let cells = self.own_cells(record, fields);
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
            Diagnostic::note(
                "vasl::vasl-only-row",
                format!("left out the row `{name}` (VASL's own piece: a count of 0 and no BPV, RF or DATES, not a Chapter H vehicle)"),
                TextSpan::new(self.reader.source.id, record.range.clone()),
                VASL_OWN_ROWS,
            )
            .with_label("VASL's own piece")
            .with_help("a vehicle of the listing needs its BPV, RF and DATES; VASL's generic and shared pieces are not vehicles"),
        );
    }

    /// The cells of VASL's own columns, plain; those of its programs' columns (`comments`,
    /// `piece`, ...) verbatim.
    fn own_cells(&self, record: &Record, fields: &[PlainField]) -> Vec<VaslCell> {
        fields
            .iter()
            .filter_map(|f| match f.column {
                VaslColumn::Own(column) if f.column.verbatim() => {
                    let text = self.verbatim(record, &f.field);
                    (!text.is_empty()).then(|| VaslCell {
                        column,
                        text,
                        span: self.reader.source.span(f.full.clone()),
                    })
                }
                VaslColumn::Own(column) if f.text_len > 0 => Some(VaslCell {
                    column,
                    text: self.text(&f.range).to_owned(),
                    span: self.reader.source.span(f.range.clone()),
                }),
                _ => None,
            })
            .collect()
    }

    /// The value of the field at `field` exactly as published: untrimmed, its line ends as
    /// they are in the file (CRLF included, which the text `records` read has as LF), unless
    /// an erratum changed it.
    fn verbatim(&self, record: &Record, field: &Range<usize>) -> String {
        let source = self.published;
        let read = &source.text[field.clone()];
        let original = source.original_range(field.clone());
        match source.original.get(original) {
            Some(raw) if raw.len() != read.len() && raw.replace("\r\n", "\n") == read => {
                field_value(raw)
            }
            _ => record.value(&source.text, field),
        }
    }

    /// The markup of every field, offsets counted from each field's plain start.
    fn markup_of(&self, fields: &[PlainField]) -> Vec<VaslMarkup> {
        let mut out = Vec::new();
        for f in fields.iter().filter(|f| f.text_len > 0) {
            for (kind, r) in self.markup_in(f, &f.range) {
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
            cells: self.own_cells(record, fields),
            markup: self.markup_of(fields),
            ..VaslExtras::default()
        };
        for (i, f) in fields.iter().enumerate() {
            match f.column {
                VaslColumn::Listing(Column::Name) => self.name_and_type(f, &mut row, &mut extras),
                VaslColumn::Listing(Column::Notes) => self.notes(f, &mut row, &mut extras),
                VaslColumn::Listing(column) => self.listing_cell(fields, i, column, &mut row),
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
                    "put the vehicle's name and type in the name column, as `NAME <i>TYPE</i>`",
                ),
            );
        }
        self.listing.rows.push(row);
        self.listing.extras.push(extras);
    }

    /// The name cell: the name, and the TYPE in its last `<i>` (`L3/35 <i>Tt</i>`; also
    /// inside the name: `Jeep <i>tr</i> w/ Opt AAMG`, whose name is then the text around it).
    fn name_and_type(&mut self, f: &PlainField, row: &mut ListingRow, extras: &mut VaslExtras) {
        let italic_type = self
            .markup_in(f, &f.full)
            .into_iter()
            .filter(|(k, _)| *k == MarkupKind::Italic)
            .max_by_key(|(_, r)| r.start);
        let Some((_, ty)) = italic_type else {
            row.name = self
                .reader
                .cell(f.range.clone(), Column::Name, cells::name)
                .unwrap_or_else(|| missing_name(self.reader.source, f.range.start));
            return;
        };
        let offset = |x: usize| x - f.range.start;
        // The type is a field of the IR, not markup.
        extras.markup.retain(|m| {
            !(m.column == "name"
                && m.kind == MarkupKind::Italic
                && m.range == (offset(ty.start)..offset(ty.end)))
        });
        // Quote marks printed around the type (`T8 “<i>SC</i>”`) go with it.
        let before = self
            .text(&(f.range.start..ty.start))
            .trim_end_matches([' ', '“', '"']);
        let after = self
            .text(&(ty.end..f.full.end))
            .trim()
            .trim_start_matches([' ', '”', '"']);
        let name = match (before.is_empty(), after.is_empty()) {
            (_, true) => before.to_owned(),
            (true, false) => after.to_owned(),
            (false, false) if after.starts_with('†') => format!("{before}{after}"),
            (false, false) => format!("{before} {after}"),
        };
        let before_len = before.len();
        let tail = self.text(&(ty.end..f.full.end));
        let after_at =
            ty.end + tail.len() - tail.trim_start().trim_start_matches([' ', '”', '"']).len();
        move_after_type(
            &mut extras.markup,
            offset(after_at),
            name.len() - after.len(),
        );
        if !after.is_empty() || ty.is_empty() {
            extras.type_position = Some(before_len);
        }
        let inside = !after.is_empty();
        if !ty.is_empty() {
            self.type_cell(ty.clone(), row);
        }
        let whole = f.range.start..f.range.start + before_len;
        row.name = if inside {
            name_around_type(self.reader.source, name, f.range.clone())
        } else {
            self.reader
                .cell(whole.clone(), Column::Name, cells::name)
                .unwrap_or_else(|| missing_name(self.reader.source, whole.start))
        };
    }

    fn type_cell(&mut self, range: Range<usize>, row: &mut ListingRow) {
        if self.text(&range).trim() == "None" {
            // VASL's placeholder for a piece without a type: no TYPE is given.
            self.diagnostics.push(
                Diagnostic::note(
                    "vasl::placeholder",
                    "failed to read the type `None` (VASL's placeholder for a piece without a type)",
                    TextSpan::new(self.reader.source.id, self.reader.source.original_range(range)),
                    "VASL placeholder types (`<i>None</i>`) read as no type",
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
            .markup_in(f, &f.range)
            .into_iter()
            .filter(|(k, _)| matches!(k, MarkupKind::Strike | MarkupKind::LineThrough))
            .map(|(_, r)| r)
            .collect();
        let mut start = f.range.start;
        let text = self.text(&f.range).to_owned();
        extras.notes_cell = Some(VaslCell {
            column: "notes",
            text: text.clone(),
            span: self.reader.source.span(f.range.clone()),
        });
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
                extras.unread_notes.push(self.unread(range, position, true));
            } else {
                let before = self.reader.diagnostics.len();
                let (_, refs) = read_capacity_and_refs(&mut self.reader, range.clone(), false);
                if self.vasl_ids(before) {
                    extras
                        .unread_notes
                        .push(self.unread(range, position, false));
                } else {
                    row.note_refs.extend(refs);
                }
            }
            position = position.saturating_add(1);
        }
    }

    /// The listing cell `fields[i]`; when it fits no form of its column but reads in the
    /// column before or after it, the diagnostic says the row may be shifted.
    fn listing_cell(
        &mut self,
        fields: &[PlainField],
        i: usize,
        column: Column,
        row: &mut ListingRow,
    ) {
        let before = self.reader.diagnostics.len();
        let range = fields[i].range.clone();
        read_cell(&mut self.reader, range.clone(), column, row);
        let found = self.markup_in(&fields[i], &range);
        if !found.is_empty() {
            value_markup::apply(column, &found, self.text(&range), range.start, row);
        }
        if self.reader.diagnostics.len() == before {
            return;
        }
        let neighbours = [i.checked_sub(1), Some(i + 1)];
        let fits = neighbours
            .into_iter()
            .flatten()
            .find_map(|j| match fields.get(j)?.column {
                // Shifted: the cell fits its neighbour's column, and the neighbour's own cell
                // is empty, does not fit there or fits the next column the same way.
                VaslColumn::Listing(c) if c != Column::Name && c != Column::Notes => {
                    let plain = self.reader.source;
                    let own = fields[j].range.clone();
                    let next = if j < i { j.checked_sub(1) } else { Some(j + 1) };
                    let next_fits =
                        next.and_then(|k| fields.get(k))
                            .is_some_and(|k| match k.column {
                                VaslColumn::Listing(n)
                                    if n != Column::Name && n != Column::Notes =>
                                {
                                    reads_as(plain, own.clone(), n)
                                }
                                _ => false,
                            });
                    let neighbour_stays =
                        !own.is_empty() && reads_as(plain, own.clone(), c) && !next_fits;
                    (reads_as(plain, range.clone(), c) && !neighbour_stays).then_some((j < i, c))
                }
                _ => None,
            });
        if let (Some((left, c)), Some(d)) = (fits, self.reader.diagnostics.last_mut()) {
            let side = if left { "before" } else { "after" };
            d.notes.push(format!(
                "the cell reads as the {} column {side} it: the row's cells may be shifted by one column",
                c.label()
            ));
        }
    }

    /// The notes entry at `range` (an entry between commas) as an unread note.
    fn unread(&self, range: Range<usize>, position: u16, struck: bool) -> VaslUnreadNote {
        let piece = self.text(&range);
        let lead = piece.len() - piece.trim_start().len();
        let r = range.start + lead..range.start + lead + piece.trim().len();
        VaslUnreadNote {
            struck,
            position,
            text: piece.trim().to_owned(),
            span: self.reader.source.span(r),
        }
    }

    /// True when the reader's diagnostics after the first `before` are all VASL note ids: they
    /// become warnings (VASL's own numbering, not an error of the listing).
    fn vasl_ids(&mut self, before: usize) -> bool {
        let new = &mut self.reader.diagnostics[before..];
        if new.is_empty() || new.iter().any(|d| d.code != "listing::foreign-note-id") {
            return false;
        }
        for d in new {
            d.severity = crate::Severity::Note;
            d.kind = Some(VASL_NOTE_IDS);
            d.code = "vasl::vasl-note-id";
            d.notes.push(
                "the entry is kept with the row (`qm export vasl-csv` writes it back), not as a note reference"
                    .into(),
            );
        }
        true
    }
}

/// A listing column's cell, read with its grammar.
fn read_cell(r: &mut Reader<'_>, f: Range<usize>, column: Column, row: &mut ListingRow) {
    match column {
        Column::Radioless => row.radioless = r.cell(f, column, cells::radioless),
        Column::Weight => row.weight = r.cell(f, column, cells::weight),
        Column::Type => row.vehicle_type = r.cell(f, column, cells::vehicle_type),
        Column::Bpv => row.bpv = r.cell(f, column, cells::bpv),
        Column::Rf => row.rf = r.cell(f, column, cells::rf),
        Column::Dates => row.dates = r.cell(f, column, cells::dates),
        Column::Size => row.size = r.cell(f, column, cells::size),
        Column::Armor => row.armor = r.parts_cell(f, column, parts::armor),
        Column::TargetAspect => row.target_aspect = r.parts_cell(f, column, parts::target_aspect),
        Column::OpenTop => row.open_top = r.cell(f, column, cells::open_top),
        Column::CrewSurvival => row.crew_survival = r.cell(f, column, cells::crew_survival),
        Column::Mp => row.mp = r.cell(f, column, cells::small_number),
        Column::GroundPressure => row.ground_pressure = r.cell(f, column, cells::ground_pressure),
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

/// True when the text at `range` reads as a cell of `column`.
fn reads_as(plain: &Source, range: Range<usize>, column: Column) -> bool {
    let mut reader = Reader::new(plain);
    let mut scratch = empty_row(
        plain,
        &Record {
            range: range.clone(),
            line: 0,
            fields: Vec::new(),
            quotes: Vec::new(),
        },
    );
    read_cell(&mut reader, range, column, &mut scratch);
    reader.diagnostics.is_empty()
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

/// The NAME of a name cell whose type is inside it: the text around the type, pointing at
/// the whole cell.
/// The name's markup after the type, counted from the field's start (the type and the spaces
/// around it included), moved to its place in the name (`before after`): from `from` in the
/// field to `to` in the name.
fn move_after_type(markup: &mut [VaslMarkup], from: usize, to: usize) {
    for m in markup
        .iter_mut()
        .filter(|m| m.column == "name" && m.range.start >= from)
    {
        m.range = m.range.start - from + to..m.range.end - from + to;
    }
}

fn name_around_type(plain: &Source, name: String, field: Range<usize>) -> Cell<String> {
    let value = name.trim_end_matches(['†', ' ']);
    Cell {
        dagger: value.len() < name.len(),
        value: Ok(Some(value.to_owned())),
        raw: name.clone(),
        span: plain.span(field),
        footnote: None,
        superscript: None,
    }
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
    let name = missing_name(plain, range.start);
    ListingRow::new(plain.span(range), record.line, name)
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
    for s in &mut extras.unread_notes {
        s.span.range = plain.original_range(s.span.range.clone());
    }
    if let Some(c) = extras.notes_cell.as_mut() {
        c.span.range = plain.original_range(c.span.range.clone());
    }
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
