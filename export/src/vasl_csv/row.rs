//! One vehicle -> its VASL rows' cells.

use qm_schema::{CellMarkup, VaslCaption, VaslPiece, VaslRow, Vehicle, VASL_HEADER};
use serde_json::Value;

use crate::vasl_csv::markup::{sup_tags, with_superscript_letters, with_tags};

/// The IR field each listing column of VASL's layout prints (by its name in the IR's JSON:
/// a vehicle and its other configuration name their values alike).
const FIELDS: [(&str, &str); 24] = [
    ("radioless", "radioless"),
    ("weight", "weight"),
    ("bpv", "bpv"),
    ("rf", "rf"),
    ("dates", "dates"),
    ("size", "size"),
    ("af", "armor"),
    ("ta", "target_aspect"),
    ("ot", "open_top"),
    ("cs", "crew_survival"),
    ("mp", "mp"),
    ("gp", "ground_pressure"),
    ("gt", "turret"),
    ("ma", "main_armament"),
    ("rof_ife", "rof"),
    ("breakdown", "breakdown"),
    ("intensive_fire", "if_mark"),
    ("bmg", "mg_bow"),
    ("cmg", "mg_coax"),
    ("aamg", "mg_aa"),
    ("sa", "secondary"),
    ("ammunition", "ammo"),
    ("transport", "capacity"),
    ("name", "name_cell"),
];

/// The cells of a vehicle's row, then of its second line's when it has one.
pub fn vehicle_rows(v: &Vehicle) -> Vec<Vec<String>> {
    // The IR as JSON: a vehicle and its other configuration name their values alike, so one
    // reading serves both.
    let Ok(json) = serde_json::to_value(v) else {
        return Vec::new();
    };
    let empty = VaslRow::default();
    let vasl = v.vasl.as_deref().unwrap_or(&empty);
    let type_raw = v.vehicle_type.raw.as_str();
    let mut rows = vec![cells(&json, vasl, Some(type_raw))];
    if let Some(second) = json.get("other_configuration").filter(|s| !s.is_null()) {
        let second_vasl = vasl.second_line.as_deref().unwrap_or(&empty);
        rows.push(cells(second, second_vasl, None));
    }
    rows
}

/// The cells of another of VASL's pieces of `v`: the vehicle's listing cells (a variant's
/// own) with the piece's own columns, markup and notes cell.
pub fn piece_cells(v: &Vehicle, piece: &VaslPiece) -> Vec<String> {
    // A variant's cells are its own.
    let v = piece.variant.as_deref().unwrap_or(v);
    let Ok(json) = serde_json::to_value(v) else {
        return Vec::new();
    };
    let mut row = cells(&json, &piece.row, Some(v.vehicle_type.raw.as_str()));
    let notes = piece.notes.as_ref().map_or("", |n| n.raw.as_str());
    if let Some(at) = VASL_HEADER.iter().position(|c| *c == "notes") {
        row[at] = finish("notes", notes, &piece.row.markup);
    }
    row
}

/// A caption row's cells.
pub fn caption_cells(caption: &VaslCaption) -> Vec<String> {
    VASL_HEADER
        .iter()
        .map(|column| {
            let text = caption
                .columns
                .iter()
                .find(|c| c.column == *column)
                .map_or("", |c| c.value.raw.as_str());
            finish(column, text, &caption.markup)
        })
        .collect()
}

fn cells(json: &Value, vasl: &VaslRow, vehicle_type: Option<&str>) -> Vec<String> {
    VASL_HEADER
        .iter()
        .map(|column| match *column {
            "name" => name_cell(json, vasl, vehicle_type),
            "notes" => finish(column, &notes_text(json, vasl), &vasl.markup),
            _ => {
                let Some((_, field)) = FIELDS.iter().find(|(c, _)| c == column) else {
                    return finish(column, &own(vasl, column), &vasl.markup);
                };
                let tagged = finish(column, raw(json, field), &vasl.markup);
                match json.get(*field).and_then(|f| f.get("superscript")) {
                    Some(Value::String(letters)) => with_superscript_letters(&tagged, letters),
                    _ => tagged,
                }
            }
        })
        .collect()
}

/// A field's published text in the IR's JSON; empty when absent.
fn raw<'a>(json: &'a Value, field: &str) -> &'a str {
    json.get(field)
        .and_then(|f| f.get("raw"))
        .and_then(Value::as_str)
        .unwrap_or("")
}

fn own(vasl: &VaslRow, column: &str) -> String {
    vasl.columns
        .iter()
        .find(|c| c.column == column)
        .map_or(String::new(), |c| c.value.raw.clone())
}

/// A cell's plain text with its markup, `<sup>` and `•` put back.
fn finish(column: &str, text: &str, markup: &[CellMarkup]) -> String {
    if qm_schema::VASL_PROGRAM_COLUMNS.contains(&column) {
        return text.to_owned();
    }
    let mine: Vec<&CellMarkup> = markup.iter().filter(|m| m.column == column).collect();
    let tagged = sup_tags(&with_tags(text, &mine));
    match column {
        "radioless" => tagged.replace('®', "•"),
        "ot" => tagged.replace('●', "•"),
        "intensive_fire" => tagged.replace('◆', "•"),
        _ => tagged,
    }
}

/// The name cell: the name with its markup, and the type in `<i>` at its place (the end,
/// unless the row said otherwise).
fn name_cell(json: &Value, vasl: &VaslRow, vehicle_type: Option<&str>) -> String {
    let name = finish("name", raw(json, "name_cell"), &vasl.markup);
    let plain_len = raw(json, "name_cell").len();
    let at = vasl
        .type_position
        .map_or(plain_len, |p| (p as usize).min(plain_len));
    if vehicle_type.is_none() && vasl.type_position.is_none() {
        return name;
    }
    // Markup inside the name moves the place: count it in the tagged text.
    let tagged_at = if at == plain_len {
        name.len()
    } else {
        finish("name", &raw(json, "name_cell")[..at], &vasl.markup).len()
    };
    let tagged_at = tagged_at.min(name.len());
    let (before, after) = name.split_at(tagged_at);
    let ty = sup_tags(vehicle_type.unwrap_or(""));
    let after = after.trim_start();
    let gap = if after.is_empty() || after.starts_with('†') {
        ""
    } else {
        " "
    };
    // A type first in the name (`<i>AG</i> Auk`) has no space before it.
    let lead = if before.is_empty() { "" } else { " " };
    format!("{before}{lead}<i>{ty}</i>{gap}{after}")
}

/// The notes cell: the note references as printed, and the entries that are not references
/// at their places, separated by ", ".
fn notes_text(json: &Value, vasl: &VaslRow) -> String {
    let mut entries: Vec<String> = json
        .get("note_refs")
        .and_then(Value::as_array)
        .map(|refs| {
            refs.iter()
                .filter_map(|r| r.get("raw").and_then(Value::as_str).map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    let mut unread: Vec<_> = vasl.unread_notes.iter().collect();
    unread.sort_by_key(|u| u.position);
    for u in unread {
        let at = usize::from(u.position).min(entries.len());
        entries.insert(at, u.note.raw.clone());
    }
    entries.join(", ")
}
