//! The parts a sentence is composed of, each read on its own so that every clause form takes
//! them in any order the language allows: the determiner before what is given ("its", "the"),
//! an area after what is given ("for use in X", "in X", "for X use"), the lead-in that moves a
//! scope to the front of a sentence ("For use in Sicily, RF is ...", "In 1945, ...", "For WW2
//! scenarios, ..."). Dates are `when`'s pieces, RFs `rf_words`', amounts and caps
//! `relative`'s.

use nom::combinator::opt;
use nom::Parser;

use super::use_verbs::one_of;

use super::grammar_error::{fail, Ctx, Res};
use super::lexeme::{ch, phrase, ws0, ws1};
use super::scope::all_vehicles;
use super::syntax::{Area, PrintedPeriod, TheaterException};
use super::theater_names::{named_area, theaters};
use super::when::span_period;

/// Words that may stand before what a sentence gives ("Its RF", "The Dates and RF", "Their
/// availability", "This gun's RF": the ordnance notes are read with the same words); they add
/// nothing to its meaning.
const DETERMINERS: [&str; 7] = [
    "its",
    "the",
    "their",
    "this afv's",
    "this vehicle's",
    "this gun's",
    "each",
];

/// An optional determiner and the space after it.
pub(crate) fn determiner(i: &str) -> Res<'_, ()> {
    for d in DETERMINERS {
        if let Ok((r, _)) = (phrase(d), ws1).parse(i) {
            return Ok((r, ()));
        }
    }
    Ok((i, ()))
}

/// The words before a place that say it scopes what is given: "for use in", "when used in",
/// "used in", "in", "on", "at" ("on the Eastern Front", "at the KF").
fn place_words(i: &str) -> Res<'_, &str> {
    phrase("for use in")
        .or(phrase("when used in"))
        .or(phrase("for use on"))
        .or(phrase("used in"))
        .or(phrase("use in"))
        .or(super::lexeme::place_preposition)
        .parse(i)
}

/// "elsewhere", "everywhere else", "in (all) other theaters": the places the sentence does not
/// name.
pub(crate) fn elsewhere(i: &str) -> Res<'_, Area> {
    let (r, _) = phrase("elsewhere")
        .or(phrase("everywhere else"))
        .or(phrase("in other theaters"))
        .or(phrase("in other theatres"))
        .or(phrase("in all other theaters"))
        .or(phrase("in all other theatres"))
        .parse(i)?;
    Ok((r, Area::Elsewhere { except: Vec::new() }))
}

/// "in every theater except X", "in every theatre save X", "everywhere except in X/Y", "except
/// in X": every theater of the nation but those named (the sentence says nothing about them).
pub(crate) fn everywhere_except<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Area> {
    let whole = i;
    let every = super::lexeme::every_theater;
    let (i, _) = opt((every, ws1)).parse(i)?;
    // "save", "but" and "bar" are "except" only after "every theatre" ("save X" alone is no
    // area).
    let except = phrase("except").or(phrase("other than"));
    let (i, _) = match (except, ws1).parse(i) {
        Ok(read) => read,
        Err(e) if i.len() == whole.len() => return Err(e),
        // A shorthand's "all thtrs excl. Tavrin".
        Err(_) => (
            phrase("save")
                .or(phrase("but"))
                .or(phrase("bar"))
                .or(super::lexeme::excluding),
            ws1,
        )
            .parse(i)?,
    };
    let (mut i, _) = opt((phrase("in").or(phrase("for")), ws1)).parse(i)?;
    let mut except = Vec::new();
    loop {
        let (r, names) = theaters(ctx, i)?;
        except.extend(names.into_iter().map(|theater| TheaterException {
            theater,
            not_available: false,
        }));
        i = r;
        // ", and X", " or X" (a bare comma would take what follows the list for a name; a
        // bare "and" stays inside a name: names are the registry's to tell apart, "X/Y" lists).
        let sep = (ws0, ch(','), ws0, phrase("and"), ws1)
            .map(|_| ())
            .or((ws1, phrase("or"), ws1).map(|_| ()));
        let Ok((r, _)) = (sep, opt((phrase("in"), ws1))).parse(i) else {
            break;
        };
        i = r;
    }
    Ok((i, Area::AllBut { except }))
}

/// The area after what a sentence gives: "for use in X", "in X", "on X", "when used in X",
/// "for X use", "for X", "in every theater except X".
pub(crate) fn area_after<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Area> {
    let (i, _) = ws1(i)?;
    if let Ok(read) = everywhere_except(ctx, i) {
        return Ok(read);
    }
    // "Dates elsewhere are ...": the places no section before names.
    if let Ok(read) = elsewhere(i) {
        return Ok(read);
    }
    if let Ok((r, _)) = (place_words, ws1).parse(i) {
        return named_area(ctx, r);
    }
    let (i, _) = (phrase("for"), ws1).parse(i)?;
    let (i, area) = named_area(ctx, i)?;
    let (i, _) = opt((ws1, phrase("use"))).parse(i)?;
    Ok((i, area))
}

/// A scope moved to the front of a sentence, before a comma.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum LeadIn {
    /// "For use in Sicily,", "In North Africa,": where the rest applies.
    Area(Area),
    /// "In 1945,": when the rest applies.
    Period(PrintedPeriod),
    /// "From 1943 onward,", "As of 6/43,": from when the rest applies, to the end of DATES.
    From(PrintedPeriod),
    /// "Before July 1940 they rate 1.3": until when the rest applies, from the start of DATES.
    Until(PrintedPeriod),
    /// "For WW2 scenarios,": the scenarios an availability limit is for.
    Ww2,
    /// "Dates and Rarity Factors by theatre:": a heading that names what follows, scoping
    /// nothing.
    Heading,
    /// "Use is limited to the Northern Front:": the place what follows lies in; a section of
    /// its own place keeps it.
    Within(Area),
}

impl LeadIn {
    /// The months a period lead-in gives: the period, or its open end; `None` for any other.
    pub(crate) fn when(self) -> Option<super::syntax::EntryWhen> {
        match self {
            LeadIn::Period(p) => Some(super::syntax::EntryWhen::Period(p)),
            LeadIn::From(p) => Some(super::syntax::EntryWhen::From(p)),
            LeadIn::Until(p) => Some(super::syntax::EntryWhen::Until(p)),
            LeadIn::Area(_) | LeadIn::Ww2 | LeadIn::Heading | LeadIn::Within(_) => None,
        }
    }
}

/// "WWII", "WW2", "WW II" scenarios.
pub(crate) fn ww2_scenarios(i: &str) -> Res<'_, &str> {
    let (r, _) = (
        phrase("wwii").or(phrase("ww2")).or(phrase("ww ii")),
        ws1,
        phrase("scenarios"),
    )
        .parse(i)?;
    Ok((r, &i[..i.len() - r.len()]))
}

/// A lead-in at `i` and the text after its comma; "For both types," is a subject, not one.
pub(crate) fn lead_in<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, LeadIn> {
    if all_vehicles(i).is_ok() {
        return fail(i);
    }
    if let Ok((r, area)) = everywhere_except(ctx, i) {
        let (r, _) = (ws0, ch(','), ws1).parse(r)?;
        return Ok((r, LeadIn::Area(area)));
    }
    // "In all theatres, beginning with 1940, RF 1.1": every theater, before its comma.
    if let Ok((r, _)) = (super::lexeme::every_theater, ws0, ch(','), ws1).parse(i) {
        return Ok((r, LeadIn::Area(Area::AllBut { except: Vec::new() })));
    }
    // "WWII use:", "WW2 scenarios:": every note is about them, a label that scopes nothing.
    if let Ok((r, _)) = (
        phrase("wwii").or(phrase("ww2")).or(phrase("ww ii")),
        ws1,
        phrase("use")
            .or(phrase("scenarios"))
            .or(phrase("availability")),
        ws0,
        ch(':'),
        ws1,
    )
        .parse(i)
    {
        return Ok((r, LeadIn::Ww2));
    }
    // "From 1943 onward,", "As of 6/43,", "After 6/43,": an open end before its comma;
    // "late '44 thru EOW:" before a label's colon.
    if let Ok((r, (super::syntax::EntryWhen::From(p), _, _, _))) =
        (|r| super::when::when(ctx, r), ws0, ch(',').or(ch(':')), ws1).parse(i)
    {
        return Ok((r, LeadIn::From(p)));
    }
    if let Some(r) = heading(i) {
        return Ok((r, LeadIn::Heading));
    }
    if let Some(read) = use_limited_heading(ctx, i) {
        return Ok(read);
    }
    // "Russian dates and RFs:", "Yugoslav use:": a place's heading scopes what follows.
    if let Some(read) = place_heading(ctx, i) {
        return Ok(read);
    }
    // "From 1946 to 1948 it served ...", "From 1944 they were ...": a period opened by "from"
    // ends plainly where a pronoun subject starts, comma or not.
    if let Some(read) = from_before_pronoun(ctx, i) {
        return Ok(read);
    }
    // "Between 4/37 and 3/40, ...", "From 1946 to 1948, ...": a period before its comma.
    if phrase("from").or(phrase("between")).parse(i).is_ok() {
        if let Ok((r, (super::syntax::EntryWhen::Period(p), _, _, _))) =
            (|r| super::when::when(ctx, r), ws0, ch(','), ws1).parse(i)
        {
            return Ok((r, LeadIn::Period(p)));
        }
    }
    // "1944-45: Northern Front, Steppe (1.4)": a period as the clause's label.
    if let Ok((r, (p, _, _, _))) = (|r| span_period(ctx, r), ws0, ch(':'), ws1).parse(i) {
        return Ok((r, LeadIn::Period(p)));
    }
    let (r, (word, _)) = (place_words.or(phrase("for")), ws1).parse(i)?;
    // After a bare "In"/"On", a period or a place the nation knows may go without its comma
    // ("In 1943 its RF is 1.5", "On the Eastern Front its RF is ..."): where it ends is plain.
    // "Use in 1944 is limited to ..." is no lead-in: its period belongs to the use.
    let bare = word.eq_ignore_ascii_case("in") || word.eq_ignore_ascii_case("on");
    let (r, lead, comma_optional) = if let Ok((r, _)) = ww2_scenarios(r) {
        // "scenarios" ends it plainly: "In WW2 scenarios it may be used ...".
        (r, LeadIn::Ww2, true)
    } else if let Ok((r, p)) = span_period(ctx, r) {
        let (r, p) = followed_on(ctx, r, p);
        (r, LeadIn::Period(p), true)
    } else if let Some((r, a)) = known_place(ctx, r) {
        // "In Tyrvoldian service the Dravik is found ...": the noun after a place's adjective.
        let r = opt((ws1, one_of(&["service", "hands", "use"])))
            .parse(r)
            .map_or(r, |(r2, _)| r2);
        (r, LeadIn::Area(a), true)
    } else {
        let (r, a) = named_area(ctx, r)?;
        // "For North African use,".
        let (r, _) = opt((ws1, phrase("use"))).parse(r)?;
        (r, LeadIn::Area(a), false)
    };
    let comma = (ws0, ch(','), ws1).parse(r);
    match comma {
        Ok((r, _)) => Ok((r, lead)),
        Err(_) if comma_optional && (bare || lead == LeadIn::Ww2) => {
            let (r, _) = ws1(r)?;
            Ok((r, lead))
        }
        Err(e) => Err(e),
    }
}

/// "Dates and Rarity Factors by theatre:", "Dates and RFs:", "Theatres, dates and RFs:": a
/// heading before a colon made only of the words for what a schedule gives (dates, RFs,
/// places) and how it is ordered ("by", "per", "and", commas), naming dates or RFs, more than
/// one word ("RF:" alone leads an RF list); the text after the colon.
fn heading(i: &str) -> Option<&str> {
    let colon = i.find(':')?;
    let (head, rest) = (&i[..colon], &i[colon + 1..]);
    let mut names_dates_or_rf = false;
    let mut rest_of_head = head.trim();
    // "RF:" or "Dates:" alone leads a list of its own forms, not a heading.
    if !rest_of_head.contains(' ') {
        return None;
    }
    while !rest_of_head.is_empty() {
        if let Ok((r, _)) = super::lexeme::rf_word(rest_of_head) {
            names_dates_or_rf = true;
            rest_of_head = r.trim_start_matches([',', ' ']);
            continue;
        }
        let end = rest_of_head.find([' ', ',']).unwrap_or(rest_of_head.len());
        let word = rest_of_head[..end].to_ascii_lowercase();
        match word.as_str() {
            "dates" | "date" => names_dates_or_rf = true,
            "and" | "by" | "per" | "its" | "their" | "the" | "theatre" | "theatres" | "theater"
            | "theaters" | "area" | "areas" | "place" | "places" => {}
            _ => return None,
        }
        rest_of_head = rest_of_head[end..].trim_start_matches([',', ' ']);
    }
    let (rest, _) = ws1(rest).ok()?;
    names_dates_or_rf.then_some(rest)
}

/// A place the nation knows, then words for dates, RFs or use up to a colon ("Russian dates
/// and RFs:", "Yugoslav use:", "North Africa RF:"): the place, for what follows the colon.
fn place_heading<'a>(ctx: &Ctx<'a>, i: &'a str) -> Option<(&'a str, LeadIn)> {
    let (r, area) = super::theater_names::known_area(ctx, i).ok()?;
    // "Ulvar: NA all of '42", "Ulvar: not before 1943": the place alone as the label of a
    // limit (before dates and RFs, a place's label is the list's own first place).
    if let Ok((rest, _)) = (ch(':'), ws1).parse(r) {
        return super::lexeme::opens_with_sense_word(rest).then_some((rest, LeadIn::Area(area)));
    }
    let (r, _) = ws1(r).ok()?;
    let colon = r.find(':')?;
    let words = r[..colon]
        .split([' ', ','])
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect::<Vec<_>>();
    let said = |w: &String| {
        super::lexeme::rf_word(w).is_ok_and(|(rest, _)| rest.is_empty())
            || matches!(
                w.as_str(),
                "dates" | "date" | "use" | "and" | "availability"
            )
    };
    if words.is_empty() || !words.iter().all(said) || words.iter().all(|w| w == "and") {
        return None;
    }
    let (rest, _) = ws1(&r[colon + 1..]).ok()?;
    Some((rest, LeadIn::Area(area)))
}

/// "Use is limited to the Northern Front: Vardenmark from 6/41 ...": the place a heading keeps
/// the use to, the area of what follows it (whose own places lie in it).
fn use_limited_heading<'a>(ctx: &Ctx<'a>, i: &'a str) -> Option<(&'a str, LeadIn)> {
    let (r, (_, _, area, _, _, _)) = (
        phrase("use is limited to")
            .or(phrase("use is restricted to"))
            .or(phrase("availability is limited to")),
        ws1,
        |r| super::theater_names::known_area(ctx, r),
        ws0,
        ch(':'),
        ws1,
    )
        .parse(i)
        .ok()?;
    Some((r, LeadIn::Within(area)))
}

/// "1940 and 1941": a period and, after "and", one that follows on from it month for month,
/// joined into one; otherwise `p` as it is.
fn followed_on<'a>(ctx: &Ctx<'a>, i: &'a str, p: PrintedPeriod) -> (&'a str, PrintedPeriod) {
    // "In 1939 and in 1940 it is 1.5": the preposition said again.
    let again = opt((phrase("in").or(phrase("during")), ws1));
    let Ok((r, (_, _, _, _, next))) =
        (ws1, phrase("and"), ws1, again, |r| span_period(ctx, r)).parse(i)
    else {
        return (i, p);
    };
    let follows = match (&p.value, &next.value) {
        (Ok(a), Ok(b)) => {
            let after = if a.to.month == 12 {
                (a.to.year + 1, 1)
            } else {
                (a.to.year, a.to.month + 1)
            };
            (b.from.year, b.from.month) == after
        }
        _ => false,
    };
    if !follows {
        return (i, p);
    }
    (r, super::period_token::join(ctx, p, next))
}

/// A lead-in period opened by "from" or "between" ("From 1946 to 1948", "From 1944 on",
/// "Between 4/37 and 3/40") followed by a pronoun subject ("it", "they") or a name of the
/// listing, its comma left out; the text from the subject on.
fn from_before_pronoun<'a>(ctx: &Ctx<'a>, i: &'a str) -> Option<(&'a str, LeadIn)> {
    // "Before July 1940 they rate 1.3", "After June 1940 they rate 1.5": an open end too.
    phrase("from")
        .or(phrase("between"))
        .or(phrase("before"))
        .or(phrase("after"))
        .or(phrase("until"))
        .parse(i)
        .ok()?;
    let (r, w) = super::when::when(ctx, i).ok()?;
    let (r, _) = ws1(r).ok()?;
    // "From summer 1938 until 1940 its RF is 1.3", "From 1943 the RF is 1.2": the RF's own
    // subject starts as plainly.
    let pronoun = ["it", "they", "both", "its", "their"]
        .iter()
        .any(|p| phrase(p)(r).is_ok_and(|(after, _)| after.starts_with(' ')));
    // "Between 4/37 and 3/40 the Thrush was used ...": a name of the listing as the subject;
    // "From 1944 the Royalists also took it to X": a faction's subject starts as plainly.
    let the = opt((phrase("the"), ws1))
        .parse(r)
        .map_or(r, |(after, _)| after);
    if !pronoun
        && super::lexeme::rf_word(the).is_err()
        && ctx.lexicon.vehicle_at(the).is_none()
        && super::subjects::faction_subject(ctx, r).is_err()
    {
        return None;
    }
    match w {
        super::syntax::EntryWhen::From(p) => Some((r, LeadIn::From(p))),
        super::syntax::EntryWhen::Period(p) => Some((r, LeadIn::Period(p))),
        super::syntax::EntryWhen::Until(p) => Some((r, LeadIn::Until(p))),
        super::syntax::EntryWhen::Thereafter(_) => None,
    }
}

/// One place of the nation's lexicon at `i` and what follows it, when it stands alone there
/// (no "/" or "[EXC:" after it, which [`named_area`] reads).
fn known_place<'a>(ctx: &Ctx<'a>, i: &'a str) -> Option<(&'a str, Area)> {
    let n = ctx.lexicon.place_at(i)?;
    let (name, rest) = i.split_at(n);
    if rest.starts_with('/') || rest.trim_start().starts_with('[') {
        return None;
    }
    let (rest, _) = opt((ws1, phrase("use"))).parse(rest).ok()?;
    let theater = super::syntax::TheaterRef {
        raw: name.to_string(),
        span: ctx.span(name),
    };
    Some((
        rest,
        Area::Theaters {
            theaters: vec![theater],
            except: Vec::new(),
        },
    ))
}
