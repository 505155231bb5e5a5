//! Quartermaster's resolver: a nation's parsed listing and notes, its `ob.toml` and its errata
//! acceptances in; the IR ([`qm_schema::Nation`]) and every diagnostic about it out.

mod availability;
mod counter;
mod fields;
pub mod lint;
mod listing;
mod mentions;
pub mod names;
mod nation;
mod notes;
pub mod ob;
pub mod query;
pub mod registry;
mod rules;
pub mod spanned;
mod theater_names;

pub use lint::Accept;
pub use nation::*;
pub use registry::{NationRegistries, NationTheaters, Registries};
