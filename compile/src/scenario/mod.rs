//! Scenarios: `data-src/scenarios/*.toml` -> a resolved, checked [`qm_schema::Scenario`] ->
//! a scenario card (HTML with print CSS, and a vector PDF from an SVG page).

mod check;
mod file;
mod lookup;
mod nationality;

pub use qm_render::scenario::{card, package};

pub use card::*;
pub use check::*;
pub use file::*;
pub use lookup::*;
pub use package::*;
