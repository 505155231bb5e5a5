//! Fitting text into boxes with the embedded font's real metrics.
//!
//! Templates own the layout (where each box is); this module decides how a text fills its box:
//! the largest size at which it fits (wrapping at spaces, then after "/" or before "(") and
//! where each line's baseline goes. Text that does not fit at the preferred minimum size keeps
//! shrinking: it may become small, but it never leaves its box. Templates call it as the
//! minijinja functions `fit(text, ...)` and `fit_block(items, ...)` (see [`register`]).

use minijinja::value::{Kwargs, Value};
use minijinja::{Environment, Error, ErrorKind};
use serde::Serialize;

use crate::fonts::Metrics;

/// A box and how text should fill it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TextBox {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
    /// Preferred (largest) font size.
    pub size: f64,
    /// Smallest size tried before giving up on readability (text still shrinks below it
    /// rather than overflow).
    pub min: f64,
    /// Most lines the text may take.
    pub max_lines: usize,
    /// Bold face.
    pub bold: bool,
    /// Horizontal alignment.
    pub align: Align,
    /// Distance between baselines, in font sizes.
    pub leading: f64,
}

impl TextBox {
    /// A one-line, centred, bold box from 16 down to 5 units.
    pub fn new(x: f64, y: f64, w: f64, h: f64) -> Self {
        Self {
            x,
            y,
            w,
            h,
            size: 16.0,
            min: 5.0,
            max_lines: 1,
            bold: true,
            align: Align::Middle,
            leading: 1.1,
        }
    }
}

/// Horizontal alignment, named as SVG's `text-anchor`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Align {
    /// Left-aligned.
    Start,
    /// Centred.
    Middle,
    /// Right-aligned.
    End,
}

/// Text fitted into a box: one font size and positioned lines.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Fitted {
    /// The font size chosen.
    pub size: f64,
    /// `text-anchor` for every line.
    pub anchor: Align,
    /// The lines, with baseline positions.
    pub lines: Vec<Line>,
    /// True when the text had to go below the box's minimum size.
    pub shrunk: bool,
}

/// One line of fitted text.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Line {
    /// The line's text.
    pub text: String,
    /// Which input item the line belongs to (always 0 for [`fit`]).
    pub item: usize,
    /// Anchor x.
    pub x: f64,
    /// Baseline y.
    pub y: f64,
    /// Measured advance width.
    pub width: f64,
}

/// Smallest size ever used: below this nothing is legible anyway, and the loop must end.
const FLOOR: f64 = 0.5;
/// Size step of the search.
const STEP: f64 = 0.25;

/// Fits one text into a box.
pub fn fit(text: &str, b: &TextBox) -> Fitted {
    fit_block(&[text], b)
}

/// Fits several texts into one box at a common size, each starting on a new line (a list of
/// notations, for example).
pub fn fit_block<S: AsRef<str>>(items: &[S], b: &TextBox) -> Fitted {
    let m = Metrics::get(b.bold);
    let fits = |lines: &Option<Vec<(usize, String)>>, size: f64| {
        lines
            .as_ref()
            .is_some_and(|ls| ls.len() <= b.max_lines && ink_height(ls, m, size, b) <= b.h)
    };
    // First keep every item on one line if a little shrinking does it: "B11 SA only" reads
    // better slightly smaller than broken in two.
    let mut size = b.size;
    let unbroken_floor = b.min.max(b.size * 0.75);
    while size >= unbroken_floor {
        let lines = Some(unwrapped(items));
        let widths_ok = items.iter().all(|t| m.width(t.as_ref(), size) <= b.w);
        if widths_ok && fits(&lines, size) {
            return place(unwrapped(items), m, size, b);
        }
        size = round2(size - STEP);
    }
    // Then wrap, from the preferred size down; below the minimum only as a last resort.
    size = b.size;
    loop {
        let lines = wrap_items(items, m, size, b.w);
        if fits(&lines, size) || size <= FLOOR {
            let lines = lines.unwrap_or_else(|| unwrapped(items));
            return place(lines, m, size, b);
        }
        size = round2((size - STEP).max(FLOOR));
    }
}

/// Every item wrapped at `width`; `None` when a piece does not fit even on a line of its own.
fn wrap_items<S: AsRef<str>>(
    items: &[S],
    m: &Metrics,
    size: f64,
    width: f64,
) -> Option<Vec<(usize, String)>> {
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        for line in wrap(item.as_ref(), m, size, width)? {
            out.push((i, line));
        }
    }
    Some(out)
}

fn unwrapped<S: AsRef<str>>(items: &[S]) -> Vec<(usize, String)> {
    items
        .iter()
        .enumerate()
        .map(|(i, s)| (i, s.as_ref().to_string()))
        .collect()
}

/// Wraps `text` into lines no wider than `width` at `size` (a piece wider than a line on its
/// own gets a line to itself, so the result may be wider: use [`fit`] to guarantee a width).
pub fn wrap_lines(text: &str, size: f64, width: f64, bold: bool) -> Vec<String> {
    let m = Metrics::get(bold);
    wrap(text, m, size, width)
        .unwrap_or_else(|| text.split_whitespace().map(str::to_string).collect())
}

/// Greedy wrapping: words joined by spaces; a word too long for a line is split after "/" or
/// before "(" ("65/17(b)" -> "65/" "17(b)"). `None` when a piece is still too wide.
fn wrap(text: &str, m: &Metrics, size: f64, width: f64) -> Option<Vec<String>> {
    let mut pieces: Vec<(String, bool)> = Vec::new(); // (piece, space before it)
    for word in text.split_whitespace() {
        if m.width(word, size) <= width {
            pieces.push((word.to_string(), true));
        } else {
            for (k, p) in split_word(word).into_iter().enumerate() {
                pieces.push((p, k == 0));
            }
        }
    }
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for (piece, spaced) in pieces {
        if m.width(&piece, size) > width {
            return None;
        }
        if current.is_empty() {
            current = piece;
            continue;
        }
        let joined = if spaced {
            format!("{current} {piece}")
        } else {
            format!("{current}{piece}")
        };
        if m.width(&joined, size) <= width {
            current = joined;
        } else {
            lines.push(std::mem::replace(&mut current, piece));
        }
    }
    if !current.is_empty() || lines.is_empty() {
        lines.push(current);
    }
    Some(lines)
}

/// Splits a word after every "/" and before every "(".
fn split_word(word: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for c in word.chars() {
        if c == '(' && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        cur.push(c);
        if c == '/' {
            out.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn ink_height(lines: &[(usize, String)], m: &Metrics, size: f64, b: &TextBox) -> f64 {
    let (Some(first), Some(last)) = (lines.first(), lines.last()) else {
        return 0.0;
    };
    // A line of digits is shorter than one with "†" or "p": centre on real ink.
    let top = m.ink(&first.1).0;
    let bottom = m.ink(&last.1).1;
    (top + bottom + b.leading * (lines.len() - 1) as f64) * size
}

/// Positions the lines: centred vertically on their ink, aligned horizontally.
fn place(lines: Vec<(usize, String)>, m: &Metrics, size: f64, b: &TextBox) -> Fitted {
    let height = ink_height(&lines, m, size, b);
    let top = lines.first().map_or(0.0, |l| m.ink(&l.1).0 * size);
    let first_baseline = b.y + (b.h - height) / 2.0 + top;
    let x = match b.align {
        Align::Start => b.x,
        Align::Middle => b.x + b.w / 2.0,
        Align::End => b.x + b.w,
    };
    let lines = lines
        .into_iter()
        .enumerate()
        .map(|(n, (item, text))| Line {
            width: round2(m.width(&text, size)),
            text,
            item,
            x: round2(x),
            y: round2(first_baseline + n as f64 * b.leading * size),
        })
        .collect();
    Fitted {
        size,
        anchor: b.align,
        lines,
        shrunk: size < b.min,
    }
}

/// Rounds to hundredths so that SVG output is short and stable.
pub fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// Registers `fit`, `fit_block` and `text_width` for templates.
///
/// - `fit(text, x=, y=, w=, h=, size=16, min=5, lines=1, bold=true, align="middle",
///   leading=1.1)` returns `{size, anchor, lines: [{text, x, y, width, item}], shrunk}`.
/// - `fit_block(items, ...)` takes a list of texts, each starting a new line; `item` tells
///   which text a line belongs to.
/// - `text_width(text, size, bold=true)` returns the advance width.
pub fn register(env: &mut Environment<'_>) {
    env.add_function(
        "fit",
        |text: String, kwargs: Kwargs| -> Result<Value, Error> {
            let b = text_box(&kwargs)?;
            Ok(Value::from_serialize(fit(&text, &b)))
        },
    );
    env.add_function(
        "fit_block",
        |items: Vec<String>, kwargs: Kwargs| -> Result<Value, Error> {
            let b = text_box(&kwargs)?;
            Ok(Value::from_serialize(fit_block(&items, &b)))
        },
    );
    env.add_function(
        "text_width",
        |text: String, size: f64, kwargs: Kwargs| -> Result<f64, Error> {
            let bold = kwargs.get::<Option<bool>>("bold")?.unwrap_or(true);
            kwargs.assert_all_used()?;
            Ok(round2(Metrics::get(bold).width(&text, size)))
        },
    );
}

fn text_box(kwargs: &Kwargs) -> Result<TextBox, Error> {
    let mut b = TextBox::new(
        kwargs.get("x")?,
        kwargs.get("y")?,
        kwargs.get("w")?,
        kwargs.get("h")?,
    );
    if let Some(v) = kwargs.get::<Option<f64>>("size")? {
        b.size = v;
    }
    if let Some(v) = kwargs.get::<Option<f64>>("min")? {
        b.min = v;
    }
    if let Some(v) = kwargs.get::<Option<usize>>("lines")? {
        b.max_lines = v.max(1);
    }
    if let Some(v) = kwargs.get::<Option<bool>>("bold")? {
        b.bold = v;
    }
    if let Some(v) = kwargs.get::<Option<f64>>("leading")? {
        b.leading = v;
    }
    if let Some(v) = kwargs.get::<Option<String>>("align")? {
        b.align = match v.as_str() {
            "start" => Align::Start,
            "middle" => Align::Middle,
            "end" => Align::End,
            other => {
                return Err(Error::new(
                    ErrorKind::InvalidOperation,
                    format!("align must be start, middle or end, not {other:?}"),
                ))
            }
        };
    }
    if !(b.w > 0.0 && b.h > 0.0 && b.size > 0.0) {
        return Err(Error::new(
            ErrorKind::InvalidOperation,
            "fit needs a positive w, h and size",
        ));
    }
    kwargs.assert_all_used()?;
    Ok(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boxed(w: f64, h: f64, lines: usize) -> TextBox {
        TextBox {
            max_lines: lines,
            size: 12.0,
            ..TextBox::new(0.0, 0.0, w, h)
        }
    }

    #[test]
    fn a_short_text_keeps_its_size() {
        let f = fit("M13/40", &boxed(92.0, 14.0, 2));
        assert_eq!(f.size, 12.0);
        assert_eq!(f.lines.len(), 1);
        assert_eq!(f.lines[0].x, 46.0);
    }

    #[test]
    fn a_long_name_wraps_before_it_shrinks_past_the_minimum() {
        let f = fit("SMV M41M 90/53", &boxed(40.0, 28.0, 2));
        let texts: Vec<_> = f.lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(texts, ["SMV M41M", "90/53"]);
        assert!(!f.shrunk);
    }

    #[test]
    fn one_line_only_shrinks() {
        let b = boxed(40.0, 14.0, 1);
        let f = fit("Autocarro P (Hvy)", &b);
        assert_eq!(f.lines.len(), 1);
        assert!(f.size < 12.0);
        assert!(f.lines[0].width <= 40.0);
    }

    #[test]
    fn words_split_after_slash_or_before_paren_only_when_needed() {
        assert_eq!(split_word("65/17(b)"), ["65/", "17", "(b)"]);
        let f = fit("Autocann 65/17(b)", &boxed(18.0, 40.0, 3));
        assert!(f.lines.iter().all(|l| l.width <= 18.0), "{f:?}");
    }

    #[test]
    fn impossible_text_shrinks_instead_of_overflowing() {
        let long = "X".repeat(400);
        let f = fit(&long, &boxed(10.0, 5.0, 1));
        assert!(f.shrunk);
        assert_eq!(f.size, FLOOR);
    }

    #[test]
    fn a_block_keeps_items_on_their_own_lines_at_one_size() {
        let items = ["*REVx3", "CE: +1RTCA", "B11 SA only"];
        let f = fit_block(&items, &boxed(60.0, 50.0, 6));
        let which: Vec<_> = f.lines.iter().map(|l| l.item).collect();
        assert_eq!(which, [0, 1, 2]);
        assert!(f.lines.windows(2).all(|w| w[1].y > w[0].y));
    }

    #[test]
    fn lines_are_centred_vertically_on_their_ink() {
        let b = boxed(80.0, 20.0, 1);
        let f = fit("11", &b);
        let m = Metrics::get(true);
        let (top, bottom) = m.ink("11");
        let y = f.lines[0].y;
        let above = y - top * f.size;
        let below = b.h - (y + bottom * f.size);
        assert!((above - below).abs() < 0.02, "{above} vs {below}");
    }
}
