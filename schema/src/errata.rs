use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::Span;

/// A correction applied to the published source at load time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct AppliedErratum {
    /// The erratum's identifier in `errata.toml`.
    pub id: String,
    /// The text as published.
    pub find: String,
    /// The text used instead.
    pub replace: String,
    /// Why the published text is wrong.
    pub reason: String,
    /// What the correction is based on.
    pub source: String,
    /// Where the published text is.
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
