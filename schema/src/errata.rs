use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::Span;

/// A correction applied to the published source at load time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct AppliedErratum {
    /// The erratum's identifier in `errata.toml`.
    pub id: String,
    /// What the erratum changes: a piece of text, or cells of one listing row.
    #[serde(flatten)]
    pub change: ErratumChange,
    /// Why the published text is wrong.
    pub reason: String,
    /// What the correction is based on.
    pub source: String,
    /// The notes (as the listing's Notes column names them: "2", "B") the correction rests on;
    /// each is one the corrected row refers to.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// Where the published text is (for a cell erratum: the row's whole line).
    pub span: Span,
}

/// What an erratum changes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ErratumChange {
    /// One piece of text of a source file.
    Text {
        /// The text as published.
        find: String,
        /// The text used instead.
        replace: String,
    },
    /// Cells of one listing row, by column.
    Cells {
        /// The row's NAME as published.
        row: String,
        /// Each cell changed.
        cells: Vec<CellChange>,
    },
}

/// One listing cell an erratum changes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CellChange {
    /// The column's label ("MG B", "SA", "ROF").
    pub column: String,
    /// The cell as published (empty for a blank cell).
    pub find: String,
    /// The cell used instead (empty to blank it).
    pub replace: String,
    /// Where the published cell is (an empty range for a blank cell).
    pub span: Span,
}

/// A lint finding that is correct as published, silenced with a reason.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Acceptance {
    /// The lint code it silences.
    pub code: String,
    /// The vehicle it concerns, if any.
    pub vehicle: Option<String>,
    /// Why the finding is correct as published.
    pub reason: String,
}
