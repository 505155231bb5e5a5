//! Typed values of the vehicle listing's cells, one type per column grammar.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{Period, Tenths};

/// The DATES column: a period, written in one of the listing's forms.
pub type Dates = Period;

/// A dagger printed after a part of a cell ("11†/4": after the front factor), or after the
/// whole value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Dagger {
    /// The superscript number printed after the dagger (`†¹`): which of the note's dagger
    /// rules it points at; `null` when none is printed.
    pub footnote: Option<u8>,
}

/// One armor factor as printed: the number, and whether a sign was printed before it (`+1`,
/// `-4`) or not (`4`, `0`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ArmorValue {
    /// A number.
    Factor {
        /// The factor.
        factor: i8,
        /// True when the listing prints its sign (`+1`, `-4`, `+0`); an unsigned factor
        /// stays unsigned when printed.
        signed: bool,
    },
    /// `★`: the publication's star in place of a factor (the listing's footnotes say what
    /// it stands for).
    Star,
}

/// One part of an AF cell, split at "/": front, side, then a third facing when printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ArmorPart {
    /// The factor or star.
    pub value: ArmorValue,
    /// `T` after the value (`★T`, `6†T`): the part is the turret's.
    pub turret: bool,
    /// The dagger printed after this part (`11†/4` marks the front), if any.
    pub dagger: Option<Dagger>,
    /// True when the dagger is printed between the value and its `T` (`6†T`), false when
    /// after the `T` (`★T†`) or when there is no `T` or no dagger.
    #[serde(default, skip_serializing_if = "is_false")]
    pub dagger_before_turret: bool,
}

/// For serde: a `false` flag is left out of the JSON.
pub(crate) fn is_false(b: &bool) -> bool {
    !*b
}

/// The AF (armor factor) column: `-4`, `-4 / -5`, `+1 / -2`, `-2/-2/`, `11/8`, `4/1/★`,
/// `0/0/★T`, `6†T/3†T`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Armor {
    /// The parts in printed order (front, side, then a third facing when given).
    pub parts: Vec<ArmorPart>,
    /// True when the cell ends with a "/" after the last factor (printed so for the SMV
    /// M41M 90/53; the source does not say what it means).
    pub trailing_slash: bool,
}

impl Armor {
    /// The numeric factors, in printed order (stars left out).
    pub fn factors(&self) -> impl Iterator<Item = i8> + '_ {
        self.parts.iter().filter_map(|p| match p.value {
            ArmorValue::Factor { factor, .. } => Some(factor),
            ArmorValue::Star => None,
        })
    }
}

/// A sign printed before the TA letters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Sign {
    /// `+`
    Plus,
    /// `-`
    Minus,
}

/// One part of a TA cell, split at "/": a sign and letter groups (`-F`, `+FS R`), or the
/// star alone (`★`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TargetAspectPart {
    /// The sign printed first; `null` for the star.
    pub sign: Option<Sign>,
    /// Letter groups as printed, split at spaces (`+FS R` gives `["FS", "R"]`).
    pub groups: Vec<String>,
    /// True when the part is the star `★`.
    pub star: bool,
    /// The dagger printed after this part (`-F†/+SR`), if any.
    pub dagger: Option<Dagger>,
}

/// The TA column: `+F`, `+FS R`, `+SR`, `-F`, and two parts `-F/+SR` (front inferior, side and
/// rear superior), or `★`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TargetAspect {
    /// The parts in printed order.
    pub parts: Vec<TargetAspectPart>,
}

/// The GP (ground pressure) column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum GroundPressure {
    /// `L`: low.
    Low,
    /// `H`: high.
    High,
}

/// A turret type code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum TurretType {
    /// `1MT`: one-man turret.
    OneManTurret,
    /// `ST`: slow-traversing turret.
    SlowTurret,
    /// `RST`: restricted slow-traversing turret.
    RestrictedSlowTurret,
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
            TurretType::RestrictedSlowTurret => "RST",
            TurretType::NonTurreted => "NT",
            TurretType::Turret => "T",
        }
    }
}

/// The T/Tur (turret) column: one type (`1MT`, `RST`), or two joined by "-" (`T-NT`,
/// `1MT-NT`: the listing prints both, its notes say when each holds).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Turret {
    /// The types in printed order.
    pub types: Vec<TurretType>,
}

impl Turret {
    /// The cell as printed, without daggers: `T`, `T-NT`.
    pub fn code(&self) -> String {
        let codes: Vec<&str> = self.types.iter().map(|t| t.code()).collect();
        codes.join("-")
    }

    /// True when every printed type is `NT`.
    pub fn is_non_turreted(&self) -> bool {
        self.types.iter().all(|t| *t == TurretType::NonTurreted)
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
    /// `R`: rear-mounted (`R76*`; an MG after `R`: `8R2`).
    Rear,
    /// `S`: in a sponson (`SF24`; sponson MGs `S2×2`).
    Sponson,
}

impl Mount {
    /// The letter(s) as printed.
    pub fn code(self) -> &'static str {
        match self {
            Mount::Turret => "T",
            Mount::Bow => "B",
            Mount::Coaxial => "C",
            Mount::AntiAircraft => "AA",
            Mount::Rear => "R",
            Mount::Sponson => "S",
        }
    }
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

impl BarrelLength {
    /// The letters as printed.
    pub fn code(self) -> &'static str {
        match self {
            BarrelLength::Normal => "",
            BarrelLength::Long => "L",
            BarrelLength::VeryLong => "LL",
        }
    }
}

/// What the main or secondary armament is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Weapon {
    /// A gun of the given caliber (mm) and barrel length.
    Gun {
        /// Caliber in millimetres (the whole part: 12 in `12.7`).
        caliber_mm: u16,
        /// The digit after the decimal point of a caliber printed with one (7 in `T12.7`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        caliber_decimal: Option<u8>,
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
    /// An anti-tank rifle (`ATR`).
    AntiTankRifle,
    /// A bazooka (`BAZ`).
    Bazooka,
    /// A PIAT (`PIAT`).
    Piat,
    /// A demolition charge (`DC`), with the number the listing prints in brackets after it
    /// (16 in `DC[16]`) when it prints one.
    DemolitionCharge {
        /// The number in brackets.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bracketed: Option<u16>,
    },
    /// A bare number in the SA column (`2`, `Opt2`): what an MG factor is printed as.
    Firepower {
        /// The number.
        fp: u16,
    },
}

impl Weapon {
    /// The weapon as printed, without mount and marks: `37L`, `12.7`, `MG`, `F32`, `ATR`,
    /// `DC[16]`.
    pub fn code(&self) -> String {
        match self {
            Weapon::Gun {
                caliber_mm,
                caliber_decimal,
                length,
            } => match caliber_decimal {
                Some(d) => format!("{caliber_mm}.{d}{}", length.code()),
                None => format!("{caliber_mm}{}", length.code()),
            },
            Weapon::MachineGun => "MG".to_string(),
            Weapon::Flamethrower { rating } => format!("F{rating}"),
            Weapon::AntiTankRifle => "ATR".to_string(),
            Weapon::Bazooka => "BAZ".to_string(),
            Weapon::Piat => "PIAT".to_string(),
            Weapon::DemolitionCharge { bracketed } => match bracketed {
                Some(n) => format!("DC[{n}]"),
                None => "DC".to_string(),
            },
            Weapon::Firepower { fp } => fp.to_string(),
        }
    }
}

/// The MA (main armament) column: `T37`, `B20L†`, `BF32`, `T65*†`, `CMG†`, `AAMG`, `MG†`,
/// `T12.7`, `R76*`, `TATR`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct MainArmament {
    /// Mount letter(s); `null` when none is printed (`MG`).
    pub mount: Option<Mount>,
    /// The weapon.
    pub weapon: Weapon,
    /// `*` after the caliber: limited ammunition.
    pub limited_ammo: bool,
    /// The lines printed over or under the caliber's digits (VASL's underlined or overlined
    /// caliber), in printed order; empty when none (or when the listing does not say).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub caliber_marks: Vec<crate::CaliberMark>,
}

/// The ROF column: `2`, `1(4)`, `3 (4)`, `1 or 2`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RateOfFire {
    /// The rate of fire.
    pub rof: u8,
    /// The number printed in parentheses, when any (e.g. 4 in `1(4)`).
    pub paren: Option<u8>,
    /// The other rate after "or" (`1 or 2`), when printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub or: Option<u8>,
}

/// The B# (breakdown number) column: `11`, `11†`, `B/X11†`, `X12/9`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct BreakdownNumber {
    /// Letters printed before the number, split at "/" (`B/X11` gives `["B", "X"]`).
    pub letters: Vec<String>,
    /// The breakdown number.
    pub number: u8,
    /// A second breakdown number after "/" (9 in `X12/9`), when printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second: Option<u8>,
}

/// The IF column: printed as a symbol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum IfMark {
    /// `◆`
    Diamond,
}

/// One MG of an MG cell: `4`, `Opt2`, `4 or 6`, `2×2`, a rear `R2`, a sponson `S2×2`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct MgWeapon {
    /// `Opt`: an optional MG (its availability has its own RF, given by a note).
    pub optional: bool,
    /// Where it is mounted when the cell says so (`R`: rear, `S`: sponson); `null`: the
    /// column's own position (B, C or AA).
    pub mount: Option<Mount>,
    /// Its firepower.
    pub fp: u8,
    /// Other firepowers it may have instead, after "or" (6 in `4 or 6`).
    pub alternatives: Vec<u8>,
    /// How many such MGs (2 in `2×2`); `null` when one.
    pub count: Option<u8>,
    /// The dagger printed after it, if any.
    pub dagger: Option<Dagger>,
    /// Printed raised, as a superscript (VASL's `4<sup>R2</sup>`: a rear MG after the bow's);
    /// false when printed inline (`8R2`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub raised: bool,
}

/// One MG factor cell (B, C or AA): `4`, `2†`, `R4†`, `8R2`, `Opt2†`, `4 or 6`, `2×2`,
/// `4OptR2`, `Opt2S2×2`, `6; Opt4`, `-R2`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct MgFactor {
    /// The MGs in printed order.
    pub weapons: Vec<MgWeapon>,
    /// True when the cell prints "-" where the position's own factor would be (`-R2`: no MG
    /// in this position, a rear one).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dash: bool,
}

impl MgFactor {
    /// True when any of its MGs is optional.
    pub fn any_optional(&self) -> bool {
        self.weapons.iter().any(|w| w.optional)
    }
}

/// The SA (secondary armament) column: `B37`, `Opt2†`, `2†`, `BF30`, `T45L`, `B75*`,
/// `Opt BATR`, `BAZ`, `PIAT`, `45L×2`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SecondaryArmament {
    /// `Opt`: optional (its availability has its own RF).
    pub optional: bool,
    /// Mount letter, when printed (`B` in `B37`).
    pub mount: Option<Mount>,
    /// The weapon; a bare number (`2`) is [`Weapon::Firepower`].
    pub weapon: Weapon,
    /// `*` after the caliber (or before the mount, `*T75`): limited ammunition.
    pub limited_ammo: bool,
    /// How many such weapons (2 in `45L×2`); `null` when one.
    pub count: Option<u8>,
    /// True when a space is printed after `Opt` (`Opt BATR`): printed as published.
    #[serde(default, skip_serializing_if = "is_false")]
    pub spaced: bool,
    /// True when the `*` is printed before the mount (`*T75`) rather than after the caliber.
    #[serde(default, skip_serializing_if = "is_false")]
    pub star_first: bool,
    /// The lines printed over or under the caliber's digits, in printed order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub caliber_marks: Vec<crate::CaliberMark>,
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
    /// `A`: APCR.
    Apcr,
    /// `D`: APDS.
    Apds,
    /// `C`: canister.
    Canister,
    /// `IR`: infrared.
    Infrared,
}

impl AmmoKind {
    /// The letters as printed.
    pub fn code(self) -> &'static str {
        match self {
            AmmoKind::Heat => "H",
            AmmoKind::He => "HE",
            AmmoKind::Ap => "AP",
            AmmoKind::Apcr => "A",
            AmmoKind::Apds => "D",
            AmmoKind::Canister => "C",
            AmmoKind::Infrared => "IR",
        }
    }
}

/// One depletion number of a special ammunition entry, with the small mark printed after it
/// (the year digit `¹` of `A4¹/5²`, or another superscript such as `³⁺`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Depletion {
    /// The depletion number.
    pub number: u8,
    /// The superscript after it, in plain characters ("1", "3+", "S2+"); `null` when none.
    pub superscript: Option<String>,
}

/// One entry of the AM MO column: a kind, its depletion numbers by year, its dagger
/// (`H7`, `A4¹/5²`, `H†`, `H6[9]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SpecialAmmoEntry {
    /// The kind.
    pub kind: AmmoKind,
    /// A superscript printed right after the kind (`Aᴱ5`), in plain characters.
    pub kind_superscript: Option<String>,
    /// The depletion numbers in printed order, split at "/"; empty when the kind is printed
    /// without one (`H†`).
    pub depletions: Vec<Depletion>,
    /// A number printed in brackets after the depletion (9 in `H6[9]`).
    pub bracketed: Option<u8>,
    /// A superscript printed after the bracket (`H6[9]³⁺`), in plain characters.
    pub bracket_superscript: Option<String>,
    /// The dagger printed after the entry, if any.
    pub dagger: Option<Dagger>,
}

/// The AM MO (special ammunition) column: entries separated by ";" (`H7†`, `HE7`,
/// `HE7; D5/6`, `A4¹/5²`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SpecialAmmo {
    /// The entries in printed order.
    pub entries: Vec<SpecialAmmoEntry>,
}

/// Whether a passenger capacity counts crews or squads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum PassengerUnit {
    /// `C`
    C,
    /// `S`
    S,
}

/// What one part of a capacity cell gives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CapacityValue {
    /// Passengers: a count before `C` or `S` (`1C`, `2S`).
    Passengers {
        /// The count.
        count: u8,
        /// What it counts: crews (`C`) or squads (`S`).
        unit: PassengerUnit,
    },
    /// Portage points: a count before `PP` (`9PP`), or a sum of counts (`6+8PP`).
    Portage {
        /// The counts in printed order (one, or the addends of a sum).
        points: Vec<u16>,
    },
    /// The towing figure: the number after `T` (`T10`, `T-4`).
    Towing {
        /// The number, with its sign.
        number: i16,
    },
}

/// One part of a capacity cell, with what is printed after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CapacityPart {
    /// What the part gives.
    pub value: CapacityValue,
    /// A superscript printed after it (`T10⁴⁺`), in plain characters.
    pub superscript: Option<String>,
    /// The dagger printed after it (`9PP†/T8` marks the passengers), if any.
    pub dagger: Option<Dagger>,
}

/// The # / PP column: what a vehicle carries or tows, printed as parts separated by "/"
/// ("1C/9PP", "4PP", "21PP", "4PP/T10", "9PP†/T8", "13PP/T-4", "6+8PP"), each kind at most
/// once.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Capacity {
    /// The parts in printed order.
    pub parts: Vec<CapacityPart>,
    /// True when a dagger is printed before the whole cell (`†1C/5PP`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub leading_dagger: bool,
}

impl Capacity {
    /// The passengers and what they count, when printed.
    pub fn passengers(&self) -> Option<(u8, PassengerUnit)> {
        self.parts.iter().find_map(|p| match p.value {
            CapacityValue::Passengers { count, unit } => Some((count, unit)),
            _ => None,
        })
    }

    /// The portage points (the sum when printed as one), when printed.
    pub fn pp(&self) -> Option<u16> {
        self.parts.iter().find_map(|p| match &p.value {
            CapacityValue::Portage { points } => {
                Some(points.iter().fold(0u16, |a, b| a.saturating_add(*b)))
            }
            _ => None,
        })
    }

    /// The towing figure, when printed.
    pub fn towing(&self) -> Option<i16> {
        self.parts.iter().find_map(|p| match p.value {
            CapacityValue::Towing { number } => Some(number),
            _ => None,
        })
    }
}

/// The CS column: a crew survival number, or two split by "/" (`3/2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CrewSurvival {
    /// The number (the first when two are printed).
    pub number: u8,
    /// The second number after "/" (2 in `3/2`), when printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second: Option<u8>,
}

/// The ® column: the radioless mark, with the number printed after it (`®9`), if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Radioless {
    /// The number printed after ® (9 in `®9`); `null` when none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u8>,
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
    /// A vehicle note numbered with a decimal (`9.1`, `49.1`): its number and the digits
    /// after the point, as printed.
    Decimal(String),
    /// A lower-case note letter (`a`, `c`): a note of a series apart from the
    /// multi-applicable capitals.
    Lower(String),
}

impl NoteRef {
    /// The reference as printed: `13`, `AA`, `9.1`, `a`.
    pub fn label(&self) -> String {
        match self {
            NoteRef::Vehicle(n) => n.to_string(),
            NoteRef::Multi(s) | NoteRef::Decimal(s) | NoteRef::Lower(s) => s.clone(),
        }
    }
}

/// A weight in tons, exact to the tenth.
pub type Weight = Tenths;
