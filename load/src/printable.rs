//! What `qm build` needs of the data that resolving does not check, checked by `qm check`
//! too: every vehicle's id (which names its files and module entries; short by making)
//! non-empty and unique in its nation, and every text printed in a fitted box short enough to
//! lay out (names are checked where the listing row is read). Characters XML cannot hold are
//! found at load, in every file ([`non_xml_character`]).

use std::collections::BTreeMap;

use qm_parser::{Diagnostic, SourceMap, TextSpan};

use crate::ir_span::error;
use qm_schema::{CounterItemKind, Nation, Span};

/// Longest id written by hand (a scenario's), in bytes: it names files (`<scenario>.pdf`)
/// and file systems stop at 255. Ids made from names are shorter still
/// (`names::MAX_ID_LEN`).
pub const MAX_ID: usize = 120;

pub use qm_resolve::names::{shorten, MAX_NAME};

/// A character XML 1.0 cannot hold (and SVG, HTML and VASSAL's buildFile with it): C0
/// controls other than tab, LF and CR, and the non-characters U+FFFE and U+FFFF.
pub fn non_xml_character(c: char) -> bool {
    matches!(c, '\u{0}'..='\u{8}' | '\u{b}' | '\u{c}' | '\u{e}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}')
}

/// The strings of a TOML file that hold, once their escapes are read, a character XML cannot
/// (`name = "Ital\u001bian"`): the file's text is clean, so [`check_characters`] passes it,
/// but the value would break every SVG and XML file it reaches. One diagnostic per string, at
/// the string. Only a file with an escape that can make such a character (`\b`, `\f`, `\e`,
/// `\x`, `\u`, `\U`) is parsed; a file TOML cannot read is left to its reader.
pub fn check_toml_strings(sources: &SourceMap, file: qm_parser::FileId) -> Vec<Diagnostic> {
    let Some(source) = sources.get(file) else {
        return Vec::new();
    };
    let escapes = source
        .text
        .as_bytes()
        .windows(2)
        .any(|w| w[0] == b'\\' && matches!(w[1], b'b' | b'f' | b'e' | b'x' | b'u' | b'U'));
    if !escapes {
        return Vec::new();
    }
    let Ok(doc) = toml::de::DeTable::parse(&source.text) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    bad_strings_in_table(doc.get_ref(), &mut found);
    found
        .into_iter()
        .map(|(range, c)| {
            Diagnostic::error(
                "load::bad-character",
                format!(
                    "failed to read {} (a string holds U+{:04X}, written as an escape, which XML, SVG and VASSAL cannot hold)",
                    source.name, c as u32
                ),
                TextSpan::new(file, range),
            )
            .with_label("this string")
            .with_help("delete the escape (a name or text has no control characters)")
        })
        .collect()
}

/// Every key and string value of `table` (nested tables and arrays too) holding a character
/// XML cannot: its span and the first such character.
fn bad_strings_in_table(
    table: &toml::de::DeTable<'_>,
    found: &mut Vec<(std::ops::Range<usize>, char)>,
) {
    for (key, value) in table {
        if let Some(c) = key.get_ref().chars().find(|c| non_xml_character(*c)) {
            found.push((key.span(), c));
        }
        bad_strings_in_value(value, found);
    }
}

fn bad_strings_in_value(
    value: &toml::Spanned<toml::de::DeValue<'_>>,
    found: &mut Vec<(std::ops::Range<usize>, char)>,
) {
    match value.get_ref() {
        toml::de::DeValue::String(s) => {
            if let Some(c) = s.chars().find(|c| non_xml_character(*c)) {
                found.push((value.span(), c));
            }
        }
        toml::de::DeValue::Array(items) => {
            for item in items {
                bad_strings_in_value(item, found);
            }
        }
        toml::de::DeValue::Table(t) => bad_strings_in_table(t, found),
        _ => {}
    }
}

/// Checks one nation's vehicles for what the build needs: ids non-empty and unique, every
/// text printed in a fitted box not too long (names too long to lay out are refused where
/// the listing row is read). Nations are checked apart (on every core).
pub fn check_nation(sources: &SourceMap, n: &Nation) -> Vec<Diagnostic> {
    let mut out = check_printed(sources, n);
    out.extend(crate::sizes::check_sizes(sources, n));
    let mut seen: BTreeMap<&str, &qm_schema::Vehicle> = BTreeMap::new();
    for v in &n.vehicles {
        let at = &v.name_cell.span;
        // Ids are never long (a long one is cut and hashed, `names::vehicle_id`); only a
        // name without a letter or digit has none.
        if v.id.is_empty() {
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
            let key = qm_resolve::names::name_key;
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
    out
}

/// A text printed in one fitted box (a counter's value or notation, an infantry unit's or a
/// class's name, the sheet's title), if longer than [`MAX_NAME`]: the box could not show it,
/// and the text functions refuse it (`text::MAX_FIT_TEXT`) at build time.
fn too_long(sources: &SourceMap, what: &str, text: &str, at: Option<&Span>) -> Option<Diagnostic> {
    if text.chars().count() <= MAX_NAME {
        return None;
    }
    let message = format!(
        "failed to print the {what} {} (at most {MAX_NAME} characters)",
        shorten(text)
    );
    let d = match at {
        Some(at) => error(sources, "build::text-too-long", message, at),
        None => Diagnostic::new(
            qm_parser::Severity::Error,
            "build::text-too-long",
            message,
            None,
        ),
    };
    Some(d.with_help("shorten it (an erratum for published text)"))
}

/// What a nation's counters and sheets print besides vehicle names (checked with the ids).
fn check_printed(sources: &SourceMap, n: &Nation) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let title = format!("nation name of {}", n.id);
    let at_ob = format!("at {}/ob.toml, [nation] name", n.id);
    out.extend(too_long(sources, &title, &n.name, None).map(|d| d.with_note(at_ob)));
    // A notation several vehicles share is one quote: reported once.
    let mut quotes = std::collections::BTreeSet::new();
    for v in &n.vehicles {
        let mut noted = Vec::new();
        for q in &v.counter.notations {
            if quotes.insert((&*q.span.file, q.span.start)) {
                out.extend(too_long(
                    sources,
                    "counter notation",
                    &q.text,
                    Some(&q.span),
                ));
            }
            noted.push(q.text.as_str());
        }
        let items = v.counter.front.iter().chain(&v.counter.back);
        for item in items.filter(|i| i.kind != CounterItemKind::Name) {
            // A notation is reported at its quote, above. Nearly every value is short: the
            // line is made only for one that is not.
            if item.drawn_chars() > MAX_NAME && !noted.contains(&item.text.as_str()) {
                out.extend(too_long(
                    sources,
                    "counter value",
                    &item.drawn(),
                    Some(&v.row),
                ));
            }
        }
    }
    for c in &n.infantry.classes {
        out.extend(too_long(sources, "class name", &c.name, Some(&c.span)));
    }
    for u in &n.infantry.units {
        out.extend(too_long(
            sources,
            "infantry unit name",
            &u.name,
            Some(&u.span),
        ));
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
