//! The name on top of a side: one line at GLANCE; else two; else two whose second line uses
//! the whole width (only the first line has the upper-left corner beside it); else three (four
//! on the back), when the side allows it. What still does not fit is set smaller, within its
//! box.

use super::measure::text_box;
use super::placed::PlacedLine;
use super::rich::Rich;
use super::{Placed, GLANCE};
use crate::fonts::Metrics;
use crate::text::{round2, Align, STEP};

/// Where a side's name may go: its first line's left edge and width, then the other lines'.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NameRoom {
    /// The first line's left edge.
    pub first_x: f64,
    /// The first line's width.
    pub first_w: f64,
    /// The other lines' left edge.
    pub rest_x: f64,
    /// The other lines' width.
    pub rest_w: f64,
    /// The most lines.
    pub max_lines: usize,
}

/// The top of the name's box.
const TOP: f64 = 2.5;
/// The box's height for one to four lines.
const HEIGHTS: [f64; 4] = [15.0, 28.0, 41.0, 54.0];

/// The name placed, and the bottom of its box.
pub(crate) fn name_block(name: &Rich, room: NameRoom) -> (Placed, f64) {
    let mut b = text_box(room.first_x, TOP, room.first_w, HEIGHTS[0], GLANCE, GLANCE);
    let one = Placed::fit("name", name, &b);
    if one.size >= GLANCE || room.max_lines < 2 {
        return (one, TOP + HEIGHTS[0]);
    }
    // Two lines in the first line's box (as the counters were first drawn).
    b.h = HEIGHTS[1];
    b.max_lines = 2;
    b.leading = 1.0;
    let two = Placed::fit("name", name, &b);
    if two.size >= GLANCE {
        return (two, TOP + HEIGHTS[1]);
    }
    let Some(text) = name.as_plain() else {
        return (two, TOP + HEIGHTS[1]);
    };
    for lines in 2..=room.max_lines.min(HEIGHTS.len()) {
        if let Some(p) = wide(text, room, lines, GLANCE) {
            return (p, TOP + HEIGHTS[lines - 1]);
        }
    }
    // Smaller, on as many lines as the side allows.
    let lines = room.max_lines.clamp(2, HEIGHTS.len());
    let mut size = GLANCE - STEP;
    while size > STEP {
        if let Some(p) = wide(text, room, lines, size) {
            return (p, TOP + HEIGHTS[lines - 1]);
        }
        size -= STEP;
    }
    (two, TOP + HEIGHTS[1])
}

/// The pieces a name may break between, each with whether a space comes before it: its words,
/// and a word split after a hyphen or a slash and before a parenthesis (`Dion-` `Bouton`
/// `(f)`), so that a word wider than a line breaks where a reader expects it.
fn pieces(text: &str) -> Vec<(&str, bool)> {
    let mut out = Vec::new();
    for word in text.split_whitespace() {
        let mut start = 0;
        for (i, c) in word.char_indices() {
            let cut = match c {
                '(' if i > start => Some(i),
                '-' | '/' if i > start => Some(i + c.len_utf8()),
                _ => None,
            };
            if let Some(at) = cut.filter(|&at| at < word.len() && at > start) {
                out.push((&word[start..at], start == 0));
                start = at;
            }
        }
        out.push((&word[start..], start == 0));
    }
    out
}

/// `text` on at most `lines` lines at `size`, the first in the first line's room and the
/// others across the rest, each centred in its room and the whole centred on its ink in the
/// box; `None` when it does not fit.
fn wide(text: &str, room: NameRoom, lines: usize, size: f64) -> Option<Placed> {
    let m = Metrics::get(true);
    let width = |line: usize| if line == 0 { room.first_w } else { room.rest_w };
    // A centred line fits its room when its ink does: its advance less its blank ends.
    let inked = |t: &str| {
        let (l, r) = m.side_bearings(t, size);
        m.width(t, size) - 2.0 * l.min(r)
    };
    let mut out: Vec<String> = vec![String::new()];
    for (piece, spaced) in pieces(text) {
        let n = out.len();
        let last = &out[n - 1];
        let joined = match (last.is_empty(), spaced) {
            (true, _) => piece.to_string(),
            (false, true) => format!("{last} {piece}"),
            (false, false) => format!("{last}{piece}"),
        };
        if inked(&joined) <= width(n - 1) {
            out[n - 1] = joined;
        } else if !last.is_empty() && inked(piece) <= width(n) {
            out.push(piece.to_string());
        } else {
            return None;
        }
    }
    let h = HEIGHTS[lines - 1];
    let top = m.ink(out.first()?).0;
    let bottom = m.ink(out.last()?).1;
    let ink_h = (top + bottom + (out.len() - 1) as f64) * size;
    if out.len() > lines || ink_h > h {
        return None;
    }
    let first_baseline = TOP + (h - ink_h) / 2.0 + top * size;
    let lines = out
        .into_iter()
        .enumerate()
        .map(|(n, text)| {
            let (x, w) = if n == 0 {
                (room.first_x, room.first_w)
            } else {
                (room.rest_x, room.rest_w)
            };
            PlacedLine {
                x: round2(x + w / 2.0),
                y: round2(first_baseline + n as f64 * size),
                text,
                runs: Vec::new(),
            }
        })
        .collect();
    Some(Placed::of_lines("name", size, Align::Middle, lines))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_breaks_after_a_hyphen_or_slash_and_before_a_parenthesis() {
        assert_eq!(
            pieces("De Dion-Bouton(f) 75/31"),
            [
                ("De", true),
                ("Dion-", true),
                ("Bouton", false),
                ("(f)", false),
                ("75/", true),
                ("31", false)
            ]
        );
        assert_eq!(pieces("-F (x)"), [("-F", true), ("(x)", true)]);
    }
}
