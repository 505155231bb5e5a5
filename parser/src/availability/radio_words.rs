//! A radio date read by what the words mean: "It carries a radio from November 1941 onward,
//! and none before", "No radio before 11/41", "Radio-equipped as of 11/41; none earlier",
//! "It has no radio until 11/41, and one from then on".
//!
//! The clause is cut at its commas and "and"s into parts. A part with a month says when the
//! radio begins: a radio "from", "as of", "since" the month, or no radio "before", "prior to",
//! "until" it. A part with no month may only repeat that ("and none before", "thereafter").
//! Every word must be one that says nothing else ("it", "carries", "fitted with", "in
//! scenarios set"): a clause with another word, or a radio said to end, is not this form.

use super::body::Body;
use super::grammar_error::{fail, Ctx, Res};
use super::syntax::{ClauseKind, PrintedPeriod};
use super::when::point;

/// Words before a month that make it the first with a radio.
const FROM: [&str; 6] = [
    "from",
    "as of",
    "since",
    "starting",
    "beginning",
    "beginning in",
];

/// Words before a month that make it the first with a radio when there is none before it.
const BEFORE: [&str; 4] = ["before", "prior to", "until", "till"];

/// Words after a month that make it the first of the months from then on ("in 11/41 or
/// later").
const LATER: [&str; 4] = ["or later", "and later", "or after", "and after"];

/// Words that say there is no radio.
const NONE: [&str; 5] = ["no", "none", "without", "radioless", "not"];

/// Words that change nothing in a radio sentence.
const IDLE: [&str; 40] = [
    "it",
    "this",
    "afv",
    "vehicle",
    "each",
    "every",
    "all",
    "has",
    "have",
    "had",
    "carries",
    "carry",
    "carried",
    "is",
    "are",
    "was",
    "were",
    "fitted",
    "equipped",
    "with",
    "a",
    "an",
    "the",
    "one",
    "in",
    "scenarios",
    "set",
    "onward",
    "onwards",
    "on",
    "and",
    "radio",
    "radios",
    "radio-equipped",
    "earlier",
    "then",
    "thereafter",
    "afterwards",
    "but",
    "only",
];

/// A radio date in any order of its words (the module's doc).
pub(crate) fn radio_by_words<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let sentence = &start[..ctx.sentence_len(start)];
    let clause = sentence.find(';').map_or(sentence, |n| &sentence[..n]);
    let body = clause.trim_end().trim_end_matches('.');
    if !body.to_ascii_lowercase().contains("radio") {
        return fail(start);
    }
    // "Radio is available from 7/43": the radio the subject, "available" says when it is
    // (only then: "It is available from 7/43 with a radio" is the vehicle's availability).
    let lower = body.to_ascii_lowercase();
    let subject = [
        "radio is available ",
        "a radio is available ",
        "radios are available ",
    ]
    .iter()
    .find(|s| lower.starts_with(*s));
    let said = subject.map_or(body, |s| &body[s.len()..]);
    let mut months: Vec<PrintedPeriod> = Vec::new();
    for part in parts(said) {
        match part_month(ctx, part) {
            Some(Some(month)) => months.push(month),
            Some(None) => {}
            None => return fail(start),
        }
    }
    let mut months = months.into_iter();
    let Some(month) = months.next() else {
        return fail(start);
    };
    let confirmed = months.next();
    if months.next().is_some() {
        return fail(start);
    }
    let rest = &start[body.len()..];
    Ok((rest, ClauseKind::RadioFrom { month, confirmed }.into()))
}

/// The clause cut at its commas and at " and ".
fn parts(body: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for piece in body.split(',') {
        let mut rest = piece;
        while let Some(at) = rest.to_ascii_lowercase().find(" and ") {
            out.push(&rest[..at]);
            rest = &rest[at + 5..];
        }
        out.push(rest);
    }
    out
}

/// What a part says: `Some(Some(month))`, the first month with a radio; `Some(None)`, nothing
/// new ("and none before"); `None` when it says anything this form does not read.
fn part_month<'a>(ctx: &Ctx<'a>, part: &'a str) -> Option<Option<PrintedPeriod>> {
    let mut words: Vec<String> = Vec::new();
    let mut month: Option<(PrintedPeriod, String)> = None;
    let mut i = part.trim_start();
    while !i.is_empty() {
        if let Ok((rest, p)) = point(ctx, i) {
            if month.is_some() {
                return None;
            }
            month = Some((p, words.join(" ")));
            i = rest.trim_start();
            continue;
        }
        let len = i.find(char::is_whitespace).unwrap_or(i.len());
        let word = i[..len].to_lowercase();
        if !word.chars().all(|c| c.is_alphabetic() || c == '-') {
            return None;
        }
        words.push(word);
        i = i[len..].trim_start();
    }
    let said = words.join(" ");
    let none = words.iter().any(|w| NONE.contains(&w.as_str()));
    let Some((p, before_it)) = month else {
        // "and none before", "and one from then on": nothing new, if nothing else.
        let repeats = if none {
            only_idle(&said, &[&BEFORE, &["before", "earlier"]])
                && ["before", "earlier", "prior", "until", "till"]
                    .iter()
                    .any(|w| words.iter().any(|x| x == w))
        } else {
            only_idle(&said, &[&FROM])
        };
        return repeats.then_some(None);
    };
    let ends_with = |ws: &[&str]| ws.iter().any(|w| before_it.ends_with(w));
    // "in scenarios set in 11/41 or later": from the month, said after it.
    let after_it = said[before_it.len()..].trim_start();
    let later = LATER.iter().any(|w| after_it.starts_with(w));
    let from = ends_with(&FROM) || (later && before_it.ends_with("in"));
    let reads = (from && !none) || (ends_with(&BEFORE) && none);
    (reads && only_idle(&said, &[&FROM, &BEFORE, &LATER])).then_some(Some(p))
}

/// True when every word of `said` is idle, a "no" word, or one of `also`'s phrases.
fn only_idle(said: &str, also: &[&[&str]]) -> bool {
    let mut s = format!(" {said} ");
    for phrase in also.iter().flat_map(|ws| ws.iter()) {
        s = s.replace(&format!(" {phrase} "), " ");
    }
    s.split_whitespace()
        .all(|w| IDLE.contains(&w) || NONE.contains(&w))
}

#[cfg(test)]
mod tests {
    use crate::{parse_availability_with, ClauseKind, FileId, Lexicon};

    fn radio(text: &str) -> Option<String> {
        let lexicon = Lexicon::new(None, &[], &[]);
        let parsed = parse_availability_with(text, 0, FileId(0), &lexicon);
        match &parsed.value.first()?.kind {
            ClauseKind::RadioFrom { month, confirmed } => Some(format!(
                "{}{}",
                month.raw,
                confirmed
                    .as_ref()
                    .map_or(String::new(), |c| format!(" = {}", c.raw))
            )),
            _ => None,
        }
    }

    #[test]
    fn a_radio_date_reads_in_any_wording() {
        for (text, want) in [
            (
                "It carries a radio from November 1941 onward, and none before.",
                "November 1941",
            ),
            ("No radio before 11/41.", "11/41"),
            (
                "It is radio-equipped only in scenarios set in 11/41 or later.",
                "11/41",
            ),
            ("Radio-equipped as of 11/41; none earlier.", "11/41"),
            (
                "It has no radio until 11/41, and one from then on.",
                "11/41",
            ),
            // A month's abbreviation ends no sentence before its year.
            (
                "It has no radio until Jun. 41, and one from then on.",
                "Jun. 41",
            ),
            (
                "It has no radio prior to 11/41 and is radio-equipped from 11/41.",
                "11/41 = 11/41",
            ),
        ] {
            assert_eq!(radio(text).as_deref(), Some(want), "{text}");
        }
    }

    #[test]
    fn a_radio_sentence_it_cannot_read_is_not_a_radio_date() {
        for text in [
            // The radio ends, or begins and ends, or a place limits it.
            "It has a radio before 11/41.",
            "It has no radio from 11/41.",
            "It carries a radio from 11/41 in North Africa.",
            "It carries a radio from 11/41 to 5/43.",
        ] {
            assert_eq!(radio(text), None, "{text}");
        }
    }
}
