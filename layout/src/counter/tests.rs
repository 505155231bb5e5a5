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
    let (cy, r) = laid
        .drawn
        .iter()
        .find_map(|d| match d {
            Drawn::Circle { cy, r, .. } => Some((*cy, *r)),
            _ => None,
        })
        .unwrap();
    assert!(r > 9.5, "{r}");
    // Beside the MP it rises: its foot stays inside the frame.
    assert!(cy + r <= 98.0, "{cy} {r}");
    assert!(laid.misfits.is_empty(), "{:?}", laid.misfits);
    assert_eq!(clash::clashes(&laid.drawn), 0);
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

/// An item whose value is in runs, `^` marking each raised run ("HE7^3^/8" raises "3").
fn runs(kind: K, label: Option<&str>, marked: &str) -> CounterItem {
    let runs: Vec<TextRun> = marked
        .split('^')
        .enumerate()
        .filter(|(_, t)| !t.is_empty())
        .map(|(i, t)| {
            if i % 2 == 1 {
                TextRun::raised(t)
            } else {
                TextRun::plain(t)
            }
        })
        .collect();
    CounterItem {
        runs,
        ..item(kind, label, &marked.replace('^', ""))
    }
}

/// A found case (the crowded property of `tests/integration/counter_geometry.rs`): a
/// two-line name leaves the long ammunition two rows beside the MG tiers, whose second line
/// ran into the size circle beside the MP. What the layout draws has no clash.
#[test]
fn wrapped_ammunition_keeps_out_of_the_size_circle() {
    let items = [
        item(K::Name, None, "Aaaaaaaaaaaaa Bm)j8d))i(bya(h4y(0"),
        item(K::Rof, None, "2"),
        item(K::MainArmament, None, "AAMG†"),
        item(K::Breakdown, None, "B11"),
        runs(K::Ammo, None, "HE7^3^/8^4+^†; D6^J4^/7^5^†"),
        item(K::SmokeDischarger, None, "sM8"),
        item(K::MgBow, Some("B"), "2"),
        item(K::MgCoax, Some("C"), "4†"),
        item(K::MgAa, Some("AA"), "Opt2†"),
        item(K::ArmorFront, None, "6"),
        item(K::ArmorSide, None, "3"),
        item(K::TargetAspect, None, "-F/+SR"),
        item(K::Size, None, "0"),
        runs(K::Mp, None, "24^t^†"),
    ];
    let laid = front_of(&items);
    assert_eq!(clash::clashes(&laid.drawn), 0, "{:#?}", laid.drawn);
    assert_apart(&laid);
}

/// The measure a front is checked with finds a text in the size circle, on the ROF box,
/// over another text and outside the frame, and nothing in a side that keeps them apart.
#[test]
fn the_clash_measure_finds_ink_over_the_circle_the_rof_box_a_text_and_the_frame() {
    let text = |item: &str, x: f64, y: f64| {
        Drawn::Text(Placed::of_lines(
            item,
            SMALL,
            crate::text::Align::Start,
            vec![PlacedLine {
                x,
                y,
                text: "HE7†".to_string(),
                runs: Vec::new(),
            }],
        ))
    };
    let circle = Drawn::Circle {
        cx: 80.0,
        cy: 80.0,
        r: 9.5,
    };
    let rof = Drawn::RofBox {
        x: Num::Int(3),
        y: Num::Int(20),
        w: Num::Int(12),
        h: Num::Int(15),
    };
    let apart = vec![circle.clone(), rof.clone(), text("ammo", 20.0, 50.0)];
    assert_eq!(clash::clashes(&apart), 0);
    for (bad, what) in [
        (text("ammo", 66.0, 82.0), "in the circle"),
        (text("ammo", 10.0, 30.0), "on the ROF box"),
        (text("turret", 22.0, 52.0), "over the ammunition"),
        (text("turret", 90.0, 40.0), "outside the frame"),
    ] {
        let mut drawn = apart.clone();
        drawn.push(bad);
        assert_eq!(clash::clashes(&drawn), 1, "a text {what}");
    }
}

/// The picture's spot beside the last row of values starts at that row's top; a row above it
/// (rows sit closer together than their boxes are tall) may ink lower: the spot starts a unit
/// under that ink. Ink beside the spot or under its top leaves it as it is.
#[test]
fn the_picture_starts_under_the_ink_that_reaches_into_its_spot() {
    let spot = [27.7, 56.5, 75.0, 68.0];
    let above = [45.75, 47.56, 76.54, 56.95];
    assert_eq!(front::clear_top(&[above], spot), 57.95);
    let beside = [76.0, 47.0, 90.0, 60.0];
    let clear = [10.0, 40.0, 70.0, 55.0];
    assert_eq!(front::clear_top(&[beside, clear], spot), 56.5);
}

/// More notations than a front holds at any size: the layout never draws them over each
/// other; those it has no room for are left off, and each is a misfit.
#[test]
fn a_front_with_no_room_at_any_size_leaves_values_off_and_names_them() {
    let mut items = vec![
        item(K::Name, None, "Jeep"),
        item(K::Size, None, "+2"),
        item(K::Mp, None, "32"),
    ];
    for i in 0..50 {
        items.push(item(
            K::Notation,
            None,
            &format!("A long notation number {i}"),
        ));
    }
    let laid = front_of(&items);
    assert_eq!(clash::clashes(&laid.drawn), 0);
    let off: Vec<&Misfit> = laid
        .misfits
        .iter()
        .filter(|m| m.why == MisfitWhy::LeftOff)
        .collect();
    assert!(!off.is_empty());
    let drawn = laid.texts().filter(|p| p.item == "notation").count();
    assert_eq!(drawn + off.len(), 50, "every notation drawn or named");
    assert!(laid.texts().any(|p| p.item == "mp"), "the MP is kept");
}

/// A label and its value are kept or left off together.
#[test]
fn a_value_left_off_takes_its_label_with_it() {
    let label = |x: f64| {
        Drawn::Text(Placed::of_lines(
            "mg_aa.label",
            SMALL,
            crate::text::Align::Start,
            vec![PlacedLine {
                x,
                y: 80.0,
                text: "AA".to_string(),
                runs: Vec::new(),
            }],
        ))
    };
    let value = |item: &str, x: f64| {
        Drawn::Text(Placed::of_lines(
            item,
            GLANCE,
            crate::text::Align::Start,
            vec![PlacedLine {
                x,
                y: 94.0,
                text: "4".to_string(),
                runs: Vec::new(),
            }],
        ))
    };
    let drawn = vec![value("mp", 10.0), label(8.0), value("mg_aa", 10.0)];
    let (kept, off) = clash::keep_clear(drawn);
    assert_eq!(kept.len(), 1);
    assert_eq!(off.len(), 1);
    assert_eq!(off[0].item, "mg_aa");
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
