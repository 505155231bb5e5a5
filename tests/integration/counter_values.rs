//! Every value a counter carries (issue 34): superscripts raised in their own case, never
//! merged into the value; a caliber's underline or overline drawn as a line; the smoke
//! numbers of VASL's `s#` and `sD#` columns; a VASL variant's `mgs=`/`ma=` overrides on its
//! own counter; and what does not fit at its floor named by `qm check`. Made-up rows in VASL's
//! layout (`tests/fixtures-vasl/counters`).

use qm_render::templates::Templates;
use qm_render::{counter_svg, CounterOptions};
use qm_schema::{CaliberMark, CounterItem, CounterItemKind as K, CounterSide, Nation, Vehicle};

use crate::support::{qm_on_data, root};

const DATA: &str = "tests/fixtures-vasl/counters";

fn nation() -> Nation {
    let compiled = qm_compile::pipeline::compile(&root().join(DATA), &Default::default());
    assert!(!compiled.failed(false), "{:#?}", compiled.diagnostics);
    compiled.nations.into_iter().next().expect("one nation")
}

fn vehicle<'a>(n: &'a Nation, name: &str) -> &'a Vehicle {
    n.counter_vehicles()
        .find(|v| v.name == name)
        .unwrap_or_else(|| panic!("{name} is a counter"))
}

fn front_item(v: &Vehicle, kind: qm_schema::CounterItemKind) -> Option<&CounterItem> {
    v.counter.front.iter().find(|i| i.kind == kind)
}

/// (text, raised) of each run of an item.
fn runs(i: &CounterItem) -> Vec<(&str, bool)> {
    i.runs.iter().map(|r| (r.text.as_str(), r.raised)).collect()
}

#[test]
fn superscripts_are_raised_in_their_own_case_never_merged() {
    let n = nation();
    let v = vehicle(&n, "Harrier 3");
    // An MP's lowercase s stays lowercase; the listing's capital F stays capital.
    let mp = front_item(v, K::Mp).unwrap();
    assert_eq!(runs(mp), [("12", false), ("s", true), ("†", false)]);
    let ammo = front_item(v, K::Ammo).unwrap();
    assert_eq!(
        runs(ammo),
        [
            ("HE7", false),
            ("F3", true),
            ("/8", false),
            ("4+", true),
            ("†", false)
        ]
    );
    // `4<sup>R2</sup>`: the rear MG is raised, not "4R2".
    let bow = front_item(v, K::MgBow).unwrap();
    assert_eq!(runs(bow), [("4", false), ("R2", true)]);
    assert_eq!(bow.text, "4ᴿ²");
    let svg = counter_svg(
        &n,
        v,
        CounterSide::Front,
        &Templates::new(None),
        &CounterOptions::default(),
    )
    .unwrap();
    for raised in [">s</tspan>", ">F3</tspan>", ">R2</tspan>"] {
        let at = svg
            .find(raised)
            .unwrap_or_else(|| panic!("{raised} in {svg}"));
        let open = svg[..at].rfind("<tspan").unwrap();
        assert!(
            svg[open..at].contains("baseline-shift="),
            "{}",
            &svg[open..at]
        );
    }
}

#[test]
fn caliber_marks_are_drawn_as_lines() {
    let n = nation();
    let t = Templates::new(None);
    for (name, mark) in [
        ("Harrier 3", CaliberMark::Underline),
        ("Mole", CaliberMark::Overline),
    ] {
        let v = vehicle(&n, name);
        let ma = front_item(v, K::MainArmament).unwrap();
        let marked: Vec<&str> = ma
            .runs
            .iter()
            .filter(|r| r.marks == [mark])
            .map(|r| r.text.as_str())
            .collect();
        assert_eq!(marked.len(), 1, "{name}: {:?}", ma.runs);
        let svg = counter_svg(&n, v, CounterSide::Front, &t, &CounterOptions::default()).unwrap();
        let line = svg
            .lines()
            .find(|l| l.starts_with("<line data-mark=\"main_armament\""))
            .unwrap_or_else(|| panic!("{name}: {svg}"));
        // Under the baseline for an underline, over the digits for an overline.
        let num = |attr: &str, s: &str| -> f64 {
            let at = s.find(&format!("{attr}=\"")).unwrap() + attr.len() + 2;
            s[at..s[at..].find('"').unwrap() + at].parse().unwrap()
        };
        let text = svg
            .lines()
            .find(|l| l.contains("data-item=\"main_armament\""))
            .unwrap();
        let baseline = num("y", &text[text.find("<tspan").unwrap()..]);
        let y = num("y1", line);
        match mark {
            CaliberMark::Underline => assert!(y > baseline, "{line} under {text}"),
            CaliberMark::Overline => assert!(y < baseline - 8.0, "{line} over {text}"),
        }
    }
}

#[test]
fn smoke_numbers_are_on_the_front() {
    let n = nation();
    let v = vehicle(&n, "Harrier 3");
    assert_eq!(front_item(v, K::Smoke).unwrap().text, "s8 WP6");
    assert_eq!(front_item(v, K::SmokeDischarger).unwrap().text, "sD6");
    assert!(front_item(vehicle(&n, "Mole"), K::Smoke).is_none());
}

#[test]
fn a_variants_overrides_are_its_own_counters_values() {
    let n = nation();
    // `mgs=-/4|ma=`: no B MG, the C MG 4, no MA.
    let w = vehicle(&n, "Harrier 3 w/out BMG");
    assert!(front_item(w, K::MgBow).is_none(), "{:?}", w.counter.front);
    assert_eq!(front_item(w, K::MgCoax).unwrap().text, "4");
    assert!(front_item(w, K::MgAa).is_none());
    assert!(front_item(w, K::MainArmament).is_none());
    // Its vehicle prints the listing's values (its own row's overrides are VASL's drawing).
    let v = vehicle(&n, "Harrier 3");
    assert_eq!(front_item(v, K::MgAa).unwrap().text, "Opt2†");
    assert!(front_item(v, K::MainArmament).is_some());
}

#[test]
fn check_names_each_value_that_does_not_fit_at_its_floor() {
    let (code, _, err) = qm_on_data(DATA, &["check"]);
    assert_eq!(code, 0, "{err}");
    let misfits: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("warning[layout::does-not-fit]"))
        .collect();
    assert!(!misfits.is_empty(), "{err}");
    // Each names the side and the vehicle, the value as printed (a superscript as one),
    // its size and its floor.
    assert!(misfits
        .iter()
        .all(|l| l
            .contains("of \"Albatrossverylongname Transporterthirteen\"'s counter at its floor")));
    assert!(
        misfits
            .iter()
            .any(|l| l.contains("the Ammo \"HE7³/8⁴⁺†; D6ᴶ⁴/7⁵†\" on the front")),
        "{err}"
    );
    assert!(
        misfits
            .iter()
            .any(|l| l.contains("the name") && l.contains("under 13.5")),
        "{err}"
    );
}
