use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::*;

/// One vehicle: a row of the vehicle listing, resolved against its notes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Vehicle {
    /// Stable identifier derived from the name (`l3-35`), used for file names and gpids.
    pub id: String,
    /// Normalized name ("L3/35"): the published name with spaces around "/" removed.
    pub name: String,
    /// The NAME cell as published ("L3 / 35").
    pub name_cell: Field<String>,
    /// The whole listing row.
    pub row: Span,
    /// The listing's columns left of TYPE (®, WG T), shared with the second line.
    #[serde(flatten)]
    pub lead: ListingLead,
    /// TYPE.
    pub vehicle_type: Field<VehicleTypeCode>,
    /// BPV: basic point value.
    pub bpv: Field<u16>,
    /// Desert VP (rule 177), derived from the BPV.
    pub dvp: Dvp,
    /// RF: the listing's rarity factor (one value or a range).
    pub rf: Field<RfRange>,
    /// DATES: the period the vehicle is available at all.
    pub dates: Field<Period>,
    /// The listing's columns right of DATES (SZ to Notes), shared with the second line.
    #[serde(flatten)]
    pub values: ListingValues,
    /// Resolved availability: where, when and how rare (empty until the notes are resolved).
    pub availability: Vec<Availability>,
    /// Where and when the vehicle may be available at an RF the data does not give (a nation
    /// without notes, an RF range in the listing); absent when there is none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub availability_unknown: Vec<UnknownAvailability>,
    /// Radio status over time (181.21); empty when the vehicle has no radio rule.
    pub radio: Vec<RadioStatus>,
    /// Periods in which only one faction of the nation may use the vehicle ("Fascist use
    /// only"), per faction.
    pub restricted_use: Vec<RestrictedUse>,
    /// Optional armament availability (e.g. the optional AAMG), when a note gives it.
    pub optional_armament: Vec<OptionalArmament>,
    /// Month from which HEAT is available (a multi-applicable note dates it); `null` otherwise.
    pub heat_from: Option<YearMonth>,
    /// The letter of the multi-applicable note that dates HEAT; `null` when none does.
    pub heat_note: Option<String>,
    /// Text printed on the counter.
    pub counter: Counter,
    /// The vehicle's other configuration: the listing's second line under its row (a row with
    /// no TYPE, BPV, RF or DATES of its own, e.g. a firing mode, or a parenthesized name with
    /// no TYPE and its own BPV, RF and DATES); absent when none is printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub other_configuration: Option<Box<OtherConfiguration>>,
    /// What VASL's Chapter H CSV (`listing.csv`) gave beyond the listing's columns; absent for
    /// a vehicle read from `listing.tsv`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vasl: Option<Box<VaslRow>>,
}

/// A vehicle's second line in the listing: the values of its other configuration, each
/// column as the row prints it (absent where the line is blank).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct OtherConfiguration {
    /// The NAME cell of the line as published ("(Firing mode)").
    pub name_cell: Field<String>,
    /// The whole line.
    pub row: Span,
    /// ®, WG T.
    #[serde(flatten)]
    pub lead: ListingLead,
    /// The line's own BPV, when it prints one (a configuration priced apart); absent when the
    /// line prints none (a firing mode).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bpv: Option<Field<u16>>,
    /// The line's own RF, as printed. It gives no availability: the notes do not tie the
    /// configuration's RF to theaters, so only the vehicle's own RF and DATES do.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rf: Option<Field<RfRange>>,
    /// The line's own DATES, as printed; like its RF, no availability comes from them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dates: Option<Field<Period>>,
    /// SZ to Notes.
    #[serde(flatten)]
    pub values: ListingValues,
}

/// The listing's columns left of TYPE, which a vehicle's row and its second line both print.
///
/// Why two structs and not one: a vehicle's JSON keeps the listing's column order (®, WG T,
/// then TYPE, BPV, RF, DATES, then SZ ...), and a flattened struct's fields are written where
/// it sits; the columns only a vehicle's own row has (TYPE to DATES) fall between the two.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ListingLead {
    /// The ® column: present when the AFV is radioless (181.2); its dagger points to a note.
    pub radioless: Option<Field<Radioless>>,
    /// WG T: weight in tons.
    pub weight: Option<Field<Weight>>,
}

/// The listing's columns right of DATES (SZ to Notes), which a vehicle's row and its second
/// line both print; a column either line may print belongs here.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ListingValues {
    /// SZ: size modifier.
    pub size: Option<Field<i8>>,
    /// AF: armor factors.
    pub armor: Option<Field<Armor>>,
    /// TA: target aspect.
    pub target_aspect: Option<Field<TargetAspect>>,
    /// OT: open-topped ("●").
    pub open_top: Option<Field<bool>>,
    /// CS: crew survival number.
    pub crew_survival: Option<Field<CrewSurvival>>,
    /// MP: movement points.
    pub mp: Option<Field<u8>>,
    /// GP: ground pressure.
    pub ground_pressure: Option<Field<GroundPressure>>,
    /// T / Tur: turret type.
    pub turret: Option<Field<Turret>>,
    /// MA: main armament.
    pub main_armament: Option<Field<MainArmament>>,
    /// ROF: rate of fire.
    pub rof: Option<Field<RateOfFire>>,
    /// B#: breakdown number.
    pub breakdown: Option<Field<BreakdownNumber>>,
    /// IF: the IF mark.
    pub if_mark: Option<Field<IfMark>>,
    /// MG B: bow MG factor.
    pub mg_bow: Option<Field<MgFactor>>,
    /// MG C: coaxial MG factor.
    pub mg_coax: Option<Field<MgFactor>>,
    /// MG AA: anti-aircraft MG factor.
    pub mg_aa: Option<Field<MgFactor>>,
    /// SA: secondary armament.
    pub secondary: Option<Field<SecondaryArmament>>,
    /// AM MO: special ammunition.
    pub ammo: Option<Field<SpecialAmmo>>,
    /// # / PP: passenger and portage capacity.
    pub capacity: Option<Field<Capacity>>,
    /// Notes: the note references in the listing's Notes column.
    pub note_refs: Vec<Field<NoteRef>>,
}

/// Desert VP (rule 177): 10% of the printed BPV, fractions rounded up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Dvp {
    /// The DVP value (177, 177.1).
    pub value: u16,
    /// The value while the removable MA is Removed/unloaded (177.2): 2 for an AFV, 1 otherwise;
    /// `null` when the vehicle's MA cannot be removed.
    pub variable: Option<u16>,
}

impl Dvp {
    /// DVP of a printed BPV: 10% rounded up.
    pub fn of_bpv(bpv: u16) -> u16 {
        bpv.div_ceil(10)
    }
}

/// Whether the vehicle has a radio in a period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RadioStatus {
    /// The months this status covers.
    pub period: Period,
    /// True when radio-equipped.
    pub has_radio: bool,
    /// The note sentence that says so.
    pub source: Option<Span>,
}

/// Availability of an optional weapon (the "optional AAMG" of some notes).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct OptionalArmament {
    /// What the option is, as the note names it ("AAMG").
    pub weapon: String,
    /// Its rarity factor.
    pub rf: Rf,
    /// True when the note says it is always available.
    pub always_available: bool,
    /// Theaters it is limited to (empty: no limit).
    pub theaters: Vec<TheaterId>,
    /// Period it is limited to, when the note gives one.
    pub period: Option<Period>,
    /// The note sentence.
    pub source: Option<Span>,
}

impl Vehicle {
    /// The vehicle's VASL variants, each a counter of its own ([`crate::VaslPiece::variant`]),
    /// in file order.
    pub fn variants(&self) -> impl Iterator<Item = &Vehicle> {
        self.vasl
            .iter()
            .flat_map(|x| x.pieces.iter())
            .filter_map(|p| p.variant.as_deref())
    }
}
