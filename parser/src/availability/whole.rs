//! RFs given for the whole of a vehicle's DATES, with another for other places: "RF 1.2; 1.4
//! on the Isles", "RF 1.5, but only 1.3 in the Thornwald", "RF is 1.4 (1.6 on the Isles)", "Its RF on the Steppe is 1.5; elsewhere it
//! is 1.2", "RF is 1.3 in every theater except X, where it is 1.5", "RF is 1.0 in all
//! theaters, but in X it rises to 1.2 after June 1943". Each RF with no period holds from the
//! first month the nation's data holds ([`super::when::whole_dates`]); the DATES cut it.

use nom::combinator::opt;
use nom::Parser;

use super::body::Body;
use super::grammar_error::{fail, Ctx, Res};
use super::lexeme::{ch, phrase, ws0, ws1};
use super::rf_token::rf;
use super::syntax::{
    Area, ClauseKind, EntryWhen, PrintedPeriod, PrintedRf, Schedule, ScheduleEntry, ScheduleForm,
    ScheduleSection, TheaterException,
};
use super::theater_names::named_area;

/// "; 1.4 on the Isles", " (1.6 on the Isles)", ", but (only) 1.3 in the Thornwald": another
/// RF and the place it holds in. A month is no place ("RF .9, but 1.5 in November 1947" is
/// months apart).
fn rf_in_place<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, (PrintedRf, Area)> {
    let but = (
        ws0,
        ch(','),
        ws0,
        phrase("but"),
        ws1,
        opt((phrase("only"), ws1)),
    );
    let (r, paren) = (ws0, ch(';').or(ch('(')), ws0)
        .map(|(_, c, _)| c)
        .or(but.map(|_| ','))
        .parse(i)?;
    let rf_then_place = |r| {
        (
            |r| rf(ctx, r, false),
            ws1,
            (phrase("in").or(phrase("on")), ws1),
            |r| match super::when::when(ctx, r) {
                Ok(_) => fail(r),
                Err(_) => named_area(ctx, r),
            },
        )
            .map(|(other, _, _, place)| (other, place))
            .parse(r)
    };
    // "(SLT: 1.6)": a place the nation knows as a label, its RF after the colon.
    let labelled = |r| {
        let (r, place) = named_area(ctx, r)?;
        let (r, (_, _, _, other)) = (ws0, ch(':'), ws0, |r| rf(ctx, r, false)).parse(r)?;
        Ok((r, (other, place)))
    };
    let labelled = |r| match ctx.lexicon.place_at(r) {
        Some(_) => labelled(r),
        None => fail(r),
    };
    let (r, (other, place)) = rf_then_place(r).or_else(|_| labelled(r))?;
    let r = if paren == '(' {
        (ws0, ch(')')).parse(r)?.0
    } else {
        r
    };
    Ok((r, (other, place)))
}

/// After an RF given without a period (its one entry's period a stand-in), another RF for
/// other places: "; 1.4 on the Isles", " (1.6 on the Isles)" (every place but those at the
/// first RF), or "; elsewhere it is 1.2" after an RF of `area`. Each RF holds for the
/// vehicle's whole DATES ([`super::when::whole_dates`]).
pub(crate) fn rf_with_places<'a>(
    ctx: &Ctx<'a>,
    start: &'a str,
    i: &'a str,
    area: Option<Area>,
    entries: &[ScheduleEntry],
) -> Res<'a, Body> {
    let value = lone_rf(i, entries)?;
    let (r, other, place) = match area {
        Some(area) => {
            let (r, (_, _, _, _, other)) = (
                (ws0, ch(';').or(ch(',')), ws0),
                phrase("elsewhere"),
                ws1,
                (
                    phrase("it is")
                        .or(phrase("its rf is"))
                        .or(phrase("the rf is")),
                    ws1,
                ),
                |r| rf(ctx, r, false),
            )
                .parse(i)?;
            (r, other, (area, Area::Elsewhere { except: Vec::new() }))
        }
        None => {
            let (r, (other, place)) = rf_in_place(ctx, i)?;
            let Some(rest) = left_out(&place) else {
                return fail(i);
            };
            (r, other, (rest, place))
        }
    };
    let section = |area: Area, rf: PrintedRf| -> Option<ScheduleSection> {
        Some(ScheduleSection {
            span: ctx.span_between(start, r),
            area,
            entries: vec![ScheduleEntry {
                span: rf.span.clone(),
                when: super::when::whole_dates(ctx, i, i)?,
                rf: Some(rf),
                qualifiers: Vec::new(),
                typos: Vec::new(),
            }],
            typos: Vec::new(),
        })
    };
    let (Some(a), Some(b)) = (section(place.0, value), section(place.1, other)) else {
        return fail(i);
    };
    Ok((
        r,
        ClauseKind::Schedule(Schedule {
            form: ScheduleForm::RfByPeriod,
            sections: vec![a, b],
        })
        .into(),
    ))
}

/// The RF of the one entry an RF given without a period makes; an error at `i` for any other
/// entries.
fn lone_rf<'a>(
    i: &'a str,
    entries: &[ScheduleEntry],
) -> Result<PrintedRf, nom::Err<super::grammar_error::GrammarError<'a>>> {
    match entries {
        [ScheduleEntry {
            rf: Some(value), ..
        }] => Ok(value.clone()),
        _ => fail(i).map(|(_, v): (&str, PrintedRf)| v),
    }
}

/// After an RF given without a period, another for some months: "RF is 1.0 (1.3 in 1942)",
/// "RF is 1.3 [1.5 in 1942]", "RF 1.2, but 1.4 in 1943-44": the first RF before and after
/// those months over the whole DATES, the second within them.
pub(crate) fn rf_with_months_apart<'a>(
    ctx: &Ctx<'a>,
    start: &'a str,
    i: &'a str,
    entries: &[ScheduleEntry],
) -> Res<'a, Body> {
    let value = lone_rf(i, entries)?;
    let open =
        (ws0, ch('(').or(ch('[')))
            .map(|(_, c)| Some(c))
            .or((ws0, ch(','), ws0, phrase("but")).map(|_| None));
    let (r, (close, _, other, _, w)) = (
        open,
        ws0,
        |r| rf(ctx, r, false),
        (
            ws1,
            opt((phrase("in").or(phrase("during")).or(phrase("for")), ws1)),
        ),
        |r| super::when::when(ctx, r),
    )
        .parse(i)?;
    let r = match close {
        Some('(') => (ws0, ch(')')).parse(r)?.0,
        Some(_) => (ws0, ch(']')).parse(r)?.0,
        None => r,
    };
    let EntryWhen::Period(p) = w else {
        return fail(i);
    };
    let missing = || nom::Err::Error(super::grammar_error::GrammarError { at: i });
    let entries = months_apart(ctx, i, &value, &other, &p).ok_or_else(missing)?;
    Ok((
        r,
        schedule_body(vec![ScheduleSection {
            span: ctx.span_between(start, r),
            area: Area::Anywhere,
            entries,
            typos: Vec::new(),
        }]),
    ))
}

/// `value` before and after the months of `p` (over the whole DATES), `other` within them.
pub(crate) fn months_apart(
    ctx: &Ctx<'_>,
    at: &str,
    value: &PrintedRf,
    other: &PrintedRf,
    p: &PrintedPeriod,
) -> Option<Vec<ScheduleEntry>> {
    let months = p.value.ok()?;
    let apart = |m: qm_schema::YearMonth| {
        let mut q = p.clone();
        q.value = Ok(qm_schema::Period { from: m, to: m });
        q
    };
    Some(vec![
        entry(
            ctx,
            at,
            value,
            Some(EntryWhen::Until(apart(months.from.pred()))),
        )?,
        entry(ctx, at, other, Some(EntryWhen::Period(p.clone())))?,
        entry(
            ctx,
            at,
            value,
            Some(EntryWhen::From(apart(months.to.succ()))),
        )?,
    ])
}

/// "1.3 in every theater[, except X, where it is 1.5]", "1.0 in all theaters, but in X it rises
/// to 1.2 after June 1943": an RF of every theater for the whole DATES, X apart.
pub(crate) fn rf_everywhere<'a>(ctx: &Ctx<'a>, start: &'a str, i: &'a str) -> Res<'a, Body> {
    let (r, value) = rf(ctx, i, false)?;
    let every = (
        ws1,
        phrase("in every theater")
            .or(phrase("in every theatre"))
            .or(phrase("in all theaters"))
            .or(phrase("in all theatres"))
            .or(phrase("everywhere")),
    )
        .parse(r);
    // "RF 1.0, save in the Vell Hills, where it's 1.2": without its "everywhere" the RF is
    // still every theater's but the one set apart.
    let r = match every {
        Ok((r, _)) => r,
        Err(e) if except_where(ctx, r).is_err() => return Err(e),
        Err(_) => r,
    };
    let missing = || nom::Err::Error(super::grammar_error::GrammarError { at: i });
    let whole = |rf: &PrintedRf| entry(ctx, i, rf, None).ok_or_else(missing);
    let section = |area: Area, entries: Vec<ScheduleEntry>| ScheduleSection {
        span: ctx.span_between(start, i),
        area,
        entries,
        typos: Vec::new(),
    };
    // ", except the Amber Isles, where it is 1.5".
    if let Ok((r2, (place, other))) = except_where(ctx, r) {
        let rest = left_out(&place).ok_or_else(missing)?;
        let sections = vec![
            section(rest, vec![whole(&value)?]),
            section(place, vec![whole(&other)?]),
        ];
        return Ok((r2, schedule_body(sections)));
    }
    // ", but in the Amber Isles it rises to 1.2 after June 1943".
    if let Ok((r2, (place, other, p))) = but_in(ctx, r) {
        let rest = left_out(&place).ok_or_else(missing)?;
        let mut before = p.clone();
        before.value = p.value.map(|v| qm_schema::Period {
            from: v.from.pred(),
            to: v.from.pred(),
        });
        let there = vec![
            entry(ctx, i, &value, Some(EntryWhen::Until(before))).ok_or_else(missing)?,
            entry(ctx, i, &other, Some(EntryWhen::From(p))).ok_or_else(missing)?,
        ];
        let sections = vec![section(rest, vec![whole(&value)?]), section(place, there)];
        return Ok((r2, schedule_body(sections)));
    }
    let everywhere = Area::AllBut { except: Vec::new() };
    Ok((
        r,
        schedule_body(vec![section(everywhere, vec![whole(&value)?])]),
    ))
}

/// An entry at `rf` for `when`, or for the whole DATES.
fn entry(
    ctx: &Ctx<'_>,
    at: &str,
    rf: &PrintedRf,
    when: Option<EntryWhen>,
) -> Option<ScheduleEntry> {
    Some(ScheduleEntry {
        span: rf.span.clone(),
        when: when.or_else(|| super::when::whole_dates(ctx, at, at))?,
        rf: Some(rf.clone()),
        qualifiers: Vec::new(),
        typos: Vec::new(),
    })
}

/// Every theater but those `place` names (`None` when it names none).
fn left_out(place: &Area) -> Option<Area> {
    let except = exceptions_of(place, false)?;
    Some(Area::AllBut { except })
}

/// "[,] except (in) X, where it is 1.5" (`save`, `bar`; "where the roads ate them and it's
/// 1.5"): the place and its RF.
fn except_where<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, (Area, PrintedRf)> {
    let except = phrase("except").or(phrase("save")).or(phrase("bar"));
    let (r, _) = (opt((ws0, ch(','))), ws1, except, ws1).parse(i)?;
    let (r, _) = opt((phrase("in").or(phrase("on")), ws1)).parse(r)?;
    let (r, place) = named_area(ctx, r)?;
    let (r, _) = (ws0, ch(','), ws0).parse(r)?;
    let (r, other) = super::rf_words::where_is(ctx, r)?;
    Ok((r, (place, other)))
}

/// ", but in X it rises to 1.2 after June 1943": the place, its new RF and when it begins.
fn but_in<'a>(
    ctx: &Ctx<'a>,
    i: &'a str,
) -> Res<'a, (Area, PrintedRf, super::syntax::PrintedPeriod)> {
    let (r, _) = (ws0, ch(','), ws0, phrase("but"), ws1).parse(i)?;
    let (r, _) = (phrase("in").or(phrase("on")), ws1).parse(r)?;
    let (r, place) = named_area(ctx, r)?;
    let (r, _) = (ws1, phrase("it"), ws1, change_verb, ws1).parse(r)?;
    let (r, other) = rf(ctx, r, false)?;
    let (r, (_, w)) = (ws1, |r| super::when::when(ctx, r)).parse(r)?;
    let EntryWhen::From(p) = w else {
        return fail(i);
    };
    Ok((r, (place, other, p)))
}

/// "rises to", "falls to", "drops to", "is".
fn change_verb(i: &str) -> Res<'_, &str> {
    phrase("rises to")
        .or(phrase("falls to"))
        .or(phrase("drops to"))
        .or(phrase("is"))
        .parse(i)
}

/// An RF-by-period schedule of `sections`.
fn schedule_body(sections: Vec<ScheduleSection>) -> Body {
    ClauseKind::Schedule(Schedule {
        form: ScheduleForm::RfByPeriod,
        sections,
    })
    .into()
}

/// The theaters `place` names as exceptions of an area (`not_available`: "NA in X"); `None`
/// when it names none.
pub(crate) fn exceptions_of(place: &Area, not_available: bool) -> Option<Vec<TheaterException>> {
    let Area::Theaters { theaters, .. } = place else {
        return None;
    };
    let except = theaters.iter().map(|theater| TheaterException {
        theater: theater.clone(),
        not_available,
    });
    Some(except.collect())
}
