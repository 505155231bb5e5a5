//! A second nation beside the reference data: the made-up `tests/fixtures-nations/rur/` (its
//! own theaters, vehicle types, note letters and no `ob.toml`) compiles, answers `avail` and
//! `show` as its notes say, and builds into the module beside the Italian pieces — with no
//! code that knows either nation.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use qm_export::vassal::check::check_vmod;
use serde_json::Value;

use crate::support::{root, run_qm};
use qm_test_support::copy_dir;

/// A data folder holding `data-src/` and the second nation, its gpids registered, and built
/// once into `out/` (shared by the tests of this module).
fn data_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap().keep();
        let data = dir.join("data");
        copy_dir(&root().join("data-src"), &data);
        copy_dir(
            &root().join("tests/fixtures-nations/rur"),
            &data.join("rur"),
        );
        let d = data.to_str().unwrap();
        let update = run_qm(&["vassal", "gpids", "--update", "--data", d], &dir);
        assert!(update.starts_with("exit: 0"), "{update}");
        let out = dir.join("out");
        let build = run_qm(
            &["build", "--data", d, "--out", out.to_str().unwrap()],
            &dir,
        );
        assert!(build.starts_with("exit: 0"), "{build}");
        dir
    })
}

/// Runs `qm` with `--data` pointing at the two-nation folder, paths filtered out.
fn qm(args: &[&str]) -> String {
    let dir = data_dir();
    let data = dir.join("data");
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--data", data.to_str().unwrap()]);
    run_qm(&all, dir).replace(dir.to_str().unwrap(), "[DIR]")
}

#[test]
fn the_second_nation_checks_clean() {
    let out = qm(&["check", "--strict"]);
    assert!(out.starts_with("exit: 0"), "{out}");
    insta::assert_snapshot!(out);
}

/// The resolved record, one vehicle a block: what a reader compares with the notes.
fn summary(nation: &Value) -> String {
    let mut s = String::new();
    for v in nation["vehicles"].as_array().unwrap() {
        let field = |k: &str| v[k]["value"].to_string();
        s.push_str(&format!(
            "{} [{}] RF {} DATES {} BPV {} DVP {}\n",
            v["name"].as_str().unwrap(),
            v["vehicle_type"]["value"],
            v["rf"]["raw"],
            v["dates"]["raw"],
            field("bpv"),
            v["dvp"]["value"],
        ));
        for a in v["availability"].as_array().unwrap() {
            s.push_str(&format!(
                "  avail {} {} rf {} {} ({})\n",
                a["theaters"],
                a["period"],
                a["rf"],
                a["qualifiers"],
                a["origin"]["kind"].as_str().unwrap_or("?"),
            ));
        }
        for k in ["radio", "heat_from", "optional_armament"] {
            if !v[k].is_null() && v[k] != Value::Array(vec![]) {
                s.push_str(&format!("  {k} {}\n", strip_sources(&v[k])));
            }
        }
        // Each counter item as kind=text (its label first when it has one).
        let side = |items: &Value| {
            items
                .as_array()
                .into_iter()
                .flatten()
                .map(|i| {
                    let label = i["label"]
                        .as_str()
                        .map_or(String::new(), |l| format!("{l} "));
                    let kind = i["kind"].as_str().unwrap_or("?");
                    format!("{kind}={label}{}", i["text"].as_str().unwrap_or("?"))
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        s.push_str(&format!(
            "  counter front [{}] back [{}]\n",
            side(&v["counter"]["front"]),
            side(&v["counter"]["back"])
        ));
    }
    s
}

/// The value without provenance (`source` objects), so the summary reads as data.
fn strip_sources(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(k, _)| k.as_str() != "source")
                .map(|(k, v)| (k.clone(), strip_sources(v)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(strip_sources).collect()),
        other => other.clone(),
    }
}

#[test]
fn the_second_nation_resolves_as_its_notes_say() {
    let text = std::fs::read_to_string(data_dir().join("out/rur.json")).unwrap();
    let nation: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(nation["vehicles"].as_array().unwrap().len(), 16);
    insta::assert_snapshot!(summary(&nation));
}

#[test]
fn avail_answers_for_new_theaters_groups_and_letters() {
    let mut runs = BTreeMap::new();
    for (theater, date) in [
        ("Burma", "6/42"),
        ("Malaya", "1/42"),
        ("Northwest Europe", "10/44"),
        ("the Low Countries", "3/45"),
        ("ETO", "3/45"),
        ("New Guinea", "1/43"),
        // Its note N is a smoke rule, not a North Africa window.
        ("North Africa", "6/42"),
        ("China", "6/40"),
    ] {
        runs.insert(
            format!("{theater} {date}"),
            qm(&["avail", "rur", "--theater", theater, "--date", date]),
        );
    }
    let text: String = runs
        .iter()
        .map(|(k, v)| format!("=== avail rur --theater {k}\n{v}\n"))
        .collect();
    insta::assert_snapshot!(text);
}

#[test]
fn show_finds_vehicles_by_name_and_prefix() {
    let mut text = String::new();
    for name in ["Rook Mk IIA", "bastion", "Hauler 6", "Rook", "Tortise"] {
        text.push_str(&format!(
            "=== show rur {name}\n{}\n",
            qm(&["show", "rur", name])
        ));
    }
    insta::assert_snapshot!(text);
}

#[test]
fn the_second_nation_draws_counters_and_vassal_pieces() {
    let out = data_dir().join("out");
    let svg = |side: &str| {
        std::fs::read_to_string(out.join(format!("rur/counters/bastion-{side}.svg")))
            .unwrap_or_else(|e| panic!("bastion {side}: {e}"))
    };
    insta::with_settings!({ filters => crate::support::DATA_URI_FILTERS.to_vec() }, {
        insta::assert_snapshot!("bastion_front", svg("front"));
        insta::assert_snapshot!("bastion_back", svg("back"));
    });

    let vmod_dir = out.join("vassal");
    let vmod = std::fs::read_dir(&vmod_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "vmod"))
        .expect("a module");
    let report = check_vmod(&std::fs::read(vmod).unwrap()).unwrap();
    assert!(report.is_ok(), "{:#?}", report.problems);
    let mut pieces = String::new();
    let mut nations = BTreeMap::<String, usize>::new();
    for slot in &report.slots {
        let piece = slot.piece.as_ref().unwrap();
        let props: BTreeMap<String, String> = piece.properties().into_iter().collect();
        let nation = props.get("Nation").cloned().unwrap_or_default();
        *nations.entry(nation.clone()).or_default() += 1;
        if nation == "Italian" {
            continue;
        }
        let basic = piece.basic().unwrap();
        pieces.push_str(&format!(
            "{} gpid={} image={} protos={:?} props={:?}\n",
            basic.name,
            slot.gpid,
            basic.image,
            piece.prototype_refs(),
            props
        ));
    }
    assert!(nations.len() >= 2, "{nations:?}");
    insta::assert_snapshot!("rur_pieces", format!("{nations:?}\n{pieces}"));
}
