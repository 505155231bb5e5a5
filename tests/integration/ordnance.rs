//! `tests/fixtures-ordnance`: made-up nations with guns, `frm` (the publication's layout, a
//! row of every cell form) and `vsl` (VASL's CSV layout, markup and VASL's own rows included,
//! one typo), both without notes, and `osv` (vehicles and guns, each listing with its notes:
//! `ordnance-notes.md` worded as a rules book might word it, made-up theaters and a faction,
//! one sentence that cannot be read). What `check`, `avail`, `show` and `explain` make of
//! them.

use serde_json::Value;

use crate::support::{qm_on_data, root, run_qm};
use qm_test_support::copy_dir;

/// `qm ARGS --data tests/fixtures-ordnance`: exit status, stdout and stderr.
fn qm(args: &[&str]) -> (i32, String, String) {
    qm_on_data("tests/fixtures-ordnance", args)
}

#[test]
fn check_reports_the_ordnance_typo_and_the_unread_note_sentence_and_nothing_else() {
    let (code, out, err) = qm(&["check"]);
    let all = format!("{out}{err}");
    assert_eq!(code, 1, "{all}");
    assert!(all.contains("vsl/ordnance.csv:11:"), "{all}");
    assert!(all.contains("listing::bad-cell"), "{all}");
    assert!(!all.contains("frm/ordnance.tsv"), "{all}");
    // The gun's note sentence no form reads, at its words, as a vehicle's would be; and the
    // RF its listing prints as a range, which no note then gives.
    assert!(
        all.contains("error[notes::unreadable-availability]"),
        "{all}"
    );
    assert!(all.contains("┌─ osv/ordnance-notes.md:33:3"), "{all}");
    assert!(
        all.contains("^ dates or RFs the grammar cannot read"),
        "{all}"
    );
    assert!(
        all.contains("failed to find an RF for Kopje 81 MTR (the listing gives a range, 1.1-1.3†, and the note none)"),
        "{all}"
    );
    assert!(all.contains("qm: 3 errors, 0 warnings"), "{all}");
}

#[test]
fn avail_answers_for_guns_with_their_kind() {
    let ask = |kind: &str| {
        let (code, out, err) = qm(&[
            "avail",
            "frm",
            "--theater",
            "North Africa",
            "--date",
            "3/41",
            "--json",
            "--kind",
            kind,
        ]);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<Value>(&out).unwrap()
    };
    let rows = ask("ordnance");
    let rows = rows.as_array().unwrap();
    assert!(rows.iter().all(|r| r["kind"] == "ordnance"));
    let at37 = rows.iter().find(|r| r["vehicle"] == "Zed AT 37").unwrap();
    assert_eq!(at37["rf"], 1.0);
    let mortar = rows
        .iter()
        .find(|r| r["vehicle"] == "Zed Mortar 8")
        .unwrap();
    assert_eq!(mortar["rf"], Value::Null);
    assert_eq!(mortar["rf_range"]["text"], "1.1-.9†");
    // Not yet in service in 3/41.
    assert!(rows.iter().all(|r| r["vehicle"] != "Zed AT 88"));
    assert_eq!(ask("vehicle"), Value::Array(Vec::new()));
    let (_, table, _) = qm(&[
        "avail",
        "frm",
        "--theater",
        "North Africa",
        "--date",
        "3/41",
    ]);
    assert!(table.contains("KIND"), "{table}");
    assert!(table.contains("ordnance  Zed AT 37"), "{table}");
}

#[test]
fn show_answers_for_a_gun() {
    let (code, out, err) = qm(&["show", "frm", "Zed AT 88", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["kind"], "ordnance");
    assert_eq!(v["record"]["manhandling"]["value"]["bold"], true);
    assert_eq!(v["record"]["special"]["value"][1]["form"], "limbered");
    let (code, _, err) = qm(&["show", "frm", "Zed Nothing", "--kind", "ordnance"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("unknown gun"), "{err}");
}

/// `qm avail osv --theater T --date D --json` (guns and vehicles): exit status and rows.
fn osv_avail(theater: &str, date: &str) -> (i32, Vec<Value>, String) {
    let (code, out, err) = qm(&[
        "avail",
        "osv",
        "--theater",
        theater,
        "--date",
        date,
        "--json",
    ]);
    let rows: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    (code, rows.as_array().unwrap().clone(), err)
}

/// The row of `name` among `rows`: (kind, RF, source, qualifiers).
fn row_of<'a>(rows: &'a [Value], name: &str) -> Option<(&'a str, f64, &'a str, Vec<&'a str>)> {
    let r = rows.iter().find(|r| r["vehicle"] == name)?;
    let q = r["qualifiers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q.as_str().unwrap())
        .collect();
    Some((
        r["kind"].as_str().unwrap(),
        r["rf"].as_f64().unwrap(),
        r["source"].as_str().unwrap(),
        q,
    ))
}

#[test]
fn ordnance_notes_answer_for_guns_per_theater_and_month() {
    // A schedule per place ("Dates and RF for use on the Amber Coast are ..."), and a
    // sentence by a verb ("On the High Steppe the Hrast 47 AT was used from June 1941 ...").
    let (code, rows, err) = osv_avail("Amber Coast", "6/42");
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        row_of(&rows, "Hrast 47 AT"),
        Some(("ordnance", 1.0, "note 1", vec![]))
    );
    // A relative rule between two guns: .1 higher than the Hrast 47 AT's.
    assert_eq!(
        row_of(&rows, "Hrast 57 AT"),
        Some(("ordnance", 1.1, "derived from Hrast 47 AT (note 2)", vec![]))
    );
    assert_eq!(
        row_of(&rows, "Vosk"),
        Some(("vehicle", 1.3, "note 2", vec![]))
    );
    let (_, rows, _) = osv_avail("High Steppe", "6/42");
    assert_eq!(row_of(&rows, "Hrast 47 AT").unwrap().1, 1.4);
    // .1 higher than 1.4, capped at 1.5 ("1.5 maximum").
    assert_eq!(row_of(&rows, "Hrast 57 AT").unwrap().1, 1.5);
    // An RF by period within a multi-applicable note's window (note A: the High Steppe
    // from 6/41 to 3/44).
    assert_eq!(row_of(&rows, "Zvezda 20 AA").unwrap().1, 1.4);
    let (_, rows, _) = osv_avail("High Steppe", "3/41");
    assert_eq!(row_of(&rows, "Zvezda 20 AA"), None);
    assert_eq!(row_of(&rows, "Hrast 47 AT"), None);
    // "elsewhere" is every theater of the nation no earlier section names: Mirewood is named
    // only by the vehicle notes, and a gun's "elsewhere" covers it.
    let (_, rows, _) = osv_avail("Mirewood", "3/41");
    assert_eq!(
        row_of(&rows, "Zvezda 37 AA"),
        Some(("ordnance", 1.4, "note 5", vec![]))
    );
    // A gun no note names answers from its listing, in any theater.
    assert_eq!(
        row_of(&rows, "Bodkin ATR"),
        Some(("ordnance", 1.2, "listing RF and DATES", vec![]))
    );
}

#[test]
fn a_faction_restriction_of_the_ordnance_notes_marks_the_guns_months() {
    // "From 1944 only the Iron Legion may use it."
    let (_, rows, _) = osv_avail("Mirewood", "12/43");
    assert_eq!(
        row_of(&rows, "Grom 76 FG"),
        Some(("ordnance", 1.3, "note 3", vec![]))
    );
    let (_, rows, _) = osv_avail("Mirewood", "1/44");
    assert_eq!(
        row_of(&rows, "Grom 76 FG"),
        Some(("ordnance", 1.3, "note 3", vec!["Iron Legion use only"]))
    );
    let (code, out, err) = qm(&["show", "osv", "Grom 76 FG", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["record"]["restricted_use"][0]["faction"], "iron_legion");
    assert_eq!(
        v["record"]["restricted_use"][0]["periods"][0]["from"]["year"],
        1944
    );
    let (_, text, _) = qm(&["show", "osv", "Grom 76 FG"]);
    assert!(
        text.contains("1/44-12/45  RF 1.3  Mirewood  (note 3; Iron Legion use only)"),
        "{text}"
    );
}

#[test]
fn a_gun_whose_note_cannot_be_read_is_unresolved_and_named() {
    // In 1944 the Kopje 81 MTR may exist: the answer is incomplete and says why.
    let (code, rows, err) = osv_avail("Amber Coast", "2/44");
    assert_eq!(code, 1, "{err}");
    assert!(row_of(&rows, "Kopje 81 MTR").is_none());
    assert!(row_of(&rows, "Grom 76 FG").is_some());
    assert!(
        err.contains("unresolved: Kopje 81 MTR — osv/ordnance-notes.md:33:"),
        "{err}"
    );
    // Before its DATES it could not be in the answer: nothing is missing.
    let (code, _, err) = osv_avail("Amber Coast", "6/42");
    assert_eq!(code, 0, "{err}");
    let (code, out, _) = qm(&["show", "osv", "Kopje 81 MTR"]);
    assert_eq!(code, 1);
    assert!(out.contains("[notes::unreadable-availability]"), "{out}");
}

#[test]
fn explain_reads_a_guns_note_sentence() {
    let (code, out, err) = qm(&["explain", "osv", "Hrast 57 AT"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("derived by note 2 from the Hrast 47 AT's entry"),
        "{out}"
    );
    assert!(
        out.contains("rule: \"RF is always .1 higher (1.5 maximum) than the corresponding RF of the Hrast 47 AT.\" (osv/ordnance-notes.md:13:3)"),
        "{out}"
    );
    // The base's words, from its own note.
    assert!(
        out.contains("antecedent: the Hrast 47 AT, 6/41-5/44 RF 1.4: \"from June 1941 to May 1944 with an RF of 1.4\""),
        "{out}"
    );
}

#[test]
fn explain_takes_the_kind_asked_for() {
    let (code, out, err) = qm(&["explain", "osv", "Hrast 57", "--kind", "ordnance"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Hrast 57 AT ("), "{out}");
    // A vehicle's name is no gun's, and a gun's no vehicle's: usage errors naming the kind.
    let (code, _, err) = qm(&["explain", "osv", "Tarn", "--kind", "ordnance"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown gun `Tarn` in osv"), "{err}");
    let (code, _, err) = qm(&["explain", "osv", "Hrast 57 AT", "--kind", "vehicle"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown vehicle `Hrast 57 AT` in osv"),
        "{err}"
    );
    let (code, out, err) = qm(&["explain", "osv", "Tarn", "--kind", "vehicle"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Tarn ("), "{out}");
}

#[test]
fn ordnance_notes_take_errata_and_are_read_only_beside_their_listing() {
    let dir = tempfile::tempdir().unwrap();
    let osv = dir.path().join("osv");
    copy_dir(&root().join("tests/fixtures-ordnance/osv"), &osv);
    let check = || {
        run_qm(
            &["check", "--data", dir.path().to_str().unwrap()],
            dir.path(),
        )
    };
    assert!(check().starts_with("exit: 1"));
    // A text erratum to ordnance-notes.md rewords the sentence no form reads.
    std::fs::write(
        osv.join("errata.toml"),
        r#"[[erratum]]
id = "kopje-rf"
file = "ordnance-notes.md"
find = "Its RF was 1.1 in 1944, though the batteries on the High Steppe may well have had more by the spring."
replace = "Its RF is 1.1 in 1944 and 1.3 in 1945."
reason = "made up: the fixture's unread sentence, reworded"
source = "tests"
"#,
    )
    .unwrap();
    let out = check();
    assert!(out.starts_with("exit: 0"), "{out}");
    // A temporary directory's absolute path: `root().join` keeps it.
    let data = dir.path().to_str().unwrap();
    let ask = [
        "avail",
        "osv",
        "--theater",
        "Mirewood",
        "--date",
        "3/45",
        "--json",
    ];
    let (code, out, err) = qm_on_data(data, &ask);
    assert_eq!(code, 0, "{err}");
    let rows: Value = serde_json::from_str(&out).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(row_of(rows, "Kopje 81 MTR").unwrap().1, 1.3);
    // Without the ordnance listing its notes describe no gun: not read, said so.
    std::fs::remove_file(osv.join("ordnance.tsv")).unwrap();
    std::fs::remove_file(osv.join("errata.toml")).unwrap();
    let out = check();
    assert!(out.starts_with("exit: 0"), "{out}");
    assert!(
        out.contains(
            "osv/ holds ordnance-notes.md but no ordnance.tsv; the ordnance notes are not read"
        ),
        "{out}"
    );
}

#[test]
fn keep_going_leaves_out_the_guns_an_error_touches_and_builds_the_rest() {
    let tmp = tempfile::tempdir().unwrap();
    let out_dir = tmp.path().join("out");
    let data = root().join("tests/fixtures-ordnance");
    let (data, out_arg) = (data.to_str().unwrap(), out_dir.to_str().unwrap());
    let out = run_qm(
        &["build", "--keep-going", "--data", data, "--out", out_arg],
        tmp.path(),
    );
    assert!(out.starts_with("exit: 1\n"), "{out}");
    let report = std::fs::read_to_string(out_dir.join("unresolved.txt")).unwrap();
    assert!(
        report.contains("gun osv: Kopje 81 MTR — osv/ordnance-notes.md:33:"),
        "{report}"
    );
    assert!(
        report.contains("gun vsl: Zed Typo — vsl/ordnance.csv:11:"),
        "{report}"
    );
    assert!(!report.contains("nation "), "{report}");
    let json: Value =
        serde_json::from_slice(&std::fs::read(out_dir.join("osv.json")).unwrap()).unwrap();
    let guns: Vec<&str> = json["ordnance"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert_eq!(guns.len(), 6);
    assert!(!guns.contains(&"Kopje 81 MTR"));
    assert_eq!(json["ordnance_notes"].as_array().unwrap().len(), 6);
    assert_eq!(json["ordnance_multi_notes"][0]["letter"], "A");
}
