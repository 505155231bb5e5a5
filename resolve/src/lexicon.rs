//! The nation's words the notes reader cuts sentences with ([`Lexicon`]): the listing's
//! vehicle names, every name and alias of the theater registry (the nation's own theaters
//! included) and the years the listing holds. Resolving and `qm explain` read the notes with
//! the same words.

use qm_parser::{Lexicon, YearSpan};
use qm_registry::TheaterRegistry;
use qm_schema::Vehicle;

/// The lexicon of a nation's notes: `vehicles` (its listing) and `theaters` (its registry).
pub fn notes_lexicon(vehicles: &[Vehicle], theaters: &TheaterRegistry) -> Lexicon {
    let names: Vec<String> = vehicles.iter().map(|v| v.name.clone()).collect();
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
    Lexicon::new(listing_years(vehicles), &names, &places)
}

/// The years the listing's DATES hold, from the first to the last: a note's period outside
/// them is a misprint (the years are the data's, never a built-in war's).
fn listing_years(vehicles: &[Vehicle]) -> Option<YearSpan> {
    let dates = || vehicles.iter().filter_map(|v| v.dates.value);
    Some(YearSpan {
        first: dates().map(|d| d.from.year).min()?,
        last: dates().map(|d| d.to.year).max()?,
    })
}
