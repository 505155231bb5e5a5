//! `tests/fixtures-forms/frm`: a made-up nation whose listing holds a row of every cell form
//! the real listings print (issue 21's table) and no notes. What `avail`, `show` and the
//! counters make of it.

use serde_json::Value;

use crate::support::{root, run_qm};

/// `qm ARGS --data tests/fixtures-forms`: exit status and stdout.
fn qm(args: &[&str]) -> (i32, String) {
    let data = root().join("tests/fixtures-forms");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_qm"))
        .args(args)
        .arg("--data")
        .arg(&data)
        .output()
        .expect("qm runs");
    let stdout = String::from_utf8(out.stdout).unwrap();
    (out.status.code().unwrap_or(-1), stdout)
}

#[test]
fn the_forms_nation_checks_clean() {
    let data = root().join("tests/fixtures-forms");
    let out = run_qm(
        &["check", "--strict", "--data", data.to_str().unwrap()],
        &root(),
    );
    assert!(out.starts_with("exit: 0\n"), "{out}");
}

/// A vehicle whose listing prints an RF range, in a nation without notes: the answer is
/// "unknown" with the reason, never an empty list that reads as "not available".
#[test]
fn avail_without_notes_says_unknown_with_the_reason() {
    let (code, json) = qm(&[
        "avail",
        "frm",
        "--theater",
        "Any",
        "--date",
        "3/42",
        "--vehicle",
        "Ardent I",
        "--json",
    ]);
    assert_eq!(code, 0, "{json}");
    let rows: Value = serde_json::from_str(&json).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 1, "{json}");
    let row = &rows[0];
    assert_eq!(row["vehicle"], "Ardent I");
    assert_eq!(row["rf"], Value::Null);
    assert_eq!(row["rf_range"]["text"], "1.2-1.4†");
    assert_eq!(row["rf_range"]["lower"], 1.2);
    assert_eq!(row["rf_range"]["upper"], 1.4);
    assert_eq!(row["period"]["text"], "1/41-12/43");
    assert_eq!(row["source"], "listing only: note 3 not in the data");
    let why = row["unknown"].as_str().unwrap();
    assert!(
        why.starts_with("RF unknown") && why.contains("1.2-1.4†"),
        "{why}"
    );

    // A vehicle with one RF answers with it, saying it is the listing's alone; its row has
    // no `unknown`.
    let (_, json) = qm(&[
        "avail",
        "frm",
        "--theater",
        "Any",
        "--date",
        "3/42",
        "--vehicle",
        "Ardent V",
        "--json",
    ]);
    let rows: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(rows[0]["rf"], 1.2);
    assert_eq!(rows[0]["source"], "listing only (the data has no notes)");
    assert!(rows[0].get("unknown").is_none(), "{json}");

    // Outside its DATES there is nothing to say: an empty answer.
    let (_, json) = qm(&[
        "avail",
        "frm",
        "--theater",
        "Any",
        "--date",
        "3/40",
        "--vehicle",
        "Ardent I",
        "--json",
    ]);
    assert_eq!(json.trim(), "[]");
}

#[test]
fn avail_show_and_explain_print_unknown_in_words() {
    let (code, table) = qm(&["avail", "frm", "--theater", "Any", "--date", "3/42"]);
    assert_eq!(code, 0, "{table}");
    assert!(
        table.starts_with(
            "frm vehicles available in any theater in 3/42: 6, and 1 more whose RF the data does not give (unknown, not unavailable)\n"
        ),
        "{table}"
    );
    let line = table
        .lines()
        .find(|l| l.starts_with("Ardent I "))
        .unwrap_or_else(|| panic!("{table}"));
    assert!(line.contains("  ?  1/41-12/43"), "{line}");
    assert!(
        line.contains("listing only: note 3 not in the data; RF unknown"),
        "{line}"
    );

    let (code, show) = qm(&["show", "frm", "Ardent I"]);
    assert_eq!(code, 0, "{show}");
    assert!(!show.contains("(none resolved)"), "{show}");
    assert!(
        show.contains("RF   ?  (listing only: note 3 not in the data; RF unknown"),
        "{show}"
    );
    let (_, json) = qm(&["show", "frm", "Ardent I", "--json"]);
    let view: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(view["availability"][0]["rf"], Value::Null);
    assert_eq!(view["availability"][0]["rf_range"]["text"], "1.2-1.4†");

    let (code, explain) = qm(&["explain", "frm", "Ardent I"]);
    assert_eq!(code, 0, "{explain}");
    assert!(
        explain.contains(
            "unknown: any theater 1/41-12/43 RF ? (the listing prints the range 1.2-1.4†"
        ),
        "{explain}"
    );
    assert!(explain.contains("notes the data lacks: 3"), "{explain}");
}
