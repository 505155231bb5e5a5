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

#[test]
fn message_format_json_prints_every_diagnostic_as_one_object_a_line() {
    // 60 bad rows: more than the human output's 50 per file.
    let dir = tempfile::tempdir().unwrap();
    let ita = dir.path().join("ita");
    std::fs::create_dir_all(&ita).unwrap();
    let real = std::fs::read_to_string(root().join("data-src/ita/listing.tsv")).unwrap();
    let mut lines: Vec<String> = real.lines().take(2).map(str::to_string).collect();
    for i in 0..60 {
        lines.push(format!(
            "Bad {i}\t\t3\tTt\tx{i}\t1.2\t40-43\t+1\t-4\t\t\t2\t8\tL\t1MT\tCMG\t\t11\t\t\t4\t\t\t\t\t1"
        ));
    }
    std::fs::write(ita.join("listing.tsv"), lines.join("\n")).unwrap();
    let data = dir.path().to_str().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_qm"))
        .args(["check", "--data", data, "--message-format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let objects: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    let bad: Vec<&serde_json::Value> = objects
        .iter()
        .filter(|o| o["code"] == "listing::bad-cell")
        .collect();
    assert_eq!(bad.len(), 60, "never capped: {stdout}");
    let first = bad[0];
    assert_eq!(first["severity"], "error");
    assert_eq!(first["file"], "ita/listing.tsv");
    assert_eq!(first["line"], 3);
    assert_eq!(first["column"], 13);
    assert_eq!(
        first["span"]["end"].as_u64().unwrap() - first["span"]["start"].as_u64().unwrap(),
        2
    );
    assert!(first["message"].as_str().unwrap().contains("BPV"));
    assert!(first["help"].as_str().is_some());

    // The human output keeps its cap and ends with a count per code.
    let human = run_qm(&["check", "--data", data], &root());
    assert!(
        human.contains("and 10 more diagnostics in ita/listing.tsv"),
        "{human}"
    );
    assert!(human.contains("\n  60 listing::bad-cell\n"), "{human}");
}
