//! The gun type registry: the codes of the ordnance listings' Type column, read from
//! `gun-types.toml` (`data-src/registry/gun-types.toml`, or a data directory's own).

use qm_parser::{Diagnostic, FileId, SourceMap, TextSpan};
use serde::Deserialize;
use toml::Spanned;

use crate::spanned::{choice, toml_diagnostic};
use crate::Silhouette;

/// How the Range column prints a type's range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangeForm {
    /// One number: the maximum range.
    Max,
    /// A minimum and a maximum (`2-60`), as mortars print it.
    MinMax,
}

/// One gun type.
#[derive(Debug, Clone, PartialEq)]
pub struct GunTypeEntry {
    /// The code as printed ("AT", "MTR").
    pub code: String,
    /// Singular name ("anti-tank gun").
    pub name: String,
    /// The heading guns of the type are listed under.
    pub group: String,
    /// How its range is printed.
    pub range: RangeForm,
    /// The silhouette a gun of the type is drawn with when its counter has no art; `None`
    /// when the entry gives none (the picture box stays empty).
    pub class: Option<Silhouette>,
    /// Where the entry is defined.
    pub span: TextSpan,
}

/// The gun types, in file order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GunTypeRegistry {
    /// Every type, in file order.
    pub types: Vec<GunTypeEntry>,
}

impl GunTypeRegistry {
    /// The type with this code (case-sensitive).
    pub fn get(&self, code: &str) -> Option<&GunTypeEntry> {
        self.types.iter().find(|t| t.code == code)
    }

    /// The groups (the headings guns are listed under), in file order, each once.
    pub fn groups(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for t in &self.types {
            if !out.contains(&t.group.as_str()) {
                out.push(&t.group);
            }
        }
        out
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct GunTypesFile {
    #[serde(default, rename = "type")]
    types: Vec<GunTypeToml>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GunTypeToml {
    code: Spanned<String>,
    name: String,
    group: String,
    range: Spanned<String>,
    #[serde(default)]
    class: Option<Spanned<String>>,
}

/// Reads the gun types of `file` into `registry`; a code given twice or an unknown `range`
/// form is an error and the entry is left out.
pub fn read_gun_types(
    registry: &mut GunTypeRegistry,
    map: &SourceMap,
    file: FileId,
    diags: &mut Vec<Diagnostic>,
) {
    let Some(src) = map.get(file) else { return };
    let parsed: GunTypesFile = match toml::from_str(&src.text) {
        Ok(f) => f,
        Err(e) => {
            diags.push(toml_diagnostic("registry::syntax", &src.name, file, &e).with_help(
                "see data-src/registry/gun-types.toml for the format: [[type]] code, name, group, range, class",
            ));
            return;
        }
    };
    for t in parsed.types {
        let span = TextSpan::new(file, t.code.span());
        if registry.get(t.code.get_ref()).is_some() {
            diags.push(
                Diagnostic::error(
                    "registry::duplicate-gun-type",
                    format!(
                        "failed to add the gun type `{}` (given twice)",
                        t.code.get_ref()
                    ),
                    span,
                )
                .with_help("give each code once"),
            );
            continue;
        }
        let range = match t.range.get_ref().as_str() {
            "max" => RangeForm::Max,
            "min-max" => RangeForm::MinMax,
            other => {
                diags.push(
                    Diagnostic::error(
                        "registry::bad-range-form",
                        format!(
                            "failed to read the range form `{other}` of gun type `{}`",
                            t.code.get_ref()
                        ),
                        TextSpan::new(file, t.range.span()),
                    )
                    .with_help("write range = \"max\" or range = \"min-max\""),
                );
                continue;
            }
        };
        let class = match &t.class {
            Some(c) => {
                let found = choice(
                    file,
                    c,
                    &Silhouette::NAMES,
                    "registry::bad-class",
                    "silhouette class",
                    diags,
                );
                let Some(found) = found else { continue };
                Some(found)
            }
            None => None,
        };
        registry.types.push(GunTypeEntry {
            code: t.code.into_inner(),
            name: t.name,
            group: t.group,
            range,
            class,
            span,
        });
    }
}
