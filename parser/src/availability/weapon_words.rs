//! What an optional weapon's sentence says after the weapon's name, read by what its words
//! mean: "is always available, at RF 1.4", "may be used only in North Africa in 1942 and 1943,
//! with an RF of 1.4", "is available in 1942-43 in North Africa at a 1.4 RF".
//!
//! The words are cut into pieces: one RF (`rf_noun`'s forms), periods, places the nation knows,
//! and words. With no period and no place the weapon is available whenever the vehicle is;
//! with both it is available only then and there (periods that follow on, "1942 and 1943",
//! make one span). Every other word must be one that changes nothing ("is", "may be used",
//! "only", "always", "with"): a word such as "not" or "except", a place with no period, or
//! "always" beside a period is not this form.

use super::grammar_error::{fail, Ctx, Res};
use super::lexeme::ws0;
use super::rf_words::rf_noun;
use super::syntax::{PrintedPeriod, PrintedRf, WeaponAvailability};
use super::theater_names::known_area;
use super::when::point;

/// Words that change nothing in an optional weapon's availability.
const IDLE: [&str; 34] = [
    // "at any date", "at any time", "at all times": whenever the vehicle is.
    "any",
    "date",
    "time",
    "times",
    "all",
    "is",
    "are",
    "it",
    "its",
    "has",
    "have",
    "may",
    "can",
    "be",
    "used",
    "use",
    "only",
    "available",
    "with",
    "at",
    "for",
    "in",
    "on",
    "during",
    "scenarios",
    "scenario",
    "set",
    "a",
    "an",
    "the",
    "and",
    "but",
    "of",
    "always",
];

/// The RF and availability of an optional weapon, from its words up to the clause's end (a
/// closing parenthesis too when `open`).
pub(crate) fn weapon_by_words<'a>(
    ctx: &Ctx<'a>,
    start: &'a str,
    open: bool,
) -> Res<'a, (PrintedRf, WeaponAvailability)> {
    let sentence = &start[..ctx.sentence_len(start)];
    let mut end = sentence.find(';').unwrap_or(sentence.len());
    if open {
        // The parenthesis that closes the one before the sentence, past any inside it ("(RF
        // 1.2)").
        let mut depth = 1;
        let close = sentence.char_indices().find(|&(_, c)| {
            depth += match c {
                '(' => 1,
                ')' => -1,
                _ => 0,
            };
            depth == 0
        });
        end = end.min(close.map_or(end, |(k, _)| k));
    }
    let body = sentence[..end].trim_end().trim_end_matches('.');
    let (mut rfs, mut periods, mut areas, mut always) = (Vec::new(), Vec::new(), Vec::new(), false);
    let mut i = body;
    loop {
        // "(RF 1.2)": parentheses group what the words say anyway.
        i = i.trim_start_matches(|c: char| c.is_whitespace() || matches!(c, ',' | '(' | ')'));
        if i.is_empty() {
            break;
        }
        if let Ok((r, area)) = known_area(ctx, i) {
            areas.push(area);
            i = r;
        } else if let Ok((r, value)) = rf_noun(ctx, i, false) {
            rfs.push(value);
            i = r;
        } else if let Ok((r, p)) = point(ctx, i) {
            periods.push(p);
            i = r;
        } else {
            let len = i
                .find(|c: char| c.is_whitespace() || matches!(c, ',' | '(' | ')'))
                .unwrap_or(i.len());
            let word = i[..len].to_lowercase();
            if !IDLE.contains(&word.as_str()) {
                return fail(i);
            }
            always |= word == "always";
            i = &i[len..];
        }
    }
    let [value] = <[PrintedRf; 1]>::try_from(rfs)
        .map_err(|_| nom::Err::Error(super::grammar_error::GrammarError { at: start }))?;
    let rest = &start[body.len()..];
    if periods.is_empty() && areas.is_empty() {
        return Ok((rest, (value, WeaponAvailability::Always)));
    }
    let (Some(period), [area], false) = (one_span(ctx, &periods), areas.as_slice(), always) else {
        return fail(start);
    };
    let (rest, _) = ws0(rest)?;
    Ok((
        rest,
        (
            value,
            WeaponAvailability::Only {
                period,
                area: area.clone(),
            },
        ),
    ))
}

/// The periods as one span, when each follows on from the one before ("1942 and 1943").
fn one_span(ctx: &Ctx<'_>, periods: &[PrintedPeriod]) -> Option<PrintedPeriod> {
    let (first, last) = (periods.first()?, periods.last()?);
    let mut to = first.value.as_ref().ok()?.to;
    for p in &periods[1..] {
        let v = p.value.as_ref().ok()?;
        if v.from != to.succ() {
            return None;
        }
        to = v.to;
    }
    let from = first.value.as_ref().ok()?.from;
    let span = crate::TextSpan::new(ctx.file, first.span.range.start..last.span.range.end);
    Some(PrintedPeriod {
        raw: periods
            .iter()
            .map(|p| p.raw.as_str())
            .collect::<Vec<_>>()
            .join(" and "),
        span,
        value: Ok(qm_schema::Period { from, to }),
        typos: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use crate::{parse_availability_with, ClauseKind, FileId, Lexicon, WeaponAvailability};

    fn weapon(text: &str) -> Option<String> {
        let lexicon = Lexicon::new(None, &[], &["North Africa".to_string()]);
        let parsed = parse_availability_with(text, 0, FileId(0), &lexicon);
        let ClauseKind::OptionalWeapon(o) = &parsed.value.first()?.kind else {
            return None;
        };
        Some(match &o.available {
            WeaponAvailability::Always => format!("{} always {}", o.weapon.value, o.rf.raw),
            WeaponAvailability::Only { period, .. } => format!(
                "{} only {:?} {}",
                o.weapon.value,
                period.value.as_ref().ok()?,
                o.rf.raw
            ),
        })
    }

    #[test]
    fn an_optional_weapon_reads_in_any_wording() {
        assert_eq!(
            weapon("Its optional AAMG is always available, at RF 1.4.").as_deref(),
            Some("AAMG always 1.4")
        );
        let only = weapon("The optional AAMG (the Furgone version) may be used only in North Africa in 1942 and 1943, with an RF of 1.4.").unwrap();
        assert!(
            only.starts_with("AAMG only") && only.contains("1942") && only.contains("1943"),
            "{only}"
        );
        assert!(only.ends_with("1.4"), "{only}");
        // The vehicle as the subject that has the weapon, the RF in parentheses, the
        // sentence inside a parenthesis of its own.
        for text in [
            "It may have an optional AAMG at any date (RF 1.2).",
            "The Autocannone da 65/17 may have an optional AAMG at any date (RF 1.2).",
            "It carries an optional AAMG, available at all times, RF 1.2.",
            "Its optional AAMG is available at any date (RF 1.2).",
            "(It may have an optional AAMG at any date (RF 1.2). It may fire only in its VCA.)",
        ] {
            assert_eq!(weapon(text).as_deref(), Some("AAMG always 1.2"), "{text}");
        }
    }

    #[test]
    fn an_optional_weapon_sentence_it_cannot_use_is_not_read() {
        for text in [
            "The optional AAMG is not available in North Africa, at RF 1.4.",
            "The optional AAMG is always available in 1942, at RF 1.4.",
            "The optional AAMG may be used in North Africa, at RF 1.4.",
            "The optional AAMG may be used in North Africa in 1942 and 1944, at RF 1.4.",
            "The optional AAMG is always available at RF 1.4 or 1.5.",
        ] {
            assert_eq!(weapon(text), None, "{text}");
        }
    }
}
