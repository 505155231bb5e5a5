//! What a cell that no form reads probably meant, where it looks like a slip of a form that
//! is read (seen in VASL's files: `S8` for `s8`, a footnote written `†1` for `†¹`, a year's
//! leading zero lost). The cell stays an error; the hint is its help line.

use qm_schema::superscript::to_superscript;

/// CSize: a gun type's code (capitals only) typed where the caliber goes.
pub(crate) fn caliber(text: &str) -> Option<String> {
    (!text.is_empty() && text.chars().all(|c| c.is_ascii_uppercase())).then(|| {
        format!(
            "`{text}` is a code of the Type column, not a caliber: give the caliber in mm \
             (`20L`, `7.92`), or leave CSize blank when the listing prints none"
        )
    })
}

/// A Special item: a dagger's footnote in plain digits, or a form another case reads (`S8`);
/// `reads` tells whether the Special grammar reads an item.
pub(crate) fn special(item: &str, reads: impl Fn(&str) -> bool) -> Option<String> {
    if let Some(hint) = plain_footnote(item) {
        return Some(hint);
    }
    if let Some(hint) = plain_superscript(item) {
        return Some(hint);
    }
    let swapped = swap_first_case(item)?;
    reads(&swapped).then(|| {
        format!("probably `{swapped}`: the Special column prints this form with that case")
    })
}

/// A Notes reference: a dagger's footnote in plain digits (`B†1`), or VASL's own note id
/// with its letter moved before the number (`v11b` beside `8vb`, `13va`).
pub(crate) fn note(text: &str) -> Option<String> {
    plain_footnote(text).or_else(|| {
        let letters = text.bytes().take_while(u8::is_ascii_lowercase).count();
        let rest = &text[letters..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let tail = &rest[digits..];
        let meant = format!("{}{}{tail}", &rest[..digits], &text[..letters]);
        (letters > 0
            && digits > 0
            && tail.bytes().all(|b| b.is_ascii_lowercase())
            && crate::listing::cells::is_foreign_note_id(&meant))
        .then(|| {
            format!(
                "probably `{meant}`: VASL's own note ids put the number first (`8vb`, `13va`), \
                 and no note of the listing is printed `{text}`"
            )
        })
    })
}

/// Dates: an en dash for the hyphen, a year's leading zero lost (`9-45`), a spreadsheet's date
/// serial number (`16442`).
pub(crate) fn dates(text: &str) -> Option<String> {
    if text.contains('–') {
        let meant = text.replace('–', "-");
        return Some(format!(
            "probably `{meant}`: a Dates cell joins its months and years with a hyphen"
        ));
    }
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if let Some((from, to)) = text.split_once('-') {
        if from.len() == 1 && digits(from) && to.len() == 2 && digits(to) {
            return Some(format!(
                "probably `0{from}-{to}`: a year is printed with two digits (`00-41`), and a \
                 spreadsheet drops the leading zero"
            ));
        }
    }
    (text.len() >= 5 && digits(text)).then(|| {
        "a spreadsheet's date serial number (the cell was turned into a date): give the \
         period as the publication prints it (`1/45`, `6/41-43`)"
            .to_owned()
    })
}

/// `90†1`: a dagger followed by plain digits, which the listing prints raised (`90†¹`, VASL's
/// `†<sup>1</sup>`).
fn plain_footnote(text: &str) -> Option<String> {
    let at = text.find('†')?;
    let after = &text[at + '†'.len_utf8()..];
    let n = after.bytes().take_while(u8::is_ascii_digit).count();
    (n > 0).then(|| {
        let digits = &after[..n];
        let raised = to_superscript(digits);
        format!(
            "probably `†{raised}`: a dagger's footnote number is raised (VASL writes \
             `†<sup>{digits}</sup>`), here it is plain `†{digits}`"
        )
    })
}

/// `WP62+†`: a smoke number followed by more digits and a `+`, a superscript year written
/// plain (`WP6²⁺†`).
fn plain_superscript(item: &str) -> Option<String> {
    let rest = item.strip_prefix("WP").or_else(|| item.strip_prefix('s'))?;
    let kind = &item[..item.len() - rest.len()];
    let bytes = rest.as_bytes();
    if bytes.len() >= 3 && bytes[0].is_ascii_digit() && bytes[1].is_ascii_digit() {
        let tail = &rest[1..];
        let raised = to_superscript(tail.trim_end_matches('†'));
        let dagger = if tail.ends_with('†') { "†" } else { "" };
        let number = &rest[..1];
        return Some(format!(
            "probably `{kind}{number}{raised}{dagger}`: the digits after the depletion number \
             are its superscript, printed raised (VASL: `<sup>{}</sup>`)",
            tail.trim_end_matches('†')
        ));
    }
    None
}

/// The item with its first letter's case swapped; `None` when it starts with no letter.
fn swap_first_case(item: &str) -> Option<String> {
    let first = item.chars().next().filter(char::is_ascii_alphabetic)?;
    let swapped = if first.is_ascii_uppercase() {
        first.to_ascii_lowercase()
    } else {
        first.to_ascii_uppercase()
    };
    Some(format!("{swapped}{}", &item[first.len_utf8()..]))
}
