//! What a vehicle read from VASL's Chapter H CSV (`listing.csv`) holds beyond the listing's
//! columns: VASL's own columns, the cells' markup, struck-through notes, the caption row above.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::Field;

/// A vehicle's values that only VASL's Chapter H CSV layout has: kept so the IR can be
/// written back in that layout (`qm export vasl-csv`) and the sheets print VASL's count.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct VaslRow {
    /// The `count` column read as a number of counters (`3+3` is 6): how many copies the
    /// counter sheets print; `null` when the cell is empty or holds VASL's own marks
    /// (`Y/-/-/-`).
    pub copies: Option<u16>,
    /// VASL's columns the listing has no column for (`count`, `smoke_depletion`,
    /// `smoke_discharger`, `version`, `piece`, `overrides`, `svg_image_transform`, `reverse`,
    /// `comments`), each non-empty one in file order, its text plain (markup in `markup`).
    pub columns: Vec<VaslColumnValue>,
    /// The markup of the row's cells that the plain values do not say (bold, italic, an
    /// underlined or overlined caliber, a superscript kept as plain text, a subscript).
    pub markup: Vec<CellMarkup>,
    /// Note references struck through in the `notes` cell: notes that do not apply to this
    /// vehicle (they are not among its note references).
    pub struck_notes: Vec<StruckNote>,
    /// The caption row the vehicle is listed under (a nationality of a file that holds several,
    /// e.g. a minor nation), when there is one.
    pub caption: Option<VaslCaption>,
}

/// One of VASL's own columns with its value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct VaslColumnValue {
    /// The column's name in VASL's header (`count`, `piece`, ...).
    pub column: String,
    /// The cell, in plain text (superscripts as Unicode superscript characters).
    pub value: Field<String>,
}

/// A markup element of a cell: which characters of the cell's plain text it covers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CellMarkup {
    /// The cell's column in VASL's header (`mp`, `ma`, `count`, ...).
    pub column: String,
    /// What the markup is.
    pub kind: MarkupKind,
    /// Byte offset in the cell's plain text (the field's `raw`, or the column value) where it
    /// starts.
    pub start: u32,
    /// Byte offset where it ends.
    pub end: u32,
}

/// The HTML markup VASL's cells use, each for what Chapter H prints so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MarkupKind {
    /// `<b>`: printed bold (Chapter H's red values, e.g. red MP).
    Bold,
    /// `<i>`: printed in italics (a special value, e.g. a low-ammunition breakdown number).
    Italic,
    /// `<span style="text-decoration:underline">`: an underlined caliber.
    Underline,
    /// `<span style="text-decoration:overline">`: an overlined caliber.
    Overline,
    /// `<sup>` whose text is kept plain (an MG's rear factor `R2`, or characters without a
    /// Unicode superscript).
    Superscript,
    /// `<sub>`: a subscript (`IVF<sub>2</sub>`).
    Subscript,
    /// `<strike>`: struck through.
    Strike,
    /// `<span style="text-decoration:line-through">`: struck through.
    LineThrough,
}

/// A struck-through note reference.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct StruckNote {
    /// Its place among the notes cell's entries (0 is the first).
    pub position: u16,
    /// The reference as printed, plain (`V`); its markup is in [`VaslRow::markup`] with the
    /// column `notes`, counted from this text's start.
    pub note: Field<String>,
}

/// A caption row: a row holding only a label (a nationality) above the vehicles it heads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct VaslCaption {
    /// The label, plain (`POLISH`).
    pub label: String,
    /// The row's non-empty cells, plain.
    pub columns: Vec<VaslColumnValue>,
    /// Their markup.
    pub markup: Vec<CellMarkup>,
}
