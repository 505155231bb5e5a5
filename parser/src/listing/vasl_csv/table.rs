//! `listing.csv` as a table of text cells, for cell errata: each vehicle row named as `qm`
//! reads its NAME, each field under its listing column's label, its bytes as published.

use std::collections::HashMap;

use crate::listing::vasl_csv::columns::VaslColumn;
use crate::listing::vasl_csv::read::{layout, parse_vasl_csv};
use crate::listing::vasl_csv::records::{field_value, records};
use crate::{Source, TableField, TableRow};

/// The vehicle rows of a `listing.csv` (another VASL piece of a vehicle included, a variant
/// under its own NAME) as
/// [`TableRow`]s, as [`listing_table`](crate::listing_table) gives `listing.tsv`'s: `name` is
/// the NAME `qm` reads (the name cell without its markup and type), each field stands under
/// its listing column's label (VASL's own columns under none) and its range holds the field's
/// published bytes, quotes included ([`vasl_cell_text`] gives its value).
pub fn vasl_table(source: &Source) -> Vec<TableRow> {
    let listing = parse_vasl_csv(source).value;
    let mut names: HashMap<usize, &str> = HashMap::new();
    for (row, extras) in listing.rows.iter().zip(&listing.extras) {
        if row.name.is_error() {
            continue;
        }
        names.insert(row.line, &row.name.raw);
        // A repeated row is the vehicle's (an erratum corrects both); a variant is its own.
        for piece in &extras.pieces {
            let name = piece
                .variant
                .as_ref()
                .map_or(&row.name.raw, |v| &v.name.raw);
            names.insert(piece.line, name);
        }
    }
    let records = records(&source.text);
    let (columns, data) = layout(source, &records, &mut Vec::new());
    data.iter()
        .filter_map(|record| {
            let name = names.get(&record.line)?;
            let fields = record
                .fields
                .iter()
                .zip(columns.iter())
                .map(|(range, column)| TableField {
                    column: match column {
                        Some(VaslColumn::Listing(c)) => Some(c.label()),
                        _ => None,
                    },
                    range: range.clone(),
                })
                .collect();
            Some(TableRow {
                line: record.range.clone(),
                name: (*name).to_owned(),
                fields,
            })
        })
        .collect()
}

/// The label of the listing column VASL's header name `name` stands for (`dates` is DATES,
/// `bmg` MG B, `rof_ife` ROF): a cell erratum names a `listing.csv` column either way.
pub(crate) fn vasl_column_label(name: &str) -> Option<&'static str> {
    match VaslColumn::from_header(name)? {
        VaslColumn::Listing(c) => Some(c.label()),
        VaslColumn::Own(_) => None,
    }
}

/// A CSV field's value, trimmed: its published bytes as the `csv` crate reads them (the
/// surrounding quotes off, a doubled quote read as one).
pub fn vasl_cell_text(field: &str) -> String {
    field_value(field).trim().to_owned()
}

/// A value written as a CSV field by the `csv` crate: quoted (quotes doubled) when it holds a
/// comma, a quote or a line end, as VASL's files are.
pub fn vasl_field(value: &str) -> String {
    // A record of one empty field is written `""`; an empty field among others is empty.
    if value.is_empty() {
        return String::new();
    }
    let mut writer = csv::Writer::from_writer(Vec::new());
    // Writing to memory cannot fail, and the bytes are the text's and quotes.
    if writer.write_record([value]).is_err() {
        return value.to_owned();
    }
    match writer.into_inner() {
        Ok(bytes) => String::from_utf8_lossy(&bytes)
            .strip_suffix('\n')
            .unwrap_or(value)
            .to_owned(),
        Err(_) => value.to_owned(),
    }
}

/// The note ids a notes cell's value names (`"69†, A†<sup>1</sup>"` names `69` and `A`): the
/// entries between commas, markup off, each up to its dagger; a struck-through entry (a note
/// that does not apply) names none.
pub fn vasl_note_ids(notes: &str) -> Vec<String> {
    let mut plain = String::new();
    let mut in_tag = false;
    for c in unstruck(notes).chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            _ if !in_tag => plain.push(c),
            _ => {}
        }
    }
    plain
        .split(',')
        .map(|e| e.split('†').next().unwrap_or("").trim().to_owned())
        .filter(|e| !e.is_empty())
        .collect()
}

/// `notes` without its struck-through elements (`<strike>`, a line-through `<span>`).
fn unstruck(notes: &str) -> String {
    let mut out = notes.to_owned();
    for (open, close) in [
        ("<strike>", "</strike>"),
        ("<span style=\"text-decoration:line-through\">", "</span>"),
    ] {
        while let Some(start) = out.find(open) {
            let end = out[start..]
                .find(close)
                .map_or(out.len(), |e| start + e + close.len());
            out.replace_range(start..end, "");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::FileId;

    #[test]
    fn a_csv_row_is_found_by_its_name_and_its_cells_by_their_labels() {
        let header = "count,name,radioless,weight,bpv,rf,dates,size,af,ta,ot,cs,mp,gp,gt,ma,rof_ife,breakdown,intensive_fire,bmg,cmg,aamg,sa,ammunition,smoke_depletion,smoke_discharger,transport,notes,version,piece,overrides,svg_image_transform,reverse,comments\n";
        let row = "2,Ka 1 <i>AC</i>,,3,30,1.2,41-4,,,.-F,,,12,,,,,,,4,,,,,,,,\"69†, A†<sup>1</sup>\",1.0,ka1,,,,\n";
        let text = format!("{header}{row}");
        let source = Source::new(FileId(0), "x/listing.csv", text.as_str());
        let rows = vasl_table(&source);
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].name, "Ka 1");
        let cell =
            |label: &str| vasl_cell_text(&source.text[rows[0].field(label).unwrap().range.clone()]);
        assert_eq!(cell("DATES"), "41-4");
        assert_eq!(cell("TA"), ".-F");
        assert_eq!(cell("MG B"), "4");
        assert_eq!(cell("Notes"), "69†, A†<sup>1</sup>");
        assert_eq!(vasl_note_ids(&cell("Notes")), ["69", "A"]);
        assert_eq!(
            vasl_note_ids("6†, <strike>N</strike>, R†<sup>1</sup>"),
            ["6", "R"]
        );
        assert_eq!(vasl_field("6†, A"), "\"6†, A\"");
        assert_eq!(vasl_field("-F/+SR"), "-F/+SR");
        assert_eq!(vasl_field("a\nb"), "\"a\nb\"");
        assert_eq!(vasl_field(""), "");
        assert_eq!(crate::column_label("bmg"), Some("MG B"));
        assert_eq!(crate::column_label("rof_ife"), Some("ROF"));
        assert_eq!(crate::column_label("dates"), Some("DATES"));
    }
}
