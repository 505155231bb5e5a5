//! A coordinate as the templates print it: a whole number the layout states as such (`3`,
//! the counter's margin) prints without a fraction, a measured one as the number it is
//! (`31.0`, `20.13`).

use serde::Serialize;

/// A coordinate, stated ([`Num::Int`]) or measured ([`Num::Float`]).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Num {
    /// A whole number the layout states.
    Int(i64),
    /// A measured number.
    Float(f64),
}

impl Num {
    /// The number's value.
    pub fn get(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        }
    }

    /// The larger of `self` and 0 (a box never has a negative side); a stated 0 when not
    /// positive.
    pub fn at_least_zero(v: f64) -> Self {
        if v > 0.0 {
            Num::Float(v)
        } else {
            Num::Int(0)
        }
    }
}
