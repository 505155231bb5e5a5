//! What a counter is printed for: a vehicle (its two sides) or a gun of the ordnance listing
//! (its front, its malfunctioned back and, when it has one, its limbered side). Every walk
//! over a nation's counter sides takes its pieces in one order: the vehicles (each followed by
//! its VASL variants), then the guns, in listing order.

use qm_layout::counter::{self, SideItems, SideLayout};
use qm_schema::{CounterSide, Nation, Ordnance, Vehicle};

/// A piece with a counter.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CounterPiece<'a> {
    /// A vehicle (or a VASL variant of one).
    Vehicle(&'a Vehicle),
    /// A gun.
    Gun(&'a Ordnance),
}

impl<'a> From<&'a Vehicle> for CounterPiece<'a> {
    fn from(v: &'a Vehicle) -> Self {
        CounterPiece::Vehicle(v)
    }
}

impl<'a> From<&'a Ordnance> for CounterPiece<'a> {
    fn from(g: &'a Ordnance) -> Self {
        CounterPiece::Gun(g)
    }
}

/// The sides of a vehicle's counter, in the order every walk takes them.
pub const SIDES: [CounterSide; 2] = [CounterSide::Front, CounterSide::Back];

impl<'a> CounterPiece<'a> {
    /// Its id (`m13-40`, `7-5cm-pak-40`): unique among a nation's vehicles and guns.
    pub fn id(self) -> &'a str {
        match self {
            CounterPiece::Vehicle(v) => &v.id,
            CounterPiece::Gun(g) => &g.id,
        }
    }

    /// Its name as the listing prints it.
    pub fn name(self) -> &'a str {
        match self {
            CounterPiece::Vehicle(v) => &v.name,
            CounterPiece::Gun(g) => &g.name,
        }
    }

    /// The sides its counter has, in walk order: front and back; a gun's limbered side after
    /// them when it has one.
    pub fn sides(self) -> Vec<CounterSide> {
        match self {
            CounterPiece::Vehicle(_) => SIDES.to_vec(),
            CounterPiece::Gun(g) => g.counter.sides(),
        }
    }

    /// One side laid out, its picture box for a picture of `aspect`.
    pub fn layout(self, side: CounterSide, aspect: f64) -> SideLayout {
        match self {
            CounterPiece::Vehicle(v) => match side {
                CounterSide::Front => counter::front(&SideItems::of(&v.counter.front), aspect),
                CounterSide::Back | CounterSide::Wreck | CounterSide::Limbered => {
                    counter::back(&SideItems::of(&v.counter.back))
                }
            },
            CounterPiece::Gun(g) => counter::gun_side(&g.counter, side, aspect),
        }
    }
}

/// A nation's pieces with counters, in the one order: each vehicle then its VASL variants
/// ([`Nation::counter_vehicles`]), then the guns.
pub fn pieces(nation: &Nation) -> impl Iterator<Item = CounterPiece<'_>> {
    nation
        .counter_vehicles()
        .map(CounterPiece::Vehicle)
        .chain(nation.ordnance.iter().map(CounterPiece::Gun))
}
