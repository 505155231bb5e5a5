//! The optional scope in front of a clause: the vehicles it is restricted to ("Cromwell VII",
//! "AS 42 aa and AS 42 cc", "M3, M5 and M8", "The Sdkfz 251/1") or every vehicle of the note
//! ("For both types,").
//!
//! The scope is one combinator composed in front of the clause forms ([`scoped`]), so every
//! form reads the same with or without names before it, and no form handles names of its own.
//! A vehicle name is any text: the name list ends where a clause form starts.

use nom::combinator::opt;
use nom::Parser;

use super::grammar_error::{fail, Ctx, GrammarError, Res};
use super::lexeme::{ch, phrase, ws1};
use super::syntax::VehicleRef;

/// The most words a name list may have ("Sdkfz 251/1, Sdkfz 251/10, and M4A3(75)W" has 7):
/// room for three names of four words and their separators.
const MAX_SCOPE_WORDS: usize = 16;

/// Words that begin ordinary sentences or the clause forms themselves, never a vehicle name
/// (in lower case; see [`sentence_word`]).
/// Without them a sentence the forms cannot read ("Dates and RF ... are sometimes ...") would
/// be searched for a form further in, and its error would point at the wrong word.
const NOT_A_NAME: [&str; 24] = [
    "a",
    "an",
    "and",
    "as",
    "availability",
    "but",
    "dates",
    "date's",
    "for",
    "if",
    "in",
    "it",
    "its",
    "never",
    "no",
    "not",
    "only",
    "or",
    "otherwise",
    "rf",
    "these",
    "they",
    "this",
    "when",
];

/// Nouns a note uses for "every vehicle it covers": "for both types", "for all three types".
const ALL_NOUNS: [&str; 5] = ["types", "vehicles", "versions", "variants", "models"];

/// Reads the optional scope at `start`, then `form`: the clause form is tried right away, then
/// after each candidate name list, shortest first, so the names end where a form starts.
/// Returns the vehicles named (empty: every vehicle of the note) and what `form` read.
///
/// Most sentences of a note are rules prose no form reads, so every cut of theirs is tried:
/// a cut is found from the words read once, and its names become [`VehicleRef`]s only when a
/// form reads what follows.
pub(crate) fn scoped<'a, T>(
    ctx: &Ctx<'a>,
    start: &'a str,
    form: impl Fn(&Ctx<'a>, &'a str) -> Res<'a, T>,
) -> Res<'a, (Vec<VehicleRef>, T)> {
    // "For both types, ...", the comma optional.
    if let Ok((i, _)) = (all_vehicles, opt(ch(',')), ws1).parse(start) {
        let (rest, value) = form(ctx, i)?;
        return Ok((rest, (Vec::new(), value)));
    }
    let mut farthest = GrammarError { at: start };
    let mut attempt =
        |names: &[(&'a str, &'a str)], body_start: &'a str| match form(ctx, body_start) {
            Ok((rest, value)) => Some((rest, (vehicle_refs(ctx, start, names), value))),
            Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
                farthest = nom::error::ParseError::or(farthest, e);
                None
            }
            Err(nom::Err::Incomplete(_)) => None,
        };
    if let Some(read) = attempt(&[], start) {
        return Ok(read);
    }
    let words = words(start);
    let Some(&(first, _)) = words.first() else {
        return Err(nom::Err::Error(farthest));
    };
    // "The Crown side had the Stave in ...": a faction of the nation is the sentence's
    // subject, never a vehicle's name.
    let faction = ctx.lexicon.faction_at(start).is_some();
    if faction
        || !first.starts_with(char::is_alphanumeric)
        || sentence_word(first.trim_end_matches(','))
    {
        return Err(nom::Err::Error(farthest));
    }
    // Parentheses still open after each word: a list ends only where they are balanced.
    let mut depth = Some(0usize);
    let mut names = Vec::new();
    for (count, &(word, rest)) in words.iter().take(MAX_SCOPE_WORDS).enumerate() {
        // "The Autocannone da 65/17's North African RF": a name ends at its possessive; the
        // words after it ("North African") are the clause's, never more of the name.
        let before = count.checked_sub(1).map(|k| words[k].0);
        if before.is_some_and(|w| w.ends_with("'s") || w.ends_with("’s")) {
            break;
        }
        // "Vk. 6: Northern Front 1939-42, RF 1.2": a name (or list) as a label, its colon
        // ending it, or a dash set apart after it ("Pell 38 - Korvath + Tavrin, 39 thru 41");
        // what follows is read as the clause about it.
        let dashed = (count > 0 && matches!(word, "-" | "--" | "—")).then(|| words[count - 1].0);
        let colon = word.strip_suffix(':').filter(|w| !w.contains(':'));
        if let Some(label) = dashed.or(colon) {
            let before = &words[..count - usize::from(dashed.is_some())];
            if label_names(ctx, start, before, (label, rest), depth, &mut names) {
                if let Some(read) = attempt(&names, rest.trim_start()) {
                    return Ok(read);
                }
            }
            break;
        }
        // A full stop before a space ends the sentence, unless it is a name's or an
        // abbreviation's ("Cam. de Mitr. CA"); these marks never occur in a name.
        if (word.ends_with('.') && !ctx.protected_end(word))
            || word.contains([';', ':', '[', ']', '"', '“', '”'])
        {
            break;
        }
        depth = depth.and_then(|d| balance(d, word));
        if depth != Some(0) || word.ends_with(',') {
            continue;
        }
        if !name_list(&words[..=count], &mut names) {
            continue;
        }
        // With a listing, a name shares a word with one of its names ("on that front" is none).
        if !names
            .iter()
            .all(|&(f, l)| ctx.lexicon.may_name(span_text(start, f, l)))
        {
            continue;
        }
        // "The Brand is available in the whole Homeland with ...": a verb, or a place the
        // nation knows, is never a word of a listing's name.
        if names
            .iter()
            .any(|&(f, l)| not_a_name(ctx, span_text(start, f, l)))
        {
            continue;
        }
        // "Sable A: ..." is never the name "Sable" and a clause "A: ...": a name ends where
        // the longest name of the listing there does.
        if names.iter().any(|&(f, l)| inside_a_name(ctx, start, f, l)) {
            continue;
        }
        if let Some(read) = attempt(&names, rest.trim_start()) {
            return Ok(read);
        }
    }
    Err(nom::Err::Error(farthest))
}

/// Verbs no name of a listing holds as a word of its own.
const VERBS: [&str; 10] = [
    "is",
    "are",
    "was",
    "were",
    "has",
    "had",
    "have",
    "available",
    "used",
    "served",
];

/// True when `name`, with a listing to tell, holds a verb or a place the nation knows: the
/// words of a sentence, no vehicle's name.
fn not_a_name(ctx: &Ctx<'_>, name: &str) -> bool {
    if !ctx.lexicon.knows_vehicles() {
        return false;
    }
    let mut at = 0;
    for word in name.split(' ') {
        let bare = word.trim_matches(|c: char| !c.is_alphanumeric());
        if VERBS.iter().any(|v| v.eq_ignore_ascii_case(bare))
            || (at > 0 && ctx.lexicon.place_at(&name[at..]).is_some())
        {
            return true;
        }
        at += word.len() + 1;
    }
    false
}

/// True when the name from word `first` to word `last` (slices of `start`) stops inside a
/// longer name of the listing that starts there ("Sable" of "Sable A").
fn inside_a_name(ctx: &Ctx<'_>, start: &str, first: &str, last: &str) -> bool {
    let name = span_text(start, first, last);
    let off = (first.as_ptr() as usize).saturating_sub(start.as_ptr() as usize);
    let Some(at) = start.get(off..) else {
        return false;
    };
    let the = ["The ", "the "]
        .iter()
        .find(|t| at.starts_with(*t))
        .map_or(0, |t| t.len());
    ctx.lexicon
        .vehicle_at(&at[the..])
        .is_some_and(|n| n + the > name.trim_end_matches([',', ':']).len())
}

/// The vehicles a scope's names (each its first and last word in `start`) stand for.
fn vehicle_refs<'a>(
    ctx: &Ctx<'a>,
    start: &'a str,
    names: &[(&'a str, &'a str)],
) -> Vec<VehicleRef> {
    names
        .iter()
        .map(|&(first, last)| {
            // "The AMR 35(L)'s RF is ...": the vehicle, not its possessive.
            let name = span_text(start, first, last);
            let name = name
                .strip_suffix("'s")
                .or_else(|| name.strip_suffix("’s"))
                .unwrap_or(name);
            // "The Sable A: ...": the article is no word of the name (with it, "Sable A" would
            // match the title's "Sable" as well as its "Sable A").
            let name = ["The ", "the "]
                .iter()
                .find_map(|t| name.strip_prefix(t))
                .filter(|n| !n.is_empty())
                .unwrap_or(name);
            VehicleRef {
                raw: name.to_string(),
                span: ctx.span(name),
                title_index: None,
            }
        })
        .collect()
}

/// Whether the words before a label's colon and the label's last word (`label`, its colon
/// taken off) are a list of names that may be the listing's; `names` holds them.
fn label_names<'a>(
    ctx: &Ctx<'a>,
    start: &'a str,
    before: &[(&'a str, &'a str)],
    label: (&'a str, &'a str),
    depth: Option<usize>,
    names: &mut Vec<(&'a str, &'a str)>,
) -> bool {
    if depth.and_then(|d| balance(d, label.0)) != Some(0) {
        return false;
    }
    let mut words = before.to_vec();
    words.push(label);
    name_list(&words, names)
        && names
            .iter()
            .all(|&(f, l)| ctx.lexicon.may_name(span_text(start, f, l)))
}

/// "for both types", "for all types", "for all three types", "for all 4 vehicles": the clause
/// covers every vehicle of the note.
pub(crate) fn all_vehicles(i: &str) -> Res<'_, &str> {
    let start = i;
    let (i, _) = (phrase("for"), ws1).parse(i)?;
    let (i, _) = phrase("both")
        .map(|_| ())
        .or(|i| {
            let (i, _) = phrase("all").parse(i)?;
            // A count between "all" and the noun: any one word ("three", "4").
            let (i, _) = opt(|i| {
                let (i, _) = ws1(i)?;
                let len = i.find(|c: char| !c.is_alphanumeric()).unwrap_or(i.len());
                if len == 0 || ALL_NOUNS.contains(&i[..len].to_ascii_lowercase().as_str()) {
                    return fail(i);
                }
                Ok((&i[len..], ()))
            })
            .parse(i)?;
            Ok((i, ()))
        })
        .parse(i)?;
    let (i, _) = ws1(i)?;
    let (i, _) = ALL_NOUNS
        .iter()
        .find_map(|noun| phrase(noun).parse(i).ok())
        .map_or_else(|| fail(i), Ok)?;
    Ok((i, &start[..start.len() - i.len()]))
}

/// True when `word` begins a sentence rather than a name: one of [`NOT_A_NAME`] in lower case
/// or capitalized. In capitals it is a name ("AS 42", "IT 1"), except for "RF".
fn sentence_word(word: &str) -> bool {
    let lower = word.to_lowercase();
    let capitals = word.chars().all(|c| !c.is_lowercase());
    NOT_A_NAME.contains(&lower.as_str()) && (!capitals || lower == "rf" || word.len() == 1)
}

/// The first words of `i` (one more than a name list may have), each with the text after it.
fn words(i: &str) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    let mut rest = i;
    loop {
        let start = rest.trim_start();
        if start.is_empty() {
            break;
        }
        let len = start.find(char::is_whitespace).unwrap_or(start.len());
        let (word, after) = start.split_at(len);
        out.push((word, after));
        if after.is_empty() || out.len() > MAX_SCOPE_WORDS {
            break;
        }
        rest = after;
    }
    out
}

/// Splits a name list, its words given ("X", "X and Y", "X, Y and Z", "X, Y, and Z", "The
/// X"), into `names` (each name's first and last word); false when it is no list (an empty
/// name). The caller has checked that its parentheses balance and that it does not end in a
/// comma.
fn name_list<'a>(words: &[(&'a str, &'a str)], names: &mut Vec<(&'a str, &'a str)>) -> bool {
    names.clear();
    // The current name's first and last word, as slices of the text.
    let mut current: Option<(&str, &str)> = None;
    let mut after_comma = false;
    for &(word, _) in words {
        let and = word.eq_ignore_ascii_case("and") || word == "&";
        if and {
            match current.take() {
                Some(name) => names.push(name),
                // ", and" (the serial comma) closes nothing new.
                None if after_comma => {}
                None => return false,
            }
            after_comma = false;
            continue;
        }
        let (word, comma) = match word.strip_suffix(',') {
            Some(w) => (w, true),
            None => (word, false),
        };
        if word.is_empty() {
            return false;
        }
        // "The X": the article is not part of the name.
        let the = word.eq_ignore_ascii_case("the");
        current = match current {
            None if the && !comma => None,
            None => Some((word, word)),
            Some((first, _)) => Some((first, word)),
        };
        if comma {
            let Some(name) = current.take() else {
                return false;
            };
            names.push(name);
        }
        after_comma = comma;
    }
    match current {
        Some(name) => {
            names.push(name);
            true
        }
        None => false,
    }
}

/// The text of `whole` from the start of `first` to the end of `last` (both slices of it).
fn span_text<'a>(whole: &'a str, first: &str, last: &str) -> &'a str {
    let base = whole.as_ptr() as usize;
    let from = (first.as_ptr() as usize).saturating_sub(base);
    let to = (last.as_ptr() as usize + last.len()).saturating_sub(base);
    whole.get(from..to.max(from)).unwrap_or("")
}

/// The parentheses open after `word`, `depth` being those open before it; `None` when a ")"
/// closes none ("M4A3(75)W" leaves none open).
fn balance(mut depth: usize, word: &str) -> Option<usize> {
    for c in word.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.checked_sub(1)?,
            _ => {}
        }
    }
    Some(depth)
}
