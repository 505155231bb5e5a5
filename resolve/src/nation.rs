//! The entry point: one nation's sources -> the IR ([`qm_schema::Nation`]) and its diagnostics.

use qm_parser::{parse_listing, Diagnostic, FileId, ListingRow, Source, SourceMap, TextSpan};
use qm_schema::{Acceptance, AppliedErratum, Nation, Vehicle, SCHEMA_VERSION};

use crate::lint::{apply_acceptances, lint_listing, Accept, Finding};
use crate::listing::vehicle_from_row;
use crate::notes::{resolve_notes, NotesOutcome};
use crate::ob::{resolve_ob, NationalData};

/// What resolving one nation reads besides the source texts: which files are its own, and what
/// its `errata.toml` said. Plain data; `load` builds it.
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
    /// The errata that matched the sources (already applied to their texts), with provenance.
    pub applied: Vec<AppliedErratum>,
}

/// One nation resolved: the IR and every diagnostic about it.
#[derive(Debug)]
pub struct Resolved {
    /// The IR.
    pub nation: Nation,
    /// Parse, resolve and lint diagnostics, unsorted.
    pub diagnostics: Vec<Diagnostic>,
}

/// Resolves one nation: parses its listing and notes, links rows to notes, derives
/// availability, radio, HEAT, DVP and counter text, reads `ob.toml`, runs the lints and
/// applies the acceptances.
///
/// Pure: it reads only `input` and the texts in `sources` (no files, no environment, no
/// globals), so the same input always gives the same IR and diagnostics. Nothing stops at the
/// first problem: a bad value becomes a diagnostic and the rest still resolves.
///
/// Registries: theaters and vehicle types are still `qm_schema`'s enums. When they become
/// registries loaded from data, they arrive here as a third parameter (`&Registries`) and go
/// down to the passes that name theaters (`rules`, `availability`) and vehicle types (`notes`).
pub fn resolve_nation(input: &NationInput, sources: &SourceMap) -> Resolved {
    let mut diagnostics = Vec::new();
    let mut findings = Vec::new();
    let (vehicles, notes) = match sources.get(input.listing) {
        Some(listing) => {
            let notes = input.notes.and_then(|f| sources.get(f));
            resolve_vehicles(sources, listing, notes, &mut findings, &mut diagnostics)
        }
        None => (Vec::new(), NotesOutcome::default()),
    };
    let (lint_diags, acceptances) = apply_acceptances(&input.accepts, findings);
    diagnostics.extend(lint_diags);
    let mut national = input.ob.map(|f| resolve_ob(sources, f)).unwrap_or_default();
    diagnostics.append(&mut national.diagnostics);
    Resolved {
        nation: nation_ir(input, sources, vehicles, notes, national, acceptances),
        diagnostics,
    }
}

/// The listing's vehicles, resolved against the notes, with the notes' IR.
fn resolve_vehicles(
    sources: &SourceMap,
    listing: &Source,
    notes: Option<&Source>,
    findings: &mut Vec<Finding>,
    diags: &mut Vec<Diagnostic>,
) -> (Vec<Vehicle>, NotesOutcome) {
    let rows = listing_rows(listing, diags);
    findings.extend(lint_listing(&rows));
    let mut vehicles = Vec::new();
    let mut kept = Vec::new();
    for row in &rows {
        if let Some(v) = vehicle_from_row(sources, row, diags) {
            vehicles.push(v);
            kept.push(row);
        }
    }
    let outcome = resolve_notes(sources, notes, &mut vehicles, &kept, findings, diags);
    (vehicles, outcome)
}

/// The listing's rows; a listing without any is an error.
fn listing_rows(src: &Source, diags: &mut Vec<Diagnostic>) -> Vec<ListingRow> {
    let parsed = parse_listing(src);
    diags.extend(parsed.diagnostics);
    if parsed.value.rows.is_empty() {
        diags.push(
            Diagnostic::error(
                "listing::empty",
                format!("failed to find any vehicle in {}", src.name),
                TextSpan::new(src.id, 0..src.text.len().min(1)),
            )
            .with_help("the listing needs a header line (NAME, ®, WG T, ...) and data rows"),
        );
    }
    parsed.value.rows
}

/// Assembles the IR document.
fn nation_ir(
    input: &NationInput,
    sources: &SourceMap,
    vehicles: Vec<Vehicle>,
    notes: NotesOutcome,
    national: NationalData,
    acceptances: Vec<Acceptance>,
) -> Nation {
    Nation {
        schema_version: SCHEMA_VERSION,
        id: input.id.clone(),
        name: input.name.clone(),
        axis: national.axis,
        publication: national.publication,
        sources: [Some(input.listing), input.notes, input.ob, input.errata]
            .into_iter()
            .flatten()
            .filter_map(|f| sources.get(f).map(|s| s.name.clone()))
            .collect(),
        errata: input.applied.clone(),
        acceptances,
        vehicles,
        notes: notes.notes,
        multi_notes: notes.multi,
        infantry: national.infantry,
        national_rules: national.national_rules,
    }
}
