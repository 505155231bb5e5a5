//! The front of a vehicle counter in a 100 x 100 box:
//! - the name on top, right of the upper-left corner, which stays free for the DVP badge a
//!   scenario card puts there (rule 177); one line, or two at the same size;
//! - the ROF box and the MA under it on the left; the armor factors down the right edge
//!   (front, side, a blank third facing), the size circle under them;
//! - the other values in rows under the MA (B#, special ammo, smoke, IF, turret, SA, TA, OT,
//!   the front's notations), each on the first row with room, beside the MG factors too
//!   ([`super::rows`]);
//! - the MG factors bottom left (B / C / AA over each factor; a second tier above when they
//!   do not fit beside the MP; or, when the values then have no room, each MG as a labelled
//!   line), the MP bottom right;
//! - the picture box: the largest clear rectangle left in the middle.
//!
//! A plan ([`Plan`]) says how tightly the side is laid out; [`front`] takes the first plan
//! under which everything fits at its floor, else the last (every value smaller, within its
//! box), and reports what is under its floor.

use qm_schema::CounterItemKind as K;

use super::items::{Item, SideItems};
use super::misfit::under_floor;
use super::num::Num;
use super::rich::Rich;
use super::rows::{self, Flow};
use super::{Drawn, Placed, SideLayout, GLANCE, SMALL};
use crate::text::{round2, Align, TextBox};

/// The gap kept between neighbouring values.
pub(crate) const GAP: f64 = 3.0;
/// The height of a row of values.
pub(crate) const ROW_H: f64 = 12.5;
/// The gap between a label and its value.
pub(crate) const LABEL_GAP: f64 = 2.5;
/// The size circle's radius.
const R: f64 = 9.5;

/// How tightly a front is laid out.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Plan {
    /// The distance between rows of values; `None`: 12.5, or 10.5 when they would run past the
    /// foot.
    pub step: Option<f64>,
}

impl Plan {
    /// The plans tried, loosest first.
    const ALL: [Plan; 1] = [Plan { step: None }];
}

/// Lays out a front: the first plan that fits, else the last one's layout.
pub fn front(items: &SideItems, aspect: f64) -> SideLayout {
    let mut last = None;
    for plan in Plan::ALL {
        let laid = Front::lay_out(items, plan, aspect);
        if laid.overflow == 0 {
            return laid.finish();
        }
        last = Some(laid);
    }
    last.expect("one plan at least").finish()
}

/// A front being laid out: what is placed so far and the regions taken.
pub(crate) struct Front<'a> {
    pub items: &'a SideItems,
    pub plan: Plan,
    /// The bottom of the name: where the ROF, MA and armor start.
    pub top: f64,
    /// The bottom of the armor column so far.
    col_y: f64,
    /// What is taken down the right edge, each `[top, bottom, width from 97]`.
    pub boxes: Vec<[f64; 3]>,
    /// What the MG factors take bottom left, each `[top, bottom, right edge]`.
    pub lbox: Vec<[f64; 3]>,
    mg: Mg,
    mp_w: f64,
    /// The size circle's centre, and whether it sits beside the MP.
    size_at: Option<(f64, f64, bool)>,
    pub flow: Flow,
    pub drawn: Vec<Drawn>,
    /// Texts that could not be placed inside their region (drawn where they would overflow).
    pub overflow: usize,
}

/// The MG factors' columns.
#[derive(Default)]
struct Mg {
    /// Where the next column of each tier (bottom, upper) starts.
    xs: [f64; 2],
    any: bool,
    upper: bool,
    /// The right edge of the bottom tier.
    end: f64,
    /// The top of the MG factors (97 when none).
    top: f64,
    upper_top: f64,
}

fn text_box(x: f64, y: f64, w: f64, h: f64, size: f64, min: f64) -> TextBox {
    TextBox {
        size,
        min,
        ..TextBox::new(x, y, w, h)
    }
}

/// The advance width the templates measured with (`text_width`: rounded to hundredths).
pub(crate) fn tw(value: &Rich, size: f64, bold: bool) -> f64 {
    round2(value.width(size, bold))
}

impl<'a> Front<'a> {
    fn lay_out(items: &'a SideItems, plan: Plan, aspect: f64) -> Self {
        let mut f = Front {
            items,
            plan,
            top: 17.5,
            col_y: 17.5,
            boxes: Vec::new(),
            lbox: Vec::new(),
            mg: Mg::default(),
            mp_w: 0.0,
            size_at: None,
            flow: Flow::default(),
            drawn: Vec::new(),
            overflow: 0,
        };
        f.name();
        f.armor();
        f.mg_columns();
        f.mp();
        f.size_circle();
        f.gun_line();
        rows::value_rows(&mut f);
        f.picture(aspect);
        f
    }

    fn finish(self) -> SideLayout {
        let layout = SideLayout {
            drawn: self.drawn,
            wreck_band: None,
            misfits: Vec::new(),
        };
        let misfits = under_floor(layout.texts());
        SideLayout { misfits, ..layout }
    }

    fn get(&self, kind: K) -> Option<&'a Item> {
        self.items.get(kind)
    }

    fn text(&mut self, p: Placed) {
        self.drawn.push(Drawn::Text(p));
    }

    /// The name: one line at GLANCE, else two.
    fn name(&mut self) {
        let name = self
            .get(K::Name)
            .map_or_else(|| Rich::plain(""), |n| n.value.clone());
        let mut b = text_box(8.5, 2.5, 88.5, 15.0, GLANCE, GLANCE);
        let mut p = Placed::fit("name", &name, &b);
        self.top = 17.5;
        if p.size < b.min {
            b.h = 28.0;
            b.max_lines = 2;
            b.leading = 1.0;
            p = Placed::fit("name", &name, &b);
            self.top = 30.5;
        }
        self.col_y = self.top;
        self.text(p);
    }

    /// The armor factors, right-aligned at 97, from the top down.
    fn armor(&mut self) {
        for (kind, size, h) in [
            (K::ArmorFront, 16.0, 15.0),
            (K::ArmorSide, GLANCE, 13.5),
            (K::ArmorThird, GLANCE, 13.5),
        ] {
            let Some(it) = self.get(kind) else { continue };
            let label_w = label_width(it);
            let w = label_w + tw(&it.value, size, true);
            if let Some(label) = &it.label {
                let mut b = text_box(97.0 - w - 0.5, self.col_y, label_w, h, SMALL, SMALL);
                b.bold = false;
                b.align = Align::Start;
                self.text(Placed::fit(
                    &format!("{}.label", it.kind),
                    &Rich::plain(label),
                    &b,
                ));
            }
            let mut b = text_box(
                97.0 - w + label_w - 0.5,
                self.col_y,
                w - label_w + 0.5,
                h,
                size,
                GLANCE,
            );
            b.align = Align::End;
            self.text(Placed::fit(it.kind, &it.value, &b));
            self.boxes.push([self.col_y, self.col_y + h, w]);
            self.col_y += h;
        }
    }

    /// The MG factors bottom left, each label over its factor, at GLANCE: the columns fill the
    /// bottom tier up to the MP (measured at GLANCE); a column that does not fit there starts a
    /// tier above it, which ends at the right column.
    fn mg_columns(&mut self) {
        let mp_min_w = self.get(K::Mp).map_or(0.0, |m| tw(&m.value, GLANCE, true));
        let bottom_limit = 97.0 - mp_min_w - GAP;
        let mut upper_w: f64 = -1.0;
        for bx in &self.boxes {
            if bx[0] < 71.0 && self.top + 15.5 < bx[1] {
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
        for kind in [K::MgBow, K::MgCoax, K::MgAa] {
            let Some(it) = self.get(kind) else { continue };
            let label = Rich::plain(it.label.as_deref().unwrap_or(""));
            let w = tw(&label, SMALL, false).max(tw(&it.value, GLANCE, true));
            let ti = usize::from(mg.xs[0] + w > bottom_limit && mg.xs[1] + w <= upper_limit);
            cols.push((it, w, ti, mg.xs[ti]));
            mg.xs[ti] = mg.xs[ti] + w + 4.0;
            mg.any = true;
            mg.upper |= ti == 1;
        }
        if mg.xs[0] - 4.0 > bottom_limit + 1e-9 {
            // The bottom tier runs into the MP: the columns do not fit.
            self.overflow += 1;
        }
        mg.upper_top = (46.5f64).max(self.top + 15.5);
        // Two tiers sit tighter (the bottom one's labels from 71, the upper one ending
        // there), so the rows of values above keep their room: [top, label height, bottom].
        let bottom_tier = if mg.upper {
            [71.0, 10.0, 97.0]
        } else {
            [69.0, 11.5, 97.0]
        };
        let tiers = [bottom_tier, [mg.upper_top, 9.5, 71.0]];
        for (it, w, ti, x) in cols {
            let [t_top, label_h, t_bottom] = tiers[ti];
            let label = Rich::plain(it.label.as_deref().unwrap_or(""));
            let mut b = text_box(x, t_top, w + 0.5, label_h, SMALL, SMALL);
            b.bold = false;
            self.text(Placed::fit(&format!("{}.label", it.kind), &label, &b));
            let b = text_box(
                x,
                t_top + label_h,
                w + 0.5,
                t_bottom - t_top - label_h,
                GLANCE,
                GLANCE,
            );
            self.text(Placed::fit(it.kind, &it.value, &b));
        }
        mg.end = if mg.xs[0] > 3.0 { mg.xs[0] - 4.0 } else { 3.0 };
        mg.top = match (mg.any, mg.upper) {
            (false, _) => 97.0,
            (true, true) => mg.upper_top,
            (true, false) => 69.0,
        };
        if mg.any {
            self.lbox.push([tiers[0][0], 97.0, mg.end]);
        }
        if mg.upper {
            self.lbox.push([mg.upper_top, tiers[0][0], mg.xs[1] - 4.0]);
        }
        self.mg = mg;
    }

    /// The MP bottom right, at 18 units unless that would bring it within `GAP` of the bottom
    /// tier (or the MG factors take two tiers, and the rows of values need the room).
    fn mp(&mut self) {
        let Some(mp) = self.get(K::Mp) else {
            return;
        };
        let big = 97.0 - tw(&mp.value, 18.0, true) - GAP >= self.mg.end && !self.mg.upper;
        let size = if big { 18.0 } else { GLANCE };
        self.mp_w = tw(&mp.value, size, true);
        let mut b = text_box(
            97.0 - self.mp_w - 0.5,
            80.5,
            self.mp_w + 0.5,
            16.5,
            size,
            GLANCE,
        );
        b.align = Align::End;
        self.text(Placed::fit("mp", &mp.value, &b));
    }

    /// The size circle: beside the MP when the MG factors leave room, else under the armor.
    fn size_circle(&mut self) {
        let has_size = self.get(K::Size).is_some();
        if has_size {
            if self.mg.end + GAP + 2.0 * R <= 97.0 - self.mp_w - 2.0 {
                let c = (97.0 - self.mp_w - 2.0 - R, 88.5);
                self.boxes
                    .push([c.1 - R, c.1 + R, self.mp_w + 2.0 + 2.0 * R]);
                self.size_at = Some((c.0, c.1, true));
            } else {
                let c = (97.0 - R, self.col_y + 1.0 + R);
                self.boxes
                    .push([self.col_y, self.col_y + 1.0 + 2.0 * R, 2.0 * R]);
                self.size_at = Some((c.0, c.1, false));
            }
        }
        if self.get(K::Mp).is_some() {
            self.boxes.push([80.5, 97.0, self.mp_w]);
        }
        if let (Some(it), Some((cx, cy, _))) = (self.get(K::Size), self.size_at) {
            self.drawn.push(Drawn::Circle { cx, cy, r: R });
            let b = text_box(
                cx - R + 1.0,
                cy - R + 2.0,
                2.0 * R - 2.0,
                2.0 * R - 4.0,
                SMALL,
                SMALL,
            );
            self.text(Placed::fit("size", &it.value, &b));
        }
    }

    /// How far right a row on the left may reach between heights y0 and y1.
    pub(crate) fn reach(&self, y0: f64, y1: f64) -> f64 {
        let mut w: f64 = -1.0;
        for b in &self.boxes {
            if b[0] < y1 && y0 < b[1] {
                w = w.max(b[2]);
            }
        }
        if w >= 0.0 {
            97.0 - w - GAP
        } else {
            97.0
        }
    }

    /// The same for a row of values, whose ink keeps 1.5 units inside its box: a box it only
    /// touches by less than that does not stop it.
    pub(crate) fn row_reach(&self, y0: f64, y1: f64) -> f64 {
        self.reach(y0 + 1.5, y1 - 1.5)
    }

    /// Where a row on the left may start between heights y0 and y1: right of the MG tiers
    /// level with it (a touch of the box is allowed, as for [`Front::row_reach`]).
    pub(crate) fn left(&self, y0: f64, y1: f64) -> f64 {
        let mut x: f64 = 3.0;
        for b in &self.lbox {
            if b[0] + 1.5 < y1 && y0 < b[1] {
                x = x.max(b[2] + GAP);
            }
        }
        x
    }

    /// The ROF box and the MA.
    fn gun_line(&mut self) {
        let top = self.top;
        let mut ma_x = 3.0;
        if let Some(rof) = self.get(K::Rof) {
            let rof_w = tw(&rof.value, GLANCE, true) + 4.0;
            self.drawn.push(Drawn::RofBox {
                x: Num::Int(3),
                y: Num::Float(top),
                w: Num::Float(rof_w),
                h: Num::Int(15),
            });
            let b = text_box(3.5, top + 0.5, rof_w - 1.0, 14.0, GLANCE, GLANCE);
            self.text(Placed::fit("rof", &rof.value, &b));
            ma_x = 3.0 + rof_w + 2.0;
        }
        if let Some(ma) = self.get(K::MainArmament) {
            let reach = self.reach(top, top + 15.0);
            let mut b = text_box(ma_x, top, reach - ma_x, 15.0, 16.0, GLANCE);
            b.align = Align::Start;
            self.text(Placed::fit("main_armament", &ma.value, &b));
        }
    }

    /// The picture box: the largest, for the picture's shape, of up to four rectangles clear
    /// of every value, each [left, top, bottom]: under the values from the left edge, or
    /// beside the last row of values from its top, down to the MG labels (or the counter's
    /// foot); and the same two right of the MG factors, down to the MP and the size circle.
    /// Each ends on the right at the right column (or at the MP and the size circle where it
    /// reaches that low).
    fn picture(&mut self, aspect: f64) {
        let bottom_row = self.size_at.is_some_and(|s| s.2);
        let low_bottom = match self.size_at {
            Some((_, cy, true)) => cy - R - 1.0,
            _ => 79.5,
        };
        let pic_bottom = if self.mg.any {
            self.mg.top - 1.0
        } else if bottom_row {
            low_bottom
        } else {
            97.0
        };
        let flow = self.flow;
        let values_bottom = if flow.used { flow.y + ROW_H } else { flow.y };
        let under = values_bottom + 1.0;
        let mg_right = Num::Float(self.mg.end + GAP);
        let mut spots = vec![(Num::Int(3), under, pic_bottom)];
        if flow.used {
            spots.push((Num::Float(flow.x), flow.y, pic_bottom));
        }
        if self.mg.any && !self.mg.upper {
            spots.push((mg_right, under, low_bottom));
            if flow.used {
                let x = if mg_right.get() > flow.x {
                    mg_right
                } else {
                    Num::Float(flow.x)
                };
                spots.push((x, flow.y, low_bottom));
            }
        }
        let mut best = (Num::Int(3), under, Num::Int(0), Num::Int(0));
        let mut best_area = -1.0;
        for (x, y, bottom) in spots {
            let mut right = self.reach(y, bottom);
            if bottom > 80.0 {
                right = right.min(97.0 - self.mp_w - GAP);
            }
            let w = Num::at_least_zero(right - x.get());
            let h = Num::at_least_zero(bottom - y);
            let shown_w = w.get().min(h.get() * aspect);
            if shown_w * shown_w / aspect > best_area {
                best = (x, y, w, h);
                best_area = shown_w * shown_w / aspect;
            }
        }
        self.drawn.push(Drawn::Picture {
            x: best.0,
            y: Num::Float(best.1),
            w: best.2,
            h: best.3,
        });
    }
}

/// The width of an item's label and the gap after it (0 without a label).
pub(crate) fn label_width(it: &Item) -> f64 {
    it.label
        .as_deref()
        .map_or(0.0, |l| tw(&Rich::plain(l), SMALL, false) + LABEL_GAP)
}
