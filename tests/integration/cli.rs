//! Whole `qm` runs on the fixtures under `tests/fixtures/`: stdout, stderr and exit status.
//!
//! Each fixture is a data directory. `err_*` fixtures are corrupted copies of the real
//! listing and must fail with diagnostics; `ok_*` fixtures must pass.

use crate::support::{root, run_qm};

/// One run per fixture, each with its own snapshot (`check@<fixture>`); every fixture runs and
/// every failing one is listed, not only the first.
#[test]
fn check_fixtures() {
    let mut problems = Vec::new();
    let mut count = 0;
    let fixtures = root().join("tests/fixtures").canonicalize().unwrap();
    insta::glob!("../fixtures", "*", |dir| {
        // The walk also yields the folder itself.
        if !dir.is_dir() || dir.canonicalize().unwrap() == fixtures {
            return;
        }
        count += 1;
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let output = run_qm(
            &["check", "--strict", "--data", dir.to_str().unwrap()],
            &root(),
        );
        if name.starts_with("err_") {
            if !output.starts_with("exit: 1\n") {
                problems.push(format!("{name} must fail with exit 1:\n{output}"));
            }
            if !(output.contains(" ┌─ ") || name == "err_empty_file") {
                problems.push(format!("{name} must point into a file:\n{output}"));
            }
        } else if !output.starts_with("exit: 0\n") {
            problems.push(format!("{name} must pass:\n{output}"));
        }
        insta::assert_snapshot!("check", output);
    });
    assert!(count >= 14, "the fixtures are missing");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_one_megabyte_cell_is_reported_with_an_excerpt() {
    let dir = tempfile::tempdir().unwrap();
    let ita = dir.path().join("ita");
    std::fs::create_dir_all(&ita).unwrap();
    let real = std::fs::read_to_string(root().join("data-src/ita/listing.tsv")).unwrap();
    let huge: Vec<String> = real
        .lines()
        .map(|l| {
            if l.starts_with("TM 40\t") {
                let mut cells: Vec<String> = l.split('\t').map(str::to_string).collect();
                cells[12] = "9".repeat(1024 * 1024);
                cells.join("\t")
            } else {
                l.to_string()
            }
        })
        .collect();
    std::fs::write(ita.join("listing.tsv"), huge.join("\n")).unwrap();
    for f in ["errata.toml", "notes.md", "ob.toml"] {
        std::fs::copy(root().join("data-src/ita").join(f), ita.join(f)).unwrap();
    }
    let output = run_qm(&["check", "--data", dir.path().to_str().unwrap()], &root());
    assert!(
        output.len() < 4000,
        "the 1 MB line must not be printed whole:\n{output}"
    );
    insta::assert_snapshot!(output);
}

#[test]
fn usage_errors_exit_2() {
    let output = run_qm(&["check", "--no-such-flag"], &root());
    assert!(output.starts_with("exit: 2\n"), "{output}");
}

#[test]
fn the_repository_data_checks_clean_in_strict_mode() {
    let output = run_qm(&["check", "--strict"], &root());
    assert!(output.starts_with("exit: 0\n"), "{output}");
}
