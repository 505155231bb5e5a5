//! Lints over the listing's vehicles.

use std::collections::HashMap;

use qm_parser::{Diagnostic, ListingRow, TextSpan};

use super::Finding;
use crate::names::{name_key, normalize_name};

/// Duplicate vehicle names and RF ranges printed backwards.
pub fn lint_listing(rows: &[ListingRow]) -> Vec<Finding> {
    let mut findings = Vec::new();
    let mut seen: HashMap<String, &ListingRow> = HashMap::new();
    for row in rows {
        let name = normalize_name(&row.name.raw);
        if name.is_empty() {
            continue;
        }
        if let Some(first) = seen.get(&name_key(&name)) {
            findings.push(Finding {
                diagnostic: Diagnostic::error(
                    "lint::duplicate-name",
                    format!("failed to tell two vehicles apart (both are named {name})"),
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
            seen.insert(name_key(&name), row);
        }
        if let Some(rf) = row.rf.as_ref().and_then(|c| c.get().map(|v| (c, v))) {
            let (cell, range) = rf;
            if range.is_backwards() {
                let (lo, hi) = (range.min(), range.max());
                findings.push(Finding {
                    diagnostic: Diagnostic::warning(
                        "lint::rf-backwards",
                        format!("RF range of {name} is printed high-to-low ({})", cell.raw),
                        span_of(cell),
                    )
                    .with_label("first value is the larger")
                    .with_help(format!(
                        "did you mean {lo}-{hi}? record the fix as an erratum"
                    )),
                    vehicle: Some(name.clone()),
                    text: Some(cell.raw.clone()),
                });
            }
        }
    }
    findings
}

fn span_of<T>(cell: &qm_parser::Cell<T>) -> TextSpan {
    cell.span.clone()
}
