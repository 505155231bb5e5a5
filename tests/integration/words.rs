//! ARCHITECTURE.md's "Words" table held against the code: a word that once said two things
//! names items only in the crates the table gives it (issue 32: one word, one meaning).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::support::root;

/// Every crate's source folder by package name.
const CRATES: [(&str, &str); 10] = [
    ("qm-schema", "schema/src"),
    ("qm-parser", "parser/src"),
    ("qm-registry", "registry/src"),
    ("qm-load", "load/src"),
    ("qm-resolve", "resolve/src"),
    ("qm-layout", "layout/src"),
    ("qm-compile", "compile/src"),
    ("qm-render", "render/src"),
    ("qm-export", "export/src"),
    ("qm", "src"),
];

/// The table's rows: the word and the crates its names may live in.
fn table() -> Vec<(String, BTreeSet<String>)> {
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let section = text.split("\n## Words\n").nth(1).unwrap();
    let section = section.split("\n## ").next().unwrap();
    let mut rows = Vec::new();
    for line in section.lines().filter(|l| l.starts_with("| ")) {
        let cells: Vec<&str> = line.trim_matches('|').split(" | ").map(str::trim).collect();
        if cells.len() != 4 || cells[0] == "word" || cells[0].starts_with("---") {
            continue;
        }
        let crates = cells[2]
            .split(',')
            .map(|c| c.trim().trim_matches('`').to_string())
            .filter(|c| c != "—")
            .collect();
        rows.push((cells[0].to_string(), crates));
    }
    rows
}

/// The parts of an identifier, lower case: `CounterSide` and `counter_side` give
/// `counter`, `side`.
fn parts(ident: &str) -> Vec<String> {
    let mut out = Vec::new();
    for piece in ident.split('_').filter(|p| !p.is_empty()) {
        let mut word = String::new();
        let chars: Vec<char> = piece.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
            let prev_lower =
                i > 0 && (chars[i - 1].is_lowercase() || chars[i - 1].is_ascii_digit());
            if c.is_uppercase() && !word.is_empty() && (prev_lower || next_lower) {
                out.push(std::mem::take(&mut word).to_lowercase());
            }
            word.push(c);
        }
        out.push(word.to_lowercase());
    }
    out
}

/// The identifiers of a Rust file's code: comments and string literals left out.
fn identifiers(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut in_string = false;
        let mut escaped = false;
        let mut ident = String::new();
        for c in code.chars().chain(std::iter::once(' ')) {
            if in_string {
                match (escaped, c) {
                    (false, '\\') => escaped = true,
                    (false, '"') => in_string = false,
                    _ => escaped = false,
                }
                continue;
            }
            if c.is_alphanumeric() || c == '_' {
                ident.push(c);
                continue;
            }
            if !ident.is_empty() && !ident.starts_with(|d: char| d.is_ascii_digit()) {
                out.push(std::mem::take(&mut ident));
            }
            ident.clear();
            in_string = c == '"';
        }
    }
    out
}

/// For each crate, the identifiers holding each of `words`.
fn uses(words: &BTreeSet<String>) -> BTreeMap<(String, String), BTreeSet<String>> {
    let mut found = BTreeMap::new();
    for (name, src) in CRATES {
        let mut dirs = vec![root().join(src)];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    record(name, &path, words, &mut found);
                }
            }
        }
    }
    found
}

fn record(
    krate: &str,
    path: &Path,
    words: &BTreeSet<String>,
    found: &mut BTreeMap<(String, String), BTreeSet<String>>,
) {
    let text = std::fs::read_to_string(path).unwrap();
    for ident in identifiers(&text) {
        for part in parts(&ident) {
            if words.contains(&part) {
                found
                    .entry((part, krate.to_string()))
                    .or_default()
                    .insert(format!("{ident} ({})", path.display()));
            }
        }
    }
}

#[test]
fn each_word_of_the_table_lives_only_in_its_crates() {
    let rows = table();
    assert!(
        rows.iter().any(|(w, _)| w == "view") && rows.len() >= 5,
        "the Words table was not read: {rows:?}"
    );
    let words: BTreeSet<String> = rows.iter().map(|(w, _)| w.clone()).collect();
    let found = uses(&words);
    let mut wrong = Vec::new();
    for (word, crates) in &rows {
        for known in crates {
            assert!(
                CRATES.iter().any(|(n, _)| n == known),
                "`{known}` (row `{word}`) is not a crate"
            );
        }
        for ((w, krate), names) in &found {
            if w == word && !crates.contains(krate) {
                let first: Vec<_> = names.iter().take(3).cloned().collect();
                wrong.push(format!("`{word}` in {krate}: {}", first.join(", ")));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "words outside their crates:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn identifiers_are_cut_into_their_words() {
    assert_eq!(parts("CounterSide"), ["counter", "side"]);
    assert_eq!(parts("render_side"), ["render", "side"]);
    assert_eq!(parts("SIDES"), ["sides"]);
    assert_eq!(parts("PNGSide"), ["png", "side"]);
    assert_eq!(
        identifiers("let view = x(\"a view\"); // the view"),
        ["let", "view", "x"]
    );
}

#[test]
fn a_word_outside_its_crates_is_found() {
    // What the test reads, had a query answer been called a view again in `qm-compile`.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("answers.rs");
    std::fs::write(&file, "pub struct ShowView;\n").unwrap();
    let words: BTreeSet<String> = ["view".to_string()].into();
    let mut found = BTreeMap::new();
    record("qm-compile", &file, &words, &mut found);
    assert!(found.contains_key(&("view".to_string(), "qm-compile".to_string())));
}
