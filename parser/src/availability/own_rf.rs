//! The vehicle's own RF changed by an amount for part of its use: where ("In the Brask Isles
//! the RF of this vehicle is .1 higher than otherwise given for that date (1.6 maximum)") or
//! for whom ("PTS: RF +.2 (cap 1.4)", "LGN +.1", "Naval Infantry: +.1"). Who or where are the
//! names before it, as a limit names them (the nation's data says which); the amount and cap
//! are read as a copy's are ([`super::relative_words::copy_amount`]); a vehicle named as a base
//! makes it a relative rule, not this.

use nom::combinator::opt;
use nom::Parser;

use super::body::Body;
use super::grammar_error::{fail, Ctx, Res};
use super::lexeme::{ch, phrase, ws0, ws1};
use super::relative_words::CopyAmount;
use super::syntax::{ClauseKind, LimitName, NameKind, OwnRf};

/// Words that say no more than "the vehicle's RF elsewhere" ("than otherwise given for that
/// date"): the amount is on its own RF whether or not they are there.
const SAME_RF: [&str; 13] = [
    "than the vehicle's own note gives",
    "than the vehicle’s own note gives",
    "than its own note gives",
    "than the note gives",
    "than otherwise given for that date",
    "than otherwise given",
    "than it otherwise would be",
    "than otherwise",
    "than elsewhere",
    "than in other theaters",
    "than in other theatres",
    "of this vehicle",
    "of this afv",
];

/// Words of a chunk that names the RF and says nothing of it ("the RF" of "the RF of this
/// vehicle").
const RF_WORDS: [&str; 6] = ["the", "its", "rf", "rarity", "factor", "is"];

/// "[scope] amount [cap]" (the module's doc). Fails where the clause starts: a sentence of
/// another form is no nearer to reading for having names in front.
pub(crate) fn own_rf<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    read(ctx, start).or_else(|_| fail(start))
}

fn read<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let clause = ctx.clause_at(start);
    let (names, (amount, max), cap, when) = match scope(ctx, clause) {
        Ok((after, names)) => match amount_and_cap(ctx, after.trim_start()) {
            Some(read) => (names, read, None, None),
            None => return fail(start),
        },
        Err(e) => scope_after(ctx, clause).ok_or(e)?,
    };
    let max = max.or(cap);
    let Some(amount) = amount else {
        return fail(start);
    };
    let kind = ClauseKind::OwnRf(OwnRf::amount(names, amount, max, when));
    Ok((&start[clause.len()..], kind.into()))
}

/// The amount and the cap of `part`, each said once; every chunk of it is one or the other
/// (or words of the RF alone).
fn amount_and_cap(ctx: &Ctx<'_>, part: &str) -> Option<CopyAmount> {
    let mut amount = None;
    let mut max = None;
    for chunk in chunks(part) {
        // "the RF " before "of this vehicle": words of the RF alone.
        let idle = chunk
            .split_whitespace()
            .all(|w| RF_WORDS.contains(&w.to_ascii_lowercase().as_str()));
        if idle {
            continue;
        }
        let (a, m) = super::relative_words::copy_amount(ctx, chunk, None, false)?;
        if (a.is_some() && amount.is_some()) || (m.is_some() && max.is_some()) {
            return None;
        }
        amount = amount.or(a);
        max = max.or(m);
    }
    Some((amount, max))
}

/// What [`scope_after`] reads: the names, the amount and cap before them, the cap after them
/// and the months.
type After = (
    Vec<LimitName>,
    CopyAmount,
    Option<super::syntax::PrintedRf>,
    Option<super::syntax::EntryWhen>,
);

/// Who or where said after the amount ("RF +.1 for the Royal Guard (maximum 1.6)", "RF .1
/// higher on the South Coast from 1943 on", "RF +.1 in the Hills"). `None` when no
/// preposition and names follow an amount.
fn scope_after<'a>(ctx: &Ctx<'a>, clause: &'a str) -> Option<After> {
    let starts = clause
        .char_indices()
        .filter(|&(k, c)| c == ' ' && k > 0)
        .map(|(k, _)| k + 1);
    for k in starts {
        let at = &clause[k..];
        let place = (super::lexeme::place_preposition, ws1).parse(at).ok();
        let (kind, r) = match place {
            Some((r, _)) => (NameKind::Place, r),
            None => match (phrase("for").or(phrase("by")), ws1).parse(at) {
                Ok((r, _)) => (NameKind::Either, r),
                Err(_) => continue,
            },
        };
        let Ok((r, names)) = super::limits::names(ctx, r, kind) else {
            continue;
        };
        let (r, when) = match (ws1, |w| super::when::when(ctx, w)).parse(r) {
            Ok((r2, (_, w))) => (r2, Some(w)),
            Err(_) => (r, None),
        };
        let before = clause[..k].trim_end();
        let after = r.trim();
        // A cap may follow the names ("(maximum 1.6)"); nothing else may.
        let cap = match super::relative::cap(ctx, after) {
            Ok((rest, m)) if rest.trim().is_empty() => Some(m),
            _ if after.is_empty() => None,
            _ => continue,
        };
        let Some(read) = amount_and_cap(ctx, before) else {
            continue;
        };
        return Some((names, read, cap, when));
    }
    None
}

/// `part` cut at the words that say no more than "its own RF" ([`SAME_RF`]), which are left
/// out.
fn chunks(part: &str) -> Vec<&str> {
    let lower = part.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut at = 0;
    while at < part.len() {
        let found = SAME_RF
            .iter()
            .filter_map(|w| {
                lower[at..]
                    .find(w)
                    .map(|k| (at + k, std::cmp::Reverse(w.len())))
            })
            .min()
            .map(|(k, std::cmp::Reverse(len))| (k, len));
        match found {
            Some((k, len)) => {
                out.push(&part[at..k]);
                at = k + len;
            }
            None => {
                out.push(&part[at..]);
                break;
            }
        }
    }
    out
}

/// Who or where, and the text after: "In X[,]" (a place), "X:" (a label of names), or names
/// right before a signed amount ("LGN +.1").
fn scope<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Vec<LimitName>> {
    // "In the Brask Isles the RF ...".
    if let Ok((r, (_, _, names, _))) = (
        super::lexeme::place_preposition,
        ws1,
        |r| super::limits::names(ctx, r, NameKind::Place),
        opt((ws0, ch(','))),
    )
        .parse(i)
    {
        return Ok((r, names));
    }
    // "PTS: RF +.2", "Naval Infantry: +.1".
    if let Some((label, rest)) = super::lexeme::field_label(i) {
        // "RF:", "Dates:", "Users:": a card's own labels name no one.
        if super::lexeme::label_says(label).is_some() {
            return fail(i);
        }
        let (r, names) = super::limits::names(ctx, label, NameKind::Either)?;
        if !r.is_empty() {
            return fail(i);
        }
        return Ok((rest, names));
    }
    // "LGN +.1".
    let (r, names) = super::limits::names(ctx, i, NameKind::Either)?;
    let (r, _) = ws1(r)?;
    if !r.starts_with(['+', '-']) || phrase("rf").parse(r).is_ok() {
        return fail(i);
    }
    Ok((r, names))
}
