//! Issue 35 item 6: a scenario fields guns ("2 × 47/32 AT") from its nation's ordnance
//! listing, checked against their availability like vehicles (theater, month, faction), and
//! its card prints them.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::support::root;

/// `qm ARGS` in `cwd`: exit status, stdout, stderr.
fn qm(cwd: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_qm"))
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("qm runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A data folder: the made-up nation `frm` of tests/fixtures-ordnance with one more gun, a
/// name its type completes ("47/32", an AT gun of 39-45), and one scenario fielding `units`
/// (TOML inline tables) in North Africa in `date`.
fn data_with(date: &str, units: &[&str]) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    std::fs::create_dir_all(data.join("frm")).unwrap();
    std::fs::create_dir_all(data.join("scenarios")).unwrap();
    let listing =
        std::fs::read_to_string(root().join("tests/fixtures-ordnance/frm/ordnance.tsv")).unwrap();
    let row = "47/32\tAT\t47\t3\t\t150\t10\t1\t39-45\tNT, QSU\t30\t1.2\t6\n";
    std::fs::write(data.join("frm/ordnance.tsv"), listing + row).unwrap();
    let scenario = format!(
        "id = \"guns\"\ntitle = \"Guns\"\ndate = \"{date}\"\ntheater = \"North Africa\"\n\
         location = \"A made-up ridge\"\nturns = 5\nvictory = \"Hold the ridge.\"\n\
         desert_vp = true\n\n\
         [[side]]\nname = \"Zedland\"\nnation = \"frm\"\nunits = [\n{}\n]\n\n\
         [[side]]\nname = \"Others\"\nunits = [{{ name = \"4-5-7\", count = 3 }}]\n",
        units.join(",\n")
    );
    std::fs::write(data.join("scenarios/guns.toml"), scenario).unwrap();
    (tmp, data)
}

#[test]
fn a_scenario_fields_guns_that_are_available() {
    let (tmp, _) = data_with(
        "3/41",
        &[
            "{ name = \"47/32 AT\", count = 2 }",
            "{ name = \"Zed AT 37\", count = 1, kind = \"gun\" }",
            "{ name = \"Zed Mortar 8\", count = 1 }",
        ],
    );
    let w = tmp.path();
    let (code, out, err) = qm(w, &["check", "--data", "data"]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, _, err) = qm(w, &["build", "--data", "data", "--out", "out"]);
    assert_eq!(code, 0, "{err}");
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(w.join("out/scenarios/guns.json")).unwrap())
            .unwrap();
    let units = json["sides"][0]["units"].as_array().unwrap();
    let gun = &units[0];
    assert_eq!(gun["kind"], "gun");
    assert_eq!(gun["name"], "47/32");
    assert_eq!(gun["count"], 2);
    assert_eq!(gun["ordnance"], "47-32");
    assert!(gun.get("vehicle").is_some_and(Value::is_null));
    // DVP from its BPV (177): 30 -> 3.
    assert_eq!(gun["dvp"], 3);
    assert_eq!(gun["availability"]["rf"], 1.2);
    assert_eq!(gun["notes"][0]["kind"], "rarity");
    assert_eq!(units[1]["ordnance"], "zed-at-37");
    // The mortar's RF is a range the notes would settle: unknown, not unavailable.
    let mortar = &units[2];
    assert!(mortar["availability"].is_null());
    let note = mortar["notes"][0]["text"].as_str().unwrap();
    assert!(note.contains("1.1-.9†"), "{note}");
    // 2 × 3 + 3 + 3 (the mortar's BPV 30).
    assert_eq!(json["sides"][0]["dvp_total"], 12);
    // The card prints them, with their RF.
    let html = std::fs::read_to_string(w.join("out/scenarios/guns.html")).unwrap();
    for text in ["47/32", "Zed AT 37", "Zed Mortar 8", "RF 1.2"] {
        assert!(html.contains(text), "{text} not on the card");
    }
}

#[test]
fn a_gun_not_yet_in_service_is_an_error_naming_it() {
    let (tmp, _) = data_with(
        "3/41",
        &[
            "{ name = \"Zed AT 88\", count = 1 }",
            "{ name = \"Zed AT 37\", count = 1 }",
        ],
    );
    let (code, out, err) = qm(tmp.path(), &["check", "--data", "data"]);
    let all = format!("{out}{err}");
    assert_eq!(code, 1, "{all}");
    assert!(
        all.contains(
            "error[scenario::unavailable]: failed to field the Zed AT 88 in North Africa in 3/41"
        ),
        "{all}"
    );
    assert!(all.contains("scenarios/guns.toml"), "{all}");
    assert!(all.contains("or choose another gun"), "{all}");
    assert!(!all.contains("Zed AT 37 in"), "{all}");
}

#[test]
fn an_unknown_gun_is_an_error_with_close_names() {
    let (tmp, _) = data_with(
        "3/41",
        &[
            "{ name = \"Zed AT 73\", count = 1, kind = \"gun\" }",
            "{ name = \"Zed Mortar 88\", count = 1 }",
        ],
    );
    let (code, out, err) = qm(tmp.path(), &["check", "--data", "data"]);
    let all = format!("{out}{err}");
    assert_eq!(code, 1, "{all}");
    assert!(
        all.contains("failed to find the gun `Zed AT 73` in the frm data"),
        "{all}"
    );
    assert!(
        all.contains("failed to find the vehicle, gun or infantry unit `Zed Mortar 88`"),
        "{all}"
    );
    assert!(all.contains("Zed AT 37"), "{all}");
}
