//! A scenario resolved against the OB data: the document written to
//! `out/scenarios/<id>.json` and the input of the scenario card.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{Period, Rf, Span, TheaterId, YearMonth};

/// One scenario, its units checked and annotated against the OB data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Scenario {
    /// IR layout version ([`crate::SCHEMA_VERSION`]).
    pub schema_version: u32,
    /// Short identifier (the file name without `.toml`).
    pub id: String,
    /// Title.
    pub title: String,
    /// The month the scenario is set in.
    pub date: YearMonth,
    /// The theater it is set in.
    pub theater: TheaterId,
    /// Where it takes place, in words.
    pub location: String,
    /// The boards used, as named ("25", "26").
    pub boards: Vec<String>,
    /// Number of game turns.
    pub turns: u8,
    /// True when the scenario uses Desert VP (rule 177).
    pub desert_vp: bool,
    /// The sides, in the order the file gives them.
    pub sides: Vec<ScenarioSide>,
    /// Special scenario rules, in order.
    pub ssrs: Vec<String>,
    /// Victory conditions.
    pub victory: String,
    /// Aftermath: what happened; `null` when not written.
    pub aftermath: Option<String>,
    /// Facts about the whole scenario from the rules (e.g. rule 178).
    pub notes: Vec<CardNote>,
    /// The scenario file.
    pub source: String,
}

/// One side of a scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ScenarioSide {
    /// Display name ("Italian", "British").
    pub name: String,
    /// The nation's data id (`ita`); `null` for a free list without data.
    pub nation: Option<String>,
    /// The nationality of a nation group the side is (a [`crate::Nationality::id`]:
    /// `rumanian`); left out when the side names none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nationality: Option<String>,
    /// The nation's faction the side belongs to (a [`crate::Faction::id`]): it may use the
    /// vehicles restricted to it; `null` for none.
    pub faction: Option<String>,
    /// True when this side moves first.
    pub moves_first: bool,
    /// Set-up instructions.
    pub setup: Option<String>,
    /// Entry instructions.
    pub entry: Option<String>,
    /// The units, in file order.
    pub units: Vec<ScenarioUnit>,
    /// Desert VP of the side's Guns and vehicles (177); `null` when some vehicle's DVP is
    /// unknown (a free-list unit without `dvp`) or the scenario does not use DVP.
    pub dvp_total: Option<u32>,
    /// Facts about the side from the rules and data (197.1, 178, ...).
    pub notes: Vec<CardNote>,
}

/// A unit line of a side's OB: a counter type and how many.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ScenarioUnit {
    /// The name as written in the scenario.
    pub name: String,
    /// How many.
    pub count: u16,
    /// What kind of counter it is.
    pub kind: UnitKind,
    /// The vehicle id in the nation's data, when it is a vehicle with data.
    pub vehicle: Option<String>,
    /// The infantry unit id in the nation's data, when it is infantry with data.
    pub infantry: Option<String>,
    /// The gun id in the nation's data (its ordnance listing), when it is a Gun with data;
    /// absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ordnance: Option<String>,
    /// The turn it enters on; `null` when it sets up.
    pub enters: Option<u8>,
    /// Desert VP of one such unit (177); `null` when not a Gun/vehicle or unknown.
    pub dvp: Option<u16>,
    /// Variable DVP while its MA is Removed (177.2), when it has one.
    pub dvp_variable: Option<u16>,
    /// The availability entry for the scenario's theater and month, when the data has one.
    pub availability: Option<UnitAvailability>,
    /// Facts for the card: radio, HEAT, restricted use, red MP.
    pub notes: Vec<CardNote>,
    /// The unit's entry in the scenario file.
    pub span: Span,
}

/// What kind of counter a scenario unit is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum UnitKind {
    /// A vehicle.
    Vehicle,
    /// Infantry (squad, half-squad, crew, partisans).
    Infantry,
    /// A Gun.
    Gun,
    /// A leader.
    Leader,
    /// A support weapon.
    SupportWeapon,
    /// Anything else (a free-list unit of unstated kind).
    Other,
}

/// A unit's availability then and there.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct UnitAvailability {
    /// The period of the matching entry.
    pub period: Period,
    /// The rarity factor.
    pub rf: Rf,
    /// Where the entry comes from, in words ("note 8").
    pub source: String,
}

/// A fact printed on the card, with the rule it comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CardNote {
    /// What the fact is about.
    pub kind: CardNoteKind,
    /// The text printed.
    pub text: String,
    /// The rule or note it rests on ("178", "note 8", "181.21").
    pub rule: Option<String>,
}

/// The kinds of card notes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CardNoteKind {
    /// The rarity factor then and there.
    Rarity,
    /// Radioless (181.2).
    Radioless,
    /// HEAT availability (multi-applicable note H).
    Heat,
    /// Red MP (178).
    RedMp,
    /// Use restricted to one faction ("Fascist use only").
    RestrictedUse,
    /// Variable DVP (177.2).
    VariableDvp,
    /// A national rule (197.x).
    NationalRule,
    /// A fact the data cannot check (no availability data for a vehicle).
    Unchecked,
}
