//! Notes -> vehicles: link each listing row to its numbered note, apply the note's rules and
//! the multi-applicable notes it refers to, and lint the links.
//!
//! Passes: the rows of each note (`links`), the lints on the links, the readings of the
//! multi-applicable notes (`multi`), the notes' IR (`ir`), each note's rules given to its rows
//! (`assign`), availability in dependency order ([`crate::availability`]), radio/HEAT/
//! optional armament/variable DVP (`extras`), counter text (`notations`); the MG a note's rules
//! name, against the row's MG columns (`mg_mentions`). Both of the last ask which vehicles a
//! sentence names among those its note covers (`siblings`, answered once per sentence).

mod assign;
mod extras;
mod ir;
mod links;
mod listing_only;
mod marks;
mod mg_mentions;
mod multi;
mod notations;
mod siblings;
mod unread;

use qm_parser::{
    parse_notes, Diagnostic, ListingRow, NotesDoc, Source, SourceMap, TextSpan, YearSpan,
};
use qm_schema::{MultiNote, TheaterId, Vehicle, VehicleNote};
use rayon::prelude::*;

use crate::availability::model::NoteRules;
use crate::availability::{resolve_availability, AvailabilityInput};
use crate::counter_text::counter_sides;
use crate::factions::Factions;
use crate::lint::Finding;
use crate::mentions::NameIndex;
use crate::ob::NationalData;
use crate::registry::{NationTheaters, Registries};
use crate::theater_names::nation_theaters;
use assign::assign_rules;
use extras::extras;
use ir::{ir_multi, ir_note};
use links::{lint_note_refs, lint_see_also, title_rows, NoteMembers};
use listing_only::listing_only;
use marks::lint_note_marks;
use mg_mentions::lint_note_mgs;
use multi::MultiReadings;
use notations::counter_text;
use siblings::SiblingSets;

/// What resolving the notes adds to the nation.
#[derive(Debug, Default)]
pub struct NotesOutcome {
    /// The numbered notes.
    pub notes: Vec<VehicleNote>,
    /// The multi-applicable notes.
    pub multi: Vec<MultiNote>,
    /// The nation's theaters the notes were read with (docs/notes.md).
    pub theaters: Vec<TheaterId>,
}

/// Parses `notes.md`, resolves every vehicle's availability, radio, HEAT, optional armament,
/// DVP and counter text, and lints the links between listing and notes. `rows` are the
/// vehicles' listing rows, one per vehicle (consumed: freed once the lints have read them). `listed` is the
/// nation's `[nation] theaters` from its `ob.toml`, when given; `national` its national rules
/// (the radio default).
#[allow(clippy::too_many_arguments)] // the notes' inputs, each plain data
pub fn resolve_notes(
    map: &SourceMap,
    src: Option<&Source>,
    national: &NationalData,
    vehicles: &mut [Vehicle],
    rows: Vec<ListingRow>,
    registries: &Registries,
    listed: Option<Vec<TheaterId>>,
    findings: &mut Vec<Finding>,
    diags: &mut Vec<Diagnostic>,
) -> NotesOutcome {
    let Some(src) = src else {
        return without_notes(registries, listed, vehicles, diags);
    };
    let parsed = parse_notes(src, listing_years(vehicles));
    diags.extend(parsed.diagnostics);
    let doc = parsed.value;
    let nation = nation_theaters(&registries.theaters, Some(&doc), listed, diags);
    let names: Vec<String> = vehicles.iter().map(|v| v.name.clone()).collect();
    let index = NameIndex::new(&names);
    let members = NoteMembers::new(vehicles);
    let mut sets = SiblingSets::new(&index, &members);
    let cx = NotesCx {
        map,
        doc: &doc,
        vehicles: &*vehicles,
        names: &names,
        index: &index,
        members: &members,
    };
    // The lints of the rows and the reading of the notes share nothing they write: both at
    // once, their diagnostics and findings appended in the order one after the other gives.
    let (lints, read) = rayon::join(
        || lint_rows(&cx, &rows, &mut sets),
        || read_notes(&cx, &nation, national),
    );
    // The rows' last use: freed here, before the rest of the notes is resolved (a long
    // listing's rows are as large as its vehicles).
    drop(rows);
    diags.extend(lints.diags);
    diags.extend(read.diags);
    findings.extend(lints.findings);
    findings.extend(read.findings);
    let windows: Vec<_> = vehicles.iter().map(|v| read.multi.windows_for(v)).collect();
    let input = AvailabilityInput {
        rules: &read.rules,
        windows: &windows,
        rows: &lints.spans,
        index: &index,
        theaters: &nation,
    };
    resolve_availability(map, vehicles, &input, findings, diags);
    give_extras(
        map,
        &doc,
        &read.multi,
        vehicles,
        &read.rules,
        registries,
        national,
    );
    // The rules and windows have been read: freed before the counters are written (a long
    // listing's are megabytes).
    drop((read.rules, windows, lints.spans));
    counter_text(map, &doc, vehicles, &mut sets);
    NotesOutcome {
        notes: read.notes,
        multi: doc.multi.iter().map(|m| ir_multi(map, m)).collect(),
        theaters: nation.theaters().to_vec(),
    }
}

/// The years the listing's DATES hold, from the first to the last: a note's period outside
/// them is a misprint (the years are the data's, never a built-in war's).
fn listing_years(vehicles: &[Vehicle]) -> Option<YearSpan> {
    let dates = || vehicles.iter().filter_map(|v| v.dates.value);
    Some(YearSpan {
        first: dates().map(|d| d.from.year).min()?,
        last: dates().map(|d| d.to.year).max()?,
    })
}

/// Without notes, the listing answers alone: its DATES at its RF in every theater the nation
/// declares (any, when it declares none), saying which note the data lacks.
fn without_notes(
    registries: &Registries,
    listed: Option<Vec<TheaterId>>,
    vehicles: &mut [Vehicle],
    diags: &mut Vec<Diagnostic>,
) -> NotesOutcome {
    let nation = nation_theaters(&registries.theaters, None, listed, diags);
    for v in vehicles.iter_mut() {
        (v.counter.front, v.counter.back) = counter_sides(v, &[]);
        (v.availability, v.availability_unknown) = listing_only(v, nation.theaters());
    }
    NotesOutcome {
        theaters: nation.theaters().to_vec(),
        ..NotesOutcome::default()
    }
}

/// What the passes before availability read: the parsed notes and the vehicles' names.
struct NotesCx<'a> {
    /// The sources, for spans.
    map: &'a SourceMap,
    /// The parsed notes.
    doc: &'a NotesDoc,
    /// The vehicles, before their notes are resolved.
    vehicles: &'a [Vehicle],
    /// The vehicles' names, in vehicle order.
    names: &'a [String],
    /// The names, indexed for mentions.
    index: &'a NameIndex,
    /// The rows each note number covers.
    members: &'a NoteMembers,
}

/// What the lints of the listing rows give.
struct RowLints {
    /// The rows' spans, kept once the rows are freed.
    spans: Vec<TextSpan>,
    /// The lints' diagnostics.
    diags: Vec<Diagnostic>,
    /// The lints' findings.
    findings: Vec<Finding>,
}

/// Lints each row's note references and the MGs its note names.
fn lint_rows(cx: &NotesCx<'_>, rows: &[ListingRow], sets: &mut SiblingSets<'_>) -> RowLints {
    let (mut diags, mut findings) = (Vec::new(), Vec::new());
    let rows: Vec<&ListingRow> = rows.iter().collect();
    lint_note_refs(cx.doc, &rows, cx.names, &mut diags);
    lint_note_marks(cx.doc, &rows, cx.names, &mut diags);
    lint_note_mgs(cx.map, cx.doc, cx.vehicles, &rows, sets, &mut findings);
    RowLints {
        spans: rows.iter().map(|r| r.span.clone()).collect(),
        diags,
        findings,
    }
}

/// The notes as read before availability is resolved.
struct NoteReadings {
    /// The multi-applicable notes' readings.
    multi: MultiReadings,
    /// The numbered notes' IR.
    notes: Vec<VehicleNote>,
    /// Each vehicle's rules from its numbered note, in vehicle order.
    rules: Vec<NoteRules>,
    /// The findings of the links.
    findings: Vec<Finding>,
    /// The diagnostics of the rules.
    diags: Vec<Diagnostic>,
}

/// Reads the multi-applicable notes, the numbered notes' IR and each vehicle's rules.
fn read_notes(
    cx: &NotesCx<'_>,
    nation: &NationTheaters<'_>,
    national: &NationalData,
) -> NoteReadings {
    let (mut diags, mut findings) = (Vec::new(), Vec::new());
    let multi = MultiReadings::read(cx.doc, nation);
    let notes = link_notes(
        cx.map,
        cx.doc,
        cx.members,
        cx.index,
        cx.vehicles,
        &mut findings,
    );
    // The notes' words for factions name the nation's factions (ob.toml).
    let factions = Factions::new(&national.factions);
    let (doc, members, index, names) = (cx.doc, cx.members, cx.index, cx.names);
    let rules = assign_rules(doc, members, index, names, nation, &factions, &mut diags);
    unread::unread_factions(cx.map, doc, &factions, &mut diags);
    unread::unread_places(cx.map, doc, nation.registry(), &factions, &mut diags);
    unread::unread_negations(cx.map, doc, &mut diags);
    NoteReadings {
        multi,
        notes,
        rules,
        findings,
        diags,
    }
}

/// Radio, HEAT, optional armament and variable DVP of every vehicle, from its own rules.
fn give_extras(
    map: &SourceMap,
    doc: &NotesDoc,
    multi: &MultiReadings,
    vehicles: &mut [Vehicle],
    rules: &[NoteRules],
    registries: &Registries,
    national: &NationalData,
) {
    // Each vehicle's extras read only its own rules: on every core.
    let afv_radio = national.afv_radio();
    vehicles
        .par_iter_mut()
        .zip(rules)
        .for_each(|(v, own)| extras(map, doc, multi, v, &own.rules, &registries.types, afv_radio));
}

/// The numbered notes' IR, with the lints on each note's title vehicles and "See also" line.
fn link_notes(
    map: &SourceMap,
    doc: &NotesDoc,
    members: &NoteMembers,
    index: &NameIndex,
    vehicles: &[Vehicle],
    findings: &mut Vec<Finding>,
) -> Vec<VehicleNote> {
    let names: Vec<String> = vehicles.iter().map(|v| v.name.clone()).collect();
    doc.notes
        .iter()
        .map(|note| {
            let rows = members.of(note.number.value);
            let titles = title_rows(note, rows, index, &names, findings);
            lint_see_also(note, rows, vehicles, findings);
            ir_note(map, note, titles)
        })
        .collect()
}
