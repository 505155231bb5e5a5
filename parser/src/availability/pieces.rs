//! Layer 1 on its own, for `qm explain`: a sentence cut into the typed pieces the reader finds
//! in it (periods, open ends, RFs, amounts, caps, references to notes), each with its text and
//! what it means. The clause forms bind these same pieces (see [`crate::parse_availability`]).

use super::grammar_error::Ctx;
use super::lexicon::Lexicon;
use super::relative::{amount_after, cap};
use super::rf_words::rf_noun;
use super::syntax::EntryWhen;
use super::when::when;
use crate::FileId;

/// What a piece is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PieceKind {
    /// Months: "6/40", "June '40", "from 6/40 to 5/43".
    Period,
    /// An open end: "thereafter", "as of 5/41", "prior to 11/41".
    OpenEnd,
    /// A rarity factor: "1.3", "an RF of 1.3", "a 1.3 RF".
    Rf,
    /// An amount added or taken away: "raised by .4", ".2 lower".
    Amount,
    /// A cap: "(1.6 maximum)", "to a maximum of 1.6".
    Cap,
    /// A numbered note named: "Note 3".
    Note,
}

/// One typed piece of a sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// What it is.
    pub kind: PieceKind,
    /// Its words, as printed.
    pub text: String,
    /// What it means ("6-12/40", "from 5/41 on", "RF 1.3", "+0.4", "max 1.6", "note 3").
    pub meaning: String,
}

/// The typed pieces of `text`, in order, found at the start of each word.
pub fn pieces(text: &str) -> Vec<Piece> {
    let lexicon = Lexicon::default();
    let ctx = Ctx {
        text,
        base: 0,
        file: FileId(0),
        lexicon: &lexicon,
        protected: &[],
    };
    let mut out = Vec::new();
    let mut i = text;
    while !i.is_empty() {
        match piece(&ctx, i) {
            Some((rest, p)) if rest.len() < i.len() => {
                out.push(p);
                i = rest;
            }
            _ => i = next_word(i),
        }
    }
    out
}

/// The piece at the start of `i`, if one starts there.
fn piece<'a>(ctx: &Ctx<'a>, i: &'a str) -> Option<(&'a str, Piece)> {
    let make = |rest: &'a str, kind, meaning: String| {
        let text = ctx.consumed(i, rest).trim().to_string();
        Some((
            rest,
            Piece {
                kind,
                text,
                meaning,
            },
        ))
    };
    if let Ok((r, value)) = cap(ctx, i) {
        return make(r, PieceKind::Cap, format!("max {}", value.value));
    }
    if let Ok((r, (value, lower))) = amount_after(ctx, i) {
        let sign = if lower { "-" } else { "+" };
        return make(r, PieceKind::Amount, format!("{sign}{}", value.value));
    }
    if let Ok((r, n)) = super::clauses::note_ref(ctx, i) {
        return make(r, PieceKind::Note, format!("note {}", n.value));
    }
    if let Ok((r, value)) = rf_noun(ctx, i, false) {
        return make(r, PieceKind::Rf, format!("RF {}", value.value));
    }
    // A token that is no period ("65/17" in a name) is no piece, nor two bare digits, which
    // are as often a name's ("AB 41") as a year: the clause forms tell them apart by place.
    let (r, w) = when(ctx, i).ok()?;
    let digits = ctx.consumed(i, r).trim();
    if digits.len() == 2 && digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    match &w {
        EntryWhen::Period(p) => make(r, PieceKind::Period, p.value.ok()?.to_string()),
        EntryWhen::From(p) => make(
            r,
            PieceKind::OpenEnd,
            format!("from {} on", p.value.ok()?.from),
        ),
        EntryWhen::Until(p) => make(r, PieceKind::OpenEnd, format!("until {}", p.value.ok()?.to)),
        EntryWhen::Thereafter(_) => make(r, PieceKind::OpenEnd, "thereafter".into()),
    }
}

/// `i` after its first word and the spaces and punctuation after it.
fn next_word(i: &str) -> &str {
    let word = i
        .find(|c: char| c.is_whitespace() || c == '(' || c == ',')
        .map_or(i.len(), |k| k.max(1));
    let rest = &i[word.min(i.len())..];
    let skip = rest
        .find(|c: char| !(c.is_whitespace() || c == ','))
        .unwrap_or(rest.len());
    &rest[skip..]
}
