//! A front measured back before it is taken: every text's ink (the embedded font's glyph
//! boxes, each run at its drawn size and shift, and its caliber marks) against the frame, the
//! other texts and the shapes drawn (the size circle, the ROF box, the picture box), as
//! [`crate::geometry`] measures the drawn SVG. The rules that place a front's values work with
//! regions and rows; this check does not trust them: a layout it finds a clash in is not taken
//! ([`super::front`]), so what a front draws is apart by this measure, whatever a rule
//! assumed. The glyph boxes hold the outlines resvg draws, and advances without kerning are
//! never narrower than the drawn text, so the measure never finds less ink than there is.
//!
//! What no layout keeps apart (more values than any size of them holds) is the last resort of
//! every side ([`keep_clear`]): each text that would clash with what is drawn before it is
//! left off, and `qm check` names it, so a side is never drawn with text over text.

use super::placed::{Placed, PlacedLine};
use super::Drawn;
use crate::fonts::Metrics;
use crate::text::Align;

/// A rectangle `[x0, y0, x1, y1]`, in viewBox units.
pub(crate) type Rect = [f64; 4];

/// How far ink may touch something before it is a clash: the drawn side's measure
/// ([`crate::geometry::TOLERANCE`]).
const TOLERANCE: f64 = crate::geometry::TOLERANCE as f64;

/// The inside of the frame ([`crate::geometry::FRAME`]).
const FRAME: Rect = [2.0, 2.0, 98.0, 98.0];

/// How many clashes the drawn things of a side have: a text outside the frame, two texts'
/// ink overlapping, a text (the size itself excepted) in the size circle, a text (the ROF
/// excepted) on the ROF box, anything on the picture box, the circle outside the frame.
pub(crate) fn clashes(drawn: &[Drawn]) -> usize {
    let texts: Vec<(&Placed, Rect)> = drawn
        .iter()
        .filter_map(|d| match d {
            Drawn::Text(p) | Drawn::Notation(p) => ink(p).map(|r| (p, r)),
            _ => None,
        })
        .collect();
    let shapes: Vec<(&'static str, Shape)> = drawn.iter().filter_map(shape).collect();
    let mut n = 0;
    for (i, (p, a)) in texts.iter().enumerate() {
        n += usize::from(!inside(a, &FRAME));
        n += texts[i + 1..].iter().filter(|(_, b)| overlap(a, b)).count();
        n += shapes
            .iter()
            .filter(|(owner, s)| *owner != p.item && s.meets(a))
            .count();
    }
    for (i, (_, a)) in shapes.iter().enumerate() {
        if let Shape::Circle { cx, cy, r } = a {
            n += usize::from(!inside(&[cx - r, cy - r, cx + r, cy + r], &FRAME));
        }
        n += shapes[i + 1..]
            .iter()
            .filter(|(_, b)| a.meets(&b.bounds()) && b.meets(&a.bounds()))
            .count();
    }
    n
}

/// The drawn things with every text that clashes with the frame, a shape or a text kept
/// before it left off (its label with it), in drawing order; the picture box, when it
/// would clash, shrunk to nothing. Returns what is kept and the values left off. A side
/// without a clash is returned as it is.
pub(crate) fn keep_clear(drawn: Vec<Drawn>) -> (Vec<Drawn>, Vec<Placed>) {
    let shapes: Vec<(&'static str, Shape)> = drawn
        .iter()
        .filter(|d| !matches!(d, Drawn::Picture { .. }))
        .filter_map(shape)
        .collect();
    let mut inks: Vec<Rect> = Vec::new();
    let mut kept = Vec::with_capacity(drawn.len());
    let mut off: Vec<Placed> = Vec::new();
    for d in drawn {
        let p = match &d {
            Drawn::Text(p) | Drawn::Notation(p) => p,
            Drawn::Picture { x, y, .. } => {
                let clashes = shape(&d).is_some_and(|(_, pic)| {
                    inks.iter().any(|a| pic.meets(a))
                        || shapes.iter().any(|(_, s)| s.meets(&pic.bounds()))
                });
                kept.push(if clashes {
                    Drawn::Picture {
                        x: *x,
                        y: *y,
                        w: super::Num::Int(0),
                        h: super::Num::Int(0),
                    }
                } else {
                    d
                });
                continue;
            }
            _ => {
                kept.push(d);
                continue;
            }
        };
        let Some(a) = ink(p) else {
            kept.push(d);
            continue;
        };
        let clear = inside(&a, &FRAME)
            && !inks.iter().any(|b| overlap(&a, b))
            && !shapes.iter().any(|(o, s)| *o != p.item && s.meets(&a));
        if clear {
            inks.push(a);
            kept.push(d);
        } else {
            off.push(p.clone());
        }
    }
    with_labels(kept, off)
}

/// A value and its label are kept or left off together (a label drawn alone says nothing; a
/// factor without its label, "4" for "AA 4", says something else): the values left off.
fn with_labels(mut kept: Vec<Drawn>, off: Vec<Placed>) -> (Vec<Drawn>, Vec<Placed>) {
    let base = |item: &str| item.strip_suffix(".label").unwrap_or(item).to_string();
    let gone: Vec<String> = off
        .iter()
        .filter(|p| p.item.ends_with(".label") || has_label(&kept, &off, &p.item))
        .map(|p| base(&p.item))
        .collect();
    let mut values: Vec<Placed> = off
        .into_iter()
        .filter(|p| !p.item.ends_with(".label"))
        .collect();
    kept.retain(|d| match d {
        Drawn::Text(p) if gone.contains(&base(&p.item)) => {
            if !p.item.ends_with(".label") {
                values.push(p.clone());
            }
            false
        }
        _ => true,
    });
    (kept, values)
}

/// True when the value `item` has a label, drawn or left off.
fn has_label(kept: &[Drawn], off: &[Placed], item: &str) -> bool {
    let label = format!("{item}.label");
    off.iter().any(|p| p.item == label)
        || kept
            .iter()
            .any(|d| matches!(d, Drawn::Text(p) if p.item == label))
}

/// A shape a text keeps out of.
#[derive(Debug, Clone, Copy)]
enum Shape {
    Circle { cx: f64, cy: f64, r: f64 },
    Box(Rect),
}

impl Shape {
    /// True when the rectangle `b` reaches into the shape by more than the tolerance.
    fn meets(&self, b: &Rect) -> bool {
        match *self {
            Shape::Circle { cx, cy, r } => {
                let nx = cx.clamp(b[0], b[2]);
                let ny = cy.clamp(b[1], b[3]);
                (nx - cx).hypot(ny - cy) < r - TOLERANCE
            }
            Shape::Box(a) => overlap(&a, b),
        }
    }

    fn bounds(&self) -> Rect {
        match *self {
            Shape::Circle { cx, cy, r } => [cx - r, cy - r, cx + r, cy + r],
            Shape::Box(a) => a,
        }
    }
}

/// A drawn shape and the item drawn on it (which may lie in it), when it is one.
fn shape(d: &Drawn) -> Option<(&'static str, Shape)> {
    let rect = |x: f64, y: f64, w: f64, h: f64| [x, y, x + w, y + h];
    match d {
        Drawn::Circle { cx, cy, r } => Some((
            "size",
            Shape::Circle {
                cx: *cx,
                cy: *cy,
                r: *r,
            },
        )),
        Drawn::RofBox { x, y, w, h } => {
            Some(("rof", Shape::Box(rect(x.get(), y.get(), w.get(), h.get()))))
        }
        Drawn::Picture { x, y, w, h } if w.get() > 0.0 && h.get() > 0.0 => {
            Some(("", Shape::Box(rect(x.get(), y.get(), w.get(), h.get()))))
        }
        _ => None,
    }
}

/// True when two rectangles overlap by more than the tolerance both ways.
fn overlap(a: &Rect, b: &Rect) -> bool {
    a[2].min(b[2]) - a[0].max(b[0]) > TOLERANCE && a[3].min(b[3]) - a[1].max(b[1]) > TOLERANCE
}

/// True when `a` is inside `frame` (within the tolerance).
fn inside(a: &Rect, frame: &Rect) -> bool {
    a[0] >= frame[0] - TOLERANCE
        && a[1] >= frame[1] - TOLERANCE
        && a[2] <= frame[2] + TOLERANCE
        && a[3] <= frame[3] + TOLERANCE
}

/// The ink of a placed text as one rectangle (a text is measured as its whole box), its
/// caliber marks included; `None` when it draws nothing.
pub(crate) fn ink(p: &Placed) -> Option<Rect> {
    let marks = p.marks.iter().map(|m| {
        let half = m.width / 2.0;
        [m.x1, m.y - half, m.x2, m.y + half]
    });
    p.lines
        .iter()
        .filter_map(|l| line_ink(p, l))
        .chain(marks)
        .reduce(|a, b| {
            [
                a[0].min(b[0]),
                a[1].min(b[1]),
                a[2].max(b[2]),
                a[3].max(b[3]),
            ]
        })
}

/// The ink of one line: each run at its size (a raised run smaller and shifted up), from the
/// line's left end as its anchor puts it.
fn line_ink(p: &Placed, l: &PlacedLine) -> Option<Rect> {
    let m = Metrics::get(!p.regular);
    let plain = [(l.text.as_str(), false)];
    let runs: Vec<(&str, bool)> = if l.runs.is_empty() {
        plain.to_vec()
    } else {
        l.runs.iter().map(|r| (r.text.as_str(), r.raised)).collect()
    };
    let at = |raised: bool| {
        if raised {
            (p.raised_size, p.rise)
        } else {
            (p.size, 0.0)
        }
    };
    let width: f64 = runs.iter().map(|(t, r)| m.width(t, at(*r).0)).sum();
    let mut pen = match p.anchor {
        Align::Start => l.x,
        Align::Middle => l.x - width / 2.0,
        Align::End => l.x - width,
    };
    let mut out: Option<Rect> = None;
    for (text, raised) in runs {
        let (size, rise) = at(raised);
        if let Some((left, right)) = m.ink_x(text, size) {
            let (top, bottom) = m.ink(text);
            let baseline = l.y - rise;
            let r = [
                pen + left,
                baseline - top * size,
                pen + right,
                baseline + bottom * size,
            ];
            out = Some(out.map_or(r, |a| {
                [
                    a[0].min(r[0]),
                    a[1].min(r[1]),
                    a[2].max(r[2]),
                    a[3].max(r[3]),
                ]
            }));
        }
        pen += m.width(text, size);
    }
    out
}
