//! The key theater names are matched by.

/// The comparison key of a theater name: lower case, without spaces, hyphens, underscores,
/// dots and a leading "the" ("the Low Countries", "low-countries" and "LowCountries" all give
/// "lowcountries").
pub fn theater_key(text: &str) -> String {
    let lower: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '-' | '_' | '.'))
        .flat_map(char::to_lowercase)
        .collect();
    match lower.strip_prefix("the") {
        // "the" alone, or a name that merely starts with the letters ("Thessaly"), keeps them:
        // only the article is dropped, and it is always followed by a space in the data.
        Some(rest) if !rest.is_empty() && starts_with_article(text) => rest.to_string(),
        _ => lower,
    }
}

/// True when `text` begins with the word "the" (any case) followed by a space, hyphen or dot.
fn starts_with_article(text: &str) -> bool {
    let t = text.trim_start();
    t.len() > 3
        && t[..3].eq_ignore_ascii_case("the")
        && t[3..].starts_with(|c: char| c.is_whitespace() || matches!(c, '-' | '_' | '.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_ignore_case_spaces_hyphens_dots_and_the() {
        assert_eq!(theater_key("the Low Countries"), "lowcountries");
        assert_eq!(theater_key("Low-Countries"), "lowcountries");
        assert_eq!(theater_key("LowCountries"), "lowcountries");
        assert_eq!(theater_key("N. Africa"), "nafrica");
        assert_eq!(theater_key("THE ETO"), "eto");
        // Only the article goes: a name starting with the letters keeps them.
        assert_eq!(theater_key("Thessaly"), "thessaly");
        assert_eq!(theater_key("the"), "the");
    }
}
