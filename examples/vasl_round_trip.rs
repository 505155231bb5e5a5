//! Writes back every VASL `listing.csv` of a data folder as `qm export vasl-csv` does and
//! compares it with the file: per nation, the records (the header and every row after it),
//! the records written back byte for byte, and the bytes; then, as a check of the IR's own
//! writer (what a nation from `listing.tsv` is written with), how many of the records it
//! writes from the IR are records of the file, cell for cell; and what the rows are to `qm`:
//! vehicles, VASL's variants of them and its other pieces (rows repeating a vehicle):
//! `cargo run --example vasl_round_trip -- DIR` (DIR holds `<nation>/listing.csv`, e.g.
//! VASL's `data/*_vehicles.csv` copied in unchanged). Exits 1 when a file is not written back
//! byte for byte.

use std::collections::BTreeMap;
use std::path::Path;

use qm_compile::pipeline::compile;
use qm_export::vasl_csv::listing_csv;

#[path = "support/round_trip.rs"]
mod round_trip;

fn main() {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: vasl_round_trip DIR");
        std::process::exit(2);
    };
    let compiled = compile(Path::new(&dir), &Default::default());
    let sources = &compiled.loaded.sources;
    println!(
        "{:<12} {:>7} {:>9} {:>8} {:>9}   {:>10} {:>10}   {:>8} {:>8} {:>6}",
        "nation",
        "records",
        "identical",
        "bytes",
        "identical",
        "IR records",
        "in file",
        "vehicles",
        "variants",
        "pieces"
    );
    let mut total = [0usize; 9];
    let mut all_identical = true;
    for nation in &compiled.nations {
        let Some(source) = compiled
            .loaded
            .nations
            .iter()
            .find(|n| n.input.id == nation.id)
            .and_then(|n| sources.get(n.input.listing?))
            .filter(|s| s.name.ends_with("listing.csv"))
        else {
            continue;
        };
        let written = listing_csv(nation, Some(source));
        let published = source.original.as_str();
        let compared = round_trip::compare(&written, source);
        all_identical &= compared.identical;
        let (ir, found) = ir_records_in_file(&listing_csv(nation, None), published);
        let variants = nation.counter_vehicles().count() - nation.vehicles.len();
        let pieces: usize = nation
            .vehicles
            .iter()
            .filter_map(|v| v.vasl.as_ref())
            .map(|x| x.pieces.len())
            .sum();
        let row = [
            compared.ranges.len(),
            compared.same_records,
            published.len(),
            compared.same_bytes,
            ir,
            found,
            nation.vehicles.len(),
            variants,
            pieces - variants,
        ];
        for (t, n) in total.iter_mut().zip(row) {
            *t += n;
        }
        print_row(&nation.id, row);
    }
    print_row("total", total);
    if !all_identical {
        std::process::exit(1);
    }
}

fn print_row(name: &str, r: [usize; 9]) {
    println!(
        "{:<12} {:>7} {:>9} {:>8} {:>9}   {:>10} {:>10}   {:>8} {:>8} {:>6}",
        name, r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8]
    );
}

/// The records the IR's writer writes, and how many of them the file holds, cell for cell
/// (each record of the file counted once).
fn ir_records_in_file(ir: &str, published: &str) -> (usize, usize) {
    let mut left: BTreeMap<Vec<String>, usize> = BTreeMap::new();
    for r in records(published) {
        *left.entry(r).or_default() += 1;
    }
    let written = records(ir);
    let found = written
        .iter()
        .filter(|r| match left.get_mut(*r) {
            Some(n) if *n > 0 => {
                *n -= 1;
                true
            }
            _ => false,
        })
        .count();
    (written.len(), found)
}

fn records(text: &str) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.trim_start_matches('\u{feff}').as_bytes())
        .records()
        .filter_map(Result::ok)
        .map(|r| r.iter().map(str::to_owned).collect())
        .collect()
}
