//! Counters, counter sheets and the vehicle chart, rendered from the repository's data.

use qm_layout::svg::parse as parse_svg;
use qm_render::templates::Templates;
use qm_render::{
    counter_image, counter_images, counter_sheets, counter_svg, vehicle_chart, CounterOptions,
    CounterSize, SheetOptions,
};
use qm_schema::{CounterSide, Nation};
use resvg::usvg::{Node, Rect};

use crate::support::{png_size, root, run_qm};

/// The Italian OB as `qm build` sees it.
fn italian() -> Nation {
    let compiled = qm_compile::pipeline::compile(&root().join("data-src"), &Default::default());
    assert!(!compiled.failed(false), "the repository data compiles");
    compiled
        .nations
        .into_iter()
        .find(|n| n.id == "ita")
        .expect("ita")
}

/// The Italian OB with the counter options a build draws it with: each vehicle's picture.
fn italian_with_pictures(t: &Templates) -> (Nation, CounterOptions) {
    let compiled = qm_compile::pipeline::compile(&root().join("data-src"), &Default::default());
    let opts = CounterOptions {
        pictures: qm_render::Pictures::new(&compiled.nations, &compiled.loaded, &compiled.art, t)
            .unwrap(),
        ..CounterOptions::default()
    };
    let n = compiled
        .nations
        .into_iter()
        .find(|n| n.id == "ita")
        .unwrap();
    (n, opts)
}

/// The vehicle types built into qm (the repository's registry).
fn types() -> qm_registry::VehicleTypeRegistry {
    qm_load::data_dir::built_in_registries()
        .expect("the built-in registries read cleanly")
        .types
}

fn vehicle<'a>(n: &'a Nation, id: &str) -> &'a qm_schema::Vehicle {
    n.vehicles
        .iter()
        .find(|v| v.id == id)
        .unwrap_or_else(|| panic!("{id}"))
}

/// A turreted tank, a non-turreted AG, an armored car with a rear MG, a truck, a tankette with
/// many back notations: both sides of each, as SVG.
#[test]
fn counter_svg_snapshots() {
    let t = Templates::new(None);
    let (n, opts) = italian_with_pictures(&t);
    for id in [
        "m13-40",
        "smv-m40-75-18",
        "fiat-611a",
        "autocarro-m",
        "l3-aa",
    ] {
        for side in [CounterSide::Front, CounterSide::Back] {
            let svg = counter_svg(&n, vehicle(&n, id), side, &t, &opts).unwrap();
            let name = format!("counter_{id}_{}", qm_render::side_name(side));
            insta::with_settings!({ filters => crate::support::DATA_URI_FILTERS.to_vec() }, {
                insta::assert_snapshot!(name, svg);
            });
        }
    }
}

/// Ink boxes of every text element of an SVG, in viewBox units.
pub fn text_boxes(svg: &str) -> Vec<(String, Rect)> {
    fn walk(g: &resvg::usvg::Group, out: &mut Vec<(String, Rect)>) {
        for node in g.children() {
            match node {
                Node::Group(g) => walk(g, out),
                Node::Text(t) => {
                    let label: String = t.chunks().iter().map(|c| c.text()).collect();
                    out.push((label, t.flattened().abs_bounding_box()));
                }
                _ => {}
            }
        }
    }
    let tree = parse_svg(svg).unwrap();
    let mut out = Vec::new();
    walk(tree.root(), &mut out);
    out
}

/// The picture boxes of a counter SVG (each `<image data-picture>`'s rectangle, which the
/// picture is fitted into), in viewBox units.
pub fn picture_boxes(svg: &str) -> Vec<Rect> {
    let doc = roxmltree::Document::parse(svg).expect("the counter SVG is XML");
    doc.descendants()
        .filter(|n| n.has_tag_name("image") && n.has_attribute("data-picture"))
        .map(|n| {
            let num = |a: &str| n.attribute(a).and_then(|v| v.parse::<f32>().ok()).unwrap();
            Rect::from_xywh(num("x"), num("y"), num("width"), num("height")).unwrap()
        })
        .collect()
}

/// The boxes of the white shapes of a counter SVG (the size circle, the ROF box), in viewBox
/// units; the text drawn on them lies inside, so they are compared with the picture only.
pub fn white_shapes(svg: &str) -> Vec<Rect> {
    let doc = roxmltree::Document::parse(svg).expect("the counter SVG is XML");
    let num = |n: &roxmltree::Node, a: &str| n.attribute(a).and_then(|v| v.parse::<f32>().ok());
    doc.descendants()
        .filter(|n| n.attribute("fill") == Some("#ffffff"))
        .filter_map(|n| match n.tag_name().name() {
            "circle" => {
                let (cx, cy, r) = (num(&n, "cx")?, num(&n, "cy")?, num(&n, "r")?);
                Rect::from_xywh(cx - r, cy - r, 2.0 * r, 2.0 * r)
            }
            "rect" => Rect::from_xywh(
                num(&n, "x")?,
                num(&n, "y")?,
                num(&n, "width")?,
                num(&n, "height")?,
            ),
            _ => None,
        })
        .collect()
}

/// The counter frame's inner edge (stroke 1 unit wide centred on 1.5): text must stay inside.
const INNER: (f32, f32) = (2.0, 98.0);

/// True when two boxes share area.
pub fn overlaps(a: &Rect, b: &Rect) -> bool {
    a.left() < b.right() && b.left() < a.right() && a.top() < b.bottom() && b.top() < a.bottom()
}

#[test]
fn every_counter_keeps_its_text_inside_and_apart() {
    let t = Templates::new(None);
    // 1/2-inch counters and big PNGs use the same SVG geometry; px changes only the raster.
    let (n, opts) = italian_with_pictures(&t);
    let mut checked = 0;
    let mut pictured = 0;
    {
        for v in &n.vehicles {
            for side in [CounterSide::Front, CounterSide::Back] {
                let svg = counter_svg(&n, v, side, &t, &opts).unwrap();
                let mut boxes = text_boxes(&svg);
                assert!(!boxes.is_empty(), "{} {side:?} prints nothing", v.id);
                // The picture is one more box that no text may overlap, nor the white size
                // circle and ROF box.
                let pictures = picture_boxes(&svg);
                pictured += pictures.len();
                for p in &pictures {
                    for w in white_shapes(&svg) {
                        assert!(
                            !overlaps(p, &w),
                            "{} {side:?}: the picture {p:?} overlaps {w:?}",
                            v.id
                        );
                    }
                }
                boxes.extend(pictures.into_iter().map(|r| ("the picture".to_string(), r)));
                for (label, r) in &boxes {
                    assert!(
                        r.left() >= INNER.0
                            && r.top() >= INNER.0
                            && r.right() <= INNER.1
                            && r.bottom() <= INNER.1,
                        "{} {side:?}: {label:?} at {r:?} leaves the counter",
                        v.id
                    );
                }
                for (i, (la, a)) in boxes.iter().enumerate() {
                    for (lb, b) in &boxes[i + 1..] {
                        assert!(
                            !overlaps(a, b),
                            "{} {side:?}: {la:?} {a:?} overlaps {lb:?} {b:?}",
                            v.id
                        );
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(checked >= 2 * 41, "checked {checked} sides");
    // Every front and most backs (a back full of notations has no room left) show the vehicle.
    assert!(pictured >= 41 + 35, "{pictured} pictures");
}

#[test]
fn counter_images_are_pngs_of_the_requested_size_front_then_back() {
    let n = italian();
    let t = Templates::new(None);
    let images = counter_images(&n, &t, &CounterOptions::default()).unwrap();
    assert_eq!(images.len(), 2 * n.vehicles.len());
    assert_eq!(images[0].vehicle_id, n.vehicles[0].id);
    assert_eq!(images[0].side, CounterSide::Front);
    assert_eq!(images[1].side, CounterSide::Back);
    assert!(images.iter().all(|i| png_size(&i.png) == (60, 60)));
    let big = CounterOptions {
        px: 150,
        ..CounterOptions::default()
    };
    let one = counter_image(&n, &n.vehicles[0], CounterSide::Back, &t, &big).unwrap();
    assert_eq!(png_size(&one.png), (150, 150));
}

#[test]
fn red_mp_is_an_option_not_data() {
    let n = italian();
    let t = Templates::new(None);
    let v = vehicle(&n, "m13-40");
    let plain = counter_svg(&n, v, CounterSide::Front, &t, &CounterOptions::default()).unwrap();
    let red = CounterOptions {
        red_mp: true,
        ..CounterOptions::default()
    };
    let red = counter_svg(&n, v, CounterSide::Front, &t, &red).unwrap();
    let mp = |svg: &str| {
        svg.lines()
            .find(|l| l.contains(">11</tspan>"))
            .unwrap()
            .to_string()
    };
    assert!(!mp(&plain).contains("fill="), "{}", mp(&plain));
    assert!(mp(&red).contains(r##"fill="#c8102e""##), "{}", mp(&red));
}

/// Every `q cm Do Q` placement of a page's content: (XObject name, [a b c d e f]).
fn placements(doc: &lopdf::Document, page: lopdf::ObjectId) -> Vec<(Vec<u8>, [f32; 6])> {
    let content = doc.get_and_decode_page_content(page).unwrap();
    let mut out = Vec::new();
    let mut matrix = None;
    for op in content.operations {
        match op.operator.as_str() {
            "cm" => {
                let m: Vec<f32> = op.operands.iter().map(|o| o.as_float().unwrap()).collect();
                matrix = Some([m[0], m[1], m[2], m[3], m[4], m[5]]);
            }
            "Do" => {
                let name = op.operands[0].as_name().unwrap().to_vec();
                out.push((name, matrix.take().unwrap()));
            }
            _ => {}
        }
    }
    out
}

fn media_box(doc: &lopdf::Document, page: lopdf::ObjectId) -> (f32, f32) {
    let dict = doc.get_dictionary(page).unwrap();
    let b = dict.get(b"MediaBox").unwrap().as_array().unwrap();
    let f: Vec<f32> = b.iter().map(|o| o.as_float().unwrap()).collect();
    (f[2] - f[0], f[3] - f[1])
}

#[test]
fn counter_sheets_are_exact_and_backs_mirror_fronts() {
    let n = italian();
    let t = Templates::new(None);
    let opts = SheetOptions {
        back_offset_mm: (1.0, -2.0),
        ..SheetOptions::default()
    };
    let sheets = counter_sheets(&n, &t, &CounterOptions::default(), &opts).unwrap();
    let names: Vec<&str> = sheets.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(
        names,
        [
            "ita/sheets/ita-counters-a4.pdf",
            "ita/sheets/ita-counters-letter.pdf"
        ]
    );
    let mm = 72.0 / 25.4;
    for ((_, pdf), (w, h)) in sheets.iter().zip([(595.28, 841.89), (612.0, 792.0)]) {
        let doc = lopdf::Document::load_mem(pdf).unwrap();
        let pages: Vec<_> = doc.get_pages().into_values().collect();
        assert_eq!(
            pages.len(),
            2,
            "41 counters fit one front and one back page"
        );
        for p in &pages {
            let (pw, ph) = media_box(&doc, *p);
            assert!((pw - w).abs() < 0.01 && (ph - h).abs() < 0.01, "{pw}x{ph}");
        }
        // The first placement is the page furniture; then one counter per vehicle.
        let front = placements(&doc, pages[0]);
        let back = placements(&doc, pages[1]);
        assert_eq!(front.len(), 1 + n.vehicles.len());
        assert_eq!(back.len(), 1 + n.vehicles.len());
        for ((_, f), (_, b)) in front[1..].iter().zip(&back[1..]) {
            // 5/8 inch = 45 pt, unrotated.
            for m in [f, b] {
                assert_eq!((m[0], m[1], m[2], m[3]), (45.0, 0.0, 0.0, 45.0));
            }
            let mirrored_x = w - f[4] - 45.0 + (1.0 * mm) as f32;
            // y is measured up in PDF: "2 mm up" on the page is +2 mm here.
            let shifted_y = f[5] + (2.0 * mm) as f32;
            assert!((b[4] - mirrored_x).abs() < 0.01, "{} vs {mirrored_x}", b[4]);
            assert!((b[5] - shifted_y).abs() < 0.01, "{} vs {shifted_y}", b[5]);
        }
        // Same row, left to right on the front is right to left on the back.
        assert!(front[1].1[4] < front[2].1[4]);
        assert!(back[1].1[4] > back[2].1[4]);
    }
}

#[test]
fn half_inch_counters_are_36_points() {
    let n = italian();
    let t = Templates::new(None);
    let opts = SheetOptions {
        counter_size: CounterSize::Half,
        ..SheetOptions::default()
    };
    let sheets = counter_sheets(&n, &t, &CounterOptions::default(), &opts).unwrap();
    let doc = lopdf::Document::load_mem(&sheets[0].1).unwrap();
    let page = *doc.get_pages().values().next().unwrap();
    let ps = placements(&doc, page);
    assert!(ps[1..].iter().all(|(_, m)| m[0] == 36.0 && m[3] == 36.0));
    // Neighbours abut: the cut line between them is shared.
    assert!((ps[2].1[4] - ps[1].1[4] - 36.0).abs() < 0.001);
}

#[test]
fn chart_html_snapshot() {
    let chart = vehicle_chart(&italian(), &Templates::new(None), &types()).unwrap();
    assert_eq!(chart.html_path, "ita/chart/ita-chart.html");
    insta::assert_snapshot!("chart_html", chart.html);
}

#[test]
fn chart_pdf_is_landscape_a4_with_every_vehicle() {
    let n = italian();
    let chart = vehicle_chart(&n, &Templates::new(None), &types()).unwrap();
    let doc = lopdf::Document::load_mem(&chart.pdf).unwrap();
    let pages = doc.get_pages();
    assert!(!pages.is_empty());
    for p in pages.values() {
        let (w, h) = media_box(&doc, *p);
        assert!((w - 841.89).abs() < 0.01 && (h - 595.28).abs() < 0.01);
    }
    let rows: usize = qm_render::chart_pages(&n, &types())
        .iter()
        .flat_map(|p| &p.rows)
        .filter(|r| r.kind == "vehicle")
        .count();
    assert_eq!(rows, n.vehicles.len());
}

/// The chart row of `id`, as one string.
fn chart_row(html: &str, id: &str) -> String {
    html.lines()
        .skip_while(|l| !l.contains(&format!(r#"id="{id}""#)))
        .take_while(|l| !l.contains("</tr>"))
        .collect()
}

#[test]
fn chart_daggers_link_to_notes_when_their_text_is_known() {
    let mut n = italian();
    let html = vehicle_chart(&n, &Templates::new(None), &types())
        .unwrap()
        .html;
    let m13 = chart_row(&html, "m13-40");
    assert!(
        m13.contains(r##"®<a class="dagger" href="#note-8">†</a>"##),
        "{m13}"
    );
    assert!(
        m13.contains(r##"<a href="#note-8">8</a> <a href="#note-B">B</a> <a href="#note-C">C</a> <a href="#note-N">N</a>"##),
        "{m13}"
    );
    assert!(html.contains(r#"<article id="note-8">"#));
    assert!(html.contains("† This AFV has no radio in scenarios set prior to 11/41."));
    // A note whose text is unknown is not a link (here: note 8 and note B taken away).
    n.notes.retain(|note| note.number != 8);
    n.multi_notes.retain(|note| note.letter != "B");
    let html = vehicle_chart(&n, &Templates::new(None), &types())
        .unwrap()
        .html;
    let m13 = chart_row(&html, "m13-40");
    assert!(
        !m13.contains("#note-8") && !m13.contains("#note-B"),
        "{m13}"
    );
    assert!(m13.contains(r##"8 B <a href="#note-C">C</a>"##), "{m13}");
    assert!(!html.contains(r#"<article id="note-8">"#));
}

#[test]
fn chart_infantry_section_lists_every_infantry_unit_of_the_ir_in_html_and_pdf() {
    let n = italian();
    assert!(
        n.infantry.units.len() >= 9,
        "the Italian OB has its infantry"
    );
    let chart = vehicle_chart(&n, &Templates::new(None), &types()).unwrap();
    let html = &chart.html;
    let start = html
        .find(r#"<section class="infantry""#)
        .expect("an infantry section");
    // After the vehicles: the listing and its notes come first.
    assert!(html.find(r#"<table class="listing">"#).unwrap() < start);
    assert!(html.find(r#"<section class="notes">"#).unwrap() < start);
    let section = &html[start..];
    let unknown = qm_render::UNKNOWN;
    for u in &n.infantry.units {
        let row = section
            .lines()
            .find(|l| l.contains(&format!(r#"<tr class="unit" id="inf-{}">"#, u.id)))
            .unwrap_or_else(|| panic!("no row for {}", u.id));
        let kind = u.kind.map_or(unknown, |k| k.label());
        let rating = u.rating.map_or(unknown.to_string(), |r| r.to_string());
        let cells = format!(
            r#"<td class="name">{}</td><td class="nw">{kind}</td><td class="nw">{rating}</td>"#,
            u.name
        );
        assert!(row.contains(&cells), "{row}\n(expected {cells})");
        for r in &u.rules {
            assert!(row.contains(r.as_str()), "{row}");
        }
    }
    assert_eq!(
        section.matches(r#"<tr class="unit""#).count(),
        n.infantry.units.len()
    );
    // The publication gives no rating, kind or broken side for the 2nd Line units.
    assert!(section.contains(
        r#"<tr class="unit" id="inf-2nd-line"><td class="name">2nd Line</td><td class="nw">–</td><td class="nw">–</td><td class="nw">–</td>"#
    ));
    assert_eq!(
        section.matches(r#"<tr class="replacement">"#).count(),
        n.infantry.replacements.len()
    );
    for r in &n.national_rules {
        assert!(
            section.contains(&format!(r#"<tr class="rule" id="rule-{}">"#, r.source.rule)),
            "{}",
            r.source.rule
        );
    }
    assert!(section.contains(r#"id="rule-181.21""#));
    // The PDF: pages of their own after the vehicle pages, a row per unit, replacement and
    // rule, each unit's name in its first column.
    let pages = qm_render::chart_pages(&n, &types());
    let first = pages.iter().position(|p| p.section == "infantry").unwrap();
    assert!(first > 0 && pages[first..].iter().all(|p| p.section == "infantry"));
    let rows: Vec<&qm_render::PageRow> = pages[first..]
        .iter()
        .flat_map(|p| &p.tables)
        .flat_map(|t| &t.rows)
        .filter(|r| r.kind == "row")
        .collect();
    assert_eq!(
        rows.len(),
        n.infantry.units.len() + n.infantry.replacements.len() + n.national_rules.len()
    );
    for u in &n.infantry.units {
        assert!(
            rows.iter()
                .any(|r| r.texts[0].text == u.name && r.texts[0].bold),
            "{} is not in the PDF",
            u.name
        );
    }
    let doc = lopdf::Document::load_mem(&chart.pdf).unwrap();
    assert_eq!(doc.get_pages().len(), pages.len());
}

/// `qm build` into a fresh directory; returns (output dir holder, run transcript).
fn build(args: &[&str]) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let mut all = vec!["build", "--out", out.to_str().unwrap()];
    all.extend_from_slice(args);
    let run = run_qm(&all, &root());
    (dir, run)
}

#[test]
fn build_writes_counters_sheets_and_chart_per_nation() {
    let (dir, run) = build(&["--counter-px", "48"]);
    assert!(run.starts_with("exit: 0\n"), "{run}");
    let out = dir.path().join("out/ita");
    let n = italian();
    for v in &n.vehicles {
        for side in ["front", "back"] {
            for ext in ["svg", "png"] {
                let p = out.join(format!("counters/{}-{side}.{ext}", v.id));
                assert!(p.is_file(), "{}", p.display());
            }
        }
    }
    let png = std::fs::read(out.join("counters/m13-40-front.png")).unwrap();
    assert_eq!(png_size(&png), (48, 48));
    for f in [
        "sheets/ita-counters-a4.pdf",
        "sheets/ita-counters-letter.pdf",
        "chart/ita-chart.html",
        "chart/ita-chart.pdf",
    ] {
        assert!(out.join(f).is_file(), "{f}");
    }
}

#[test]
fn bad_build_options_are_usage_errors() {
    for args in [
        ["--counter-size", "3/4"],
        ["--back-offset-mm", "1"],
        ["--counter-px", "0"],
    ] {
        let (dir, run) = build(&args);
        assert!(run.starts_with("exit: 2\n"), "{args:?}: {run}");
        assert!(!dir.path().join("out").exists());
    }
}

#[test]
fn a_templates_directory_overrides_counters_and_charts_by_name() {
    let tpl = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(tpl.path().join("counter")).unwrap();
    std::fs::create_dir_all(tpl.path().join("chart")).unwrap();
    std::fs::write(
        tpl.path().join("counter/front.svg"),
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{{ px }}" height="{{ px }}" viewBox="0 0 100 100"><rect width="100" height="100" fill="#336699"/><text x="50" y="50" font-size="{{ fit(counter.name, x=0, y=0, w=100, h=100).size }}">{{ counter.name }} custom</text></svg>"##,
    )
    .unwrap();
    std::fs::write(
        tpl.path().join("chart/chart.html"),
        "<p>{{ chart.groups | length }} groups</p>\n",
    )
    .unwrap();
    let (dir, run) = build(&["--templates", tpl.path().to_str().unwrap()]);
    assert!(run.starts_with("exit: 0\n"), "{run}");
    let out = dir.path().join("out/ita");
    let front = std::fs::read_to_string(out.join("counters/m13-40-front.svg")).unwrap();
    assert!(
        front.contains("M13/40 custom") && front.contains("#336699"),
        "{front}"
    );
    // The back was not overridden: still the embedded template.
    let back = std::fs::read_to_string(out.join("counters/m13-40-back.svg")).unwrap();
    assert!(back.contains("WRECK"));
    let html = std::fs::read_to_string(out.join("chart/ita-chart.html")).unwrap();
    assert_eq!(html, "<p>12 groups</p>\n");
}

#[test]
fn a_template_error_names_file_line_and_variable_and_writes_nothing() {
    let tpl = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(tpl.path().join("counter")).unwrap();
    std::fs::write(
        tpl.path().join("counter/back.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<text>{{ counter.nmae }}</text>\n</svg>\n",
    )
    .unwrap();
    let (dir, run) = build(&["--templates", tpl.path().to_str().unwrap()]);
    let run = run.replace(tpl.path().to_str().unwrap(), "[TEMPLATES]");
    let run = run.replace(dir.path().to_str().unwrap(), "[TMP]");
    assert!(run.starts_with("exit: 1\n"), "{run}");
    assert!(!dir.path().join("out").exists(), "nothing is written");
    insta::assert_snapshot!(run);
}

#[test]
fn a_template_that_makes_bad_svg_is_reported_not_a_panic() {
    let tpl = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(tpl.path().join("counter")).unwrap();
    std::fs::write(tpl.path().join("counter/front.svg"), "<svg><g></svg>\n").unwrap();
    let (dir, run) = build(&["--templates", tpl.path().to_str().unwrap()]);
    assert!(run.starts_with("exit: 1\n"), "{run}");
    assert!(run.contains("counter/front.svg"), "{run}");
    assert!(!dir.path().join("out").exists());
}

#[test]
fn rendering_twice_gives_the_same_bytes() {
    let n = italian();
    let t = Templates::new(None);
    let opts = CounterOptions::default();
    let v = vehicle(&n, "fiat-611a");
    let a = counter_image(&n, v, CounterSide::Front, &t, &opts).unwrap();
    let b = counter_image(&n, v, CounterSide::Front, &t, &opts).unwrap();
    assert_eq!(a, b);
    let sheets = |()| counter_sheets(&n, &t, &opts, &SheetOptions::default()).unwrap();
    assert_eq!(sheets(()), sheets(()), "no dates or random ids in the PDF");
}

/// Every Italian side's texts are read once and drawn in place (`qm_layout::svg_page`): the
/// PNG is byte for byte the one drawn from the side's whole tree. `QM_CORPUS=DIR` checks the
/// sides of another data folder as well (VASL's files, never committed).
#[test]
fn counter_pngs_from_remembered_texts_are_those_of_the_whole_tree() {
    let t = Templates::new(None);
    let (n, opts) = italian_with_pictures(&t);
    pages_draw_whole_trees(std::slice::from_ref(&n), &opts, &t);
    if let Some(dir) = std::env::var_os("QM_CORPUS") {
        let compiled = qm_compile::pipeline::compile(dir.as_ref(), &Default::default());
        let opts = CounterOptions {
            pictures: qm_render::Pictures::new(
                &compiled.nations,
                &compiled.loaded,
                &compiled.art,
                &t,
            )
            .unwrap(),
            colours: compiled.colours.clone(),
            ..CounterOptions::default()
        };
        pages_draw_whole_trees(&compiled.nations, &opts, &t);
    }
}

fn pages_draw_whole_trees(nations: &[Nation], opts: &CounterOptions, t: &Templates) {
    let mut sides = 0;
    for n in nations {
        for (p, side) in qm_render::sides(n) {
            let Ok(svg) = counter_svg(n, p, side, t, opts) else {
                continue;
            };
            let page = qm_layout::svg_page::read(&svg).unwrap();
            let at_60 = resvg::tiny_skia::Transform::from_scale(1.0, 1.0);
            assert!(page.drawn_in_place(at_60), "{} {side:?}", p.id());
            let whole = qm_render::render_png(&parse_svg(&svg).unwrap(), 60, 60).unwrap();
            assert!(
                qm_render::render_page_png(&page, 60, 60).unwrap() == whole,
                "{} {side:?}",
                p.id()
            );
            sides += 1;
        }
    }
    eprintln!("{sides} sides drawn alike");
}
