//! Verbs of use or availability ("was used", "served", "may be used", "was also fielded"),
//! whatever their subject: the vehicle, a pronoun, some of the vehicles or a faction.

use nom::combinator::opt;
use nom::Parser;

use super::grammar_error::{fail, Res};
use super::lexeme::{phrase, ws1};

/// Verbs of use or availability, longest first ("was used", "served", "available").
const VERBS: [&str; 85] = [
    // A rules book's present: "In X it appears in 1/43" (from then on, unless a later period
    // of X says what follows: "in April 1941 (RF 1.3) and from May 1941 until ...").
    "appears",
    "serves",
    // "It is limited to France in 6/40 and Sicily in 7/43": its use, there and then only (a
    // limit of one faction or one place alone is `limits`', read before this).
    "is limited to",
    "was limited to",
    "are limited to",
    "is restricted to",
    "was restricted to",
    "are restricted to",
    "is confined to",
    "was confined to",
    "are confined to",
    "remained in service",
    "continued in service",
    "stayed in service",
    "remained in use",
    "soldiered on",
    "hung on",
    "lingered",
    "were pressed into service",
    "was pressed into service",
    "were taken into service",
    "was taken into service",
    "pressed into service",
    "came into service",
    "went into service",
    "entered service",
    "might be used",
    "could be used",
    "may be used",
    "can be used",
    "were operated",
    "was operated",
    "were in service",
    "was in service",
    // A rules lawyer's "shall be available", "is permitted".
    "shall remain available",
    "shall be available",
    "shall be permitted",
    "shall be used",
    "is permitted",
    "are permitted",
    "were available",
    "was available",
    "are available",
    "is available",
    "were employed",
    "was employed",
    "were deployed",
    "was deployed",
    "were fielded",
    "was fielded",
    "were issued",
    "was issued",
    "is issued",
    "were used",
    "was used",
    "are used",
    "is used",
    "saw service",
    "in service",
    "saw action",
    "saw use",
    "appeared",
    "reached",
    "arrived",
    "turned up",
    "showed up",
    "available",
    // A spreadsheet's "avail. '39 thru EOW".
    "avail.",
    "served",
    "fought",
    // "Found wherever ... went", "Only ever seen in the Iron Gate", "The X II followed in
    // 1/41".
    // "the Fenrik is met with from 1940".
    "is met with",
    "met with",
    "found",
    "followed",
    // "It lasted until December 1943".
    "lasted",
    "seen",
    "issued",
    // "Operated exclusively by the Landvern's coastal companies".
    "operated",
    "employed",
    "deployed",
    "fielded",
    "used",
    "dates are",
    "dates:",
    "in use",
];

/// Auxiliaries before a participle of use ("may be used", "was also fielded").
const AUXILIARIES: [&str; 10] = [
    "may be", "can be", "could be", "might be", "will be", "was", "were", "is", "are", "may",
];

/// Adverbs between an auxiliary and its participle ("was also used").
pub(crate) const ADVERBS: [&str; 7] = ["also", "only", "first", "later", "still", "mainly", "ever"];

/// Participles and adjectives of use after an auxiliary.
const PARTICIPLES: [&str; 11] = [
    "in general use",
    "in use",
    "used",
    "available",
    "in service",
    "issued",
    "employed",
    "deployed",
    "fielded",
    "found",
    "encountered",
];

/// A verb of use: one of [`VERBS`], or an auxiliary ("was", "may be"), an adverb ("also",
/// "only", "first") and a participle ("used", "fielded"): "was also used", "may be used",
/// "were only issued".
pub(crate) fn verb(i: &str) -> Res<'_, &str> {
    if let Ok(read) = one_of(&VERBS)(i) {
        return Ok(read);
    }
    if let Ok(read) = players_choice(i) {
        return Ok(read);
    }
    let (r, _) = (one_of(&AUXILIARIES), ws1).parse(i)?;
    let (r, _) = opt((one_of(&ADVERBS), ws1)).parse(r)?;
    // "may only be used", "can also be fielded": the adverb before "be".
    let (r, _) = opt((phrase("be"), ws1)).parse(r)?;
    one_of(&PARTICIPLES)(r)
}

/// The first of `words` at `i`, case ignored.
pub(crate) fn one_of<'a>(words: &'static [&'static str]) -> impl Fn(&'a str) -> Res<'a, &'a str> {
    move |i: &'a str| {
        for w in words {
            if let Ok(read) = phrase(w)(i) {
                return Ok(read);
            }
        }
        fail(i)
    }
}

/// "(you) may have one", "can field them", "may take it": the player's choice of the vehicle
/// is its use.
fn players_choice(i: &str) -> Res<'_, &str> {
    let (r, _) = (
        one_of(&["may", "can", "could"]),
        ws1,
        opt((phrase("also"), ws1)),
        one_of(&["have", "field", "take", "use", "buy", "pick"]),
        ws1,
        one_of(&["one", "them", "it", "some", "a few", "these"]),
    )
        .parse(i)?;
    Ok((r, &i[..i.len() - r.len()]))
}
