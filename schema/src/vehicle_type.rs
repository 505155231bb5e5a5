use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The listing's TYPE column: a vehicle type code exactly as printed ("MT", "tr", "AG/TD"),
/// defined in the vehicle type registry (`data-src/registry/vehicle-types.toml`). Codes are
/// case-sensitive: `ht` (halftrack) is not `HT` (heavy tank). A combined code ("AG/TD") is read
/// as its parts.
#[derive(
    Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(transparent)]
pub struct VehicleTypeCode(String);

impl VehicleTypeCode {
    /// The code `code`, as printed.
    pub fn new(code: impl Into<String>) -> Self {
        Self(code.into())
    }

    /// The code as printed.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The codes it is made of: "AG/TD" gives "AG" and "TD"; a plain code gives itself.
    pub fn parts(&self) -> impl Iterator<Item = &str> {
        self.0.split('/')
    }
}

impl fmt::Display for VehicleTypeCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
