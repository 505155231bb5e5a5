//! The ordnance listing's rows -> the nation's guns ([`Ordnance`]): the listing's own values,
//! the gun types checked against the registry, lints where a row disagrees with itself, and
//! availability from the listing alone (the ordnance notes are not read yet): its Dates at its
//! RF, as for a nation without notes.

use std::collections::HashSet;

use qm_parser::{
    parse_ordnance_csv, parse_ordnance_tsv, Cell, Diagnostic, OrdnanceRow, Source, SourceMap,
};
use qm_schema::{
    Availability, AvailabilityOrigin, GunCounter, GunRange, GunTypes, NoteRef, Ordnance, TheaterId,
    UnknownAvailability,
};

use crate::fields::{field, opt_field};
use crate::names::{normalize_name, vehicle_id};
use crate::registry::{GunTypeRegistry, RangeForm};

/// The guns of `listing` (`ordnance.tsv` or `ordnance.csv`, told apart by its name), each
/// with its listing availability in `theaters` (any theater when empty). `taken` holds the
/// ids already used (the vehicles'): a gun's id is made unique against them.
pub fn resolve_ordnance(
    map: &SourceMap,
    listing: &Source,
    guns: &GunTypeRegistry,
    theaters: &[TheaterId],
    taken: &mut HashSet<String>,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Ordnance> {
    let parsed = if listing.name.ends_with(".csv") {
        parse_ordnance_csv(listing)
    } else {
        parse_ordnance_tsv(listing)
    };
    diags.extend(parsed.diagnostics);
    let theaters = if theaters.is_empty() {
        vec![TheaterId::any()]
    } else {
        theaters.to_vec()
    };
    parsed
        .value
        .rows
        .iter()
        .filter_map(|row| {
            let mut gun = gun_from_row(map, row, taken)?;
            lint_row(row, &gun, guns, diags);
            (gun.availability, gun.availability_unknown) = listing_availability(&gun, &theaters);
            gun.counter = crate::gun_counter_text::gun_counter(&gun);
            Some(gun)
        })
        .collect()
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
        availability: Vec::new(),
        availability_unknown: Vec::new(),
        vasl_limbered: row.vasl_limbered.clone(),
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

/// The gun's availability from its listing row alone: its Dates at its RF in `theaters`; an
/// RF printed as a range is unknown then and there (the notes would say which RF holds), and
/// a gun without RF or Dates (`–`) has no availability.
fn listing_availability(
    gun: &Ordnance,
    theaters: &[TheaterId],
) -> (Vec<Availability>, Vec<UnknownAvailability>) {
    let (Some(dates), Some(rf)) = (
        gun.dates.as_ref().and_then(|f| f.value),
        gun.rf.as_ref().and_then(|f| f.value),
    ) else {
        return (Vec::new(), Vec::new());
    };
    let daggered =
        gun.dates.as_ref().is_some_and(|f| f.dagger) || gun.rf.as_ref().is_some_and(|f| f.dagger);
    let lacking: Vec<String> = if daggered {
        gun.note_refs
            .iter()
            .filter_map(|f| f.value.as_ref())
            .filter(|r| matches!(r, NoteRef::Vehicle(_) | NoteRef::Decimal(_)))
            .map(NoteRef::label)
            .collect()
    } else {
        Vec::new()
    };
    let span = gun.row.clone();
    match rf.as_single() {
        Some(rf) => (
            vec![Availability {
                theaters: theaters.to_vec(),
                period: dates,
                rf,
                qualifiers: Vec::new(),
                origin: AvailabilityOrigin::ListingOnly { lacking, span },
            }],
            Vec::new(),
        ),
        None => (
            Vec::new(),
            vec![UnknownAvailability {
                theaters: theaters.to_vec(),
                period: dates,
                rf_range: rf,
                lacking,
                span,
            }],
        ),
    }
}
