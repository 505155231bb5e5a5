//! Quartermaster's resolver: one nation's parsed listing and notes, its `ob.toml` and its
//! errata acceptances in; the IR ([`qm_schema::Nation`]) and every diagnostic about it out.
//!
//! [`resolve_nation`] is the one entry point. It is pure: the texts (already corrected by
//! errata) come in a [`SourceMap`](qm_parser::SourceMap), which files are the nation's and
//! what its `errata.toml` accepts in a [`NationInput`](qm_load::nation_input::NationInput), the theaters and vehicle types in
//! [`Registries`](qm_registry::Registries); no file is read and nothing global is used. Nothing stops at the first
//! problem: a bad value is a diagnostic and the rest still resolves.
//!
//! # Steps
//! 1. **listing** (`listing`, `fields`, [`names`]): parse the listing; each row -> a `Vehicle`
//!    with provenance; [`lint`] the rows (duplicate names, MG factors in the wrong column).
//! 2. **links** (`notes`): parse the notes; find the rows of each numbered note by the
//!    listing's Notes column; lint the links (unknown notes, title vehicles, "See also").
//! 3. **rules** (`rules`): each rule paragraph's clauses -> `Rule`s, each given to the rows of
//!    its note that it names (`mentions` matches the notes' wording to rows).
//! 4. **availability** (`availability`): every vehicle's entries, the base of each relative
//!    rule before the vehicles that copy it (a topological order; a cycle is a
//!    `notes::relative-cycle` error and its rules are left out). Per vehicle: schedules,
//!    relative copies, defaults and the listing fallback, lints, clipping to DATES and the N/R
//!    windows, Fascist-only months.
//! 5. **extras and counters** (`notes`, `counter_text`): radio dates, HEAT, optional armament,
//!    variable DVP; the counter's two sides, item by item (`counter_text`), and the MG a note's rules
//!    name against the row's MG columns (`notes::mg_mentions`).
//! 6. **acceptances** ([`lint`]): a finding an `[[accept]]` entry covers is dropped; an
//!    acceptance that covers nothing is reported.
//! 7. **national data** ([`ob`]): `ob.toml` -> infantry units, replacements, national rules.
//! 8. **colours** ([`colours`]): the nation's counter colours (`ob.toml`, else its
//!    nationality's in the colour registry, by name or by the VASL code most of its rows
//!    name), and its name from that nationality when `ob.toml` gives none.
//! 9. **unresolved** ([`unresolved`]): each error in a vehicle's own data (its row, a note it
//!    refers to) names that vehicle in `Nation::unresolved`; the other vehicles stand.
//!
//! Besides: [`query`] answers questions of the IR (availability at a theater and month, names
//! as users type them). The registries, names, months and spanned TOML it reads with are
//! `qm_registry`'s, the input types (`NationInput`, `Accept`) `qm_load`'s.

mod availability;
pub mod colours;
mod counter_text;
mod factions;
mod fields;
mod gun_counter_text;
#[cfg(test)]
mod gun_notes_tests;
pub mod lexicon;
#[cfg(test)]
mod limit_catalogue_tests;
mod limit_names;
#[cfg(test)]
mod limit_tests;
pub mod lint;
pub mod listed;
mod listing;
mod mentions;
mod nation;
mod notes;
pub mod ob;
mod ordnance;
pub mod query;
#[cfg(test)]
mod reader_tests;
mod rules;
mod smoke_text;
#[cfg(test)]
mod tests;
mod theater_names;
#[cfg(test)]
mod together_catalogue_tests;
#[cfg(test)]
mod together_tests;
pub mod unresolved;
mod vasl;
mod vasl_overrides;

pub use nation::*;
// The registries, names, months and spanned TOML live below load and resolve (`qm-registry`);
// the resolver's modules name them by these paths.
use qm_registry as registry;
use qm_registry::{month, names, spanned};
