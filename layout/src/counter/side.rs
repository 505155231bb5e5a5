//! A front as it is laid out: the plan, what is placed so far and the regions it takes, and
//! what every part of the layout asks of them (how far a row may reach, where the MP and the
//! size circle are). The parts themselves are [`super::front`], [`super::mg`] and
//! [`super::rows`].

use qm_schema::CounterItemKind as K;

use super::items::{Item, SideItems};
use super::measure::{text_box, tw, GAP};
use super::{Drawn, Placed, GLANCE, SMALL};
use crate::text::Align;

/// The size circle's radius, when its value fits in it at SMALL.
const R: f64 = 9.5;

/// Where the MA goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Gun {
    /// Beside the ROF box, left of the armor column.
    Beside,
    /// Beside the ROF box, the armor column starting under them (the MA reaches the edge).
    ArmorBelow,
    /// On a line of its own under the ROF box.
    MaBelow,
}

/// How a front is laid out.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Plan {
    /// The most lines the name takes at GLANCE (2, or 3; 4 on a gun's side).
    pub name_lines: usize,
    /// Where the MA goes.
    pub gun: Gun,
    /// The MG factors as labelled lines, not columns.
    pub mg_lines: bool,
    /// Each value of the rows on the first row from the top with room for it (else: from
    /// the current row down, in order).
    pub pack: bool,
    /// The size of the rows of values, as a fraction of SMALL (1: at the floor).
    pub value_scale: f64,
    /// The size of the MG factors and their labels, as a fraction of their floors.
    pub mg_scale: f64,
}

impl Plan {
    /// The layout as it was first drawn: kept for every side it fits.
    pub(crate) const FIRST: Plan = Plan {
        name_lines: 2,
        gun: Gun::Beside,
        mg_lines: false,
        pack: false,
        value_scale: 1.0,
        mg_scale: 1.0,
    };

    /// The other plans at the floors, loosest first (a variant that changes nothing for this
    /// side left out).
    pub(crate) fn at_floors(items: &SideItems) -> Vec<Plan> {
        let mut out = Vec::new();
        let ma = items.get(K::MainArmament).is_some();
        let armor = items.get(K::ArmorFront).is_some();
        let rof = items.get(K::Rof).is_some();
        // A gun's side has fewer values: a long name may take a fourth line.
        let most = if items.is_gun() { 4 } else { 3 };
        for name_lines in 2..=most {
            for gun in [Gun::Beside, Gun::ArmorBelow, Gun::MaBelow] {
                let useful = match gun {
                    Gun::Beside => true,
                    Gun::ArmorBelow => ma && armor,
                    Gun::MaBelow => ma && rof,
                };
                for mg_lines in [false, true] {
                    if useful {
                        out.push(Plan {
                            name_lines,
                            gun,
                            mg_lines,
                            pack: true,
                            ..Plan::FIRST
                        });
                    }
                }
            }
        }
        out
    }
}

/// A front being laid out: what is placed so far and the regions taken.
pub(crate) struct Front<'a> {
    pub items: &'a SideItems,
    pub plan: Plan,
    /// The bottom of the name: where the ROF, MA and armor start.
    pub top: f64,
    /// The bottom of the armor column so far.
    pub col_y: f64,
    /// What is taken down the right edge, each `[top, bottom, width from 97]`.
    pub boxes: Vec<[f64; 3]>,
    /// What the MG factors take bottom left, each `[top, bottom, right edge]`.
    pub lbox: Vec<[f64; 3]>,
    pub mg: Mg,
    pub mp_w: f64,
    /// The size circle's centre and radius, and whether it sits beside the MP.
    pub size_at: Option<(f64, f64, f64, bool)>,
    pub flow: Flow,
    pub drawn: Vec<Drawn>,
    /// Texts that could not be placed inside their region (drawn where they would run over
    /// another or off the counter): the plan does not fit.
    pub overflow: usize,
}

/// What the MG factors take.
#[derive(Debug, Default)]
pub(crate) struct Mg {
    /// Where the next column of each tier (bottom, upper) starts.
    pub xs: [f64; 2],
    /// True when the side has an MG factor.
    pub any: bool,
    /// True when the columns take two tiers.
    pub upper: bool,
    /// The right edge of the bottom tier (of the widest line, in the lines form).
    pub end: f64,
    /// The top of the MG factors (97 when none).
    pub top: f64,
    /// Every MG text's box `[x0, y0, x1, y1]`.
    pub rects: Vec<[f64; 4]>,
}

impl Mg {
    /// True when an MG text's box reaches into the circle at (cx, cy) of radius r.
    pub(crate) fn reaches_circle(&self, cx: f64, cy: f64, r: f64) -> bool {
        self.rects.iter().any(|b| into_circle(b, cx, cy, r))
    }
}

/// True when the box `[x0, y0, x1, y1]` reaches into the circle at (cx, cy) of radius r.
pub(crate) fn into_circle(b: &[f64; 4], cx: f64, cy: f64, r: f64) -> bool {
    let nx = cx.max(b[0].min(b[2])).min(b[0].max(b[2]));
    let ny = cy.max(b[1].min(b[3])).min(b[1].max(b[3]));
    (nx - cx).hypot(ny - cy) < r
}

/// Where the next item of the rows goes.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Flow {
    /// Where the next item starts on the current row.
    pub x: f64,
    /// The current row's top.
    pub y: f64,
    /// True when the current row holds an item.
    pub used: bool,
    /// The height of a row.
    pub row_h: f64,
}

impl<'a> Front<'a> {
    /// The side's item of `kind`.
    pub(crate) fn get(&self, kind: K) -> Option<&'a Item> {
        self.items.get(kind)
    }

    /// Draws a text.
    pub(crate) fn text(&mut self, p: Placed) {
        self.drawn.push(Drawn::Text(p));
    }

    /// The MP at `size`, right-aligned at the foot.
    pub(crate) fn place_mp(&mut self, mp: &Item, size: f64) {
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
        self.text(Placed::fit(mp.kind, &mp.value, &b).red(mp.red));
    }

    /// Where the size circle (radius `r`) goes at the foot, left of the MP: a circle larger
    /// than [`R`] rises, its foot where the usual one's is (the frame's inner edge).
    pub(crate) fn beside_mp(&self, r: f64) -> (f64, f64) {
        (97.0 - self.mp_w - 2.0 - r, 88.5f64.min(98.0 - r))
    }

    /// The size circle (radius `r`) at the foot, left of the MP ([`Front::beside_mp`]).
    pub(crate) fn circle_beside_mp(&mut self, r: f64) {
        let c = self.beside_mp(r);
        self.boxes
            .push([c.1 - r, c.1 + r, self.mp_w + 2.0 + 2.0 * r]);
        self.size_at = Some((c.0, c.1, r, true));
    }

    /// The radius that holds the size at SMALL: 9.5, or as much more (a quarter unit at a
    /// time) as a wide value needs ("+2†").
    pub(crate) fn radius(&self) -> f64 {
        let mut r = R;
        while !self.fits_circle(r) && r < 2.0 * R {
            r += 0.25;
        }
        r
    }

    /// True when the size's value fits a circle of radius `r` at SMALL.
    pub(crate) fn fits_circle(&self, r: f64) -> bool {
        let Some(size) = self.get(K::Size) else {
            return true;
        };
        let b = text_box(0.0, 0.0, 2.0 * r - 2.0, 2.0 * r - 4.0, SMALL, SMALL);
        Placed::fit("size", &size.value, &b).size >= SMALL
    }

    pub(crate) fn draw_circle(&mut self) {
        if let (Some(it), Some((cx, cy, r, _))) = (self.get(K::Size), self.size_at) {
            self.drawn.push(Drawn::Circle { cx, cy, r });
            let b = text_box(
                cx - r + 1.0,
                cy - r + 2.0,
                2.0 * r - 2.0,
                2.0 * r - 4.0,
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

    /// Where a row on the left may start between heights y0 and y1: right of the MG factors
    /// level with it (a touch of less than `inset` is allowed: a row's ink keeps that far
    /// inside its box).
    pub(crate) fn left(&self, y0: f64, y1: f64, inset: f64) -> f64 {
        let mut x: f64 = 3.0;
        for b in &self.lbox {
            if b[0] + inset < y1 && y0 < b[1] {
                x = x.max(b[2] + GAP);
            }
        }
        x
    }

    /// Where the rows of values start: under the ROF box and the MA (15.5 units under the
    /// name; 30.5 when the MA has a line of its own).
    pub(crate) fn gun_bottom(&self) -> f64 {
        match self.plan.gun {
            Gun::MaBelow => self.top + 30.5,
            _ => self.top + 15.5,
        }
    }
}
