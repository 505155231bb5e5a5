//! Subjects of a verb of use other than the vehicle or a pronoun: some of the vehicles
//! ("Survivors soldiered on in X in 1943", "A handful reached X in 1945"), which say no more
//! than the vehicle would, and a faction ("The Partisans used it on the Steppe from 1943",
//! "From 1944 the Royalists also took it to X"), which limits what the sentence gives to that
//! faction. Which faction the words name is the nation's data (the resolver matches them, or
//! says they name none); the grammar knows only that capitalised words stand there.

use nom::combinator::opt;
use nom::Parser;

use super::body::Body;
use super::faction_words::restricted_to;
use super::grammar_error::{fail, Ctx, Res};
use super::lexeme::{ch, phrase, ws0, ws1};
use super::syntax::{
    AvailabilityClause, ClauseKind, EntryWhen, Limit, LimitName, LimitSense, NameKind,
    PrintedQualifier, VehicleRef,
};
use super::use_verbs::{one_of, verb, ADVERBS};
use super::when::{shifted, when};

/// Words for some of the vehicles, longest first: "a handful of them reached X" is "it reached
/// X" (the model keeps availability, not numbers).
const SOME_OF_THEM: [&str; 22] = [
    "a handful of them",
    "a handful",
    "a few of them",
    "a few",
    "some of them",
    "some",
    "the survivors",
    "survivors",
    "surviving examples",
    "surviving vehicles",
    "the remaining vehicles",
    "remaining vehicles",
    "remaining examples",
    "the last examples",
    "small numbers",
    "a small number",
    "limited numbers",
    "a number of them",
    "several",
    "most of them",
    "many",
    "most",
];

/// "Survivors", "A handful (of them)": some of the vehicles as a verb's subject, and the space
/// after the words.
pub(crate) fn some_of_them(i: &str) -> Res<'_, &str> {
    let (r, words) = one_of(&SOME_OF_THEM)(i)?;
    let (r, _) = ws1(r)?;
    Ok((r, words))
}

/// Nouns after a faction's name that add nothing to it ("Royalist units", "Partisan forces").
const FORCES: [&str; 8] = [
    "units",
    "forces",
    "troops",
    "crews",
    "formations",
    "divisions",
    "brigades",
    "army",
];

/// Capitalised words that begin no faction's name: pronouns, determiners, words of scope.
const NO_NAME: [&str; 25] = [
    "it",
    "its",
    "they",
    "their",
    "this",
    "these",
    "those",
    "both",
    "all",
    "each",
    "every",
    "some",
    "only",
    "a",
    "an",
    "the",
    "dates",
    "rf",
    "use",
    "in",
    "everybody",
    "everyone",
    "nobody",
    "anybody",
    "anyone",
];

/// Words for every side at once ("Everybody had the Harl"): a subject of use that keeps the
/// vehicle from no one.
pub(crate) const EVERYONE: [&str; 9] = [
    "everybody",
    "everyone",
    "all the sides",
    "all sides",
    "every side",
    "all the factions",
    "all factions",
    "every faction",
    "each side",
];

/// One to three capitalised words that name neither a place nor a vehicle the nation knows
/// ("Partisans", "Free French"): a faction's name as the notes print it, or `fail`.
pub(crate) fn faction_name<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, &'a str> {
    // A word of the nation's factions ("Crown side", "Leaguists") is one, whole.
    if let Some(n) = ctx.lexicon.faction_at(i) {
        return Ok((&i[n..], &i[..n]));
    }
    let known = |r: &str| ctx.lexicon.place_at(r).is_some() || ctx.lexicon.vehicle_at(r).is_some();
    if !i.starts_with(char::is_uppercase) || known(i) {
        return fail(i);
    }
    let mut end = i;
    let mut len = 0;
    for n in 0..3 {
        let w = end
            .find(|c: char| !(c.is_alphabetic() || matches!(c, '\'' | '’' | '-')))
            .unwrap_or(end.len());
        if w == 0 || (n > 0 && !end.starts_with(char::is_uppercase)) || known(end) {
            break;
        }
        if NO_NAME.iter().any(|x| x.eq_ignore_ascii_case(&end[..w])) {
            break;
        }
        len = i.len() - end.len() + w;
        match ws1(&end[w..]) {
            Ok((next, _)) => end = next,
            Err(_) => break,
        }
    }
    if len == 0 {
        return fail(i);
    }
    Ok((&i[len..], &i[..len]))
}

/// Verbs a faction does to the vehicle, before their object ("used it", "fielded them").
const ACTIVE: [&str; 13] = [
    "may use",
    "could use",
    "can use",
    "might use",
    "used",
    "fielded",
    "operated",
    "employed",
    "received",
    "manned",
    "kept",
    "had",
    "deployed",
];

/// Verbs that take the vehicle to a place ("took it to X", "sent them to X").
const MOTION: [&str; 6] = ["took", "sent", "brought", "shipped", "moved", "transferred"];

/// Words for the vehicle as an object ("used it", "fielded the Gryf").
const OBJECTS: [&str; 9] = [
    "it",
    "them",
    "the vehicle",
    "the vehicles",
    "this vehicle",
    "this afv",
    "these vehicles",
    "the type",
    "both",
];

/// The vehicle as the object of a verb: a pronoun, or a name the nation knows (the vehicle
/// the sentence is about, then).
fn object<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Option<VehicleRef>> {
    if let Some((r, named)) = super::limits::vehicle(ctx, i) {
        return Ok((r, Some(named)));
    }
    // "kept some in service", "used captured examples": some of the vehicles are the vehicle.
    let (r, _) = one_of(&OBJECTS)(i)
        .or_else(|_| one_of(&SOME_OF_THEM)(i))
        .or_else(|_| one_of(&CAPTURED)(i))?;
    Ok((r, None))
}

/// Words for some of the vehicles as an object that only a faction's verb takes ("Rebel forces
/// used captured examples").
const CAPTURED: [&str; 6] = [
    "captured examples",
    "captured vehicles",
    "captured ones",
    "examples",
    "theirs",
    "one",
];

/// Who alone used the vehicle a sentence is about, and the vehicle when the sentence names it.
pub(crate) struct FactionSubject {
    /// "the Partisans": their use only; `None` for every side ("Everybody had it").
    pub(crate) only: Option<PrintedQualifier>,
    /// "the Kestrel" of "The Partisans used the Kestrel".
    pub(crate) vehicle: Option<VehicleRef>,
}

/// "[the] Partisans [units] [also] used it", "the Royalists also took it to": a faction, a
/// verb of use and the vehicle as its object; yields who alone used it then (what follows
/// gives where and when). A verb of use with no object ("Royalist units fought on the
/// Steppe") says what the faction did, not the vehicle: not this.
pub(crate) fn faction_subject<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, FactionSubject> {
    let (r, _) = opt((phrase("the"), ws1)).parse(i)?;
    let (r, name) = match one_of(&EVERYONE)(r) {
        Ok((r, _)) => (r, None),
        Err(_) => faction_name(ctx, r).map(|(r, n)| (r, Some(n)))?,
    };
    let subject_end = r;
    let (r, _) = opt((ws1, one_of(&FORCES))).parse(r)?;
    let (r, _) = ws1(r)?;
    let (r, _) = opt((one_of(&ADVERBS), ws1)).parse(r)?;
    let object = |r| object(ctx, r);
    let (r, vehicle) =
        if let Ok((r, (_, _, vehicle, _))) = (one_of(&MOTION), ws1, object, ws1).parse(r) {
            (phrase("to").or(phrase("into")).parse(r)?.0, vehicle)
        } else if let Ok((r, (_, _, vehicle))) = (one_of(&ACTIVE), ws1, object).parse(r) {
            // "kept some in service through 6/43": the words of use after the object.
            let in_service = (ws1, phrase("in service").or(phrase("in use")));
            let (r, _) = opt(in_service).parse(r)?;
            (r, vehicle)
        } else {
            // "Partisan units were issued it", "Royalist crews were also given them".
            let (r, (_, _, vehicle)) = (verb, ws1, object).parse(r)?;
            (r, vehicle)
        };
    let text = &i[..i.len() - subject_end.len()];
    let only = name.map(|name| restricted_to(ctx, text, name));
    Ok((r, FactionSubject { only, vehicle }))
}

/// Verbs of a faction's getting the vehicle, beside [`ACTIVE`]'s ("The Legion receives it only
/// from 7/44").
const RECEIVED: [&str; 6] = ["receives", "receive", "gets", "got", "obtained", "acquired"];

/// "The Foreign Legion receives it only from 7/44", "The Militia received it in 7/39, not
/// before", "The Legion may use the vehicle only from 1943 on": a faction's own months, "only"
/// before them (or "not before" after them) — the vehicle is kept from that faction outside
/// them, and every other side keeps its own months.
pub(crate) fn faction_window<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Body> {
    // A sentence of another form is no nearer to reading for a capitalised word in front.
    window(ctx, i).or_else(|_| fail(i))
}

fn window<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Body> {
    let (r, _) = opt((phrase("the"), ws1)).parse(i)?;
    let (r, name) = faction_name(ctx, r)?;
    let (r, _) = opt((ws1, one_of(&FORCES))).parse(r)?;
    let (r, _) = (ws1, opt((one_of(&ADVERBS), ws1))).parse(r)?;
    let (r, _) = one_of(&ACTIVE).or(one_of(&RECEIVED)).parse(r)?;
    let (r, (_, _, _)) = (ws1, |r| object(ctx, r), ws1).parse(r)?;
    let (r, when) = match (phrase("only"), ws1, |r| when(ctx, r)).parse(r) {
        Ok((r, (_, _, w))) => (r, w),
        Err(_) => {
            let (r, w) = (opt((phrase("in"), ws1)), |r| when(ctx, r))
                .map(|(_, w)| w)
                .parse(r)?;
            let (r, _) = (ws0, ch(','), ws0, phrase("not before")).parse(r)?;
            // "in 7/39, not before": from that month on.
            let w = match w {
                EntryWhen::Period(p) => EntryWhen::From(p),
                w => w,
            };
            (r, w)
        }
    };
    let names = vec![LimitName {
        raw: name.to_string(),
        span: ctx.span(name),
        kind: NameKind::Either,
    }];
    let mut limits = window_limits(&names, &when).into_iter();
    let Some(first) = limits.next() else {
        return fail(i);
    };
    let mut body = Body::from(ClauseKind::Limit(first));
    body.also = limits
        .map(|l| AvailabilityClause {
            span: ctx.span_between(i, r),
            vehicles: Vec::new(),
            kind: ClauseKind::Limit(l),
            typos: Vec::new(),
            every_vehicle: false,
        })
        .collect();
    Ok((r, body))
}

/// The limits that keep `names` from the vehicle outside the months of `w`: before they start
/// and after they end (an open end, one of them).
pub(crate) fn window_limits(names: &[LimitName], w: &EntryWhen) -> Vec<Limit> {
    let (before, after) = match w {
        EntryWhen::Period(p) => (Some(p), Some(p)),
        EntryWhen::From(p) => (Some(p), None),
        EntryWhen::Until(p) => (None, Some(p)),
        EntryWhen::Thereafter(_) => (None, None),
    };
    let limit = |when| Limit {
        sense: LimitSense::Not,
        names: names.to_vec(),
        when: Some(when),
    };
    let mut out = Vec::new();
    out.extend(before.map(|p| limit(EntryWhen::Until(shifted(p.clone(), false)))));
    out.extend(after.map(|p| limit(EntryWhen::From(shifted(p.clone(), true)))));
    out
}

#[cfg(test)]
mod tests {
    use super::super::tests::read_terse;

    /// Some of the vehicles read as the vehicle; a faction with the vehicle as its object
    /// limits the sentence's use to it (and a named object is the sentence's vehicle).
    #[test]
    fn some_of_them_and_factions_are_subjects_of_use() {
        let cases = [
            (
                "Survivors soldiered on in the Steppe in 1943 (RF 1.5).",
                "DatesAndRf | the Steppe: 1-12/43 (1.5)",
            ),
            (
                "A handful of them reached the Isles in 1945 (RF 1.6).",
                "DatesAndRf | the Isles: from 1/45 on (1.6)",
            ),
            (
                "From 1944 the Partisans also took it to the Isles (RF 1.5).",
                "DatesAndRf | the Isles: from 1-12/44 on (1.5; Partisans use only)",
            ),
            (
                "The Partisans used it on the Steppe from 1943 (RF 1.4).",
                "DatesAndRf | the Steppe: from 1-12/43 on (1.4; Partisans use only)",
            ),
            (
                "Partisan units fielded them in the Isles, 1943-44 (1.3).",
                "DatesAndRf | the Isles: 1/43-12/44 (1.3; Partisan use only)",
            ),
            (
                "Loyalist crews may use it from 1944 on (RF 1.4).",
                "DatesAndRf | anywhere: from 1-12/44 on (1.4; Loyalist use only)",
            ),
            (
                "The Loyalists used the Kestrel on the Steppe in 1944 (RF 1.4).",
                "<Kestrel> DatesAndRf | the Steppe: 1-12/44 (1.4; Loyalists use only)",
            ),
            // Some of the vehicles, or captured ones, as the object.
            (
                "The Loyalists also used a few on the Steppe from 1939 through 1941 (RF 1.5).",
                "DatesAndRf | the Steppe: 1/39-12/41 (1.5; Loyalists use only)",
            ),
            (
                "Partisan forces used captured examples on the Steppe throughout 1943 (RF 1.6).",
                "DatesAndRf | the Steppe: 1-12/43 (1.6; Partisan use only)",
            ),
            (
                "The Partisans kept some in service on the Steppe until 6/43 (RF 1.5).",
                "DatesAndRf | the Steppe: until 6/43 (1.5; Partisans use only)",
            ),
        ];
        for (text, want) in cases {
            assert_eq!(read_terse(text), (vec![want.to_string()], 0), "{text}");
        }
        // A faction that did something with no vehicle as its object, or a verb that is no
        // use: what the sentence says of the vehicle is unknown, an error.
        for text in [
            "Loyalist units fought on the Steppe in 1943 (RF 1.2).",
            "Partisan units captured it on the Steppe in 1943 (RF 1.2).",
            "Some were captured on the Steppe in 1943 (RF 1.2).",
        ] {
            assert_eq!(read_terse(text).1, 1, "{text}");
        }
    }

    /// A faction's own months, "only" before them or "not before" after them: the faction is
    /// kept from the vehicle outside them (every other side keeps its months).
    #[test]
    fn a_factions_own_months_keep_it_from_the_rest() {
        let cases: [(&str, &[&str]); 4] = [
            (
                "The Foreign Legion receives it only from 7/44.",
                &["Limit Not [Either Foreign Legion] until 6/44"],
            ),
            (
                "The Militia received it in 7/39, not before.",
                &["Limit Not [Either Militia] until 6/39"],
            ),
            (
                "The Foreign Legion may use the vehicle only from 1943 on.",
                &["Limit Not [Either Foreign Legion] until 12/42"],
            ),
            (
                "The Guard used it only from 1941 to 1943.",
                &[
                    "Limit Not [Either Guard] until 12/40",
                    "Limit Not [Either Guard] from 1/44 on",
                ],
            ),
        ];
        for (text, want) in cases {
            let want: Vec<String> = want.iter().map(|w| (*w).to_string()).collect();
            assert_eq!(read_terse(text), (want, 0), "{text}");
        }
    }
}
