//! Scenarios: `data-src/scenarios/*.toml` -> a resolved, checked [`qm_schema::Scenario`] ->
//! a scenario card (HTML with print CSS, and a vector PDF from an SVG page).

mod card;
mod check;
mod file;
mod nationality;
mod package;
mod resolve;

pub use card::*;
pub use check::*;
pub use file::*;
pub use package::*;
pub use resolve::*;
