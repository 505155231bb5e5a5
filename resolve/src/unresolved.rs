//! Failure is local: an error in a vehicle's own data (its listing row, the numbered note or
//! a multi-applicable note it refers to) leaves that vehicle unresolved, not its nation (a
//! gun likewise, by its ordnance listing row and ordnance notes); an
//! error in a listing row that made no vehicle (a turret's row, without TYPE, RF or DATES)
//! leaves that row unresolved.
//! Queries answer for the other vehicles and name these; `qm build --keep-going` leaves them
//! out. An error nowhere in a vehicle's data (`ob.toml`, the registries, a note no row names)
//! still concerns the whole nation.

use qm_parser::{Diagnostic, SourceMap, TextSpan};
use qm_schema::{
    AvailabilityOrigin, MultiNote, Nation, NoteRef, Span, UnresolvedVehicle, VehicleNote,
};

use crate::listed::Listed;
use crate::names::name_key;

/// The vehicles (indices into `nation.vehicles`) whose data holds the text an error points
/// at: the row it lies in, or every vehicle referring to the note it lies in. Empty for an
/// error elsewhere (or without a span).
pub fn touched_vehicles(nation: &Nation, map: &SourceMap, d: &Diagnostic) -> Vec<usize> {
    let notes = (&nation.notes[..], &nation.multi_notes[..]);
    touched(&nation.vehicles, notes, map, d)
}

/// The guns (indices into `nation.ordnance`) whose data holds the text an error points at:
/// their ordnance listing row, or an ordnance note they refer to; as [`touched_vehicles`].
pub fn touched_guns(nation: &Nation, map: &SourceMap, d: &Diagnostic) -> Vec<usize> {
    let notes = (&nation.ordnance_notes[..], &nation.ordnance_multi_notes[..]);
    touched(&nation.ordnance, notes, map, d)
}

/// The items of one listing (`notes`: its numbered and multi-applicable notes) whose data
/// holds the text `d` points at.
fn touched<T: Listed>(
    items: &[T],
    (notes, multi): (&[VehicleNote], &[MultiNote]),
    map: &SourceMap,
    d: &Diagnostic,
) -> Vec<usize> {
    let Some(at) = d.span.as_ref().and_then(|span| Place::of(map, span)) else {
        return Vec::new();
    };
    let inside = |s: &Span| at.inside(s);
    if let Some(k) = items.iter().position(|v| inside(v.row())) {
        return vec![k];
    }
    let note = notes
        .iter()
        .find(|n| inside(&n.span))
        .map(|n| NoteRef::Vehicle(n.number))
        .or_else(|| {
            multi
                .iter()
                .find(|n| inside(&n.span))
                .map(|n| NoteRef::Multi(n.letter.clone()))
        });
    let Some(note) = note else {
        return Vec::new();
    };
    (0..items.len())
        .filter(|&k| refers_to(&items[k], &note))
        .collect()
}

/// A diagnostic's place: its file's name and its first byte as published (the IR's spans
/// count published bytes; a diagnostic's span counts those of the text read, which a BOM, CRLF
/// line ends or an erratum shift).
struct Place<'a> {
    file: &'a str,
    at: usize,
}

impl<'a> Place<'a> {
    fn of(map: &'a SourceMap, span: &TextSpan) -> Option<Self> {
        let source = map.get(span.file)?;
        Some(Self {
            file: source.name.as_str(),
            at: source.original_range(span.range.clone()).start,
        })
    }

    /// True when the place lies in `s` (a span of the IR).
    fn inside(&self, s: &Span) -> bool {
        &*s.file == self.file && s.start <= self.at && self.at < s.end.max(s.start + 1)
    }
}

/// True when error `d` concerns one vehicle, gun or row of `nation` alone (failure is local):
/// it lies in a vehicle's row or a note a vehicle refers to ([`touched_vehicles`]), likewise
/// for a gun ([`touched_guns`]), or in a listing row that made no vehicle
/// (`UnresolvedVehicle::row`).
pub fn is_local(nation: &Nation, map: &SourceMap, d: &Diagnostic) -> bool {
    !touched_vehicles(nation, map, d).is_empty()
        || !touched_guns(nation, map, d).is_empty()
        || unresolved_row(nation, map, d).is_some()
        || touched_piece(nation, map, d).is_some()
}

/// The vehicle (an index of `nation.vehicles`) and the one of its VASL pieces (an index of its
/// `vasl.pieces`: a variant, or a row repeating it) whose row `d` lies in. An error there is
/// the piece's alone: its vehicle stays resolved, the piece's counter is left out of a
/// `--keep-going` build.
pub fn touched_piece(nation: &Nation, map: &SourceMap, d: &Diagnostic) -> Option<(usize, usize)> {
    let at = Place::of(map, d.span.as_ref()?)?;
    nation.vehicles.iter().enumerate().find_map(|(k, v)| {
        let pieces = &v.vasl.as_ref()?.pieces;
        let p = pieces.iter().position(|p| at.inside(&p.span))?;
        Some((k, p))
    })
}

/// The gun (an index of `nation.ordnance`) whose ordnance listing row holds error `d`.
pub fn touched_gun(nation: &Nation, map: &SourceMap, d: &Diagnostic) -> Option<usize> {
    let at = Place::of(map, d.span.as_ref()?)?;
    nation.ordnance.iter().position(|g| at.inside(&g.row))
}

/// The listing row that made no vehicle (an entry of `nation.unresolved` with a `row`) in
/// which error `d` lies.
pub fn unresolved_row<'a>(
    nation: &'a Nation,
    map: &SourceMap,
    d: &Diagnostic,
) -> Option<&'a UnresolvedVehicle> {
    let at = Place::of(map, d.span.as_ref()?)?;
    nation
        .unresolved
        .iter()
        .find(|u| u.row.as_ref().is_some_and(|row| at.inside(row)))
}

/// A listing row that made no vehicle (a value every vehicle needs is missing or unreadable).
#[derive(Debug, Clone)]
pub struct RowWithoutVehicle {
    /// Its NAME as published.
    pub name: String,
    /// The row.
    pub span: TextSpan,
}

/// True when the item's Notes column names `note`.
fn refers_to<T: Listed>(v: &T, note: &NoteRef) -> bool {
    v.note_refs().iter().any(|r| r.value.as_ref() == Some(note))
}

/// The unresolved vehicles of `nation`, each with the first error (in `diagnostics`' order)
/// in its data, then its unresolved guns likewise, then each of `rows` (listing rows that
/// made no vehicle) with its first error.
pub fn unresolved_vehicles(
    nation: &Nation,
    map: &SourceMap,
    diagnostics: &[Diagnostic],
    rows: &[RowWithoutVehicle],
) -> Vec<UnresolvedVehicle> {
    let errors: Vec<&Diagnostic> = diagnostics.iter().filter(|d| d.is_error()).collect();
    let mut out = unresolved_items(&nation.vehicles, map, &errors, |d| {
        touched_vehicles(nation, map, d)
    });
    out.extend(unresolved_items(&nation.ordnance, map, &errors, |d| {
        touched_guns(nation, map, d)
    }));
    out.extend(unresolved_rows(map, diagnostics, rows));
    out
}

/// The items of one listing that an error touches (`touched`: their indices), each with the
/// first, and those copying them.
fn unresolved_items<T: Listed>(
    items: &[T],
    map: &SourceMap,
    errors: &[&Diagnostic],
    touched: impl Fn(&Diagnostic) -> Vec<usize>,
) -> Vec<UnresolvedVehicle> {
    let mut first: Vec<Option<&Diagnostic>> = vec![None; items.len()];
    for d in errors {
        for k in touched(d) {
            first[k].get_or_insert(d);
        }
    }
    let mut out: Vec<UnresolvedVehicle> = first
        .iter()
        .enumerate()
        .filter_map(|(k, d)| {
            let d = (*d)?;
            let v = &items[k];
            Some(UnresolvedVehicle {
                id: v.id().to_string(),
                name: v.name().to_string(),
                code: d.code.to_string(),
                message: d.message.clone(),
                source: d.span.as_ref().map(|s| map.provenance(s)),
                row: None,
            })
        })
        .collect();
    copies_of_unresolved(items, &mut out);
    out
}

/// Each listing row that made no vehicle, with the first error inside it.
fn unresolved_rows(
    map: &SourceMap,
    diagnostics: &[Diagnostic],
    rows: &[RowWithoutVehicle],
) -> Vec<UnresolvedVehicle> {
    let errors: Vec<(Place, &Diagnostic)> = diagnostics
        .iter()
        .filter(|d| d.is_error())
        .filter_map(|d| Some((Place::of(map, d.span.as_ref()?)?, d)))
        .collect();
    rows.iter()
        .filter_map(|r| {
            let row = map.provenance(&r.span);
            let (_, d) = errors.iter().find(|(at, _)| at.inside(&row))?;
            Some(UnresolvedVehicle {
                id: String::new(),
                name: r.name.clone(),
                code: d.code.to_string(),
                message: d.message.clone(),
                source: d.span.as_ref().map(|s| map.provenance(s)),
                row: Some(row),
            })
        })
        .collect()
}

/// An item whose entries copy an unresolved item's (a relative rule) is unresolved too: what
/// it copies may be wrong or missing. Runs until no copy is added (chains of copies).
fn copies_of_unresolved<T: Listed>(items: &[T], out: &mut Vec<UnresolvedVehicle>) {
    loop {
        let keys: Vec<String> = out.iter().map(|u| name_key(&u.name)).collect();
        let next = items.iter().find_map(|v| {
            if out.iter().any(|u| u.id == v.id()) {
                return None;
            }
            v.availability().iter().find_map(|a| match &a.origin {
                AvailabilityOrigin::Derived {
                    base_vehicle, span, ..
                } if keys.contains(&name_key(base_vehicle)) => Some(UnresolvedVehicle {
                    id: v.id().to_string(),
                    name: v.name().to_string(),
                    code: "notes::unresolved-base".to_string(),
                    message: format!(
                        "failed to resolve {} (its RF is based on the {base_vehicle}, which is unresolved)",
                        v.name()
                    ),
                    source: Some(span.clone()),
                    row: None,
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
