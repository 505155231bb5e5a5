//! The vehicle listing: a tab-separated table with two header lines per block.
//!
//! [`parse_listing`] splits the text into lines and fields ([`parse`]), recognizes the header
//! blocks ([`header`]), reads each cell with its column's grammar ([`cells`]) through the
//! [`reader`], which strips spaces and daggers and turns a grammar's problem into a diagnostic.

mod cells;
mod column;
mod header;
mod ordnance;
mod parse;
mod parts;
mod reader;
mod second_line;
mod syntax;
mod table;
mod vasl_csv;
mod weapons;

pub use ordnance::*;
pub use parse::parse_listing;
pub use second_line::is_second_line;
pub use syntax::*;
pub use table::{column_label, column_labels, listing_table, TableField, TableRow};
pub use vasl_csv::*;

#[cfg(test)]
mod forms_tests;
