//! Failure is local (issue 23): one unreadable sentence in the Italian notes leaves its vehicle
//! unresolved; queries answer for the others and name it; `build --keep-going` writes the rest.

use crate::support::{broken_data, root, run_qm};
use qm_test_support::copy_dir;

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

/// An unresolved vehicle is explained too: its error, and the sentence the error points at cut
/// into the pieces the reader found, with the rule that bound it (none: what to mend).
#[test]
fn explain_shows_the_sentence_an_unresolved_vehicle_stopped_at() {
    let tmp = tempfile::tempdir().unwrap();
    let data = broken_data(&tmp.path().join("data"));
    let out = run_qm(&["explain", "ita", "L3 cc", "--data", &data], &root());
    assert!(out.starts_with("exit: 1\n"), "{out}");
    assert!(
        out.contains("unresolved: L3 cc — ita/notes.md:53:"),
        "{out}"
    );
    assert!(
        out.contains("\"RF is 1.5 in 1940 and perhaps 1.6 in 1941.\"")
            && out.contains("[1940 = 1-12/40]")
            && out.contains("bound by: no rule: the sentence could not be read"),
        "{out}"
    );
}

/// Issue 33 item 5: a listing row without a vehicle's values (a turret: no TYPE, RF or
/// DATES) or with an error is left out of the answers, named as unresolved where it could be
/// in one, and never stops the nation's other vehicles; `build --keep-going` keeps the rest.
#[test]
fn a_row_without_a_vehicle_is_local_to_itself() {
    let data = "tests/fixtures-vasl/rows";
    let (code, stdout, stderr) = crate::support::qm_on_data(
        data,
        &[
            "avail",
            "mixed",
            "--theater",
            "North Africa",
            "--date",
            "6/42",
        ],
    );
    assert_eq!(code, 1, "the answer is incomplete\n{stdout}{stderr}");
    assert!(
        stdout.contains("Petrel") && stdout.contains("Gannet 3"),
        "{stdout}"
    );
    assert!(
        stdout
            .contains("unresolved: Coastal Gun Turret — mixed/listing.csv:17: failed to find TYPE"),
        "{stdout}"
    );
    let (code, stdout, stderr) = crate::support::qm_on_data(data, &["show", "mixed", "Petrel"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    // Asked for by name, the row says why it is no vehicle.
    let (code, stdout, _) =
        crate::support::qm_on_data(data, &["show", "mixed", "coastal gun turret"]);
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.starts_with("unresolved: Coastal Gun Turret"),
        "{stdout}"
    );
}

/// An error at a row's start in a file whose published bytes the read text shifts (a BOM,
/// CRLF line ends) is the row's own: a nameless row after a vehicle leaves that vehicle
/// resolved.
#[test]
fn an_error_is_placed_in_its_own_row_of_a_crlf_file() {
    let tmp = tempfile::tempdir().unwrap();
    copy_dir(
        &root().join("tests/fixtures-vasl/rows/crlf"),
        &tmp.path().join("crlf"),
    );
    let listing = tmp.path().join("crlf/listing.csv");
    let text = std::fs::read_to_string(&listing).unwrap();
    let nameless = text.replacen("0,Gannet 3 <i>LT</i> w/ Opt AAMG,", "0,,", 1);
    assert_ne!(nameless, text);
    std::fs::write(&listing, nameless).unwrap();
    let data = tmp.path().to_str().unwrap();
    let out = run_qm(&["show", "crlf", "Gannet 3", "--data", data], &root());
    assert!(out.starts_with("exit: 0\n"), "{out}");
}

/// Issue 35: a gun whose ordnance listing row holds errors is left out by `build
/// --keep-going`, named once (with its first error), and its nation builds: its other guns,
/// its charts.
#[test]
fn a_gun_with_errors_is_left_out_once_and_its_nation_builds() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    std::fs::create_dir_all(data.join("vsl")).unwrap();
    let csv =
        std::fs::read_to_string(root().join("tests/fixtures-ordnance/vsl/ordnance.csv")).unwrap();
    // The typo row gets a second bad cell: its Dates.
    let broken = csv.replace("8,0,9/41-44,", "8,0,9/41–44,");
    assert_ne!(csv, broken);
    std::fs::write(data.join("vsl/ordnance.csv"), broken).unwrap();
    let out = tmp.path().join("out");
    let run = run_qm(
        &[
            "build",
            "--keep-going",
            "--data",
            data.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        &root(),
    );
    assert!(run.starts_with("exit: 1\n"), "{run}");
    let left = std::fs::read_to_string(out.join("unresolved.txt")).unwrap();
    let lines: Vec<&str> = left.lines().filter(|l| l.starts_with("gun ")).collect();
    assert_eq!(lines.len(), 1, "{left}");
    assert!(
        lines[0]
            .starts_with("gun vsl: Zed Typo — vsl/ordnance.csv:11: failed to read the Dates cell"),
        "{left}"
    );
    assert!(!left.contains("nation vsl"), "{left}");
    // The gun is not among the nation's guns; its nation names it as unresolved.
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("vsl.json")).unwrap()).unwrap();
    let names = |key: &str| -> Vec<String> {
        json[key]
            .as_array()
            .into_iter()
            .flatten()
            .map(|g| g["name"].as_str().unwrap_or_default().to_string())
            .collect()
    };
    let guns = names("ordnance");
    assert!(guns.iter().any(|g| g == "Zed AT 37"), "{guns:?}");
    assert!(!guns.iter().any(|g| g == "Zed Typo"), "{guns:?}");
    assert!(names("unresolved").iter().any(|g| g == "Zed Typo"));
    assert!(out.join("vsl/chart/vsl-ordnance.pdf").is_file());
}
