use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An exact decimal with one fractional digit, stored as tenths (14 means 1.4).
///
/// Rarity factors and weights are printed with one decimal; keeping them as integers means
/// they are compared and summed exactly. JSON carries them as plain numbers (`1.4`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Tenths(pub u32);

impl Tenths {
    /// The value as a float, for printing and JSON only.
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl fmt::Display for Tenths {
    /// Always one decimal, as rarity factors are printed: `1.4`, `1.0`, `0.9`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

impl Serialize for Tenths {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.as_f64())
    }
}

impl<'de> Deserialize<'de> for Tenths {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = f64::deserialize(d)?;
        let t = (v * 10.0).round();
        if !(0.0..=f64::from(u32::MAX)).contains(&t) || (t - v * 10.0).abs() > 1e-6 {
            return Err(serde::de::Error::custom(format!(
                "{v} is not a number of tenths"
            )));
        }
        Ok(Tenths(t as u32))
    }
}

impl JsonSchema for Tenths {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Tenths".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "number",
            "minimum": 0,
            "description": "A decimal with one fractional digit (e.g. 1.4)."
        })
    }
}
