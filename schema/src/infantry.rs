//! The infantry and national part of an OB (`<nation>/ob.toml`): squad types, ELR and battle
//! hardening, national rules. Only what the publication states; everything else is `null`.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::Span;

/// Where in the publication an entry is stated: the rule number and the lines.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PublicationRef {
    /// The rule number as printed ("197.21", "181.21").
    pub rule: String,
    /// First line of the publication text the entry rests on (1-based).
    pub line_from: u32,
    /// Last line (inclusive); equal to `line_from` for a one-line rule.
    pub line_to: u32,
}

/// The infantry of a nation.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Infantry {
    /// The quality classes the nation's rules name (Elite, 1st Line, ...), in `ob.toml` order.
    pub classes: Vec<InfantryClass>,
    /// The infantry unit types (squads, half-squads, crews, partisans), in `ob.toml` order.
    pub units: Vec<InfantryUnit>,
    /// What a unit becomes on ELR failure or battle hardening.
    pub replacements: Vec<Replacement>,
}

/// One infantry unit type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct InfantryUnit {
    /// Stable identifier (`4-4-7`, `conscript-squad`), used by scenarios and file names.
    pub id: String,
    /// Display name ("4-4-7", "Conscript squad").
    pub name: String,
    /// Squad, half-squad or crew; `null` when the publication does not say.
    pub kind: Option<InfantryKind>,
    /// Quality class (an [`InfantryClass::id`] of the nation); `null` when the publication
    /// does not say.
    pub class: Option<String>,
    /// The printed firepower-range-morale; `null` when the publication does not give it.
    pub rating: Option<SquadRating>,
    /// Whether the counter has a broken side; `null` when the publication does not say.
    pub has_broken_side: Option<bool>,
    /// The broken side's rating; `null` when not given (or there is no broken side).
    pub broken_rating: Option<SquadRating>,
    /// Troops the publication says the unit represents ("Bersaglieri").
    pub represents: Vec<String>,
    /// Rules the publication states for this unit, verbatim.
    pub rules: Vec<String>,
    /// True when the unit is available only by SSR (197.25).
    pub ssr_only: bool,
    /// Where the publication states it.
    pub source: PublicationRef,
    /// The entry in `ob.toml`.
    pub span: Span,
}

/// What an infantry counter is. An enum: the game system fixes the counter types (a squad,
/// its half-squad, a crew) for every nation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum InfantryKind {
    /// A squad (MMC).
    Squad,
    /// A half-squad (HS).
    HalfSquad,
    /// A crew.
    Crew,
}

impl InfantryKind {
    /// The word the rules use.
    pub fn label(self) -> &'static str {
        match self {
            InfantryKind::Squad => "squad",
            InfantryKind::HalfSquad => "half-squad",
            InfantryKind::Crew => "crew",
        }
    }
}

impl Infantry {
    /// The class a unit belongs to, when the unit names one the nation declares.
    pub fn class_of(&self, unit: &InfantryUnit) -> Option<&InfantryClass> {
        let id = unit.class.as_deref()?;
        self.classes.iter().find(|c| c.id == id)
    }
}

/// An infantry quality class, as a nation's rules name it. The classes are the nation's data,
/// not an enum: each OB names its own (the Italian rules have Elite, 1st Line, 2nd Line,
/// Conscript and Partisan, rules 197.21-197.25; another OB has Green or Guards).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct InfantryClass {
    /// Identifier units refer to (`elite`, `first_line`).
    pub id: String,
    /// The class as the rules print it ("Elite", "1st Line").
    pub name: String,
    /// Where the publication states it.
    pub source: PublicationRef,
    /// The entry in `ob.toml`.
    pub span: Span,
}

/// A printed infantry rating: firepower, normal range, morale (`4-4-7`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SquadRating {
    /// Firepower factor.
    pub firepower: u8,
    /// Normal range in hexes.
    pub range: u8,
    /// Morale level.
    pub morale: u8,
}

impl SquadRating {
    /// Parses `4-4-7`; `None` unless it is three numbers joined by hyphens.
    pub fn parse(text: &str) -> Option<Self> {
        let mut parts = text.trim().split('-').map(|p| p.parse::<u8>().ok());
        let r = SquadRating {
            firepower: parts.next()??,
            range: parts.next()??,
            morale: parts.next()??,
        };
        parts.next().is_none().then_some(r)
    }
}

impl fmt::Display for SquadRating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}-{}", self.firepower, self.range, self.morale)
    }
}

/// What makes one unit type turn into another. An enum: ELR failure and battle hardening are
/// the game system's two ways a unit changes type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReplacementEvent {
    /// The unit suffers an ELR failure.
    ElrFailure,
    /// The unit battle hardens.
    BattleHardening,
}

impl ReplacementEvent {
    /// The event in words.
    pub fn label(self) -> &'static str {
        match self {
            ReplacementEvent::ElrFailure => "ELR failure",
            ReplacementEvent::BattleHardening => "battle hardening",
        }
    }
}

/// A rules system a statement is limited to. An enum: the publications of the game family
/// (GI: Anvil of Victory, Cross of Iron / Crescendo of Doom) are a fixed set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum RulesSystem {
    /// GI: Anvil of Victory rules ("(GIA)" in the text).
    #[serde(rename = "GIA")]
    Gia,
    /// Cross of Iron / Crescendo of Doom rules ("COD").
    #[serde(rename = "COD")]
    Cod,
}

impl RulesSystem {
    /// The abbreviation as printed.
    pub fn code(self) -> &'static str {
        match self {
            RulesSystem::Gia => "GIA",
            RulesSystem::Cod => "COD",
        }
    }
}

/// "A `from` that suffers `event` is replaced by / becomes a `to`."
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Replacement {
    /// What happens to the unit.
    pub event: ReplacementEvent,
    /// The unit before (an [`InfantryUnit::id`]).
    pub from: String,
    /// The unit after (an [`InfantryUnit::id`]).
    pub to: String,
    /// The rules system the statement is limited to; `null` when it is not limited.
    pub system: Option<RulesSystem>,
    /// Where the publication states it.
    pub source: PublicationRef,
    /// The entry in `ob.toml`.
    pub span: Span,
}

/// A national rule of the OB.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct NationalRule {
    /// Identifier, unique within the nation (`red_to_hit`, `afv_radio`); the nation's own.
    pub id: String,
    /// The title as printed ("Support Weapons & Ordnance").
    pub title: String,
    /// The rule text, verbatim.
    pub text: String,
    /// Weapons the rule excepts (197.1: "ATR", "MG").
    pub except: Vec<String>,
    /// The rules system the rule is limited to; `null` when it is not limited.
    pub system: Option<RulesSystem>,
    /// The units a scenario card prints the rule for; `null`: every side of the nation.
    pub concerns: Option<RuleConcern>,
    /// What qm derives from the rule; `null` when it only prints it.
    pub effect: Option<RuleEffect>,
    /// Where the publication states it.
    pub source: PublicationRef,
    /// The entry in `ob.toml`.
    pub span: Span,
}

/// The units a national rule concerns, which decide whether a scenario card prints it. An
/// enum: the game system's unit categories, the same for every nation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RuleConcern {
    /// Ordnance: vehicles whose main armament is a gun (197.1's red To Hit numbers).
    Ordnance,
    /// Infantry units (deployment, surrender, PAAMC).
    Infantry,
    /// Armored fighting vehicles (AFV radios).
    Afv,
}

/// What qm computes from a national rule. An enum: each effect is code qm runs; which nation
/// has which effect is data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RuleEffect {
    /// Every AFV has a radio unless the listing's ® column marks it radioless (the Italian
    /// 181.21); without such a rule an AFV's radio is unknown unless its notes say.
    AfvRadio,
}
