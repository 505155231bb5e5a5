//! `qm export vasl-csv`: a nation in VASL's Chapter H CSV layout, markup included, so data
//! `qm` has checked feeds VASL's own tools.
//!
//! A nation read from VASL's own file (`listing.csv`) is written back as read, every record
//! at its place, each its published bytes with the errata applied ([`as_read`]). Any other
//! nation is written from the IR: each cell the IR's published text (a field's `raw`), with
//! what VASL writes as markup put back: the type in the name's `<i>`, superscript characters
//! as `<sup>`, `•` for the listing's marks, and the markup a CSV-read vehicle keeps
//! ([`qm_schema::VaslRow`]). What a read and a write change is listed in docs/listings.md
//! ("Round trip") and tested.
//!
//! A nation's guns are written alike ([`ordnance_csv`]): an `ordnance.csv` as read, guns from
//! `ordnance.tsv` from the IR in VASL's ordnance layout ([`ordnance`]).

mod as_read;
mod markup;
pub mod ordnance;
mod row;

use qm_parser::Source;
use qm_schema::{Nation, VaslCaption, VaslPiece, Vehicle, VASL_HEADER};

pub use row::{caption_cells, piece_cells, vehicle_rows};

/// The nation as VASL's Chapter H CSV. `published` is the nation's `listing.csv` when it was
/// read from one: that file is written back as read, every record kept (the HTML label row,
/// captions, VASL's own rows, rows with errors, empty lines) byte for byte, an erratum's
/// correction applied and a cell a spreadsheet would run written as text. Without it (a nation
/// from `listing.tsv`, or the IR's own writing asked for), the rows are written from the IR.
pub fn listing_csv(nation: &Nation, published: Option<&Source>) -> String {
    match published {
        Some(source) => as_read::rows_as_read(source),
        None => from_ir(nation),
    }
}

/// The nation's guns as VASL's ordnance CSV. `published` is the nation's `ordnance.csv` when
/// it was read from one: that file is written back as read, as [`listing_csv`] writes a
/// `listing.csv` (every record byte for byte, an erratum's correction applied and a cell a
/// spreadsheet would run written as text). Without it (guns from `ordnance.tsv`), the guns are
/// written from the IR ([`ordnance::ordnance_from_ir`]).
pub fn ordnance_csv(nation: &Nation, published: Option<&Source>) -> String {
    match published {
        Some(source) => as_read::rows_as_read(source),
        None => {
            let mut out = String::new();
            for row in ordnance::ordnance_from_ir(&nation.ordnance) {
                write_record(&mut out, row);
            }
            out
        }
    }
}

/// The nation's vehicles from the IR: VASL's header row, then a caption row where the rows'
/// caption changes, then each vehicle's row and its second line's; a vehicle's other VASL
/// pieces at their places in the file it was read from (by line).
fn from_ir(nation: &Nation) -> String {
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
    out.push_str(&record_text(cells));
}

/// [`write_record`]'s record as text, its line end `\n`.
fn record_text(cells: impl IntoIterator<Item = String>) -> String {
    let mut writer = csv::WriterBuilder::new()
        .flexible(true)
        .from_writer(Vec::new());
    let cells = cells
        .into_iter()
        .map(|c| qm_schema::as_spreadsheet_text(&c).into_owned());
    // Writing to memory cannot fail; the cells are text, so the bytes are too.
    if writer.write_record(cells).is_ok() {
        if let Ok(bytes) = writer.into_inner() {
            return String::from_utf8_lossy(&bytes).into_owned();
        }
    }
    String::new()
}
