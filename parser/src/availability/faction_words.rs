//! Faction words as the notes print them: "X use only", "only X", "restricted to X" in or
//! after an entry, "limited to X only".
//! Which faction the words name is the nation's data (`ob.toml`), not the grammar's.

use nom::combinator::opt;
use nom::Parser;

use super::grammar_error::{fail, Ctx, Res};
use super::lexeme::{ch, phrase, ws0, ws1};
use super::syntax::{PrintedQualifier, QualifierSyntax, Spanned};
use super::use_verbs::one_of;

/// One to four words of letters naming a part of a nation's forces ("Fascist", "Fascist
/// Italians"), then `stop` ("use only", "only"); yields the words. Which faction they name is
/// the nation's data, not the grammar's.
pub(crate) fn faction_before<'a>(i: &'a str, stop: &'static str) -> Res<'a, &'a str> {
    let mut rest = i;
    for _ in 0..4 {
        let (r, _) = letters_word(rest)?;
        if let Ok((after, _)) = (ws1, phrase(stop)).parse(r) {
            return Ok((after, &i[..i.len() - r.len()]));
        }
        rest = ws1(r)?.0;
    }
    fail(i)
}

/// One to four words of letters up to the end of `i` ("the" before them left out, "use" and
/// "only" after them too): the X of "restricted to X", "only X", "used only by X".
fn words_to_end(i: &str) -> Res<'_, &str> {
    let (i, _) = opt((phrase("the"), ws1)).parse(i)?;
    let mut end = i.trim_end();
    for tail in [" only", " use"] {
        if end.len() > tail.len() && end[end.len() - tail.len()..].eq_ignore_ascii_case(tail) {
            end = end[..end.len() - tail.len()].trim_end();
        }
    }
    let mut rest = end;
    for n in 0..4 {
        let (r, _) = letters_word(rest)?;
        if r.is_empty() {
            return Ok((&i[end.len()..], end));
        }
        if n == 3 {
            break;
        }
        rest = ws1(r)?.0;
    }
    fail(i)
}

/// A restriction as a whole qualifier, yielding X: "X use only", "for X use only", "X only",
/// "for X only", "only X", "only for X use", "used only by X", "for use by X only",
/// "restricted to X", "limited to X".
fn restriction(text: &str) -> Option<&str> {
    fn whole<'a>((rest, x): (&'a str, &'a str)) -> Option<&'a str> {
        rest.trim().is_empty().then_some(x)
    }
    let i = text.trim();
    let (i, _) = opt((phrase("for"), ws1)).parse(i).ok()?;
    if let Some(x) = faction_before(i, "use only").ok().and_then(whole) {
        return Some(x);
    }
    if let Some(x) = faction_before(i, "only").ok().and_then(whole) {
        return Some(x);
    }
    let lead = phrase("only for")
        .or(phrase("only"))
        .or(phrase("used only by"))
        .or(phrase("use by"))
        .or(phrase("restricted to"))
        .or(phrase("limited to"));
    let (i, _) = (lead, ws1).parse(i).ok()?;
    words_to_end(i).ok().map(|(_, x)| x)
}

/// A word of letters ("Fascist", "Italians'", "Free-French").
fn letters_word(i: &str) -> Res<'_, &str> {
    if !i.starts_with(char::is_alphabetic) {
        return fail(i);
    }
    let len = i
        .find(|c: char| !(c.is_alphabetic() || matches!(c, '\'' | '’' | '-')))
        .unwrap_or(i.len());
    Ok((&i[len..], &i[..len]))
}

/// A restriction after an entry's parenthesis, whole: "(1.4) Fascist use only", "(1.4) for
/// Fascist use only", "(1.4), Fascist use only", "(1.4) Fascists only" (the last with a
/// capital, as names are).
pub(crate) fn after_entry(i: &str) -> Res<'_, &str> {
    let start = i;
    let (i, _) = (opt((ws0, ch(','))), ws1, opt((phrase("for"), ws1))).parse(i)?;
    let (r, _) = match faction_before(i, "use only") {
        Ok(read) => read,
        Err(_) if i.starts_with(char::is_uppercase) => faction_before(i, "only")?,
        Err(e) => return Err(e),
    };
    let text = &start[..start.len() - r.len()];
    let lead = text.len() - text.trim_start_matches([',', ' ', '\n', '\t']).len();
    Ok((r, &text[lead..]))
}

/// A qualifier's text, read: a restriction ("X use only", "only X", ...) restricts the entry
/// to the faction X names.
pub(crate) fn qualifier(ctx: &Ctx<'_>, text: &str) -> PrintedQualifier {
    match restriction(text) {
        Some(faction) => restricted_to(ctx, text, faction),
        None => PrintedQualifier {
            raw: text.to_string(),
            span: ctx.span(text),
            value: None,
        },
    }
}

/// The qualifier of `text`, whose words `faction` restrict the use to that faction.
pub(crate) fn restricted_to(ctx: &Ctx<'_>, text: &str, faction: &str) -> PrintedQualifier {
    PrintedQualifier {
        raw: text.to_string(),
        span: ctx.span(text),
        value: Some(QualifierSyntax::RestrictedUse {
            faction: Spanned {
                value: faction.split_whitespace().collect::<Vec<_>>().join(" "),
                span: ctx.span(faction),
            },
        }),
    }
}

/// "(Free French use only)", "Vichy French use only", "as a Royalist vehicle only": who may
/// use the vehicle in the group.
pub(crate) fn use_only<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, PrintedQualifier> {
    if let Some(r) = i.strip_prefix('(') {
        let Some(len) = r.find(')') else {
            return fail(i);
        };
        let q = qualifier(ctx, &r[..len]);
        if q.value.is_none() {
            return fail(i);
        }
        return Ok((&r[len + 1..], q));
    }
    if let Ok(read) = as_vehicle_only(ctx, i) {
        return Ok(read);
    }
    if let Ok(read) = units_only(ctx, i) {
        return Ok(read);
    }
    let (r, _) = faction_before(i, "use only")?;
    Ok((r, qualifier(ctx, &i[..i.len() - r.len()])))
}

/// "Leaguer units only", "Royalist tank battalions only": a faction's name, a noun for its
/// units (after an arm), then "only".
fn units_only<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, PrintedQualifier> {
    if !i.starts_with(char::is_uppercase) {
        return fail(i);
    }
    let units = (
        ws1,
        opt((one_of(&super::lexeme::ARMS), ws1)),
        one_of(&super::lexeme::UNITS),
        ws1,
        phrase("only"),
    );
    let mut rest = i;
    let mut units = units;
    for _ in 0..3 {
        let (r, _) = letters_word(rest)?;
        if let Ok((after, _)) = units.parse(r) {
            let faction = &i[..i.len() - r.len()];
            return Ok((
                after,
                restricted_to(ctx, &i[..i.len() - after.len()], faction),
            ));
        }
        rest = ws1(r)?.0;
    }
    fail(i)
}

/// "as a Royalist vehicle only", "as Royalist vehicles only": who alone used it.
fn as_vehicle_only<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, PrintedQualifier> {
    let (r, _) = (phrase("as"), ws1, opt((phrase("an").or(phrase("a")), ws1))).parse(i)?;
    let (rest, faction) =
        faction_before(r, "vehicle only").or_else(|_| faction_before(r, "vehicles only"))?;
    if !faction.starts_with(char::is_uppercase) {
        return fail(i);
    }
    let text = &i[..i.len() - rest.len()];
    Ok((rest, restricted_to(ctx, text, faction)))
}
