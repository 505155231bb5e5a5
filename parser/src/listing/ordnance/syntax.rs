use qm_schema::{
    BreakdownNumber, Caliber, GunRange, GunRof, GunTypes, Manhandling, NoteRef, Period, RfRange,
    SpecialItem, VaslLimbered,
};

use crate::{Cell, TextSpan};

/// A parsed ordnance listing (`ordnance.tsv` or `ordnance.csv`): its gun rows in source order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OrdnanceListing {
    /// Every gun row, in order; rows with bad cells are kept with error values.
    pub rows: Vec<OrdnanceRow>,
    /// Rows of the file that hold no gun of the listing (captions, VASL's own pieces).
    pub skipped: usize,
}

/// One gun row, every column typed. A blank cell is `None`; a cell printed `–` (none) is a
/// cell whose value is `Ok(None)`.
#[derive(Debug, Clone, PartialEq)]
pub struct OrdnanceRow {
    /// The whole row.
    pub span: TextSpan,
    /// 1-based line of the row.
    pub line: usize,
    /// Name, as printed.
    pub name: Cell<String>,
    /// Type.
    pub gun_type: Option<Cell<GunTypes>>,
    /// CSize.
    pub caliber: Option<Cell<Caliber>>,
    /// ROF (IFE).
    pub rof: Option<Cell<GunRof>>,
    /// B#.
    pub breakdown: Option<Cell<BreakdownNumber>>,
    /// Range.
    pub range: Option<Cell<GunRange>>,
    /// M#.
    pub manhandling: Option<Cell<Manhandling>>,
    /// TSize.
    pub target_size: Option<Cell<i8>>,
    /// Dates.
    pub dates: Option<Cell<Period>>,
    /// Special.
    pub special: Option<Cell<Vec<SpecialItem>>>,
    /// BPV.
    pub bpv: Option<Cell<u16>>,
    /// RF.
    pub rf: Option<Cell<RfRange>>,
    /// Notes: each reference its own cell.
    pub note_refs: Vec<Cell<NoteRef>>,
    /// Nationality marks in the Notes (`Gr`, `Ne`: which nationalities of a nation that
    /// covers several used the gun), as printed.
    pub nationality_marks: Vec<Cell<String>>,
    /// Note ids of VASL's own numbering in the Notes column (`12v`, `g1`), kept as printed.
    pub vasl_note_ids: Vec<String>,
    /// VASL's `limbered` column, trimmed (`no_fire`, or the values of its limbered piece);
    /// `None` when empty or absent.
    pub vasl_limbered: Option<String>,
    /// VASL's `limbered` column read; `None` when empty or absent.
    pub vasl_limbered_read: Option<Cell<VaslLimbered>>,
    /// The gun's second line, where the listing prints the gun on two (VASL: one record whose
    /// cells each hold two lines); `None` for a gun on one line.
    pub second_line: Option<Box<OrdnanceRow>>,
}

impl OrdnanceRow {
    /// A row before its cells are read.
    pub fn new(span: TextSpan, line: usize, name: Cell<String>) -> Self {
        Self {
            span,
            line,
            name,
            gun_type: None,
            caliber: None,
            rof: None,
            breakdown: None,
            range: None,
            manhandling: None,
            target_size: None,
            dates: None,
            special: None,
            bpv: None,
            rf: None,
            note_refs: Vec::new(),
            nationality_marks: Vec::new(),
            vasl_note_ids: Vec::new(),
            vasl_limbered: None,
            vasl_limbered_read: None,
            second_line: None,
        }
    }
}
