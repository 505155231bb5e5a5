//! The catalogue's relative rules (README, "How the notes are read": amounts, caps, bases): a
//! random rule — a base vehicle of the listing, an amount added or taken away, a cap or none —
//! written with its pieces in random forms and orders, read back with the nation's words.

use qm_parser::{parse_availability_with, ClauseKind, FileId, Lexicon};

use super::rf_number;
use super::rng::Rng;

/// The listing's names the rules are based on (a full stop and a space inside one).
const BASES: [&str; 3] = ["Zeta 4", "Kpfw. B.1", "L3/35"];

/// A rule: the base, the amount in tenths, whether it is taken away, the cap.
#[derive(Debug, PartialEq)]
pub struct Rule {
    pub base: String,
    pub delta: u32,
    pub lower: bool,
    pub max: Option<u32>,
}

/// A random rule and a sentence that says it.
pub fn relative_rule(rng: &mut Rng) -> (String, Rule) {
    let base = rng.pick(&BASES);
    let delta = 1 + rng.below(5) as u32;
    let lower = rng.chance(30);
    let max = (!lower && rng.chance(60)).then(|| 12 + rng.below(5) as u32);
    let d = rf_number(rng, delta, false);
    let basis = rng.pick(&[
        "",
        " for the same date and area",
        " for the same dates and area",
    ]);
    let cap = match max {
        None => String::new(),
        Some(c) => {
            let c = rf_number(rng, c, false);
            match rng.below(11) {
                9 => format!(" (no more than {c})"),
                0 => format!(", to a maximum of {c}"),
                1 => format!(" but never above {c}"),
                2 => format!(" ({c} maximum)"),
                3 => format!(" (maximum {c})"),
                4 => format!(", capped at {c}"),
                5 => format!(" (up to {c})"),
                6 => format!(", up to {c}"),
                7 => format!(", but it may not exceed {c}"),
                8 => format!(", to no more than {c}"),
                _ => format!(", but never more than {c}"),
            }
        }
    };
    let base_words = match rng.below(4) {
        0 => format!("the {base}'s RF"),
        1 => format!("that of the {base}"),
        2 => format!("the RF of the {base}"),
        _ => format!("the {base}'s"),
    };
    let amount = match (lower, rng.below(4)) {
        (false, 0) => format!("plus {d}"),
        (false, 1) => format!("raised by {d}"),
        (false, 2) => format!("+{d}"),
        (false, _) => format!("increased by {d}"),
        (true, 0) => format!("minus {d}"),
        (true, 1) => format!("lowered by {d}"),
        (true, 2) => format!("reduced by {d}"),
        (true, _) => format!("less {d}"),
    };
    let text = match rng.below(7) {
        0 => format!("Its RF is {base_words}{basis} {amount}{cap}."),
        5 => format!("Its RF equals {base_words}{basis} {amount}{cap}."),
        6 => format!("Use the {base}'s RF{basis}, {amount}{cap}."),
        4 => {
            let word = if lower { "lower" } else { "higher" };
            let rf = rng.pick(&["Rarity Factor", "an RF", "a Rarity Factor"]);
            let found = rng.pick(&["found", "available"]);
            let whenever = rng.pick(&["", " and whenever"]);
            format!("It is {found} wherever{whenever} the {base} is, with {rf} {d} {word}{cap}.")
        }
        1 if !lower => format!("Add {d} to the {base}'s RF{basis}{cap}."),
        2 => {
            let word = if lower { "lower" } else { "higher" };
            // "by .2 higher": a translator's "by" before the amount.
            let by = rng.pick(&["", "by "]);
            format!("The RF is {by}{d} {word} than {base_words}{basis}{cap}.")
        }
        _ => format!("RF: {base_words}{basis}, {amount}{cap}."),
    };
    let rule = Rule {
        base: base.to_string(),
        delta,
        lower,
        max,
    };
    (text, rule)
}

/// The rule the text reads as, or what went wrong.
pub fn read(text: &str) -> Result<Rule, String> {
    let names: Vec<String> = BASES.iter().map(|b| b.to_string()).collect();
    let lexicon = Lexicon::new(None, &names, &[]);
    let parsed = parse_availability_with(text, 0, FileId(0), &lexicon);
    if let Some(d) = parsed.diagnostics.first() {
        return Err(format!("{}: {}", d.code, d.message));
    }
    let [c] = parsed.value.as_slice() else {
        return Err(format!("{} clauses", parsed.value.len()));
    };
    let ClauseKind::RelativeRf(r) = &c.kind else {
        return Err(format!("not a relative rule: {:?}", c.kind));
    };
    Ok(Rule {
        base: r.base_vehicle.raw.clone(),
        delta: r.delta.value.0,
        lower: r.lower,
        max: r.max.as_ref().map(|m| m.value.0),
    })
}
