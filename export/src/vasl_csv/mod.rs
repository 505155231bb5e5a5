//! `qm export vasl-csv`: a nation's IR written back in VASL's Chapter H CSV layout, markup
//! included, so data `qm` has checked feeds VASL's own tools.
//!
//! Each cell is the IR's published text (a field's `raw`), with what VASL writes as markup
//! put back: the type in the name's `<i>`, superscript characters as `<sup>`, `•` for the
//! listing's marks, and the markup a CSV-read vehicle keeps ([`qm_schema::VaslRow`]). What a
//! read and a write change is listed in the README ("Round trip") and tested.

mod markup;
mod row;

use qm_schema::{Nation, VaslCaption, VASL_HEADER};

pub use row::{caption_cells, vehicle_rows};

/// The nation's vehicles as VASL's Chapter H CSV: its header row, then a caption row where the
/// vehicles' caption changes, then each vehicle's row and its second line's.
pub fn vasl_csv(nation: &Nation) -> String {
    let mut out = String::new();
    write_record(&mut out, VASL_HEADER.iter().map(|s| s.to_string()));
    let mut caption: Option<&VaslCaption> = None;
    for v in &nation.vehicles {
        let this = v.vasl.as_ref().and_then(|x| x.caption.as_ref());
        if let Some(c) = this.filter(|c| caption != Some(*c)) {
            write_record(&mut out, caption_cells(c));
        }
        caption = this;
        for row in vehicle_rows(v) {
            write_record(&mut out, row);
        }
    }
    out
}

/// One CSV record: cells quoted when they hold a comma, a quote or a line end, as VASL's
/// files are.
fn write_record(out: &mut String, cells: impl IntoIterator<Item = String>) {
    for (i, cell) in cells.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        if cell.contains([',', '"', '\n', '\r']) {
            out.push('"');
            out.push_str(&cell.replace('"', "\"\""));
            out.push('"');
        } else {
            out.push_str(&cell);
        }
    }
    out.push('\n');
}
