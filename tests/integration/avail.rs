//! `qm avail` and `qm show`: answers checked against the notes' own text, and whole-run
//! snapshots of both commands.

use qm_registry::TheaterName;
use qm_resolve::query::{availability_at, find_vehicle, parse_month};

use crate::support::{root, run_qm};

/// (vehicle, theater, month, the RF the notes give — `None` when not available then).
/// Each row quotes the sentence it checks.
const SPOT_CHECKS: &[(&str, &str, &str, Option<f64>)] = &[
    // Note 2: "Dates and RF for use in North Africa are 6-12/40 (.9), 1/1 [1/41] (1.1), 2/41 (1.2),
    // 3/41 (1.4), 4-11/41 (1.2), 12/41 (1.4), 1/42 (1.5), and 2/42 (1.6)."
    ("L3/35", "North Africa", "6/40", Some(0.9)),
    ("L3/35", "North Africa", "1/41", Some(1.1)),
    ("L3/35", "North Africa", "3/41", Some(1.4)),
    ("L3/35", "North Africa", "2/42", Some(1.6)),
    ("L3/35", "North Africa", "3/42", None),
    // "For East Africa they are 7/40-1/41 (1.3), 2-3/41 (1.4), and 4-6/41 (1.5)."
    ("L3/35", "East Africa", "5/41", Some(1.5)),
    // "For Russia they are 9-10/41 (1.2) ... and 1/42 (1.5)."
    ("L3/35", "Russia", "10/41", Some(1.2)),
    ("L3/35", "Russia", "8/41", None),
    // "For the Balkans they are 10/40-4/41 (.9), 5/41-9/43 (1.1), and 44-5/45 (1.3; Fascist ...)"
    ("L3/35", "Balkans", "6/42", Some(1.1)),
    ("L3/35", "Yugoslavia", "3/44", Some(1.3)),
    // Note 3: "RF is always .4 higher (1.6 maximum) than ... the L3/35".
    ("L3 aa", "North Africa", "3/41", Some(1.6)),
    ("L3 aa", "North Africa", "6/40", Some(1.3)),
    // Note 4: "RF is 1.5 in 1940 and 1.6 in 1941" (DATES 6/40-2/41).
    ("L3 cc", "North Africa", "12/40", Some(1.5)),
    ("L3 cc", "North Africa", "2/41", Some(1.6)),
    ("L3 cc", "North Africa", "3/41", None),
    // Note 5: "Dates for use in ... the Balkans 10/40-4/41. RF is always .3 higher".
    ("L3 Lf", "Balkans", "1/41", Some(1.2)),
    ("L3 Lf", "France", "6/40", Some(1.4)),
    // Note 6: "North Africa are 12/41-6/42 (1.6), 7-9/42 (1.4) ..."
    ("L6/40", "North Africa", "6/41", None),
    ("L6/40", "North Africa", "8/42", Some(1.4)),
    ("L6/40", "Yugoslavia", "4/41", Some(1.3)),
    // Note 7: "For East Africa they are 7/40-1/41 (1.4), 2-3/41 (1.5), and 4-6/41 (1.6)."
    ("M11/39", "East Africa", "3/41", Some(1.5)),
    // Note 8: "North Africa are 12/40 (1.3) ... 11/41-6/42 (1.0)".
    ("M13/40", "North Africa", "12/40", Some(1.3)),
    ("M13/40", "North Africa", "1/42", Some(1.0)),
    ("M13/40", "Balkans", "2/41", Some(1.3)),
    // Note 9: "RF is 1.2 for 1-6/42, 1.0 for 7-11/42, 1.5 for 12/42-1/43, and 1.1 thereafter".
    ("M14/41", "North Africa", "4/43", Some(1.1)),
    ("M14/41", "North Africa", "12/42", Some(1.5)),
    // Note 10: "Dates and RF are 9/43 (1.2)".
    ("M15/42", "Italy", "9/43", Some(1.2)),
    // Note 12 (erratum 7-11/47 -> 7-11/42): "1-6/42 (1.5), 7-11/42 (1.3)".
    ("SMV M41 75/18", "North Africa", "8/42", Some(1.3)),
    // Note 15: "For Tunisia they are 12/42-5/43 (1.2)."
    ("SMV L40 47/32", "Tunisia", "2/43", Some(1.2)),
    ("SMV L40 47/32", "North Africa", "2/43", Some(1.2)),
    ("SMV L40 47/32", "Tunisia", "11/42", None),
    // Note 17: "AS 42 aa and AS 42 cc Dates and RF are the same, but with .1 added".
    ("AS 42", "North Africa", "12/42", Some(1.5)),
    ("AS 42 cc", "North Africa", "12/42", Some(1.6)),
    // Note 19: "limited to East Africa, with Dates and RF of 7/40-1/41 (1.4) and 2-6/41 (1.5)".
    ("Lancia 1ZM", "East Africa", "2/41", Some(1.5)),
    ("Lancia 1ZM", "North Africa", "2/41", None),
    // Note 21: "AB 41 ... for Russia they are 12/41- 8/42 (1.5)".
    ("AB 41", "Russia", "3/42", Some(1.5)),
    // AB 40: no schedule of its own; note N and the listing's RF 1.6, DATES 41.
    ("AB 40", "North Africa", "6/41", Some(1.6)),
    // Note 22: "Russia are 10-12/42 (1.5) and 1-3/43 (1.6)".
    ("Autoprot S37", "Russia", "2/43", Some(1.6)),
    // Note 24 (erratum 3-1 1/41 -> 3-11/41): "1.6 for 3-11/41".
    ("Autocann 75/27", "North Africa", "5/41", Some(1.6)),
    // Note 25: "TL 37 ... For East Africa they are 6/40-6/41 (1.5) and 7-11/41 (1.6)."
    ("TL 37", "East Africa", "9/41", Some(1.6)),
    // Note 26: "North Africa/Russia/Italy are 8/41-5/43 (1.1) ..."
    ("Autocarretta", "Russia", "9/41", Some(1.1)),
    ("Autocarretta", "East Africa", "9/41", None),
    // Note 28: "RF ... is 1.3 for an 8/41-9/43-scenario set in North Africa ... Otherwise it is 1.4".
    ("Autocarro L", "North Africa", "9/41", Some(1.3)),
    ("Autocarro L", "North Africa", "1/41", Some(1.4)),
    ("Autocarro M", "East Africa", "8/41", Some(1.6)),
];

#[test]
fn availability_matches_the_notes() {
    let compiled = qm_compile::pipeline::compile(&root().join("data-src"), &Default::default());
    let ita = compiled.nations.iter().find(|n| n.id == "ita").unwrap();
    let theaters = compiled.nation_theaters(&ita.id);
    let mut wrong = Vec::new();
    for &(name, theater, month, rf) in SPOT_CHECKS {
        let v = find_vehicle(ita, name).unwrap_or_else(|_| panic!("no vehicle {name}"));
        let Some(TheaterName::Theater(t)) = theaters.registry().lookup(theater) else {
            panic!("no theater {theater}");
        };
        let m = parse_month(month).unwrap();
        let got = availability_at(v, &t.id, m, &theaters).map(|a| a.rf.as_f64());
        if got != rf {
            wrong.push(format!(
                "{name} in {theater} {month}: expected {rf:?}, got {got:?}"
            ));
        }
    }
    assert!(SPOT_CHECKS.len() >= 30);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
#[allow(clippy::too_many_lines, reason = "one scenario checked step by step")]
fn avail_and_show_runs() {
    let runs: &[(&str, &[&str])] = &[
        (
            "avail_na_3_41",
            &[
                "avail",
                "ita",
                "--theater",
                "North Africa",
                "--date",
                "3/41",
            ],
        ),
        (
            "avail_na_3_41_json_l3aa",
            &[
                "avail",
                "ita",
                "--theater",
                "na",
                "--date",
                "1941-03",
                "--vehicle",
                "L3 aa",
                "--json",
            ],
        ),
        (
            "avail_unavailable_vehicle",
            &[
                "avail",
                "ita",
                "--theater",
                "Russia",
                "--date",
                "3/41",
                "--vehicle",
                "l6/40",
                "--json",
            ],
        ),
        (
            "avail_unknown_theater",
            &["avail", "ita", "--theater", "Sicliy", "--date", "7/43"],
        ),
        (
            "avail_unknown_vehicle",
            &[
                "avail",
                "ita",
                "--theater",
                "Sicily",
                "--date",
                "7/43",
                "--vehicle",
                "L3/36",
            ],
        ),
        (
            "avail_unknown_nation",
            &["avail", "itx", "--theater", "Sicily", "--date", "7/43"],
        ),
        (
            "avail_bad_date",
            &["avail", "ita", "--theater", "Sicily", "--date", "13/43"],
        ),
        // A group is answered for each of its members the nation fought in.
        (
            "avail_eto_3_41",
            &["avail", "ita", "--theater", "ETO", "--date", "3/41"],
        ),
        (
            "avail_eto_3_41_json_l3_35",
            &[
                "avail",
                "ita",
                "--theater",
                "the ETO",
                "--date",
                "3/41",
                "--vehicle",
                "L3/35",
                "--json",
            ],
        ),
        // A theater of the registry the Italians never fought in: nothing, and why.
        (
            "avail_burma",
            &["avail", "ita", "--theater", "Burma", "--date", "3/41"],
        ),
        (
            "avail_unknown_theater_brma",
            &["avail", "ita", "--theater", "Brma", "--date", "3/41"],
        ),
        ("show_l3aa", &["show", "ita", "l3 aa"]),
        ("show_m13_json", &["show", "ita", "M13 / 40", "--json"]),
        // A unique prefix finds the vehicle; a prefix of several lists them.
        ("show_prefix_unique", &["show", "ita", "Autocarro P"]),
        ("show_prefix_ambiguous", &["show", "ita", "autocarro"]),
    ];
    for (name, args) in runs {
        let out = run_qm(args, &root());
        insta::assert_snapshot!(*name, out);
    }
}

#[test]
fn avail_json_is_the_public_contract() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_qm"))
        .args([
            "avail",
            "ita",
            "--theater",
            "North Africa",
            "--date",
            "3/41",
            "--json",
        ])
        .current_dir(root())
        .output()
        .unwrap();
    assert!(out.status.success());
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = rows.as_array().unwrap();
    let l3 = rows.iter().find(|r| r["vehicle"] == "L3/35").unwrap();
    assert_eq!(l3["rf"], serde_json::json!(1.4));
    assert!(rows
        .iter()
        .all(|r| r["vehicle"].is_string() && r["rf"].is_number() && r["qualifiers"].is_array()));
    assert!(
        !rows.iter().any(|r| r["vehicle"] == "L6/40"),
        "unavailable vehicles are absent"
    );
}

#[test]
fn a_group_answers_for_each_member_and_a_whole_for_its_parts() {
    let compiled = qm_compile::pipeline::compile(&root().join("data-src"), &Default::default());
    let ita = compiled.nations.iter().find(|n| n.id == "ita").unwrap();
    let theaters = compiled.nation_theaters(&ita.id);
    let registry = theaters.registry();
    let m = parse_month("3/41").unwrap();
    let Some(eto @ TheaterName::Group(_)) = registry.lookup("ETO") else {
        panic!("ETO is a group");
    };
    // The ETO's members the Italians fought in, as the notes' "the ETO" stands for them.
    let members = theaters.expand(eto);
    let names: Vec<&str> = members.iter().map(|t| registry.name(t)).collect();
    assert_eq!(
        names,
        ["France", "the Balkans", "Russia", "Sicily", "Italy"]
    );
    // `qm avail --theater ETO` lists, member by member, what each member lists.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_qm"))
        .args([
            "avail",
            "ita",
            "--theater",
            "ETO",
            "--date",
            "3/41",
            "--json",
        ])
        .current_dir(root())
        .output()
        .unwrap();
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = json.as_array().unwrap();
    let mut expected = Vec::new();
    for t in &members {
        for v in &ita.vehicles {
            if availability_at(v, t, m, &theaters).is_some() {
                expected.push((registry.name(t).to_string(), v.name.clone()));
            }
        }
    }
    let got: Vec<(String, String)> = rows
        .iter()
        .map(|r| {
            (
                r["asked"].as_str().unwrap().to_string(),
                r["vehicle"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(got, expected);
    // A whole answers for its parts and a part for its whole.
    let id = |name: &str| match registry.lookup(name) {
        Some(TheaterName::Theater(t)) => t.id.clone(),
        _ => panic!("{name}"),
    };
    let l3 = find_vehicle(ita, "L3/35").unwrap();
    let in_yugoslavia = availability_at(
        l3,
        &id("Yugoslavia"),
        parse_month("3/44").unwrap(),
        &theaters,
    );
    assert_eq!(
        in_yugoslavia.map(|a| a.theaters.clone()),
        Some(vec![id("Balkans")])
    );
    let l40 = find_vehicle(ita, "SMV L40 47/32").unwrap();
    let in_na = availability_at(
        l40,
        &id("North Africa"),
        parse_month("2/43").unwrap(),
        &theaters,
    );
    assert!(in_na.is_some_and(
        |a| a.theaters.contains(&id("Tunisia")) || a.theaters.contains(&id("North Africa"))
    ));
}
