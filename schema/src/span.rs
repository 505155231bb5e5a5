use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Where a value came from: a byte range in one source file (as published, before errata).
#[derive(
    Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub struct Span {
    /// Source file, relative to the data directory (e.g. `ita/listing.tsv`).
    // Shared: every value of a listing carries its file's name, so a string each would be
    // most of a long listing's allocations.
    pub file: Arc<str>,
    /// Byte offset of the first byte.
    pub start: usize,
    /// Byte offset one past the last byte.
    pub end: usize,
    /// 1-based line of `start`.
    pub line: usize,
    /// 1-based column of `start`, counted in characters.
    pub col: usize,
}

/// One typed value with the text it was read from and where that text is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Field<T> {
    /// The typed value; `null` when the cell holds only a footnote mark ("†").
    pub value: Option<T>,
    /// True when the source marks the value with "†" (a rule in the vehicle's note applies).
    pub dagger: bool,
    /// The superscript number printed after the cell's dagger (`†¹`: which of the note's
    /// dagger rules applies); absent when none is printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub footnote: Option<u8>,
    /// A superscript printed right after the value (`28ᵗ`, `12³`), in plain characters;
    /// absent when none is printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub superscript: Option<String>,
    /// The cell text exactly as published (after errata).
    pub raw: String,
    /// Where the text is.
    pub span: Span,
}
