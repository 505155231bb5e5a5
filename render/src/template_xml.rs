//! The `xml_text` and `xml_attr` filters every template environment has: XML escaping for the
//! VASSAL module's buildFile.xml and moduledata: entities for `&`, `<`, `>` (and quotes,
//! TAB and line breaks in attributes, which attribute-value normalization would otherwise
//! turn into spaces). Never CDATA: the engine reads a PieceSlot in CDATA as an empty piece.

/// Escapes element text. Fails on characters XML 1.0 cannot hold at all.
pub fn escape_text(s: &str) -> Result<String, String> {
    escape(s, false)
}

/// Escapes an attribute value (to be written between double quotes).
pub fn escape_attr(s: &str) -> Result<String, String> {
    escape(s, true)
}

fn escape(s: &str, attr: bool) -> Result<String, String> {
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attr => out.push_str("&quot;"),
            '\'' if attr => out.push_str("&apos;"),
            '\t' if attr => out.push_str("&#9;"),
            '\n' if attr => out.push_str("&#10;"),
            // A raw CR is turned into LF by every XML parser, in text too.
            '\r' => out.push_str("&#13;"),
            '\t' | '\n' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {
                return Err(format!(
                    "U+{:04X} cannot be written in XML 1.0 (in {s:?})",
                    c as u32
                ))
            }
            c => out.push(c),
        }
    }
    Ok(out)
}

/// Registers the `xml_text` and `xml_attr` filters the VASSAL templates escape with.
pub fn register_filters(env: &mut minijinja::Environment<'static>) {
    fn filter(
        f: fn(&str) -> Result<String, String>,
    ) -> impl Fn(minijinja::Value) -> Result<minijinja::Value, minijinja::Error> {
        move |v: minijinja::Value| {
            let s = v.as_str().map_or_else(|| v.to_string(), str::to_string);
            f(&s)
                .map(minijinja::Value::from_safe_string)
                .map_err(|e| minijinja::Error::new(minijinja::ErrorKind::InvalidOperation, e))
        }
    }
    env.add_filter("xml_text", filter(escape_text));
    env.add_filter("xml_attr", filter(escape_attr));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_xml_needs() {
        assert_eq!(
            escape_text("a & b < c > d \"e\" 'f'\tg").unwrap(),
            "a &amp; b &lt; c &gt; d \"e\" 'f'\tg"
        );
        assert_eq!(
            escape_attr("a & \"b\" 'c'\td").unwrap(),
            "a &amp; &quot;b&quot; &apos;c&apos;&#9;d"
        );
        assert!(escape_text("bell\u{7}").is_err());
    }
}
