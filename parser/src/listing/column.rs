//! The listing's columns: their header spellings and what their cells hold.

/// One column of the vehicle listing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Column {
    Name,
    Radioless,
    Weight,
    Type,
    Bpv,
    Rf,
    Dates,
    Size,
    Armor,
    TargetAspect,
    OpenTop,
    CrewSurvival,
    Mp,
    GroundPressure,
    Turret,
    MainArmament,
    Rof,
    Breakdown,
    IfMark,
    MgBow,
    MgCoax,
    MgAa,
    Secondary,
    Ammo,
    Capacity,
    Notes,
}

/// The columns in the order the published listing prints them; used when a header is missing
/// and for a header cell whose name is unknown.
pub(crate) const DEFAULT_LAYOUT: [Column; 26] = [
    Column::Name,
    Column::Radioless,
    Column::Weight,
    Column::Type,
    Column::Bpv,
    Column::Rf,
    Column::Dates,
    Column::Size,
    Column::Armor,
    Column::TargetAspect,
    Column::OpenTop,
    Column::CrewSurvival,
    Column::Mp,
    Column::GroundPressure,
    Column::Turret,
    Column::MainArmament,
    Column::Rof,
    Column::Breakdown,
    Column::IfMark,
    Column::MgBow,
    Column::MgCoax,
    Column::MgAa,
    Column::Secondary,
    Column::Ammo,
    Column::Capacity,
    Column::Notes,
];

impl Column {
    /// The name used in messages.
    pub(crate) fn label(self) -> &'static str {
        match self {
            Column::Name => "NAME",
            Column::Radioless => "®",
            Column::Weight => "WG T",
            Column::Type => "TYPE",
            Column::Bpv => "BPV",
            Column::Rf => "RF",
            Column::Dates => "DATES",
            Column::Size => "SZ",
            Column::Armor => "AF",
            Column::TargetAspect => "TA",
            Column::OpenTop => "OT",
            Column::CrewSurvival => "CS",
            Column::Mp => "MP",
            Column::GroundPressure => "GP",
            Column::Turret => "T",
            Column::MainArmament => "MA",
            Column::Rof => "ROF",
            Column::Breakdown => "B#",
            Column::IfMark => "IF",
            Column::MgBow => "MG B",
            Column::MgCoax => "MG C",
            Column::MgAa => "MG AA",
            Column::Secondary => "SA",
            Column::Ammo => "AM MO",
            Column::Capacity => "# / PP",
            Column::Notes => "Notes",
        }
    }

    /// Every spelling a header line may use for the column. The MG C and MG AA columns are
    /// usually unnamed: they are the two empty header cells after `MG`.
    pub(crate) fn header_names(self) -> &'static [&'static str] {
        match self {
            Column::Turret => &["T", "Tur"],
            Column::MgBow => &["MG", "MG B"],
            Column::Capacity => &["# / PP", "PP"],
            other => std::slice::from_ref(&LABELS[other as usize]),
        }
    }

    /// What a cell of the column holds, for "expected ..." messages.
    pub(crate) fn expected(self) -> &'static str {
        match self {
            Column::Name => "a vehicle name",
            Column::Radioless => "the radioless mark ®",
            Column::Weight => "a weight in tons",
            Column::Type => "a vehicle type",
            Column::Bpv => "a BPV (a whole number)",
            Column::Rf => "a rarity factor or range",
            Column::Dates => "a period",
            Column::Size => "a target size modifier",
            Column::Armor => "armor factors",
            Column::TargetAspect => "a target aspect",
            Column::OpenTop => "the open-topped mark ●",
            Column::CrewSurvival => "a crew survival number",
            Column::Mp => "a number of movement points",
            Column::GroundPressure => "a ground pressure",
            Column::Turret => "a turret type",
            Column::MainArmament => "a main armament",
            Column::Rof => "a rate of fire",
            Column::Breakdown => "a breakdown number",
            Column::IfMark => "the IF mark ◆",
            Column::MgBow | Column::MgCoax | Column::MgAa => "an MG firepower",
            Column::Secondary => "a secondary armament",
            Column::Ammo => "a special ammunition depletion number",
            Column::Capacity => "a transport capacity",
            Column::Notes => "a note reference",
        }
    }

    /// Valid cells of the column, for help lines.
    pub(crate) fn examples(self) -> &'static str {
        match self {
            Column::Name => "L3 / 35",
            Column::Radioless => "®",
            Column::Weight => "5.5, 14 or 6.5",
            Column::Type => "Tt, LT, MT, AG, SC or tr",
            Column::Bpv => "19 or 47",
            Column::Rf => "1.5, .9-1.6 or 1.6-1.3",
            Column::Dates => "6/40-2/41, 34-5/45 or 41",
            Column::Size => "+1, 0 or -1",
            Column::Armor => "-4, -4 / -5 or +1 / -2",
            Column::TargetAspect => "+F, +FS R or -F",
            Column::OpenTop => "●",
            Column::CrewSurvival => "2 or 5",
            Column::Mp => "8 or 34",
            Column::GroundPressure => "L or H",
            Column::Turret => "1MT, ST, NT or T",
            Column::MainArmament => "T37, B20L, BF32, T65* or CMG",
            Column::Rof => "2 or 1(4)",
            Column::Breakdown => "11 or B/X11",
            Column::IfMark => "◆",
            Column::MgBow | Column::MgCoax | Column::MgAa => "4, R4, 8R2 or Opt2",
            Column::Secondary => "B37, Opt2 or 2",
            Column::Ammo => "H7, HE7 or AP7",
            Column::Capacity => "1C/9PP, 4PP or 4PP/T10",
            Column::Notes => "13, A or AA (numbers 1-99, letters A-Z or doubled)",
        }
    }

    /// The column a header cell names, comparing without case or spaces (`#/PP` is `# / PP`).
    pub(crate) fn from_header(name: &str) -> Option<Column> {
        let wanted = squash(name);
        DEFAULT_LAYOUT.into_iter().find(|c| {
            c.header_names()
                .iter()
                .any(|n| squash(n).eq_ignore_ascii_case(&wanted))
        })
    }

    /// Every known header spelling, for "did you mean" hints.
    pub(crate) fn all_header_names() -> impl Iterator<Item = &'static str> {
        DEFAULT_LAYOUT
            .into_iter()
            .flat_map(|c| c.header_names().iter().copied())
    }
}

/// The labels in [`DEFAULT_LAYOUT`] order, so `header_names` can borrow them as slices.
static LABELS: [&str; 26] = [
    "NAME", "®", "WG T", "TYPE", "BPV", "RF", "DATES", "SZ", "AF", "TA", "OT", "CS", "MP", "GP",
    "T", "MA", "ROF", "B#", "IF", "MG B", "MG C", "MG AA", "SA", "AM MO", "# / PP", "Notes",
];

fn squash(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_follow_the_default_layout() {
        for (i, c) in DEFAULT_LAYOUT.into_iter().enumerate() {
            assert_eq!(c as usize, i);
            assert_eq!(LABELS[i], c.label());
        }
    }

    #[test]
    fn header_spellings_are_recognized() {
        assert_eq!(Column::from_header("Tur"), Some(Column::Turret));
        assert_eq!(Column::from_header("T"), Some(Column::Turret));
        assert_eq!(Column::from_header("PP"), Some(Column::Capacity));
        assert_eq!(Column::from_header("#/PP"), Some(Column::Capacity));
        assert_eq!(Column::from_header("notes"), Some(Column::Notes));
        assert_eq!(Column::from_header("MG"), Some(Column::MgBow));
        assert_eq!(Column::from_header("AM MO"), Some(Column::Ammo));
        assert_eq!(Column::from_header("BVP"), None);
        assert_eq!(Column::from_header(""), None);
    }
}
