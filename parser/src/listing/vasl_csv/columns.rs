//! VASL's Chapter H CSV columns: their header names and the listing column each feeds.

use crate::listing::column::Column;

/// One column of VASL's vehicle CSV, in the order its header names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum VaslColumn {
    /// A listing column, read with that column's grammar (`name` also holds the TYPE).
    Listing(Column),
    /// A column only the CSV has, kept as plain text.
    Own(&'static str),
}

/// VASL's header names, in its order, with what each holds.
pub(crate) const VASL_COLUMNS: [(&str, VaslColumn); 34] = [
    ("count", VaslColumn::Own("count")),
    ("name", VaslColumn::Listing(Column::Name)),
    ("radioless", VaslColumn::Listing(Column::Radioless)),
    ("weight", VaslColumn::Listing(Column::Weight)),
    ("bpv", VaslColumn::Listing(Column::Bpv)),
    ("rf", VaslColumn::Listing(Column::Rf)),
    ("dates", VaslColumn::Listing(Column::Dates)),
    ("size", VaslColumn::Listing(Column::Size)),
    ("af", VaslColumn::Listing(Column::Armor)),
    ("ta", VaslColumn::Listing(Column::TargetAspect)),
    ("ot", VaslColumn::Listing(Column::OpenTop)),
    ("cs", VaslColumn::Listing(Column::CrewSurvival)),
    ("mp", VaslColumn::Listing(Column::Mp)),
    ("gp", VaslColumn::Listing(Column::GroundPressure)),
    ("gt", VaslColumn::Listing(Column::Turret)),
    ("ma", VaslColumn::Listing(Column::MainArmament)),
    ("rof_ife", VaslColumn::Listing(Column::Rof)),
    ("breakdown", VaslColumn::Listing(Column::Breakdown)),
    ("intensive_fire", VaslColumn::Listing(Column::IfMark)),
    ("bmg", VaslColumn::Listing(Column::MgBow)),
    ("cmg", VaslColumn::Listing(Column::MgCoax)),
    ("aamg", VaslColumn::Listing(Column::MgAa)),
    ("sa", VaslColumn::Listing(Column::Secondary)),
    ("ammunition", VaslColumn::Listing(Column::Ammo)),
    ("smoke_depletion", VaslColumn::Own("smoke_depletion")),
    ("smoke_discharger", VaslColumn::Own("smoke_discharger")),
    ("transport", VaslColumn::Listing(Column::Capacity)),
    ("notes", VaslColumn::Listing(Column::Notes)),
    ("version", VaslColumn::Own("version")),
    ("piece", VaslColumn::Own("piece")),
    ("overrides", VaslColumn::Own("overrides")),
    (
        "svg_image_transform",
        VaslColumn::Own("svg_image_transform"),
    ),
    ("reverse", VaslColumn::Own("reverse")),
    ("comments", VaslColumn::Own("comments")),
];

impl VaslColumn {
    /// The column a header cell names (exactly, as VASL's programs read it).
    pub(crate) fn from_header(name: &str) -> Option<VaslColumn> {
        VASL_COLUMNS
            .iter()
            .find(|(n, _)| *n == name.trim())
            .map(|(_, c)| *c)
    }

    /// The column's header name.
    pub(crate) fn name(self) -> &'static str {
        match self {
            VaslColumn::Own(name) => name,
            VaslColumn::Listing(c) => VASL_COLUMNS
                .iter()
                .find(|(_, v)| *v == VaslColumn::Listing(c))
                .map_or("", |(n, _)| n),
        }
    }

    /// The mark VASL writes as `•` in this column, in the listing's own character.
    pub(crate) fn bullet(self) -> Option<char> {
        match self {
            VaslColumn::Listing(Column::Radioless) => Some('®'),
            VaslColumn::Listing(Column::OpenTop) => Some('●'),
            VaslColumn::Listing(Column::IfMark) => Some('◆'),
            _ => None,
        }
    }

    /// True for VASL's own columns read by its programs (`overrides`, `piece`, ...): their
    /// text is theirs (`<*>` is an asterisk there), kept as written, never read as markup.
    pub(crate) fn verbatim(self) -> bool {
        matches!(
            self,
            VaslColumn::Own(
                "version" | "piece" | "overrides" | "svg_image_transform" | "reverse" | "comments"
            )
        )
    }

    /// True for the listing columns whose cell is one value read whole, a superscript after it
    /// kept as the cell's (`28ᵗ` MP): the cells of parts read their own superscripts.
    pub(crate) fn trailing_superscript(self) -> bool {
        matches!(
            self,
            VaslColumn::Listing(
                Column::Radioless
                    | Column::Weight
                    | Column::Bpv
                    | Column::Rf
                    | Column::Dates
                    | Column::Size
                    | Column::OpenTop
                    | Column::CrewSurvival
                    | Column::Mp
                    | Column::GroundPressure
                    | Column::Turret
                    | Column::MainArmament
                    | Column::Rof
                    | Column::Breakdown
                    | Column::IfMark
                    | Column::Secondary
            )
        )
    }

    /// True for the MG columns, whose superscripts (`R2`, a rear MG) the MG grammar reads
    /// inline, as the listing prints them.
    pub(crate) fn inline_superscripts(self) -> bool {
        matches!(
            self,
            VaslColumn::Listing(Column::MgBow | Column::MgCoax | Column::MgAa)
        )
    }
}

/// True when `fields` (the first record's cells) are VASL's header: `name` and most of the
/// other column names.
pub(crate) fn is_vasl_header(fields: &[&str]) -> bool {
    let known = fields
        .iter()
        .filter(|f| VaslColumn::from_header(f).is_some())
        .count();
    fields.iter().any(|f| f.trim() == "name") && known * 2 > VASL_COLUMNS.len()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_columns_are_the_irs_header() {
        let names: Vec<&str> = super::VASL_COLUMNS.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, qm_schema::VASL_HEADER);
    }
}
