//! The vehicles a note's title names, and matching the vehicle names clauses start with
//! ("AB 41 Dates and RF ...") against them.

use crate::{Diagnostic, FileId, Spanned, TextSpan, VehicleRef};

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

/// A name's words, lower case, with "(b)"-style origin marks dropped, split into those holding a
/// digit (model numbers and calibers, which tell vehicles apart in any nation's naming) and
/// the rest (class words, often abbreviated or translated: "SMV M41 75/18" is the title's
/// "M41 da 75/18").
#[derive(Debug, PartialEq, Eq)]
struct Key {
    /// Words with a digit, sorted.
    numbers: Vec<String>,
    /// The other words, sorted.
    words: Vec<String>,
}

impl Key {
    fn of(name: &str) -> Self {
        let (mut numbers, mut words): (Vec<String>, Vec<String>) = name
            .split_whitespace()
            .map(|w| strip_origin(&w.to_lowercase()).to_string())
            .filter(|w| !w.is_empty())
            .partition(|w| w.contains(|c: char| c.is_ascii_digit()));
        numbers.sort();
        numbers.dedup();
        words.sort();
        words.dedup();
        Self { numbers, words }
    }

    fn is_empty(&self) -> bool {
        self.numbers.is_empty() && self.words.is_empty()
    }

    /// How many of `other`'s class words this key shares.
    fn shared_words(&self, other: &Key) -> usize {
        self.words
            .iter()
            .filter(|w| other.words.contains(w))
            .count()
    }

    /// The words for "did you mean": numbers first.
    fn text(&self) -> String {
        let mut all = self.numbers.clone();
        all.extend(self.words.iter().cloned());
        all.join(" ")
    }
}

/// A word without its trailing origin mark ("20/65(b)" is "20/65": the mark says who built
/// it, and titles leave it off); a parenthesis inside a name stays ("m4a3(75)w").
fn strip_origin(word: &str) -> &str {
    word.strip_suffix(')')
        .and_then(|w| w.rsplit_once('('))
        .filter(|(base, mark)| !base.is_empty() && mark.chars().all(char::is_alphabetic))
        .map_or(word, |(base, _)| base)
}

/// True when every item of `part` is in `whole` (both sorted).
fn subset(part: &[String], whole: &[String]) -> bool {
    part.iter().all(|p| whole.contains(p))
}

/// The index of the title vehicle `name` refers to. With model numbers: a title with the same
/// numbers (the one sharing most class words among several: "AS 42" and "AS 42 aa"), or else
/// one whose numbers all appear in `name` (titles shorten later names: "Semovente M42 da
/// 75/18 & 75/32"). Without: the same words, or a title whose words all appear in `name`.
pub(crate) fn match_title(name: &str, titles: &[Spanned<String>]) -> Option<usize> {
    let key = Key::of(name);
    if key.is_empty() {
        return None;
    }
    let keys: Vec<Key> = titles.iter().map(|t| Key::of(&t.value)).collect();
    let best = |fits: &dyn Fn(&Key) -> bool| {
        keys.iter()
            .enumerate()
            .filter(|(_, k)| fits(k))
            // Ties keep the first title: `max_by_key` would keep the last.
            .min_by_key(|(n, k)| (k.words != key.words, usize::MAX - key.shared_words(k), *n))
            .map(|(n, _)| n)
    };
    if key.numbers.is_empty() {
        return best(&|k| k.numbers.is_empty() && k.words == key.words).or_else(|| {
            best(&|k| !k.words.is_empty() && k.numbers.is_empty() && subset(&k.words, &key.words))
        });
    }
    best(&|k| k.numbers == key.numbers)
        .or_else(|| best(&|k| !k.numbers.is_empty() && subset(&k.numbers, &key.numbers)))
}

/// Fills in `title_index` of `vehicle`, or reports a name no title vehicle matches.
pub(crate) fn resolve(
    vehicle: &mut VehicleRef,
    titles: &[Spanned<String>],
    note: u16,
    diagnostics: &mut Vec<Diagnostic>,
) {
    // "Otters reached the Thornwald": a name in the plural is the title's vehicle.
    vehicle.title_index = match_title(&vehicle.raw, titles).or_else(|| {
        let singular = vehicle.raw.strip_suffix('s')?;
        match_title(singular, titles).filter(|&n| titles[n].value.eq_ignore_ascii_case(singular))
    });
    if vehicle.title_index.is_some() {
        return;
    }
    let wanted = Key::of(&vehicle.raw).text();
    let closest = titles
        .iter()
        .min_by_key(|t| edit_distance(&wanted, &Key::of(&t.value).text()));
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
