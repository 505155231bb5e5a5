//! Text -> glyphs placed where usvg 0.45 places them, so that a page drawn here looks exactly
//! like the same page converted by usvg and svg2pdf.
//!
//! usvg shapes a chunk of text with rustybuzz (kerning on, no other feature asked for), makes
//! one cluster per shaped glyph group, advances by each cluster's width (font units times
//! `size / units_per_em`, in `f32`), shifts the chunk by its anchor and puts each glyph at the
//! chunk's x plus the advances before it. The same steps run here, in the same arithmetic, on
//! faces parsed once. What usvg would do differently from that simple path (a glyph the face
//! lacks, which usvg takes from the other face; right-to-left runs; marks placed by offsets;
//! several glyphs in one cluster) is [`Unsupported`].

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;
use std::sync::Arc;

use rustybuzz::{Direction, Script, ShapePlan, UnicodeBuffer};
use unicode_bidi::{BidiInfo, Level};

use super::{Glyph, Unsupported};
use crate::fonts;
use crate::memo::Memo;

/// `text-anchor`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Anchor {
    Start,
    Middle,
    End,
}

/// Shaping plans by face (bold) and script.
type Plans = HashMap<(bool, Option<Script>), Rc<ShapePlan>>;

thread_local! {
    /// Building a plan costs more than shaping a short line, and a page holds thousands of
    /// short lines in a handful of scripts.
    static PLANS: RefCell<Plans> = RefCell::new(HashMap::new());
}

/// A shaped glyph, not yet placed.
#[derive(Debug, Clone, Copy)]
struct Unplaced {
    /// The glyph id in the face.
    id: u16,
    /// Its advance in font units (the shaper's: kerning included).
    advance: i32,
    /// The byte range of the text it stands for.
    text: (u32, u32),
}

/// A string shaped in a face (bold or not), its glyphs not yet placed.
type Shaped = Result<Arc<[Unplaced]>, Unsupported>;

/// Shaped strings by face: a chart repeats its cell texts hundreds of times.
static SHAPED: Memo<(bool, String), Shaped> = Memo::new(100_000);

/// The glyphs of `text` in the regular or `bold` face at `size`, the chunk starting at `x`
/// and anchored by `anchor`; each glyph not yet in `used` is put there with the text it
/// stands for.
pub(super) fn shape(
    text: &str,
    bold: bool,
    size: f32,
    x: f32,
    anchor: Anchor,
    used: &mut BTreeMap<u16, String>,
) -> Result<Vec<Glyph>, Unsupported> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let shaped = SHAPED.get((bold, text.to_string()), || {
        shape_unplaced(text, bold).map(Arc::from)
    })?;
    for g in shaped.iter() {
        used.entry(g.id)
            .or_insert_with(|| text[g.text.0 as usize..g.text.1 as usize].to_string());
    }
    Ok(place(
        &shaped,
        fonts::shaping_face(bold).units_per_em(),
        size,
        x,
        anchor,
    ))
}

/// The glyphs of `text` with their advances, not yet placed.
fn shape_unplaced(text: &str, bold: bool) -> Result<Vec<Unplaced>, Unsupported> {
    check_direction(text)?;
    let face = fonts::shaping_face(bold);
    let mut buffer = UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.set_direction(Direction::LeftToRight);
    buffer.guess_segment_properties();
    // The guess leaves the script unset when every character is common (digits,
    // punctuation); `script()` then reads as Unknown, which a guess never sets.
    let script = Some(buffer.script()).filter(|s| *s != rustybuzz::script::UNKNOWN);
    let plan = plan(bold, script);
    let output = rustybuzz::shape_with_plan(face, &plan, buffer);
    let infos = output.glyph_infos();
    let positions = output.glyph_positions();
    let mut glyphs = Vec::with_capacity(infos.len());
    for (i, (info, pos)) in infos.iter().zip(positions).enumerate() {
        if info.glyph_id == 0 {
            return Err(unsupported("a character the face lacks", text));
        }
        if pos.x_offset != 0 || pos.y_offset != 0 {
            return Err(unsupported("a glyph placed by an offset", text));
        }
        let end = infos.get(i + 1).map_or(text.len() as u32, |n| n.cluster);
        if end <= info.cluster {
            return Err(unsupported("several glyphs in one cluster", text));
        }
        glyphs.push(Unplaced {
            id: info.glyph_id as u16,
            advance: pos.x_advance,
            text: (info.cluster, end),
        });
    }
    Ok(glyphs)
}

/// usvg reads one paragraph, left to right; anything else it lays out by other rules.
fn check_direction(text: &str) -> Result<(), Unsupported> {
    let bidi = BidiInfo::new(text, Some(Level::ltr()));
    if bidi.has_rtl() {
        return Err(unsupported("right-to-left text", text));
    }
    if bidi.paragraphs.len() != 1 || bidi.paragraphs[0].range != (0..text.len()) {
        return Err(unsupported("a paragraph separator", text));
    }
    Ok(())
}

/// The plan rustybuzz's `shape` would build for this face and script, built once per thread.
fn plan(bold: bool, script: Option<Script>) -> Rc<ShapePlan> {
    PLANS.with(|plans| {
        plans
            .borrow_mut()
            .entry((bold, script))
            .or_insert_with(|| {
                let face = fonts::shaping_face(bold);
                Rc::new(ShapePlan::new(
                    face,
                    Direction::LeftToRight,
                    script,
                    None,
                    &[],
                ))
            })
            .clone()
    })
}

/// Places each glyph as usvg does: advances scaled in `f32`, summed from the chunk's start,
/// the chunk shifted by its anchor.
fn place(glyphs: &[Unplaced], units_per_em: i32, size: f32, x: f32, anchor: Anchor) -> Vec<Glyph> {
    let scale = size / units_per_em as f32;
    // A cluster advances by its glyph's scaled width, never by less than nothing.
    let advance = |g: &Unplaced| {
        let w = g.advance as f32 * scale;
        if w > 0.0 {
            w
        } else {
            0.0
        }
    };
    let width = glyphs.iter().fold(0.0f32, |w, g| w + advance(g));
    let mut pen = match anchor {
        Anchor::Start => 0.0,
        Anchor::Middle => -width / 2.0,
        Anchor::End => -width,
    };
    glyphs
        .iter()
        .map(|g| {
            let placed = Glyph {
                id: g.id,
                x: x + pen,
            };
            pen += advance(g);
            placed
        })
        .collect()
}

fn unsupported(what: &str, text: &str) -> Unsupported {
    Unsupported(format!("{what} in {text:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Shapes with a fresh map of used glyphs.
    fn shape(
        text: &str,
        bold: bool,
        size: f32,
        x: f32,
        anchor: Anchor,
    ) -> Result<Vec<Glyph>, Unsupported> {
        super::shape(text, bold, size, x, anchor, &mut BTreeMap::new())
    }

    #[test]
    fn kerning_narrows_a_pair_and_anchors_shift_the_run() {
        let plain = shape("AV", false, 10.0, 0.0, Anchor::Start).unwrap();
        let m = fonts::Metrics::get(false);
        // Without kerning V would start one A-advance in; DejaVu kerns the pair closer.
        assert!(plain[1].x < m.width("A", 10.0) as f32);
        let end = shape("AV", false, 10.0, 50.0, Anchor::End).unwrap();
        let v = shape_unplaced("AV", false).unwrap()[1];
        let right = end[1].x + v.advance as f32 * 10.0 / 2048.0;
        assert!((right - 50.0).abs() < 1e-4, "{right}");
        let mid = shape("AV", false, 10.0, 50.0, Anchor::Middle).unwrap();
        assert!((mid[0].x - (50.0 + end[0].x) / 2.0).abs() < 1e-4);
    }

    #[test]
    fn each_glyph_is_noted_once_with_the_text_it_first_stands_for() {
        let mut used = BTreeMap::new();
        let first = super::shape("ab a", false, 10.0, 0.0, Anchor::Start, &mut used).unwrap();
        let again = super::shape("ba", false, 10.0, 0.0, Anchor::Start, &mut used).unwrap();
        assert_eq!((first.len(), again.len()), (4, 2));
        let texts: Vec<&str> = used.values().map(String::as_str).collect();
        assert_eq!(used.len(), 3, "{used:?}");
        for t in ["a", "b", " "] {
            assert!(texts.contains(&t), "{t:?} in {used:?}");
        }
        assert_eq!(used[&first[0].id], "a");
        assert_eq!(used[&first[1].id], "b");
    }

    #[test]
    fn what_usvg_lays_out_otherwise_is_unsupported() {
        assert!(shape("שלום", false, 10.0, 0.0, Anchor::Start).is_err());
        assert!(shape("a\u{2029}b", false, 10.0, 0.0, Anchor::Start).is_err());
        // A private-use character DejaVu has no glyph for.
        assert!(shape("a\u{E123}", false, 10.0, 0.0, Anchor::Start).is_err());
        let g = shape("M13/40 †", true, 7.5, 1.0, Anchor::Start).unwrap();
        assert_eq!(g.len(), "M13/40 †".chars().count());
        assert_eq!(g[0].x, 1.0);
    }
}
