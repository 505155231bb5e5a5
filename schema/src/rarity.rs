use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::Tenths;

/// A rarity factor (RF), exact to the tenth: `1.4` is `Rf(Tenths(14))`.
pub type Rf = Tenths;

/// The RF cell of the listing: one value or a range. Listings print a range in either order
/// ("1.2-1.4†" and "1.4-1.2†" are the same range); the cell's raw text keeps the printed order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RfRange {
    /// The smallest RF (`1.3` in `1.3-1.6` and in `1.6-1.3`); the value itself when one is
    /// printed.
    pub lower: Rf,
    /// The largest RF (`1.6` in `1.3-1.6` and in `1.6-1.3`); equal to `lower` when one value is
    /// printed.
    pub upper: Rf,
}

impl RfRange {
    /// The range between two printed values, in whichever order they were printed.
    pub fn between(a: Rf, b: Rf) -> Self {
        Self {
            lower: a.min(b),
            upper: a.max(b),
        }
    }
    /// A single printed value.
    pub fn single(rf: Rf) -> Self {
        Self::between(rf, rf)
    }
    /// The value, when the range is a single RF.
    pub fn as_single(&self) -> Option<Rf> {
        (self.lower == self.upper).then_some(self.lower)
    }
    /// True when `rf` lies within the range.
    pub fn contains(&self, rf: Rf) -> bool {
        self.lower <= rf && rf <= self.upper
    }
}
