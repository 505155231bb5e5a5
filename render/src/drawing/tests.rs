//! A drawing against usvg: both read the same SVG and list what they paint, in absolute
//! coordinates and in order (fills, strokes, clips, glyphs); the lists must agree to within
//! float rounding. This is what "drawn exactly as usvg and svg2pdf would" means, checked on the
//! real pages (`same_as_usvg` is called on every chart page, sheet page and card of the
//! Italian data) and on small SVGs exercising each feature.

use resvg::usvg::tiny_skia_path::{Path, PathSegment, Transform};
use resvg::usvg::{self, Node, Paint};

use super::{Drawing, Op, Rgb};

/// One painting operation in page coordinates.
#[derive(Debug, Clone)]
enum Mark {
    /// (transform, path, colour, even-odd)
    Fill(Transform, Vec<PathSegment>, Rgb, bool),
    Stroke(Transform, Vec<PathSegment>, Rgb, f32, Option<Vec<f32>>),
    Clip(Transform, [f32; 4]),
    /// (transform of the text element, face, glyph, x, y, size, colour)
    Glyph(Transform, usize, u16, f32, f32, f32, Rgb),
}

/// Panics with the first difference between how usvg and [`Drawing::read`] see `svg`.
pub(crate) fn same_as_usvg(svg: &str) {
    let drawing = Drawing::read(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    let tree = crate::parse_svg(svg).unwrap();
    let mut theirs = Vec::new();
    usvg_marks(&tree, tree.root(), Transform::identity(), &mut theirs);
    let ours = drawing_marks(&drawing);
    let (ts, ds) = (tree.size(), (drawing.width, drawing.height));
    assert!(
        close(ts.width(), ds.0) && close(ts.height(), ds.1),
        "size {ts:?} vs {ds:?}"
    );
    for (i, (a, b)) in theirs.iter().zip(&ours).enumerate() {
        assert!(
            same(a, b),
            "mark {i} differs:\nusvg:    {a:?}\ndrawing: {b:?}"
        );
    }
    assert_eq!(theirs.len(), ours.len(), "mark counts differ");
}

/// The marks of `group` of `tree`; `base` places `tree` on the page (the transform of the
/// `<image>` holding it; the identity for the page itself).
fn usvg_marks(tree: &usvg::Tree, group: &usvg::Group, base: Transform, out: &mut Vec<Mark>) {
    if let Some(clip) = group.clip_path() {
        let b = clip_rect(clip.root());
        out.push(Mark::Clip(base.pre_concat(group.abs_transform()), b));
    }
    for node in group.children() {
        match node {
            Node::Group(g) => usvg_marks(tree, g, base, out),
            Node::Path(p) => path_marks(p, base, out),
            Node::Text(t) => {
                for span in t.layouted() {
                    let color = span.fill.as_ref().map_or(Rgb(0, 0, 0), |f| rgb(f.paint()));
                    for g in &span.positioned_glyphs {
                        let face = tree.fontdb().face(g.font).unwrap();
                        let bold = usize::from(face.weight.0 > 500);
                        let m = g.transform();
                        let size = span.font_size.get();
                        out.push(Mark::Glyph(
                            base.pre_concat(t.abs_transform()),
                            bold,
                            g.id.0,
                            m.tx,
                            m.ty,
                            size,
                            color,
                        ));
                    }
                }
            }
            // A picture in SVG, which svg2pdf draws as a form clipped to the picture's size.
            Node::Image(image) => {
                let usvg::ImageKind::SVG(inner) = image.kind() else {
                    panic!("a raster image in a drawn page");
                };
                let at = base.pre_concat(image.abs_transform());
                let size = inner.size();
                out.push(Mark::Clip(at, [0.0, 0.0, size.width(), size.height()]));
                usvg_marks(inner, inner.root(), at, out);
            }
        }
    }
}

fn clip_rect(g: &usvg::Group) -> [f32; 4] {
    let Some(Node::Path(p)) = g.children().first() else {
        panic!("a clip path that is not one rectangle");
    };
    let b = p.data().bounds();
    [b.x(), b.y(), b.width(), b.height()]
}

/// What svg2pdf paints of a path: its fill unless it has no area, then its stroke unless it
/// has no extent.
fn path_marks(p: &usvg::Path, base: Transform, out: &mut Vec<Mark>) {
    let b = p.data().bounds();
    let at = base.pre_concat(p.abs_transform());
    let segments: Vec<PathSegment> = p.data().segments().collect();
    if let Some(f) = p.fill().filter(|_| b.width() != 0.0 && b.height() != 0.0) {
        out.push(Mark::Fill(
            at,
            segments.clone(),
            rgb(f.paint()),
            f.rule() == usvg::FillRule::EvenOdd,
        ));
    }
    if let Some(s) = p.stroke().filter(|_| b.width() != 0.0 || b.height() != 0.0) {
        let dash = s.dasharray().map(<[f32]>::to_vec);
        out.push(Mark::Stroke(
            at,
            segments,
            rgb(s.paint()),
            s.width().get(),
            dash,
        ));
    }
}

fn rgb(p: &Paint) -> Rgb {
    match p {
        Paint::Color(c) => Rgb(c.red, c.green, c.blue),
        other => panic!("a paint drawn pages do not use: {other:?}"),
    }
}

fn drawing_marks(d: &Drawing) -> Vec<Mark> {
    let mut out = Vec::new();
    let mut stack = vec![Transform::identity()];
    for op in &d.ops {
        let top = *stack.last().unwrap();
        match op {
            Op::Push(t) => stack.push(top.pre_concat(*t)),
            Op::Clip { x, y, w, h } => {
                out.push(Mark::Clip(top, [*x, *y, *w, *h]));
                stack.push(top);
            }
            Op::Pop => {
                stack.pop();
            }
            Op::Fill(p, c, even_odd) => out.push(Mark::Fill(top, segments(p), *c, *even_odd)),
            Op::Stroke(p, s) => out.push(Mark::Stroke(
                top,
                segments(p),
                s.color,
                s.width,
                s.dash.as_ref().map(|d| d.0.clone()),
            )),
            // Pages (what these marks compare) have no translucent groups and no shared
            // pictures (their pictures are read in place).
            Op::BeginGroup { .. } | Op::EndGroup => panic!("a translucent group in a page"),
            Op::Picture { .. } => panic!("a shared picture in a page"),
            Op::Text(run) => {
                for g in &run.glyphs {
                    out.push(Mark::Glyph(
                        top, run.face, g.id, g.x, run.y, run.size, run.color,
                    ));
                }
            }
        }
    }
    out
}

fn segments(p: &Path) -> Vec<PathSegment> {
    p.segments().collect()
}

fn close(a: f32, b: f32) -> bool {
    (a - b).abs() <= 1e-4 * a.abs().max(b.abs()).max(1.0)
}

fn same_transform(a: &Transform, b: &Transform) -> bool {
    [
        (a.sx, b.sx),
        (a.ky, b.ky),
        (a.kx, b.kx),
        (a.sy, b.sy),
        (a.tx, b.tx),
        (a.ty, b.ty),
    ]
    .iter()
    .all(|(x, y)| close(*x, *y))
}

fn same_segments(a: &[PathSegment], b: &[PathSegment]) -> bool {
    a == b
}

fn same(a: &Mark, b: &Mark) -> bool {
    match (a, b) {
        (Mark::Fill(t1, s1, c1, e1), Mark::Fill(t2, s2, c2, e2)) => {
            same_transform(t1, t2) && same_segments(s1, s2) && c1 == c2 && e1 == e2
        }
        (Mark::Stroke(t1, s1, c1, w1, d1), Mark::Stroke(t2, s2, c2, w2, d2)) => {
            same_transform(t1, t2) && same_segments(s1, s2) && c1 == c2 && w1 == w2 && d1 == d2
        }
        (Mark::Clip(t1, r1), Mark::Clip(t2, r2)) => {
            same_transform(t1, t2) && r1.iter().zip(r2).all(|(x, y)| close(*x, *y))
        }
        (Mark::Glyph(t1, f1, g1, x1, y1, s1, c1), Mark::Glyph(t2, f2, g2, x2, y2, s2, c2)) => {
            same_transform(t1, t2)
                && (f1, g1, c1) == (f2, g2, c2)
                && x1 == x2
                && y1 == y2
                && s1 == s2
        }
        _ => false,
    }
}

#[test]
fn shapes_groups_and_transforms_match_usvg() {
    same_as_usvg(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">
<rect width="200" height="100" fill="#c9cca5"/>
<rect x="1.5" y="1.5" width="97" height="97" rx="4" fill="none" stroke="#1a1a14" stroke-width="1"/>
<g stroke="#999999" stroke-width="0.4" fill="none" transform="translate(3 4) scale(0.5)">
<line x1="10" y1="20" x2="190" y2="20"/><line x1="5" y1="5" x2="5" y2="5"/>
<circle cx="87.5" cy="43.0" r="9.5" fill="#ffffff" stroke="#1a1a14" stroke-width="0.8"/>
<path d="M 10 10 L 20 10 Q 25 15 20 20 C 15 25 10 25 10 20 Z" fill="red"/>
<rect x="0.5" y="0.5" width="30" height="30" rx="3" fill="#f4eedc" stroke="#000" stroke-dasharray="3 2"/>
<rect x="1" y="1" width="0" height="5" fill="blue"/>
</g>
</svg>"##,
    );
}

#[test]
fn text_matches_usvg_glyph_for_glyph() {
    same_as_usvg(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="300mm" height="100mm" viewBox="0 0 300 100" font-family="DejaVu Sans">
<g font-family="DejaVu Sans" font-stretch="condensed" fill="#111111">
<text x="10" y="20" font-size="12" font-weight="bold">  AVAST  To   Wa yé — † ® ● ◆ × · ½  </text>
<text x="290" y="30" font-size="8" text-anchor="end">page 1 of 9</text>
<text x="150" y="40" font-size="7.3" text-anchor="middle" font-style="italic">Semovente L40 da 47/32 "V" (f)</text>
<text font-size="9" text-anchor="middle"><tspan x="52.75" y="14.38">first</tspan><tspan x="52.75" y="24.38">second line</tspan></text>
<text xml:space="preserve" font-size="13.5" text-anchor="end" fill="#c8102e"><tspan x="97.0" y="93.67">  11 </tspan></text>
<text x="3" y="60" font-size="6.2" font-weight="600">123</text>
<text x="3" y="70" font-size="6" transform="translate(1 2)">×4 · turn 3</text>
<text x="3" y="80" font-size="5">   </text>
</g>
<g transform="translate(20 50)">
<svg xmlns="http://www.w3.org/2000/svg" width="15.875" height="15.875" viewBox="0 0 100 100">
<rect width="100" height="100" fill="#c9cca5"/>
<text x="50" y="50" font-size="13.5" text-anchor="middle" font-weight="bold">M13/40</text>
</svg>
</g>
</svg>"##,
    );
}

#[test]
fn what_is_not_drawn_exactly_is_unsupported() {
    let wrap = |body: &str| {
        format!(r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">{body}</svg>"#)
    };
    for body in [
        r#"<image width="1" height="1" href="x.png"/>"#,
        r#"<rect width="1" height="1" opacity="0.5"/>"#,
        r#"<rect width="1" height="1" style="fill:red"/>"#,
        r##"<rect width="1" height="1" fill="url(#g)"/>"##,
        r#"<rect width="10%" height="1"/>"#,
        r#"<text letter-spacing="2">a</text>"#,
        r#"<text x="1 2 3">abc</text>"#,
        r#"<text>a<tspan>b</tspan></text>"#,
        r#"<text><tspan x="1" y="1">a </tspan><tspan x="1" y="2">b</tspan></text>"#,
        r#"<text stroke="red">a</text>"#,
        r#"<text>אב</text>"#,
        r#"<text font-weight="bolder">a</text>"#,
        r##"<use href="#a"/>"##,
    ] {
        assert!(Drawing::read(&wrap(body)).is_err(), "{body}");
    }
    assert!(Drawing::read("<svg").is_err());
    assert!(Drawing::read(r#"<svg xmlns="http://www.w3.org/2000/svg"/>"#).is_err());
}

/// Every page the built-in templates draw for the repository's data: chart pages, sheet
/// furniture (both paper sizes) and scenario cards.
#[test]
fn every_page_of_the_repository_data_is_drawn_as_usvg_draws_it() {
    use crate::{chart, chart_layout, chart_model, sheet};
    use qm_registry::NationRegistries;
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data-src");
    let compiled = qm_compile::pipeline::compile(&data, &Default::default());
    let templates = crate::templates::Templates::new(None);
    let mut pages = 0;
    for nation in &compiled.nations {
        let types = &compiled.loaded.registries_of(&nation.id).types;
        let model = chart_model::chart_model(nation, types);
        let chart_pages = chart_layout::paginate(&model);
        for page in &chart_pages {
            let value = minijinja::Value::from_serialize(&model);
            let ctx = chart::page_context(value, page, chart_pages.len());
            same_as_usvg(&templates.render(chart::CHART_PAGE_TEMPLATE, ctx).unwrap());
            pages += 1;
        }
        // A nation without vehicles has no sheets.
        let papers = if nation.vehicles.is_empty() {
            &[][..]
        } else {
            &sheet::Paper::ALL[..]
        };
        for &paper in papers {
            let layout = sheet::sheet_layout(nation.vehicles.len(), paper, &Default::default());
            for page in &layout.pages {
                let ctx = sheet::page_context(nation, &layout, page, "5/8 in");
                same_as_usvg(&templates.render(sheet::SHEET_TEMPLATE, ctx).unwrap());
                pages += 1;
            }
        }
    }
    let counters = crate::CounterOptions {
        pictures: pictures(&compiled, &templates),
        colours: compiled.colours.clone(),
        ..Default::default()
    };
    for scenario in &compiled.scenarios {
        let view = crate::card::card_view(
            &templates,
            scenario,
            &compiled.nations,
            &compiled.loaded,
            &counters,
        )
        .unwrap();
        let svg = crate::card::card_svg(&templates, &view).unwrap();
        // The counters' pictures (silhouettes here, embedded as <image>) are drawn too.
        assert!(svg.contains("<image "), "{}", scenario.id);
        same_as_usvg(&svg);
        pages += 1;
    }
    assert!(pages > 15, "{pages} pages");
}

/// Every counter side of the repository's data, its picture included, is drawn from its tree
/// (none falls back to svg2pdf), with one fill or stroke per painted shape of usvg's tree (its
/// pictures' in their own drawings) and every glyph usvg placed in a text run.
#[test]
fn every_counter_side_is_drawn_from_its_tree() {
    use crate::{counter_svg, parse_svg, CounterOptions};
    use qm_schema::CounterSide;
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data-src");
    let compiled = qm_compile::pipeline::compile(&data, &Default::default());
    let templates = crate::templates::Templates::new(None);
    let opts = CounterOptions {
        pictures: pictures(&compiled, &templates),
        ..CounterOptions::default()
    };
    let mut sides = 0;
    for nation in &compiled.nations {
        for v in &nation.vehicles {
            for side in [CounterSide::Front, CounterSide::Back] {
                let svg = counter_svg(nation, v, side, &templates, &opts);
                let tree = parse_svg(&svg.unwrap()).unwrap();
                let d = Drawing::from_tree(&tree).unwrap_or_else(|e| panic!("{}: {e}", v.id));
                let (mut paths, mut glyphs) = (0, 0);
                count_paths(tree.root(), &mut paths, &mut glyphs);
                assert_eq!(painted(&d), (paths, glyphs), "{}", v.id);
                assert!(glyphs > 0, "{}", v.id);
                sides += 1;
            }
        }
    }
    assert!(sides >= 82);
}

/// The fills plus strokes and the glyphs of a drawing, its pictures' included.
fn painted(d: &Drawing) -> (usize, usize) {
    let (mut shapes, mut glyphs) = (0, 0);
    for op in &d.ops {
        match op {
            Op::Fill(..) | Op::Stroke(..) => shapes += 1,
            Op::Text(run) => glyphs += run.glyphs.len(),
            Op::Picture { drawing, .. } => {
                let (s, g) = painted(drawing);
                (shapes, glyphs) = (shapes + s, glyphs + g);
            }
            _ => {}
        }
    }
    (shapes, glyphs)
}

/// Fills plus strokes svg2pdf would write for a tree, and the glyphs of its text.
fn count_paths(g: &usvg::Group, n: &mut usize, glyphs: &mut usize) {
    for node in g.children() {
        match node {
            Node::Group(g) => count_paths(g, n, glyphs),
            Node::Text(t) => {
                *glyphs += t
                    .layouted()
                    .iter()
                    .filter(|s| s.visible)
                    .map(|s| s.positioned_glyphs.len())
                    .sum::<usize>()
            }
            Node::Path(p) => {
                let b = p.data().bounds();
                *n += usize::from(p.fill().is_some() && b.width() != 0.0 && b.height() != 0.0);
                *n += usize::from(p.stroke().is_some() && (b.width() != 0.0 || b.height() != 0.0));
            }
            Node::Image(image) => {
                if let usvg::ImageKind::SVG(tree) = image.kind() {
                    count_paths(tree.root(), n, glyphs);
                }
            }
        }
    }
}

#[test]
fn a_tree_with_more_than_fills_and_strokes_is_left_to_svg2pdf() {
    for body in [
        r#"<defs><clipPath id="c"><rect width="2" height="2"/></clipPath></defs><g clip-path="url(#c)"><rect width="5" height="5"/></g>"#,
        // A 1 x 1 PNG: raster art.
        r#"<image width="4" height="4" href="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="/>"#,
        r##"<defs><linearGradient id="g"><stop offset="0"/><stop offset="1" stop-color="red"/></linearGradient></defs><rect width="5" height="5" fill="url(#g)"/>"##,
    ] {
        let svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">{body}</svg>"#
        );
        let tree = crate::parse_svg(&svg).unwrap();
        assert!(Drawing::from_tree(&tree).is_err(), "{body}");
    }
}

/// A translucent group (the wreck side's dimmed picture) becomes a transparency group of its
/// own, painted at its opacity: shapes inside it overlap without darkening each other, as in
/// svg2pdf's output and resvg's PNG.
#[test]
fn a_translucent_group_is_one_transparency_group() {
    let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g opacity="0.45" transform="translate(1 1)"><rect width="5" height="5"/><rect x="2" width="5" height="5"/></g><rect y="8" width="2" height="2"/></svg>"#;
    let tree = crate::parse_svg(svg).unwrap();
    let d = Drawing::from_tree(&tree).unwrap();
    assert!(
        matches!(
            d.ops.first(),
            Some(Op::BeginGroup { opacity, bbox }) if (*opacity - 0.45).abs() < 1e-6
                && bbox.iter().zip([1.0, 1.0, 7.0, 5.0]).all(|(a, b)| close(*a, b))
        ),
        "{:?}",
        d.ops
    );
    let text = String::from_utf8_lossy(&one_form_pdf(&d)).into_owned();
    for wanted in [
        "/S /Transparency",
        "/ca 0.45",
        "/CA 0.45",
        "/G0 ",
        "/A0 ",
        "/BBox [1 1 8 6]",
    ] {
        assert!(text.contains(wanted), "{wanted} missing from\n{text}");
    }
    // Both rectangles inside the group, the third outside it.
    let painted = |ops: &[Op]| ops.iter().filter(|op| matches!(op, Op::Fill(..))).count();
    let end = d
        .ops
        .iter()
        .position(|op| matches!(op, Op::EndGroup))
        .unwrap();
    assert_eq!((painted(&d.ops[..end]), painted(&d.ops[end..])), (2, 1));
}

/// A picture recoloured by the counter templates' ink filter (a nation whose text is light)
/// and dimmed (the wreck side) is drawn from its tree: a transparency group at the opacity
/// holding the picture, every shape of it in the ink; any other filter is left to svg2pdf.
#[test]
fn an_ink_recoloured_picture_is_drawn_in_the_ink() {
    // A picture of two overlapping black rectangles and a red one.
    let picture = "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSI0IiBoZWlnaHQ9IjQiPjxyZWN0IHdpZHRoPSI0IiBoZWlnaHQ9IjIiLz48cmVjdCB5PSIxIiB3aWR0aD0iMiIgaGVpZ2h0PSIzIi8+PHJlY3QgeD0iMyIgeT0iMyIgd2lkdGg9IjEiIGhlaWdodD0iMSIgZmlsbD0icmVkIi8+PC9zdmc+";
    let side = |filter: &str| {
        format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#274171"/><filter id="ink" x="0" y="0" width="1" height="1">{filter}</filter><image x="2" y="2" width="4" height="4" opacity="0.45" filter="url(#ink)" href="data:image/svg+xml;base64,{picture}"/></svg>"##
        )
    };
    let ink =
        side(r##"<feFlood flood-color="#f2f2ea"/><feComposite in2="SourceAlpha" operator="in"/>"##);
    let tree = crate::parse_svg(&ink).unwrap();
    let d = Drawing::from_tree(&tree).unwrap();
    let group = d.ops.iter().position(
        |op| matches!(op, Op::BeginGroup { opacity, .. } if (*opacity - 0.45).abs() < 1e-6),
    );
    let picture = d.ops.iter().position(|op| matches!(op, Op::Picture { .. }));
    let end = d.ops.iter().position(|op| matches!(op, Op::EndGroup));
    assert!(
        group < picture && picture < end && group.is_some(),
        "{:?}",
        d.ops
    );
    let Some(Op::Picture { drawing, .. }) = picture.map(|i| &d.ops[i]) else {
        unreachable!()
    };
    let colours: Vec<Rgb> = drawing
        .ops
        .iter()
        .filter_map(|op| match op {
            Op::Fill(_, c, _) => Some(*c),
            _ => None,
        })
        .collect();
    assert_eq!(colours, vec![Rgb(0xf2, 0xf2, 0xea); 3], "{:?}", drawing.ops);
    // The ground outside the group keeps its colour.
    assert!(matches!(
        d.ops.first(),
        Some(Op::Fill(_, Rgb(0x27, 0x41, 0x71), _))
    ));
    for other in [
        r#"<feGaussianBlur stdDeviation="1"/>"#,
        r##"<feFlood flood-color="#f2f2ea" flood-opacity="0.5"/><feComposite in2="SourceAlpha" operator="in"/>"##,
        r##"<feFlood flood-color="#f2f2ea"/><feComposite in2="SourceAlpha" operator="out"/>"##,
    ] {
        let tree = crate::parse_svg(&side(other)).unwrap();
        assert!(Drawing::from_tree(&tree).is_err(), "{other}");
    }
    // A region that would clip the picture.
    let clipped = ink.replace(r#"width="1" height="1""#, r#"width="0.5" height="1""#);
    let tree = crate::parse_svg(&clipped).unwrap();
    assert!(Drawing::from_tree(&tree).is_err());
}

/// A PDF placing `d` as a form on a page of its own.
fn one_form_pdf(d: &Drawing) -> Vec<u8> {
    use crate::pdf::{Converted, PdfBuilder, Placement};
    let mut pdf = PdfBuilder::new();
    let g = pdf.add(&Converted::drawn(std::sync::Arc::new(d.clone())));
    pdf.add_page(
        10.0,
        10.0,
        &[Placement::top_left(g, 0.0, 0.0, 10.0, 10.0, 10.0)],
    );
    pdf.finish().unwrap()
}

/// The same SVG picture shown by two drawings of one document is written once: one form,
/// named by its key in both drawings' resources.
#[test]
fn a_picture_is_written_once_per_document() {
    use crate::pdf::{Converted, PdfBuilder, Placement};
    let picture = "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSI0IiBoZWlnaHQ9IjQiPjxyZWN0IHdpZHRoPSI0IiBoZWlnaHQ9IjIiLz48L3N2Zz4=";
    let side = |fill: &str| {
        let svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="{fill}"/><image x="2" y="2" width="4" height="4" href="data:image/svg+xml;base64,{picture}"/></svg>"#
        );
        let tree = crate::parse_svg(&svg).unwrap();
        Converted::drawn(std::sync::Arc::new(Drawing::from_tree(&tree).unwrap()))
    };
    let mut pdf = PdfBuilder::new();
    let (a, b) = (pdf.add(&side("red")), pdf.add(&side("blue")));
    let place = |g| Placement::top_left(g, 0.0, 0.0, 10.0, 10.0, 10.0);
    pdf.add_page(10.0, 10.0, &[place(a), place(b)]);
    let bytes = pdf.finish().unwrap();
    let text = String::from_utf8_lossy(&bytes);
    // Two sides and one picture: three forms, the picture named by both sides.
    assert_eq!(text.matches("/Subtype /Form").count(), 3, "{text}");
    let names: Vec<&str> = text
        .split("/P")
        .skip(1)
        .filter_map(|s| s.get(..16))
        .filter(|s| s.bytes().all(|b| b.is_ascii_hexdigit()))
        .collect();
    // Named in both sides' resources and painted by both contents (compressed, unseen here).
    assert_eq!(names.len(), 2, "{text}");
    assert_eq!(names[0], names[1]);
}

/// Text drawn from a tree is shown in the document's fonts, once per face however many
/// drawings use it, not as outlines.
#[test]
fn tree_text_is_shown_in_the_document_fonts() {
    use crate::pdf::{Converted, PdfBuilder, Placement};
    let side = |text: &str| {
        let svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text x="1" y="8" font-family="DejaVu Sans" font-size="5" font-weight="bold">{text}</text></svg>"#
        );
        let tree = crate::parse_svg(&svg).unwrap();
        let d = Drawing::from_tree(&tree).unwrap();
        assert!(
            d.ops.iter().any(|op| matches!(op, Op::Text(_))),
            "{:?}",
            d.ops
        );
        assert!(
            !d.ops.iter().any(|op| matches!(op, Op::Fill(..))),
            "{:?}",
            d.ops
        );
        Converted::drawn(std::sync::Arc::new(d))
    };
    let mut pdf = PdfBuilder::new();
    let (a, b) = (pdf.add(&side("AB")), pdf.add(&side("BC")));
    let place = |g| Placement::top_left(g, 0.0, 0.0, 10.0, 10.0, 10.0);
    pdf.add_page(10.0, 10.0, &[place(a), place(b)]);
    let text = String::from_utf8_lossy(&pdf.finish().unwrap()).into_owned();
    assert_eq!(text.matches("/FontFile2").count(), 1, "{text}");
}

/// The pictures of the compiled data, made by this crate (the compiler's own would be of the
/// library's copy of these types, not of the test's).
fn pictures(
    compiled: &qm_compile::pipeline::Compiled,
    templates: &crate::templates::Templates,
) -> crate::Pictures {
    let (art, _) = crate::art::assign_nations(&compiled.loaded, &compiled.nations);
    crate::Pictures::new(&compiled.nations, &compiled.loaded, &art, templates).unwrap()
}
