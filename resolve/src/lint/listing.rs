//! Lints over the listing's vehicles.

use std::collections::HashMap;

use qm_parser::{Diagnostic, ListingRow};

use super::Finding;
use crate::names::{name_key, normalize_name};

/// Duplicate vehicles: the same name and the same TYPE (rows that share a name are told apart
/// by their type, "M3" LT and "M3" MT). (An RF range printed high-to-low is no finding:
/// listings print ranges in either order.)
pub fn lint_listing(rows: &[ListingRow]) -> Vec<Finding> {
    let mut findings = Vec::new();
    let mut seen: HashMap<String, &ListingRow> = HashMap::new();
    for row in rows {
        let name = normalize_name(&row.name.raw);
        if name.is_empty() {
            continue;
        }
        let type_code = row.vehicle_type.as_ref().map_or("", |c| c.raw.as_str());
        let key = format!("{}\t{}", name_key(&name), type_code.trim_matches('†'));
        if let Some(first) = seen.get(&key) {
            findings.push(Finding {
                diagnostic: Diagnostic::error(
                    "lint::duplicate-name",
                    format!(
                        "failed to tell two vehicles apart (both are named {name}, of the same type)"
                    ),
                    row.name.span.clone(),
                )
                .with_label("second row with this name")
                .with_note(format!("the first is on line {}", first.line))
                .with_help(
                    "if the publication misnamed one, correct it with an erratum in errata.toml",
                ),
                vehicle: Some(name.clone()),
                text: None,
            });
        } else {
            seen.insert(key, row);
        }
    }
    findings
}
