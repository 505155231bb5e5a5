//! The public JSON of `qm avail --json` and `qm show --json`: plain values for scripts, a
//! contract kept stable independently of the IR's provenance-heavy layout.

use qm_resolve::registry::TheaterRegistry;
use qm_schema::{Availability, AvailabilityOrigin, Counter, Nation, Period, Tenths, Vehicle};
use serde::Serialize;

/// One row of `qm avail --json`.
#[derive(Debug, Serialize)]
pub struct AvailRow<'a> {
    /// Normalized vehicle name.
    pub vehicle: &'a str,
    /// Stable vehicle id.
    pub id: &'a str,
    /// Listing type code.
    pub r#type: &'a str,
    /// Rarity factor then and there.
    pub rf: Tenths,
    /// The availability period the date falls in.
    pub period: PeriodView,
    /// The theaters of that entry.
    pub theaters: Vec<&'a str>,
    /// When a group of theaters was asked ("ETO"): the member theater this row answers for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub asked: Option<&'a str>,
    /// Conditions ("Fascist use only").
    pub qualifiers: Vec<String>,
    /// Where the entry comes from ("note 2", "listing", "derived from L3/35 (note 3)").
    pub source: String,
}

/// A period as text and as months.
#[derive(Debug, Serialize)]
pub struct PeriodView {
    /// As the sources print it ("6-12/40").
    pub text: String,
    /// First month, `YYYY-MM`.
    pub from: String,
    /// Last month, `YYYY-MM`.
    pub to: String,
}

impl From<&Period> for PeriodView {
    fn from(p: &Period) -> Self {
        Self {
            text: p.to_string(),
            from: format!("{}-{:02}", p.from.year, p.from.month),
            to: format!("{}-{:02}", p.to.year, p.to.month),
        }
    }
}

/// Where an availability entry comes from, in words.
pub fn origin_text(a: &Availability) -> String {
    match &a.origin {
        AvailabilityOrigin::Note { note, .. } => format!("note {note}"),
        AvailabilityOrigin::Derived {
            note, base_vehicle, ..
        } => {
            format!("derived from {base_vehicle} (note {note})")
        }
        AvailabilityOrigin::Listing {
            multi_note: Some(m),
            ..
        } => {
            format!("listing RF and DATES (note {m})")
        }
        AvailabilityOrigin::Listing {
            multi_note: None, ..
        } => "listing RF and DATES".into(),
        AvailabilityOrigin::ListingOnly { lacking, .. } => match lacking.as_slice() {
            [] => "listing only (the data has no notes)".into(),
            [one] => format!("listing only: note {one} not in the data"),
            many => format!("listing only: notes {} not in the data", many.join(", ")),
        },
    }
}

impl<'a> AvailRow<'a> {
    /// The row for a vehicle of `nation` and its matching entry; theaters are named by `names`.
    pub fn new(
        nation: &Nation,
        v: &'a Vehicle,
        a: &'a Availability,
        names: &'a TheaterRegistry,
    ) -> Self {
        Self {
            vehicle: &v.name,
            id: &v.id,
            r#type: v.vehicle_type.value.as_ref().map_or("", |t| t.as_str()),
            rf: a.rf,
            period: PeriodView::from(&a.period),
            theaters: a.theaters.iter().map(|t| names.name(t)).collect(),
            asked: None,
            qualifiers: a
                .qualifiers
                .iter()
                .map(|q| nation.qualifier_text(q))
                .collect(),
            source: origin_text(a),
        }
    }
}

/// `qm show --json`: the vehicle's main values flat, plus the whole IR record.
#[derive(Debug, Serialize)]
pub struct ShowView<'a> {
    /// Normalized name.
    pub name: &'a str,
    /// Stable id.
    pub id: &'a str,
    /// Listing type code.
    pub r#type: &'a str,
    /// BPV.
    pub bpv: Option<u16>,
    /// Desert VP (rule 177).
    pub dvp: u16,
    /// DVP while the removable MA is Removed (177.2), if variable.
    pub dvp_variable: Option<u16>,
    /// True when radioless per the listing's ® column.
    pub radioless: bool,
    /// The listing's RF cell as printed.
    pub rf: &'a str,
    /// The listing's DATES as a period.
    pub dates: Option<PeriodView>,
    /// Resolved availability.
    pub availability: Vec<AvailabilityView<'a>>,
    /// Counter text.
    pub counter: &'a Counter,
    /// The full IR record with provenance.
    pub record: &'a Vehicle,
}

/// One availability entry, flat.
#[derive(Debug, Serialize)]
pub struct AvailabilityView<'a> {
    /// Theater names.
    pub theaters: Vec<&'a str>,
    /// Period.
    pub period: PeriodView,
    /// RF.
    pub rf: Tenths,
    /// Conditions ("Fascist use only").
    pub qualifiers: Vec<String>,
    /// Where it comes from.
    pub source: String,
    /// The IR entry.
    #[serde(skip)]
    pub entry: &'a Availability,
}

impl<'a> ShowView<'a> {
    /// The view of `v`, a vehicle of `nation`; theaters are named by `names`.
    pub fn new(nation: &Nation, v: &'a Vehicle, names: &'a TheaterRegistry) -> Self {
        Self {
            name: &v.name,
            id: &v.id,
            r#type: v.vehicle_type.value.as_ref().map_or("", |t| t.as_str()),
            bpv: v.bpv.value,
            dvp: v.dvp.value,
            dvp_variable: v.dvp.variable,
            radioless: v.lead.radioless.is_some(),
            rf: &v.rf.raw,
            dates: v.dates.value.as_ref().map(PeriodView::from),
            availability: v
                .availability
                .iter()
                .map(|a| AvailabilityView {
                    theaters: a.theaters.iter().map(|t| names.name(t)).collect(),
                    period: PeriodView::from(&a.period),
                    rf: a.rf,
                    qualifiers: a
                        .qualifiers
                        .iter()
                        .map(|q| nation.qualifier_text(q))
                        .collect(),
                    source: origin_text(a),
                    entry: a,
                })
                .collect(),
            counter: &v.counter,
            record: v,
        }
    }
}
