//! Helpers for hand-written TOML data files read with `toml::Spanned`: turn a value's span into
//! a [`TextSpan`], and a bad value or a TOML error into a diagnostic that points at it.

use qm_parser::{Diagnostic, FileId, TextSpan};
use toml::Spanned;

use crate::names::did_you_mean;

/// The span of a TOML value in `file`.
pub fn span_of<T>(file: FileId, v: &Spanned<T>) -> TextSpan {
    TextSpan::new(file, v.span())
}

/// A TOML syntax or shape error as a diagnostic at the place toml reports.
pub fn toml_diagnostic(
    code: &'static str,
    what: &str,
    file: FileId,
    e: &toml::de::Error,
) -> Diagnostic {
    let span = e.span().unwrap_or(0..0);
    Diagnostic::error(
        code,
        format!("failed to read {what} ({})", e.message()),
        TextSpan::new(file, span),
    )
    .with_help("see docs/data.md for the file's format")
}

/// Reads a string that must be one of `options` (compared ignoring case, `-` and `_`); a
/// different one is an error listing the allowed values and the closest one.
pub fn choice<T: Copy>(
    file: FileId,
    value: &Spanned<String>,
    options: &[(&'static str, T)],
    code: &'static str,
    what: &str,
    diags: &mut Vec<Diagnostic>,
) -> Option<T> {
    let key = |s: &str| s.to_lowercase().replace(['-', '_', ' '], "");
    let wanted = key(value.get_ref());
    if let Some((_, t)) = options.iter().find(|(name, _)| key(name) == wanted) {
        return Some(*t);
    }
    let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
    let mut d = Diagnostic::error(
        code,
        format!(
            "failed to read {what} (`{}` is not one of them)",
            value.get_ref()
        ),
        span_of(file, value),
    )
    .with_label(format!("unknown {what}"))
    .with_note(format!("allowed: {}", names.join(", ")));
    if let Some(best) = did_you_mean(value.get_ref(), names.iter().copied()).first() {
        d = d.with_help(format!("did you mean `{best}`?"));
    }
    diags.push(d);
    None
}

/// Parses a publication line reference: `802` or `780-782` (inclusive, first <= last).
pub fn parse_lines(text: &str) -> Option<(u32, u32)> {
    let (a, b) = match text.split_once('-') {
        Some((a, b)) => (a.trim(), b.trim()),
        None => (text.trim(), text.trim()),
    };
    let (a, b): (u32, u32) = (a.parse().ok()?, b.parse().ok()?);
    (a >= 1 && a <= b).then_some((a, b))
}

/// True for a rule number as printed: digits, optionally with dotted parts ("197.21", "178").
pub fn is_rule_number(text: &str) -> bool {
    !text.is_empty()
        && text
            .split('.')
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_rule_numbers() {
        assert_eq!(parse_lines("802"), Some((802, 802)));
        assert_eq!(parse_lines("780-782"), Some((780, 782)));
        assert_eq!(parse_lines("782-780"), None);
        assert_eq!(parse_lines("0"), None);
        assert_eq!(parse_lines("x"), None);
        assert!(is_rule_number("197.21"));
        assert!(is_rule_number("178"));
        assert!(!is_rule_number("197."));
        assert!(!is_rule_number("19a"));
    }
}
