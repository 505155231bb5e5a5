//! Scenarios: the `tests/scenarios/*.toml` fixtures (diagnostics and card notes), the example
//! scenarios of `data-src/scenarios/` (resolved JSON and card HTML), and the card's PNG.
//!
//! The fixtures run against the availability the notes resolver derives from the real data.

use qm_compile::nations::resolve_nation;
use qm_compile::pipeline::{compile, compile_scenarios, Compiled};
use qm_layout::card::card_scale;
use qm_layout::svg::with_size as svg_with_size;
use qm_load::data_dir::{load, load_scenarios};
use qm_render::card::{card_html, card_svg, card_view};
use qm_render::infantry::{infantry_counter_svg, InfantrySide};
use qm_render::templates::Templates;
use qm_render::{counter_svg, CounterOptions};
use qm_schema::{CounterSide, Nation, Scenario};

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
        let mut loaded = load(&root().join("data-src"), Default::default());
        let mut nations: Vec<Nation> = Vec::new();
        let mut theaters = std::collections::BTreeMap::new();
        for n in &loaded.nations {
            let resolved = resolve_nation(&loaded, n);
            theaters.insert(n.input.id.clone(), resolved.theaters);
            nations.push(resolved.nation);
        }
        loaded.scenarios.clear();
        load_scenarios(&mut loaded, path, &format!("tests/scenarios/{name}.toml"));
        let (scenarios, mut diags) = compile_scenarios(&loaded, &nations, &theaters);
        qm_load::diagnostics::sort(&loaded.sources, &mut diags);
        let mut out = qm_load::diagnostics::render(&loaded.sources, &diags);
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

/// The counters as the build draws them: their pictures and their nations' colours.
fn drawn_as_built(compiled: &Compiled, templates: &Templates) -> CounterOptions {
    CounterOptions {
        pictures: qm_render::Pictures::new(
            &compiled.nations,
            &compiled.loaded,
            &compiled.art,
            templates,
        )
        .unwrap(),
        colours: compiled.colours.clone(),
        ..CounterOptions::default()
    }
}

#[test]
fn example_scenarios_resolve_and_render() {
    let compiled = compile(&root().join("data-src"), &Default::default());
    assert!(!compiled.failed(true), "{:?}", compiled.diagnostics);
    assert_eq!(compiled.scenarios.len(), 3);
    let templates = Templates::new(None);
    let counters = drawn_as_built(&compiled, &templates);
    for s in &compiled.scenarios {
        insta::assert_json_snapshot!(format!("example_{}", s.id), s);
        let view = card_view(
            &templates,
            s,
            &compiled.nations,
            &compiled.loaded,
            &counters,
        )
        .unwrap();
        // What `qm check` measures without drawing is what the build lays out, for a card
        // that fits and for one shrunk to fit.
        assert_eq!(card_scale(s), view.scale, "{}", s.id);
        let mut full = s.clone();
        full.ssrs
            .extend((0..40).map(|i| format!("Rule {i}: {}", "words ".repeat(30))));
        let shrunk = card_view(
            &templates,
            &full,
            &compiled.nations,
            &compiled.loaded,
            &counters,
        )
        .unwrap();
        assert!(shrunk.scale < 1.0, "{}", shrunk.scale);
        assert_eq!(card_scale(&full), shrunk.scale, "{}", s.id);
        let html = card_html(&templates, &view).unwrap();
        insta::with_settings!({ filters => crate::support::DATA_URI_FILTERS.to_vec() }, {
            insta::assert_snapshot!(format!("card_{}", s.id), html);
        });
        // The PNG is for people to look at; the test checks only that it renders.
        let svg = card_svg(&templates, &view).unwrap();
        let png = page_png(&svg, 100.0);
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
    for id in [
        "ariete-in-the-cauldron",
        "italians-and-rumanians",
        "rearguard-at-buq-buq",
    ] {
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
    // 1/2 inch infantry at the default 60 px per 5/8 inch vehicle counter: 48 px.
    assert_eq!(qm_render::infantry::infantry_px(60), 48);
    let png = std::fs::read(dir.join("ita/counters/infantry/3-4-7-front.png")).unwrap();
    assert_eq!(crate::support::png_size(&png), (48, 48));
}

/// The example scenario `id` and the Italian nation of a compiled data directory.
fn example<'a>(compiled: &'a Compiled, id: &str) -> (&'a Scenario, &'a Nation) {
    let s = compiled.scenarios.iter().find(|s| s.id == id).unwrap();
    let ita = compiled.nations.iter().find(|n| n.id == "ita").unwrap();
    (s, ita)
}

/// A vehicle's picture in a card's HTML, found by the name its counter prints: from its
/// `<span class="pic">` to the DVP badge's text, if any.
fn html_picture<'a>(html: &'a str, name: &str) -> &'a str {
    let title = format!("\">{name}</tspan>");
    let at = html
        .find(&title)
        .unwrap_or_else(|| panic!("no {name} counter"));
    let start = html[..at].rfind("<span class=\"pic\">").unwrap();
    let end = at + html[at..].find("</span><span class=\"count\">").unwrap();
    &html[start..end]
}

#[test]
#[allow(clippy::too_many_lines, reason = "one scenario checked step by step")]
fn card_pictures_are_the_renderers_counters_with_dvp_and_red_mp() {
    let compiled = compile(&root().join("data-src"), &Default::default());
    let templates = Templates::new(None);
    let counters = drawn_as_built(&compiled, &templates);
    // 12/40 in North Africa: rule 178 makes the Italian MP red; 6/42: black.
    for (id, red) in [
        ("rearguard-at-buq-buq", true),
        ("ariete-in-the-cauldron", false),
    ] {
        let (s, ita) = example(&compiled, id);
        assert!(s.desert_vp, "{id} uses Desert VP");
        let r = &compiled.loaded.registries;
        assert_eq!(
            r.rules
                .red_mp_for_nation(ita.axis, &s.theater, s.date, &r.theaters)
                .is_some(),
            red,
            "{id}"
        );
        let view = card_view(
            &templates,
            s,
            &compiled.nations,
            &compiled.loaded,
            &counters,
        )
        .unwrap();
        let html = card_html(&templates, &view).unwrap();
        let svg = card_svg(&templates, &view).unwrap();
        let italian = s.sides.iter().find(|d| d.nation.is_some()).unwrap();
        for u in &italian.units {
            if let Some(vid) = &u.vehicle {
                // The very SVG the counter renderer draws, only resized.
                let v = ita.vehicles.iter().find(|v| v.id == *vid).unwrap();
                let opts = CounterOptions {
                    red_mp: red,
                    ..counters.clone()
                };
                let front = counter_svg(ita, v, CounterSide::Front, &templates, &opts).unwrap();
                let mm = svg_with_size(&front, "15.875mm", "15.875mm");
                assert!(html.contains(mm.trim_end()), "{id}: the {} picture", v.name);
                let units = svg_with_size(&front, "15.875", "15.875");
                assert!(
                    svg.contains(units.trim_end()),
                    "{id}: the {} page picture",
                    v.name
                );
            }
            if let Some(iid) = &u.infantry {
                let i = ita.infantry.units.iter().find(|i| i.id == *iid).unwrap();
                let front = infantry_counter_svg(&templates, ita, i, InfantrySide::Front).unwrap();
                let mm = svg_with_size(&front, "12.7mm", "12.7mm");
                assert!(html.contains(mm.trim_end()), "{id}: the {} picture", i.name);
            }
        }
        // The M13/40: its MA, and its DVP (10% of BPV 34, rounded up) in red on the picture.
        let m13 = ita.vehicles.iter().find(|v| v.id == "m13-40").unwrap();
        let bpv = m13.bpv.value.unwrap();
        let dvp = bpv.div_ceil(10);
        assert_eq!(dvp, 4);
        let pic = html_picture(&html, "M13/40");
        assert!(pic.contains(">T47</tspan>"), "{pic}");
        assert!(
            pic.ends_with(&format!(
                "</svg><span class=\"dvp\" title=\"Desert VP (177)\">{dvp}</span>"
            )),
            "{pic}"
        );
        assert!(html.contains(".unit .dvp {") && html.contains("color: #d00000"));
        let mp = format!(">{}</tspan>", m13.values.mp.as_ref().unwrap().raw);
        let red_mp = pic.split("fill=\"#c8102e\"><tspan").skip(1).any(|t| {
            t.split("</tspan>")
                .next()
                .is_some_and(|t| format!("{t}</tspan>").ends_with(&mp))
        });
        assert_eq!(red_mp, red, "{id}: red MP\n{pic}");
        assert!(pic.contains(&mp), "{id}: MP\n{pic}");
        // One badge per Italian vehicle (the British free lists give no DVP).
        let vehicles = italian.units.iter().filter(|u| u.vehicle.is_some()).count();
        assert!(vehicles >= 3);
        assert_eq!(svg.matches("<g class=\"dvp\">").count(), vehicles, "{id}");
        assert_eq!(
            html.matches("<span class=\"dvp\"").count(),
            vehicles,
            "{id}"
        );
        // Without Desert VP, no picture carries a DVP.
        let mut plain = s.clone();
        plain.desert_vp = false;
        let view = card_view(
            &templates,
            &plain,
            &compiled.nations,
            &compiled.loaded,
            &counters,
        )
        .unwrap();
        let html = card_html(&templates, &view).unwrap();
        let svg = card_svg(&templates, &view).unwrap();
        assert!(!html.contains("<span class=\"dvp\""), "{id}");
        assert!(!svg.contains("class=\"dvp\""), "{id}");
        assert!(html_picture(&html, "M13/40").contains(">T47</tspan>"));
    }
}

/// A side naming a nationality of a group gets the group's rules on its card, and a Hungarian
/// side 198.1's sentence about Hungarians, printed as the publication states it: the card does
/// not check the theater against it (the registry has no Hungary to check it with).
#[test]
fn nationality_sides_print_the_group_rules_and_their_own_as_stated() {
    let mut loaded = load(&root().join("data-src"), Default::default());
    let mut nations: Vec<Nation> = Vec::new();
    let mut theaters = std::collections::BTreeMap::new();
    for n in &loaded.nations {
        let resolved = resolve_nation(&loaded, n);
        theaters.insert(n.input.id.clone(), resolved.theaters);
        nations.push(resolved.nation);
    }
    loaded.scenarios.clear();
    let path = root().join("tests/scenarios/ok_axis_minor_sides.toml");
    load_scenarios(
        &mut loaded,
        &path,
        "tests/scenarios/ok_axis_minor_sides.toml",
    );
    let (scenarios, diags) = compile_scenarios(&loaded, &nations, &theaters);
    assert!(diags.is_empty(), "{diags:?}");
    let s = &scenarios[0];
    let side = |name: &str| s.sides.iter().find(|x| x.name == name).unwrap();
    let texts = |name: &str| -> Vec<(String, String)> {
        side(name)
            .notes
            .iter()
            .map(|n| (n.rule.clone().unwrap_or_default(), n.text.clone()))
            .collect()
    };
    let hungarian = side("Hungarian");
    assert_eq!(
        (
            hungarian.nation.as_deref(),
            hungarian.nationality.as_deref()
        ),
        (Some("axm"), Some("hungarian"))
    );
    let said = "Hungarians fighting in Hungary should be represented by elite squads.";
    let h = texts("Hungarian");
    assert_eq!(
        h.iter().map(|(r, _)| r.as_str()).collect::<Vec<_>>(),
        ["198.1", "198.2", "198.1"]
    );
    assert!(h[0]
        .1
        .contains("one less than their normal Morale Level (EXC: elite squads)"));
    assert!(h[1]
        .1
        .contains("must always pass a IPAAMC rather than a normal PAAMC"));
    assert_eq!(h[2].1, said);
    // The group's rules, not the Hungarian sentence, on another nationality's side; none on a
    // side without infantry (both rules concern infantry).
    let b = texts("Bulgarian");
    assert_eq!(b.len(), 2);
    assert!(b.iter().all(|(_, t)| t != said));
    assert!(texts("Slovakian").is_empty());
    // The card prints them.
    let templates = Templates::new(None);
    let view = card_view(&templates, s, &nations, &loaded, &Default::default()).unwrap();
    let html = card_html(&templates, &view).unwrap();
    assert_eq!(
        html.matches(&format!("{said} [198.1]")).count(),
        1,
        "{html}"
    );
    assert_eq!(html.matches("(EXC: elite squads). [198.1]").count(), 2);
}

/// The card's page as a PNG at `dpi` (usvg works at 96 CSS pixels an inch), to look at.
fn page_png(svg: &str, dpi: f32) -> Vec<u8> {
    let tree = qm_layout::svg::parse(svg).unwrap();
    let size = tree.size();
    let scale = dpi / 96.0;
    let (w, h) = (size.width() * scale, size.height() * scale);
    qm_render::render_png(&tree, w.ceil() as u32, h.ceil() as u32).unwrap()
}
