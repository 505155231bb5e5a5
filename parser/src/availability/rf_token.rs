//! Rarity factors as printed: ".9", "1.6", "1.0", "1,1" (a decimal comma), and the misprints
//! "I.4" and "1-6".

use qm_schema::Tenths;

use super::grammar_error::{fail, Ctx, Res};
use super::syntax::{Misprint, MisprintAt, PrintedRf};

/// True when `i` starts with a bare decimal ("1.3", ".9"; not "1.3/41"): an RF, never a
/// misprinted period, wherever a period could also stand.
pub(crate) fn starts_with_decimal(i: &str) -> bool {
    let digits = i.find(|c: char| !c.is_ascii_digit()).unwrap_or(i.len());
    i[digits..].strip_prefix('.').is_some_and(|d| {
        let n = d.find(|c: char| !c.is_ascii_digit()).unwrap_or(d.len());
        n > 0 && !d[n..].starts_with('/')
    })
}

/// An RF at the start of `i`. `hyphen_ok` admits "1-6" for 1.6, which only makes sense inside
/// an entry's parenthesis (elsewhere "1-6/42" is a period).
pub(crate) fn rf<'a>(ctx: &Ctx<'a>, i: &'a str, hyphen_ok: bool) -> Res<'a, PrintedRf> {
    let b = i.as_bytes();
    let digit_at = |k: usize| b.get(k).is_some_and(u8::is_ascii_digit);
    let mut typos = Vec::new();
    let mut pos = 0;
    let mut whole: u32 = 0;
    // OCR reads "1" as "I" ("an I.4 RF").
    if b.first() == Some(&b'I') && b.get(1) == Some(&b'.') && digit_at(2) {
        typos.push(MisprintAt {
            kind: Misprint::LetterForDigit,
            span: ctx.span_at(i, 1),
        });
        whole = 1;
        pos = 1;
    } else {
        while digit_at(pos) && pos < 2 {
            whole = whole * 10 + u32::from(b[pos] - b'0');
            pos += 1;
        }
        if digit_at(pos) {
            return fail(i);
        }
    }
    match b.get(pos) {
        // "(1)" for "(1.0)": a whole number is an RF only inside an entry's parenthesis.
        Some(b')' | b';') if hyphen_ok && pos > 0 && typos.is_empty() => {
            let raw = &i[..pos];
            return Ok((
                &i[pos..],
                PrintedRf {
                    raw: raw.to_string(),
                    span: ctx.span(raw),
                    value: Tenths(whole * 10),
                    typos,
                },
            ));
        }
        Some(b'.') => {}
        // "RF of 1,1": a continental decimal comma, one digit on each side and no space
        // ("1, 1" is a list).
        Some(b',') if pos == 1 && typos.is_empty() && digit_at(pos + 1) => {}
        Some(b'-') if hyphen_ok && pos == 1 && typos.is_empty() => typos.push(MisprintAt {
            kind: Misprint::HyphenForPoint,
            span: ctx.span_at(&i[pos..], 1),
        }),
        _ => return fail(i),
    }
    pos += 1;
    if !digit_at(pos) || digit_at(pos + 1) || b.get(pos + 1) == Some(&b'/') {
        return fail(i);
    }
    let tenth = u32::from(b[pos] - b'0');
    pos += 1;
    let raw = &i[..pos];
    Ok((
        &i[pos..],
        PrintedRf {
            raw: raw.to_string(),
            span: ctx.span(raw),
            value: Tenths(whole * 10 + tenth),
            typos,
        },
    ))
}
