//! Scenarios: `data-src/scenarios/*.toml` -> a resolved, checked [`qm_schema::Scenario`],
//! whose card must fit its page (measured with `qm_layout::card`); the renderer draws the
//! card.

mod check;
mod file;
mod gun;
mod lookup;
mod nationality;

pub use check::*;
pub use file::*;
pub use lookup::*;
