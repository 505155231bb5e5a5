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

/// Words that open a relative clause about the thing named before it.
const RELATIVE: [&str; 4] = ["whose", "where", "which", "who"];

/// Words that make a relative clause the vehicle's own (", where it was never used", ", where
/// the type was not seen").
const VEHICLE_WORDS: [&str; 12] = [
    "it", "they", "them", "this", "these", "type", "types", "vehicle", "vehicles", "tank", "tanks",
    "cars",
];

/// True when a word for the vehicle comes before the first negation of `words`: the
/// relative clause then says what the vehicle did not do.
fn vehicle_before_negation(words: &str) -> bool {
    words
        .split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .take_while(|w| !NEGATIONS.contains(&w.as_str()))
        .any(|w| VEHICLE_WORDS.contains(&w.as_str()))
}

/// ", because the most of them were lost in the battles of 1938": a reason says why, not
/// when, where or at what RF (its years are history); one with a decimal in it (an RF) or a
/// bracket is no reason alone.
fn is_reason(words: &str) -> bool {
    let mut it = words.split_whitespace();
    let because =
        it.next().is_some_and(|w| w.eq_ignore_ascii_case("because")) && it.next().is_some();
    let decimal = words
        .as_bytes()
        .windows(2)
        .any(|w| w[0] == b'.' && w[1].is_ascii_digit());
    because && !decimal && !words.contains(['(', ')', '[', ']', ':'])
}

/// Negations a relative clause about another thing may hold.
const NEGATIONS: [&str; 6] = ["not", "never", "no", "nor", "neither", "none"];

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
    if is_reason(words) {
        return Some(&r[end..]);
    }
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
    // ", whose armoured companies were never more than a paper establishment", ", where the
    // roads would not bear its weight": a relative clause says what the thing named before it
    // is, and its negation is its own (not the vehicle's, as ", where it was never used" is).
    let relative = RELATIVE.contains(&first.as_str()) && !vehicle_before_negation(words);
    for word in words.split_whitespace() {
        let bare = word.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’');
        let lower = bare.to_lowercase();
        let first = lower.split(['\'', '’']).next().unwrap_or("");
        // A possessive ("the Legionaries' pride and joy") is no name the sentence scopes.
        let possessive =
            word.ends_with(['\'', '’']) || word.ends_with("'s") || word.ends_with("’s");
        let capital = bare.starts_with(char::is_uppercase) && first != "i" && !possessive;
        let own = relative && NEGATIONS.contains(&lower.as_str());
        if capital || (MEANINGFUL.contains(&lower.as_str()) && !own) {
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
