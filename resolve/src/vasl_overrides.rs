//! What a VASL variant's counter prints by its row's `overrides` (VASL's own column, as its
//! counter generator reads it: `key=value` entries split at `|`): its MG factors (`mgs=B/C/AA`,
//! `-` or nothing for none: "A10 Mk IA w/out BMG" is `mgs=-/4`) and its MA (`ma=`: nothing
//! for none, `$$` the listing's MA as it is). VASL's marks are read as the counter prints
//! them: a star (`[*]`, `<*>`, and their black, white and underline forms) in `mgs=` is the
//! listing's dagger, drawn `†` after the value; in `ma=`, `<*>` is the MA's own asterisk and
//! `[*]` its dagger; `<sup>` is raised, an overline or underline span marks its digits, `x`
//! between digits is `×`. What follows an `@` is VASL's drawing (a size, a place) and is left
//! out.

use qm_schema::{CaliberMark, Runs, VaslRow};

/// A variant's counter values from its `overrides`; `None` where the row does not override.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Overrides {
    /// The B, C and AA factors (`None` in a position: no MG there).
    pub mgs: Option<[Option<Runs>; 3]>,
    /// The MA (`None`: no MA printed).
    pub ma: Option<Option<Runs>>,
}

/// The overrides of a VASL row (none when it has no `overrides` cell).
pub(crate) fn overrides(row: &VaslRow) -> Overrides {
    let Some(cell) = row
        .columns
        .iter()
        .find(|c| c.column == "overrides")
        .and_then(|c| c.value.value.as_deref())
    else {
        return Overrides::default();
    };
    let mut out = Overrides::default();
    for entry in cell.split('|') {
        let Some((key, value)) = entry.split_once('=') else {
            continue;
        };
        let value = value.split('@').next().unwrap_or("").trim();
        match key.trim() {
            "mgs" => out.mgs = Some(mgs(value)),
            "ma" if !value.contains("$$") => {
                out.ma = Some((!value.is_empty()).then(|| printed(value, Star::Asterisk)))
            }
            _ => {}
        }
    }
    out
}

/// `B/C/AA`, split at the slashes outside tags.
fn mgs(value: &str) -> [Option<Runs>; 3] {
    let mut parts = vec![String::new()];
    let mut in_tag = false;
    for c in value.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            '/' if !in_tag => {
                parts.push(String::new());
                continue;
            }
            _ => {}
        }
        parts.last_mut().expect("a part at least").push(c);
    }
    // A position holding only a star prints nothing, as a listing cell holding only a "†"
    // (no label without a value).
    let part = |i: usize| {
        let p = parts.get(i).map_or("", |p| p.trim());
        Some(printed(p, Star::Dagger)).filter(|r| !matches!(r.text().as_str(), "" | "-" | "†"))
    };
    [part(0), part(1), part(2)]
}

/// What VASL's six-lobed star `<*>` stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Star {
    /// The listing's dagger (the MG factors).
    Dagger,
    /// The MA's own asterisk.
    Asterisk,
}

/// An override's text as the counter prints it.
fn printed(value: &str, six_lobed: Star) -> Runs {
    let mut out = Runs::default();
    let mut dagger = false;
    let (mut raised, mut marks): (bool, Vec<CaliberMark>) = (false, Vec::new());
    let mut rest = value;
    while let Some(c) = rest.chars().next() {
        if let Some((tag, after)) = tag(rest) {
            match tag {
                "[*]" | "[b*]" | "[w*]" | "[_*]" => dagger = true,
                "<*>" | "<b*>" | "<w*>" if six_lobed == Star::Dagger => dagger = true,
                "<*>" | "<b*>" | "<w*>" => push(&mut out, "*", raised, &marks),
                "<sup>" => raised = true,
                "</sup>" => raised = false,
                "</span>" => {
                    marks.pop();
                }
                t if t.contains("overline") => marks.push(CaliberMark::Overline),
                t if t.contains("underline") => marks.push(CaliberMark::Underline),
                _ => {}
            }
            rest = after;
            continue;
        }
        let times = c == 'x'
            && digit_before(value, rest)
            && rest[1..].starts_with(|d: char| d.is_ascii_digit());
        let mut buf = [0u8; 4];
        push(
            &mut out,
            if times { "×" } else { c.encode_utf8(&mut buf) },
            raised,
            &marks,
        );
        rest = &rest[c.len_utf8()..];
    }
    if dagger {
        out.plain("†");
    }
    out
}

fn push(out: &mut Runs, text: &str, raised: bool, marks: &[CaliberMark]) {
    if raised {
        // A raised run continues the one before it.
        match out.0.last_mut() {
            Some(last) if last.raised => last.text.push_str(text),
            _ => {
                out.raised(text);
            }
        }
    } else if marks.is_empty() {
        out.plain(text);
    } else {
        match out.0.last_mut() {
            Some(last) if !last.raised && last.marks == marks => last.text.push_str(text),
            _ => {
                out.marked(text, marks);
            }
        }
    }
}

/// The tag or VASL star at the start of `s`, and what follows it.
fn tag(s: &str) -> Option<(&str, &str)> {
    let close = match s.as_bytes().first()? {
        b'<' => '>',
        b'[' if s[1..].find(']').is_some_and(|i| s[1..=i].contains('*')) => ']',
        _ => return None,
    };
    let end = s.find(close)? + 1;
    Some((&s[..end], &s[end..]))
}

/// True when the character before `rest` in `value` is a digit.
fn digit_before(value: &str, rest: &str) -> bool {
    let at = value.len() - rest.len();
    value[..at]
        .chars()
        .next_back()
        .is_some_and(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(r: &Option<Runs>) -> Option<String> {
        r.as_ref().map(|r| {
            r.0.iter()
                .map(|x| {
                    if x.raised {
                        format!("^{}", x.text)
                    } else {
                        x.text.clone()
                    }
                })
                .collect()
        })
    }

    #[test]
    fn mgs_give_each_position_or_none() {
        let m = mgs("-/4/2");
        assert_eq!(
            [text(&m[0]), text(&m[1]), text(&m[2])],
            [None, Some("4".into()), Some("2".into())]
        );
        let m = mgs("2/4<sup>R2</sup>/2");
        assert_eq!(text(&m[1]).as_deref(), Some("4^R2"));
        let m = mgs("2<sup>S2x2</sup>/4");
        assert_eq!(text(&m[0]).as_deref(), Some("2^S2×2"));
        assert_eq!(text(&m[2]), None);
        let m = mgs("[*]2/-");
        assert_eq!(text(&m[0]).as_deref(), Some("2†"));
        let m = mgs("4<sup><*></sup>/4/2");
        assert_eq!(text(&m[0]).as_deref(), Some("4†"));
        let m = mgs("-/4/<*>");
        assert_eq!(text(&m[2]), None);
    }

    #[test]
    fn ma_overrides_print_their_text_and_marks() {
        let r = printed(
            r#"[*]<span style="text-decoration:overline">81</span><*>"#,
            Star::Asterisk,
        );
        assert_eq!(r.text(), "81*†");
        assert_eq!(r.0[0].marks, [CaliberMark::Overline]);
        assert_eq!(printed("[*]BMG", Star::Asterisk).text(), "BMG†");
    }
}
