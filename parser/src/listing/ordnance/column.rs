//! The ordnance listing's columns: the publication's header names, VASL's CSV names, and what
//! their cells hold.

use crate::listing::reader::ColumnText;

/// One column of the ordnance listing (Chapter H's guns).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum GunColumn {
    Name,
    Type,
    CSize,
    Rof,
    Breakdown,
    Range,
    Manhandling,
    TargetSize,
    Dates,
    Special,
    Bpv,
    Rf,
    Notes,
}

/// The columns in the publication's order, with its header name and VASL's CSV name.
pub(crate) const GUN_COLUMNS: [(GunColumn, &str, &str); 13] = [
    (GunColumn::Name, "Name", "name"),
    (GunColumn::Type, "Type", "gun_type"),
    (GunColumn::CSize, "CSize", "caliber"),
    (GunColumn::Rof, "ROF (IFE)", "rof_ife"),
    (GunColumn::Breakdown, "B#", "breakdown"),
    (GunColumn::Range, "Range", "range"),
    (GunColumn::Manhandling, "M#", "manhandling"),
    (GunColumn::TargetSize, "TSize", "target_size"),
    (GunColumn::Dates, "Dates", "dates"),
    (GunColumn::Special, "Special", "special"),
    (GunColumn::Bpv, "BPV", "bpv"),
    (GunColumn::Rf, "RF", "rf"),
    (GunColumn::Notes, "Notes", "notes"),
];

impl GunColumn {
    /// The column a publication header cell names (without case or spaces: `ROF(IFE)`).
    pub(crate) fn from_header(name: &str) -> Option<GunColumn> {
        let squash = |s: &str| -> String {
            s.chars()
                .filter(|c| !c.is_whitespace())
                .collect::<String>()
                .to_lowercase()
        };
        let wanted = squash(name);
        GUN_COLUMNS
            .iter()
            .find(|(_, h, _)| squash(h) == wanted)
            .map(|(c, _, _)| *c)
    }

    /// The column a VASL CSV header cell names (exactly).
    pub(crate) fn from_vasl(name: &str) -> Option<GunColumn> {
        GUN_COLUMNS
            .iter()
            .find(|(_, _, v)| *v == name.trim())
            .map(|(c, _, _)| *c)
    }
}

impl ColumnText for GunColumn {
    fn label(self) -> &'static str {
        GUN_COLUMNS
            .iter()
            .find(|(c, _, _)| *c == self)
            .map_or("", |(_, h, _)| h)
    }

    fn expected(self) -> &'static str {
        match self {
            GunColumn::Name => "a gun name",
            GunColumn::Type => "a gun type (or two)",
            GunColumn::CSize => "a caliber in mm, maybe with its length",
            GunColumn::Rof => "a rate of fire, maybe with its IFE",
            GunColumn::Breakdown => "a breakdown number",
            GunColumn::Range => "a range in hexes, or a minimum and maximum",
            GunColumn::Manhandling => "a manhandling number or –",
            GunColumn::TargetSize => "a target size modifier or –",
            GunColumn::Dates => "a period",
            GunColumn::Special => "a comma list of special items",
            GunColumn::Bpv => "a BPV (a whole number) or –",
            GunColumn::Rf => "a rarity factor or range, or –",
            GunColumn::Notes => "note references split by commas",
        }
    }

    fn examples(self) -> &'static str {
        match self {
            GunColumn::Name => "7.5cm PaK 40",
            GunColumn::Type => "AT, MTR or MTR INF",
            GunColumn::CSize => "75, 75L, 88LL, 12.7 or 81*",
            GunColumn::Rof => "2, 3 (8) or 1 (or 3)",
            GunColumn::Breakdown => "11 or X11",
            GunColumn::Range => "120, 2-60 or (3)†-70",
            GunColumn::Manhandling => "10, **6** (bold), -2 or –",
            GunColumn::TargetSize => "+1, 0, -1 or –",
            GunColumn::Dates => "6/41-43, 36-45 or 45",
            GunColumn::Special => "NT, QSU, s8, H6[9]†, A4¹/5², 5PP or LF [88†, 1 ROF, B11]",
            GunColumn::Bpv => "30 or –",
            GunColumn::Rf => "1.4, 1.1-.9 or –",
            GunColumn::Notes => "1, N or 5†, A†, N",
        }
    }
}
