//! Stable gpids: the committed registry `data-src/vassal-gpids.toml`.
//!
//! Every generated PieceSlot has a key (`<nation>/<vehicle id>`) and a gpid the registry fixes
//! for good: regenerating never renumbers, a retired vehicle keeps its number (so it is never
//! reused), and a new vehicle gets the next free number. `qm build` never writes into
//! `data-src/`: a vehicle missing from the registry is given the number `qm vassal gpids
//! --update` would give it (so the output is the same either way) and reported as a warning
//! (`vassal::gpid-missing`, an error with `--strict`); the maintainer runs the update and
//! commits the registry.

use std::collections::BTreeMap;
use std::path::Path;

use qm_parser::{Diagnostic, Severity};
use qm_schema::Nation;
use serde::Deserialize;

use super::VassalError;

/// The registry's file name inside the data directory.
pub const REGISTRY_FILE: &str = "vassal-gpids.toml";

/// The first gpid of an empty registry: high enough to stay clear of the small numbers a
/// hand-made module uses, which matters when merging into one.
pub const DEFAULT_FIRST: u32 = 1000;

/// The gpid registry: slot key -> gpid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GpidRegistry {
    /// The number the first slot gets.
    pub first: u32,
    /// Every slot key ever allocated, with its gpid.
    pub entries: BTreeMap<String, u32>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RegistryFile {
    #[serde(default)]
    first: Option<u32>,
    #[serde(default)]
    gpids: BTreeMap<String, u32>,
}

impl Default for GpidRegistry {
    fn default() -> Self {
        Self {
            first: DEFAULT_FIRST,
            entries: BTreeMap::new(),
        }
    }
}

/// The registry key of a vehicle's slot.
pub fn slot_key(nation_id: &str, vehicle_id: &str) -> String {
    format!("{nation_id}/{vehicle_id}")
}

/// Every slot key the nations need, in palette order: each nation's vehicles, then its
/// infantry.
pub fn slot_keys(nations: &[Nation]) -> Vec<String> {
    nations
        .iter()
        .flat_map(|n| {
            let vehicles = n.vehicles.iter().map(|v| slot_key(&n.id, &v.id));
            let infantry = n
                .infantry
                .units
                .iter()
                .map(|u| slot_key(&n.id, &super::images::infantry_piece_id(&u.id)));
            vehicles.chain(infantry)
        })
        .collect()
}

impl GpidRegistry {
    /// Reads `<data_dir>/vassal-gpids.toml`; `None` when the file does not exist.
    pub fn load(data_dir: &Path) -> Result<Option<Self>, VassalError> {
        let path = data_dir.join(REGISTRY_FILE);
        if !path.is_file() {
            return Ok(None);
        }
        let text = std::fs::read_to_string(&path)
            .map_err(|e| VassalError::new(format!("failed to read {} ({e})", path.display())))?;
        Self::parse(&text)
            .map(Some)
            .map_err(|e| VassalError::new(format!("failed to read {} ({e})", path.display())))
    }

    /// Parses a registry; numbers must be positive and unique.
    pub fn parse(text: &str) -> Result<Self, String> {
        let file: RegistryFile = toml::from_str(text).map_err(|e| e.message().to_string())?;
        let mut seen: BTreeMap<u32, &str> = BTreeMap::new();
        for (key, &gpid) in &file.gpids {
            if gpid == 0 {
                return Err(format!("gpid of {key:?} is 0; gpids start at 1"));
            }
            if let Some(other) = seen.insert(gpid, key) {
                return Err(format!(
                    "gpid {gpid} is given to both {other:?} and {key:?}"
                ));
            }
        }
        Ok(Self {
            first: file.first.unwrap_or(DEFAULT_FIRST).max(1),
            entries: file.gpids,
        })
    }

    /// The registry as committed: a header, `first`, and one line per slot in gpid order.
    pub fn to_toml(&self) -> String {
        let mut out = String::from(
            "# Stable VASSAL gpids, one per generated PieceSlot, keyed \"<nation>/<vehicle id>\".\n\
             # Never edit or reuse a number: saved games and merged modules refer to them.\n\
             # `qm vassal gpids --update` adds new vehicles; retired ones stay listed.\n",
        );
        out.push_str(&format!("first = {}\n\n[gpids]\n", self.first));
        let mut rows: Vec<(&u32, &String)> = self.entries.iter().map(|(k, v)| (v, k)).collect();
        rows.sort();
        for (gpid, key) in rows {
            out.push_str(&format!("{} = {gpid}\n", toml_key(key)));
        }
        out
    }

    /// The gpid of a slot key.
    pub fn get(&self, key: &str) -> Option<u32> {
        self.entries.get(key).copied()
    }

    /// The largest gpid ever given.
    pub fn max(&self) -> Option<u32> {
        self.entries.values().copied().max()
    }

    /// The number the next new slot gets: above every number ever given.
    pub fn next_free(&self) -> u32 {
        self.max().map_or(self.first, |m| (m + 1).max(self.first))
    }

    /// Gives every key without a gpid the next free number, in the order given; returns the
    /// keys that were added.
    pub fn allocate<'a>(&mut self, keys: impl IntoIterator<Item = &'a str>) -> Vec<String> {
        let mut added = Vec::new();
        for key in keys {
            if !self.entries.contains_key(key) {
                let gpid = self.next_free();
                self.entries.insert(key.to_string(), gpid);
                added.push(key.to_string());
            }
        }
        added
    }
}

fn toml_key(key: &str) -> String {
    let mut s = String::from("\"");
    for c in key.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

/// `qm check` / `qm build` findings about the registry: unreadable, or missing vehicles.
/// A data directory without a registry does not track gpids and gets no finding.
pub fn lint(data_dir: &Path, nations: &[Nation]) -> Vec<Diagnostic> {
    let registry = match GpidRegistry::load(data_dir) {
        Ok(Some(r)) => r,
        Ok(None) => return Vec::new(),
        Err(e) => {
            return vec![Diagnostic::new(
                Severity::Error,
                "vassal::gpid-registry",
                e.message,
                None,
            )]
        }
    };
    let missing: Vec<String> = slot_keys(nations)
        .into_iter()
        .filter(|k| registry.get(k).is_none())
        .collect();
    if missing.is_empty() {
        return Vec::new();
    }
    let mut d = Diagnostic::new(
        Severity::Warning,
        "vassal::gpid-missing",
        format!(
            "failed to find a committed gpid for {} piece{} ({})",
            missing.len(),
            if missing.len() == 1 { "" } else { "s" },
            missing.join(", ")
        ),
        None,
    )
    .with_help(format!(
        "run `qm vassal gpids --update` and commit {REGISTRY_FILE}; until then the build uses the numbers it would allocate"
    ));
    d.notes.push(format!(
        "registry: {}",
        data_dir.join(REGISTRY_FILE).display()
    ));
    vec![d]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocation_never_renumbers_and_never_reuses() {
        let mut r =
            GpidRegistry::parse("first = 10\n[gpids]\n\"ita/a\" = 10\n\"ita/old\" = 12\n").unwrap();
        let added = r.allocate(["ita/a", "ita/b", "ita/c"]);
        assert_eq!(added, ["ita/b", "ita/c"]);
        assert_eq!(r.get("ita/a"), Some(10));
        assert_eq!(r.get("ita/b"), Some(13), "above the retired ita/old");
        assert_eq!(r.get("ita/c"), Some(14));
        let again = GpidRegistry::parse(&r.to_toml()).unwrap();
        assert_eq!(again, r);
    }

    #[test]
    fn duplicate_numbers_are_rejected() {
        let e = GpidRegistry::parse("[gpids]\n\"a\" = 5\n\"b\" = 5\n").unwrap_err();
        assert!(e.contains("gpid 5"), "{e}");
        assert!(GpidRegistry::parse("[gpids]\n\"a\" = 0\n").is_err());
    }

    #[test]
    fn an_empty_registry_starts_at_first() {
        let mut r = GpidRegistry::default();
        r.allocate(["x/y"]);
        assert_eq!(r.get("x/y"), Some(DEFAULT_FIRST));
    }
}
