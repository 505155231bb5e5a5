//! Page SVG drawn straight into PDF, without usvg and svg2pdf.
//!
//! The page templates (chart pages, sheet furniture, scenario cards) write a small part of SVG:
//! groups, rectangles, lines, circles, paths, nested `<svg>` pictures and text in the embedded
//! faces. usvg would lay out and outline every glyph of that text (re-reading the font for each
//! one) only for svg2pdf to embed the text as text; here the text is shaped once with the same
//! shaper (rustybuzz, the faces parsed once per process, [`crate::fonts::shaping_face`]) and
//! placed where usvg would place it, and each document embeds one subset per face instead of
//! one per page.
//!
//! [`Drawing::read`] accepts only what it can draw exactly as usvg and svg2pdf would; anything
//! else (a filter, an image, a letter-spacing, a glyph the face lacks, right-to-left text, ...)
//! is [`Unsupported`] and the caller converts that SVG the general way. A `--templates`
//! override can write any SVG; it is then drawn the general way, more slowly, never wrongly.
//!
//! Steps: [`parse`] (XML -> drawing operations, styles inherited), [`shape`] (text -> glyphs at
//! usvg's positions), [`geometry`] (shapes -> path segments, arcs as usvg makes them),
//! [`write`] (operations -> a content stream; the document's fonts).

mod geometry;
mod parse;
mod shape;
#[cfg(test)]
pub(crate) mod tests;
mod tree;
mod write;

pub use write::{write_drawings, DocumentFonts, Target};

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::memo::Memo;
use resvg::usvg::tiny_skia_path::{Path, Transform};

/// An SVG page as drawing operations in its own user space, ready to become a PDF form.
#[derive(Debug, Clone)]
pub struct Drawing {
    /// Width of the SVG's root, in CSS pixels (its `width`, units converted at 96 dpi).
    pub width: f32,
    /// Height of the SVG's root, in CSS pixels.
    pub height: f32,
    ops: Vec<Op>,
    /// Unique to this drawing in the process (a memo key for its written content).
    id: u64,
    /// The glyphs it uses per face, each with the text it first stands for (a document's
    /// `ToUnicode` maps), noted as its text is shaped: its runs then keep only glyph ids and
    /// positions, a few bytes a glyph on a chart of megabytes of notes.
    glyphs: UsedGlyphs,
}

/// Glyph ids used per face (regular, bold), each with the text it first stands for.
pub(crate) type UsedGlyphs = [std::collections::BTreeMap<u16, String>; 2];

/// Pages read, by their SVG text: `qm watch` redraws a chart whose pages mostly did not
/// change.
static READ: Memo<String, Result<Arc<Drawing>, Unsupported>> = Memo::new(256);

/// The next [`Drawing::id`].
fn next_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// Why an SVG is not drawn directly: what it uses that [`Drawing::read`] does not draw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsupported(pub String);

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "not drawn directly: {}", self.0)
    }
}

impl Drawing {
    /// Reads SVG text; `Unsupported` when it holds anything this module does not draw exactly
    /// as usvg and svg2pdf would (including SVG that does not parse: the general reader then
    /// reports the error).
    pub fn read(svg: &str) -> Result<Drawing, Unsupported> {
        parse::read(svg)
    }

    /// [`Drawing::read`], remembered: the same text gives the same shared drawing.
    pub fn read_shared(svg: &str) -> Result<Arc<Drawing>, Unsupported> {
        READ.get(svg.to_string(), || parse::read(svg).map(Arc::new))
    }

    /// The drawing of a tree usvg has read (for counters, whose PNG needs that tree anyway):
    /// its text as runs of the glyphs usvg placed, in the document's fonts (the outlines usvg
    /// made of a text only where a run cannot show it: a stroke, another face), each SVG
    /// picture as a drawing of its own that a document writes once however many sides show
    /// it; `Unsupported` for what svg2pdf would draw with more than fills and strokes (a raster
    /// image, a clip, a filter, a gradient, ...).
    pub fn from_tree(tree: &resvg::usvg::Tree) -> Result<Drawing, Unsupported> {
        tree::from_tree(tree)
    }

    /// [`Drawing::from_tree`] of a page read with its texts remembered
    /// (`qm_layout::svg_page`): the same drawing as of the whole page's tree.
    pub fn from_page(page: &qm_layout::svg_page::Page) -> Result<Drawing, Unsupported> {
        tree::from_page(page)
    }
}

/// An sRGB colour, each channel 0-255.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Rgb(pub u8, pub u8, pub u8);

/// How a shape is outlined.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Stroke {
    pub color: Rgb,
    pub width: f32,
    /// Dash lengths and offset (`stroke-dasharray`, `stroke-dashoffset`).
    pub dash: Option<(Vec<f32>, f32)>,
    /// PDF's line cap (0 butt, 1 round, 2 square) and join (0 miter, 1 round, 2 bevel).
    pub cap: u8,
    pub join: u8,
    pub miter_limit: f32,
}

/// One drawing operation, in document order.
#[derive(Debug, Clone)]
pub(crate) enum Op {
    /// Save the graphics state and apply a transform (an element's `transform`, a picture's
    /// viewport).
    Push(Transform),
    /// Save the graphics state and clip to a rectangle (a nested `<svg>`'s viewport).
    Clip { x: f32, y: f32, w: f32, h: f32 },
    /// Restore the graphics state saved by the matching `Push` or `Clip`.
    Pop,
    /// Fill a path (by the non-zero rule, or even-odd when `true`).
    Fill(Path, Rgb, bool),
    /// Outline a path.
    Stroke(Path, Stroke),
    /// A run of glyphs on one baseline in one face, size and colour.
    Text(TextRun),
    /// Begin a group composited as one at `opacity` (a transparency group, so shapes inside
    /// do not darken where they overlap), painting within `bbox` (x, y, w, h in the current
    /// user space). Only [`Drawing::from_tree`] makes groups (a dimmed picture).
    BeginGroup { opacity: f32, bbox: [f32; 4] },
    /// End the group begun by the matching `BeginGroup`.
    EndGroup,
    /// A picture (an SVG `<image>`'s own tree) in its own user space, clipped to its size: a
    /// form a document writes once for every drawing showing it, known by `key`, a hash of
    /// its size and operations ([`Drawing::from_tree`]).
    Picture { key: u64, drawing: Arc<Drawing> },
}

/// Shaped text: one chunk of an SVG `<text>` (the text, or one absolutely placed `<tspan>`).
#[derive(Debug, Clone)]
pub(crate) struct TextRun {
    /// 0 = regular, 1 = bold.
    pub face: usize,
    pub size: f32,
    pub color: Rgb,
    /// The baseline.
    pub y: f32,
    pub glyphs: Vec<Glyph>,
}

/// One glyph placed on a run's baseline: all a content stream needs of it (its text is in
/// the drawing's [`UsedGlyphs`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Glyph {
    /// The glyph id in the face.
    pub id: u16,
    /// Where its origin is, in user units.
    pub x: f32,
}
