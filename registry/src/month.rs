//! Months as users type them (`3/41`, `1941-03`): read by the command line's questions and by
//! the registries' dated rules.

use qm_schema::YearMonth;

/// Parses a month as `3/41`, `03/1941` or `1941-03`. Two-digit years are 19xx.
pub fn parse_month(text: &str) -> Option<YearMonth> {
    let text = text.trim();
    let (year, month) = if let Some((y, m)) = text.split_once('-') {
        (y, m)
    } else {
        let (m, y) = text.split_once('/')?;
        (y, m)
    };
    let month: u8 = month.parse().ok()?;
    let year: u16 = match year.len() {
        2 => 1900 + year.parse::<u16>().ok()?,
        4 => year.parse().ok()?,
        _ => return None,
    };
    YearMonth::new(year, month)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_parse() {
        assert_eq!(parse_month("3/41"), YearMonth::new(1941, 3));
        assert_eq!(parse_month("1941-03"), YearMonth::new(1941, 3));
        assert_eq!(parse_month("13/41"), None);
        assert_eq!(parse_month("x"), None);
    }
}
