//! A vehicle's second line: the listing row under a vehicle that prints the values of its
//! other configuration, not another vehicle.

use crate::ListingRow;

/// True when the row has the form of a vehicle's second line (whether a vehicle is above it
/// is the caller's to check):
/// - no TYPE, BPV, RF or DATES of its own (a firing mode under its carrier), or
/// - no TYPE and a NAME wholly in parentheses, with its own BPV, RF or DATES (a configuration
///   the listing prices and dates apart, e.g. a vehicle without its floats).
///
/// A row with a bad cell in TYPE is a vehicle whose cell is wrong; a row without TYPE whose
/// name is not parenthesized is a vehicle missing its TYPE.
pub fn is_second_line(row: &ListingRow) -> bool {
    if row.vehicle_type.is_some() {
        return false;
    }
    let no_own_values = row.bpv.is_none() && row.rf.is_none() && row.dates.is_none();
    no_own_values || parenthesized(&row.name.raw)
}

/// True when the name is one parenthesized phrase, a dagger after it allowed ("(Firing)†").
fn parenthesized(name: &str) -> bool {
    let name = name.trim().trim_end_matches('†').trim_end();
    name.len() > 2 && name.starts_with('(') && name.ends_with(')') && !name[1..].contains('(')
}

#[cfg(test)]
mod tests {
    use super::parenthesized;

    #[test]
    fn a_parenthesized_name_is_one_phrase_in_parentheses() {
        assert!(parenthesized("(Without floats)"));
        assert!(parenthesized(" (Firing)† "));
        assert!(!parenthesized("Horse (Squad)"));
        assert!(!parenthesized("(A) and (B)"));
        assert!(!parenthesized("()"));
        assert!(!parenthesized("Plain"));
    }
}
