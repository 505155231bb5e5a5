//! Failure is local (issue 23): one unreadable sentence in the Italian notes leaves its vehicle
//! unresolved; queries answer for the others and name it; `build --keep-going` writes the rest.

use std::path::Path;

use crate::support::{root, run_qm};
use qm_test_support::copy_dir;

/// The repository's data with note 4's RF sentence (the L3 cc's) made unreadable.
fn broken_data(dir: &Path) -> String {
    copy_dir(&root().join("data-src"), dir);
    let notes = dir.join("ita/notes.md");
    let text = std::fs::read_to_string(&notes).unwrap();
    let broken = text.replacen(
        "RF is 1.5 in 1940 and 1.6 in 1941.",
        "RF is 1.5 in 1940 and perhaps 1.6 in 1941.",
        1,
    );
    assert_ne!(text, broken);
    std::fs::write(&notes, broken).unwrap();
    dir.to_str().unwrap().to_string()
}

#[test]
fn queries_answer_for_the_other_vehicles_and_name_the_unresolved_one() {
    let tmp = tempfile::tempdir().unwrap();
    let data = broken_data(&tmp.path().join("data"));
    let unresolved = "unresolved: L3 cc — ita/notes.md:53:";
    // In 12/40 the L3 cc could be in the answer: named, exit 1, the others listed.
    let out = run_qm(
        &[
            "avail",
            "ita",
            "--theater",
            "North Africa",
            "--date",
            "12/40",
            "--data",
            &data,
        ],
        &root(),
    );
    assert!(out.starts_with("exit: 1\n"), "{out}");
    assert!(out.contains("L3/35") && out.contains(unresolved), "{out}");
    // In 12/42 it is past its DATES: the answer is complete.
    let out = run_qm(
        &[
            "avail",
            "ita",
            "--theater",
            "North Africa",
            "--date",
            "12/42",
            "--data",
            &data,
        ],
        &root(),
    );
    assert!(
        out.starts_with("exit: 0\n") && !out.contains("unresolved"),
        "{out}"
    );
    let out = run_qm(&["show", "ita", "L3 cc", "--data", &data], &root());
    assert!(
        out.starts_with("exit: 1\n") && out.contains(unresolved),
        "{out}"
    );
    let out = run_qm(&["show", "ita", "L3 aa", "--data", &data], &root());
    assert!(out.starts_with("exit: 0\n"), "{out}");
}

#[test]
fn keep_going_writes_everything_the_error_does_not_touch() {
    let tmp = tempfile::tempdir().unwrap();
    let data = broken_data(&tmp.path().join("data"));
    let out_dir = tmp.path().join("out");
    let out_arg = out_dir.to_str().unwrap();
    let out = run_qm(&["build", "--data", &data, "--out", out_arg], &root());
    assert!(out.starts_with("exit: 1\n") && !out_dir.exists(), "{out}");
    let out = run_qm(
        &["build", "--keep-going", "--data", &data, "--out", out_arg],
        &root(),
    );
    assert!(out.starts_with("exit: 1\n"), "{out}");
    let report = std::fs::read_to_string(out_dir.join("unresolved.txt")).unwrap();
    assert!(
        report.contains("vehicle ita: L3 cc — ita/notes.md:53:"),
        "{report}"
    );
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out_dir.join("ita.json")).unwrap()).unwrap();
    let names: Vec<&str> = json["vehicles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 40);
    assert!(!names.contains(&"L3 cc"));
    assert_eq!(json["unresolved"][0]["name"], "L3 cc");
}

#[test]
fn explain_shows_each_entry_beside_its_words() {
    let out = run_qm(&["explain", "ita", "M14/41"], &root());
    assert!(out.starts_with("exit: 0\n"), "{out}");
    assert!(
        out.contains("stated by note 9: \"1.1 thereafter\"")
            && out.contains("in: \"RF is 1.2 for 1-6/42, 1.0 for 7-11/42, 1.5 for 12/42-1/43, and 1.1 thereafter.\""),
        "{out}"
    );
    assert!(
        out.contains("read: North Africa (no theater named: the vehicle's window notes)"),
        "{out}"
    );
    let out = run_qm(&["explain", "ita", "TM 40"], &root());
    assert!(
        out.contains("read: scope \"North-Africa/the ETO [EXC: the Balkans]\" -> North Africa")
            && out.contains("erratum note25-tm40-7-8-43"),
        "{out}"
    );
    let out = run_qm(&["explain", "ita", "L3 aa"], &root());
    assert!(
        out.contains("derived by note 3 from the L3/35's entry"),
        "{out}"
    );
}
