//! A nation without vehicles whose rules cover several nationalities: `data-src/axm`, the
//! publication's section 198 (Axis Minors). Its folder holds `ob.toml` and `errata.toml` and no
//! listing: it compiles, its IR, chart and command-line answers say it has no vehicles, and its
//! nationalities are members a scenario side can name.

use std::path::Path;

use qm_compile::pipeline::compile;
use qm_export::build::{render_all, BuildOptions};
use qm_render::templates::Templates;
use qm_render::{chart_pages, counter_images, vehicle_chart, CounterOptions};
use qm_schema::Nation;

use crate::support::{root, run_qm};
use qm_test_support::copy_dir;

/// The group as `qm build` sees it.
fn group() -> Nation {
    let compiled = compile(&root().join("data-src"), &Default::default());
    assert!(!compiled.failed(true), "{:?}", compiled.diagnostics);
    compiled
        .nations
        .into_iter()
        .find(|n| n.id == "axm")
        .expect("axm")
}

#[test]
fn the_group_ir_holds_what_section_198_states() {
    let axm = group();
    assert!(axm.vehicles.is_empty() && axm.notes.is_empty() && axm.multi_notes.is_empty());
    assert_eq!(axm.sources, ["axm/ob.toml", "axm/errata.toml"]);
    let names: Vec<&str> = axm.nationalities.iter().map(|x| x.name.as_str()).collect();
    assert_eq!(names, ["Rumanian", "Hungarian", "Slovakian", "Bulgarian"]);
    // The misprint stays in ob.toml; the IR reads it corrected, the erratum recorded.
    let published = std::fs::read_to_string(root().join("data-src/axm/ob.toml")).unwrap();
    assert!(published.contains("(EXC: elite seiwads)"));
    assert_eq!(axm.errata.len(), 1);
    assert!(axm.national_rules[0].text.ends_with("(EXC: elite squads)."));
    let json = serde_json::to_value(&axm).unwrap();
    assert!(qm_compile::pipeline::validate_nation(&mut axm.clone()).is_empty());
    insta::assert_json_snapshot!("axm_ir", json);
}

#[test]
fn the_chart_of_a_nation_without_vehicles_is_its_national_data() {
    let axm = group();
    let templates = Templates::new(None);
    let types = qm_load::data_dir::built_in_registries().unwrap().types;
    let chart = vehicle_chart(&axm, &templates, &types).unwrap();
    assert!(!chart.html.contains("<table class=\"listing\">"));
    assert!(chart
        .html
        .contains("No vehicles: the Axis Minors data holds no vehicle listing"));
    let body = &chart.html[chart.html.find("<body>").unwrap()..];
    insta::assert_snapshot!("axm_chart_html", body);
    // One PDF page: the nationalities and the national rules, no empty vehicle table.
    let pages = chart_pages(&axm, &types);
    assert_eq!(pages.len(), 1);
    assert_eq!(pages[0].section, "infantry");
    assert!(pages[0].rows.is_empty() && pages[0].header.is_empty());
    let titles: Vec<&str> = pages[0].notes.iter().map(|t| t.text.as_str()).collect();
    assert_eq!(
        titles,
        [
            "Nationalities (every national rule holds for each)",
            "National rules"
        ]
    );
    assert!(chart.pdf.starts_with(b"%PDF"));
    // No counter, so no counter image and no counter sheet: the chart is all it has.
    let images = counter_images(&axm, &templates, &CounterOptions::default()).unwrap();
    assert!(images.is_empty());
    // What a build writes for it.
    let compiled = compile(&root().join("data-src"), &Default::default());
    let files = render_all(
        &compiled,
        &BuildOptions::default(),
        &mut Default::default(),
        &mut Default::default(),
    )
    .unwrap();
    let paths: Vec<&str> = files
        .iter()
        .map(|a| a.path.as_str())
        .filter(|p| p.starts_with("axm/"))
        .collect();
    assert_eq!(
        paths,
        ["axm/chart/axm-chart.html", "axm/chart/axm-chart.pdf"]
    );
}

#[test]
fn avail_and_show_say_the_group_has_no_vehicles() {
    let mut text = String::new();
    for args in [
        &["avail", "axm", "--theater", "Russia", "--date", "12/42"][..],
        &[
            "avail",
            "axm",
            "--theater",
            "Russia",
            "--date",
            "12/42",
            "--json",
        ],
        // A nationality stands for its nation.
        &[
            "avail",
            "Rumanian",
            "--theater",
            "Russia",
            "--date",
            "12/42",
        ],
        &[
            "avail",
            "axm",
            "--theater",
            "Russia",
            "--date",
            "12/42",
            "--vehicle",
            "R-2",
        ],
        &["show", "axm", "R-2"],
        &["show", "Romanian", "R-2"],
    ] {
        text.push_str(&format!(
            "=== qm {}\n{}\n",
            args.join(" "),
            run_qm(args, &root())
        ));
    }
    insta::assert_snapshot!(text);
}

/// A data directory holding the named folders of `data-src/`, each as it is there.
fn data_with(folders: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for f in folders {
        copy_dir(&root().join("data-src").join(f), &dir.path().join(f));
    }
    dir
}

fn check(dir: &Path) -> String {
    run_qm(&["check", "--data", dir.to_str().unwrap()], dir)
}

#[test]
fn a_folder_with_ob_toml_and_no_listing_is_a_nation_without_vehicles() {
    let dir = data_with(&["axm"]);
    let out = check(dir.path());
    assert!(out.starts_with("exit: 0"), "{out}");
    assert!(out.contains("qm: ok (1 nation, 0 vehicles"), "{out}");
    // Notes without a listing would describe no vehicle: read as a nation, the notes left out
    // with a warning.
    std::fs::write(dir.path().join("axm/notes.md"), "**1. X:** y\n").unwrap();
    let out = check(dir.path());
    assert!(out.starts_with("exit: 0"), "{out}");
    assert!(out.contains("load::notes-without-listing"), "{out}");
    assert!(out.contains("1 nation, 0 vehicles"), "{out}");
    // Neither a listing nor ob.toml: not a nation, said so.
    std::fs::remove_file(dir.path().join("axm/ob.toml")).unwrap();
    let out = check(dir.path());
    assert!(out.contains("load::no-listing"), "{out}");
    assert!(
        out.contains("axm/ holds notes.md, errata.toml but neither listing.tsv nor ob.toml"),
        "{out}"
    );
}

#[test]
fn errata_correct_ob_toml_and_name_only_files_that_are_read() {
    let dir = data_with(&["axm"]);
    let errata = dir.path().join("axm/errata.toml");
    let text = std::fs::read_to_string(&errata).unwrap();
    // A stale erratum of ob.toml is an error, like one of the listing's.
    std::fs::write(
        &errata,
        text.replace("find = \"seiwads\"", "find = \"seiwadz\""),
    )
    .unwrap();
    let out = check(dir.path());
    assert!(out.starts_with("exit: 1"), "{out}");
    assert!(out.contains("errata::stale"), "{out}");
    // An erratum of a listing the nation does not have can never match.
    std::fs::write(
        &errata,
        format!(
            "{text}\n[[erratum]]\nid = \"x\"\nfile = \"listing.tsv\"\nfind = \"a\"\nreplace = \"b\"\nreason = \"r\"\nsource = \"s\"\n"
        ),
    )
    .unwrap();
    let out = check(dir.path());
    assert!(out.starts_with("exit: 1"), "{out}");
    assert!(
        out.contains("erratum `x` names a file qm does not correct (listing.tsv)"),
        "{out}"
    );
}
