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
use super::entries::{group_list, periods_of, rf_part, strict_separator};
use super::faction_words::use_only;
use super::grammar_error::{fail, Ctx, Res};
use super::lexeme::{ch, phrase, ws0, ws1};
use super::parts::determiner;
use super::rf_words::rf_noun;
use super::rf_words::{read_qualifiers, rf_after};
use super::syntax::{
    Area, ClauseKind, EntryWhen, PrintedQualifier, PrintedRf, Schedule, ScheduleEntry,
    ScheduleForm, ScheduleSection, TheaterRef,
};
use super::theater_names::theaters;
use super::when::when;

/// Verbs of use or availability, longest first ("was used", "served", "available").
const VERBS: [&str; 29] = [
    "were in service",
    "was in service",
    "were available",
    "was available",
    "are available",
    "is available",
    "were employed",
    "was employed",
    "were deployed",
    "was deployed",
    "were fielded",
    "was fielded",
    "were issued",
    "was issued",
    "is issued",
    "were used",
    "was used",
    "are used",
    "is used",
    "saw service",
    "saw action",
    "saw use",
    "appeared",
    "available",
    "served",
    "fought",
    "issued",
    "used",
    "dates are",
];

/// Auxiliaries before a participle of use ("may be used", "was also fielded").
const AUXILIARIES: [&str; 10] = [
    "may be", "can be", "could be", "might be", "will be", "was", "were", "is", "are", "may",
];

/// Adverbs between an auxiliary and its participle ("was also used").
const ADVERBS: [&str; 6] = ["also", "only", "first", "later", "still", "mainly"];

/// Participles and adjectives of use after an auxiliary.
const PARTICIPLES: [&str; 9] = [
    "used",
    "available",
    "in service",
    "issued",
    "employed",
    "deployed",
    "fielded",
    "found",
    "encountered",
];

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

/// Pronouns standing for the subject of the sentence before ("it", "they", "both").
const PRONOUNS: [&str; 5] = ["both types", "both", "they", "it", "all"];

/// Words a place of no lexicon runs up to (where a period, an RF or another place begins).
const PLACE_ENDS: [&str; 17] = [
    "from", "to", "until", "till", "through", "in", "on", "at", "with", "and", "between", "since",
    "after", "before", "prior", "during", "as",
];

/// One typed piece after the verb.
enum Piece {
    /// Where ("in the Western Marches", "on the Eastern Front"); in parentheses ("(Lower
    /// Vardia)"), it belongs to the period right before it.
    Place(Area, bool),
    /// When ("from June 1938 to May 1941", "in 1942", "(1/44-5/45)", "from May 1942").
    When(ScheduleEntry),
    /// At what RF ("(RF 1.4)", "at an RF of 1.5", "with an RF of 1.3").
    Rf(PrintedRf, Vec<PrintedQualifier>),
    /// Who may use it then ("(Free French use only)", ", Vichy French use only").
    Only(PrintedQualifier),
    /// A semicolon: the group before is complete.
    Break,
}

/// What one group binds: a place, the periods it scopes, the RF they share.
#[derive(Default)]
struct Group {
    area: Option<Area>,
    entries: Vec<ScheduleEntry>,
    rf: Option<(PrintedRf, Vec<PrintedQualifier>)>,
    /// Who alone may use it ("Free French use only").
    only: Vec<PrintedQualifier>,
}

/// "[subject noun] [pronoun] verb [only] pieces": a schedule, one section per group.
pub(crate) fn served<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, pieces) = match verbless(ctx, start).or_else(|_| use_in(ctx, start)) {
        Ok(read) => read,
        Err(_) => {
            let (i, _) = determiner(start)?;
            let (i, _) = opt((one_of(&CLASS_NOUNS), ws1)).parse(i)?;
            let (i, _) = opt((one_of(&PRONOUNS), ws1)).parse(i)?;
            let (i, _) = opt((phrase("only"), ws1)).parse(i)?;
            let (i, _) = verb(i)?;
            let (i, _) = opt((ws1, phrase("only"))).parse(i)?;
            // "issued to units in ...": units of no faction add nothing.
            let (i, _) = opt((ws1, phrase("to units"))).parse(i)?;
            pieces(ctx, i)?
        }
    };
    let groups = groups(pieces).ok_or(nom::Err::Error(super::grammar_error::GrammarError {
        at: i,
    }))?;
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
    Ok((i, ClauseKind::Schedule(Schedule { form, sections }).into()))
}

/// A verb of use: one of [`VERBS`], or an auxiliary ("was", "may be"), an adverb ("also",
/// "only", "first") and a participle ("used", "fielded"): "was also used", "may be used",
/// "were only issued".
fn verb(i: &str) -> Res<'_, &str> {
    if let Ok(read) = one_of(&VERBS)(i) {
        return Ok(read);
    }
    let (r, _) = (one_of(&AUXILIARIES), ws1).parse(i)?;
    let (r, _) = opt((one_of(&ADVERBS), ws1)).parse(r)?;
    one_of(&PARTICIPLES)(r)
}

/// A list with no verb that starts with a place the nation knows: "France, 9/39-6/40 (RF
/// 1.1)", "Syria (6-7/41) at an RF of 1.3".
fn verbless<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Vec<Piece>> {
    if ctx.lexicon.place_at(i).is_none() {
        return fail(i);
    }
    let (r, area) = place(ctx, i)?;
    let (r, _) = opt((ws0, ch(','))).parse(r)?;
    let (r, mut rest) = pieces(ctx, r)?;
    rest.insert(0, Piece::Place(area, false));
    Ok((r, rest))
}

/// "Use in France only: 9/39-6/40 (1.3)": the place, then after the colon what the groups
/// give ("X use only" without the colon is a faction's limit, not this).
fn use_in<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Vec<Piece>> {
    let (r, _) = (phrase("use"), ws1, phrase("in").or(phrase("on")), ws1).parse(i)?;
    let (r, area) = place(ctx, r)?;
    let (r, _) = (opt((ws1, phrase("only"))), ws0, ch(':')).parse(r)?;
    let (r, mut rest) = pieces(ctx, r)?;
    rest.insert(0, Piece::Place(area, false));
    Ok((r, rest))
}

/// The first of `words` at `i`, case ignored.
fn one_of<'a>(words: &'static [&'static str]) -> impl Fn(&'a str) -> Res<'a, &'a str> {
    move |i: &'a str| {
        for w in words {
            if let Ok(read) = phrase(w)(i) {
                return Ok(read);
            }
        }
        fail(i)
    }
}

/// The pieces after the verb, each after a separator (",", ";", "and", ", and") or a space.
fn pieces<'a>(ctx: &Ctx<'a>, mut i: &'a str) -> Res<'a, Vec<Piece>> {
    let mut out = Vec::new();
    loop {
        // An RF reads its own leading comma or space ("(1.4)", ", with an RF of 1.3").
        if let Ok((r, (after, qualifiers))) = rf_after(ctx, i) {
            out.push(Piece::Rf(after.rf, read_qualifiers(ctx, &qualifiers)));
            i = r;
            continue;
        }
        let sep = (
            ws0,
            ch(',').or(ch(';')).or(ch(':')),
            ws0,
            opt((phrase("and"), ws1)),
        )
            .map(|_| ())
            .or((ws1, phrase("and"), ws1).map(|_| ()))
            .or(ws1.map(|_| ()));
        // "only" and "again" add nothing the groups do not say ("in Tunisia in April 1943
        // only", "and again from 9/44").
        // "though only in 1941": a concession adds nothing either.
        let noise = |i| {
            opt((
                ws0,
                opt((phrase("though"), ws1)),
                phrase("only").or(phrase("again")),
            ))
            .parse(i)
        };
        let Ok((r, _)) = (noise, sep, noise, opt(ws1)).parse(i) else {
            break;
        };
        // A semicolon closes a group: "in X 6/41-12/43 at 1.4; on Y, 1942-44 at 1.5".
        let semicolon = i[..i.len() - r.len()].contains(';') && !out.is_empty();
        let read = use_only(ctx, r)
            .map(|(r2, q)| (r2, Piece::Only(q)))
            .or_else(|_| piece(ctx, r));
        let Ok((r2, p)) = read else {
            break;
        };
        if semicolon {
            out.push(Piece::Break);
        }
        out.push(p);
        i = r2;
    }
    if out.is_empty() {
        return fail(i);
    }
    Ok((i, out))
}

/// One place or period at `i`.
fn piece<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Piece> {
    // "(1/44-5/45)", "(Lower Vardia)".
    if let Ok((r, _)) = (ch('('), ws0).parse(i) {
        let inner = |r: &'a str| -> Res<'a, Piece> {
            if let Ok(read) = dated(ctx, r, r) {
                return Ok(read);
            }
            let (r, area) = place(ctx, r)?;
            Ok((r, Piece::Place(area, true)))
        };
        let (r, p) = inner(r)?;
        let (r, _) = (ws0, ch(')')).parse(r)?;
        return Ok((r, p));
    }
    if let Ok((r, _)) = (phrase("in").or(phrase("during")), ws1).parse(i) {
        if let Ok(read) = dated(ctx, i, r) {
            return Ok(read);
        }
    }
    if let Ok(read) = dated(ctx, i, i) {
        return Ok(read);
    }
    if let Ok((r, area)) = everywhere(i) {
        return Ok((r, Piece::Place(area, false)));
    }
    let (r, _) = opt((phrase("in").or(phrase("on")), ws1)).parse(i)?;
    let (r, area) = place(ctx, r)?;
    Ok((r, Piece::Place(area, false)))
}

/// A period at `at`, its entry's text from `start`.
fn dated<'a>(ctx: &Ctx<'a>, start: &'a str, at: &'a str) -> Res<'a, Piece> {
    let (r, w) = when(ctx, at)?;
    if matches!(w, EntryWhen::Thereafter(_)) {
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
    let (r, _) = phrase("in every theater")
        .or(phrase("in every theatre"))
        .or(phrase("in all theaters"))
        .or(phrase("in all theatres"))
        .or(phrase("in any theater"))
        .or(phrase("in any theatre"))
        .or(phrase("everywhere"))
        .parse(i)?;
    if (ws1, phrase("except")).parse(r).is_ok() {
        return fail(i);
    }
    Ok((r, Area::AllBut { except: Vec::new() }))
}

/// One or more places ("the Western Marches and Lower Vardia", "North Africa/Russia"): with a
/// lexicon of places each is the longest place name; without, words up to where a period or
/// another piece begins.
fn place<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Area> {
    // A name the listing holds is a vehicle, never a place ("; the Trk. M.2 has ...").
    let named = opt((phrase("the"), ws1)).parse(i).map_or(i, |(r, _)| r);
    if ctx.lexicon.vehicle_at(named).is_some() {
        return fail(i);
    }
    // A name the nation does not know still reads: the resolver says it is unknown, with
    // "did you mean".
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

/// Places of the lexicon joined by "/", ",", "and" ("the Western Marches and Lower Vardia").
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
            .or((ws1, phrase("and"), ws1).map(|_| ()));
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
        if len == 0 || PLACE_ENDS.contains(&lower.as_str()) || (end == 0 && !capital) {
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
    // Whether the first group named its place before its periods.
    let mut place_first: Option<bool> = None;
    // Whether the piece before was a period.
    let mut after_when = false;
    let mut pieces = pieces.into_iter().peekable();
    while let Some(p) = pieces.next() {
        let when = matches!(p, Piece::When(_));
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
            Piece::Place(area, _) => {
                if place_first.is_none() {
                    place_first = Some(cur.entries.is_empty());
                }
                match (&mut cur.area, cur.entries.is_empty()) {
                    (None, _) => cur.area = Some(area),
                    (Some(Area::Theaters { theaters, .. }), true) => {
                        if let Area::Theaters { theaters: more, .. } = area {
                            theaters.extend(more);
                        } else {
                            return None;
                        }
                    }
                    _ => {
                        out.push(std::mem::take(&mut cur));
                        cur.area = Some(area);
                    }
                }
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
                if cur.rf.is_some() || cur.entries.is_empty() {
                    return None;
                }
                cur.rf = Some((rf, qualifiers));
            }
            Piece::Only(q) => {
                if cur.entries.is_empty() {
                    return None;
                }
                cur.only.push(q);
            }
            Piece::Break if !cur.entries.is_empty() => {
                let done = std::mem::take(&mut cur);
                // The place goes on unless the next group names its own.
                let named = matches!(pieces.peek(), Some(Piece::Place(..)));
                if place_first == Some(true) && !named {
                    cur.area.clone_from(&done.area);
                }
                out.push(done);
            }
            Piece::Break => {}
        }
        after_when = when;
    }
    out.push(cur);
    out.iter().all(|g| !g.entries.is_empty()).then_some(out)
}

/// A group as a schedule section: its periods (those that follow on joined) with its RF.
fn section(ctx: &Ctx<'_>, g: Group) -> ScheduleSection {
    let Group {
        area,
        entries,
        rf,
        only,
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
    if let Ok((i, _)) = (phrase("it is"), ws1).parse(start) {
        let (i, entries) = first_rf_of_lead_in(ctx, i)?;
        let mut body = rf_schedule(ctx, start, i, entries);
        body.needs_period = true;
        return Ok((i, body));
    }
    let (i, _) = (phrase("has").or(phrase("have")), ws1).parse(start)?;
    let (r, value) = rf_noun(ctx, i, false)?;
    let words = ctx.consumed(i, r).to_ascii_lowercase();
    if !(words.contains("rf") || words.contains("rarity")) {
        return fail(i);
    }
    let (mut r, mut entries) = periods_of(ctx, i, r, value, false)?;
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
