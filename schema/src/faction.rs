//! Factions: parts of a nation's forces that some vehicles are restricted to.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::Span;

/// A part of a nation's forces the notes restrict some vehicles to ("Fascist use only": the
/// Italian Social Republic's forces). Declared in `ob.toml`; scenario sides name it by id.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Faction {
    /// Identifier scenario sides use (`faction = "fascist"`).
    pub id: String,
    /// The name cards print ("Fascist": "Fascist use only in 1/44-5/45").
    pub name: String,
    /// What the notes call it, as the X of "X use only" and "is limited to X only"
    /// ("Fascist", "Fascist Italians"); compared ignoring case and spacing.
    pub words: Vec<String>,
    /// The rule number that states it, when one does.
    pub rule: Option<String>,
    /// First line of the publication text naming it (1-based).
    pub line_from: u32,
    /// Last line (inclusive).
    pub line_to: u32,
    /// The entry in `ob.toml`.
    pub span: Span,
}
