//! The geometry of a drawn counter side, measured as a player sees it: every `<text>`'s ink
//! (its glyph outlines laid out by usvg with the embedded fonts) against the frame, the other
//! texts and the shapes a value must keep out of (the size circle), and its size against the
//! floor its item is held to. A side with a flaw has text
//! over text or text outside the counter; the layout's tests and the corpus check
//! (`examples/counter_geometry.rs`) both ask this module.

use crate::svg;

/// How far (viewBox units) ink may touch something before it is a flaw: less than a tenth of
/// a pixel on a 60 px counter, so rounding never counts.
pub const TOLERANCE: f32 = 0.15;

/// The inside of a counter's frame, in viewBox units: the border is drawn at 1.5 with a stroke
/// of 1, so ink from 2 to 98 is inside it.
pub const FRAME: Rect = Rect {
    x0: 2.0,
    y0: 2.0,
    x1: 98.0,
    y1: 98.0,
};

/// The smallest size (viewBox units) of any text on a counter ([`crate::counter::SMALL`]).
pub const SMALL: f32 = crate::counter::SMALL as f32;

/// The smallest size of the values a player reads at a glance ([`crate::counter::GLANCE`]).
pub const GLANCE: f32 = crate::counter::GLANCE as f32;

/// The floor a drawn item is held to (the layout's: [`crate::counter::floor_of`]); a raised
/// run (a superscript) is held to [`crate::counter::RUN_SCALE`] of it.
pub fn floor_of(item: &str) -> f32 {
    crate::counter::floor_of(item) as f32
}

/// An axis-aligned rectangle in viewBox units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    /// Left.
    pub x0: f32,
    /// Top.
    pub y0: f32,
    /// Right.
    pub x1: f32,
    /// Bottom.
    pub y1: f32,
}

impl Rect {
    /// How far `self` and `o` overlap in each direction (negative: apart).
    fn overlap(&self, o: &Rect) -> (f32, f32) {
        (
            self.x1.min(o.x1) - self.x0.max(o.x0),
            self.y1.min(o.y1) - self.y0.max(o.y0),
        )
    }

    /// How far `self` reaches outside `frame` (0 when inside).
    fn outside(&self, frame: &Rect) -> f32 {
        [
            frame.x0 - self.x0,
            frame.y0 - self.y0,
            self.x1 - frame.x1,
            self.y1 - frame.y1,
        ]
        .into_iter()
        .fold(0.0, f32::max)
    }
}

/// One drawn text: the item it draws (`data-item`), its text and its ink.
#[derive(Debug, Clone, PartialEq)]
pub struct Ink {
    /// The counter item (`mp`, `mg_aa.label`; empty when unmarked).
    pub item: String,
    /// The text, lines joined by a space.
    pub text: String,
    /// The ink's bounds.
    pub rect: Rect,
    /// The font size (viewBox units; the smallest of its spans but the raised ones).
    pub size: f32,
    /// The smallest size of its raised spans (superscripts), when it has any.
    pub raised_size: Option<f32>,
}

/// What is wrong with a side's geometry.
#[derive(Debug, Clone, PartialEq)]
pub enum Flaw {
    /// A text reaches outside the frame, by `by` units.
    Outside { text: Ink, by: f32 },
    /// Two texts' ink overlaps.
    Overlap { a: Ink, b: Ink },
    /// A text runs into the size circle.
    OverCircle { text: Ink },
    /// A text is set under the floor its item is held to ([`floor_of`]).
    TooSmall { text: Ink },
    /// The size circle (its bounds `rect`) reaches outside the frame, by `by` units.
    CircleOutside { rect: Rect, by: f32 },
}

impl std::fmt::Display for Rect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "[{:.1},{:.1}-{:.1},{:.1}]",
            self.x0, self.y0, self.x1, self.y1
        )
    }
}

impl std::fmt::Display for Flaw {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Flaw::Outside { text, by } => write!(
                f,
                "{} {:?} {} is {by:.1} units outside the frame",
                text.item, text.text, text.rect
            ),
            Flaw::Overlap { a, b } => write!(
                f,
                "{} {:?} {} runs into {} {:?} {}",
                a.item, a.text, a.rect, b.item, b.text, b.rect
            ),
            Flaw::TooSmall { text } => write!(
                f,
                "{} {:?} is set at {:.2}, under its floor {}",
                text.item,
                text.text,
                text.size,
                floor_of(&text.item)
            ),
            Flaw::CircleOutside { rect, by } => {
                write!(
                    f,
                    "the size circle {rect} is {by:.1} units outside the frame"
                )
            }
            Flaw::OverCircle { text } => {
                write!(
                    f,
                    "{} {:?} {} runs into the size circle",
                    text.item, text.text, text.rect
                )
            }
        }
    }
}

/// A circle drawn on the side (the size circle), in viewBox units.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Circle {
    cx: f32,
    cy: f32,
    r: f32,
}

/// Every text of a counter side's SVG (a `viewBox="0 0 100 100"` document) with its ink, in
/// document order.
pub fn inks(svg_text: &str) -> Result<Vec<Ink>, String> {
    let doc = roxmltree::Document::parse(svg_text).map_err(|e| e.to_string())?;
    let marked: Vec<(String, String)> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|t| {
            // A line's runs joined, a raised run (a tspan shifted off the line's baseline)
            // in Unicode's superscript characters, as the IR and `qm check` print it.
            let lines: Vec<String> = t
                .children()
                .filter(|c| c.has_tag_name("tspan"))
                .map(|c| {
                    c.children()
                        .map(|run| match run.text() {
                            Some(text) if run.has_attribute("baseline-shift") => {
                                qm_schema::superscript::to_superscript(text)
                            }
                            Some(text) => text.to_string(),
                            None => run
                                .first_child()
                                .and_then(|d| d.text())
                                .map(|text| {
                                    if run.has_attribute("baseline-shift") {
                                        qm_schema::superscript::to_superscript(text)
                                    } else {
                                        text.to_string()
                                    }
                                })
                                .unwrap_or_default(),
                        })
                        .collect()
                })
                .collect();
            (
                t.attribute("data-item").unwrap_or("").to_string(),
                lines.join(" "),
            )
        })
        .collect();
    let tree = svg::parse(svg_text)?;
    let scale = 100.0 / tree.size().width();
    let mut rects = Vec::new();
    walk(tree.root(), scale, &mut rects);
    if rects.len() != marked.len() {
        return Err(format!(
            "{} texts in the markup, {} laid out",
            marked.len(),
            rects.len()
        ));
    }
    Ok(marked
        .into_iter()
        .zip(rects)
        .filter_map(|((item, text), drawn)| {
            let (rect, size, raised_size) = drawn?;
            Some(Ink {
                item,
                text,
                rect,
                size,
                raised_size,
            })
        })
        .collect())
}

/// The ink, font size and raised runs' size of every text node under `g`, in order (`None`
/// for a text with no ink).
#[allow(clippy::type_complexity)]
fn walk(g: &resvg::usvg::Group, scale: f32, out: &mut Vec<Option<(Rect, f32, Option<f32>)>>) {
    for node in g.children() {
        match node {
            resvg::usvg::Node::Group(g) => walk(g, scale, out),
            resvg::usvg::Node::Text(t) => {
                let flat = t.flattened();
                let has_ink = !flat.children().is_empty();
                // The outlines' bounds in the text's own space, then through the text's
                // transform (the viewBox scale included) to pixels.
                let b = flat.bounding_box().transform(t.abs_transform());
                // Span sizes are in the text's own units, the viewBox's here; a span shifted off
                // the baseline is a raised run.
                let spans = t.chunks().iter().flat_map(|c| c.spans());
                let (mut size, mut raised) = (f32::INFINITY, None::<f32>);
                for s in spans {
                    let shifted = s
                        .baseline_shift()
                        .iter()
                        .any(|b| !matches!(b, resvg::usvg::BaselineShift::Baseline));
                    let v = s.font_size().get();
                    if shifted {
                        raised = Some(raised.map_or(v, |r| r.min(v)));
                    } else {
                        size = size.min(v);
                    }
                }
                out.push(b.filter(|_| has_ink).map(|b| {
                    let rect = Rect {
                        x0: b.left() * scale,
                        y0: b.top() * scale,
                        x1: b.right() * scale,
                        y1: b.bottom() * scale,
                    };
                    (rect, size, raised)
                }));
            }
            _ => {}
        }
    }
}

/// The circles of the markup (their attributes are in viewBox units: the templates draw no
/// transform around them).
fn circles(svg_text: &str) -> Vec<Circle> {
    let Ok(doc) = roxmltree::Document::parse(svg_text) else {
        return Vec::new();
    };
    let num = |n: &roxmltree::Node, a: &str| n.attribute(a).and_then(|v| v.parse::<f32>().ok());
    doc.descendants()
        .filter(|n| n.has_tag_name("circle"))
        .filter_map(|n| {
            Some(Circle {
                cx: num(&n, "cx")?,
                cy: num(&n, "cy")?,
                r: num(&n, "r")?,
            })
        })
        .collect()
}

/// True when `r` reaches into the circle by more than the tolerance.
fn into_circle(r: &Rect, c: &Circle) -> bool {
    let nx = c.cx.clamp(r.x0, r.x1);
    let ny = c.cy.clamp(r.y0, r.y1);
    let d = ((nx - c.cx).powi(2) + (ny - c.cy).powi(2)).sqrt();
    d < c.r - TOLERANCE
}

/// Every flaw of a counter side's SVG: texts outside the frame, over each other, or into the
/// size circle (the size value drawn in it excepted); the size circle outside the frame.
pub fn flaws(svg_text: &str) -> Result<Vec<Flaw>, String> {
    let inks = inks(svg_text)?;
    let circles = circles(svg_text);
    let mut out = Vec::new();
    for (i, a) in inks.iter().enumerate() {
        let by = a.rect.outside(&FRAME);
        if by > TOLERANCE {
            out.push(Flaw::Outside {
                text: a.clone(),
                by,
            });
        }
        for b in &inks[i + 1..] {
            let (w, h) = a.rect.overlap(&b.rect);
            if w > TOLERANCE && h > TOLERANCE {
                out.push(Flaw::Overlap {
                    a: a.clone(),
                    b: b.clone(),
                });
            }
        }
        let floor = floor_of(&a.item);
        let raised_floor = floor * crate::counter::RUN_SCALE as f32;
        let small = a.size < floor - 0.01 || a.raised_size.is_some_and(|r| r < raised_floor - 0.01);
        if !a.item.is_empty() && small {
            out.push(Flaw::TooSmall { text: a.clone() });
        }
        if a.item != "size" && circles.iter().any(|c| into_circle(&a.rect, c)) {
            out.push(Flaw::OverCircle { text: a.clone() });
        }
    }
    for c in &circles {
        let rect = Rect {
            x0: c.cx - c.r,
            y0: c.cy - c.r,
            x1: c.cx + c.r,
            y1: c.cy + c.r,
        };
        let by = rect.outside(&FRAME);
        if by > TOLERANCE {
            out.push(Flaw::CircleOutside { rect, by });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(texts: &str) -> String {
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="60" height="60" viewBox="0 0 100 100"><g font-family="DejaVu Sans" font-stretch="condensed" font-weight="bold">{texts}</g></svg>"#
        )
    }

    #[test]
    fn texts_apart_and_inside_have_no_flaw() {
        let svg = side(
            r#"<text data-item="a" font-size="12"><tspan x="5" y="20">AB</tspan></text><text data-item="b" font-size="12"><tspan x="50" y="20">CD</tspan></text>"#,
        );
        assert_eq!(flaws(&svg).unwrap(), vec![]);
        let inks = inks(&svg).unwrap();
        assert_eq!(inks.len(), 2);
        assert!(inks[0].rect.x0 >= 5.0 && inks[0].rect.y1 <= 20.5);
    }

    #[test]
    fn text_over_text_outside_and_into_the_circle_are_found() {
        let svg = side(
            r#"<circle cx="80" cy="80" r="9"/><text data-item="a" font-size="12"><tspan x="5" y="20">ABCD</tspan></text><text data-item="b" font-size="12"><tspan x="12" y="22">EF</tspan></text><text data-item="c" font-size="12"><tspan x="95" y="50">GH</tspan></text><text data-item="d" font-size="12"><tspan x="70" y="84">8</tspan></text>"#,
        );
        let found = flaws(&svg).unwrap();
        let kinds: Vec<String> = found.iter().map(ToString::to_string).collect();
        assert_eq!(found.len(), 3, "{kinds:?}");
        assert!(matches!(&found[0], Flaw::Overlap { a, b } if a.item == "a" && b.item == "b"));
        assert!(matches!(&found[1], Flaw::Outside { text, .. } if text.item == "c"));
        assert!(matches!(&found[2], Flaw::OverCircle { text } if text.item == "d"));
    }

    #[test]
    fn a_circle_outside_the_frame_is_found() {
        let inside = side(r#"<circle cx="80" cy="88.5" r="9.5"/>"#);
        assert_eq!(flaws(&inside).unwrap(), vec![]);
        let low = side(r#"<circle cx="80" cy="88.5" r="11"/>"#);
        let found = flaws(&low).unwrap();
        assert!(
            matches!(&found[..], [Flaw::CircleOutside { by, .. }] if (by - 1.5).abs() < 1e-4),
            "{found:?}"
        );
    }
}
