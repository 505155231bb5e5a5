//! The parts a sentence is composed of, each read on its own so that every clause form takes
//! them in any order the language allows: the determiner before what is given ("its", "the"),
//! a span of months in any of its English forms ("6/40-41", "from 6/40 to 5/43", "6/40
//! through 5/43", "between 6/40 and 5/43"), an area after what is given ("for use in X", "in
//! X", "for X use"), the lead-in that moves a scope to the front of a sentence ("For use in
//! Sicily, RF is ...", "In 1945, ...", "For WW2 scenarios, ..."), an RF as a noun phrase
//! ("a 1.4 RF", "an RF of 1.4") and a cap ("(1.6 maximum)", "(max 1.6)").

use nom::combinator::opt;
use nom::Parser;

use super::grammar_error::{fail, Ctx, Res};
use super::lexeme::{ch, phrase, ws0, ws1};
use super::period_token::{join, period};
use super::rf_token::rf;
use super::scope::all_vehicles;
use super::syntax::{Area, PrintedPeriod, PrintedRf};
use super::theater_names::named_area;

/// Words that may stand before what a sentence gives ("Its RF", "The Dates and RF", "Their
/// availability"); they add nothing to its meaning.
const DETERMINERS: [&str; 6] = [
    "its",
    "the",
    "their",
    "this afv's",
    "this vehicle's",
    "each",
];

/// An optional determiner and the space after it.
pub(crate) fn determiner(i: &str) -> Res<'_, ()> {
    for d in DETERMINERS {
        if let Ok((r, _)) = (phrase(d), ws1).parse(i) {
            return Ok((r, ()));
        }
    }
    Ok((i, ()))
}

/// A span of months: a printed period ("6/40-41"), or two joined by words ("from 6/40 to
/// 5/43", "6/40 to 5/43", "6/40 through 5/43", "between 6/40 and 5/43"). A "from" needs its
/// "to": "from 2/43 on" is no span (see [`from_on`]).
pub(crate) fn span_period<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, PrintedPeriod> {
    if let Ok((r, _)) = (phrase("between"), ws1).parse(i) {
        let (r, from) = period(ctx, r)?;
        let (r, _) = (ws1, phrase("and"), ws1).parse(r)?;
        let (r, to) = period(ctx, r)?;
        return Ok((r, join(ctx, from, to)));
    }
    let (r, from_word) = opt((phrase("from"), ws1)).parse(i)?;
    let (r, from) = period(ctx, r)?;
    let joined = (
        ws1,
        phrase("to").or(phrase("through")).or(phrase("until")),
        ws1,
    )
        .parse(r)
        .and_then(|(r2, _)| period(ctx, r2));
    match joined {
        Ok((r2, to)) => Ok((r2, join(ctx, from, to))),
        Err(_) if from_word.is_some() => fail(r),
        Err(_) => Ok((r, from)),
    }
}

/// "from 2/43 on", "from 2/43 onward(s)", "2/43 onwards": the months from one to the end of
/// the vehicle's own dates.
pub(crate) fn from_on<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, PrintedPeriod> {
    let (r, _) = opt((phrase("from"), ws1)).parse(i)?;
    let (r, p) = period(ctx, r)?;
    let (r, _) = (ws1, phrase("onwards").or(phrase("onward")).or(phrase("on"))).parse(r)?;
    Ok((r, p))
}

/// The area after what a sentence gives: "for use in X", "in X", "for X use", "for X".
pub(crate) fn area_after<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Area> {
    let (i, _) = ws1(i)?;
    if let Ok((r, _)) = (phrase("for use in").or(phrase("in")), ws1).parse(i) {
        return named_area(ctx, r);
    }
    let (i, _) = (phrase("for"), ws1).parse(i)?;
    let (i, area) = named_area(ctx, i)?;
    let (i, _) = opt((ws1, phrase("use"))).parse(i)?;
    Ok((i, area))
}

/// A scope moved to the front of a sentence, before a comma.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum LeadIn {
    /// "For use in Sicily,", "In North Africa,": where the rest applies.
    Area(Area),
    /// "In 1945,": when the rest applies.
    Period(PrintedPeriod),
    /// "For WW2 scenarios,": the scenarios an availability limit is for.
    Ww2,
}

/// "WWII", "WW2", "WW II" scenarios.
pub(crate) fn ww2_scenarios(i: &str) -> Res<'_, &str> {
    let (r, _) = (
        phrase("wwii").or(phrase("ww2")).or(phrase("ww ii")),
        ws1,
        phrase("scenarios"),
    )
        .parse(i)?;
    Ok((r, &i[..i.len() - r.len()]))
}

/// A lead-in at `i` and the text after its comma; "For both types," is a subject, not one.
pub(crate) fn lead_in<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, LeadIn> {
    if all_vehicles(i).is_ok() {
        return fail(i);
    }
    let (r, _) = (
        phrase("for use in")
            .or(phrase("for"))
            .or(phrase("in"))
            .or(phrase("when used in")),
        ws1,
    )
        .parse(i)?;
    let (r, lead) = if let Ok((r, _)) = ww2_scenarios(r) {
        (r, LeadIn::Ww2)
    } else if let Ok((r, p)) = period(ctx, r) {
        (r, LeadIn::Period(p))
    } else {
        let (r, a) = named_area(ctx, r)?;
        // "For North African use,".
        let (r, _) = opt((ws1, phrase("use"))).parse(r)?;
        (r, LeadIn::Area(a))
    };
    let (r, _) = (ws0, ch(','), ws1).parse(r)?;
    Ok((r, lead))
}

/// An RF as a noun phrase: "a 1.4 RF", "an 1.4 RF", "an RF of 1.4".
pub(crate) fn rf_phrase<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, PrintedRf> {
    let (i, _) = (phrase("an").or(phrase("a")), ws1).parse(i)?;
    if let Ok((r, _)) = (phrase("rf of"), ws1).parse(i) {
        return rf(ctx, r, false);
    }
    let (i, value) = rf(ctx, i, false)?;
    let (i, _) = (ws1, phrase("rf")).parse(i)?;
    Ok((i, value))
}

/// A cap in parentheses: "(1.6 maximum)", "(maximum 1.6)", "(max 1.6)", "(max. 1.6)".
pub(crate) fn cap<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, PrintedRf> {
    let (i, _) = (ws0, ch('('), ws0).parse(i)?;
    let (i, value) = if let Ok((r, v)) = rf(ctx, i, false) {
        let (r, _) = (ws1, phrase("maximum").or(phrase("max"))).parse(r)?;
        (r, v)
    } else {
        let (r, _) = (phrase("maximum").or(phrase("max.")).or(phrase("max")), ws1).parse(i)?;
        rf(ctx, r, false)?
    };
    let (i, _) = (ws0, ch(')')).parse(i)?;
    Ok((i, value))
}
