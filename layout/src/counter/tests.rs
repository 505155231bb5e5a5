use qm_schema::{CounterItem, CounterItemKind as K};

use super::*;

fn item(kind: K, label: Option<&str>, text: &str) -> CounterItem {
    CounterItem {
        kind,
        label: label.map(str::to_string),
        text: text.to_string(),
        runs: Vec::new(),
        red: false,
    }
}

#[test]
fn a_plain_front_fits_at_its_floors() {
    let items = [
        item(K::Name, None, "M13/40"),
        item(K::MainArmament, None, "T47"),
        item(K::MgBow, Some("B"), "4†"),
        item(K::Mp, None, "11"),
    ];
    let [front, back] = sides(
        &items,
        &[item(K::Name, None, "M13/40"), item(K::Wreck, None, "WRECK")],
    );
    assert!(front.misfits.is_empty(), "{:?}", front.misfits);
    assert!(back.misfits.is_empty(), "{:?}", back.misfits);
    assert_eq!(front.texts().count(), 5);
}
