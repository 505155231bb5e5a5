//! The listing as a table of text cells, without reading any value: which column each field
//! of each data row stands in. Cell-level errata (`load`) use it to find the cell they correct
//! before the listing is parsed; the parse itself reports what is wrong with the table.

use std::ops::Range;

use crate::listing::column::{Column, DEFAULT_LAYOUT};
use crate::listing::header::{self, Layout};
use crate::listing::parse::split_fields;
use crate::listing::reader::Reader;
use crate::Source;

/// One data row of the listing as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableRow {
    /// The whole line, in the source's normalized text.
    pub line: Range<usize>,
    /// The NAME field, trimmed.
    pub name: String,
    /// Every tab-separated field, in order.
    pub fields: Vec<TableField>,
}

/// One field of a data row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableField {
    /// The column the field stands in, by its label ([`column_labels`]); `None` for a field
    /// past the header's columns or under a repeated one.
    pub column: Option<&'static str>,
    /// The field's bytes in the source's normalized text (empty for a blank field).
    pub range: Range<usize>,
}

impl TableRow {
    /// The field standing in the column labelled `label`.
    pub fn field(&self, label: &str) -> Option<&TableField> {
        self.fields.iter().find(|f| f.column == Some(label))
    }
}

/// The data rows of a listing with the column of each field, as [`parse_listing`](crate::parse_listing)
/// reads them (header blocks set the columns of the rows under them; rows before any header
/// are read in the published order). Problems are not reported here: parsing reports them.
pub fn listing_table(source: &Source) -> Vec<TableRow> {
    let mut reader = Reader::new(source);
    let text = source.text.as_str();
    let mut layout: Option<Layout> = None;
    let mut rows = Vec::new();
    let mut start = 0;
    for line in text.split('\n') {
        let range = start..start + line.len();
        start = range.end + 1;
        if line.trim().is_empty() {
            continue;
        }
        let fields = split_fields(line, range.start);
        if header::is_header(text, &fields) {
            layout = Some(header::read_header(&mut reader, range, &fields).1);
            continue;
        }
        if header::is_sub_header(text, &fields) {
            continue;
        }
        let layout = layout.get_or_insert_with(Layout::default_layout);
        let name = fields
            .first()
            .and_then(|f| text.get(f.clone()))
            .map_or("", str::trim)
            .to_string();
        let fields = fields
            .into_iter()
            .enumerate()
            .map(|(i, range)| TableField {
                column: layout.columns.get(i).copied().flatten().map(Column::label),
                range,
            })
            .collect();
        rows.push(TableRow {
            line: range,
            name,
            fields,
        });
    }
    rows
}

/// The label of the column a name stands for: a label itself ("MG B", "ROF"), a header
/// spelling ("Tur", "PP") or an MG sub-header letter ("B", "C", "AA"), compared without case
/// or spaces; or VASL's header name of the column (`bmg`, `rof_ife`).
pub fn column_label(name: &str) -> Option<&'static str> {
    let squashed: String = name.chars().filter(|c| !c.is_whitespace()).collect();
    let sub = match squashed.to_uppercase().as_str() {
        "B" => Some(Column::MgBow),
        "C" => Some(Column::MgCoax),
        "AA" => Some(Column::MgAa),
        _ => None,
    };
    sub.or_else(|| {
        DEFAULT_LAYOUT.into_iter().find(|c| {
            c.label()
                .chars()
                .filter(|ch| !ch.is_whitespace())
                .collect::<String>()
                .eq_ignore_ascii_case(&squashed)
        })
    })
    .or_else(|| Column::from_header(name))
    .map(Column::label)
    .or_else(|| super::vasl_csv::vasl_column_label(name))
}

/// Every column's label, in the published order.
pub fn column_labels() -> impl Iterator<Item = &'static str> {
    DEFAULT_LAYOUT.into_iter().map(Column::label)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::FileId;

    #[test]
    fn fields_stand_in_the_columns_of_their_header_block() {
        let text = "NAME\t®\tWG T\tTYPE\tBPV\tRF\tDATES\tSZ\tAF\tTA\tOT\tCS\tMP\tGP\tT\tMA\tROF\tB#\tIF\tMG\t\t\tSA\tAM MO\t# / PP\tNotes\n\
                    \t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\tB\tC\tAA\t\t\t\t\n\
                    L3 / 35\t®\t3.5\tTt\t20\t.9\t34-5/45\t+2\t-4\t\t\t2\t13\tL\t\tBMG\t\t11\t\t\t4\t\t\t\t\t2 A\n";
        let source = Source::new(FileId(0), "l.tsv", text);
        let rows = listing_table(&source);
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].name, "L3 / 35");
        let cell = |label| {
            let f = rows[0].field(label).unwrap();
            &source.text[f.range.clone()]
        };
        assert_eq!(cell("MG B"), "");
        assert_eq!(cell("MG C"), "4");
        assert_eq!(cell("MA"), "BMG");
        assert_eq!(cell("Notes"), "2 A");
    }

    #[test]
    fn column_names_are_read_as_labels() {
        assert_eq!(column_label("B"), Some("MG B"));
        assert_eq!(column_label("mg aa"), Some("MG AA"));
        assert_eq!(column_label("MGC"), Some("MG C"));
        assert_eq!(column_label("ROF"), Some("ROF"));
        assert_eq!(column_label("Tur"), Some("T"));
        assert_eq!(column_label("#/PP"), Some("# / PP"));
        assert_eq!(column_label("MG"), Some("MG B"));
        assert_eq!(column_label("XX"), None);
    }
}
