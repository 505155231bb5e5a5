//! Superscripts as the listings print them: small digits, signs and letters after a value
//! (`A4¹/5²`, `28ᵗ`, `†¹`). A listing writes them with Unicode's superscript characters; the IR
//! keeps them in plain characters ("1", "3+", "S2+").

/// Every superscript character the listings use, with its plain character. Letters without a
/// capital superscript in Unicode use the small one (ᶜ, ᶠ, ˢ, ˣ, ʸ, ᶻ).
const TABLE: &[(char, char)] = &[
    ('⁰', '0'),
    ('¹', '1'),
    ('²', '2'),
    ('³', '3'),
    ('⁴', '4'),
    ('⁵', '5'),
    ('⁶', '6'),
    ('⁷', '7'),
    ('⁸', '8'),
    ('⁹', '9'),
    ('⁺', '+'),
    ('⁻', '-'),
    ('ᴬ', 'A'),
    ('ᴮ', 'B'),
    ('ᶜ', 'C'),
    ('ᴰ', 'D'),
    ('ᴱ', 'E'),
    ('ᶠ', 'F'),
    ('ᴳ', 'G'),
    ('ᴴ', 'H'),
    ('ᴵ', 'I'),
    ('ᴶ', 'J'),
    ('ᴷ', 'K'),
    ('ᴸ', 'L'),
    ('ᴹ', 'M'),
    ('ᴺ', 'N'),
    ('ᴼ', 'O'),
    ('ᴾ', 'P'),
    ('ᴿ', 'R'),
    ('ˢ', 'S'),
    ('ᵀ', 'T'),
    ('ᵁ', 'U'),
    ('ⱽ', 'V'),
    ('ᵂ', 'W'),
    ('ˣ', 'X'),
    ('ʸ', 'Y'),
    ('ᶻ', 'Z'),
    ('ᵗ', 't'),
    // Unicode's one small s is the listings' S (above); a lowercase superscript s (VASL's
    // `34<sup>s</sup>` MP) prints with it too, but reads back as S: see `reads_back`.
    ('ˢ', 's'),
];

/// The plain character of a superscript one; `None` for any other character.
pub fn plain(c: char) -> Option<char> {
    TABLE.iter().find(|(s, _)| *s == c).map(|(_, p)| *p)
}

/// True for a superscript character.
pub fn is_superscript(c: char) -> bool {
    plain(c).is_some()
}

/// True when `c` printed as a superscript reads back as `c` (`t` does: `ᵗ`; `s` does not: its
/// `ˢ` is read as `S`), or `c` is a superscript character itself. A reader that must keep the
/// letter (VASL's `<sup>s</sup>`) keeps the published letter beside the printed one.
pub fn reads_back(c: char) -> bool {
    is_superscript(c)
        || to_superscript(&c.to_string())
            .chars()
            .next()
            .and_then(plain)
            == Some(c)
}

/// A run of superscript characters in plain characters ("³⁺" gives "3+").
pub fn to_plain(run: &str) -> String {
    run.chars().filter_map(plain).collect()
}

/// The number a run of superscript digits stands for (`¹²` is 12); `None` when the run holds
/// anything else or is too large.
pub fn number(run: &str) -> Option<u8> {
    let digits = to_plain(run);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// Plain characters written as superscripts ("3+" gives "³⁺"); a character without a
/// superscript form is kept as it is.
pub fn to_superscript(plain: &str) -> String {
    plain
        .chars()
        .map(|c| TABLE.iter().find(|(_, p)| *p == c).map_or(c, |(s, _)| *s))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn superscripts_read_as_plain_characters() {
        assert_eq!(to_plain("³⁺"), "3+");
        assert_eq!(to_plain("ˢ²⁺"), "S2+");
        assert_eq!(to_plain("ᴬ⁴"), "A4");
        assert_eq!(number("¹"), Some(1));
        assert_eq!(number("¹²"), Some(12));
        assert_eq!(number("ᵗ"), None);
        assert_eq!(number(""), None);
        assert!(is_superscript('ᵀ'));
        assert!(!is_superscript('T'));
        assert!(!is_superscript('1'));
        assert_eq!(to_superscript("S2+"), "ˢ²⁺");
        assert_eq!(to_plain(&to_superscript("A4")), "A4");
    }

    #[test]
    fn a_lowercase_s_prints_as_the_small_s_but_reads_back_as_s_capital() {
        assert_eq!(to_superscript("s"), "ˢ");
        assert_eq!(to_plain("ˢ"), "S");
        assert!(!reads_back('s'));
        assert!(reads_back('t') && reads_back('S') && reads_back('4') && reads_back('¹'));
        assert!(!reads_back('q'));
    }
}
