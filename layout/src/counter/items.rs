//! A side's items by kind, as the layout looks them up. A gun's side is laid out by the
//! vehicle's rules: each of its items takes the place of the vehicle kind whose role it plays
//! ([`GUN_PLACES`]), and its rows hold its own kinds ([`GUN_ROWS`]).

use std::collections::BTreeMap;

use qm_schema::{CounterItem, CounterItemKind, CounterItemKind as K};

use super::rich::Rich;

/// One item to lay out: its kind, label, value (in runs) and colour.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// The kind as the IR names it (`mp`, `notation`).
    pub kind: &'static str,
    /// The label drawn with the value ("SA", "B").
    pub label: Option<String>,
    /// The value as drawn.
    pub value: Rich,
    /// Drawn in red (a notation the notes print red).
    pub red: bool,
}

/// The kinds a vehicle front draws in rows, in order (its notations follow them).
const VEHICLE_ROWS: [K; 9] = [
    K::Breakdown,
    K::Ammo,
    K::Smoke,
    K::SmokeDischarger,
    K::IfMark,
    K::Turret,
    K::Secondary,
    K::TargetAspect,
    K::OpenTop,
];

/// The kinds a vehicle back draws in its row of values, in order.
const VEHICLE_VALUES: [K; 3] = [K::GroundPressure, K::CrewSurvival, K::Capacity];

/// The places a gun's items take on a side laid out as a vehicle's: its caliber beside the
/// ROF box (the MA's), its M# at the foot on the right (the MP's), the word of its
/// malfunctioned side in the band (the wreck's). The target size is the size circle's, as on
/// a vehicle.
pub const GUN_PLACES: [(K, K); 3] = [
    (K::Caliber, K::MainArmament),
    (K::Manhandling, K::Mp),
    (K::Malfunction, K::Wreck),
];

/// The kinds a gun's front (and limbered side) draws in rows, in order.
pub const GUN_ROWS: [K; 7] = [
    K::Ife,
    K::Breakdown,
    K::Range,
    K::Ammo,
    K::Smoke,
    K::Special,
    K::Limbered,
];

/// The kinds a gun's back draws in its row of values: none (its phrases are notations).
const GUN_VALUES: [K; 0] = [];

/// A side's items: each kind at most once, and the notations in order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SideItems {
    by_kind: BTreeMap<CounterItemKind, Item>,
    /// The notations, in order.
    pub notations: Vec<Item>,
    /// A gun's side (its rows and values are its own kinds).
    gun: bool,
}

impl SideItems {
    /// The items of one side of a vehicle's counter.
    pub fn of(items: &[CounterItem]) -> Self {
        Self::read(items, |k| k)
    }

    /// The items of one side of a gun's counter, each in the place of the vehicle kind whose
    /// role it plays ([`GUN_PLACES`]); drawn as its own kind.
    pub fn of_gun(items: &[CounterItem]) -> Self {
        let place = |k| {
            GUN_PLACES
                .iter()
                .find(|(gun, _)| *gun == k)
                .map_or(k, |(_, vehicle)| *vehicle)
        };
        Self {
            gun: true,
            ..Self::read(items, place)
        }
    }

    fn read(items: &[CounterItem], place: impl Fn(K) -> K) -> Self {
        let mut out = Self::default();
        for i in items {
            let item = Item {
                kind: i.kind.as_str(),
                label: i.label.clone(),
                value: Rich::of(i),
                red: i.red,
            };
            if i.kind == CounterItemKind::Notation {
                out.notations.push(item);
            } else {
                out.by_kind.insert(place(i.kind), item);
            }
        }
        out
    }

    /// True for a gun's side.
    pub(crate) fn is_gun(&self) -> bool {
        self.gun
    }

    /// The items a front draws in rows, in order: a vehicle's row kinds or a gun's, then the
    /// notations.
    pub(crate) fn row_items(&self) -> Vec<&Item> {
        let kinds: &[K] = if self.gun { &GUN_ROWS } else { &VEHICLE_ROWS };
        kinds
            .iter()
            .filter_map(|k| self.get(*k))
            .chain(self.notations.iter())
            .collect()
    }

    /// The items a back draws in its row of values, in order.
    pub(crate) fn value_items(&self) -> Vec<&Item> {
        let kinds: &[K] = if self.gun {
            &GUN_VALUES
        } else {
            &VEHICLE_VALUES
        };
        kinds.iter().filter_map(|k| self.get(*k)).collect()
    }

    /// The item of `kind`, when the side draws one.
    pub fn get(&self, kind: CounterItemKind) -> Option<&Item> {
        self.by_kind.get(&kind)
    }
}
