//! Faction words as the notes print them: "X use only" after an entry, "limited to X only".
//! Which faction the words name is the nation's data (`ob.toml`), not the grammar's.

use nom::Parser;

use super::grammar_error::{fail, Ctx, Res};
use super::lexeme::{phrase, ws1};
use super::syntax::{PrintedQualifier, QualifierSyntax, Spanned};

/// One to three words of letters naming a part of a nation's forces ("Fascist", "Fascist
/// Italians"), then `stop` ("use only", "only"); yields the words. Which faction they name is
/// the nation's data, not the grammar's.
pub(crate) fn faction_before<'a>(i: &'a str, stop: &'static str) -> Res<'a, &'a str> {
    let mut rest = i;
    for _ in 0..3 {
        let (r, _) = letters_word(rest)?;
        if let Ok((after, _)) = (ws1, phrase(stop)).parse(r) {
            return Ok((after, &i[..i.len() - r.len()]));
        }
        rest = ws1(r)?.0;
    }
    fail(i)
}

/// A word of letters ("Fascist", "Italians'", "Free-French").
fn letters_word(i: &str) -> Res<'_, &str> {
    if !i.starts_with(char::is_alphabetic) {
        return fail(i);
    }
    let len = i
        .find(|c: char| !(c.is_alphabetic() || c == '\'' || c == '-'))
        .unwrap_or(i.len());
    Ok((&i[len..], &i[..len]))
}

/// "X use only" after an entry's parenthesis ("(1.4) Fascist use only"), whole.
pub(crate) fn use_only(i: &str) -> Res<'_, &str> {
    let (r, _) = faction_before(i, "use only")?;
    Ok((r, &i[..i.len() - r.len()]))
}

/// A qualifier's text, read: "X use only" restricts the entry to the faction X names.
pub(crate) fn qualifier(ctx: &Ctx<'_>, text: &str) -> PrintedQualifier {
    let value = faction_before(text, "use only")
        .ok()
        .filter(|(rest, _)| rest.trim().is_empty())
        .map(|(_, faction)| QualifierSyntax::RestrictedUse {
            faction: Spanned {
                value: faction.split_whitespace().collect::<Vec<_>>().join(" "),
                span: ctx.span(faction),
            },
        });
    PrintedQualifier {
        raw: text.to_string(),
        span: ctx.span(text),
        value,
    }
}
