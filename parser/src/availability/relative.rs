//! Relative pieces: an amount added to or taken from another vehicle's RF, a cap on the
//! result, and the base it is taken from (README, "How the notes are read", the catalogue).
//!
//! - amounts: `.1 higher`, `.1 more`, `.1 greater`, `.1 lower`, `.1 less` (before "than"); `raised
//!   by .1`, `increased by .1`, `plus .1`, `+.1`, `with .1 added (to the RF)`, `lowered by .1`,
//!   `reduced by .1`, `minus .1`, `less .1`, `with .1 subtracted (from each RF)`, `with every
//!   RF .1 higher` (after the base); `exceeds BASE by .1`;
//! - caps: `(1.6 maximum)`, `(maximum 1.6)`, `(max 1.6)`, `to a maximum of 1.6`, `but never
//!   above 1.6`, `may not exceed 1.6`, `not to exceed 1.6`, `up to 1.6`, `capped at 1.6`, in
//!   parentheses or not;
//! - bases: `the corresponding (for date and area) RF of the X`, `the X's (corresponding) RF`,
//!   `that of the X`, `the RF of the X`.

use nom::combinator::opt;
use nom::Parser;

use super::body::Body;
use super::grammar_error::{fail, Ctx, Res};
use super::lexeme::{ch, phrase, rf_word, ws0, ws1};
use super::parts::determiner;
use super::relative_words::{CAP_AFTER, CAP_BEFORE};
use super::rf_token::rf;
use super::syntax::{ClauseKind, PrintedRf, RelativeRf, VehicleRef};

/// Words that end a base vehicle's name: where an amount or a cap begins.
const NAME_ENDS: [&str; 16] = [
    " raised by ",
    " increased by ",
    " lowered by ",
    " reduced by ",
    " plus ",
    " minus ",
    " less ",
    " with ",
    " by ",
    " +",
    " but ",
    " to a maximum",
    " up to ",
    " may not ",
    " and may ",
    " capped ",
];

/// "RF is always .4 higher (1.6 maximum) than the corresponding (for date and area) RF of the
/// L3/35", "Its RF is .3 lower than that of the L3/35", "RF is that of the L3/35 raised by .4,
/// to a maximum of 1.6", "RF always exceeds the L3/35's by .4 (max 1.6)".
pub(crate) fn relative_rf<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, _) = (determiner, phrase("rf"), ws1).parse(start)?;
    let (i, _) = opt((phrase("always"), ws1)).parse(i)?;
    if let Ok((r, _)) = (phrase("exceeds"), ws1).parse(i) {
        let (r, base) = base(ctx, r)?;
        let (r, _) = (ws1, phrase("by"), ws1).parse(r)?;
        let (r, delta) = rf(ctx, r, false)?;
        let (r, max) = opt(|r| cap(ctx, r)).parse(r)?;
        return Ok((r, relative(delta, false, max, base)));
    }
    // "..., its RF .2 higher than the 3t's": the verb may be left out before an amount.
    let (i, verb) = opt((phrase("is"), ws1, opt((phrase("always"), ws1)))).parse(i)?;
    if let Ok((r, delta)) = rf(ctx, i, false) {
        let (r, (_, lower)) = (ws1, comparative).parse(r)?;
        let (r, max) = opt(|r| cap(ctx, r)).parse(r)?;
        let (r, _) = (ws1, phrase("than"), ws1).parse(r)?;
        let (r, base) = base(ctx, r)?;
        let (r, max) = match max {
            Some(m) => (r, Some(m)),
            None => opt(|r| cap(ctx, r)).parse(r)?,
        };
        return Ok((r, relative(delta, lower, max, base)));
    }
    if verb.is_none() {
        return fail(i);
    }
    let (r, base) = base(ctx, i)?;
    let (r, _) = ws1(r)?;
    let (r, (delta, lower)) = amount_after(ctx, r)?;
    let (r, max) = opt(|r| cap(ctx, r)).parse(r)?;
    Ok((r, relative(delta, lower, max, base)))
}

fn relative(delta: PrintedRf, lower: bool, max: Option<PrintedRf>, base: VehicleRef) -> Body {
    ClauseKind::RelativeRf(RelativeRf {
        within: None,
        delta,
        lower,
        max,
        base_vehicle: base,
    })
    .into()
}

/// "higher", "more", "greater" (false) or "lower", "less" (true).
fn comparative(i: &str) -> Res<'_, bool> {
    phrase("higher")
        .or(phrase("more"))
        .or(phrase("greater"))
        .map(|_| false)
        .or(phrase("lower").or(phrase("less")).map(|_| true))
        .parse(i)
}

/// An amount after what it changes: "raised by .1", "plus .1", "+.1", "with .1 added (to the
/// RF)", ".1 higher", "lowered by .1", "minus .1", "less .1", "with .1 subtracted (from each
/// RF)", ".1 lower"; true when it is taken away.
pub(crate) fn amount_after<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, (PrintedRf, bool)> {
    let before = phrase("raised by")
        .or(phrase("increased by"))
        .or(phrase("plus"))
        .map(|_| false)
        .or(phrase("lowered by")
            .or(phrase("reduced by"))
            .or(phrase("minus"))
            .or(phrase("less"))
            .map(|_| true));
    if let Ok((r, (lower, _))) = (before, ws1).parse(i) {
        let (r, value) = rf(ctx, r, false)?;
        return Ok((r, (value, lower)));
    }
    if let Some(r) = i.strip_prefix('+') {
        let (r, value) = rf(ctx, r.trim_start(), false)?;
        return Ok((r, (value, false)));
    }
    // "by 0.2 higher": a translator's "by" before the amount ("um 0,2 höher").
    let (by, _) = opt((phrase("by"), ws1)).parse(i)?;
    if let Ok((r, value)) = rf(ctx, by, false) {
        let (r, (_, lower)) = (ws1, comparative).parse(r)?;
        return Ok((r, (value, lower)));
    }
    let (i, _) = (phrase("with"), ws1).parse(i)?;
    // "with every RF .1 higher", "with each RF .1 lower".
    let each = phrase("every")
        .or(phrase("each"))
        .or(phrase("all"))
        .or(phrase("its"))
        .or(phrase("the"));
    if let Ok((r, _)) = (opt((each, ws1)), rf_word, opt(ch('s')), ws1).parse(i) {
        let (r, value) = rf(ctx, r, false)?;
        let (r, (_, lower)) = (ws1, comparative).parse(r)?;
        return Ok((r, (value, lower)));
    }
    let (i, value) = rf(ctx, i, false)?;
    let (i, (_, lower)) = (
        ws1,
        phrase("added")
            .map(|_| false)
            .or(phrase("subtracted").map(|_| true)),
    )
        .parse(i)?;
    let (i, _) = opt((
        ws1,
        phrase("to").or(phrase("from")),
        ws1,
        phrase("the")
            .or(phrase("each"))
            .or(phrase("every"))
            .or(phrase("its")),
        ws1,
        rf_word,
    ))
    .parse(i)?;
    Ok((i, (value, lower)))
}

/// A cap: "(1.6 maximum)", "(max. 1.6)", ", to a maximum of 1.6", ", but never above 1.6",
/// "and may not exceed 1.6", "(not to exceed 1.6)", ", up to 1.6", ", capped at 1.6".
pub(crate) fn cap<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, PrintedRf> {
    if let Ok((r, _)) = (ws0, ch('('), ws0).parse(i) {
        let (r, value) = cap_words(ctx, r)?;
        let (r, _) = (ws0, ch(')')).parse(r)?;
        return Ok((r, value));
    }
    let (i, _) = (opt((ws0, ch(','))), ws1).parse(i)?;
    let (i, _) = opt((phrase("and").or(phrase("but")), ws1)).parse(i)?;
    cap_words(ctx, i)
}

/// The words of a cap, without its parentheses: a number with a cap word after it ("1.6
/// maximum", "1.6 at most") or one of the cap word runs before it ("to a maximum of 1.6", "no
/// more than 1.6"), the same words [`super::relative_words`] reads in any order.
fn cap_words<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, PrintedRf> {
    if let Ok((r, value)) = rf(ctx, i, false) {
        for run in CAP_AFTER {
            if let Some(r) = (ws1, |r| words(run, r)).parse(r).ok().map(|(r, _)| r) {
                return Ok((r, value));
            }
        }
        return fail(i);
    }
    let (i, _) = opt((phrase("but"), ws1)).parse(i)?;
    for run in CAP_BEFORE {
        if let Ok((r, _)) = (|r| words(run, r), opt(ch('.')), ws1).parse(i) {
            return rf(ctx, r, false);
        }
    }
    fail(i)
}

/// The words of `run` at `i`, each a whole word, any whitespace between them.
fn words<'a>(run: &[&'static str], i: &'a str) -> Res<'a, ()> {
    let mut r = i;
    for (n, w) in run.iter().enumerate() {
        if n > 0 {
            r = ws1(r)?.0;
        }
        r = phrase(w)(r)?.0;
    }
    Ok((r, ()))
}

/// The base of a relative rule: "the corresponding (for date and area) RF of the L3/35", "the
/// L3/35's corresponding RF (for the same date and area)", "that of the L3/35", "the RF of the
/// L3/35".
pub(crate) fn base<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, VehicleRef> {
    if let Ok((i, _)) = phrase("the corresponding").parse(i) {
        // "(for date and area)" / "(for dates and area)": the same basis either way.
        let (i, _) = opt((ws1, phrase("(for"), |i: &'a str| {
            let len = i.find(')').map_or(i.len(), |n| n + 1);
            Ok((&i[len..], ()))
        }))
        .parse(i)?;
        let (i, _) = (ws1, rf_word, ws1, phrase("of"), ws1).parse(i)?;
        return vehicle_name(ctx, i);
    }
    let of = phrase("that of")
        .or(phrase("the rf of"))
        .or(phrase("those of"));
    if let Ok((r, _)) = (of, ws1).parse(i) {
        return vehicle_name(ctx, r);
    }
    let (i, _) = opt((phrase("the"), ws1)).parse(i)?;
    let (i, base) = possessive_name(ctx, i)?;
    let (i, _) = opt((ws1, phrase("corresponding"))).parse(i)?;
    let (i, _) = opt((ws1, rf_word)).parse(i)?;
    let (i, _) = opt((
        ws1,
        phrase("for the same dates and area").or(phrase("for the same date and area")),
    ))
    .parse(i)?;
    Ok((i, base))
}

/// A vehicle name after an optional "the", running to where an amount or cap starts or to the
/// clause's punctuation.
pub(crate) fn vehicle_name<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, VehicleRef> {
    let (i, _) = opt((phrase("the"), ws1)).parse(i)?;
    // A name of the listing, whole ("Pz.Wg. 38 (Funk)"), then an optional "(see Note 2)".
    if let Some(n) = ctx.lexicon.vehicle_at(i) {
        let name = &i[..n];
        let (rest, _) = opt(see_note).parse(&i[n..])?;
        return Ok((
            rest,
            VehicleRef {
                raw: name.to_string(),
                span: ctx.span(name),
                title_index: None,
            },
        ));
    }
    let sentence = &i[..ctx.sentence_len(i)];
    let mut len = sentence
        .find([',', ';', ']', '(', ')'])
        .unwrap_or(sentence.len());
    let lower = sentence[..len].to_ascii_lowercase();
    if let Some(at) = NAME_ENDS.iter().filter_map(|w| lower.find(w)).min() {
        len = at;
    }
    let name = sentence[..len].trim_end().trim_end_matches('.').trim_end();
    if name.is_empty() {
        return fail(i);
    }
    let (rest, _) = opt(see_note).parse(&i[name.len()..])?;
    Ok((
        rest,
        VehicleRef {
            raw: name.to_string(),
            span: ctx.span(name),
            title_index: None,
        },
    ))
}

/// " (see Note 2)", " (Note 2)": the note a vehicle named before it is in, said again.
fn see_note(i: &str) -> Res<'_, ()> {
    let (i, _) = (ws1, ch('('), opt((phrase("see"), ws1)), phrase("note"), ws1).parse(i)?;
    let len = i.find(|c: char| !c.is_ascii_digit()).unwrap_or(i.len());
    if len == 0 {
        return fail(i);
    }
    let (i, _) = ch(')')(&i[len..])?;
    Ok((i, ()))
}

/// "L3/35's", "AS 42’s": a vehicle name and its possessive ending, within the clause.
pub(crate) fn possessive_name<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, VehicleRef> {
    let sentence = &i[..ctx.sentence_len(i)];
    let len = sentence
        .find([',', ';', ']', '(', ')'])
        .unwrap_or(sentence.len());
    let Some(at) = sentence[..len]
        .find("'s")
        .or_else(|| sentence[..len].find("’s"))
    else {
        return fail(i);
    };
    let name = sentence[..at].trim_end();
    let after = &i[at..];
    let after = after
        .strip_prefix("'s")
        .or_else(|| after.strip_prefix("’s"))
        .unwrap_or(after);
    if name.is_empty() || after.starts_with(char::is_alphanumeric) {
        return fail(i);
    }
    Ok((
        after,
        VehicleRef {
            raw: name.to_string(),
            span: ctx.span(name),
            title_index: None,
        },
    ))
}
