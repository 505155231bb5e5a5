//! The sentence loop: read clause after clause; a sentence no clause form fits becomes an
//! `Unreadable` clause when it mentions dates or RFs, and is rules prose otherwise. The clause
//! forms are `clauses`'; the one form that holds clauses itself ("Otherwise it is 1.4 [EXC:
//! ...]") is here, beside the clause reader it calls back, so the grammar's recursion stays in
//! one module.

use nom::combinator::opt;
use nom::Parser;

use super::use_verbs::one_of;

use super::aside::aside;
use super::body::{Body, BodyFn};
use super::clauses::{
    ammo_from, continued, dates_and_rf, dates_only, is_missing_period, limited_to, make_clause,
    optional_weapon, radio, restricted_use, rf_after_period, rf_applies, rf_by_period,
    rf_by_scenario, same_with_added_rf, use_has_rf, used_in,
};
use super::faction_rf::faction_rfs;
use super::grammar_error::{Ctx, GrammarError, Res};
use super::lexeme::{ch, mentions_dates_or_rf, phrase, ws0, ws1};
use super::limits::limit;
use super::own_rf::own_rf;
use super::parts::{lead_in, LeadIn};
use super::per_vehicle::per_vehicle;
use super::radio_words::radio_by_words;
use super::relative::relative_rf;
use super::relative_words::relative_by_words;
use super::rf_change::rf_change;
use super::rf_places::rf_by_place;
use super::rf_token::rf;
use super::scope::scoped;
use super::served::{rf_said, served};
use super::subjects::faction_window;
use super::syntax::{
    Area, AvailabilityClause, ClauseKind, EntryWhen, LimitName, LimitSense, ScheduleEntry,
    ScheduleForm, Spanned,
};

/// Where a clause is read, which decides what may follow it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Level {
    /// A sentence: a full stop or the end of the text follows.
    Top,
    /// Inside "[EXC: ...]": a comma or the closing bracket follows.
    Nested,
    /// A part of a sentence that does not read whole ([`comma_parts`]): a comma (or a dash set
    /// apart) follows, or what follows a sentence.
    Part,
}

/// Every clause form, most specific first.
const BODIES: [BodyFn; 28] = [
    radio,
    radio_by_words,
    optional_weapon,
    relative_rf,
    same_with_added_rf,
    relative_by_words,
    own_rf,
    faction_rfs,
    rf_by_scenario,
    otherwise,
    rf_by_period,
    rf_change,
    rf_by_place,
    rf_after_period,
    rf_applies,
    use_has_rf,
    dates_only,
    dates_and_rf,
    limited_to,
    restricted_use,
    faction_window,
    used_in,
    ammo_from,
    continued,
    limit,
    per_vehicle,
    served,
    rf_said,
];

/// Reads one clause at `start`: an optional lead-in ("For use in Sicily,", "In 1945,"), then
/// the optional scope (vehicle names, "For both types,") composed in front of any clause form,
/// which the terminator of `level` must follow, and the clauses the same sentence states after
/// it ([`Body::also`]). A lead-in the form cannot take (a second area)
/// makes the sentence unreadable rather than read by halves.
pub(crate) fn clause<'a>(
    ctx: &Ctx<'a>,
    start: &'a str,
    level: Level,
) -> Res<'a, (AvailabilityClause, Vec<AvailabilityClause>)> {
    let led = lead_in(ctx, start)
        .and_then(|(after, lead)| scoped(ctx, after, |ctx, i| form(ctx, i, level, Some(&lead))));
    let (rest, (vehicles, body)) = match led {
        Ok(read) => read,
        Err(led_error) => match (
            scoped(ctx, start, |ctx, i| form(ctx, i, level, None)),
            led_error,
        ) {
            (Ok(read), _) => read,
            (Err(nom::Err::Error(a)), nom::Err::Error(b)) => {
                return Err(nom::Err::Error(nom::error::ParseError::or(a, b)))
            }
            (Err(e), _) => return Err(e),
        },
    };
    let text = ctx.consumed(start, rest);
    let mut body = body;
    let also = std::mem::take(&mut body.also);
    Ok((rest, (make_clause(ctx, text, vehicles, body), also)))
}

/// A clause body with its lead-in put where the form leaves room for it: an area on a
/// schedule's first section that names none, a period on a restriction that gives none, "for
/// WW2 scenarios" on an availability limit. `None` when there is no room (two areas).
fn with_lead_in(ctx: &Ctx<'_>, mut body: Body, lead: LeadIn) -> Option<Body> {
    // "After June 1940 they rate 1.5 right up until the end of '42": the lead-in's open
    // start, the first entry's end.
    // "From 4/42 it is available on X at RF 1.0 until the end of 1943 and at .9 thereafter":
    // the first entry's end, what follows it after.
    if let (ClauseKind::Schedule(s), LeadIn::From(from)) = (&mut body.kind, &lead) {
        if let Some(entry) = s.sections.first_mut().and_then(|x| x.entries.first_mut()) {
            if let super::syntax::EntryWhen::Until(to) = &entry.when {
                let joined = super::period_token::join(ctx, from.clone(), to.clone());
                entry.when = super::syntax::EntryWhen::Period(joined);
                return Some(body);
            }
        }
    }
    match (&mut body.kind, lead) {
        (ClauseKind::Schedule(s), LeadIn::Area(area)) => {
            let first = s.sections.first()?;
            if first.area != Area::Anywhere || s.form == ScheduleForm::LimitedTo {
                return None;
            }
            // "In North Africa it is available from 8/40 at RF 1.2, in 1/41 at RF 1.4; in East
            // Africa from 7/40 at RF 1.4, in 2/41 at RF 1.5": a place holds for the sections
            // after it until another is named.
            let mut place = area;
            for section in &mut s.sections {
                match &section.area {
                    Area::Anywhere => section.area = place.clone(),
                    named => place = named.clone(),
                }
            }
        }
        // "In WW2 scenarios, ...": every note is about WW2 scenarios; it scopes nothing.
        (ClauseKind::Schedule(_) | ClauseKind::Limit(_), LeadIn::Ww2) => {}
        // "Dates and RFs by theatre: X, 1940-41 (1.2); ...": a heading names what follows.
        (ClauseKind::Schedule(_), LeadIn::Heading) => {}
        (ClauseKind::Schedule(s), LeadIn::Within(area)) if s.form != ScheduleForm::LimitedTo => {
            for section in &mut s.sections {
                if section.area == Area::Anywhere {
                    section.area = area.clone();
                }
            }
        }
        // "In 1943 its RF is 1.5, ...", "From 1943 onward, the RF drops to 1.1": the lead-in's
        // period, or open end, is the first RF's.
        (
            ClauseKind::Schedule(s),
            lead @ (LeadIn::Period(_) | LeadIn::From(_) | LeadIn::Until(_)),
        ) if body.needs_period => {
            let when = lead.when()?;
            let mut missing = s
                .sections
                .iter_mut()
                .flat_map(|s| &mut s.entries)
                .filter(|e| is_missing_period(&e.when))
                .peekable();
            missing.peek()?;
            // Every stand-in: "In 1942, used on X (RF 1.4) and on Y (RF 1.2)" is 1942 on both.
            for entry in missing {
                entry.when = when.clone();
            }
            body.needs_period = false;
        }
        (ClauseKind::RestrictedUse { period, .. }, LeadIn::Period(p)) if body.needs_period => {
            *period = p;
            body.needs_period = false;
        }
        (ClauseKind::Limit(l), lead @ (LeadIn::Period(_) | LeadIn::From(_) | LeadIn::Until(_)))
            if l.when.is_none() =>
        {
            l.when = lead.when();
        }
        (ClauseKind::Limit(l), LeadIn::Area(Area::Theaters { theaters, except }))
            if l.names.is_empty() && except.is_empty() =>
        {
            // "In Hallvik, only from 1941": the months kept there, said as those it is kept
            // from ("In Russia, it is not available after 6/42" reads as it stands).
            if l.sense == LimitSense::Only {
                l.when = Some(super::limits::kept_from_before(l.when.as_ref()?)?);
                l.sense = LimitSense::Not;
            }
            l.names = theaters.into_iter().map(LimitName::place).collect();
        }
        _ => return None,
    }
    Some(body)
}

/// The first clause form that reads `i`, takes the lead-in (if any) and is complete, and is
/// followed by the end of a clause at `level`.
fn form<'a>(ctx: &Ctx<'a>, i: &'a str, level: Level, lead: Option<&LeadIn>) -> Res<'a, Body> {
    let mut farthest = GrammarError { at: i };
    // A card's "Users:" or "Not used:" field is a limit, whatever else its words could be.
    let bodies: &[BodyFn] = if super::limits::opens_with_label(i) {
        &[limit]
    } else {
        &BODIES
    };
    for &body in bodies {
        let read = body(ctx, i).map(|(rest, b)| match lead {
            // "For Isles use, RF is 1.2": a place leads, and the RF with no period holds for
            // the whole DATES there.
            Some(lead @ LeadIn::Area(_)) => (
                rest,
                with_lead_in(ctx, b, lead.clone()).map(|b| whole_when_unsaid(ctx, i, b)),
            ),
            Some(lead) => (rest, with_lead_in(ctx, b, lead.clone())),
            None => (rest, Some(whole_when_unsaid(ctx, i, b))),
        });
        // ", I'm afraid.", ", by which point they were wearing out.": an aside to the sentence's
        // end that names nothing is no part of its meaning.
        let read = read.map(|(rest, b)| match level {
            Level::Top | Level::Part => (aside(ctx, rest).unwrap_or(rest), b),
            Level::Nested => (rest, b),
        });
        match read {
            Ok((rest, Some(b))) if terminated(ctx, rest, level) && !b.needs_period => {
                return Ok((rest, b))
            }
            // "Available in X from 1940 to 1942: at RF 1.1 in 1940-41, ...": a dates list
            // before a colon, its RFs the clause after it.
            Ok((rest, Some(b)))
                if level == Level::Top && dates_before_colon(&b, rest) && !b.needs_period =>
            {
                return Ok((rest, b))
            }
            Ok((rest, _)) => {
                farthest = nom::error::ParseError::or(farthest, GrammarError { at: rest });
            }
            Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
                farthest = nom::error::ParseError::or(farthest, e);
            }
            Err(nom::Err::Incomplete(_)) => {}
        }
    }
    Err(nom::Err::Error(farthest))
}

/// An RF said with no period and no lead-in to give one ("Its RF is 1.2.", "RF: 1.5.", "Kesh
/// Hills and Upper Meridia, RF 1.4"):
/// it holds for the whole of the vehicle's DATES (rating, as any RF sentence, the dates the
/// sentences before gave). Any other body is returned as it is.
fn whole_when_unsaid<'a>(ctx: &Ctx<'a>, at: &'a str, mut body: Body) -> Body {
    if !body.needs_period || body.lead_in_only {
        return body;
    }
    let ClauseKind::Schedule(s) = &mut body.kind else {
        return body;
    };
    // "It is available on the Steppe at RF 1.2", "Kesh Hills and Upper Meridia, RF 1.4 in
    // both" (`served`, no period): the whole DATES there.
    if !matches!(s.form, ScheduleForm::RfByPeriod | ScheduleForm::DatesAndRf) {
        return body;
    }
    let Some(whole) = super::when::whole_dates(ctx, at, at) else {
        return body;
    };
    // "RF is 1.2; 1.4 in 1943": an RF with no period beside one for some months holds before
    // and after them.
    if let [section] = s.sections.as_mut_slice() {
        if let Some(apart) = rf_beside_months(ctx, at, &section.entries) {
            section.entries = apart;
            body.needs_period = false;
            return body;
        }
    }
    let missing = s
        .sections
        .iter_mut()
        .flat_map(|s| &mut s.entries)
        .filter(|e| super::clauses::is_missing_period(&e.when));
    for entry in missing {
        entry.when = whole.clone();
        body.needs_period = false;
    }
    // "RF 1.2 -> 1.4 from 9/42 -> 1.3 from 7/43": the whole DATES, then open ends, each RF
    // until the next begins.
    for section in &mut s.sections {
        open_ends_chained(&mut section.entries);
    }
    body
}

/// Each open end that another later one follows ends the month before it ("from 1/39 on
/// (1.2), from 9/42 on (1.4)" is 1/39-8/42 at 1.2).
fn open_ends_chained(entries: &mut [ScheduleEntry]) {
    for k in 0..entries.len().saturating_sub(1) {
        let next = match &entries[k + 1].when {
            EntryWhen::From(p) => p.value.as_ref().ok().map(|v| v.from),
            _ => None,
        };
        let EntryWhen::From(p) = &entries[k].when else {
            continue;
        };
        let (Some(next), Ok(v)) = (next, &p.value) else {
            continue;
        };
        if next > v.from {
            let mut cut = p.clone();
            cut.value = Ok(qm_schema::Period {
                from: v.from,
                to: next.pred(),
            });
            entries[k].when = EntryWhen::Period(cut);
        }
    }
}

/// "RF is 1.2; 1.4 in 1943": two entries, an RF with no period and one for some months — the
/// first before and after those months, the second within them.
fn rf_beside_months(
    ctx: &Ctx<'_>,
    at: &str,
    entries: &[super::syntax::ScheduleEntry],
) -> Option<Vec<super::syntax::ScheduleEntry>> {
    let [first, second] = entries else {
        return None;
    };
    let super::syntax::EntryWhen::Period(p) = &second.when else {
        return None;
    };
    if !super::clauses::is_missing_period(&first.when) {
        return None;
    }
    super::whole::months_apart(ctx, at, first.rf.as_ref()?, second.rf.as_ref()?, p)
}

/// True when what follows a clause ends it at `level`.
fn terminated<'a>(ctx: &Ctx<'a>, rest: &'a str, level: Level) -> bool {
    let r = rest.trim_start();
    match level {
        // A semicolon ends a clause too: "The RF is 1.2 until April 1940; in May and June
        // 1940 it is 1.3" is two.
        Level::Top => {
            r.is_empty()
                || super::lexeme::bullet_next(rest)
                || (ch(',').or(ch(';')), ws1, phrase("provided that"))
                    .parse(r)
                    .is_ok()
                || r.strip_prefix(['.', ';'])
                    .is_some_and(|a| a.is_empty() || a.starts_with(char::is_whitespace))
                || limit_joined(ctx, r).is_some()
                || pronoun_joined(r).is_some()
                || exceptions_open(r).is_ok()
        }
        Level::Nested => r.starts_with(',') || r.starts_with(']'),
        Level::Part => super::lexeme::part_break(r).is_some() || terminated(ctx, rest, Level::Top),
    }
}

/// The text after "[subject] [verb of use] [as follows] [, and not otherwise]:" at `rest`: a
/// heading of the items after its colon, naming no place, period or RF of its own.
fn use_heading<'a>(ctx: &Ctx<'a>, rest: &'a str) -> Option<&'a str> {
    // "Not used: Veyra" is a card's field, a limit of its own.
    if super::limits::opens_with_label(rest) {
        return None;
    }
    let sentence = &rest[..ctx.sentence_len(rest)];
    let colon = sentence.find(':')?;
    let lower = sentence[..colon].trim_end().to_ascii_lowercase();
    let head = lower
        .strip_suffix(", and not otherwise")
        .unwrap_or(&lower)
        .trim_end();
    let head = head.strip_suffix(" as follows").unwrap_or(head).trim_end();
    // The verb ends the heading; at most five words of subject before it.
    let mut at = head;
    let mut words = 0;
    while !super::use_verbs::verb(at).is_ok_and(|(r, _)| r.is_empty()) {
        let next = at.find(' ')?;
        at = at[next..].trim_start();
        words += 1;
        if words > 5 {
            return None;
        }
    }
    if head.contains(|c: char| c.is_ascii_digit()) || super::lexeme::mentions_dates_or_rf(head) {
        return None;
    }
    Some(&rest[colon + 1..])
}

/// A source's hedge before what it reports ("Records indicate that ...").
const HEDGES: [&str; 12] = [
    // A rules lawyer's joints: what follows is said as any later sentence is (a later, more
    // particular statement is read over an earlier one anyway).
    "notwithstanding the foregoing",
    "for the avoidance of doubt",
    "provided that",
    "provided, however, that",
    "records indicate that",
    "records show that",
    "the sources are agreed that",
    "the sources agree that",
    "it is generally accepted that",
    "it is recorded that",
    "it is known that",
    "it appears that",
];

/// True when `b` is a dates list and a colon follows it (`rest`).
fn dates_before_colon(b: &Body, rest: &str) -> bool {
    let dates = matches!(&b.kind, ClauseKind::Schedule(s) if s.form == ScheduleForm::DatesOnly);
    dates
        && rest
            .trim_start()
            .strip_prefix(':')
            .is_some_and(|a| a.starts_with(char::is_whitespace))
}

/// ", and both lasted until December 1943": a clause of its own joined by ", and", its
/// subject a pronoun for the vehicle(s); the text from the pronoun.
fn pronoun_joined(r: &str) -> Option<&str> {
    let (after, _) = (ws0, ch(','), ws0, phrase("and"), ws1).parse(r).ok()?;
    let (_, _) = (one_of(&EVERY_VEHICLE_WORDS), ws1).parse(after).ok()?;
    Some(after)
}

/// Pronouns that start a clause joined by ", and" ([`pronoun_joined`]).
const EVERY_VEHICLE_WORDS: [&str; 4] = ["both", "they", "it", "each"];

/// ", and not before 2/42", "and only ...", ", and from 1945 they went only to X": a limit
/// joined to the clause before by "and"; the text where the limit begins. After a sense word
/// the limit must still read; after any other word it must read whole, to the sentence's end.
fn limit_joined<'a>(ctx: &Ctx<'a>, r: &'a str) -> Option<&'a str> {
    let (r, _) = (opt((ch(','), ws0)), phrase("and"), ws1).parse(r).ok()?;
    let sense = ["not ", "never ", "no longer ", "only "];
    let (after, _) = match limit(ctx, r) {
        Ok(read) => read,
        // After a sense word a limit the grammar cannot read is still one (its error is
        // said), unless another form reads the whole sentence.
        Err(_)
            if sense
                .iter()
                .any(|s| r.get(..s.len()).is_some_and(|w| w.eq_ignore_ascii_case(s))) =>
        {
            return Some(r)
        }
        Err(_) => return None,
    };
    let after = after.trim_start();
    (after.is_empty() || after.starts_with(['.', ';'])).then_some(r)
}

/// Reads every clause of `text`.
pub(crate) fn read_clauses(ctx: &Ctx<'_>) -> Vec<AvailabilityClause> {
    let mut clauses = Vec::new();
    let mut rest = ctx.text;
    // The clause before ended at a semicolon: what follows belongs to its sentence, so a
    // number in it is never prose ("In 1941-42 its RF is 1.5; after that, 1.3" must not lose
    // its 1.3).
    let mut continues = false;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == '†');
        // "- HLV: '41 thru 1943, RF 1.3": an item of a list, read as a sentence.
        let line_start = ctx.text[..ctx.text.len() - rest.len()]
            .trim_end_matches([' ', '\t'])
            .ends_with('\n');
        if line_start || rest.len() == ctx.text.len() {
            rest = super::lexeme::without_use_label(super::lexeme::without_bullet(rest));
        }
        // "...: (a) for the period ...; and (b) ...": a sub-paragraph's mark, where a clause
        // starts.
        rest = super::lexeme::without_item_mark(rest);
        if continues {
            if let Ok((r, _)) = (phrase("and"), ws1).parse(rest) {
                rest = super::lexeme::without_item_mark(r);
            }
        }
        // "The Lisk shall be available:", "The said vehicle shall be available as follows:":
        // the vehicle's use said before its items, which the clauses after the colon give.
        if let Some(r) = use_heading(ctx, rest) {
            rest = r;
            continues = true;
            continue;
        }
        if rest.is_empty() {
            break;
        }
        // "...; and the League may not use them": the "and" after a semicolon joins, no more.
        if continues {
            if let Ok((r, _)) = (phrase("and"), ws1).parse(rest) {
                rest = r;
            }
        }
        // "Q: Can the Militia have one before 1943?": a question says nothing of its own.
        if let Some((label, _)) = super::lexeme::field_label(rest) {
            if super::lexeme::label_says(label) == Some(super::lexeme::LabelSays::Question) {
                let after = rest[ctx.sentence_len(rest)..].trim_start();
                rest = super::lexeme::without_use_label(after);
                continue;
            }
        }
        // "Records indicate that the first ones reached X in 3/40": the source's hedge before a
        // sentence says nothing of its meaning.
        if let Ok((r, _)) = (one_of(&HEDGES), opt(ch(',').or(ch(':'))), ws1).parse(rest) {
            rest = super::lexeme::without_item_mark(r);
        }
        match clause(ctx, rest, Level::Top) {
            Ok((r, (c, also))) => {
                clauses.push(c);
                clauses.extend(also);
                let r = r.trim_start();
                // "..., at a Rarity Factor of 1.0, provided that: (a) ...": what the
                // proviso's items say is read as the sentences after it.
                let r = match (
                    ch(',').or(ch(';')),
                    ws1,
                    phrase("provided that"),
                    opt(ch(':')),
                )
                    .parse(r)
                {
                    Ok((after, _)) => after,
                    Err(_) => r,
                };
                // "Dates are 4/41-44 [EXC: NA in the Isles before 1944]": the bracket's
                // clauses after the one it follows, as sentences of their own.
                let r = bracket_after(ctx, r, &mut clauses);
                continues = r.starts_with([';', ':']);
                rest = limit_joined(ctx, r)
                    .or_else(|| pronoun_joined(r))
                    .unwrap_or_else(|| r.strip_prefix(['.', ';', ':']).unwrap_or(r));
            }
            Err(e) => {
                rest = not_read_whole(ctx, rest, &e, std::mem::take(&mut continues), &mut clauses);
            }
        }
    }
    clauses
}

/// The text after the sentence at `rest` that no clause form reads whole (`e`, the farthest
/// any got): its parts between commas when each reads ([`comma_parts`]), else an error when it
/// names dates or RFs (or any number, after a semicolon: `continues`), else rules prose.
fn not_read_whole<'a>(
    ctx: &Ctx<'a>,
    rest: &'a str,
    e: &nom::Err<GrammarError<'a>>,
    continues: bool,
    clauses: &mut Vec<AvailabilityClause>,
) -> &'a str {
    let len = ctx.sentence_len(rest);
    let sentence = &rest[..len];
    if let Some(parts) = comma_parts(ctx, sentence) {
        clauses.extend(parts);
        return &rest[len..];
    }
    let number = sentence.contains(|c: char| c.is_ascii_digit());
    if continues && number
        || mentions_dates_or_rf(sentence)
        || super::pieces::names_dates_or_rf(ctx, sentence)
    {
        let read = match e {
            nom::Err::Error(g) | nom::Err::Failure(g) => {
                rest.len().saturating_sub(g.at.len()).min(len)
            }
            nom::Err::Incomplete(_) => 0,
        };
        clauses.push(unreadable(ctx, sentence, read));
    }
    &rest[len..]
}

/// A sentence that does not read whole, read as its parts between commas when every part
/// reads as a clause ("RF 1.0, 36-45"; "Available only in Tarnovy, with Dates and RF of
/// 8-12/42 (1.6) and 43 (1.5)"): the comma then joins as a semicolon does. A part runs as far
/// as its form reads (a list's commas stay inside it); "and", "but" or "with" before a part
/// only joins. `None` when a part does not read, or the sentence has no comma.
fn comma_parts(ctx: &Ctx<'_>, sentence: &str) -> Option<Vec<AvailabilityClause>> {
    if ![", ", " -- ", " — "].iter().any(|b| sentence.contains(b)) {
        return None;
    }
    let ctx = &Ctx {
        in_part: true,
        ..*ctx
    };
    let mut clauses = Vec::new();
    let mut at = sentence;
    loop {
        at = at.trim_start();
        if let Ok((r, _)) = (one_of(&PART_JOINERS), ws1).parse(at) {
            at = r;
        }
        let (r, (c, also)) = clause(ctx, at, Level::Part).ok()?;
        // "Dates are 1941 (1.2), 7/42": periods alone after a part that gave periods are
        // periods missing their RF, no part of their own.
        let dated = |c: &AvailabilityClause| {
            matches!(&c.kind, ClauseKind::Schedule(s)
                if matches!(s.form, ScheduleForm::DatesOnly | ScheduleForm::DatesAndRf))
        };
        if dated(&c) && clauses.last().is_some_and(dated) {
            return None;
        }
        clauses.push(c);
        clauses.extend(also);
        let r = r.trim_start();
        match super::lexeme::part_break(r) {
            Some(next) if !next.trim().is_empty() => at = next,
            _ => {
                let end = r.strip_prefix('.').unwrap_or(r);
                return end.trim().is_empty().then_some(clauses);
            }
        }
    }
}

/// Words that only join a part of a sentence to the one before it ([`comma_parts`]).
const PART_JOINERS: [&str; 3] = ["and", "but", "with"];

/// An error node for a sentence the grammar read only `read` bytes of.
fn unreadable(ctx: &Ctx<'_>, sentence: &str, read: usize) -> AvailabilityClause {
    let body = sentence.strip_suffix('.').unwrap_or(sentence).trim_end();
    let stopped_at = (read > 0 && read < body.len())
        .then(|| {
            let at = body.get(read..)?;
            let at = at.trim_start();
            let mut word = at.find(char::is_whitespace).unwrap_or(at.len()).max(1);
            // A preposition is never what could not be read: name the word it leads too ("in
            // mid-1943", "in both").
            let lead = at[..word].to_ascii_lowercase();
            if matches!(
                lead.as_str(),
                "in" | "on" | "from" | "until" | "to" | "since" | "after"
            ) {
                let next = at[word..].trim_start();
                let len = next
                    .find(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '(' | ')'))
                    .unwrap_or(next.len());
                word = at.len() - next.len() + len;
            }
            let word = at
                .get(..word)
                .or_else(|| at.get(..at.chars().next()?.len_utf8()))?;
            Some(Spanned {
                value: word.to_string(),
                span: ctx.span(word),
            })
        })
        .flatten();
    AvailabilityClause {
        span: ctx.span(body),
        vehicles: Vec::new(),
        kind: ClauseKind::Unreadable { stopped_at },
        typos: Vec::new(),
        every_vehicle: false,
    }
}

/// The text after an "[EXC: ...]" that follows a clause, its clauses pushed (or, when they do
/// not read, the error: never dropped); `r` itself when no bracket opens there.
fn bracket_after<'a>(ctx: &Ctx<'a>, r: &'a str, clauses: &mut Vec<AvailabilityClause>) -> &'a str {
    match exception_list(ctx, r) {
        Ok((after, read)) => {
            if let Some(before) = clauses.last_mut() {
                rf_places_excepted(before, &read);
            }
            clauses.extend(read);
            after.trim_start()
        }
        Err(_) if exceptions_open(r).is_ok() => {
            let end = r.find(']').map_or(r.len(), |k| k + 1);
            clauses.push(unreadable(ctx, &r[..end], 0));
            r[end..].trim_start()
        }
        Err(_) => r,
    }
}

/// "The RF is 1.4 for 1940-41 and 1.2 thereafter [EXC: in Salvony it is 1.5]": the places a
/// bracket gives RFs of are left out of the RFs the clause before gives anywhere.
fn rf_places_excepted(before: &mut AvailabilityClause, bracket: &[AvailabilityClause]) {
    let ClauseKind::Schedule(s) = &mut before.kind else {
        return;
    };
    if s.form != ScheduleForm::RfByPeriod {
        return;
    }
    let places: Vec<_> = bracket
        .iter()
        .filter_map(|c| match &c.kind {
            ClauseKind::Schedule(b) if b.form == ScheduleForm::RfByPeriod => Some(&b.sections),
            _ => None,
        })
        .flatten()
        .filter_map(|sec| match &sec.area {
            Area::Theaters { theaters, except } if except.is_empty() => Some(theaters),
            _ => None,
        })
        .flatten()
        .cloned()
        .collect();
    if places.is_empty() {
        return;
    }
    for sec in &mut s.sections {
        if sec.area == Area::Anywhere {
            sec.area = Area::AllBut {
                except: places
                    .iter()
                    .map(|t| super::syntax::TheaterException {
                        theater: t.clone(),
                        not_available: false,
                    })
                    .collect(),
            };
        }
    }
}

/// "[EXC:" (spaces before it allowed), where an exception bracket opens.
fn exceptions_open(i: &str) -> Res<'_, ()> {
    let (r, _) = (ws0, ch('['), ws0, phrase("exc"), ws0, ch(':'), ws0).parse(i)?;
    Ok((r, ()))
}

/// The clauses of an "[EXC: clause, clause, and clause]" and the text after its "]": the
/// exceptions of "Otherwise it is 1.4 [EXC: ...]", or a bracket after any clause ("Dates are
/// 4/41-44 [EXC: NA in the Brask Isles before 1944]").
fn exception_list<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Vec<AvailabilityClause>> {
    let (mut r, ()) = exceptions_open(i)?;
    let mut read = Vec::new();
    loop {
        let (r2, (c, also)) = clause(ctx, r, Level::Nested)?;
        read.push(c);
        read.extend(also);
        r = r2;
        match (ws0, ch(','), ws0, opt((phrase("and"), ws1))).parse(r) {
            Ok((r3, _)) => r = r3,
            Err(_) => break,
        }
    }
    let (r, _) = (ws0, ch(']')).parse(r)?;
    Ok((r, read))
}

/// "Otherwise it is 1.4 [EXC: clause, clause, and clause]".
fn otherwise<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, _) = (phrase("otherwise"), opt(ch(',')), ws1).parse(start)?;
    // "Otherwise it is 1.4", "Otherwise RF 1.3", "Otherwise the RF is 1.3".
    let (i, value) = match (phrase("it is"), ws1).parse(i) {
        Ok((r, _)) => rf(ctx, r, false)?,
        Err(_) => {
            let (r, _) = opt((phrase("the").or(phrase("its")), ws1)).parse(i)?;
            super::rf_words::rf_noun(ctx, r, false)?
        }
    };
    let (i, exceptions) = match exceptions_open(i) {
        Ok(_) => exception_list(ctx, i)?,
        Err(_) => (i, Vec::new()),
    };
    Ok((
        i,
        ClauseKind::Otherwise {
            rf: value,
            exceptions,
        }
        .into(),
    ))
}
