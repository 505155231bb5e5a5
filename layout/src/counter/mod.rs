//! A vehicle counter's sides laid out before anything is drawn: every item of a side (the
//! IR's `counter.front` / `counter.back`) measured with the embedded font and given a box, so
//! that no text runs over another or off the counter. The renderer's templates draw what this
//! places ([`SideLayout::drawn`]); `qm check` reports what it could only set under its floor
//! ([`SideLayout::misfits`], `layout::does-not-fit`), so check and build agree.
//!
//! The rules, in order: every value is set at its size, or smaller down to its floor
//! ([`GLANCE`] for what a player reads at a glance, [`SMALL`] for the rest); a value too wide
//! for its row wraps at a space onto two rows; a side too full for its rows takes the rows
//! closer together, then the MG factors as labelled lines instead of columns, then a name on
//! three lines; what still does not fit is set under its floor (a misfit), within its box.

mod back;
mod clash;
mod front;
mod items;
mod measure;
mod mg;
mod misfit;
mod name;
mod num;
mod placed;
mod rich;
mod rows;
mod side;

pub use back::back;
pub use front::front;
pub use items::{SideItems, GUN_PLACES, GUN_ROWS};
pub use misfit::{Misfit, MisfitWhy};
pub use num::Num;
pub use placed::{MarkLine, Placed, PlacedLine, PlacedRun};
pub use rich::{Rich, RUN_RISE, RUN_SCALE};

use qm_schema::CounterSide;
use serde::Serialize;

/// The smallest size (viewBox units of the 100-unit counter) of any text on a counter: 6.7 px
/// at 60 px, 5 pt on a 5/8-inch sheet.
pub const SMALL: f64 = 11.2;

/// The smallest size of the values a player reads at a glance (name, ROF, MA, armor, MP, MG
/// factors): 8.1 px at 60 px.
pub const GLANCE: f64 = 13.5;

/// The picture's width over its height when a side has no picture (the box is still laid
/// out, for a template that draws something there).
pub const DEFAULT_ASPECT: f64 = 2.5;

/// A side as the templates draw it, in drawing order, and what could only be set under its
/// floor.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideLayout {
    /// Every text, box, circle and the picture box, in the order they are drawn.
    pub drawn: Vec<Drawn>,
    /// The top of the wreck band (the back's), when the side has one.
    pub wreck_band: Option<f64>,
    /// The values set under their floor (the side has no room for them at it).
    #[serde(skip)]
    pub misfits: Vec<Misfit>,
}

/// One thing a side draws.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Drawn {
    /// A value or label (`<text data-item="...">`).
    Text(Placed),
    /// A notation of the back (drawn in the regular face, one `<text>` each).
    Notation(Placed),
    /// The white box around the ROF.
    RofBox {
        /// Left.
        x: Num,
        /// Top.
        y: Num,
        /// Width.
        w: Num,
        /// Height.
        h: Num,
    },
    /// The size circle.
    Circle {
        /// Centre x.
        cx: f64,
        /// Centre y.
        cy: f64,
        /// Radius.
        r: f64,
    },
    /// The picture box: a rectangle clear of every value, where the picture is drawn.
    Picture {
        /// Left.
        x: Num,
        /// Top.
        y: Num,
        /// Width.
        w: Num,
        /// Height.
        h: Num,
    },
}

impl SideLayout {
    /// The texts placed, in drawing order.
    pub fn texts(&self) -> impl Iterator<Item = &Placed> {
        self.drawn.iter().filter_map(|d| match d {
            Drawn::Text(p) | Drawn::Notation(p) => Some(p),
            _ => None,
        })
    }
}

/// The floor a drawn item is held to: [`GLANCE`] for the values read at a glance, [`SMALL`]
/// for the rest (labels included). `item` is the item's kind as the IR names it, `.label` after
/// it for its label.
pub fn floor_of(item: &str) -> f64 {
    const GLANCE_ITEMS: [&str; 12] = [
        "name",
        "rof",
        "main_armament",
        "caliber",
        "manhandling",
        "armor_front",
        "armor_side",
        "armor_third",
        "mp",
        "mg_bow",
        "mg_coax",
        "mg_aa",
    ];
    if GLANCE_ITEMS.contains(&item) {
        GLANCE
    } else {
        SMALL
    }
}

/// One side of a gun's counter laid out: the front and the limbered side as a vehicle's
/// front (their picture boxes for a picture of `aspect`), the back (the malfunctioned side)
/// as a vehicle's back, its word in the band; each item in the place [`GUN_PLACES`] gives it.
pub fn gun_side(counter: &qm_schema::GunCounter, side: CounterSide, aspect: f64) -> SideLayout {
    let items = SideItems::of_gun(counter.side(side));
    match side {
        CounterSide::Front | CounterSide::Limbered => front::front(&items, aspect),
        CounterSide::Back | CounterSide::Wreck => back::back(&items),
    }
}

/// Both sides of a vehicle's counter laid out (the front's picture box for a picture of
/// [`DEFAULT_ASPECT`]): what `qm check` measures.
pub fn sides(
    front_items: &[qm_schema::CounterItem],
    back_items: &[qm_schema::CounterItem],
) -> [SideLayout; 2] {
    [
        front::front(&SideItems::of(front_items), DEFAULT_ASPECT),
        back::back(&SideItems::of(back_items)),
    ]
}

#[cfg(test)]
mod tests;
