//! The entry point: one nation's sources -> the IR ([`qm_schema::Nation`]) and its diagnostics.

use std::collections::HashSet;

use qm_parser::{
    parse_listing, Diagnostic, FileId, ListingRow, NotesDoc, Source, SourceMap, TextSpan,
};
use qm_schema::{Acceptance, Nation, Ordnance, TheaterId, Vehicle, SCHEMA_VERSION};
use rayon::prelude::*;

use qm_load::nation_input::NationInput;

use crate::colours::{main_vasl_code, nation_colours, nationality_name, NationColours};
use crate::lint::{apply_acceptances, lint_listing, lint_mg_columns, Finding};
use crate::listing::{other_configuration, vehicle_from_row};
use crate::notes::{
    parse_listing_notes, resolve_gun_notes, resolve_notes, ListingNotes, NotesOutcome,
};
use crate::ob::{resolve_ob, NationalData};
use crate::ordnance::read_ordnance;
use crate::registry::Registries;
use crate::theater_names::nation_theaters;
use crate::unresolved::{unresolved_vehicles, RowWithoutVehicle};
use crate::vasl;
use qm_parser::is_second_line;

/// One nation resolved: the IR and every diagnostic about it.
#[derive(Debug)]
pub struct Resolved {
    /// The IR.
    pub nation: Nation,
    /// Parse, resolve and lint diagnostics, unsorted.
    pub diagnostics: Vec<Diagnostic>,
    /// The theaters the nation fought in, as its notes were read with them (`[nation]
    /// theaters` of `ob.toml`, else those its notes name): what a group stands for in
    /// questions about it. [`TheaterId::any`] among them says the nation does not declare
    /// its theaters, so an entry without a theater answers for every theater
    /// ([`qm_registry::NationTheaters::new`] reads it so).
    pub theaters: Vec<TheaterId>,
    /// The colours its counters and chart are printed in ([`crate::colours`]).
    pub colours: NationColours,
}

/// Resolves one nation: parses its listings (vehicles and guns) and their notes, links rows
/// to notes, derives availability, radio, HEAT, DVP and counter text, reads `ob.toml`, runs
/// the lints and applies the acceptances. `registries` are the nation's (the shared ones with
/// its own files added).
///
/// Pure: it reads only `input`, the texts in `sources` and `registries` (no files, no
/// environment, no globals), so the same input always gives the same IR and diagnostics.
/// Nothing stops at the first problem: a bad value becomes a diagnostic and the rest still
/// resolves.
pub fn resolve_nation(
    input: &NationInput,
    sources: &SourceMap,
    registries: &Registries,
) -> Resolved {
    let mut diagnostics = Vec::new();
    let mut findings = Vec::new();
    // `ob.toml` first: its `[nation] theaters` decide what the notes' "elsewhere" covers, and
    // its national rules say how the notes are read (the radio default). A nation without
    // ob.toml has none of it, and nothing is assumed instead.
    let mut national = input
        .ob
        .map(|f| resolve_ob(sources, f, &registries.theaters))
        .unwrap_or_default();
    let read = NationRead {
        input,
        sources,
        registries,
        national: &national,
    };
    let listings = resolve_listings(&read, &mut findings, &mut diagnostics);
    let (lint_diags, acceptances) = apply_acceptances(&input.accepts, findings);
    diagnostics.extend(lint_diags);
    diagnostics.append(&mut national.diagnostics);
    let code = main_vasl_code(&listings.vehicles);
    let ob_name = national.name.clone();
    let spec = national.colours.clone();
    let Listings {
        vehicles,
        notes,
        guns,
        gun_notes,
        rowless,
        theaters,
    } = listings;
    let mut nation = nation_ir(input, sources, vehicles, notes, national, acceptances);
    // A nation `ob.toml` does not name is named after the nationality its VASL rows name.
    if ob_name.is_none() {
        if let Some(name) = nationality_name(&registries.colours, code.as_deref()) {
            nation.name = name;
        }
    }
    let colours = nation_colours(&registries.colours, &spec, &nation.name, code);
    nation.ordnance = guns;
    nation.ordnance_notes = gun_notes.notes;
    nation.ordnance_multi_notes = gun_notes.multi;
    nation.unresolved = unresolved_vehicles(&nation, sources, &diagnostics, &rowless);
    Resolved {
        nation,
        diagnostics,
        theaters,
        colours,
    }
}

/// What resolving a nation's listings reads.
struct NationRead<'a> {
    input: &'a NationInput,
    sources: &'a SourceMap,
    registries: &'a Registries,
    /// Its `ob.toml` data.
    national: &'a NationalData,
}

/// A nation's two listings, each resolved against its notes.
struct Listings {
    /// The vehicles.
    vehicles: Vec<Vehicle>,
    /// The vehicle notes' IR.
    notes: NotesOutcome,
    /// The guns.
    guns: Vec<Ordnance>,
    /// The ordnance notes' IR.
    gun_notes: NotesOutcome,
    /// The vehicle listing's rows that made no vehicle.
    rowless: Vec<RowWithoutVehicle>,
    /// The nation's theaters ([`Resolved::theaters`]).
    theaters: Vec<TheaterId>,
}

/// The vehicles and the guns, each listing resolved against its own notes, through the same
/// passes; the theaters both notes files name are the nation's (one set: a gun's "elsewhere"
/// is where the nation fought).
fn resolve_listings(
    read: &NationRead<'_>,
    findings: &mut Vec<Finding>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Listings {
    let (input, sources, registries) = (read.input, read.sources, read.registries);
    let listed = read.national.theaters.clone();
    // A nation without a listing has no vehicles, so its notes (if any) would describe none:
    // load does not read them.
    let listing = input.listing.and_then(|f| sources.get(f));
    let (mut vehicles, rows, rowless) = match listing {
        Some(l) => build_vehicles(sources, l, registries, findings, diagnostics),
        None => Default::default(),
    };
    let mut taken: HashSet<String> = vehicles.iter().map(|v| v.id.clone()).collect();
    let ordnance = input.ordnance.and_then(|f| sources.get(f));
    let (mut guns, gun_rows) = ordnance
        .map(|l| read_ordnance(sources, l, &registries.guns, &mut taken, diagnostics))
        .unwrap_or_default();
    // Each listing's notes, parsed with its own listing's words.
    let notes_of = |file: Option<FileId>, listing: Option<&Source>| {
        listing.and(file.and_then(|f| sources.get(f)))
    };
    let vehicle_src = notes_of(input.notes, listing);
    let gun_src = notes_of(input.ordnance_notes, ordnance);
    let words = (registries, read.national.factions.as_slice());
    let vehicle_doc = vehicle_src.map(|s| parse_listing_notes(s, &vehicles, words, diagnostics));
    let gun_doc = gun_src.map(|s| parse_listing_notes(s, &guns, words, diagnostics));
    let docs: Vec<&NotesDoc> = vehicle_doc.iter().chain(&gun_doc).collect();
    let nation = nation_theaters(&registries.theaters, &docs, listed.clone(), diagnostics);
    let declared = listed.clone().unwrap_or_default();
    let base = ListingNotes {
        map: sources,
        doc: None,
        nation: &nation,
        declared: &declared,
        national: read.national,
    };
    let notes = match listing {
        Some(_) => {
            let doc = vehicle_doc.as_ref().zip(vehicle_src.map(file_name));
            let notes = ListingNotes { doc, ..base };
            resolve_notes(
                &notes,
                &mut vehicles,
                rows,
                registries,
                findings,
                diagnostics,
            )
        }
        None => NotesOutcome::default(),
    };
    vasl::finish_variants(&mut vehicles);
    let doc = gun_doc.as_ref().zip(gun_src.map(file_name));
    let gun_notes = resolve_gun_notes(
        &ListingNotes { doc, ..base },
        &mut guns,
        gun_rows,
        findings,
        diagnostics,
    );
    let mut theaters = if docs.is_empty() {
        declared.clone()
    } else {
        nation.theaters().to_vec()
    };
    if listed.is_none() {
        theaters.push(TheaterId::any());
    }
    Listings {
        vehicles,
        notes,
        guns,
        gun_notes,
        rowless,
        theaters,
    }
}

/// A notes file's name in its nation's folder, as diagnostics about it say ("notes.md").
fn file_name(src: &Source) -> &str {
    src.name.rsplit('/').next().unwrap_or(&src.name)
}

/// The listing's vehicles, before their notes are resolved, with their rows (one per
/// vehicle), and the rows that made no vehicle (a value every vehicle needs is missing or
/// unreadable: reported).
fn build_vehicles(
    sources: &SourceMap,
    listing: &Source,
    registries: &Registries,
    findings: &mut Vec<Finding>,
    diags: &mut Vec<Diagnostic>,
) -> (Vec<Vehicle>, Vec<ListingRow>, Vec<RowWithoutVehicle>) {
    let (mut rows, csv) = if vasl::is_vasl_csv(listing) {
        let (rows, extras) = vasl::csv_rows(listing, diags);
        (rows, Some(extras))
    } else {
        (listing_rows(listing, diags), None)
    };
    // The listing's lints beside the vehicles: they only read the rows.
    let (lint_findings, (built, row_diags)) = rayon::join(
        || {
            let mut f = lint_listing(&rows);
            f.extend(lint_mg_columns(&rows));
            f
        },
        || -> (Vec<Option<Vehicle>>, Vec<Vec<Diagnostic>>) {
            // Row by row on every core, collected in row order (each row's diagnostics too,
            // so neither depends on the thread count). An indexed collect sizes each vector
            // once: a vehicle is large, and a growing vector would hold the listing twice.
            rows.par_iter()
                .enumerate()
                .map(|(i, row)| {
                    let mut d = Vec::new();
                    if second_line_at(&rows, i) {
                        return (None, d);
                    }
                    let v = vehicle_from_row(sources, row, &registries.types, &mut d);
                    (v, d)
                })
                .unzip()
        },
    );
    findings.extend(lint_findings);
    diags.extend(row_diags.into_iter().flatten());
    let mut built = built;
    if let Some(csv) = &csv {
        // Before the second lines move: `built` is still one entry per row.
        let mut vasl_read = vasl::VaslRead {
            map: sources,
            types: &registries.types,
            diags,
        };
        vasl::attach(
            &mut vasl_read,
            csv,
            |i| second_line_at(&rows, i),
            &mut built,
        );
    }
    attach_second_lines(sources, &rows, &mut built);
    let rowless = rows_without_vehicle(&rows, &built);
    // The rows of the vehicles, in place (a row without a vehicle was reported).
    let mut kept = built.iter().map(Option::is_some);
    rows.retain(|_| kept.next().unwrap_or(false));
    // In place too: `Option<Vehicle>` and `Vehicle` have the same size, and `filter_map`
    // reuses the buffer where `flatten` (what clippy suggests) allocates a second listing.
    #[allow(clippy::filter_map_identity)]
    let mut vehicles: Vec<Vehicle> = built.into_iter().filter_map(|v| v).collect();
    crate::names::ids_told_apart_by_type(&mut vehicles);
    (vehicles, rows, rowless)
}

/// The rows that made no vehicle and are no vehicle's second line.
fn rows_without_vehicle(rows: &[ListingRow], built: &[Option<Vehicle>]) -> Vec<RowWithoutVehicle> {
    rows.iter()
        .zip(built)
        .enumerate()
        .filter(|(i, (_, v))| v.is_none() && !second_line_at(rows, *i))
        .map(|(_, (row, _))| RowWithoutVehicle {
            name: row.name.raw.clone(),
            span: row.span.clone(),
        })
        .collect()
}

/// True when row `i` is a vehicle's second line: no TYPE, BPV, RF or DATES of its own,
/// directly under a row that has them.
fn second_line_at(rows: &[ListingRow], i: usize) -> bool {
    i > 0 && is_second_line(&rows[i]) && !is_second_line(&rows[i - 1])
}

/// Keeps each second line with the vehicle above it (its other configuration), never as a
/// vehicle of its own.
fn attach_second_lines(sources: &SourceMap, rows: &[ListingRow], built: &mut [Option<Vehicle>]) {
    for i in 1..rows.len().min(built.len()) {
        if !second_line_at(rows, i) {
            continue;
        }
        if let Some(v) = built[i - 1].as_mut() {
            v.other_configuration = other_configuration(sources, &rows[i]).map(Box::new);
        }
    }
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
        sources: [
            input.listing,
            input.notes,
            input.ordnance,
            input.ordnance_notes,
            input.ob,
            input.errata,
        ]
        .into_iter()
        .flatten()
        .filter_map(|f| sources.get(f).map(|s| s.name.clone()))
        .collect(),
        errata: input.applied.clone(),
        acceptances,
        vehicles,
        ordnance: Vec::new(),
        notes: notes.notes,
        multi_notes: notes.multi,
        ordnance_notes: Vec::new(),
        ordnance_multi_notes: Vec::new(),
        infantry: national.infantry,
        national_rules: national.national_rules,
        factions: national.factions,
        nationalities: national.nationalities,
        unresolved: Vec::new(),
    }
}
