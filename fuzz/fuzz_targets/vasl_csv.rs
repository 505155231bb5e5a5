//! Feeds arbitrary bytes as a nation's `listing.csv` (VASL's Chapter H CSV), checks it as
//! `qm check` does and exports it both ways `qm_export::vasl_csv::listing_csv` writes, then
//! checks the round trips: every cell written back as read. Nothing may panic or hang.
//! - As read (what `qm export vasl-csv` writes): every record of the input comes back, cell
//!   by cell, a formula-looking cell after an apostrophe; without such a cell, the same bytes.
//! - From the IR: the written file is CSV of VASL's 34 columns; each written row's VASL
//!   program cells (`version` to `comments`) are those of a row of the input, byte for byte
//!   (a formula-looking cell after an apostrophe); and the written file, read and written
//!   back, gives the same bytes.

#![no_main]

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use qm_compile::pipeline::compile;
use qm_schema::{as_spreadsheet_text, VASL_HEADER, VASL_PROGRAM_COLUMNS};

/// The data directory of this process: one nation `x` holding only `listing.csv`.
fn data_dir() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("qm-fuzz-vasl-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("x")).expect("a scratch directory");
        dir
    })
}

/// Checks `listing` and exports it as `--keep-going` does, if the nation resolves: written
/// as read (from the file `qm` read; `None` when `qm` could only read it decoded, CR-only
/// line ends or UTF-16: `qm` reports that and exports nothing), then from the IR.
fn check_and_export(listing: &[u8]) -> Option<(Option<String>, String)> {
    let dir = data_dir();
    std::fs::write(dir.join("x/listing.csv"), listing).expect("write the input");
    let mut compiled = compile(dir, &Default::default());
    let _ = qm_load::diagnostics::render(&compiled.loaded.sources, &compiled.diagnostics);
    qm::keep_going::prune(&mut compiled);
    let nation = compiled.nations.iter().find(|n| n.id == "x")?;
    let input = compiled.loaded.nations.iter().find(|n| n.input.id == "x")?;
    let source = compiled.loaded.sources.get(input.input.listing?)?;
    let as_read = (source.original.as_bytes() == listing)
        .then(|| qm_export::vasl_csv::listing_csv(nation, Some(source)));
    Some((as_read, qm_export::vasl_csv::listing_csv(nation, None)))
}

/// The records of a CSV text as the csv crate reads them.
fn records(text: &[u8]) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text)
        .records()
        .map(|r| r.expect("UTF-8 text").iter().map(str::to_owned).collect())
        .collect()
}

/// Each record's VASL program cells (by the header's names, as `qm` places columns).
fn program_cells(records: &[Vec<String>]) -> Vec<Vec<String>> {
    let Some((header, rows)) = records.split_first() else {
        return Vec::new();
    };
    let at: Vec<Option<usize>> = VASL_PROGRAM_COLUMNS
        .iter()
        .map(|c| header.iter().position(|h| h.trim() == *c))
        .collect();
    rows.iter()
        .map(|r| {
            at.iter()
                .map(|i| i.and_then(|i| r.get(i)).cloned().unwrap_or_default())
                .collect()
        })
        .collect()
}

fuzz_target!(|data: &[u8]| {
    // The loader reads other encodings (UTF-16, NUL bytes) as well as it can; the property is
    // about the CSV's text.
    if std::str::from_utf8(data).is_err() || data.contains(&0) {
        return;
    }
    let Some((as_read, written)) = check_and_export(data) else {
        return;
    };
    // As read: every record back, cell by cell; the same bytes when no cell is a formula.
    if let Some(as_read) = as_read {
        let read = records(data);
        let shown: Vec<Vec<String>> = read
            .iter()
            .map(|r| r.iter().map(|c| as_spreadsheet_text(c).into_owned()).collect())
            .collect();
        assert_eq!(records(as_read.as_bytes()), shown, "a record not written back as read");
        if shown == read {
            assert_eq!(as_read.as_bytes(), data, "an unchanged file not written back byte for byte");
        }
    }
    let out = records(written.as_bytes());
    assert!(
        out.iter().all(|r| r.len() == VASL_HEADER.len()),
        "a written record without VASL's 34 columns:\n{written}"
    );
    // Every written row's program cells are an input row's, as a spreadsheet shows text.
    let input: HashSet<Vec<String>> = program_cells(&records(data))
        .into_iter()
        .map(|r| r.iter().map(|c| as_spreadsheet_text(c).into_owned()).collect())
        .collect();
    for cells in program_cells(&out) {
        assert!(
            input.contains(&cells),
            "cells written that were not read: {cells:?}\n--- written\n{written}"
        );
    }
    // The written file read and written back: the same bytes.
    let again = check_and_export(written.as_bytes()).unwrap_or_default().1;
    assert_eq!(written, again, "the export read and written back differs");
});
