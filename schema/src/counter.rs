use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::Span;

/// The text printed on a counter's two sides.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Counter {
    /// Front-side text from the listing's values, one entry per printed item.
    pub front: Vec<String>,
    /// Back-side notations exactly as quoted in the notes (e.g. `*REVx3`, `CE: +1RTCA`).
    pub back: Vec<String>,
    /// Every notation with where the notes put it and why.
    pub notations: Vec<Notation>,
}

/// A notation the notes say is printed on the counter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Notation {
    /// The text exactly as quoted.
    pub text: String,
    /// Which side it is printed on.
    pub side: CounterSide,
    /// True when the notes say it is printed in red.
    pub red: bool,
    /// The note ("12" or "A") that defines it.
    pub note: String,
    /// Where the quoted text is.
    pub span: Span,
}

/// A counter side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CounterSide {
    /// The front (the listing's values).
    Front,
    /// The reverse side.
    Back,
    /// The wreck side (the reverse of a vehicle counter).
    Wreck,
}
