//! The CSV's records with the byte range of each field, quotes included: read by the `csv`
//! crate's own reader (`csv-core`, RFC 4180 as the `csv` crate reads it) field by field, so
//! the fields and their values are the crate's, never a second splitter's.

use std::ops::Range;

use csv_core::{ReadFieldResult, Reader};

/// One record: its bytes, its line, and each field's bytes (quotes included).
#[derive(Debug, Clone)]
pub(crate) struct Record {
    /// The record without its line end.
    pub(crate) range: Range<usize>,
    /// 1-based line of its start.
    pub(crate) line: usize,
    /// The fields.
    pub(crate) fields: Vec<Range<usize>>,
    /// The quote bytes the CSV rules take off the fields (a quoted field's outer quotes, one
    /// of each doubled quote), as offsets of the text, in order: a field's value is its bytes
    /// without them.
    pub(crate) quotes: Vec<usize>,
}

impl Record {
    /// The quote bytes taken off the field at `field`.
    pub(crate) fn quotes_in(&self, field: &Range<usize>) -> &[usize] {
        let from = self.quotes.partition_point(|&q| q < field.start);
        let to = self.quotes.partition_point(|&q| q < field.end);
        &self.quotes[from..to]
    }

    /// The value of the field at `field` of `text` (what the `csv` crate reads: its bytes
    /// without the quotes the CSV rules take off).
    pub(crate) fn value(&self, text: &str, field: &Range<usize>) -> String {
        let mut out = String::with_capacity(field.len());
        let mut at = field.start;
        for &q in self.quotes_in(field) {
            out.push_str(&text[at..q]);
            at = q + 1;
        }
        out.push_str(&text[at..field.end]);
        out
    }
}

/// The records of `text`, in order. Empty lines hold no record (as the `csv` crate reads
/// them); a quoted field may hold line ends.
pub(crate) fn records(text: &str) -> Vec<Record> {
    let bytes = text.as_bytes();
    let mut reader = Reader::new();
    // A field's value is never longer than the input.
    let mut out = vec![0u8; bytes.len() + 1];
    let mut records = Vec::new();
    let mut current: Option<Record> = None;
    let mut lines = LineCounter::default();
    let mut pos = 0;
    let mut field_start = None;
    let mut written = 0;
    loop {
        let (result, nin, nout) = reader.read_field(&bytes[pos..], &mut out[written..]);
        let consumed = pos..pos + nin;
        pos += nin;
        let start = *field_start.get_or_insert_with(|| {
            // At a record's start the reader skips line ends (empty lines).
            let skipped = if current.is_none() {
                bytes[consumed.clone()]
                    .iter()
                    .take_while(|b| matches!(b, b'\r' | b'\n'))
                    .count()
            } else {
                0
            };
            consumed.start + skipped
        });
        written += nout;
        let record_end = match result {
            ReadFieldResult::Field { record_end } => record_end,
            ReadFieldResult::End => break,
            // The whole input is given at once, and the output holds it all; a reader that
            // made no progress would loop.
            ReadFieldResult::InputEmpty | ReadFieldResult::OutputFull if nin > 0 || nout > 0 => {
                continue
            }
            ReadFieldResult::InputEmpty | ReadFieldResult::OutputFull => break,
        };
        // The byte ending the field (its comma or line end) was read with it; at the end of
        // the text none was.
        let end =
            if nin > 0 && consumed.start < pos && matches!(bytes[pos - 1], b',' | b'\r' | b'\n') {
                pos - 1
            } else {
                pos
            };
        let end = end.max(start);
        let record = current.get_or_insert_with(|| Record {
            range: start..start,
            line: lines.line_at(text, start),
            fields: Vec::new(),
            quotes: Vec::new(),
        });
        taken_quotes(
            &bytes[start..end],
            &out[..written],
            start,
            &mut record.quotes,
        );
        record.fields.push(start..end);
        record.range.end = end;
        field_start = None;
        written = 0;
        if record_end {
            records.extend(current.take());
        }
    }
    records.extend(current.take());
    records
}

/// The published bytes of each record of a `listing.csv`, its header first: from the
/// record's start to the next one's (its line end and the empty lines after it are its own;
/// the first starts at the file's start, a BOM included). The ranges tile the file: written
/// one after another, they are the file. `qm export vasl-csv` writes a file back by them.
pub fn vasl_record_ranges(source: &crate::Source) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut at = 0;
    for r in records(&source.text).iter().skip(1) {
        let start = source.original_range(r.range.start..r.range.start).start;
        if start > at {
            out.push(at..start);
            at = start;
        }
    }
    out.push(at..source.original.len());
    out
}

/// The value of one field's published bytes `raw` (quotes included), as the `csv` crate
/// reads it.
pub(crate) fn field_value(raw: &str) -> String {
    records(raw)
        .first()
        .and_then(|r| Some(r.value(raw, r.fields.first()?)))
        .unwrap_or_default()
}

/// The offsets (from `at`) of the bytes of `raw` its value `value` leaves out, pushed to
/// `quotes`. The reader only ever leaves out quotes, so the value is `raw` with some of them
/// taken off; the leftmost match of each value byte finds one such set (of two quotes written
/// `""`, which one goes makes no difference).
fn taken_quotes(raw: &[u8], value: &[u8], at: usize, quotes: &mut Vec<usize>) {
    let mut next = value.iter().peekable();
    for (i, b) in raw.iter().enumerate() {
        if next.peek() == Some(&b) {
            next.next();
        } else {
            quotes.push(at + i);
        }
    }
}

/// The line of offsets met in increasing order, counted once.
#[derive(Default)]
struct LineCounter {
    offset: usize,
    line: usize,
}

impl LineCounter {
    fn line_at(&mut self, text: &str, offset: usize) -> usize {
        let offset = offset.max(self.offset);
        self.line += memchr::memchr_iter(b'\n', &text.as_bytes()[self.offset..offset]).count();
        self.offset = offset;
        self.line + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(text: &str, r: &Record) -> Vec<String> {
        r.fields
            .iter()
            .map(|f| text[f.clone()].to_owned())
            .collect()
    }

    /// Every byte belongs to one record's range, in order: a BOM and empty lines included.
    #[test]
    fn record_ranges_tile_the_file() {
        let text = "\u{feff}h,i\r\n\r\na,\"x\r\ny\"\r\nb\n\nc";
        let source = crate::Source::new(crate::FileId(0), "x/listing.csv", text);
        let ranges = vasl_record_ranges(&source);
        let pieces: Vec<&str> = ranges.iter().map(|r| &text[r.clone()]).collect();
        assert_eq!(
            pieces,
            ["\u{feff}h,i\r\n\r\n", "a,\"x\r\ny\"\r\n", "b\n\n", "c"]
        );
        let empty = crate::Source::new(crate::FileId(0), "x/listing.csv", "");
        assert_eq!(vasl_record_ranges(&empty), vec![0..0usize]);
    }

    #[test]
    fn quoted_fields_keep_their_bytes() {
        let text = "a,\"b, c\",\"x\"\"y\"\n1,\"two\nlines\",3\r\n";
        let r = records(text);
        assert_eq!(r.len(), 2);
        assert_eq!(cells(text, &r[0]), ["a", "\"b, c\"", "\"x\"\"y\""]);
        assert_eq!(cells(text, &r[1]), ["1", "\"two\nlines\"", "3"]);
        assert_eq!((r[0].line, r[1].line), (1, 2));
        assert_eq!(r[0].value(text, &r[0].fields[2]), "x\"y");
        assert_eq!(r[1].value(text, &r[1].fields[1]), "two\nlines");
        assert_eq!(&text[r[1].range.clone()], "1,\"two\nlines\",3");
    }

    /// A quote inside an unquoted field is a character of it (issue 31): `1.0"` and `x"y` do
    /// not join the fields between them.
    #[test]
    fn a_quote_inside_an_unquoted_field_is_kept() {
        let text = "1.0\",b,c,x\"y,d\n";
        let r = records(text);
        assert_eq!(cells(text, &r[0]), ["1.0\"", "b", "c", "x\"y", "d"]);
        assert!(r[0].quotes.is_empty());
        // Text after a closing quote is the field's too, as the csv crate reads it.
        let text = "\"ab\"cd,e";
        let r = records(text);
        assert_eq!(cells(text, &r[0]), ["\"ab\"cd", "e"]);
        assert_eq!(r[0].value(text, &r[0].fields[0]), "abcd");
    }

    #[test]
    fn empty_lines_hold_no_record_and_lines_are_counted() {
        let text = "\n\na,b\r\n\r\n\nc\n\"d\ne\"\nf";
        let r = records(text);
        let all: Vec<Vec<String>> = r.iter().map(|x| cells(text, x)).collect();
        assert_eq!(
            all,
            [vec!["a", "b"], vec!["c"], vec!["\"d\ne\""], vec!["f"]]
        );
        let lines: Vec<usize> = r.iter().map(|x| x.line).collect();
        assert_eq!(lines, [3, 6, 7, 9]);
    }

    /// Every field's value is the csv crate's, for any text.
    #[test]
    fn values_are_the_csv_crates() {
        let pieces = ["a", "\"", ",", "\n", "\r", "\"\"", " ", "é", "<b>"];
        let mut seed = 7u64;
        for _ in 0..3000 {
            let mut text = String::new();
            for _ in 0..(seed % 12) {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                text.push_str(pieces[(seed >> 33) as usize % pieces.len()]);
            }
            let ours: Vec<Vec<String>> = records(&text)
                .iter()
                .map(|r| r.fields.iter().map(|f| r.value(&text, f)).collect())
                .collect();
            let theirs: Vec<Vec<String>> = csv::ReaderBuilder::new()
                .has_headers(false)
                .flexible(true)
                .from_reader(text.as_bytes())
                .records()
                .map(|r| r.unwrap().iter().map(str::to_owned).collect())
                .collect();
            assert_eq!(ours, theirs, "{text:?}");
        }
    }
}
