//! The CSV's records with the byte range of each field, quotes included.

use std::ops::Range;

/// One record: its bytes, its line, and each field's bytes (quotes included).
#[derive(Debug, Clone)]
pub(crate) struct Record {
    /// The record without its line end.
    pub(crate) range: Range<usize>,
    /// 1-based line of its start.
    pub(crate) line: usize,
    /// The fields.
    pub(crate) fields: Vec<Range<usize>>,
}

/// The records of `text`. The `csv` crate finds where each record starts (a quoted field may
/// hold line ends); each record's fields are then split at the commas outside quotes, so
/// every field keeps its published bytes.
pub(crate) fn records(text: &str) -> Vec<Record> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut starts = Vec::new();
    let mut record = csv::ByteRecord::new();
    // Reading from memory cannot fail with an I/O error, and byte records are not checked
    // for UTF-8 (the text already is): an error ends the records read so far.
    while let Ok(true) = reader.read_byte_record(&mut record) {
        if let Some(p) = record.position() {
            starts.push((
                usize::try_from(p.byte()).unwrap_or(usize::MAX),
                usize::try_from(p.line()).unwrap_or(usize::MAX),
            ));
        }
    }
    let ends = starts
        .iter()
        .skip(1)
        .map(|(s, _)| *s)
        .chain(std::iter::once(text.len()));
    starts
        .iter()
        .zip(ends)
        .filter_map(|(&(start, line), end)| {
            let body = text.get(start..end.max(start))?;
            let trimmed = body.trim_end_matches(['\n', '\r']);
            let range = start..start + trimmed.len();
            Some(Record {
                fields: fields(trimmed, start),
                range,
                line,
            })
        })
        .collect()
}

/// The fields of a record's text starting at `start`.
fn fields(text: &str, start: usize) -> Vec<Range<usize>> {
    let mut fields = Vec::new();
    let mut in_quotes = false;
    let mut field_start = 0;
    for (i, b) in text.bytes().enumerate() {
        match b {
            b'"' => in_quotes = !in_quotes,
            b',' if !in_quotes => {
                fields.push(start + field_start..start + i);
                field_start = i + 1;
            }
            _ => {}
        }
    }
    fields.push(start + field_start..start + text.len());
    fields
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_fields_keep_their_bytes() {
        let text = "a,\"b, c\",\"x\"\"y\"\n1,\"two\nlines\",3\r\n";
        let r = records(text);
        assert_eq!(r.len(), 2);
        let cells: Vec<&str> = r[0].fields.iter().map(|f| &text[f.clone()]).collect();
        assert_eq!(cells, ["a", "\"b, c\"", "\"x\"\"y\""]);
        let cells: Vec<&str> = r[1].fields.iter().map(|f| &text[f.clone()]).collect();
        assert_eq!(cells, ["1", "\"two\nlines\"", "3"]);
        assert_eq!((r[0].line, r[1].line), (1, 2));
    }
}
