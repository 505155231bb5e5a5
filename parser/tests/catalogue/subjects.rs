//! The catalogue's sentences of use whose subject is a faction and whose object is the
//! vehicle: a random faction, place and span written in random forms and orders.

use qm_schema::Period;

use super::limits::{month_words, FACTIONS, PLACES};
use super::rng::Rng;

/// A sentence of use whose subject is a faction and whose object is the vehicle ("The
/// Royalists used it in Russia from June 1942 to 5/44 (RF 1.3)", "From 6/42 to 5/44 Blue
/// Guard units also took it to the Eastern Front, RF 1.3"): the sentence, the faction's words
/// as written, the place's index and the months.
pub fn faction_subject_sentence(rng: &mut Rng, dates: Period) -> (String, String, usize, Period) {
    let (_, words) = FACTIONS[rng.below(FACTIONS.len())];
    let stem = words.strip_suffix('s').unwrap_or(words);
    let (subject, x) = match rng.below(4) {
        0 => (format!("the {stem}s"), format!("{stem}s")),
        1 => {
            let noun = rng.pick(&["units", "forces", "crews", "troops"]);
            (format!("{stem} {noun}"), stem.to_string())
        }
        2 => (format!("the {words}"), words.to_string()),
        _ => (words.to_string(), words.to_string()),
    };
    let also = rng.pick(&["", "also "]);
    let place = rng.below(PLACES.len());
    let (_, name, other, _) = PLACES[place];
    let name = if rng.chance(50) { name } else { other };
    let verb = match rng.below(6) {
        0 => format!("took it to {name}"),
        1 => format!("sent them to {name}"),
        2 => format!("used it in {name}"),
        3 => format!("fielded them in {name}"),
        4 => format!("may use it in {name}"),
        _ => format!("operated this vehicle in {name}"),
    };
    let months = Period::new(dates.from, dates.to).unwrap();
    let span = format!(
        "{} to {}",
        month_words(rng, months.from),
        month_words(rng, months.to)
    );
    let rf = rng.pick(&[" (RF 1.3)", " at RF 1.3", ", RF 1.3", " with an RF of 1.3"]);
    let text = if rng.chance(50) {
        let mut s = subject.clone();
        s[..1].make_ascii_uppercase();
        format!("{s} {also}{verb} from {span}{rf}.")
    } else {
        format!("From {span} {subject} {also}{verb}{rf}.")
    };
    (text, x, place, months)
}
