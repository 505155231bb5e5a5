//! Theater names as the notes print them: "North Africa", "North-Africa/the ETO", "North
//! African use", "[EXC: the Balkans]", "[EXC: NA in East Africa]". Only where a name starts and
//! ends is decided here (by stop words and punctuation, never by a list of theaters); what a
//! name means is the resolver's business.

use nom::combinator::opt;
use nom::Parser;

use super::grammar_error::{fail, Ctx, Res};
use super::lexeme::{ch, phrase, ws0, ws1};
use super::syntax::{Area, TheaterException, TheaterRef};

/// Words that end a run of theater names ("North Africa are", "Russia they are", "Italy is",
/// "Italy for"; "and" only before another stop word or "for", see [`stops_at`]).
const STOP_WORDS: [&str; 12] = [
    "for",
    "are",
    "they",
    "is",
    "use",
    "at",
    "was",
    "set",
    "with",
    "scenario",
    "scenarios",
    "were",
];

/// True when `word` (lower case), followed by `after`, ends a run of theater names: a stop word,
/// or "and" before one ("Italy and for a 12/43 scenario"); "and" inside a name stays in it.
fn stops_at(word: &str, after: &str) -> bool {
    if STOP_WORDS.contains(&word) {
        return true;
    }
    let next = after
        .trim_start_matches([' ', '/'])
        .split(' ')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    word == "and" && (next == "in" || STOP_WORDS.contains(&next.as_str()))
}

/// One or more theater names separated by "/", up to a stop word, a digit or punctuation.
pub(crate) fn theaters<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Vec<TheaterRef>> {
    if !i.starts_with(|c: char| c.is_alphabetic()) {
        return fail(i);
    }
    // A place the nation knows ends where its name does ("For East Africa the dates are"),
    // unless a list goes on with "/".
    if let Some(n) = ctx.lexicon.place_at(i) {
        if !i[n..].trim_start().starts_with('/') {
            let name = &i[..n];
            let theater = TheaterRef {
                raw: name.to_string(),
                span: ctx.span(name),
            };
            return Ok((&i[n..], vec![theater]));
        }
    }
    // "the League" of a nation whose faction it is: no place ("and the League with RF 1.5").
    if ctx.lexicon.faction_at(i).is_some() {
        return fail(i);
    }
    let taken_len = i
        .find(|c: char| !(c.is_alphabetic() || matches!(c, ' ' | '-' | '/' | '\'')))
        .unwrap_or(i.len());
    let taken = &i[..taken_len];
    let mut cut = taken.len();
    let mut word_start = 0;
    for (k, c) in taken
        .char_indices()
        .chain(std::iter::once((taken.len(), ' ')))
    {
        if c != ' ' && c != '/' {
            continue;
        }
        let word = taken[word_start..k].to_ascii_lowercase();
        if word_start > 0 && stops_at(&word, &taken[k..]) {
            cut = word_start;
            break;
        }
        word_start = k + 1;
    }
    let names = taken[..cut].trim_end();
    if names.is_empty() {
        return fail(i);
    }
    let mut refs = Vec::new();
    let mut start = 0;
    for piece in names.split('/') {
        let lead = piece.len() - piece.trim_start().len();
        let name = piece.trim();
        if name.is_empty() {
            return fail(&i[start..]);
        }
        let at = &i[start + lead..start + lead + name.len()];
        refs.push(TheaterRef {
            raw: name.to_string(),
            span: ctx.span(at),
        });
        start += piece.len() + 1;
    }
    Ok((&i[names.len()..], refs))
}

/// "[EXC: the Balkans]", "[EXC: NA in East Africa]".
pub(crate) fn exceptions<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Vec<TheaterException>> {
    let (mut i, _) = (ch('['), ws0, phrase("exc"), ws0, ch(':'), ws0).parse(i)?;
    let mut out = Vec::new();
    loop {
        let (r, na) = opt((phrase("na in"), ws1)).parse(i)?;
        let (r, names) = theaters(ctx, r)?;
        out.extend(names.into_iter().map(|theater| TheaterException {
            theater,
            not_available: na.is_some(),
        }));
        i = r;
        let sep = (ws0, ch(','), ws0, opt((phrase("and"), ws1)))
            .map(|_| ())
            .or((ws1, phrase("and"), ws1).map(|_| ()))
            .parse(i);
        match sep {
            Ok((r, ())) => i = r,
            Err(_) => break,
        }
    }
    let (i, _) = (ws0, ch(']')).parse(i)?;
    Ok((i, out))
}

/// Named theaters, as [`named_area`] reads them, only where a place the nation knows starts `i`
/// ("North African RF", "the Isles 1.2"): no other words are taken for a place's name.
pub(crate) fn known_area<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Area> {
    if ctx.lexicon.place_at(i).is_none() {
        return fail(i);
    }
    named_area(ctx, i)
}

/// Named theaters with an optional "[EXC: ...]" after them.
pub(crate) fn named_area<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Area> {
    let (i, theaters) = theaters(ctx, i)?;
    let (i, except) = opt(|i| {
        let (i, _) = ws0(i)?;
        exceptions(ctx, i)
    })
    .parse(i)?;
    Ok((
        i,
        Area::Theaters {
            theaters,
            except: except.unwrap_or_default(),
        },
    ))
}
