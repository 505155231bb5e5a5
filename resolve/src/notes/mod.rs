//! Notes -> a listing's items: link each row to its numbered note, apply the note's rules and
//! the multi-applicable notes it refers to, and lint the links. The vehicle notes
//! (`notes.md`) and the ordnance notes (`ordnance-notes.md`) go through the same passes
//! ([`crate::listed::Listed`]: [`resolve_notes`] for the vehicles, [`resolve_gun_notes`] for
//! the guns, both through `read_listing`); what only a vehicle has follows for the vehicles.
//!
//! Passes: the rows of each note (`links`), the lints on the links (`marks` too), the
//! readings of the multi-applicable notes (`multi`), the notes' IR (`ir`), each note's rules
//! given to its rows (`assign`), availability in dependency order ([`crate::availability`]);
//! then, for the vehicles, radio/HEAT/optional armament/variable DVP (`extras`), counter text
//! (`notations`) and the MG a note's rules name, against the row's MG columns
//! (`mg_mentions`). Both of the last ask which vehicles a sentence names among those its note
//! covers (`siblings`, answered once per sentence).

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
    parse_notes_with, Diagnostic, ListingRow, NotesDoc, OrdnanceRow, Source, SourceMap,
};
use qm_schema::{Faction, MultiNote, Ordnance, TheaterId, Vehicle, VehicleNote};
use rayon::prelude::*;

use crate::availability::model::NoteRules;
use crate::availability::{resolve_availability, AvailabilityInput};
use crate::counter_text::counter_sides;
use crate::factions::Factions;
use crate::lexicon::notes_lexicon;
use crate::lint::Finding;
use crate::listed::{Listed, ListedKind, ListedRow};
use crate::mentions::NameIndex;
use crate::ob::NationalData;
use crate::registry::{NationTheaters, Registries};
use assign::assign_rules;
use extras::extras;
use ir::{ir_multi, ir_note};
use links::{lint_note_refs, lint_see_also, title_rows, NoteMembers, NotesFile};
pub use listing_only::listing_only;
use marks::lint_note_marks;
use mg_mentions::lint_note_mgs;
use multi::MultiReadings;
use notations::counter_text;
use siblings::SiblingSets;

/// What resolving a listing's notes adds to the nation.
#[derive(Debug, Default)]
pub struct NotesOutcome {
    /// The numbered notes.
    pub notes: Vec<VehicleNote>,
    /// The multi-applicable notes.
    pub multi: Vec<MultiNote>,
}

/// A listing's notes parsed with the listing's words ([`notes_lexicon`]: its items' names, the
/// theaters, the factions' words, the years of its DATES); the parser's diagnostics go to
/// `diags`.
pub fn parse_listing_notes<T: Listed>(
    src: &Source,
    items: &[T],
    (registries, factions): (&Registries, &[Faction]),
    diags: &mut Vec<Diagnostic>,
) -> NotesDoc {
    let lexicon = notes_lexicon(items, &registries.theaters, factions);
    let parsed = parse_notes_with(src, &lexicon);
    diags.extend(parsed.diagnostics);
    parsed.value
}

/// What one listing's notes are read with, besides its items and rows.
pub struct ListingNotes<'a> {
    /// The sources, for spans.
    pub map: &'a SourceMap,
    /// The parsed notes and their file's name ("notes.md"); `None`: the listing answers
    /// alone.
    pub doc: Option<(&'a NotesDoc, &'a str)>,
    /// The nation's theaters (those of every notes file of the nation, or its declared ones).
    pub nation: &'a NationTheaters<'a>,
    /// The theaters `ob.toml` declares (empty when it declares none): where a listing without
    /// notes answers.
    pub declared: &'a [TheaterId],
    /// The nation's `ob.toml` data (its factions; the radio default).
    pub national: &'a NationalData,
}

/// Resolves every vehicle's availability, radio, HEAT, optional armament, DVP and counter
/// text from its notes, and lints the links between listing and notes. `rows` are the
/// vehicles' listing rows, one per vehicle (consumed: freed once the lints have read them).
pub fn resolve_notes(
    notes: &ListingNotes<'_>,
    vehicles: &mut [Vehicle],
    rows: Vec<ListingRow>,
    registries: &Registries,
    findings: &mut Vec<Finding>,
    diags: &mut Vec<Diagnostic>,
) -> NotesOutcome {
    let Some((doc, _)) = notes.doc else {
        for v in vehicles.iter_mut() {
            (v.counter.front, v.counter.back) = counter_sides(v, &[]);
        }
        return without_notes(notes, vehicles);
    };
    let names = Names::new(vehicles);
    let mut sets = SiblingSets::new(&names.index, &names.members);
    let mg_lints = |cx: &NotesCx<'_, Vehicle>, rows: &[ListingRow], lints: &mut RowLints| {
        let rows: Vec<&ListingRow> = rows.iter().collect();
        lint_note_mgs(
            cx.map,
            cx.doc,
            cx.items,
            &rows,
            &mut sets,
            &mut lints.findings,
        );
    };
    let read = read_listing(notes, vehicles, &names, rows, mg_lints, findings, diags);
    give_extras(notes, doc, &read, vehicles, registries);
    // The rules and windows have been read: freed before the counters are written (a long
    // listing's are megabytes).
    let notes_ir = read.notes;
    drop(read.rules);
    counter_text(notes.map, doc, vehicles, &mut sets);
    outcome(notes.map, doc, notes_ir)
}

/// Resolves every gun's availability from the ordnance notes, as [`resolve_notes`] does a
/// vehicle's, and lints the links between the ordnance listing and its notes.
pub fn resolve_gun_notes(
    notes: &ListingNotes<'_>,
    guns: &mut [Ordnance],
    rows: Vec<OrdnanceRow>,
    findings: &mut Vec<Finding>,
    diags: &mut Vec<Diagnostic>,
) -> NotesOutcome {
    let Some((doc, _)) = notes.doc else {
        return without_notes(notes, guns);
    };
    let names = Names::new(guns);
    let read = read_listing(notes, guns, &names, rows, |_, _, _| {}, findings, diags);
    outcome(notes.map, doc, read.notes)
}

/// The notes' IR.
fn outcome(map: &SourceMap, doc: &NotesDoc, notes: Vec<VehicleNote>) -> NotesOutcome {
    NotesOutcome {
        notes,
        multi: doc.multi.iter().map(|m| ir_multi(map, m)).collect(),
    }
}

/// Without notes, the listing answers alone: each item's DATES at its RF in every theater the
/// nation declares (any, when it declares none), saying which note the data lacks.
fn without_notes<T: Listed>(notes: &ListingNotes<'_>, items: &mut [T]) -> NotesOutcome {
    for v in items.iter_mut() {
        let (known, unknown) = listing_only(&*v, notes.declared);
        let out = v.resolved_mut();
        (*out.availability, *out.unknown) = (known, unknown);
    }
    NotesOutcome::default()
}

/// A listing's names, read once: by item, indexed for mentions, and the rows of each note.
struct Names {
    /// The items' names, in item order.
    names: Vec<String>,
    /// The names, indexed for mentions.
    index: NameIndex,
    /// The rows each note number covers.
    members: NoteMembers,
}

impl Names {
    fn new<T: Listed>(items: &[T]) -> Self {
        let names: Vec<String> = items.iter().map(|v| v.name().to_string()).collect();
        Self {
            index: NameIndex::new(&names),
            members: NoteMembers::new(items),
            names,
        }
    }
}

/// What the passes before availability read: the parsed notes and the items' names.
struct NotesCx<'a, T> {
    /// The sources, for spans.
    map: &'a SourceMap,
    /// The parsed notes.
    doc: &'a NotesDoc,
    /// The notes file, for diagnostics about it.
    file: NotesFile<'a>,
    /// The items, before their notes are resolved.
    items: &'a [T],
    /// Their names.
    names: &'a Names,
}

/// What the lints of the listing rows give.
#[derive(Default)]
struct RowLints {
    /// The rows' spans, kept once the rows are freed.
    spans: Vec<qm_parser::TextSpan>,
    /// The lints' diagnostics.
    diags: Vec<Diagnostic>,
    /// The lints' findings.
    findings: Vec<Finding>,
}

/// The passes every listing's notes go through, the vehicles' and the guns' alike: the links
/// and their lints beside the reading of the notes (the rules of each item, the multi-
/// applicable notes, the notes' IR), then every item's availability. `row_lints` are the
/// listing's own lints of its rows, run beside the reading (the vehicles' MG mentions).
/// `rows` (one per item) are freed once the lints have read them.
#[allow(clippy::too_many_arguments)] // the notes' inputs, each plain data
fn read_listing<T: Listed + Sync, R: ListedRow + Sync>(
    notes: &ListingNotes<'_>,
    items: &mut [T],
    names: &Names,
    rows: Vec<R>,
    row_lints: impl FnOnce(&NotesCx<'_, T>, &[R], &mut RowLints) + Send,
    findings: &mut Vec<Finding>,
    diags: &mut Vec<Diagnostic>,
) -> NoteReadings {
    let Some((doc, file)) = notes.doc else {
        unreachable!("read only with notes")
    };
    let kind = items.first().map_or(ListedKind::Vehicle, |v| v.kind());
    let cx = NotesCx {
        map: notes.map,
        doc,
        file: NotesFile { doc, file, kind },
        items: &*items,
        names,
    };
    // The lints of the rows and the reading of the notes share nothing they write: both at
    // once, their diagnostics and findings appended in the order one after the other gives.
    let (lints, mut read) = rayon::join(
        || {
            let mut lints = lint_rows(&cx, &rows);
            row_lints(&cx, &rows, &mut lints);
            lints
        },
        || read_notes(&cx, notes.nation, notes.national),
    );
    // The rows' last use: freed here, before the rest of the notes is resolved (a long
    // listing's rows are as large as its items).
    drop(rows);
    diags.extend(lints.diags);
    diags.append(&mut read.diags);
    findings.extend(lints.findings);
    findings.append(&mut read.findings);
    let windows: Vec<_> = items
        .iter()
        .map(|v| read.multi.windows_for(v.note_refs()))
        .collect();
    // A multi-applicable note's limits and RF changes are the rules of every item that
    // refers to it (its row, or its note's "See also" line), after its own note's.
    let see_also = see_also_letters(doc, names, items.len());
    for ((v, own), also) in items.iter().zip(&mut read.rules).zip(&see_also) {
        let rules = read.multi.rules_for(v.note_refs(), also);
        own.rules.extend(rules.into_iter().cloned());
    }
    let input = AvailabilityInput {
        rules: &read.rules,
        windows: &windows,
        rows: &lints.spans,
        index: &names.index,
        theaters: notes.nation,
    };
    resolve_availability(notes.map, items, &input, findings, diags);
    read
}

/// For each item, the multi-applicable notes its numbered notes' "See also" lines name.
fn see_also_letters(doc: &NotesDoc, names: &Names, items: usize) -> Vec<Vec<String>> {
    let mut out = vec![Vec::new(); items];
    for note in &doc.notes {
        let letters: Vec<String> = note
            .see_also
            .iter()
            .flat_map(|s| s.refs.iter())
            .filter_map(|r| match &r.target {
                qm_parser::NoteTarget::Multi(l) => Some(l.clone()),
                qm_parser::NoteTarget::Numbered(_) => None,
            })
            .collect();
        for &i in names.members.of(note.number.value) {
            if let Some(item) = out.get_mut(i) {
                item.extend(letters.iter().cloned());
            }
        }
    }
    out
}

/// Lints each row's note references and the marks after them.
fn lint_rows<T, R: ListedRow>(cx: &NotesCx<'_, T>, rows: &[R]) -> RowLints {
    let mut diags = Vec::new();
    let names = &cx.names.names;
    lint_note_refs(&cx.file, rows, names, &mut diags);
    lint_note_marks(cx.doc, rows, names, &mut diags);
    RowLints {
        spans: rows.iter().map(|r| r.span().clone()).collect(),
        diags,
        findings: Vec::new(),
    }
}

/// The notes as read before availability is resolved.
struct NoteReadings {
    /// The multi-applicable notes' readings.
    multi: MultiReadings,
    /// The numbered notes' IR.
    notes: Vec<VehicleNote>,
    /// Each item's rules from its numbered note, in item order.
    rules: Vec<NoteRules>,
    /// The findings of the links.
    findings: Vec<Finding>,
    /// The diagnostics of the rules.
    diags: Vec<Diagnostic>,
}

/// Reads the multi-applicable notes, the numbered notes' IR and each item's rules.
fn read_notes<T: Listed>(
    cx: &NotesCx<'_, T>,
    nation: &NationTheaters<'_>,
    national: &NationalData,
) -> NoteReadings {
    let (mut diags, mut findings) = (Vec::new(), Vec::new());
    let mut multi = MultiReadings::read(cx.doc, nation);
    let notes = link_notes(cx.map, cx.doc, cx.names, cx.items, &mut findings);
    // The notes' words for factions name the nation's factions (ob.toml).
    let factions = Factions::new(&national.factions);
    multi.resolve_names(&factions, nation, &mut diags);
    let rules = assign_rules(
        cx.doc,
        cx.file.kind,
        cx.names,
        nation,
        &factions,
        &mut diags,
    );
    let doc = cx.doc;
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
    notes: &ListingNotes<'_>,
    doc: &NotesDoc,
    read: &NoteReadings,
    vehicles: &mut [Vehicle],
    registries: &Registries,
) {
    // Each vehicle's extras read only its own rules: on every core.
    let afv_radio = notes.national.afv_radio();
    let (map, multi) = (notes.map, &read.multi);
    vehicles
        .par_iter_mut()
        .zip(&read.rules)
        .for_each(|(v, own)| extras(map, doc, multi, v, &own.rules, &registries.types, afv_radio));
}

/// The numbered notes' IR, with the lints on each note's title names and "See also" line.
fn link_notes<T: Listed>(
    map: &SourceMap,
    doc: &NotesDoc,
    names: &Names,
    items: &[T],
    findings: &mut Vec<Finding>,
) -> Vec<VehicleNote> {
    doc.notes
        .iter()
        .map(|note| {
            let rows = names.members.of(note.number.value);
            let titles = title_rows(note, rows, &names.index, &names.names, findings);
            lint_see_also(note, rows, items, findings);
            ir_note(map, note, titles)
        })
        .collect()
}
