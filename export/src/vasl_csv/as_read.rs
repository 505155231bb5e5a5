//! A `listing.csv` or `ordnance.csv` written back as it was read: every record (the header,
//! VASL's label row, captions, vehicles or guns, VASL's own rows, rows with errors, empty
//! lines) at its place, each its published bytes with the errata applied.

use qm_parser::{vasl_record_ranges, Source};

/// The file `source` (a nation's `listing.csv` or `ordnance.csv`) written back record by record: each record's
/// published bytes with the errata applied and nothing else, so an unchanged file is written
/// byte for byte; a record holding a cell a spreadsheet would run is written again cell by
/// cell, that cell after an apostrophe ([`qm_schema::as_spreadsheet_text`]).
pub(crate) fn rows_as_read(source: &Source) -> String {
    let mut out = String::with_capacity(source.original.len());
    for range in vasl_record_ranges(source) {
        let row = source.corrected(range);
        match formulas_as_text(&row) {
            Some(safe) => out.push_str(&safe),
            None => out.push_str(&row),
        }
    }
    out
}

/// `row` (one record, its line end and the empty lines after it) written again with each
/// formula-looking cell as text; `None` when it holds none.
fn formulas_as_text(row: &str) -> Option<String> {
    let record = row.trim_end_matches(['\r', '\n']);
    let end = &row[record.len()..];
    let cells: Vec<String> = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(record.as_bytes())
        .records()
        .next()?
        .ok()?
        .iter()
        .map(str::to_owned)
        .collect();
    if !cells.iter().any(|c| qm_schema::looks_like_formula(c)) {
        return None;
    }
    let mut out = super::record_text(cells);
    // The line end the record had, not the writer's.
    out.truncate(out.trim_end_matches(['\r', '\n']).len());
    out.push_str(end);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use qm_parser::{Edit, FileId};

    #[test]
    fn rows_are_written_as_read_but_formulas() {
        let text = "\u{feff}count,name\r\n<b>#</b>,<b>Name</b>\r\n\r\n0,\"=HYPERLINK(\"\"x\"\")\"\r\n3, A  \r\n";
        let source = Source::new(FileId(0), "x/listing.csv", text);
        assert_eq!(
            rows_as_read(&source),
            "\u{feff}count,name\r\n<b>#</b>,<b>Name</b>\r\n\r\n0,\"'=HYPERLINK(\"\"x\"\")\"\r\n3, A  \r\n"
        );
        let fixed = Source::with_edits(
            FileId(0),
            "x/listing.csv",
            text,
            vec![Edit {
                original: text.len() - 5..text.len() - 4,
                replacement: "B".into(),
            }],
        );
        assert!(rows_as_read(&fixed).ends_with("\r\n3, B  \r\n"));
    }
}
