//! `errata.toml`: corrections to the published source, applied at load with provenance.

use std::ops::Range;

use qm_parser::{Diagnostic, Edit, FileId, TextSpan};
use serde::Deserialize;
use toml::Spanned;

/// The contents of one nation's `errata.toml`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ErrataFile {
    /// Corrections.
    #[serde(default)]
    pub erratum: Vec<ErratumEntry>,
    /// Lint findings accepted as published.
    #[serde(default)]
    pub accept: Vec<AcceptEntry>,
}

/// One correction: in `file`, the unique occurrence of `find` (inside `context` when given)
/// becomes `replace`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ErratumEntry {
    /// A short identifier.
    pub id: Spanned<String>,
    /// The file, relative to the nation's folder (`listing.tsv`, `notes.md`, `ob.toml`).
    pub file: Spanned<String>,
    /// Text that occurs exactly once in the file and holds `find` exactly once; pins the
    /// erratum to one place when `find` alone is ambiguous.
    pub context: Option<Spanned<String>>,
    /// The published text.
    pub find: Spanned<String>,
    /// The corrected text.
    pub replace: String,
    /// Why the published text is wrong.
    pub reason: String,
    /// What the correction rests on.
    pub source: String,
}

/// A lint finding that is right as published.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AcceptEntry {
    /// The lint code.
    pub code: Spanned<String>,
    /// The vehicle (normalized name) it concerns, when the lint is about one.
    pub vehicle: Option<String>,
    /// Text the finding quotes, to pin it when a vehicle has several findings of one code.
    pub text: Option<String>,
    /// Why the finding is correct as published.
    pub reason: String,
}

/// Where an erratum matched: the published byte range of `find`.
#[derive(Debug, Clone)]
pub struct ErratumMatch {
    /// Index into [`ErrataFile::erratum`].
    pub index: usize,
    /// The edit to apply.
    pub edit: Edit,
}

/// Locates each erratum for `file` in `text`; an erratum that no longer matches exactly once is
/// an error pointing at the erratum (`errata_file` is the errata.toml's id).
pub fn locate(
    errata: &ErrataFile,
    file: &str,
    text: &str,
    errata_file: FileId,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<ErratumMatch> {
    let mut found = Vec::new();
    for (index, e) in errata.erratum.iter().enumerate() {
        if e.file.get_ref() != file {
            continue;
        }
        match find_once(text, e) {
            Ok(range) => found.push(ErratumMatch {
                index,
                edit: Edit {
                    original: range,
                    replacement: e.replace.clone(),
                },
            }),
            Err(why) => {
                let at = e.context.as_ref().map_or(e.find.span(), |c| c.span());
                diagnostics.push(
                    Diagnostic::error(
                        "errata::stale",
                        format!(
                            "erratum `{}` no longer matches {file} ({why})",
                            e.id.get_ref()
                        ),
                        TextSpan::new(errata_file, at),
                    )
                    .with_label("this text must occur exactly once")
                    .with_help(
                        "if the source was corrected, delete this erratum; otherwise make \
                         `find`/`context` match the published text exactly",
                    ),
                );
            }
        }
    }
    found.sort_by_key(|m| m.edit.original.start);
    for pair in found.windows(2) {
        if pair[0].edit.original.end > pair[1].edit.original.start {
            let e = &errata.erratum[pair[1].index];
            diagnostics.push(
                Diagnostic::error(
                    "errata::overlap",
                    format!("erratum `{}` overlaps another erratum", e.id.get_ref()),
                    TextSpan::new(errata_file, e.find.span()),
                )
                .with_help("merge the two errata into one"),
            );
        }
    }
    found
}

fn find_once(text: &str, e: &ErratumEntry) -> Result<Range<usize>, String> {
    let find = e.find.get_ref();
    if find.is_empty() {
        return Err("`find` is empty".into());
    }
    let (base, hay) = match &e.context {
        Some(ctx) => {
            let ctx = ctx.get_ref();
            let at = unique(text, ctx).map_err(|n| format!("`context` occurs {n} times"))?;
            (at, &text[at..at + ctx.len()])
        }
        None => (0, text),
    };
    let at = unique(hay, find).map_err(|n| format!("`find` occurs {n} times"))?;
    Ok(base + at..base + at + find.len())
}

/// The offset of the only occurrence of `needle`, or the number of occurrences.
fn unique(hay: &str, needle: &str) -> Result<usize, usize> {
    let mut it = hay.match_indices(needle).map(|(i, _)| i);
    match (it.next(), it.next()) {
        (Some(i), None) => Ok(i),
        (None, _) => Err(0),
        (Some(_), Some(_)) => Err(2 + it.count()),
    }
}
