//! `errata.toml`: corrections to the published source, applied at load with provenance.
//!
//! Two kinds of erratum: a text erratum replaces the one occurrence of `find` (inside
//! `context`, when given) in a file; a cell erratum changes cells of one listing row, named by
//! its NAME and each cell by its column, stating the published and the corrected text of each
//! (a misaligned row's MG factors moved one column left is one cell erratum). Both say why
//! (`reason`) and on what (`source`; for a cell erratum also `notes`, the row's notes it rests
//! on, which are checked). An erratum that no longer matches the published text is an error.

use std::ops::Range;

use qm_parser::{
    column_label, column_labels, listing_table, vasl_cell_text, vasl_field, vasl_note_ids,
    vasl_table, Diagnostic, Edit, FileId, Source, TableRow, TextSpan,
};
use serde::Deserialize;
use toml::Spanned;

/// The contents of one nation's `errata.toml`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ErrataFile {
    /// Corrections.
    #[serde(default)]
    pub erratum: Vec<ErratumEntry>,
    /// Lint findings accepted as published.
    #[serde(default)]
    pub accept: Vec<AcceptEntry>,
}

/// One correction: either text (`find`, `replace`, optional `context`) or cells of one listing
/// row (`row`, `cells`, optional `notes`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ErratumEntry {
    /// A short identifier.
    pub id: Spanned<String>,
    /// The file, relative to the nation's folder (`listing.tsv`, `notes.md`, `ob.toml`).
    pub file: Spanned<String>,
    /// Text that occurs exactly once in the file and holds `find` exactly once; pins the
    /// erratum to one place when `find` alone is ambiguous.
    pub context: Option<Spanned<String>>,
    /// The published text (a text erratum).
    pub find: Option<Spanned<String>>,
    /// The corrected text (a text erratum).
    pub replace: Option<String>,
    /// The NAME of the listing row whose cells are corrected, as published (a cell erratum).
    pub row: Option<Spanned<String>>,
    /// The cells corrected (a cell erratum).
    pub cells: Option<Spanned<Vec<CellEntry>>>,
    /// The notes the correction rests on, as the row's Notes column names them ("2", "B").
    #[serde(default)]
    pub notes: Vec<Spanned<String>>,
    /// Why the published text is wrong.
    pub reason: String,
    /// What the correction rests on.
    pub source: String,
}

/// One cell of a cell erratum.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CellEntry {
    /// The column: its label ("MG B", "SA", "ROF") or the MG sub-header letter ("B", "C", "AA").
    pub column: Spanned<String>,
    /// The cell as published, without surrounding spaces ("" for a blank cell).
    pub find: Spanned<String>,
    /// The corrected cell ("" to blank it).
    pub replace: String,
}

/// A lint finding that is right as published.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AcceptEntry {
    /// The lint code.
    pub code: Spanned<String>,
    /// The vehicle (normalized name) it concerns, when the lint is about one.
    pub vehicle: Option<String>,
    /// Text the finding quotes, to pin it when a vehicle has several findings of one code.
    pub text: Option<String>,
    /// Why the finding is correct as published.
    pub reason: String,
}

/// Where an erratum matched, in the published text.
#[derive(Debug, Clone)]
pub struct ErratumMatch {
    /// Index into [`ErrataFile::erratum`].
    pub index: usize,
    /// The edits to apply (one for a text erratum, one per cell for a cell erratum).
    pub edits: Vec<Edit>,
    /// For a cell erratum: the row's line and each cell's column label.
    pub row: Option<RowMatch>,
}

/// The row a cell erratum corrects.
#[derive(Debug, Clone)]
pub struct RowMatch {
    /// The row's whole line in the published text.
    pub line: Range<usize>,
    /// Each cell's column label, in the order of [`ErratumMatch::edits`].
    pub columns: Vec<&'static str>,
}

/// A listing read as a table of text cells, for cell errata: `listing.tsv`'s tab-separated
/// fields, or the fields of VASL's `listing.csv` (quoted as CSV is: a cell's value is its
/// field unquoted, a replacement is quoted where CSV needs it).
struct ListingText {
    source: Source,
    rows: Vec<TableRow>,
    csv: bool,
}

impl ListingText {
    fn new(file: &str, text: &str) -> Self {
        let source = Source::new(FileId(u32::MAX), file, text);
        let csv = file == "listing.csv";
        let rows = if csv {
            vasl_table(&source)
        } else {
            listing_table(&source)
        };
        Self { source, rows, csv }
    }

    /// The cell's value as published, without surrounding spaces.
    fn cell(&self, field: &Range<usize>) -> String {
        let text = &self.source.text[field.clone()];
        if self.csv {
            vasl_cell_text(text)
        } else {
            text.trim().to_owned()
        }
    }

    /// The bytes that replace a cell for `value`.
    fn field(&self, value: &str) -> String {
        if self.csv {
            vasl_field(value)
        } else {
            value.to_owned()
        }
    }

    /// The note ids the row refers to (the Notes column, and for `listing.tsv` the capacity
    /// cell the publication runs it into).
    fn note_ids(&self, row: &TableRow) -> Vec<String> {
        if self.csv {
            return row
                .field("Notes")
                .map(|f| vasl_note_ids(&self.cell(&f.range)))
                .unwrap_or_default();
        }
        ["Notes", "# / PP"]
            .into_iter()
            .filter_map(|label| row.field(label))
            .flat_map(|f| self.source.text[f.range.clone()].split_whitespace())
            .map(|t| t.trim_matches('†').to_owned())
            .collect()
    }

    fn file(&self) -> &str {
        &self.source.name
    }
}

/// What kind of erratum an entry is, once its fields are checked.
enum Kind<'e> {
    Text(&'e Spanned<String>),
    Cells(&'e Spanned<String>, &'e Spanned<Vec<CellEntry>>),
}

/// Locates each erratum for `file` in `text` (the file as published); an erratum that no
/// longer matches is an error pointing at the erratum (`errata_file` is the errata.toml's id).
pub fn locate(
    errata: &ErrataFile,
    file: &str,
    text: &str,
    errata_file: FileId,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<ErratumMatch> {
    let mut found = Vec::new();
    // The listing's table, read once and only when a cell erratum needs it.
    let mut table: Option<ListingText> = None;
    for (index, e) in errata.erratum.iter().enumerate() {
        if e.file.get_ref() != file {
            continue;
        }
        let at = |span: Range<usize>| TextSpan::new(errata_file, span);
        let located = match kind(e, errata_file) {
            Err(d) => Err(d),
            Ok(Kind::Text(find)) => find_once(text, e, find)
                .map(|range| ErratumMatch {
                    index,
                    edits: vec![Edit {
                        original: range,
                        replacement: e.replace.clone().unwrap_or_default(),
                    }],
                    row: None,
                })
                .map_err(|why| {
                    Box::new(stale(
                        e,
                        file,
                        &why,
                        at(e.context.as_ref().unwrap_or(find).span()),
                    ))
                }),
            Ok(Kind::Cells(row, cells)) => {
                let table = table.get_or_insert_with(|| ListingText::new(file, text));
                locate_cells(table, e, row, cells, errata_file).map(|row| ErratumMatch {
                    index,
                    edits: row.1,
                    row: Some(row.0),
                })
            }
        };
        match located {
            Ok(m) => found.push(m),
            Err(d) => diagnostics.push(*d),
        }
    }
    report_overlaps(errata, &mut found, errata_file, diagnostics);
    found
}

/// The entry's kind, or the error saying why it has none.
fn kind(e: &ErratumEntry, errata_file: FileId) -> Result<Kind<'_>, Box<Diagnostic>> {
    let bad = |message: &str, help: &str| {
        Box::new(
            Diagnostic::error(
                "errata::bad-erratum",
                format!("failed to read erratum `{}` ({message})", e.id.get_ref()),
                TextSpan::new(errata_file, e.id.span()),
            )
            .with_help(help),
        )
    };
    match (&e.find, &e.replace, &e.row, &e.cells) {
        (Some(find), Some(_), None, None) if e.notes.is_empty() => Ok(Kind::Text(find)),
        (Some(_), Some(_), None, None) => Err(bad(
            "`notes` belongs to a cell erratum",
            "name the notes a text erratum rests on in `source`",
        )),
        (None, None, Some(_), Some(_)) if e.context.is_some() => Err(bad(
            "`context` belongs to a text erratum",
            "a cell erratum names its row by `row`",
        )),
        (None, None, Some(_), Some(_))
            if !matches!(e.file.get_ref().as_str(), "listing.tsv" | "listing.csv") =>
        {
            Err(bad(
                "cells are only in listing.tsv or listing.csv",
                "correct notes.md with a text erratum (`find`, `replace`)",
            ))
        }
        (None, None, Some(_), Some(cells)) if cells.get_ref().is_empty() => {
            Err(bad("`cells` is empty", "list the cells to correct"))
        }
        (None, None, Some(row), Some(cells)) => Ok(Kind::Cells(row, cells)),
        _ => Err(bad(
            "it mixes or lacks the fields of both kinds",
            "a text erratum has `find` and `replace` (and may have `context`); a cell \
             erratum has `row` and `cells` (and may have `notes`)",
        )),
    }
}

fn stale(e: &ErratumEntry, file: &str, why: &str, at: TextSpan) -> Diagnostic {
    Diagnostic::error(
        "errata::stale",
        format!(
            "erratum `{}` no longer matches {file} ({why})",
            e.id.get_ref()
        ),
        at,
    )
    .with_label("this text must occur exactly once")
    .with_help(
        "if the source was corrected, delete this erratum; otherwise make \
         `find`/`context` match the published text exactly",
    )
}

/// The row named `row` and an edit per cell; every cell must hold its `find` as published.
fn locate_cells(
    table: &ListingText,
    e: &ErratumEntry,
    row: &Spanned<String>,
    cells: &Spanned<Vec<CellEntry>>,
    errata_file: FileId,
) -> Result<(RowMatch, Vec<Edit>), Box<Diagnostic>> {
    let at = |span: Range<usize>| TextSpan::new(errata_file, span);
    let id = e.id.get_ref();
    let (source, file) = (&table.source, table.file());
    let rows = named_rows(table, e, row, errata_file)?;
    let found = rows[0];
    let mut edits = Vec::new();
    let mut columns = Vec::new();
    for cell in cells.get_ref() {
        let (label, field) = cell_field(found, cell, id, file, errata_file)?;
        let published = table.cell(&field);
        if &published != cell.find.get_ref() {
            return Err(Box::new(Diagnostic::error(
                "errata::stale",
                format!(
                    "erratum `{id}` no longer matches {file} (the {label} cell of {} is \"{published}\")",
                    found.name
                ),
                at(cell.find.span()),
            )
            .with_label("the cell as published")
            .with_help("if the source was corrected, delete this erratum; otherwise write the cell as published")));
        }
        if columns.contains(&label) {
            return Err(Box::new(
                Diagnostic::error(
                    "errata::bad-erratum",
                    format!("failed to read erratum `{id}` (it corrects the {label} cell twice)"),
                    at(cell.column.span()),
                )
                .with_help("give each cell once"),
            ));
        }
        columns.push(label);
        edits.push(Edit {
            original: source.original_range(field),
            replacement: table.field(&cell.replace),
        });
    }
    // VASL's other pieces of the vehicle (rows the same but for their notes) are corrected
    // alike, so they stay one vehicle.
    for piece in &rows[1..] {
        for cell in cells.get_ref() {
            let (_, field) = cell_field(piece, cell, id, file, errata_file)?;
            edits.push(Edit {
                original: source.original_range(field),
                replacement: table.field(&cell.replace),
            });
        }
    }
    check_notes(table, found, e, errata_file)?;
    let line = source.original_range(found.line.clone());
    Ok((RowMatch { line, columns }, edits))
}

/// The rows an erratum's `row` names: exactly one; in `listing.csv` also a vehicle's rows for
/// VASL's other pieces of it, the same in every listing column but the notes (the vehicle's
/// row first).
fn named_rows<'t>(
    table: &'t ListingText,
    e: &ErratumEntry,
    row: &Spanned<String>,
    errata_file: FileId,
) -> Result<Vec<&'t TableRow>, Box<Diagnostic>> {
    let named: Vec<&TableRow> = table
        .rows
        .iter()
        .filter(|r| &r.name == row.get_ref())
        .collect();
    let one_vehicle = table.csv && named.len() > 1 && {
        let cells = |r: &TableRow| -> Vec<(&str, String)> {
            r.fields
                .iter()
                .filter_map(|f| Some((f.column.filter(|c| *c != "Notes")?, table.cell(&f.range))))
                .collect()
        };
        named.iter().all(|r| cells(r) == cells(named[0]))
    };
    if named.len() == 1 || one_vehicle {
        return Ok(named);
    }
    let why = match named.len() {
        0 => "no row has this NAME".to_string(),
        n => format!("{n} rows have this NAME"),
    };
    Err(Box::new(
        Diagnostic::error(
            "errata::stale",
            format!(
                "erratum `{}` no longer matches {} ({why})",
                e.id.get_ref(),
                table.file()
            ),
            TextSpan::new(errata_file, row.span()),
        )
        .with_label("the NAME of one listing row, as published")
        .with_help("write the row's NAME cell exactly as the listing prints it"),
    ))
}

/// The column label and field range of one cell entry.
fn cell_field(
    row: &TableRow,
    cell: &CellEntry,
    id: &str,
    file: &str,
    errata_file: FileId,
) -> Result<(&'static str, Range<usize>), Box<Diagnostic>> {
    let at = TextSpan::new(errata_file, cell.column.span());
    let Some(label) = column_label(cell.column.get_ref()) else {
        let known = column_labels().collect::<Vec<_>>().join(", ");
        return Err(Box::new(
            Diagnostic::error(
                "errata::unknown-column",
                format!(
                    "failed to read erratum `{id}` (no column is named `{}`)",
                    cell.column.get_ref()
                ),
                at,
            )
            .with_help(format!("the columns are {known}")),
        ));
    };
    match row.field(label) {
        Some(f) => Ok((label, f.range.clone())),
        None => Err(Box::new(
            Diagnostic::error(
                "errata::stale",
                format!(
                    "erratum `{id}` no longer matches {file} (the row {} has no {label} cell)",
                    row.name
                ),
                at,
            )
            .with_help("the row is shorter than its header; correct the row's text instead"),
        )),
    }
}

/// Every note a cell erratum rests on must be one its row refers to (the Notes column, or the
/// capacity cell the publication runs it into).
fn check_notes(
    table: &ListingText,
    row: &TableRow,
    e: &ErratumEntry,
    errata_file: FileId,
) -> Result<(), Box<Diagnostic>> {
    let refs = table.note_ids(row);
    match e.notes.iter().find(|n| !refs.contains(n.get_ref())) {
        None => Ok(()),
        Some(n) => Err(Box::new(
            Diagnostic::error(
                "errata::unknown-note",
                format!(
                    "erratum `{}` rests on note {}, which the row {} does not refer to",
                    e.id.get_ref(),
                    n.get_ref(),
                    row.name
                ),
                TextSpan::new(errata_file, n.span()),
            )
            .with_label("not in the row's Notes column")
            .with_help(format!(
                "the row refers to {}; name the evidence that is not one of its notes in `source`",
                refs.iter()
                    .filter(|r| !r.is_empty())
                    .map(String::as_str)
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        )),
    }
}

/// Sorts the matches and reports an erratum whose edits overlap another's.
fn report_overlaps(
    errata: &ErrataFile,
    found: &mut [ErratumMatch],
    errata_file: FileId,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let mut edits: Vec<(Range<usize>, usize)> = found
        .iter()
        .flat_map(|m| m.edits.iter().map(move |e| (e.original.clone(), m.index)))
        .collect();
    edits.sort_by_key(|(r, _)| (r.start, r.end));
    found.sort_by_key(|m| m.edits.first().map_or(0, |e| e.original.start));
    for pair in edits.windows(2) {
        let overlapping =
            pair[0].0.end > pair[1].0.start || (pair[0].0 == pair[1].0 && pair[0].1 != pair[1].1);
        if overlapping {
            let e = &errata.erratum[pair[1].1];
            let at = e
                .find
                .as_ref()
                .or(e.row.as_ref())
                .map_or(e.id.span(), |s| s.span());
            diagnostics.push(
                Diagnostic::error(
                    "errata::overlap",
                    format!("erratum `{}` overlaps another erratum", e.id.get_ref()),
                    TextSpan::new(errata_file, at),
                )
                .with_help("merge the two errata into one"),
            );
        }
    }
}

fn find_once(text: &str, e: &ErratumEntry, find: &Spanned<String>) -> Result<Range<usize>, String> {
    let find = find.get_ref();
    if find.is_empty() {
        return Err("`find` is empty".into());
    }
    let (base, hay) = match &e.context {
        Some(ctx) => {
            let ctx = ctx.get_ref();
            let at = unique(text, ctx).map_err(|n| format!("`context` occurs {n} times"))?;
            (at, &text[at..at + ctx.len()])
        }
        None => (0, text),
    };
    let at = unique(hay, find).map_err(|n| format!("`find` occurs {n} times"))?;
    Ok(base + at..base + at + find.len())
}

/// The offset of the only occurrence of `needle`, or the number of occurrences.
fn unique(hay: &str, needle: &str) -> Result<usize, usize> {
    // Non-overlapping occurrences, as `str::match_indices` counts them.
    let mut it = memchr::memmem::find_iter(hay.as_bytes(), needle.as_bytes());
    match (it.next(), it.next()) {
        (Some(i), None) => Ok(i),
        (None, _) => Err(0),
        (Some(_), Some(_)) => Err(2 + it.count()),
    }
}
