//! The ordnance listing (Chapter H's guns): the publication's layout ([`parse_ordnance_tsv`],
//! `ordnance.tsv`) and VASL's ([`parse_ordnance_csv`], `ordnance.csv`). One grammar per cell
//! kind (`cells`, `special`), pure functions of one cell's text shared by both layouts; the
//! cells are read through the vehicle listing's reader (daggers, footnotes, superscripts).

mod cells;
mod column;
mod csv;
mod limbered;
mod read;
mod special;
mod syntax;
mod tsv;
mod typos;

pub use csv::parse_ordnance_csv;
pub use syntax::*;
pub use tsv::parse_ordnance_tsv;

#[cfg(test)]
mod tests;
