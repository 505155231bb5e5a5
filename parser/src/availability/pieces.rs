//! Layer 1 on its own, for `qm explain`: a sentence cut into the typed pieces the reader finds
//! in it (periods, open ends, RFs, amounts, caps, references to notes and vehicles, places,
//! scope words), each with its text and what it means; and, for a clause read, the rule of
//! layer 2 that bound them ([`bound_by`]). The clause forms bind these same pieces (see
//! [`crate::parse_availability`]).

use super::grammar_error::Ctx;
use super::lexeme::phrase;
use super::lexicon::Lexicon;
use super::relative::{amount_after, cap};
use super::rf_words::rf_noun;
use super::syntax::{Area, ClauseKind, EntryWhen, ScheduleForm};
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
    /// A vehicle of the nation's listing: "Kpfw. B.1".
    Vehicle,
    /// A place of the nation's registry: "the Eastern Front".
    Place,
    /// A word that scopes what is said: "only", "except", "not", "elsewhere", "otherwise".
    Scope,
    /// A word standing for something said before: "the same", "those of", "it", "they".
    Reference,
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

/// Scope words and what each says.
const SCOPE_WORDS: [(&str, &str); 9] = [
    ("only", "only what is named"),
    ("limited to", "only what is named"),
    ("except", "all but what is named"),
    ("not", "what is named is left out"),
    ("no longer", "not after the month named"),
    ("elsewhere", "the places no earlier section names"),
    ("otherwise", "wherever and whenever nothing else says"),
    ("every theater", "every place of the nation"),
    ("everywhere", "every place of the nation"),
];

/// Reference words and what each stands for.
const REFERENCE_WORDS: [(&str, &str); 10] = [
    ("the same", "what the sentence before is about"),
    ("as above", "what the sentence before is about"),
    ("those of", "the vehicle named next"),
    ("that of", "the vehicle named next"),
    ("as per", "what is named next"),
    ("as for", "the vehicle named next"),
    ("both types", "every vehicle of the note"),
    ("this afv", "the note's vehicle"),
    ("it", "the subject of the sentence before"),
    ("they", "the subject of the sentence before"),
];

/// The typed pieces of `text`, in order, found at the start of each word.
pub fn pieces(text: &str) -> Vec<Piece> {
    pieces_with(text, &Lexicon::default())
}

/// [`pieces`] with the nation's words: its vehicle names and places are pieces too.
pub fn pieces_with(text: &str, lexicon: &Lexicon) -> Vec<Piece> {
    let protected = lexicon.protected(text);
    let ctx = Ctx {
        text,
        base: 0,
        file: FileId(0),
        lexicon,
        protected: &protected,
        in_part: false,
    };
    pieces_in(&ctx, text).collect()
}

/// The typed pieces of `text` (a slice of `ctx.text`), in order.
fn pieces_in<'a>(ctx: &'a Ctx<'a>, text: &'a str) -> impl Iterator<Item = Piece> + 'a {
    let mut i = text;
    std::iter::from_fn(move || {
        while !i.is_empty() {
            match piece(ctx, i) {
                Some((rest, p)) if rest.len() < i.len() => {
                    i = rest;
                    return Some(p);
                }
                _ => i = next_word(i),
            }
        }
        None
    })
}

/// True when a piece of `sentence` is a period, an open end or an RF ("Jul 41 to Dec 42 rf
/// 1.1"): a sentence the forms cannot read is then an error, never prose.
pub(crate) fn names_dates_or_rf<'a>(ctx: &'a Ctx<'a>, sentence: &'a str) -> bool {
    pieces_in(ctx, sentence).any(|p| {
        matches!(
            p.kind,
            PieceKind::Period | PieceKind::OpenEnd | PieceKind::Rf
        )
    })
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
    if let Some(n) = ctx.lexicon.vehicle_at(i) {
        return make(&i[n..], PieceKind::Vehicle, "a vehicle".into());
    }
    if let Some(n) = ctx.lexicon.place_at(i) {
        return make(&i[n..], PieceKind::Place, "a place".into());
    }
    for (kind, table) in [
        (PieceKind::Scope, &SCOPE_WORDS[..]),
        (PieceKind::Reference, &REFERENCE_WORDS[..]),
    ] {
        for (w, meaning) in table.iter() {
            if let Ok((r, _)) = phrase(w)(i) {
                return make(r, kind, (*meaning).to_string());
            }
        }
    }
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

/// The rule of layer 2 that bound a clause's pieces, in words ("periods before an RF in
/// parentheses take it; a place scopes the periods after it").
pub fn bound_by(kind: &ClauseKind) -> &'static str {
    match kind {
        ClauseKind::Schedule(s) => match s.form {
            ScheduleForm::DatesAndRf => {
                "dates with RFs per place: an RF belongs to the periods before it, a place to the periods beside it"
            }
            ScheduleForm::RfByPeriod if s.sections.iter().any(|x| x.area != Area::Anywhere) => {
                "RFs by period for the places named: an RF belongs to the periods after it"
            }
            ScheduleForm::RfByPeriod => {
                "RFs by period: an RF belongs to the periods after it; the place and dates are those the sentences before give"
            }
            ScheduleForm::DatesOnly => {
                "dates per place: the RF sentence after it gives their RFs (else the listing's)"
            }
            ScheduleForm::LimitedTo => "an availability limit: nothing outside the periods and places named",
            ScheduleForm::Continued => {
                "a section on its own: dates with RFs for the subject of the last sentence read"
            }
        },
        ClauseKind::RelativeRf(_) => {
            "a relative RF: the base vehicle's RF for the same place and months, with the amount and cap"
        }
        ClauseKind::OwnRf(_) => {
            "its own RF changed: the amount and cap where or for whom the names say"
        }
        ClauseKind::SameWithAddedRf { .. } => {
            "the same as an antecedent: its dates and RFs, with the amount, months and cap given"
        }
        ClauseKind::RestrictedUse { .. } => "a restriction: only the faction named may use it then",
        ClauseKind::Limit(_) => {
            "a limit: a sense (only, not, no longer, except) over the places or factions and the period named"
        }
        ClauseKind::Otherwise { .. } => {
            "a default: the RF wherever nothing else says, less the bracketed exceptions"
        }
        ClauseKind::RadioFrom { .. } => "a radio date",
        ClauseKind::OptionalWeapon(_) => "an optional weapon's RF",
        ClauseKind::AmmoFrom { .. } => "an ammunition date",
        ClauseKind::UsedIn { .. } => "a theater window of a multi-applicable note",
        ClauseKind::Unreadable { .. } => "no rule: the sentence could not be read",
    }
}
