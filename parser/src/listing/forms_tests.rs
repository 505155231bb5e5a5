//! Every cell form the published listings print, read into typed values and printed back.
//! The cells are made up in the forms of Chapter H listings (grown from a real corpus, never
//! copied from it). The cells of each form that read or must not are files under
//! `parser/tests/cases/listing-cells/` (one snapshot per form); the tests here check the typed
//! values of a few.

use qm_schema::*;

use super::cells::{self, Problem, ProblemKind};
use super::{parts, weapons};
use crate::case_files::case_lines;

fn syntax<T: std::fmt::Debug>(r: Result<T, Problem>) -> bool {
    matches!(
        r,
        Err(Problem {
            kind: ProblemKind::Syntax,
            ..
        })
    )
}

/// A cell of `form` (a file name under `parser/tests/cases/listing-cells/`) read and printed
/// back as counters print it.
fn read_cell(form: &str, text: &str) -> Result<String, Problem> {
    match form {
        "turret" => cells::turret(text).map(|t| t.code()),
        "ammo" => parts::ammo(text, false).map(|a| a.text()),
        "main-armament" => weapons::main_armament(text).map(|m| m.text()),
        "secondary" => weapons::secondary(text).map(|s| s.text()),
        "rof" => cells::rof(text).map(|r| r.text()),
        "breakdown" => cells::breakdown(text).map(|b| b.text()),
        "mg" => parts::mg(text, false).map(|m| m.text()),
        "armor" => parts::armor(text, false).map(|a| {
            let parts: Vec<String> = a.parts.iter().map(ArmorPart::text).collect();
            parts.join("/")
        }),
        "target-aspect" => parts::target_aspect(text, false).map(|t| t.text()),
        "capacity" => parts::capacity(text, false).map(|c| c.text()),
        _ => panic!("no cell form `{form}`: name the file after one of read_cell's forms"),
    }
}

/// Every file of cells under `parser/tests/cases/listing-cells/` (see [`crate::case_files`]),
/// each its own snapshot: per cell, what it prints back as, or its problem and where.
#[test]
fn listing_cell_cases() {
    insta::glob!("../../tests/cases/listing-cells", "*.txt", |path| {
        let form = path.file_stem().unwrap().to_str().unwrap();
        let text = std::fs::read_to_string(path).unwrap();
        let lines: Vec<String> = case_lines(&text)
            .into_iter()
            .map(|cell| match read_cell(form, cell) {
                Ok(printed) => format!("{cell:?} -> {printed}"),
                Err(Problem { kind, range }) => match range {
                    Some(r) => {
                        let under = cell.get(r.clone()).unwrap_or("<bad range>");
                        format!("{cell:?} -> {kind:?} at {r:?} {under:?}")
                    }
                    None => format!("{cell:?} -> {kind:?} (the whole cell)"),
                },
            })
            .collect();
        insta::assert_snapshot!(lines.join("\n"));
    });
}

fn dagger(footnote: Option<u8>) -> Option<Dagger> {
    Some(Dagger { footnote })
}

#[test]
fn turret_types() {
    use TurretType::*;
    for (text, types) in [
        ("1MT", vec![OneManTurret]),
        ("ST", vec![SlowTurret]),
        ("RST", vec![RestrictedSlowTurret]),
        ("NT", vec![NonTurreted]),
        ("T", vec![Turret]),
        ("T-NT", vec![Turret, NonTurreted]),
        ("1MT-NT", vec![OneManTurret, NonTurreted]),
    ] {
        assert_eq!(cells::turret(text).unwrap().types, types, "{text}");
    }
    assert!(cells::turret("NT").unwrap().is_non_turreted());
    assert!(!cells::turret("T-NT").unwrap().is_non_turreted());
}

#[test]
fn special_ammunition_entries() {
    let a = parts::ammo("HE7; D5ˢ⁴/6⁵†²", false).unwrap();
    assert_eq!(a.entries.len(), 2);
    assert_eq!(a.entries[0].kind, AmmoKind::He);
    assert_eq!(a.entries[0].dagger, None);
    let d = &a.entries[1];
    assert_eq!(d.kind, AmmoKind::Apds);
    let numbers: Vec<(u8, Option<&str>)> = d
        .depletions
        .iter()
        .map(|d| (d.number, d.superscript.as_deref()))
        .collect();
    assert_eq!(numbers, [(5, Some("S4")), (6, Some("5"))]);
    assert_eq!(d.dagger, dagger(Some(2)));
    let h = parts::ammo("H†", false).unwrap();
    assert!(h.entries[0].depletions.is_empty());
    assert_eq!(h.entries[0].dagger, dagger(None));
    assert_eq!(
        parts::ammo("H6[9]", false).unwrap().entries[0].bracketed,
        Some(9)
    );
    assert_eq!(
        parts::ammo("IR", false).unwrap().entries[0].kind,
        AmmoKind::Infrared
    );
}

#[test]
fn main_armament_forms() {
    let ma = weapons::main_armament("T12.7").unwrap();
    assert_eq!(
        ma.weapon,
        Weapon::Gun {
            caliber_mm: 12,
            caliber_decimal: Some(7),
            length: BarrelLength::Normal
        }
    );
    assert_eq!(
        weapons::main_armament("R76*").unwrap().mount,
        Some(Mount::Rear)
    );
    assert_eq!(
        weapons::main_armament("SF24").unwrap().mount,
        Some(Mount::Sponson)
    );
    let baz = weapons::main_armament("BAZ").unwrap();
    assert_eq!((baz.mount, baz.weapon), (None, Weapon::Bazooka));
}

#[test]
fn secondary_armament_forms() {
    let opt = weapons::secondary("Opt BATR").unwrap();
    assert!(opt.optional);
    assert_eq!(
        (opt.mount, opt.weapon),
        (Some(Mount::Bow), Weapon::AntiTankRifle)
    );
    let twin = weapons::secondary("45L×2").unwrap();
    assert_eq!(twin.count, Some(2));
    assert_eq!(twin.mount, None);
    assert_eq!(
        weapons::secondary("2").unwrap().weapon,
        Weapon::Firepower { fp: 2 }
    );
    assert!(weapons::secondary("*T75").unwrap().limited_ammo);
}

#[test]
fn rate_of_fire_and_breakdown() {
    assert_eq!(cells::rof("2 (6)").unwrap().paren, Some(6));
    assert_eq!(cells::rof("1 or 2").unwrap().or, Some(2));
    let b = cells::breakdown("X12/9").unwrap();
    assert_eq!(
        (b.letters, b.number, b.second),
        (vec!["X".to_string()], 12, Some(9))
    );
    assert_eq!(cells::breakdown("11").unwrap().text(), "B11");
}

#[test]
fn mg_weapons() {
    let one = |text| parts::mg(text, false).unwrap();
    let w = |optional, mount, fp, alternatives: &[u8], count, dagger| MgWeapon {
        optional,
        mount,
        fp,
        alternatives: alternatives.to_vec(),
        count,
        dagger,
        raised: false,
    };
    assert_eq!(one("4 or 6").weapons, [w(false, None, 4, &[6], None, None)]);
    assert_eq!(
        one("Opt 2 or 4").weapons,
        [w(true, None, 2, &[4], None, None)]
    );
    assert_eq!(
        one("4×2†").weapons,
        [w(false, None, 4, &[], Some(2), dagger(None))]
    );
    assert_eq!(
        one("4OptR2").weapons,
        [
            w(false, None, 4, &[], None, None),
            w(true, Some(Mount::Rear), 2, &[], None, None)
        ]
    );
    assert_eq!(
        one("Opt2S2×2").weapons,
        [
            w(true, None, 2, &[], None, None),
            w(false, Some(Mount::Sponson), 2, &[], Some(2), None)
        ]
    );
    assert_eq!(
        one("6; Opt4").weapons,
        [
            w(false, None, 6, &[], None, None),
            w(true, None, 4, &[], None, None)
        ]
    );
    let dash = one("-R2");
    assert!(dash.dash);
    assert_eq!(
        dash.weapons,
        [w(false, Some(Mount::Rear), 2, &[], None, None)]
    );
    assert!(one("Opt2").any_optional());
}

#[test]
fn armor_parts_and_facings() {
    let a = parts::armor("4/3", false).unwrap();
    assert_eq!(
        a.parts[0].value,
        ArmorValue::Factor {
            factor: 4,
            signed: false
        }
    );
    assert_eq!(a.factors().collect::<Vec<_>>(), [4, 3]);
    let signed = parts::armor("-4 / -5", false).unwrap();
    assert_eq!(
        signed.parts[1].value,
        ArmorValue::Factor {
            factor: -5,
            signed: true
        }
    );
    // The dagger belongs to the part it follows.
    let front = parts::armor("11†/4", false).unwrap();
    assert_eq!(
        (front.parts[0].dagger, front.parts[1].dagger),
        (dagger(None), None)
    );
    let indexed = parts::armor("11†¹/4", false).unwrap();
    assert_eq!(indexed.parts[0].dagger, dagger(Some(1)));
    let turret = parts::armor("6†T/3†T", false).unwrap();
    assert!(turret.parts.iter().all(|p| p.turret && p.dagger.is_some()));
    let star = parts::armor("0/0/★T", false).unwrap();
    assert_eq!(
        (star.parts[2].value, star.parts[2].turret),
        (ArmorValue::Star, true)
    );
    assert!(parts::armor("-2/-2/", false).unwrap().trailing_slash);
    assert!(parts::armor("-2 /", false).unwrap().trailing_slash);
}

#[test]
fn target_aspect_parts() {
    let two = parts::target_aspect("-F/+SR", false).unwrap();
    assert_eq!(two.parts[0].sign, Some(Sign::Minus));
    assert_eq!(two.parts[1].groups, ["SR"]);
    assert!(parts::target_aspect("★", false).unwrap().parts[0].star);
}

#[test]
fn capacity_parts() {
    let c = parts::capacity("9PP†/T8", false).unwrap();
    assert_eq!(c.parts[0].dagger, dagger(None));
    assert_eq!(c.parts[1].dagger, None);
    assert_eq!((c.pp(), c.towing()), (Some(9), Some(8)));
    assert_eq!(
        parts::capacity("13PP/T-4", false).unwrap().towing(),
        Some(-4)
    );
    let sum = parts::capacity("6+8PP", false).unwrap();
    assert_eq!(
        sum.parts[0].value,
        CapacityValue::Portage { points: vec![6, 8] }
    );
    assert_eq!(sum.pp(), Some(14));
    let lead = parts::capacity("1C/5PP", true).unwrap();
    assert_eq!(lead.text(), "†1C/5PP");
    assert_eq!(lead.passengers(), Some((1, PassengerUnit::C)));
}

#[test]
fn note_references() {
    for (text, want) in [
        ("1", NoteRef::Vehicle(1)),
        ("13", NoteRef::Vehicle(13)),
        ("100", NoteRef::Vehicle(100)),
        ("9.1", NoteRef::Decimal("9.1".into())),
        ("49.1", NoteRef::Decimal("49.1".into())),
        ("A", NoteRef::Multi("A".into())),
        ("AA", NoteRef::Multi("AA".into())),
        ("a", NoteRef::Lower("a".into())),
        ("f", NoteRef::Lower("f".into())),
    ] {
        assert_eq!(cells::note_ref(text), Ok(want.clone()), "{text}");
        assert_eq!(want.label(), text);
    }
    for text in ["85v", "9va", "6va1", "23g", "44.1vb", "g1", "s12"] {
        assert_eq!(
            cells::note_ref(text),
            Err(Problem::whole(ProblemKind::ForeignNoteId)),
            "{text}"
        );
    }
    for text in [
        "", "0", "1000", "AB", "AAA", "ab", "1A", "A1", "13,", "9.", ".1",
    ] {
        assert!(syntax(cells::note_ref(text)), "{text}");
    }
}

#[test]
fn radioless_crew_and_type() {
    for (text, number, second) in [("2", 2, None), ("3/2", 3, Some(2))] {
        let cs = cells::crew_survival(text).unwrap();
        assert_eq!((cs.number, cs.second), (number, second), "{text}");
        assert_eq!(cs.text(), text);
    }
    for text in ["", "3/", "/2", "3//2", "3/2/1"] {
        assert!(syntax(cells::crew_survival(text)), "{text}");
    }
    assert_eq!(cells::radioless("®"), Ok(Radioless { number: None }));
    assert_eq!(cells::radioless("®9"), Ok(Radioless { number: Some(9) }));
    assert_eq!(cells::radioless("®9").unwrap().text(), "®9");
    for text in ["R", "®®", "", "(R)", "9"] {
        assert!(syntax(cells::radioless(text)), "{text}");
    }
    for (text, code) in [
        ("“SC”", "SC"),
        ("\"SC\"", "SC"),
        ("AAh-d", "AAh-d"),
        ("AG/TD", "AG/TD"),
    ] {
        assert_eq!(
            cells::vehicle_type(text),
            Ok(VehicleTypeCode::new(code)),
            "{text}"
        );
    }
    for text in ["“SC", "A-", "-A", "A--B", "“”"] {
        assert!(syntax(cells::vehicle_type(text)), "{text}");
    }
}

#[test]
fn garbage_is_an_error_and_never_panics() {
    type Grammar = fn(&str) -> bool;
    let grammars: &[Grammar] = &[
        |t| cells::radioless(t).is_ok(),
        |t| cells::weight(t).is_ok(),
        |t| cells::vehicle_type(t).is_ok(),
        |t| cells::bpv(t).is_ok(),
        |t| cells::rf(t).is_ok(),
        |t| cells::dates(t).is_ok(),
        |t| cells::size(t).is_ok(),
        |t| parts::armor(t, false).is_ok(),
        |t| parts::target_aspect(t, false).is_ok(),
        |t| cells::open_top(t).is_ok(),
        |t| cells::small_number(t).is_ok(),
        |t| cells::ground_pressure(t).is_ok(),
        |t| cells::turret(t).is_ok(),
        |t| weapons::main_armament(t).is_ok(),
        |t| cells::rof(t).is_ok(),
        |t| cells::breakdown(t).is_ok(),
        |t| cells::if_mark(t).is_ok(),
        |t| parts::mg(t, false).is_ok(),
        |t| weapons::secondary(t).is_ok(),
        |t| parts::ammo(t, false).is_ok(),
        |t| parts::capacity(t, false).is_ok(),
        |t| cells::note_ref(t).is_ok(),
    ];
    let long_digits = "7".repeat(1 << 20);
    let long_garbage = "é/-(".repeat(1 << 18);
    let long_daggers = "†".repeat(1 << 16);
    for text in [
        "ŝ€𝄞",
        "١٢",
        "\u{0}",
        "/",
        "( )",
        "¹²³",
        long_digits.as_str(),
        long_garbage.as_str(),
        long_daggers.as_str(),
    ] {
        for g in grammars {
            assert!(!g(text), "{text:.20}");
        }
    }
}
