//! Lints over the MG columns: the signs of a row whose MG factors stand one or more columns
//! right of their headers (B under C, C under AA, AA under SA), a misprint the Italian listing
//! has on 23 rows. A finding is fixed by a cell erratum or accepted with a reason.

use qm_parser::{Cell, Diagnostic, ListingRow};
use qm_schema::{MgFactor, Mount, Weapon};

use super::Finding;
use crate::names::normalize_name;

/// The MG positions, as the listing's sub-header names their columns and the MA names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MgPosition {
    /// Bow MG: column B, MA "BMG".
    Bow,
    /// Coaxial MG: column C, MA "CMG".
    Coaxial,
    /// Anti-aircraft MG: column AA, MA "AAMG".
    AntiAircraft,
}

impl MgPosition {
    /// Every position, in column order.
    pub const ALL: [MgPosition; 3] = [Self::Bow, Self::Coaxial, Self::AntiAircraft];

    /// The word for the MG ("BMG").
    pub fn word(self) -> &'static str {
        match self {
            Self::Bow => "BMG",
            Self::Coaxial => "CMG",
            Self::AntiAircraft => "AAMG",
        }
    }

    /// The listing column ("MG B").
    pub fn column(self) -> &'static str {
        match self {
            Self::Bow => "MG B",
            Self::Coaxial => "MG C",
            Self::AntiAircraft => "MG AA",
        }
    }

    fn mount(self) -> Mount {
        match self {
            Self::Bow => Mount::Bow,
            Self::Coaxial => Mount::Coaxial,
            Self::AntiAircraft => Mount::AntiAircraft,
        }
    }

    /// The row's cell of this MG column.
    pub fn cell(self, row: &ListingRow) -> Option<&Cell<MgFactor>> {
        match self {
            Self::Bow => row.mg_bow.as_ref(),
            Self::Coaxial => row.mg_coax.as_ref(),
            Self::AntiAircraft => row.mg_aa.as_ref(),
        }
    }

    /// True when the row's MA is this MG ("BMG†").
    pub fn is_ma(self, row: &ListingRow) -> bool {
        row.main_armament
            .as_ref()
            .and_then(Cell::get)
            .is_some_and(|ma| ma.mount == Some(self.mount()) && ma.weapon == Weapon::MachineGun)
    }

    /// True when the row has this MG: as its MA, or a cell (a factor, or a "†" alone) in its
    /// column.
    pub fn row_has(self, row: &ListingRow) -> bool {
        self.is_ma(row) || self.cell(row).is_some()
    }
}

/// `lint::mg-in-sa`: an SA cell holding what reads as an MG factor (a number without a mount
/// letter, "Opt2", or a "†" alone) rather than a secondary weapon ("B37").
/// `lint::ma-mg-column-empty`: an MA that is an MG of one position ("BMG") whose own MG
/// column is empty.
pub fn lint_mg_columns(rows: &[ListingRow]) -> Vec<Finding> {
    let mut findings = Vec::new();
    for row in rows {
        let name = normalize_name(&row.name.raw);
        if let Some(sa) = &row.secondary {
            // A lone "†" is a footnote mark, not a factor; a gun without a mount letter
            // ("45L×2") is a weapon.
            let bare = match &sa.value {
                Ok(Some(s)) => s.mount.is_none() && matches!(s.weapon, Weapon::Firepower { .. }),
                Ok(None) | Err(_) => false,
            };
            if bare {
                findings.push(mg_in_sa(&name, sa));
            }
        }
        for position in MgPosition::ALL {
            if position.is_ma(row) && position.cell(row).is_none() {
                findings.push(ma_column_empty(&name, row, position));
            }
        }
    }
    findings
}

fn mg_in_sa<T>(name: &str, sa: &Cell<T>) -> Finding {
    Finding {
        diagnostic: Diagnostic::warning(
            "lint::mg-in-sa",
            format!(
                "failed to read {name}'s SA \"{}\" as a secondary weapon (it reads as an MG factor)",
                sa.raw
            ),
            sa.span.clone(),
        )
        .with_label("an MG factor in the SA column")
        .with_help(
            "the row's MG factors may stand one column right of B / C / AA: move them with a \
             cell erratum (row, cells) in errata.toml, or accept the finding with a reason",
        ),
        vehicle: Some(name.to_string()),
        text: Some(sa.raw.clone()),
    }
}

fn ma_column_empty(name: &str, row: &ListingRow, position: MgPosition) -> Finding {
    let span = row
        .main_armament
        .as_ref()
        .map_or(row.name.span.clone(), |c| c.span.clone());
    Finding {
        diagnostic: Diagnostic::warning(
            "lint::ma-mg-column-empty",
            format!(
                "failed to find the factor of {name}'s MA {} (its {} column is empty)",
                position.word(),
                position.column()
            ),
            span,
        )
        .with_label(format!("the MA is the {}", position.word()))
        .with_help(
            "the factor may stand in another MG or SA column: move it with a cell erratum in \
             errata.toml, or accept the finding with a reason",
        ),
        vehicle: Some(name.to_string()),
        text: Some(position.word().to_string()),
    }
}
