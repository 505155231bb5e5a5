//! The clause forms: one function per way the notes word an availability statement. Each reads
//! the clause body (after any vehicle names before it) and stops before the closing full stop.

use nom::combinator::opt;
use nom::Parser;
use qm_schema::superscript;

use super::body::Body;
use super::entries::{
    date_entry, entry_list, group_list, list, period_first, periods_of, rated_group, rf_part,
    strict_separator, theater_entry,
};
use super::faction_words::faction_before;
use super::grammar_error::{fail, Ctx, GrammarError, Res};
use super::lexeme::{ch, phrase, rf_word, ws0, ws1};
use super::parts::{area_after, determiner, ww2_scenarios};
use super::relative::{amount_after, cap, possessive_name, vehicle_name};
use super::rf_token::rf;
use super::rf_words::rf_noun;
use super::scope::all_vehicles;
use super::syntax::{
    Area, AvailabilityClause, ClauseKind, EntryWhen, Limit, LimitName, LimitSense, Misprint,
    MisprintAt, OptionalWeapon, PrintedPeriod, PrintedPeriodError, PrintedRf, Schedule,
    ScheduleEntry, ScheduleForm, ScheduleSection, Spanned, VehicleRef, WeaponAvailability,
};
use super::theater_names::{exceptions, named_area};
use super::use_verbs::one_of;
use super::when::{point, span_period, when};

/// "[Its] Dates and RF" (also "RF and Dates", "Dates and RFs", misprinted "Date's and RF").
fn dates_and_rf_words(i: &str) -> Res<'_, &str> {
    let (i, _) = determiner(i)?;
    phrase("dates and rf")
        .or(phrase("dates and rfs"))
        .or(phrase("rf and dates"))
        .or(phrase("date's and rf"))
        .parse(i)
}

/// "Dates and RF [for use in X | for X | for X use] are[:] entries", then "For Y they are ...",
/// "; for Z they are: ...", ", elsewhere [EXC: ...] they are ...".
pub(crate) fn dates_and_rf<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, _) = dates_and_rf_words(start)?;
    let (i, named) = opt(|i| named_vehicle(ctx, i)).parse(i)?;
    let (i, area) = opt(|i| area_after(ctx, i)).parse(i)?;
    let (i, _) = (ws1, phrase("are"), opt(ch(':')), ws1).parse(i)?;
    let (i, entries) = rated_entries(ctx, i)?;
    // "Dates and RF are 4-6/40 (1.3) and 42-43 (1.2), in Tarnovy only": the list's places
    // after it, where its words named none.
    let (i, area) = match area {
        Some(a) => (i, Some(a)),
        None => opt(|i| places_after_list(ctx, i)).parse(i)?,
    };
    let first = ScheduleSection {
        span: ctx.span_between(start, i),
        area: area.unwrap_or(Area::Anywhere),
        entries,
        typos: Vec::new(),
    };
    let (i, sections) = more_sections(ctx, i, first, they_are_section)?;
    let mut body: Body = ClauseKind::Schedule(Schedule {
        form: ScheduleForm::DatesAndRf,
        sections,
    })
    .into();
    body.vehicles.extend(named);
    Ok((i, body))
}

/// ", in Tarnovy and the Kalmar Steppe only", " on the Steppe": places after a list, with their
/// preposition (and "only", which says no more than the places do). Its own list of places:
/// `served::place` reads the same list, but `served` reads `clauses`' forms.
fn places_after_list<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Area> {
    let (i, _) = (
        opt((ws0, ch(','))),
        ws1,
        super::lexeme::place_preposition,
        ws1,
    )
        .parse(i)?;
    let (mut i, mut area) = named_area(ctx, i)?;
    // "Tarnovy and the Kalmar Steppe", "A, B and C": one list.
    while let Area::Theaters { theaters, except } = &mut area {
        let mut joint = (ws0, ch(','), ws1, opt((phrase("and"), ws1)))
            .map(|_| ())
            .or((ws1, phrase("and"), ws1).map(|_| ()));
        let Ok((r, ())) = joint.parse(i) else { break };
        let Ok((
            r,
            Area::Theaters {
                theaters: more,
                except: none,
            },
        )) = named_area(ctx, r)
        else {
            break;
        };
        if !except.is_empty() || !none.is_empty() {
            break;
        }
        theaters.extend(more);
        i = r;
    }
    let (i, _) = opt((ws1, phrase("only"))).parse(i)?;
    Ok((i, area))
}

/// " for the Pz.Wg. 38", " of the Pz.Wg. 38": a vehicle of the nation's listing named after
/// what is given (only with a lexicon: "for the Balkans" is a place).
fn named_vehicle<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, VehicleRef> {
    let (i, _) = (ws1, phrase("for").or(phrase("of")), ws1).parse(i)?;
    let (i, _) = opt((phrase("the"), ws1)).parse(i)?;
    let Some(n) = ctx.lexicon.vehicle_at(i) else {
        return fail(i);
    };
    let name = &i[..n];
    Ok((
        &i[n..],
        VehicleRef {
            raw: name.to_string(),
            span: ctx.span(name),
            title_index: None,
        },
    ))
}

/// The entries of a dates-and-RF list: each period with its RF ("6/40 (1.1), 7/40 (1.2)"),
/// or periods sharing one RF after them ("6/40 and 8/40, with an RF of 1.1", "7-8/43 at RF
/// 1.4", "1942 and 1943 (1.2)").
fn rated_entries<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Vec<ScheduleEntry>> {
    group_list(ctx, i, rated_group)
}

/// Further sections after the first: each preceded by ".", ",", ";" or (misprinted) nothing.
fn more_sections<'a>(
    ctx: &Ctx<'a>,
    mut i: &'a str,
    first: ScheduleSection,
    section: impl Fn(&Ctx<'a>, &'a str) -> Res<'a, ScheduleSection>,
) -> Res<'a, Vec<ScheduleSection>> {
    let mut sections = vec![first];
    loop {
        let punctuated = (ws0, ch('.').or(ch(',')).or(ch(';')), ws1).parse(i);
        let (r, missing) = match punctuated {
            Ok((r, _)) => (r, false),
            Err(_) => match ws1(i) {
                Ok((r, _)) => (r, true),
                Err(_) => break,
            },
        };
        match section(ctx, r) {
            Ok((r2, mut s)) => {
                if missing {
                    s.typos.push(MisprintAt {
                        kind: Misprint::MissingComma,
                        span: ctx.span_between(i, r),
                    });
                }
                sections.push(s);
                i = r2;
            }
            Err(nom::Err::Error(_)) => break,
            Err(e) => return Err(e),
        }
    }
    Ok((i, sections))
}

/// What joins a section's area to its entries: "they are", "the dates are", "dates and RF
/// are", any of them with a colon after, a colon alone ("For Russia: 2-6/42 (1.3), ..."), or
/// nothing ("; for Russia 2-6/42 (1.3)").
fn section_copula(i: &str) -> Res<'_, bool> {
    if let Ok((r, _)) = (ws0, ch(':'), ws1).parse(i) {
        return Ok((r, false));
    }
    let words = phrase("they are")
        .or(phrase("the dates and rfs are"))
        .or(phrase("the dates and rf are"))
        .or(phrase("dates and rfs are"))
        .or(phrase("dates and rf are"))
        .or(phrase("the dates are"))
        .or(phrase("dates are"));
    if let Ok((r, _)) = (ws1, words, opt(ch(':')), ws1).parse(i) {
        return Ok((r, false));
    }
    // "...; for the Steppe 1-4/41 (1.3)": the verb of the section before, left out (true: the
    // place must be one the nation knows, and the entries after it must read).
    let (r, _) = ws1(i)?;
    Ok((r, true))
}

/// "For East Africa they are ...", "for Sicily they are: ...", "elsewhere [EXC: NA in East
/// Africa] they are ...".
fn they_are_section<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, ScheduleSection> {
    let (i, area) = if let Ok((i, _)) = phrase("elsewhere").parse(start) {
        let (i, except) = opt(|i| {
            let (i, _) = ws1(i)?;
            exceptions(ctx, i)
        })
        .parse(i)?;
        (
            i,
            Area::Elsewhere {
                except: except.unwrap_or_default(),
            },
        )
    } else {
        let (i, area) = section_area(ctx, start)?;
        let (i, _) = opt((ws0, ch(','))).parse(i)?;
        (i, area)
    };
    let (i, elided) = section_copula(i)?;
    // "In service 9/39 to 5/45" is no section: with no verb, only a known place opens one.
    let known = |a: &Area| match a {
        Area::Theaters { theaters, .. } => theaters
            .iter()
            .all(|t| ctx.lexicon.place_at(&t.raw) == Some(t.raw.len())),
        _ => true,
    };
    if elided && !known(&area) {
        return fail(start);
    }
    let (i, entries) = rated_entries(ctx, i)?;
    Ok((
        i,
        ScheduleSection {
            span: ctx.span_between(start, i),
            area,
            entries,
            typos: Vec::new(),
        },
    ))
}

/// "For Russia they are 9-10/41 (1.2), ...; for Italy they are ..." as a sentence of its own:
/// the sentence before it could not be read, so it is read alone, never spoiled by it.
pub(crate) fn continued<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, first) = they_are_section(ctx, start)?;
    let (i, sections) = more_sections(ctx, i, first, they_are_section)?;
    Ok((
        i,
        ClauseKind::Schedule(Schedule {
            form: ScheduleForm::Continued,
            sections,
        })
        .into(),
    ))
}

/// The area that opens a section: "for use in X", "for X", "in X".
fn section_area<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Area> {
    // "Dates elsewhere are ...", "and elsewhere 1/42-43".
    if let Ok(read) = super::parts::elsewhere(i) {
        return Ok(read);
    }
    let (i, _) = (
        phrase("for use in")
            .or(phrase("for use on"))
            .or(phrase("for"))
            .or(phrase("in"))
            .or(phrase("on")),
        ws1,
    )
        .parse(i)?;
    let (i, mut area) = named_area(ctx, i)?;
    // "In Sudrelia and at the KF: ...": two places, each with its own preposition.
    let mut and_more = (
        ws1,
        phrase("and"),
        ws1,
        super::lexeme::place_preposition,
        ws1,
        |r| named_area(ctx, r),
    );
    if let Ok((
        r,
        (
            ..,
            Area::Theaters {
                theaters: more,
                except,
            },
        ),
    )) = and_more.parse(i)
    {
        if let (Area::Theaters { theaters, .. }, true) = (&mut area, except.is_empty()) {
            theaters.extend(more);
            return Ok((r, area));
        }
    }
    Ok((i, area))
}

/// "Dates for use in France are 6/40, for North Africa 6/40-41, ..., and for the Balkans
/// 10/40-4/41".
pub(crate) fn dates_only<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, _) = (determiner, phrase("dates"), ws1).parse(start)?;
    let (i, area) = section_area(ctx, i)?;
    let (i, _) = (ws1, phrase("are"), ws1).parse(i)?;
    let (i, entry) = date_entry(ctx, i)?;
    let first = ScheduleSection {
        span: ctx.span_between(start, i),
        area,
        entries: vec![entry],
        typos: Vec::new(),
    };
    let (i, rest) = more_dates_sections(ctx, i)?;
    Ok((i, dates_schedule(first, rest)))
}

/// The sections after the first of a dates-only sentence (", for North Africa 6/40-41").
fn more_dates_sections<'a>(ctx: &Ctx<'a>, mut i: &'a str) -> Res<'a, Vec<ScheduleSection>> {
    let mut out = Vec::new();
    loop {
        let comma = (ws0, ch(','), ws0, opt((phrase("and"), ws1))).map(|_| ());
        let and = (ws1, phrase("and"), ws1).map(|_| ());
        let Ok((r, _)) = comma.or(and).parse(i) else {
            break;
        };
        let attempt = |s: &'a str| -> Res<'a, ScheduleSection> {
            let (j, area) = section_area(ctx, s)?;
            let (j, _) = ws1(j)?;
            let (j, entries) = entry_list(ctx, j, date_entry)?;
            Ok((
                j,
                ScheduleSection {
                    span: ctx.span_between(s, j),
                    area,
                    entries,
                    typos: Vec::new(),
                },
            ))
        };
        match attempt(r) {
            Ok((r2, s)) => {
                out.push(s);
                i = r2;
            }
            Err(_) => break,
        }
    }
    Ok((i, out))
}

/// A dates-only schedule.
fn dates_schedule(first: ScheduleSection, rest: Vec<ScheduleSection>) -> Body {
    let mut sections = vec![first];
    sections.extend(rest);
    ClauseKind::Schedule(Schedule {
        form: ScheduleForm::DatesOnly,
        sections,
    })
    .into()
}

/// What joins an RF word to its list: a change ("drops to", "rises to", "becomes": `changed`)
/// after "From 1943 onward,", a verb ("is", "are", "was", "starts at"), a colon or a space
/// (`verb` false: the list must read, or the clause end there).
pub(crate) fn rf_verb(i: &str) -> Res<'_, (bool, bool)> {
    // "RF is 1.1 in 1937-39", "RF: 1.1 in 1937-39", "RF 1.1 (1937-39)": the verb, a colon or
    // nothing before the list.
    // "the RF drops to 1.1" after "From 1943 onward,": a change whose period only a lead-in
    // gives.
    let change = (
        ws1,
        phrase("drops to")
            .or(phrase("rises to"))
            .or(phrase("falls to"))
            .or(phrase("increases to"))
            .or(phrase("decreases to"))
            .or(phrase("becomes")),
        ws1,
    )
        .parse(i);
    let changed = change.is_ok();
    let (i, verb) = match change {
        Ok((r, _)) => (r, true),
        Err(_) => (
            ws1,
            phrase("is")
                .or(phrase("are"))
                .or(phrase("was"))
                .or(phrase("shall be"))
                .or(phrase("shall in each case be"))
                .or(phrase("will be"))
                .or(phrase("being"))
                .or(phrase("starts at"))
                .or(phrase("begins at"))
                .or(phrase("stands at")),
            ws1,
        )
            .map(|_| true)
            .or((ws0, ch(':'), ws0).map(|_| true))
            .or(ws1.map(|_| false))
            .parse(i)?,
    };
    Ok((i, (changed, verb)))
}

/// The words an RF list opens with, up to the RF's word ("at RF", "The X's North African RF",
/// "an RF of", "The Morro is" before a decimal): the text after them and the place they
/// name.
fn rf_subject<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Option<Area>> {
    // "...: at RF 1.1 in 1940-41, rising to 1.3 in 1942" after a dates list's colon.
    let (i, at) = opt((phrase("at"), ws1)).parse(start)?;
    let (i, _) = determiner(i)?;
    // "with an RF of 1.4 in 1942 and 1.1 thereafter" after a comma: "of" says no more than
    // a verb would. ("and at an RF of 1.4" after a place's part is that part's RF, no
    // clause.)
    let (i, article) = match at {
        Some(_) => (i, None),
        None => opt((phrase("an").or(phrase("a")), ws1)).parse(i)?,
    };
    // "The X's North African RF is ...": a place the nation knows, before the RF it scopes.
    let (i, place) = opt(|i| place_before(ctx, i)).parse(i)?;
    // "The Morro is 1.3 to the end of '42, then 1.5": after a subject, "is" before a decimal
    // says its RF without the word.
    let bare = (phrase("is").or(phrase("are")), ws1)
        .parse(i)
        .is_ok_and(|(r, _)| super::rf_token::starts_with_decimal(r));
    let i = match bare {
        // The space before "is" read again, as after the word "RF".
        true => {
            let at = ctx.offset(i);
            match ctx.text[..at].ends_with(' ') {
                true => &ctx.text[at - 1..],
                false => return fail(i),
            }
        }
        false if article.is_some() => (rf_word, ws1, phrase("of")).parse(i)?.0,
        false => rf_word(i)?.0,
    };
    Ok((i, place))
}

/// "RF is 1.2 for 1-6/42, ..., and 1.1 thereafter", "RF for use in Sicily is 1.3 for 7/43 and
/// 1.6 for 8/43", "RF for 44-5/45 use in Italy is 1.2".
pub(crate) fn rf_by_period<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, place) = rf_subject(ctx, start)?;
    // "The RF of the Tessin 3t is 1.4": the vehicle it is about.
    let (i, of) = opt((ws1, phrase("of"), ws1, |r| {
        super::limits::vehicle(ctx, r).ok_or(nom::Err::Error(GrammarError { at: r }))
    }))
    .parse(i)?;
    // "the Rarity Factor applicable thereto shall be 1.2".
    let (i, _) = opt((ws1, phrase("applicable thereto"))).parse(i)?;
    // "RF for 44-5/45 use in Italy is 1.2": the period comes before the area.
    if let Ok(read) = rf_for_period_use(ctx, start, i) {
        return Ok(read);
    }
    let (i, _) = opt((ws1, all_vehicles)).parse(i)?;
    let (i, area) = opt(|i| area_after(ctx, i)).parse(i)?;
    let area = match (area, place) {
        (Some(_), Some(_)) => return fail(i),
        (area, place) => area.or(place),
    };
    // "Its RF there is ...": the place of the sentence before, which it goes on about.
    let (i, _) = opt((ws1, phrase("there"))).parse(i)?;
    let (i, (changed, verb)) = rf_verb(i)?;
    // "RF is 1.3 in every theater except X, where it is 1.5": an RF for the whole DATES.
    if area.is_none() {
        if let Ok(read) = super::whole::rf_everywhere(ctx, start, i) {
            return Ok(read);
        }
    }
    let (i, mut entries, needs_period) = match group_list(ctx, i, rf_part) {
        Ok((i, entries)) => (i, entries, false),
        Err(e) => match first_rf_of_lead_in(ctx, i) {
            Ok((i, entries)) => (i, entries, true),
            Err(_) => return Err(e),
        },
    };
    // "The RF becomes 1.2 in 1943 (and stays so to the end of the war)": a change in one
    // period holds from then on.
    let read = (changed && !needs_period).then(|| changed_from(i, &mut entries));
    let (i, changed) = match read.flatten() {
        Some(r) => (r, false),
        None => (i, changed),
    };
    if needs_period {
        // "RF 1.2; 1.4 on the Isles", "Its RF on the Steppe is 1.5; elsewhere it is 1.2": an
        // RF for all the DATES, with another for other places.
        if let Ok(read) = super::whole::rf_with_places(ctx, start, i, area.clone(), &entries) {
            return Ok(read);
        }
        // "RF is 1.0 (1.3 in 1942)": another RF for some months.
        if area.is_none() {
            if let Ok(read) = super::whole::rf_with_months_apart(ctx, start, i, &entries) {
                return Ok(read);
            }
        }
        // "RF is 1.1 in Vardenmark and Salvony", "with an RF of 1.1 in the Marches": an RF
        // for all the DATES in the places after it.
        if area.is_none() && super::entries::known_place_follows(ctx, i) {
            if let Ok((r, places)) = places_after_list(ctx, i) {
                let mut body =
                    schedule_of(ScheduleForm::RfByPeriod, ctx, start, r, places, entries);
                body.needs_period = needs_period;
                return Ok((r, body));
            }
        }
        // Without a verb the list must read, or the clause end there ("RF 1.3." alone is an
        // RF for the whole DATES; "RF 1.3 in spirit" is nothing).
        // "RF 1.6, I'm afraid.": an aside that names nothing ends it too.
        let ends = ctx.ends_here(super::aside::aside(ctx, i).unwrap_or(i));
        if !verb && !ends {
            return fail(i);
        }
    }
    let mut body = schedule_of(
        ScheduleForm::RfByPeriod,
        ctx,
        start,
        i,
        area.unwrap_or(Area::Anywhere),
        entries,
    );
    body.needs_period = needs_period;
    body.lead_in_only = changed;
    body.vehicles.extend(of.map(|(_, _, _, v)| v));
    if changed && !needs_period {
        return fail(i);
    }
    Ok((i, body))
}

/// After a change of RF ("becomes 1.2 in 1943"), its one period made an open start, and the
/// words that say it holds ("and stays so", "and remains so to the end of the war") read: the
/// text after them. `None` unless the change names exactly one period.
pub(crate) fn changed_from<'a>(i: &'a str, entries: &mut [ScheduleEntry]) -> Option<&'a str> {
    let [entry] = entries else { return None };
    let EntryWhen::Period(p) = &entry.when else {
        return None;
    };
    entry.when = EntryWhen::From(p.clone());
    let stays = (
        ws1,
        phrase("and"),
        ws1,
        one_of(&["stays", "remains", "stayed", "remained"]),
        ws1,
        phrase("so").or(phrase("there")),
        opt((ws1, super::when::until_war_end)),
    );
    Some(opt(stays).parse(i).ok()?.0)
}

/// "July 1943: RF 1.2", "1-6/42: RF 1.2; 7-11/42: RF 1.0; from 2/43 on: RF 1.1": RFs each
/// after its period, the first named an RF in words.
pub(crate) fn rf_after_period<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, entries) = group_list(ctx, start, period_first)?;
    let first = ctx.consumed(start, i).to_ascii_lowercase();
    if !(first.contains("rf") || first.contains("rarity")) {
        return fail(start);
    }
    Ok((
        i,
        schedule_of(
            ScheduleForm::RfByPeriod,
            ctx,
            start,
            i,
            Area::Anywhere,
            entries,
        ),
    ))
}

/// "In 1943 its RF is 1.5[, and 1.3 from 1944 on]": an RF whose period the lead-in gives,
/// then RFs with their periods; the first entry's period is a stand-in the lead-in fills.
pub(crate) fn first_rf_of_lead_in<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Vec<ScheduleEntry>> {
    let (r, value) = rf_noun(ctx, i, false)?;
    let mut entries = vec![ScheduleEntry {
        span: ctx.span_between(i, r),
        when: EntryWhen::Period(missing_period(ctx, i)),
        rf: Some(value),
        qualifiers: Vec::new(),
        typos: Vec::new(),
    }];
    // "In 1941-42 its RF is 1.5; after that, 1.3": a semicolon goes on with the list too.
    let semicolon = |i| (ws0, ch(';'), ws0).map(|_| ()).parse(i);
    // "RF 1.3 -> 1.2 from 6/42": an arrow joins as a comma would (the change reads it).
    let arrow = |i| {
        let (r, _) = ws1(i)?;
        match r.starts_with("->") || r.starts_with('→') {
            true => Ok((r, ())),
            false => fail(i),
        }
    };
    let sep = |i| {
        strict_separator(i)
            .or_else(|_| semicolon(i))
            .or_else(|_| arrow(i))
    };
    let Ok((r2, (_, more))) = (sep, |r| group_list(ctx, r, rf_part)).parse(r) else {
        return Ok((r, entries));
    };
    entries.extend(more);
    Ok((r2, entries))
}

/// True for the stand-in of a period a lead-in must give ([`first_rf_of_lead_in`]).
pub(crate) fn is_missing_period(w: &EntryWhen) -> bool {
    matches!(w, EntryWhen::Period(p) if p.raw.is_empty() && p.value.is_err())
}

/// "An RF of 1.5 applies in 1940", "A 1.3 RF applies from 6/40 to 5/41, and 1.4 thereafter":
/// the RF first, as a noun, then the periods it holds for.
pub(crate) fn rf_applies<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, value) = rf_noun(ctx, start, false)?;
    let words = ctx.consumed(start, i).to_ascii_lowercase();
    if !(words.contains("rf") || words.contains("rarity")) {
        return fail(start);
    }
    let (i, _) = (
        ws1,
        phrase("applies").or(phrase("holds")).or(phrase("is used")),
    )
        .parse(i)?;
    let (mut i, mut entries) = periods_of(ctx, start, i, value, false)?;
    if let Ok((r, (_, more))) = (strict_separator, |r| group_list(ctx, r, rf_part)).parse(i) {
        entries.extend(more);
        i = r;
    }
    Ok((
        i,
        schedule_of(
            ScheduleForm::RfByPeriod,
            ctx,
            start,
            i,
            Area::Anywhere,
            entries,
        ),
    ))
}

/// "[RF] for 44-5/45 use in Italy is 1.2" after the RF word (`i`): one period, its area, its RF.
fn rf_for_period_use<'a>(ctx: &Ctx<'a>, start: &'a str, i: &'a str) -> Res<'a, Body> {
    let (i, (_, p, _, area, _)) = (
        (ws1, phrase("for"), ws1),
        |i| span_period(ctx, i),
        (ws1, phrase("use in"), ws1),
        |i| named_area(ctx, i),
        (ws1, phrase("is"), ws1),
    )
        .parse(i)?;
    let (i, value) = rf(ctx, i, false)?;
    let entry = ScheduleEntry {
        span: crate::TextSpan::new(ctx.file, p.span.range.start..value.span.range.end),
        when: EntryWhen::Period(p),
        rf: Some(value),
        qualifiers: Vec::new(),
        typos: Vec::new(),
    };
    Ok((
        i,
        schedule_of(ScheduleForm::RfByPeriod, ctx, start, i, area, vec![entry]),
    ))
}

/// "Use in North Africa before 1942 has an RF of 1.4", "North African use in 1941 carries an
/// RF of 1.3", "Its use on the Steppe from 1943 on is at RF 1.5": the RF of the months named, in
/// the place named (anywhere without one), as "RF for 1941 use in North Africa is 1.3" says.
pub(crate) fn use_has_rf<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, _) = determiner(start)?;
    let (i, before) = opt(|i| place_before(ctx, i)).parse(i)?;
    let (i, _) = phrase("use")(i)?;
    let (i, after) = opt(|i| {
        let (i, _) = (ws1, phrase("in").or(phrase("on")), ws1).parse(i)?;
        super::theater_names::known_area(ctx, i)
    })
    .parse(i)?;
    let area = match (before, after) {
        (Some(_), Some(_)) => return fail(i),
        (a, b) => a.or(b).unwrap_or(Area::Anywhere),
    };
    let (i, _) = (ws1, opt((super::lexeme::period_preposition, ws1))).parse(i)?;
    let at = i;
    let (i, months) = when(ctx, i)?;
    if matches!(months, EntryWhen::Thereafter(_)) {
        return fail(at);
    }
    let verb = phrase("has")
        .or(phrase("carries"))
        .or(phrase("takes"))
        .or(phrase("is rated at"))
        .or(phrase("is at"));
    let (i, _) = (ws1, verb, ws1).parse(i)?;
    let (i, value) = rf_noun(ctx, i, false)?;
    let entry = ScheduleEntry {
        span: ctx.span_between(at, i),
        when: months,
        rf: Some(value),
        qualifiers: Vec::new(),
        typos: Vec::new(),
    };
    Ok((
        i,
        schedule_of(ScheduleForm::RfByPeriod, ctx, start, i, area, vec![entry]),
    ))
}

/// A place the nation knows and the space after it, before what it scopes ("North African RF",
/// "the Eastern Front RF").
fn place_before<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Area> {
    let (i, area) = super::theater_names::known_area(ctx, i)?;
    let (i, _) = ws1(i)?;
    Ok((i, area))
}

/// A one-section schedule.
pub(crate) fn schedule_of<'a>(
    form: ScheduleForm,
    ctx: &Ctx<'a>,
    start: &'a str,
    rest: &'a str,
    area: Area,
    entries: Vec<ScheduleEntry>,
) -> Body {
    ClauseKind::Schedule(Schedule {
        form,
        sections: vec![ScheduleSection {
            span: ctx.span_between(start, rest),
            area,
            entries,
            typos: Vec::new(),
        }],
    })
    .into()
}

/// "RF for all three types is 1.3 for an 8/41-9/43-scenario set in North Africa/Russia/Italy,
/// and for a 12/43 scenario set in Italy".
pub(crate) fn rf_by_scenario<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, _) = (determiner, rf_word).parse(start)?;
    let (i, _) = opt((ws1, all_vehicles)).parse(i)?;
    let (i, _) = (ws1, phrase("is"), ws1).parse(i)?;
    let (i, value) = rf(ctx, i, false)?;
    let (i, _) = ws1(i)?;
    let (i, sections) = list(
        ctx,
        i,
        |ctx, s| {
            let (j, _) = (phrase("for"), ws1, phrase("an").or(phrase("a")), ws1).parse(s)?;
            let (j, p) = span_period(ctx, j)?;
            let entry_end = j;
            let (j, _) = ch('-').map(|_| "").or(ws1).parse(j)?;
            let (j, _) = (phrase("scenario"), ws1, phrase("set in"), ws1).parse(j)?;
            let (j, area) = named_area(ctx, j)?;
            let entry = ScheduleEntry {
                span: ctx.span_between(s, entry_end),
                when: EntryWhen::Period(p),
                rf: Some(value.clone()),
                qualifiers: Vec::new(),
                typos: Vec::new(),
            };
            Ok((
                j,
                ScheduleSection {
                    span: ctx.span_between(s, j),
                    area,
                    entries: vec![entry],
                    typos: Vec::new(),
                },
            ))
        },
        |s: &mut ScheduleSection, t| s.typos.push(t),
    )?;
    Ok((
        i,
        ClauseKind::Schedule(Schedule {
            form: ScheduleForm::RfByPeriod,
            sections,
        })
        .into(),
    ))
}

/// "with each RF", "at an RF", "its RF", "the RF is": the RF named before the amount a copy
/// adds.
fn rf_named(i: &str) -> Res<'_, ()> {
    let (i, _) = opt((
        one_of(&[
            "with each",
            "with every",
            "with",
            "at",
            "its",
            "the",
            "each",
            "every",
        ]),
        ws1,
        opt((phrase("an").or(phrase("a")), ws1)),
    ))
    .parse(i)?;
    let (i, _) = (rf_word, ws1, opt((phrase("is"), ws1))).parse(i)?;
    Ok((i, ()))
}

/// "Dates and RF are the same, but with .1 added to the RF", "... are as above, with .1
/// added", "... are the same as the AS 42's, but with .1 subtracted from each RF", "... are
/// the same, but one month later", and both modifiers joined by "and".
pub(crate) fn same_with_added_rf<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let read = copy_by_form(ctx, start);
    if read.as_ref().is_ok_and(|(r, _)| ctx.ends_here(r)) {
        return read;
    }
    // "Dates and theatres exactly as for the Kovan I (note 1); just bump the rarity up by .1
    // all round": the copy's changes read part by part.
    let Ok((i, (base, note))) = copy_of(ctx, start) else {
        return changed_by(ctx, start).map_or(read, Ok);
    };
    match copy_parts(
        ctx,
        i,
        base.as_ref().map(|b| b.raw.as_str()),
        note.is_some(),
    ) {
        Some((r, change, max, limits)) => {
            let zero = zero_rf(ctx, i);
            let kind = ClauseKind::SameWithAddedRf {
                added: change.added.unwrap_or(zero),
                subtracted: change.subtracted,
                months_later: change.months_later.unwrap_or(0),
                base,
                note,
                max,
                set: change.set,
            };
            let mut body: Body = kind.into();
            body.also.extend(limits);
            Ok((r, body))
        }
        None => read,
    }
}

/// "Just bump the rarity up by .1 all round", "Raise the rarity by .1": a sentence that only
/// changes the RF of what the sentence before gives by an amount (with its cap), read by its
/// words; its RF word must be among them.
fn changed_by<'a>(ctx: &Ctx<'a>, start: &'a str) -> Option<(&'a str, Body)> {
    let body = ctx.clause_at(start).trim_end();
    let lower = body.to_ascii_lowercase();
    if !lower
        .split(|c: char| !c.is_ascii_alphabetic())
        .any(|w| matches!(w, "rf" | "rarity"))
    {
        return None;
    }
    let (Some((added, subtracted)), max) =
        super::relative_words::copy_amount(ctx, idle_tail_cut(body), None, false)?
    else {
        return None;
    };
    let kind = ClauseKind::SameWithAddedRf {
        added,
        subtracted,
        months_later: 0,
        base: None,
        note: None,
        max,
        set: None,
    };
    Some((&start[body.len()..], kind.into()))
}

/// Words after a copy's base that change nothing ("As note 9 in every respect").
const COPY_IDLE: [&str; 21] = [
    // A rules lawyer's "for the same date and theater", "in each case", items' intros.
    "for the same date and theater",
    "for the same date and theatre",
    "for the same theater",
    "for the same date",
    "subject to the following",
    "save that",
    "provided that",
    "mutatis mutandis",
    // A spreadsheet's "RF 1.6 flat" ("ea. entry" is [`super::lexeme::each`]).
    "flat",
    "same theaters",
    "in every respect",
    "in all respects",
    "in all other respects",
    "in all respects save two",
    "in each period",
    "in every period",
    "all round",
    "throughout",
    "in each case",
    "in every case",
    "exactly",
];

/// The rest of a copy's sentence after its base (up to a semicolon or the sentence's end), cut
/// at its commas (and at "and" where a part will not read whole): each part a limit, a change
/// of the RF by an amount (with its cap, or a cap alone), a month shift, an RF set in place of
/// the copy's, or words that change nothing. `None` unless every part reads and one changes
/// something.
fn copy_parts<'a>(
    ctx: &Ctx<'a>,
    i: &'a str,
    base: Option<&str>,
    of_note: bool,
) -> Option<(
    &'a str,
    CopyChange,
    Option<PrintedRf>,
    Vec<AvailabilityClause>,
)> {
    let (body, listed) = copy_body(ctx, i);
    let mut change = CopyChange {
        added: None,
        subtracted: false,
        months_later: None,
        set: None,
    };
    let (mut max, mut limits, mut changed) = (None, Vec::new(), false);
    let mut todo: Vec<&'a str> = match listed {
        true => body.split([',', ';', ':']).collect(),
        false => body.split(',').collect(),
    };
    todo.reverse();
    while let Some(part) = todo.pop() {
        let part = strip_joiners(part.trim());
        let part = strip_joiners(super::lexeme::without_item_mark(part));
        if part.is_empty()
            || super::lexeme::each(part).is_ok_and(|(r, _)| r.is_empty())
            || COPY_IDLE
                .iter()
                .any(|w| phrase(w)(part).is_ok_and(|(r, _)| r.is_empty()))
        {
            continue;
        }
        if let Ok((rest, b)) = super::limits::limit(ctx, part) {
            if rest.trim().is_empty() && matches!(b.kind, ClauseKind::Limit(_)) {
                limits.push(make_clause(ctx, part, Vec::new(), b));
                changed = true;
                continue;
            }
        }
        if let Some(limit) = from_part(ctx, part) {
            limits.push(limit);
            changed = true;
            continue;
        }
        if let Ok((rest, n)) = months_later_words(part) {
            if rest.trim().is_empty() && change.months_later.replace(n).is_none() {
                changed = true;
                continue;
            }
        }
        if let Some((amount, cap)) =
            super::relative_words::copy_amount(ctx, idle_tail_cut(part), base, of_note)
        {
            if let Some((value, lower)) = amount {
                if change.added.is_some() || change.set.is_some() {
                    return None;
                }
                (change.added, change.subtracted) = (Some(value), lower);
            }
            if let Some(cap) = cap {
                if max.replace(cap).is_some() {
                    return None;
                }
            }
            changed = true;
            continue;
        }
        if let Some(value) = set_in_part(ctx, part) {
            if change.added.is_some() || change.set.replace(value).is_some() {
                return None;
            }
            changed = true;
            continue;
        }
        // "but nothing before 1943 and knock .1 off": two parts joined by "and" (or "&").
        let lower = part.to_ascii_lowercase();
        let (at, len) = lower
            .find(" and ")
            .map(|a| (a, " and ".len()))
            .or_else(|| lower.find(" & ").map(|a| (a, " & ".len())))?;
        todo.push(&part[at + len..]);
        todo.push(&part[..at]);
    }
    changed.then_some((&i[body.len()..], change, max, limits))
}

/// The text of a copy's changes after its base at `i` (up to a semicolon or the sentence's
/// end), and whether they are items: ", subject to the following: (a) ...; (b) ...; and (c)
/// ...", ", save that: (a) ..." run to the sentence's end, their items each a part.
fn copy_body<'a>(ctx: &Ctx<'a>, i: &'a str) -> (&'a str, bool) {
    let intro = (
        opt((ws0, ch(','))),
        ws0,
        phrase("subject to the following")
            .or(phrase("save that"))
            .or(phrase("provided that"))
            .or(phrase("except that")),
        ws0,
        ch(':'),
    )
        .parse(i);
    match intro {
        Ok(_) => {
            let sentence = &i[..ctx.sentence_len(i)];
            (sentence.trim_end().trim_end_matches('.'), true)
        }
        Err(_) => (ctx.clause_at(i).trim_end(), false),
    }
}

/// "ditto #14 but from 6/40": the copy's months from then on only, as a limit.
fn from_part<'a>(ctx: &Ctx<'a>, part: &'a str) -> Option<AvailabilityClause> {
    let (rest, w) = super::when::when(ctx, part).ok()?;
    if !rest.trim().is_empty() || !matches!(w, EntryWhen::From(_)) {
        return None;
    }
    let kind = ClauseKind::Limit(super::syntax::Limit {
        sense: super::syntax::LimitSense::Only,
        names: Vec::new(),
        when: Some(w),
    });
    Some(make_clause(ctx, part, Vec::new(), kind.into()))
}

/// A part without the words at its end that change nothing ("knock .1 off the RF in each
/// case", "the RF is .2 less throughout").
fn idle_tail_cut(part: &str) -> &str {
    // "rf +.1 ea. period".
    if let Some(at) = part.to_ascii_lowercase().find(" ea") {
        if super::lexeme::each(&part[at + 1..]).is_ok_and(|(r, _)| r.trim().is_empty()) {
            return part[..at].trim_end();
        }
    }
    let lower = part.to_ascii_lowercase();
    COPY_IDLE
        .iter()
        .find(|w| lower.ends_with(&format!(" {w}")))
        .map_or(part, |w| part[..part.len() - w.len()].trim_end())
}

/// A part without the words that join it to the one before ("and", "but", "except that",
/// "with" before a limit is the limit's own).
fn strip_joiners(part: &str) -> &str {
    let mut p = part;
    loop {
        let next = [
            "and ",
            "but ",
            "save that ",
            "viz. ",
            "that ",
            "except that ",
            "except ",
            "though ",
            "just ",
        ]
        .iter()
        .find_map(|w| {
            p.get(..w.len())
                .filter(|h| h.eq_ignore_ascii_case(w))
                .map(|_| p[w.len()..].trim_start())
        });
        match next {
            Some(r) => p = r,
            None => return p,
        }
    }
}

/// "the RF here is 1.3", "RF 1.4 throughout", "at RF 1.3": an RF that replaces every RF of the
/// copy, the whole part.
fn set_in_part<'a>(ctx: &Ctx<'a>, part: &'a str) -> Option<PrintedRf> {
    // "RF 1.3 flat".
    let part = idle_tail_cut(part);
    let (r, _) = opt((phrase("the"), ws1)).parse(part).ok()?;
    let (r, _) = opt((phrase("at"), ws1)).parse(r).ok()?;
    let (r, _) = (rf_word, ws1).parse(r).ok()?;
    let (r, _) = opt((phrase("here").or(phrase("there")), ws1))
        .parse(r)
        .ok()?;
    let (r, _) = opt((phrase("is"), ws1)).parse(r).ok()?;
    let (r, value) = set_rf(ctx, r)?;
    r.trim().is_empty().then_some(value)
}

/// A copy read by its fixed forms ([`same_with_added_rf`]).
fn copy_by_form<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, (base, note)) = copy_of(ctx, start)?;
    // "As the Gant in 1941-42 on the Marsh Front, but ...": the copy kept to those months and
    // places.
    let (i, within) = match base.as_ref().and_then(|_| copy_within(ctx, i)) {
        Some((r, limits)) => (r, limits),
        None => (i, Vec::new()),
    };
    let after_base = i;
    // "Same as Note 3, except that it was never sent to X": the copy, then the limit.
    if base.is_some() || note.is_some() {
        if let Some((r, limits)) = limit_after_except(ctx, i) {
            let kind = ClauseKind::SameWithAddedRf {
                added: zero_rf(ctx, i),
                subtracted: false,
                months_later: 0,
                base,
                note,
                max: None,
                set: None,
            };
            let mut body: Body = kind.into();
            body.also.extend(limits);
            return Ok((r, body));
        }
    }
    let (i, _) = opt((opt((ws0, ch(','))), ws1, opt((phrase("but"), ws1)))).parse(i)?;
    // "but not before July 1943 and with an RF .2 higher": a limit before the amount.
    let (i, first_limit) = match limit_before_and(ctx, i) {
        Some((r, c)) => (r, Some(c)),
        None => (i, None),
    };
    // "but RF +.1", "but its RF .1 higher", "with an RF .2 higher", "at an RF .1 higher", "the
    // RF is raised by .2", "each RF .1 higher": the RF named before its amount.
    let (mut i, change) = copy_change(ctx, i)?;
    let CopyChange {
        added,
        subtracted,
        months_later,
        set,
    } = change;
    let zero = zero_rf(ctx, i);
    // "the same" alone says nothing; "the same as in Note 3" copies what it names.
    if added.is_none() && months_later.is_none() && set.is_none() {
        if base.is_none() && note.is_none() {
            return fail(i);
        }
        i = after_base;
    }
    // "raised by .2 in every case": every RF of the copy, as any amount is.
    let (i, _) = opt((ws1, phrase("in every case").or(phrase("in each case")))).parse(i)?;
    let (i, max) = opt(|i| cap(ctx, i)).parse(i)?;
    if first_limit.is_some() && added.is_none() && months_later.is_none() && set.is_none() {
        return fail(i);
    }
    let kind = ClauseKind::SameWithAddedRf {
        added: added.unwrap_or(zero),
        subtracted,
        months_later: months_later.unwrap_or(0),
        base,
        note,
        max,
        set,
    };
    let mut body: Body = kind.into();
    body.also.extend(first_limit);
    body.also.extend(within);
    Ok((i, body))
}

/// What a copy changes of its base: an amount added (or taken away), months later, an RF set
/// in place of every copied one.
struct CopyChange {
    added: Option<PrintedRf>,
    subtracted: bool,
    months_later: Option<u8>,
    set: Option<PrintedRf>,
}

/// "but RF +.1", "but its RF .1 higher", "with an RF .2 higher", "the RF is raised by .2", "each
/// RF .1 higher", "one month later", "RF 1.4 throughout", any two joined by "and": what a copy
/// changes, the RF named before its amount or none.
fn copy_change<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, CopyChange> {
    let (mut i, named) = opt(rf_named).parse(i)?;
    let mut c = CopyChange {
        added: None,
        subtracted: false,
        months_later: None,
        set: None,
    };
    // Where an "and" was read that joins nothing read yet.
    let mut before_and = None;
    loop {
        let start = i;
        if c.added.is_none() && c.set.is_none() {
            if let Ok((r, (value, minus))) = amount_after(ctx, i) {
                (c.added, c.subtracted, i) = (Some(value), minus, r);
            } else if let Some((r, value)) = named.and_then(|()| set_rf(ctx, i)) {
                (c.set, i) = (Some(value), r);
            }
        }
        if c.months_later.is_none() {
            if let Ok((r, n)) = months_later_words(i) {
                (c.months_later, i) = (Some(n), r);
            }
        }
        // "RF +0.1 and not before 2/42": an "and" before no more of the copy's change is
        // the limit's (read after the clause).
        if i == start {
            i = before_and.unwrap_or(i);
            break;
        }
        match (ws1, phrase("and"), ws1).parse(i) {
            Ok((r, _)) if c.added.is_none() || c.months_later.is_none() => {
                before_and = Some(i);
                i = r;
            }
            _ => break,
        }
    }
    Ok((i, c))
}

/// " in 1941-42 on the Marsh Front" right after a copy's base: the months and places the copy
/// is kept to, each a limit of its own ("only then", "only there"), as "Used only in 1942" and
/// "Only on the Marsh Front" read.
fn copy_within<'a>(ctx: &Ctx<'a>, i: &'a str) -> Option<(&'a str, Vec<AvailabilityClause>)> {
    let mut out = Vec::new();
    let mut rest = i;
    while let Ok((r, _)) = ws1(rest) {
        let dated = (super::lexeme::period_preposition, ws1)
            .parse(r)
            .ok()
            .and_then(|(r2, _)| when(ctx, r2).ok());
        let limit = if let Some((r2, w)) = dated {
            rest = r2;
            Limit {
                sense: LimitSense::Only,
                names: Vec::new(),
                when: Some(w),
            }
        } else {
            let (r2, _) = (super::lexeme::place_preposition, ws1).parse(r).ok()?;
            let n = ctx.lexicon.place_at(r2)?;
            let name = &r2[..n];
            rest = &r2[n..];
            let place = super::syntax::TheaterRef {
                raw: name.to_string(),
                span: ctx.span(name),
            };
            Limit {
                sense: LimitSense::Only,
                names: vec![LimitName::place(place)],
                when: None,
            }
        };
        let text = &r[..r.len() - rest.len()];
        out.push(make_clause(
            ctx,
            text,
            Vec::new(),
            ClauseKind::Limit(limit).into(),
        ));
    }
    (!out.is_empty()).then_some((rest, out))
}

/// "RF 1.4 throughout" after a copy's "but": an RF (its word read before) that replaces every
/// RF of the copy, with a word for "in every month and place" or none.
fn set_rf<'a>(ctx: &Ctx<'a>, i: &'a str) -> Option<(&'a str, PrintedRf)> {
    let (r, value) = rf(ctx, i, false).ok()?;
    let every = one_of(&[
        "throughout",
        "everywhere",
        "always",
        "in every case",
        "in all cases",
        "in all years",
        "in every year",
        "at all times",
    ]);
    let (r, _) = opt((ws1, every)).parse(r).ok()?;
    Some((r, value))
}

/// What a copy copies, and the text after it: "has the same dates as the X", "Same dates and
/// theaters as the X", "[Its] RF is" (the sentence before's), "Dates and RF are the same as in
/// Note 3", "[Y:] as the X".
fn copy_of<'a>(
    ctx: &Ctx<'a>,
    start: &'a str,
) -> Res<'a, (Option<VehicleRef>, Option<Spanned<u16>>)> {
    match has_the_same(ctx, start)
        .or_else(|_| same_as(ctx, start))
        .or_else(|_| ditto(ctx, start))
        .or_else(|_| terms_of(ctx, start))
    {
        Ok(read) => Ok(read),
        // "[The AMR 35(L)'s] RF is .1 higher": the same as what the sentence before is about.
        Err(_) if rf_is(start).is_ok() => {
            let (i, _) = rf_is(start)?;
            Ok((i, (None, None)))
        }
        Err(_) if used_nouns(ctx, start).is_ok() => used_nouns(ctx, start),
        Err(_) => match (
            copied_nouns,
            ws1,
            opt((phrase("are").or(phrase("is")), ws1)),
            opt((one_of(&["exactly", "just", "precisely"]), ws1)),
        )
            .parse(start)
        {
            // "Dates and theatres exactly as for the Kovan I": the verb left out, the link
            // must then name what it copies.
            Ok((i, (_, _, None, _))) => match antecedent(ctx, i)? {
                (r, (None, None)) => fail(r),
                read => Ok(read),
            },
            Ok((i, _)) => antecedent(ctx, i),
            Err(e) => match (phrase("is").or(phrase("are")), ws1).parse(start) {
                // "The Maul II is as per the Maul, but ...": after its subject's verb, the copy
                // must name what it copies.
                Ok((i, _)) => match antecedent(ctx, i).map_err(|_| e)? {
                    (r, (None, None)) => fail(r),
                    read => Ok(read),
                },
                // "Drossel B: as the Drossel, but RF +.1": the antecedent alone after a label.
                Err(_) => bare_antecedent(ctx, start).map_err(|_| e),
            },
        },
    }
}

/// "shall be available on the terms set out in Note 9", "is permitted on the terms of Note
/// 13, mutatis mutandis", "shall be available in the same theaters, for the same periods and
/// subject to the same faction limitation as the Vesk L-1 (Note 3)": a copy said by a verb of
/// use.
fn terms_of<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, (Option<VehicleRef>, Option<Spanned<u16>>)> {
    let (r, _) = (super::use_verbs::verb, ws1).parse(i)?;
    let terms = phrase("on the terms set out in")
        .or(phrase("on the terms of"))
        .or(phrase("on the terms applicable to"))
        .or(phrase("on the same terms as"));
    let (r, found) = match (terms, ws1).parse(r) {
        Ok((r, _)) => match note_ref(ctx, r) {
            Ok((r, note)) => (r, (None, Some(note))),
            Err(_) => {
                let (r, _) = opt((phrase("the"), ws1)).parse(r)?;
                let (r, base) = vehicle_name(ctx, r)?;
                (r, (Some(base), None))
            }
        },
        Err(_) => {
            // The nouns of what is the same, up to "as": each word one of these.
            const SAME_WORDS: [&str; 17] = [
                "in",
                "for",
                "the",
                "same",
                "theaters",
                "theatres",
                "periods",
                "dates",
                "and",
                "subject",
                "to",
                "faction",
                "limitation",
                "limitations",
                "terms",
                "rfs",
                "places",
            ];
            let clause = ctx.clause_at(r);
            let at = clause
                .find(" as ")
                .ok_or(nom::Err::Error(GrammarError { at: r }))?;
            let words = &clause[..at];
            let known = words
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|w| !w.is_empty())
                .all(|w| SAME_WORDS.contains(&w.to_ascii_lowercase().as_str()));
            if !known || !words.to_ascii_lowercase().contains("same") {
                return fail(r);
            }
            antecedent(ctx, &r[at + 1..])?
        }
    };
    // "as the Vesk L-1 (Note 3)": the note in brackets names the same.
    let (r, _) = opt((ws0, ch('('), ws0, |r| note_ref(ctx, r), ws0, ch(')'))).parse(r)?;
    let (r, _) = opt((ws0, ch(','), ws0, phrase("mutatis mutandis"))).parse(r)?;
    Ok((r, found))
}

/// "ditto", "ditto #14", "ditto the Varn M", "as above" at a sentence's start: the same as
/// the note or vehicle named, or as what the sentence before is about.
fn ditto<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, (Option<VehicleRef>, Option<Spanned<u16>>)> {
    let before = ctx.text.get(..ctx.text.len() - i.len()).unwrap_or("");
    let before = before.trim_end().trim_end_matches('†').trim_end();
    if !(before.is_empty() || before.ends_with(['.', ':', ';'])) {
        return fail(i);
    }
    let (r, _) = phrase("ditto").or(phrase("as above")).parse(i)?;
    if let Ok((r2, (_, note))) = (ws1, |r| note_ref(ctx, r)).parse(r) {
        return Ok((r2, (None, Some(note))));
    }
    let listed = |r| match ctx.lexicon.vehicle_at(r) {
        Some(_) => vehicle_name(ctx, r),
        None => fail(r),
    };
    if let Ok((r2, (_, _, base))) = (ws1, opt((phrase("the"), ws1)), listed).parse(r) {
        return Ok((r2, (Some(base), None)));
    }
    Ok((r, (None, None)))
}

/// "Use the Brask's dates and theatres": the base's possessive, then what is copied.
fn used_nouns<'a>(
    ctx: &Ctx<'a>,
    i: &'a str,
) -> Res<'a, (Option<VehicleRef>, Option<Spanned<u16>>)> {
    let (r, _) = (phrase("use"), ws1, opt((phrase("the"), ws1))).parse(i)?;
    let (r, base) = possessive_name(ctx, r)?;
    let (r, (_, nouns)) = (ws1, copied_nouns).parse(r)?;
    // "Use the X's RF, raised by .1" is a relative rule's: a copy takes dates or places.
    let lower = nouns.to_ascii_lowercase();
    if !["date", "theat", "area", "place", "availability"]
        .iter()
        .any(|n| lower.contains(n))
    {
        return fail(i);
    }
    Ok((r, (Some(base), None)))
}

/// No RF added: an amount of 0 printed nowhere (at `i`).
fn zero_rf<'a>(ctx: &Ctx<'a>, i: &'a str) -> PrintedRf {
    PrintedRf {
        raw: String::new(),
        span: ctx.span_at(i, 0),
        value: qm_schema::Tenths(0),
        typos: Vec::new(),
    }
}

/// ", except that it was never sent to X", " except that only X used it": a limit that reads
/// whole to the end of the sentence after "except (that)", or two joined by ", and" ("but
/// only from 1/38, and in Hallvik only"); the end, and the limits' clauses.
fn limit_after_except<'a>(ctx: &Ctx<'a>, i: &'a str) -> Option<(&'a str, Vec<AvailabilityClause>)> {
    let (r, _) = (
        opt((ws0, ch(','))),
        ws1,
        // "Same like note 5, but from 1942 only": "but" before a limit that reads whole to
        // the sentence's end says what "except that" does.
        phrase("except that").or(phrase("except")).or(phrase("but")),
        ws1,
    )
        .parse(i)
        .ok()?;
    let sentence = &r[..ctx.sentence_len(r)];
    let part = sentence.trim_end().trim_end_matches('.');
    let whole = |part: &'a str| {
        let (rest, body) = super::limits::limit(ctx, part).ok()?;
        if !rest.trim().is_empty() || !matches!(body.kind, ClauseKind::Limit(_)) {
            return None;
        }
        Some(make_clause(ctx, part, Vec::new(), body))
    };
    let end = &r[part.len()..];
    if let Some(limit) = whole(part) {
        return Some((end, vec![limit]));
    }
    let at = part.find(", and ")?;
    let (first, second) = (&part[..at], &part[at + ", and ".len()..]);
    Some((end, vec![whole(first)?, whole(second)?]))
}

/// "not before July 1943 and ...", "Legion use only, and ...": a limit that reads whole up to
/// the next "and" of the sentence; the text after that "and", and the limit's clause.
fn limit_before_and<'a>(ctx: &Ctx<'a>, i: &'a str) -> Option<(&'a str, AvailabilityClause)> {
    let sentence = &i[..ctx.sentence_len(i)];
    let at = sentence.to_ascii_lowercase().find(" and ")?;
    let part = sentence[..at].trim_end().trim_end_matches(',');
    let (rest, body) = super::limits::limit(ctx, part).ok()?;
    if !rest.trim().is_empty() || !matches!(body.kind, ClauseKind::Limit(_)) {
        return None;
    }
    let clause = make_clause(ctx, part, Vec::new(), body);
    Some((&i[at + " and ".len()..], clause))
}

/// "as the Drossel", "same as the Drossel", "like the Drossel", "as per Note 3": an antecedent
/// that names what it copies, with no verb before it.
fn bare_antecedent<'a>(
    ctx: &Ctx<'a>,
    i: &'a str,
) -> Res<'a, (Option<VehicleRef>, Option<Spanned<u16>>)> {
    // Only after a label ("Drossel B: as the Drossel"): elsewhere "as" is mostly prose ("Either
    // MG may be used as the MA").
    let before = ctx.text.get(..ctx.text.len() - i.len()).unwrap_or("");
    // Or at the start of a sentence ("As the Drossel, but ..."): a listing's name must follow.
    let before = before.trim_end();
    let label = before.ends_with(':');
    if !(label || before.is_empty() || before.ends_with('.')) {
        return fail(i);
    }
    let (i, _) = opt((phrase("the"), ws1)).parse(i)?;
    let (i, _) = opt((phrase("same"), ws1)).parse(i)?;
    // A word in capitals is a name ("AS 42"), not the link.
    if i.get(..2)
        .is_some_and(|w| w.chars().all(|c| c.is_ascii_uppercase()))
    {
        return fail(i);
    }
    let link = phrase("like")
        .or(phrase("identical to"))
        .or(phrase("as for"))
        .or(phrase("as per"))
        .or(phrase("as with"))
        .or(phrase("as"));
    let (r, _) = (link, ws1).parse(i)?;
    let (r, found) = if let Ok((r2, note)) = note_ref(ctx, r) {
        (r2, (None, Some(note)))
    } else {
        let (r, _) = opt((phrase("the"), ws1)).parse(r)?;
        // "As the lorry (note 13)": a common noun, or a name the listing does not hold, the
        // note in brackets naming it.
        if ctx.lexicon.vehicle_at(r).is_none() {
            if let Ok((r2, note)) = noun_of_note(ctx, r) {
                return Ok((r2, (None, Some(note))));
            }
        }
        // With a listing, the base is one of its names; at a sentence's start, only then.
        if (ctx.lexicon.knows_vehicles() || !label) && ctx.lexicon.vehicle_at(r).is_none() {
            return fail(r);
        }
        let (r, base) = possessive_name(ctx, r).or_else(|_| vehicle_name(ctx, r))?;
        (r, (Some(base), None))
    };
    if found.0.is_none() && found.1.is_none() {
        return fail(i);
    }
    Ok((r, found))
}

/// "lorry (note 13)", "old car (see note 2)", "Dallow (note 8)": up to three words of
/// letters, then the note that names what they stand for.
fn noun_of_note<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Spanned<u16>> {
    let mut r = i;
    for _ in 0..3 {
        let len = r.find(|c: char| !c.is_alphabetic()).unwrap_or(r.len());
        if len == 0 {
            return fail(i);
        }
        r = &r[len..];
        let (r2, _) = ws0(r)?;
        if let Ok((r3, (_, _, _, note, _, _))) = (
            ch('('),
            ws0,
            opt((phrase("see"), ws1)),
            |x| note_ref(ctx, x),
            ws0,
            ch(')'),
        )
            .parse(r2)
        {
            return Ok((r3, note));
        }
        r = ws1(r)?.0;
    }
    fail(i)
}

/// "[Its] RF is " before an amount ("RF is .1 higher"), "RF is always ", "RF " ("RF +0.1":
/// the verb left out).
fn rf_is(i: &str) -> Res<'_, ()> {
    let (i, _) = (determiner, rf_word, ws1, opt((phrase("is"), ws1))).parse(i)?;
    let (i, _) = opt((phrase("always"), ws1)).parse(i)?;
    Ok((i, ()))
}

/// "has the same dates[ and RF][ as the X's]", "have the same RF": the antecedent of a
/// sentence that says what it shares with it.
fn has_the_same<'a>(
    ctx: &Ctx<'a>,
    i: &'a str,
) -> Res<'a, (Option<VehicleRef>, Option<Spanned<u16>>)> {
    let (i, _) = (
        phrase("has").or(phrase("have")),
        ws1,
        phrase("the same"),
        ws1,
    )
        .parse(i)?;
    let (i, _) = phrase("dates and rfs")
        .or(phrase("dates and rf"))
        .or(phrase("dates"))
        .or(rf_word)
        .parse(i)?;
    match (ws1, |r| antecedent(ctx, r)).parse(i) {
        Ok((r, (_, named))) => Ok((r, named)),
        Err(_) => Ok((i, (None, None))),
    }
}

/// "Same dates and theaters as the X", "The same dates and RF as in Note 3", "The same as the
/// X": what is copied, named by any of its nouns, then the antecedent.
fn same_as<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, (Option<VehicleRef>, Option<Spanned<u16>>)> {
    let (mut i, _) = (determiner, phrase("same")).parse(i)?;
    loop {
        let word = (opt(ch(',')), ws1, |r| {
            NOUNS
                .iter()
                .find_map(|n| phrase(n)(r).ok())
                .ok_or(nom::Err::Error(GrammarError { at: r }))
        })
            .parse(i);
        match word {
            Ok((r, _)) => i = r,
            Err(_) => break,
        }
    }
    let (i, _) = ws1(i)?;
    let (r, (base, note)) = antecedent(ctx, i)?;
    if base.is_none() && note.is_none() {
        return fail(i);
    }
    Ok((r, (base, note)))
}

/// The nouns that name what a sentence copies from another vehicle or note.
const NOUNS: [&str; 15] = [
    // "Same dates and same theatres as the X", "same patch of ground".
    "same",
    "patch of ground",
    "ground",
    "locations",
    "territory",
    "dates",
    "theaters",
    "theatres",
    "areas",
    "places",
    "rfs",
    "rf",
    "and",
    "availability",
    "rarity factors",
];

/// "[Its] Dates and RF", "Dates and theatres", "Theatres, dates and Rarity Factors": the
/// subject of a sentence that copies them ("... are the same as in Note 3"), every word one
/// of [`NOUNS`], naming dates, places or RFs (not "and" alone).
fn copied_nouns(i: &str) -> Res<'_, &str> {
    let (start, _) = determiner(i)?;
    let mut r = start;
    let mut named = false;
    loop {
        let word = NOUNS
            .iter()
            .chain(&["rarity factor", "date"])
            .find_map(|n| phrase(n)(r).ok());
        let Some((r2, w)) = word else { break };
        named |= !w.eq_ignore_ascii_case("and") && !w.eq_ignore_ascii_case("same");
        r = r2;
        match (opt(ch(',')), ws1).parse(r) {
            Ok((r3, _)) if NOUNS.iter().any(|n| phrase(n)(r3).is_ok()) => r = r3,
            _ => break,
        }
    }
    if !named {
        return fail(i);
    }
    Ok((r, &start[..start.len() - r.len()]))
}

/// "one month later", "2 months later" (up to twelve).
fn months_later_words(i: &str) -> Res<'_, u8> {
    const WORDS: [&str; 12] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve",
    ];
    let len = i.find(|c: char| !c.is_alphanumeric()).unwrap_or(i.len());
    let word = i[..len].to_ascii_lowercase();
    let n = WORDS
        .iter()
        .position(|w| *w == word)
        .map(|k| k + 1)
        .or_else(|| word.parse::<usize>().ok().filter(|n| (1..=12).contains(n)));
    let Some(n) = n else {
        return fail(i);
    };
    let (r, _) = (
        ws1,
        phrase("months").or(phrase("month")),
        ws1,
        phrase("later"),
    )
        .parse(&i[len..])?;
    Ok((r, n as u8))
}

/// "Availability in 1945 is limited to Fascist Italians only", "[X] use in 1945 is limited
/// ...", "1945 availability is limited ...", and without the year after a lead-in ("In 1945,
/// availability is limited ..."): the words before "only" name who may use it.
pub(crate) fn restricted_use<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, _) = determiner(start)?;
    let (i, p) = if let Ok((i, _)) = phrase("availability").or(phrase("use")).parse(i) {
        opt(|i| {
            let (i, _) = (ws1, phrase("in"), ws1).parse(i)?;
            span_period(ctx, i)
        })
        .parse(i)?
    } else {
        let (i, p) = span_period(ctx, i)?;
        let (i, _) = (ws1, phrase("availability").or(phrase("use"))).parse(i)?;
        (i, Some(p))
    };
    let (i, _) = (ws1, phrase("is limited to"), ws1).parse(i)?;
    let (i, _) = opt((phrase("the"), ws1)).parse(i)?;
    let (i, faction) = faction_before(i, "only")?;
    let faction = Spanned {
        value: faction.split_whitespace().collect::<Vec<_>>().join(" "),
        span: ctx.span(faction),
    };
    let needs_period = p.is_none();
    let period = p.unwrap_or_else(|| missing_period(ctx, start));
    let mut body: Body = ClauseKind::RestrictedUse { faction, period }.into();
    body.needs_period = needs_period;
    Ok((i, body))
}

/// After "Use in X is limited to": X's periods, with or without their RFs ("1942 (RF 1.3)",
/// "6-12/40"): the dates (and RFs) of that place.
fn place_limited_to<'a>(ctx: &Ctx<'a>, start: &'a str, i: &'a str, area: Area) -> Res<'a, Body> {
    if let Ok((r, entries)) = rated_entries(ctx, i) {
        return Ok((
            r,
            schedule_of(ScheduleForm::DatesAndRf, ctx, start, r, area, entries),
        ));
    }
    let (r, entries) = entry_list(ctx, i, date_entry)?;
    Ok((
        r,
        schedule_of(ScheduleForm::DatesOnly, ctx, start, r, area, entries),
    ))
}

/// "[The] availability for WWII scenarios is limited to 6/40 (France) and 7/43 (Sicily)",
/// "For WWII scenarios, use is restricted to France (6/40) and Sicily (7/43)",
/// "availability for WW2 scenarios is limited to East Africa, with Dates and RF of ...";
/// "for WW2 scenarios" may lead the sentence instead, or be left out.
pub(crate) fn limited_to<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, (_, subject)) = (determiner, phrase("availability").or(phrase("use"))).parse(start)?;
    let (i, _) = opt((ws1, phrase("for"), ws1, ww2_scenarios)).parse(i)?;
    // "Use in Salvony is limited to 1942 (RF 1.3)": the place's own dates.
    let (i, area) = opt(|i| area_after(ctx, i)).parse(i)?;
    // "is limited to", "is restricted to", "is confined to": one meaning.
    let limited = phrase("limited")
        .or(phrase("restricted"))
        .or(phrase("confined"));
    let (i, _) = (ws1, phrase("is"), ws1, limited, ws1, phrase("to"), ws1).parse(i)?;
    if let Some(area) = area {
        return place_limited_to(ctx, start, i, area);
    }
    if let Ok((r, pairs)) = list(
        ctx,
        i,
        theater_entry,
        |(e, _): &mut (ScheduleEntry, _), t| e.typos.push(t),
    ) {
        // "Its use is restricted to France (from 10/35 to 9/36)": one place and its months
        // are a limit's (`limits`); "use" lists two or more.
        if subject.eq_ignore_ascii_case("use") && pairs.len() < 2 {
            return fail(start);
        }
        let sections = pairs
            .into_iter()
            .map(|(entry, theaters)| ScheduleSection {
                span: entry.span.clone(),
                area: Area::Theaters {
                    theaters,
                    except: Vec::new(),
                },
                entries: vec![entry],
                typos: Vec::new(),
            })
            .collect();
        return Ok((
            r,
            ClauseKind::Schedule(Schedule {
                form: ScheduleForm::LimitedTo,
                sections,
            })
            .into(),
        ));
    }
    let section_start = i;
    let (i, area) = named_area(ctx, i)?;
    let (i, _) = (ws0, ch(','), ws1, phrase("with dates and rf of"), ws1).parse(i)?;
    let (i, entries) = rated_entries(ctx, i)?;
    Ok((
        i,
        schedule_of(
            ScheduleForm::LimitedTo,
            ctx,
            section_start,
            i,
            area,
            entries,
        ),
    ))
}

/// "This AFV has no radio in scenarios set prior to 11/41. As of 11/41 it is radio-equipped."
pub(crate) fn radio<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, _) = (
        phrase("this afv has no radio in scenarios set"),
        ws1,
        phrase("prior to").or(phrase("before")),
        ws1,
    )
        .parse(start)?;
    let (i, month) = point(ctx, i)?;
    let (i, confirmed) = opt(|i| {
        let (i, _) = (ws0, ch('.'), ws1, phrase("as of"), ws1).parse(i)?;
        let (i, p) = point(ctx, i)?;
        let (i, _) = (ws1, phrase("it is radio-equipped")).parse(i)?;
        Ok((i, p))
    })
    .parse(i)?;
    Ok((i, ClauseKind::RadioFrom { month, confirmed }.into()))
}

/// "The optional AAMG is always available and has a 1.4 RF", "(The optional AAMG of the
/// Autocannone da 65/17 is always available ...", "If optional, the AAMG is always available
/// with an I.4 RF", "The optional AAMG (i.e., the Furgone version) has a 1.4 RF, but is
/// available only for 1942-43 scenarios set in North Africa", "The optional AAMG has a rarity
/// factor of 1.4" (whenever the vehicle is), "Its AAMG is optional and has an RF of 1.4".
pub(crate) fn optional_weapon<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, open) = opt(ch('(')).parse(start)?;
    let (i, _) = opt((phrase("if optional"), ws0, ch(','), ws1)).parse(i)?;
    // "The X may have an optional AAMG ...", "It carries an optional AAMG ...".
    let (i, owner) = match weapon_owner(ctx, i) {
        Ok((r, owner)) => (r, owner),
        Err(_) => (i, None),
    };
    let article = phrase("the")
        .or(phrase("its"))
        .or(phrase("an"))
        .or(phrase("a"));
    let (i, (_, _, optional)) = (article, ws1, opt((phrase("optional"), ws1))).parse(i)?;
    let weapon_len = i
        .find(|c: char| !c.is_ascii_alphanumeric())
        .unwrap_or(i.len());
    if weapon_len == 0 {
        return fail(i);
    }
    let weapon = &i[..weapon_len];
    let i = &i[weapon_len..];
    let (i, of) = opt(|i| weapon_of(ctx, i)).parse(i)?;
    let vehicles: Vec<VehicleRef> = of.into_iter().chain(owner).collect();
    let (i, version) = opt(|i| {
        let (i, _) = (ws1, ch('(')).parse(i)?;
        let Some(len) = i.find(')') else {
            return fail(i);
        };
        Ok((&i[len + 1..], &i[..len]))
    })
    .parse(i)?;
    let (i, _) = (opt(ch(',')), ws1).parse(i)?;
    // "The AAMG is optional and has a 1.4 RF".
    let (i, _) = opt((phrase("is optional"), opt(ch(',')), ws1, phrase("and"), ws1)).parse(i)?;
    // Read by its words only where the weapon is said to be optional: "The Zwirn is available
    // in X at 1.4" is no weapon's.
    let (i, (value, available)) = weapon_availability(ctx, i).or_else(|e| match optional {
        Some(_) => super::weapon_words::weapon_by_words(ctx, i, open.is_some()),
        None => Err(e),
    })?;
    let mut typos = Vec::new();
    let mut i = i;
    if open.is_some() {
        match (ws0, ch(')')).parse(i) {
            Ok((r, _)) => i = r,
            Err(_) => typos.push(MisprintAt {
                kind: Misprint::UnbalancedParen,
                span: ctx.span_at(start, 1),
            }),
        }
    }
    Ok((
        i,
        Body {
            kind: ClauseKind::OptionalWeapon(OptionalWeapon {
                weapon: Spanned {
                    value: weapon.to_string(),
                    span: ctx.span(weapon),
                },
                version: version.map(|v| Spanned {
                    value: v.to_string(),
                    span: ctx.span(v),
                }),
                rf: value,
                available,
            }),
            vehicles,
            typos,
            needs_period: false,
            lead_in_only: false,
            also: Vec::new(),
        },
    ))
}

/// Verbs by which a vehicle has an optional weapon.
const HAS_WEAPON: [&str; 9] = [
    "may have",
    "can have",
    "has",
    "may carry",
    "can carry",
    "carries",
    "may mount",
    "can mount",
    "mounts",
];

/// "The X may have ", "It carries ", "May have " (the name taken by the scope): who has the
/// weapon named next, when the sentence names a vehicle (`None` for a pronoun or none).
fn weapon_owner<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Option<VehicleRef>> {
    // The weapon after the verb is said to be optional: "The AAMG has a 1.4 RF" is the
    // weapon's own sentence, no owner's.
    let optional_next = |r| {
        let article = phrase("an").or(phrase("a")).or(phrase("the"));
        (opt((article, ws1)), phrase("optional"), ws1)
            .parse(r)
            .is_ok()
    };
    if let Ok((r, _)) = (one_of(&HAS_WEAPON), ws1).parse(i) {
        return if optional_next(r) {
            Ok((r, None))
        } else {
            fail(i)
        };
    }
    let sentence = &i[..ctx.sentence_len(i)];
    let Some((len, after)) = HAS_WEAPON
        .iter()
        .filter_map(|v| {
            let at = sentence.find(&format!(" {v} "))?;
            Some((at, at + v.len() + 2))
        })
        .filter(|&(_, after)| optional_next(&i[after..]))
        .min()
    else {
        return fail(i);
    };
    let (named, _) = opt((phrase("the"), ws1)).parse(&i[..len])?;
    let owner = named.trim();
    if owner.is_empty() || owner.to_ascii_lowercase().contains("optional") {
        return fail(i);
    }
    let pronoun = ["it", "this vehicle", "this afv", "both", "they"]
        .iter()
        .any(|p| owner.eq_ignore_ascii_case(p));
    let vehicle = (!pronoun).then(|| VehicleRef {
        raw: owner.to_string(),
        span: ctx.span(owner),
        title_index: None,
    });
    Ok((&i[after..], vehicle))
}

/// " of the Autocannone da 65/17" after a weapon's name: the vehicle, whose name ends where
/// the verb starts ("... is always available", "... has a 1.4 RF").
fn weapon_of<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, VehicleRef> {
    let (i, _) = (ws1, phrase("of the"), ws1).parse(i)?;
    let sentence = &i[..ctx.sentence_len(i)];
    let Some(len) = [" is ", " has "]
        .iter()
        .filter_map(|verb| sentence.find(verb))
        .min()
    else {
        return fail(i);
    };
    let name = sentence[..len].trim_end();
    Ok((
        &i[len..],
        VehicleRef {
            raw: name.to_string(),
            span: ctx.span(name),
            title_index: None,
        },
    ))
}

/// What an optional weapon's sentence says after its name: "is always available and has a 1.4
/// RF", "is always available with an RF of 1.4", "has a 1.4 RF and is always available", "has
/// a 1.4 RF[,] but is available only for 1942-43 scenarios set in North Africa".
fn weapon_availability<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, (PrintedRf, WeaponAvailability)> {
    if let Ok((i, _)) = (
        phrase("is always available"),
        ws1,
        phrase("and has").or(phrase("with")),
        ws1,
    )
        .parse(i)
    {
        let (i, value) = rf_noun(ctx, i, false)?;
        return Ok((i, (value, WeaponAvailability::Always)));
    }
    let (i, _) = (phrase("has"), ws1).parse(i)?;
    let (i, value) = rf_noun(ctx, i, false)?;
    if let Ok((i, _)) = (ws1, phrase("and is always available")).parse(i) {
        return Ok((i, (value, WeaponAvailability::Always)));
    }
    // "has a rarity factor of 1.4" and nothing more: whenever the vehicle is available.
    if i.trim_start().is_empty() || i.trim_start().starts_with(['.', ')']) {
        return Ok((i, (value, WeaponAvailability::Always)));
    }
    let (i, _) = (
        opt((ws0, ch(','))),
        ws1,
        phrase("but is available only for"),
        ws1,
    )
        .parse(i)?;
    let (i, p) = span_period(ctx, i)?;
    let (i, _) = (ws1, phrase("scenarios set in"), ws1).parse(i)?;
    let (i, area) = named_area(ctx, i)?;
    Ok((i, (value, WeaponAvailability::Only { period: p, area })))
}

/// "HEAT Becomes Available in September 1942, as identified ...".
pub(crate) fn ammo_from<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let len = start
        .find(|c: char| !c.is_ascii_uppercase())
        .unwrap_or(start.len());
    if len < 2 {
        return fail(start);
    }
    let ammo = &start[..len];
    let (i, _) = (ws1, phrase("becomes available in"), ws1).parse(&start[len..])?;
    let (i, month) = point(ctx, i)?;
    // The rest of the sentence says how the listing marks it; it is rules prose.
    let i = match (ws0, ch(',')).parse(i) {
        Ok((r, _)) => {
            let sentence = &r[..ctx.sentence_len(r)];
            let body = sentence.strip_suffix('.').unwrap_or(sentence);
            &r[body.len()..]
        }
        Err(_) => i,
    };
    Ok((
        i,
        ClauseKind::AmmoFrom {
            ammo: Spanned {
                value: ammo.to_string(),
                span: ctx.span(ammo),
            },
            month,
        }
        .into(),
    ))
}

/// "This vehicle was used in North Africa at some time from 6/40 to 5/43 (within the limits
/// of its own given dates)" ("This gun was used on ..." in the ordnance notes), "If the
/// superscript “†” appears its use in North Africa was limited to Tunisia, 11/42 to 5/43
/// (...)" — the mark may be a dagger or letters ("T").
pub(crate) fn used_in<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, area, mark) = if let Ok((i, _)) = (
        phrase("this vehicle was").or(phrase("this gun was")),
        ws1,
        phrase("used").or(phrase("use")),
        ws1,
        phrase("in").or(phrase("on")),
        ws1,
    )
        .parse(start)
    {
        let (i, area) = named_area(ctx, i)?;
        let (i, _) = (ws1, phrase("at some time"), ws1).parse(i)?;
        (i, area, None)
    } else {
        let (i, _) = (phrase("if the superscript"), ws1).parse(start)?;
        let (i, mark) = superscript_mark(i)?;
        let (i, _) = (ws1, phrase("appears"), ws1, phrase("its use in"), ws1).parse(i)?;
        let (i, _) = named_area(ctx, i)?;
        let (i, _) = (ws1, phrase("was limited to"), ws1).parse(i)?;
        let (i, area) = named_area(ctx, i)?;
        let (i, _) = (ws0, ch(','), ws1).parse(i)?;
        (i, area, Some(mark))
    };
    let (i, when) = span_period(ctx, i)?;
    let (i, _) = opt(|i| {
        let (i, _) = (ws1, ch('('), phrase("within the limits of")).parse(i)?;
        let len = i.find(')').map_or(i.len(), |n| n + 1);
        Ok((&i[len..], ()))
    })
    .parse(i)?;
    Ok((
        i,
        ClauseKind::UsedIn {
            area,
            period: when,
            mark,
        }
        .into(),
    ))
}

/// The mark of "If the superscript “T” appears", quotes optional: a dagger, or letters as
/// plain or superscript characters (“ᵀ” reads as "T").
fn superscript_mark(i: &str) -> Res<'_, String> {
    let i = i.trim_start_matches(['"', '“', '”']);
    let len = i
        .find(|c: char| !(c == '†' || c.is_ascii_alphabetic() || superscript::is_superscript(c)))
        .unwrap_or(i.len());
    let mark: String = i[..len]
        .chars()
        .map(|c| superscript::plain(c).unwrap_or(c))
        .collect();
    // One dagger, or letters only: "†T" is no mark a note explains.
    let ok = mark == "†" || (!mark.is_empty() && mark.chars().all(|c| c.is_ascii_alphabetic()));
    if !ok {
        return fail(i);
    }
    Ok((i[len..].trim_start_matches(['"', '“', '”']), mark))
}

/// What "the same" refers to: a vehicle ("the same as the AS 42's", "those of the D2",
/// "as per the AS 42"), a note ("the same as in Note 3", "as per Note 3"), or the resolver's
/// choice ("the same", "as above", "the same as above").
fn antecedent<'a>(
    ctx: &Ctx<'a>,
    i: &'a str,
) -> Res<'a, (Option<VehicleRef>, Option<Spanned<u16>>)> {
    // "ditto", "ditto #14": the same.
    let (i, same) = opt(phrase("the same").or(phrase("ditto"))).parse(i)?;
    let mut above = (opt(ws1), phrase("as above")).map(|_| ());
    if let Ok((r, _)) = above.parse(i) {
        return Ok((r, (None, None)));
    }
    let (r, _) = if same.is_some() {
        match ws1(i) {
            Ok(read) => read,
            Err(_) => return Ok((i, (None, None))),
        }
    } else {
        (i, "")
    };
    // A link a vehicle name may follow, or only a possessive name or a note.
    let named = phrase("as those of")
        .or(phrase("as that of"))
        .or(phrase("identical to those of"))
        .or(phrase("identical to that of"))
        .or(phrase("identical to"))
        .or(phrase("as per"))
        .or(phrase("as for"))
        .or(phrase("those of"))
        .or(phrase("that of"))
        .map(|_| true)
        .or(phrase("as in")
            .or(phrase("those in"))
            .or(phrase("as"))
            .map(|_| false));
    let Ok((r, (any_name, _))) = (named, ws1).parse(r) else {
        return if same.is_some() {
            Ok((i, (None, None)))
        } else {
            fail(i)
        };
    };
    if let Ok((r2, note)) = note_ref(ctx, r) {
        return Ok((r2, (None, Some(note))));
    }
    let (r, _) = opt((phrase("the"), ws1)).parse(r)?;
    if let Ok((r2, base)) = possessive_name(ctx, r) {
        return Ok((r2, (Some(base), None)));
    }
    // "as the Dallow (note 8)": a name the listing does not hold, its note in brackets.
    if ctx.lexicon.vehicle_at(r).is_none() {
        if let Ok((r2, note)) = noun_of_note(ctx, r) {
            return Ok((r2, (None, Some(note))));
        }
    }
    // After "as" only a name the nation's listing holds ("the same as the Kpfw. B.1, but ...").
    if !any_name && ctx.lexicon.vehicle_at(r).is_none() {
        return fail(r);
    }
    let (r, base) = vehicle_name(ctx, r)?;
    Ok((r, (Some(base), None)))
}

/// "Note 3", "note 12": a numbered note named as the antecedent.
pub(crate) fn note_ref<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Spanned<u16>> {
    // "note 4", "Note 4", a spreadsheet's "#4".
    let (r, _) = (phrase("note"), ws1)
        .map(|_| ())
        .or(ch('#').map(|_| ()))
        .parse(i)?;
    let len = r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len());
    let Some(n) = r[..len].parse::<u16>().ok().filter(|_| len > 0) else {
        return fail(r);
    };
    let rest = &r[len..];
    Ok((
        rest,
        Spanned {
            value: n,
            span: ctx.span_between(i, rest),
        },
    ))
}

/// A stand-in for a period a form left out, which a lead-in fills (see [`Body::needs_period`]).
pub(crate) fn missing_period<'a>(ctx: &Ctx<'a>, at: &'a str) -> PrintedPeriod {
    PrintedPeriod {
        raw: String::new(),
        span: ctx.span_at(at, 0),
        value: Err(PrintedPeriodError::Unreadable),
        typos: Vec::new(),
    }
}

/// Wraps a clause read at the top level or inside brackets.
pub(crate) fn make_clause(
    ctx: &Ctx<'_>,
    text: &str,
    mut vehicles: Vec<VehicleRef>,
    body: Body,
) -> AvailabilityClause {
    vehicles.extend(body.vehicles);
    // "Both are restricted to the Militia": the note's vehicles, all of them.
    let every_vehicle = super::use_verbs::one_of(&EVERY_VEHICLE)(text)
        .is_ok_and(|(r, _)| r.starts_with(char::is_whitespace));
    AvailabilityClause {
        span: ctx.span(text),
        vehicles,
        kind: body.kind,
        typos: body.typos,
        every_vehicle,
    }
}

/// Subjects that name every vehicle of a note, at a sentence's start.
const EVERY_VEHICLE: [&str; 6] = [
    "both types",
    "both",
    "neither",
    "all of them",
    "all three",
    "each of them",
];
