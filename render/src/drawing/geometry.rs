//! SVG shapes -> path segments, built the way usvg 0.45 builds them (the same corner order,
//! arcs split into cubic curves by kurbo with the same tolerance, path data read by svgtypes'
//! simplifying parser), so that an outline drawn here is the outline svg2pdf would draw.

use resvg::usvg::tiny_skia_path::{Path, PathBuilder, Rect};

/// A `<rect>`; `None` when it draws nothing (a width or height that is not positive).
pub(super) fn rect(
    x: f32,
    y: f32,
    w: f32,
    h: f32,
    rx: Option<f32>,
    ry: Option<f32>,
) -> Option<Path> {
    if !positive(w) || !positive(h) {
        return None;
    }
    // A negative radius counts as absent; one radius given stands for both.
    let (rx, ry) = match (rx.filter(|v| *v >= 0.0), ry.filter(|v| *v >= 0.0)) {
        (None, None) => (0.0, 0.0),
        (Some(r), None) | (None, Some(r)) => (r, r),
        (Some(rx), Some(ry)) => (rx, ry),
    };
    let (rx, ry) = (rx.min(w / 2.0), ry.min(h / 2.0));
    // usvg draws square corners when rx is within 4 ulps of zero (ry is not looked at).
    if rx.abs().to_bits() <= 4 {
        return Some(PathBuilder::from_rect(Rect::from_xywh(x, y, w, h)?));
    }
    let mut b = PathBuilder::new();
    b.move_to(x + rx, y);
    b.line_to(x + w - rx, y);
    arc_to(&mut b, rx, ry, x + w, y + ry);
    b.line_to(x + w, y + h - ry);
    arc_to(&mut b, rx, ry, x + w - rx, y + h);
    b.line_to(x + rx, y + h);
    arc_to(&mut b, rx, ry, x, y + h - ry);
    b.line_to(x, y + ry);
    arc_to(&mut b, rx, ry, x + rx, y);
    b.close();
    b.finish()
}

/// A `<circle>`: four quarter arcs clockwise from its rightmost point.
pub(super) fn circle(cx: f32, cy: f32, r: f32) -> Option<Path> {
    if !positive(r) {
        return None;
    }
    let mut b = PathBuilder::new();
    b.move_to(cx + r, cy);
    arc_to(&mut b, r, r, cx, cy + r);
    arc_to(&mut b, r, r, cx - r, cy);
    arc_to(&mut b, r, r, cx, cy - r);
    arc_to(&mut b, r, r, cx + r, cy);
    b.close();
    b.finish()
}

/// A `<line>`.
pub(super) fn line(x1: f32, y1: f32, x2: f32, y2: f32) -> Option<Path> {
    let mut b = PathBuilder::new();
    b.move_to(x1, y1);
    b.line_to(x2, y2);
    b.finish()
}

/// A `<path>`'s data; reading stops at the first error, as SVG asks.
pub(super) fn path_data(d: &str) -> Option<Path> {
    use svgtypes::SimplePathSegment as S;
    let mut b = PathBuilder::new();
    for segment in svgtypes::SimplifyingPathParser::from(d) {
        match segment {
            Ok(S::MoveTo { x, y }) => b.move_to(x as f32, y as f32),
            Ok(S::LineTo { x, y }) => b.line_to(x as f32, y as f32),
            Ok(S::Quadratic { x1, y1, x, y }) => {
                b.quad_to(x1 as f32, y1 as f32, x as f32, y as f32)
            }
            Ok(S::CurveTo {
                x1,
                y1,
                x2,
                y2,
                x,
                y,
            }) => b.cubic_to(
                x1 as f32, y1 as f32, x2 as f32, y2 as f32, x as f32, y as f32,
            ),
            Ok(S::ClosePath) => b.close(),
            Err(_) => break,
        }
    }
    b.finish()
}

fn positive(v: f32) -> bool {
    v > 0.0 && v.is_finite()
}

/// A clockwise, small elliptical arc from the current point to (`x`, `y`), as cubic curves.
fn arc_to(b: &mut PathBuilder, rx: f32, ry: f32, x: f32, y: f32) {
    let Some(from) = b.last_point() else {
        return;
    };
    let arc = kurbo::SvgArc {
        from: kurbo::Point::new(f64::from(from.x), f64::from(from.y)),
        to: kurbo::Point::new(f64::from(x), f64::from(y)),
        radii: kurbo::Vec2::new(f64::from(rx), f64::from(ry)),
        x_rotation: 0.0,
        large_arc: false,
        sweep: true,
    };
    match kurbo::Arc::from_svg_arc(&arc) {
        Some(arc) => arc.to_cubic_beziers(0.1, |p1, p2, p| {
            b.cubic_to(
                p1.x as f32,
                p1.y as f32,
                p2.x as f32,
                p2.y as f32,
                p.x as f32,
                p.y as f32,
            )
        }),
        None => b.line_to(x, y),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_that_draw_nothing_are_none() {
        assert!(rect(0.0, 0.0, 0.0, 5.0, None, None).is_none());
        assert!(rect(0.0, 0.0, 5.0, -1.0, None, None).is_none());
        assert!(circle(1.0, 1.0, 0.0).is_none());
        let r = rect(1.0, 2.0, 3.0, 4.0, None, None).unwrap();
        assert_eq!(r.bounds(), Rect::from_xywh(1.0, 2.0, 3.0, 4.0).unwrap());
        // Rounded corners stay inside the box; the radius is clamped to half the side.
        let rr = rect(0.0, 0.0, 10.0, 4.0, Some(3.0), None).unwrap().bounds();
        assert!(rr.left().abs() < 1e-4 && (rr.right() - 10.0).abs() < 1e-4);
        assert!(rr.top().abs() < 1e-4 && (rr.bottom() - 4.0).abs() < 1e-4);
        let c = circle(5.0, 5.0, 2.0).unwrap().bounds();
        assert!((c.left() - 3.0).abs() < 1e-4 && (c.bottom() - 7.0).abs() < 1e-4);
    }
}
