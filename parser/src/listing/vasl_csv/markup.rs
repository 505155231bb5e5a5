//! A CSV field's published form -> its plain text: the quotes and VASL's HTML markup come off
//! as [`Edit`]s (so every span still maps to the published bytes), and what the markup meant
//! is kept as [`Found`] markup.

use std::ops::Range;

use qm_schema::{superscript, MarkupKind};

use crate::listing::reader::Reader;
use crate::listing::vasl_csv::columns::VaslColumn;
use crate::listing::vasl_csv::records::Record;
use crate::{Diagnostic, Edit, FileId, Source, TextSpan};

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

/// The open elements, in order, with each kind's open ones at hand: closing one, and asking
/// whether a superscript is open, cost the same however many are open.
#[derive(Default)]
struct Stack {
    /// In opening order; a closed one leaves `None`.
    opens: Vec<Option<Open>>,
    /// The indices of the open ones, by the kinds that close each other ([`class`]).
    by_class: [Vec<usize>; 6],
    /// How many open `<sup>` become Unicode superscripts.
    unicode: usize,
}

/// Kinds that close each other share a class (`</span>` closes any decoration).
fn class(kind: MarkupKind) -> usize {
    match kind {
        MarkupKind::Bold => 0,
        MarkupKind::Italic => 1,
        MarkupKind::Superscript => 2,
        MarkupKind::Subscript => 3,
        MarkupKind::Strike => 4,
        MarkupKind::Underline | MarkupKind::Overline | MarkupKind::LineThrough => 5,
    }
}

impl Stack {
    fn push(&mut self, open: Open) {
        self.by_class[class(open.kind)].push(self.opens.len());
        if open.kind == MarkupKind::Superscript && open.unicode {
            self.unicode += 1;
        }
        self.opens.push(Some(open));
    }

    /// The innermost open element `kind` closes, taken off.
    fn close(&mut self, kind: MarkupKind) -> Option<Open> {
        let index = self.by_class[class(kind)].pop()?;
        let open = self.opens.get_mut(index)?.take()?;
        if open.kind == MarkupKind::Superscript && open.unicode {
            self.unicode -= 1;
        }
        Some(open)
    }

    /// True inside a `<sup>` written as Unicode superscripts.
    fn in_unicode(&self) -> bool {
        self.unicode > 0
    }

    /// True while a `<sup>` is open.
    fn in_superscript(&self) -> bool {
        !self.by_class[class(MarkupKind::Superscript)].is_empty()
    }

    /// The elements never closed, in opening order.
    fn unclosed(self) -> impl Iterator<Item = Open> {
        self.opens.into_iter().flatten()
    }
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

/// Every field of `data` scanned for markup, `columns` giving each field's column by its
/// place: each field's markup as a range of `scanned.found`, by record and field, so that a
/// cell looks only at its own markup, never the whole file's (reading stays linear in rows).
pub(crate) fn scan_records(
    source: &Source,
    data: &[Record],
    columns: &[Option<VaslColumn>],
    scanned: &mut Scanned,
) -> Vec<Vec<Range<usize>>> {
    let mut found = Vec::with_capacity(data.len());
    for record in data {
        let mut fields = Vec::with_capacity(record.fields.len());
        for (field, column) in record.fields.iter().zip(columns) {
            let before = scanned.found.len();
            scan_field(
                &source.text,
                source.id,
                field.clone(),
                record.quotes_in(field),
                *column,
                scanned,
            );
            fields.push(before..scanned.found.len());
        }
        found.push(fields);
    }
    found
}

/// The plain text: `source`'s text with the quotes and tags `scanned` found taken off. Its
/// spans map back to `source`'s text, whose own map leads to the published bytes.
pub(crate) fn plain_text(source: &Source, scanned: &mut Scanned) -> Source {
    let mut edits = std::mem::take(&mut scanned.edits);
    edits.sort_by_key(|e| e.original.start);
    Source::with_edits(source.id, source.name.clone(), source.text.clone(), edits)
}

/// A reader of `plain` that knows the superscripts printed in their own case.
pub(crate) fn plain_reader<'a>(plain: &'a Source, scanned: &mut Scanned) -> Reader<'a> {
    let mut reader = Reader::new(plain);
    reader.cased = std::mem::take(&mut scanned.cased)
        .into_iter()
        .map(|c| (plain.text_range(c.content), c.letters))
        .collect();
    reader
}

/// Scans the field at `range` of `text` (its published form, quotes included) of `column`;
/// `quotes` are the quote bytes the CSV rules take off it ([`Record::quotes`]). Linear in the
/// field's length: each tag is read once, the searches ahead (the next `>`, the next
/// `</sup>`) never cover a byte twice.
///
/// [`Record::quotes`]: crate::listing::vasl_csv::records::Record
pub(crate) fn scan_field(
    text: &str,
    file: FileId,
    range: Range<usize>,
    quotes: &[usize],
    column: Option<VaslColumn>,
    out: &mut Scanned,
) {
    if text.get(range.clone()).is_none() {
        return;
    }
    let verbatim = column.is_some_and(VaslColumn::verbatim);
    // The content ends before a closing quote.
    let end = match quotes.last() {
        Some(&q) if q + 1 == range.end && quotes.len() > 1 => q,
        _ => range.end,
    };
    let mut scan = FieldScan {
        text,
        file,
        end,
        column,
        ahead: Ahead::default(),
    };
    let mut stack = Stack::default();
    let mut last = None;
    let mut quotes = quotes.iter().copied().peekable();
    let mut i = range.start;
    while i < range.end {
        if quotes.next_if_eq(&i).is_some() {
            out.edits.push(deletion(i..i + 1));
            i += 1;
            continue;
        }
        if text.as_bytes()[i] == b'<' && !verbatim {
            if let Some(close) = scan.ahead.tag_end(text, i, end) {
                let tag_end = close + 1;
                let tag = classify(&text[i..tag_end]);
                scan.on_tag(i..tag_end, tag, last, &mut stack, out);
                out.edits.push(deletion(i..tag_end));
                // Quotes inside the tag go with it.
                while quotes.next_if(|&q| q < tag_end).is_some() {}
                i = tag_end;
                continue;
            }
        }
        let Some(c) = text[i..].chars().next() else {
            break;
        };
        let len = c.len_utf8();
        match plain_char(c, column, stack.in_unicode()) {
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
    for open in stack.unclosed() {
        out.diagnostics.push(unclosed(file, open.content..end));
    }
}

/// One field's scan: its text and what was found ahead of the cursor.
struct FieldScan<'t> {
    text: &'t str,
    file: FileId,
    /// Where the field's content ends (before a closing quote).
    end: usize,
    column: Option<VaslColumn>,
    ahead: Ahead,
}

/// Searches ahead in a field, each remembered so that no byte is searched twice: where no `>`
/// follows, the next `</sup>`, and what the content up to it holds.
#[derive(Default)]
struct Ahead {
    /// No `>` at or after this offset.
    no_tag_end_from: Option<usize>,
    /// The last search for `</sup>`: from where, and what it found (`None`: none after).
    sup_close: Option<(usize, Option<usize>)>,
    /// What the content before the `</sup>` found last holds (see [`Content`]).
    content: Option<Content>,
}

/// What the text before a `</sup>` (or the field's end) holds, its tags left out: the last
/// offsets of a character, of one without a superscript form, and of one whose form reads
/// back as another letter. A `<sup>` whose content starts at `from` holds only characters
/// with forms when the last without one is before `from`.
#[derive(Clone, Copy)]
struct Content {
    /// The `</sup>` (or the field's end) it ends at.
    until: usize,
    /// Scanned from here on.
    from: usize,
    last_char: Option<usize>,
    last_formless: Option<usize>,
    last_cased: Option<usize>,
}

impl Ahead {
    /// The `>` ending the tag that starts at `at`, before `end`.
    fn tag_end(&mut self, text: &str, at: usize, end: usize) -> Option<usize> {
        if self.no_tag_end_from.is_some_and(|from| at >= from) {
            return None;
        }
        let found = memchr::memchr(b'>', &text.as_bytes()[at..end]).map(|i| at + i);
        if found.is_none() {
            self.no_tag_end_from = Some(at);
        }
        found
    }

    /// The first `</sup>` at or after `from`, before `end`.
    fn sup_close(&mut self, text: &str, from: usize, end: usize) -> Option<usize> {
        if let Some((searched, found)) = self.sup_close {
            if from >= searched && found.is_none_or(|f| f >= from) {
                return found;
            }
        }
        let found = memchr::memmem::find(&text.as_bytes()[from..end], b"</sup>").map(|i| from + i);
        self.sup_close = Some((from, found));
        found
    }

    /// What the content from `from` to `until` holds (tags left out); `from` follows a tag's
    /// `>`, and every later call for the same `until` starts after it.
    fn content(&mut self, text: &str, from: usize, until: usize) -> Content {
        match self.content {
            Some(c) if c.until == until && c.from <= from => c,
            _ => {
                let mut c = Content {
                    until,
                    from,
                    last_char: None,
                    last_formless: None,
                    last_cased: None,
                };
                let mut in_tag = false;
                for (i, ch) in text[from..until].char_indices() {
                    match ch {
                        '<' => in_tag = true,
                        '>' => in_tag = false,
                        _ if !in_tag => {
                            let at = Some(from + i);
                            c.last_char = at;
                            let form = superscript::to_superscript(&ch.to_string())
                                .chars()
                                .next()
                                .unwrap_or(ch);
                            if !superscript::is_superscript(form) {
                                c.last_formless = at;
                            } else if !superscript::reads_back(ch) {
                                c.last_cased = at;
                            }
                        }
                        _ => {}
                    }
                }
                self.content = Some(c);
                c
            }
        }
    }
}

/// What character `c` of the field's text becomes in the plain text, when not itself: `•` is
/// the column's mark, a tab or line end a space (not in VASL's programs' columns, kept
/// verbatim), a character inside a Unicode `<sup>` its superscript.
fn plain_char(c: char, column: Option<VaslColumn>, in_unicode: bool) -> Option<String> {
    let verbatim = column.is_some_and(VaslColumn::verbatim);
    match (c, column.and_then(VaslColumn::bullet)) {
        ('•', Some(mark)) => Some(mark.to_string()),
        ('\t' | '\n' | '\r', _) if !verbatim => Some(" ".to_string()),
        _ if in_unicode => Some(superscript::to_superscript(&c.to_string())),
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

impl FieldScan<'_> {
    /// An open or close tag at `at`: updates the open elements and records what a closed
    /// one covered.
    fn on_tag(
        &mut self,
        at: Range<usize>,
        tag: Tag,
        last: Option<char>,
        stack: &mut Stack,
        out: &mut Scanned,
    ) {
        match tag {
            Tag::Open(kind) => {
                let form = match kind {
                    MarkupKind::Superscript if stack.in_unicode() => SupForm::Unicode,
                    MarkupKind::Superscript => self.sup_form(at.end, last),
                    _ => SupForm::Markup,
                };
                if form == SupForm::CasedUnicode {
                    let close = self.ahead.sup_close(self.text, at.end, self.end);
                    let content = at.end..close.unwrap_or(self.end);
                    let letters = strip_tags(&self.text[content.clone()]);
                    out.cased.push(Cased { content, letters });
                }
                stack.push(Open {
                    kind,
                    content: at.end,
                    unicode: form != SupForm::Markup,
                });
            }
            Tag::Close(kind) => match stack.close(kind) {
                Some(open) => {
                    let nested =
                        open.kind == MarkupKind::Superscript && stack.in_superscript();
                    // A Unicode superscript needs no markup; a doubled `<sup>` is one
                    // superscript.
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
                        TextSpan::new(self.file, at),
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
                        crate::listing::reader::quote(&self.text[at.clone()])
                    ),
                    TextSpan::new(self.file, at),
                )
                .with_label("unknown tag")
                .with_help(
                    "cells use <b>, <i>, <sup>, <sub>, <strike> and <span style=\"text-decoration:…\">",
                ),
            ),
        }
    }

    /// How the `<sup>` whose content starts at `from` is written: as Unicode superscripts
    /// after a dagger (its footnote number), and outside the MG columns when every character
    /// has a superscript form. The MG columns print a rear MG inline (`8R2`), as the listing
    /// does. A letter whose form reads back as another (`s`, printed `ˢ`, read `S`) is printed
    /// so only where the cell's reader keeps the published letters: a superscript after a
    /// column's single value (`34<sup>s</sup>` MP); elsewhere it stays markup.
    fn sup_form(&mut self, from: usize, last: Option<char>) -> SupForm {
        let until = self
            .ahead
            .sup_close(self.text, from, self.end)
            .unwrap_or(self.end);
        let content = self.ahead.content(self.text, from, until);
        let after = |at: Option<usize>| at.is_some_and(|a| a >= from);
        let all_have_forms = after(content.last_char) && !after(content.last_formless);
        let footnote = last == Some('†');
        let column = self.column;
        let inline = !footnote && column.is_some_and(VaslColumn::inline_superscripts);
        if !all_have_forms || inline {
            return SupForm::Markup;
        }
        if !after(content.last_cased) {
            SupForm::Unicode
        } else if !footnote && column.is_some_and(VaslColumn::trailing_superscript) {
            SupForm::CasedUnicode
        } else {
            SupForm::Markup
        }
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
