//! Scenarios: the `tests/scenarios/*.toml` fixtures (diagnostics and card notes), the example
//! scenarios of `data-src/scenarios/` (resolved JSON and card HTML), and the card's PNG.
//!
//! Until the notes resolver fills `Vehicle.availability` (and radio, HEAT, Fascist-only), the
//! fixtures run against hand-built availability from `tests/hand_built_availability.toml`,
//! applied only to vehicles whose availability is empty.

use std::path::Path;

use qm::compile::{compile, compile_scenarios};
use qm::load::{load, load_scenarios};
use qm::query::parse_month;
use qm::resolve::resolve_nation;
use qm::scenario::{card_html, card_svg, card_view, svg_to_png};
use qm::templates::Templates;
use qm_schema::{
    Availability, AvailabilityOrigin, Nation, Period, Qualifier, RadioStatus, Scenario, Tenths,
    Theater, YearMonth,
};
use serde::Deserialize;

use crate::support::{root, run_qm};

#[derive(Deserialize)]
struct HandBuilt {
    vehicle: Vec<HandVehicle>,
}

#[derive(Deserialize)]
struct HandVehicle {
    name: String,
    note: u16,
    entries: Vec<toml::Value>,
    #[serde(default)]
    radio: Vec<(String, bool)>,
    heat_from: Option<String>,
}

/// `6-12/40`, `12/41-6/42`, `44-5/45`, `1/41`.
fn period(text: &str) -> Period {
    let (a, b) = text.split_once('-').unwrap_or((text, text));
    let to = parse_month(b).unwrap_or_else(|| panic!("bad period {text}"));
    let from = if a.contains('/') {
        parse_month(a).unwrap()
    } else {
        let n: u16 = a.parse().unwrap();
        if n <= 12 {
            YearMonth::new(to.year, n as u8).unwrap()
        } else {
            YearMonth::new(1900 + n, 1).unwrap()
        }
    };
    Period::new(from, to).unwrap()
}

/// Fills availability, radio, HEAT and Fascist-only periods from the hand-built table for the
/// vehicles the resolver left without availability.
fn hand_built(nation: &mut Nation) {
    let text = std::fs::read_to_string(root().join("tests/hand_built_availability.toml")).unwrap();
    let table: HandBuilt = toml::from_str(&text).unwrap();
    for hv in table.vehicle {
        let v = nation
            .vehicles
            .iter_mut()
            .find(|v| v.name == hv.name)
            .unwrap_or_else(|| panic!("no vehicle {}", hv.name));
        if !v.availability.is_empty() {
            continue;
        }
        for e in &hv.entries {
            let e = e.as_array().unwrap();
            let fascist = e.get(3).and_then(|f| f.as_str()) == Some("fascist");
            let p = period(e[1].as_str().unwrap());
            v.availability.push(Availability {
                theaters: vec![Theater::lookup(e[0].as_str().unwrap()).unwrap()],
                period: p,
                rf: Tenths((e[2].as_float().unwrap() * 10.0).round() as u32),
                qualifiers: if fascist {
                    vec![Qualifier::FascistUseOnly]
                } else {
                    Vec::new()
                },
                origin: AvailabilityOrigin::Note {
                    note: hv.note,
                    span: v.row.clone(),
                },
            });
            if fascist {
                v.fascist_only.push(p);
            }
        }
        v.radio = hv
            .radio
            .iter()
            .map(|(p, has_radio)| RadioStatus {
                period: period(p),
                has_radio: *has_radio,
                source: None,
            })
            .collect();
        v.heat_from = hv.heat_from.as_deref().and_then(parse_month);
    }
}

/// The card facts of a resolved scenario, one per line.
fn notes_text(s: &Scenario) -> String {
    let mut out = String::new();
    let rule = |r: &Option<String>| r.as_ref().map(|r| format!(" [{r}]")).unwrap_or_default();
    for side in &s.sides {
        out.push_str(&format!("{} (DVP total {:?})\n", side.name, side.dvp_total));
        for n in &side.notes {
            out.push_str(&format!("  {:?}{}\n", n.kind, rule(&n.rule)));
        }
        for u in &side.units {
            out.push_str(&format!("  {} x{} (DVP {:?})\n", u.name, u.count, u.dvp));
            for n in &u.notes {
                out.push_str(&format!("    {:?}: {}{}\n", n.kind, n.text, rule(&n.rule)));
            }
        }
    }
    out
}

#[test]
fn scenario_fixtures() {
    insta::glob!("../scenarios", "*.toml", |path: &Path| {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let mut loaded = load(&root().join("data-src"));
        let mut nations: Vec<Nation> = loaded
            .nations
            .iter()
            .map(|n| resolve_nation(&loaded, n).nation)
            .collect();
        for n in &mut nations {
            hand_built(n);
        }
        loaded.scenarios.clear();
        load_scenarios(&mut loaded, path, &format!("tests/scenarios/{name}.toml"));
        let (scenarios, mut diags) = compile_scenarios(&loaded, &nations);
        qm::diagnostics::sort(&loaded.sources, &mut diags);
        let mut out = qm::diagnostics::render(&loaded.sources, &diags);
        for s in &scenarios {
            out.push_str("--- card notes\n");
            out.push_str(&notes_text(s));
        }
        if name.starts_with("err_") {
            assert!(!diags.is_empty(), "{name} must report something:\n{out}");
            assert!(
                out.contains(" ┌─ tests/scenarios/"),
                "{name} must point into the scenario:\n{out}"
            );
        } else {
            assert!(diags.is_empty(), "{name} must pass:\n{out}");
        }
        insta::assert_snapshot!(out);
    });
}

#[test]
fn example_scenarios_resolve_and_render() {
    let compiled = compile(&root().join("data-src"));
    assert!(!compiled.failed(true), "{:?}", compiled.diagnostics);
    assert_eq!(compiled.scenarios.len(), 2);
    let templates = Templates::new(None);
    for s in &compiled.scenarios {
        insta::assert_json_snapshot!(format!("example_{}", s.id), s);
        let view = card_view(&templates, s, &compiled.nations).unwrap();
        let html = card_html(&templates, &view).unwrap();
        insta::assert_snapshot!(format!("card_{}", s.id), html);
        // The PNG is for people to look at; the test checks only that it renders.
        let svg = card_svg(&templates, &view).unwrap();
        let png = svg_to_png(&svg, 100.0).unwrap();
        assert!(png.starts_with(b"\x89PNG"));
        let dir = root().join("target/scenario-cards");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("{}.png", s.id)), png).unwrap();
    }
}

#[test]
fn check_reports_scenario_errors_from_the_command_line() {
    for fixture in ["err_unavailable_l3_cc_3_41", "err_unknown_names"] {
        let path = format!("tests/scenarios/{fixture}.toml");
        let output = run_qm(&["check", "--strict", "--scenarios", &path], &root());
        assert!(output.starts_with("exit: 1\n"), "{output}");
        insta::assert_snapshot!(format!("cli_{fixture}"), output);
    }
}

#[test]
fn build_writes_each_scenario_as_json_html_and_pdf() {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join("out");
    let output = run_qm(&["build", "--out", dir.to_str().unwrap()], &root());
    assert!(output.starts_with("exit: 0\n"), "{output}");
    for id in ["ariete-in-the-cauldron", "rearguard-at-buq-buq"] {
        for ext in ["json", "html", "pdf"] {
            let path = dir.join(format!("scenarios/{id}.{ext}"));
            assert!(path.is_file(), "missing {}", path.display());
        }
        let pdf = std::fs::read(dir.join(format!("scenarios/{id}.pdf"))).unwrap();
        assert!(pdf.starts_with(b"%PDF"));
    }
    for name in ["scenario.schema.json", "scenario-file.schema.json"] {
        assert!(dir.join("schema").join(name).is_file());
    }
    assert!(dir.join("ita/counters/infantry/3-4-7-front.svg").is_file());
}
