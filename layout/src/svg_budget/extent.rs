//! Numbers that size a shape's curves: path data and radii within a range.
//!
//! usvg has its arcs (an `A` in path data, a circle, an ellipse, a rounded rectangle) cut into
//! cubic pieces by kurbo, whose count grows with the sixth root of the radius over a fixed
//! tolerance, all held at once. An arc to a point 1e77 units away (its radius scaled up to
//! reach it, as SVG says) is some 1e13 pieces: memory runs out before anything draws. No
//! drawing needs a number near the limit (art is a few hundred units across, a page a
//! thousand), and within it an arc is at most a few dozen pieces.

use roxmltree::{Document, Node};

use super::{at, Budget, OverBudget};

/// The attributes whose numbers size an arc: path data, and the radii of circles,
/// ellipses and rounded rectangles.
const SIZING: [&str; 4] = ["d", "r", "rx", "ry"];

/// Every number of `node`'s sizing attributes within `budget.extent` (an unreadable
/// attribute is left to usvg).
pub(super) fn check(doc: &Document, node: Node, budget: &Budget) -> Result<(), OverBudget> {
    for name in SIZING {
        let Some(value) = node.attribute(name) else {
            continue;
        };
        if let Some(number) = numbers(value).find(|n| n.abs() > budget.extent) {
            let what = format!(
                "{name}=\"...\" holds the number {number:e}, beyond the limit of {:e} user units",
                budget.extent
            );
            return Err(at(doc, node, what));
        }
    }
    Ok(())
}

/// The numbers written in `text` as SVG writes them (`-1.5e3`, `.5`, `1.5.5` is 1.5 then .5),
/// whatever separates them; arc flags run together (`011`) read as one small number, which
/// no limit refuses.
fn numbers(text: &str) -> impl Iterator<Item = f64> + '_ {
    let bytes = text.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < bytes.len() {
            let start = i;
            let end = number_end(bytes, start);
            if end > start {
                i = end;
                if let Ok(n) = text[start..end].parse::<f64>() {
                    return Some(n);
                }
            } else {
                i += 1;
            }
        }
        None
    })
}

/// Where the number starting at `start` ends (`start` when none starts there).
fn number_end(b: &[u8], start: usize) -> usize {
    let digits = |mut i: usize| {
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        i
    };
    let mut i = start;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    let whole = digits(i);
    let mut end = whole;
    if end < b.len() && b[end] == b'.' {
        end = digits(end + 1);
    }
    // A sign or a point without a digit is no number.
    if end == i || (end == i + 1 && b[i] == b'.') {
        return start;
    }
    if end < b.len() && (b[end] == b'e' || b[end] == b'E') {
        let mut e = end + 1;
        if e < b.len() && (b[e] == b'+' || b[e] == b'-') {
            e += 1;
        }
        let exp_end = digits(e);
        if exp_end > e {
            end = exp_end;
        }
    }
    end
}

#[cfg(test)]
mod tests {
    use super::numbers;

    #[test]
    fn numbers_are_read_as_svg_writes_them() {
        let got: Vec<f64> = numbers("M-1.5e3,.5 1.5.5L2E+2-3 A5 5 0 011 7e").collect();
        assert_eq!(
            got,
            [-1500.0, 0.5, 1.5, 0.5, 200.0, -3.0, 5.0, 5.0, 0.0, 11.0, 7.0]
        );
        assert_eq!(numbers("- . e5 +").count(), 1);
    }
}
