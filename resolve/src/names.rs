//! Vehicle names: normalization for display and matching, and stable ids.

/// The normalized name: spaces around "/" dropped and runs of spaces collapsed
/// ("L3 / 35" -> "L3/35", "L6 / 40" -> "L6/40").
pub fn normalize_name(raw: &str) -> String {
    // Words joined by one space, except next to a "/" (one pass: this runs for every row).
    let mut out = String::with_capacity(raw.len());
    for word in raw.split_whitespace() {
        if !out.is_empty() && !out.ends_with('/') && !word.starts_with('/') {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// The key names are matched by: lower case, no whitespace ("L3 / 35", "l3/35" -> "l3/35").
pub fn name_key(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// A stable identifier for file names and registries: lower-case ASCII letters and digits
/// joined by single hyphens ("L3/35" -> "l3-35", "Autocann 20/65(b)" -> "autocann-20-65-b").
pub fn vehicle_id(name: &str) -> String {
    let mut id = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            id.push(c);
        } else if !id.is_empty() && !id.ends_with('-') {
            id.push('-');
        }
    }
    while id.ends_with('-') {
        id.pop();
    }
    id
}

/// The candidates closest to `wanted` by edit distance on [`name_key`], best first (at most 3).
pub fn did_you_mean<'a>(
    wanted: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Vec<&'a str> {
    let key = name_key(wanted);
    let mut scored: Vec<(usize, &str)> = candidates
        .into_iter()
        .map(|c| (strsim::levenshtein(&key, &name_key(c)), c))
        .filter(|(d, c)| *d <= (name_key(c).len() / 2).max(2))
        .collect();
    scored.sort();
    scored.into_iter().take(3).map(|(_, c)| c).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_normalize_and_key() {
        assert_eq!(normalize_name("L3 / 35"), "L3/35");
        assert_eq!(normalize_name("SMV M40 75/18"), "SMV M40 75/18");
        for (raw, normalized) in [
            ("  Fiat\t 508 /  MC ", "Fiat 508/MC"),
            ("a / / b", "a//b"),
            ("a/ b /c", "a/b/c"),
            ("/ x /", "/x/"),
            ("", ""),
        ] {
            assert_eq!(normalize_name(raw), normalized, "{raw:?}");
        }
        assert_eq!(name_key("L3 / 35"), name_key("l3/35"));
        assert_eq!(vehicle_id("Autocann 20/65(b)"), "autocann-20-65-b");
        assert_eq!(vehicle_id("L3/35"), "l3-35");
        assert_eq!(did_you_mean("L3/36", ["L3/35", "M13/40"]), vec!["L3/35"]);
    }
}
