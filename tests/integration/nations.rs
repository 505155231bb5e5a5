//! A second nation (`tests/fixtures-nations/rur`, made up) compiled beside no code change:
//! its theaters and vehicle types come from the registries, its own files add to them.

use std::path::Path;

use qm_compile::pipeline::{compile, Compiled};
use qm_registry::NationRegistries;
use qm_registry::TheaterName;
use qm_schema::{Nation, TheaterId};

use crate::support::root;

/// Copies the made-up nation into a fresh data directory, with `extra` files (name, text)
/// added to its folder.
fn rur_data(extra: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let rur = dir.path().join("rur");
    std::fs::create_dir_all(&rur).unwrap();
    let src = root().join("tests/fixtures-nations/rur");
    for f in ["listing.tsv", "notes.md"] {
        std::fs::copy(src.join(f), rur.join(f)).unwrap();
    }
    for (name, text) in extra {
        std::fs::write(rur.join(name), text).unwrap();
    }
    dir
}

fn rur(compiled: &Compiled) -> &Nation {
    compiled.nations.iter().find(|n| n.id == "rur").unwrap()
}

/// The theaters of a vehicle's entries, each once, in the order the IR lists them.
fn theaters_of(n: &Nation, vehicle: &str) -> Vec<String> {
    let v = n.vehicles.iter().find(|v| v.name == vehicle).unwrap();
    let mut out: Vec<String> = Vec::new();
    for t in v.availability.iter().flat_map(|a| &a.theaters) {
        if !out.contains(&t.to_string()) {
            out.push(t.to_string());
        }
    }
    out
}

fn codes(compiled: &Compiled) -> Vec<&'static str> {
    compiled.diagnostics.iter().map(|d| d.code).collect()
}

#[test]
fn a_second_nation_compiles_past_every_theater_and_type_error() {
    let dir = rur_data(&[]);
    let compiled = compile(dir.path(), &Default::default());
    let codes = codes(&compiled);
    for gone in [
        "notes::unknown-theater",
        "listing::unknown-type",
        "registry::syntax",
    ] {
        assert!(!codes.contains(&gone), "{gone}: {codes:?}");
    }
    let n = rur(&compiled);
    // Every row is kept, `HT` (heavy tank) beside `ht` (halftrack), `mc` and `AG/TD` included.
    assert_eq!(n.vehicles.len(), 16);
    let types = &compiled.loaded.registries_of("rur").types;
    let group = |name: &str| {
        let v = n.vehicles.iter().find(|v| v.name == name).unwrap();
        types.group_of(v.vehicle_type.value.as_ref().unwrap())
    };
    assert_eq!(group("Bastion"), Some("Heavy tanks"));
    assert_eq!(group("Kestrel"), Some("Halftracks"));
    assert_eq!(group("Assault Mortar"), Some("Assault guns"));
    assert_eq!(group("Dispatch Cycle"), Some("Motorcycles"));
    // The theaters its notes name, the Low Countries folded into Northwest Europe; "Any"
    // last says the nation declares none (`[nation] theaters`), so an entry without a
    // theater answers for every theater.
    let fought: Vec<&str> = compiled.theaters["rur"]
        .iter()
        .map(TheaterId::as_str)
        .collect();
    assert_eq!(
        fought,
        [
            "NorthAfrica",
            "EastAfrica",
            "Italy",
            "NorthwestEurope",
            "Burma",
            "Malaya",
            "China",
            "NewGuinea",
            "Any"
        ]
    );
    assert_eq!(theaters_of(n, "Rook Mk I"), ["Burma", "Malaya"]);
    // "North Africa are 42-5/43 (1.3); elsewhere they are 6/43-5/45 (1.4)": elsewhere is
    // every other theater of this nation, not the Italians' Mediterranean.
    assert_eq!(
        theaters_of(n, "Warden"),
        [
            "NorthAfrica",
            "EastAfrica",
            "Italy",
            "NorthwestEurope",
            "Burma",
            "Malaya",
            "China",
            "NewGuinea"
        ]
    );
    // The chart lists the nation's own groups in the registry's order.
    let chart = qm_render::chart_model(n, types);
    let labels: Vec<&str> = chart.groups.iter().map(|g| g.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "Tankettes",
            "Light tanks",
            "Medium tanks",
            "Heavy tanks",
            "Assault guns",
            "Tank destroyers",
            "Self-propelled artillery",
            "Scout cars",
            "Armored cars",
            "Halftracks",
            "Motorcycles",
            "Trucks and tractors"
        ]
    );
    let heavy = chart
        .groups
        .iter()
        .find(|g| g.label == "Heavy tanks")
        .unwrap();
    assert_eq!((heavy.id.as_str(), heavy.code.as_str()), ("HT", "HT"));
}

#[test]
fn a_nation_lists_its_theaters_and_adds_to_the_registries() {
    // Its rules give every AFV a radio (a national rule of effect `afv_radio`).
    let ob = "[nation]\nname = \"Ruritanian\"\ntheaters = [\"North Africa\", \"Burma\", \"Ruritania\"]\n\n[[national_rule]]\nid = \"radio\"\neffect = \"afv_radio\"\ntitle = \"AFV Radio\"\ntext = \"Every AFV has a radio.\"\nrule = \"181.21\"\nlines = \"1\"\n";
    let theaters = "[[theater]]\nid = \"Ruritania\"\nname = \"Ruritania\"\naliases = [\"Ruritanian homeland\"]\npart_of = \"Balkans\"\n";
    // Its scout cars are armored: an AFV for this nation only.
    let types = "[[type]]\ncode = \"SC\"\nafv = true\n";
    let dir = rur_data(&[
        ("ob.toml", ob),
        ("theaters.toml", theaters),
        ("vehicle-types.toml", types),
    ]);
    let compiled = compile(dir.path(), &Default::default());
    assert!(
        !codes(&compiled).iter().any(|c| c.starts_with("registry::")),
        "{:?}",
        codes(&compiled)
    );
    let n = rur(&compiled);
    // `[nation] theaters` decides what "elsewhere" covers.
    assert_eq!(
        theaters_of(n, "Warden"),
        ["NorthAfrica", "Burma", "Ruritania"]
    );
    let own = compiled.loaded.registries_of("rur");
    assert!(matches!(
        own.theaters.lookup("the ruritanian homeland"),
        Some(TheaterName::Theater(t)) if t.id.as_str() == "Ruritania"
    ));
    assert!(compiled
        .loaded
        .registries
        .theaters
        .lookup("Ruritania")
        .is_none());
    // An AFV has a radio unless the listing or a note says otherwise (the national rule).
    let bantam = n
        .vehicles
        .iter()
        .find(|v| v.name == "Scout Bantam")
        .unwrap();
    assert!(bantam.radio.iter().all(|r| r.has_radio) && !bantam.radio.is_empty());
    let plain = compile(rur_data(&[]).path(), &Default::default());
    let bantam = rur(&plain)
        .vehicles
        .iter()
        .find(|v| v.name == "Scout Bantam")
        .unwrap();
    assert!(bantam.radio.is_empty());
}

#[test]
fn a_data_directory_may_replace_the_built_in_registries() {
    // The err_registry fixture's own registry/ replaces the built-in files: its mistakes are
    // reported in it, and the built-in theaters are gone.
    let compiled = compile(
        &root().join("tests/fixtures/err_registry"),
        &Default::default(),
    );
    assert!(compiled
        .loaded
        .registries
        .theaters
        .lookup("Burma")
        .is_none());
    assert!(compiled.loaded.registries.theaters.lookup("NA").is_some());
    let files: Vec<String> = compiled
        .diagnostics
        .iter()
        .filter_map(|d| d.span.as_ref())
        .filter_map(|s| compiled.loaded.sources.get(s.file))
        .map(|s| s.name.clone())
        .collect();
    assert!(files
        .iter()
        .all(|f| Path::new(f).extension().is_some_and(|e| e == "toml")));
    assert!(
        files.contains(&"registry/theaters.toml".to_string()),
        "{files:?}"
    );
}

#[test]
fn a_nation_of_listing_and_notes_alone_assumes_nothing() {
    let dir = rur_data(&[]);
    let compiled = compile(dir.path(), &Default::default());
    let n = rur(&compiled);
    assert_eq!((n.id.as_str(), n.name.as_str()), ("rur", "rur"));
    assert!(!n.axis);
    assert!(n.factions.is_empty() && n.national_rules.is_empty());
    assert!(n.infantry.units.is_empty() && n.infantry.classes.is_empty());
    // No radio default: only the ® column and the notes speak.
    let rook = n.vehicles.iter().find(|v| v.name == "Rook Mk II").unwrap();
    assert!(rook.radio.is_empty());
    assert!(!codes(&compiled)
        .iter()
        .any(|c| c.starts_with("ob::") || *c == "notes::unknown-faction"));
}
