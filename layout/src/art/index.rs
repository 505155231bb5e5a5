//! `<nation>/art/index.toml`: art files whose names are not a vehicle's id, mapped to the
//! vehicles they picture. Each key is a file name in the art folder; its value names one
//! vehicle or a list of them, by name as the listing prints it (case and spaces ignored) or by
//! id:
//!
//! ```toml
//! "m13 side view.png" = "M13/40"
//! "semovente.svg" = ["SMV M40 75/18", "SMV M41 75/18"]
//! ```

use std::collections::BTreeMap;

use qm_parser::{Diagnostic, FileId, SourceMap, TextSpan};
use qm_registry::spanned::toml_diagnostic;
use toml::Spanned;

/// One entry of the index: a file and the vehicles it pictures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexEntry {
    /// The file name as written.
    pub file: String,
    /// Where the file name is written.
    pub file_span: TextSpan,
    /// The vehicles named, each with where it is written (a list's names share its span).
    pub vehicles: Vec<(String, TextSpan)>,
}

/// Reads the index; a syntax error or a value that is neither a string nor a list of strings
/// is an error at its place, and the entries that read well are kept.
pub fn read_index(
    sources: &SourceMap,
    file: FileId,
    diags: &mut Vec<Diagnostic>,
) -> Vec<IndexEntry> {
    let Some(text) = sources.get(file).map(|s| s.text.as_str()) else {
        return Vec::new();
    };
    let table: BTreeMap<Spanned<String>, Spanned<toml::Value>> = match toml::from_str(text) {
        Ok(t) => t,
        Err(e) => {
            diags.push(toml_diagnostic("art::index", "the art index", file, &e));
            return Vec::new();
        }
    };
    let mut out: Vec<IndexEntry> = table
        .into_iter()
        .filter_map(|(key, value)| entry(file, key, value, diags))
        .collect();
    out.sort_by_key(|e| e.file_span.range.start);
    out
}

/// One key and value of the index, or an error when the value is not vehicle names.
fn entry(
    file: FileId,
    key: Spanned<String>,
    value: Spanned<toml::Value>,
    diags: &mut Vec<Diagnostic>,
) -> Option<IndexEntry> {
    let span = TextSpan::new(file, value.span());
    let names: Option<Vec<String>> = match value.get_ref() {
        toml::Value::String(s) => Some(vec![s.clone()]),
        toml::Value::Array(items) => items
            .iter()
            .map(|i| i.as_str().map(str::to_string))
            .collect(),
        _ => None,
    };
    let names = names.filter(|n| !n.is_empty());
    let Some(names) = names else {
        diags.push(
            Diagnostic::error(
                "art::index",
                format!(
                    "failed to read the art index entry for `{}` (its value is not a vehicle name or a list of them)",
                    key.get_ref()
                ),
                span,
            )
            .with_label("expected a vehicle name or a list of names")
            .with_help("write `\"file.png\" = \"M13/40\"` or `\"file.png\" = [\"M13/40\", \"M14/41\"]`"),
        );
        return None;
    };
    Some(IndexEntry {
        file: key.get_ref().clone(),
        file_span: TextSpan::new(file, key.span()),
        vehicles: names.into_iter().map(|n| (n, span.clone())).collect(),
    })
}
