//! Quartermaster's parsers: OB source text in, syntax with spans and diagnostics out.
//!
//! Parsing cannot fail: bad input yields error values and [`Diagnostic`]s, and every row, cell
//! and other diagnostic still comes out. nom is an implementation detail; its error type never
//! crosses this crate's boundary.

mod availability;
#[cfg(test)]
mod case_files;
mod cell;
mod diagnostic;
mod listing;
mod notes;
mod period;
mod source;
mod source_map;

pub use availability::*;
pub use cell::*;
pub use diagnostic::*;
pub use listing::*;
pub use notes::*;
pub use period::*;
pub use source::*;
pub use source_map::*;
