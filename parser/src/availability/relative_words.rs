//! A relative rule read by what its words mean rather than by their order: "Add .4 to the
//! L3/35's RF for the same date and theater, to a maximum of 1.6", "Its RF is that of the
//! L3/35 for the same date and area plus .4, but never more than 1.6", "Its RF is the L3/35's
//! for the same dates and area, raised by .3 but never above 1.6".
//!
//! The clause is cut into pieces: one base vehicle (a name of the listing, or a possessive
//! name), numbers, and words. A number is a cap when cap words stand next to it ("to a maximum
//! of", "never above", "(1.6 maximum)"), else the amount; the amount's sign comes from the
//! direction words left ("higher", "plus", "add", "raised", "exceeds" / "lower", "minus",
//! "reduced"). Every other word must be one that changes nothing ("its", "the", "always", "for
//! the same date and area"): a clause with a word, number or name it cannot use is not this
//! form, so nothing is dropped.

use super::body::Body;
use super::grammar_error::{fail, Ctx, Res};
use super::rf_token::rf;
use super::syntax::{ClauseKind, EntryWhen, PrintedRf, RelativeRf, VehicleRef};

/// Words that say the amount is added.
const UP: [&str; 19] = [
    // "just bump the rarity up by .1".
    "up",
    "bump",
    "higher",
    "more",
    "greater",
    "above",
    "over",
    "added",
    "plus",
    "+",
    "add",
    "adding",
    "raised",
    "raise",
    "increased",
    "increase",
    "exceeds",
    "exceed",
    "extra",
];

/// Words that say the amount is taken away.
const DOWN: [&str; 14] = [
    // "knock .1 off the RF".
    "off",
    "lower",
    "less",
    "below",
    "under",
    "subtracted",
    "subtract",
    "subtracting",
    "minus",
    "lowered",
    "reduced",
    "reduce",
    "decreased",
    "-",
];

/// Word runs just before a number that make it a cap, longest first.
pub(crate) const CAP_BEFORE: [&[&str]; 22] = [
    &["to", "a", "maximum", "of"],
    &["with", "a", "maximum", "of"],
    &["up", "to", "a", "maximum", "of"],
    &["never", "to", "exceed"],
    &["never", "more", "than"],
    &["never", "higher", "than"],
    &["no", "more", "than"],
    &["no", "higher", "than"],
    &["not", "more", "than"],
    &["may", "not", "exceed"],
    &["not", "to", "exceed"],
    &["never", "exceeding"],
    &["without", "exceeding"],
    &["never", "above"],
    &["never", "exceeds"],
    &["never", "exceed"],
    &["up", "to"],
    &["capped", "at"],
    &["at", "most"],
    &["maximum"],
    &["max"],
    // A spreadsheet's "(cap 1.4)".
    &["cap"],
];

/// Word runs just after a number that make it a cap.
pub(crate) const CAP_AFTER: [&[&str]; 3] = [&["maximum"], &["max"], &["at", "most"]];

/// Word runs that change nothing: the rule holds for the same dates and area whether or not
/// it says so.
const SAME_BASIS: [&[&str]; 8] = [
    &["for", "the", "same", "date", "and", "area"],
    &["for", "the", "same", "dates", "and", "area"],
    &["for", "the", "same", "date", "and", "theater"],
    &["for", "the", "same", "dates", "and", "theater"],
    &["for", "the", "same", "date", "and", "theatre"],
    &["for", "the", "same", "dates", "and", "areas"],
    &["for", "date", "and", "area"],
    &["for", "dates", "and", "area"],
];

/// Single words that change nothing in a relative rule ("wherever the X was", "is found
/// wherever and whenever the X is", "is available wherever the X is": the base's places and
/// months, as the rule holds anyway).
const IDLE: [&str; 57] = [
    // A rules lawyer's "the Rarity Factor applicable thereto shall be .3 higher".
    "applicable",
    "thereto",
    "shall",
    "be",
    "so",
    "take",
    // "Use the X's RF ... plus .4", "Its RF equals/matches the X's ...": the base named.
    "use",
    "equals",
    "equal",
    "matches",
    "match",
    "same",
    "as",
    "takes",
    "wherever",
    "whenever",
    "found",
    "available",
    "was",
    "were",
    "its",
    "it",
    "the",
    "a",
    "an",
    "rf",
    "rfs",
    "rarity",
    "factor",
    "is",
    "are",
    "always",
    "that",
    "those",
    "of",
    "to",
    "than",
    "by",
    "and",
    "but",
    "corresponding",
    "each",
    "every",
    "with",
    "in",
    "case",
    // A columnist's: "just bump the rarity up by .1 all round", "knock .1 off the RF in each
    // case", "its RF is .3 above the Brask's at the time, though never higher than 1.5".
    "just",
    "all",
    "round",
    "throughout",
    "here",
    "knock",
    "at",
    "time",
    "though",
    // "the RF is in each period increased by .2".
    "period",
    "periods",
];

/// One piece of the clause.
#[derive(Debug)]
enum Piece<'a> {
    /// A word, lower-cased.
    Word(String),
    /// A number, as printed.
    Number(&'a str),
    /// A vehicle's name.
    Vehicle(&'a str),
    /// An amount in words ("one-tenth", "two-tenths"), in tenths, as printed.
    Tenths(u32, &'a str),
    /// An open end ("from 1941 on", "until 6/43"): the months the rule holds in. A period
    /// of its own ("in 1941") is no piece of this form.
    When(EntryWhen),
}

/// A relative rule in any order of its pieces (the module's doc).
pub(crate) fn relative_by_words<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let body = ctx.clause_at(start);
    let Some(pieces) = pieces(ctx, body) else {
        return fail(start);
    };
    if !pieces
        .iter()
        .any(|p| matches!(p, Piece::Word(w) if is_rf_word(w)))
    {
        return fail(start);
    }
    // "The Bravo (L)'s RF is .1 higher": a vehicle before the RF word it owns is the subject,
    // which this form cannot scope; it is never the base.
    let lead = match pieces.first() {
        Some(Piece::Word(the)) if the == "the" => 1,
        _ => 0,
    };
    if let [Piece::Vehicle(_), Piece::Word(rf), ..] = &pieces[lead.min(pieces.len())..] {
        if is_rf_word(rf) {
            return fail(start);
        }
    }
    // "RF is by 0.3 higher than at Note 10, max. 1.4": the base named by its note.
    let mut pieces = pieces;
    let note = pieces.windows(2).position(|w| {
        matches!(w, [Piece::Word(n), Piece::Number(d)] if n == "note" && d.bytes().all(|b| b.is_ascii_digit()))
    });
    let note = note.and_then(|k| {
        let Piece::Number(digits) = pieces.remove(k + 1) else {
            return None;
        };
        pieces.remove(k);
        Some(crate::Spanned {
            value: digits.parse::<u16>().ok()?,
            span: ctx.span(digits),
        })
    });
    let rest = &start[body.len()..];
    if let Some(note) = note {
        let Some((None, Some(added), subtracted, max, None)) = bind(ctx, &pieces) else {
            return fail(start);
        };
        let kind = ClauseKind::SameWithAddedRf {
            added,
            subtracted,
            months_later: 0,
            base: None,
            note: Some(note),
            max,
            set: None,
        };
        return Ok((rest, kind.into()));
    }
    let Some((Some(base), Some(delta), lower, max, within)) = bind(ctx, &pieces) else {
        return fail(start);
    };
    Ok((
        rest,
        ClauseKind::RelativeRf(RelativeRf {
            delta,
            lower,
            max,
            base_vehicle: base,
            within,
        })
        .into(),
    ))
}

/// "one-tenth", "two-tenths" (up to five): an amount in words, in tenths.
fn tenths_word(token: &str) -> Option<u32> {
    let lower = token.to_ascii_lowercase();
    let (count, noun) = lower.split_once('-')?;
    if !matches!(noun, "tenth" | "tenths") {
        return None;
    }
    let n = ["one", "two", "three", "four", "five"]
        .iter()
        .position(|w| *w == count)?;
    Some(n as u32 + 1)
}

/// True for a word that names an RF.
fn is_rf_word(w: &str) -> bool {
    matches!(w, "rf" | "rfs" | "rarity")
}

/// The clause cut into pieces; `None` when it holds a piece this form has no use for at all
/// (a bracket of another form, a period).
fn pieces<'a>(ctx: &Ctx<'a>, body: &'a str) -> Option<Vec<Piece<'a>>> {
    let mut out = Vec::new();
    let mut i = body;
    loop {
        i = i.trim_start_matches(|c: char| c.is_whitespace() || matches!(c, ',' | ':' | '(' | ')'));
        if i.is_empty() {
            return Some(out);
        }
        if let Some((r, w)) = open_end(ctx, i) {
            out.push(Piece::When(w));
            i = r;
            continue;
        }
        if let Some(n) = ctx.lexicon.vehicle_at(i) {
            out.push(Piece::Vehicle(&i[..n]));
            i = strip_possessive(&i[n..]);
            continue;
        }
        if let Some(sign) = i
            .strip_prefix(['+', '-'])
            .filter(|r| r.starts_with(|c: char| c == '.' || c.is_ascii_digit()))
        {
            out.push(Piece::Word(i[..1].into()));
            i = sign;
            continue;
        }
        let len = i
            .find(|c: char| c.is_whitespace() || matches!(c, ',' | ':' | '(' | ')'))
            .unwrap_or(i.len());
        // "one-tenth less": an amount in words.
        if let Some(n) = tenths_word(&i[..len]) {
            out.push(Piece::Tenths(n, &i[..len]));
            i = &i[len..];
            continue;
        }
        // "max." is the word "max".
        let token = i[..len].trim_end_matches('.');
        let token = if token.is_empty() { &i[..len] } else { token };
        if token.starts_with(|c: char| c == '.' || c.is_ascii_digit()) {
            out.push(Piece::Number(token));
        } else if token
            .chars()
            .all(|c| c.is_alphabetic() || c == '\'' || c == '’')
        {
            match possessive(token) {
                // A name of no listing word before "'s" ("the Ansaldo's"): a name only when it
                // may be one of the listing's.
                Some(name) if ctx.lexicon.may_name(name) => out.push(Piece::Vehicle(name)),
                _ => out.push(Piece::Word(token.to_lowercase())),
            }
        } else {
            return None;
        }
        i = &i[len..];
    }
}

/// An open end at `i` ("from 1941 on", "as of 6/42", "until 1943").
fn open_end<'a>(ctx: &Ctx<'a>, i: &'a str) -> Option<(&'a str, EntryWhen)> {
    if !i.starts_with(char::is_alphabetic) {
        return None;
    }
    let (r, w) = super::when::when(ctx, i).ok()?;
    // "(up to 1.6)" is a cap: a bare decimal is an RF, never a misprinted month.
    let last = ctx.consumed(i, r).split_whitespace().last().unwrap_or("");
    let decimal = super::rf_token::starts_with_decimal(last);
    match w {
        EntryWhen::From(_) | EntryWhen::Until(_) if !decimal => Some((r, w)),
        _ => None,
    }
}

/// `word` without its possessive ending, when it has one.
fn possessive(word: &str) -> Option<&str> {
    word.strip_suffix("'s").or_else(|| word.strip_suffix("’s"))
}

/// `i` after a possessive ending, if one starts it.
fn strip_possessive(i: &str) -> &str {
    i.strip_prefix("'s")
        .or_else(|| i.strip_prefix("’s"))
        .unwrap_or(i)
}

/// What a relative rule binds: the base, the amount, whether it is taken away, the cap, and
/// the months it holds in.
type Bound = (
    Option<VehicleRef>,
    Option<PrintedRf>,
    bool,
    Option<PrintedRf>,
    Option<EntryWhen>,
);

/// An amount and whether it is taken away, and a cap: what [`copy_amount`] reads.
pub(crate) type CopyAmount = (Option<(PrintedRf, bool)>, Option<PrintedRf>);

/// What one part of a copy's sentence changes of the RF ("just bump the rarity up by .1 all
/// round", "with the RF raised by .2 (1.3 maximum)", "knock .1 off the RF in each case",
/// "though never higher than 1.5"): the amount and whether it is taken away, and the cap; at
/// least one of the two. `None` when a word, name or period of the part is of no use here.
pub(crate) fn copy_amount(
    ctx: &Ctx<'_>,
    part: &str,
    base: Option<&str>,
    of_note: bool,
) -> Option<CopyAmount> {
    let mut pieces = pieces(ctx, part)?;
    // "its RF is .3 higher than that of the Ulv": the copy's own base named again. A copy of a
    // note (no base named) may name the note's vehicle as the RF's base: one, no more.
    let named = pieces
        .iter()
        .filter(|p| matches!(p, Piece::Vehicle(_)))
        .count();
    pieces.retain(|p| match p {
        Piece::Vehicle(v) => base.map_or(!of_note || named > 1, |b| *v != b),
        _ => true,
    });
    if pieces
        .iter()
        .any(|p| matches!(p, Piece::Vehicle(_) | Piece::When(_)))
    {
        return None;
    }
    let (_, amount, lower, max, _) = bind(ctx, &pieces)?;
    if amount.is_none() && max.is_none() {
        return None;
    }
    Some((amount.map(|a| (a, lower)), max))
}

/// The base vehicle, the amount, whether it is taken away, the cap and the months: every piece
/// used, one base, one amount, at most one cap and one open end, the direction said one way
/// only.
fn bind(ctx: &Ctx<'_>, pieces: &[Piece<'_>]) -> Option<Bound> {
    let mut used = vec![false; pieces.len()];
    let mut base = None;
    let mut within = None;
    let (mut amount, mut max) = (None, None);
    for (k, p) in pieces.iter().enumerate() {
        match p {
            Piece::Vehicle(name) => {
                // "wherever the X is, .3 higher than the X's": one base named twice.
                match &base {
                    Some(VehicleRef { raw, .. }) if raw == name => {
                        used[k] = true;
                        continue;
                    }
                    Some(_) => return None,
                    None => {}
                }
                base = Some(VehicleRef {
                    raw: (*name).to_string(),
                    span: ctx.span(name),
                    title_index: None,
                });
                used[k] = true;
            }
            Piece::Number(raw) => {
                let (rest, value) = rf(ctx, raw, false).ok()?;
                if !rest.is_empty() {
                    return None;
                }
                used[k] = true;
                if let Some(cap_words) = cap_words_at(pieces, k) {
                    if max.is_some() {
                        return None;
                    }
                    cap_words.for_each(|w| used[w] = true);
                    max = Some(value);
                } else if amount.replace(value).is_some() {
                    return None;
                }
            }
            Piece::Tenths(n, raw) => {
                used[k] = true;
                let value = PrintedRf {
                    raw: (*raw).to_string(),
                    span: ctx.span(raw),
                    value: qm_schema::Tenths(*n),
                    typos: Vec::new(),
                };
                if amount.replace(value).is_some() {
                    return None;
                }
            }
            Piece::When(w) => {
                if within.replace(w.clone()).is_some() {
                    return None;
                }
                used[k] = true;
            }
            Piece::Word(_) => {}
        }
    }
    mark_runs(pieces, &mut used, &SAME_BASIS);
    let (mut up, mut down) = (false, false);
    for (k, p) in pieces.iter().enumerate() {
        let Piece::Word(w) = p else { continue };
        if used[k] {
            continue;
        }
        if UP.contains(&w.as_str()) {
            up = true;
        } else if DOWN.contains(&w.as_str()) {
            down = true;
        } else if !IDLE.contains(&w.as_str()) {
            return None;
        }
    }
    // An amount says which way; a cap alone says none.
    if up == down && (amount.is_some() || up) {
        return None;
    }
    Some((base, amount, down, max, within))
}

/// The pieces of the cap words that stand next to the number at `k`, when there are any.
fn cap_words_at(pieces: &[Piece<'_>], k: usize) -> Option<std::ops::Range<usize>> {
    let word = |j: usize| match pieces.get(j) {
        Some(Piece::Word(w)) => Some(w.as_str()),
        _ => None,
    };
    let run_at = |from: usize, run: &[&str]| {
        run.iter()
            .enumerate()
            .all(|(n, w)| word(from + n) == Some(w))
    };
    for run in CAP_BEFORE {
        if let Some(from) = k.checked_sub(run.len()) {
            if run_at(from, run) {
                return Some(from..k);
            }
        }
    }
    // "1.6 maximum", unless a number follows the word ("plus .2 (maximum 1.2)": the word is
    // that number's).
    CAP_AFTER
        .iter()
        .find(|run| {
            run_at(k + 1, run) && !matches!(pieces.get(k + 1 + run.len()), Some(Piece::Number(_)))
        })
        .map(|run| k + 1..k + 1 + run.len())
}

/// Marks as used every run of `runs` found among the words not used yet.
fn mark_runs(pieces: &[Piece<'_>], used: &mut [bool], runs: &[&[&str]]) {
    for run in runs {
        let mut k = 0;
        while k + run.len() <= pieces.len() {
            let fits = run
                .iter()
                .enumerate()
                .all(|(n, w)| !used[k + n] && matches!(&pieces[k + n], Piece::Word(p) if p == w));
            if fits {
                used[k..k + run.len()].iter_mut().for_each(|u| *u = true);
                k += run.len();
            } else {
                k += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{parse_availability_with, ClauseKind, FileId, Lexicon};

    fn relative(text: &str) -> Option<(String, u32, bool, Option<u32>)> {
        let names = ["L3/35", "L3 cc", "Autocann 65/17(b)"].map(String::from);
        let lexicon = Lexicon::new(None, &names, &[]);
        let parsed = parse_availability_with(text, 0, FileId(0), &lexicon);
        match &parsed.value.first()?.kind {
            ClauseKind::RelativeRf(r) => Some((
                r.base_vehicle.raw.clone(),
                r.delta.value.0,
                r.lower,
                r.max.as_ref().map(|m| m.value.0),
            )),
            _ => None,
        }
    }

    #[test]
    fn a_relative_rule_reads_in_any_order_of_its_pieces() {
        let plus_four = Some(("L3/35".to_string(), 4, false, Some(16)));
        for text in [
            "Add .4 to the L3/35's RF for the same date and theater, to a maximum of 1.6.",
            "Its RF is that of the L3/35 for the same date and area plus .4, but never more than 1.6.",
            "Its RF is the L3/35's for the same dates and area, raised by .4 but never above 1.6.",
            "The RF is .4 more than the L3/35's corresponding RF (maximum 1.6).",
            "RF is .4 higher (1.6 at most) than the L3/35's.",
            "RF: the L3/35's, plus .4 (maximum 1.6).",
            "RF: the L3/35's, +.4, capped at 1.6.",
            "Use the L3/35's RF for the same date and theater, plus .4 (up to 1.6).",
            "Its RF equals the L3/35's for the same date and area increased by .4, to no more than 1.6.",
        ] {
            assert_eq!(relative(text), plus_four, "{text}");
        }
        assert_eq!(
            relative("Its RF is the L3/35's less .2."),
            Some(("L3/35".to_string(), 2, true, None))
        );
    }

    #[test]
    fn a_relative_rule_with_a_piece_it_cannot_use_is_not_read_as_one() {
        for text in [
            // A year, a second amount, two bases, no direction, both directions, no RF word.
            "Its RF is the L3/35's plus .4 in 1941.",
            "Its RF is the L3/35's plus .4 or .2.",
            "Its RF is the L3/35's or the L3 cc's plus .4.",
            "Its RF is the L3/35's by .4.",
            "Its RF is the L3/35's plus .4 lower.",
            // A place word it has no use for.
            "Its RF is the L3/35's plus .4 on the Isles.",
        ] {
            assert_eq!(relative(text), None, "{text}");
        }
    }
}
