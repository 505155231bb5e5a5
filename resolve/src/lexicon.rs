//! The nation's words the notes reader cuts sentences with ([`Lexicon`]): the listing's
//! names (its vehicles', or for the ordnance notes its guns'), every name and alias of the
//! theater registry (the nation's own theaters included), the words of its factions and the
//! years the listing holds.
//! Resolving and `qm explain` read the notes with the same words.

use qm_parser::{Lexicon, YearSpan};
use qm_registry::TheaterRegistry;
use qm_schema::Faction;

use crate::listed::Listed;

/// The lexicon of a listing's notes: `items` (the listing's vehicles or guns), `theaters`
/// (the nation's registry) and `factions` (`ob.toml`'s, by their words).
pub fn notes_lexicon<T: Listed>(
    items: &[T],
    theaters: &TheaterRegistry,
    factions: &[Faction],
) -> Lexicon {
    let names: Vec<String> = items.iter().map(|v| v.name().to_string()).collect();
    let places: Vec<String> = theaters
        .theaters()
        .iter()
        .flat_map(|t| std::iter::once(&t.name).chain(&t.aliases))
        .chain(
            theaters
                .groups()
                .iter()
                .flat_map(|g| std::iter::once(&g.name).chain(&g.aliases)),
        )
        .cloned()
        .collect();
    let words: Vec<String> = factions.iter().flat_map(|f| f.words.clone()).collect();
    Lexicon::new(listing_years(items), &names, &places).with_factions(&words)
}

/// The years the listing's DATES hold, from the first to the last: a note's period outside
/// them is a misprint (the years are the data's, never a built-in war's).
fn listing_years<T: Listed>(items: &[T]) -> Option<YearSpan> {
    let dates = || items.iter().filter_map(Listed::dates_value);
    Some(YearSpan {
        first: dates().map(|d| d.from.year).min()?,
        last: dates().map(|d| d.to.year).max()?,
    })
}
