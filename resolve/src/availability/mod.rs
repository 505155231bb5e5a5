//! Availability: rules from the notes -> per-item `{theaters, period, rf, qualifiers}`, for
//! a listing's vehicles or its guns alike ([`crate::listed::Listed`]).
//!
//! Across items ([`resolve_availability`]): relative rules' bases are resolved before the
//! items that copy them (`order`). Per item (`engine::resolve_item`), passes over
//! plain data (`stated` holds what they share): the schedules' dated entries (`schedules`),
//! the relative rules' copies of their base (`relative`), defaults and the listing fallback
//! for uncovered months (`fill`), lints on what the notes state (`lints`), two RFs for one
//! month an error naming both texts (`contradictions`), clipping to DATES
//! and the N/R windows (`clip`), the limits of places and months (`limits`), restricted-use
//! months (`restricted`).

mod clip;
mod contradictions;
mod engine;
mod fill;
mod items;
mod limits;
mod lints;
pub mod model;
mod months;
mod order;
mod own_rf;
mod relative;
mod restricted;
mod schedules;
mod stated;

pub use items::*;
