//! The front's rows of values: each item at SMALL, a label in the regular face before its
//! value. A row runs from the left edge (or the MG tiers level with it) to the right column
//! (or the MP and the size circle) level with the heights its value inks; an item goes on the first row, from the current one down,
//! with room for it; an item too wide for any row is wrapped at its spaces onto two rows (when
//! its widest word fits the row). When the rows would run past the foot, they are laid out
//! again closer together (10.5 units apart instead of 12.5: the ink of one still clears the
//! next). An item that finds no row above the foot is an overflow: the plan does not fit. A
//! plan may set the rows smaller ([`super::front`]'s last resort): every measure here scales
//! with their size.

use super::items::Item;
use super::measure::{label_width_at, tw, GAP, ROW_H};
use super::rich::Rich;
use super::side::{Flow, Front};
use super::{Drawn, Placed, SMALL};
use crate::text::{Align, TextBox};

/// The foot of the rows: a row's box may end here (its ink ends 1.5 units higher).
const FOOT: f64 = 97.5;

/// The distance between the baselines of a value wrapped onto two rows, in its size.
const WRAP_LEADING: f64 = 1.05;

/// The rows' measures at the plan's size.
#[derive(Debug, Clone, Copy)]
struct Geom {
    /// The values' size.
    size: f64,
    /// A row's height.
    row_h: f64,
    /// How far a row's ink keeps inside its box.
    inset: f64,
    /// The steps between rows: loose, then tight.
    steps: [f64; 2],
}

impl Geom {
    fn of(scale: f64) -> Self {
        Self {
            size: crate::text::round2(SMALL * scale),
            row_h: ROW_H * scale,
            inset: 1.5 * scale,
            steps: [12.5 * scale, 10.5 * scale],
        }
    }

    /// The heights `it`'s value inks when set on `lines` lines in a box from `y`, `h` high
    /// (centred on its ink, as it is fitted), and at least the box less its inset: what a
    /// row asks the right column for. A row's ink keeps `inset` inside its box only when it
    /// is short enough (two lines of a wrapped value nearly fill theirs; a dagger or a
    /// descender reaches lower than a digit).
    fn band(&self, it: &Item, y: f64, h: f64, lines: usize) -> (f64, f64) {
        let (top, bottom) = it.value.ink(true);
        let ink = (top + bottom + WRAP_LEADING * (lines - 1) as f64) * self.size;
        let y0 = y + (h - ink) / 2.0;
        ((y + self.inset).min(y0), (y + h - self.inset).max(y0 + ink))
    }
}

/// How far right `it` may reach on `lines` lines in a box from `y`, `h` high: its ink's
/// heights clear of the right column ([`Geom::band`]).
fn reach_of(f: &Front, it: &Item, g: Geom, (y, h): (f64, f64), lines: usize) -> f64 {
    let (y0, y1) = g.band(it, y, h, lines);
    f.reach(y0, y1)
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
    let items: Vec<&Item> = f.items.row_items();
    let g = Geom::of(f.plan.value_scale);
    let lay = if f.plan.pack { packed_rows } else { flow_rows };
    let (_, bottom, overflow) = lay(f, &items, g, g.steps[0], false);
    // (The first plan looks at the bottom only, as the counters were first drawn.)
    let loose = bottom <= FOOT && (overflow == 0 || !f.plan.pack);
    let step = if loose { g.steps[0] } else { g.steps[1] };
    let (flow, _, overflow) = lay(f, &items, g, step, true);
    f.flow = flow;
    f.overflow += overflow;
}

/// The rows laid out `step` apart (drawn into `f` when `draw`): the flow after the last item,
/// the bottom of the last row and how many items found no row above the foot.
fn flow_rows(f: &mut Front, items: &[&Item], g: Geom, step: f64, draw: bool) -> (Flow, f64, usize) {
    let mut flow = Flow {
        x: 3.0,
        y: f.gun_bottom(),
        used: false,
        row_h: g.row_h,
    };
    let mut overflow = 0;
    for it in items {
        let at = find_row(f, it, flow, g, step);
        if !at.fits {
            overflow += 1;
        }
        let label_w = label_width_at(it, g.size);
        if draw {
            draw_item(f, it, &at, label_w, g, step);
        }
        flow = if at.lines == 2 {
            Flow {
                x: 3.0,
                y: at.y + g.row_h + step,
                used: false,
                row_h: g.row_h,
            }
        } else {
            Flow {
                x: at.x + (label_w + tw(&it.value, g.size, true)) + GAP,
                y: at.y,
                used: true,
                row_h: g.row_h,
            }
        };
    }
    let bottom = if flow.used { flow.y + g.row_h } else { flow.y };
    (flow, bottom, overflow)
}

/// One row of the packed layout.
#[derive(Debug, Clone, Default)]
struct Row {
    /// Its top.
    y: f64,
    /// Its items (indices into the side's row items).
    items: Vec<usize>,
    /// The width its items take, gaps after each included.
    used: f64,
    /// True when a value wrapped onto it and the row under it: nothing else goes there.
    full: bool,
    /// True when an item was put there without room (the plan does not fit).
    forced: bool,
}

/// The rows laid out closer to the top than [`flow_rows`] does: the widest value first, each
/// on the first row from the top with room for it (a value too wide for any row wrapped onto
/// two, which take `row_h + step`), then each row's values drawn in their own order.
fn packed_rows(
    f: &mut Front,
    items: &[&Item],
    g: Geom,
    step: f64,
    draw: bool,
) -> (Flow, f64, usize) {
    let widths: Vec<(f64, f64)> = items
        .iter()
        .map(|it| {
            let label_w = label_width_at(it, g.size);
            (label_w, label_w + tw(&it.value, g.size, true))
        })
        .collect();
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|a, b| widths[*b].1.total_cmp(&widths[*a].1));
    let mut rows: Vec<Row> = Vec::new();
    for i in order {
        let (label_w, w) = widths[i];
        // A row's values are drawn in their own order: any of them may end it.
        let reach = |r: &Row| {
            r.items
                .iter()
                .chain([&i])
                .map(|&j| reach_of(f, items[j], g, (r.y, g.row_h), 1))
                .fold(f64::INFINITY, f64::min)
        };
        let room = rows.iter().position(|r| {
            !r.full
                && r.y + g.row_h <= FOOT
                && f.left(r.y, r.y + g.row_h, g.inset) + r.used + w <= reach(r)
        });
        match room {
            Some(r) => {
                rows[r].items.push(i);
                rows[r].used += w + GAP;
            }
            None => new_row(f, &mut rows, (i, items[i], label_w, w), g, step),
        }
    }
    rows.sort_by(|a, b| a.y.total_cmp(&b.y));
    let overflow = rows.iter().filter(|r| r.forced).count();
    for r in &mut rows {
        r.items.sort_unstable();
    }
    if draw {
        for r in &rows {
            let mut x = f.left(r.y, r.y + g.row_h, g.inset);
            for &i in &r.items {
                let at = At {
                    x,
                    y: r.y,
                    lines: if r.full { 2 } else { 1 },
                    fits: true,
                };
                draw_item(f, items[i], &at, widths[i].0, g, step);
                x += widths[i].1 + GAP;
            }
        }
    }
    let flow = match rows.last() {
        Some(r) if r.full => Flow {
            x: 3.0,
            y: r.y + g.row_h + step,
            used: false,
            row_h: g.row_h,
        },
        Some(r) => Flow {
            x: f.left(r.y, r.y + g.row_h, g.inset) + r.used,
            y: r.y,
            used: !r.items.is_empty(),
            row_h: g.row_h,
        },
        None => Flow {
            x: 3.0,
            y: f.gun_bottom(),
            used: false,
            row_h: g.row_h,
        },
    };
    let bottom = if flow.used { flow.y + g.row_h } else { flow.y };
    (flow, bottom, overflow)
}

/// Rows under the last for an item no row has room for: the first with room, else two rows
/// it wraps onto, else (forced) the last above the foot. Rows passed on the way are kept
/// empty, for the narrower values after it.
fn new_row(
    f: &Front,
    rows: &mut Vec<Row>,
    (i, it, label_w, w): (usize, &Item, f64, f64),
    g: Geom,
    step: f64,
) {
    // Rows are added in order, so the last is the lowest.
    let mut y = rows.last().map_or(f.gun_bottom(), |r| {
        r.y + if r.full { g.row_h + step } else { step }
    });
    let word = widest_word(&it.value, g.size);
    let wrap_h = g.row_h + step;
    for _ in 0..12 {
        let start = f.left(y, y + g.row_h, g.inset);
        let fits_foot = y + g.row_h <= FOOT;
        if start + w <= reach_of(f, it, g, (y, g.row_h), 1) && fits_foot {
            rows.push(Row {
                y,
                items: vec![i],
                used: w + GAP,
                ..Row::default()
            });
            return;
        }
        let reach2 = reach_of(f, it, g, (y, wrap_h), 2);
        if start == f.left(y, y + wrap_h, g.inset)
            && start + label_w + 2.0 < reach2
            && word <= reach2 - start - label_w
            && y + wrap_h <= FOOT
        {
            rows.push(Row {
                y,
                items: vec![i],
                used: w + GAP,
                full: true,
                forced: false,
            });
            return;
        }
        if !fits_foot {
            break;
        }
        rows.push(Row {
            y,
            ..Row::default()
        });
        y += step;
    }
    let y = rows.last().map_or(f.gun_bottom(), |r| r.y);
    rows.push(Row {
        y,
        items: vec![i],
        used: w + GAP,
        forced: true,
        ..Row::default()
    });
}

/// The first row, from the flow's down, with room for `it` (or two rows, wrapped).
fn find_row(f: &Front, it: &Item, flow: Flow, g: Geom, step: f64) -> At {
    let row_h = g.row_h;
    let label_w = label_width_at(it, g.size);
    let value_w = tw(&it.value, g.size, true);
    let w = label_w + value_w;
    let word = widest_word(&it.value, g.size);
    let left = |y0: f64, y1: f64| f.left(y0, y1, g.inset);
    let reach = |y: f64, h: f64, lines: usize| reach_of(f, it, g, (y, h), lines);
    let mut at = At {
        x: flow.x,
        y: flow.y,
        lines: 1,
        fits: true,
    };
    if !flow.used {
        at.x = left(at.y, at.y + row_h);
    }
    for _ in 0..8 {
        let start = at.x.max(left(at.y, at.y + row_h));
        if start + w <= reach(at.y, row_h, 1) {
            at.x = start;
            at.fits = at.y + row_h <= FOOT;
            return at;
        }
        if at.y + row_h > FOOT {
            // No row above the foot has room: drawn on the last one, and the plan fails.
            at.x = start;
            at.fits = false;
            return at;
        }
        let reach2 = reach(at.y, 2.0 * row_h, 2);
        if start == left(at.y, at.y + 2.0 * row_h)
            && start + label_w + 2.0 < reach2
            && word <= reach2 - start - label_w
            && value_w > reach2 - start - label_w
        {
            at.x = start;
            at.lines = 2;
            at.fits = at.y + 2.0 * row_h <= FOOT;
            return at;
        }
        at.y += step;
        at.x = 3.0;
    }
    at.fits = false;
    at
}

/// The widest of a value's words (split at spaces).
fn widest_word(value: &Rich, size: f64) -> f64 {
    value
        .words()
        .iter()
        .map(|w| tw(w, size, true))
        .fold(0.0, f64::max)
}

/// Draws `it` at `at`: its label, then its value on one row or wrapped onto two.
fn draw_item(f: &mut Front, it: &Item, at: &At, label_w: f64, g: Geom, step: f64) {
    if let Some(label) = &it.label {
        let label = Rich::plain(label);
        f.drawn.push(Drawn::Text(item_at(
            &format!("{}.label", it.kind),
            &label,
            (at.x, at.y),
            g,
            false,
        )));
    }
    let p = if at.lines == 2 {
        // Two rows: 2 row heights as first drawn; `row_h + step` when packed.
        let wrap_h = if f.plan.pack {
            g.row_h + step
        } else {
            2.0 * g.row_h
        };
        let wrap_w = reach_of(f, it, g, (at.y, wrap_h), 2) - at.x - label_w;
        let b = TextBox {
            size: g.size,
            min: g.size,
            max_lines: 2,
            leading: WRAP_LEADING,
            align: Align::Start,
            ..TextBox::new(at.x + label_w, at.y, wrap_w, wrap_h)
        };
        Placed::fit(it.kind, &it.value, &b)
    } else {
        item_at(it.kind, &it.value, (at.x + label_w, at.y), g, true)
    };
    f.drawn.push(Drawn::Text(p.red(it.red)));
}

/// One item at the rows' size, its box's left edge at x (its width is measured).
fn item_at(item: &str, value: &Rich, (x, y): (f64, f64), g: Geom, bold: bool) -> Placed {
    let b = TextBox {
        size: g.size,
        min: g.size,
        bold,
        align: Align::Start,
        ..TextBox::new(x, y, tw(value, g.size, bold) + 0.5, g.row_h)
    };
    Placed::fit(item, value, &b)
}
