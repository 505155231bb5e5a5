//! Nationalities: the members of a nation folder that covers several of them under one set of
//! rules (a national section such as "Axis Minors" naming the Rumanian, Hungarian, ... troops).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{PublicationRef, Span};

/// One nationality of a group: its troops get every rule of the nation they belong to, and
/// the rules the publication states for it alone. Declared in `ob.toml` (`[[nationality]]`);
/// a scenario side names it (`nationality = "Rumanian"`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Nationality {
    /// Identifier, unique within the nation (`rumanian`).
    pub id: String,
    /// The name as the publication prints it ("Rumanian"); scenario sides may use it.
    pub name: String,
    /// What the publication states for this nationality alone, verbatim: printed on the cards
    /// of its sides as written, never turned into a check.
    pub rules: Vec<String>,
    /// Where the publication names it.
    pub source: PublicationRef,
    /// The entry in `ob.toml`.
    pub span: Span,
}
