//! Reading a `vehicle-types.toml` into a [`VehicleTypeRegistry`]: the shared file first, then
//! a nation's own file, which adds codes and may override fields of shared ones.

use qm_parser::{Diagnostic, FileId, SourceMap, TextSpan};
use serde::Deserialize;
use toml::Spanned;

use super::vehicle_types::{Silhouette, VehicleTypeEntry, VehicleTypeRegistry};
use crate::spanned::{choice, span_of, toml_diagnostic};

/// The shape of a `vehicle-types.toml`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct TypesFile {
    #[serde(default, rename = "type")]
    types: Vec<TypeToml>,
}

/// `[[type]]`: every field but `code` may be left out of a nation's override.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TypeToml {
    code: Spanned<String>,
    name: Option<Spanned<String>>,
    group: Option<Spanned<String>>,
    afv: Option<Spanned<bool>>,
    class: Option<Spanned<String>>,
}

/// How a file's entries relate to what is already registered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypesLayer {
    /// The shared file: every code is new and complete.
    Shared,
    /// A nation's file: a new code is complete; a shared code's given fields replace the
    /// shared values for that nation (e.g. `afv = true` for armored scout cars).
    Nation,
}

/// Adds (or, in a nation's file, overrides) the vehicle types of `file`. A code given twice
/// in one file, a malformed code, a missing field of a new code or an unknown `class` is an
/// error; the entry in error is left out.
pub fn read_vehicle_types(
    registry: &mut VehicleTypeRegistry,
    map: &SourceMap,
    file: FileId,
    layer: TypesLayer,
    diags: &mut Vec<Diagnostic>,
) {
    let Some(src) = map.get(file) else { return };
    let parsed: TypesFile = match toml::from_str(&src.text) {
        Ok(f) => f,
        Err(e) => {
            diags.push(toml_diagnostic("registry::syntax", &src.name, file, &e).with_help(
                "see data-src/registry/vehicle-types.toml for the format: [[type]] code, name, group, afv, class",
            ));
            return;
        }
    };
    let mut seen: Vec<&str> = Vec::new();
    for t in &parsed.types {
        let Some(code) = new_code(file, t, &seen, diags) else {
            continue;
        };
        seen.push(code);
        let Ok(class) = class_of(file, t, diags) else {
            continue;
        };
        match (registry.by_code.get(code).copied(), layer) {
            (Some(i), TypesLayer::Nation) => override_entry(&mut registry.types[i], file, t, class),
            (Some(_), TypesLayer::Shared) => {
                // `seen` caught a repeat within this file; the shared file is read first.
            }
            (None, _) => {
                if let Some(entry) = complete(file, t, class, diags) {
                    registry
                        .by_code
                        .insert(entry.code.clone(), registry.types.len());
                    registry.types.push(entry);
                }
            }
        }
    }
}

/// The entry's code, when it is a well-formed code not `seen` before in its file; else `None`
/// and an error.
fn new_code<'t>(
    file: FileId,
    t: &'t TypeToml,
    seen: &[&str],
    diags: &mut Vec<Diagnostic>,
) -> Option<&'t str> {
    let code = t.code.get_ref().as_str();
    if !is_code(code) {
        diags.push(
            Diagnostic::error(
                "registry::bad-code",
                format!("failed to use `{code}` as a vehicle type code"),
                span_of(file, &t.code),
            )
            .with_label("not a code")
            .with_help("a code is ASCII letters and digits (a hyphen between two of them) as the listing prints it; a combined code such as \"AG/TD\" is read from its parts and needs no entry"),
        );
        return None;
    }
    if seen.contains(&code) {
        diags.push(
            Diagnostic::error(
                "registry::duplicate-code",
                format!("failed to add `{code}` (the file defines it twice)"),
                span_of(file, &t.code),
            )
            .with_label("second definition")
            .with_help("codes are case-sensitive; keep one entry per code"),
        );
        return None;
    }
    Some(code)
}

/// The entry's silhouette class: `Ok(None)` when it gives none, `Err` (with an error) when it
/// names no class.
fn class_of(
    file: FileId,
    t: &TypeToml,
    diags: &mut Vec<Diagnostic>,
) -> Result<Option<Silhouette>, ()> {
    t.class
        .as_ref()
        .map(|c| {
            choice(
                file,
                c,
                &Silhouette::NAMES,
                "registry::bad-class",
                "silhouette class",
                diags,
            )
        })
        .map(|c| c.ok_or(()))
        .transpose()
}

/// A nation's entry for a shared code: the fields it gives replace the shared ones.
fn override_entry(
    entry: &mut VehicleTypeEntry,
    file: FileId,
    t: &TypeToml,
    class: Option<Silhouette>,
) {
    if let Some(n) = &t.name {
        entry.name = n.get_ref().clone();
    }
    if let Some(g) = &t.group {
        entry.group = g.get_ref().clone();
    }
    if let Some(a) = &t.afv {
        entry.afv = *a.get_ref();
    }
    if let Some(c) = class {
        entry.class = c;
    }
    entry.span = span_of(file, &t.code);
}

/// A new type's entry; `None` (with a diagnostic) when a field is missing.
fn complete(
    file: FileId,
    t: &TypeToml,
    class: Option<Silhouette>,
    diags: &mut Vec<Diagnostic>,
) -> Option<VehicleTypeEntry> {
    let missing: Vec<&str> = [
        ("name", t.name.is_none()),
        ("group", t.group.is_none()),
        ("afv", t.afv.is_none()),
        ("class", t.class.is_none()),
    ]
    .into_iter()
    .filter_map(|(f, gone)| gone.then_some(f))
    .collect();
    if !missing.is_empty() {
        diags.push(
            Diagnostic::error(
                "registry::missing-field",
                format!(
                    "failed to add the vehicle type `{}` (no {})",
                    t.code.get_ref(),
                    missing.join(", ")
                ),
                span_of(file, &t.code),
            )
            .with_label("incomplete entry")
            .with_help("a new type needs code, name, group, afv and class"),
        );
        return None;
    }
    Some(VehicleTypeEntry {
        code: t.code.get_ref().clone(),
        name: t.name.as_ref()?.get_ref().clone(),
        group: t.group.as_ref()?.get_ref().clone(),
        afv: *t.afv.as_ref()?.get_ref(),
        class: class?,
        span: TextSpan::new(file, t.code.span()),
    })
}

/// A single code: ASCII letters and digits, starting with a letter, a hyphen only between
/// two of them (`AAh-d`).
fn is_code(code: &str) -> bool {
    code.starts_with(|c: char| c.is_ascii_alphabetic())
        && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        && !code.ends_with('-')
        && !code.contains("--")
}
