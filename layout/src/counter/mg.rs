//! The front's MG factors, bottom left, in one of two forms:
//! - columns (the form the counters were first drawn in): each label (B, C, AA) over its
//!   factor, filling the bottom tier up to the MP; a column that does not fit there starts a
//!   tier above it, which ends at the right column;
//! - lines, when the columns leave the rows of values no room: each MG its label then its
//!   factor on a line of its own, stacked up from the foot, B over C over AA, the MP at GLANCE
//!   and the size circle beside it.

use qm_schema::CounterItemKind as K;

use super::items::Item;
use super::measure::{label_width_at, text_box, tw, GAP, LABEL_GAP};
use super::rich::Rich;
use super::side::{into_circle, Front, Mg};
use super::{Placed, GLANCE, SMALL};
use crate::text::{round2, Align};

/// The height of one line of the lines form, at the floor.
const LINE_H: f64 = 14.0;
/// How far a line's ink keeps inside its box, at the floor.
const LINE_INSET: f64 = 1.5;

/// The MGs of a side, in order.
fn mgs<'a>(f: &Front<'a>) -> Vec<&'a Item> {
    [K::MgBow, K::MgCoax, K::MgAa]
        .into_iter()
        .filter_map(|k| f.get(k))
        .collect()
}

fn label(it: &Item) -> Rich {
    Rich::plain(it.label.as_deref().unwrap_or(""))
}

impl<'a> Front<'a> {
    /// The MG factors as columns, each label over its factor.
    pub(crate) fn mg_columns(&mut self) {
        let k = self.plan.mg_scale;
        let (small, glance) = (round2(SMALL * k), round2(GLANCE * k));
        let mp_min_w = self.get(K::Mp).map_or(0.0, |m| tw(&m.value, GLANCE, true));
        let bottom_limit = 97.0 - mp_min_w - GAP;
        let mut upper_w: f64 = -1.0;
        for bx in &self.boxes {
            if bx[0] < 71.0 && self.gun_bottom() < bx[1] {
                upper_w = upper_w.max(bx[2]);
            }
        }
        let upper_limit = if upper_w >= 0.0 {
            97.0 - upper_w - GAP
        } else {
            97.0
        };
        let mut mg = Mg {
            xs: [3.0, 3.0],
            ..Mg::default()
        };
        let mut cols = Vec::new();
        for it in mgs(self) {
            let w = tw(&label(it), small, false).max(tw(&it.value, glance, true));
            let ti = usize::from(mg.xs[0] + w > bottom_limit && mg.xs[1] + w <= upper_limit);
            cols.push((it, w, ti, mg.xs[ti]));
            mg.xs[ti] = mg.xs[ti] + w + 4.0;
            mg.any = true;
            mg.upper |= ti == 1;
        }
        if mg.xs[0] - 4.0 > bottom_limit + 1e-9 {
            // The bottom tier runs into the MP.
            self.overflow += 1;
        }
        let upper_top = (46.5f64).max(self.gun_bottom());
        // Two tiers sit tighter (the bottom one's labels from 71, the upper one ending
        // there), so the rows of values above keep their room: [top, label height, bottom].
        let bottom_tier = if mg.upper {
            [71.0, 10.0, 97.0]
        } else {
            [69.0, 11.5, 97.0]
        };
        let tiers = [bottom_tier, [upper_top, 9.5, 71.0]];
        if mg.upper && 71.0 - upper_top < 18.0 {
            // The rows of values above leave the upper tier no room.
            self.overflow += 1;
        }
        for (it, w, ti, x) in cols {
            let [t_top, label_h, t_bottom] = tiers[ti];
            let mut b = text_box(x, t_top, w + 0.5, label_h, small, small);
            b.bold = false;
            self.text(Placed::fit(&format!("{}.label", it.kind), &label(it), &b));
            let h = t_bottom - t_top - label_h;
            let b = text_box(x, t_top + label_h, w + 0.5, h, glance, glance);
            self.text(Placed::fit(it.kind, &it.value, &b));
            mg.rects.push([x, t_top, x + w + 0.5, t_bottom]);
        }
        mg.end = if mg.xs[0] > 3.0 { mg.xs[0] - 4.0 } else { 3.0 };
        mg.top = match (mg.any, mg.upper) {
            (false, _) => 97.0,
            (true, true) => upper_top,
            (true, false) => 69.0,
        };
        if mg.any {
            self.lbox.push([tiers[0][0], 97.0, mg.end]);
        }
        if mg.upper {
            self.lbox.push([upper_top, tiers[0][0], mg.xs[1] - 4.0]);
        }
        self.mg = mg;
    }

    /// The bottom right corner for the lines form: the MP at GLANCE; the size circle where
    /// it keeps out of the MG lines: beside the MP, else under the armor, else above the MP
    /// at the right edge (beside the MP if none does, which the lines then find in their way).
    pub(crate) fn corner(&mut self) {
        if let Some(mp) = self.get(K::Mp) {
            self.place_mp(mp, GLANCE);
        }
        if self.get(K::Size).is_some() {
            let r = self.radius();
            let lines: Vec<[f64; 4]> = self.lines().into_iter().map(|(_, b)| b).collect();
            let clear = |cx: f64, cy: f64| {
                lines
                    .iter()
                    .all(|b| !into_circle(&[b[0], b[1], b[2] + GAP, b[3]], cx, cy, r))
            };
            let beside = self.beside_mp(r);
            let under_armor = (97.0 - r, self.col_y + 1.0 + r);
            let above_mp = (97.0 - r, 80.5 - 1.0 - r);
            let mp_top = if self.get(K::Mp).is_some() {
                80.5
            } else {
                97.0
            };
            if clear(beside.0, beside.1) {
                self.circle_beside_mp(r);
            } else if under_armor.1 + r <= mp_top && clear(under_armor.0, under_armor.1) {
                self.circle_right(under_armor.1, r);
            } else if self.col_y + 1.0 <= above_mp.1 - r && clear(above_mp.0, above_mp.1) {
                self.circle_right(above_mp.1, r);
            } else {
                self.circle_beside_mp(r);
            }
        }
        if self.get(K::Mp).is_some() {
            self.boxes.push([80.5, 97.0, self.mp_w]);
        }
        self.draw_circle();
    }

    /// The size circle at the right edge, centred at height `cy`.
    fn circle_right(&mut self, cy: f64, r: f64) {
        self.boxes.push([cy - r, cy + r, 2.0 * r]);
        self.size_at = Some((97.0 - r, cy, r, false));
    }

    /// Where the lines form puts each MG line, `[x0, y0, x1, y1]`, stacked up from the foot:
    /// B over C over AA, unless a line level with the MP would run into it; then the widest
    /// on top; and when that one still would, the stack ends above the MP.
    fn lines(&self) -> Vec<(&'a Item, [f64; 4])> {
        let k = self.plan.mg_scale;
        let (line_h, inset) = (LINE_H * k, LINE_INSET * k);
        let mp_left = 97.0 - self.mp_w - GAP;
        let width = |it: &Item| {
            label_width_at(it, round2(SMALL * k)) + tw(&it.value, round2(GLANCE * k), true)
        };
        let stack = |items: &[&Item], foot: f64| -> Vec<[f64; 4]> {
            let top = foot - items.len() as f64 * line_h;
            items
                .iter()
                .enumerate()
                .map(|(i, it)| {
                    let y0 = top + i as f64 * line_h;
                    [3.0, y0, 3.0 + width(it), y0 + line_h]
                })
                .collect()
        };
        let mut items = mgs(self);
        let mut boxes = stack(&items, 97.0);
        let clear = |b: &[f64; 4]| b[3] - inset <= 80.5 || b[2] <= mp_left;
        if !boxes.iter().all(clear) {
            items.sort_by(|a, b| width(b).total_cmp(&width(a)));
            boxes = stack(&items, 97.0);
        }
        if !boxes.iter().all(clear) {
            boxes = stack(&items, 80.5 + inset);
        }
        items.into_iter().zip(boxes).collect()
    }

    /// The MG factors as labelled lines stacked up from the foot ([`Front::lines`]), each
    /// within the room the right column, the MP and the size circle leave level with it.
    pub(crate) fn mg_lines(&mut self) {
        let k = self.plan.mg_scale;
        let (small, glance, inset) = (round2(SMALL * k), round2(GLANCE * k), LINE_INSET * k);
        let lines = self.lines();
        let mut mg = Mg {
            top: lines.first().map_or(97.0, |(_, b)| b[1]),
            end: 3.0,
            ..Mg::default()
        };
        for (it, [x0, y0, end, y1]) in lines {
            if end > self.reach(y0 + inset, y1 - inset) || y0 < self.gun_bottom() {
                self.overflow += 1;
            }
            let label_w = label_width_at(it, small);
            let w = end - x0 - label_w + 0.5;
            let mut b = text_box(x0 + label_w, y0, w, y1 - y0, glance, glance);
            b.align = Align::Start;
            let value = Placed::fit(it.kind, &it.value, &b);
            let mut b = text_box(x0, y0, label_w - LABEL_GAP + 0.5, y1 - y0, small, small);
            b.bold = false;
            b.align = Align::Start;
            // The label on its factor's baseline.
            let mut label = Placed::fit(&format!("{}.label", it.kind), &label(it), &b);
            for (l, v) in label.lines.iter_mut().zip(&value.lines) {
                l.y = v.y;
            }
            self.text(label);
            self.text(value);
            self.lbox.push([y0, y1, end]);
            mg.rects.push([x0, y0, end, y1]);
            mg.end = mg.end.max(end);
            mg.any = true;
        }
        self.mg = mg;
    }
}
