//! The sentence loop: read clause after clause; a sentence no clause form fits becomes an
//! `Unreadable` clause when it mentions dates or RFs, and is rules prose otherwise.

use super::clauses::{make_clause, BODIES};
use super::grammar_error::{Ctx, GrammarError, Res};
use super::lexeme::{mentions_dates_or_rf, phrase, sentence_len, ws0};
use super::syntax::{AvailabilityClause, ClauseKind, Spanned, VehicleRef};
use nom::Parser;

/// Where a clause is read, which decides what may follow it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Level {
    /// A sentence: a full stop or the end of the text follows.
    Top,
    /// Inside "[EXC: ...]": a comma or the closing bracket follows.
    Nested,
}

/// Words a vehicle name never starts with; they begin ordinary sentences.
const NOT_A_NAME: [&str; 9] = [
    "the",
    "this",
    "if",
    "it",
    "for",
    "otherwise",
    "rf",
    "dates",
    "availability",
];

/// The most words the vehicle names before a clause have ("AS 42 aa and AS 42 cc" has 7).
const MAX_NAME_WORDS: usize = 8;

/// Reads one clause at `i`: an optional scope phrase ("For both types,"), optional vehicle
/// names, then a clause body that the terminator of `level` must follow.
pub(crate) fn clause<'a>(
    ctx: &Ctx<'a>,
    start: &'a str,
    level: Level,
) -> Res<'a, AvailabilityClause> {
    let i = scope(start);
    let mut farthest = GrammarError { at: start };
    for (prefix, body_start) in prefix_cuts(i) {
        for body in BODIES {
            match body(ctx, body_start) {
                Ok((rest, b)) => {
                    if terminated(rest, level) {
                        let text = ctx.consumed(start, rest);
                        let vehicles = vehicle_names(ctx, prefix);
                        return Ok((rest, make_clause(ctx, text, vehicles, b)));
                    }
                    farthest = nom::error::ParseError::or(farthest, GrammarError { at: rest });
                }
                Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
                    farthest = nom::error::ParseError::or(farthest, e);
                }
                Err(nom::Err::Incomplete(_)) => {}
            }
        }
    }
    Err(nom::Err::Error(farthest))
}

/// Skips "For both types," / "For all three types,": such a clause covers every vehicle.
fn scope(i: &str) -> &str {
    let words = phrase("for both types")
        .or(phrase("for all three types"))
        .or(phrase("for all types"));
    match (words, ws0, super::lexeme::ch(','), ws0).parse(i) {
        Ok((r, _)) => r,
        Err(_) => i,
    }
}

/// Where the clause body may start: at once, or after up to [`MAX_NAME_WORDS`] words that can be vehicle names
/// ("AB 41 Dates and RF ...", "SMV M41 75/18 Dates and RF ...").
fn prefix_cuts(i: &str) -> Vec<(&str, &str)> {
    let mut cuts = vec![("", i)];
    let first_word = i.split(' ').next().unwrap_or("").to_ascii_lowercase();
    let name_like = i.starts_with(|c: char| c.is_ascii_uppercase() || c.is_ascii_digit())
        && !NOT_A_NAME.contains(&first_word.as_str());
    if !name_like {
        return cuts;
    }
    for (n, (k, _)) in i.match_indices(' ').enumerate() {
        if n >= MAX_NAME_WORDS {
            break;
        }
        let prefix = &i[..k];
        if prefix.contains([',', ';', '(', ')', '[', ']', '\n', '.']) {
            // "." is allowed nowhere in a name here: no vehicle name the notes use has one,
            // and a full stop would mean the sentence ended.
            break;
        }
        cuts.push((prefix, &i[k + 1..]));
    }
    cuts
}

/// Splits "AS 42 aa and AS 42 cc" into names.
fn vehicle_names(ctx: &Ctx<'_>, prefix: &str) -> Vec<VehicleRef> {
    let mut out = Vec::new();
    let mut rest = prefix;
    while !rest.is_empty() {
        let (name, next) = match rest.find(" and ") {
            Some(k) => (&rest[..k], &rest[k + 5..]),
            None => (rest, ""),
        };
        let name = name.trim();
        if !name.is_empty() {
            out.push(VehicleRef {
                raw: name.to_string(),
                span: ctx.span(name),
                title_index: None,
            });
        }
        rest = next;
    }
    out
}

/// True when what follows a clause ends it at `level`.
fn terminated(rest: &str, level: Level) -> bool {
    let r = rest.trim_start();
    match level {
        Level::Top => {
            r.is_empty()
                || r.strip_prefix('.')
                    .is_some_and(|a| a.is_empty() || a.starts_with(char::is_whitespace))
        }
        Level::Nested => r.starts_with(',') || r.starts_with(']'),
    }
}

/// Reads every clause of `text`.
pub(crate) fn read_clauses(ctx: &Ctx<'_>) -> Vec<AvailabilityClause> {
    let mut clauses = Vec::new();
    let mut rest = ctx.text;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == '†');
        if rest.is_empty() {
            break;
        }
        match clause(ctx, rest, Level::Top) {
            Ok((r, c)) => {
                clauses.push(c);
                let r = r.trim_start();
                rest = r.strip_prefix('.').unwrap_or(r);
            }
            Err(e) => {
                let len = sentence_len(rest);
                let sentence = &rest[..len];
                if mentions_dates_or_rf(sentence) {
                    let read = match e {
                        nom::Err::Error(g) | nom::Err::Failure(g) => {
                            rest.len().saturating_sub(g.at.len()).min(len)
                        }
                        nom::Err::Incomplete(_) => 0,
                    };
                    clauses.push(unreadable(ctx, sentence, read));
                }
                rest = &rest[len..];
            }
        }
    }
    clauses
}

/// An error node for a sentence the grammar read only `read` bytes of.
fn unreadable(ctx: &Ctx<'_>, sentence: &str, read: usize) -> AvailabilityClause {
    let body = sentence.strip_suffix('.').unwrap_or(sentence).trim_end();
    let stopped_at = (read > 0 && read < body.len())
        .then(|| {
            let at = body.get(read..)?;
            let at = at.trim_start();
            let word = at.find(char::is_whitespace).unwrap_or(at.len()).max(1);
            let word = at
                .get(..word)
                .or_else(|| at.get(..at.chars().next()?.len_utf8()))?;
            Some(Spanned {
                value: word.to_string(),
                span: ctx.span(word),
            })
        })
        .flatten();
    AvailabilityClause {
        span: ctx.span(body),
        vehicles: Vec::new(),
        kind: ClauseKind::Unreadable { stopped_at },
        typos: Vec::new(),
    }
}
