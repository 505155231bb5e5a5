//! VASL's Chapter H CSV as a listing (issue 22): our own made-up files in VASL's layout read,
//! checked and written back.

use std::path::Path;

use crate::support::{root, run_qm};
use qm_test_support::copy_dir;

const OK: &str = "tests/fixtures-vasl/ok";

/// The diagnostics of the fixtures: every markup kind reads without one (VASL-only rows and
/// note ids are warnings), and each error names the published bytes.
#[test]
fn fixtures_diagnostics() {
    let out = run_qm(&["check", "--data", OK], &root());
    insta::assert_snapshot!("vasl_ok_check", out);
    let out = run_qm(&["check", "--data", "tests/fixtures-vasl/err"], &root());
    insta::assert_snapshot!("vasl_err_check", out);
}

/// A file read and written back: the same records but the two rows qm does not keep (the
/// HTML label row, a VASL-only piece), as docs/listings.md's "Round trip" says.
#[test]
fn a_vasl_file_is_written_back_as_read() {
    let out = run_qm(&["export", "vasl-csv", "nordic", "--data", OK], &root());
    let (status, rest) = out.split_once("\n--- stdout\n").unwrap();
    assert_eq!(status, "exit: 0", "{out}");
    let written = rest.split_once("--- stderr\n").unwrap().0;
    let published = std::fs::read_to_string(root().join(OK).join("nordic/listing.csv")).unwrap();
    let kept: Vec<&str> = published
        .lines()
        .filter(|l| !l.starts_with("<b>No.</b>") && !l.contains("<i>None</i>"))
        .collect();
    assert_eq!(written.lines().collect::<Vec<_>>(), kept);
}

/// A nation from `listing.tsv` exports too, and its export reads back to the same file.
#[test]
fn a_tsv_nation_exports_and_reads_back() {
    let out = run_qm(&["export", "vasl-csv", "ita"], &root());
    assert!(out.starts_with("exit: 0\n"), "{out}");
    let first = out.split_once("--- stdout\n").unwrap().1;
    let first = first.split_once("--- stderr\n").unwrap().0.to_string();
    assert!(
        first.contains(",L3 / 35 <i>Tt</i>,•,3.5,20,.9-1.6†,34-5/45†,"),
        "{first}"
    );
    let tmp = tempfile::tempdir().unwrap();
    let nation = tmp.path().join("ita");
    std::fs::create_dir_all(&nation).unwrap();
    std::fs::write(nation.join("listing.csv"), &first).unwrap();
    let data = tmp.path().to_str().unwrap();
    let again = run_qm(&["export", "vasl-csv", "ita", "--data", data], &root());
    let second = again.split_once("--- stdout\n").unwrap().1;
    let second = second.split_once("--- stderr\n").unwrap().0;
    assert_eq!(first, second, "{again}");
}

/// `count` sets how many copies of a counter the sheets print.
#[test]
fn the_count_sets_the_printed_copies() {
    let compiled = qm_compile::pipeline::compile(&root().join(OK), &Default::default());
    let nordic = &compiled.nations[0];
    let copies: Vec<Option<u16>> = nordic
        .vehicles
        .iter()
        .map(|v| v.vasl.as_ref().and_then(|x| x.copies))
        .collect();
    assert_eq!(copies, [Some(5), Some(4), None, Some(2), Some(6)]);
    // The first vehicle's other VASL piece (a row of its own, count 2) prints its counters too.
    let printed = qm_render::printed_copies(nordic);
    assert_eq!(printed.len(), 5 + 2 + 4 + 1 + 2 + 6);
    assert_eq!(&printed[..8], [0, 0, 0, 0, 0, 0, 0, 1]);
}

/// A superscript `s` after the MP (`10<sup>s</sup>`) is the MP's superscript letter `s`,
/// printed as published on the counter and the chart (`10ˢ`) and written back as read (the
/// write-back test above).
#[test]
fn a_superscript_s_after_the_mp_prints_as_published() {
    let compiled = qm_compile::pipeline::compile(&root().join(OK), &Default::default());
    let auk = compiled.nations[0]
        .vehicles
        .iter()
        .find(|v| v.name == "Auk Gun Carrier")
        .unwrap();
    let mp = auk.values.mp.as_ref().unwrap();
    assert_eq!((mp.value, mp.superscript.as_deref()), (Some(10), Some("s")));
    // The chart prints the cell's text, the counter the value and its superscript.
    assert_eq!(mp.raw, "10ˢ");
    let front: Vec<&str> = auk
        .counter
        .front
        .iter()
        .filter(|i| i.kind == qm_schema::CounterItemKind::Mp)
        .map(|i| i.text.as_str())
        .collect();
    assert_eq!(front, ["10ˢ"]);
}

/// A row repeating a vehicle's name and listing cells for another VASL piece is that
/// vehicle's other counter: kept with it (written back at its place by the test above), not
/// a second vehicle of the same name.
#[test]
fn a_second_vasl_piece_is_part_of_its_vehicle() {
    let compiled = qm_compile::pipeline::compile(&root().join(OK), &Default::default());
    assert!(
        !compiled
            .diagnostics
            .iter()
            .any(|d| d.code == "lint::duplicate-name"),
        "{:#?}",
        compiled.diagnostics
    );
    let nordic = &compiled.nations[0];
    let named: Vec<_> = nordic
        .vehicles
        .iter()
        .filter(|v| v.name == "Kestrel 7/2")
        .collect();
    assert_eq!(named.len(), 1);
    let vasl = named[0].vasl.as_ref().unwrap();
    let piece = &vasl.pieces[0];
    let own = |column: &str| {
        piece
            .row
            .columns
            .iter()
            .find(|c| c.column == column)
            .map(|c| c.value.raw.as_str())
    };
    assert_eq!(own("piece"), Some("sskes72@ss"));
    assert_eq!(piece.row.copies, Some(2));
    assert_eq!(piece.notes.as_ref().unwrap().raw, "6v†, N, R†¹");
    assert_eq!(vasl.counters(), 7);
}

/// A parenthesized row without a type under a vehicle, with its own BPV, RF and DATES
/// (`(Without tracks)` under Tern 1), is that vehicle's other configuration in a `listing.csv`
/// too (and is written back at its place by the round-trip test above).
#[test]
fn a_priced_second_line_is_the_other_configuration() {
    let compiled = qm_compile::pipeline::compile(&root().join(OK), &Default::default());
    let nordic = &compiled.nations[0];
    assert!(nordic.vehicles.iter().all(|v| !v.name.starts_with('(')));
    let tern = nordic.vehicles.iter().find(|v| v.name == "Tern 1").unwrap();
    let other = tern.other_configuration.as_ref().expect("its second line");
    assert_eq!(other.name_cell.raw, "(Without tracks)");
    assert_eq!(other.bpv.as_ref().and_then(|f| f.value), Some(18));
    assert_eq!(other.rf.as_ref().unwrap().raw, "1.0-1.6†");
    assert_eq!(other.dates.as_ref().unwrap().raw, "35-5/45†");
    assert_eq!(tern.bpv.value, Some(20));
}

/// A cell erratum of `listing.tsv`'s form on `listing.csv`: its row named by its NAME, its
/// cells by their column (a listing label or VASL's header name), each find as the CSV holds
/// it.
fn csv_erratum(cells: &str) -> String {
    format!(
        "[[erratum]]\nid = \"petrel\"\nfile = \"listing.csv\"\nrow = \"Petrel\"\n\
         cells = [{cells}]\nnotes = [\"2\"]\nreason = \"typos\"\nsource = \"made up\"\n"
    )
}

/// The shifted fixture (our own rows) with `errata.toml` beside its `listing.csv`.
fn shifted_with(errata: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    copy_dir(
        &root().join("tests/fixtures-vasl/err/shifted"),
        &tmp.path().join("shifted"),
    );
    std::fs::write(tmp.path().join("shifted/errata.toml"), errata).unwrap();
    tmp
}

/// Cell errata correct `listing.csv` as they correct `listing.tsv`; the diagnostics of the
/// corrected file still point at its published bytes.
#[test]
fn cell_errata_correct_a_csv_listing() {
    // DATES corrected alone: the TA cell after it is still refused, at its published column.
    let tmp = shifted_with(&csv_erratum(
        "{ column = \"DATES\", find = \"52-5\", replace = \"52-53\" }",
    ));
    let out = run_qm(&["check", "--data", path(tmp.path())], &root());
    assert!(!out.contains("DATES cell `52-5`"), "{out}");
    assert!(!out.contains("errata::"), "{out}");
    assert!(
        out.contains("TA cell `.-F/+SR`") && out.contains("shifted/listing.csv:3:41"),
        "{out}"
    );
    // Both, the TA by VASL's column name: the row reads; the IR records the change.
    let tmp = shifted_with(&csv_erratum(
        "{ column = \"DATES\", find = \"52-5\", replace = \"52-53\" }, \
         { column = \"ta\", find = \".-F/+SR\", replace = \"-F/+SR\" }",
    ));
    let compiled = qm_compile::pipeline::compile(tmp.path(), &Default::default());
    let nation = &compiled.nations[0];
    let petrel = nation.vehicles.iter().find(|v| v.name == "Petrel").unwrap();
    assert_eq!(petrel.dates.raw, "52-53");
    let ta = petrel.values.target_aspect.as_ref().unwrap();
    assert_eq!(ta.raw, "-F/+SR");
    assert_eq!((ta.span.line, ta.span.col), (3, 41));
    let qm_schema::ErratumChange::Cells { row, cells } = &nation.errata[0].change else {
        panic!("{:?}", nation.errata);
    };
    assert_eq!(row, "Petrel");
    let columns: Vec<&str> = cells.iter().map(|c| c.column.as_str()).collect();
    assert_eq!(columns, ["DATES", "TA"]);
    // A find that is not the published cell is stale, as for listing.tsv.
    let tmp = shifted_with(&csv_erratum(
        "{ column = \"dates\", find = \"52-6\", replace = \"52-53\" }",
    ));
    let out = run_qm(&["check", "--data", path(tmp.path())], &root());
    assert!(
        out.contains("no longer matches listing.csv (the DATES cell of Petrel is \"52-5\")"),
        "{out}"
    );
}

/// A cell erratum of a vehicle with another VASL piece corrects both rows: they stay one
/// vehicle (a NAME two different rows share is still refused).
#[test]
fn a_cell_erratum_corrects_a_vehicle_and_its_other_piece() {
    let tmp = tempfile::tempdir().unwrap();
    copy_dir(&root().join(OK), tmp.path());
    let erratum = "[[erratum]]\nid = \"wt\"\nfile = \"listing.csv\"\nrow = \"Kestrel 7/2\"\n\
        cells = [{ column = \"weight\", find = \"7\", replace = \"7.5\" }]\nnotes = [\"6\"]\n\
        reason = \"made up\"\nsource = \"made up\"\n";
    std::fs::write(tmp.path().join("nordic/errata.toml"), erratum).unwrap();
    let compiled = qm_compile::pipeline::compile(tmp.path(), &Default::default());
    let codes: Vec<&str> = compiled.diagnostics.iter().map(|d| d.code).collect();
    assert!(
        !codes
            .iter()
            .any(|c| c.starts_with("errata::") || *c == "lint::duplicate-name"),
        "{codes:?}"
    );
    let kestrel: Vec<_> = compiled.nations[0]
        .vehicles
        .iter()
        .filter(|v| v.name == "Kestrel 7/2")
        .collect();
    assert_eq!(kestrel.len(), 1);
    assert_eq!(kestrel[0].lead.weight.as_ref().unwrap().raw, "7.5");
    assert_eq!(kestrel[0].vasl.as_ref().unwrap().pieces.len(), 1);
}

/// A folder with both listings reads `listing.tsv` and says so.
#[test]
fn both_listings_in_one_folder() {
    let tmp = tempfile::tempdir().unwrap();
    copy_dir(&root().join(OK), tmp.path());
    let tsv = std::fs::read_to_string(root().join("data-src/ita/listing.tsv")).unwrap();
    std::fs::write(tmp.path().join("nordic/listing.tsv"), tsv).unwrap();
    let out = run_qm(&["check", "--data", path(tmp.path())], &root());
    assert!(out.contains("load::two-listings"), "{out}");
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}
