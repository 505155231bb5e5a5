//! The front's rows of values: each item at SMALL, a label in the regular face before its
//! value. A row runs from the left edge (or the MG tiers level with it) to the right column
//! (or the MP and the size circle); an item goes on the first row, from the current one down,
//! with room for it; an item too wide for any row is wrapped at its spaces onto two rows (when
//! its widest word fits the row). When the rows would run past the foot, they are laid out
//! again closer together (10.5 units apart instead of 12.5: the ink of one still clears the
//! next). An item that finds no row above the foot is an overflow: the plan does not fit.

use qm_schema::CounterItemKind as K;

use super::front::{label_width, tw, Front, GAP, ROW_H};
use super::items::Item;
use super::rich::Rich;
use super::{Drawn, Placed, SMALL};
use crate::text::{Align, TextBox};

/// The kinds drawn in rows, in order (the front's notations follow them).
const ROW_KINDS: [K; 7] = [
    K::Breakdown,
    K::Ammo,
    K::IfMark,
    K::Turret,
    K::Secondary,
    K::TargetAspect,
    K::OpenTop,
];

/// The foot of the rows: a row's box may end here (its ink ends 1.5 units higher).
const FOOT: f64 = 97.5;

/// Where the next item of the rows goes.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Flow {
    /// Where the next item starts on the current row.
    pub x: f64,
    /// The current row's top.
    pub y: f64,
    /// True when the current row holds an item.
    pub used: bool,
}

/// Where one item goes.
struct At {
    x: f64,
    y: f64,
    lines: usize,
    /// False when no row above the foot has room for it.
    fits: bool,
}

/// Lays out the rows of values of `f`, drawing them.
pub(crate) fn value_rows(f: &mut Front) {
    let items: Vec<&Item> = ROW_KINDS
        .iter()
        .filter_map(|k| f.items.get(*k))
        .chain(f.items.notations.iter())
        .collect();
    let step = match f.plan.step {
        Some(step) => step,
        None => {
            let (_, bottom, _) = flow_rows(f, &items, 12.5, false);
            if bottom <= FOOT {
                12.5
            } else {
                10.5
            }
        }
    };
    let (flow, _, overflow) = flow_rows(f, &items, step, true);
    f.flow = flow;
    f.overflow += overflow;
}

/// The rows laid out `step` apart (drawn into `f` when `draw`): the flow after the last item,
/// the bottom of the last row and how many items found no row above the foot.
fn flow_rows(f: &mut Front, items: &[&Item], step: f64, draw: bool) -> (Flow, f64, usize) {
    let mut flow = Flow {
        x: 3.0,
        y: f.top + 15.5,
        used: false,
    };
    let mut overflow = 0;
    for it in items {
        let at = find_row(f, it, flow, step);
        if !at.fits {
            overflow += 1;
        }
        let label_w = label_width(it);
        if draw {
            draw_item(f, it, &at, label_w);
        }
        flow = if at.lines == 2 {
            Flow {
                x: 3.0,
                y: at.y + ROW_H + step,
                used: false,
            }
        } else {
            Flow {
                x: at.x + (label_w + tw(&it.value, SMALL, true)) + GAP,
                y: at.y,
                used: true,
            }
        };
    }
    let bottom = if flow.used { flow.y + ROW_H } else { flow.y };
    (flow, bottom, overflow)
}

/// The first row, from the flow's down, with room for `it` (or two rows, wrapped).
fn find_row(f: &Front, it: &Item, flow: Flow, step: f64) -> At {
    let label_w = label_width(it);
    let value_w = tw(&it.value, SMALL, true);
    let w = label_w + value_w;
    let word = widest_word(&it.value);
    let mut at = At {
        x: flow.x,
        y: flow.y,
        lines: 1,
        fits: true,
    };
    if !flow.used {
        at.x = f.left(at.y, at.y + ROW_H);
    }
    for _ in 0..8 {
        let start = at.x.max(f.left(at.y, at.y + ROW_H));
        if start + w <= f.row_reach(at.y, at.y + ROW_H) {
            at.x = start;
            return at;
        }
        if at.y + ROW_H > FOOT {
            // No row above the foot has room: drawn on the last one, and the plan fails.
            at.x = start;
            at.fits = false;
            return at;
        }
        let reach2 = f.row_reach(at.y, at.y + 2.0 * ROW_H);
        if start == f.left(at.y, at.y + 2.0 * ROW_H)
            && start + label_w + 2.0 < reach2
            && word <= reach2 - start - label_w
            && value_w > reach2 - start - label_w
        {
            at.x = start;
            at.lines = 2;
            at.fits = at.y + 2.0 * ROW_H <= FOOT;
            return at;
        }
        at.y += step;
        at.x = 3.0;
    }
    at.fits = false;
    at
}

/// The widest of a value's words (split at spaces).
fn widest_word(value: &Rich) -> f64 {
    match value.as_plain() {
        Some(text) => text
            .split(' ')
            .map(|w| tw(&Rich::plain(w), SMALL, true))
            .fold(0.0, f64::max),
        None => tw(value, SMALL, true),
    }
}

/// Draws `it` at `at`: its label, then its value on one row or wrapped onto two.
fn draw_item(f: &mut Front, it: &Item, at: &At, label_w: f64) {
    if let Some(label) = &it.label {
        let label = Rich::plain(label);
        f.drawn.push(Drawn::Text(item_at(
            &format!("{}.label", it.kind),
            &label,
            at.x,
            at.y,
            false,
        )));
    }
    let p = if at.lines == 2 {
        let wrap_w = f.row_reach(at.y, at.y + 2.0 * ROW_H) - at.x - label_w;
        let b = TextBox {
            size: SMALL,
            min: SMALL,
            max_lines: 2,
            leading: 1.05,
            align: Align::Start,
            ..TextBox::new(at.x + label_w, at.y, wrap_w, 2.0 * ROW_H)
        };
        Placed::fit(it.kind, &it.value, &b)
    } else {
        item_at(it.kind, &it.value, at.x + label_w, at.y, true)
    };
    f.drawn.push(Drawn::Text(p.red(it.red)));
}

/// One item at SMALL, its box's left edge at x (its width is measured).
fn item_at(item: &str, value: &Rich, x: f64, y: f64, bold: bool) -> Placed {
    let b = TextBox {
        size: SMALL,
        min: SMALL,
        bold,
        align: Align::Start,
        ..TextBox::new(x, y, tw(value, SMALL, bold) + 0.5, ROW_H)
    };
    Placed::fit(item, value, &b)
}
