//! The catalogue's radio dates and optional weapons (README, "How the notes are read": a radio
//! date, an optional weapon): a random first month with a radio, or an optional weapon's RF
//! and the months and place it is limited to, written in random wordings and read back.

use qm_parser::{parse_availability_with, ClauseKind, FileId, Lexicon, WeaponAvailability};
use qm_schema::{Period, YearMonth};

use super::rng::Rng;
use super::{month_form, rf_number, year_form, AREAS};

/// What a sentence means: a radio from a month, or a weapon's RF, always or only in some
/// years at one place.
#[derive(Debug, PartialEq)]
pub enum Extra {
    Radio(YearMonth),
    Weapon {
        rf: u32,
        only: Option<(Period, String)>,
    },
}

/// A radio date in a random wording.
pub fn radio(rng: &mut Rng) -> (String, Extra) {
    let m = YearMonth {
        year: 1930 + rng.below(25) as u16,
        month: 1 + rng.below(12) as u8,
    };
    let w = month_form(rng, m);
    let text = match rng.below(6) {
        0 => format!("It carries a radio from {w} onward, and none before."),
        1 => format!("No radio before {w}."),
        2 => format!("Radio-equipped as of {w}."),
        3 => format!("It has no radio until {w}, and one from then on."),
        4 => format!(
            "This AFV has no radio in scenarios set prior to {w}. As of {w} it is radio-equipped."
        ),
        _ => format!("It is fitted with a radio from {w}."),
    };
    (text, Extra::Radio(m))
}

/// An optional weapon in a random wording: always available, or only in some years at a place.
pub fn weapon(rng: &mut Rng) -> (String, Extra) {
    let rf = 5 + rng.below(15) as u32;
    let n = rf_number(rng, rf, false);
    let weapon = rng.pick(&["AAMG", "HMG", "Flamethrower"]);
    let who = rng.pick(&["Its optional", "The optional"]);
    if rng.chance(50) {
        let text = match rng.below(3) {
            0 => format!("{who} {weapon} is always available, at RF {n}."),
            1 => format!("{who} {weapon} is always available with an RF of {n}."),
            _ => format!("{who} {weapon} has a {n} RF and is always available."),
        };
        return (text, Extra::Weapon { rf, only: None });
    }
    let year = 1930 + rng.below(25) as u16;
    let years = 1 + rng.below(2) as u16;
    let period = Period::new(
        YearMonth { year, month: 1 },
        YearMonth {
            year: year + years - 1,
            month: 12,
        },
    )
    .unwrap();
    let when = if years == 1 {
        year_form(rng, year)
    } else {
        format!("{} and {}", year_form(rng, year), year_form(rng, year + 1))
    };
    let place = rng.pick(&AREAS);
    let text = match rng.below(3) {
        0 => format!("{who} {weapon} may be used only in {place} in {when}, with an RF of {n}."),
        1 => format!("{who} {weapon} is available only in {when} in {place}, at RF {n}."),
        _ => format!("{who} {weapon} (the late version) may be used only in {place} in {when}, with a {n} RF."),
    };
    let only = Some((period, place.to_string()));
    (text, Extra::Weapon { rf, only })
}

/// What the text reads as, with a nation's words (its places, and years from 1930).
pub fn read(text: &str) -> Result<Extra, String> {
    let places: Vec<String> = AREAS.iter().map(|a| a.to_string()).collect();
    let lexicon = Lexicon::new(None, &[], &places);
    let parsed = parse_availability_with(text, 0, FileId(0), &lexicon);
    if let Some(d) = parsed.diagnostics.first() {
        return Err(format!("{}: {}", d.code, d.message));
    }
    let [c] = parsed.value.as_slice() else {
        return Err(format!("{} clauses", parsed.value.len()));
    };
    match &c.kind {
        ClauseKind::RadioFrom { month, .. } => Ok(Extra::Radio(
            month.value.map_err(|e| format!("{e:?}"))?.from,
        )),
        ClauseKind::OptionalWeapon(o) => {
            let only = match &o.available {
                WeaponAvailability::Always => None,
                WeaponAvailability::Only { period, area } => {
                    let p = period.value.map_err(|e| format!("{e:?}"))?;
                    let qm_parser::Area::Theaters { theaters, .. } = area else {
                        return Err(format!("area {area:?}"));
                    };
                    let names: Vec<&str> = theaters.iter().map(|t| t.raw.as_str()).collect();
                    Some((p, names.join("/")))
                }
            };
            Ok(Extra::Weapon {
                rf: o.rf.value.0,
                only,
            })
        }
        other => Err(format!("not a radio date or weapon: {other:?}")),
    }
}
