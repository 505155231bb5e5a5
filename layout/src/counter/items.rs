//! A side's items by kind, as the layout looks them up.

use std::collections::BTreeMap;

use qm_schema::{CounterItem, CounterItemKind};

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

/// A side's items: each kind at most once, and the notations in order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SideItems {
    by_kind: BTreeMap<CounterItemKind, Item>,
    /// The notations, in order.
    pub notations: Vec<Item>,
}

impl SideItems {
    /// The items of one side of the IR's counter.
    pub fn of(items: &[CounterItem]) -> Self {
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
                out.by_kind.insert(i.kind, item);
            }
        }
        out
    }

    /// The item of `kind`, when the side draws one.
    pub fn get(&self, kind: CounterItemKind) -> Option<&Item> {
        self.by_kind.get(&kind)
    }
}
