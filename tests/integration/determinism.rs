//! Output bytes do not depend on the run or on the number of threads: the Italian data built
//! with `--jobs 1`, `--jobs 2` and `--jobs 2` again gives the same files, and the same entries
//! inside the VASSAL module. svg2pdf writes fonts and resources in hash-map order (random per
//! process), so separate processes are what catches a PDF that is not made canonical.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use sha2::{Digest, Sha256};

use crate::support::{files, root};

/// Every file under `dir` (and every entry of every `.vmod`) with the SHA-256 of its bytes.
fn hashes(dir: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for (path, bytes) in files(dir) {
        let name = path.to_string_lossy().into_owned();
        if name.ends_with(".vmod") {
            for (entry, data) in qm_export::vassal::archive::read_entries(&bytes).unwrap() {
                out.insert(format!("{name}!{entry}"), hex(&data));
            }
        }
        out.insert(name, hex(&bytes));
    }
    out
}

fn hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// One line per file: its SHA-256 and its path (`/` separators on every system).
fn manifest(hashes: &BTreeMap<String, String>) -> String {
    hashes
        .iter()
        .map(|(name, hash)| format!("{hash}  {}\n", name.replace('\\', "/")))
        .collect()
}

fn build(jobs: &str, out: &Path) -> BTreeMap<String, String> {
    let status = Command::new(env!("CARGO_BIN_EXE_qm"))
        .args(["build", "--jobs", jobs, "--data"])
        .arg(root().join("data-src"))
        .arg("--out")
        .arg(out)
        .output()
        .expect("qm runs");
    assert!(status.status.success(), "{status:?}");
    hashes(out)
}

#[test]
fn builds_are_byte_identical_across_runs_and_thread_counts() {
    let tmp = tempfile::tempdir().unwrap();
    let one = build("1", &tmp.path().join("one"));
    let two = build("2", &tmp.path().join("two"));
    let again = build("2", &tmp.path().join("again"));
    assert!(one.keys().any(|k| k.ends_with("-chart.pdf")), "{one:?}");
    assert!(one.keys().any(|k| k.contains(".vmod!images/")), "{one:?}");
    // The bytes themselves are pinned: a change to any output of the reference data shows
    // here, file by file (moving code between crates must change none).
    insta::assert_snapshot!("reference_outputs", manifest(&one));
    for (name, other) in [("--jobs 2", &two), ("a second --jobs 2", &again)] {
        let differ: Vec<&String> = one
            .iter()
            .filter(|(k, v)| other.get(*k) != Some(v))
            .map(|(k, _)| k)
            .collect();
        assert!(
            differ.is_empty(),
            "{name} differs from --jobs 1 in {differ:?}"
        );
        assert_eq!(one.len(), other.len(), "{name}: another set of files");
    }
}

/// `qm check`'s report (every diagnostic, in order) with `--jobs N`.
fn check_report(jobs: &str, data: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_qm"))
        .args(["check", "--jobs", jobs, "--data"])
        .arg(data)
        .output()
        .expect("qm runs");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn check_reports_the_same_diagnostics_in_the_same_order_on_any_thread_count() {
    // The Italian data with its rows listed four times over and a broken row: the listing's
    // lints, the rows' vehicles and the notes' lints (resolved side by side on several cores)
    // all have something to say about most rows.
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    qm_test_support::copy_dir(&root().join("data-src"), &data);
    let listing = data.join("ita/listing.tsv");
    let text = std::fs::read_to_string(&listing).unwrap();
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("L3") || l.starts_with("M1") || l.starts_with("AB"))
        .collect();
    assert!(rows.len() > 5, "{rows:?}");
    let mut grown = text.clone();
    for _ in 0..3 {
        for r in &rows {
            grown.push_str(r);
            grown.push('\n');
        }
    }
    grown.push_str("Broken\tx\ty\n");
    std::fs::write(&listing, grown).unwrap();
    let one = check_report("1", &data);
    for code in [
        "lint::duplicate-name",
        "lint::note-names-missing-mg",
        "listing::",
    ] {
        assert!(one.contains(code), "no {code} in:\n{one}");
    }
    assert_eq!(
        one,
        check_report("4", &data),
        "--jobs 4 differs from --jobs 1"
    );
    assert_eq!(
        one,
        check_report("3", &data),
        "--jobs 3 differs from --jobs 1"
    );
}
