//! The public JSON of `qm avail --json` and `qm show --json`: plain values for scripts, a
//! contract kept stable independently of the IR's provenance-heavy layout.

use qm_registry::TheaterRegistry;
use qm_schema::{
    Availability, AvailabilityOrigin, Counter, Nation, Ordnance, Period, RfRange, Tenths,
    UnknownAvailability, Vehicle,
};
use serde::Serialize;

/// One row of `qm avail --json`.
#[derive(Debug, Serialize)]
pub struct AvailRow<'a> {
    /// What the row is: `vehicle` or `ordnance` (a gun).
    pub kind: &'static str,
    /// Normalized vehicle or gun name.
    pub vehicle: &'a str,
    /// Stable vehicle id.
    pub id: &'a str,
    /// Listing type code.
    pub r#type: &'a str,
    /// Rarity factor then and there; `null` when the data does not give it (see `unknown`).
    pub rf: Option<Tenths>,
    /// When the RF is unknown: the listing's RF range it lies in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rf_range: Option<RfRangeAnswer>,
    /// The availability period the date falls in.
    pub period: PeriodAnswer,
    /// The theaters of that entry.
    pub theaters: Vec<&'a str>,
    /// When a group of theaters was asked ("ETO"): the member theater this row answers for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub asked: Option<&'a str>,
    /// Conditions ("Fascist use only").
    pub qualifiers: Vec<String>,
    /// Where the entry comes from ("note 2", "listing", "derived from L3/35 (note 3)").
    pub source: String,
    /// Why the answer is unknown rather than an RF (the vehicle may be available then and
    /// there); absent when the RF is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unknown: Option<String>,
}

/// An RF range as printed and as its bounds.
#[derive(Debug, Serialize)]
pub struct RfRangeAnswer {
    /// The RF cell as the listing prints it ("1.2-1.4†").
    pub text: String,
    /// The smallest RF of the range.
    pub lower: Tenths,
    /// The largest RF of the range.
    pub upper: Tenths,
}

impl RfRangeAnswer {
    /// The answer of the vehicle's range `r`, printed as its RF cell.
    fn new(v: &Vehicle, r: &RfRange) -> Self {
        Self {
            text: v.rf.raw.clone(),
            lower: r.lower,
            upper: r.upper,
        }
    }
}

/// Why months of [`Vehicle::availability_unknown`] have no RF, in words.
pub fn unknown_text(v: &Vehicle) -> String {
    format!(
        "RF unknown: the listing prints the range {}, and the notes that say which RF holds when are not in the data",
        v.rf.raw
    )
}

/// A period as text and as months.
#[derive(Debug, Serialize)]
pub struct PeriodAnswer {
    /// As the sources print it ("6-12/40").
    pub text: String,
    /// First month, `YYYY-MM`.
    pub from: String,
    /// Last month, `YYYY-MM`.
    pub to: String,
}

impl From<&Period> for PeriodAnswer {
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
        AvailabilityOrigin::ListingOnly { lacking, .. } => listing_only_text(lacking),
    }
}

/// An entry of the listing alone, in words: which notes its daggers point at that the data
/// lacks.
pub fn listing_only_text(lacking: &[String]) -> String {
    match lacking {
        [] => "listing only (the data has no notes)".into(),
        [one] => format!("listing only: note {one} not in the data"),
        many => format!("listing only: notes {} not in the data", many.join(", ")),
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
        Self::of(v, AvailabilityAnswer::known(nation, a, names))
    }

    /// The row for a vehicle whose RF then and there the data does not give (`u`, one of its
    /// [`Vehicle::availability_unknown`]).
    pub fn unknown(v: &'a Vehicle, u: &'a UnknownAvailability, names: &'a TheaterRegistry) -> Self {
        Self::of(v, AvailabilityAnswer::unknown(v, u, names))
    }

    /// The row for a gun of `nation` and its matching entry.
    pub fn gun(
        nation: &Nation,
        g: &'a Ordnance,
        a: &'a Availability,
        names: &'a TheaterRegistry,
    ) -> Self {
        Self::of_gun(g, AvailabilityAnswer::known(nation, a, names))
    }

    /// The row for a gun whose RF then and there the listing prints as a range.
    pub fn gun_unknown(
        g: &'a Ordnance,
        u: &'a UnknownAvailability,
        names: &'a TheaterRegistry,
    ) -> Self {
        let rf = g.rf.as_ref().map_or("", |f| f.raw.as_str());
        let answer = AvailabilityAnswer {
            theaters: u.theaters.iter().map(|t| names.name(t)).collect(),
            period: PeriodAnswer::from(&u.period),
            rf: None,
            rf_range: Some(RfRangeAnswer {
                text: rf.to_owned(),
                lower: u.rf_range.lower,
                upper: u.rf_range.upper,
            }),
            qualifiers: Vec::new(),
            source: listing_only_text(&u.lacking),
            unknown: Some(format!(
                "RF {rf}: which RF holds then and there is the ordnance notes' to say, and the data has none"
            )),
            entry: None,
        };
        Self::of_gun(g, answer)
    }

    fn of_gun(g: &'a Ordnance, answer: AvailabilityAnswer<'a>) -> Self {
        let mut row = Self::of_any(&g.name, &g.id, gun_type_text(g), answer);
        row.kind = "ordnance";
        row
    }

    /// The row of `v` answering with `answer`, one of its availability answers.
    fn of(v: &'a Vehicle, answer: AvailabilityAnswer<'a>) -> Self {
        let ty = v.vehicle_type.value.as_ref().map_or("", |t| t.as_str());
        Self::of_any(&v.name, &v.id, ty, answer)
    }

    fn of_any(name: &'a str, id: &'a str, ty: &'a str, answer: AvailabilityAnswer<'a>) -> Self {
        Self {
            kind: "vehicle",
            vehicle: name,
            id,
            r#type: ty,
            rf: answer.rf,
            rf_range: answer.rf_range,
            period: answer.period,
            theaters: answer.theaters,
            asked: None,
            qualifiers: answer.qualifiers,
            source: answer.source,
            unknown: answer.unknown,
        }
    }
}

/// A gun's Type cell as printed ("AT", "AA INF"); empty when blank or `–`.
pub fn gun_type_text(g: &Ordnance) -> &str {
    g.gun_type
        .as_ref()
        .filter(|f| f.value.is_some())
        .map_or("", |f| f.raw.as_str())
}

/// `qm show --json` for a gun: its kind, main values flat, its availability, and the whole
/// IR record.
#[derive(Debug, Serialize)]
pub struct GunShowAnswer<'a> {
    /// Always `ordnance`.
    pub kind: &'static str,
    /// Normalized name.
    pub name: &'a str,
    /// Stable id.
    pub id: &'a str,
    /// The Type cell as printed.
    pub r#type: &'a str,
    /// BPV; `null` when none is printed.
    pub bpv: Option<u16>,
    /// The RF cell as printed.
    pub rf: &'a str,
    /// The Dates as a period.
    pub dates: Option<PeriodAnswer>,
    /// Availability from the listing.
    pub availability: Vec<AvailabilityAnswer<'a>>,
    /// The full IR record with provenance.
    pub record: &'a Ordnance,
}

impl<'a> GunShowAnswer<'a> {
    /// The answer of `g`, a gun of `nation`.
    pub fn new(nation: &Nation, g: &'a Ordnance, names: &'a TheaterRegistry) -> Self {
        let mut availability: Vec<AvailabilityAnswer<'a>> = g
            .availability
            .iter()
            .map(|a| AvailabilityAnswer::known(nation, a, names))
            .collect();
        availability.extend(
            g.availability_unknown
                .iter()
                .map(|u| AvailRow::gun_unknown(g, u, names))
                .map(|r| AvailabilityAnswer {
                    theaters: r.theaters,
                    period: r.period,
                    rf: None,
                    rf_range: r.rf_range,
                    qualifiers: Vec::new(),
                    source: r.source,
                    unknown: r.unknown,
                    entry: None,
                }),
        );
        Self {
            kind: "ordnance",
            name: &g.name,
            id: &g.id,
            r#type: gun_type_text(g),
            bpv: g.bpv.as_ref().and_then(|f| f.value),
            rf: g.rf.as_ref().map_or("", |f| f.raw.as_str()),
            dates: g
                .dates
                .as_ref()
                .and_then(|f| f.value.as_ref())
                .map(PeriodAnswer::from),
            availability,
            record: g,
        }
    }
}

/// `qm show --json`: the vehicle's main values flat, plus the whole IR record.
#[derive(Debug, Serialize)]
pub struct ShowAnswer<'a> {
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
    pub dates: Option<PeriodAnswer>,
    /// Resolved availability.
    pub availability: Vec<AvailabilityAnswer<'a>>,
    /// Counter text.
    pub counter: &'a Counter,
    /// The full IR record with provenance.
    pub record: &'a Vehicle,
}

/// One availability entry, flat.
#[derive(Debug, Serialize)]
pub struct AvailabilityAnswer<'a> {
    /// Theater names.
    pub theaters: Vec<&'a str>,
    /// Period.
    pub period: PeriodAnswer,
    /// RF; `null` when the data does not give it (see `unknown`).
    pub rf: Option<Tenths>,
    /// When the RF is unknown: the listing's RF range it lies in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rf_range: Option<RfRangeAnswer>,
    /// Conditions ("Fascist use only").
    pub qualifiers: Vec<String>,
    /// Where it comes from.
    pub source: String,
    /// Why the RF is unknown (the vehicle may be available then and there); absent when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unknown: Option<String>,
    /// The IR entry; `None` for months whose RF is unknown.
    #[serde(skip)]
    pub entry: Option<&'a Availability>,
}

impl<'a> ShowAnswer<'a> {
    /// The answer of `v`, a vehicle of `nation`; theaters are named by `names`.
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
            dates: v.dates.value.as_ref().map(PeriodAnswer::from),
            availability: availability_answers(nation, v, names),
            counter: &v.counter,
            record: v,
        }
    }
}

/// A vehicle's availability entries, then its months whose RF is unknown.
fn availability_answers<'a>(
    nation: &Nation,
    v: &'a Vehicle,
    names: &'a TheaterRegistry,
) -> Vec<AvailabilityAnswer<'a>> {
    let known = v
        .availability
        .iter()
        .map(|a| AvailabilityAnswer::known(nation, a, names));
    let unknown = v
        .availability_unknown
        .iter()
        .map(|u| AvailabilityAnswer::unknown(v, u, names));
    known.chain(unknown).collect()
}

impl<'a> AvailabilityAnswer<'a> {
    /// The answer of `a`, an availability entry of a vehicle of `nation`.
    fn known(nation: &Nation, a: &'a Availability, names: &'a TheaterRegistry) -> Self {
        Self {
            theaters: a.theaters.iter().map(|t| names.name(t)).collect(),
            period: PeriodAnswer::from(&a.period),
            rf: Some(a.rf),
            rf_range: None,
            qualifiers: a
                .qualifiers
                .iter()
                .map(|q| nation.qualifier_text(q))
                .collect(),
            source: origin_text(a),
            unknown: None,
            entry: Some(a),
        }
    }

    /// The answer of `u`, months of `v` whose RF the data does not give.
    fn unknown(v: &'a Vehicle, u: &'a UnknownAvailability, names: &'a TheaterRegistry) -> Self {
        Self {
            theaters: u.theaters.iter().map(|t| names.name(t)).collect(),
            period: PeriodAnswer::from(&u.period),
            rf: None,
            rf_range: Some(RfRangeAnswer::new(v, &u.rf_range)),
            qualifiers: Vec::new(),
            source: listing_only_text(&u.lacking),
            unknown: Some(unknown_text(v)),
            entry: None,
        }
    }
}
