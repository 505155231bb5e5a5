//! Nothing dropped: a rule sentence that names one of the nation's factions (its `ob.toml`
//! words, in any inflection) where no reading uses it ("Free French use only" as a sentence of
//! its own, "only the Free French may use it") would restrict nothing and answer for every
//! faction. Each such mention is an error at its words. A theater the registry knows, named
//! in a rule sentence no reading reads at all ("On the Eastern Front it is rare."), is a
//! warning: the sentence changes no vehicle's availability. So is a negation of availability
//! ("It was never used operationally.", "not available", "withdrawn") no reading uses.

use qm_parser::{AvailabilityClause, ClauseKind, Diagnostic, NotesDoc, SourceMap, TextSpan};

use crate::factions::{word_ranges, Factions};
use crate::registry::{TheaterName, TheaterRegistry};

/// The most words a theater's name has in the registry's spelling ("the Dutch East Indies").
const MAX_PLACE_WORDS: usize = 4;

/// Every theater name in a rule paragraph outside every clause read from it: a warning.
pub fn unread_places(
    map: &SourceMap,
    doc: &NotesDoc,
    registry: &TheaterRegistry,
    factions: &Factions,
    diags: &mut Vec<Diagnostic>,
) {
    for rule in doc.notes.iter().flat_map(|n| &n.rules) {
        let span = &rule.paragraph.span;
        let Some(text) = map
            .get(span.file)
            .and_then(|s| s.text.get(span.range.clone()))
        else {
            continue;
        };
        let read: Vec<_> = rule
            .availability
            .iter()
            .map(|c| c.span.range.clone())
            .collect();
        // "French" in "the Free French" names a faction, not France.
        let mentions = factions.mentions(text);
        for (start, end, proper) in places(text, registry) {
            let at = span.range.start + start..span.range.start + end;
            let read_here = read.iter().any(|u| u.start <= at.start && at.end <= u.end);
            let faction = mentions.iter().any(|&(a, b)| a < end && start < b);
            // A theater's own name in a rule sentence says where: unread, it is a warning
            // whatever the verb ("It was also seen in Sicily."). An alias may be an adjective
            // ("All inherent armament is Italian"): only where the sentence is about use.
            let about = proper || about_availability(sentence_around(text, start));
            if read_here || faction || quoted(text, start) || !about {
                continue;
            }
            diags.push(
                Diagnostic::warning(
                    "notes::unread-place",
                    format!(
                        "the place `{}` is named in a sentence no reading uses (it changes no vehicle's or gun's availability)",
                        &text[start..end]
                    ),
                    TextSpan::new(span.file, at),
                )
                .with_label("place not read")
                .with_help("if the sentence limits where it served, word it as the notes' forms do (\"Dates and RF for use in X are ...\") with an erratum"),
            );
        }
    }
}

/// Words that make a sentence about where or when a vehicle may be used; a place in a sentence
/// without them is prose ("\"(f)\" stands for \"French\" for ESB purposes").
const AVAILABILITY_WORDS: [&str; 22] = [
    "availab", " use", "used", "served", " only", "limited", "except", "theater", "theatre",
    "front", "service", "seen", " saw", "captured", "appeared", "fought", "issued", "deployed",
    "employed", "fielded", "operated", " rf",
];

/// True inside a quotation (a counter notation, "BMG: CE FP NA"): an odd number of quote marks
/// before `at` in its paragraph.
fn quoted(text: &str, at: usize) -> bool {
    text[..at].matches(['"', '“', '”']).count() % 2 == 1
}

/// True when `sentence` speaks of availability.
fn about_availability(sentence: &str) -> bool {
    let lower = sentence.to_lowercase();
    AVAILABILITY_WORDS.iter().any(|w| lower.contains(w))
}

/// The sentence of `text` around byte `at`: from the full stop before it to the one after.
fn sentence_around(text: &str, at: usize) -> &str {
    let start = text[..at].rfind(". ").map_or(0, |k| k + 2);
    let end = text[at..].find(". ").map_or(text.len(), |k| at + k + 1);
    &text[start..end]
}

/// The byte ranges of the theater names of `text` (the longest at each word; "any" is not one),
/// each with whether it is the theater's or group's own name (not an alias, which may be an
/// adjective).
fn places(text: &str, registry: &TheaterRegistry) -> Vec<(usize, usize, bool)> {
    let words = word_ranges(text);
    let mut out = Vec::new();
    let mut k = 0;
    while k < words.len() {
        let found = (1..=MAX_PLACE_WORDS.min(words.len() - k)).rev().find(|&n| {
            let name = &text[words[k].0..words[k + n - 1].1];
            name.starts_with(char::is_uppercase)
                && matches!(
                    registry.lookup(name),
                    Some(TheaterName::Theater(_) | TheaterName::Group(_))
                )
        });
        match found {
            Some(n) => {
                let (a, b) = (words[k].0, words[k + n - 1].1);
                let key = qm_registry::theater_key(&text[a..b]);
                let own = match registry.lookup(&text[a..b]) {
                    Some(TheaterName::Theater(t)) => qm_registry::theater_key(&t.name) == key,
                    Some(TheaterName::Group(g)) => qm_registry::theater_key(&g.name) == key,
                    _ => false,
                };
                out.push((a, b, own));
                k += n;
            }
            None => k += 1,
        }
    }
    out
}

/// Every faction mention of the notes' rule paragraphs that no clause reads.
pub fn unread_factions(
    map: &SourceMap,
    doc: &NotesDoc,
    factions: &Factions,
    diags: &mut Vec<Diagnostic>,
) {
    let rules = doc.notes.iter().flat_map(|n| &n.rules);
    for rule in rules {
        let span = &rule.paragraph.span;
        let Some(text) = map
            .get(span.file)
            .and_then(|s| s.text.get(span.range.clone()))
        else {
            continue;
        };
        let mut used = Vec::new();
        read_spans(&rule.availability, &mut used);
        for (start, end) in factions.mentions(text) {
            let at = span.range.start + start..span.range.start + end;
            // A reading that took part of the words ("Guard" of "Guard units") used them.
            if used.iter().any(|u| u.start < at.end && at.start < u.end) {
                continue;
            }
            diags.push(
                Diagnostic::error(
                    "notes::unread-faction",
                    format!(
                        "failed to read the faction `{}` (no reading of this sentence uses it: it would restrict nothing)",
                        &text[start..end]
                    ),
                    TextSpan::new(span.file, at),
                )
                .with_label("faction not read")
                .with_help(
                    "word the restriction as the notes' forms do (\"(1.3; X use only)\", \"availability in 1945 is limited to X only\") with an erratum",
                ),
            );
        }
    }
}

/// The spans of the faction words the clauses read.
fn read_spans(clauses: &[AvailabilityClause], out: &mut Vec<std::ops::Range<usize>>) {
    for c in clauses {
        match &c.kind {
            ClauseKind::RestrictedUse { faction, .. } => out.push(faction.span.range.clone()),
            ClauseKind::Limit(l) => out.extend(l.names.iter().map(|n| n.span.range.clone())),
            ClauseKind::OwnRf(o) => out.extend(o.names.iter().map(|n| n.span.range.clone())),
            ClauseKind::Schedule(s) => {
                let qualifiers = s
                    .sections
                    .iter()
                    .flat_map(|s| &s.entries)
                    .flat_map(|e| &e.qualifiers);
                out.extend(qualifiers.map(|q| q.span.range.clone()));
            }
            ClauseKind::Otherwise { exceptions, .. } => read_spans(exceptions, out),
            _ => {}
        }
    }
}

/// Words that deny availability ("not available", "no longer", "withdrawn"), each as words.
const NEGATIONS: [&[&str]; 19] = [
    &["not", "available"],
    &["no", "longer"],
    &["never", "used"],
    &["never", "available"],
    &["not", "used"],
    &["withdrawn"],
    &["unavailable"],
    &["isn't", "available"],
    &["wasn't", "available"],
    &["aren't", "available"],
    &["weren't", "available"],
    &["never", "saw"],
    &["never", "seen"],
    &["not", "seen"],
    &["never", "served"],
    &["never", "issued"],
    &["never", "fielded"],
    &["never", "deployed"],
    &["never", "employed"],
];

/// Every negation of availability in a rule paragraph outside every clause read from it: a
/// warning (the sentence keeps the vehicle from nothing).
pub fn unread_negations(map: &SourceMap, doc: &NotesDoc, diags: &mut Vec<Diagnostic>) {
    for rule in doc.notes.iter().flat_map(|n| &n.rules) {
        let span = &rule.paragraph.span;
        let Some(text) = map
            .get(span.file)
            .and_then(|s| s.text.get(span.range.clone()))
        else {
            continue;
        };
        let words = word_ranges(text);
        let lower: Vec<String> = words
            .iter()
            .map(|&(a, b)| text[a..b].to_lowercase().replace('’', "'"))
            .collect();
        for k in 0..words.len() {
            let Some(n) = NEGATIONS
                .iter()
                .find(|p| lower.get(k..k + p.len()).is_some_and(|w| w == **p))
                .map(|p| p.len())
            else {
                continue;
            };
            let (start, end) = (words[k].0, words[k + n - 1].1);
            let at = span.range.start + start..span.range.start + end;
            let read_here = rule
                .availability
                .iter()
                .any(|c| c.span.range.start <= at.start && at.end <= c.span.range.end);
            if read_here || quoted(text, start) {
                continue;
            }
            diags.push(
                Diagnostic::warning(
                    "notes::unread-negation",
                    format!(
                        "the negation `{}` is in a sentence no reading uses (it keeps nothing from any place or month)",
                        &text[start..end]
                    ),
                    TextSpan::new(span.file, at),
                )
                .with_label("negation not read")
                .with_help("if the sentence keeps what it names from a place or months, word it as the notes' forms do (\"Not available in X\", \"No longer available after M/YY\") with an erratum"),
            );
        }
    }
}
