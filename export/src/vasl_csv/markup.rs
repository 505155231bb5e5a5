//! A cell's plain text and markup -> VASL's form: HTML tags, `<sup>` for superscript
//! characters, `•` for the listing's marks.

use qm_schema::{superscript, CellMarkup, MarkupKind};

/// The opening and closing tags VASL writes for `kind`.
fn tags(kind: MarkupKind) -> (&'static str, &'static str) {
    match kind {
        MarkupKind::Bold => ("<b>", "</b>"),
        MarkupKind::Italic => ("<i>", "</i>"),
        MarkupKind::Underline => ("<span style=\"text-decoration:underline\">", "</span>"),
        MarkupKind::Overline => ("<span style=\"text-decoration:overline\">", "</span>"),
        MarkupKind::Superscript => ("<sup>", "</sup>"),
        MarkupKind::Subscript => ("<sub>", "</sub>"),
        MarkupKind::Strike => ("<strike>", "</strike>"),
        MarkupKind::LineThrough => ("<span style=\"text-decoration:line-through\">", "</span>"),
    }
}

/// `text` with the tags of `markup` (offsets into `text`; ones that do not fit it are left
/// out) put in: outer elements open first and close last.
pub(crate) fn with_tags(text: &str, markup: &[&CellMarkup]) -> String {
    let fits = |m: &&&CellMarkup| {
        let (s, e) = (m.start as usize, m.end as usize);
        s <= e && e <= text.len() && text.is_char_boundary(s) && text.is_char_boundary(e)
    };
    let markup: Vec<&CellMarkup> = markup.iter().filter(fits).copied().collect();
    let mut out = String::with_capacity(text.len() + 16 * markup.len());
    let boundaries = text.char_indices().map(|(i, _)| i).chain([text.len()]);
    // The reader lists an element when it closes, so of two over the same text the inner
    // comes first: it opens last and closes first.
    let indexed: Vec<(usize, &CellMarkup)> = markup.iter().copied().enumerate().collect();
    for at in boundaries {
        let mut closing: Vec<&(usize, &CellMarkup)> = indexed
            .iter()
            .filter(|(_, m)| m.end as usize == at && m.start < m.end)
            .collect();
        closing.sort_by_key(|(i, m)| (std::cmp::Reverse(m.start), *i));
        for (_, m) in closing {
            out.push_str(tags(m.kind).1);
        }
        let mut opening: Vec<&(usize, &CellMarkup)> = indexed
            .iter()
            .filter(|(_, m)| m.start as usize == at)
            .collect();
        // Empty elements at one place (all last: they end soonest) are written side by side
        // in the reader's order, which reads back as that order; nested, they would swap.
        opening.sort_by_key(|(i, m)| {
            let i = *i as i64;
            (
                std::cmp::Reverse(m.end),
                if m.start == m.end { i } else { -i },
            )
        });
        for (_, m) in opening {
            out.push_str(tags(m.kind).0);
            if m.start == m.end {
                out.push_str(tags(m.kind).1);
            }
        }
        if let Some(c) = text[at..].chars().next() {
            out.push(c);
        }
    }
    out
}

/// Runs of Unicode superscript characters as `<sup>` elements in plain characters
/// (`†¹` -> `†<sup>1</sup>`), up to the cell's literal tail ([`literal_tail`]): after it they
/// stay Unicode characters, which read back as themselves.
pub(crate) fn sup_tags(text: &str) -> String {
    let (head, tail) = text.split_at(literal_tail(text));
    let mut out = String::with_capacity(text.len());
    let mut run = String::new();
    for c in head.chars() {
        match superscript::plain(c) {
            Some(p) => run.push(p),
            None => {
                flush(&mut out, &mut run);
                out.push(c);
            }
        }
    }
    flush(&mut out, &mut run);
    out.push_str(tail);
    out
}

/// Where a cell's literal tail begins: its first `<` that no `>` follows, or its end. VASL's
/// cells have no escape for `<`; the reader takes a `<` as text only when no `>` follows it
/// in the cell, so a tag written after such a `<` would turn it, and all up to the tag's `>`,
/// into a tag on the next reading.
fn literal_tail(cell: &str) -> usize {
    let after_tags = cell.rfind('>').map_or(0, |i| i + 1);
    cell[after_tags..]
        .find('<')
        .map_or(cell.len(), |i| after_tags + i)
}

/// `tagged` (a cell of one value written by [`sup_tags`]) with the superscript after its value
/// in the IR's letters: a letter printed with a character that reads back as another (`s`,
/// printed `ˢ`, written back `<sup>S</sup>`) is written as published (`<sup>s</sup>`). The
/// superscript after the value is the first `<sup>` not after a dagger (that one is a
/// footnote number).
pub(crate) fn with_superscript_letters(tagged: &str, letters: &str) -> String {
    let printed = superscript::to_plain(&superscript::to_superscript(letters));
    if printed == letters {
        return tagged.to_owned();
    }
    let element = format!("<sup>{printed}</sup>");
    let at = tagged
        .match_indices(&element)
        .map(|(i, _)| i)
        .find(|&i| !tagged[..i].ends_with('†'));
    match at {
        Some(i) => format!(
            "{}<sup>{letters}</sup>{}",
            &tagged[..i],
            &tagged[i + element.len()..]
        ),
        None => tagged.to_owned(),
    }
}

fn flush(out: &mut String, run: &mut String) {
    if !run.is_empty() {
        out.push_str("<sup>");
        out.push_str(run);
        out.push_str("</sup>");
        run.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(kind: MarkupKind, start: u32, end: u32) -> CellMarkup {
        CellMarkup {
            column: "x".into(),
            kind,
            start,
            end,
        }
    }

    #[test]
    fn nested_and_empty_elements() {
        let bold = m(MarkupKind::Bold, 0, 4);
        let under = m(MarkupKind::Underline, 2, 4);
        assert_eq!(
            with_tags("BF36", &[&under, &bold]),
            "<b>BF<span style=\"text-decoration:underline\">36</span></b>"
        );
        let (b, i) = (m(MarkupKind::Bold, 0, 1), m(MarkupKind::Italic, 0, 1));
        assert_eq!(with_tags("5", &[&b, &i]), "<i><b>5</b></i>");
        // Empty elements at one place: side by side, in the reader's order (it lists each
        // when it closes), so that what is written reads back the same.
        let (sup, b) = (m(MarkupKind::Superscript, 4, 4), m(MarkupKind::Bold, 4, 4));
        assert_eq!(with_tags("Kite", &[&sup, &b]), "Kite<sup></sup><b></b>");
        let empty = m(MarkupKind::Italic, 2, 2);
        assert_eq!(with_tags("ab", &[&empty]), "ab<i></i>");
        let outside = m(MarkupKind::Bold, 3, 9);
        assert_eq!(with_tags("ab", &[&outside]), "ab");
    }

    #[test]
    fn superscripts_become_sup_elements() {
        assert_eq!(sup_tags("12ᵗ†"), "12<sup>t</sup>†");
        assert_eq!(sup_tags("A4¹/5²"), "A4<sup>1</sup>/5<sup>2</sup>");
        assert_eq!(sup_tags("T20L†¹"), "T20L†<sup>1</sup>");
    }

    /// Fuzz finding (`vasl_csv`): a `<` read as text (no `>` after it) with superscripts
    /// after it came back as the start of a tag, `G†²</ˢ` written `G†<sup>2</sup></<sup>S</sup>`
    /// and read again as `G†²S`. After such a `<` no tag is written.
    #[test]
    fn no_tag_is_written_after_a_literal_less_than() {
        assert_eq!(sup_tags("G†²</ˢu"), "G†<sup>2</sup></ˢu");
        assert_eq!(sup_tags("A<ˢ"), "A<ˢ");
        assert_eq!(sup_tags("¹ a>b<c²"), "<sup>1</sup> a>b<c²");
        // A `<` that a `>` follows is not read as text: no tail.
        assert_eq!(sup_tags("a<b>¹"), "a<b><sup>1</sup>");
    }

    #[test]
    fn a_superscript_s_is_written_as_published() {
        let tagged = sup_tags("34ˢ†¹");
        assert_eq!(tagged, "34<sup>S</sup>†<sup>1</sup>");
        assert_eq!(
            with_superscript_letters(&tagged, "s"),
            "34<sup>s</sup>†<sup>1</sup>"
        );
        // Letters that read back as printed are left as written.
        assert_eq!(
            with_superscript_letters("28<sup>t</sup>", "t"),
            "28<sup>t</sup>"
        );
        assert_eq!(
            with_superscript_letters("H<sup>S</sup>", "S"),
            "H<sup>S</sup>"
        );
        // A footnote number is not the value's superscript.
        assert_eq!(
            with_superscript_letters("3†<sup>S</sup>", "s"),
            "3†<sup>S</sup>"
        );
    }
}
