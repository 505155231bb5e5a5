//! Checks a folder of nations whose listings are in our layout (e.g. a real corpus put into
//! `listing.tsv` files) and prints, per nation, the rows read and the rows accepted (no error
//! on the row's line), then the diagnostics per code:
//! `cargo run --release --example corpus_check -- DIR [--show CODE]`.
//!
//! `--show CODE` also prints each diagnostic of that code with its row's line, for growing
//! the grammar from the corpus.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use qm::compile::compile;
use qm_parser::{parse_listing, Severity};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(dir) = args.first() else {
        eprintln!("usage: corpus_check DIR [--show CODE]");
        std::process::exit(2);
    };
    let show = match args.get(1).map(String::as_str) {
        Some("--show") => args.get(2).cloned(),
        _ => None,
    };
    let compiled = compile(Path::new(dir));
    let sources = &compiled.loaded.sources;
    // The lines with an error, by file name.
    let mut bad_lines: BTreeMap<String, BTreeSet<usize>> = BTreeMap::new();
    let mut per_code: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for d in &compiled.diagnostics {
        let count = per_code.entry(d.code).or_default();
        match d.severity {
            Severity::Error => count.0 += 1,
            Severity::Warning => count.1 += 1,
        }
        let Some(span) = &d.span else { continue };
        let at = sources.provenance(span);
        if show.as_deref() == Some(d.code) {
            let line = sources
                .get(span.file)
                .and_then(|s| s.text.lines().nth(at.line - 1))
                .unwrap_or("");
            println!("{}:{}: {}\n    {}", at.file, at.line, d.message, line);
        }
        if d.severity == Severity::Error {
            bad_lines
                .entry(at.file.to_string())
                .or_default()
                .insert(at.line);
        }
    }
    let (mut all_rows, mut all_ok) = (0, 0);
    println!(
        "{:<16} {:>5} {:>8} {:>5}",
        "nation", "rows", "accepted", "%"
    );
    for nation in &compiled.loaded.nations {
        let Some(source) = nation.listing.and_then(|id| sources.get(id)) else {
            continue;
        };
        let listing = parse_listing(source).value;
        let file = source.name.to_string();
        let bad = bad_lines.get(&file);
        let rows = listing.rows.len();
        let ok = listing
            .rows
            .iter()
            .filter(|r| bad.is_none_or(|b| !b.contains(&r.line)))
            .count();
        (all_rows, all_ok) = (all_rows + rows, all_ok + ok);
        println!(
            "{:<16} {rows:>5} {ok:>8} {:>5.1}",
            nation.id,
            percent(ok, rows)
        );
    }
    println!(
        "{:<16} {all_rows:>5} {all_ok:>8} {:>5.1}",
        "all",
        percent(all_ok, all_rows)
    );
    println!("\n{:<40} {:>6} {:>8}", "code", "errors", "warnings");
    for (code, (errors, warnings)) in per_code {
        println!("{code:<40} {errors:>6} {warnings:>8}");
    }
}

fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        return 100.0;
    }
    part as f64 * 100.0 / whole as f64
}
