//! Stage 3, resolve: listing rows and notes -> the IR ([`qm_schema::Nation`]).

mod availability;
mod counter;
mod fields;
mod listing;
pub mod names;

use qm_parser::{parse_listing, Diagnostic, TextSpan};
use qm_schema::{Nation, SCHEMA_VERSION};

use crate::infantry::resolve_ob;
use crate::lint::{apply_acceptances, lint_listing};
use crate::load::{Loaded, NationSources};

/// One nation compiled: the IR and every diagnostic about it.
#[derive(Debug)]
pub struct Resolved {
    /// The IR.
    pub nation: Nation,
    /// Parse, resolve and lint diagnostics, unsorted.
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses a nation's sources, resolves them into the IR and runs the lints.
pub fn resolve_nation(loaded: &Loaded, sources: &NationSources) -> Resolved {
    let map = &loaded.sources;
    let mut diagnostics = Vec::new();
    let mut vehicles = Vec::new();
    let mut findings = Vec::new();
    if let Some(src) = map.get(sources.listing) {
        let parsed = parse_listing(src);
        diagnostics.extend(parsed.diagnostics);
        if parsed.value.rows.is_empty() {
            diagnostics.push(
                Diagnostic::error(
                    "listing::empty",
                    format!("failed to find any vehicle in {}", src.name),
                    TextSpan::new(src.id, 0..src.text.len().min(1)),
                )
                .with_help("the listing needs a header line (NAME, ®, WG T, ...) and data rows"),
            );
        }
        findings.extend(lint_listing(&parsed.value.rows));
        for row in &parsed.value.rows {
            if let Some(v) = listing::vehicle_from_row(map, row, &mut diagnostics) {
                vehicles.push(v);
            }
        }
    }
    let (lint_diags, acceptances) = apply_acceptances(sources, findings);
    diagnostics.extend(lint_diags);
    let national = sources.ob.map(|f| resolve_ob(map, f)).unwrap_or_default();
    diagnostics.extend(national.diagnostics);
    let nation = Nation {
        schema_version: SCHEMA_VERSION,
        id: sources.id.clone(),
        name: sources.name.clone(),
        axis: national.axis,
        publication: national.publication,
        sources: [
            Some(sources.listing),
            sources.notes,
            sources.ob,
            sources.errata_file,
        ]
        .into_iter()
        .flatten()
        .filter_map(|f| map.get(f).map(|s| s.name.clone()))
        .collect(),
        errata: sources.applied.clone(),
        acceptances,
        vehicles,
        notes: Vec::new(),
        multi_notes: Vec::new(),
        infantry: national.infantry,
        national_rules: national.national_rules,
    };
    Resolved {
        nation,
        diagnostics,
    }
}
