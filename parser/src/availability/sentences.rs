//! The sentence loop: read clause after clause; a sentence no clause form fits becomes an
//! `Unreadable` clause when it mentions dates or RFs, and is rules prose otherwise.

use super::clauses::{make_clause, Body, BODIES};
use super::grammar_error::{Ctx, GrammarError, Res};
use super::lexeme::{mentions_dates_or_rf, sentence_len};
use super::scope::scoped;
use super::syntax::{AvailabilityClause, ClauseKind, Spanned};

/// Where a clause is read, which decides what may follow it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Level {
    /// A sentence: a full stop or the end of the text follows.
    Top,
    /// Inside "[EXC: ...]": a comma or the closing bracket follows.
    Nested,
}

/// Reads one clause at `start`: the optional scope (vehicle names, "For both types,") composed
/// in front of any clause form, which the terminator of `level` must follow.
pub(crate) fn clause<'a>(
    ctx: &Ctx<'a>,
    start: &'a str,
    level: Level,
) -> Res<'a, AvailabilityClause> {
    let (rest, (vehicles, body)) = scoped(ctx, start, |ctx, i| form(ctx, i, level))?;
    let text = ctx.consumed(start, rest);
    Ok((rest, make_clause(ctx, text, vehicles, body)))
}

/// The first clause form that reads `i` and is followed by the end of a clause at `level`.
fn form<'a>(ctx: &Ctx<'a>, i: &'a str, level: Level) -> Res<'a, Body> {
    let mut farthest = GrammarError { at: i };
    for body in BODIES {
        match body(ctx, i) {
            Ok((rest, b)) if terminated(rest, level) => return Ok((rest, b)),
            Ok((rest, _)) => {
                farthest = nom::error::ParseError::or(farthest, GrammarError { at: rest });
            }
            Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
                farthest = nom::error::ParseError::or(farthest, e);
            }
            Err(nom::Err::Incomplete(_)) => {}
        }
    }
    Err(nom::Err::Error(farthest))
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
