use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::Tenths;

/// A rarity factor (RF), exact to the tenth: `1.4` is `Rf(Tenths(14))`.
pub type Rf = Tenths;

/// The RF cell of the listing: one value or a range, as printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RfRange {
    /// The first number printed (`.9` in `.9-1.6`).
    pub first: Rf,
    /// The second number printed, when it is a range (`1.6` in `.9-1.6`).
    pub second: Option<Rf>,
}

impl RfRange {
    /// The smallest RF the range allows.
    pub fn min(&self) -> Rf {
        self.second.map_or(self.first, |s| s.min(self.first))
    }
    /// The largest RF the range allows.
    pub fn max(&self) -> Rf {
        self.second.map_or(self.first, |s| s.max(self.first))
    }
    /// True when a range is printed high-to-low (`1.6-1.3`).
    pub fn is_backwards(&self) -> bool {
        self.second.is_some_and(|s| s < self.first)
    }
    /// True when `rf` lies within the range.
    pub fn contains(&self, rf: Rf) -> bool {
        self.min() <= rf && rf <= self.max()
    }
}
