//! Scenarios: the `tests/scenarios/*.toml` fixtures (diagnostics and card notes), the example
//! scenarios of `data-src/scenarios/` (resolved JSON and card HTML), and the card's PNG.
//!
//! The fixtures run against the availability the notes resolver derives from the real data.

use qm::compile::{compile, compile_scenarios};
use qm::load::{load, load_scenarios};
use qm::resolve::resolve_nation;
use qm::scenario::{card_html, card_svg, card_view, svg_to_png};
use qm::templates::Templates;
use qm_schema::{Nation, Scenario};

use crate::support::{root, run_qm};

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
    insta::glob!("../scenarios", "*.toml", |path: &std::path::Path| {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let mut loaded = load(&root().join("data-src"));
        let nations: Vec<Nation> = loaded
            .nations
            .iter()
            .map(|n| resolve_nation(&loaded, n).nation)
            .collect();
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
