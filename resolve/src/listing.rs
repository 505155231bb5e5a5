//! Listing rows -> vehicles (the listing's own values; notes come later).

use qm_parser::{Cell, Diagnostic, ListingRow, SourceMap};
use qm_schema::{
    Counter, Dvp, Field, ListingLead, ListingValues, OtherConfiguration, Vehicle, VehicleTypeCode,
};

use crate::fields::{field, opt_field};
use crate::names::{normalize_name, too_long, vehicle_id};
use crate::registry::VehicleTypeRegistry;

/// A vehicle from one listing row; `None` (with a diagnostic) when a required column is
/// missing. Bad cells were reported by the parser and are left out. A TYPE code the registry
/// does not have is a warning; the row is kept.
pub fn vehicle_from_row(
    map: &SourceMap,
    row: &ListingRow,
    types: &VehicleTypeRegistry,
    diags: &mut Vec<Diagnostic>,
) -> Option<Vehicle> {
    let name_cell = field(map, &row.name)?;
    let name = normalize_name(&row.name.raw);
    if let Some(message) = too_long("use", "vehicle name", &name) {
        diags.push(
            Diagnostic::error("listing::name-too-long", message, row.name.span.clone())
                .with_help("shorten the name with an erratum"),
        );
        return None;
    }
    let bpv = required(map, &row.bpv, "BPV", &row.name, diags);
    let vehicle_type = required(map, &row.vehicle_type, "TYPE", &row.name, diags);
    let rf = required(map, &row.rf, "RF", &row.name, diags);
    let dates = required(map, &row.dates, "DATES", &row.name, diags);
    if let (Some(cell), Some(f)) = (&row.vehicle_type, &vehicle_type) {
        if let Some(code) = &f.value {
            check_type(code, cell, types, diags);
        }
    }
    let (bpv, vehicle_type, rf, dates) = (bpv?, vehicle_type?, rf?, dates?);
    let dvp = Dvp {
        value: bpv.value.map_or(0, Dvp::of_bpv),
        variable: None,
    };
    Some(Vehicle {
        id: vehicle_id(&name),
        name,
        name_cell,
        row: map.provenance(&row.span),
        lead: lead(map, row),
        vehicle_type,
        bpv,
        dvp,
        rf,
        dates,
        values: values(map, row),
        availability: Vec::new(),
        availability_unknown: Vec::new(),
        radio: Vec::new(),
        restricted_use: Vec::new(),
        optional_armament: Vec::new(),
        heat_from: None,
        heat_note: None,
        counter: Counter::default(),
        other_configuration: None,
        vasl: None,
    })
}

/// The values of a vehicle's second line, its own BPV, RF and DATES among them when it prints
/// them (they stay the line's: no availability comes from them).
pub fn other_configuration(map: &SourceMap, row: &ListingRow) -> Option<OtherConfiguration> {
    Some(OtherConfiguration {
        name_cell: field(map, &row.name)?,
        row: map.provenance(&row.span),
        lead: lead(map, row),
        bpv: opt_field(map, &row.bpv),
        rf: opt_field(map, &row.rf),
        dates: opt_field(map, &row.dates),
        values: values(map, row),
    })
}

/// The columns left of TYPE, as the row prints them.
fn lead(map: &SourceMap, row: &ListingRow) -> ListingLead {
    ListingLead {
        radioless: opt_field(map, &row.radioless),
        weight: opt_field(map, &row.weight),
    }
}

/// The columns right of DATES, as the row prints them.
fn values(map: &SourceMap, row: &ListingRow) -> ListingValues {
    ListingValues {
        size: opt_field(map, &row.size),
        armor: opt_field(map, &row.armor),
        target_aspect: opt_field(map, &row.target_aspect),
        open_top: opt_field(map, &row.open_top),
        crew_survival: opt_field(map, &row.crew_survival),
        mp: opt_field(map, &row.mp),
        ground_pressure: opt_field(map, &row.ground_pressure),
        turret: opt_field(map, &row.turret),
        main_armament: opt_field(map, &row.main_armament),
        rof: opt_field(map, &row.rof),
        breakdown: opt_field(map, &row.breakdown),
        if_mark: opt_field(map, &row.if_mark),
        mg_bow: opt_field(map, &row.mg_bow),
        mg_coax: opt_field(map, &row.mg_coax),
        mg_aa: opt_field(map, &row.mg_aa),
        secondary: opt_field(map, &row.secondary),
        ammo: opt_field(map, &row.ammo),
        capacity: opt_field(map, &row.capacity),
        note_refs: note_refs(map, row),
    }
}

/// The Notes column's references, kept with the IR without spare room.
fn note_refs(map: &SourceMap, row: &ListingRow) -> Vec<Field<qm_schema::NoteRef>> {
    let mut refs: Vec<_> = row.note_refs.iter().filter_map(|c| field(map, c)).collect();
    refs.shrink_to_fit();
    refs
}

/// A column every vehicle must have. A blank one is reported here; a bad one was reported by
/// the parser. Either way the field holds no value.
fn required<T: Clone>(
    map: &SourceMap,
    cell: &Option<Cell<T>>,
    column: &str,
    name: &Cell<String>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Field<T>> {
    match cell {
        Some(c) => {
            let f = field(map, c)?;
            if f.value.is_none() {
                diags.push(
                    Diagnostic::error(
                        "listing::missing-value",
                        format!(
                            "failed to read {column} of {} (only a footnote mark)",
                            name.raw
                        ),
                        c.span.clone(),
                    )
                    .with_label(format!("{column} needs a value"))
                    .with_help(format!("every vehicle needs a {column}")),
                );
                return None;
            }
            Some(f)
        }
        None => {
            diags.push(
                Diagnostic::error(
                    "listing::missing-value",
                    format!(
                        "failed to find {column} of {} (the cell is blank)",
                        name.raw
                    ),
                    name.span.clone(),
                )
                .with_label(format!("this row has no {column}"))
                .with_help(format!("every vehicle needs a {column}")),
            );
            None
        }
    }
}

/// `listing::unknown-type`: a code no registry entry has (a combined code: one of its parts).
/// Only a warning: every other value of the row still counts; the type is charted under
/// "Other vehicles" and is not an AFV.
fn check_type(
    code: &VehicleTypeCode,
    cell: &Cell<VehicleTypeCode>,
    types: &VehicleTypeRegistry,
    diags: &mut Vec<Diagnostic>,
) {
    let Some(unknown) = code.parts().find(|p| types.get(p).is_none()) else {
        return;
    };
    let whole = unknown == code.as_str();
    let message = if whole {
        format!("failed to find the vehicle type `{code}` in the registry (unknown vehicle type)")
    } else {
        format!("failed to find `{unknown}` of the vehicle type `{code}` in the registry (unknown vehicle type)")
    };
    let close = types.suggest(unknown);
    let help = match close.as_slice() {
        [] => "add the type to the nation's vehicle-types.toml (or the data's registry/vehicle-types.toml)".to_string(),
        codes => format!(
            "did you mean {}? codes are case-sensitive; a new type belongs in the nation's vehicle-types.toml",
            codes
                .iter()
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(" or ")
        ),
    };
    diags.push(
        Diagnostic::warning("listing::unknown-type", message, cell.span.clone())
            .with_label("unknown vehicle type")
            .with_help(help),
    );
}
