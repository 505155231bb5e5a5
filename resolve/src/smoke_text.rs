//! The smoke numbers a counter prints, from VASL's own columns (`smoke_depletion`, the `s#`
//! of its header; `smoke_discharger`, `sD#`): each entry of a cell (split at ";") as printed,
//! a bare number with its column's letters before it ("8" in `s#` prints `s8`, "6" in `sD#`
//! prints `sD6`), an entry with its own letters as it is (`WP7`, `sM8`, `sN9`), its
//! superscript raised, its dagger after it (the footnote number after a dagger is the
//! listing's, left out, as for every other value). An entry of another form is printed as
//! written: nothing is dropped. A cell holding only a dagger prints nothing.

use qm_schema::{superscript, Runs, VaslRow};

/// The smoke depletion and smoke discharger values a counter prints, when its VASL row gives
/// them.
pub fn smoke(row: Option<&VaslRow>) -> [Option<Runs>; 2] {
    let cell = |column: &str| {
        row?.columns
            .iter()
            .find(|c| c.column == column)
            .and_then(|c| c.value.value.as_deref())
    };
    [
        cell("smoke_depletion").and_then(|t| printed(t, "s")),
        cell("smoke_discharger").and_then(|t| printed(t, "sD")),
    ]
}

/// A cell as printed, a bare number after `letters`; `None` when it prints nothing.
fn printed(cell: &str, letters: &str) -> Option<Runs> {
    let mut out = Runs::default();
    let mut any = false;
    for entry in cell.split(';').map(str::trim).filter(|e| !e.is_empty()) {
        let Some(entry_runs) = entry_runs(entry, letters) else {
            continue;
        };
        if any {
            out.plain(" ");
        }
        out.extend(entry_runs);
        any = true;
    }
    any.then_some(out)
}

/// One entry: its letters (or the column's), number, raised superscript and dagger; as
/// written when it has another form; `None` for a dagger alone.
fn entry_runs(entry: &str, letters: &str) -> Option<Runs> {
    let own: String = entry
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect();
    let rest = &entry[own.len()..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let rest = &rest[digits.len()..];
    let raised: String = rest
        .chars()
        .take_while(|c| superscript::is_superscript(*c))
        .collect();
    let rest = &rest[raised.len()..];
    let dagger = rest.starts_with('†');
    let footnote = rest.trim_start_matches('†');
    let well_formed = footnote
        .chars()
        .all(|c| superscript::number(&c.to_string()).is_some())
        && (footnote.is_empty() || dagger);
    let mut out = Runs::default();
    if !well_formed {
        out.plain(entry);
        return Some(out);
    }
    if own.is_empty() && digits.is_empty() {
        // Only a dagger: its rule is in the notes; the counter prints no value.
        return None;
    }
    let lead = if own.is_empty() { letters } else { &own };
    out.plain(lead)
        .plain(&digits)
        .raised(&superscript::to_plain(&raised));
    if dagger {
        out.plain("†");
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(cell: &str, letters: &str) -> Option<(String, bool)> {
        printed(cell, letters).map(|r| (r.text(), r.styled()))
    }

    #[test]
    fn bare_numbers_take_their_columns_letters() {
        assert_eq!(text("8", "s"), Some(("s8".into(), false)));
        assert_eq!(text("6", "sD"), Some(("sD6".into(), false)));
        assert_eq!(text("8; WP6", "s"), Some(("s8 WP6".into(), false)));
        assert_eq!(text("7; sM8†¹", "sD"), Some(("sD7 sM8†".into(), false)));
        assert_eq!(text("sN9", "sD"), Some(("sN9".into(), false)));
    }

    #[test]
    fn superscripts_are_raised_and_footnotes_left_out() {
        let r = printed("5ᴶ⁴⁺; WP7ᴶ⁴⁺†³", "s").unwrap();
        assert_eq!(r.text(), "s5ᴶ⁴⁺ WP7ᴶ⁴⁺†");
        assert!(r.0.iter().any(|run| run.raised && run.text == "J4+"));
    }

    #[test]
    fn a_dagger_alone_prints_nothing_and_an_odd_entry_prints_as_written() {
        assert_eq!(text("†²", "s"), None);
        assert_eq!(text("IR", "s"), Some(("IR".into(), false)));
        assert_eq!(text("8 (x)", "s"), Some(("8 (x)".into(), false)));
    }
}
