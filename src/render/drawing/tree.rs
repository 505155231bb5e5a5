//! A tree usvg has read -> [`Drawing`], for pictures whose tree is needed anyway (a counter's
//! PNG is rasterized from it): groups and their transforms, fills and strokes in solid colours,
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
    let plain = g.opacity() == usvg::Opacity::ONE
        && g.clip_path().is_none()
        && g.mask().is_none()
        && g.filters().is_empty()
        && g.blend_mode() == usvg::BlendMode::Normal
        && !g.isolate();
    if !plain {
        return Err(Unsupported(
            "a group with opacity, a clip, a mask or a filter".into(),
        ));
    }
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
            Node::Image(_) => return Err(Unsupported("an image".into())),
        }
    }
    if pushed {
        ops.push(Op::Pop);
    }
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
