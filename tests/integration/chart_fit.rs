//! Charts that fit (issue 34 item 4): every text of the PDF chart's table within its column,
//! the HTML listing table within its printed page (measured with the embedded fonts), and a
//! column no vehicle of the nation fills left out of its chart.

use std::path::Path;

use qm_compile::pipeline::compile;
use qm_registry::NationRegistries;
use qm_render::chart_fit::{html_width, HTML_PAGE_PX};
use qm_render::chart_overflow::pdf_overflows;
use qm_render::templates::Templates;
use qm_render::{chart_model, chart_pages, vehicle_chart};

use crate::support::root;

/// Each chart of the data folder `dir` measured: (nation, PDF texts over their column, the
/// HTML table's narrowest width).
fn measure(dir: &Path) -> Vec<(String, Vec<String>, f64)> {
    let compiled = compile(dir, &Default::default());
    let codes: Vec<&str> = compiled
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.code)
        .collect();
    assert!(codes.is_empty(), "{codes:?}");
    compiled
        .nations
        .iter()
        .filter(|n| !n.vehicles.is_empty())
        .map(|n| {
            let types = &compiled.loaded.registries_of(&n.id).types;
            let model = chart_model(n, types);
            let over = pdf_overflows(&chart_pages(n, types))
                .into_iter()
                .map(|o| format!("{} ({} pt over)", o.text, o.over))
                .collect();
            (
                n.id.clone(),
                over,
                html_width(&model.table_texts(), &model.html),
            )
        })
        .collect()
}

fn assert_fits(dir: &Path) {
    let measured = measure(dir);
    assert!(!measured.is_empty(), "{}", dir.display());
    for (nation, over, width) in measured {
        assert!(over.is_empty(), "{nation}: {over:?}");
        assert!(
            width <= HTML_PAGE_PX,
            "{nation}: {width} px > {HTML_PAGE_PX} px"
        );
    }
}

#[test]
fn every_chart_of_the_repository_fits_its_pages() {
    for dir in [
        "data-src",
        "tests/fixtures-nations",
        "tests/fixtures-vasl/ok",
        "tests/fixtures-colours",
        "tests/fixtures-grid",
    ] {
        assert_fits(&root().join(dir));
    }
}

/// A listing row of `rur`'s layout with long texts in every wide cell.
fn long_row(i: usize) -> String {
    let name = format!("Very Long Experimental Vehicle Name Mk {i:02}");
    let cells = [
        name.as_str(),
        "",
        "14",
        "MT",
        "38",
        "1.2-1.5†",
        "43-5/45†",
        "0",
        "+1 / -2",
        "+F",
        "",
        "4",
        "14",
        "",
        "ST",
        "T57",
        "2",
        "",
        "",
        "4",
        "4",
        "Opt2†",
        "",
        "HE7; D5/6; A4¹/5²",
        "1C/9PP/T10",
        "1 A B N W",
    ];
    cells.join("\t")
}

#[test]
fn a_chart_of_long_names_and_cells_still_fits() {
    let dir = tempfile::tempdir().unwrap();
    let nation = dir.path().join("wid");
    std::fs::create_dir_all(&nation).unwrap();
    let rur =
        std::fs::read_to_string(root().join("tests/fixtures-nations/rur/listing.tsv")).unwrap();
    let header: Vec<&str> = rur.lines().take(2).collect();
    let rows: Vec<String> = (0..30).map(long_row).collect();
    let listing = format!("{}\n{}\n", header.join("\n"), rows.join("\n"));
    std::fs::write(nation.join("listing.tsv"), listing).unwrap();
    let measured = measure(dir.path());
    let [(_, over, width)] = measured.as_slice() else {
        panic!("{measured:?}");
    };
    assert!(over.is_empty(), "{over:?}");
    assert!(*width <= HTML_PAGE_PX, "{width}");
}

#[test]
fn a_column_no_vehicle_fills_is_left_out_of_the_chart() {
    let compiled = compile(&root().join("tests/fixtures-colours"), &Default::default());
    let plain = compiled.nations.iter().find(|n| n.id == "plain").unwrap();
    let types = &compiled.loaded.registries_of("plain").types;
    let model = chart_model(plain, types);
    let keys: Vec<&str> = model.columns.iter().map(|c| c.key).collect();
    // Its two rows print no OT, GP, IF, SA, ammunition or capacity.
    for gone in ["ot", "gp", "if", "sa", "ammo", "capacity"] {
        assert!(!keys.contains(&gone), "{gone}: {keys:?}");
    }
    for kept in [
        "name", "bpv", "dvp", "rf", "dates", "armor", "ma", "mg_b", "mg_c",
    ] {
        assert!(keys.contains(&kept), "{kept}: {keys:?}");
    }
    let cells = model
        .groups
        .iter()
        .flat_map(|g| &g.rows)
        .map(|r| r.cells.len());
    assert!(
        cells.clone().all(|n| n == keys.len()),
        "{:?}",
        cells.collect::<Vec<_>>()
    );
    let chart = vehicle_chart(plain, &Templates::new(None), types).unwrap();
    assert!(!chart.html.contains(r#"class="ot""#), "{}", chart.html);
    assert!(chart
        .html
        .contains(r#"<th rowspan="2" class="bpv">BPV</th>"#));
    // Every nation keeps its name column, even one whose rows fill nothing else.
    let pages = chart_pages(plain, types);
    let header: Vec<&str> = pages[0].header.iter().map(|t| t.text.as_str()).collect();
    assert!(
        !header.contains(&"OT") && header.contains(&"NAME"),
        "{header:?}"
    );
}
