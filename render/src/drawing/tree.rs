//! A tree usvg has read -> [`Drawing`], for pictures whose tree is needed anyway (a counter's
//! PNG is rasterized from it): groups with their transforms and opacity, fills and strokes in
//! solid colours, text as runs of the glyphs usvg placed (shown in the document's font subsets,
//! so a sheet holds each glyph once instead of its outline on every counter), pictures in SVG
//! as drawings of their own (a document writes each once, however many sides show it), a
//! group recoloured by the counter templates' ink filter as its content in the ink. The
//! operations are the ones svg2pdf writes for the same tree, without svg2pdf's fixed deflate
//! level and per-path graphics states.

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use resvg::usvg::tiny_skia_path::{Path, PathSegment};
use resvg::usvg::{self, FillRule, LineCap, LineJoin, Node, Paint, PaintOrder};

use super::{Drawing, Glyph, Op, Rgb, Stroke, TextRun, Unsupported, UsedGlyphs};
use crate::fonts;
use qm_layout::svg_page::Page;

/// See [`Drawing::from_tree`].
pub(super) fn from_tree(tree: &usvg::Tree) -> Result<Drawing, Unsupported> {
    from_page_tree(tree, None, None)
}

/// See [`Drawing::from_page`].
pub(super) fn from_page(page: &Page) -> Result<Drawing, Unsupported> {
    from_page_tree(page.tree(), Some(page), None)
}

/// The drawing of `tree`, its placeholder groups drawn as the texts of `page`, everything in
/// `ink` when given (a recoloured picture).
fn from_page_tree(
    tree: &usvg::Tree,
    page: Option<&Page>,
    ink: Option<Rgb>,
) -> Result<Drawing, Unsupported> {
    let mut walk = Walk {
        ops: Vec::new(),
        glyphs: Default::default(),
        fontdb: tree.fontdb(),
        page,
        ink,
    };
    walk.group(tree.root())?;
    // A side's drawing is kept until the sheets are made: not the room its list grew into.
    walk.ops.shrink_to_fit();
    Ok(Drawing {
        width: tree.size().width(),
        height: tree.size().height(),
        ops: walk.ops,
        id: super::next_id(),
        glyphs: walk.glyphs,
    })
}

/// The operations of one tree as they are made, and the glyphs its text runs use.
struct Walk<'a> {
    ops: Vec<Op>,
    glyphs: UsedGlyphs,
    fontdb: &'a usvg::fontdb::Database,
    /// The page whose placeholder groups stand for texts ([`Page::text`]).
    page: Option<&'a Page>,
    /// The colour everything is painted in, inside a group recoloured by an ink filter
    /// ([`ink_of`]).
    ink: Option<Rgb>,
}

impl Walk<'_> {
    fn group(&mut self, g: &usvg::Group) -> Result<(), Unsupported> {
        let plain = g.clip_path().is_none()
            && g.mask().is_none()
            && g.blend_mode() == usvg::BlendMode::Normal
            && !g.isolate();
        if !plain {
            return Err(Unsupported(
                "a group with a clip, a mask or a blend mode".into(),
            ));
        }
        // An outer ink wins: it recolours whatever the inner one painted.
        let outer = self.ink;
        self.ink = outer.or(ink_of(g)?);
        let drawn = self.translucent(g);
        self.ink = outer;
        drawn
    }

    /// A group at its opacity: composited as one when translucent.
    fn translucent(&mut self, g: &usvg::Group) -> Result<(), Unsupported> {
        if g.opacity() == usvg::Opacity::ONE {
            return self.group_content(g);
        }
        // Composited as one, as svg2pdf does: a transparency group bounded by the group's layer
        // box in its parent's space.
        let b = g
            .layer_bounding_box()
            .transform(g.transform())
            .ok_or_else(|| Unsupported("a group that cannot be bounded".into()))?;
        self.ops.push(Op::BeginGroup {
            opacity: g.opacity().get(),
            bbox: [b.x(), b.y(), b.width(), b.height()],
        });
        self.group_content(g)?;
        self.ops.push(Op::EndGroup);
        Ok(())
    }

    /// A group's transform and children.
    fn group_content(&mut self, g: &usvg::Group) -> Result<(), Unsupported> {
        let t = g.transform();
        let pushed = !t.is_identity();
        if pushed {
            self.ops.push(Op::Push(t));
        }
        for child in g.children() {
            match child {
                Node::Group(g) => match self.page.and_then(|p| p.text(g)) {
                    Some(Some(text)) => self.text(text)?,
                    Some(None) => {}
                    None => self.group(g)?,
                },
                Node::Path(p) => path(p, self.ink, &mut self.ops)?,
                Node::Text(text) => self.text(text)?,
                Node::Image(image) => self.picture(image)?,
            }
        }
        if pushed {
            self.ops.push(Op::Pop);
        }
        Ok(())
    }

    /// A text as runs of glyphs; the outlines usvg made of it where a run cannot show it.
    fn text(&mut self, text: &usvg::Text) -> Result<(), Unsupported> {
        let mut ops = Vec::new();
        let mut glyphs = UsedGlyphs::default();
        if runs(text, self.fontdb, self.ink, &mut ops, &mut glyphs).is_some() {
            self.ops.append(&mut ops);
            for (all, own) in self.glyphs.iter_mut().zip(glyphs) {
                for (id, t) in own {
                    all.entry(id).or_insert(t);
                }
            }
            return Ok(());
        }
        self.group(text.flattened())
    }

    /// An `<image>` of SVG (a counter's silhouette or SVG art): its own tree, a picture of its
    /// own. usvg has already put the viewport's scale and offset on the enclosing group, so
    /// the nested tree is drawn in the image's own space, as resvg draws it, clipped to its
    /// size as svg2pdf clips it (the picture form's bounding box). Raster art is left to
    /// svg2pdf.
    fn picture(&mut self, image: &usvg::Image) -> Result<(), Unsupported> {
        if !image.is_visible() {
            return Ok(());
        }
        let usvg::ImageKind::SVG(tree) = image.kind() else {
            return Err(Unsupported("a raster image".into()));
        };
        let drawing = from_page_tree(tree, None, self.ink)?;
        let mut h = std::collections::hash_map::DefaultHasher::new();
        drawing.width.to_bits().hash(&mut h);
        drawing.height.to_bits().hash(&mut h);
        hash_ops(&drawing.ops, &mut h);
        let key = h.finish();
        // Every side of a class shows the same silhouette: its sides share one drawing of it
        // (a build keeps each side's drawing until the sheets are made).
        let drawing = PICTURES.get(key, || Arc::new(drawing));
        self.ops.push(Op::Picture { key, drawing });
        Ok(())
    }
}

/// Pictures drawn, by their key: one shared drawing of each, however many sides show it
/// (a document already writes a picture once by that key).
static PICTURES: crate::memo::Memo<u64, Arc<Drawing>> = crate::memo::Memo::new(1024);

/// The colour a group's filter paints its content in, when it is the counter templates' ink
/// filter (`templates/counter/macros.svg`): a flood of one opaque colour kept where the
/// content is (`feFlood`, then `feComposite operator="in" in2="SourceAlpha"`), whose regions
/// hold all the content paints. Its content in solid, opaque paints drawn in that colour is
/// what the filter makes of it (the same coverage, one colour); `None` without a filter, and
/// any other filter is `Unsupported` (svg2pdf draws it as a raster).
fn ink_of(g: &usvg::Group) -> Result<Option<Rgb>, Unsupported> {
    use usvg::filter::{CompositeOperator, Input, Kind};
    let other = || Unsupported("a filter other than an ink recolouring".into());
    let f = match g.filters() {
        [] => return Ok(None),
        [f] => f,
        _ => return Err(other()),
    };
    let [flood, composite] = f.primitives() else {
        return Err(other());
    };
    let (Kind::Flood(fill), Kind::Composite(c)) = (flood.kind(), composite.kind()) else {
        return Err(other());
    };
    let recolours = fill.opacity() == usvg::Opacity::ONE
        && c.operator() == CompositeOperator::In
        && *c.input1() == Input::Reference(flood.result().to_string())
        && *c.input2() == Input::SourceAlpha;
    let painted = g.stroke_bounding_box();
    let holds = |r: usvg::NonZeroRect| {
        r.left() <= painted.left()
            && r.top() <= painted.top()
            && r.right() >= painted.right()
            && r.bottom() >= painted.bottom()
    };
    if !recolours
        || ![f.rect(), flood.rect(), composite.rect()]
            .into_iter()
            .all(holds)
    {
        return Err(other());
    }
    let color = fill.color();
    Ok(Some(Rgb(color.red, color.green, color.blue)))
}

/// The runs of `text`'s glyphs (each in one face, size and baseline, in usvg's places; in
/// `ink` when given), `None` when a span is stroked, not in a plain colour, or a glyph not
/// upright in one of the embedded faces.
fn runs(
    text: &usvg::Text,
    fontdb: &usvg::fontdb::Database,
    ink: Option<Rgb>,
    ops: &mut Vec<Op>,
    used: &mut UsedGlyphs,
) -> Option<()> {
    for span in text.layouted() {
        if !span.visible {
            continue;
        }
        if span.stroke.is_some() {
            return None;
        }
        for line in [&span.overline, &span.underline].into_iter().flatten() {
            path(line, ink, ops).ok()?;
        }
        let color = match &span.fill {
            Some(f) => opaque(f.paint(), f.opacity(), ink).ok()?,
            None => return None,
        };
        let mut run: Option<TextRun> = None;
        for g in &span.positioned_glyphs {
            let face = usize::from(fontdb.face(g.font)?.weight.0 >= 600);
            let units = fonts::shaping_face(face == 1).units_per_em() as f32;
            let t = g.transform();
            if t.kx != 0.0 || t.ky != 0.0 || t.sx != t.sy || t.sx <= 0.0 {
                return None;
            }
            let size = t.sx * units;
            let glyph = Glyph {
                id: g.id.0,
                x: t.tx,
            };
            used[face].entry(g.id.0).or_insert_with(|| g.text.clone());
            match &mut run {
                Some(r) if r.face == face && r.size == size && r.y == t.ty => r.glyphs.push(glyph),
                _ => {
                    ops.extend(run.take().map(Op::Text));
                    run = Some(TextRun {
                        face,
                        size,
                        color,
                        y: t.ty,
                        glyphs: vec![glyph],
                    });
                }
            }
        }
        ops.extend(run.map(Op::Text));
        if let Some(line) = &span.line_through {
            path(line, ink, ops).ok()?;
        }
    }
    Some(())
}

/// Feeds `ops` to a hasher: equal operations hash equal (a picture's key).
fn hash_ops(ops: &[Op], h: &mut impl Hasher) {
    let f = |v: f32, h: &mut dyn Hasher| h.write_u32(v.to_bits());
    for op in ops {
        match op {
            Op::Push(t) => {
                h.write_u8(0);
                for v in [t.sx, t.ky, t.kx, t.sy, t.tx, t.ty] {
                    f(v, h);
                }
            }
            Op::Clip { x, y, w, h: ht } => {
                h.write_u8(1);
                for v in [*x, *y, *w, *ht] {
                    f(v, h);
                }
            }
            Op::Pop => h.write_u8(2),
            Op::Fill(p, c, even_odd) => {
                h.write_u8(3);
                hash_path(p, h);
                (c.0, c.1, c.2, *even_odd).hash(h);
            }
            Op::Stroke(p, s) => {
                h.write_u8(4);
                hash_path(p, h);
                (s.color.0, s.color.1, s.color.2, s.cap, s.join).hash(h);
                for v in [s.width, s.miter_limit] {
                    f(v, h);
                }
                if let Some((dashes, offset)) = &s.dash {
                    for v in dashes.iter().chain([offset]) {
                        f(*v, h);
                    }
                }
            }
            Op::Text(r) => {
                h.write_u8(5);
                (r.face, r.color.0, r.color.1, r.color.2).hash(h);
                for v in [r.size, r.y] {
                    f(v, h);
                }
                for g in &r.glyphs {
                    h.write_u16(g.id);
                    f(g.x, h);
                }
            }
            Op::BeginGroup { opacity, bbox } => {
                h.write_u8(6);
                for v in bbox.iter().chain([opacity]) {
                    f(*v, h);
                }
            }
            Op::EndGroup => h.write_u8(7),
            Op::Picture { key, .. } => {
                h.write_u8(8);
                h.write_u64(*key);
            }
        }
    }
}

fn hash_path(p: &Path, h: &mut impl Hasher) {
    for segment in p.segments() {
        let (tag, points) = match segment {
            PathSegment::MoveTo(a) => (0u8, [a, a, a]),
            PathSegment::LineTo(a) => (1, [a, a, a]),
            PathSegment::QuadTo(a, b) => (2, [a, b, b]),
            PathSegment::CubicTo(a, b, c) => (3, [a, b, c]),
            PathSegment::Close => (4, Default::default()),
        };
        h.write_u8(tag);
        for p in points {
            h.write_u32(p.x.to_bits());
            h.write_u32(p.y.to_bits());
        }
    }
}

/// A path's fill and stroke in its paint order (in `ink` when given); a fill without area and
/// a stroke without extent are left out, as svg2pdf leaves them out.
fn path(p: &usvg::Path, ink: Option<Rgb>, ops: &mut Vec<Op>) -> Result<(), Unsupported> {
    if !p.is_visible() {
        return Ok(());
    }
    let b = p.data().bounds();
    let mut fill = None;
    if let Some(f) = p.fill().filter(|_| b.width() != 0.0 && b.height() != 0.0) {
        let color = opaque(f.paint(), f.opacity(), ink)?;
        fill = Some(Op::Fill(
            p.data().clone(),
            color,
            f.rule() == FillRule::EvenOdd,
        ));
    }
    let mut stroke = None;
    if let Some(s) = p.stroke().filter(|_| b.width() != 0.0 || b.height() != 0.0) {
        let color = opaque(s.paint(), s.opacity(), ink)?;
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

/// A solid, opaque paint's colour (`ink` instead, when given: the paint still decides the
/// coverage the ink keeps).
fn opaque(paint: &Paint, opacity: usvg::Opacity, ink: Option<Rgb>) -> Result<Rgb, Unsupported> {
    match paint {
        Paint::Color(c) if opacity == usvg::Opacity::ONE => {
            Ok(ink.unwrap_or(Rgb(c.red, c.green, c.blue)))
        }
        _ => Err(Unsupported(
            "a gradient, pattern or translucent paint".into(),
        )),
    }
}
