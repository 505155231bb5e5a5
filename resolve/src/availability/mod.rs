//! Availability: rules from the notes -> per-vehicle `{theaters, period, rf, qualifiers}`.

mod engine;
pub mod model;

pub use engine::*;
