//! The entry point: one nation's parsed sources -> the IR ([`qm_schema::Nation`]).

use qm_parser::{parse_listing, Diagnostic, FileId, SourceMap, TextSpan};
use qm_schema::{AppliedErratum, Nation, TheaterId, SCHEMA_VERSION};

use crate::lint::{apply_acceptances, lint_listing, Accept};
use crate::ob::resolve_ob;
use crate::registry::Registries;
use crate::{listing, notes};

/// What resolving one nation reads besides the sources: which files are its own, and what its
/// `errata.toml` said. Plain data; `load` builds it.
#[derive(Debug, Clone)]
pub struct NationInput {
    /// The folder name, e.g. `ita`.
    pub id: String,
    /// Display name (`[nation] name` of `ob.toml`, else the id).
    pub name: String,
    /// `listing.tsv`.
    pub listing: FileId,
    /// `notes.md`, when present.
    pub notes: Option<FileId>,
    /// `ob.toml`, when present.
    pub ob: Option<FileId>,
    /// `errata.toml`, when present.
    pub errata: Option<FileId>,
    /// Its `[[accept]]` entries: lint findings that are right as published.
    pub accepts: Vec<Accept>,
    /// The errata that matched the sources, with provenance.
    pub applied: Vec<AppliedErratum>,
}

/// One nation compiled: the IR and every diagnostic about it.
#[derive(Debug)]
pub struct Resolved {
    /// The IR.
    pub nation: Nation,
    /// Parse, resolve and lint diagnostics, unsorted.
    pub diagnostics: Vec<Diagnostic>,
    /// The theaters the nation fought in, as its notes were read with them (`[nation]
    /// theaters` of `ob.toml`, else those its notes name): what "Any" and a group stand for
    /// in questions about it.
    pub theaters: Vec<TheaterId>,
}

/// Parses a nation's sources, resolves them into the IR and runs the lints. `registries` are
/// the nation's (the shared ones with its own files added).
pub fn resolve_nation(input: &NationInput, map: &SourceMap, registries: &Registries) -> Resolved {
    let mut diagnostics = Vec::new();
    let mut vehicles = Vec::new();
    let mut findings = Vec::new();
    let (mut notes_ir, mut multi_ir) = (Vec::new(), Vec::new());
    // `ob.toml` first: its `[nation] theaters` decide what the notes' "elsewhere" covers.
    let national = input
        .ob
        .map(|f| resolve_ob(map, f, &registries.theaters))
        .unwrap_or_default();
    let mut theaters = national.theaters.clone().unwrap_or_default();
    if let Some(src) = map.get(input.listing) {
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
        let mut rows = Vec::new();
        for row in &parsed.value.rows {
            if let Some(v) =
                listing::vehicle_from_row(map, row, &registries.types, &mut diagnostics)
            {
                vehicles.push(v);
                rows.push(row);
            }
        }
        let outcome = notes::resolve_notes(
            map,
            input.notes.and_then(|f| map.get(f)),
            &mut vehicles,
            &rows,
            registries,
            national.theaters.clone(),
            &mut findings,
            &mut diagnostics,
        );
        notes_ir = outcome.notes;
        multi_ir = outcome.multi;
        theaters = outcome.theaters;
    }
    let (lint_diags, acceptances) = apply_acceptances(&input.accepts, findings);
    diagnostics.extend(lint_diags);
    diagnostics.extend(national.diagnostics);
    let nation = Nation {
        schema_version: SCHEMA_VERSION,
        id: input.id.clone(),
        name: input.name.clone(),
        axis: national.axis,
        publication: national.publication,
        sources: [Some(input.listing), input.notes, input.ob, input.errata]
            .into_iter()
            .flatten()
            .filter_map(|f| map.get(f).map(|s| s.name.clone()))
            .collect(),
        errata: input.applied.clone(),
        acceptances,
        vehicles,
        notes: notes_ir,
        multi_notes: multi_ir,
        infantry: national.infantry,
        national_rules: national.national_rules,
    };
    Resolved {
        nation,
        diagnostics,
        theaters,
    }
}
