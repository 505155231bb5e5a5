//! Asides: words after a comma or dash at a sentence's end that name nothing (", I'm
//! afraid", " — the Legionaries' pride and joy"), no part of its meaning.

use nom::Parser;

use super::grammar_error::Ctx;
use super::lexeme::{ch, ws0, ws1};

/// Words that make an aside carry meaning: a sense, a time word, a rarity, a hedge ("Royalist
/// use only, at times" is no limit).
const MEANINGFUL: [&str; 44] = [
    "not",
    "never",
    "no",
    "nor",
    "neither",
    "none",
    "only",
    "except",
    "but",
    "save",
    "bar",
    "unless",
    "until",
    "till",
    "before",
    "from",
    "since",
    "later",
    "rf",
    "rarity",
    "rate",
    "elsewhere",
    "times",
    "sometimes",
    "occasionally",
    "often",
    "usually",
    "mostly",
    "rarely",
    "seldom",
    "mainly",
    "generally",
    "partly",
    "some",
    "few",
    "most",
    "many",
    "also",
    "thereafter",
    "afterwards",
    "afterward",
    "onwards",
    "onward",
    "then",
];

/// Words an aside never starts with: they join what follows to the sentence ("..., and
/// thereafter", "..., with X").
const JOINING: [&str; 10] = [
    "and", "or", "with", "in", "on", "at", "for", "to", "during", "plus",
];

/// The text after an aside at `rest` (", I'm afraid", " — the Legionaries' pride and joy"), up to the
/// sentence's end: a comma or dash, then words with no digit, no place the nation knows, no
/// capitalized word (bar "I" and possessives), no word of [`MEANINGFUL`]. `None` when there
/// is none.
pub(crate) fn aside<'a>(ctx: &Ctx<'a>, rest: &'a str) -> Option<&'a str> {
    let (r, _) = (
        ws0,
        ch(',')
            .or(ch('—'))
            .or(ch('–'))
            .or((ch('-'), ws1).map(|_| ' ')),
        ws0,
    )
        .parse(rest)
        .ok()?;
    let len = super::lexeme::sentence_len(r);
    let body = &r[..len];
    let end = body
        .find(';')
        .unwrap_or(body.trim_end().trim_end_matches('.').len());
    let words = &body[..end];
    if words.trim().is_empty()
        || words.contains(|c: char| c.is_ascii_digit() || "()[]:".contains(c))
    {
        return None;
    }
    let mut lead = words.split_whitespace().map(str::to_lowercase);
    let (first, second) = (
        lead.next().unwrap_or_default(),
        lead.next().unwrap_or_default(),
    );
    // ", and you'll be lucky": "and" before the reader or the writer begins an aside too.
    let person = ["you", "i", "we"]
        .iter()
        .any(|p| second.split(['\'', '’']).next() == Some(p));
    if JOINING.contains(&first.as_str()) && !(first == "and" && person) {
        return None;
    }
    for word in words.split_whitespace() {
        let bare = word.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’');
        let lower = bare.to_lowercase();
        let first = lower.split(['\'', '’']).next().unwrap_or("");
        // A possessive ("the Legionaries' pride and joy") is no name the sentence scopes.
        let possessive =
            word.ends_with(['\'', '’']) || word.ends_with("'s") || word.ends_with("’s");
        let capital = bare.starts_with(char::is_uppercase) && first != "i" && !possessive;
        if capital || MEANINGFUL.contains(&lower.as_str()) {
            return None;
        }
    }
    let mut k = 0;
    while k < words.len() {
        if words.is_char_boundary(k)
            && (k == 0 || words[..k].ends_with(char::is_whitespace))
            && ctx.lexicon.place_at(&words[k..]).is_some()
        {
            return None;
        }
        k += 1;
    }
    Some(&r[end..])
}
