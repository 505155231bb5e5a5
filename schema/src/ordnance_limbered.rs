//! VASL's `limbered` column read: what its counter generator draws on a gun's limbered piece.
//! The piece starts as the gun's front; `no_fire` takes its armament away, the `key=value`
//! entries (split at `|`) replace one value each.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{Caliber, GunRange, GunTypeCode, Manhandling};

/// VASL's `limbered` column, read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "form", rename_all = "snake_case")]
pub enum VaslLimbered {
    /// `no_fire`: a limbered piece on which the gun cannot fire; VASL draws it without the
    /// armament (caliber, ROF, IFE, B#, range, gun type) and without a mount.
    NoFire,
    /// The values the limbered piece is drawn with instead of the front's, in printed order.
    Overrides {
        /// The entries.
        entries: Vec<LimberedOverride>,
    },
}

/// One `key=value` entry of the `limbered` column.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "key", rename_all = "snake_case")]
pub enum LimberedOverride {
    /// `ma=`: the caliber.
    Caliber {
        /// The caliber drawn.
        caliber: LimberedCaliber,
    },
    /// `mb=`: the breakdown number.
    Breakdown {
        /// The number drawn.
        breakdown: LimberedBreakdown,
    },
    /// `rof=`: the rate of fire; absent when the entry is empty (no ROF drawn).
    Rof {
        /// The rate.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rof: Option<u8>,
    },
    /// `ife=`: the IFE (`(4)` or `4`); absent when the entry is empty (no IFE drawn).
    Ife {
        /// The IFE.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ife: Option<u8>,
    },
    /// `range=`: the range drawn.
    Range {
        /// The range.
        range: LimberedRange,
    },
    /// `man=`: the manhandling number.
    Manhandling {
        /// The number and its weight (bold: red).
        manhandling: Manhandling,
    },
    /// `size=`: the target size.
    Size {
        /// The modifier.
        size: i8,
    },
    /// `mount=`: the mount code (`NT`).
    Mount {
        /// The code as printed.
        code: String,
    },
    /// `gt=`: the gun type drawn.
    GunType {
        /// The code as printed.
        code: GunTypeCode,
    },
}

/// A note mark VASL draws beside a value: its asterisks, whose meaning VASL's data
/// instructions give (both send the reader to a note: the listing's, or the counter back's),
/// drawn as the listing's dagger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum VaslStar {
    /// `[*]`: a five-lobed asterisk (the note is on the counter's back).
    FiveLobed,
    /// `<*>`: a six-lobed asterisk (the note is in the listing).
    SixLobed,
}

/// The value of an entry: the front's (`$$`, "the original field's value without its
/// daggers") or its own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "from", rename_all = "snake_case")]
pub enum FrontOr<T> {
    /// `$$`: the front's value.
    Front,
    /// A value of its own.
    Given {
        /// The value.
        value: T,
    },
}

/// `ma=<*>88L`, `ma=[*]20`, `ma=$$<*>`, `ma=<*><tspan …overline>105</tspan><*>`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct LimberedCaliber {
    /// The star before the caliber: its note mark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<VaslStar>,
    /// The caliber (its over- and underlines from VASL's spans).
    pub caliber: FrontOr<Caliber>,
    /// True when a six-lobed star follows the caliber: VASL draws it in the length's place,
    /// the caliber's `*` (`75*`).
    #[serde(default, skip_serializing_if = "crate::vehicle_values::is_false")]
    pub star: bool,
}

/// `mb=B11`, `mb=[*]B10`, `mb=B<i>10</i>^1+`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct LimberedBreakdown {
    /// The star before it: its note mark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<VaslStar>,
    /// The number.
    pub number: u8,
    /// True when printed in italics (VASL: low ammunition, drawn `B(10)`).
    #[serde(default, skip_serializing_if = "crate::vehicle_values::is_false")]
    pub low_ammo: bool,
    /// The superscript after `^` (`1+`), as printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub superscript: Option<String>,
}

/// `range=28`, `range=[16]TH@above_mgs@sz-2.5`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct LimberedRange {
    /// The range in hexes.
    pub range: GunRange,
    /// True when printed in brackets (`[16]`), as VASL prints it.
    #[serde(default, skip_serializing_if = "crate::vehicle_values::is_false")]
    pub bracketed: bool,
    /// Letters printed after it whose meaning no source we have gives (`TH`): kept as
    /// printed, not drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unexplained: Option<String>,
    /// VASL's drawing directions after `@` (a place, a font size), as printed; not drawn
    /// (the counter layout places the range).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drawing: Vec<String>,
}
