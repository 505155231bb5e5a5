//! VASL's Chapter H CSV (`listing.csv`): its rows are the listing's rows; what only the CSV
//! has goes with each vehicle as its [`VaslRow`].

use qm_parser::{
    parse_vasl_csv, Diagnostic, ListingRow, Source, SourceMap, VaslCaptionRow, VaslCell,
    VaslExtras, VaslMarkup,
};
use qm_schema::{
    CellMarkup, Field, UnreadNote, UnreadWhy, VaslCaption, VaslColumnValue, VaslPiece, VaslRow,
    Vehicle,
};

use crate::counter_text::variant_counter_sides;
use crate::listing::vehicle_from_row;
use crate::registry::VehicleTypeRegistry;

/// True when `source` is read as VASL's Chapter H CSV (its file is `listing.csv`).
pub(crate) fn is_vasl_csv(source: &Source) -> bool {
    source.name.ends_with("listing.csv")
}

/// What the CSV gave beside its rows: one entry per row, and the caption rows.
#[derive(Debug, Default)]
pub(crate) struct CsvExtras {
    extras: Vec<VaslExtras>,
    captions: Vec<VaslCaptionRow>,
}

/// The rows of a `listing.csv`, and what only the CSV has.
pub(crate) fn csv_rows(src: &Source, diags: &mut Vec<Diagnostic>) -> (Vec<ListingRow>, CsvExtras) {
    let parsed = parse_vasl_csv(src);
    diags.extend(parsed.diagnostics);
    let listing = parsed.value;
    // A file whose header did not read holds no rows qm read: its error says so.
    if listing.rows.is_empty() && listing.records > 0 {
        // VASL's file of shared pieces holds none of Chapter H's vehicles: a nation without
        // vehicles, not an error.
        diags.push(
            Diagnostic::note(
                "vasl::no-vehicles",
                format!(
                    "found no vehicle in {} (only rows that hold none)",
                    src.name
                ),
                qm_parser::TextSpan::new(src.id, 0..src.text.len().min(1)),
                "VASL files without vehicles (shared pieces only) kept",
            )
            .with_help("a vehicle row names the vehicle and gives its BPV, RF and DATES"),
        );
    }
    let extras = CsvExtras {
        extras: listing.extras,
        captions: listing.captions,
    };
    (listing.rows, extras)
}

/// What building a row's [`VaslRow`] reads: the sources, the caption rows, and the type
/// registry a variant's own vehicle is built with (its diagnostics beside the rows').
pub(crate) struct VaslRead<'a> {
    pub(crate) map: &'a SourceMap,
    pub(crate) types: &'a VehicleTypeRegistry,
    pub(crate) diags: &'a mut Vec<Diagnostic>,
}

/// Gives each built vehicle its row's [`VaslRow`] (its variants' vehicles built); a second
/// line's (kept as the vehicle's other configuration) goes in the vehicle's `second_line`.
pub(crate) fn attach(
    read: &mut VaslRead,
    extras: &CsvExtras,
    second_line: impl Fn(usize) -> bool,
    built: &mut [Option<Vehicle>],
) {
    for i in 0..built.len().min(extras.extras.len()) {
        let row = vasl_row(read, &extras.extras[i], &extras.captions);
        if second_line(i) {
            if let Some(Some(v)) = built.get_mut(i.wrapping_sub(1)) {
                if let Some(x) = v.vasl.as_mut() {
                    x.second_line = Some(Box::new(row));
                }
            }
        } else if let Some(v) = built[i].as_mut() {
            v.vasl = Some(Box::new(row));
        }
    }
}

fn vasl_row(read: &mut VaslRead, x: &VaslExtras, captions: &[VaslCaptionRow]) -> VaslRow {
    let map = read.map;
    VaslRow {
        copies: x.copies,
        columns: columns(map, &x.cells),
        markup: markup(&x.markup),
        unread_notes: x
            .unread_notes
            .iter()
            .map(|s| UnreadNote {
                position: s.position,
                note: text_field(map, s.text.clone(), &s.span),
                why: if s.struck {
                    UnreadWhy::Struck
                } else {
                    UnreadWhy::VaslId
                },
            })
            .collect(),
        type_position: x
            .type_position
            .map(|p| u32::try_from(p).unwrap_or(u32::MAX)),
        caption: x
            .caption
            .and_then(|c| captions.get(c))
            .map(|c| VaslCaption {
                label: c.label.clone(),
                columns: columns(map, &c.cells),
                markup: markup(&c.markup),
            }),
        second_line: None,
        pieces: x
            .pieces
            .iter()
            .map(|p| VaslPiece {
                span: map.provenance(&p.span),
                notes: p
                    .extras
                    .notes_cell
                    .as_ref()
                    .map(|c| text_field(map, c.text.clone(), &c.span)),
                row: vasl_row(read, &p.extras, captions),
                variant: p.variant.as_ref().and_then(|row| variant(read, row)),
            })
            .collect(),
    }
}

/// A variant row's own vehicle: its name, listing values and (later) counter; none when a
/// value every vehicle needs is missing (reported, at the row).
fn variant(read: &mut VaslRead, row: &ListingRow) -> Option<Box<Vehicle>> {
    vehicle_from_row(read.map, row, read.types, read.diags).map(Box::new)
}

fn columns(map: &SourceMap, cells: &[VaslCell]) -> Vec<VaslColumnValue> {
    cells
        .iter()
        .map(|c| VaslColumnValue {
            column: c.column.to_string(),
            value: text_field(map, c.text.clone(), &c.span),
        })
        .collect()
}

fn markup(markup: &[VaslMarkup]) -> Vec<CellMarkup> {
    let offset = |x: usize| u32::try_from(x).unwrap_or(u32::MAX);
    markup
        .iter()
        .map(|m| CellMarkup {
            column: m.column.to_string(),
            kind: m.kind,
            start: offset(m.range.start),
            end: offset(m.range.end),
        })
        .collect()
}

fn text_field(map: &SourceMap, text: String, span: &qm_parser::TextSpan) -> Field<String> {
    Field {
        value: Some(text.clone()),
        dagger: false,
        footnote: None,
        superscript: None,
        raw: text,
        span: map.provenance(span),
    }
}

/// Gives each vehicle's VASL variants an id of their own in the nation (their name's, made
/// unique by `-2`, `-3`, ... in file order, as two variants may share a name) and their
/// counter: their own values, with the vehicle's notations (the notes are the vehicle's).
pub(crate) fn finish_variants(vehicles: &mut [Vehicle]) {
    let mut taken: std::collections::HashSet<String> =
        vehicles.iter().map(|v| v.id.clone()).collect();
    for v in vehicles.iter_mut() {
        let notations = v.counter.notations.clone();
        let pieces = v.vasl.iter_mut().flat_map(|x| x.pieces.iter_mut());
        for p in pieces {
            let Some(w) = p.variant.as_deref_mut() else {
                continue;
            };
            let base = w.id.clone();
            let mut n = 1;
            while taken.contains(&w.id) {
                n += 1;
                w.id = format!("{base}-{n}");
            }
            taken.insert(w.id.clone());
            (w.counter.front, w.counter.back) = variant_counter_sides(w, &notations, &p.row);
            w.counter.notations = notations.clone();
        }
    }
}
