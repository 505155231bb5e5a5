//! The reverse of [`super::encode`], written after the engine's `SequenceEncoder.Decoder`
//! (quirks included), so the checker reads a definition exactly as VASSAL would.

/// Reads the tokens of one encoded sequence, one at a time.
#[derive(Debug, Clone)]
pub struct Decoder<'a> {
    rest: Option<&'a str>,
    delimiter: char,
}

impl<'a> Decoder<'a> {
    /// A decoder over `value` split at `delimiter`.
    pub fn new(value: &'a str, delimiter: char) -> Self {
        Self {
            rest: Some(value),
            delimiter,
        }
    }

    /// True while a token is left (an empty string still holds one empty token).
    pub fn has_more(&self) -> bool {
        self.rest.is_some()
    }

    /// The next token, unescaped; `None` when the sequence is exhausted.
    pub fn next_token(&mut self) -> Option<String> {
        let val = self.rest?;
        let d = self.delimiter;
        let mut token = String::new();
        let mut begin = 0;
        // A delimiter preceded by `\` belongs to the value; the `\` is dropped.
        let mut end = val.find(d);
        loop {
            match end {
                Some(e) if begin < e && val[..e].ends_with('\\') => {
                    token.push_str(&val[begin..e - 1]);
                    begin = e;
                    end = val[e + d.len_utf8()..]
                        .find(d)
                        .map(|i| i + e + d.len_utf8());
                }
                _ => break,
            }
        }
        match end {
            None => {
                token.push_str(&val[begin..]);
                self.rest = None;
            }
            Some(e) => {
                token.push_str(&val[begin..e]);
                self.rest = Some(&val[e + d.len_utf8()..]);
            }
        }
        // One pair of surrounding quotes is the encoder's protection, not part of the value.
        if token.len() > 1 && token.starts_with('\'') && token.ends_with('\'') {
            token = token[1..token.len() - 1].to_string();
        }
        Some(token)
    }

    /// Everything not read yet, still encoded.
    pub fn remainder(&self) -> Option<&'a str> {
        self.rest
    }
}

/// Every token of an encoded sequence.
pub fn decode_sequence(value: &str, delimiter: char) -> Vec<String> {
    let mut d = Decoder::new(value, delimiter);
    let mut out = Vec::new();
    while let Some(t) = d.next_token() {
        out.push(t);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_vasl_fields() {
        // From VASL's M13/40 slot (engine-written): the path field of its `replace` trait.
        let path = "VASSAL.build.module.PieceWindow:?/VASSAL.build.widget.PieceSlot:M13\\/40 Wreck";
        assert_eq!(
            decode_sequence(path, '/'),
            [
                "VASSAL.build.module.PieceWindow:?",
                "VASSAL.build.widget.PieceSlot:M13/40 Wreck"
            ]
        );
        assert_eq!(decode_sequence("a;", ';'), ["a", ""]);
        assert_eq!(decode_sequence("", ';'), [""]);
        assert_eq!(decode_sequence("'a\\';b", ';'), ["a\\", "b"]);
    }
}
