//! The ordnance listing's rows -> the nation's guns ([`Ordnance`]): the listing's own values,
//! the gun types checked against the registry and lints where a row disagrees with itself.
//! Their availability is the ordnance notes' ([`crate::notes::resolve_gun_notes`], the passes
//! the vehicle notes go through), else the listing's alone.

use std::collections::HashSet;

use qm_parser::{
    parse_ordnance_csv, parse_ordnance_tsv, Cell, Diagnostic, OrdnanceRow, Source, SourceMap,
};
use qm_schema::{GunCounter, GunRange, GunTypes, Ordnance};

use crate::fields::{field, opt_field};
use crate::names::{normalize_name, vehicle_id};
use crate::registry::{GunTypeRegistry, RangeForm};

/// The guns of `listing` (`ordnance.tsv` or `ordnance.csv`, told apart by its name), with
/// the row each was read from (availability is not resolved yet). `taken` holds the ids
/// already used (the vehicles'): a gun's id is made unique against them.
pub fn read_ordnance(
    map: &SourceMap,
    listing: &Source,
    guns: &GunTypeRegistry,
    taken: &mut HashSet<String>,
    diags: &mut Vec<Diagnostic>,
) -> (Vec<Ordnance>, Vec<OrdnanceRow>) {
    let parsed = if listing.name.ends_with(".csv") {
        parse_ordnance_csv(listing)
    } else {
        parse_ordnance_tsv(listing)
    };
    diags.extend(parsed.diagnostics);
    parsed
        .value
        .rows
        .into_iter()
        .filter_map(|row| {
            let mut gun = gun_from_row(map, &row, taken)?;
            // The second line is the gun's, not a gun of its own: its id is not taken.
            gun.second_line = row
                .second_line
                .as_deref()
                .and_then(|line| gun_from_row(map, line, &mut HashSet::new()))
                .map(Box::new);
            lint_row(&row, &gun, guns, diags);
            gun.counter = crate::gun_counter_text::gun_counter(&gun);
            Some((gun, row))
        })
        .unzip()
}

/// A gun from its row; `None` when the row has no name (reported by the parser). Bad cells
/// were reported and are left out.
fn gun_from_row(
    map: &SourceMap,
    row: &OrdnanceRow,
    taken: &mut HashSet<String>,
) -> Option<Ordnance> {
    let name_cell = field(map, &row.name)?;
    let name = normalize_name(&row.name.raw);
    let id = unique_id(vehicle_id(&name), taken);
    Some(Ordnance {
        id,
        name,
        name_cell,
        row: map.provenance(&row.span),
        gun_type: opt_field(map, &row.gun_type),
        caliber: opt_field(map, &row.caliber),
        rof: opt_field(map, &row.rof),
        breakdown: opt_field(map, &row.breakdown),
        range: opt_field(map, &row.range),
        manhandling: opt_field(map, &row.manhandling),
        target_size: opt_field(map, &row.target_size),
        dates: opt_field(map, &row.dates),
        special: opt_field(map, &row.special),
        bpv: opt_field(map, &row.bpv),
        rf: opt_field(map, &row.rf),
        note_refs: row.note_refs.iter().filter_map(|c| field(map, c)).collect(),
        nationality_marks: row
            .nationality_marks
            .iter()
            .filter_map(|c| field(map, c))
            .collect(),
        availability: Vec::new(),
        availability_unknown: Vec::new(),
        restricted_use: Vec::new(),
        vasl_limbered: row.vasl_limbered.clone(),
        vasl_limbered_read: opt_field(map, &row.vasl_limbered_read),
        second_line: None,
        counter: GunCounter::default(),
    })
}

/// `id`, or `id-2`, `id-3`, ... when a vehicle or an earlier gun has it.
fn unique_id(id: String, taken: &mut HashSet<String>) -> String {
    let mut candidate = id.clone();
    let mut n = 2;
    while taken.contains(&candidate) {
        candidate = format!("{id}-{n}");
        n += 1;
    }
    taken.insert(candidate.clone());
    candidate
}

/// The lints of one row: a type the registry does not have, a range printed in the other
/// type's form (a mortar's minimum and maximum on an AT gun), a minimum beyond the maximum.
fn lint_row(
    row: &OrdnanceRow,
    gun: &Ordnance,
    guns: &GunTypeRegistry,
    diags: &mut Vec<Diagnostic>,
) {
    let types: Option<&GunTypes> = gun.gun_type.as_ref().and_then(|f| f.value.as_ref());
    if let (Some(types), Some(cell)) = (types, &row.gun_type) {
        for code in &types.codes {
            if guns.get(code.as_str()).is_none() {
                let known: Vec<&str> = guns.types.iter().map(|t| t.code.as_str()).collect();
                diags.push(
                    Diagnostic::warning(
                        "ordnance::unknown-type",
                        format!(
                            "the gun type `{}` is not in the gun type registry",
                            code.as_str()
                        ),
                        cell.span.clone(),
                    )
                    .with_label("unknown gun type")
                    .with_help(format!(
                        "known types: {}; add it to registry/gun-types.toml",
                        known.join(", ")
                    )),
                );
            }
        }
    }
    let (Some(range), Some(cell)) = (
        gun.range.as_ref().and_then(|f| f.value.as_ref()),
        &row.range,
    ) else {
        return;
    };
    if let Some(min) = range.min.filter(|m| *m > range.max) {
        diags.push(
            Diagnostic::warning(
                "ordnance::range-backwards",
                format!(
                    "the minimum range {min} is beyond the maximum {}",
                    range.max
                ),
                cell.span.clone(),
            )
            .with_label("minimum beyond maximum")
            .with_help("write the minimum first: 2-60"),
        );
    }
    range_form(range, cell, types, guns, diags);
}

/// A range printed in another form than every one of the gun's types prints.
fn range_form(
    range: &GunRange,
    cell: &Cell<GunRange>,
    types: Option<&GunTypes>,
    guns: &GunTypeRegistry,
    diags: &mut Vec<Diagnostic>,
) {
    let printed = if range.min.is_some() {
        RangeForm::MinMax
    } else {
        RangeForm::Max
    };
    let forms: Vec<(&str, RangeForm)> = types
        .map(|t| {
            t.codes
                .iter()
                .filter_map(|c| guns.get(c.as_str()))
                .map(|e| (e.code.as_str(), e.range))
                .collect()
        })
        .unwrap_or_default();
    if forms.is_empty() || forms.iter().any(|(_, f)| *f == printed) {
        return;
    }
    let (code, _) = forms[0];
    let (what, help) = match printed {
        RangeForm::MinMax => ("a minimum and a maximum", "a range of one number (120)"),
        RangeForm::Max => ("one number", "a minimum and a maximum (2-60)"),
    };
    diags.push(
        Diagnostic::warning(
            "ordnance::range-form",
            format!(
                "the range `{}` is {what}, which a gun of type {code} does not print",
                cell.raw
            ),
            cell.span.clone(),
        )
        .with_label("not this type's range form")
        .with_help(format!(
            "a gun of type {code} prints {help}; check the row's Type and Range"
        )),
    );
}
