use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{
    Acceptance, AppliedErratum, Faction, Infantry, MultiNote, NationalRule, Nationality, Ordnance,
    Qualifier, Span, Vehicle, VehicleNote,
};

/// One nation's order of battle: the document written to `out/<nation>.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Nation {
    /// IR layout version ([`crate::SCHEMA_VERSION`]).
    pub schema_version: u32,
    /// Short identifier, the data folder's name (`ita`).
    pub id: String,
    /// Display name ("Italian").
    pub name: String,
    /// True for an Axis nation (rule 178: red MP in North Africa before 10/41).
    pub axis: bool,
    /// The publication the national data cites by rule and line, from `ob.toml`.
    pub publication: Option<String>,
    /// The source files read, relative to the data directory.
    pub sources: Vec<String>,
    /// Errata applied to the sources.
    pub errata: Vec<AppliedErratum>,
    /// Lint findings accepted as published.
    pub acceptances: Vec<Acceptance>,
    /// The vehicles, in listing order; empty for a nation whose data holds no vehicle listing
    /// (national rules only, such as a group of nationalities).
    pub vehicles: Vec<Vehicle>,
    /// The guns of the ordnance listing (`ordnance.tsv` or `ordnance.csv`), in listing order;
    /// left out when the nation has none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ordnance: Vec<Ordnance>,
    /// The numbered vehicle notes.
    pub notes: Vec<VehicleNote>,
    /// The multi-applicable vehicle notes.
    pub multi_notes: Vec<MultiNote>,
    /// The numbered ordnance notes (`ordnance-notes.md`), read as the vehicle notes are; left
    /// out when the nation has none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ordnance_notes: Vec<VehicleNote>,
    /// The multi-applicable ordnance notes; left out when the nation has none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ordnance_multi_notes: Vec<MultiNote>,
    /// The infantry: unit types, ELR replacements and battle hardening (`ob.toml`).
    pub infantry: Infantry,
    /// National rules (`ob.toml`), in file order.
    pub national_rules: Vec<NationalRule>,
    /// The factions some vehicles are restricted to (`ob.toml`), in file order.
    pub factions: Vec<Faction>,
    /// The nationalities the nation's rules cover (`ob.toml` `[[nationality]]`), in file
    /// order; left out when the nation is one nationality.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nationalities: Vec<Nationality>,
    /// Vehicles an error in their own data (listing row or note) leaves unresolved, each with
    /// the first such error; left out when there is none. Queries name them; `qm build
    /// --keep-going` leaves them out of `vehicles` and of every artifact.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unresolved: Vec<UnresolvedVehicle>,
}

/// A vehicle left unresolved by an error in its own data, or a listing row that made no
/// vehicle (`row`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct UnresolvedVehicle {
    /// The vehicle's id ([`Vehicle::id`]); empty for a row that made no vehicle.
    pub id: String,
    /// Its name, as the listing gives it.
    pub name: String,
    /// The error's code (`notes::unreadable-availability`).
    pub code: String,
    /// The error's message.
    pub message: String,
    /// Where the error is.
    pub source: Option<Span>,
    /// A listing row that made no vehicle (a value every vehicle needs is missing or
    /// unreadable, as in a turret's row, which prints no TYPE, RF or DATES): where it is. It
    /// is no vehicle, so it is in no answer, and any answer may lack it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub row: Option<Span>,
}

impl Nation {
    /// Every counter the nation's vehicles print, in listing order: each vehicle, then its
    /// VASL variants ([`Vehicle::variants`]). The one walk of the counters' artifacts (sides,
    /// sheets, the module's pieces).
    pub fn counter_vehicles(&self) -> impl Iterator<Item = &Vehicle> {
        self.vehicles
            .iter()
            .flat_map(|v| std::iter::once(v).chain(v.variants()))
    }

    /// The faction with this id.
    pub fn faction(&self, id: &str) -> Option<&Faction> {
        self.factions.iter().find(|f| f.id == id)
    }

    /// The name of the faction with this id, or the id when the nation has no such faction.
    pub fn faction_name<'a>(&'a self, id: &'a str) -> &'a str {
        self.faction(id).map_or(id, |f| f.name.as_str())
    }

    /// The names of factions as one phrase ("Crown", "Crown or Legion", "Crown, Legion or
    /// Militia").
    pub fn faction_names(&self, ids: &[&str]) -> String {
        let names: Vec<&str> = ids.iter().map(|id| self.faction_name(id)).collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names.concat(),
        }
    }

    /// A qualifier in words, the faction named as the data names it ("Fascist use only").
    pub fn qualifier_text(&self, q: &Qualifier) -> String {
        match q {
            Qualifier::RestrictedTo { .. } => {
                let ids = q.restricted_to().unwrap_or_default();
                format!("{} use only", self.faction_names(&ids))
            }
            Qualifier::KeptFrom { faction } => {
                format!("not for {} use", self.faction_name(faction))
            }
        }
    }
}
