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

use qm_parser::{Diagnostic, Severity, Source, SourceMap, TextSpan};
use qm_schema::Nation;
use serde::Deserialize;

use super::files::{FileRead, ModuleFile, ModuleFiles};
use super::ModuleFileError;
use crate::diagnostics::Escaped;

pub use super::files::REGISTRY_FILE;

/// The first gpid of an empty registry: high enough to stay clear of the small numbers a
/// hand-made module uses, which matters when merging into one.
pub const DEFAULT_FIRST: u32 = 1000;

/// The largest gpid qm gives: VASSAL keeps `nextPieceSlotId` (one above every gpid) in a Java
/// `int`, so no gpid may pass `i32::MAX - 1`.
pub const MAX_GPID: u32 = i32::MAX as u32 - 1;

/// A registry that cannot be used: unreadable, wrong, or out of numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GpidError {
    /// What is wrong.
    pub kind: GpidErrorKind,
}

/// What is wrong with a gpid registry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GpidErrorKind {
    /// The TOML does not parse or has unknown keys.
    Syntax(String),
    /// A slot has gpid 0.
    Zero {
        /// The slot key.
        key: String,
    },
    /// Two slots share a gpid.
    Duplicate {
        /// The shared number.
        gpid: u32,
        /// The slots.
        keys: (String, String),
    },
    /// `first` or a gpid is above [`MAX_GPID`].
    TooLarge {
        /// The key of the slot whose gpid it is; `None` for `first`.
        key: Option<String>,
        /// The number.
        gpid: u64,
    },
    /// No number is left above the largest one given for a new slot.
    Exhausted {
        /// The slot that needs a number.
        key: String,
    },
}

impl std::fmt::Display for GpidError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.kind {
            GpidErrorKind::Syntax(m) => f.write_str(m),
            GpidErrorKind::Zero { key } => write!(f, "gpid of {key:?} is 0; gpids start at 1"),
            GpidErrorKind::Duplicate { gpid, keys } => {
                write!(f, "gpid {gpid} is given to both {:?} and {:?}", keys.0, keys.1)
            }
            GpidErrorKind::TooLarge { key: None, gpid } => write!(
                f,
                "first is {gpid}, above the largest gpid VASSAL can take ({MAX_GPID})"
            ),
            GpidErrorKind::TooLarge { key: Some(key), gpid } => write!(
                f,
                "the gpid of {key:?} is {gpid}, above the largest gpid VASSAL can take ({MAX_GPID})"
            ),
            GpidErrorKind::Exhausted { key } => write!(
                f,
                "no gpid is left for {key:?}: numbers are given above the largest one, which is already {MAX_GPID}"
            ),
        }
    }
}

impl std::error::Error for GpidError {}

impl From<GpidErrorKind> for GpidError {
    fn from(kind: GpidErrorKind) -> Self {
        Self { kind }
    }
}

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
    // Read wide so that a number past u32 is reported as too large, not as a type error.
    #[serde(default)]
    first: Option<u64>,
    #[serde(default)]
    gpids: BTreeMap<String, u64>,
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

/// Every slot key the nations need, in palette order: each nation's vehicles (each followed
/// by its VASL variants), then its guns, then its infantry.
pub fn slot_keys(nations: &[Nation]) -> Vec<String> {
    nations
        .iter()
        .flat_map(|n| {
            let vehicles = n.counter_vehicles().map(|v| slot_key(&n.id, &v.id));
            let guns = n.ordnance.iter().map(|g| slot_key(&n.id, &g.id));
            let infantry = n
                .infantry
                .units
                .iter()
                .map(|u| slot_key(&n.id, &infantry_piece_id(&u.id)));
            vehicles.chain(guns).chain(infantry)
        })
        .collect()
}

impl GpidRegistry {
    /// The registry in `file` (`vassal-gpids.toml` as the load stage read it); `None` when
    /// there is none.
    pub fn from_file(file: &ModuleFile) -> Result<Option<Self>, ModuleFileError> {
        let bytes = match &file.read {
            FileRead::Absent => return Ok(None),
            FileRead::Unreadable(e) => return Err(ModuleFileError::new(e.to_string())),
            FileRead::Bytes(b) => b,
        };
        let path = &file.path;
        let text = std::str::from_utf8(bytes).map_err(|_| {
            ModuleFileError::new(format!("failed to read {} (not UTF-8)", path.escaped()))
        })?;
        Self::parse(text)
            .map(Some)
            .map_err(|e| ModuleFileError::new(format!("failed to read {} ({e})", path.escaped())))
    }

    /// Parses a registry; numbers must be positive, unique and at most [`MAX_GPID`].
    pub fn parse(text: &str) -> Result<Self, GpidError> {
        let file: RegistryFile =
            toml::from_str(text).map_err(|e| GpidErrorKind::Syntax(e.message().to_string()))?;
        let first = file.first.unwrap_or(u64::from(DEFAULT_FIRST)).max(1);
        let first = small(first, None)?;
        let mut seen: BTreeMap<u32, &str> = BTreeMap::new();
        let mut entries = BTreeMap::new();
        for (key, &gpid) in &file.gpids {
            if gpid == 0 {
                return Err(GpidErrorKind::Zero { key: key.clone() }.into());
            }
            let gpid = small(gpid, Some(key))?;
            if let Some(other) = seen.insert(gpid, key) {
                let keys = (other.to_string(), key.clone());
                return Err(GpidErrorKind::Duplicate { gpid, keys }.into());
            }
            entries.insert(key.clone(), gpid);
        }
        Ok(Self { first, entries })
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

    /// The number the next new slot gets: above every number ever given; `None` when that
    /// would pass [`MAX_GPID`] (a number is never reused, so none is left).
    pub fn next_free(&self) -> Option<u32> {
        let next = match self.max() {
            Some(m) => m.checked_add(1)?.max(self.first),
            None => self.first,
        };
        (next <= MAX_GPID).then_some(next)
    }

    /// `nextPieceSlotId`: one above every gpid given (at most `MAX_GPID + 1`, a Java int).
    pub fn next_piece_slot_id(&self) -> u32 {
        self.max()
            .map_or(self.first, |m| m.saturating_add(1).max(self.first))
    }

    /// Gives every key without a gpid the next free number, in the order given; returns the
    /// keys that were added. Fails, changing nothing, when the numbers run out.
    pub fn allocate<'a>(
        &mut self,
        keys: impl IntoIterator<Item = &'a str>,
    ) -> Result<Vec<String>, GpidError> {
        let mut grown = self.clone();
        let mut added = Vec::new();
        for key in keys {
            if !grown.entries.contains_key(key) {
                let gpid = grown.next_free().ok_or_else(|| GpidErrorKind::Exhausted {
                    key: key.to_string(),
                })?;
                grown.entries.insert(key.to_string(), gpid);
                added.push(key.to_string());
            }
        }
        *self = grown;
        Ok(added)
    }
}

/// The registry file `existing` with the `added` slots appended to its `[gpids]` table (as
/// `registry` numbers them), everything else (comments, order, layout) as it was.
pub fn updated_text(
    existing: &str,
    registry: &GpidRegistry,
    added: &[String],
) -> Result<String, GpidError> {
    let mut doc: toml_edit::DocumentMut = existing
        .parse()
        .map_err(|e: toml_edit::TomlError| GpidErrorKind::Syntax(e.message().to_string()))?;
    let table = doc
        .entry("gpids")
        .or_insert_with(|| toml_edit::Item::Table(toml_edit::Table::new()))
        .as_table_like_mut()
        .ok_or_else(|| GpidErrorKind::Syntax("`gpids` is not a table".into()))?;
    for key in added {
        let gpid = registry
            .get(key)
            .ok_or_else(|| GpidErrorKind::Exhausted { key: key.clone() })?;
        table.insert(key, toml_edit::value(i64::from(gpid)));
    }
    Ok(doc.to_string())
}

/// A number of the file as a gpid: at most [`MAX_GPID`].
fn small(n: u64, key: Option<&String>) -> Result<u32, GpidError> {
    u32::try_from(n)
        .ok()
        .filter(|&g| g <= MAX_GPID)
        .ok_or_else(|| {
            GpidErrorKind::TooLarge {
                key: key.cloned(),
                gpid: n,
            }
            .into()
        })
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

/// `qm check` / `qm build` findings about the registry (`files`: the module's files as the
/// load stage read them): missing, unreadable, out of numbers, or lacking vehicles. An
/// unusable registry is reported at its place in the file (the file is added to `sources`):
/// the entry at fault, or the largest one when the numbers run out.
pub fn lint(files: &ModuleFiles, sources: &mut SourceMap, nations: &[Nation]) -> Vec<Diagnostic> {
    let file = &files.gpids;
    let registry = match GpidRegistry::from_file(file) {
        Ok(Some(r)) => r,
        // A data directory that configures a module (vassal.toml) publishes it: without the
        // registry every build numbers the pieces afresh, and a new vehicle would shift other
        // pieces' numbers under saved games.
        Ok(None) if !nations.is_empty() && files.config.exists() => {
            return vec![Diagnostic::new(
                Severity::Warning,
                "vassal::no-gpid-registry",
                format!(
                    "failed to find {REGISTRY_FILE} beside vassal.toml (the module's gpids are not kept from build to build)"
                ),
                None,
            )
            .with_help(format!(
                "run `qm vassal gpids --update` and commit {REGISTRY_FILE}"
            ))]
        }
        Ok(None) => return Vec::new(),
        Err(e) => return vec![registry_error(e, sources, file)],
    };
    let missing: Vec<String> = slot_keys(nations)
        .into_iter()
        .filter(|k| registry.get(k).is_none())
        .collect();
    if missing.is_empty() {
        return Vec::new();
    }
    // The build would fail to number them: say so now, so `qm check` passing means the build
    // can make the module.
    if let Err(e) = registry
        .clone()
        .allocate(missing.iter().map(String::as_str))
    {
        let d = Diagnostic::new(
            Severity::Error,
            "vassal::gpid-exhausted",
            format!("failed to allocate gpids in {REGISTRY_FILE} ({e})"),
            None,
        )
        .with_help(format!(
            "lower `first` or the numbers in {REGISTRY_FILE} before the module is published; gpids must stay at most {MAX_GPID}"
        ));
        let largest = registry
            .entries
            .iter()
            .max_by_key(|(_, &g)| g)
            .map(|(k, _)| k.clone());
        return vec![at_entry(d, sources, file, largest.as_deref())];
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
    d.notes.push(format!("registry: {}", file.path.escaped()));
    vec![d]
}

/// `vassal::gpid-registry`: the registry cannot be used. Its text parsed again to say where: a
/// syntax error at its place, a bad number at its entry (`first` or the slot's); a file that
/// could not be read at all is named.
fn registry_error(e: ModuleFileError, sources: &mut SourceMap, file: &ModuleFile) -> Diagnostic {
    let plain = || {
        Diagnostic::new(
            Severity::Error,
            "vassal::gpid-registry",
            e.message.clone(),
            None,
        )
        .with_help(format!("see docs/data.md for {REGISTRY_FILE}"))
    };
    let Some((id, text)) = add_registry(sources, file) else {
        return plain();
    };
    if let Err(te) = toml::from_str::<RegistryFile>(&text) {
        return qm_registry::spanned::toml_diagnostic(
            "vassal::gpid-registry",
            REGISTRY_FILE,
            id,
            &te,
        );
    }
    let Err(ge) = GpidRegistry::parse(&text) else {
        return plain();
    };
    let key = match &ge.kind {
        GpidErrorKind::Zero { key } => Some(key.clone()),
        GpidErrorKind::Duplicate { keys, .. } => Some(keys.1.clone()),
        GpidErrorKind::TooLarge { key, .. } => key.clone(),
        _ => None,
    };
    let d = Diagnostic::new(
        Severity::Error,
        "vassal::gpid-registry",
        format!("failed to read {REGISTRY_FILE} ({ge})"),
        None,
    )
    .with_help(format!(
        "gpids are whole numbers from 1 to {MAX_GPID}, each given to one slot"
    ));
    let span = entry_span(&text, key.as_deref());
    Diagnostic {
        span: Some(TextSpan::new(id, span)),
        ..d
    }
}

/// `d` placed at the registry's entry `key` (`None`: `first`).
fn at_entry(
    d: Diagnostic,
    sources: &mut SourceMap,
    file: &ModuleFile,
    key: Option<&str>,
) -> Diagnostic {
    match add_registry(sources, file) {
        Some((id, text)) => Diagnostic {
            span: Some(TextSpan::new(id, entry_span(&text, key))),
            ..d
        },
        None => d,
    }
}

/// The registry's text, added to `sources` for printing (when it was read and is UTF-8).
fn add_registry(sources: &mut SourceMap, file: &ModuleFile) -> Option<(qm_parser::FileId, String)> {
    let text = std::str::from_utf8(file.bytes()?).ok()?.to_string();
    let id = sources.add(Source::new(sources.next_id(), REGISTRY_FILE, text));
    Some((id, sources.get(id)?.text.clone()))
}

/// Where the value of `[gpids]` entry `key` (`None`: the top-level `first`) is in `text`.
fn entry_span(text: &str, key: Option<&str>) -> std::ops::Range<usize> {
    let doc = toml_edit::ImDocument::parse(text).ok();
    let item = doc.as_ref().and_then(|d| match key {
        Some(k) => d.get("gpids")?.get(k),
        None => d.get("first"),
    });
    item.and_then(toml_edit::Item::span).unwrap_or(0..0)
}

/// The piece id of an infantry unit: `infantry/<unit id>`, so its slot key
/// (`ita/infantry/4-4-7`) and images (`qm/ita/infantry/...`) never meet a vehicle's.
pub fn infantry_piece_id(unit_id: &str) -> String {
    format!("infantry/{unit_id}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocation_never_renumbers_and_never_reuses() {
        let mut r =
            GpidRegistry::parse("first = 10\n[gpids]\n\"ita/a\" = 10\n\"ita/old\" = 12\n").unwrap();
        let added = r.allocate(["ita/a", "ita/b", "ita/c"]).unwrap();
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
        assert!(e.to_string().contains("gpid 5"), "{e}");
        assert!(GpidRegistry::parse("[gpids]\n\"a\" = 0\n").is_err());
    }

    #[test]
    fn an_empty_registry_starts_at_first() {
        let mut r = GpidRegistry::default();
        r.allocate(["x/y"]).unwrap();
        assert_eq!(r.get("x/y"), Some(DEFAULT_FIRST));
    }

    #[test]
    fn numbers_never_wrap_and_never_pass_a_java_int() {
        for text in [
            "[gpids]\n\"a\" = 4294967295\n",
            "first = 4294967295\n",
            "first = 2147483647\n",
            "[gpids]\n\"a\" = 99999999999\n",
        ] {
            let e = GpidRegistry::parse(text).unwrap_err();
            assert!(
                matches!(e.kind, GpidErrorKind::TooLarge { .. }),
                "{text}: {e}"
            );
        }
        let mut r = GpidRegistry::parse(&format!("first = {MAX_GPID}\n")).unwrap();
        let e = r.allocate(["a", "b", "c"]).unwrap_err();
        assert_eq!(e.kind, GpidErrorKind::Exhausted { key: "b".into() });
        assert!(r.entries.is_empty(), "a failed allocation changes nothing");
        let mut r = GpidRegistry::parse(&format!("[gpids]\n\"a\" = {MAX_GPID}\n")).unwrap();
        assert!(r.allocate(["b"]).is_err());
        assert_eq!(r.next_piece_slot_id(), MAX_GPID + 1);
    }

    #[test]
    fn an_update_keeps_comments_and_layout() {
        let text = "# keep me\nfirst = 10 # and me\n\n[gpids]\n# old ones\n\"ita/a\" = 10\n";
        let mut r = GpidRegistry::parse(text).unwrap();
        let added = r.allocate(["ita/a", "ita/b"]).unwrap();
        let new = updated_text(text, &r, &added).unwrap();
        assert_eq!(new, format!("{text}\"ita/b\" = 11\n"));
        assert_eq!(GpidRegistry::parse(&new).unwrap(), r);
    }
}
