//! Failure is local: an error in a vehicle's own data (its listing row, the numbered note or
//! a multi-applicable note it refers to) leaves that vehicle unresolved, not its nation.
//! Queries answer for the other vehicles and name these; `qm build --keep-going` leaves them
//! out. An error nowhere in a vehicle's data (`ob.toml`, the registries, a note no row names)
//! still concerns the whole nation.

use qm_parser::{Diagnostic, SourceMap};
use qm_schema::{AvailabilityOrigin, Nation, NoteRef, Span, UnresolvedVehicle, Vehicle};

use crate::names::name_key;

/// The vehicles (indices into `nation.vehicles`) whose data holds the text an error points
/// at: the row it lies in, or every vehicle referring to the note it lies in. Empty for an
/// error elsewhere (or without a span).
pub fn touched_vehicles(nation: &Nation, map: &SourceMap, d: &Diagnostic) -> Vec<usize> {
    let Some(span) = &d.span else {
        return Vec::new();
    };
    let Some(source) = map.get(span.file) else {
        return Vec::new();
    };
    let at = span.range.start;
    let inside =
        |s: &Span| &*s.file == source.name.as_str() && s.start <= at && at < s.end.max(s.start + 1);
    if let Some(k) = nation.vehicles.iter().position(|v| inside(&v.row)) {
        return vec![k];
    }
    let note = nation
        .notes
        .iter()
        .find(|n| inside(&n.span))
        .map(|n| NoteRef::Vehicle(n.number))
        .or_else(|| {
            nation
                .multi_notes
                .iter()
                .find(|n| inside(&n.span))
                .map(|n| NoteRef::Multi(n.letter.clone()))
        });
    let Some(note) = note else {
        return Vec::new();
    };
    (0..nation.vehicles.len())
        .filter(|&k| refers_to(&nation.vehicles[k], &note))
        .collect()
}

/// True when the vehicle's Notes column names `note`.
fn refers_to(v: &Vehicle, note: &NoteRef) -> bool {
    v.values
        .note_refs
        .iter()
        .any(|r| r.value.as_ref() == Some(note))
}

/// The unresolved vehicles of `nation`, each with the first error (in `diagnostics`' order)
/// in its data.
pub fn unresolved_vehicles(
    nation: &Nation,
    map: &SourceMap,
    diagnostics: &[Diagnostic],
) -> Vec<UnresolvedVehicle> {
    let mut first: Vec<Option<&Diagnostic>> = vec![None; nation.vehicles.len()];
    for d in diagnostics.iter().filter(|d| d.is_error()) {
        for k in touched_vehicles(nation, map, d) {
            first[k].get_or_insert(d);
        }
    }
    let mut out: Vec<UnresolvedVehicle> = first
        .iter()
        .enumerate()
        .filter_map(|(k, d)| {
            let d = (*d)?;
            let v = &nation.vehicles[k];
            Some(UnresolvedVehicle {
                id: v.id.clone(),
                name: v.name.clone(),
                code: d.code.to_string(),
                message: d.message.clone(),
                source: d.span.as_ref().map(|s| map.provenance(s)),
            })
        })
        .collect();
    copies_of_unresolved(nation, &mut out);
    out
}

/// A vehicle whose entries copy an unresolved vehicle's (a relative rule) is unresolved too:
/// what it copies may be wrong or missing. Runs until no copy is added (chains of copies).
fn copies_of_unresolved(nation: &Nation, out: &mut Vec<UnresolvedVehicle>) {
    loop {
        let keys: Vec<String> = out.iter().map(|u| name_key(&u.name)).collect();
        let next = nation.vehicles.iter().find_map(|v| {
            if out.iter().any(|u| u.id == v.id) {
                return None;
            }
            v.availability.iter().find_map(|a| match &a.origin {
                AvailabilityOrigin::Derived {
                    base_vehicle, span, ..
                } if keys.contains(&name_key(base_vehicle)) => Some(UnresolvedVehicle {
                    id: v.id.clone(),
                    name: v.name.clone(),
                    code: "notes::unresolved-base".to_string(),
                    message: format!(
                        "failed to resolve {} (its RF is based on the {base_vehicle}, which is unresolved)",
                        v.name
                    ),
                    source: Some(span.clone()),
                }),
                _ => None,
            })
        });
        match next {
            Some(u) => out.push(u),
            None => break,
        }
    }
}
