//! Vehicle names: normalization for display and matching, and stable ids.

/// Longest vehicle name, in characters: the longest real one is about 30, and a counter,
/// a chart cell or a palette entry has room for far less than this. A longer name is an
/// error where the row is read, so it never reaches the passes that match names.
pub const MAX_NAME: usize = 120;

/// The first characters of a long text, for messages.
pub fn shorten(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}… ({} characters)", &text[..i], text.chars().count()),
        None => text.to_string(),
    }
}

/// The normalized name: spaces around "/" dropped and runs of spaces collapsed
/// ("L3 / 35" -> "L3/35", "L6 / 40" -> "L6/40").
pub fn normalize_name(raw: &str) -> String {
    let collapsed = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    collapsed
        .replace(" / ", "/")
        .replace(" /", "/")
        .replace("/ ", "/")
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
    let key_len = key.chars().count();
    let mut scored: Vec<(usize, &str)> = candidates
        .into_iter()
        .filter_map(|c| {
            let candidate = name_key(c);
            let len = candidate.chars().count();
            let limit = (candidate.len() / 2).max(2);
            // The distance is at least the difference in length: a candidate that cannot be
            // close is never compared, so a huge name costs one pass, not a quadratic one.
            if key_len.abs_diff(len) > limit {
                return None;
            }
            let d = strsim::levenshtein(&key, &candidate);
            (d <= limit).then_some((d, c))
        })
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
        assert_eq!(name_key("L3 / 35"), name_key("l3/35"));
        assert_eq!(vehicle_id("Autocann 20/65(b)"), "autocann-20-65-b");
        assert_eq!(vehicle_id("L3/35"), "l3-35");
        assert_eq!(did_you_mean("L3/36", ["L3/35", "M13/40"]), vec!["L3/35"]);
    }
}
