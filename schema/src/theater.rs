use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A theater (area) of operations, by its id in the theater registry
/// (`data-src/registry/theaters.toml`: "NorthAfrica", "Tunisia", "Balkans", ...), or "Any": the
/// notes set no limit by theater for the entry.
#[derive(
    Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(transparent)]
pub struct TheaterId(String);

impl TheaterId {
    /// The reserved id of "any theater"; no registry entry may take it.
    pub const ANY: &'static str = "Any";

    /// The id `id`, as the registry spells it.
    pub fn new(id: impl Into<String>) -> Self {
        Self(id.into())
    }

    /// "Any": the entry holds wherever the nation fought.
    pub fn any() -> Self {
        Self(Self::ANY.to_string())
    }

    /// True for the reserved "Any".
    pub fn is_any(&self) -> bool {
        self.0 == Self::ANY
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for TheaterId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
