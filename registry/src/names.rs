//! Vehicle names: normalization for display and matching, and stable ids.

/// Longest vehicle name, in characters: the longest real one is about 30, and a counter,
/// a chart cell or a palette entry has room for far less than this. A longer name is an
/// error where the row is read, so it never reaches the passes that match names.
pub const MAX_NAME: usize = 120;

/// The one length rule every "must fit" check applies (a vehicle name where the row is read,
/// a text a counter, sheet or chart prints in one box, a line of a scenario card): `None`
/// when `text` has at most [`MAX_NAME`] characters, else the message "failed to `verb` the
/// `what` ..." for the diagnostic the checking stage makes with its own code.
pub fn too_long(verb: &str, what: &str, text: &str) -> Option<String> {
    (text.chars().count() > MAX_NAME).then(|| {
        format!(
            "failed to {verb} the {what} {} (at most {MAX_NAME} characters)",
            shorten(text)
        )
    })
}

/// The first characters of a long text, for messages.
pub fn shorten(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}… ({} characters)", &text[..i], text.chars().count()),
        None => text.to_string(),
    }
}

/// The normalized name: composed ([`nfc`]), spaces around "/" dropped and runs of spaces
/// collapsed ("L3 / 35" -> "L3/35", "L6 / 40" -> "L6/40").
pub fn normalize_name(raw: &str) -> String {
    let composed = nfc(raw);
    // Words joined by one space, except next to a "/" (one pass: this runs for every row).
    let mut out = String::with_capacity(composed.len());
    for word in composed.split_whitespace() {
        if !out.is_empty() && !out.ends_with('/') && !word.starts_with('/') {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// The key names are matched by: lower case, no whitespace ("L3 / 35", "l3/35" -> "l3/35").
pub fn name_key(name: &str) -> String {
    nfc(name)
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// `text` in Unicode normalization form C (composed): the same name typed with a precomposed
/// "é" or with "e" and a combining accent is the same name. ASCII (most names) is returned
/// as it is, without a pass.
pub fn nfc(text: &str) -> std::borrow::Cow<'_, str> {
    use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};
    if text.is_ascii() || is_nfc_quick(text.chars()) == IsNormalized::Yes {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(text.nfc().collect())
}

/// Longest id [`vehicle_id`] makes, in bytes: ids name files (`<id>-front.svg`) and module
/// entries, so a longer slug is cut and ended with a hash of the whole.
pub const MAX_ID_LEN: usize = 64;

/// Hex digits of the hash ending a cut id.
const HASH_DIGITS: usize = 8;

/// A stable identifier for file names and registries: the name's [`slug`] ("L3/35" ->
/// "l3-35"), at most [`MAX_ID_LEN`] bytes. A longer slug keeps its beginning and ends in `-`
/// and a hash of the whole slug, so the id is short, the same on every machine and in every
/// version, and two long names that begin alike still get two ids. The hash is of the slug,
/// not of the raw name: names that differ only in spaces and punctuation share an id whatever
/// their length (and `qm check` reports them, `validate::duplicate-id`).
pub fn vehicle_id(name: &str) -> String {
    let slug = slug(name);
    if slug.len() <= MAX_ID_LEN {
        return slug;
    }
    // The slug is ASCII, so any byte index is a char boundary.
    let head = slug[..MAX_ID_LEN - HASH_DIGITS - 1].trim_end_matches('-');
    format!("{head}-{:08x}", fnv1a32(slug.as_bytes()))
}

/// The name and type that tell a vehicle apart from another of the same name ("M3 MT").
pub fn name_and_type(v: &qm_schema::Vehicle) -> String {
    match &v.vehicle_type.value {
        Some(code) => format!("{} {}", v.name, code.as_str()),
        None => v.name.clone(),
    }
}

/// When two vehicles share a name, the type completes their ids (`m3-lt`, `m3-mt`): the
/// listing tells them apart only by their TYPE. A name that repeats with its type too keeps
/// the name's id (`lint::duplicate-name` and `validate::duplicate-id` report it).
pub fn ids_told_apart_by_type(vehicles: &mut [qm_schema::Vehicle]) {
    let mut count: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for v in vehicles.iter() {
        *count.entry(name_key(&v.name)).or_default() += 1;
    }
    for v in vehicles.iter_mut() {
        if count.get(&name_key(&v.name)).is_some_and(|n| *n > 1) {
            v.id = vehicle_id(&name_and_type(v));
        }
    }
}

/// FNV-1a (32 bits): tiny, and fixed by its definition (std's hasher may change between
/// Rust versions, and an id must not).
fn fnv1a32(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5, |h: u32, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// Lower-case ASCII letters and digits of a name joined by single hyphens ("L3/35" -> "l3-35",
/// "Autocann 20/65(b)" -> "autocann-20-65-b"): what an id written by hand must be. A digit or
/// letter printed in a compatibility form keeps its place ("Tank A₂" -> "tank-a2"):
/// the sub- and superscript digits of the listings tell vehicles apart.
pub fn slug(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let mut id = String::new();
    // Compatibility-composed first (NFKC): a decomposed accent (a file name from macOS) slugs
    // as the composed one, and "₂" as "2".
    for c in name.nfkc().flat_map(char::to_lowercase) {
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
        // Sub- and superscript digits are digits: two vehicles told apart by one get two ids.
        assert_eq!(vehicle_id("Tank A\u{2081}"), "tank-a1");
        assert_eq!(vehicle_id("Tank A\u{2082}"), "tank-a2");
        assert_eq!(vehicle_id("M\u{b2}"), "m2");
        assert_eq!(did_you_mean("L3/36", ["L3/35", "M13/40"]), vec!["L3/35"]);
    }

    #[test]
    fn names_in_either_unicode_normalization_are_one_name() {
        let (composed, decomposed) = ("Autoblind\u{e9} 41", "Autoblinde\u{301} 41");
        assert_eq!(normalize_name(decomposed), composed);
        assert_eq!(name_key(composed), name_key(decomposed));
        assert_eq!(vehicle_id(composed), vehicle_id(decomposed));
        assert!(matches!(nfc("L3/35"), std::borrow::Cow::Borrowed(_)));
    }

    #[test]
    fn long_ids_are_cut_and_hashed_short_stable_and_distinct() {
        let long = format!("Semovente {} da 47/32", "M".repeat(100));
        let id = vehicle_id(&long);
        assert_eq!(id.len(), MAX_ID_LEN);
        assert!(id.starts_with("semovente-mmm"), "{id}");
        // Fixed by FNV-1a's definition: the same id on every machine and in every version.
        assert_eq!(&id[MAX_ID_LEN - 9..], "-ec016cf8", "{id}");
        let other = format!("Semovente {} da 75/18", "M".repeat(100));
        assert_ne!(vehicle_id(&other), id);
        // Spaces and punctuation do not count, as for short names.
        assert_eq!(vehicle_id(&long.replace(' ', "  ")), id);
        // A slug of exactly the limit is kept whole; no cut id ends in two hyphens.
        let exact = "a".repeat(MAX_ID_LEN);
        assert_eq!(vehicle_id(&exact), exact);
        let hyphen_at_cut = format!("{} {}", "a".repeat(MAX_ID_LEN - 10), "b".repeat(40));
        assert!(!vehicle_id(&hyphen_at_cut).contains("--"));
    }
}
