//! `vasl_round_trip`'s twin for the guns: writes back every VASL `ordnance.csv` of a data
//! folder as `qm export vasl-csv` does and compares it with the file, per nation: the records
//! (the header and every row after it), those written back byte for byte, the bytes; then
//! what the rows are to `qm`: rows read as guns, rows holding no gun (captions, VASL's label
//! and own rows), rows holding an error (each listed with `--errors`: file, line and the
//! messages): `cargo run --example vasl_ordnance_round_trip -- DIR [--errors]` (DIR holds
//! `<nation>/ordnance.csv`, e.g. VASL's `data/*_ordnance.csv` copied in unchanged). Exits 1
//! when a file is not written back byte for byte.

use std::collections::BTreeMap;
use std::path::Path;

use qm_compile::pipeline::compile;
use qm_export::vasl_csv::ordnance_csv;
use qm_parser::{parse_ordnance_csv, Source};

#[path = "support/round_trip.rs"]
mod round_trip;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(dir) = args.first() else {
        eprintln!("usage: vasl_ordnance_round_trip DIR [--errors]");
        std::process::exit(2);
    };
    let list_errors = args.iter().any(|a| a == "--errors");
    let compiled = compile(Path::new(dir), &Default::default());
    let sources = &compiled.loaded.sources;
    println!(
        "{:<12} {:>7} {:>9} {:>8} {:>9}   {:>5} {:>6} {:>6}",
        "nation", "records", "identical", "bytes", "identical", "guns", "no gun", "errors"
    );
    let mut total = [0usize; 7];
    let mut all_identical = true;
    let mut listed = Vec::new();
    for nation in &compiled.nations {
        let Some(source) = compiled
            .loaded
            .nations
            .iter()
            .find(|n| n.input.id == nation.id)
            .and_then(|n| sources.get(n.input.ordnance?))
            .filter(|s| s.name.ends_with("ordnance.csv"))
        else {
            continue;
        };
        let written = ordnance_csv(nation, Some(source));
        let published = source.original.as_str();
        let compared = round_trip::compare(&written, source);
        all_identical &= compared.identical;
        let parsed = parse_ordnance_csv(source);
        let errors = records_with_errors(&compiled, source, &compared.ranges);
        let row = [
            compared.ranges.len(),
            compared.same_records,
            published.len(),
            compared.same_bytes,
            parsed.value.rows.len(),
            parsed.value.skipped,
            errors.len(),
        ];
        for (t, n) in total.iter_mut().zip(row) {
            *t += n;
        }
        print_row(&nation.id, row);
        listed.extend(
            errors
                .into_iter()
                .map(|(line, m)| (source.name.clone(), line, m)),
        );
    }
    print_row("total", total);
    if list_errors {
        for (file, line, messages) in listed {
            println!("{file}:{line}: {}", messages.join("; "));
        }
    }
    if !all_identical {
        std::process::exit(1);
    }
}

/// The records of `source` holding an error, by their first line, with the errors' messages.
fn records_with_errors(
    compiled: &qm_compile::pipeline::Compiled,
    source: &Source,
    ranges: &[std::ops::Range<usize>],
) -> BTreeMap<usize, Vec<String>> {
    let mut out: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for d in compiled.diagnostics.iter().filter(|d| d.is_error()) {
        let Some(span) = d.span.as_ref().filter(|s| s.file == source.id) else {
            continue;
        };
        let at = compiled.loaded.sources.provenance(span);
        let Some(record) = ranges.iter().find(|r| r.contains(&at.start)) else {
            continue;
        };
        let line = source.original[..record.start].matches('\n').count() + 1;
        out.entry(line).or_default().push(d.message.clone());
    }
    out
}

fn print_row(name: &str, r: [usize; 7]) {
    println!(
        "{:<12} {:>7} {:>9} {:>8} {:>9}   {:>5} {:>6} {:>6}",
        name, r[0], r[1], r[2], r[3], r[4], r[5], r[6]
    );
}
