//! What a counter template sees: the IR's counter items (`counter.front`, `counter.back`, a
//! gun's `counter.limbered`), looked up by kind. Nothing is formatted or computed here: the resolver decides every text a
//! counter prints and which side it goes on, so the drawn text is the IR's, item for item.

use std::collections::BTreeMap;

use qm_schema::{CounterItem, CounterItemKind, Ordnance, Vehicle};
use serde::Serialize;

/// The items of one vehicle's (or gun's) counter, for the templates.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CounterView {
    /// The vehicle or gun id (`m13-40`).
    pub id: String,
    /// The name as drawn ("M13/40").
    pub name: String,
    /// The TYPE code as printed ("MT"; a gun's first type, "AT"), for templates that style by
    /// type (it is not drawn).
    pub type_code: String,
    /// The front's items by kind ("main_armament", "mg_bow", "mp", ...; every kind is a key,
    /// `none` when the side does not draw it), notations apart.
    pub front: BTreeMap<&'static str, Option<ItemView>>,
    /// The notations the notes put on the front, in order.
    pub front_notations: Vec<ItemView>,
    /// The back's items by kind ("radioless", "crew_survival", "wreck", ...), as `front`.
    pub back: BTreeMap<&'static str, Option<ItemView>>,
    /// The notations the notes put on the back or wreck side, in order (a gun's phrases on
    /// its malfunctioned side).
    pub back_notations: Vec<ItemView>,
    /// A gun's limbered side's items by kind, as `front`; absent for a vehicle and a gun
    /// without one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limbered: Option<BTreeMap<&'static str, Option<ItemView>>>,
}

/// One item to draw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ItemView {
    /// The item's kind ("mp", "notation"), as the IR names it.
    pub kind: &'static str,
    /// The label drawn with the value, if any ("SA", "B").
    pub label: Option<String>,
    /// The value as drawn.
    pub text: String,
    /// Drawn in red.
    pub red: bool,
}

impl CounterView {
    /// The counter items of `v`.
    pub fn of(v: &Vehicle) -> Self {
        let (front, front_notations) = by_kind(&v.counter.front);
        let (back, back_notations) = by_kind(&v.counter.back);
        Self {
            id: v.id.clone(),
            name: front
                .get("name")
                .and_then(Option::as_ref)
                .map_or_else(|| v.name.clone(), |i| i.text.clone()),
            type_code: v
                .vehicle_type
                .value
                .as_ref()
                .map(|t| t.as_str().to_string())
                .unwrap_or_default(),
            front,
            front_notations,
            back,
            back_notations,
            limbered: None,
        }
    }

    /// The counter items of gun `g`.
    pub fn of_gun(g: &Ordnance) -> Self {
        let (front, front_notations) = by_kind(&g.counter.front);
        let (back, back_notations) = by_kind(&g.counter.back);
        let limbered = (!g.counter.limbered.is_empty()).then(|| by_kind(&g.counter.limbered).0);
        Self {
            id: g.id.clone(),
            name: g.name.clone(),
            type_code: g
                .gun_type
                .as_ref()
                .and_then(|f| f.value.as_ref())
                .and_then(|t| t.codes.first())
                .map(|c| c.as_str().to_string())
                .unwrap_or_default(),
            front,
            front_notations,
            back,
            back_notations,
            limbered,
        }
    }
}

/// A side's items by kind (every kind a key), and its notations in order.
fn by_kind(items: &[CounterItem]) -> (BTreeMap<&'static str, Option<ItemView>>, Vec<ItemView>) {
    let mut map: BTreeMap<&'static str, Option<ItemView>> = CounterItemKind::ALL
        .iter()
        .filter(|k| **k != CounterItemKind::Notation)
        .map(|k| (k.as_str(), None))
        .collect();
    let mut notations = Vec::new();
    for i in items {
        let view = ItemView {
            kind: i.kind.as_str(),
            label: i.label.clone(),
            text: i.text.clone(),
            red: i.red,
        };
        if i.kind == CounterItemKind::Notation {
            notations.push(view);
        } else {
            map.insert(i.kind.as_str(), Some(view));
        }
    }
    (map, notations)
}
