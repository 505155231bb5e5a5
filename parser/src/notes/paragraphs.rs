//! Splitting the file into paragraphs (runs of non-blank lines; a line that starts with "†"
//! opens one of its own) and re-joining paragraphs the publication broke mid-sentence.

use std::ops::Range;

use super::syntax::Paragraph;
use crate::FileId;

/// Byte ranges of the paragraphs of `text`, each trimmed of surrounding whitespace.
pub(crate) fn paragraph_ranges(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut current: Option<Range<usize>> = None;
    let mut pos = 0;
    for line in text.split_inclusive('\n') {
        let start = pos;
        pos += line.len();
        let trimmed = line.trim();
        if trimmed.is_empty() {
            out.extend(current.take());
            continue;
        }
        let lead = line.len() - line.trim_start().len();
        let end = start + lead + trimmed.len();
        // "†" opens a paragraph of rules even right under the note's description, with no
        // blank line between them.
        if trimmed.starts_with('†') {
            out.extend(current.take());
        }
        match &mut current {
            Some(r) => r.end = end,
            None => current = Some(start + lead..end),
        }
    }
    out.extend(current);
    out
}

/// True when `next` continues the sentence `prev` was broken in: it starts in lower case
/// ("tank battalions ...", "ferred in the preceding PFFh"), or `prev` ends without closing
/// punctuation ("... based on the" / "M14/41 tank ...").
pub(crate) fn continues(prev: &str, next: &str) -> bool {
    let starts_lower = next.chars().next().is_some_and(char::is_lowercase);
    let prev_closed = prev.trim_end().chars().last().is_some_and(|c| {
        matches!(
            c,
            '.' | '!' | '?' | ':' | ';' | ')' | ']' | '"' | '”' | '’' | '\''
        )
    });
    // A card's field ("Not used: Veyra") ends its line without a full stop, and so its item.
    let last_line = prev
        .trim_end()
        .rsplit('\n')
        .next()
        .unwrap_or_default()
        .trim_start();
    let field = crate::availability::field_label(last_line).is_some();
    // A Markdown table goes with the line before it that ends with a colon ("Ordel, all
    // theaters:"), and ends its paragraph: what follows it is its own.
    let table_next = next.starts_with('|');
    if last_line.starts_with('|') || table_next {
        return table_next && prev.trim_end().ends_with(':');
    }
    starts_lower || !(prev_closed || field)
}

/// A paragraph of one piece.
pub(crate) fn single(text: &str, file: FileId, range: Range<usize>) -> Paragraph {
    let span = crate::TextSpan::new(file, range.clone());
    Paragraph {
        text: text.get(range).unwrap_or_default().to_string(),
        span: span.clone(),
        pieces: vec![span],
    }
}

/// Appends a piece to a broken paragraph.
pub(crate) fn append(p: &mut Paragraph, text: &str, range: Range<usize>) {
    p.text.push(' ');
    p.text.push_str(text.get(range.clone()).unwrap_or_default());
    p.span.range.end = range.end;
    p.pieces.push(crate::TextSpan::new(p.span.file, range));
}
