//! Schedule entries: a period with its RF and qualifiers ("44-5/45 (1.3; Fascist use only)"),
//! a bare period ("6/40"), a period with its theater ("6/40 (France)"), an RF with its period
//! ("1.2 for 1-6/42", "1.5 in 1943", "1.1 thereafter"), and the lists they come in.

use nom::combinator::opt;
use nom::Parser;

use super::grammar_error::{fail, Ctx, Res};
use super::lexeme::{ch, phrase, ws0, ws1};
use super::parts::{from_on, span_period};
use super::period_token::{join, period};
use super::rf_token::rf;
use super::syntax::{
    EntryWhen, Misprint, MisprintAt, PrintedPeriod, PrintedQualifier, PrintedRf, QualifierSyntax,
    ScheduleEntry, Spanned, TheaterRef,
};
use super::theater_names::theaters;

/// "6-12/40 (.9)", "44-5/45 (1.3; Fascist use only)", "9/43 (1.6.)", "6/40-6/41, (1.5)",
/// "44-5/45 (1.4) Fascist use only", "1945 (1.2) Fascist use only)".
pub(crate) fn rf_entry<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, ScheduleEntry> {
    let (i, p) = span_period(ctx, start)?;
    if let Ok((r, value)) = rf_in_words(ctx, i) {
        let entry = ScheduleEntry {
            span: ctx.span_between(start, r),
            when: EntryWhen::Period(p),
            rf: Some(value),
            qualifiers: Vec::new(),
            typos: Vec::new(),
        };
        return Ok((r, entry));
    }
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
    let (i, value) = rf(ctx, i, true)?;
    let (mut i, _) = ws0(i)?;
    if let Some(r) = i.strip_prefix('.') {
        typos.push(MisprintAt {
            kind: Misprint::StrayPoint,
            span: ctx.span_at(i, 1),
        });
        i = ws0(r)?.0;
    }
    let mut qualifiers = Vec::new();
    if let Some(r) = i.strip_prefix(';') {
        let (r, _) = ws0(r)?;
        let len = r.find(')').unwrap_or(r.len());
        let text = &r[..len];
        let mut at = 0;
        for piece in text.split(';') {
            let lead = piece.len() - piece.trim_start().len();
            let q = piece.trim();
            if !q.is_empty() {
                qualifiers.push(qualifier(ctx, &text[at + lead..at + lead + q.len()]));
            }
            at += piece.len() + 1;
        }
        i = &r[len..];
    }
    let (mut i, _) = (ws0, ch(')')).parse(i)?;
    // "(1.4) Fascist use only": the qualifier after the parenthesis.
    if let Ok((r, q)) = ws1(i).and_then(|(r, _)| use_only(r)) {
        qualifiers.push(qualifier(ctx, q));
        i = r;
        if let Some(r) = i.strip_prefix(')') {
            typos.push(MisprintAt {
                kind: Misprint::UnbalancedParen,
                span: ctx.span_at(i, 1),
            });
            i = r;
        }
    }
    let entry = ScheduleEntry {
        span: ctx.span_between(start, i),
        when: EntryWhen::Period(p),
        rf: Some(value),
        qualifiers,
        typos,
    };
    Ok((i, entry))
}

/// An RF in words after a period: ", with an RF of 1.4", " at RF 1.4", " at an RF of 1.4".
pub(crate) fn rf_in_words<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, PrintedRf> {
    let (i, _) = (
        opt((ws0, ch(','))),
        ws1,
        phrase("with").or(phrase("at")),
        ws1,
        opt((phrase("an").or(phrase("a")), ws1)),
        phrase("rf"),
        ws1,
        opt((phrase("of"), ws1)),
    )
        .parse(i)?;
    rf(ctx, i, false)
}

/// A dates-only entry: "6/40-41", "6/40 to 12/41".
pub(crate) fn date_entry<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, ScheduleEntry> {
    let (i, p) = span_period(ctx, start)?;
    Ok((
        i,
        ScheduleEntry {
            span: ctx.span_between(start, i),
            when: EntryWhen::Period(p),
            rf: None,
            qualifiers: Vec::new(),
            typos: Vec::new(),
        },
    ))
}

/// A period with its theater in parentheses: "6/40 (France)".
pub(crate) fn theater_entry<'a>(
    ctx: &Ctx<'a>,
    start: &'a str,
) -> Res<'a, (ScheduleEntry, Vec<TheaterRef>)> {
    let (i, entry) = date_entry(ctx, start)?;
    let (i, _) = (ws0, ch('('), ws0).parse(i)?;
    let (i, names) = theaters(ctx, i)?;
    let (i, _) = (ws0, ch(')')).parse(i)?;
    Ok((i, (entry, names)))
}

/// An RF with its period: "1.2 for 1-6/42", "1.5 in 1943", "1.5 from 11/41 to 6/42", "1.1
/// thereafter", "1.1 from 2/43 on".
pub(crate) fn rf_part<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, ScheduleEntry> {
    let (i, value) = rf(ctx, start, false)?;
    let (i, _) = ws1(i)?;
    let (i, when) = if let Ok((r, word)) = phrase("thereafter").parse(i) {
        (r, EntryWhen::Thereafter(ctx.span(word)))
    } else if let Ok((r, p)) = from_on(ctx, i) {
        (r, EntryWhen::From(p))
    } else if let Ok((r, _)) = (phrase("until").or(phrase("through")), ws1).parse(i) {
        let (r, p) = period(ctx, r)?;
        (r, EntryWhen::Until(p))
    } else {
        let (i, _) = opt((phrase("for").or(phrase("in")).or(phrase("during")), ws1)).parse(i)?;
        let (i, p) = span_period(ctx, i)?;
        let (i, p) = and_next(ctx, i, p)?;
        (i, EntryWhen::Period(p))
    };
    Ok((
        i,
        ScheduleEntry {
            span: ctx.span_between(start, i),
            when,
            rf: Some(value),
            qualifiers: Vec::new(),
            typos: Vec::new(),
        },
    ))
}

/// "in 1941 and 1942": a period and the one right after it, joined. The second must follow
/// the first month for month ("in 1941 and 1943" does not read as one period); an RF after
/// "and" ("1.5 in 1940 and 1.6 in 1941") starts the next entry instead.
fn and_next<'a>(ctx: &Ctx<'a>, i: &'a str, first: PrintedPeriod) -> Res<'a, PrintedPeriod> {
    let Ok((r, _)) = (ws1, phrase("and"), ws1).parse(i) else {
        return Ok((i, first));
    };
    if rf(ctx, r, false).is_ok() {
        return Ok((i, first));
    }
    let Ok((r2, second)) = period(ctx, r) else {
        return Ok((i, first));
    };
    match (&first.value, &second.value) {
        (Ok(a), Ok(b)) if a.to.succ() == b.from => Ok((r2, join(ctx, first, second))),
        _ => fail(r),
    }
}

/// A list of items separated by ",", ", and", "and" (or, misprinted, nothing): the separator
/// is consumed only when an item follows it.
pub(crate) fn list<'a, T>(
    ctx: &Ctx<'a>,
    i: &'a str,
    item: impl Fn(&Ctx<'a>, &'a str) -> Res<'a, T>,
    on_missing_comma: impl Fn(&mut T, MisprintAt),
) -> Res<'a, Vec<T>> {
    let (mut i, first) = item(ctx, i)?;
    let mut out = vec![first];
    while let Ok((r, missing)) = separator(i) {
        match item(ctx, r) {
            Ok((r2, mut next)) => {
                if missing {
                    on_missing_comma(
                        &mut next,
                        MisprintAt {
                            kind: Misprint::MissingComma,
                            span: ctx.span_between(i, r),
                        },
                    );
                }
                out.push(next);
                i = r2;
            }
            Err(nom::Err::Error(_)) => break,
            Err(e) => return Err(e),
        }
    }
    Ok((i, out))
}

/// An entry list whose missing commas are recorded on the entry after them.
pub(crate) fn entry_list<'a>(
    ctx: &Ctx<'a>,
    i: &'a str,
    item: impl Fn(&Ctx<'a>, &'a str) -> Res<'a, ScheduleEntry>,
) -> Res<'a, Vec<ScheduleEntry>> {
    list(ctx, i, item, |e: &mut ScheduleEntry, t| {
        e.typos.insert(0, t)
    })
}

/// ",", ", and", " and", or only whitespace (`true`: the comma is missing).
fn separator(i: &str) -> Res<'_, bool> {
    if let Ok((r, _)) = (ws0, ch(','), ws0).parse(i) {
        let r = (phrase("and"), ws1).parse(r).map_or(r, |(r2, _)| r2);
        return Ok((r, false));
    }
    if let Ok((r, _)) = (ws1, phrase("and"), ws1).parse(i) {
        return Ok((r, false));
    }
    let (r, _) = ws1(i)?;
    Ok((r, true))
}

/// One to three words of letters naming a part of a nation's forces ("Fascist", "Fascist
/// Italians"), then `stop` ("use only", "only"); yields the words. Which faction they name is
/// the nation's data, not the grammar's.
pub(crate) fn faction_before<'a>(i: &'a str, stop: &'static str) -> Res<'a, &'a str> {
    let mut rest = i;
    for _ in 0..3 {
        let (r, _) = letters_word(rest)?;
        if let Ok((after, _)) = (ws1, phrase(stop)).parse(r) {
            return Ok((after, &i[..i.len() - r.len()]));
        }
        rest = ws1(r)?.0;
    }
    fail(i)
}

/// A word of letters ("Fascist", "Italians'", "Free-French").
fn letters_word(i: &str) -> Res<'_, &str> {
    if !i.starts_with(char::is_alphabetic) {
        return fail(i);
    }
    let len = i
        .find(|c: char| !(c.is_alphabetic() || c == '\'' || c == '-'))
        .unwrap_or(i.len());
    Ok((&i[len..], &i[..len]))
}

/// "X use only" after an entry's parenthesis ("(1.4) Fascist use only"), whole.
fn use_only(i: &str) -> Res<'_, &str> {
    let (r, _) = faction_before(i, "use only")?;
    Ok((r, &i[..i.len() - r.len()]))
}

/// A qualifier's text, read: "X use only" restricts the entry to the faction X names.
fn qualifier(ctx: &Ctx<'_>, text: &str) -> PrintedQualifier {
    let value = faction_before(text, "use only")
        .ok()
        .filter(|(rest, _)| rest.trim().is_empty())
        .map(|(_, faction)| QualifierSyntax::RestrictedUse {
            faction: Spanned {
                value: faction.split_whitespace().collect::<Vec<_>>().join(" "),
                span: ctx.span(faction),
            },
        });
    PrintedQualifier {
        raw: text.to_string(),
        span: ctx.span(text),
        value,
    }
}
