//! Characters XML cannot hold (and SVG, HTML and VASSAL's buildFile with it), found at load
//! in every file ([`check_characters`]) and in the strings a TOML file's escapes make
//! ([`check_toml_strings`]): no later stage can write them.

use qm_parser::{Diagnostic, SourceMap, TextSpan};

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

/// Characters XML cannot hold, in one source: one error per line holding any, at the line's
/// first (the count of the others on that line in the message). A line is a row of a listing,
/// so `--keep-going` leaves out every row holding one, not only the file's first.
pub fn check_characters(sources: &SourceMap, file: qm_parser::FileId) -> Vec<Diagnostic> {
    let Some(source) = sources.get(file) else {
        return Vec::new();
    };
    // Every character it finds is an ASCII control or U+FFFE/U+FFFF (bytes EF BF BE/BF): a
    // file without such bytes is read once, byte by byte, and not decoded.
    let suspect = |b: u8| (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r')) || b == 0xEF;
    if !source.text.bytes().fold(false, |seen, b| seen | suspect(b)) {
        return Vec::new();
    }
    let mut found = Vec::new();
    let mut line_start = 0;
    for line in source.text.split_inclusive('\n') {
        let mut bad = line.char_indices().filter(|(_, c)| non_xml_character(*c));
        if let Some((at, c)) = bad.next() {
            let at = line_start + at;
            found.push(bad_character(&source.name, file, at, c, bad.count()));
        }
        line_start += line.len();
    }
    found
}

/// The error for `c` at byte `at` of `name`, `more` others on its line.
fn bad_character(
    name: &str,
    file: qm_parser::FileId,
    at: usize,
    c: char,
    more: usize,
) -> Diagnostic {
    let also = if more == 0 {
        String::new()
    } else {
        format!("; {more} more on this line")
    };
    Diagnostic::error(
        "load::bad-character",
        format!(
            "failed to read {name} (it holds U+{:04X}, which XML, SVG and VASSAL cannot hold{also})",
            c as u32
        ),
        TextSpan::new(file, at..at + c.len_utf8()),
    )
    .with_label("not a text character")
    .with_help("delete the character (or correct it with an erratum)")
}
