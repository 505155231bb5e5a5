use qm_schema::{
    Armor, BreakdownNumber, Capacity, CrewSurvival, GroundPressure, IfMark, MainArmament, MgFactor,
    NoteRef, Period, Radioless, RateOfFire, RfRange, SecondaryArmament, SpecialAmmo, TargetAspect,
    Tenths, Turret, VehicleTypeCode,
};

use crate::{Cell, TextSpan};

/// The parsed vehicle listing: its data rows in source order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Listing {
    /// Every data row, in order; rows with bad cells are kept with error values.
    pub rows: Vec<ListingRow>,
    /// The header blocks found (each is the column-name line and the MG sub-header line).
    pub headers: Vec<HeaderBlock>,
}

/// A header block: the line naming the columns, and the MG sub-header line under it.
#[derive(Debug, Clone, PartialEq)]
pub struct HeaderBlock {
    /// The column-name line.
    pub span: TextSpan,
    /// Column names as printed, in order (variants: "T"/"Tur", "# / PP"/"PP").
    pub columns: Vec<String>,
}

/// One data row of the listing, every column typed. A column that is blank in the source is
/// `None`; a non-blank cell is always `Some`, holding either a value or an error value.
#[derive(Debug, Clone, PartialEq)]
pub struct ListingRow {
    /// The whole line.
    pub span: TextSpan,
    /// 1-based line number in the normalized text (for messages and sorting only).
    pub line: usize,
    /// NAME, as printed ("L3 / 35").
    pub name: Cell<String>,
    /// ®: radioless mark.
    pub radioless: Option<Cell<Radioless>>,
    /// WG T.
    pub weight: Option<Cell<Tenths>>,
    /// TYPE.
    pub vehicle_type: Option<Cell<VehicleTypeCode>>,
    /// BPV.
    pub bpv: Option<Cell<u16>>,
    /// RF.
    pub rf: Option<Cell<RfRange>>,
    /// DATES.
    pub dates: Option<Cell<Period>>,
    /// SZ.
    pub size: Option<Cell<i8>>,
    /// AF.
    pub armor: Option<Cell<Armor>>,
    /// TA.
    pub target_aspect: Option<Cell<TargetAspect>>,
    /// OT.
    pub open_top: Option<Cell<bool>>,
    /// CS.
    pub crew_survival: Option<Cell<CrewSurvival>>,
    /// MP.
    pub mp: Option<Cell<u8>>,
    /// GP.
    pub ground_pressure: Option<Cell<GroundPressure>>,
    /// T / Tur.
    pub turret: Option<Cell<Turret>>,
    /// MA.
    pub main_armament: Option<Cell<MainArmament>>,
    /// ROF.
    pub rof: Option<Cell<RateOfFire>>,
    /// B#.
    pub breakdown: Option<Cell<BreakdownNumber>>,
    /// IF.
    pub if_mark: Option<Cell<IfMark>>,
    /// MG B.
    pub mg_bow: Option<Cell<MgFactor>>,
    /// MG C.
    pub mg_coax: Option<Cell<MgFactor>>,
    /// MG AA.
    pub mg_aa: Option<Cell<MgFactor>>,
    /// SA.
    pub secondary: Option<Cell<SecondaryArmament>>,
    /// AM MO.
    pub ammo: Option<Cell<SpecialAmmo>>,
    /// # / PP (also when it arrives merged with the Notes cell).
    pub capacity: Option<Cell<Capacity>>,
    /// Notes: each reference is its own cell (span of the single token).
    pub note_refs: Vec<Cell<NoteRef>>,
}

impl ListingRow {
    /// A row before its cells are read: every cell absent, `name` standing for the NAME (an
    /// empty error cell until the row's NAME is read).
    pub fn new(span: TextSpan, line: usize, name: Cell<String>) -> Self {
        Self {
            span,
            line,
            name,
            radioless: None,
            weight: None,
            vehicle_type: None,
            bpv: None,
            rf: None,
            dates: None,
            size: None,
            armor: None,
            target_aspect: None,
            open_top: None,
            crew_survival: None,
            mp: None,
            ground_pressure: None,
            turret: None,
            main_armament: None,
            rof: None,
            breakdown: None,
            if_mark: None,
            mg_bow: None,
            mg_coax: None,
            mg_aa: None,
            secondary: None,
            ammo: None,
            capacity: None,
            note_refs: Vec::new(),
        }
    }
}
