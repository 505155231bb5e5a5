//! RFs keyed by who uses the vehicle: "Rf 1.4 Loyalists / 1.6 Ember Guard / 1.5 any other
//! side", "The RF is 1.2 for the League and 1.4 for all the others", "For the Crown its RF is
//! 1.3; for all the others it is 1.4", "1.2 where it is used by units of the Frontier Legion
//! and 1.4 in every other case". A faction is one the nation's words name (`ob.toml`, through
//! the lexicon): its RF wherever and whenever the vehicle serves; "the others" take the RF
//! the factions named leave.

use nom::combinator::opt;
use nom::Parser;

use super::body::Body;
use super::grammar_error::{fail, Ctx, Res};
use super::lexeme::{ch, phrase, rf_word, ws0, ws1};
use super::parts::determiner;
use super::rf_token::rf;
use super::syntax::{
    Area, AvailabilityClause, ClauseKind, LimitName, NameKind, OwnRf, PrintedRf, ScheduleEntry,
    ScheduleForm,
};
use super::use_verbs::one_of;

/// Words for every side a sentence has not named yet.
const OTHERS: [&str; 16] = [
    "all the others",
    "all others",
    "all the other sides",
    "all other sides",
    "any other side",
    "every other side",
    "the other sides",
    "the others",
    "the rest",
    "everybody else",
    "everyone else",
    "anybody else",
    "anyone else",
    "every other case",
    "all other cases",
    "any other case",
];

/// Who an RF is for: a faction the nation names, or every side not named.
enum Who<'a> {
    Faction(&'a str),
    Others,
}

/// RFs keyed by faction, each item one faction's (or the others') RF; at least one item
/// names a faction of the nation. A place in front ("In Vorland it is 1.5 for all the sides
/// except the Legion, for which it is 1.2") scopes every item.
pub(crate) fn faction_rfs<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (at, place) = opt(|i| place_in_front(ctx, i)).parse(start)?;
    let (mut i, mut items) = lead_item(ctx, at).map(|(r, x)| (r, vec![x])).or_else(|_| {
        // "[The] RF [is]", "it is" before the list; a rules lawyer's "the Rarity Factor
        // applicable thereto shall be".
        let rf_words = (
            determiner,
            rf_word,
            opt((ws1, phrase("applicable thereto"))),
        );
        let (i, _) = rf_words
            .map(|_| ())
            .or((phrase("it"), ws1, phrase("is")).map(|_| ()))
            .parse(at)?;
        let (i, _) = super::clauses::rf_verb(i)?;
        item(ctx, i)
    })?;
    loop {
        let mut sep = (ws0, ch('/').or(ch(';')), ws0)
            .map(|_| ())
            .or((ws0, ch(','), ws1, opt((phrase("and"), ws1))).map(|_| ()))
            .or((ws1, phrase("and"), ws1).map(|_| ()));
        let Ok((r, ())) = sep.parse(i) else { break };
        let Ok((r, next)) = lead_item(ctx, r)
            .map(|(r, x)| (r, vec![x]))
            .or_else(|_| item(ctx, r))
        else {
            break;
        };
        items.extend(next);
        i = r;
    }
    if !items.iter().any(|(w, _)| matches!(w, Who::Faction(_))) {
        return fail(start);
    }
    // The factions' own RFs first: a lead-in place (which only the first clause would take)
    // then finds no room, and the place in front is read here, for every item.
    items.sort_by_key(|(w, _)| matches!(w, Who::Others));
    let mut clauses = Vec::new();
    for (who, value) in items {
        let body = match who {
            Who::Faction(name) => own_rf(ctx, name, value, place.as_ref()),
            Who::Others => {
                let Some(whole) = super::when::whole_dates(ctx, start, i) else {
                    return fail(start);
                };
                let entry = ScheduleEntry {
                    span: value.span.clone(),
                    when: whole,
                    rf: Some(value),
                    qualifiers: Vec::new(),
                    typos: Vec::new(),
                };
                let area = place.clone().unwrap_or(Area::Anywhere);
                let form = ScheduleForm::RfByPeriod;
                super::clauses::schedule_of(form, ctx, start, i, area, vec![entry])
            }
        };
        clauses.push(body);
    }
    let mut clauses = clauses.into_iter();
    let Some(mut body) = clauses.next() else {
        return fail(start);
    };
    body.also = clauses
        .map(|b| AvailabilityClause {
            span: ctx.span_between(start, i),
            vehicles: Vec::new(),
            kind: b.kind,
            typos: Vec::new(),
            every_vehicle: false,
        })
        .collect();
    Ok((i, body))
}

/// "In Vorland ", "On the Marsh Front, ": a place the nation knows in front of the list.
fn place_in_front<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Area> {
    let (i, _) = (one_of(&["in", "on"]), ws1).parse(i)?;
    let (i, area) = super::theater_names::known_area(ctx, i)?;
    let (i, _) = (opt((ws0, ch(','))), ws1).parse(i)?;
    Ok((i, area))
}

/// The faction's own RF, wherever (or in `place`) and whenever the vehicle serves.
fn own_rf(ctx: &Ctx<'_>, name: &str, value: PrintedRf, place: Option<&Area>) -> Body {
    let mut names = vec![LimitName {
        raw: name.to_string(),
        span: ctx.span(name),
        kind: NameKind::Faction,
    }];
    if let Some(Area::Theaters { theaters, .. }) = place {
        names.extend(theaters.iter().cloned().map(LimitName::place));
    }
    ClauseKind::OwnRf(OwnRf {
        names,
        delta: value,
        lower: false,
        max: None,
        set: true,
        when: None,
    })
    .into()
}

/// "For the Crown its RF is 1.3", "for all the others it is 1.4", "for the Legion, 1.2": who,
/// then the RF.
fn lead_item<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, (Who<'a>, PrintedRf)> {
    let (i, _) = (phrase("for"), ws1).parse(i)?;
    let (i, who) = who(ctx, i)?;
    let verb = (
        ws1,
        opt((determiner, rf_word, ws1)),
        opt((phrase("it"), ws1)),
        one_of(&["is", "are", "shall be"]),
        ws1,
    )
        .map(|_| ());
    let (i, _) = verb.or((ws0, ch(','), ws1).map(|_| ())).parse(i)?;
    let (i, value) = rf(ctx, i, false)?;
    Ok((i, (who, value)))
}

/// "1.4 Loyalists", "1.2 for the League", "1.5 any other side", "1.4 in every other case",
/// "1.2 where it is used by units of the Frontier Legion", "1.2 for the Legion": an RF, then
/// who.
fn item<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Vec<(Who<'a>, PrintedRf)>> {
    if let Ok(read) = all_but(ctx, i) {
        return Ok(read);
    }
    let (i, value) = rf(ctx, i, false)?;
    let (i, _) = ws1(i)?;
    let (i, _) = opt((one_of(&["for", "to", "in"]), ws1)).parse(i)?;
    let i = used_by(i).unwrap_or(i);
    let (i, who) = who(ctx, i)?;
    Ok((i, vec![(who, value)]))
}

/// "1.5 for all the sides except the Legion, for which it is 1.2": the others' RF, then the
/// faction's.
fn all_but<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Vec<(Who<'a>, PrintedRf)>> {
    let (i, others) = rf(ctx, i, false)?;
    let every = one_of(&super::subjects::EVERYONE);
    let (i, _) = (ws1, phrase("for"), ws1, every, ws1).parse(i)?;
    let (i, _) = (one_of(&["except", "but", "save"]), ws1).parse(i)?;
    let (i, faction @ Who::Faction(_)) = who(ctx, i)? else {
        return fail(i);
    };
    let verb = one_of(&["it is", "its rf is", "the rf is", "they are"]);
    let (i, _) = (ws0, ch(','), ws1, phrase("for which"), ws1, verb, ws1).parse(i)?;
    let (i, own) = rf(ctx, i, false)?;
    Ok((i, vec![(Who::Others, others), (faction, own)]))
}

/// "where it is used by units of ", "where the said vehicle is used by ": the words before
/// who uses it (the text after them).
fn used_by(i: &str) -> Option<&str> {
    let (r, _) = (phrase("where"), ws1).parse(i).ok()?;
    let by = r.find(" by ")?;
    // Only a few words between: "where the said vehicle is used by".
    if r[..by].split_whitespace().count() > 6 {
        return None;
    }
    let r = &r[by + 4..];
    let units = (one_of(&super::lexeme::UNITS), ws1, phrase("of"), ws1);
    Some(opt(units).parse(r).map_or(r, |(r2, _)| r2))
}

/// A faction the nation names (its units' noun after it taken: "Royalist forces"), or the
/// others.
fn who<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Who<'a>> {
    if let Ok((r, _)) = one_of(&OTHERS)(i) {
        return Ok((r, Who::Others));
    }
    let (r, name) = known_faction(ctx, i)?;
    let units = (ws1, one_of(&super::lexeme::UNITS));
    let r = opt(units).parse(r).map_or(r, |(r2, _)| r2);
    Ok((r, Who::Faction(name)))
}

/// A faction the nation's words name at `i` ("the League", "Loyalists'"): its words without
/// "the".
pub(crate) fn known_faction<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, &'a str> {
    let Some(n) = ctx.lexicon.faction_at(i) else {
        return fail(i);
    };
    let the = super::lexicon::article_len(i);
    Ok((&i[n..], &i[the..n]))
}
