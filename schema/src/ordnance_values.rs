//! The values of an ordnance listing's cells (Chapter H's guns), one type per cell kind.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{Dagger, SpecialAmmoEntry};

/// The listing's Type column: a gun type code exactly as printed ("AT", "MTR"), defined in the
/// gun type registry (`data-src/registry/gun-types.toml`).
#[derive(
    Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(transparent)]
pub struct GunTypeCode(String);

impl GunTypeCode {
    /// The code `code`, as printed.
    pub fn new(code: impl Into<String>) -> Self {
        Self(code.into())
    }

    /// The code as printed.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The Type cell: one gun type, or two printed in one cell (a gun listed as both).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct GunTypes {
    /// The codes in printed order.
    pub codes: Vec<GunTypeCode>,
}

/// A mark printed on a caliber as the listing prints it; what it means is the notes' and the
/// rules' to say, so only its form is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CaliberMark {
    /// A line printed over the caliber.
    Overline,
    /// A line printed under the caliber.
    Underline,
}

/// The CSize cell: the caliber in mm (exact to the tenth: `12.7`), its barrel length letters
/// (`L`, `LL`) and the marks printed on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Caliber {
    /// The caliber as printed ("75", "12.7").
    pub mm: String,
    /// The barrel length letters after it ("", "L", "LL").
    pub length: String,
    /// The lines printed over or under the caliber's number, in printed order.
    pub marks: Vec<CaliberMark>,
    /// True when a `*` follows it.
    pub star: bool,
}

/// The ROF (IFE) cell: a rate of fire, maybe the IFE in parentheses (`3 (8)`), or a second
/// rate after "or" (`1 (or 3)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct GunRof {
    /// The rate of fire.
    pub rof: u8,
    /// The IFE, when printed in parentheses.
    pub ife: Option<u8>,
    /// The other rate printed as `(or 3)`.
    pub or: Option<u8>,
}

/// The Range cell: a maximum range in hexes (`120`), or a mortar's minimum and maximum
/// (`2-60`); a minimum printed in parentheses with its dagger (`(3)†-70`) is kept so.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct GunRange {
    /// The minimum range, for a range printed as two numbers.
    pub min: Option<u16>,
    /// True when the minimum is printed in parentheses.
    #[serde(default, skip_serializing_if = "crate::vehicle_values::is_false")]
    pub min_parenthesized: bool,
    /// The dagger printed after the minimum.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_dagger: Option<Dagger>,
    /// The maximum range.
    pub max: u16,
}

/// The M# cell: a manhandling number, printed bold (red in the publication) or plain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Manhandling {
    /// The number, maybe negative.
    pub number: i8,
    /// True when printed bold.
    pub bold: bool,
}

/// One item of the Special column, read into its typed form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "form", rename_all = "snake_case")]
pub enum SpecialItem {
    /// A code the rules define (`NT`, `T`, `QSU`, `NM`, `RFNM`, `h-d`, `IR`, `ST`, `no IF`),
    /// as printed.
    Code {
        /// The code.
        code: String,
        /// A superscript printed after it, in plain characters.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        superscript: Option<String>,
        /// Its dagger.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dagger: Option<Dagger>,
    },
    /// A phrase the listing prints as a rule note (`uses APCR TK Table`, `no Gunshield`).
    Phrase {
        /// The phrase as printed, without its dagger.
        text: String,
        /// Its dagger.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dagger: Option<Dagger>,
    },
    /// Special ammunition (`H6[9]`, `A4¹/5²/4³/3⁴`, `AP6`, `HE7`, `D5`, `C7`).
    Ammo {
        /// The entry.
        entry: SpecialAmmoEntry,
    },
    /// Smoke (`s8`) or white phosphorus (`WP7⁵`): the depletion number.
    Smoke {
        /// `s` or `WP`.
        kind: SmokeKind,
        /// The depletion number; absent when printed without one (`s†`).
        number: Option<u8>,
        /// A superscript printed after it, in plain characters.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        superscript: Option<String>,
        /// Its dagger.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dagger: Option<Dagger>,
    },
    /// Portage points (`5PP`), maybe dismantled (`5PP dm`), maybe both (`10PP (5PP dm)`).
    Portage {
        /// The PP.
        pp: u8,
        /// The PP dismantled, when printed.
        dismantled: Option<u8>,
        /// True when only the dismantled form is printed (`5PP dm`).
        #[serde(default, skip_serializing_if = "crate::vehicle_values::is_false")]
        dismantled_only: bool,
        /// Its dagger.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dagger: Option<Dagger>,
    },
    /// A To Kill DR modifier (`4 TK DR†`).
    TkDr {
        /// The modifier.
        number: i8,
        /// Its dagger.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dagger: Option<Dagger>,
    },
    /// A breakdown number the gun has in a mode (`IFE=B10`: when using IFE; `H=B12`) or alone
    /// (`B12³⁺†`).
    Breakdown {
        /// What it applies to (`IFE`, `H`); absent when printed alone.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        when: Option<String>,
        /// The number.
        number: u8,
        /// A superscript printed after it, in plain characters.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        superscript: Option<String>,
        /// Its dagger.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dagger: Option<Dagger>,
    },
    /// An AP To Kill number: `AP TK#18`, `TK#: 6`, or `“12” AP TK#` (printed in quotes).
    ApTk {
        /// The number.
        number: u8,
        /// True when printed in quotes before `AP TK#`.
        #[serde(default, skip_serializing_if = "crate::vehicle_values::is_false")]
        quoted: bool,
        /// Its dagger.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dagger: Option<Dagger>,
    },
    /// A value the listing labels in words (`AA Fire ROF 2`, `Road MP = 1`).
    Labelled {
        /// The label as printed, without `=` (`AA Fire ROF`, `Road MP`).
        label: String,
        /// The number.
        number: u8,
        /// Its dagger.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dagger: Option<Dagger>,
    },
    /// A name printed in quotes (`“British”†`): the gun is taken as that name says for the
    /// rules its note (the dagger's) gives.
    Quoted {
        /// The name inside the quotes, as printed.
        text: String,
        /// Its dagger.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dagger: Option<Dagger>,
    },
    /// A rule cited by its number (`B30.35†`: chapter letter, section, subsection), as the
    /// rules print their references.
    RuleRef {
        /// The rule's number as printed (`B30.35`).
        rule: String,
        /// Its dagger.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dagger: Option<Dagger>,
    },
    /// A capital letter and a number no source we have explains (`R2`): kept as printed,
    /// never given a meaning.
    Lettered {
        /// The letter (`R`).
        letter: String,
        /// The number (`2`).
        number: u8,
        /// A superscript printed after it, in plain characters.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        superscript: Option<String>,
        /// Its dagger.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dagger: Option<Dagger>,
    },
    /// A dagger printed alone as an item: a rule of the gun's note applies.
    Dagger {
        /// The dagger.
        dagger: Dagger,
    },
    /// The limbered-firing bracket `LF [88†, 1 ROF, B11, M4, -1]`: the values the gun fires
    /// with while limbered.
    Limbered {
        /// A dagger printed after `LF` (`LF† [INF]`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dagger: Option<Dagger>,
        /// The bracket's items in printed order.
        items: Vec<LimberedItem>,
    },
}

/// Smoke kinds of the Special column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum SmokeKind {
    /// `s`: smoke.
    #[serde(rename = "s")]
    Smoke,
    /// `WP`: white phosphorus.
    #[serde(rename = "WP")]
    WhitePhosphorus,
}

/// One item of a limbered-firing bracket.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "form", rename_all = "snake_case")]
pub enum LimberedItem {
    /// A caliber (`88†`, `88L†`, `20*`).
    Caliber {
        /// The caliber.
        caliber: Caliber,
        /// Its dagger.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dagger: Option<Dagger>,
    },
    /// `1 ROF`.
    Rof {
        /// The rate.
        rof: u8,
    },
    /// `4 IFE`.
    Ife {
        /// The IFE.
        ife: u8,
    },
    /// `B11`: the breakdown number.
    Breakdown {
        /// The number.
        number: u8,
        /// Its dagger.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dagger: Option<Dagger>,
    },
    /// `M4`: the manhandling number (bold or plain).
    Manhandling {
        /// The number and its weight.
        manhandling: Manhandling,
    },
    /// `-1`: the target size.
    TargetSize {
        /// The modifier.
        size: i8,
    },
    /// A mount or gun type code (`NT`, `T`, `INF`).
    Code {
        /// The code.
        code: String,
    },
}
