//! What `qm build` needs of the data that resolving does not check, checked by `qm check`
//! too: every vehicle's id (which names its files and module entries) non-empty, unique in
//! its nation and short, and names short enough to lay out. Characters XML cannot hold are
//! found at load, in every file ([`non_xml_character`]).

use std::collections::BTreeMap;

use qm_parser::{Diagnostic, SourceMap, TextSpan};
use qm_schema::{Nation, Span};

/// Longest vehicle name, in characters: the longest real one is about 30, and a counter,
/// a chart cell or a palette entry has room for far less than this.
pub const MAX_NAME: usize = 120;

/// Longest id (vehicle or scenario), in bytes: it names files (`<id>-front.svg`) and file
/// systems stop at 255.
pub const MAX_ID: usize = 120;

/// The first characters of a long text, for messages.
pub fn shorten(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}… ({} characters)", &text[..i], text.chars().count()),
        None => text.to_string(),
    }
}

/// A character XML 1.0 cannot hold (and SVG, HTML and VASSAL's buildFile with it): C0
/// controls other than tab, LF and CR, and the non-characters U+FFFE and U+FFFF.
pub fn non_xml_character(c: char) -> bool {
    matches!(c, '\u{0}'..='\u{8}' | '\u{b}' | '\u{c}' | '\u{e}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}')
}

/// A parser span from IR provenance (file name and published byte range).
fn text_span(sources: &SourceMap, span: &Span) -> Option<TextSpan> {
    let source = sources.iter().find(|s| *s.name == *span.file)?;
    Some(TextSpan::new(
        source.id,
        source.text_range(span.start..span.end),
    ))
}

fn error(sources: &SourceMap, code: &'static str, message: String, at: &Span) -> Diagnostic {
    let span = text_span(sources, at);
    let mut d = Diagnostic::new(qm_parser::Severity::Error, code, message, span.clone());
    if span.is_none() {
        d = d.with_note(format!("at {}:{}:{}", at.file, at.line, at.col));
    }
    d
}

/// Checks every nation's vehicles for what the build needs: ids non-empty, unique and short,
/// names not too long.
pub fn check_nations(sources: &SourceMap, nations: &[Nation]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for n in nations {
        let mut seen: BTreeMap<&str, &qm_schema::Vehicle> = BTreeMap::new();
        for v in &n.vehicles {
            let at = &v.name_cell.span;
            let chars = v.name.chars().count();
            if chars > MAX_NAME {
                out.push(
                    error(
                        sources,
                        "build::name-too-long",
                        format!(
                            "failed to use the vehicle name {} (at most {MAX_NAME} characters)",
                            shorten(&v.name)
                        ),
                        at,
                    )
                    .with_help("shorten the name with an erratum"),
                );
                continue;
            }
            if v.id.is_empty() || v.id.len() > MAX_ID {
                out.push(
                    error(
                        sources,
                        "build::bad-id",
                        format!(
                            "failed to make an id for the vehicle {:?} (ids are its letters and digits; it has none)",
                            v.name
                        ),
                        at,
                    )
                    .with_help("the name must hold a letter or a digit: it names the vehicle's files"),
                );
                continue;
            }
            if let Some(first) = seen.get(v.id.as_str()) {
                // Names equal but for case and spacing are lint::duplicate-name already.
                let key = crate::resolve::names::name_key;
                if key(&first.name) == key(&v.name) {
                    continue;
                }
                out.push(
                    error(
                        sources,
                        "build::duplicate-id",
                        format!(
                            "failed to give {:?} its id `{}` (the vehicle {:?} has it: names that differ only in spaces and punctuation share one)",
                            v.name, v.id, first.name
                        ),
                        at,
                    )
                    .with_note(format!(
                        "{:?} is at {}:{}:{}",
                        first.name, first.name_cell.span.file, first.name_cell.span.line, first.name_cell.span.col
                    ))
                    .with_help("make the names differ in a letter or digit (an erratum)"),
                );
                continue;
            }
            seen.insert(&v.id, v);
        }
    }
    out
}

/// Characters XML cannot hold, in one source: the first is an error at its place; the count
/// of the others is in the message.
pub fn check_characters(sources: &SourceMap, file: qm_parser::FileId) -> Option<Diagnostic> {
    let source = sources.get(file)?;
    // Every character it finds is an ASCII control or U+FFFE/U+FFFF (bytes EF BF BE/BF): a
    // file without such bytes is read once, byte by byte, and not decoded.
    let suspect = |b: u8| (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r')) || b == 0xEF;
    if !source.text.bytes().fold(false, |seen, b| seen | suspect(b)) {
        return None;
    }
    let mut bad = source
        .text
        .char_indices()
        .filter(|(_, c)| non_xml_character(*c));
    let (at, c) = bad.next()?;
    let more = bad.count();
    let also = if more == 0 {
        String::new()
    } else {
        format!("; {more} more in the file")
    };
    Some(
        Diagnostic::error(
            "load::bad-character",
            format!(
                "failed to read {} (it holds U+{:04X}, which XML, SVG and VASSAL cannot hold{also})",
                source.name, c as u32
            ),
            TextSpan::new(file, at..at + c.len_utf8()),
        )
        .with_label("not a text character")
        .with_help("delete the character (or correct it with an erratum)"),
    )
}
