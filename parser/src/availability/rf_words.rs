//! RF pieces: every way the notes word a rarity factor, read into one typed piece (README,
//! "How the notes are read", the catalogue).
//!
//! - as a noun ("RF" or "rarity factor"): `1.3`, `.9`, `0.9`, `RF 1.3`, `RF: 1.3`, `RF of 1.3`, `RF is 1.3`, `an RF of
//!   1.3`, `a 1.3 RF`, `1.3 RF` ([`rf_noun`]);
//! - after a period: `(1.3)`, `(RF 1.3)`, `(1.3 RF)`, `(1.3; X use only)`, `at RF 1.3`, `at
//!   an RF of 1.3`, `with an RF of 1.3`, `with a 1.3 RF`, `, RF 1.3`, `, 1.3 RF`
//!   ([`rf_after`]).

use nom::combinator::opt;
use nom::Parser;

use super::faction_words::{after_entry, qualifier};
use super::grammar_error::{fail, Ctx, Res};
use super::lexeme::{ch, phrase, rf_word, ws0, ws1};
use super::rf_token::rf;
use super::syntax::{Misprint, MisprintAt, PrintedQualifier, PrintedRf};

/// An RF as a noun: the number, with or without the word "RF" before or after it and an
/// article. `hyphen_ok` admits the misprints only an entry's parenthesis allows ("1-6").
pub(crate) fn rf_noun<'a>(ctx: &Ctx<'a>, i: &'a str, hyphen_ok: bool) -> Res<'a, PrintedRf> {
    // "at one of 1.1" after "at a rarity factor of 1.2": the noun said once.
    if let Ok((r, _)) = (phrase("one of"), ws1).parse(i) {
        return rf(ctx, r, hyphen_ok);
    }
    // "with the RF 1.3": a translator's article, as "an RF of 1.3" has one.
    let (i, article) = opt((phrase("an").or(phrase("a")).or(phrase("the")), ws1)).parse(i)?;
    if let Ok((r, _)) = rf_word.parse(i) {
        // "the Rarity Factor applicable thereto shall be 1.1", "... being 1.1".
        let (r, _) = opt((ws1, phrase("applicable thereto").or(phrase("applicable")))).parse(r)?;
        let mut joiner = (ws0, ch(':').or(ch('=')), ws0)
            .map(|_| ())
            .or((
                ws1,
                phrase("of")
                    .or(phrase("is"))
                    .or(phrase("shall be"))
                    .or(phrase("being"))
                    .or(phrase("will be")),
                ws1,
            )
                .map(|_| ()))
            .or(ws1.map(|_| ()));
        let (r, _) = joiner.parse(r)?;
        return rf(ctx, r, hyphen_ok);
    }
    let (r, value) = rf(ctx, i, hyphen_ok)?;
    match (ws1, rf_word).parse(r) {
        Ok((r2, _)) => Ok((r2, value)),
        // "a 1.3" is no RF: the article calls for its noun.
        Err(_) if article.is_some() => fail(i),
        Err(_) => Ok((r, value)),
    }
}

/// An RF given after a period, and what comes with it in a parenthesis.
#[derive(Debug, Clone)]
pub(crate) struct RfAfter {
    /// The RF.
    pub(crate) rf: PrintedRf,
    /// Misprints in the punctuation.
    pub(crate) typos: Vec<MisprintAt>,
}

/// An RF after a period: in parentheses ("(1.3)", "(RF 1.3; Fascist use only)") or in words
/// ("at RF 1.3", ", with an RF of 1.3", ", RF 1.3", ", 1.3 RF"), with the texts of the
/// qualifiers that come with it ("Fascist use only"), for [`read_qualifiers`].
pub(crate) fn rf_after<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, (RfAfter, Vec<&'a str>)> {
    if let Ok(read) = in_words(ctx, i) {
        return Ok(read);
    }
    in_parens(ctx, i)
}

/// ", with an RF of 1.4", " at RF 1.4", " at an RF of 1.4", ", RF 1.4", ", 1.4 RF", " @1.4".
fn in_words<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, (RfAfter, Vec<&'a str>)> {
    let (i, _) = (opt((ws0, ch(','))), ws1).parse(i)?;
    // ", and the Rarity Factor applicable thereto shall be 1.1" ("and at .9 thereafter" is a
    // change of RF, read as one).
    let i = match (phrase("and"), ws1).parse(i) {
        Ok((r, _)) if phrase("the")(r).is_ok() => r,
        _ => i,
    };
    // "Jun 41 @1.1", "44 @ .9": a shorthand's at sign for "at".
    let at_sign = (ch('@'), ws0).map(|_| ());
    let (r, value) = match (phrase("with").or(phrase("at")), ws1)
        .map(|_| ())
        .or(at_sign)
        .parse(i)
    {
        Ok((r, _)) => rf_noun(ctx, r, false)?,
        Err(_) => {
            // Without a preposition the word "RF" must be there: a bare number after a
            // period is no RF ("6/40, 1.3" stays unread).
            let (r, value) = rf_noun(ctx, i, false)?;
            let words = ctx.consumed(i, r).to_ascii_lowercase();
            if !(words.contains("rf") || words.contains("rarity")) {
                return fail(i);
            }
            (r, value)
        }
    };
    // "rf 1.2 ea.": for every period and place before it, as it is anyway.
    let (r, _) = opt((ws1, super::lexeme::each)).parse(r)?;
    let after = RfAfter {
        rf: value,
        typos: Vec::new(),
    };
    Ok((r, (after, Vec::new())))
}

/// "(.9)", "(RF 1.3)", "(1.3; Fascist use only)", "(1.6.)", ", (1.5)", "(1.4) Fascist use
/// only", "(1.2) Fascist use only)".
fn in_parens<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, (RfAfter, Vec<&'a str>)> {
    let mut typos = Vec::new();
    let (mut i, _) = ws0(i)?;
    if let Some(r) = i.strip_prefix(',') {
        let (r, _) = ws0(r)?;
        if !r.starts_with('(') {
            return fail(i);
        }
        typos.push(MisprintAt {
            kind: Misprint::StrayComma,
            span: ctx.span_at(i, 1),
        });
        i = r;
    }
    let (i, _) = (ch('('), ws0).parse(i)?;
    let (i, value) = rf_noun(ctx, i, true)?;
    let (mut i, _) = ws0(i)?;
    if let Some(r) = i.strip_prefix('.') {
        typos.push(MisprintAt {
            kind: Misprint::StrayPoint,
            span: ctx.span_at(i, 1),
        });
        i = ws0(r)?.0;
    }
    let mut qualifiers = Vec::new();
    // "(RF 1.3, Fascists only)": after a comma, a restriction only (what else follows a
    // comma there is no qualifier).
    let comma = i.strip_prefix(',').filter(|r| {
        let r = r.trim_start();
        let text = &r[..r.find(')').unwrap_or(r.len())];
        qualifier(ctx, text).value.is_some()
    });
    if let Some(r) = i.strip_prefix(';').or(comma) {
        let (r, _) = ws0(r)?;
        let len = r.find(')').unwrap_or(r.len());
        let text = &r[..len];
        let mut at = 0;
        for piece in text.split(';') {
            let lead = piece.len() - piece.trim_start().len();
            let q = piece.trim();
            if !q.is_empty() {
                qualifiers.push(&text[at + lead..at + lead + q.len()]);
            }
            at += piece.len() + 1;
        }
        i = &r[len..];
    }
    let (mut i, _) = (ws0, ch(')')).parse(i)?;
    // "(1.4) Fascist use only": the qualifier after the parenthesis.
    if let Ok((r, q)) = after_entry(i) {
        qualifiers.push(q);
        i = r;
        if let Some(r) = i.strip_prefix(')') {
            typos.push(MisprintAt {
                kind: Misprint::UnbalancedParen,
                span: ctx.span_at(i, 1),
            });
            i = r;
        }
    }
    let after = RfAfter { rf: value, typos };
    Ok((i, (after, qualifiers)))
}

/// The qualifiers of an [`RfAfter`], read.
pub(crate) fn read_qualifiers(ctx: &Ctx<'_>, texts: &[&str]) -> Vec<PrintedQualifier> {
    texts.iter().map(|t| qualifier(ctx, t)).collect()
}

/// "where the RF is 1.3", "where its RF is 1.3", "where it is 1.3", "where it is RF 1.2",
/// "where they are 1.3": the RF of the place before.
pub(crate) fn where_is<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, PrintedRf> {
    let (mut r, _) = (phrase("where"), ws1).parse(i)?;
    // "where the roads ate them and it's 1.2", "where they were thick on the ground and rate
    // 1.0": a few plain words before what the RF is, none of them a sense word.
    for _ in 0..12 {
        if let Ok(read) = is_rf(ctx, r) {
            return Ok(read);
        }
        let len = r.find(|c: char| !c.is_ascii_lowercase()).unwrap_or(r.len());
        if len == 0 || super::lexeme::SENSE_WORDS.contains(&&r[..len]) {
            break;
        }
        r = ws1(&r[len..])?.0;
    }
    fail(i)
}

/// "the RF is 1.3", "its RF is 1.3", "it is 1.3", "it's 1.3", "they are 1.3", "(they) rate
/// 1.0": what a place's RF is.
fn is_rf<'a>(ctx: &Ctx<'a>, r: &'a str) -> Res<'a, PrintedRf> {
    let (r, _) = opt((phrase("the").or(phrase("its")).or(phrase("their")), ws1)).parse(r)?;
    let (r, _) = opt((super::lexeme::rf_word, ws1)).parse(r)?;
    let verb = phrase("is")
        .or(phrase("it is"))
        .or(phrase("it's"))
        .or(phrase("it’s"))
        .or(phrase("they are"))
        .or(phrase("they're"))
        .or(phrase("they rate"))
        .or(phrase("it rates"))
        .or(phrase("rate"))
        .or(phrase("rates"));
    let (r, _) = (verb, ws1).parse(r)?;
    rf_noun(ctx, r, false)
}
