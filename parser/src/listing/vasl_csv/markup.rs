//! A CSV field's published form -> its plain text: the quotes and VASL's HTML markup come off
//! as [`Edit`]s (so every span still maps to the published bytes), and what the markup meant
//! is kept as [`Found`] markup.

use std::ops::Range;

use qm_schema::{superscript, MarkupKind};

use crate::listing::vasl_csv::columns::VaslColumn;
use crate::{Diagnostic, Edit, FileId, TextSpan};

/// A markup element found in a field: its kind and the published bytes of its content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Found {
    /// What it is.
    pub(crate) kind: MarkupKind,
    /// The content between its tags, in the input text.
    pub(crate) content: Range<usize>,
}

/// A `<sup>` printed with Unicode characters that read back as other letters (`<sup>s</sup>`
/// prints as `ˢ`, which reads as `S`): the letters as published.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Cased {
    /// The content between its tags, in the input text.
    pub(crate) content: Range<usize>,
    /// Its letters as published (`s`).
    pub(crate) letters: String,
}

/// What scanning fields gives: the edits, the markup and the problems, in text order.
#[derive(Debug, Default)]
pub(crate) struct Scanned {
    pub(crate) edits: Vec<Edit>,
    pub(crate) found: Vec<Found>,
    pub(crate) cased: Vec<Cased>,
    pub(crate) diagnostics: Vec<Diagnostic>,
}

/// A tag as VASL writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tag {
    Open(MarkupKind),
    Close(MarkupKind),
    Unknown,
}

/// An open element: its kind, where its content starts, and for `<sup>` whether its text
/// becomes Unicode superscripts (then it leaves no markup).
struct Open {
    kind: MarkupKind,
    content: usize,
    unicode: bool,
}

/// How a `<sup>`'s text is written in the plain text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SupForm {
    /// Kept as it is, the element as markup.
    Markup,
    /// As Unicode superscripts, which read back as the same characters.
    Unicode,
    /// As Unicode superscripts that read back as other letters (`s` as `ˢ`, read `S`): the
    /// published letters are kept beside them ([`Cased`]).
    CasedUnicode,
}

fn classify(tag: &str) -> Tag {
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
    let inner = squashed.trim_start_matches('<').trim_end_matches('>');
    if let Some(name) = inner.strip_prefix('/') {
        // `</span>` closes whichever decoration is open.
        return match name {
            "span" => Tag::Close(MarkupKind::Underline),
            _ => kind(name).map_or(Tag::Unknown, Tag::Close),
        };
    }
    kind(inner.trim_end_matches(';')).map_or(Tag::Unknown, Tag::Open)
}

/// True when `a` and `b` close each other (`</span>` closes any decoration).
fn closes(open: MarkupKind, close: MarkupKind) -> bool {
    let span = |k| {
        matches!(
            k,
            MarkupKind::Underline | MarkupKind::Overline | MarkupKind::LineThrough
        )
    };
    open == close || (span(open) && span(close))
}

/// Scans the field at `range` of `text` (its published form, quotes included) of `column`.
pub(crate) fn scan_field(
    text: &str,
    file: FileId,
    range: Range<usize>,
    column: Option<VaslColumn>,
    out: &mut Scanned,
) {
    let Some(raw) = text.get(range.clone()) else {
        return;
    };
    let quoted = raw.len() >= 2 && raw.starts_with('"') && raw.ends_with('"');
    let (start, end) = if quoted {
        out.edits.push(deletion(range.start..range.start + 1));
        out.edits.push(deletion(range.end - 1..range.end));
        (range.start + 1, range.end - 1)
    } else {
        (range.start, range.end)
    };
    let mut stack: Vec<Open> = Vec::new();
    let mut last = None;
    let mut i = start;
    while i < end {
        let rest = &text[i..end];
        if quoted && rest.starts_with("\"\"") {
            out.edits.push(Edit {
                original: i..i + 2,
                replacement: "\"".into(),
            });
            last = Some('"');
            i += 2;
            continue;
        }
        if rest.starts_with('<') && !column.is_some_and(VaslColumn::verbatim) {
            if let Some(close) = rest.find('>') {
                let tag_end = i + close + 1;
                let tag = classify(&rest[..=close]);
                on_tag(
                    text,
                    file,
                    i..tag_end,
                    tag,
                    end,
                    column,
                    last,
                    &mut stack,
                    out,
                );
                out.edits.push(deletion(i..tag_end));
                i = tag_end;
                continue;
            }
        }
        let Some(c) = rest.chars().next() else { break };
        let len = c.len_utf8();
        match plain_char(c, column, &stack) {
            Some(replacement) => {
                last = replacement.chars().last();
                out.edits.push(Edit {
                    original: i..i + len,
                    replacement,
                });
            }
            None => last = Some(c),
        }
        i += len;
    }
    for open in stack {
        out.diagnostics.push(unclosed(file, open.content..end));
    }
}

/// What character `c` of the field's text becomes in the plain text, when not itself: `•` is
/// the column's mark, a tab or line end a space, a character inside a Unicode `<sup>` its
/// superscript.
fn plain_char(c: char, column: Option<VaslColumn>, stack: &[Open]) -> Option<String> {
    let unicode = stack
        .iter()
        .any(|o| o.kind == MarkupKind::Superscript && o.unicode);
    match (c, column.and_then(VaslColumn::bullet)) {
        ('•', Some(mark)) => Some(mark.to_string()),
        ('\t' | '\n' | '\r', _) => Some(" ".to_string()),
        _ if unicode => Some(superscript::to_superscript(&c.to_string())),
        _ => None,
    }
}

fn unclosed(file: FileId, content: Range<usize>) -> Diagnostic {
    Diagnostic::warning(
        "vasl::unclosed-markup",
        "failed to find the end of a markup element (its tag is never closed)",
        TextSpan::new(file, content),
    )
    .with_label("not closed")
    .with_help("close the element (`</b>`, `</i>`, `</sup>`, `</span>`) in the same cell")
}

/// An open or close tag at `at`: updates the open elements and records what a closed one
/// covered.
#[allow(clippy::too_many_arguments)]
fn on_tag(
    text: &str,
    file: FileId,
    at: Range<usize>,
    tag: Tag,
    field_end: usize,
    column: Option<VaslColumn>,
    last: Option<char>,
    stack: &mut Vec<Open>,
    out: &mut Scanned,
) {
    match tag {
        Tag::Open(kind) => {
            let inside_unicode = stack
                .iter()
                .any(|o| o.kind == MarkupKind::Superscript && o.unicode);
            let form = match kind {
                MarkupKind::Superscript if inside_unicode => SupForm::Unicode,
                MarkupKind::Superscript => sup_form(text, at.end, field_end, column, last),
                _ => SupForm::Markup,
            };
            if form == SupForm::CasedUnicode {
                let rest = &text[at.end..field_end];
                let content = at.end..at.end + rest.find("</sup>").unwrap_or(rest.len());
                let letters = strip_tags(&text[content.clone()]);
                out.cased.push(Cased { content, letters });
            }
            stack.push(Open {
                kind,
                content: at.end,
                unicode: form != SupForm::Markup,
            });
        }
        Tag::Close(kind) => match stack.iter().rposition(|o| closes(o.kind, kind)) {
            Some(index) => {
                let open = stack.remove(index);
                let nested = open.kind == MarkupKind::Superscript
                    && stack.iter().any(|o| o.kind == MarkupKind::Superscript);
                // A Unicode superscript needs no markup; a doubled `<sup>` is one superscript.
                if !open.unicode && !nested {
                    out.found.push(Found {
                        kind: open.kind,
                        content: open.content..at.start,
                    });
                }
            }
            None => out.diagnostics.push(
                Diagnostic::warning(
                    "vasl::unclosed-markup",
                    "failed to match a closing tag (no element of its kind is open)",
                    TextSpan::new(file, at),
                )
                .with_label("closes nothing")
                .with_help("remove the tag, or open its element before it"),
            ),
        },
        Tag::Unknown => out.diagnostics.push(
            Diagnostic::warning(
                "vasl::unknown-markup",
                format!(
                    "failed to read the markup `{}` (not one of VASL's cell tags; left out)",
                    crate::listing::reader::quote(&text[at.clone()])
                ),
                TextSpan::new(file, at),
            )
            .with_label("unknown tag")
            .with_help(
                "cells use <b>, <i>, <sup>, <sub>, <strike> and <span style=\"text-decoration:…\">",
            ),
        ),
    }
}

/// How the `<sup>` whose content starts at `from` is written: as Unicode superscripts after a
/// dagger (its footnote number), and outside the MG columns when every character has a
/// superscript form. The MG columns print a rear MG inline (`8R2`), as the listing does. A
/// letter whose form reads back as another (`s`, printed `ˢ`, read `S`) is printed so only
/// where the cell's reader keeps the published letters: a superscript after a column's single
/// value (`34<sup>s</sup>` MP); elsewhere it stays markup.
fn sup_form(
    text: &str,
    from: usize,
    field_end: usize,
    column: Option<VaslColumn>,
    last: Option<char>,
) -> SupForm {
    let rest = &text[from..field_end];
    let content = rest.find("</sup>").map_or(rest, |end| &rest[..end]);
    let content = strip_tags(content);
    let all_have_forms = !content.is_empty()
        && content.chars().all(|c| {
            superscript::is_superscript(
                superscript::to_superscript(&c.to_string())
                    .chars()
                    .next()
                    .unwrap_or(c),
            )
        });
    let footnote = last == Some('†');
    let inline = !footnote && column.is_some_and(VaslColumn::inline_superscripts);
    if !all_have_forms || inline {
        return SupForm::Markup;
    }
    if content.chars().all(superscript::reads_back) {
        SupForm::Unicode
    } else if !footnote && column.is_some_and(VaslColumn::trailing_superscript) {
        SupForm::CasedUnicode
    } else {
        SupForm::Markup
    }
}

fn strip_tags(text: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

fn deletion(original: Range<usize>) -> Edit {
    Edit {
        original,
        replacement: String::new(),
    }
}
