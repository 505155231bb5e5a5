//! What the two round-trip examples share: a file written back compared with it as read.

use qm_parser::{vasl_record_ranges, Source};

/// How a file written back compares with `source` as read: its records, how many of them were
/// written back byte for byte (each in its place), its bytes, and how many leading bytes are
/// the same; `identical` when every byte is.
pub struct Comparison {
    /// The byte ranges of the file's records (the header and every row after it).
    pub ranges: Vec<std::ops::Range<usize>>,
    /// Records written back byte for byte.
    pub same_records: usize,
    /// Leading bytes written back as read.
    pub same_bytes: usize,
    /// Every byte written back as read.
    pub identical: bool,
}

/// `written` against `source`'s published bytes.
pub fn compare(written: &str, source: &Source) -> Comparison {
    let published = source.original.as_str();
    let ranges = vasl_record_ranges(source);
    let mut at = 0;
    let mut same_records = 0;
    for r in &ranges {
        let piece = &published[r.clone()];
        if written.get(at..at + piece.len()) == Some(piece) {
            same_records += 1;
        }
        at += piece.len();
    }
    let same_bytes = written
        .bytes()
        .zip(published.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    Comparison {
        ranges,
        same_records,
        same_bytes,
        identical: written == published,
    }
}
