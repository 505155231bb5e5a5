//! Counter notations: quoted strings a note says are printed on the counter — `as signified by
//! "\*REVx4" on the reverse side of the counter`, `“CE/FP NA” signifies this on the counter`,
//! `signified on the counter by the MA as "MG", by "BMG: CE FP NA", and by "AAMG: VCA Only"`.
//! Quotes that are not said to be on the counter ("B11" applies to the BMG) are not notations.

use std::ops::Range;

use qm_schema::CounterSide;

use super::syntax::QuotedNotation;
use crate::{FileId, Spanned, TextSpan};

/// Words that, before a quote in the same sentence, say the quote is what the counter shows.
const SIGNIFIERS: [&str; 4] = ["signified", "signifies", "indicated", "identified"];

/// How the text right after a quote says where it is printed.
const PLACED_AFTER: [&str; 4] = ["on the", "on reverse", "in red", "signifies"];

/// A quoted string: the opening quote's offset, the text inside, and the end of the closing
/// quote.
struct Quote {
    open: usize,
    inner: Range<usize>,
    close_end: usize,
}

/// Every counter notation in paragraph text `p`, which lies at byte `base` of `file`.
pub(crate) fn notations(p: &str, base: usize, file: FileId) -> Vec<QuotedNotation> {
    let quotes = quotes(p);
    // Most paragraphs quote nothing: their sentences are not read.
    if quotes.is_empty() {
        return Vec::new();
    }
    let sentences = sentences(p, &quotes);
    let span = |r: &Range<usize>| TextSpan::new(file, base + r.start..base + r.end);
    // Per sentence, once: does it mention the counter, and where is its first signifier?
    // ASCII lower-casing keeps byte offsets, so positions compare with the quotes'.
    let facts: Vec<(bool, Option<usize>, Option<CounterSide>)> = sentences
        .iter()
        .map(|s| {
            let lower = p[s.clone()].to_ascii_lowercase();
            let first_signifier = SIGNIFIERS
                .iter()
                .filter_map(|w| lower.find(w))
                .min()
                .map(|k| s.start + k);
            let side = if lower.contains("wreck side") {
                Some(CounterSide::Wreck)
            } else if lower.contains("reverse") || lower.contains("back side") {
                Some(CounterSide::Back)
            } else {
                None
            };
            (lower.contains("counter"), first_signifier, side)
        })
        .collect();
    // A sentence's condition is read once, however many notations it quotes.
    let mut conditions: Vec<Option<Option<Range<usize>>>> = vec![None; sentences.len()];
    let mut out = Vec::new();
    for q in &quotes {
        let idx = sentences.partition_point(|s| s.end <= q.open);
        let Some(sentence) = sentences.get(idx).filter(|s| s.contains(&q.open)) else {
            continue;
        };
        let (counter, first_signifier, side) = facts[idx];
        if !counter {
            continue;
        }
        let after = p.get(q.close_end..sentence.end).unwrap_or("").trim_start();
        let after: String = after.chars().take(12).collect::<String>().to_lowercase();
        let signified = first_signifier.is_some_and(|k| k < q.open);
        let placed = PLACED_AFTER.iter().any(|w| after.starts_with(w));
        if !(signified || placed) {
            continue;
        }
        let condition = conditions[idx]
            .get_or_insert_with(|| condition(p, &sentences, idx))
            .clone()
            .map(|r| Spanned {
                value: p[r.clone()].to_string(),
                span: span(&r),
            });
        out.push(QuotedNotation {
            text: unescape(&p[q.inner.clone()]),
            span: span(&q.inner),
            side,
            red: after.starts_with("in red"),
            condition,
        });
    }
    out
}

/// Straight ("...") and curly (“...”) quotes, in order.
fn quotes(p: &str) -> Vec<Quote> {
    let mut out = Vec::new();
    let mut pos = 0;
    while let Some(open) = p[pos..].find(['"', '“']).map(|k| pos + k) {
        let (close, inner_start) = if p[open..].starts_with('"') {
            ('"', open + 1)
        } else {
            ('”', open + '“'.len_utf8())
        };
        let Some(end) = p[inner_start..].find(close).map(|k| inner_start + k) else {
            break;
        };
        out.push(Quote {
            open,
            inner: inner_start..end,
            close_end: end + close.len_utf8(),
        });
        pos = end + close.len_utf8();
    }
    out
}

/// Sentence ranges: a full stop outside quotes followed by whitespace (or the end) ends one;
/// "vs." and "i.e." do not.
fn sentences(p: &str, quotes: &[Quote]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut word_start = 0;
    for (i, c) in p.char_indices() {
        if c.is_whitespace() {
            if start == i {
                start = i + c.len_utf8();
            }
            word_start = i + c.len_utf8();
            continue;
        }
        if c != '.' || inside_quote(quotes, i) {
            continue;
        }
        let next = p[i + 1..].chars().next();
        if next.is_some_and(|n| !n.is_whitespace()) {
            continue;
        }
        let word = p[word_start..i].to_ascii_lowercase();
        if matches!(word.as_str(), "vs" | "i.e" | "e.g" | "ie" | "eg") {
            continue;
        }
        out.push(start..i + 1);
        start = i + 1;
    }
    if start < p.len() && !p[start..].trim().is_empty() {
        out.push(start..p.len());
    }
    out
}

/// True when byte `i` lies inside a quote (`quotes` is sorted and disjoint).
fn inside_quote(quotes: &[Quote], i: usize) -> bool {
    let k = quotes.partition_point(|q| q.inner.end <= i);
    quotes.get(k).is_some_and(|q| q.inner.contains(&i))
}

/// The "If ..." condition a notation's sentence carries, or that the sentence before it
/// carries when the notation's sentence only points back at it ("It is signified by ...",
/// "“CE/FP NA” signifies this ...").
fn condition(p: &str, sentences: &[Range<usize>], idx: usize) -> Option<Range<usize>> {
    let own = sentences.get(idx)?;
    let text = &p[own.clone()];
    if text.starts_with("If ") {
        return Some(if_clause(p, own));
    }
    let points_back = ["It ", "This ", "These ", "That"]
        .iter()
        .any(|w| text.starts_with(w))
        || (text.starts_with(['"', '“']) && text.contains("signifies this"));
    let prev = sentences.get(idx.checked_sub(1)?)?;
    (points_back && p[prev.clone()].starts_with("If ")).then(|| if_clause(p, prev))
}

/// The condition of an "If ..." sentence: up to its first comma ("If Stunned"), or, with no
/// comma, up to where the main clause starts ("If this AFV is non-turreted" before "its").
fn if_clause(p: &str, sentence: &Range<usize>) -> Range<usize> {
    let text = &p[sentence.clone()];
    if let Some(k) = text.find(',') {
        return sentence.start..sentence.start + k;
    }
    // Skip "If", the subject and the verb before looking for the main clause's first word.
    let skip = text
        .match_indices(' ')
        .nth(2)
        .map_or(text.len(), |(k, _)| k);
    let main = [" its ", " it ", " the ", " this "]
        .iter()
        .filter_map(|w| text[skip..].find(w).map(|k| skip + k))
        .min();
    let end = main.unwrap_or_else(|| text.trim_end_matches('.').len());
    sentence.start..sentence.start + end
}

/// Removes markdown backslash escapes: `\*REVx4` is the notation `*REVx4`.
fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(&n) = chars.peek() {
                if n.is_ascii_punctuation() {
                    out.push(n);
                    chars.next();
                    continue;
                }
            }
        }
        out.push(c);
    }
    out
}
