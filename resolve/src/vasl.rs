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
    if listing.rows.is_empty() {
        // VASL's file of shared pieces holds none of Chapter H's vehicles: a nation without
        // vehicles, not an error.
        diags.push(
            Diagnostic::warning(
                "vasl::no-vehicles",
                format!(
                    "found no vehicle in {} (only rows that hold none)",
                    src.name
                ),
                qm_parser::TextSpan::new(src.id, 0..src.text.len().min(1)),
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

/// Gives each built vehicle its row's [`VaslRow`]; a second line's (kept as the vehicle's
/// other configuration) goes in the vehicle's `second_line`.
pub(crate) fn attach(
    map: &SourceMap,
    extras: &CsvExtras,
    second_line: impl Fn(usize) -> bool,
    built: &mut [Option<Vehicle>],
) {
    for i in 0..built.len().min(extras.extras.len()) {
        let row = vasl_row(map, &extras.extras[i], &extras.captions);
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

fn vasl_row(map: &SourceMap, x: &VaslExtras, captions: &[VaslCaptionRow]) -> VaslRow {
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
                row: vasl_row(map, &p.extras, captions),
            })
            .collect(),
    }
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
