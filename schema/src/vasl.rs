//! What a vehicle read from VASL's Chapter H CSV (`listing.csv`) holds beyond the listing's
//! columns: VASL's own columns, the cells' markup, struck-through notes, the caption row above.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{Field, Span, Vehicle};

/// VASL's Chapter H CSV header: its column names, in its order.
pub const VASL_HEADER: [&str; 34] = [
    "count",
    "name",
    "radioless",
    "weight",
    "bpv",
    "rf",
    "dates",
    "size",
    "af",
    "ta",
    "ot",
    "cs",
    "mp",
    "gp",
    "gt",
    "ma",
    "rof_ife",
    "breakdown",
    "intensive_fire",
    "bmg",
    "cmg",
    "aamg",
    "sa",
    "ammunition",
    "smoke_depletion",
    "smoke_discharger",
    "transport",
    "notes",
    "version",
    "piece",
    "overrides",
    "svg_image_transform",
    "reverse",
    "comments",
];

/// VASL's programs' own columns, the header's last six (`version` to `comments`): their
/// text is theirs, written back as kept.
pub const VASL_PROGRAM_COLUMNS: &[&str] = VASL_HEADER.split_at(VASL_HEADER.len() - 6).1;

/// True when a spreadsheet opening a CSV would take `cell` (a field's value, as the CSV
/// holds it) for a formula, which it may run (`=HYPERLINK(…)`, `=cmd|' /C calc'!A0`): the
/// cell begins with `=`, `@`, a tab or a carriage return, or with `+` or `-` and holds a call
/// or a link (`(` or `|`). VASL's own values that begin with a sign (`+1`, `-4`, `+F`,
/// `-F/+SR`, `-<sup>R2</sup>`, `-/3/-/-`) hold neither and are not formulas. `qm check` warns
/// about such a cell and `qm export vasl-csv` writes it as text ([`as_spreadsheet_text`]).
pub fn looks_like_formula(cell: &str) -> bool {
    match cell.as_bytes().first() {
        Some(b'=' | b'@' | b'\t' | b'\r') => true,
        Some(b'+' | b'-') => cell.contains(['(', '|']),
        _ => false,
    }
}

/// `cell` as a spreadsheet shows it as text: a formula-looking cell ([`looks_like_formula`])
/// after an apostrophe (`'=HYPERLINK(…)`), any other as it is.
pub fn as_spreadsheet_text(cell: &str) -> std::borrow::Cow<'_, str> {
    if looks_like_formula(cell) {
        format!("'{cell}").into()
    } else {
        cell.into()
    }
}

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
    /// Entries of the `notes` cell that are not among the vehicle's note references: struck
    /// through (notes that do not apply), or VASL's own note ids (`15v`).
    pub unread_notes: Vec<UnreadNote>,
    /// Where in the NAME cell VASL prints the type (a byte offset in the name's `raw`), when
    /// not at its end (`Jeep <i>tr</i> w/ Opt AAMG`) or when its `<i>` is empty; `null`: the
    /// type ends the name cell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub type_position: Option<u32>,
    /// The caption row the vehicle is listed under (a nationality of a file that holds several,
    /// e.g. a minor nation), when there is one.
    pub caption: Option<VaslCaption>,
    /// The same for the vehicle's second line (its other configuration), when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second_line: Option<Box<VaslRow>>,
    /// VASL's other pieces of this vehicle: later rows of the file repeating its name and
    /// every listing cell but the notes, each another counter (a Waffen-SS counter, a variant
    /// with other `overrides`), in file order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pieces: Vec<VaslPiece>,
}

impl VaslRow {
    /// The value of `key` among the row's VASL `overrides` (`nat=ge|bkg=br|mgs=-/2`: `nat`
    /// is `ge`), trimmed; `None` when the row has no such override.
    pub fn override_value(&self, key: &str) -> Option<&str> {
        let overrides = self.columns.iter().find(|c| c.column == "overrides")?;
        let text = overrides.value.raw.as_str();
        text.split('|').find_map(|part| {
            let (k, v) = part.split_once('=')?;
            (k.trim() == key).then_some(v.trim())
        })
    }

    /// How many counters of the vehicle the sheets print: its row's `count` and each other
    /// piece's of the same values (a count of VASL's own marks, `Y/-/-/-`, is one); a
    /// variant's are its own ([`VaslPiece::variant`]).
    pub fn counters(&self) -> u16 {
        self.pieces
            .iter()
            .filter(|p| p.variant.is_none())
            .fold(self.copies.unwrap_or(1), |n, p| {
                n.saturating_add(p.row.copies.unwrap_or(1))
            })
    }
}

/// Another of VASL's pieces of a vehicle: a row of its own in VASL's file for another
/// counter, repeating the vehicle's name and listing values, or a variant of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct VaslPiece {
    /// Where the row is (its line places it among the vehicles when written back).
    pub span: Span,
    /// Its notes cell, plain, as published (VASL's own note ids included); its markup is in
    /// `row.markup` under `notes`.
    pub notes: Option<Field<String>>,
    /// Its own columns (`count`, `piece`, `overrides`, ...), markup, unread notes and caption.
    pub row: VaslRow,
    /// A variant of the vehicle VASL draws a counter of its own for (a row whose name is the
    /// vehicle's and a suffix, `w/ Opt AAMG`, `(American colored)`: docs/listings.md, "Variant
    /// rows"): its own name, id, listing values and counter (drawn, put into the module and
    /// printed `row.copies` times); no availability, no chart row, no note read. `null` for a
    /// piece repeating the vehicle's values (it prints the vehicle's counter), or a variant
    /// whose row holds an error.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<Box<Vehicle>>,
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

/// An entry of the notes cell that is not a note reference of the vehicle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct UnreadNote {
    /// Its place among the cell's entries (0 is the first).
    pub position: u16,
    /// The entry as printed, plain (`V`, `15v†`); its markup is in [`VaslRow::markup`] under
    /// the column `notes`, counted from the notes cell's start.
    pub note: Field<String>,
    /// Why it is not a note reference.
    pub why: UnreadWhy,
}

/// Why an entry of the notes cell is not a note reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum UnreadWhy {
    /// Struck through: the note does not apply to this vehicle.
    Struck,
    /// One of VASL's own note ids (`15v`, `9va`), not a note of the listing.
    VaslId,
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

#[cfg(test)]
mod formula_tests {
    use super::*;

    #[test]
    fn formulas_are_told_from_vasls_signed_values() {
        for formula in [
            "=HYPERLINK(\"http://x\")",
            "=cmd|' /C calc'!A0",
            "@SUM(A1)",
            "\t=1",
            "\r=1",
            "+cmd|' /C calc'!A0",
            "-2+3+HYPERLINK(\"x\")",
        ] {
            assert!(looks_like_formula(formula), "{formula:?}");
            assert_eq!(as_spreadsheet_text(formula), format!("'{formula}"));
        }
        for value in [
            "+1",
            "-4",
            "+F",
            "-F/+SR",
            "-<sup>R2</sup>†",
            "- <sup>R2</sup>",
            "-/3/-/-",
            "+1†",
            "",
            "2 (6)",
            "a=b",
            "'=x",
        ] {
            assert!(!looks_like_formula(value), "{value:?}");
            assert_eq!(as_spreadsheet_text(value), value);
        }
    }
}
