//! The vehicle type registry: the codes of the listings' TYPE column, read from
//! `vehicle-types.toml` files (see [`super::read_vehicle_types`]).

use std::collections::HashMap;

use qm_parser::TextSpan;
use qm_schema::VehicleTypeCode;

/// The silhouette drawn for a vehicle or gun type when a counter has no art. The renderer
/// draws each one, so the set is closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Silhouette {
    /// A turreted tank.
    Tank,
    /// A turretless AFV (assault gun, tank destroyer, SP gun).
    Turretless,
    /// A tankette.
    Tankette,
    /// An armored car.
    ArmoredCar,
    /// A halftrack.
    Halftrack,
    /// A truck or tractor.
    Truck,
    /// A (personnel) carrier.
    Carrier,
    /// A motorcycle.
    Motorcycle,
    /// A mortar (the gun types' classes follow: `gun-types.toml`).
    Mortar,
    /// An anti-tank gun: a long barrel low behind a shield, split trails.
    AtGun,
    /// A field gun, howitzer or infantry gun: a wheeled carriage, the barrel raised.
    FieldGun,
    /// An anti-aircraft gun: a barrel pointing up from a cruciform mount.
    AaGun,
    /// A recoilless gun on a light tripod or carriage.
    Recoilless,
    /// An anti-tank rifle on its bipod.
    AtRifle,
}

impl Silhouette {
    /// Every silhouette with its name in the registry files.
    pub const NAMES: [(&'static str, Silhouette); 14] = [
        ("tank", Silhouette::Tank),
        ("turretless", Silhouette::Turretless),
        ("tankette", Silhouette::Tankette),
        ("armored_car", Silhouette::ArmoredCar),
        ("halftrack", Silhouette::Halftrack),
        ("truck", Silhouette::Truck),
        ("carrier", Silhouette::Carrier),
        ("motorcycle", Silhouette::Motorcycle),
        ("mortar", Silhouette::Mortar),
        ("at_gun", Silhouette::AtGun),
        ("field_gun", Silhouette::FieldGun),
        ("aa_gun", Silhouette::AaGun),
        ("recoilless", Silhouette::Recoilless),
        ("at_rifle", Silhouette::AtRifle),
    ];

    /// Its name in the registry files ("armored_car"), which is also the name of the template
    /// that draws it (`counter/silhouettes/armored_car.svg`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Tank => "tank",
            Self::Turretless => "turretless",
            Self::Tankette => "tankette",
            Self::ArmoredCar => "armored_car",
            Self::Halftrack => "halftrack",
            Self::Truck => "truck",
            Self::Carrier => "carrier",
            Self::Motorcycle => "motorcycle",
            Self::Mortar => "mortar",
            Self::AtGun => "at_gun",
            Self::FieldGun => "field_gun",
            Self::AaGun => "aa_gun",
            Self::Recoilless => "recoilless",
            Self::AtRifle => "at_rifle",
        }
    }
}

/// One vehicle type of the registry.
#[derive(Debug, Clone, PartialEq)]
pub struct VehicleTypeEntry {
    /// The code as printed ("MT", "tr"); case-sensitive.
    pub code: String,
    /// Singular name ("medium tank").
    pub name: String,
    /// The chart's and palette's heading it is listed under ("Medium tanks").
    pub group: String,
    /// True for an armored fighting vehicle (radio, variable DVP and the VASSAL prototype
    /// depend on it).
    pub afv: bool,
    /// The silhouette drawn when a counter has no art.
    pub class: Silhouette,
    /// Where the entry (or a nation's override of it) is defined.
    pub span: TextSpan,
}

/// The vehicle types, in file order; their groups in order of first appearance.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct VehicleTypeRegistry {
    pub(crate) types: Vec<VehicleTypeEntry>,
    pub(crate) by_code: HashMap<String, usize>,
}

impl VehicleTypeRegistry {
    /// Every type, in file order.
    pub fn types(&self) -> &[VehicleTypeEntry] {
        &self.types
    }

    /// The type with exactly this (single) code.
    pub fn get(&self, code: &str) -> Option<&VehicleTypeEntry> {
        self.by_code.get(code).map(|&i| &self.types[i])
    }

    /// The type a listing code stands for: a plain code's entry, or for a combined code
    /// ("AG/TD") its first part's, when every part is known. `None` for an unknown code.
    pub fn resolve(&self, code: &VehicleTypeCode) -> Option<&VehicleTypeEntry> {
        if code.parts().any(|p| self.get(p).is_none()) {
            return None;
        }
        code.parts().next().and_then(|p| self.get(p))
    }

    /// The name of a listing code: "medium tank"; a combined code's parts' names joined by
    /// " / " ("assault gun / tank destroyer"); `None` for an unknown code.
    pub fn name(&self, code: &VehicleTypeCode) -> Option<String> {
        let names: Option<Vec<&str>> = code
            .parts()
            .map(|p| self.get(p).map(|t| t.name.as_str()))
            .collect();
        names.map(|n| n.join(" / "))
    }

    /// True when the code's type is an AFV (a combined code: its first part's); false for an
    /// unknown code, which the resolver has warned about.
    pub fn is_afv(&self, code: &VehicleTypeCode) -> bool {
        self.resolve(code).is_some_and(|t| t.afv)
    }

    /// The group headings in order of first appearance in the files.
    pub fn groups(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for t in &self.types {
            if !out.contains(&t.group.as_str()) {
                out.push(&t.group);
            }
        }
        out
    }

    /// The group a listing code is charted under (a combined code: its first part's).
    pub fn group_of(&self, code: &VehicleTypeCode) -> Option<&str> {
        self.resolve(code).map(|t| t.group.as_str())
    }

    /// The codes closest to `wanted`, best first: codes differing only in case ("hT" gives
    /// "ht" and "HT") before those one or two edits away.
    pub fn suggest(&self, wanted: &str) -> Vec<&str> {
        // Every code is short; a long cell cannot be a typo of one, and comparing it would
        // cost time for nothing.
        if wanted.len() > 12 {
            return Vec::new();
        }
        let same_case: Vec<&str> = self
            .types
            .iter()
            .map(|t| t.code.as_str())
            .filter(|c| c.eq_ignore_ascii_case(wanted))
            .collect();
        if !same_case.is_empty() {
            return same_case;
        }
        let mut scored: Vec<(usize, &str)> = self
            .types
            .iter()
            .map(|t| (strsim::levenshtein(wanted, &t.code), t.code.as_str()))
            .filter(|(d, _)| *d <= 2)
            .collect();
        scored.sort_by_key(|(d, _)| *d);
        let best = scored.first().map(|(d, _)| *d);
        scored
            .into_iter()
            .filter(|(d, _)| Some(*d) == best)
            .take(3)
            .map(|(_, c)| c)
            .collect()
    }
}
