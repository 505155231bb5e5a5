//! The table structure of the listing: lines, header blocks, rows and their cells.

use std::ops::Range;

use crate::listing::column::Column;
use crate::listing::header::{self, Layout};
use crate::listing::reader::{quote, Reader};
use crate::listing::{cells, parts, weapons};
use crate::{Cell, CellError, Diagnostic, Listing, ListingRow, Parsed, Source};

/// Parses the vehicle listing. Never fails and never panics: bad cells become error values
/// plus diagnostics.
pub fn parse_listing(source: &Source) -> Parsed<Listing> {
    let mut reader = Reader::new(source);
    let mut listing = Listing::default();
    let mut layout: Option<Layout> = None;
    // True right after a column-name line, until its MG sub-header (or anything else) comes.
    let mut awaiting_sub_header = false;
    let mut missing_header_reported = false;

    let text = source.text.as_str();
    // A row is large: room for every line at once rather than a doubling vector.
    listing.rows.reserve(text.lines().count());
    let mut start = 0;
    for (index, line) in text.split('\n').enumerate() {
        let range = start..start + line.len();
        start = range.end + 1;
        if line.trim().is_empty() {
            continue;
        }
        let fields = split_fields(line, range.start);
        if header::is_header(text, &fields) {
            if awaiting_sub_header {
                missing_sub_header(&mut reader, &listing);
            }
            let (block, new_layout) = header::read_header(&mut reader, range, &fields);
            listing.headers.push(block);
            layout = Some(new_layout);
            awaiting_sub_header = true;
            continue;
        }
        if header::is_sub_header(text, &fields) {
            match (&layout, awaiting_sub_header) {
                (Some(l), true) => header::check_sub_header(&mut reader, &fields, l),
                _ => reader.diagnostics.push(
                    Diagnostic::warning(
                        "listing::stray-sub-header",
                        "failed to place the MG sub-header (no column-name line above it)",
                        source.span(range),
                    )
                    .with_label("sub-header without a header")
                    .with_help("put the MG sub-header line right under a NAME ... Notes line"),
                ),
            }
            awaiting_sub_header = false;
            continue;
        }
        if awaiting_sub_header {
            missing_sub_header(&mut reader, &listing);
            awaiting_sub_header = false;
        }
        if layout.is_none() && !missing_header_reported {
            missing_header_reported = true;
            reader.diagnostics.push(
                Diagnostic::error(
                    "listing::missing-header",
                    "failed to find the listing's header (data comes before any NAME ... Notes line)",
                    source.span(range.clone()),
                )
                .with_label("data before the header")
                .with_help(
                    "start the listing with its column-name line, e.g. `NAME\t®\tWG T\tTYPE\t...\tNotes`",
                )
                .with_note("the rows are read in the published column order"),
            );
        }
        let layout = layout.get_or_insert_with(Layout::default_layout);
        let row = read_row(&mut reader, index + 1, range, &fields, layout);
        listing.rows.push(row);
    }
    if awaiting_sub_header {
        missing_sub_header(&mut reader, &listing);
    }
    Parsed {
        value: listing,
        diagnostics: reader.diagnostics,
    }
}

/// The byte ranges of the tab-separated fields of the line starting at `start`.
pub(crate) fn split_fields(line: &str, start: usize) -> Vec<Range<usize>> {
    let mut fields = Vec::new();
    let mut pos = start;
    for field in line.split('\t') {
        fields.push(pos..pos + field.len());
        pos += field.len() + 1;
    }
    fields
}

fn missing_sub_header(reader: &mut Reader<'_>, listing: &Listing) {
    if let Some(block) = listing.headers.last() {
        reader.diagnostics.push(
            Diagnostic::warning(
                "listing::missing-sub-header",
                "failed to find the MG sub-header (no B / C / AA line under the header)",
                block.span.clone(),
            )
            .with_label("header without its MG sub-header")
            .with_help("add the line naming B, C and AA under the three MG columns"),
        );
    }
}

/// Reads one data row; every field is read, whatever else is wrong with the row.
fn read_row(
    reader: &mut Reader<'_>,
    line: usize,
    range: Range<usize>,
    fields: &[Range<usize>],
    layout: &Layout,
) -> ListingRow {
    let mut row = empty_row(reader, line, range.clone());
    let mut has_name = false;
    for (field, column) in fields.iter().zip(&layout.columns) {
        let f = field.clone();
        match *column {
            None => ignored_cell(reader, f),
            Some(Column::Name) => has_name = read_name(reader, &mut row, f),
            Some(column) => read_cell(reader, &mut row, column, f),
        }
    }
    if !has_name {
        missing_name_error(reader, &row, range.clone());
    }
    check_cell_count(reader, &row, range, fields, layout);
    row
}

/// A row before its cells are read: every cell absent, the NAME an empty error cell.
fn empty_row(reader: &Reader<'_>, line: usize, range: Range<usize>) -> ListingRow {
    let name = missing_name(reader, range.start);
    ListingRow::new(reader.source.span(range), line, name)
}

/// A cell under a header column that is unknown or repeated: reported, not read.
fn ignored_cell(reader: &mut Reader<'_>, f: Range<usize>) {
    if let Some(t) = reader.trim(f) {
        let d = Diagnostic::warning(
            "listing::ignored-cell",
            "failed to place a cell (its header column is unknown or repeated)",
            reader.source.span(t.raw),
        )
        .with_label("ignored")
        .with_help("fix the header line above this row");
        reader.diagnostics.push(d);
    }
}

/// Reads the NAME cell into `row`; true when it holds a name.
fn read_name(reader: &mut Reader<'_>, row: &mut ListingRow, f: Range<usize>) -> bool {
    let Some(cell) = reader.cell(f.clone(), Column::Name, cells::name) else {
        row.name = missing_name(reader, f.start);
        return false;
    };
    if cell.value.as_ref().is_ok_and(Option::is_some) {
        row.name = cell;
        true
    } else {
        row.name = Cell {
            value: Err(CellError),
            ..cell
        };
        false
    }
}

/// Reads the cell of `column` (any but NAME) into `row`, with that column's grammar.
fn read_cell(reader: &mut Reader<'_>, row: &mut ListingRow, column: Column, f: Range<usize>) {
    match column {
        // read_row reads the NAME with read_name, which tells whether the row has one.
        Column::Name => {}
        Column::Radioless => row.radioless = reader.cell(f, column, cells::radioless),
        Column::Weight => row.weight = reader.cell(f, column, cells::weight),
        Column::Type => row.vehicle_type = reader.cell(f, column, cells::vehicle_type),
        Column::Bpv => row.bpv = reader.cell(f, column, cells::bpv),
        Column::Rf => row.rf = reader.cell(f, column, cells::rf),
        Column::Dates => row.dates = reader.cell(f, column, cells::dates),
        Column::Size => row.size = reader.cell(f, column, cells::size),
        Column::Armor => row.armor = reader.parts_cell(f, column, parts::armor),
        Column::TargetAspect => {
            row.target_aspect = reader.parts_cell(f, column, parts::target_aspect)
        }
        Column::OpenTop => row.open_top = reader.cell(f, column, cells::open_top),
        Column::CrewSurvival => row.crew_survival = reader.cell(f, column, cells::crew_survival),
        Column::Mp => row.mp = reader.cell(f, column, cells::small_number),
        Column::GroundPressure => {
            row.ground_pressure = reader.cell(f, column, cells::ground_pressure)
        }
        Column::Turret => row.turret = reader.cell(f, column, cells::turret),
        Column::MainArmament => row.main_armament = reader.cell(f, column, weapons::main_armament),
        Column::Rof => row.rof = reader.cell(f, column, cells::rof),
        Column::Breakdown => row.breakdown = reader.cell(f, column, cells::breakdown),
        Column::IfMark => row.if_mark = reader.cell(f, column, cells::if_mark),
        Column::MgBow => row.mg_bow = reader.parts_cell(f, column, parts::mg),
        Column::MgCoax => row.mg_coax = reader.parts_cell(f, column, parts::mg),
        Column::MgAa => row.mg_aa = reader.parts_cell(f, column, parts::mg),
        Column::Secondary => row.secondary = reader.cell(f, column, weapons::secondary),
        Column::Ammo => row.ammo = reader.parts_cell(f, column, parts::ammo),
        Column::Capacity => {
            let (capacity, refs) = read_capacity_and_refs(reader, f, true);
            row.capacity = capacity;
            row.note_refs.extend(refs);
        }
        Column::Notes => {
            let (_, refs) = read_capacity_and_refs(reader, f, false);
            row.note_refs.extend(refs);
        }
    }
}

/// A row whose NAME is empty or unreadable: an error naming the row.
fn missing_name_error(reader: &mut Reader<'_>, row: &ListingRow, range: Range<usize>) {
    let name = quote(&reader.source.text[range.clone()]);
    // An empty NAME has an empty span; point at the whole row instead.
    let span = if row.name.raw.is_empty() {
        reader.source.span(range.clone())
    } else {
        row.name.span.clone()
    };
    reader.diagnostics.push(
        Diagnostic::error(
            "listing::missing-name",
            format!("failed to read the row `{name}` (its NAME cell is empty)"),
            span,
        )
        .with_label("no vehicle name")
        .with_help("put the vehicle's name in the first column, e.g. L3 / 35"),
    );
}

/// The NAME of a row that has none: an empty error cell at `at`.
fn missing_name(reader: &Reader<'_>, at: usize) -> Cell<String> {
    Cell {
        raw: String::new(),
        span: reader.source.span(at..at),
        dagger: false,
        footnote: None,
        superscript: None,
        value: Err(CellError),
    }
}

fn check_cell_count(
    reader: &mut Reader<'_>,
    row: &ListingRow,
    range: Range<usize>,
    fields: &[Range<usize>],
    layout: &Layout,
) {
    let (found, expected) = (fields.len(), layout.width());
    if found == expected {
        return;
    }
    let name = quote(row.name.get().map_or("", String::as_str));
    let (span, label, help) = if found > expected {
        let extra = fields.get(expected).map_or(range.end, |f| f.start)..range.end;
        (
            extra,
            "extra cells (ignored)",
            "remove the extra tabs; a row has one cell per header column",
        )
    } else {
        (
            range,
            "too few cells",
            "leave a missing value as an empty cell between two tabs so the columns line up",
        )
    };
    reader.diagnostics.push(
        Diagnostic::error(
            "listing::cell-count",
            format!("failed to read the row `{name}` (found {found} cells, expected {expected})"),
            reader.source.span(span),
        )
        .with_label(label)
        .with_help(help),
    );
}

/// Reads the `# / PP` cell, which in the published listing also holds the Notes (`1C/9PP 17 L
/// M N` in the `# / PP` field, the Notes field left empty), or the Notes cell on its own.
///
/// Each space-separated token is read on its own; a lone `†` belongs to the token before it,
/// or to the one after it when it comes first (`† 1C/5PP`).
pub(super) fn read_capacity_and_refs(
    reader: &mut Reader<'_>,
    field: Range<usize>,
    may_hold_capacity: bool,
) -> (
    Option<Cell<qm_schema::Capacity>>,
    Vec<Cell<qm_schema::NoteRef>>,
) {
    let source = reader.source;
    let tokens = dagger_tokens(&source.text, field);
    let mut capacity = None;
    let mut refs = Vec::with_capacity(tokens.len());
    for (i, token) in tokens.into_iter().enumerate() {
        let inner = reader
            .trim(token.clone())
            .map(|t| &source.text[t.inner])
            .unwrap_or("");
        let is_capacity =
            may_hold_capacity && i == 0 && (inner.is_empty() || cells::looks_like_capacity(inner));
        if is_capacity {
            capacity = reader.parts_cell(token, Column::Capacity, parts::capacity);
        } else if let Some(cell) = reader.cell(token, Column::Notes, cells::note_ref) {
            refs.push(cell);
        }
    }
    (capacity, refs)
}

/// The space-separated tokens of `field`, with each lone `†` joined to its neighbour.
fn dagger_tokens(text: &str, field: Range<usize>) -> Vec<Range<usize>> {
    let Some(slice) = text.get(field.clone()) else {
        return Vec::new();
    };
    let mut tokens: Vec<Range<usize>> = Vec::new();
    let mut pending_dagger: Option<usize> = None;
    let mut pos = field.start;
    for part in slice.split(' ') {
        let start = pos;
        pos += part.len() + 1;
        if part.trim().is_empty() {
            continue;
        }
        let end = start + part.len();
        if part == "†" {
            match tokens.last_mut() {
                Some(last) => last.end = end,
                None => {
                    pending_dagger.get_or_insert(start);
                }
            }
            continue;
        }
        tokens.push(pending_dagger.take().unwrap_or(start)..end);
    }
    if let Some(start) = pending_dagger {
        // Only daggers: the cell says "†" and nothing else.
        tokens.push(start..field.end);
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::FileId;

    fn tokens(text: &str) -> Vec<&str> {
        dagger_tokens(text, 0..text.len())
            .into_iter()
            .map(|r| &text[r])
            .collect()
    }

    #[test]
    fn lone_daggers_join_a_neighbour() {
        assert_eq!(tokens("† 1C/5PP 17 G"), ["† 1C/5PP", "17", "G"]);
        assert_eq!(tokens("13†  C"), ["13†", "C"]);
        assert_eq!(tokens("13 † C"), ["13 †", "C"]);
        assert_eq!(tokens("†"), ["†"]);
        assert_eq!(tokens("† †"), ["† †"]);
        assert_eq!(tokens("  "), Vec::<&str>::new());
        assert_eq!(tokens("2 A B E N R"), ["2", "A", "B", "E", "N", "R"]);
    }

    fn parse(text: &str) -> Parsed<Listing> {
        parse_listing(&Source::new(FileId(0), "t", text))
    }

    const HEADER: &str = "NAME\t®\tWG T\tTYPE\tBPV\tRF\tDATES\tSZ\tAF\tTA\tOT\tCS\tMP\tGP\tT\tMA\tROF\tB#\tIF\tMG\t\t\tSA\tAM MO\t# / PP\tNotes\n\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\tB\tC\tAA\t\t\t\t\n";

    fn row(cells: &[(usize, &str)]) -> String {
        let mut fields = vec![""; 26];
        for &(i, c) in cells {
            fields[i] = c;
        }
        fields.join("\t")
    }

    fn codes(p: &Parsed<Listing>) -> Vec<&'static str> {
        p.diagnostics.iter().map(|d| d.code).collect()
    }

    #[test]
    fn merged_and_separate_capacity_and_notes() {
        let merged = row(&[(0, "X"), (24, "1C/9PP 17 L M N")]);
        let separate = row(&[(0, "X"), (24, "1C/9PP"), (25, "17 L M N")]);
        let p1 = parse(&format!("{HEADER}{merged}\n"));
        let p2 = parse(&format!("{HEADER}{separate}\n"));
        assert!(p1.diagnostics.is_empty(), "{:?}", p1.diagnostics);
        assert!(p2.diagnostics.is_empty(), "{:?}", p2.diagnostics);
        for p in [&p1, &p2] {
            let r = &p.value.rows[0];
            assert_eq!(r.capacity.as_ref().unwrap().raw, "1C/9PP");
            let refs: Vec<_> = r.note_refs.iter().map(|c| c.raw.as_str()).collect();
            assert_eq!(refs, ["17", "L", "M", "N"]);
        }
        let p = parse(&format!("{HEADER}{}\n", row(&[(0, "X"), (24, "2 A B")])));
        assert!(p.value.rows[0].capacity.is_none());
        assert_eq!(p.value.rows[0].note_refs.len(), 3);
    }

    #[test]
    fn a_malformed_capacity_is_blamed_on_its_column() {
        let p = parse(&format!("{HEADER}{}\n", row(&[(0, "X"), (24, "1C/9P 17")])));
        assert_eq!(codes(&p), ["listing::bad-cell"]);
        assert!(p.diagnostics[0].message.contains("# / PP"));
        assert!(p.value.rows[0].capacity.as_ref().unwrap().is_error());
        assert_eq!(p.value.rows[0].note_refs.len(), 1);
    }

    #[test]
    fn data_before_the_header() {
        let p = parse(&format!("{}\n", row(&[(0, "X"), (4, "19")])));
        assert_eq!(codes(&p), ["listing::missing-header"]);
        assert_eq!(p.value.rows[0].bpv.as_ref().unwrap().get(), Some(&19));
        let p = parse(&format!("**ITALIAN VEHICLE LISTING**\n{HEADER}"));
        assert_eq!(
            codes(&p),
            ["listing::missing-header", "listing::cell-count"]
        );
        assert_eq!(p.value.rows.len(), 1);
        assert_eq!(p.value.headers.len(), 1);
    }

    #[test]
    fn cell_count_mismatches_keep_the_row() {
        let short = "L3\t®\t3.5";
        let long = format!("{}\textra\tmore", row(&[(0, "L3")]));
        let p = parse(&format!("{HEADER}{short}\n{long}\n"));
        assert_eq!(codes(&p), ["listing::cell-count", "listing::cell-count"]);
        assert_eq!(p.value.rows.len(), 2);
        assert_eq!(
            p.value.rows[0].weight.as_ref().unwrap().get(),
            Some(&qm_schema::Tenths(35))
        );
        let extra = p.diagnostics[1].span.as_ref().unwrap().range.clone();
        assert_eq!(&p.value.rows[1].span.range.end, &extra.end);
    }

    #[test]
    fn rows_without_a_name_are_kept() {
        let p = parse(&format!(
            "{HEADER}{}\n{}\n",
            row(&[(4, "19")]),
            row(&[(0, "†"), (4, "20")])
        ));
        assert_eq!(
            codes(&p),
            ["listing::missing-name", "listing::missing-name"]
        );
        assert_eq!(p.value.rows.len(), 2);
        assert!(p.value.rows.iter().all(|r| r.name.is_error()));
        assert_eq!(p.value.rows[1].name.raw, "†");
    }

    #[test]
    fn header_variants_and_mistakes() {
        let renamed = HEADER
            .replacen("\tT\t", "\tTur\t", 1)
            .replacen("# / PP", "PP", 1);
        let p = parse(&format!("{renamed}{}\n", row(&[(0, "X"), (14, "ST")])));
        assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
        assert_eq!(p.value.headers[0].columns[14], "Tur");
        assert!(p.value.rows[0].turret.as_ref().unwrap().get().is_some());

        let typo = HEADER.replacen("BPV", "BVP", 1);
        let p = parse(&format!("{typo}{}\n", row(&[(0, "X"), (4, "19")])));
        assert_eq!(codes(&p), ["listing::unknown-column"]);
        assert_eq!(
            p.diagnostics[0].help.as_deref(),
            Some("did you mean `BPV`?")
        );
        assert_eq!(p.value.rows[0].bpv.as_ref().unwrap().get(), Some(&19));

        let twice = HEADER.replacen("BPV", "RF", 1);
        let p = parse(&format!(
            "{twice}{}\n",
            row(&[(0, "X"), (4, "1.9"), (5, "1.5")])
        ));
        assert_eq!(
            codes(&p),
            ["listing::duplicate-column", "listing::ignored-cell"]
        );
    }

    #[test]
    fn sub_header_problems_are_warnings() {
        let no_sub = HEADER.lines().next().unwrap_or_default();
        let p = parse(&format!("{no_sub}\n{}\n", row(&[(0, "X")])));
        assert_eq!(codes(&p), ["listing::missing-sub-header"]);
        assert!(!p.has_errors());
        let sub = HEADER.lines().nth(1).unwrap_or_default();
        let p = parse(&format!("{HEADER}{sub}\n"));
        assert_eq!(codes(&p), ["listing::stray-sub-header"]);
        let shifted = format!("{no_sub}\n\t{sub}\n");
        let p = parse(&shifted);
        assert_eq!(
            codes(&p),
            [
                "listing::bad-sub-header",
                "listing::bad-sub-header",
                "listing::bad-sub-header"
            ]
        );
    }

    #[test]
    fn a_row_named_like_a_sub_header_is_a_row() {
        let p = parse(&format!("{HEADER}{}\n", row(&[(0, "B")])));
        assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
        assert_eq!(p.value.rows.len(), 1);
    }

    #[test]
    fn a_huge_header_gets_a_diagnostic_per_unknown_column() {
        // Its speed is the bench's to measure (benches/), not a timed assertion.
        let header = format!("NAME{}\n", "\tX".repeat(50_000));
        let p = parse(&header);
        assert_eq!(p.diagnostics.len(), 50_001);
    }

    #[test]
    fn odd_inputs() {
        for text in [
            "",
            "\n\n",
            "\t\t\t",
            "NAME",
            "†",
            "\u{feff}NAME\r\n",
            "a\u{0}b\tc",
        ] {
            let p = parse(text);
            assert!(p.value.rows.len() <= 1);
        }
    }
}
