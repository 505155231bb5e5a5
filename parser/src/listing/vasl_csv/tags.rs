//! VASL's cell tags: where a field's tags are (one rule, for the scan and for the pass before
//! it), what each is, and what each `<sup>` holds up to the `</sup>` that closes it.

use std::ops::Range;

use qm_schema::{superscript, MarkupKind};

/// A tag as VASL writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tag {
    Open(MarkupKind),
    Close(MarkupKind),
    Unknown,
}

/// What the tag `tag` (its text, `<` to `>`) is: spaces, quotes and case do not count; any
/// other character makes it unknown.
pub(crate) fn classify(tag: &str) -> Tag {
    let squashed: String = tag
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '"' && *c != '\'')
        .collect::<String>()
        .to_ascii_lowercase();
    let kind = |name: &str| match name {
        "b" => Some(MarkupKind::Bold),
        "i" => Some(MarkupKind::Italic),
        "sup" => Some(MarkupKind::Superscript),
        "sub" => Some(MarkupKind::Subscript),
        "strike" => Some(MarkupKind::Strike),
        "spanstyle=text-decoration:underline" => Some(MarkupKind::Underline),
        "spanstyle=text-decoration:overline" => Some(MarkupKind::Overline),
        "spanstyle=text-decoration:line-through" => Some(MarkupKind::LineThrough),
        _ => None,
    };
    // One `<` and one `>` are the tag's: `<<i>` is no `<i>` (its first `<` is not dropped
    // unseen).
    let inner = squashed.strip_prefix('<').unwrap_or(&squashed);
    let inner = inner.strip_suffix('>').unwrap_or(inner);
    if let Some(name) = inner.strip_prefix('/') {
        // `</span>` closes whichever decoration is open.
        return match name {
            "span" => Tag::Close(MarkupKind::Underline),
            _ => kind(name).map_or(Tag::Unknown, Tag::Close),
        };
    }
    kind(inner.trim_end_matches(';')).map_or(Tag::Unknown, Tag::Open)
}

/// The rule that tells a tag from text: a `<` starts a tag that ends at the next `>` of the
/// field; a `<` that no `>` follows is text. (The export keeps to it: it writes no tag after
/// such a `<`.) Each search starts where the last tag ended, and where no `>` follows is
/// remembered, so no byte is searched twice.
#[derive(Default)]
pub(crate) struct TagEnds {
    /// No `>` at or after this offset.
    none_from: Option<usize>,
}

impl TagEnds {
    /// The tag starting at `at` (a `<`), ending before `end`: its range, `<` to `>`.
    pub(crate) fn tag_at(&mut self, text: &str, at: usize, end: usize) -> Option<Range<usize>> {
        if text.as_bytes().get(at) != Some(&b'<') || self.none_from.is_some_and(|n| at >= n) {
            return None;
        }
        let found = memchr::memchr(b'>', &text.as_bytes()[at..end]).map(|i| at + i);
        if found.is_none() {
            self.none_from = Some(at);
        }
        found.map(|close| at..close + 1)
    }
}

/// What a `<sup>`'s content holds, its tags left out, up to the `</sup>` that closes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SupContent {
    /// Where its `</sup>` starts.
    pub(crate) close: usize,
    /// Some character.
    pub(crate) chars: bool,
    /// A character without a superscript form.
    pub(crate) formless: bool,
    /// A character whose superscript form reads back as another letter (`s`, printed `ˢ`).
    pub(crate) cased: bool,
}

/// Running counts of a field's characters outside tags.
#[derive(Debug, Clone, Copy, Default)]
struct Counts {
    chars: usize,
    formless: usize,
    cased: usize,
}

/// Each `<sup>` of the field at `range` of `text` (its content ending before `end`), in
/// order: what its content holds up to the `</sup>` that closes it, by the scan's own rules
/// (tags found by [`TagEnds`], the innermost open `<sup>` closed first); `None` for one never
/// closed. One pass, whatever the nesting: a `<sup>`'s content is told by the counts at its
/// two tags.
pub(crate) fn sup_contents(text: &str, range: Range<usize>, end: usize) -> Vec<Option<SupContent>> {
    let mut sups = Vec::new();
    // The open ones: their place in `sups` and the counts where their content starts.
    let mut open: Vec<(usize, Counts)> = Vec::new();
    let mut counts = Counts::default();
    let mut ends = TagEnds::default();
    let mut i = range.start;
    while i < range.end {
        if let Some(tag) = ends.tag_at(text, i, end) {
            match classify(&text[tag.clone()]) {
                Tag::Open(MarkupKind::Superscript) => {
                    open.push((sups.len(), counts));
                    sups.push(None);
                }
                Tag::Close(MarkupKind::Superscript) => {
                    if let Some((at, from)) = open.pop() {
                        sups[at] = Some(SupContent {
                            close: tag.start,
                            chars: counts.chars > from.chars,
                            formless: counts.formless > from.formless,
                            cased: counts.cased > from.cased,
                        });
                    }
                }
                _ => {}
            }
            i = tag.end;
            continue;
        }
        let Some(c) = text[i..].chars().next() else {
            break;
        };
        // Only a `<sup>`'s content is asked about.
        if !open.is_empty() {
            count(&mut counts, c);
        }
        i += c.len_utf8();
    }
    sups
}

fn count(counts: &mut Counts, c: char) {
    counts.chars += 1;
    let form = superscript::to_superscript(&c.to_string())
        .chars()
        .next()
        .unwrap_or(c);
    if !superscript::is_superscript(form) {
        counts.formless += 1;
    } else if !superscript::reads_back(c) {
        counts.cased += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sups(text: &str) -> Vec<Option<SupContent>> {
        sup_contents(text, 0..text.len(), text.len())
    }

    #[test]
    fn a_tag_has_one_less_than_sign() {
        assert_eq!(classify("< I >"), Tag::Open(MarkupKind::Italic));
        assert_eq!(classify("</ sup>"), Tag::Close(MarkupKind::Superscript));
        // The property test's finding: `Kite< <i>LT</i>` read as `Kite<i>LT</i>`, the `<`
        // gone without a word.
        assert_eq!(classify("< <i>"), Tag::Unknown);
        assert_eq!(classify("<</b>"), Tag::Unknown);
    }

    #[test]
    fn a_sup_is_closed_only_by_the_close_the_scan_reads() {
        let closed = |close, formless, cased| {
            Some(SupContent {
                close,
                chars: true,
                formless,
                cased,
            })
        };
        assert_eq!(sups("1<sup>2</sup>"), [closed(7, false, false)]);
        assert_eq!(sups("<sup>s</sup>"), [closed(6, false, true)]);
        assert_eq!(sups("<sup>1></sup>"), [closed(7, true, false)]);
        // Never closed: a stray `</`, a close inside another tag, a doubled open.
        assert_eq!(sups("<sup>2</suMT"), [None]);
        assert_eq!(sups("<sup>1<x</sup>, C"), [None]);
        assert_eq!(
            sups("<sup><sup>1</sup>, A"),
            [None, closed(11, false, false)]
        );
        assert_eq!(
            sups("<sup>A<sup>1</sup>B</sup>"),
            [closed(19, false, false), closed(12, false, false)]
        );
    }
}
