//! What the data says about a gun (the ordnance listing) in a scenario's theater and month,
//! checked as a vehicle is ([`super::check`]): whether it may be there at all (errors naming
//! it), whether only one faction may use it then (a warning unless the side is of it), and the
//! facts the card prints (its RF then and there, or what the data cannot say).

use qm_parser::{Diagnostic, TextSpan};
use qm_schema::{
    Availability, CardNote, CardNoteKind, Dvp, Nation, NoteRef, Ordnance, ScenarioUnit,
    UnitAvailability, UnitKind,
};

use super::check::{rf_text, Listed, Restricted, Setting};
use qm_resolve::query::{entries_at, unknown_entries_at};

impl<'a> Listed<'a> {
    /// A gun.
    pub fn gun(g: &'a Ordnance) -> Self {
        Listed {
            name: &g.name,
            noun: "gun",
            dates: g.dates.as_ref().and_then(|f| f.value),
            availability: &g.availability,
        }
    }
}

/// A unit found among the nation's guns: a Gun, its id and name, its DVP from its BPV (177;
/// none when the listing prints no BPV).
pub(super) fn fill_gun(unit: &mut ScenarioUnit, g: &Ordnance) {
    unit.kind = UnitKind::Gun;
    unit.ordnance = Some(g.id.clone());
    unit.name = g.name.clone();
    unit.dvp = g.bpv.as_ref().and_then(|f| f.value).map(Dvp::of_bpv);
}

/// The card notes of one gun: its RF then and there, or what the data cannot say; the
/// faction it is kept to then (a warning when the side is not of it).
pub(super) fn gun_notes(
    nation: &Nation,
    g: &Ordnance,
    at: Setting<'_>,
    side_faction: Option<&str>,
    available: Option<&UnitAvailability>,
    span: &TextSpan,
    diags: &mut Vec<Diagnostic>,
) -> Vec<CardNote> {
    let mut notes = Vec::new();
    let raw = |f: Option<&str>| f.unwrap_or("–").to_string();
    match available {
        Some(a) => notes.push(CardNote {
            kind: CardNoteKind::Rarity,
            text: format!("RF {} ({}, {})", rf_text(a.rf), a.period, a.source),
            rule: None,
        }),
        None if g.availability.is_empty() => {
            let rf = raw(g.rf.as_ref().map(|f| f.raw.as_str()));
            let text = match unknown_entries_at(
                &g.availability_unknown,
                at.theater,
                at.month,
                at.theaters,
            ) {
                Some(_) => format!(
                    "RF within {rf} in {} (which value its note gives is not resolved)",
                    at.month
                ),
                None => format!(
                    "availability in {} not resolved from the notes; listing RF {}, Dates {}",
                    at.theater_name(),
                    rf,
                    raw(g.dates.as_ref().map(|f| f.raw.as_str()))
                ),
            };
            notes.push(CardNote {
                kind: CardNoteKind::Unchecked,
                text,
                rule: None,
            });
        }
        None => {}
    }
    let entry = entries_at(&g.availability, at.theater, at.month, at.theaters);
    if let Some((factions, period)) = entry.and_then(restricted_to) {
        let restricted = Restricted {
            name: &g.name,
            noun: "gun",
            factions,
            period,
        };
        notes.push(restricted.check(nation, at, side_faction, gun_note(g), span, diags));
    }
    let unit = (g.name.as_str(), "gun");
    notes.extend(super::check::kept_from(
        unit,
        entry,
        nation,
        side_faction,
        gun_note(g),
        (span, diags),
    ));
    notes
}

/// The factions an entry keeps the gun to, and the entry's period.
fn restricted_to(a: &Availability) -> Option<(Vec<&str>, qm_schema::Period)> {
    a.qualifiers
        .iter()
        .find_map(|q| q.restricted_to())
        .map(|f| (f, a.period))
}

/// The gun's own (numbered) note ("note 8"), for card notes.
fn gun_note(g: &Ordnance) -> Option<String> {
    g.note_refs.iter().find_map(|r| match &r.value {
        Some(NoteRef::Vehicle(n)) => Some(format!("note {n}")),
        _ => None,
    })
}
