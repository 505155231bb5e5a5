use qm_schema::{CounterItem, CounterItemKind as K, TextRun};

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

fn front_of(items: &[CounterItem]) -> SideLayout {
    front(&SideItems::of(items), DEFAULT_ASPECT)
}

/// Every pair of texts' boxes (as placed: from the anchor, the measured width and the size)
/// apart, and every text inside the frame.
fn assert_apart(layout: &SideLayout) {
    let boxes: Vec<(String, [f64; 4])> = layout
        .texts()
        .flat_map(|p| {
            p.lines.iter().map(move |l| {
                let w = crate::fonts::Metrics::get(!p.regular).width(&l.text, p.size);
                let x0 = match p.anchor {
                    crate::text::Align::Start => l.x,
                    crate::text::Align::Middle => l.x - w / 2.0,
                    crate::text::Align::End => l.x - w,
                };
                // Cap height over the baseline, a little under it.
                let b = [x0, l.y - 0.75 * p.size, x0 + w, l.y + 0.05 * p.size];
                (format!("{} {:?}", p.item, l.text), b)
            })
        })
        .collect();
    for (i, (a, ab)) in boxes.iter().enumerate() {
        assert!(
            ab[0] >= 1.9 && ab[2] <= 98.1 && ab[1] >= 1.9 && ab[3] <= 98.1,
            "{a} {ab:?} is outside the frame"
        );
        for (b, bb) in &boxes[i + 1..] {
            let apart = ab[2] <= bb[0] + 0.2
                || bb[2] <= ab[0] + 0.2
                || ab[3] <= bb[1] + 0.2
                || bb[3] <= ab[1] + 0.2;
            assert!(apart, "{a} {ab:?} runs into {b} {bb:?}");
        }
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
    assert_apart(&front);
}

/// Rows of values that run past the foot as the counters were first drawn (the TA under the
/// MP): laid out another way (rows packed, MG factors as columns or lines), still at the
/// floors, nothing over anything.
#[test]
fn a_full_front_is_laid_out_another_way_at_its_floors() {
    let items = [
        item(K::Name, None, "Lee(a)"),
        item(K::Rof, None, "1†"),
        item(K::MainArmament, None, "T37LL"),
        item(K::Breakdown, None, "B11†"),
        item(K::Ammo, None, "HE⁴⁺; C5⁴⁺†"),
        item(K::Turret, None, "T-NT"),
        item(K::Secondary, Some("SA"), "B75†"),
        item(K::MgBow, Some("B"), "2†"),
        item(K::MgCoax, Some("C"), "4"),
        item(K::MgAa, Some("AA"), "Opt2†"),
        item(K::ArmorFront, None, "8"),
        item(K::ArmorSide, None, "4"),
        item(K::TargetAspect, None, "+SR"),
        item(K::Size, None, "-1"),
        item(K::Mp, None, "13"),
    ];
    let laid = front_of(&items);
    assert!(laid.misfits.is_empty(), "{:?}", laid.misfits);
    assert_apart(&laid);
}

/// More than a front holds at the floors: the values are set smaller, within their boxes,
/// and each is a misfit; nothing runs over another or off the counter.
#[test]
fn a_front_too_full_sets_values_smaller_and_names_them() {
    let items = [
        item(K::Name, None, "Albatrossverylongname Transporterthirteen"),
        item(K::Rof, None, "1 or 2"),
        item(K::MainArmament, None, "T40L†"),
        item(K::Breakdown, None, "B11"),
        item(K::Ammo, None, "HE7³/8⁴⁺†; D6ᴶ⁴/7⁵†"),
        item(K::Turret, None, "RST"),
        item(K::Secondary, Some("SA"), "B75*†"),
        item(K::MgBow, Some("B"), "Opt2†"),
        item(K::MgCoax, Some("C"), "-R2†"),
        item(K::MgAa, Some("AA"), "4 or 6†"),
        item(K::ArmorFront, None, "8"),
        item(K::ArmorSide, None, "4"),
        item(K::TargetAspect, None, "-F/+SR"),
        item(K::Size, None, "0"),
        item(K::Mp, None, "24ᵗ†"),
    ];
    let laid = front_of(&items);
    assert!(!laid.misfits.is_empty());
    assert!(laid.misfits.iter().any(|m| m.item == "name"));
    for m in &laid.misfits {
        assert!(m.size < m.floor, "{m}");
    }
    assert_apart(&laid);
}

#[test]
fn a_size_too_wide_for_its_circle_gets_a_larger_one() {
    let items = [
        item(K::Name, None, "Jeep"),
        item(K::Size, None, "+2†"),
        item(K::Mp, None, "32"),
    ];
    let laid = front_of(&items);
    let r = laid
        .drawn
        .iter()
        .find_map(|d| match d {
            Drawn::Circle { r, .. } => Some(*r),
            _ => None,
        })
        .unwrap();
    assert!(r > 9.5, "{r}");
    assert!(laid.misfits.is_empty(), "{:?}", laid.misfits);
}

/// A raised run is smaller and raised, and makes its value no taller: rows keep their
/// spacing.
#[test]
fn a_raised_run_tops_out_with_its_value() {
    let value = CounterItem {
        runs: vec![
            TextRun::plain("HE7"),
            TextRun::raised("F3"),
            TextRun::plain("†"),
        ],
        ..item(K::Ammo, None, "HE7ᶠ³†")
    };
    let rich = Rich::of(&value);
    let plain = Rich::plain("HE7†");
    let (top, _) = rich.ink(true);
    let (plain_top, _) = plain.ink(true);
    assert!(top <= plain_top + 0.01, "{top} over {plain_top}");
    assert!(rich.width(11.2, true) < Rich::plain("HE7F3†").width(11.2, true));
}

/// Names that need it take a second line across the whole width, then a third (on the
/// front, when the side has room) or a fourth (on the back).
#[test]
fn long_names_take_more_lines_before_they_shrink() {
    let back_items = [
        item(K::Name, None, "AM Dodge(a) w/Opt AAMG (British colored)"),
        item(K::Wreck, None, "WRECK"),
    ];
    let laid = back(&SideItems::of(&back_items));
    let name = laid.texts().find(|p| p.item == "name").unwrap();
    assert!(name.size >= GLANCE, "{:?}", name);
    assert!(name.lines.len() > 2, "{:?}", name.lines);
}

/// A gun's side: each item drawn as its own kind in the place of the vehicle kind whose role
/// it plays (caliber beside the ROF box, M# at the foot on the right, in red when so printed),
/// its rows in its own order, everything apart and at its floor.
#[test]
fn a_gun_front_takes_the_vehicle_places_and_draws_its_own_kinds() {
    let mut m = item(K::Manhandling, None, "11");
    m.red = true;
    let counter = qm_schema::GunCounter {
        front: vec![
            item(K::Name, None, "Zed Mortar 8"),
            item(K::Rof, None, "3"),
            item(K::Ife, None, "(8)†"),
            item(K::Caliber, None, "81*"),
            item(K::Range, None, "2-60"),
            item(K::Ammo, None, "H6[9]†"),
            item(K::Smoke, None, "s8 WP7⁵"),
            item(K::Special, None, "NT QSU IR"),
            m,
            item(K::Size, None, "+1"),
        ],
        back: vec![
            item(K::Name, None, "Zed Mortar 8"),
            item(K::Notation, None, "no Gunshield"),
            item(K::Malfunction, None, "MALF"),
        ],
        limbered: vec![
            item(K::Name, None, "Zed Mortar 8"),
            item(K::Caliber, None, "88†"),
            item(K::Rof, None, "1"),
            item(K::Breakdown, None, "B11"),
            item(K::Manhandling, None, "4"),
            item(K::Size, None, "-1"),
            item(K::Limbered, None, "LIMBERED†"),
        ],
    };
    let limbered = gun_side(&counter, qm_schema::CounterSide::Limbered, DEFAULT_ASPECT);
    assert!(limbered.misfits.is_empty(), "{:?}", limbered.misfits);
    assert_apart(&limbered);
    assert!(limbered.texts().any(|p| p.item == "limbered"));
    let front = gun_side(&counter, qm_schema::CounterSide::Front, DEFAULT_ASPECT);
    assert!(front.misfits.is_empty(), "{:?}", front.misfits);
    assert_apart(&front);
    let drawn: Vec<&str> = front.texts().map(|p| p.item.as_str()).collect();
    assert_eq!(
        drawn,
        [
            "name",
            "manhandling",
            "size",
            "rof",
            "caliber",
            "ife",
            "range",
            "ammo",
            "smoke",
            "special"
        ]
    );
    let at = |item: &str| front.texts().find(|p| p.item == item).unwrap();
    let (rof, caliber) = (at("rof"), at("caliber"));
    assert!(
        (rof.lines[0].y - caliber.lines[0].y).abs() < 1.0,
        "one line"
    );
    assert!(at("manhandling").red && at("manhandling").lines[0].x > 90.0);
    let back = gun_side(&counter, qm_schema::CounterSide::Back, DEFAULT_ASPECT);
    assert!(back.misfits.is_empty(), "{:?}", back.misfits);
    assert_apart(&back);
    let drawn: Vec<&str> = back.texts().map(|p| p.item.as_str()).collect();
    assert_eq!(drawn, ["name", "notation", "malfunction"]);
}
