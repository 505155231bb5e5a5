//! Issue 35 item 4: the ordnance chart, a nation's guns as the publication's ordnance listing
//! prints them, grouped by gun type, HTML and PDF beside the vehicle chart, fitting its pages,
//! in the nation's colours, the two charts linking each other.

use std::path::Path;
use std::process::Command;

use qm_compile::pipeline::compile;
use qm_registry::NationRegistries;
use qm_render::chart_fit::{html_width, HTML_PAGE_PX};
use qm_render::chart_overflow::pdf_overflows;
use qm_render::templates::Templates;
use qm_render::{model_pages, ordnance_chart, ordnance_chart_model, ChartModel};
use qm_schema::Nation;

use crate::support::root;

/// The nations of a data folder (errors allowed: the ordnance fixtures hold a typo).
fn nations(dir: &Path) -> (qm_compile::pipeline::Compiled, Vec<Nation>) {
    let compiled = compile(dir, &Default::default());
    let nations = compiled.nations.clone();
    (compiled, nations)
}

fn model(compiled: &qm_compile::pipeline::Compiled, n: &Nation) -> ChartModel {
    ordnance_chart_model(n, &compiled.loaded.registries_of(&n.id).guns).unwrap()
}

/// The HTML from `<body>` on: what the chart shows.
fn body(html: &str) -> &str {
    &html[html.find("<body>").unwrap()..]
}

#[test]
fn the_ordnance_chart_of_a_made_up_nation() {
    let (compiled, nations) = nations(&root().join("tests/fixtures-ordnance"));
    let frm = nations.iter().find(|n| n.id == "frm").unwrap();
    let guns = &compiled.loaded.registries_of("frm").guns;
    let chart = ordnance_chart(frm, &Templates::new(None), guns)
        .unwrap()
        .unwrap();
    assert_eq!(chart.html_path, "frm/chart/frm-ordnance.html");
    assert_eq!(chart.pdf_path, "frm/chart/frm-ordnance.pdf");
    assert!(chart.html.contains("<title>frm ordnance listing</title>"));
    insta::assert_snapshot!("frm_ordnance_chart", body(&chart.html));
    // The PDF: one page, every gun type's heading in the registry's order, the M# bold
    // where the listing prints it so, every text within its column.
    let pages = model_pages(&model(&compiled, frm));
    assert_eq!(pages.len(), 1);
    let headings: Vec<&str> = pages[0]
        .rows
        .iter()
        .filter(|r| r.kind == "group")
        .map(|r| r.texts[0].text.as_str())
        .collect();
    assert_eq!(
        headings,
        [
            "Mortars (MTR)",
            "Anti-tank rifles (ATR)",
            "Anti-tank guns (AT)",
            "Infantry guns (INF)",
            "Recoilless guns (RCL)",
            "Artillery (ART)",
            "Anti-aircraft guns (AA)",
            "Other guns",
        ]
    );
    let bold: Vec<&str> = pages[0]
        .rows
        .iter()
        .flat_map(|r| &r.texts)
        .filter(|t| t.bold && !t.text.starts_with("Zed") && r_is_value(&t.text))
        .map(|t| t.text.as_str())
        .collect();
    assert_eq!(bold, ["10", "4", "-4"]);
    assert!(pdf_overflows(&pages).is_empty());
    assert!(pdf_pages_start_with_the_title(&chart.pdf));
}

/// A bold text that is a value (not a heading of the table).
fn r_is_value(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_digit() || c == '-')
}

/// The PDF is one: its header and at least one page.
fn pdf_pages_start_with_the_title(pdf: &[u8]) -> bool {
    pdf.starts_with(b"%PDF-") && pdf.windows(9).any(|w| w == b"/MediaBox")
}

#[test]
fn marks_read_from_vasls_markup_print_as_the_publications() {
    let (compiled, nations) = nations(&root().join("tests/fixtures-ordnance"));
    let vsl = nations.iter().find(|n| n.id == "vsl").unwrap();
    let m = model(&compiled, vsl);
    let texts: Vec<&str> = m
        .groups
        .iter()
        .flat_map(|g| &g.rows)
        .flat_map(|r| r.cells.iter().map(|c| c.text.as_str()))
        .collect();
    // `<span style="text-decoration:overline">81</span>*` and the underlined 40.
    assert!(texts.contains(&"8\u{305}1\u{305}*"), "{texts:?}");
    assert!(texts.contains(&"4\u{332}0\u{332}LL"), "{texts:?}");
    assert!(
        texts.contains(&"NT, QSU, A4¹/5²/4³/3⁴, H6[9]†"),
        "{texts:?}"
    );
    let bold: Vec<&str> = m
        .groups
        .iter()
        .flat_map(|g| &g.rows)
        .flat_map(|r| r.cells.iter().filter(|c| c.bold).map(|c| c.text.as_str()))
        .collect();
    // `<b>4</b>`: the Zed AT 88 and its variant row.
    assert_eq!(bold, ["4", "4"]);
}

#[test]
fn a_column_no_gun_fills_is_left_out_and_long_specials_still_fit() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("lng")).unwrap();
    let mut tsv = String::from(
        "Name\tType\tCSize\tROF (IFE)\tB#\tRange\tM#\tTSize\tDates\tSpecial\tBPV\tRF\tNotes\n",
    );
    for i in 0..60 {
        tsv.push_str(&format!(
            "Very Long Experimental Field Gun Model {i:02}\tART\t105L\t1\t\t266\t**6**\t0\t36-45\t\
             NT, H6, s8, NM, h-d, no Gunshield, Towing NA†¹, uses APCR TK Table†, \
             LF [105†, 1 ROF, B11, **M4**, -1], AA Fire ROF 2, A4¹/5²/4³/3⁴\t38\t1.6-1.4†\t20, 21†, A, B, N\n"
        ));
    }
    std::fs::write(dir.path().join("lng/ordnance.tsv"), tsv).unwrap();
    let (compiled, nations) = nations(dir.path());
    assert!(
        !compiled.diagnostics.iter().any(|d| d.is_error()),
        "{:?}",
        compiled.diagnostics
    );
    let m = model(&compiled, &nations[0]);
    let keys: Vec<&str> = m.columns.iter().map(|c| c.key).collect();
    // No gun prints a B#.
    assert!(!keys.contains(&"breakdown"), "{keys:?}");
    assert!(
        keys.contains(&"special") && keys.contains(&"name"),
        "{keys:?}"
    );
    let pages = model_pages(&m);
    assert!(pages.len() >= 2, "{}", pages.len());
    let over = pdf_overflows(&pages);
    assert!(over.is_empty(), "{over:?}");
    let width = html_width(&m.table_texts(), &m.html);
    assert!(width <= HTML_PAGE_PX, "{width} px");
    assert!(m.html.wrap.contains(&"special"), "{:?}", m.html);
}

#[test]
fn the_build_writes_it_beside_the_vehicle_chart_in_the_nations_colours() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    std::fs::create_dir_all(data.join("frm")).unwrap();
    std::fs::copy(
        root().join("tests/fixtures-ordnance/frm/ordnance.tsv"),
        data.join("frm/ordnance.tsv"),
    )
    .unwrap();
    // A nation with guns and colours of its own.
    std::fs::write(
        data.join("frm/ob.toml"),
        "[nation]\nname = \"Zedlander\"\n\n[colours]\nbackground = \"#336699\"\ntext = \"#ffffff\"\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_qm"))
        .args(["build", "--data", "data", "--out", "out"])
        .current_dir(tmp.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let read = |p: &str| std::fs::read_to_string(tmp.path().join("out").join(p)).unwrap();
    let ordnance = read("frm/chart/frm-ordnance.html");
    let vehicles = read("frm/chart/frm-chart.html");
    assert!(tmp.path().join("out/frm/chart/frm-ordnance.pdf").is_file());
    assert!(ordnance.contains("<h1>Zedlander ordnance listing</h1>"));
    assert!(
        ordnance.contains("th.group { text-align: left; background: #336699; color: #ffffff; }")
    );
    // Each links the other.
    assert!(ordnance.contains(r#"<a href="frm-chart.html">Vehicle chart</a>"#));
    assert!(vehicles.contains(r#"<a href="frm-ordnance.html">Ordnance listing</a>"#));
}
