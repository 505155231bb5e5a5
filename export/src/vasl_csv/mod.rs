//! `qm export vasl-csv`: a nation's IR written back in VASL's Chapter H CSV layout, markup
//! included, so data `qm` has checked feeds VASL's own tools.
//!
//! Each cell is the IR's published text (a field's `raw`), with what VASL writes as markup
//! put back: the type in the name's `<i>`, superscript characters as `<sup>`, `•` for the
//! listing's marks, and the markup a CSV-read vehicle keeps ([`qm_schema::VaslRow`]). What a
//! read and a write change is listed in docs/listings.md ("Round trip") and tested.

mod markup;
mod row;

use qm_schema::{Nation, VaslCaption, VaslPiece, Vehicle, VASL_HEADER};

pub use row::{caption_cells, piece_cells, vehicle_rows};

/// The nation's vehicles as VASL's Chapter H CSV: its header row, then a caption row where the
/// rows' caption changes, then each vehicle's row and its second line's; a vehicle's other
/// VASL pieces at their places in the file it was read from (by line).
pub fn listing_csv(nation: &Nation) -> String {
    let mut out = String::new();
    write_record(&mut out, VASL_HEADER.iter().map(|s| s.to_string()));
    let mut pieces: Vec<(&Vehicle, &VaslPiece)> = nation
        .vehicles
        .iter()
        .flat_map(|v| {
            v.vasl
                .iter()
                .flat_map(move |x| x.pieces.iter().map(move |p| (v, p)))
        })
        .collect();
    pieces.sort_by_key(|(_, p)| p.span.line);
    let mut pieces = pieces.into_iter().peekable();
    let mut caption: Option<&VaslCaption> = None;
    for v in &nation.vehicles {
        let line = v.name_cell.span.line;
        while let Some((of, piece)) = pieces.next_if(|(_, p)| p.span.line < line) {
            write_caption(&mut out, &mut caption, piece.row.caption.as_ref());
            write_record(&mut out, piece_cells(of, piece));
        }
        let this = v.vasl.as_ref().and_then(|x| x.caption.as_ref());
        write_caption(&mut out, &mut caption, this);
        for row in vehicle_rows(v) {
            write_record(&mut out, row);
        }
    }
    for (of, piece) in pieces {
        write_caption(&mut out, &mut caption, piece.row.caption.as_ref());
        write_record(&mut out, piece_cells(of, piece));
    }
    out
}

/// The caption row of the next row, when its caption is not the one above.
fn write_caption<'a>(
    out: &mut String,
    current: &mut Option<&'a VaslCaption>,
    this: Option<&'a VaslCaption>,
) {
    if let Some(c) = this.filter(|c| *current != Some(*c)) {
        write_record(out, caption_cells(c));
    }
    *current = this;
}

/// One CSV record, written by the `csv` crate: cells quoted when they hold a comma, a quote
/// or a line end, as VASL's files are, every byte kept; a cell a spreadsheet would take for
/// a formula after an apostrophe, as text ([`qm_schema::as_spreadsheet_text`]).
fn write_record(out: &mut String, cells: impl IntoIterator<Item = String>) {
    let mut writer = csv::WriterBuilder::new()
        .flexible(true)
        .from_writer(Vec::new());
    let cells = cells
        .into_iter()
        .map(|c| qm_schema::as_spreadsheet_text(&c).into_owned());
    // Writing to memory cannot fail; the cells are text, so the bytes are too.
    if writer.write_record(cells).is_ok() {
        if let Ok(bytes) = writer.into_inner() {
            out.push_str(&String::from_utf8_lossy(&bytes));
        }
    }
}
