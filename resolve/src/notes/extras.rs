//! Vehicle facts the notes add besides availability: radio dates (181.2), HEAT, optional
//! armament and a variable DVP (177.2).

use qm_parser::{NotesDoc, SourceMap};
use qm_schema::{MgFactor, NoteRef, OptionalArmament, Period, RadioStatus, Vehicle};

use super::multi::MultiReadings;
use crate::availability::model::Rule;
use crate::registry::VehicleTypeRegistry;

/// Sets the vehicle's radio, HEAT, optional armament and variable DVP from its note's rules
/// and its multi-applicable notes. `afv_radio`: the nation's rules give every AFV a radio
/// unless the listing marks it ® (the Italian 181.21).
pub fn extras(
    map: &SourceMap,
    doc: &NotesDoc,
    multi: &MultiReadings,
    v: &mut Vehicle,
    rules: &[Rule],
    types: &VehicleTypeRegistry,
    afv_radio: bool,
) {
    let afv = v
        .vehicle_type
        .value
        .as_ref()
        .is_some_and(|t| types.is_afv(t));
    if let Some(dates) = v.dates.value {
        v.radio = radio(map, v, rules, dates, afv && afv_radio);
        let heat = multi.heat_for(&v.values.note_refs);
        v.heat_from = heat.as_ref().map(|(m, _)| *m);
        v.heat_note = heat.map(|(_, l)| l);
        v.optional_armament = optional(map, v, rules, multi);
    }
    if variable_dvp(doc, v) {
        v.dvp.variable = Some(if afv { 2 } else { 1 });
    }
}

/// "This AFV has no radio in scenarios set prior to 11/41" splits DATES; otherwise the ® says
/// radioless, and `default_radio` (an AFV of a nation whose rules give AFVs a radio) says it
/// has one. Without either, the radio is unknown, not assumed.
fn radio(
    map: &SourceMap,
    v: &Vehicle,
    rules: &[Rule],
    dates: Period,
    default_radio: bool,
) -> Vec<RadioStatus> {
    let radio_from = rules.iter().find_map(|r| match r {
        Rule::RadioFrom { month, span, .. } => Some((*month, span)),
        _ => None,
    });
    let status = |period, has_radio, source| RadioStatus {
        period,
        has_radio,
        source,
    };
    match radio_from {
        Some((month, span)) => {
            let src = Some(map.provenance(span));
            let before = Period::new(dates.from, month.pred());
            let from = Period::new(month.max(dates.from), dates.to);
            let mut out: Vec<RadioStatus> = before
                .map(|p| status(p, false, src.clone()))
                .into_iter()
                .collect();
            out.extend(from.map(|p| status(p, true, src)));
            out
        }
        // The ® column says radioless whatever the nation's default.
        None if v.lead.radioless.is_some() => vec![status(dates, false, None)],
        // Only a national rule (effect `afv_radio`) gives an AFV a radio by default.
        None if default_radio => {
            vec![status(dates, true, None)]
        }
        None => Vec::new(),
    }
}

/// The optional weapons the vehicle's rules grant; a multi-applicable note's optional weapon
/// ("If optional, the AAMG is always available with a 1.4 RF") for a vehicle whose SA or an MG
/// is optional ("Opt2") and whose own note sets no other RF for it.
fn optional(
    map: &SourceMap,
    v: &Vehicle,
    rules: &[Rule],
    multi: &MultiReadings,
) -> Vec<OptionalArmament> {
    let mut optional: Vec<OptionalArmament> = rules
        .iter()
        .filter_map(|r| optional_armament(map, r))
        .collect();
    let optional_sa = v
        .values
        .secondary
        .as_ref()
        .and_then(|f| f.value.as_ref())
        .is_some_and(|s| s.optional);
    let optional_mg = [&v.values.mg_bow, &v.values.mg_coax, &v.values.mg_aa]
        .into_iter()
        .filter_map(|f| f.as_ref().and_then(|f| f.value.as_ref()))
        .any(MgFactor::any_optional);
    if (optional_sa || optional_mg) && optional.is_empty() {
        optional.extend(
            multi
                .optional_for(&v.values.note_refs)
                .into_iter()
                .filter_map(|r| optional_armament(map, r)),
        );
    }
    optional
}

/// The optional weapon a rule grants ("If optional, the AAMG is always available with a 1.4
/// RF"), with its provenance; `None` for other rules.
fn optional_armament(map: &SourceMap, rule: &Rule) -> Option<OptionalArmament> {
    let Rule::Optional {
        weapon,
        rf,
        always,
        theaters,
        period,
        span,
        ..
    } = rule
    else {
        return None;
    };
    Some(OptionalArmament {
        weapon: weapon.clone(),
        rf: *rf,
        always_available: *always,
        theaters: theaters.clone(),
        period: *period,
        source: Some(map.provenance(span)),
    })
}

/// Rule 177.2: a vehicle whose MA a note lets be Removed has a variable DVP (note J's ATR).
fn variable_dvp(doc: &NotesDoc, v: &Vehicle) -> bool {
    v.values.note_refs.iter().any(|r| match &r.value {
        Some(NoteRef::Multi(l)) => doc.multi_note(l).is_some_and(|m| {
            m.paragraphs
                .iter()
                .any(|p| p.text.contains("MA") && p.text.contains("Removed from the vehicle"))
        }),
        Some(NoteRef::Vehicle(n)) => doc.note(*n).is_some_and(|note| {
            note.rules.iter().any(|r| {
                r.paragraph.text.contains("MA")
                    && r.paragraph.text.contains("Removed from the vehicle")
            })
        }),
        // The notes grammar reads numbered and multi-applicable notes only.
        Some(NoteRef::Decimal(_) | NoteRef::Lower(_)) | None => false,
    })
}
