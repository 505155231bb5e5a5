//! A listing without notes: each item's availability from its listing row alone.

use qm_schema::{Availability, AvailabilityOrigin, NoteRef, TheaterId, UnknownAvailability};

use crate::listed::Listed;

/// An item's availability from its listing row alone: its DATES at its RF in `theaters` or
/// any theater, naming the notes its daggers on RF and DATES point at. An RF printed as a
/// range is the notes' to resolve: those months are unknown (the second list), never a
/// guessed RF and never "not available"; a row without RF or DATES (`–`) has no availability.
pub fn listing_only(
    v: &dyn Listed,
    theaters: &[TheaterId],
) -> (Vec<Availability>, Vec<UnknownAvailability>) {
    let (Some(period), Some(range)) = (v.dates_value(), v.rf_value()) else {
        return (Vec::new(), Vec::new());
    };
    let theaters = if theaters.is_empty() {
        vec![TheaterId::any()]
    } else {
        theaters.to_vec()
    };
    let lacking = lacking_notes(v);
    let span = v.row().clone();
    match range.as_single() {
        Some(rf) => {
            let entry = Availability {
                theaters,
                period,
                rf,
                qualifiers: Vec::new(),
                origin: AvailabilityOrigin::ListingOnly { lacking, span },
            };
            (vec![entry], Vec::new())
        }
        None => {
            let unknown = UnknownAvailability {
                theaters,
                period,
                rf_range: range,
                lacking,
                span,
            };
            (Vec::new(), vec![unknown])
        }
    }
}

/// The numbered notes the item's Notes column names when a dagger on its RF or DATES says
/// a note modifies them (the data has none of them).
fn lacking_notes(v: &dyn Listed) -> Vec<String> {
    if !v.daggered() {
        return Vec::new();
    }
    v.note_refs()
        .iter()
        .filter_map(|f| f.value.as_ref())
        .filter(|r| matches!(r, NoteRef::Vehicle(_) | NoteRef::Decimal(_)))
        .map(NoteRef::label)
        .collect()
}
