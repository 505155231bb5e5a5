//! What reading VASL's Chapter H CSV gives: the listing's rows and, beside each, what only
//! the CSV has.

use std::ops::Range;

use qm_schema::MarkupKind;

use crate::{ListingRow, TextSpan};

/// What a report calls VASL's own note ids when it counts them.
pub(crate) const VASL_NOTE_IDS: &str = "VASL note ids kept as VASL's";

/// What a report calls VASL's own rows (generic and shared pieces, variants of vehicles the
/// listing lacks) when it counts them.
pub(crate) const VASL_OWN_ROWS: &str = "rows of VASL's own pieces kept, not vehicles";

/// A `listing.csv` read: the listing's rows (the same rows `listing.tsv` gives), and beside
/// each the CSV's own values.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct VaslListing {
    /// The vehicle rows (second lines included), in file order.
    pub rows: Vec<ListingRow>,
    /// One entry per row of `rows`: VASL's own columns, the markup, struck notes.
    pub extras: Vec<VaslExtras>,
    /// The caption rows, in file order ([`VaslExtras::caption`] indexes them).
    pub captions: Vec<VaslCaptionRow>,
    /// How many records the file holds after its header (rows read).
    pub records: usize,
}

/// A cell of one of VASL's own columns, plain.
#[derive(Debug, Clone, PartialEq)]
pub struct VaslCell {
    /// The column's header name (`count`, `piece`, ...).
    pub column: &'static str,
    /// The cell's plain text (trimmed; superscripts as Unicode characters).
    pub text: String,
    /// Where it is.
    pub span: TextSpan,
}

/// A markup element of a cell: its column, kind and byte range in the cell's plain text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VaslMarkup {
    /// The column's header name.
    pub column: &'static str,
    /// What it is.
    pub kind: MarkupKind,
    /// The covered bytes of the cell's plain text (the NAME cell's text for `name`).
    pub range: Range<usize>,
}

/// An entry of the notes cell that is not a note reference.
#[derive(Debug, Clone, PartialEq)]
pub struct VaslUnreadNote {
    /// Struck through (else one of VASL's own ids).
    pub struck: bool,
    /// Its place among the cell's entries.
    pub position: u16,
    /// Its text, plain.
    pub text: String,
    /// Where it is.
    pub span: TextSpan,
}

/// What a vehicle row has beyond the listing's columns.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct VaslExtras {
    /// The `count` cell read as a number of counters, when it reads as one.
    pub copies: Option<u16>,
    /// VASL's own columns, the non-empty ones.
    pub cells: Vec<VaslCell>,
    /// The markup of the row's cells.
    pub markup: Vec<VaslMarkup>,
    /// Entries of the notes cell that are not note references.
    pub unread_notes: Vec<VaslUnreadNote>,
    /// Where the type goes in the name, when not at its end or when its `<i>` is empty.
    pub type_position: Option<usize>,
    /// The caption row above the row (an index into [`VaslListing::captions`]).
    pub caption: Option<usize>,
    /// The notes cell, plain (its markup in `markup` under `notes`).
    pub notes_cell: Option<VaslCell>,
    /// Later rows repeating this vehicle for another of VASL's pieces (counters), in file
    /// order.
    pub pieces: Vec<VaslPieceRow>,
}

/// A row of another of VASL's pieces (a counter of its own) of a vehicle: a later row with
/// the vehicle's name and every listing cell but the notes as published (a Waffen-SS counter,
/// a variant with other `overrides`), or a variant row (the vehicle's name and a suffix).
#[derive(Debug, Clone, PartialEq)]
pub struct VaslPieceRow {
    /// The row.
    pub span: TextSpan,
    /// Its 1-based line.
    pub line: usize,
    /// Its own columns, markup, notes cell and caption.
    pub extras: VaslExtras,
    /// A variant row's listing cells (its own name and values); `None` for a row repeating
    /// the vehicle's.
    pub variant: Option<Box<ListingRow>>,
}

/// A caption row: a label alone (a nationality heading the rows under it).
#[derive(Debug, Clone, PartialEq)]
pub struct VaslCaptionRow {
    /// The label, plain.
    pub label: String,
    /// The row's non-empty cells.
    pub cells: Vec<VaslCell>,
    /// Their markup.
    pub markup: Vec<VaslMarkup>,
}
