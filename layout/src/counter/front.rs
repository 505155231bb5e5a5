//! The front of a vehicle counter in a 100 x 100 box:
//! - the name on top, right of the upper-left corner, which stays free for the DVP badge a
//!   scenario card puts there (rule 177); one line, or two (three when the side has room) at
//!   the same size;
//! - the ROF box and the MA under it on the left; the armor factors down the right edge
//!   (front, side, a blank third facing; under the MA's line when the MA needs its width),
//!   the size circle under them or beside the MP;
//! - the other values in rows under the MA ([`super::rows`]);
//! - the MG factors bottom left ([`super::mg`]), the MP bottom right;
//! - the picture box: the largest clear rectangle left in the middle.
//!
//! A plan ([`Plan`]) says how the side is laid out; [`front`] takes the first plan under
//! which everything fits at its floor, measured back ([`super::clash`]). When none does, it
//! takes the plan that leaves the fewest values under their floor; when every plan runs a
//! value past its region, the rows of values (then the MG factors too) are set smaller until
//! they fit, and are misfits; what no plan at any size keeps clear is left off.

use qm_schema::CounterItemKind as K;

use super::clash;
use super::items::SideItems;
use super::measure::{label_width, text_box, tw, GAP};
use super::misfit::{misfits, under_floor};
use super::name::{name_block, NameRoom};
use super::num::Num;
use super::rich::Rich;
use super::rows;
use super::side::{Flow, Front, Gun, Mg, Plan};
use super::{Drawn, Placed, SideLayout, GLANCE, SMALL};
use crate::text::Align;

/// Lays out a front: the first plan that fits at the floors, else the least bad (see the
/// module's doc).
pub fn front(items: &SideItems, aspect: f64) -> SideLayout {
    let first = Front::lay_out(items, Plan::FIRST, aspect);
    if first.fits() {
        return first.finish();
    }
    let mut best: Option<Front> = None;
    for plan in Plan::at_floors(items) {
        let laid = Front::lay_out(items, plan, aspect);
        if laid.fits() {
            return laid.finish();
        }
        best = Some(better(best, laid));
    }
    let best = better(best, first);
    if best.overflow == 0 {
        return best.finish();
    }
    shrunk(items, aspect).unwrap_or(best).finish()
}

/// The better of two layouts: no overflow first, then the fewest misfits, then the earlier.
fn better<'a>(a: Option<Front<'a>>, b: Front<'a>) -> Front<'a> {
    match a {
        Some(a) if (a.overflow, a.misfits()) <= (b.overflow, b.misfits()) => a,
        _ => b,
    }
}

/// The first layout without overflow as the rows of values are set smaller, by steps of 2.5%
/// (about a quarter of a unit) down to half their floor; else the MG factors instead; else
/// both.
fn shrunk(items: &SideItems, aspect: f64) -> Option<Front<'_>> {
    let plans = Plan::at_floors(items);
    let steps = || (1..=20).map(|i| 1.0 - f64::from(i) * 0.025);
    let scales = steps()
        .map(|k| (k, 1.0))
        .chain(steps().map(|k| (1.0, k)))
        .chain(steps().map(|k| (k * 0.5, k)));
    for (values, mg) in scales {
        let mut found: Option<Front> = None;
        for plan in &plans {
            let plan = Plan {
                value_scale: values,
                mg_scale: mg,
                ..*plan
            };
            let laid = Front::lay_out(items, plan, aspect);
            if laid.overflow == 0 {
                found = Some(better(found, laid));
            }
        }
        if found.is_some() {
            return found;
        }
    }
    None
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
        if plan.mg_lines {
            f.corner();
            f.mg_lines();
        } else {
            f.mg_columns();
            f.mp();
            f.size_circle();
        }
        f.gun_line();
        rows::value_rows(&mut f);
        f.picture(aspect);
        // The rules above place by regions; what they drew is measured back, and a clash
        // makes the plan one that does not fit.
        f.overflow += clash::clashes(&f.drawn);
        f
    }

    /// True when everything is inside its region at its floor.
    fn fits(&self) -> bool {
        self.overflow == 0 && self.misfits() == 0
    }

    fn misfits(&self) -> usize {
        under_floor(self.texts()).len()
    }

    fn texts(&self) -> impl Iterator<Item = &Placed> {
        self.drawn.iter().filter_map(|d| match d {
            Drawn::Text(p) => Some(p),
            _ => None,
        })
    }

    /// The side as drawn: every text clear of the others and the shapes ([`clash::keep_clear`]:
    /// nothing changes on a side without a clash).
    fn finish(self) -> SideLayout {
        let (drawn, left_off) = clash::keep_clear(self.drawn);
        let layout = SideLayout {
            drawn,
            wreck_band: None,
            misfits: Vec::new(),
        };
        let misfits = misfits(layout.texts(), &left_off);
        SideLayout { misfits, ..layout }
    }

    /// The name: one line at GLANCE, else two (else three, when the plan allows).
    fn name(&mut self) {
        let name = self
            .get(K::Name)
            .map_or_else(|| Rich::plain(""), |n| n.value.clone());
        // The first line keeps right of the corner a card's DVP badge takes (a circle of 11.7
        // units' radius centred 2.2 units outside it); the lines under it are clear of it and
        // take the whole width inside the frame (a glyph's ink is narrower than its advance).
        let room = NameRoom {
            first_x: 8.5,
            first_w: 88.5,
            rest_x: 2.5,
            rest_w: 95.0,
            max_lines: self.plan.name_lines,
        };
        let (p, top) = name_block(&name, room);
        self.top = top;
        self.col_y = top;
        self.text(p);
    }

    /// The armor factors, right-aligned at 97, from the top down (under the MA's line when the
    /// plan says so).
    fn armor(&mut self) {
        if self.plan.gun == Gun::ArmorBelow {
            self.col_y = self.gun_bottom();
        }
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
        if self.col_y > 80.5 && self.get(K::Mp).is_some() {
            // The armor runs down into the MP.
            self.overflow += 1;
        }
    }

    /// The MP bottom right, at 18 units unless that would bring it within `GAP` of the bottom
    /// tier (or the MG factors take two tiers, and the rows of values need the room).
    fn mp(&mut self) {
        let Some(mp) = self.get(K::Mp) else {
            return;
        };
        let big = 97.0 - tw(&mp.value, 18.0, true) - GAP >= self.mg.end && !self.mg.upper;
        self.place_mp(mp, if big { 18.0 } else { GLANCE });
    }

    /// The size circle: beside the MP when the MG factors leave room, else under the armor.
    fn size_circle(&mut self) {
        let r = self.radius();
        if self.get(K::Size).is_some() {
            if self.mg.end + GAP + 2.0 * r <= 97.0 - self.mp_w - 2.0 {
                self.circle_beside_mp(r);
            } else {
                let c = (97.0 - r, self.col_y + 1.0 + r);
                self.boxes
                    .push([self.col_y, self.col_y + 1.0 + 2.0 * r, 2.0 * r]);
                self.size_at = Some((c.0, c.1, r, false));
                let clear_of_mp = self.get(K::Mp).is_none() || c.1 + r <= 80.5;
                if !clear_of_mp || c.1 + r > 97.0 || self.mg.reaches_circle(c.0, c.1, r) {
                    self.overflow += 1;
                }
            }
        }
        if self.get(K::Mp).is_some() {
            self.boxes.push([80.5, 97.0, self.mp_w]);
        }
        self.draw_circle();
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
            self.text(Placed::fit(rof.kind, &rof.value, &b));
            ma_x = 3.0 + rof_w + 2.0;
        }
        if let Some(ma) = self.get(K::MainArmament) {
            let (ma_x, top) = if self.plan.gun == Gun::MaBelow {
                (3.0, top + 15.0)
            } else {
                (ma_x, top)
            };
            let reach = self.reach(top, top + 15.0);
            let mut b = text_box(ma_x, top, reach - ma_x, 15.0, 16.0, GLANCE);
            b.align = Align::Start;
            self.text(Placed::fit(ma.kind, &ma.value, &b));
        }
    }

    /// The picture box: the largest, for the picture's shape, of up to four rectangles clear
    /// of every value, each [left, top, bottom]: under the values from the left edge, or
    /// beside the last row of values from its top, down to the MG labels (or the counter's
    /// foot); and the same two right of the MG factors, down to the MP and the size circle.
    /// Each ends on the right at the right column (or at the MP and the size circle where it
    /// reaches that low).
    fn picture(&mut self, aspect: f64) {
        let bottom_row = self.size_at.is_some_and(|s| s.3);
        let low_bottom = match self.size_at {
            Some((_, cy, r, true)) => cy - r - 1.0,
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
        let values_bottom = if flow.used {
            flow.y + self.flow.row_h
        } else {
            flow.y
        };
        let under = values_bottom + 1.0;
        let mg_right = Num::Float(self.mg.end + GAP);
        let mut spots = vec![(Num::Int(3), under, pic_bottom)];
        if flow.used {
            spots.push((Num::Float(flow.x), flow.y, pic_bottom));
        }
        if self.mg.any && !self.mg.upper && !self.plan.mg_lines {
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
        let inks: Vec<clash::Rect> = self.texts().filter_map(clash::ink).collect();
        let mut best = (Num::Int(3), under, Num::Int(0), Num::Int(0));
        let mut best_area = -1.0;
        for (x, y, bottom) in spots {
            let mut right = self.reach(y, bottom);
            if bottom > 80.0 {
                right = right.min(97.0 - self.mp_w - GAP);
            }
            let y = clear_top(&inks, [x.get(), y, right, bottom]);
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

/// The top of the spot `[x0, y0, x1, y1]` moved under any ink that reaches down into it from
/// above (rows of values closer together than their boxes are tall: the row over the last one
/// may ink below the last one's top, where the spot beside it starts).
pub(super) fn clear_top(inks: &[clash::Rect], spot: [f64; 4]) -> f64 {
    inks.iter()
        .filter(|a| a[0] < spot[2] && spot[0] < a[2] && a[1] < spot[1] && spot[1] < a[3])
        .fold(spot[1], |y, a| y.max(a[3] + 1.0))
}
