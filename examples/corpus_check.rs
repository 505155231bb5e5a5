//! Checks a folder of nations whose listings are in our layout (e.g. a real corpus put into
//! `listing.tsv` files) and prints, per nation, the rows read, the rows holding listing values
//! (a BPV), the rows accepted (no error on the row's line), and the rows whose only errors say
//! they hold another tool's content (its own note ids, placeholders without listing values),
//! then the diagnostics per code:
//! `cargo run --release --example corpus_check -- DIR [--show CODE]`.
//!
//! `--show CODE` also prints each diagnostic of that code with its row's line, for growing
//! the grammar from the corpus.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use qm_compile::pipeline::compile;
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
    let compiled = compile(Path::new(dir), &Default::default());
    let sources = &compiled.loaded.sources;
    // The codes of the errors on each line, by file name.
    let mut bad_lines: BTreeMap<String, BTreeMap<usize, BTreeSet<&str>>> = BTreeMap::new();
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
            let file = bad_lines.entry(at.file.to_string()).or_default();
            file.entry(at.line).or_default().insert(d.code);
        }
    }
    let mut total = Counts::default();
    println!(
        "{:<16} {:>5} {:>6} {:>8} {:>6} {:>6}",
        "nation", "rows", "w/BPV", "accepted", "%", "other"
    );
    for nation in &compiled.loaded.nations {
        let Some(source) = nation.input.listing.and_then(|id| sources.get(id)) else {
            continue;
        };
        let listing = parse_listing(source).value;
        let empty = BTreeMap::new();
        let bad = bad_lines.get(&source.name).unwrap_or(&empty);
        let mut counts = Counts::default();
        for row in &listing.rows {
            counts.rows += 1;
            counts.with_bpv += usize::from(row.bpv.is_some());
            match bad.get(&row.line) {
                None => counts.accepted += 1,
                Some(codes) if codes.iter().all(|c| OTHER_TOOL.contains(c)) => counts.other += 1,
                Some(_) => {}
            }
        }
        counts.print(&nation.input.id);
        total.add(&counts);
    }
    total.print("all");
    println!("\n{:<40} {:>6} {:>8}", "code", "errors", "warnings");
    for (code, (errors, warnings)) in per_code {
        println!("{code:<40} {errors:>6} {warnings:>8}");
    }
}

/// The codes that say a row holds another tool's content rather than listing values.
const OTHER_TOOL: [&str; 2] = ["listing::foreign-note-id", "listing::missing-value"];

/// Rows of one nation (or all).
#[derive(Default)]
struct Counts {
    rows: usize,
    with_bpv: usize,
    accepted: usize,
    other: usize,
}

impl Counts {
    fn add(&mut self, o: &Counts) {
        self.rows += o.rows;
        self.with_bpv += o.with_bpv;
        self.accepted += o.accepted;
        self.other += o.other;
    }

    fn print(&self, name: &str) {
        println!(
            "{name:<16} {:>5} {:>6} {:>8} {:>6.1} {:>6}",
            self.rows,
            self.with_bpv,
            self.accepted,
            percent(self.accepted, self.rows),
            self.other
        );
    }
}

fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        return 100.0;
    }
    part as f64 * 100.0 / whole as f64
}
