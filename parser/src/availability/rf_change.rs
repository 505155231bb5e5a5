//! A change of RF said by a verb, with the place it holds in before or after its new value:
//! "in 1945 this rises, in the Marches only, to 1.5", "From 1943 the RF drops to 1.1 on the
//! Isles", "the rarity falls to .9 in 1944".

use nom::combinator::opt;
use nom::Parser;

use super::body::Body;
use super::clauses::{changed_from, first_rf_of_lead_in, schedule_of};
use super::entries::{group_list, rf_part};
use super::grammar_error::{fail, Ctx, Res};
use super::lexeme::{ch, phrase, rf_word, ws0, ws1};
use super::parts::{area_after, determiner};
use super::syntax::{Area, ScheduleForm};
use super::use_verbs::one_of;

/// Verbs that change an RF to the value after "to".
const CHANGE_VERBS: [&str; 10] = [
    "rises",
    "rose",
    "falls",
    "fell",
    "drops",
    "dropped",
    "increases",
    "decreases",
    "goes up",
    "goes down",
];

/// "[the|its] RF" or "this" (the RF the sentence before gives), a verb of change, the place it
/// holds in (between commas after the verb, or after the value), "to" and the value with its
/// periods; with no period the lead-in must give one ("In 1945 this rises to 1.5").
pub(crate) fn rf_change<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let rf_subject = |i| (determiner, rf_word).map(|_| ()).parse(i);
    let (i, _) = rf_subject(start).or_else(|_| phrase("this").map(|_| ()).parse(start))?;
    let (i, _) = (ws1, one_of(&CHANGE_VERBS)).parse(i)?;
    // ", in the Marches only,": the place between commas, before "to".
    let interposed = |i| -> Res<'a, Area> {
        let (i, _) = (ws0, ch(',')).parse(i)?;
        let (i, area) = area_after(ctx, i)?;
        let (i, _) = (opt((ws1, phrase("only"))), ws0, ch(',')).parse(i)?;
        Ok((i, area))
    };
    let (i, before) = opt(interposed).parse(i)?;
    let (i, _) = (ws1, phrase("to"), ws1).parse(i)?;
    let (i, mut entries, needs_period) = match group_list(ctx, i, rf_part) {
        Ok((i, entries)) => (i, entries, false),
        Err(_) => {
            let (i, entries) = first_rf_of_lead_in(ctx, i)?;
            (i, entries, true)
        }
    };
    // "rises to 1.5 in 1945": from then on, as any change in one period.
    let i = match needs_period {
        true => i,
        false => changed_from(i, &mut entries).ok_or(nom::Err::Error(
            super::grammar_error::GrammarError { at: i },
        ))?,
    };
    let (i, after) = opt(|i| area_after(ctx, i)).parse(i)?;
    let (i, _) = opt((ws1, phrase("only"))).parse(i)?;
    let area = match (before, after) {
        (Some(_), Some(_)) => return fail(i),
        (a, b) => a.or(b).unwrap_or(Area::Anywhere),
    };
    let mut body = schedule_of(ScheduleForm::RfByPeriod, ctx, start, i, area, entries);
    body.needs_period = needs_period;
    body.lead_in_only = needs_period;
    Ok((i, body))
}
