//! Schedule entries: periods with the RF they share and qualifiers ("44-5/45 (1.3; Fascist use
//! only)", "1942 and 1943 (RF 1.2)"), a bare period ("6/40"), a period with its theater ("6/40
//! (France)"), an RF with its periods ("1.2 for 1-6/42", "1.5 in 1943", "1.1 thereafter",
//! "rising to 1.5 in 1942"), and the lists they come in.

use nom::combinator::opt;
use nom::Parser;

use super::grammar_error::{Ctx, Res};
use super::lexeme::{ch, phrase, ws0, ws1};
use super::period_token::join;
use super::rf_token::rf;
use super::rf_words::{read_qualifiers, rf_after, rf_noun};
use super::syntax::{
    EntryWhen, Misprint, MisprintAt, PrintedPeriod, PrintedRf, ScheduleEntry, TheaterRef,
};
use super::theater_names::theaters;
use super::use_verbs::one_of;
use super::when::{span_period, when};

/// One or more periods and the RF they share after them: "6-12/40 (.9)", "44-5/45 (1.3;
/// Fascist use only)", "9/43 (1.6.)", "6/40-6/41, (1.5)", "44-5/45 (1.4) Fascist use only",
/// "6/40 and 8/40, with an RF of 1.1", "1942 and 1943 (RF 1.2)", "7-8/43 at RF 1.4", "from
/// 2/43 on (1.1)".
pub(crate) fn rated_group<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Vec<ScheduleEntry>> {
    // "..., in 1943 RF 1.4": the period's own "in" or "during".
    let at = (super::lexeme::period_preposition, ws1)
        .parse(start)
        .map_or(start, |(r, _)| r);
    let (mut i, first) = when(ctx, at)?;
    let mut whens = vec![(start, first)];
    loop {
        if let Ok((r, (after, qualifiers))) = rf_after(ctx, i) {
            if places_own_rf(ctx, i, r) {
                return super::grammar_error::fail(i);
            }
            let qualifiers = read_qualifiers(ctx, &qualifiers);
            let last = whens.len() - 1;
            let entries = whens
                .into_iter()
                .enumerate()
                .map(|(n, (at, when))| ScheduleEntry {
                    span: if n == last {
                        ctx.span_between(at, r)
                    } else {
                        when_span(&when)
                    },
                    when,
                    rf: Some(after.rf.clone()),
                    qualifiers: qualifiers.clone(),
                    typos: if n == last {
                        after.typos.clone()
                    } else {
                        Vec::new()
                    },
                })
                .collect();
            return Ok((r, entries));
        }
        // Another period sharing the RF that follows.
        let (r, _) = strict_separator(i)?;
        let (r2, w) = when(ctx, r)?;
        whens.push((r, w));
        i = r2;
    }
}

/// True when places follow an RF set apart by ", with" ("1/40-6/43, with an RF of 1.1 in the
/// Marches and Vardenmark"): they are the RF's own, not the list's, and the list ends before
/// the RF (the sentence is then read by its parts).
fn places_own_rf<'a>(ctx: &Ctx<'a>, i: &'a str, r: &'a str) -> bool {
    let set_apart = (ws0, ch(','), ws1, phrase("with")).parse(i).is_ok();
    set_apart && known_place_follows(ctx, r)
}

/// True when a place the nation knows follows `i` with its preposition (" in Vardenmark", " on
/// the Northern Front"); without a lexicon, never ("in August", "in spirit" name none).
pub(crate) fn known_place_follows(ctx: &Ctx<'_>, i: &str) -> bool {
    (ws1, super::lexeme::place_preposition, ws1)
        .parse(i)
        .is_ok_and(|(r, _)| ctx.lexicon.place_at(r).is_some())
}

/// The span of an entry's months.
fn when_span(when: &EntryWhen) -> crate::TextSpan {
    match when {
        EntryWhen::Period(p) | EntryWhen::From(p) | EntryWhen::Until(p) => p.span.clone(),
        EntryWhen::Thereafter(span) => span.clone(),
    }
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

/// A period with its theater in parentheses, "6/40 (France)", or the other way round,
/// "France (6/40)".
pub(crate) fn theater_entry<'a>(
    ctx: &Ctx<'a>,
    start: &'a str,
) -> Res<'a, (ScheduleEntry, Vec<TheaterRef>)> {
    let theater_first = |i: &'a str| -> Res<'a, (ScheduleEntry, Vec<TheaterRef>)> {
        let (i, names) = theaters(ctx, i)?;
        let (i, _) = (ws0, ch('('), ws0).parse(i)?;
        let (i, entry) = date_entry(ctx, i)?;
        let (i, _) = (ws0, ch(')')).parse(i)?;
        Ok((i, (entry, names)))
    };
    if let Ok(read) = theater_first(start) {
        return Ok(read);
    }
    let (i, entry) = date_entry(ctx, start)?;
    let (i, _) = (ws0, ch('('), ws0).parse(i)?;
    let (i, names) = theaters(ctx, i)?;
    let (i, _) = (ws0, ch(')')).parse(i)?;
    Ok((i, (entry, names)))
}

/// Words that change an RF from the entry before ("rising to 1.5 in 1942", "drops to 1.0
/// (7-11/42)", "and is 1.1 from 2/43 on", "then 1.3"), longest first.
const CHANGES: [&str; 32] = [
    // A spreadsheet's arrow: "RF 1.2 -> 1.0 from 3/42".
    "->",
    "→",
    "easing to",
    "eases to",
    "eased to",
    "going up to",
    "goes up to",
    "went up to",
    "going down to",
    "goes down to",
    "went down to",
    "rising to",
    "rises to",
    "rose to",
    "falling to",
    "falls to",
    "fell to",
    "dropping to",
    "drops to",
    "dropped to",
    "climbing to",
    "climbs to",
    "climbed to",
    "increasing to",
    "increases to",
    "increased to",
    "decreasing to",
    "decreases to",
    "decreased to",
    "then",
    "is",
    "was",
];

/// Words that give an RF as a change from the one before: "rising to 1.5 in 1942", "then
/// 1.3"; without a period after it, the RF holds thereafter.
pub(crate) fn change_word(i: &str) -> Res<'_, &str> {
    let (r, _) = opt((phrase("and"), ws1)).parse(i)?;
    let (r, _) = opt((phrase("which"), ws1)).parse(r)?;
    one_of(&CHANGES)(r)
}

/// An RF with its periods: "1.2 for 1-6/42", "1.5 in 1943", "1.5 from 11/41 to 6/42", "1.1
/// thereafter", "1.1 from 2/43 on", "1.0 in 1939 and 1940", "rising to 1.5 in 1942", "then
/// 1.3". Periods after "and" that follow on month for month are one period ("in 1941 and
/// 1942"); others are entries sharing the RF ("in 1941 and 1943").
pub(crate) fn rf_part<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Vec<ScheduleEntry>> {
    let rf_first = |start: &'a str| -> Res<'a, Vec<ScheduleEntry>> {
        // "An RF of 1.2 applies for 1-6/42, of 1.0 for 7-11/42": "[an RF] of 1.0", the noun
        // said once.
        let (i, _) = opt((phrase("of"), ws1)).parse(start)?;
        let (i, change) = opt((change_word, ws1)).parse(i)?;
        // "and a mere 1.0 from 1944": the adjective adds nothing.
        let (i, _) = opt((phrase("a mere"), ws1)).parse(i)?;
        let (i, value) = rf_noun(ctx, i, false)?;
        periods_of(ctx, start, i, value, change.is_some())
    };
    let (i, mut entries) = rf_first(start).or_else(|_| period_first(ctx, start))?;
    // "then 1.1 like elsewhere": a comparison adds nothing to the RF said.
    let like = super::use_verbs::one_of(&["like", "as"]);
    let same = super::use_verbs::one_of(&["everywhere else", "elsewhere", "before"]);
    let (mut i, _) = opt((ws1, like, ws1, same)).parse(i)?;
    // "1.3 in 1944 (1.1 in 1945)": another RF with its periods, in parentheses.
    if let Ok((r, (_, _, _, more, _, _))) =
        (ws0, ch('('), ws0, |r| rf_part(ctx, r), ws0, ch(')')).parse(i)
    {
        entries.extend(more);
        i = r;
    }
    // "1.4 from 1/44 to 5/45 (Fascist use only)": who may use it then.
    if let Ok((r, (_, q))) = (ws0, |r| super::faction_words::use_only(ctx, r)).parse(i) {
        if let Some(last) = entries.last_mut() {
            last.qualifiers.push(q);
            return Ok((r, entries));
        }
    }
    Ok((i, entries))
}

/// An RF after its period: "after that, 1.3", "from 1943 on, 1.3", "July 1943: RF 1.2".
pub(crate) fn period_first<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Vec<ScheduleEntry>> {
    let (i, _) = opt((super::lexeme::period_preposition, ws1)).parse(start)?;
    let (i, w) = when(ctx, i)?;
    let (i, _) = (opt(ch(',').or(ch(':'))), ws1).parse(i)?;
    let (i, value) = rf_noun(ctx, i, false)?;
    // "after June 1940, 1.5, right up until the end of '42": the open start's end after its
    // RF.
    let (i, when) = match (&w, (opt(ch(',')), ws1, |r| when(ctx, r)).parse(i)) {
        (EntryWhen::From(from), Ok((r, (_, _, EntryWhen::Until(to))))) => (
            r,
            EntryWhen::Period(super::period_token::join(ctx, from.clone(), to)),
        ),
        _ => (i, w),
    };
    let entry = ScheduleEntry {
        span: ctx.span_between(start, i),
        when,
        rf: Some(value),
        qualifiers: Vec::new(),
        typos: Vec::new(),
    };
    Ok((i, vec![entry]))
}

/// The words before the period an RF holds for: "for", "in", "during", and the scenario's
/// words ("for scenarios set in 1941", "for those set in 1942", "in scenarios of 1943").
fn period_preposition(i: &str) -> Res<'_, &str> {
    phrase("for scenarios set in")
        .or(phrase("for those set in"))
        .or(phrase("in scenarios set in"))
        .or(phrase("in those set in"))
        .or(phrase("for scenarios in"))
        .or(phrase("in scenarios of"))
        .or(phrase("for scenarios of"))
        .or(phrase("for"))
        .or(phrase("in"))
        .or(phrase("during"))
        .parse(i)
}

/// Words of a clause that says use began: "when they first turn up in ", "when it first
/// appeared in ": "when", up to five plain words with a word of onset among them, then "in";
/// the text after "in".
fn onset_clause(i: &str) -> Option<&str> {
    let (r, _) = (phrase("when"), ws1).parse(i).ok()?;
    let at = super::when::prose_before_month(r)?;
    let words = &r[..r.len() - at.len()];
    let onset = [
        "first", "appear", "arriv", "turn up", "turns up", "show up", "enter",
    ];
    onset.iter().any(|w| words.contains(w)).then_some(at)
}

/// A period, and "scenarios" after it if it is there ("in 1941 scenarios").
fn scenario_when<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, EntryWhen> {
    let (r, w) = when(ctx, i)?;
    let (r, _) = opt((ws1, phrase("scenarios"))).parse(r)?;
    Ok((r, w))
}

/// The periods an RF read between `start` and `i` holds for ("for 1-6/42", "in 1941 and
/// 1943"); `changed`: it was given as a change ("rising to 1.5"), so no period means
/// thereafter.
pub(crate) fn periods_of<'a>(
    ctx: &Ctx<'a>,
    start: &'a str,
    i: &'a str,
    value: PrintedRf,
    changed: bool,
) -> Res<'a, Vec<ScheduleEntry>> {
    let when_at = |i: &'a str| -> Res<'a, EntryWhen> {
        // "1.5 (1940)": the period in parentheses.
        if let Ok((r, (_, _, _, w, _, _))) =
            (ws0, ch('('), ws0, |r| when(ctx, r), ws0, ch(')')).parse(i)
        {
            return Ok((r, w));
        }
        let (i, _) = ws1(i)?;
        // "RF 1.4 when they first turn up in March 1941": from then on.
        if let Some(at) = onset_clause(i) {
            if let Ok((r, EntryWhen::Period(p))) = scenario_when(ctx, at) {
                let mut from = p;
                from.value = from.value.map(|v| qm_schema::Period {
                    from: v.from,
                    to: v.from,
                });
                return Ok((r, EntryWhen::From(from)));
            }
        }
        let (i, _) = opt((period_preposition, ws1)).parse(i)?;
        scenario_when(ctx, i)
    };
    let (mut i, first) = match when_at(i) {
        Ok(read) => read,
        // "then 1.3", "rising to 1.5": from the month after the entry before.
        Err(_) if changed => (i, EntryWhen::Thereafter(ctx.span_at(i, 0))),
        Err(e) => return Err(e),
    };
    let mut whens = vec![first];
    while let Ok((r, _)) = strict_separator(i) {
        let (r, _) = opt((period_preposition, ws1)).parse(r)?;
        if rf(ctx, r, false).is_ok() || change_word(r).is_ok() {
            break;
        }
        let Ok((r2, EntryWhen::Period(p))) = scenario_when(ctx, r) else {
            break;
        };
        match whens.last_mut() {
            Some(EntryWhen::Period(last)) if follows(last, &p) => {
                *last = join(ctx, last.clone(), p);
            }
            _ => whens.push(EntryWhen::Period(p)),
        }
        i = r2;
    }
    let n = whens.len();
    let entries = whens
        .into_iter()
        .map(|when| ScheduleEntry {
            span: if n == 1 {
                ctx.span_between(start, i)
            } else {
                when_span(&when)
            },
            when,
            rf: Some(value.clone()),
            qualifiers: Vec::new(),
            typos: Vec::new(),
        })
        .collect();
    Ok((i, entries))
}

/// True when `next` starts the month after `last` ends.
fn follows(last: &PrintedPeriod, next: &PrintedPeriod) -> bool {
    matches!((&last.value, &next.value), (Ok(a), Ok(b)) if a.to.succ() == b.from)
}

/// ",", ", and", " and" between two items (never whitespace alone).
pub(crate) fn strict_separator(i: &str) -> Res<'_, ()> {
    if let Ok((r, _)) = (ws0, ch(','), ws0).parse(i) {
        let r = (phrase("and"), ws1).parse(r).map_or(r, |(r2, _)| r2);
        return Ok((r, ()));
    }
    let (r, _) = (ws1, phrase("and"), ws1).parse(i)?;
    Ok((r, ()))
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

/// A list of entry groups (see [`rated_group`], [`rf_part`]), flattened; a missing comma is
/// recorded on the group's first entry.
pub(crate) fn group_list<'a>(
    ctx: &Ctx<'a>,
    i: &'a str,
    item: impl Fn(&Ctx<'a>, &'a str) -> Res<'a, Vec<ScheduleEntry>>,
) -> Res<'a, Vec<ScheduleEntry>> {
    let (r, groups) = list(ctx, i, item, |g: &mut Vec<ScheduleEntry>, t| {
        if let Some(e) = g.first_mut() {
            e.typos.insert(0, t);
        }
    })?;
    Ok((r, groups.into_iter().flatten().collect()))
}

/// ",", ", and", " and", ";" (a list of RFs goes on: "1.5 in 1941-42; after that, 1.3"), or
/// only whitespace (`true`: the comma is missing).
fn separator(i: &str) -> Res<'_, bool> {
    if let Ok((r, _)) = (ws0, ch(',').or(ch(';')), ws0).parse(i) {
        let r = (phrase("and"), ws1).parse(r).map_or(r, |(r2, _)| r2);
        return Ok((r, false));
    }
    if let Ok((r, _)) = (ws1, phrase("and"), ws1).parse(i) {
        return Ok((r, false));
    }
    let (r, _) = ws1(i)?;
    // "RF 1.3 -> 1.2 from 6/42": an arrow joins as a comma would (the change reads it).
    if r.starts_with("->") || r.starts_with('→') {
        return Ok((r, false));
    }
    Ok((r, true))
}
