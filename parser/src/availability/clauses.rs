//! The clause forms: one function per way the notes word an availability statement. Each reads
//! the clause body (after any vehicle names before it) and stops before the closing full stop.

use nom::combinator::opt;
use nom::Parser;

use super::entries::{
    date_entry, entry_list, faction_before, list, rf_entry, rf_in_words, rf_part, theater_entry,
};
use super::grammar_error::{fail, Ctx, Res};
use super::lexeme::{ch, phrase, sentence_len, ws0, ws1};
use super::parts::{area_after, cap, determiner, rf_phrase, span_period, ww2_scenarios};
use super::period_token::{month_name_period, period};
use super::rf_token::rf;
use super::scope::all_vehicles;
use super::syntax::{
    Area, AvailabilityClause, ClauseKind, EntryWhen, Misprint, MisprintAt, OptionalWeapon,
    PrintedPeriod, PrintedPeriodError, PrintedRf, RelativeRf, Schedule, ScheduleEntry,
    ScheduleForm, ScheduleSection, Spanned, VehicleRef, WeaponAvailability,
};
use super::theater_names::{exceptions, named_area};

/// What a clause body yields, besides the text it consumed.
pub(crate) struct Body {
    /// The statement.
    pub(crate) kind: ClauseKind,
    /// Vehicles named inside the body ("The optional AAMG of the Autocannone da 65/17").
    pub(crate) vehicles: Vec<VehicleRef>,
    /// Clause-level misprints.
    pub(crate) typos: Vec<MisprintAt>,
    /// True when the form left out its period ("availability is limited to ..."): a lead-in
    /// ("In 1945, ...") must give it, or the sentence does not read.
    pub(crate) needs_period: bool,
}

impl From<ClauseKind> for Body {
    fn from(kind: ClauseKind) -> Self {
        Self {
            kind,
            vehicles: Vec::new(),
            typos: Vec::new(),
            needs_period: false,
        }
    }
}

/// A clause-body grammar.
pub(crate) type BodyFn = for<'a> fn(&Ctx<'a>, &'a str) -> Res<'a, Body>;

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
    let (i, area) = opt(|i| area_after(ctx, i)).parse(i)?;
    let (i, _) = (ws1, phrase("are"), opt(ch(':')), ws1).parse(i)?;
    let (i, entries) = rated_entries(ctx, i)?;
    let first = ScheduleSection {
        span: ctx.span_between(start, i),
        area: area.unwrap_or(Area::Anywhere),
        entries,
        typos: Vec::new(),
    };
    let (i, sections) = more_sections(ctx, i, first, they_are_section)?;
    Ok((
        i,
        ClauseKind::Schedule(Schedule {
            form: ScheduleForm::DatesAndRf,
            sections,
        })
        .into(),
    ))
}

/// The entries of a dates-and-RF list: each period with its RF ("6/40 (1.1), 7/40 (1.2)"),
/// or periods sharing one RF after them ("6/40 and 8/40, with an RF of 1.1", "7-8/43 at RF
/// 1.4").
fn rated_entries<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Vec<ScheduleEntry>> {
    if let Ok(read) = entry_list(ctx, i, rf_entry) {
        return Ok(read);
    }
    let (i, mut entries) = entry_list(ctx, i, date_entry)?;
    let (i, value) = rf_in_words(ctx, i)?;
    for e in &mut entries {
        e.rf = Some(value.clone());
    }
    Ok((i, entries))
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
    let (i, _) = (ws1, phrase("they are"), opt(ch(':')), ws1).parse(i)?;
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

/// The area that opens a section: "for use in X", "for X", "in X".
fn section_area<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Area> {
    let (i, _) = (phrase("for use in").or(phrase("for")).or(phrase("in")), ws1).parse(i)?;
    named_area(ctx, i)
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

/// "RF is 1.2 for 1-6/42, ..., and 1.1 thereafter", "RF for use in Sicily is 1.3 for 7/43 and
/// 1.6 for 8/43", "RF for 44-5/45 use in Italy is 1.2".
pub(crate) fn rf_by_period<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, _) = (determiner, phrase("rf")).parse(start)?;
    // "RF for 44-5/45 use in Italy is 1.2": the period comes before the area.
    if let Ok((i, (_, p, _, area, _))) = (
        (ws1, phrase("for"), ws1),
        |i| period(ctx, i),
        (ws1, phrase("use in"), ws1),
        |i| named_area(ctx, i),
        (ws1, phrase("is"), ws1),
    )
        .parse(i)
    {
        let (i, value) = rf(ctx, i, false)?;
        let entry = ScheduleEntry {
            span: crate::TextSpan::new(ctx.file, p.span.range.start..value.span.range.end),
            when: EntryWhen::Period(p),
            rf: Some(value),
            qualifiers: Vec::new(),
            typos: Vec::new(),
        };
        return Ok((
            i,
            schedule_of(ScheduleForm::RfByPeriod, ctx, start, i, area, vec![entry]),
        ));
    }
    let (i, _) = opt((ws1, all_vehicles)).parse(i)?;
    let (i, area) = opt(|i| area_after(ctx, i)).parse(i)?;
    let (i, _) = (ws1, phrase("is"), ws1).parse(i)?;
    let (i, entries) = entry_list(ctx, i, rf_part)?;
    Ok((
        i,
        schedule_of(
            ScheduleForm::RfByPeriod,
            ctx,
            start,
            i,
            area.unwrap_or(Area::Anywhere),
            entries,
        ),
    ))
}

/// A one-section schedule.
fn schedule_of<'a>(
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
    let (i, _) = (determiner, phrase("rf")).parse(start)?;
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

/// "RF is always .4 higher (1.6 maximum) than the corresponding (for date and area) RF of the
/// L3/35", "Its RF is .4 higher than the L3/35's corresponding RF (max 1.6)": the cap before
/// "than" or at the end.
pub(crate) fn relative_rf<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, _) = (determiner, phrase("rf is"), ws1).parse(start)?;
    let (i, _) = opt((phrase("always"), ws1)).parse(i)?;
    let (i, delta) = rf(ctx, i, false)?;
    let (i, _) = (ws1, phrase("higher")).parse(i)?;
    let (i, max) = opt(|i| cap(ctx, i)).parse(i)?;
    let (i, _) = (ws1, phrase("than"), ws1).parse(i)?;
    let (i, base_vehicle) = relative_base(ctx, i)?;
    let (i, max) = match max {
        Some(m) => (i, Some(m)),
        None => opt(|i| cap(ctx, i)).parse(i)?,
    };
    Ok((
        i,
        ClauseKind::RelativeRf(RelativeRf {
            delta,
            max,
            base_vehicle,
        })
        .into(),
    ))
}

/// A vehicle name running to the end of the clause ("L3/35" before the full stop).
fn name_to_clause_end<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, VehicleRef> {
    let sentence = &i[..sentence_len(i)];
    let len = sentence
        .find([',', ';', ']', '(', ')'])
        .unwrap_or(sentence.len());
    let name = sentence[..len].trim_end().trim_end_matches('.').trim_end();
    if name.is_empty() {
        return fail(i);
    }
    Ok((
        &i[name.len()..],
        VehicleRef {
            raw: name.to_string(),
            span: ctx.span(name),
            title_index: None,
        },
    ))
}

/// "Dates and RF are the same, but with .1 added to the RF", "... are as above, with .1
/// added", "... are the same as the AS 42's, but with .1 subtracted from each RF", "... are
/// the same, but one month later", and both modifiers joined by "and".
pub(crate) fn same_with_added_rf<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, _) = dates_and_rf_words(start)?;
    let (i, _) = (ws1, phrase("are"), ws1).parse(i)?;
    let (i, base) = antecedent(ctx, i)?;
    let (mut i, _) = (opt((ws0, ch(','))), ws1, opt((phrase("but"), ws1))).parse(i)?;
    let zero = PrintedRf {
        raw: String::new(),
        span: ctx.span_at(i, 0),
        value: qm_schema::Tenths(0),
        typos: Vec::new(),
    };
    let (mut added, mut subtracted, mut months_later) = (None, false, None);
    loop {
        if added.is_none() {
            if let Ok((r, (value, minus))) = rf_change(ctx, i) {
                (added, subtracted, i) = (Some(value), minus, r);
            }
        }
        if months_later.is_none() {
            if let Ok((r, n)) = months_later_words(i) {
                (months_later, i) = (Some(n), r);
            }
        }
        match (ws1, phrase("and"), ws1).parse(i) {
            Ok((r, _)) if added.is_none() || months_later.is_none() => i = r,
            _ => break,
        }
    }
    if added.is_none() && months_later.is_none() {
        return fail(i);
    }
    let kind = ClauseKind::SameWithAddedRf {
        added: added.unwrap_or(zero),
        subtracted,
        months_later: months_later.unwrap_or(0),
        base,
    };
    Ok((i, kind.into()))
}

/// "with .1 added [to the RF]", "with .1 subtracted [from each RF]": the change and whether
/// it is taken away.
fn rf_change<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, (PrintedRf, bool)> {
    let (i, _) = (phrase("with"), ws1).parse(i)?;
    let (i, value) = rf(ctx, i, false)?;
    let (i, (_, minus)) = (
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
        phrase("the").or(phrase("each")).or(phrase("every")),
        ws1,
        phrase("rfs").or(phrase("rf")),
    ))
    .parse(i)?;
    Ok((i, (value, minus)))
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
            period(ctx, i)
        })
        .parse(i)?
    } else {
        let (i, p) = period(ctx, i)?;
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

/// "[The] availability for WWII scenarios is limited to 6/40 (France) and 7/43 (Sicily)",
/// "availability for WW2 scenarios is limited to East Africa, with Dates and RF of ...";
/// "for WW2 scenarios" may lead the sentence instead, or be left out.
pub(crate) fn limited_to<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, _) = (determiner, phrase("availability")).parse(start)?;
    let (i, _) = opt((ws1, phrase("for"), ws1, ww2_scenarios)).parse(i)?;
    let (i, _) = (ws1, phrase("is limited to"), ws1).parse(i)?;
    if let Ok((r, pairs)) = list(
        ctx,
        i,
        theater_entry,
        |(e, _): &mut (ScheduleEntry, _), t| e.typos.push(t),
    ) {
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
    let (i, month) = period(ctx, i)?;
    let (i, confirmed) = opt(|i| {
        let (i, _) = (ws0, ch('.'), ws1, phrase("as of"), ws1).parse(i)?;
        let (i, p) = period(ctx, i)?;
        let (i, _) = (ws1, phrase("it is radio-equipped")).parse(i)?;
        Ok((i, p))
    })
    .parse(i)?;
    Ok((i, ClauseKind::RadioFrom { month, confirmed }.into()))
}

/// "The optional AAMG is always available and has a 1.4 RF", "(The optional AAMG of the
/// Autocannone da 65/17 is always available ...", "If optional, the AAMG is always available
/// with an I.4 RF", "The optional AAMG (i.e., the Furgone version) has a 1.4 RF, but is
/// available only for 1942-43 scenarios set in North Africa".
pub(crate) fn optional_weapon<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, open) = opt(ch('(')).parse(start)?;
    let (i, _) = opt((phrase("if optional"), ws0, ch(','), ws1)).parse(i)?;
    let (i, _) = (phrase("the"), ws1, opt((phrase("optional"), ws1))).parse(i)?;
    let weapon_len = i
        .find(|c: char| !c.is_ascii_alphanumeric())
        .unwrap_or(i.len());
    if weapon_len == 0 {
        return fail(i);
    }
    let weapon = &i[..weapon_len];
    let i = &i[weapon_len..];
    let mut vehicles = Vec::new();
    let (i, of) = opt(|i| {
        let (i, _) = (ws1, phrase("of the"), ws1).parse(i)?;
        let sentence = &i[..sentence_len(i)];
        // The name ends where the verb starts: "... is always available", "... has a 1.4 RF".
        let Some(len) = [" is ", " has "]
            .iter()
            .filter_map(|verb| sentence.find(verb))
            .min()
        else {
            return fail(i);
        };
        let name = sentence[..len].trim_end();
        Ok((&i[len..], name))
    })
    .parse(i)?;
    if let Some(name) = of {
        vehicles.push(VehicleRef {
            raw: name.to_string(),
            span: ctx.span(name),
            title_index: None,
        });
    }
    let (i, version) = opt(|i| {
        let (i, _) = (ws1, ch('(')).parse(i)?;
        let Some(len) = i.find(')') else {
            return fail(i);
        };
        Ok((&i[len + 1..], &i[..len]))
    })
    .parse(i)?;
    let (i, _) = ws1(i)?;
    let (i, (value, available)) = weapon_availability(ctx, i)?;
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
        let (i, value) = rf_phrase(ctx, i)?;
        return Ok((i, (value, WeaponAvailability::Always)));
    }
    let (i, _) = (phrase("has"), ws1).parse(i)?;
    let (i, value) = rf_phrase(ctx, i)?;
    if let Ok((i, _)) = (ws1, phrase("and is always available")).parse(i) {
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
    let (i, month) = month_name_period(ctx, i)?;
    // The rest of the sentence says how the listing marks it; it is rules prose.
    let i = match (ws0, ch(',')).parse(i) {
        Ok((r, _)) => {
            let sentence = &r[..sentence_len(r)];
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
/// of its own given dates)", "If the superscript “†” appears its use in North Africa was
/// limited to Tunisia, 11/42 to 5/43 (...)".
pub(crate) fn used_in<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, area, dagger_only) = if let Ok((i, _)) = (
        phrase("this vehicle was"),
        ws1,
        phrase("used").or(phrase("use")),
        ws1,
        phrase("in"),
        ws1,
    )
        .parse(start)
    {
        let (i, area) = named_area(ctx, i)?;
        let (i, _) = (ws1, phrase("at some time"), ws1).parse(i)?;
        (i, area, false)
    } else {
        let (i, _) = (phrase("if the superscript"), ws1).parse(start)?;
        let i = i.trim_start_matches(['"', '“', '”']);
        let i = i
            .strip_prefix('†')
            .map_or_else(|| fail(i), |r| Ok((r, ())))?
            .0;
        let i = i.trim_start_matches(['"', '“', '”']);
        let (i, _) = (ws1, phrase("appears"), ws1, phrase("its use in"), ws1).parse(i)?;
        let (i, _) = named_area(ctx, i)?;
        let (i, _) = (ws1, phrase("was limited to"), ws1).parse(i)?;
        let (i, area) = named_area(ctx, i)?;
        let (i, _) = (ws0, ch(','), ws1).parse(i)?;
        (i, area, true)
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
            dagger_only,
        }
        .into(),
    ))
}

/// The base of a relative rule after "than": "the corresponding (for date and area) RF of the
/// L3/35", "the L3/35's corresponding RF (for the same date and area)".
fn relative_base<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, VehicleRef> {
    if let Ok((i, _)) = (phrase("the corresponding")).parse(i) {
        // "(for date and area)" / "(for dates and area)": the same basis either way.
        let (i, _) = opt((ws1, phrase("(for"), |i: &'a str| {
            let len = i.find(')').map_or(i.len(), |n| n + 1);
            Ok((&i[len..], ()))
        }))
        .parse(i)?;
        let (i, _) = (ws1, phrase("rf of"), ws1, opt((phrase("the"), ws1))).parse(i)?;
        return name_to_clause_end(ctx, i);
    }
    let (i, _) = opt((phrase("the"), ws1)).parse(i)?;
    let (i, base) = possessive_name(ctx, i)?;
    let (i, _) = opt((ws1, phrase("corresponding"))).parse(i)?;
    let (i, _) = (ws1, phrase("rf")).parse(i)?;
    let (i, _) = opt((
        ws1,
        phrase("for the same dates and area").or(phrase("for the same date and area")),
    ))
    .parse(i)?;
    Ok((i, base))
}

/// "L3/35's", "AS 42’s": a vehicle name and its possessive ending, within the clause.
fn possessive_name<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, VehicleRef> {
    let sentence = &i[..sentence_len(i)];
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

/// What "the same" refers to: "the same as the AS 42's" names it; "the same", "as above" and
/// "the same as above" leave it to the resolver.
fn antecedent<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Option<VehicleRef>> {
    if let Ok((r, _)) = phrase("as above").parse(i) {
        return Ok((r, None));
    }
    let (i, _) = phrase("the same").parse(i)?;
    if let Ok((r, _)) = (ws1, phrase("as above")).parse(i) {
        return Ok((r, None));
    }
    if let Ok((r, _)) = (ws1, phrase("as"), ws1, opt((phrase("the"), ws1))).parse(i) {
        let (r, base) = possessive_name(ctx, r)?;
        return Ok((r, Some(base)));
    }
    Ok((i, None))
}

/// A stand-in for a period a form left out, which a lead-in fills (see [`Body::needs_period`]).
fn missing_period<'a>(ctx: &Ctx<'a>, at: &'a str) -> PrintedPeriod {
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
    AvailabilityClause {
        span: ctx.span(text),
        vehicles,
        kind: body.kind,
        typos: body.typos,
    }
}
