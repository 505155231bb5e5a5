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
use super::lexeme::{ch, phrase, ws0, ws1};
use super::syntax::VehicleRef;

/// The most words a name list may have ("Sdkfz 251/1, Sdkfz 251/10, and M4A3(75)W" has 7):
/// room for three names of four words and their separators.
const MAX_SCOPE_WORDS: usize = 16;

/// Words that begin ordinary sentences or the clause forms themselves, never a vehicle name
/// (in lower case; see [`sentence_word`]).
/// Without them a sentence the forms cannot read ("Dates and RF ... are sometimes ...") would
/// be searched for a form further in, and its error would point at the wrong word.
const NOT_A_NAME: [&str; 20] = [
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
pub(crate) fn scoped<'a, T>(
    ctx: &Ctx<'a>,
    start: &'a str,
    form: impl Fn(&Ctx<'a>, &'a str) -> Res<'a, T>,
) -> Res<'a, (Vec<VehicleRef>, T)> {
    if let Ok((i, _)) = (all_vehicles, ws0, ch(','), ws0).parse(start) {
        let (rest, value) = form(ctx, i)?;
        return Ok((rest, (Vec::new(), value)));
    }
    let mut farthest = GrammarError { at: start };
    for (names, body_start) in name_cuts(ctx, start) {
        match form(ctx, body_start) {
            Ok((rest, value)) => return Ok((rest, (names, value))),
            Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
                farthest = nom::error::ParseError::or(farthest, e);
            }
            Err(nom::Err::Incomplete(_)) => {}
        }
    }
    Err(nom::Err::Error(farthest))
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

/// Where a clause form may start: at once (no names), or after each word that ends a
/// possible name list, up to [`MAX_SCOPE_WORDS`] words; with the names that list holds.
fn name_cuts<'a>(ctx: &Ctx<'a>, i: &'a str) -> Vec<(Vec<VehicleRef>, &'a str)> {
    let mut cuts = vec![(Vec::new(), i)];
    let words = words(i);
    let Some(&(first, _)) = words.first() else {
        return cuts;
    };
    if !first.starts_with(char::is_alphanumeric) || sentence_word(first.trim_end_matches(',')) {
        return cuts;
    }
    for &(word, rest) in words.iter().take(MAX_SCOPE_WORDS) {
        // A full stop before a space ends the sentence; these marks never occur in a name.
        if word.ends_with('.') || word.contains([';', ':', '[', ']', '"', '“', '”']) {
            break;
        }
        let prefix = &i[..i.len() - rest.len()];
        let prefix = prefix.trim_end();
        if let Some(names) = name_list(ctx, prefix) {
            cuts.push((names, rest.trim_start()));
        }
    }
    cuts
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

/// Splits a name list ("X", "X and Y", "X, Y and Z", "X, Y, and Z", "The X") into names, or
/// `None` when it is no list (an empty name, unbalanced parentheses).
fn name_list(ctx: &Ctx<'_>, list: &str) -> Option<Vec<VehicleRef>> {
    if list.ends_with(',') || !balanced(list) {
        return None;
    }
    let mut names = Vec::new();
    // The current name's first and last word, as slices of `list`.
    let mut current: Option<(&str, &str)> = None;
    let mut after_comma = false;
    for (word, _) in words(list) {
        let lower = word.to_lowercase();
        if lower == "and" || lower == "&" {
            match current.take() {
                Some(name) => names.push(name),
                // ", and" (the serial comma) closes nothing new.
                None if after_comma => {}
                None => return None,
            }
            after_comma = false;
            continue;
        }
        let (word, comma) = match word.strip_suffix(',') {
            Some(w) => (w, true),
            None => (word, false),
        };
        if word.is_empty() {
            return None;
        }
        // "The X": the article is not part of the name.
        let the = lower.trim_end_matches(',') == "the";
        current = match current {
            None if the && !comma => None,
            None => Some((word, word)),
            Some((first, _)) => Some((first, word)),
        };
        if comma {
            names.push(current.take()?);
        }
        after_comma = comma;
    }
    names.push(current?);
    Some(
        names
            .into_iter()
            .map(|(first, last)| {
                let name = span_text(list, first, last);
                VehicleRef {
                    raw: name.to_string(),
                    span: ctx.span(name),
                    title_index: None,
                }
            })
            .collect(),
    )
}

/// The text of `whole` from the start of `first` to the end of `last` (both slices of it).
fn span_text<'a>(whole: &'a str, first: &str, last: &str) -> &'a str {
    let base = whole.as_ptr() as usize;
    let from = (first.as_ptr() as usize).saturating_sub(base);
    let to = (last.as_ptr() as usize + last.len()).saturating_sub(base);
    whole.get(from..to.max(from)).unwrap_or("")
}

/// True when every ")" closes an earlier "(" and none is left open ("M4A3(75)W").
fn balanced(text: &str) -> bool {
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return false,
            },
            _ => {}
        }
    }
    depth == 0
}
