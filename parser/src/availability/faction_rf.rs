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
/// names a faction of the nation.
pub(crate) fn faction_rfs<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let mut items = Vec::new();
    let (mut i, first) = lead_item(ctx, start).or_else(|_| {
        // "[The] RF [is]" before the list.
        let (i, _) = (determiner, rf_word).parse(start)?;
        // A rules lawyer's "the Rarity Factor applicable thereto shall be".
        let (i, _) = opt((ws1, phrase("applicable thereto"))).parse(i)?;
        let (i, _) = opt((ws1, one_of(&["is", "are", "shall be", "will be"]))).parse(i)?;
        let (i, _) = (opt((ws0, ch(':'))), ws1).parse(i)?;
        item(ctx, i)
    })?;
    items.push(first);
    loop {
        let mut sep = (ws0, ch('/').or(ch(';')), ws0)
            .map(|_| ())
            .or((ws0, ch(','), ws1, opt((phrase("and"), ws1))).map(|_| ()))
            .or((ws1, phrase("and"), ws1).map(|_| ()));
        let Ok((r, ())) = sep.parse(i) else { break };
        let Ok((r, next)) = lead_item(ctx, r).or_else(|_| item(ctx, r)) else {
            break;
        };
        items.push(next);
        i = r;
    }
    if !items.iter().any(|(w, _)| matches!(w, Who::Faction(_))) {
        return fail(start);
    }
    let mut clauses = Vec::new();
    for (who, value) in items {
        let body = match who {
            Who::Faction(name) => own_rf(ctx, name, value),
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
                super::clauses::schedule_of(
                    ScheduleForm::RfByPeriod,
                    ctx,
                    start,
                    i,
                    Area::Anywhere,
                    vec![entry],
                )
            }
        };
        clauses.push(body);
    }
    let mut clauses = clauses.into_iter();
    let mut body = clauses
        .next()
        .ok_or(nom::Err::Error(super::grammar_error::GrammarError {
            at: start,
        }))?;
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

/// The faction's own RF, wherever and whenever the vehicle serves.
fn own_rf(ctx: &Ctx<'_>, name: &str, value: PrintedRf) -> Body {
    let bare = name
        .strip_prefix("the ")
        .or_else(|| name.strip_prefix("The "))
        .unwrap_or(name);
    ClauseKind::OwnRf(OwnRf {
        names: vec![LimitName {
            raw: bare.to_string(),
            span: ctx.span(bare),
            kind: NameKind::Faction,
        }],
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
fn item<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, (Who<'a>, PrintedRf)> {
    let (i, value) = rf(ctx, i, false)?;
    let (i, _) = ws1(i)?;
    let (i, _) = opt((one_of(&["for", "to", "in"]), ws1)).parse(i)?;
    let i = used_by(i).unwrap_or(i);
    let (i, who) = who(ctx, i)?;
    Ok((i, (who, value)))
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
    let Some(n) = ctx.lexicon.faction_at(i) else {
        return fail(i);
    };
    let (r, name) = (&i[n..], &i[..n]);
    let units = (ws1, one_of(&super::lexeme::UNITS));
    let r = opt(units).parse(r).map_or(r, |(r2, _)| r2);
    Ok((r, Who::Faction(name)))
}
