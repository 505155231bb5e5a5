//! The vehicles a note's title names, and matching the vehicle names clauses start with
//! ("AB 41 Dates and RF ...") against them.

use crate::{Diagnostic, FileId, Spanned, TextSpan, VehicleRef};

/// Words that name a vehicle class rather than a vehicle: "SMV M41 75/18" and "Semovente M41
/// da 75/18" are the same vehicle.
const GENERIC_WORDS: [&str; 6] = [
    "smv",
    "semovente",
    "autocannone",
    "autocannoni",
    "da",
    "fiat",
];

/// Splits a title at ",", "&" and " and ": "AS 42, AS 42 aa & AS 42 cc" -> three names.
pub(crate) fn title_vehicles(title: &str, base: usize, file: FileId) -> Vec<Spanned<String>> {
    let mut cuts: Vec<(usize, usize)> = title
        .char_indices()
        .filter_map(|(k, c)| match c {
            ',' | '&' => Some((k, k + 1)),
            ' ' if title[k..].starts_with(" and ") => Some((k, k + 5)),
            _ => None,
        })
        .collect();
    cuts.push((title.len(), title.len()));
    let mut out = Vec::new();
    let mut start = 0;
    for (end, next) in cuts {
        let piece = title.get(start..end).unwrap_or("");
        let lead = piece.len() - piece.trim_start().len();
        let name = piece.trim();
        if !name.is_empty() {
            let at = base + start + lead;
            out.push(Spanned {
                value: name.to_string(),
                span: TextSpan::new(file, at..at + name.len()),
            });
        }
        start = next.max(start);
    }
    out
}

/// The words that tell vehicles apart: lower case, class words and "(b)"-style suffixes
/// dropped.
fn key_words(name: &str) -> Vec<String> {
    name.split_whitespace()
        .map(|w| {
            let w = w.to_lowercase();
            match w.find('(') {
                Some(k) if k > 0 => w[..k].to_string(),
                _ => w,
            }
        })
        .filter(|w| !GENERIC_WORDS.contains(&w.as_str()) && !w.is_empty())
        .collect()
}

/// The index of the title vehicle `name` refers to: one with the same key words, or else one
/// whose key words all appear in `name` (titles shorten later names: "Semovente M42 da 75/18
/// & 75/32").
pub(crate) fn match_title(name: &str, titles: &[Spanned<String>]) -> Option<usize> {
    let key = key_words(name);
    if key.is_empty() {
        return None;
    }
    let keys: Vec<Vec<String>> = titles.iter().map(|t| key_words(&t.value)).collect();
    let same = |k: &Vec<String>| {
        let mut a = k.clone();
        let mut b = key.clone();
        a.sort();
        b.sort();
        a == b
    };
    keys.iter().position(same).or_else(|| {
        keys.iter()
            .position(|k| !k.is_empty() && k.iter().all(|w| key.contains(w)))
    })
}

/// Fills in `title_index` of `vehicle`, or reports a name no title vehicle matches.
pub(crate) fn resolve(
    vehicle: &mut VehicleRef,
    titles: &[Spanned<String>],
    note: u16,
    diagnostics: &mut Vec<Diagnostic>,
) {
    vehicle.title_index = match_title(&vehicle.raw, titles);
    if vehicle.title_index.is_some() {
        return;
    }
    let wanted = key_words(&vehicle.raw).join(" ");
    let closest = titles
        .iter()
        .min_by_key(|t| edit_distance(&wanted, &key_words(&t.value).join(" ")));
    let mut d = Diagnostic::warning(
        "notes::unknown-vehicle",
        format!(
            "failed to match `{}` to a vehicle of note {note} (the title names no such vehicle)",
            vehicle.raw
        ),
        vehicle.span.clone(),
    )
    .with_label("not in the note's title");
    if let Some(t) = closest {
        d = d.with_help(format!(
            "did you mean {}? an erratum can correct the text",
            t.value
        ));
    }
    diagnostics.push(d);
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diag = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (row[j + 1] + 1)
                .min(row[j] + 1)
                .min(diag + usize::from(ca != *cb));
            diag = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}
