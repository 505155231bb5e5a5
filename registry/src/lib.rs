//! Registries: the open sets of values that grow with every nation — theaters (with their
//! parts and groups) and vehicle types — and the game system's rules that depend on a
//! scenario's theater and month, read from data, never written into code.
//!
//! The shared files (`registry/theaters.toml`, `registry/vehicle-types.toml`) are read first;
//! a nation's own `theaters.toml` / `vehicle-types.toml` then add to a copy of them for that
//! nation ([`Registries::with_nation`]). Resolution and queries take the result as a plain
//! `&Registries`.
//!
//! Below load and resolve alike (both read the registries), with what both also share: names
//! as users and notes write them ([`names`]), hand-written TOML read with spans ([`spanned`])
//! and months as users type them ([`month`]).

pub mod colours;
mod colours_file;
mod gun_types;
mod key;
pub mod month;
pub mod names;
mod nation_theaters;
pub mod spanned;
mod system_rules;
mod system_rules_file;
mod theaters;
mod theaters_file;
mod vehicle_types;
mod vehicle_types_file;

#[cfg(test)]
mod tests;

pub use colours::{Colour, ColourRegistry, ColourSpec, CounterColours, NationalityColours};
pub use colours_file::{read_colours, SpecToml};
pub use gun_types::{read_gun_types, GunTypeEntry, GunTypeRegistry, RangeForm};
pub use key::theater_key;
pub use nation_theaters::NationTheaters;
pub use system_rules::{Alliance, RedMpRule, SystemRules};
pub use system_rules_file::read_system_rules;
pub use theaters::{TheaterEntry, TheaterGroup, TheaterName, TheaterRegistry};
pub use theaters_file::read_theaters;
pub use vehicle_types::{Silhouette, VehicleTypeEntry, VehicleTypeRegistry};
pub use vehicle_types_file::{read_vehicle_types, TypesLayer};

use qm_parser::{Diagnostic, FileId, SourceMap};

/// The theater and vehicle type registries one nation's data is read with, and the game
/// system's rules.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Registries {
    /// Theaters and groups of theaters.
    pub theaters: TheaterRegistry,
    /// Vehicle types.
    pub types: VehicleTypeRegistry,
    /// Game-system rules (rule 178's red MP); shared by every nation.
    pub rules: SystemRules,
    /// Gun types of the ordnance listings; shared by every nation.
    pub guns: GunTypeRegistry,
    /// The nationalities' counter colours; shared by every nation.
    pub colours: ColourRegistry,
}

impl Registries {
    /// Reads the shared registry files.
    pub fn read(
        map: &SourceMap,
        theaters: FileId,
        types: FileId,
        diags: &mut Vec<Diagnostic>,
    ) -> Self {
        let mut r = Self::default();
        read_theaters(&mut r.theaters, map, theaters, diags);
        read_vehicle_types(&mut r.types, map, types, TypesLayer::Shared, diags);
        r
    }

    /// Adds the game-system rules of `file` (a `rules.toml`), whose theaters must be
    /// registered already.
    pub fn read_rules(&mut self, map: &SourceMap, file: FileId, diags: &mut Vec<Diagnostic>) {
        read_system_rules(&mut self.rules, &self.theaters, map, file, diags);
    }

    /// Adds the gun types of `file` (a `gun-types.toml`).
    pub fn read_guns(&mut self, map: &SourceMap, file: FileId, diags: &mut Vec<Diagnostic>) {
        read_gun_types(&mut self.guns, map, file, diags);
    }

    /// Reads the counter colours of `file` (a `colours.toml`).
    pub fn read_colours(&mut self, map: &SourceMap, file: FileId, diags: &mut Vec<Diagnostic>) {
        read_colours(&mut self.colours, map, file, diags);
    }

    /// A copy with a nation's own files added: new theaters and groups (an id or name the
    /// shared file has is an error), new vehicle types and overrides of shared ones.
    pub fn with_nation(
        &self,
        map: &SourceMap,
        theaters: Option<FileId>,
        types: Option<FileId>,
        diags: &mut Vec<Diagnostic>,
    ) -> Self {
        let mut r = self.clone();
        if let Some(f) = theaters {
            read_theaters(&mut r.theaters, map, f, diags);
        }
        if let Some(f) = types {
            read_vehicle_types(&mut r.types, map, f, TypesLayer::Nation, diags);
        }
        r
    }
}

/// Where each nation's registries are found: a loaded data directory (each nation's own), or
/// one set of registries for every nation.
pub trait NationRegistries {
    /// The registries nation `id` is read with (the shared ones for an unknown id).
    fn registries_of(&self, id: &str) -> &Registries;
}

impl NationRegistries for Registries {
    fn registries_of(&self, _id: &str) -> &Registries {
        self
    }
}
