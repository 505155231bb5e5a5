use std::ops::Range;

/// Identifies one loaded source file within a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct FileId(pub u32);

/// A byte range in the *normalized* text of one source file.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct TextSpan {
    /// The file.
    pub file: FileId,
    /// Byte range in [`Source::text`].
    pub range: Range<usize>,
}

impl TextSpan {
    /// A span in `file`.
    pub fn new(file: FileId, range: Range<usize>) -> Self {
        Self { file, range }
    }
}

/// A replacement made to the published text before parsing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// Byte range in the original text.
    pub original: Range<usize>,
    /// The text that replaces it.
    pub replacement: String,
}

/// One segment of the mapping between normalized and original text.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Segment {
    text: Range<usize>,
    original: Range<usize>,
    edited: bool,
    /// An erratum's replacement (else the BOM or CRLF normalization, or no edit).
    erratum: bool,
}

/// A source file: the text as published, the text the parsers read (after removing a BOM,
/// turning CRLF into LF and applying errata), and the map between the two.
///
/// Parsers only ever see [`Source::text`]; diagnostics and provenance map their spans back with
/// [`Source::original_range`] so they always point into the file as it is on disk.
#[derive(Debug, Clone)]
pub struct Source {
    /// The file's id in this run.
    pub id: FileId,
    /// The name shown in diagnostics (relative to the data directory, e.g. `ita/listing.tsv`).
    pub name: String,
    /// The file as published (lossily decoded if it was not UTF-8).
    pub original: String,
    /// The normalized text the parsers read.
    pub text: String,
    segments: Vec<Segment>,
    /// Byte offset of every line start of `original`, so locating a span costs a binary search.
    line_starts: Vec<usize>,
}

impl Source {
    /// A source whose normalized text is its original text minus a BOM and with LF line ends.
    pub fn new(id: FileId, name: impl Into<String>, original: impl Into<String>) -> Self {
        Self::with_edits(id, name, original, Vec::new())
    }

    /// A source with extra `edits` (errata) applied after the BOM/CRLF normalization.
    ///
    /// Edits must not overlap each other; overlapping ones after the first are ignored (the
    /// loader reports them before calling this).
    pub fn with_edits(
        id: FileId,
        name: impl Into<String>,
        original: impl Into<String>,
        edits: Vec<Edit>,
    ) -> Self {
        let original = original.into();
        let mut all: Vec<(Edit, bool)> = normalization_edits(&original)
            .into_iter()
            .map(|e| (e, false))
            .collect();
        all.extend(edits.into_iter().map(|e| (e, true)));
        all.sort_by_key(|(e, _)| (e.original.start, e.original.end));
        let mut text = String::with_capacity(original.len());
        let mut segments = Vec::new();
        let mut pos = 0;
        for (edit, erratum) in all {
            if edit.original.start < pos || edit.original.end > original.len() {
                continue;
            }
            if edit.original.start > pos {
                let t = text.len();
                text.push_str(&original[pos..edit.original.start]);
                segments.push(Segment {
                    text: t..text.len(),
                    original: pos..edit.original.start,
                    edited: false,
                    erratum: false,
                });
            }
            let t = text.len();
            text.push_str(&edit.replacement);
            segments.push(Segment {
                text: t..text.len(),
                original: edit.original.clone(),
                edited: true,
                erratum,
            });
            pos = edit.original.end;
        }
        if pos < original.len() {
            let t = text.len();
            text.push_str(&original[pos..]);
            segments.push(Segment {
                text: t..text.len(),
                original: pos..original.len(),
                edited: false,
                erratum: false,
            });
        }
        let line_starts = std::iter::once(0)
            .chain(original.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Self {
            id,
            name: name.into(),
            original,
            text,
            segments,
            line_starts,
        }
    }

    /// A span covering `range` of the normalized text of this file.
    pub fn span(&self, range: Range<usize>) -> TextSpan {
        TextSpan::new(self.id, range)
    }

    /// Maps a byte range of the normalized text to the original text.
    ///
    /// A range that touches an edited region widens to cover the whole original region, so a
    /// diagnostic on corrected text underlines what was published.
    pub fn original_range(&self, range: Range<usize>) -> Range<usize> {
        let start = self.map_offset(range.start, false);
        let end = self.map_offset(range.end, true).max(start);
        start..end
    }

    fn map_offset(&self, offset: usize, is_end: bool) -> usize {
        // Find the segment holding the offset; at a boundary an end belongs to the segment
        // before it and a start to the one after it.
        let found = holding(&self.segments, offset, is_end, |s| &s.text);
        match found {
            Some(s) if s.edited => {
                if is_end {
                    s.original.end
                } else {
                    s.original.start
                }
            }
            Some(s) => s.original.start + (offset - s.text.start),
            None => self
                .segments
                .last()
                .map_or(offset.min(self.original.len()), |s| {
                    if offset <= s.text.start {
                        s.original.start
                    } else {
                        s.original.end
                    }
                }),
        }
    }

    /// Maps a byte range of the original text to the normalized text (the inverse of
    /// [`Source::original_range`]); a range inside an edited region covers its replacement.
    pub fn text_range(&self, original: Range<usize>) -> Range<usize> {
        let map = |offset: usize, is_end: bool| {
            let found = holding(&self.segments, offset, is_end, |s| &s.original);
            match found {
                Some(s) if s.edited => {
                    if is_end {
                        s.text.end
                    } else {
                        s.text.start
                    }
                }
                Some(s) => s.text.start + (offset - s.original.start),
                None => offset.min(self.text.len()),
            }
        };
        let start = map(original.start, false);
        start..map(original.end, true).max(start)
    }

    /// 1-based line and character column of a byte offset in the original text.
    pub fn line_col(&self, original_offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(&self.original, original_offset);
        let index = self
            .line_starts
            .partition_point(|&start| start <= offset)
            .saturating_sub(1);
        let line_start = self.line_starts[index];
        let col = self.original[line_start..offset].chars().count() + 1;
        (index + 1, col)
    }

    /// True when an erratum changed the original bytes at `original`: it replaces some of
    /// them, or inserts text at a place from its start up to (not at) its end. The BOM and
    /// CRLF normalization are no change.
    pub fn erratum_in(&self, original: Range<usize>) -> bool {
        self.errata_from(&original)
            .any(|s| s.erratum && touches(&s.original, &original))
    }

    /// The original bytes at `original` with the errata applied and nothing else (a BOM and
    /// CRLF line ends stay as published). An erratum is applied whole by the range holding its
    /// start, and left out of a range it only reaches into, so the corrected ranges of a
    /// file's rows, one after another, are the whole corrected file.
    pub fn corrected(&self, original: Range<usize>) -> String {
        let mut out = String::with_capacity(original.len());
        for s in self.errata_from(&original) {
            let o = &s.original;
            if s.erratum {
                if o.start >= original.start && touches(o, &original) {
                    out.push_str(&self.text[s.text.clone()]);
                }
                continue;
            }
            let (from, to) = (o.start.max(original.start), o.end.min(original.end));
            if from < to {
                out.push_str(&self.original[from..to]);
            }
        }
        out
    }

    /// The segments from the first that may touch `original` to the last starting before
    /// its end.
    fn errata_from(&self, original: &Range<usize>) -> impl Iterator<Item = &Segment> {
        let first = self
            .segments
            .partition_point(|s| s.original.end < original.start);
        let end = original.end;
        self.segments[first..]
            .iter()
            .take_while(move |s| s.original.start < end)
    }

    /// Byte offsets of the line starts of the original text (the first is 0).
    pub fn line_starts(&self) -> &[usize] {
        &self.line_starts
    }
}

/// The first segment whose range (`range` of it: text or original) holds `offset`: as a start
/// (`start <= offset < end`) or, with `is_end`, as an end (`start < offset <= end`).
///
/// Segments tile both texts in order, so their ends never decrease and a binary search finds
/// the first candidate: a CRLF file has a segment per line, and a scan per span would make
/// mapping a long listing's spans quadratic.
fn holding(
    segments: &[Segment],
    offset: usize,
    is_end: bool,
    range: impl Fn(&Segment) -> &Range<usize>,
) -> Option<&Segment> {
    let first = segments.partition_point(|s| {
        let r = range(s);
        if is_end {
            r.end < offset
        } else {
            r.end <= offset
        }
    });
    segments[first..]
        .iter()
        .take_while(|s| range(s).start <= offset)
        .find(|s| {
            let r = range(s);
            if is_end {
                r.start < offset && offset <= r.end
            } else {
                r.start <= offset && offset < r.end
            }
        })
}

/// True when the original bytes `segment` (an edit's) lie in `range`, or an insertion there
/// is made at a place from its start up to (not at) its end.
fn touches(segment: &Range<usize>, range: &Range<usize>) -> bool {
    if segment.is_empty() {
        range.start <= segment.start && segment.start < range.end
    } else {
        segment.start < range.end && range.start < segment.end
    }
}

/// Removes a UTF-8 BOM and the `\r` of every CRLF, as edits, so both parse like the original.
fn normalization_edits(original: &str) -> Vec<Edit> {
    let mut edits = Vec::new();
    if original.starts_with('\u{feff}') {
        edits.push(Edit {
            original: 0..3,
            replacement: String::new(),
        });
    }
    for (i, _) in original.match_indices("\r\n") {
        edits.push(Edit {
            original: i..i + 1,
            replacement: String::new(),
        });
    }
    edits
}

/// The largest char boundary at or below `i`.
pub fn floor_char_boundary(s: &str, i: usize) -> usize {
    let mut i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crlf_and_bom_are_normalized_and_mapped_back() {
        let s = Source::new(FileId(0), "f", "\u{feff}ab\r\ncd\r\n");
        assert_eq!(s.text, "ab\ncd\n");
        // "cd" is at 3..5 normalized, 7..9 original (3 BOM bytes + "ab\r\n").
        assert_eq!(s.original_range(3..5), 7..9);
        assert_eq!(s.line_col(7), (2, 1));
    }

    /// Rows written back: each range's published bytes with the errata applied, the BOM and
    /// CRLF kept; an erratum spanning two ranges goes with the first; an insertion at a
    /// range's start is that range's.
    #[test]
    fn corrected_ranges_keep_the_published_bytes_but_the_errata() {
        let original = "\u{feff}a,1/1\r\nb,2\r\nc,3\r\n";
        let s = Source::with_edits(
            FileId(0),
            "f",
            original,
            vec![
                Edit {
                    original: 5..8,
                    replacement: "1/41".into(),
                },
                Edit {
                    original: 15..15,
                    replacement: "x".into(),
                },
            ],
        );
        let rows = [0..10, 10..15, 15..original.len()];
        let fixed: Vec<String> = rows.iter().map(|r| s.corrected(r.clone())).collect();
        assert_eq!(fixed, ["\u{feff}a,1/41\r\n", "b,2\r\n", "xc,3\r\n"]);
        let touched: Vec<bool> = rows.iter().map(|r| s.erratum_in(r.clone())).collect();
        assert_eq!(touched, [true, false, true]);
        let plain = Source::new(FileId(0), "f", original);
        assert!(!plain.erratum_in(0..original.len()));
        assert_eq!(plain.corrected(0..original.len()), original);
        // An erratum reaching over two rows is written with the first, whole.
        let across = Source::with_edits(
            FileId(0),
            "f",
            "a,1\nb,2\n",
            vec![Edit {
                original: 2..5,
                replacement: "9\nB".into(),
            }],
        );
        assert_eq!(across.corrected(0..4), "a,9\nB");
        assert_eq!(across.corrected(4..8), ",2\n");
        assert!(across.erratum_in(4..8));
    }

    #[test]
    fn an_edit_maps_to_the_published_text() {
        let s = Source::with_edits(
            FileId(0),
            "f",
            "x 1/1 y",
            vec![Edit {
                original: 2..5,
                replacement: "1/41".into(),
            }],
        );
        assert_eq!(s.text, "x 1/41 y");
        assert_eq!(s.original_range(2..6), 2..5);
        assert_eq!(s.original_range(7..8), 6..7);
    }

    /// The segment search is a binary search; it must find what a scan from the first
    /// segment finds, for every offset, at the boundaries of BOM, CRLF and errata edits.
    #[test]
    fn segments_are_found_as_a_scan_finds_them() {
        let s = Source::with_edits(
            FileId(0),
            "f",
            "\u{feff}a 1/1\r\n\r\nbc\r\nd 1/1 e\r\n",
            vec![
                Edit {
                    original: 5..8,
                    replacement: "1/41".into(),
                },
                Edit {
                    original: 18..21,
                    replacement: String::new(),
                },
            ],
        );
        fn text(g: &Segment) -> &Range<usize> {
            &g.text
        }
        fn original(g: &Segment) -> &Range<usize> {
            &g.original
        }
        let scan = |offset: usize, is_end: bool, range: fn(&Segment) -> &Range<usize>| {
            s.segments.iter().find(|seg| {
                let r = range(seg);
                if is_end {
                    r.start < offset && offset <= r.end
                } else {
                    r.start <= offset && offset < r.end
                }
            })
        };
        for offset in 0..=s.original.len() + 1 {
            for is_end in [false, true] {
                for range in [text as fn(&Segment) -> &Range<usize>, original] {
                    assert_eq!(
                        holding(&s.segments, offset, is_end, range),
                        scan(offset, is_end, range),
                        "offset {offset}, end {is_end}"
                    );
                }
            }
        }
        assert_eq!(s.text, "a 1/41\n\nbc\nd  e\n");
        assert_eq!(s.original_range(11..12), 16..17);
        assert_eq!(s.original_range(2..6), 5..8);
    }
}
