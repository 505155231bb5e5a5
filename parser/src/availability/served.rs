//! Sentences that say where and when a vehicle was used in plain words, by a verb: "The Kpfw.
//! B.1 was used in the Western Marches from June 1938 to May 1941", "Available in Lower Vardia
//! in September–October 1941 (RF 1.6), and on the Eastern Front from November 1941 through
//! February 1943 (RF 1.4)", "In Lower Vardia it served from 9/40 until 3/41 at an RF of 1.5",
//! "Dates are 5/42-12/43 (Lower Vardia) and Western Marches (1/44-5/45)".
//!
//! After the verb come places, periods and RFs in any order English allows; they are cut into
//! typed pieces ([`Piece`]) and bound into groups by structure ([`groups`]): a place scopes the
//! periods next to it, an RF the periods before it; a group ends where a piece it already has
//! comes again in the order the first group set (place then periods, or periods then place).
//! Each group is a section of a schedule; with no RF anywhere the schedule gives dates only, and
//! an RF sentence after it gives their RFs (the resolver reads them together).

use nom::combinator::opt;
use nom::Parser;

use super::body::Body;
use super::clauses::first_rf_of_lead_in;
use super::ellipsis::carry_open_end;
use super::entries::{group_list, periods_of, rf_part, strict_separator};
use super::faction_words::{restricted_to, use_only};
use super::grammar_error::{fail, Ctx, Res};
use super::lexeme::{ch, phrase, ws0, ws1};
use super::parts::{determiner, elsewhere};
use super::rf_words::rf_noun;
use super::rf_words::{read_qualifiers, rf_after};
use super::subjects::{faction_name, faction_subject, some_of_them};
use super::syntax::{
    Area, ClauseKind, EntryWhen, PrintedQualifier, PrintedRf, Schedule, ScheduleEntry,
    ScheduleForm, ScheduleSection, TheaterRef,
};
use super::theater_names::theaters;
use super::use_verbs::{one_of, verb};
use super::when::when;

/// Nouns for the vehicles a subject names ("Aut. Blind. M.36 cars were available").
const CLASS_NOUNS: [&str; 10] = [
    "cars",
    "tanks",
    "vehicles",
    "trucks",
    "halftracks",
    "carriers",
    "afvs",
    "afv",
    "guns",
    "versions",
];

/// Words that make a verb of use its beginning: "first appeared on the Steppe in 6/41" is
/// from 6/41 on.
const FIRST: [&str; 3] = ["first", "initially", "originally"];

/// Verbs that say use began then: "appeared on the Steppe in 6/41", "reached X in March
/// 1942" are from that month on.
const ONSET: [&str; 10] = [
    "followed",
    "appears",
    "appeared",
    "reached",
    "arrived",
    "turned up",
    "showed up",
    "entered service",
    "came into service",
    "went into service",
];

/// The first period of a sentence, and the first after each place, whose verb says use began
/// then ("first appeared in 6/41", "reached X in 3/42 and Y in 1943"): from that month on, not
/// that month only — unless a later period of the same place says what follows.
fn began(pieces: &mut [Piece]) {
    let mut fresh = true;
    for k in 0..pieces.len() {
        // A later period of the same place says what follows ("appears in April 1941 (RF
        // 1.3) and from May 1941 until ..."): the first is then its own months.
        let followed = pieces[k + 1..]
            .iter()
            .take_while(|p| !matches!(p, Piece::Place(..)))
            .any(|p| matches!(p, Piece::When(_)));
        let entry = match &mut pieces[k] {
            Piece::Place(..) => {
                fresh = true;
                continue;
            }
            Piece::When(e) if std::mem::take(&mut fresh) && !followed => e,
            _ => continue,
        };
        if let EntryWhen::Period(p) = &entry.when {
            let mut start = p.clone();
            start.value = start.value.map(|v| qm_schema::Period {
                from: v.from,
                to: v.from,
            });
            entry.when = EntryWhen::From(start);
        }
    }
}

/// Verbs that go on from a period just given: "appeared in 5/42 and remained in service
/// there until the end of the war".
const LASTED: [&str; 14] = [
    "remained in service",
    "remained in use",
    "remained",
    "stayed in service",
    "stayed",
    "served on",
    "soldiered on",
    "hung on",
    "lasted",
    "continued in service",
    "was used",
    "were used",
    "served",
    "continued",
];

/// Pronouns standing for the subject of the sentence before ("it", "they", "both").
const PRONOUNS: [&str; 5] = ["both types", "both", "they", "it", "all"];

/// Words a place of no lexicon runs up to (where a period, an RF or another place begins).
const PLACE_ENDS: [&str; 23] = [
    "from",
    "to",
    "until",
    "till",
    "through",
    "in",
    "on",
    "at",
    "with",
    "and",
    "between",
    "since",
    "after",
    "before",
    "prior",
    "during",
    "as",
    "not",
    "no",
    "for",
    "commencing",
    "subsequent",
    "thru",
];

/// One typed piece after the verb.
#[derive(Clone)]
pub(crate) enum Piece {
    /// Where ("in the Western Marches", "on the Eastern Front"); in parentheses ("(Lower
    /// Vardia)"), it belongs to the period right before it.
    Place(Area, bool),
    /// When ("from June 1938 to May 1941", "in 1942", "(1/44-5/45)", "from May 1942").
    When(ScheduleEntry),
    /// At what RF ("(RF 1.4)", "at an RF of 1.5", "with an RF of 1.3").
    Rf(PrintedRf, Vec<PrintedQualifier>),
    /// Who may use it then ("(Free French use only)", ", Vichy French use only", "by the
    /// Partisans").
    Only(PrintedQualifier),
    /// A semicolon: the group before is complete. It holds the length of the text from the
    /// semicolon on, where the sentence of use may end instead ([`served`]).
    Break(usize),
    /// ", except on the Isles, where the RF is 1.3": the place left out of the group before,
    /// and given the same periods at its own RF.
    ExceptRf(Area, PrintedRf),
    /// ", except on the Isles, which received them only from '43 (RF 1.3)": the place left
    /// out of the group before, and given its own months at its own RF.
    ExceptOwn(Area, ScheduleEntry, PrintedRf),
    /// ", rising to 1.5 in 1945": the RF from then on (the month after the group's last
    /// period when none is given).
    Change(PrintedRf, Option<EntryWhen>),
    /// "; 1.3 on the Isles" after a group: the group's periods there, at that RF.
    RfThere(PrintedRf, Area),
    /// ", but not on the Isles", ", the Isles excepted": the places the group is not
    /// available in.
    NotIn(Area),
    /// "and remained in service (there) until the end of the war": the period before goes on
    /// to this one's last month (an open end: to the end of the DATES); `true` when "there"
    /// says the group has a place.
    Lasted(EntryWhen, bool),
    /// "RF 1.2 in both", "in each", "there": the RF before holds in every place of its group,
    /// which must name at least this many (a "both" with one place before it reads nothing).
    Each(usize),
}

/// What one group binds: a place, the periods it scopes, the RF they share.
#[derive(Default)]
struct Group {
    area: Option<Area>,
    entries: Vec<ScheduleEntry>,
    rf: Option<(PrintedRf, Vec<PrintedQualifier>)>,
    /// Who alone may use it ("Free French use only").
    only: Vec<PrintedQualifier>,
    /// Its place was said after its periods ("42-43 (1.2), in Tarnovy").
    place_after: bool,
}

/// "[subject noun] [pronoun] verb [only] pieces": a schedule, one section per group.
pub(crate) fn served<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    // The vehicle a faction's verb names as its object ("The Partisans used the Kestrel").
    let mut named = Vec::new();
    let (i, pieces) = match verbless(ctx, start).or_else(|_| use_in(ctx, start)) {
        Ok(read) => read,
        // "The Partisans used it on the Steppe from 1943": theirs alone.
        Err(_) if faction_subject(ctx, start).is_ok() => {
            let (i, subject) = faction_subject(ctx, start)?;
            let (i, mut read) = pieces(ctx, i)?;
            if let Some(only) = subject.only {
                read.insert(0, Piece::Only(only));
            }
            named.extend(subject.vehicle);
            (i, read)
        }
        Err(_) => place_subject(ctx, start).or_else(|_| subject_verb_pieces(ctx, start))?,
    };
    let mut read = bound(ctx, i, pieces.clone());
    // "...; in Orlen it is RF 1.3 until 12/41": the sentence of use ends at a semicolon after
    // which its pieces bind to nothing, and a clause of its own goes on.
    let mut cut = pieces;
    while read.is_err() {
        let Some(k) = cut.iter().rposition(|p| matches!(p, Piece::Break(_))) else {
            break;
        };
        let Piece::Break(len) = cut[k] else { break };
        cut.truncate(k);
        let at = &ctx.text[ctx.text.len() - len..];
        read = bound(ctx, at, cut.clone());
    }
    let (mut i, mut body) = read?;
    body.vehicles = named;
    // "The Brigades had it with RF 1.3, and the League with RF 1.5": another faction's own
    // groups, the verb left out.
    while let Ok((r, mut more)) = another_faction(ctx, i) {
        same_places_and_months(ctx, &body, &mut more);
        body.also.push(super::syntax::AvailabilityClause {
            span: ctx.span_between(i, r),
            vehicles: Vec::new(),
            kind: more.kind,
            typos: Vec::new(),
            every_vehicle: false,
        });
        i = r;
    }
    Ok((i, body))
}

/// The other faction's groups that name no months ("and the League with RF 1.5"): the
/// places and months of the first faction's, each at the other's RF; without any, its whole
/// DATES.
fn same_places_and_months(ctx: &Ctx<'_>, first: &Body, other: &mut Body) {
    let (ClauseKind::Schedule(to), ClauseKind::Schedule(from)) = (&mut other.kind, &first.kind)
    else {
        return;
    };
    let undated = |s: &Schedule| {
        s.sections
            .iter()
            .flat_map(|s| &s.entries)
            .all(|e| super::clauses::is_missing_period(&e.when))
    };
    if !undated(to) {
        return;
    }
    let [section] = to.sections.as_slice() else {
        return;
    };
    let Some(model) = section.entries.first().cloned() else {
        return;
    };
    if first.needs_period || undated(from) {
        if let Some(whole) = super::when::whole_dates(ctx, ctx.text, ctx.text) {
            for e in to.sections.iter_mut().flat_map(|s| &mut s.entries) {
                e.when = whole.clone();
            }
        }
        return;
    }
    let mut sections = from.sections.clone();
    for e in sections.iter_mut().flat_map(|s| &mut s.entries) {
        e.rf.clone_from(&model.rf);
        e.qualifiers.clone_from(&model.qualifiers);
    }
    if !matches!(section.area, Area::Anywhere) {
        for s in &mut sections {
            s.area = section.area.clone();
        }
    }
    to.sections = sections;
}

/// ", and the League with RF 1.5", ", the League from 1942": after a faction's sentence of use,
/// another faction of the nation (its word known) and its own pieces, the verb left out: who
/// may use it, and the schedule they bind.
fn another_faction<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Body> {
    let (r, _) = (ws0, ch(','), ws1, opt((phrase("and"), ws1))).parse(i)?;
    let (after, name) = super::faction_rf::known_faction(ctx, r)?;
    let only = super::faction_words::restricted_to(ctx, ctx.consumed(r, after), name);
    let (r, mut read) = pieces(ctx, after)?;
    read.insert(0, Piece::Only(only));
    bound(ctx, r, read)
}

/// The schedule `pieces` (read up to `i`) bind into: one section per group.
pub(crate) fn bound<'a>(ctx: &Ctx<'a>, i: &'a str, pieces: Vec<Piece>) -> Res<'a, Body> {
    // "Northern Front, Steppe (1.4)" after "1944-45:": places and an RF, the period the
    // lead-in's (a stand-in it fills; without a lead-in the sentence does not read).
    let mut pieces = pieces;
    let undated = !pieces.iter().any(|p| matches!(p, Piece::When(_)));
    if undated {
        // A stand-in before each RF: "Used on the Steppe (RF 1.4) and in the Isles (RF 1.2)"
        // is two groups.
        let at: Vec<usize> = pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| matches!(p, Piece::Rf(..)))
            .map(|(k, _)| k)
            .collect();
        if at.is_empty() {
            return fail(i);
        }
        for k in at.into_iter().rev() {
            pieces.insert(
                k,
                Piece::When(ScheduleEntry {
                    span: ctx.span_at(i, 0),
                    when: EntryWhen::Period(super::clauses::missing_period(ctx, i)),
                    rf: None,
                    qualifiers: Vec::new(),
                    typos: Vec::new(),
                }),
            );
        }
    }
    bound_dated(ctx, i, pieces, undated)
}

/// [`bound`] once every group has its period (`undated`: they were stand-ins a lead-in fills).
fn bound_dated<'a>(
    ctx: &Ctx<'a>,
    i: &'a str,
    mut pieces: Vec<Piece>,
    undated: bool,
) -> Res<'a, Body> {
    rf_inside_span(&mut pieces);
    rf_until_inside_span(&mut pieces);
    frame_dropped(&mut pieces);
    rf_before_its_period(&mut pieces);
    let mut groups = groups(pieces).ok_or(nom::Err::Error(super::grammar_error::GrammarError {
        at: i,
    }))?;
    carry_open_end(ctx, groups.iter_mut().map(|g| &mut g.entries));
    let rated = groups.iter().any(|g| g.rf.is_some());
    let sections = groups
        .into_iter()
        .map(|g| section(ctx, g))
        .collect::<Vec<_>>();
    let form = if rated {
        ScheduleForm::DatesAndRf
    } else {
        ScheduleForm::DatesOnly
    };
    let mut body: Body = ClauseKind::Schedule(Schedule { form, sections }).into();
    body.needs_period = undated;
    Ok((i, body))
}

/// "[the] [some of them] [class noun] [pronoun] [only] [subject words] [first] verb [only]
/// pieces": the pieces of a sentence whose subject is the vehicle (or some of it).
fn subject_verb_pieces<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Vec<Piece>> {
    let (i, _) = determiner(start)?;
    // "Survivors soldiered on in X", "A handful reached X": some of them is it.
    let (i, _) = opt(some_of_them).parse(i)?;
    let (i, _) = opt((one_of(&CLASS_NOUNS), ws1)).parse(i)?;
    let (i, _) = opt((one_of(&PRONOUNS), ws1)).parse(i)?;
    let (i, _) = opt((phrase("only"), ws1)).parse(i)?;
    let (i, _) = subject_words(i)?;
    let (i, first) = opt((one_of(&FIRST), ws1)).parse(i)?;
    let (i, _) = opt((phrase("only"), ws1)).parse(i)?;
    let at = i;
    let (i, _) = verb(i)?;
    // "It may be used only by X in 1941" says who may, not when it was: a limit
    // ("may be used only in X: 7/40-1/41 at RF 1.4" is a schedule).
    let said = &at[..at.len() - i.len()];
    // "is limited to X in P and Y in Q": X a place the nation knows (a faction, or a word of
    // no registry, is a limit's, read by `limits` or an error).
    let limited = said.to_ascii_lowercase().ends_with(" to");
    if limited && ws1(i).map_or(true, |(r, _)| ctx.lexicon.place_at(r).is_none()) {
        return fail(i);
    }
    let onset = first.is_some() || ONSET.iter().any(|v| said.eq_ignore_ascii_case(v));
    let modal = ["may ", "can ", "could ", "might "].iter().any(|m| {
        said.get(..m.len())
            .is_some_and(|w| w.eq_ignore_ascii_case(m))
    });
    if modal && (ws1, phrase("only"), ws1, phrase("by")).parse(i).is_ok() {
        return fail(i);
    }
    let (i, _) = opt((ws1, phrase("only"))).parse(i)?;
    // "issued to units in ...": units of no faction add nothing.
    let (i, _) = opt((ws1, phrase("to units"))).parse(i)?;
    let (i, mut read) = pieces(ctx, i)?;
    if onset {
        began(&mut read);
    }
    Ok((i, read))
}

/// Verbs whose subject is a place and whose object is the vehicle ("Saronne got them from 9/39",
/// "The Salt Flats saw them only in 1942").
const PLACE_VERBS: [&str; 6] = ["got", "received", "saw", "had", "gets", "sees"];

/// The vehicle as a place's verb's object ("them", "it", "a few").
const OBJECTS: [&str; 9] = [
    "them",
    "it",
    "one",
    "some",
    "a few",
    "a handful",
    "a few of them",
    "these",
    "any",
];

/// "Saronne got them from 9/39 until June '41 (1.2)": a place the nation knows as the subject,
/// the vehicle its object; the pieces after are that place's.
fn place_subject<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Vec<Piece>> {
    let (i, area) = place(ctx, start)?;
    let (i, _) = (ws1, one_of(&PLACE_VERBS), ws1, one_of(&OBJECTS)).parse(i)?;
    let (i, _) = opt((ws1, phrase("only"))).parse(i)?;
    let (i, mut read) = pieces(ctx, i)?;
    read.insert(0, Piece::Place(area, false));
    Ok((i, read))
}

/// Words that say what of the subject was used, before the verb ("captured examples were
/// pressed into service"): at most three plain lower-case words that carry no limit of their
/// own; none when the verb follows at once.
fn subject_words(i: &str) -> Res<'_, ()> {
    let verb_at = |r: &str| {
        let r = opt((one_of(&FIRST), ws1)).parse(r).map_or(r, |(r2, _)| r2);
        let r = opt((phrase("only"), ws1)).parse(r).map_or(r, |(r2, _)| r2);
        verb(r).is_ok()
    };
    if verb_at(i) {
        return Ok((i, ()));
    }
    let mut r = i;
    for _ in 0..3 {
        let len = r.find(|c: char| !c.is_ascii_lowercase()).unwrap_or(r.len());
        let word = &r[..len];
        if len == 0 || super::lexeme::SENSE_WORDS.contains(&word) {
            return fail(i);
        }
        let (after, _) = ws1(&r[len..])?;
        if verb_at(after) {
            return Ok((after, ()));
        }
        r = after;
    }
    fail(i)
}

/// A list with no verb that starts with a place the nation knows: "France, 9/39-6/40 (RF
/// 1.1)", "Syria (6-7/41) at an RF of 1.3", "Only in France, from June to August 1944 (RF
/// 1.6)".
fn verbless<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Vec<Piece>> {
    // "Royalist use only, from 1936 to June 1940, in X and Y, RF 1.1": who alone may use it,
    // then the list, as at a clause's start.
    // "(Crown only) NST & HLV, 1/44 thru EOW": in parentheses, no comma after it.
    let comma = |r: &'a str| match i.starts_with('(') {
        true => opt(ch(',')).map(|_| ',').parse(r),
        false => ch(',')(r),
    };
    let restricted = (|r| super::faction_words::use_only(ctx, r), ws0, comma, ws0).parse(i);
    if let Ok((r, (q, _, _, _))) = restricted {
        // "Leaguer units only, and then only on the Hollin Peninsula, from 9/43".
        let (r, _) = opt((one_of(&["and then", "and", "then"]), ws1)).parse(r)?;
        let (r, mut read) = verbless_at(ctx, r, true)?;
        read.insert(0, Piece::Only(q));
        return Ok((r, read));
    }
    verbless_at(ctx, i, false)
}

/// [`verbless`] at `i`; `lead`: a lead-in before it leaves `i` where a clause starts.
fn verbless_at<'a>(ctx: &Ctx<'a>, i: &'a str, lead: bool) -> Res<'a, Vec<Piece>> {
    // "Only in France, and only from June to August 1944 (RF 1.6)": the schedule's places are
    // the only ones anyway.
    let i = match (phrase("only"), ws1, super::lexeme::place_preposition, ws1).parse(i) {
        Ok((r, _)) if ctx.lexicon.place_at(r).is_some() => r,
        _ => i,
    };
    // "Additionally in Sudrelia from 1/42 until 6/43 with RF 1.5": an adverb that adds a
    // schedule of its own to what the sentences before say (each schedule adds its places).
    let i = match (one_of(&ADDING), ws1).parse(i) {
        Ok((r, _)) if place_named(ctx, r) => r,
        _ => i,
    };
    // "At the KF only in the year 1942 (RF 1.5)": a place in front with its preposition and
    // "only" after it (the schedule's places are the only ones anyway); "In the North from
    // 1/41 till 12/42 with RF 1.2": a period right after it, the verb left out.
    let i = match (super::lexeme::place_preposition, ws1).parse(i) {
        Ok((r, _)) if place_then_only(ctx, r) || place_then_period(ctx, r) => r,
        _ => i,
    };
    // "Everywhere bar the Salt Flats, 1939-42", "Any theatre, 1934 through 1939".
    // Only where a clause starts or after a label's colon: after words a scope took for a
    // name ("Withdrawn in 1947 and after 1952") it is no list.
    let before = ctx.text.get(..ctx.text.len() - i.len()).unwrap_or("");
    let before = before.trim_end().trim_end_matches('†').trim_end();
    // "...: (a) 1941-42 ...", "; and (b) ...": after a sub-paragraph's mark too.
    let before = super::lexeme::before_item_mark(before);
    let at_start = lead
        || before.is_empty()
        || before.ends_with([':', '.', ';'])
        || (ctx.in_part
            && (before.ends_with(',') || before.ends_with(" --") || before.ends_with('—')))
        || place_lead_before(ctx, before);
    let every = match at_start {
        true => super::parts::everywhere_except(ctx, i).or_else(|_| everywhere(i)),
        false => fail(i),
    };
    // "1941-42 on the Steppe, RF 1.3", "1937-41 (1.1)": a list may start with its period.
    if ctx.lexicon.place_at(i).is_none() && every.is_err() {
        if !at_start {
            return fail(i);
        }
        let (r, first) = dated(ctx, i, i)?;
        // Only a period that reads whole and looks like one ("1937-41", "6/41", "1942"): a
        // bare "4" is the end of a name ("Vk. 4:").
        let Piece::When(entry) = &first else {
            return fail(i);
        };
        let raw = ctx.consumed(i, r);
        // "From 1936 to June 1940": words around a four-digit year are shaped too.
        // "Oct 41 till Apr 45": a month's name makes it one.
        let shaped = raw.contains(['/', '-', '–'])
            || raw.len() == 4
            || four_digits(raw)
            || raw.starts_with(char::is_alphabetic);
        // "from '42 thru EOW.": an open end to the war's end, a clause of its own.
        let t = r.trim_start();
        let open_whole =
            matches!(&entry.when, EntryWhen::From(p) if p.value.is_ok()) && ctx.ends_here(t);
        let period = matches!(&entry.when, EntryWhen::Period(p) if p.value.is_ok());
        if !(open_whole || shaped && period) {
            return fail(i);
        }
        let (r, mut rest) = match pieces(ctx, r) {
            Ok(read) => read,
            Err(_) => (r, Vec::new()),
        };
        rest.insert(0, first);
        // A list of periods alone says nothing a sentence before does not: a place or an RF
        // — unless it is the whole clause ("HLV & KOR only; from '42 thru EOW."): the dates.
        let t = r.trim_start();
        let whole_clause = rest.len() == 1 && ctx.ends_here(t);
        if !whole_clause
            && !rest
                .iter()
                .any(|p| matches!(p, Piece::Place(..) | Piece::Rf(..)))
        {
            return fail(i);
        }
        return Ok((r, rest));
    }
    let (r, area) = every.or_else(|_| place(ctx, i))?;
    // "Korvath/Sellin Gap - Jul 41 to Dec 42": a dash set apart after the places as a comma.
    let dash = (ws1, ch('-').or(ch('—'))).map(|_| ());
    let (r, _) = opt((ws0, ch(',')).map(|_| ()).or(dash)).parse(r)?;
    // "NST & HLV.": the places alone, to the sentence's end.
    let (r, mut rest) = match pieces(ctx, r) {
        Ok(read) => read,
        Err(_) if r.trim_start().is_empty() || r.trim_start().starts_with('.') => (r, Vec::new()),
        Err(e) => return Err(e),
    };
    rest.insert(0, Piece::Place(area, false));
    places_alone(ctx, r, &mut rest);
    Ok((r, rest))
}

/// "HLV, KOR & DOR (excl. SLT).": places alone, with no verb, a whole sentence (ending at
/// `r`), are where it is available over all its DATES: the whole DATES put after the first
/// place ("It was also seen in Russia." has a verb, and is no list).
fn places_alone(ctx: &Ctx<'_>, r: &str, rest: &mut Vec<Piece>) {
    let places_only = rest
        .iter()
        .all(|p| matches!(p, Piece::Place(..) | Piece::NotIn(_) | Piece::Only(_)));
    let t = r.trim_start();
    if !places_only || !ctx.ends_here(t) {
        return;
    }
    if let Some(whole) = super::when::whole_dates(ctx, r, r) {
        rest.insert(
            1,
            Piece::When(ScheduleEntry {
                span: ctx.span_at(r, 0),
                when: whole,
                rf: None,
                qualifiers: Vec::new(),
                typos: Vec::new(),
            }),
        );
    }
}

/// True when `before` (the text before a list) ends with a place's lead-in and its comma at a
/// clause's start ("In the Hollin Reach, from 9/39 to 6/42, ...").
fn place_lead_before(ctx: &Ctx<'_>, before: &str) -> bool {
    let Some(head) = before.strip_suffix(',') else {
        return false;
    };
    let start = head.rfind(['.', ';', ':', ')']).map_or(0, |k| k + 1);
    let head = head[start..].trim_start();
    let Ok((r, _)) = (super::lexeme::place_preposition, ws1).parse(head) else {
        return false;
    };
    ctx.lexicon.place_at(r) == Some(r.len())
}

/// True when `raw` holds a run of four digits (a year written whole).
fn four_digits(raw: &str) -> bool {
    raw.split(|c: char| !c.is_ascii_digit())
        .any(|run| run.len() == 4)
}

/// Adverbs that add a sentence of use to those before it.
const ADDING: [&str; 3] = ["additionally", "also", "moreover"];

/// True when a place the nation knows follows its preposition at `i`.
fn place_named(ctx: &Ctx<'_>, i: &str) -> bool {
    (super::lexeme::place_preposition, ws1)
        .parse(i)
        .is_ok_and(|(r, _)| ctx.lexicon.place_at(r).is_some())
}

/// True when a place the nation knows starts `i` and a period that reads whole follows it.
fn place_then_period(ctx: &Ctx<'_>, i: &str) -> bool {
    let Ok((r, _)) = place(ctx, i) else {
        return false;
    };
    let Ok((r, _)) = ws1(r) else {
        return false;
    };
    // "in Saronne as well from Sep '42".
    let r = (one_of(&["as well", "too", "also"]), ws1)
        .parse(r)
        .map_or(r, |(r2, _)| r2);
    // "Also in Orlen during 1940, RF 1.3": the period's own "in" or "during" before it.
    let at = (super::lexeme::period_preposition, ws1)
        .parse(r)
        .map_or(r, |(at, _)| at);
    matches!(dated(ctx, r, at), Ok((_, Piece::When(e))) if !matches!(e.when, EntryWhen::Thereafter(_)))
}

/// True when a place the nation knows starts `i` and "only" follows it.
fn place_then_only(ctx: &Ctx<'_>, i: &str) -> bool {
    place(ctx, i).is_ok_and(|(r, _)| (ws1, phrase("only"), ws1).parse(r).is_ok())
}

/// "Use in France only: 9/39-6/40 (1.3)": the place, then after the colon what the groups
/// give ("X use only" without the colon is a faction's limit, not this); "Use in all theaters
/// 1938-45 (RF 1.0)": the noun as the verb, its pieces after it.
fn use_in<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Vec<Piece>> {
    // The pieces read their own leading space.
    let (after_use, _) = phrase("use").parse(i)?;
    let (r, _) = (ws1, super::lexeme::place_preposition, ws1).parse(after_use)?;
    let labelled = |r| -> Res<'a, Area> {
        let (r, area) = place(ctx, r)?;
        let (r, _) = (opt((ws1, phrase("only"))), ws0, ch(':')).parse(r)?;
        Ok((r, area))
    };
    let Ok((r, area)) = labelled(r) else {
        return pieces(ctx, after_use);
    };
    let (r, mut rest) = pieces(ctx, r)?;
    rest.insert(0, Piece::Place(area, false));
    Ok((r, rest))
}

/// The pieces after the verb, each after a separator (",", ";", "and", ", and") or a space.
/// Words that add nothing the groups do not say ("in Tunisia in April 1943 only", "and again
/// from 9/44", "in 1/43, also at RF 1.2", "in Saronne as well from Sep '42", "in the Vell
/// Hills for a short spell"), a concession before them ("though only in 1941").
fn noise(i: &str) -> Res<'_, Option<()>> {
    opt((
        ws0,
        opt((phrase("though").or(phrase("but")), ws1)),
        phrase("only")
            .or(phrase("exclusively"))
            .or(phrase("again"))
            .or(phrase("alone"))
            .or(phrase("also"))
            .or(phrase("as well"))
            .or(phrase("too"))
            .or(phrase("for a short spell"))
            .or(phrase("for a short time"))
            .or(phrase("for a while"))
            .or(phrase("briefly"))
            // "on X and in Y alike, to all factions": every side, as when none is named.
            .or(phrase("alike"))
            // A spreadsheet's "at flat 1.5", "RF 1.6 flat": one RF throughout, as any is.
            .or(phrase("flat"))
            .or(phrase("to all factions"))
            .or(phrase("to all sides"))
            // "from Sept '40 (not before)": what "from" says already.
            .or(phrase("(not before)"))
            .or(phrase("(not earlier)")),
    ))
    .map(|o| o.map(|_| ()))
    .parse(i)
}

pub(crate) fn pieces<'a>(ctx: &Ctx<'a>, mut i: &'a str) -> Res<'a, Vec<Piece>> {
    let mut out = Vec::new();
    loop {
        if let Some((r, read)) = rf_pieces(ctx, &out, i) {
            out.extend(read);
            i = r;
            continue;
        }
        let sep = (
            ws0,
            ch(',').or(ch(';')).or(ch(':')).or(ch('—')),
            ws0,
            opt((phrase("and"), ws1)),
        )
            .map(|_| ())
            .or((ws1, phrase("and"), ws1).map(|_| ()))
            .or(ws1.map(|_| ()));
        // "Korvath/Sellin Gap - Jul 41 to Dec 42": a dash set apart after places joins as a
        // comma does (between months it is a span's, read with them).
        let mut dash = (ws1, ch('-').or(ch('—')), ws1).map(|_| ());
        let after_place = matches!(out.last(), Some(Piece::Place(..)));
        let dashed = match after_place {
            true => dash.parse(i).ok(),
            false => None,
        };
        let parsed = match dashed {
            Some((r, ())) => Some(r),
            None => (noise, sep, noise, opt(ws1)).parse(i).ok().map(|(r, _)| r),
        };
        let Some(r) = parsed else {
            // "... and went to North Africa as well.": a word of noise at the end.
            i = noise(i).map_or(i, |(r, _)| r);
            break;
        };
        // ", then from February through June 1941 at RF 1.6": "then" before a period joins
        // like "and" (before an RF alone, "then 1.5", it is a change of RF: not here).
        let r = match (phrase("then"), ws1).parse(r) {
            Ok((after, _)) if super::rf_token::rf(ctx, after, false).is_err() => after,
            _ => r,
        };
        // "on the Kald Islands, where it is available from 4/40": what follows is the
        // place's, as if the verb were not said again.
        let r = match out.last() {
            Some(Piece::Place(..)) => where_it(r).map_or(r, |(after, _)| after),
            _ => r,
        };
        // A semicolon closes a group: "in X 6/41-12/43 at 1.4; on Y, 1942-44 at 1.5".
        let semicolon = i[..i.len() - r.len()].contains(';') && !out.is_empty();
        // "1.2 (9-10/41)": an RF before its period in parentheses, read as the period and
        // then its RF.
        if let Ok((r2, (value, entry))) = rf_before_period(ctx, r) {
            if semicolon {
                out.push(Piece::Break(semicolon_at(i)));
            }
            out.push(entry);
            out.push(Piece::Rf(value, Vec::new()));
            i = r2;
            continue;
        }
        // "in the Iron Gate — not the rest of Saronne, mind you — from Feb '43": the rest of
        // a whole the group's place is part of, said to be left out, leaves out no more.
        if let Ok((r2, _)) = rest_of_whole(ctx, r) {
            i = r2;
            continue;
        }
        let read = use_only(ctx, r)
            .or_else(|_| by_faction(ctx, r))
            .map(|(r2, q)| (r2, Piece::Only(q)))
            .or_else(|_| except_rf(ctx, r).map(|(r2, (a, v))| (r2, Piece::ExceptRf(a, v))))
            .or_else(|_| except_own(ctx, r))
            .or_else(|_| change(ctx, r).map(|(r2, (v, w))| (r2, Piece::Change(v, w))))
            .or_else(|_| rf_instead(ctx, r))
            .or_else(|_| rf_there(ctx, r))
            .or_else(|_| where_rf(ctx, r))
            .or_else(|_| not_in(ctx, r))
            .or_else(|_| excepted_place(ctx, r))
            .or_else(|_| each(r))
            .or_else(|_| lasted(ctx, r))
            .or_else(|_| piece(ctx, r));
        let Ok((r2, p)) = read else {
            break;
        };
        if semicolon {
            out.push(Piece::Break(semicolon_at(i)));
        }
        out.push(p);
        i = r2;
    }
    if out.is_empty() {
        return fail(i);
    }
    Ok((i, out))
}

/// The RF pieces at `i`, if an RF starts there (`out`: the pieces read before). An RF reads
/// its own leading comma or space ("(1.4)", ", with an RF of 1.3"), after a word of noise too
/// ("in June 1940 only, at RF 1.1", ", also at RF 1.2").
fn rf_pieces<'a>(ctx: &Ctx<'a>, out: &[Piece], i: &'a str) -> Option<(&'a str, Vec<Piece>)> {
    let mut after_noise = (ws0, ch(','), ws0, phrase("also"))
        .parse(i)
        .map_or_else(|_| noise(i).map_or(i, |(r, _)| r), |(r, _)| r);
    // "in Tyrvold alike, to all factions, at RF 1.0": words of noise one after another.
    while let Ok((r, (_, Some(())))) = (opt((ws0, ch(','))), noise).parse(after_noise) {
        after_noise = r;
    }
    // ", RF 1.1 ('39-'40), 1.3 ('41)": an RF word, then an RF before its period.
    let named_rf = (opt((ws0, ch(','))), ws0, super::lexeme::rf_word, ws1, |r| {
        rf_before_period(ctx, r)
    })
        .parse(after_noise);
    if let Ok((r, (_, _, _, _, (value, entry)))) = named_rf {
        return Some((r, vec![entry, Piece::Rf(value, Vec::new())]));
    }
    if let Ok((r, (after, qualifiers))) = rf_after(ctx, after_noise) {
        return Some((
            r,
            vec![Piece::Rf(after.rf, read_qualifiers(ctx, &qualifiers))],
        ));
    }
    bare_rf_after_place(ctx, out, i).map(|(r, p)| (r, vec![p]))
}

/// "NST & HLV 1.5; Sth 1.6": a bare RF right after a place (the pieces of a list that starts
/// with its place begin after it: `out` may be empty), where a clause or a group ends.
fn bare_rf_after_place<'a>(ctx: &Ctx<'a>, out: &[Piece], i: &'a str) -> Option<(&'a str, Piece)> {
    if !matches!(out.last(), Some(Piece::Place(..)) | None) {
        return None;
    }
    let (r, (_, value)) = (ws1, |r| super::rf_token::rf(ctx, r, false))
        .parse(i)
        .ok()?;
    let t = r.trim_start();
    (t.is_empty() || t.starts_with(['.', ';', ','])).then(|| (r, Piece::Rf(value, Vec::new())))
}

/// "where it is available", "where they served": the vehicle's verb of use again after a
/// place, and the space after it.
fn where_it(i: &str) -> Res<'_, ()> {
    let (r, _) = (
        phrase("where"),
        ws1,
        one_of(&["it", "they"]),
        ws1,
        verb,
        ws1,
    )
        .parse(i)?;
    Ok((r, ()))
}

/// The length of the text from the semicolon at the start of `i` (after spaces) on.
fn semicolon_at(i: &str) -> usize {
    i.trim_start().len()
}

/// A bare RF and its period in parentheses after it ("1.2 (9-10/41)").
fn rf_before_period<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, (PrintedRf, Piece)> {
    let (r, value) = super::rf_token::rf(ctx, i, false)?;
    let (r, _) = (ws0, ch('('), ws0).parse(r)?;
    let (r, when) = dated(ctx, r, r)?;
    if !matches!(when, Piece::When(_)) {
        return fail(i);
    }
    let (r, _) = (ws0, ch(')')).parse(r)?;
    Ok((r, (value, when)))
}

/// "by the Partisans", "with the Crown Army alone": who used it, read as who alone may (the
/// resolver knows the faction, or says the name is none). A place, a vehicle or a period after
/// "by" or "with" is no user.
fn by_faction<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, PrintedQualifier> {
    // "issued to Rebel forces": a name after "to" that is no place the nation knows (without
    // the nation's places, "to" is where it went).
    let to = |i| match ctx.lexicon.knows_places() {
        true => phrase("to")(i),
        false => fail(i),
    };
    // "exclusively by the Landvern": who alone, as "only" says.
    let (i, _) = opt((phrase("exclusively"), ws1)).parse(i)?;
    let (r, _) = (
        phrase("by").or(phrase("with")).or(to),
        ws1,
        opt((phrase("the"), ws1)),
    )
        .parse(i)?;
    let (rest, faction) = faction_name(ctx, r)?;
    let units = one_of(&super::lexeme::UNITS);
    let arm = opt((one_of(&super::lexeme::ARMS), ws1));
    // "by the Landvern's coastal companies": a word of its own for the units of a faction
    // named as their owner.
    let owned = faction.ends_with("'s") || faction.ends_with("’s");
    let own_word = |r| match owned {
        true => opt((lower_word, ws1)).parse(r),
        false => Ok((r, None)),
    };
    let rest = opt((ws1, own_word, arm, units))
        .parse(rest)
        .map_or(rest, |(r, _)| r);
    // "with the Crown Army alone", "by the Militia only", "by the Royal troops possible" (a
    // translator's "may be used").
    let rest = match (
        ws1,
        phrase("alone").or(phrase("only")).or(phrase("possible")),
    )
        .parse(rest)
    {
        Ok((after, _)) => after,
        Err(_) => rest,
    };
    let text = &i[..i.len() - rest.len()];
    Ok((rest, restricted_to(ctx, text, faction)))
}

/// A word of lower-case letters.
fn lower_word(i: &str) -> Res<'_, &str> {
    let len = i.find(|c: char| !c.is_ascii_lowercase()).unwrap_or(i.len());
    match len {
        0 => fail(i),
        _ => Ok((&i[len..], &i[..len])),
    }
}

/// ", except on the Isles, where the RF is 1.3" (or "where it is 1.3").
fn except_rf<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, (Area, PrintedRf)> {
    let (r, _) = (
        phrase("except").or(phrase("save")),
        ws1,
        opt((super::lexeme::place_preposition, ws1)),
    )
        .parse(i)?;
    let (r, area) = place(ctx, r)?;
    let (r, _) = (ws0, ch(','), ws0).parse(r)?;
    let (r, value) = super::rf_words::where_is(ctx, r)?;
    Ok((r, (area, value)))
}

/// ", except on the Isles, which received them only from '43 (RF 1.3)": a place left out of
/// the group, then after "which" or "where" a few plain words ("received them only", "it was
/// used") and the place's own months and RF. A word of negation makes it no such piece.
fn except_own<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Piece> {
    let (r, _) = (
        phrase("except").or(phrase("save")),
        ws1,
        opt((super::lexeme::place_preposition, ws1)),
    )
        .parse(i)?;
    let (r, area) = place(ctx, r)?;
    let (mut r, _) = (ws0, ch(','), ws0, phrase("which").or(phrase("where")), ws1).parse(r)?;
    for _ in 0..4 {
        if let Ok((after, Piece::When(entry))) = dated(ctx, r, r) {
            let (after, (rf, _)) = rf_after(ctx, after)?;
            return Ok((after, Piece::ExceptOwn(area, entry, rf.rf)));
        }
        let len = r.find(|c: char| !c.is_ascii_lowercase()).unwrap_or(r.len());
        let word = &r[..len];
        if len == 0 || (word != "only" && super::lexeme::SENSE_WORDS.contains(&word)) {
            return fail(i);
        }
        r = ws1(&r[len..])?.0;
    }
    fail(i)
}

/// ", rising to 1.5 in 1945", "then 1.4 from 1944": a new RF, with its period or not.
fn change<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, (PrintedRf, Option<EntryWhen>)> {
    // "; thereafter 1.5": the RF from the month after the group's last period.
    if let Ok((r, _)) = (super::when::thereafter, ws1).parse(i) {
        let (r, value) = rf_noun(ctx, r, false)?;
        return Ok((r, (value, None)));
    }
    // "and at .9 thereafter", "and at one of 1.1 thereafter", "and 1.2 thereafter": the RF,
    // then its word.
    if let Ok((r, (_, value, _, _))) = (
        opt((phrase("at"), ws1, opt((phrase("one of"), ws1)))),
        |r| rf_noun(ctx, r, false),
        ws1,
        super::when::thereafter,
    )
        .parse(i)
    {
        return Ok((r, (value, None)));
    }
    let (r, _) = super::entries::change_word(i)?;
    let (r, _) = ws1(r)?;
    let (r, value) = rf_noun(ctx, r, false)?;
    let period = (
        ws1,
        opt((phrase("in").or(phrase("for")).or(phrase("during")), ws1)),
        |r| when(ctx, r),
    )
        .parse(r);
    match period {
        Ok((r2, (_, _, w))) => Ok((r2, (value, Some(w)))),
        Err(_) => Ok((r, (value, None))),
    }
}

/// "remained in service there until the end of the war", "stayed until 6/44": a second verb
/// of the span the period before began ([`LASTED`]).
fn lasted<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Piece> {
    let (r, _) = one_of(&LASTED)(i)?;
    // "there", "in both theatres", "in each": the places of the group before.
    let places = (
        phrase("in"),
        ws1,
        one_of(&["both", "each", "all of them", "all"]),
        opt((ws1, one_of(&["theatres", "theaters", "places", "areas"]))),
    )
        .map(|_| "");
    let (r, there) = opt((ws1, phrase("there").or(places))).parse(r)?;
    let (r, _) = (
        ws1,
        one_of(&["until", "till", "to", "through", "up to"]),
        ws1,
    )
        .parse(r)?;
    if let Ok((r2, _)) = super::when::war_end(r) {
        return Ok((
            r2,
            Piece::Lasted(EntryWhen::Thereafter(ctx.span(&r[..0])), there.is_some()),
        ));
    }
    let (r2, p) = super::when::span_period(ctx, r)?;
    Ok((r2, Piece::Lasted(EntryWhen::Until(p), there.is_some())))
}

/// "in both", "in each", "in either", "in all of them", "there" after an RF: the places it
/// holds in are those of its group (at least two for all but "there").
fn each(i: &str) -> Res<'_, Piece> {
    if let Ok((r, _)) = phrase("there")(i) {
        return Ok((r, Piece::Each(1)));
    }
    let (r, _) = (
        phrase("in"),
        ws1,
        one_of(&["both", "each", "either", "all of them"]),
    )
        .parse(i)?;
    Ok((r, Piece::Each(2)))
}

/// "but not on the Isles", "though not in X", "except on the Isles": places left out of the
/// group before.
fn not_in<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Piece> {
    let not = (
        opt((
            phrase("but").or(phrase("though")).or(phrase("although")),
            ws1,
        )),
        phrase("not"),
        ws1,
    )
        .map(|_| ());
    // ", except on the Isles" after a group of every theater: the place left out (with "where
    // the RF is ..." after it, `except_rf` reads it).
    let except = (phrase("except").or(phrase("save")), ws1).map(|_| ());
    // ", excl. KOR & HLV", ", excluding the Isles": the places, no preposition before them.
    // "in Corvenna other than on the Serrat Peninsula", "exclusive of the Serrat Peninsula".
    let other_than = (
        phrase("other than").or(phrase("exclusive of")),
        ws1,
        opt((super::lexeme::place_preposition, ws1)),
    )
        .map(|_| ());
    if let Ok((r, _)) = (
        phrase("excl.")
            .or(phrase("excluding"))
            .or(phrase("exc."))
            .map(|_| ()),
        ws1,
    )
        .map(|_| ())
        .or(other_than)
        .parse(i)
    {
        let (r, area) = place(ctx, r)?;
        return Ok((r, Piece::NotIn(area)));
    }
    let (r, _) = (not.or(except), super::lexeme::place_preposition, ws1).parse(i)?;
    let (r, area) = place(ctx, r)?;
    Ok((r, Piece::NotIn(area)))
}

/// "the Ashen Coast excepted": a place left out of the group before, not available there.
fn excepted_place<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Piece> {
    let (r, area) = place(ctx, i)?;
    let (r, _) = (ws1, phrase("excepted")).parse(r)?;
    Ok((r, Piece::NotIn(area)))
}

/// ", where its RF is 1.3", ", where it is 1.3" after a place: the RF of the group it ends.
fn where_rf<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Piece> {
    let (r, value) = super::rf_words::where_is(ctx, i)?;
    Ok((r, Piece::Rf(value, Vec::new())))
}

/// "(Osk Is.: 1.5 instead)", "(KOR 1.2)", ", the North 1.2 instead" after a group's RF: the
/// place left out of the group, and given the same periods at its own RF. Out of parentheses
/// "instead" must be said ("Sth 1.6" alone starts a group of its own).
fn rf_instead<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Piece> {
    let said = |i: &'a str| -> Res<'a, (Area, bool, PrintedRf, bool)> {
        let (r, area) = place(ctx, i)?;
        // "Mereth (incl. Osk) 1.3 instead": the place whole, as it is anyway.
        let (r, _) = opt((
            ws1,
            ch('('),
            phrase("incl.").or(phrase("including")),
            ws1,
            |r| place(ctx, r),
            ch(')'),
        ))
        .parse(r)?;
        let (r, colon) = opt((ws0, ch(':'))).parse(r)?;
        let (r, (_, value)) = (ws1, |r| super::rf_token::rf(ctx, r, false)).parse(r)?;
        let (r, instead) = opt((ws1, phrase("instead"))).parse(r)?;
        Ok((r, (area, colon.is_some(), value, instead.is_some())))
    };
    if let Ok((r, (_, _, (area, _, value, _), _, _))) = (ch('('), ws0, said, ws0, ch(')')).parse(i)
    {
        return Ok((r, Piece::ExceptRf(area, value)));
    }
    match said(i)? {
        (r, (area, _, value, true)) => Ok((r, Piece::ExceptRf(area, value))),
        _ => fail(i),
    }
}

/// "; 1.3 on the Isles", "(1.3 on the Isles)" after a group: an RF and the place it holds in.
fn rf_there<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Piece> {
    let there = |i: &'a str| -> Res<'a, Piece> {
        let (r, (value, _, _, area)) = (
            |r| super::rf_token::rf(ctx, r, false),
            ws1,
            super::lexeme::place_preposition.and(ws1),
            |r| place(ctx, r),
        )
            .parse(i)?;
        Ok((r, Piece::RfThere(value, area)))
    };
    // "at RF 1.0 (1.2 in Dunmoor)": the same in parentheses.
    if let Ok((r, (_, _, p, _, _))) = (ch('('), ws0, there, ws0, ch(')')).parse(i) {
        return Ok((r, p));
    }
    there(i)
}

/// One place or period at `i`.
fn piece<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Piece> {
    // "(1/44-5/45)", "(Lower Vardia)".
    if let Ok((r, _)) = (ch('('), ws0).parse(i) {
        let inner = |r: &'a str| -> Res<'a, Piece> {
            if let Ok(read) = dated(ctx, r, r) {
                return Ok(read);
            }
            // "Saronne (the Iron Gate included)", "(including the Iron Gate)": one more place
            // beside the one before.
            let with = |r| -> Res<'a, Area> {
                let (r, _) = (phrase("including").or(phrase("incl.")), ws1).parse(r)?;
                place(ctx, r)
            };
            // "DOR (excl. SLT)": a place of the one before left out.
            if let Ok(read) = not_in(ctx, r) {
                return Ok(read);
            }
            let and_with = |r| -> Res<'a, Area> {
                let (r, area) = place(ctx, r)?;
                let (r, _) = (ws1, one_of(&["included", "too", "as well"])).parse(r)?;
                Ok((r, area))
            };
            if let Ok((r, area)) = with(r).or_else(|_| and_with(r)) {
                return Ok((r, Piece::Place(area, false)));
            }
            let (r, area) = place(ctx, r)?;
            Ok((r, Piece::Place(area, true)))
        };
        let (r, p) = inner(r)?;
        let (r, _) = (ws0, ch(')')).parse(r)?;
        return Ok((r, p));
    }
    if let Ok((r, _)) = (super::lexeme::period_preposition, ws1).parse(i) {
        if let Ok(read) = dated(ctx, i, r) {
            return Ok(read);
        }
    }
    if let Ok(read) = dated(ctx, i, i) {
        return Ok(read);
    }
    // "in every theatre except (or save) X", "everywhere but X": every place but those named
    // (the nation's: a free name could run on into a misprinted month).
    let every = super::lexeme::place_preposition(i).is_ok() || phrase("everywhere")(i).is_ok();
    if every && ctx.lexicon.knows_places() {
        if let Ok((r, area)) = super::parts::everywhere_except(ctx, i) {
            return Ok((r, Piece::Place(area, false)));
        }
    }
    if let Ok((r, area)) = everywhere(i).or_else(|_| elsewhere(i)) {
        return Ok((r, Piece::Place(area, false)));
    }
    // "and went to the Vell Hills", "and was sent to X": a verb of going before its place.
    let went = one_of(&[
        "went to",
        "was sent to",
        "were sent to",
        "moved to",
        "went on to",
    ]);
    let (r, _) = opt((went.or(super::lexeme::place_preposition), ws1)).parse(i)?;
    let (r, area) = place(ctx, r)?;
    Ok((r, Piece::Place(area, false)))
}

/// A period at `at`, its entry's text from `start`. A bare decimal ("1.3") is an RF, never a
/// misprinted period.
fn dated<'a>(ctx: &Ctx<'a>, start: &'a str, at: &'a str) -> Res<'a, Piece> {
    if super::rf_token::starts_with_decimal(at) {
        return fail(at);
    }
    let (r, w) = when(ctx, at)?;
    // "thereafter" is no piece here; "until the end of war" is an open end, which
    // `rf_inside_span` joins to the open start before it.
    if matches!(w, EntryWhen::Thereafter(_)) && super::when::until_war_end(at).is_err() {
        return fail(at);
    }
    Ok((
        r,
        Piece::When(ScheduleEntry {
            span: ctx.span_between(start, r),
            when: w,
            rf: None,
            qualifiers: Vec::new(),
            typos: Vec::new(),
        }),
    ))
}

/// "in every theater", "in all theaters", "everywhere". With an exception it is a limit
/// ("everywhere except in France in 1943": kept from France then), which `limits` reads.
fn everywhere(i: &str) -> Res<'_, Area> {
    if phrase("except")(i.trim_start()).is_ok() {
        return fail(i);
    }
    // "wherever Lomarian troops went", "wherever they served": every theater of the nation.
    if let Ok((r, _)) = wherever_they_went(i) {
        return Ok((r, Area::AllBut { except: Vec::new() }));
    }
    let (r, _) = super::lexeme::every_theater(i)?;
    if (ws1, phrase("except")).parse(r).is_ok() {
        return fail(i);
    }
    Ok((r, Area::AllBut { except: Vec::new() }))
}

/// "not the rest of Saronne(, mind you)": the place named is the whole of the group's place.
fn rest_of_whole<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Area> {
    let (r, _) = (phrase("not the rest of"), ws1).parse(i)?;
    let (r, area) = place(ctx, r)?;
    let (r, _) = opt((ws0, ch(','), ws0, one_of(&["mind you", "of course"]))).parse(r)?;
    Ok((r, area))
}

/// "wherever Lomarian troops went", "wherever they served": "wherever", up to three words,
/// then a verb of going or serving in the past.
fn wherever_they_went(i: &str) -> Res<'_, &str> {
    let (mut r, _) = (opt((phrase("found"), ws1)), phrase("wherever"), ws1).parse(i)?;
    for _ in 0..4 {
        if let Ok((after, _)) = one_of(&["went", "served", "fought", "were sent"]).parse(r) {
            return Ok((after, &i[..i.len() - after.len()]));
        }
        let len = r.find(|c: char| !c.is_alphabetic()).unwrap_or(r.len());
        if len == 0 || super::lexeme::SENSE_WORDS.contains(&r[..len].to_lowercase().as_str()) {
            break;
        }
        r = ws1(&r[len..])?.0;
    }
    fail(i)
}

/// One or more places ("the Western Marches and Lower Vardia", "North Africa/Russia"): with a
/// lexicon of places each is the longest place name; without, words up to where a period or
/// another piece begins.
pub(crate) fn place<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Area> {
    // A name the listing holds is a vehicle, never a place ("; the Trk. M.2 has ..."); nor is
    // the word for an RF ("; the RF is 1.2 from 1943 on").
    let named = determiner(i).map_or(i, |(r, ())| r);
    if ctx.lexicon.vehicle_at(named).is_some() || super::lexeme::rf_word(named).is_ok() {
        return fail(i);
    }
    // A name the nation does not know still reads: the resolver says it is unknown, with
    // "did you mean".
    // Nor is a word of sense ("Ulvar: NA in 1942").
    if super::lexeme::opens_with_sense_word(named) {
        return fail(i);
    }
    let theaters = match known_places(ctx, i) {
        Ok(read) if ctx.lexicon.knows_places() => read,
        _ => free_places(ctx, i)?,
    };
    let (r, list) = theaters;
    Ok((
        r,
        Area::Theaters {
            theaters: list,
            except: Vec::new(),
        },
    ))
}

/// Places of the lexicon joined by "/", ",", "and", "as well as" ("the Western Marches and
/// Lower Vardia").
fn known_places<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Vec<TheaterRef>> {
    let one = |i: &'a str| -> Res<'a, TheaterRef> {
        let Some(n) = ctx.lexicon.place_at(i) else {
            return fail(i);
        };
        let name = &i[..n];
        Ok((
            &i[n..],
            TheaterRef {
                raw: name.to_string(),
                span: ctx.span(name),
            },
        ))
    };
    let (mut i, first) = one(i)?;
    let mut out = vec![first];
    loop {
        let sep = ch('/')
            .map(|_| ())
            .or((ws0, ch(','), ws0, opt((phrase("and"), ws1))).map(|_| ()))
            .or((ws1, phrase("and"), ws1).map(|_| ()))
            // A shorthand's "Korvath + Tavrin + Ulvar".
            .or((ws1, ch('+'), ws1).map(|_| ()))
            // "the Vell Hills as well as the Lowlands".
            .or((ws1, phrase("as well as"), ws1).map(|_| ()));
        let Ok((r, (_, next))) = (sep, &one).parse(i) else {
            break;
        };
        out.push(next);
        i = r;
    }
    Ok((i, out))
}

/// Places without a lexicon: the words up to one of [`PLACE_ENDS`] or what is no word, split
/// at "/".
fn free_places<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Vec<TheaterRef>> {
    let word_len = |s: &str| {
        s.find(|c: char| !(c.is_alphabetic() || matches!(c, '-' | '/' | '\'')))
            .unwrap_or(s.len())
    };
    let mut end = 0;
    loop {
        let rest = &i[end..];
        let at = if end == 0 { 0 } else { 1 };
        if end > 0 && !rest.starts_with(' ') {
            break;
        }
        let len = word_len(&rest[at..]);
        let word = &rest[at..at + len];
        // A place's name starts with a capital ("the Balkans"); a word that begins another
        // piece ends it, or is none.
        let capital = word.starts_with(char::is_uppercase) || word == "the";
        let lower = word.to_ascii_lowercase();
        // "RF 1.2 through 1942" after a semicolon is an RF list, not a place "RF".
        let rf = lower == "rf" || lower == "rarity";
        if len == 0 || rf || PLACE_ENDS.contains(&lower.as_str()) || (end == 0 && !capital) {
            break;
        }
        end += at + len;
    }
    if end == 0 {
        return fail(i);
    }
    let (_, refs) = theaters(ctx, &i[..end])?;
    Ok((&i[end..], refs))
}

/// The pieces bound into groups (see the module's doc); `None` when a group gives no period.
fn groups(pieces: Vec<Piece>) -> Option<Vec<Group>> {
    let mut out: Vec<Group> = Vec::new();
    let mut cur = Group::default();
    let mut whole: Vec<PrintedQualifier> = Vec::new();
    // Whether the first group named its place before its periods.
    let mut place_first: Option<bool> = None;
    // Whether the piece before was a period; a place not in parentheses.
    let mut after_when = false;
    let mut after_place = false;
    let mut pieces = pieces.into_iter().peekable();
    while let Some(p) = pieces.next() {
        let when = matches!(p, Piece::When(_));
        let place = matches!(p, Piece::Place(_, false));
        match p {
            // "X (6/40) and 7/41-5/43 (Y)": a place in parentheses is the period's before it.
            Piece::Place(area, true)
                if after_when && cur.area.is_some() && cur.entries.len() > 1 =>
            {
                let entry = cur.entries.pop()?;
                out.push(std::mem::take(&mut cur));
                cur.area = Some(area);
                cur.entries.push(entry);
            }
            // "4/42-12/43 in Dravna and on the Marsh Front": places side by side, each with
            // its own preposition, are one list.
            Piece::Place(area @ Area::Theaters { .. }, false) if after_place => {
                cur.more_places(area)?;
            }
            Piece::Place(area, _) => {
                if place_first.is_none() {
                    place_first = Some(cur.entries.is_empty());
                }
                add_place(&mut out, &mut cur, area)?;
            }
            Piece::When(entry) => {
                if place_first.is_none() {
                    place_first = Some(false);
                }
                let complete = !cur.entries.is_empty() && cur.area.is_some();
                if cur.rf.is_some() || (complete && place_first == Some(false)) {
                    let done = std::mem::take(&mut cur);
                    // "in X 9-10/41 (1.6), 11/41 (1.4)": the place goes on.
                    if place_first == Some(true) {
                        cur.area.clone_from(&done.area);
                    }
                    out.push(done);
                }
                cur.entries.push(entry);
            }
            Piece::Rf(rf, qualifiers) => {
                // A place and its RF after a group whose periods came first: those periods'
                // ([`periods_go_on`]).
                let shares = place_first == Some(false) && cur.area.is_some() && !out.is_empty();
                if cur.rf.is_some() || (cur.entries.is_empty() && !shares) {
                    return None;
                }
                cur.rf = Some((rf, qualifiers));
            }
            // "pressed into service by the Partisans from 1942 ...": before any period, who
            // may use it holds for the whole sentence.
            Piece::Only(q) if cur.entries.is_empty() && out.is_empty() => whole.push(q),
            Piece::Only(_) if cur.entries.is_empty() => return None,
            Piece::Only(q) => cur.only.push(q),
            // A group made from the one before: ", except on X, where the RF is 1.3",
            // ", rising to 1.5 in 1945", "; 1.3 on X".
            Piece::NotIn(place) => cur.leave_out(&place, true)?,
            Piece::Each(1) if cur.area.is_none() => cur.there(out.last())?,
            p @ (Piece::Lasted(..) | Piece::Each(_)) => cur.said_of(p)?,
            Piece::ExceptRf(..) | Piece::ExceptOwn(..) | Piece::Change(..) | Piece::RfThere(..) => {
                // After a semicolon the group before is done: it is the one followed.
                if cur.entries.is_empty() {
                    cur = out.pop()?;
                }
                let next = cur.followed_by(p)?;
                out.push(std::mem::replace(&mut cur, next));
            }
            Piece::Break(_) => {
                let named = matches!(pieces.peek(), Some(Piece::Place(..)));
                out.extend(cur.close(place_first == Some(true) && !named));
            }
        }
        after_when = when;
        after_place = place;
    }
    out.push(cur);
    if place_first == Some(false) {
        periods_go_on(&mut out);
    }
    shared_after_last(&mut out);
    for g in &mut out {
        g.only.extend(whole.iter().cloned());
    }
    out.iter().all(|g| !g.entries.is_empty()).then_some(out)
}

/// "Was in use since 9/39 at all theatres except X with RF of 1.2; from 1/42 RF 0.9": a group
/// that names no place after one that does is in the same places (the sentence names them; it
/// never means every theater).
fn places_go_on(groups: &mut [Group]) {
    for k in 1..groups.len() {
        if groups[k].area.is_none() {
            groups[k].area = groups[k - 1].area.clone();
        }
    }
}

/// What the last group says once for all: its RF ([`share_last_rf`]) and its place
/// ([`share_last_place`]); then a group with no place is in the places before it.
fn shared_after_last(groups: &mut [Group]) {
    share_last_rf(groups);
    share_last_place(groups);
    places_go_on(groups);
}

/// "4-6/40 (1.3), 7/40-41 (1.4) and 42-43 (1.2), in Tarnovy only": one place said after the
/// last group's periods, and none before it, is every group's (as one RF after the last group
/// is); where an earlier group names a place, each group keeps its own.
fn share_last_place(groups: &mut [Group]) {
    let unplaced = groups.iter().rev().skip(1).all(|g| g.area.is_none());
    let last = groups.last().filter(|g| g.place_after && unplaced);
    if let Some(area) = last.and_then(|g| g.area.clone()) {
        for g in groups {
            g.area.get_or_insert_with(|| area.clone());
        }
    }
}

/// "April 1937 through 1939 in Dravna (RF 1.2) and on the Marsh Front (RF 1.4)": where the
/// periods come first, a later group of a place and an RF and no period of its own has the
/// periods of the group before.
fn periods_go_on(groups: &mut [Group]) {
    for k in 1..groups.len() {
        let (before, after) = groups.split_at_mut(k);
        let g = &mut after[0];
        if g.entries.is_empty() && g.area.is_some() && g.rf.is_some() {
            g.entries.clone_from(&before[k - 1].entries);
        }
    }
}

/// A place after `cur`'s pieces: its place when it has none, more of its places before its
/// periods, else the place of a new group (`cur` done). `None` when it cannot be bound.
fn add_place(out: &mut Vec<Group>, cur: &mut Group, area: Area) -> Option<()> {
    match (&mut cur.area, cur.entries.is_empty()) {
        (None, empty) => {
            cur.area = Some(area);
            cur.place_after = !empty;
        }
        (Some(Area::Theaters { theaters, .. }), true) => {
            let Area::Theaters { theaters: more, .. } = area else {
                return None;
            };
            theaters.extend(more);
        }
        _ => {
            out.push(std::mem::take(cur));
            cur.area = Some(area);
        }
    }
    Some(())
}

/// "from 6/41 on the Steppe, 1/42 elsewhere, at RF 1.2": one RF after the last group, and
/// none before it, is every group's (as periods before one RF share it).
fn share_last_rf(groups: &mut [Group]) {
    let unrated = groups.iter().rev().skip(1).all(|g| g.rf.is_none());
    if let Some(shared) = groups.last().and_then(|g| g.rf.clone()).filter(|_| unrated) {
        for g in groups {
            g.rf.get_or_insert_with(|| shared.clone());
        }
    }
}

/// ", except on the Isles, where the RF is 1.3" after `cur`: the place left out of `cur`'s
/// area (every theater, unless it names some) and the group of its own it is given, the same
/// periods at `value`. `None` when `cur` has no RF yet or names its places.
fn excepted(cur: &mut Group, place: Area, value: PrintedRf) -> Option<Group> {
    cur.rf.as_ref()?;
    cur.leave_out(&place, false)?;
    Some(Group {
        area: Some(place),
        entries: cur.entries.clone(),
        rf: Some((value, Vec::new())),
        only: cur.only.clone(),
        place_after: false,
    })
}

impl Group {
    /// More places of this group's list (`None` when either is no list of places).
    fn more_places(&mut self, area: Area) -> Option<()> {
        let (Some(Area::Theaters { theaters, .. }), Area::Theaters { theaters: more, .. }) =
            (&mut self.area, area)
        else {
            return None;
        };
        theaters.extend(more);
        Some(())
    }

    /// "6/38-12/40 on X (1.2 RF), and 1941-42 at RF 1.3 there": "there", in a group with no
    /// place, is the place of the group `before`.
    fn there(&mut self, before: Option<&Group>) -> Option<()> {
        self.area.clone_from(&before?.area);
        self.each(1)
    }

    /// A piece that says more of this group ([`Piece::Lasted`], [`Piece::Each`]); `None` for
    /// any other, or where this group cannot take it.
    fn said_of(&mut self, p: Piece) -> Option<()> {
        match p {
            Piece::Lasted(end, there) => self.lasted(end, there),
            Piece::Each(least) => self.each(least),
            _ => None,
        }
    }

    /// "and remained in service there until Q" after this group's last period: that period
    /// goes on to Q. `None` when there is none, or "there" points at no place.
    fn lasted(&mut self, end: EntryWhen, there: bool) -> Option<()> {
        if there && self.area.is_none() {
            return None;
        }
        let last = self.entries.last_mut()?;
        last.when = lasted_until(&last.when, end)?;
        Some(())
    }

    /// "RF 1.2 in both": the group has its RF, and places enough for the word.
    fn each(&self, least: usize) -> Option<()> {
        let places = match &self.area {
            Some(Area::Theaters { theaters, .. }) => theaters.len(),
            _ => 0,
        };
        (self.rf.is_some() && places >= least).then_some(())
    }

    /// The places `place` names left out of this group's area (every theater when it names
    /// none), marked not available there when `not_available` (", but not on the Isles").
    /// `None` when the group names its places or has no period yet.
    fn leave_out(&mut self, place: &Area, not_available: bool) -> Option<()> {
        let except = super::whole::exceptions_of(place, not_available)?;
        match &mut self.area {
            // "DOR (excl. SLT)": a part of the places named left out, periods or not yet.
            Some(Area::Theaters { except: left, .. }) => left.extend(except),
            _ if self.entries.is_empty() => return None,
            None => self.area = Some(Area::AllBut { except }),
            Some(Area::AllBut { except: left }) => left.extend(except),
            Some(_) => return None,
        }
        Some(())
    }

    /// At a semicolon: this group, done (`None` when it has no period yet), this one left
    /// empty, its place going on when `place_goes_on` (the next group names none).
    fn close(&mut self, place_goes_on: bool) -> Option<Group> {
        if self.entries.is_empty() {
            return None;
        }
        let done = std::mem::take(self);
        if place_goes_on {
            self.area.clone_from(&done.area);
        }
        Some(done)
    }

    /// The group a piece makes of this one ([`Piece::ExceptRf`], [`Piece::Change`],
    /// [`Piece::RfThere`]); `None` for any other piece, or where this group cannot take it.
    fn followed_by(&mut self, p: Piece) -> Option<Group> {
        match p {
            Piece::ExceptRf(place, value) => excepted(self, place, value),
            Piece::ExceptOwn(place, entry, value) => {
                let mut own = excepted(self, place, value)?;
                own.entries = vec![entry];
                Some(own)
            }
            Piece::Change(value, w) => self.changed(value, w),
            Piece::RfThere(value, area) => self.elsewhere(area, value),
            _ => None,
        }
    }

    /// ", rising to 1.5 in 1945" after this group: the group from then on, this one ended
    /// before it. `None` when this group has no periods or RF yet.
    fn changed(&mut self, value: PrintedRf, w: Option<EntryWhen>) -> Option<Group> {
        if self.entries.is_empty() || self.rf.is_none() {
            return None;
        }
        Some(Group {
            area: self.area.clone(),
            entries: vec![changed(&mut self.entries, w)?],
            rf: Some((value, Vec::new())),
            only: self.only.clone(),
            place_after: false,
        })
    }

    /// "; 1.3 on the Isles", "(1.3 on the Isles)" after this group: its periods in `area` at
    /// `value`, that place no longer this group's (every theater but it, or its list without
    /// it).
    fn elsewhere(&mut self, area: Area, value: PrintedRf) -> Option<Group> {
        if self.entries.is_empty() || self.rf.is_none() {
            return None;
        }
        if let Area::Theaters {
            theaters: there, ..
        } = &area
        {
            let named = |t: &TheaterRef| there.iter().any(|p| p.raw.eq_ignore_ascii_case(&t.raw));
            match &mut self.area {
                Some(Area::AllBut { except }) => {
                    except.extend(super::whole::exceptions_of(&area, false)?);
                }
                Some(Area::Theaters { theaters, .. }) if theaters.len() > 1 => {
                    theaters.retain(|t| !named(t));
                }
                _ => {}
            }
        }
        Some(Group {
            area: Some(area),
            entries: self.entries.clone(),
            rf: Some((value, Vec::new())),
            only: self.only.clone(),
            place_after: false,
        })
    }
}

/// The entry a change of RF holds for ("rising to 1.5 in 1945": from 1945 on, or from the
/// month after the group's last period), the group's last entry ended the month before it.
/// `None` when the change is not after the group's start.
fn changed(entries: &mut [ScheduleEntry], w: Option<EntryWhen>) -> Option<ScheduleEntry> {
    let last = entries.last_mut()?;
    let mut next = last.clone();
    let Some(w) = w else {
        next.when = EntryWhen::Thereafter(last.span.clone());
        return Some(next);
    };
    let start = match &w {
        EntryWhen::Period(p) | EntryWhen::From(p) => p.value.as_ref().ok()?.from,
        _ => return None,
    };
    let (until, open) = match &mut last.when {
        EntryWhen::Period(p) => (p, false),
        EntryWhen::From(p) => (p, true),
        _ => return None,
    };
    let (from, to) = until.value.as_ref().ok().map(|p| (p.from, p.to))?;
    if start <= from {
        return None;
    }
    until.value = Ok(qm_schema::Period {
        from,
        to: start.pred(),
    });
    let before = until.clone();
    last.when = EntryWhen::Period(before);
    // A change inside an open end goes on to the end ("from 9/42 on, rising to 1.5 in 1945").
    // "10/41 thru 3/44, RF 1.2 -> 1.4 from 7/43": a change from a month inside a closed span
    // ends where the span does.
    next.when = match w {
        EntryWhen::Period(p) if open => EntryWhen::From(p),
        EntryWhen::From(mut p) if !open && start <= to => {
            p.value = Ok(qm_schema::Period { from: start, to });
            EntryWhen::Period(p)
        }
        other => other,
    };
    Some(next)
}

/// "since 6/38 with RF of 1,1 until including 12/40": an open start, its RF, then an open end
/// with no RF of its own are one span at that RF (a translator's order), as "from 6/38 to
/// 12/40 with an RF of 1.1" is.
/// "available on X at RF 1.0 from 1941 to 1943", "at RF 1.0 until the end of 1943 and at .9
/// thereafter": an RF before any period of its group, a period right after it, is that
/// period's (moved after it, where an RF binds).
fn rf_before_its_period(pieces: &mut [Piece]) {
    let mut dated = false;
    let mut k = 0;
    while k < pieces.len() {
        match &pieces[k] {
            Piece::When(_) => dated = true,
            Piece::Rf(..) if !dated && matches!(pieces.get(k + 1), Some(Piece::When(_))) => {
                pieces.swap(k, k + 1);
                k += 1;
            }
            Piece::Rf(..) | Piece::Break(_) | Piece::Change(..) => dated = false,
            _ => {}
        }
        k += 1;
    }
}

fn rf_inside_span(pieces: &mut Vec<Piece>) {
    let mut k = 0;
    while k + 1 < pieces.len() {
        // "KOR from '44 (thru 4/45)": an open start, then its end.
        if let (Piece::When(a), Piece::When(b)) = (&pieces[k], &pieces[k + 1]) {
            let open_then_end = matches!(a.when, EntryWhen::From(_))
                && matches!(b.when, EntryWhen::Until(_))
                && a.rf.is_none()
                && b.rf.is_none();
            if let Some(when) = open_then_end
                .then(|| lasted_until(&a.when, b.when.clone()))
                .flatten()
            {
                if let Piece::When(a) = &mut pieces[k] {
                    a.when = when;
                }
                pieces.remove(k + 1);
                continue;
            }
        }
        let Some(third) = pieces.get(k + 2) else {
            break;
        };
        let joined = match (&pieces[k], &pieces[k + 1], third) {
            (Piece::When(a), Piece::Rf(..), Piece::When(b))
                if matches!(a.when, EntryWhen::From(_))
                    && matches!(b.when, EntryWhen::Until(_) | EntryWhen::Thereafter(_))
                    && a.rf.is_none()
                    && b.rf.is_none() =>
            {
                lasted_until(&a.when, b.when.clone())
            }
            _ => None,
        };
        if let (Some(when), Piece::When(a)) = (joined, &mut pieces[k]) {
            a.when = when;
            pieces.remove(k + 2);
        }
        k += 1;
    }
}

/// "from 9/39 to 6/42, at RF 1.0 until 12/40 and 1.2 thereafter": an RF until a month inside
/// the span before it, then another from the month after to the span's end (nothing is cut
/// unless the change after it says what the rest of the span is).
fn rf_until_inside_span(pieces: &mut Vec<Piece>) {
    let mut k = 0;
    while k + 3 < pieces.len() {
        let split = match (&pieces[k], &pieces[k + 1], &pieces[k + 2], &pieces[k + 3]) {
            (Piece::When(a), Piece::Rf(..), Piece::When(b), Piece::Change(_, None))
                if a.rf.is_none() && b.rf.is_none() =>
            {
                match (&a.when, &b.when) {
                    (EntryWhen::Period(p), EntryWhen::Until(u)) => {
                        let (Ok(span), Ok(end)) = (&p.value, &u.value) else {
                            k += 1;
                            continue;
                        };
                        (span.from <= end.to && end.to < span.to)
                            .then(|| (p.clone(), span.from, end.to, span.to))
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        if let Some((printed, from, cut, to)) = split {
            let mut first = printed.clone();
            first.value = Ok(qm_schema::Period { from, to: cut });
            let mut rest = printed;
            rest.value = Ok(qm_schema::Period {
                from: cut.succ(),
                to,
            });
            if let Piece::When(a) = &mut pieces[k] {
                a.when = EntryWhen::Period(first);
            }
            if let Piece::Change(_, w) = &mut pieces[k + 3] {
                *w = Some(EntryWhen::Period(rest));
            }
            pieces.remove(k + 2);
        }
        k += 1;
    }
}

/// "'39-'41, RF 1.1 ('39-'40), 1.3 ('41)": a span with no RF, then periods inside it that
/// have RFs and together cover it, is only their frame: the periods say it all.
fn frame_dropped(pieces: &mut Vec<Piece>) {
    let months = |w: &EntryWhen| match w {
        EntryWhen::Period(p) => p.value.as_ref().ok().map(|v| (v.from, v.to)),
        _ => None,
    };
    let mut k = 0;
    while k < pieces.len() {
        let Piece::When(outer) = &pieces[k] else {
            k += 1;
            continue;
        };
        let Some((from, to)) = months(&outer.when).filter(|_| outer.rf.is_none()) else {
            k += 1;
            continue;
        };
        // The periods after it, up to a place or a break, each followed by its RF.
        let mut inner = Vec::new();
        let mut j = k + 1;
        while let Some(Piece::When(e)) = pieces.get(j) {
            if !matches!(pieces.get(j + 1), Some(Piece::Rf(..))) {
                break;
            }
            inner.push(months(&e.when));
            j += 2;
        }
        let mut spans: Vec<_> = inner
            .into_iter()
            .collect::<Option<Vec<_>>>()
            .unwrap_or_default();
        spans.sort();
        let covers = !spans.is_empty()
            && spans.first().is_some_and(|s| s.0 == from)
            && spans.last().is_some_and(|s| s.1 == to)
            && spans.windows(2).all(|w| w[0].1.succ() == w[1].0);
        if covers {
            pieces.remove(k);
        }
        k += 1;
    }
}

/// The months from the start of `began` to the end of `end` (an open end for "until the end
/// of the war"); `None` when the end is before the start.
fn lasted_until(began: &EntryWhen, end: EntryWhen) -> Option<EntryWhen> {
    let (EntryWhen::Period(p) | EntryWhen::From(p)) = began else {
        return None;
    };
    let from = p.value.as_ref().ok()?.from;
    let mut start = p.clone();
    start.value = Ok(qm_schema::Period { from, to: from });
    match end {
        EntryWhen::Thereafter(_) => Some(EntryWhen::From(start)),
        EntryWhen::Until(q) => {
            let to = q.value.as_ref().ok()?.to;
            if to < from {
                return None;
            }
            start.value = Ok(qm_schema::Period { from, to });
            Some(EntryWhen::Period(start))
        }
        _ => None,
    }
}

/// A group as a schedule section: its periods (those that follow on joined) with its RF.
fn section(ctx: &Ctx<'_>, g: Group) -> ScheduleSection {
    let Group {
        area,
        entries,
        rf,
        only,
        ..
    } = g;
    let start = entries.first().map_or(0, |e| e.span.range.start);
    let end = entries
        .last()
        .map_or(start, |e| e.span.range.end)
        .max(rf.as_ref().map_or(0, |(r, _)| r.span.range.end));
    let entries = entries
        .into_iter()
        .map(|mut e| {
            if let Some((value, qualifiers)) = &rf {
                e.rf = Some(value.clone());
                e.qualifiers = qualifiers.clone();
            }
            e.qualifiers.extend(only.iter().cloned());
            e
        })
        .collect();
    ScheduleSection {
        span: crate::TextSpan::new(ctx.file, start..end),
        area: area.unwrap_or(Area::Anywhere),
        entries,
        typos: Vec::new(),
    }
}

/// An RF sentence whose subject is a pronoun or a vehicle: "[In May and June 1940] it is
/// 1.3", "[In France the AMD 35] has an RF of 1.2 from 9/39 to 4/40, which rises to 1.3 in
/// May and June 1940".
pub(crate) fn rf_said<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    // "Both have RF 1.2 until ...", "It has an RF of 1.3 in 1944": the subject's pronoun.
    let start = match (one_of(&["both types", "both", "they", "it"]), ws1).parse(start) {
        Ok((r, _))
            if (phrase("has").or(phrase("have")).or(phrase("had")))
                .parse(r)
                .is_ok() =>
        {
            r
        }
        _ => start,
    };
    // "Before July 1940 they rate 1.3": the verb of rating as "it is".
    let it_is = phrase("it is")
        .or(phrase("they rate"))
        .or(phrase("it rates"))
        .or(phrase("they are rated"))
        .or(phrase("it is rated"));
    if let Ok((i, _)) = (it_is, ws1).parse(start) {
        // "[In Orlen] it is rarity 1.3 until 12/41, then 1.1": as "its RF is 1.3 until ...".
        if let Ok((r, entries)) = (super::lexeme::rf_word, ws1)
            .parse(i)
            .and_then(|(r, _)| group_list(ctx, r, rf_part))
        {
            return Ok((r, rf_schedule(ctx, start, r, entries)));
        }
        // "they rate 1.5 right up until the end of '42": the RF word left out.
        if let Ok((r, entries)) = group_list(ctx, i, rf_part) {
            return Ok((r, rf_schedule(ctx, start, r, entries)));
        }
        let (i, entries) = first_rf_of_lead_in(ctx, i)?;
        let mut body = rf_schedule(ctx, start, i, entries);
        body.needs_period = true;
        return Ok((i, body));
    }
    let (i, _) = (phrase("has").or(phrase("have")).or(phrase("had")), ws1).parse(start)?;
    let (r, value) = rf_noun(ctx, i, false)?;
    let words = ctx.consumed(i, r).to_ascii_lowercase();
    if !(words.contains("rf") || words.contains("rarity")) {
        return fail(i);
    }
    let (mut r, mut entries) = periods_of(ctx, i, r, value, false)?;
    // "had an RF of 1.3 in 1944 (1.1 in 1945)".
    if let Ok((r2, (_, _, _, more, _, _))) =
        (ws0, ch('('), ws0, |r| rf_part(ctx, r), ws0, ch(')')).parse(r)
    {
        entries.extend(more);
        r = r2;
    }
    if let Ok((r2, (_, more))) = (strict_separator, |r| group_list(ctx, r, rf_part)).parse(r) {
        entries.extend(more);
        r = r2;
    }
    Ok((r, rf_schedule(ctx, start, r, entries)))
}

/// An RF-by-period schedule of one section with no place (a lead-in may give one).
fn rf_schedule<'a>(
    ctx: &Ctx<'a>,
    start: &'a str,
    end: &'a str,
    entries: Vec<ScheduleEntry>,
) -> Body {
    ClauseKind::Schedule(Schedule {
        form: ScheduleForm::RfByPeriod,
        sections: vec![ScheduleSection {
            span: ctx.span_between(start, end),
            area: Area::Anywhere,
            entries,
            typos: Vec::new(),
        }],
    })
    .into()
}
