use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::Span;

/// A numbered note (1-28) of the vehicle notes or the ordnance notes, as resolved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct VehicleNote {
    /// The note number.
    pub number: u16,
    /// The title as printed ("AS 42, AS 42 aa & AS 42 cc").
    pub title: String,
    /// The vehicles (or, in the ordnance notes, the guns) the title names, as normalized.
    pub vehicles: Vec<String>,
    /// History paragraphs, verbatim.
    pub history: Vec<String>,
    /// The "†" rule bullets, verbatim (without the leading "†").
    pub rules: Vec<String>,
    /// The multi-applicable notes the "See also" line names.
    pub see_also: Vec<String>,
    /// Where the note is.
    pub span: Span,
}

/// A multi-applicable note (A-AA).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct MultiNote {
    /// The letter(s): "A" .. "AA".
    pub letter: String,
    /// The text, verbatim.
    pub text: String,
    /// Where the note is.
    pub span: Span,
}
