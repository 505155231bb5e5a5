//! VASL's Chapter H CSV (`listing.csv`): the same rows as `listing.tsv`, each cell read by the
//! listing's own grammars.
//!
//! [`parse_vasl_csv`] takes the records and their byte positions from the `csv` crate, turns
//! each field's published form (quotes, HTML markup, `•`) into the listing's plain form with
//! edits ([`markup`]), so a span of the plain text maps back to the published bytes, reads
//! every cell with its column's grammar ([`read`]) and keeps what the markup meant.

pub(crate) mod columns;
pub(crate) mod markup;
mod pieces;
pub(crate) mod read;
pub(crate) mod records;
mod syntax;
mod table;
mod tags;
mod value_markup;
mod variants;

pub use read::parse_vasl_csv;
pub use records::vasl_record_ranges;
pub use syntax::*;
pub(crate) use table::vasl_column_label;
pub use table::{vasl_cell_text, vasl_field, vasl_note_ids, vasl_table};
pub use variants::VARIANT_SUFFIXES;
