//! `tests/fixtures-ordnance`: two made-up nations with guns only, `frm` (the publication's
//! layout, a row of every cell form) and `vsl` (VASL's CSV layout, markup and VASL's own rows
//! included, one typo). What `check`, `avail` and `show` make of them (an error in a gun row
//! still blocks the nation's queries: guns are not yet named as unresolved, as vehicles are).

use serde_json::Value;

use crate::support::qm_on_data;

/// `qm ARGS --data tests/fixtures-ordnance`: exit status, stdout and stderr.
fn qm(args: &[&str]) -> (i32, String, String) {
    qm_on_data("tests/fixtures-ordnance", args)
}

#[test]
fn check_reports_the_ordnance_typo_at_its_item_and_nothing_else() {
    let (code, out, err) = qm(&["check"]);
    let all = format!("{out}{err}");
    assert_eq!(code, 1, "{all}");
    assert!(all.contains("vsl/ordnance.csv:11:"), "{all}");
    assert!(all.contains("listing::bad-cell"), "{all}");
    assert!(!all.contains("frm/ordnance.tsv"), "{all}");
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
