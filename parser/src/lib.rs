//! Quartermaster's parsers: OB source text in, syntax with spans and diagnostics out.
//!
//! Parsing cannot fail: bad input yields error values and [`Diagnostic`]s, and every row, cell
//! and other diagnostic still comes out. nom is an implementation detail; its error type never
//! crosses this crate's boundary.
//!
//! # Steps
//! 1. Every input text is a [`Source`] in one [`SourceMap`]; spans ([`TextSpan`]) point into
//!    it, and diagnostics are printed from it.
//! 2. [`parse_listing`]: the vehicle listing (a TSV table) -> a [`Listing`] of rows, each cell a
//!    [`Cell`] holding its typed value or its error (cell grammar in `listing::parts`,
//!    `listing::weapons`).
//! 3. [`parse_notes`]: the vehicle notes (Markdown) -> a [`NotesDoc`] of numbered notes,
//!    lettered notes and their paragraphs.
//! 4. [`parse_availability`]: one note paragraph -> the availability statements it makes
//!    (periods read by [`parse_period`], rarity factors, theaters as written); the resolver
//!    gives them meaning.

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
