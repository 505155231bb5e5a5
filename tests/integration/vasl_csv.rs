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

/// A file read and written back is the same file, byte for byte: the HTML label row and the
/// VASL-only piece included (docs/listings.md, "Round trip").
#[test]
fn a_vasl_file_is_written_back_as_read() {
    let out = run_qm(&["export", "vasl-csv", "nordic", "--data", OK], &root());
    let (status, rest) = out.split_once("\n--- stdout\n").unwrap();
    assert_eq!(status, "exit: 0", "{out}");
    let written = rest.split_once("--- stderr\n").unwrap().0;
    let published = std::fs::read_to_string(root().join(OK).join("nordic/listing.csv")).unwrap();
    assert_eq!(written, published);
}

const ROWS: &str = "tests/fixtures-vasl/rows";

/// Every kind of row a VASL file holds is written back at its place, byte for byte (issue 33
/// item 1): the header and the HTML label row, a caption, vehicles, a second line, a vehicle's
/// repeated piece, variant rows, a variant whose vehicle is not listed, a generic piece of
/// count 0, a row without a vehicle's values (a turret), a row with a bad cell, an empty line, a
/// cell holding a line break; a file with a BOM and CRLF line ends; a file of VASL's own
/// pieces only (no vehicle).
#[test]
fn every_kind_of_row_is_written_back_byte_for_byte() {
    let out = tempfile::tempdir().unwrap();
    let (code, _, stderr) = crate::support::qm_on_data(
        ROWS,
        &[
            "export",
            "vasl-csv",
            "--keep-going",
            "--out",
            path(out.path()),
        ],
    );
    // The made-up errors of the data (the turret, DATES `52-5`) are reported and kept.
    assert_eq!(code, 1, "{stderr}");
    for nation in ["crlf", "mixed", "shared"] {
        let published = std::fs::read(root().join(ROWS).join(nation).join("listing.csv")).unwrap();
        let written = std::fs::read(out.path().join(format!("{nation}_vehicles.csv")))
            .unwrap_or_else(|e| panic!("{nation}: {e}\n{stderr}"));
        assert_eq!(
            String::from_utf8_lossy(&written),
            String::from_utf8_lossy(&published),
            "{nation}"
        );
    }
}

/// An erratum's correction is written back in its row; every other byte stays.
#[test]
fn an_erratum_is_written_back_in_its_row_only() {
    let tmp = tempfile::tempdir().unwrap();
    copy_dir(&root().join(ROWS).join("crlf"), &tmp.path().join("crlf"));
    let erratum = "[[erratum]]\nid = \"w\"\nfile = \"listing.csv\"\nrow = \"Gannet 3\"\n\
        cells = [{ column = \"weight\", find = \"7\", replace = \"7.5\" }]\nnotes = [\"3\"]\n\
        reason = \"made up\"\nsource = \"made up\"\n";
    std::fs::write(tmp.path().join("crlf/errata.toml"), erratum).unwrap();
    let (code, stdout, stderr) =
        crate::support::qm_on_data(path(tmp.path()), &["export", "vasl-csv", "crlf"]);
    assert_eq!(code, 0, "{stderr}");
    let published = std::fs::read_to_string(tmp.path().join("crlf/listing.csv")).unwrap();
    let expected = published.replacen("<i>LT</i>,,7,", "<i>LT</i>,,7.5,", 1);
    assert_ne!(expected, published);
    assert_eq!(stdout, expected);
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

/// Issue 33 item 3: VASL's variant rows (marked as VASL's own by a count of 0 or a VASL note
/// id, named as a vehicle with a suffix) are pieces of their vehicle: their own name, id,
/// cells and counter, but no vehicle of the listing (no chart row, no availability, no note
/// read); one whose vehicle the listing lacks is VASL's own row, left out.
#[test]
fn variant_rows_are_pieces_of_their_vehicle() {
    let compiled = qm_compile::pipeline::compile(&root().join(ROWS), &Default::default());
    let mixed = compiled.nations.iter().find(|n| n.id == "mixed").unwrap();
    let names: Vec<&str> = mixed.vehicles.iter().map(|v| v.name.as_str()).collect();
    // A row named as a variant with values of its own and no VASL mark is a vehicle.
    assert_eq!(
        names,
        ["Gannet 3", "Petrel", "Petrel (L)", "Auk Gun Carrier"]
    );
    let gannet = &mixed.vehicles[0];
    let variants: Vec<(&str, &str)> = gannet
        .variants()
        .map(|w| (w.id.as_str(), w.name.as_str()))
        .collect();
    assert_eq!(
        variants,
        [
            ("gannet-3-w-opt-aamg", "Gannet 3 w/Opt AAMG"),
            ("gannet-3-blue-colored", "Gannet 3 (Blue colored)")
        ]
    );
    // Its own cells and counter: a fixed AA MG of 2 where the vehicle has an optional one.
    let w = gannet.variants().next().unwrap();
    let aa = |v: &qm_schema::Vehicle| v.values.mg_aa.as_ref().unwrap().raw.clone();
    assert_eq!((aa(gannet), aa(w)), ("Opt 2†".to_string(), "2".to_string()));
    let drawn = |v: &qm_schema::Vehicle| {
        v.counter
            .front
            .iter()
            .find(|i| i.kind == qm_schema::CounterItemKind::MgAa)
            .map(|i| i.text.clone())
    };
    assert_eq!(drawn(w).as_deref(), Some("2"));
    assert!(w.availability.is_empty());
    // Every counter is drawn: the vehicles and the variants, each once, in listing order.
    let counters: Vec<&str> = mixed.counter_vehicles().map(|v| v.id.as_str()).collect();
    // Petrel's variant is unmarked, but holds Petrel's values (only its colors are its own).
    assert_eq!(
        counters,
        [
            "gannet-3",
            "gannet-3-w-opt-aamg",
            "gannet-3-blue-colored",
            "petrel",
            "petrel-green-colored",
            "petrel-l",
            "auk-gun-carrier"
        ]
    );
    // The sheets print each as its count says: 4 of the vehicle, none of a count of 0, 2 of
    // the other variant, then Petrel's 3 + 2 (its repeated row), its variant's 2+1.
    let printed = qm_render::printed_copies(mixed);
    assert_eq!(&printed[..14], [0, 0, 0, 0, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4]);
    // The variant whose vehicle is not listed is VASL's own row.
    let own: Vec<&str> = compiled
        .diagnostics
        .iter()
        .filter(|d| d.code == "vasl::vasl-only-row")
        .map(|d| d.message.as_str())
        .collect();
    assert!(
        own.iter()
            .any(|m| m.contains("`Heron (Captured)` (VASL's own piece: a variant of `Heron`")),
        "{own:?}"
    );
    // No chart row and no answer of its own.
    let (code, stdout, _) = crate::support::qm_on_data(
        ROWS,
        &[
            "avail",
            "mixed",
            "--theater",
            "North Africa",
            "--date",
            "6/42",
        ],
    );
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("Gannet 3 ") && !stdout.contains("AAMG") && !stdout.contains("Blue"));
}

/// Issue 33 item 4: what VASL's files hold on purpose (its note ids, its own rows, variant
/// rows, rows repeating a vehicle) is counted in one line a kind, not a warning each, and
/// fails no `--strict` check; `--verbose` lists each, one line a note; the data's errors are
/// each shown; `--message-format json` prints only JSON on stdout, the notes among it.
#[test]
fn a_clean_vasl_file_checks_quietly() {
    let (code, stdout, stderr) = crate::support::qm_on_data(OK, &["check", "--strict"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("qm: ok"), "{stdout}");
    assert!(!stderr.contains("warning"), "{stderr}");
    assert!(
        stderr.contains("qm: 2 VASL note ids kept as VASL's (vasl::vasl-note-id), `qm check --verbose` lists them"),
        "{stderr}"
    );
    let (_, _, verbose) = crate::support::qm_on_data(OK, &["check", "--verbose"]);
    let listed: Vec<&str> = verbose
        .lines()
        .filter(|l| l.starts_with("note: "))
        .collect();
    assert_eq!(listed.len(), 4, "{verbose}");
    assert!(listed[0]
        .starts_with("note: nordic/listing.csv:5:237: failed to read the Notes cell `12v†`"));
    // Errors of the data stay errors, each shown with its place.
    let (code, _, stderr) = crate::support::qm_on_data(ROWS, &["check"]);
    assert_eq!(code, 1);
    assert_eq!(stderr.matches("error[").count(), 4, "{stderr}");
    assert!(stderr.contains("qm: 4 errors, 0 warnings"), "{stderr}");
    assert!(
        stderr.contains("VASL variant rows kept as pieces of their vehicles (vasl::variant-row)")
    );
    let (_, stdout, _) =
        crate::support::qm_on_data(ROWS, &["check", "--message-format", "json", "--verbose"]);
    let severities: Vec<String> = stdout
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
            v["severity"].as_str().unwrap().to_string()
        })
        .collect();
    assert!(severities.iter().any(|s| s == "note") && severities.iter().any(|s| s == "error"));
}

/// Issue 33 item 6: `notes.md` beside an unchanged VASL `listing.csv` resolves every vehicle
/// whose notes it gives; VASL's note ids, its own rows and the variant rows (one of them
/// citing the vehicle's note, one a VASL id in its place) cause no error, also with
/// `--strict`, and no answer of their own.
#[test]
fn notes_beside_a_vasl_file_resolve_every_vehicle() {
    let data = "tests/fixtures-vasl/notes";
    let (code, stdout, stderr) = crate::support::qm_on_data(data, &["check", "--strict"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.starts_with("qm: ok (1 nation, 2 vehicles)"),
        "{stdout}"
    );
    let (code, stdout, stderr) = crate::support::qm_on_data(
        data,
        &[
            "avail",
            "eastland",
            "--theater",
            "North Africa",
            "--date",
            "6/42",
            "--json",
        ],
    );
    assert_eq!(code, 0, "{stdout}{stderr}");
    let rows: Vec<serde_json::Value> = serde_json::from_str(&stdout).unwrap();
    let answers: Vec<(&str, &str)> = rows
        .iter()
        .map(|r| {
            (
                r["vehicle"].as_str().unwrap(),
                r["source"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(answers.len(), 2, "{stdout}");
    assert_eq!(answers[0].0, "Gannet 3");
    assert!(answers[0].1.contains("note 1"), "{stdout}");
    assert_eq!(answers[1].0, "Petrel");
}
