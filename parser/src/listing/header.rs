//! Header lines: the column-name line that starts a block, and the MG sub-header under it.

use std::ops::Range;

use crate::listing::column::{Column, DEFAULT_LAYOUT};
use crate::listing::reader::{quote, Reader};
use crate::{Diagnostic, HeaderBlock};

/// Which column each tab-separated field of a data row belongs to.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    /// One entry per field; `None` for a field whose column is unknown or repeated.
    pub(crate) columns: Vec<Option<Column>>,
}

impl Layout {
    /// The published order of the 26 columns.
    pub(crate) fn default_layout() -> Self {
        Self {
            columns: DEFAULT_LAYOUT.into_iter().map(Some).collect(),
        }
    }

    /// How many fields a data row should have.
    pub(crate) fn width(&self) -> usize {
        self.columns.len()
    }
}

/// True when the line's first field names the NAME column: that is how a header starts.
pub(crate) fn is_header(text: &str, fields: &[Range<usize>]) -> bool {
    fields
        .first()
        .and_then(|f| text.get(f.clone()))
        .is_some_and(|name| name.trim() == "NAME")
}

/// The text of an MG sub-header field: the MG column it stands over.
fn mg_sub_column(name: &str) -> Option<Column> {
    match name {
        "B" => Some(Column::MgBow),
        "C" => Some(Column::MgCoax),
        "AA" => Some(Column::MgAa),
        _ => None,
    }
}

/// True when the line is an MG sub-header: an empty NAME cell, then only `B`, `C` and `AA`, at
/// least one of them. (A row whose NAME is "B" is data, not a sub-header.)
pub(crate) fn is_sub_header(text: &str, fields: &[Range<usize>]) -> bool {
    let name = fields
        .first()
        .and_then(|f| text.get(f.clone()))
        .map_or("", str::trim);
    if !name.is_empty() {
        return false;
    }
    let mut any = false;
    for f in fields {
        let name = text.get(f.clone()).map_or("", str::trim);
        if name.is_empty() {
            continue;
        }
        if mg_sub_column(name).is_none() {
            return false;
        }
        any = true;
    }
    any
}

/// Reads a column-name line into its block and the layout of the rows under it.
pub(crate) fn read_header(
    reader: &mut Reader<'_>,
    line: Range<usize>,
    fields: &[Range<usize>],
) -> (HeaderBlock, Layout) {
    let text = &reader.source.text;
    let names: Vec<&str> = fields
        .iter()
        .map(|f| text.get(f.clone()).map_or("", str::trim))
        .collect();
    // Trailing empty names carry no column; dropping them keeps a stray tab at the end of the
    // header from demanding an extra cell in every row.
    let width = names
        .iter()
        .rposition(|n| !n.is_empty())
        .map_or(0, |i| i + 1);
    let mut columns: Vec<Option<Column>> = Vec::with_capacity(width);
    // Which columns are taken, by `Column as usize`; a set, so a header of a million cells
    // stays linear.
    let mut seen = [false; DEFAULT_LAYOUT.len()];
    let mut diagnostics = Vec::new();
    // The MG columns are printed as `MG` over three fields; the next two are unnamed.
    let mut unnamed_mg = [Column::MgCoax, Column::MgAa].into_iter();
    for (position, (&name, field)) in names.iter().zip(fields).take(width).enumerate() {
        let column = if name.is_empty() {
            unnamed_mg
                .next()
                .filter(|_| columns.last().is_some_and(|c| c.is_some_and(is_mg)))
                .or_else(|| DEFAULT_LAYOUT.get(position).copied())
        } else {
            unnamed_mg = [Column::MgCoax, Column::MgAa].into_iter();
            match Column::from_header(name) {
                Some(c) => Some(c),
                None => {
                    let fallback = DEFAULT_LAYOUT.get(position).copied();
                    diagnostics.push(unknown_column(reader, name, field.clone(), fallback));
                    fallback
                }
            }
        };
        let column = match column {
            Some(c) if seen[c as usize] => {
                diagnostics.push(
                    Diagnostic::error(
                        "listing::duplicate-column",
                        format!(
                            "failed to read the header (column {} appears twice)",
                            c.label()
                        ),
                        reader.source.span(field.clone()),
                    )
                    .with_label("repeated column")
                    .with_help("name each column once; cells under the repeat are ignored"),
                );
                None
            }
            Some(c) => {
                seen[c as usize] = true;
                Some(c)
            }
            None => None,
        };
        columns.push(column);
    }
    reader.diagnostics.extend(diagnostics);
    let block = HeaderBlock {
        span: reader.source.span(line),
        columns: names.iter().map(|n| (*n).to_owned()).collect(),
    };
    (block, Layout { columns })
}

fn is_mg(c: Column) -> bool {
    matches!(c, Column::MgBow | Column::MgCoax | Column::MgAa)
}

fn unknown_column(
    reader: &Reader<'_>,
    name: &str,
    field: Range<usize>,
    fallback: Option<Column>,
) -> Diagnostic {
    let closest = if name.len() <= 16 {
        Column::all_header_names()
            .map(|known| {
                let d = strsim::levenshtein(&name.to_uppercase(), &known.to_uppercase());
                (d, known)
            })
            .filter(|(d, _)| *d <= 2)
            .min_by_key(|(d, _)| *d)
            .map(|(_, known)| known)
    } else {
        None
    };
    let mut diagnostic = Diagnostic::error(
        "listing::unknown-column",
        format!(
            "failed to read the header (unknown column `{}`)",
            quote(name)
        ),
        reader.source.span(field),
    )
    .with_label("unknown column");
    if let Some(known) = closest {
        diagnostic = diagnostic.with_help(format!("did you mean `{known}`?"));
    } else {
        diagnostic = diagnostic.with_help(format!(
            "the columns are {}",
            DEFAULT_LAYOUT.map(Column::label).join(", ")
        ));
    }
    if let Some(c) = fallback {
        diagnostic = diagnostic.with_note(format!(
            "its cells are read as the {} column, where the published listing has it",
            c.label()
        ));
    }
    diagnostic
}

/// Checks that each `B`, `C` and `AA` of a sub-header stands over its MG column.
pub(crate) fn check_sub_header(reader: &mut Reader<'_>, fields: &[Range<usize>], layout: &Layout) {
    for (position, field) in fields.iter().enumerate() {
        let Some(trimmed) = reader.trim(field.clone()) else {
            continue;
        };
        let name = &reader.source.text[trimmed.raw.clone()];
        let Some(wanted) = mg_sub_column(name) else {
            continue;
        };
        if layout.columns.get(position).copied().flatten() != Some(wanted) {
            let d = Diagnostic::warning(
                "listing::bad-sub-header",
                format!(
                    "failed to match the MG sub-header `{name}` to a column (it is not under {})",
                    wanted.label()
                ),
                reader.source.span(trimmed.raw),
            )
            .with_label("not under its MG column")
            .with_help("put B, C and AA under the three MG columns of the header line");
            reader.diagnostics.push(d);
        }
    }
}
