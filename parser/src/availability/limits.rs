//! Limit forms: whom or where a vehicle is kept to or kept from, and when, read by meaning
//! rather than as fixed sentences (docs/notes.md, the catalogue). A limit sentence is a run of
//! typed bits in any order English allows:
//!
//! - a sense: "only", "solely", "limited to", "restricted to" (kept to what it names); "not",
//!   "never", "no longer", "withdrawn", "unavailable" (kept from it); "except" ("everywhere
//!   except in X" keeps from X, "not ... except in X" keeps to X);
//! - names: capitalized words, a list joined by ",", "and", "or", "/"; the word before them
//!   says what they may be ("in X", "on X": a place; "by X": a faction; "to X", "for X", "X
//!   only", "only X": either, as the nation's data says);
//! - at most one period: "in 1945", "from 1944 on", "after 6/43", "before 1942";
//! - small words that carry no meaning of their own ("it", "may", "be", "used", "available",
//!   "units"); a period may stand in parentheses ("Free French use only (from 1943)").
//!
//! Any other word makes the sentence no limit, so prose ("It may fire only at a target ...")
//! never reads as one. Names without a word before them must stand beside the sense ("Free
//! French use only", "only the Free French", "North Africa only", "except Russia").

use nom::combinator::opt;
use nom::Parser;

use super::body::Body;
use super::grammar_error::{fail, Ctx, Res};
use super::lexeme::{ch, phrase, ws0, ws1, LabelSays};
use super::syntax::{ClauseKind, EntryWhen, Limit, LimitName, LimitSense, NameKind, VehicleRef};
use super::use_verbs::one_of;
use super::when::{span_period, when};

/// Words that carry no meaning of their own in a limit sentence.
const SMALL_WORDS: [&str; 70] = [
    // A rules lawyer's "the said vehicle shall not be available".
    "shall",
    "thereto",
    "it",
    "they",
    "them",
    "this",
    "these",
    "its",
    "their",
    "the",
    "a",
    "an",
    "vehicle",
    "vehicles",
    "afv",
    "afvs",
    "gun",
    "guns",
    "type",
    "types",
    "version",
    "versions",
    "is",
    "are",
    "was",
    "were",
    "be",
    "been",
    "may",
    "can",
    "could",
    "might",
    "will",
    "would",
    "should",
    "must",
    "used",
    "usable",
    // "Only by the Royal troops possible": a translator's "possible" for "may be used".
    "possible",
    "available",
    "availability",
    "issued",
    "fielded",
    "employed",
    "allowed",
    "permitted",
    "deployed",
    "sent",
    "went",
    "given",
    "shipped",
    "supplied",
    "delivered",
    "assigned",
    // "Only Guard units may field this vehicle", "Only the Guard had the Drago", "The Militia
    // did not receive it".
    "field",
    "had",
    "did",
    "receive",
    "received",
    // "Both are restricted to the Militia".
    "both",
    // "The Free League never had any", "The Legion may not use them".
    "any",
    // "the vehicle did not appear before June 1942".
    "appear",
    "appeared",
    "have",
    "got",
    "use",
    // "After 1940 nobody has it any more", "The Militia didn't get these".
    "has",
    "get",
    "these",
    // "The Militia never got one".
    "one",
];

/// Small words of two: "in service", "from service", "for use" ("For use only by X").
const SMALL_PHRASES: [&str; 19] = [
    // A rules lawyer's "the said vehicle", "the aforementioned vehicle" ("it is said" is a
    // hedge, no small words).
    "said vehicle",
    "aforementioned vehicle",
    "aforesaid vehicle",
    "at all",
    // "never went south to X": the way there, no name ("East Africa" is one).
    "went south",
    "went north",
    "went east",
    "went west",
    "in service",
    "from service",
    // "nobody has it any more": no more than "no longer" says.
    "any more",
    "any longer",
    "to be",
    "for use",
    // "Only the X may use it": the verb of use, whoever its subject.
    "may use",
    "can use",
    "could use",
    "might use",
    "to use",
];

/// The words that keep to what follows, as a preposition would ("limited to X").
const ONLY_TO: [&str; 7] = [
    "limited to",
    "restricted to",
    "reserved for",
    "confined to",
    // "The Pellin was never outside the Tarrow Islands": kept to them.
    "never outside",
    "not outside",
    "nowhere outside",
];

/// The words that keep to what is named.
const ONLY: [&str; 3] = ["only", "solely", "exclusively"];

/// The words that keep from what is named (contractions first: "isn't" is "is not").
const NOT: [&str; 21] = [
    // A spreadsheet's "N/A" (not available), the publication's "NA".
    "n/a",
    "na",
    "isn't",
    "wasn't",
    "aren't",
    "weren't",
    "can't",
    "cannot",
    "no longer",
    "not",
    "never",
    "withdrawn",
    "unavailable",
    "nowhere",
    // "but nothing before 1943".
    "nothing",
    // "Neither is available on X": not, of both.
    "neither",
    // "After 1940 nobody has it any more" ("nobody else", "no other side" name others: no
    // word of the limits).
    "nobody",
    "no one",
    "didn't",
    "doesn't",
    "don't",
];

/// "everywhere", "in every theater": the whole, from which "except" takes.
const EVERYWHERE: [&str; 8] = [
    "in every theater",
    "in every theatre",
    "in all theaters",
    "in all theatres",
    "in any theater",
    "in any theatre",
    "everywhere",
    "anywhere",
];

/// Words before names, and what they let the names be (longest first).
const PREPOSITIONS: [(&str, NameKind); 12] = [
    ("for use by", NameKind::Faction),
    ("for use in", NameKind::Place),
    ("for use on", NameKind::Place),
    ("in scenarios set in", NameKind::Place),
    ("for scenarios set in", NameKind::Place),
    ("in", NameKind::Place),
    ("on", NameKind::Place),
    ("within", NameKind::Place),
    ("by", NameKind::Faction),
    // "not w/ Legion", "not with the Militia".
    ("with", NameKind::Faction),
    ("to", NameKind::Either),
    ("for", NameKind::Either),
];

/// Words that end a name (besides the small words and the sense words): a name may hold
/// words in lower case ("Italian mainland", "Theater of Operations"), never these.
const NAME_ENDS: [&str; 36] = [
    "and",
    "or",
    "in",
    "on",
    "by",
    "to",
    "for",
    "from",
    "after",
    "before",
    "until",
    "till",
    "since",
    "during",
    "use",
    "as",
    "at",
    "with",
    "when",
    "while",
    "where",
    "if",
    "but",
    "then",
    "thereafter",
    "between",
    "through",
    "prior",
    "up",
    "also",
    "always",
    "still",
    "because",
    "so",
    "that",
    "which",
];

/// One typed bit of a limit sentence.
#[derive(Debug)]
enum Bit {
    /// "only", "limited to".
    Only,
    /// "not", "never", "no longer".
    Not,
    /// "except".
    Except,
    /// "everywhere", "in every theater".
    Everywhere,
    /// "use" ("Free French use only").
    Use,
    /// "units", "forces" ("Free French units only").
    Units,
    /// Names; `bare`: no word before them says what they are.
    Names { names: Vec<LimitName>, bare: bool },
    /// A period or an open end.
    When(EntryWhen),
    /// A word without meaning of its own.
    Small,
    /// A vehicle of the listing, the sentence's subject ("Only the Royalists used the Gryf").
    Vehicle(VehicleRef),
    /// A card's "Users:" label: the factions it lists may use the vehicle, unless the field
    /// says otherwise itself ("Users: not the Militia before 1943").
    Users,
}

/// What the bits before the next one say about it.
#[derive(Clone, Copy, Default)]
struct Before {
    /// What the words before the next names let them be ("limited to" acts as "to").
    names: Option<NameKind>,
    /// A comma stands before it: a period may stand bare ("every theatre but X, 1939-45").
    comma: bool,
    /// "everywhere", "in every theater" came last: "but" is "except".
    everywhere: bool,
    /// Nothing came before: a card's field label may stand here ("Users:").
    first: bool,
}

/// A limit sentence: its bits, read until a word none of them is, then checked as a whole.
pub(crate) fn limit<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let mut bits = Vec::new();
    let mut i = start;
    let mut pending: Option<NameKind> = None;
    loop {
        // A comma may stand between bits ("Russia, after 6/42"), never before the first.
        let (at, comma) = match (ws0, ch(','), ws0).parse(i) {
            Ok((r, _)) if !bits.is_empty() => (r, true),
            _ => (ws0(i)?.0, false),
        };
        let before = Before {
            names: pending.take(),
            comma,
            everywhere: matches!(bits.last(), Some(Bit::Everywhere)),
            first: bits.is_empty(),
        };
        let Some((r, bit, next)) = bit(ctx, at, before) else {
            break;
        };
        // "everywhere but the Islands, 1/42 thru 10/44": a span after a comma says when it is
        // available there, not when it is kept from the Islands ("everywhere except in
        // Finland (in 1956)", "... as of 2/39" do).
        let span_after_comma = comma && matches!(bit, Bit::When(EntryWhen::Period(_)));
        if span_after_comma && bits.iter().any(|b| matches!(b, Bit::Everywhere)) {
            return fail(start);
        }
        bits.push(bit);
        pending = next;
        i = r;
    }
    let vehicles: Vec<VehicleRef> = bits
        .iter()
        .filter_map(|b| match b {
            Bit::Vehicle(v) => Some(v.clone()),
            _ => None,
        })
        .collect();
    match meaning(bits) {
        Some(limit) => {
            let mut body: Body = ClauseKind::Limit(limit).into();
            body.vehicles = vehicles;
            Ok((i, body))
        }
        None => fail(start),
    }
}

/// A vehicle of the listing at `i` ("the Gryf"): the subject a limit is about.
pub(crate) fn vehicle<'a>(ctx: &Ctx<'a>, i: &'a str) -> Option<(&'a str, VehicleRef)> {
    let named = opt((phrase("the"), ws1)).parse(i).map_or(i, |(r, _)| r);
    let n = ctx.lexicon.vehicle_at(named)?;
    let name = &named[..n];
    let vehicle = VehicleRef {
        raw: name.to_string(),
        span: ctx.span(name),
        title_index: None,
    };
    Some((&named[n..], vehicle))
}

/// A period standing bare after a comma, shaped as one ("1939-45", "6/42", "1944"): a bare
/// number elsewhere is no period ("AB 41").
fn bare_period<'a>(ctx: &Ctx<'a>, i: &'a str) -> Option<(&'a str, EntryWhen)> {
    let (r, p) = span_period(ctx, i).ok()?;
    let raw = &i[..i.len() - r.len()];
    let shaped = raw.contains(['/', '-', '–']) || raw.len() == 4;
    (shaped && p.value.is_ok()).then_some((r, EntryWhen::Period(p)))
}

/// "Not available in the year 1941 at the Ressel Coast": "at" before a place the nation knows
/// (elsewhere, "only at Infantry targets", it names nothing).
fn at_place<'a>(ctx: &Ctx<'a>, i: &'a str) -> Option<(&'a str, Bit, Option<NameKind>)> {
    let (r, _) = (phrase("at"), ws1).parse(i).ok()?;
    ctx.lexicon.place_at(r)?;
    let (r2, names) = names(ctx, r, NameKind::Place).ok()?;
    Some((r2, Bit::Names { names, bare: false }, None))
}

/// A card's field label that opens a limit ("Users:", "Not used:"), as the bit it stands for:
/// the users a field lists may use it ("only"), what a "not used" field lists is excepted.
fn label_bit(i: &str) -> Option<(&str, Bit, Option<NameKind>)> {
    let (label, rest) = super::lexeme::field_label(i)?;
    match super::lexeme::label_says(label)? {
        LabelSays::Users => Some((rest, Bit::Users, Some(NameKind::Faction))),
        LabelSays::NotUsed => Some((rest, Bit::Except, None)),
        LabelSays::WhereAndWhen | LabelSays::Other | LabelSays::Question => None,
    }
}

/// True when `i` opens with a card's field label of users or of what is not used ("Users:",
/// "Not used:"): a limit, whatever else its words could be.
pub(crate) fn opens_with_label(i: &str) -> bool {
    label_bit(i).is_some()
}

/// The bits whose reading depends on what stands before them: a card's label first ("Users:"),
/// "all but", the subject vehicle, a bare period after a comma, "but" after "everywhere".
fn bit_by_place<'a>(
    ctx: &Ctx<'a>,
    i: &'a str,
    before: Before,
) -> Option<(&'a str, Bit, Option<NameKind>)> {
    if before.first {
        if let Some(read) = label_bit(i) {
            return Some(read);
        }
    }
    // "Users: all but the Militia".
    if let Ok((r, _)) = (phrase("all"), ws1, phrase("but")).parse(i) {
        return Some((r, Bit::Except, Some(NameKind::Faction)));
    }
    if let Some((r, v)) = vehicle(ctx, i) {
        return Some((r, Bit::Vehicle(v), None));
    }
    if before.comma {
        if let Some((r, w)) = bare_period(ctx, i) {
            return Some((r, Bit::When(w), None));
        }
    }
    if before.everywhere {
        if let Ok((r, _)) = phrase("but").parse(i) {
            return Some((r, Bit::Except, None));
        }
    }
    None
}

/// The bit at `i`, the text after it and what the next names may be.
fn bit<'a>(ctx: &Ctx<'a>, i: &'a str, before: Before) -> Option<(&'a str, Bit, Option<NameKind>)> {
    if i.is_empty() {
        return None;
    }
    if let Some(read) = bit_by_place(ctx, i, before) {
        return Some(read);
    }
    if let Some(kind) = before.names {
        if let Ok((r, names)) = names(ctx, i, kind) {
            return Some((r, Bit::Names { names, bare: false }, None));
        }
    }
    if let Ok((r, w)) = when_bit(ctx, i) {
        return Some((r, Bit::When(w), None));
    }
    // "(from 1943)", "(1944-45)".
    if let Ok((r, (_, _, w, _, _))) = (
        ch('('),
        ws0,
        |r| {
            when_bit(ctx, r)
                .or_else(|_| span_period(ctx, r).map(|(r, p)| (r, EntryWhen::Period(p))))
        },
        ws0,
        ch(')'),
    )
        .parse(i)
    {
        return Some((r, Bit::When(w), None));
    }
    if let Some(r) = first_phrase(i, &ONLY_TO) {
        return Some((r, Bit::Only, Some(NameKind::Either)));
    }
    if let Some(r) = first_phrase(i, &ONLY) {
        return Some((r, Bit::Only, None));
    }
    if let Some(r) = first_phrase(i, &NOT) {
        return Some((r, Bit::Not, None));
    }
    if let Some(r) = first_phrase(i, &EVERYWHERE) {
        return Some((r, Bit::Everywhere, None));
    }
    // A shorthand's "excl. Marchers".
    if let Ok((r, _)) = phrase("except").or(super::lexeme::excluding).parse(i) {
        return Some((r, Bit::Except, None));
    }
    if let Some(read) = at_place(ctx, i) {
        return Some(read);
    }
    for (words, kind) in PREPOSITIONS {
        if let Ok((r, _)) = (phrase(words), ws1).parse(i) {
            if let Ok((r2, names)) = names(ctx, r, kind) {
                return Some((r2, Bit::Names { names, bare: false }, None));
            }
        }
    }
    // "Fascist-only": the name, then "only" after its hyphen.
    if let Some((name, r)) = hyphen_only(i) {
        if let Ok(("", names)) = names(ctx, name, NameKind::Either) {
            return Some((r, Bit::Names { names, bare: true }, None));
        }
    }
    if let Ok((r, names)) = names(ctx, i, NameKind::Either) {
        return Some((r, Bit::Names { names, bare: true }, None));
    }
    if let Ok((r, _)) = phrase("use").parse(i) {
        return Some((r, Bit::Use, None));
    }
    if let Some(r) = first_phrase(i, &super::lexeme::UNITS) {
        return Some((r, Bit::Units, None));
    }

    first_phrase(i, &SMALL_PHRASES)
        .or_else(|| first_phrase(i, &SMALL_WORDS))
        .map(|r| (r, Bit::Small, None))
}

/// "Free-French-only use", "Fascist-only": the words before "-only" and the text from "only"
/// on.
fn hyphen_only(i: &str) -> Option<(&str, &str)> {
    let word = i
        .find(|c: char| !(c.is_alphabetic() || c == '-'))
        .unwrap_or(i.len());
    let at = i[..word].to_ascii_lowercase().rfind("-only")?;
    (at + "-only".len() == word && at > 0).then(|| (&i[..at], &i[at + 1..]))
}

/// The text after the first of `phrases` that starts `i`.
fn first_phrase<'a>(i: &'a str, phrases: &[&'static str]) -> Option<&'a str> {
    phrases
        .iter()
        .find_map(|p| phrase(p).parse(i).ok().map(|(r, _)| r))
}

/// A period with the word that introduces it ("in 1945", "during 1944-45", "from 1944 on",
/// "after 6/43", "before 1942", "June 1943"): a bare number is no period here ("AB 41").
fn when_bit<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, EntryWhen> {
    let lead = phrase("in").or(phrase("during")).or(phrase("for"));
    if let Ok((r, (_, _, p))) = (lead, ws1, |r| span_period(ctx, r)).parse(i) {
        return Ok((r, EntryWhen::Period(p)));
    }
    // "N/A '45", "'43 only": a year with its apostrophe is a year, no number of a name.
    if i.starts_with(['\'', '’']) {
        let (r, p) = span_period(ctx, i)?;
        return Ok((r, EntryWhen::Period(p)));
    }
    if !i.starts_with(char::is_alphabetic) {
        return fail(i);
    }
    match when(ctx, i)? {
        (_, EntryWhen::Thereafter(_)) => fail(i),
        read => Ok(read),
    }
}

/// A list of names ("Russia", "the Free French", "Russia, the Balkans and Finland",
/// "North-Africa/the ETO"), each of `kind`.
pub(crate) fn names<'a>(ctx: &Ctx<'a>, i: &'a str, kind: NameKind) -> Res<'a, Vec<LimitName>> {
    let mut out = Vec::new();
    // "by units of the Royalist forces or of the Frontier Legion": the units' noun and "of"
    // before a name add nothing.
    let units_of = |r: &'a str| -> &'a str {
        let r = (one_of(&super::lexeme::UNITS), ws1, phrase("of"), ws1)
            .parse(r)
            .map_or(r, |(r2, _)| r2);
        (phrase("of"), ws1).parse(r).map_or(r, |(r2, _)| r2)
    };
    // "the Royalist forces or ...": the units' noun after a name, before another.
    let units_after = |r: &'a str| -> &'a str {
        let next = (ws1, one_of(&super::lexeme::UNITS)).parse(r);
        match next {
            Ok((r2, _)) if (ws1, phrase("or").or(phrase("and"))).parse(r2).is_ok() => r2,
            _ => r,
        }
    };
    let (mut i, first) = one_name(units_of(i))?;
    out.push(first);
    i = units_after(i);
    loop {
        let sep = (
            ws0,
            ch(','),
            ws0,
            opt((phrase("and").or(phrase("or")), ws1)),
        )
            .map(|_| ())
            .or((ws1, phrase("and").or(phrase("or")), ws1).map(|_| ()))
            .or((ws0, ch('/'), ws0).map(|_| ()))
            // A shorthand's "Loyalists + Ember Guards".
            .or((ws1, ch('+'), ws1).map(|_| ()))
            .parse(i);
        let Ok((r, ())) = sep else { break };
        // "to the Crown and to the League", "in X and in Y": the preposition said again.
        let again = (one_of(&["to", "by", "for", "in", "on"]), ws1);
        let r = opt(again).parse(r).map_or(r, |(r2, _)| r2);
        let Ok((r2, next)) = one_name(units_of(r)) else {
            break;
        };
        out.push(next);
        i = units_after(r2);
    }
    let names = out
        .into_iter()
        .map(|raw| LimitName {
            raw: raw.split_whitespace().collect::<Vec<_>>().join(" "),
            span: ctx.span(raw),
            kind,
        })
        .collect();
    Ok((i, names))
}

/// One name, "the" before it left out: a capitalized word of letters, then words of letters
/// up to a word that ends names (a small word, a sense word, a preposition).
fn one_name(i: &str) -> Res<'_, &str> {
    let (i, _) = opt((phrase("the"), ws1)).parse(i)?;
    let first = letters(i);
    // "I", "I'm": the writer, never a name.
    let writer = i[..first]
        .split(['\'', '’'])
        .next()
        .is_some_and(|w| w == "I");
    // "In the South, RF .2 higher": the RF's own word names no one.
    let rf_word = super::lexeme::rf_word(i).is_ok();
    if first == 0
        || writer
        || rf_word
        || !i.starts_with(char::is_uppercase)
        || ends_name(&i[..first])
    {
        return fail(i);
    }
    let mut end = first;
    loop {
        let rest = &i[end..];
        let Ok((after_space, _)) = ws1(rest) else {
            break;
        };
        let len = letters(after_space);
        let word = &after_space[..len];
        // "KOR N/A": a sense word ends the name, capitals or not.
        let sense = first_phrase(after_space, &NOT).is_some();
        if len == 0 || sense || ends_name(word) || !at_word_end(&after_space[len..]) {
            break;
        }
        end = i.len() - after_space.len() + len;
    }
    if !at_word_end(&i[end..]) {
        return fail(i);
    }
    // "Lowland theatres only": the noun after a place's adjective is no part of its name.
    let name = &i[..end];
    let last = name.rsplit(' ').next().unwrap_or(name).to_lowercase();
    let noun = super::lexeme::theater_noun(&last).is_ok_and(|(r, _)| r.is_empty());
    if name.contains(' ') && noun {
        let cut = name.rfind(' ').unwrap_or(end);
        return Ok((&i[end..], i[..cut].trim_end()));
    }
    Ok((&i[end..], &i[..end]))
}

/// True when `rest` may follow a word of a name: nothing, a space or punctuation, never a
/// digit or "(" ("B11", "M4A3(75)W" are no names).
fn at_word_end(rest: &str) -> bool {
    rest.chars()
        .next()
        .is_none_or(|c| !(c.is_alphanumeric() || c == '('))
}

/// The length of the word of letters (with inner "-", "'", "’") at the start of `i`.
fn letters(i: &str) -> usize {
    let mut len = 0;
    for (k, c) in i.char_indices() {
        let inner = k > 0 && matches!(c, '-' | '\'' | '’');
        if !(c.is_alphabetic() || inner) {
            break;
        }
        len = k + c.len_utf8();
    }
    len
}

/// True when `word` ends a name rather than being part of it.
fn ends_name(word: &str) -> bool {
    let lower = word.to_lowercase();
    let lower = lower.as_str();
    NAME_ENDS.contains(&lower)
        || SMALL_WORDS.contains(&lower)
        // "the Peasant Brigades": a units' noun with its capital is a name's own word.
        || (super::lexeme::UNITS.contains(&lower) && !word.starts_with(char::is_uppercase))
        || ONLY.contains(&lower)
        || NOT.contains(&lower)
        || matches!(
            lower,
            "limited"
                | "restricted"
                | "reserved"
                | "confined"
                | "except"
                | "everywhere"
                | "anywhere"
        )
}

/// The limit the bits make, or `None` when they make none: one sense, at most one list of
/// names and one period, names without a word before them beside the sense.
fn meaning(bits: Vec<Bit>) -> Option<Limit> {
    let count = |f: fn(&Bit) -> bool| bits.iter().filter(|b| f(b)).count();
    let mut only = count(|b| matches!(b, Bit::Only));
    let not = count(|b| matches!(b, Bit::Not));
    let except = count(|b| matches!(b, Bit::Except));
    if only + not + except == 0 && count(|b| matches!(b, Bit::Users)) == 1 {
        only = 1;
    }
    let sense = match (only, not, except) {
        (1.., 0, 0) => LimitSense::Only,
        (0, 1, 0) | (0, 0, 1) => LimitSense::Not,
        (0, 1, 1) => LimitSense::Only,
        _ => return None,
    };
    let everywhere = bits.iter().any(|b| matches!(b, Bit::Everywhere));
    if except == 0 && everywhere {
        return None;
    }

    // "Not used by the Militia in Korra": who (by/to) and where (in/on) it is kept from, one
    // list each; any other second list makes no limit.
    // Both after the sense word: a list before it is a label's or a subject's ("Cromwell VII:
    // Not available in Russia").
    let sense_at = bits
        .iter()
        .position(|b| matches!(b, Bit::Only | Bit::Not | Bit::Except))
        .unwrap_or(0);
    let lists: Vec<&Vec<LimitName>> = bits
        .iter()
        .filter_map(|b| match b {
            Bit::Names { names, .. } => Some(names),
            _ => None,
        })
        .collect();
    let lists_after = bits[sense_at..]
        .iter()
        .filter(|b| matches!(b, Bit::Names { .. }))
        .count();
    let places = |l: &Vec<LimitName>| l.iter().all(|n| n.kind == NameKind::Place);
    let who = |l: &Vec<LimitName>| l.iter().all(|n| n.kind != NameKind::Place);
    let who_and_where = match lists[..] {
        [a, b] => {
            sense == LimitSense::Not
                && lists_after == 2
                && ((who(a) && places(b)) || (places(a) && who(b)))
        }
        _ => false,
    };
    if (lists.len() > 1 && !who_and_where)
        || count(|b| matches!(b, Bit::When(_))) > 1
        || count(|b| matches!(b, Bit::Vehicle(_))) > 1
    {
        return None;
    }
    for (k, b) in bits.iter().enumerate() {
        if matches!(b, Bit::Names { bare: true, .. }) && !beside_sense(&bits, k) {
            return None;
        }
    }
    if let Some(limit) = months_in_place(&bits) {
        return limit;
    }
    let mut names = Vec::new();
    let mut when = None;
    for b in bits {
        match b {
            Bit::Names { names: n, .. } => names.extend(n),
            Bit::When(w) => when = Some(w),
            _ => {}
        }
    }
    if names.is_empty() && when.is_none() {
        return None;
    }
    Some(Limit { sense, names, when })
}

/// "In Hallvik only beginning with 1941": places said with their word ("in"), then "only", then
/// an open end: the months the vehicle is kept to there, read as the months it is kept from
/// there ("not in Hallvik before 1941"; "only in Hallvik from 1941" is the places kept to in
/// those months). `Some(None)`: that order with a span, which says two limits at once (no
/// reading). `None`: another order.
fn months_in_place(bits: &[Bit]) -> Option<Option<Limit>> {
    let meant: Vec<&Bit> = bits.iter().filter(|b| !matches!(b, Bit::Small)).collect();
    let [Bit::Names { names, bare: false }, Bit::Only, Bit::When(w)] = meant[..] else {
        return None;
    };
    Some(kept_from_before(w).map(|when| Limit {
        sense: LimitSense::Not,
        names: names.clone(),
        when: Some(when),
    }))
}

/// The months a place keeps a vehicle from when "only" keeps it there to the open end `w`
/// ("only from 1941": until 12/40; "only until 6/43": from 7/43); `None` for a span (two
/// ends: two limits, which one limit cannot say).
pub(crate) fn kept_from_before(w: &EntryWhen) -> Option<EntryWhen> {
    match w {
        EntryWhen::From(p) => Some(EntryWhen::Until(super::when::shifted(p.clone(), false))),
        EntryWhen::Until(p) => Some(EntryWhen::From(super::when::shifted(p.clone(), true))),
        _ => None,
    }
}

/// True when the names at `k` stand beside the sense: after "only" or "except", before "only"
/// or "use only" ("units" may stand between: "Free French units only"), or the subject of
/// "not" ("Rebel forces never had it").
fn beside_sense(bits: &[Bit], k: usize) -> bool {
    let before = k
        .checked_sub(1)
        .and_then(|p| bits.get(p))
        .is_some_and(|b| match b {
            Bit::Only | Bit::Except | Bit::Users => true,
            // "Users: not the Militia before 1943": on a card's users field, "not" names them.
            Bit::Not => matches!(bits.first(), Some(Bit::Users)),
            _ => false,
        });
    let mut next = bits[k + 1..]
        .iter()
        .skip_while(|b| matches!(b, Bit::Units | Bit::Use));
    // "Rebel forces never had it", "The Militia did not receive it": the names the subject
    // of a verb "not" denies.
    let denied = bits[k + 1..]
        .iter()
        .find(|b| !matches!(b, Bit::Units | Bit::Use | Bit::Small))
        .is_some_and(|b| matches!(b, Bit::Not));
    before || matches!(next.next(), Some(Bit::Only)) || denied
}
