//! VASSAL's `SequenceEncoder`, written from its documented behaviour: the one escaping scheme
//! every level of a piece definition uses (`/` in AddPiece, TAB between traits, `;` between
//! trait fields, `,` inside lists).
//!
//! Rules, as the engine's decoder reads them back:
//! - only the delimiter is escaped, by one `\` before it; backslashes are never doubled;
//! - a value starting with `\` or already wrapped in single quotes gets one more pair of `'`
//!   around it, which the decoder strips (what the 3.6 engine writes, checked with it); so
//!   does a value ending with `\` (3.7+ engines do that, because that `\` would escape the
//!   next delimiter; 3.6 cannot re-save such a value, so qm refuses to write one, see
//!   [`super::palette::assemble`]);
//! - an empty value is an empty token.

/// Joins values with a delimiter the way the engine's `SequenceEncoder` does.
#[derive(Debug, Clone)]
pub struct SequenceEncoder {
    delimiter: char,
    buffer: Option<String>,
}

impl SequenceEncoder {
    /// An empty sequence for `delimiter`.
    pub fn new(delimiter: char) -> Self {
        Self {
            delimiter,
            buffer: None,
        }
    }

    /// Appends one value, escaped for this sequence's delimiter.
    pub fn append(&mut self, value: &str) -> &mut Self {
        let delimiter = self.delimiter;
        let buf = match &mut self.buffer {
            Some(b) => {
                b.push(delimiter);
                b
            }
            None => self.buffer.insert(String::new()),
        };
        // A quoted value would lose its quotes to the decoder and a trailing backslash would
        // escape the delimiter after it; one extra pair of quotes protects both. The leading
        // backslash case is the 3.6 engine's own rule: quoting it keeps re-saves identical.
        let quote = value.starts_with('\\')
            || value.ends_with('\\')
            || (value.starts_with('\'') && value.ends_with('\''));
        if quote {
            buf.push('\'');
        }
        for c in value.chars() {
            if c == delimiter {
                buf.push('\\');
            }
            buf.push(c);
        }
        if quote {
            buf.push('\'');
        }
        self
    }

    /// Appends a number (never contains a delimiter the encodings use).
    pub fn append_int(&mut self, value: i64) -> &mut Self {
        self.append(&value.to_string())
    }

    /// Appends `true` / `false`.
    pub fn append_bool(&mut self, value: bool) -> &mut Self {
        self.append(if value { "true" } else { "false" })
    }

    /// Appends a list as one value: its items joined by `,` with their own escaping
    /// (the engine's `StringArrayConfigurer.arrayToString`).
    pub fn append_list<S: AsRef<str>>(&mut self, items: &[S]) -> &mut Self {
        let list = encode_sequence(items, ',');
        self.append(&list)
    }

    /// The encoded sequence; empty when nothing was appended.
    pub fn finish(&self) -> String {
        self.buffer.clone().unwrap_or_default()
    }
}

/// Encodes `values` joined by `delimiter` (empty string for no values).
pub fn encode_sequence<S: AsRef<str>>(values: &[S], delimiter: char) -> String {
    let mut se = SequenceEncoder::new(delimiter);
    for v in values {
        se.append(v.as_ref());
    }
    se.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vassal::decode::decode_sequence;

    #[test]
    fn only_the_delimiter_is_escaped() {
        assert_eq!(encode_sequence(&["L3/35", "a;b"], '/'), "L3\\/35/a;b");
        assert_eq!(encode_sequence(&["a\\b", "c"], ';'), "a\\b;c");
        assert_eq!(encode_sequence(&["x\\;y"], ';'), "x\\\\;y");
    }

    #[test]
    fn trailing_backslash_and_quoted_values_get_quotes() {
        assert_eq!(encode_sequence(&["a\\", "b"], ';'), "'a\\';b");
        assert_eq!(encode_sequence(&["'q'"], ';'), "''q''");
        assert_eq!(encode_sequence(&["'"], ';'), "'''");
        // The 3.6 engine quotes a leading backslash too (checked against it).
        assert_eq!(encode_sequence(&["\\x", "y"], ';'), "'\\x';y");
    }

    #[test]
    fn empty_values_are_empty_tokens() {
        assert_eq!(encode_sequence(&["", "", ""], ';'), ";;");
        assert_eq!(encode_sequence::<&str>(&[], ';'), "");
    }

    #[test]
    fn nested_sequences_add_one_backslash_per_level() {
        let inner = encode_sequence(&["b", "c"], '\t');
        let outer = encode_sequence(&["a", &inner], '\t');
        assert_eq!(outer, "a\tb\\\tc");
        let outer2 = encode_sequence(&["z", &outer], '\t');
        assert_eq!(outer2, "z\ta\\\tb\\\\\tc");
    }

    #[test]
    fn every_awkward_value_round_trips() {
        let names = [
            "L3/35",
            "Autocann 20/65(b)",
            "MR35(f)",
            "SMV M41M 90/53",
            "a;b,c/d",
            "x & y < z > w",
            "it's",
            "'quoted'",
            "\"dq\"",
            "ends\\",
            "\\starts",
            "",
            "'",
            "''",
            "a\\;b",
            "tab\there",
        ];
        for delim in ['/', ';', ',', '\t'] {
            let enc = encode_sequence(&names, delim);
            assert_eq!(decode_sequence(&enc, delim), names, "delimiter {delim:?}");
        }
    }
}
