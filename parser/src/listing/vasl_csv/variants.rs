//! VASL's variant rows: a row VASL made for a variant counter of a listed vehicle — named as
//! the vehicle with a suffix (`w/ Opt AAMG`, `(American colored)`), and marked as VASL's own
//! (a count of 0, or its notes cell holding one of VASL's note ids, `13v`) or holding the
//! vehicle's values (a counter in other colors) — is a piece of that vehicle, not a vehicle
//! of the listing. A marked one whose vehicle the listing does not hold is VASL's own row:
//! left out of the listing (and written back as it is).
//!
//! The rule is by the rows' structure only: which suffixes begin a variant's name is the list
//! below (docs/listings.md, "Variant rows"); no vehicle's name is known here.

use std::collections::HashMap;

use crate::listing::reader::quote;
use crate::listing::vasl_csv::pieces::same_values;
use crate::listing::vasl_csv::syntax::{VaslExtras, VaslListing, VaslPieceRow, VASL_OWN_ROWS};
use crate::{is_second_line, Diagnostic, ListingRow};

/// How a variant's suffix begins, after the vehicle's name: equipment it has or lacks
/// (`w/ Opt AAMG`, `w/out Trailer`, `w/o bridge`, `with Opt AAMG`, `without Trailer`), a mode
/// (`in firing mode`), a parenthesized remark (`(American colored)`, `(Captured)`).
pub const VARIANT_SUFFIXES: [&str; 5] = [" w/", " with ", " without ", " in ", " ("];

/// What a variant-form row is: a piece of the vehicle at an index of the rows, or VASL's own
/// row (its vehicle is not listed) with the name its suffix leaves.
enum Owner {
    Vehicle(usize),
    None { stem: String },
}

/// Moves each variant row into its vehicle's [`VaslExtras::pieces`] (with its own cells), and
/// leaves out those whose vehicle the listing does not hold, with a `vasl::vasl-only-row`
/// warning in place of their cells' diagnostics (VASL's own rows are not read as Chapter H's).
pub(crate) fn fold_variants(listing: &mut VaslListing, diagnostics: &mut Vec<Diagnostic>) {
    let owners = owners(&listing.rows, &listing.extras);
    if owners.iter().all(Option::is_none) {
        return;
    }
    let rows = std::mem::take(&mut listing.rows);
    let extras = std::mem::take(&mut listing.extras);
    // Where each kept row goes, for the variants attached after.
    let mut kept_at = vec![usize::MAX; rows.len()];
    let mut variants = Vec::new();
    for (i, ((row, x), owner)) in rows.into_iter().zip(extras).zip(owners).enumerate() {
        match owner {
            None => {
                kept_at[i] = listing.rows.len();
                listing.rows.push(row);
                listing.extras.push(x);
            }
            Some(Owner::Vehicle(j)) => variants.push((j, row, x)),
            Some(Owner::None { stem }) => vasl_own(&row, &stem, diagnostics),
        }
    }
    for (j, row, x) in variants {
        let of = &listing.rows[kept_at[j]];
        diagnostics.push(
            Diagnostic::note(
                "vasl::variant-row",
                format!(
                    "kept the row `{}` as a variant of `{}` (a piece of it: its own counter, no vehicle of the listing)",
                    quote(&row.name.raw),
                    quote(&of.name.raw)
                ),
                row.span.clone(),
                "VASL variant rows kept as pieces of their vehicles",
            )
            .with_label("VASL's variant of a vehicle"),
        );
        listing.extras[kept_at[j]].pieces.push(VaslPieceRow {
            span: row.span.clone(),
            line: row.line,
            extras: x,
            variant: Some(Box::new(row)),
        });
    }
}

/// For each row, what it is when it is a variant row: a piece of its vehicle, or VASL's own
/// row; `None` for any other row (a vehicle).
fn owners(rows: &[ListingRow], extras: &[VaslExtras]) -> Vec<Option<Owner>> {
    let forms = forms(rows);
    let stems = stems(rows, &forms);
    let marked: Vec<bool> = extras.iter().map(marked).collect();
    // A variant: the vehicle it names is listed, and VASL marks the row as its own or the
    // row has the vehicle's values (only its colors are another's).
    let variant: Vec<bool> = (0..rows.len())
        .map(|i| stems[i].is_some_and(|j| marked[i] || same_values(&rows[i], &rows[j])))
        .collect();
    // VASL's own: marked, named as a variant, and no vehicle of that name listed.
    let own: Vec<bool> = (0..rows.len())
        .map(|i| marked[i] && !forms[i].is_empty() && stems[i].is_none())
        .collect();
    (0..rows.len())
        .map(|i| {
            if own[i] {
                return Some(Owner::None {
                    stem: stem_text(&rows[i], *forms[i].last()?),
                });
            }
            let mut j = stems[i].filter(|_| variant[i])?;
            // A variant of a variant is a piece of the vehicle at the chain's end (each name
            // shorter than the last).
            while variant[j] {
                j = stems[j]?;
            }
            Some(if own[j] {
                Owner::None {
                    stem: stem_text(&rows[j], *forms[j].last()?),
                }
            } else {
                Owner::Vehicle(j)
            })
        })
        .collect()
}

/// Where a variant's suffix may begin in each row's NAME (none for a row without a name, a
/// second line, or a row with a second line under it: that line is its own).
fn forms(rows: &[ListingRow]) -> Vec<Vec<usize>> {
    (0..rows.len())
        .map(|i| {
            let second = is_second_line(&rows[i]);
            let has_second = rows.get(i + 1).is_some_and(is_second_line);
            match name(&rows[i]) {
                Some(name) if !second && !has_second => suffix_starts(name),
                _ => Vec::new(),
            }
        })
        .collect()
}

/// For each row named as a variant, the row of the vehicle it names: the longest name
/// before a suffix that another row has (of the same TYPE when several have it).
fn stems(rows: &[ListingRow], forms: &[Vec<usize>]) -> Vec<Option<usize>> {
    let mut by_name: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, row) in rows.iter().enumerate() {
        if let Some(name) = name(row).filter(|_| !is_second_line(row)) {
            by_name.entry(name).or_default().push(i);
        }
    }
    (0..rows.len())
        .map(|i| {
            let name = name(&rows[i])?;
            forms[i].iter().find_map(|&at| {
                let candidates = by_name.get(name[..at].trim_end())?;
                let same_type = candidates
                    .iter()
                    .find(|&&j| type_raw(&rows[j]) == type_raw(&rows[i]));
                same_type.or(candidates.first()).copied()
            })
        })
        .collect()
}

/// The name a row's first suffix leaves.
fn stem_text(row: &ListingRow, at: usize) -> String {
    name(row).map_or(String::new(), |n| n[..at].trim_end().to_owned())
}

/// True when VASL marks the row as its own piece: a count of 0, or one of its own note ids
/// in the notes cell.
fn marked(x: &VaslExtras) -> bool {
    x.copies == Some(0) || x.unread_notes.iter().any(|u| !u.struck)
}

/// The row's NAME as read (no dagger), when it reads.
fn name(row: &ListingRow) -> Option<&str> {
    row.name.value.as_ref().ok()?.as_deref()
}

fn type_raw(row: &ListingRow) -> Option<&str> {
    row.vehicle_type.as_ref().map(|c| c.raw.as_str())
}

/// Where a variant's suffix may begin in `name`, the latest first (so the longest name
/// before it is tried first); never at its start.
fn suffix_starts(name: &str) -> Vec<usize> {
    let mut at: Vec<usize> = VARIANT_SUFFIXES
        .iter()
        .flat_map(|s| name.match_indices(s).map(|(i, _)| i))
        .filter(|&i| i > 0)
        .collect();
    at.sort_unstable_by(|a, b| b.cmp(a));
    at.dedup();
    at
}

/// Leaves out VASL's own variant row `row`: its cells' diagnostics go, one warning says why.
fn vasl_own(row: &ListingRow, stem: &str, diagnostics: &mut Vec<Diagnostic>) {
    let inside = |d: &Diagnostic| {
        d.span.as_ref().is_some_and(|s| {
            s.file == row.span.file
                && row.span.range.start <= s.range.start
                && s.range.start < row.span.range.end
        })
    };
    diagnostics.retain(|d| !inside(d));
    let name = row.name.raw.as_str();
    diagnostics.push(
        Diagnostic::note(
            "vasl::vasl-only-row",
            format!(
                "left out the row `{}` (VASL's own piece: a variant of `{}`, which the listing does not hold)",
                quote(name),
                quote(stem)
            ),
            row.span.clone(),
            VASL_OWN_ROWS,
        )
        .with_label("VASL's own piece")
        .with_help("a variant row (the vehicle's name and a suffix such as `w/ Opt AAMG`) is a piece of a vehicle the listing holds; this one is kept as VASL's and written back as it is"),
    );
}
