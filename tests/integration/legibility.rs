//! What a counter draws: exactly the IR's counter items (`counter.front`, `counter.back`), and
//! every text at a legible size, measured in the rendered SVG.

use std::collections::BTreeMap;

use qm_layout::svg::parse as parse_svg;
use qm_render::templates::Templates;
use qm_render::{counter_svg, CounterOptions};
use qm_schema::{CounterItem, CounterItemKind, CounterSide, Nation};
use resvg::usvg::Node;

use crate::support::root;

/// The values a player reads at a glance: at least 8 px tall on the 60 px counter.
const GLANCE: [CounterItemKind; 10] = [
    CounterItemKind::Name,
    CounterItemKind::Rof,
    CounterItemKind::MainArmament,
    CounterItemKind::ArmorFront,
    CounterItemKind::ArmorSide,
    CounterItemKind::ArmorThird,
    CounterItemKind::Mp,
    CounterItemKind::MgBow,
    CounterItemKind::MgCoax,
    CounterItemKind::MgAa,
];
/// Floors: glance values 8 px and everything 6 px on the default 60 px counter; 5 pt on a
/// 5/8-inch sheet, where the counter is 45 pt wide.
const GLANCE_PX: f32 = 8.0;
const ANY_PX: f32 = 6.0;
const SHEET_PT: f32 = 5.0;
const SHEET_COUNTER_PT: f32 = 45.0;

/// The nations whose counters are checked: the Italian data and the made-up second nation,
/// each with the options a build draws its counters with (every vehicle's picture in its box).
fn nations() -> Vec<(Nation, CounterOptions)> {
    let t = Templates::new(None);
    let mut out = Vec::new();
    for dir in [
        root().join("data-src"),
        root().join("tests/fixtures-nations"),
    ] {
        let compiled = qm_compile::pipeline::compile(&dir, &Default::default());
        assert!(!compiled.failed(false), "{} compiles", dir.display());
        let opts = CounterOptions {
            pictures: qm_render::Pictures::new(
                &compiled.nations,
                &compiled.loaded,
                &compiled.art,
                &t,
            )
            .unwrap(),
            ..CounterOptions::default()
        };
        out.extend(compiled.nations.into_iter().map(|n| (n, opts.clone())));
    }
    assert!(out.iter().any(|(n, _)| n.id == "ita") && out.len() >= 2);
    out
}

/// One `<text>` of a counter SVG: the item it draws (`data-item`), its text (the lines of a
/// wrapped text joined by one space), how many lines, and its font size in pixels of the
/// rendered image (from the SVG renderer's layout: the font size times the scale from the
/// viewBox to the SVG's width and height, which is the PNG's size).
#[derive(Debug)]
struct Drawn {
    item: String,
    text: String,
    lines: usize,
    px: f32,
}

fn drawn(svg: &str) -> Vec<Drawn> {
    // The item names, from the markup, in document order.
    let doc = roxmltree::Document::parse(svg).expect("the counter SVG is XML");
    let marked: Vec<(String, Vec<String>)> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|t| {
            let item = t.attribute("data-item").unwrap_or("").to_string();
            let lines = t
                .children()
                .filter(|c| c.has_tag_name("tspan"))
                .map(|c| c.text().unwrap_or("").to_string())
                .collect();
            (item, lines)
        })
        .collect();
    // The sizes, from the renderer's text layout, in the same order.
    fn walk(g: &resvg::usvg::Group, out: &mut Vec<(String, f32)>) {
        for node in g.children() {
            match node {
                Node::Group(g) => walk(g, out),
                Node::Text(t) => {
                    let text: String = t.chunks().iter().map(|c| c.text()).collect();
                    let size = t
                        .chunks()
                        .iter()
                        .flat_map(|c| c.spans())
                        .map(|s| s.font_size().get())
                        .fold(f32::INFINITY, f32::min);
                    // The viewBox-to-pixels scale (and any transform of the text's own).
                    let ts = t.abs_transform();
                    out.push((text, size * ts.sy.abs().max(ts.sx.abs())));
                }
                _ => {}
            }
        }
    }
    let tree = parse_svg(svg).expect("the counter SVG renders");
    let mut rendered = Vec::new();
    walk(tree.root(), &mut rendered);
    assert_eq!(
        marked.len(),
        rendered.len(),
        "every <text> is rendered:\n{svg}"
    );
    marked
        .into_iter()
        .zip(rendered)
        .map(|((item, lines), (text, px))| {
            assert_eq!(
                lines.concat(),
                text,
                "the renderer draws the text as written"
            );
            Drawn {
                item,
                text: lines.join(" "),
                lines: lines.len(),
                px,
            }
        })
        .collect()
}

/// What the IR says a side draws: (item, text) for every label and value.
fn expected(items: &[CounterItem]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for i in items {
        if let Some(l) = &i.label {
            out.push((format!("{}.label", i.kind.as_str()), l.clone()));
        }
        out.push((i.kind.as_str().to_string(), i.text.clone()));
    }
    out.sort();
    out
}

fn sides() -> [CounterSide; 2] {
    [CounterSide::Front, CounterSide::Back]
}

#[test]
fn every_counter_draws_its_ir_items_and_nothing_else() {
    let t = Templates::new(None);
    let mut checked = 0;
    for (n, opts) in nations() {
        for v in &n.vehicles {
            for side in sides() {
                let items = match side {
                    CounterSide::Front => &v.counter.front,
                    _ => &v.counter.back,
                };
                let svg = counter_svg(&n, v, side, &t, &opts).unwrap();
                let texts = drawn(&svg);
                let want = expected(items);
                // A text wrapped onto two lines lost the space it broke at (or none, after a
                // "/"): the two lists are compared without spaces...
                let squash = |pairs: Vec<(String, String)>| {
                    let mut v: Vec<(String, String)> = pairs
                        .into_iter()
                        .map(|(i, t)| (i, t.replace(' ', "")))
                        .collect();
                    v.sort();
                    v
                };
                let got: Vec<(String, String)> = texts
                    .iter()
                    .map(|d| (d.item.clone(), d.text.clone()))
                    .collect();
                assert_eq!(squash(got), squash(want.clone()), "{} {side:?}", v.name);
                // ... and a text on one line is an item's text exactly, spaces included.
                for d in texts.iter().filter(|d| d.lines == 1) {
                    assert!(
                        want.contains(&(d.item.clone(), d.text.clone())),
                        "{} {side:?}: {:?} is drawn as {:?}",
                        v.name,
                        d.item,
                        d.text
                    );
                }
                assert!(
                    !items.iter().any(|i| i.text.is_empty() || i.text == "†"),
                    "{} {side:?}: an item without a value: {items:?}",
                    v.name
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 2 * 41, "checked {checked} sides");
}

#[test]
fn every_counter_text_meets_the_size_floors() {
    let t = Templates::new(None);
    let px = CounterOptions::default().px;
    assert_eq!(px, 60, "the floors are set for the default 60 px counter");
    let pt_per_px = SHEET_COUNTER_PT / px as f32;
    let glance: Vec<&str> = GLANCE.iter().map(|k| k.as_str()).collect();
    let mut smallest: BTreeMap<&str, f32> = BTreeMap::new();
    let mut largest = 0.0f32;
    for (n, opts) in nations() {
        for v in &n.vehicles {
            for side in sides() {
                let svg = counter_svg(&n, v, side, &t, &opts).unwrap();
                for d in drawn(&svg) {
                    let px = d.px;
                    let pt = d.px * pt_per_px;
                    let floor = if glance.contains(&d.item.as_str()) {
                        GLANCE_PX
                    } else {
                        ANY_PX
                    };
                    assert!(
                        px >= floor - 1e-3,
                        "{} {side:?}: {:?} ({}) is {px:.2} px, under {floor} px",
                        v.name,
                        d.text,
                        d.item
                    );
                    assert!(
                        pt >= SHEET_PT - 1e-3,
                        "{} {side:?}: {:?} is {pt:.2} pt on a 5/8-inch sheet, under {SHEET_PT} pt",
                        v.name,
                        d.text
                    );
                    let key = if glance.contains(&d.item.as_str()) {
                        "glance"
                    } else {
                        "other"
                    };
                    let s = smallest.entry(key).or_insert(f32::INFINITY);
                    *s = s.min(px);
                    largest = largest.max(px);
                }
            }
        }
    }
    // Pixels, not viewBox units: the largest text (the MP, 18 of the 100 units) is 10.8 px.
    assert!(
        largest > 10.0 && largest < 11.0,
        "largest text {largest} px"
    );
    // Both classes were seen (the test measured something).
    assert!(smallest
        .get("glance")
        .is_some_and(|s| *s >= GLANCE_PX - 1e-3));
    assert!(smallest.get("other").is_some_and(|s| *s >= ANY_PX - 1e-3));
}

/// The DVP badge a scenario card draws on a counter picture's upper-left corner (rule 177),
/// in the counter's units for a 5/8-inch picture: a circle of 1.85 mm radius centred 0.35 mm
/// outside the corner (templates/scenario/card.svg, card.html).
const BADGE_CENTRE: f32 = -0.35 / 15.875 * 100.0;
const BADGE_RADIUS: f32 = 1.85 / 15.875 * 100.0;

#[test]
fn the_dvp_corner_of_every_front_stays_free() {
    let t = Templates::new(None);
    for (n, opts) in nations() {
        for v in &n.vehicles {
            let svg = counter_svg(&n, v, CounterSide::Front, &t, &opts).unwrap();
            let pictures = crate::render::picture_boxes(&svg);
            // Every front draws its vehicle's picture (a silhouette here: no art in this data).
            assert_eq!(pictures.len(), 1, "{}: one picture on the front", v.name);
            let texts = crate::render::text_boxes(&svg);
            let drawn = texts
                .into_iter()
                .chain(pictures.into_iter().map(|r| ("the picture".to_string(), r)));
            for (text, r) in drawn {
                // The point of the box nearest the badge's centre.
                let x = BADGE_CENTRE.clamp(r.left(), r.right());
                let y = BADGE_CENTRE.clamp(r.top(), r.bottom());
                let d = ((x - BADGE_CENTRE).powi(2) + (y - BADGE_CENTRE).powi(2)).sqrt();
                assert!(
                    d > BADGE_RADIUS,
                    "{}: {text:?} at {r:?} lies under the DVP badge",
                    v.name
                );
            }
        }
    }
}
