use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::*;

/// One gun of the ordnance listing (Chapter H's mortars, AT, infantry and field guns, AA
/// guns, recoilless guns, AT rifles), each cell as printed and read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Ordnance {
    /// Stable identifier derived from the name (`7-5cm-pak-40`), unique among the nation's
    /// vehicles and guns.
    pub id: String,
    /// Normalized name: the published name with spaces around "/" removed.
    pub name: String,
    /// The Name cell as published.
    pub name_cell: Field<String>,
    /// The whole listing row.
    pub row: Span,
    /// Type: one gun type, or two.
    pub gun_type: Option<Field<GunTypes>>,
    /// CSize: caliber, length and printed marks.
    pub caliber: Option<Field<Caliber>>,
    /// ROF (IFE).
    pub rof: Option<Field<GunRof>>,
    /// B#: breakdown number.
    pub breakdown: Option<Field<BreakdownNumber>>,
    /// Range.
    pub range: Option<Field<GunRange>>,
    /// M#: manhandling number; `null` value when printed `–` (none).
    pub manhandling: Option<Field<Manhandling>>,
    /// TSize: target size modifier; `null` value when printed `–`.
    pub target_size: Option<Field<i8>>,
    /// Dates: the period the gun is available at all.
    pub dates: Option<Field<Period>>,
    /// Special: the comma list, item by item.
    pub special: Option<Field<Vec<SpecialItem>>>,
    /// BPV; `null` value when printed `–`.
    pub bpv: Option<Field<u16>>,
    /// RF: one value or a range; `null` value when printed `–`.
    pub rf: Option<Field<RfRange>>,
    /// Notes: the note references.
    pub note_refs: Vec<Field<NoteRef>>,
    /// The nationality marks of the Notes (`Gr`, `Ne`), as printed: which nationalities of a
    /// nation that covers several used the gun. Absent when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nationality_marks: Vec<Field<String>>,
    /// Resolved availability: where, when and how rare, from the nation's ordnance notes
    /// (`ordnance-notes.md`) as a vehicle's from its notes; without them, the listing's Dates
    /// at its RF.
    pub availability: Vec<Availability>,
    /// Where and when the gun may be available at an RF the listing prints as a range (a
    /// nation without ordnance notes).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub availability_unknown: Vec<UnknownAvailability>,
    /// Periods in which only one faction of the nation may use the gun ("Free Borovian use
    /// only"), per faction; absent when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub restricted_use: Vec<RestrictedUse>,
    /// VASL's `limbered` column as VASL keeps it (`no_fire`, or the values its limbered piece
    /// is drawn with): asks for a limbered side; absent for the publication's layout and an
    /// empty cell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vasl_limbered: Option<String>,
    /// VASL's `limbered` column read (what the limbered side draws instead of the front's
    /// values); absent when the column is empty or absent, or when it does not read (its
    /// error is reported at the cell).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vasl_limbered_read: Option<Field<VaslLimbered>>,
    /// The gun's second line, where the listing prints it on two (a mortar that is also an
    /// infantry gun, a gun with two barrels): that line's values as a gun of their own, which
    /// gives no availability (the first line's does). Absent for a gun on one line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second_line: Option<Box<Ordnance>>,
    /// What the gun's counter prints, side by side.
    #[serde(default)]
    pub counter: GunCounter,
}
