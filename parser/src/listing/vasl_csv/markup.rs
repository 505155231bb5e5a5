//! A CSV field's published form -> its plain text: the quotes and VASL's HTML markup come off
//! as [`Edit`]s (so every span still maps to the published bytes), and what the markup meant
//! is kept as [`Found`] markup.

use std::ops::Range;

use qm_schema::{superscript, MarkupKind};

use crate::listing::reader::Reader;
use crate::listing::vasl_csv::columns::VaslColumn;
use crate::listing::vasl_csv::records::Record;
use crate::listing::vasl_csv::tags::{classify, sup_contents, SupContent, Tag, TagEnds};
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
/// field's length: a pass finds what each `<sup>` holds up to its own `</sup>`
/// ([`sup_contents`]), then the scan reads each tag once; both tell tags from text by the
/// one rule of [`TagEnds`].
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
    let sups = if verbatim {
        Vec::new()
    } else {
        sup_contents(text, range.clone(), end)
    };
    let mut scan = FieldScan {
        text,
        file,
        column,
        sups: sups.into_iter(),
    };
    let mut tags = TagEnds::default();
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
        if let Some(tag) = tags.tag_at(text, i, end).filter(|_| !verbatim) {
            scan.on_tag(
                tag.clone(),
                classify(&text[tag.clone()]),
                last,
                &mut stack,
                out,
            );
            out.edits.push(deletion(tag.clone()));
            // Quotes inside the tag go with it.
            while quotes.next_if(|&q| q < tag.end).is_some() {}
            i = tag.end;
            continue;
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

/// One field's scan: its text, and what each of its `<sup>` holds (found before the scan).
struct FieldScan<'t> {
    text: &'t str,
    file: FileId,
    column: Option<VaslColumn>,
    /// The field's `<sup>` not yet met, in order ([`sup_contents`]).
    sups: std::vec::IntoIter<Option<SupContent>>,
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
                // Every `<sup>` takes its own entry, in order, whatever its form.
                let sup = match kind {
                    MarkupKind::Superscript => self.sups.next().flatten(),
                    _ => None,
                };
                let form = match (kind, sup) {
                    (MarkupKind::Superscript, _) if stack.in_unicode() => SupForm::Unicode,
                    (MarkupKind::Superscript, Some(sup)) => self.sup_form(sup, last),
                    // One never closed, like any element, leaves its text as published.
                    _ => SupForm::Markup,
                };
                if let (SupForm::CasedUnicode, Some(sup)) = (form, sup) {
                    let content = at.end..sup.close;
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

    /// How a closed `<sup>` holding `content` is written: as Unicode superscripts
    /// after a dagger (its footnote number), and outside the MG columns when every character
    /// has a superscript form. The MG columns print a rear MG inline (`8R2`), as the listing
    /// does. A letter whose form reads back as another (`s`, printed `ˢ`, read `S`) is printed
    /// so only where the cell's reader keeps the published letters: a superscript after a
    /// column's single value (`34<sup>s</sup>` MP); elsewhere it stays markup.
    fn sup_form(&self, content: SupContent, last: Option<char>) -> SupForm {
        let all_have_forms = content.chars && !content.formless;
        let footnote = last == Some('†');
        let column = self.column;
        let inline = !footnote && column.is_some_and(VaslColumn::inline_superscripts);
        if !all_have_forms || inline {
            return SupForm::Markup;
        }
        if !content.cased {
            SupForm::Unicode
        } else if !footnote && column.is_some_and(VaslColumn::trailing_superscript) {
            SupForm::CasedUnicode
        } else {
            SupForm::Markup
        }
    }
}

/// The text of a closed `<sup>`'s content, its tags left out (in a closed element's content
/// every `<` starts a tag: the `>` of its close follows).
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
