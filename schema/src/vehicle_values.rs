//! Typed values of the vehicle listing's cells, one type per column grammar.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{Period, Tenths};

/// The DATES column: a period, written in one of the listing's forms.
pub type Dates = Period;

/// The AF (armor factor) column: `-4`, `-4 / -5`, `+1 / -2`, `-2/-2/`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Armor {
    /// The factors in printed order (front, then side when two are given).
    pub factors: Vec<i8>,
    /// True when the cell ends with a "/" after the last factor (printed so for the SMV
    /// M41M 90/53; the source does not say what it means).
    pub trailing_slash: bool,
}

/// A sign printed before the TA letters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Sign {
    /// `+`
    Plus,
    /// `-`
    Minus,
}

/// The TA column: `+F`, `+FS R`, `+SR`, `-F`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TargetAspect {
    /// The sign printed first.
    pub sign: Sign,
    /// Letter groups as printed, split at spaces (`+FS R` gives `["FS", "R"]`).
    pub groups: Vec<String>,
}

/// The GP (ground pressure) column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum GroundPressure {
    /// `L`: low.
    Low,
    /// `H`: high.
    High,
}

/// The T/Tur (turret) column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum TurretType {
    /// `1MT`: one-man turret.
    OneManTurret,
    /// `ST`: slow-traversing turret.
    SlowTurret,
    /// `NT`: non-turreted.
    NonTurreted,
    /// `T`: turreted (normal traverse).
    Turret,
}

impl TurretType {
    /// The code as printed.
    pub fn code(self) -> &'static str {
        match self {
            TurretType::OneManTurret => "1MT",
            TurretType::SlowTurret => "ST",
            TurretType::NonTurreted => "NT",
            TurretType::Turret => "T",
        }
    }
}

/// Where a weapon is mounted, from the letter(s) before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Mount {
    /// `T`: in the turret.
    Turret,
    /// `B`: in the hull (bow).
    Bow,
    /// `C`: coaxial.
    Coaxial,
    /// `AA`: on an anti-aircraft mount.
    AntiAircraft,
}

/// A gun's barrel-length class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum BarrelLength {
    /// No letter: short or normal barrel.
    Normal,
    /// `L`: long barrel.
    Long,
    /// `LL`: very long barrel.
    VeryLong,
}

/// What the main armament is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Weapon {
    /// A gun of the given caliber (mm) and barrel length.
    Gun {
        /// Caliber in millimetres.
        caliber_mm: u16,
        /// Barrel length class.
        length: BarrelLength,
    },
    /// A machine gun (`MG`).
    MachineGun,
    /// A flamethrower (`F`), with the number printed after it.
    Flamethrower {
        /// The number printed after `F` (e.g. 32 in `BF32`).
        rating: u16,
    },
}

/// The MA (main armament) column: `T37`, `B20L†`, `BF32`, `T65*†`, `CMG†`, `AAMG`, `MG†`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct MainArmament {
    /// Mount letter(s); `null` when none is printed (`MG`).
    pub mount: Option<Mount>,
    /// The weapon.
    pub weapon: Weapon,
    /// `*` after the caliber: limited ammunition.
    pub limited_ammo: bool,
}

/// The ROF column: `2`, `1(4)`, `3(4)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RateOfFire {
    /// The rate of fire.
    pub rof: u8,
    /// The number printed in parentheses, when any (e.g. 4 in `1(4)`).
    pub paren: Option<u8>,
}

/// The B# (breakdown number) column: `11`, `11†`, `B/X11†`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct BreakdownNumber {
    /// Letters printed before the number, split at "/" (`B/X11` gives `["B", "X"]`).
    pub letters: Vec<String>,
    /// The breakdown number.
    pub number: u8,
}

/// The IF column: printed as a symbol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum IfMark {
    /// `◆`
    Diamond,
}

/// One MG factor cell (B, C or AA): `4`, `2†`, `R4†`, `8R2`, `Opt2†`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct MgFactor {
    /// `Opt`: an optional MG (its availability has its own RF, given by a note).
    #[serde(default)]
    pub optional: bool,
    /// Firepower of the MG in this position, when printed without `R`.
    pub fp: Option<u8>,
    /// Firepower of the rear MG, when printed with `R` (`R4`, `8R2`).
    pub rear_fp: Option<u8>,
}

/// The SA (secondary armament) column: `B37`, `Opt2†`, `2†`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SecondaryArmament {
    /// `Opt`: optional (its availability has its own RF).
    pub optional: bool,
    /// Mount letter, when printed (`B` in `B37`).
    pub mount: Option<Mount>,
    /// The number printed: a caliber in mm for guns (`B37`), MG firepower otherwise.
    pub value: u16,
}

/// A special ammunition kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum AmmoKind {
    /// `H`: HEAT.
    Heat,
    /// `HE`: high explosive.
    He,
    /// `AP`: armor piercing.
    Ap,
}

/// The AM MO (special ammunition) column: `H7†`, `HE7`, `AP7`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SpecialAmmo {
    /// The kind.
    pub kind: AmmoKind,
    /// The depletion number.
    pub depletion: u8,
}

/// Whether a passenger capacity counts crews or squads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum PassengerUnit {
    /// `C`
    C,
    /// `S`
    S,
}

/// The # / PP column: what a vehicle carries or tows, printed as parts separated by "/"
/// ("1C/9PP", "4PP", "21PP", "4PP/T10"). Each part the cell prints is set; the others are
/// absent (left out of the JSON).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Capacity {
    /// Passengers: the count before `C` or `S` ("1" in "1C/9PP"); set together with `unit`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passengers: Option<u8>,
    /// What `passengers` counts: the letter after it, crews (`C`) or squads (`S`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<PassengerUnit>,
    /// Portage points: the count before `PP` ("9" in "1C/9PP").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pp: Option<u16>,
    /// The towing figure: the number after `T` ("10" in "4PP/T10").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub towing: Option<u16>,
}

impl Capacity {
    /// The parts as the listing prints them, passengers first: "1C/9PP", "4PP/T10".
    pub fn text(&self) -> String {
        let mut parts = Vec::new();
        if let (Some(n), Some(unit)) = (self.passengers, self.unit) {
            let letter = match unit {
                PassengerUnit::C => "C",
                PassengerUnit::S => "S",
            };
            parts.push(format!("{n}{letter}"));
        }
        if let Some(pp) = self.pp {
            parts.push(format!("{pp}PP"));
        }
        if let Some(t) = self.towing {
            parts.push(format!("T{t}"));
        }
        parts.join("/")
    }
}

/// A note reference in the Notes column: a number (`13`) or a multi-applicable letter (`AA`).
#[derive(
    Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(tag = "kind", content = "id", rename_all = "snake_case")]
pub enum NoteRef {
    /// A numbered vehicle note.
    Vehicle(u16),
    /// A multi-applicable note letter.
    Multi(String),
}

/// A weight in tons, exact to the tenth.
pub type Weight = Tenths;
