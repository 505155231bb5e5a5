//! A tree usvg has read -> [`Drawing`], for pictures whose tree is needed anyway (a counter's
//! PNG is rasterized from it): groups with their transforms and opacity, fills and strokes in
//! solid colours, pictures in SVG (their own trees),
//! text as the outlines usvg made of it. The operations are the ones svg2pdf writes for the
//! same tree, without svg2pdf's fixed deflate level and per-path graphics states.

use resvg::usvg::{self, FillRule, LineCap, LineJoin, Node, Paint, PaintOrder};

use super::{Drawing, Op, Rgb, Stroke, Unsupported};

/// See [`Drawing::from_tree`].
pub(super) fn from_tree(tree: &usvg::Tree) -> Result<Drawing, Unsupported> {
    let mut ops = Vec::new();
    group(tree.root(), &mut ops)?;
    Ok(Drawing {
        width: tree.size().width(),
        height: tree.size().height(),
        ops,
        id: super::next_id(),
        glyphs: Default::default(),
    })
}

fn group(g: &usvg::Group, ops: &mut Vec<Op>) -> Result<(), Unsupported> {
    let plain = g.clip_path().is_none()
        && g.mask().is_none()
        && g.filters().is_empty()
        && g.blend_mode() == usvg::BlendMode::Normal
        && !g.isolate();
    if !plain {
        return Err(Unsupported(
            "a group with a clip, a mask, a filter or a blend mode".into(),
        ));
    }
    if g.opacity() == usvg::Opacity::ONE {
        return group_content(g, ops);
    }
    // Composited as one, as svg2pdf does: a transparency group bounded by the group's layer
    // box in its parent's space.
    let b = g
        .layer_bounding_box()
        .transform(g.transform())
        .ok_or_else(|| Unsupported("a group that cannot be bounded".into()))?;
    ops.push(Op::BeginGroup {
        opacity: g.opacity().get(),
        bbox: [b.x(), b.y(), b.width(), b.height()],
    });
    group_content(g, ops)?;
    ops.push(Op::EndGroup);
    Ok(())
}

/// A group's transform and children.
fn group_content(g: &usvg::Group, ops: &mut Vec<Op>) -> Result<(), Unsupported> {
    let t = g.transform();
    let pushed = !t.is_identity();
    if pushed {
        ops.push(Op::Push(t));
    }
    for child in g.children() {
        match child {
            Node::Group(g) => group(g, ops)?,
            Node::Path(p) => path(p, ops)?,
            Node::Text(text) => group(text.flattened(), ops)?,
            Node::Image(image) => picture(image, ops)?,
        }
    }
    if pushed {
        ops.push(Op::Pop);
    }
    Ok(())
}

/// An `<image>` of SVG (a counter's silhouette or SVG art): its own tree, drawn in place.
/// usvg has already put the viewport's scale and offset on the enclosing group, so the nested
/// tree is drawn in the image's own space, as resvg draws it, clipped to its size as svg2pdf
/// clips it (a form's bounding box). Raster art is left to svg2pdf.
fn picture(image: &usvg::Image, ops: &mut Vec<Op>) -> Result<(), Unsupported> {
    if !image.is_visible() {
        return Ok(());
    }
    let usvg::ImageKind::SVG(tree) = image.kind() else {
        return Err(Unsupported("a raster image".into()));
    };
    let size = tree.size();
    ops.push(Op::Clip {
        x: 0.0,
        y: 0.0,
        w: size.width(),
        h: size.height(),
    });
    group(tree.root(), ops)?;
    ops.push(Op::Pop);
    Ok(())
}

/// A path's fill and stroke in its paint order; a fill without area and a stroke without
/// extent are left out, as svg2pdf leaves them out.
fn path(p: &usvg::Path, ops: &mut Vec<Op>) -> Result<(), Unsupported> {
    if !p.is_visible() {
        return Ok(());
    }
    let b = p.data().bounds();
    let mut fill = None;
    if let Some(f) = p.fill().filter(|_| b.width() != 0.0 && b.height() != 0.0) {
        let color = opaque(f.paint(), f.opacity())?;
        fill = Some(Op::Fill(
            p.data().clone(),
            color,
            f.rule() == FillRule::EvenOdd,
        ));
    }
    let mut stroke = None;
    if let Some(s) = p.stroke().filter(|_| b.width() != 0.0 || b.height() != 0.0) {
        let color = opaque(s.paint(), s.opacity())?;
        stroke = Some(Op::Stroke(
            p.data().clone(),
            Stroke {
                color,
                width: s.width().get(),
                dash: s.dasharray().map(|d| (d.to_vec(), s.dashoffset())),
                cap: match s.linecap() {
                    LineCap::Butt => 0,
                    LineCap::Round => 1,
                    LineCap::Square => 2,
                },
                join: match s.linejoin() {
                    LineJoin::Miter | LineJoin::MiterClip => 0,
                    LineJoin::Round => 1,
                    LineJoin::Bevel => 2,
                },
                miter_limit: s.miterlimit().get(),
            },
        ));
    }
    let (first, second) = match p.paint_order() {
        PaintOrder::FillAndStroke => (fill, stroke),
        PaintOrder::StrokeAndFill => (stroke, fill),
    };
    ops.extend(first);
    ops.extend(second);
    Ok(())
}

fn opaque(paint: &Paint, opacity: usvg::Opacity) -> Result<Rgb, Unsupported> {
    match paint {
        Paint::Color(c) if opacity == usvg::Opacity::ONE => Ok(Rgb(c.red, c.green, c.blue)),
        _ => Err(Unsupported(
            "a gradient, pattern or translucent paint".into(),
        )),
    }
}
