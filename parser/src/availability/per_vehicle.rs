//! One place said of several vehicles, then each vehicle's own dates and RFs after a colon:
//! "Both served throughout the Southern Marches and nowhere else: the Stav from 1939 to 1944
//! (RF 1.1), the Stav B from 5/42 until the close of 1943 (RF 1.3)".

use nom::combinator::opt;
use nom::Parser;

use super::body::Body;
use super::clauses::make_clause;
use super::grammar_error::{fail, Ctx, Res};
use super::lexeme::{ch, phrase, place_preposition, ws0, ws1};
use super::parts::determiner;
use super::served::{bound, pieces, place, Piece};
use super::syntax::VehicleRef;
use super::use_verbs::{one_of, verb};

/// Words after the place that say it is the only one ("and nowhere else", "alone"): the
/// items' places are the only ones anyway.
const ONLY_THERE: [&str; 6] = [
    "and nowhere else",
    "and no other",
    "only",
    "alone",
    "exclusively",
    "and there alone",
];

/// "Both served in X [and nowhere else]: the A <dates, RFs>, the B <dates, RFs>": a clause per
/// vehicle named after the colon, each in the head's place; the first is the body, the rest
/// its [`Body::also`].
pub(crate) fn per_vehicle<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    // The subject: at most four words before the verb ("Both", "The two cars").
    let mut i = start;
    for _ in 0..4 {
        if verb(i).is_ok() {
            break;
        }
        let len = i.find(char::is_whitespace).unwrap_or(i.len());
        if len == 0 || i[..len].contains([',', ':', ';', '.']) {
            return fail(start);
        }
        i = ws1(&i[len..])?.0;
    }
    // A sentence of another form fails where it starts: its error is that form's.
    let head = |i| -> Res<'a, _> {
        let (i, _) = (verb, ws1, place_preposition, ws1).parse(i)?;
        let (i, area) = place(ctx, i)?;
        let (i, _) = opt((ws1, one_of(&ONLY_THERE))).parse(i)?;
        let (i, _) = (ws0, ch(':')).parse(i)?;
        Ok((i, area))
    };
    let Ok((mut i, area)) = head(i) else {
        return fail(start);
    };
    let mut clauses = Vec::new();
    loop {
        let item = ws0(i)?.0;
        let (r, _) = determiner(item)?;
        let Some(n) = ctx.lexicon.vehicle_at(r) else {
            return fail(r);
        };
        let name = &r[..n];
        let (r, mut read) = pieces(ctx, &r[n..])?;
        read.insert(0, Piece::Place(area.clone(), false));
        let (r, body) = bound(ctx, r, read)?;
        let vehicle = VehicleRef {
            raw: name.to_string(),
            span: ctx.span(name),
            title_index: None,
        };
        clauses.push(make_clause(ctx, ctx.consumed(item, r), vec![vehicle], body));
        i = r;
        let mut sep = (ws0, ch(',').or(ch(';')), ws0, opt((phrase("and"), ws1)));
        match sep.parse(i) {
            Ok((r, _))
                if determiner(r).is_ok_and(|(v, ())| ctx.lexicon.vehicle_at(v).is_some()) =>
            {
                i = r;
            }
            _ => break,
        }
    }
    if clauses.len() < 2 {
        return fail(start);
    }
    let first = clauses.remove(0);
    let mut body: Body = first.kind.into();
    body.vehicles = first.vehicles;
    body.typos = first.typos;
    body.also = clauses;
    Ok((i, body))
}
