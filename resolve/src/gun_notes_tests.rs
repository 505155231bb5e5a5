//! The ordnance notes through the vehicles' notes passes: what a vehicle's note does for the
//! vehicle, a gun's note does for the gun (schedules, relative rules, factions, windows, and
//! the diagnostics: unknown notes, no RF, relative cycles, sentences that cannot be read).

use qm_schema::{AvailabilityOrigin, Nation, Qualifier, Tenths, TheaterId};

use crate::tests::{resolve_texts, Texts};
use crate::Resolved;

const HEADER: &str =
    "Name\tType\tCSize\tROF (IFE)\tB#\tRange\tM#\tTSize\tDates\tSpecial\tBPV\tRF\tNotes\n";

/// An anti-tank gun's row with the given name, Dates, RF and Notes cell.
fn gun(name: &str, dates: &str, rf: &str, notes: &str) -> String {
    format!("{name}\tAT\t47L\t3\t\t120\t12\t1\t{dates}\tNT, QSU\t28\t{rf}\t{notes}\n")
}

/// Resolves a nation of guns only: `rows` under the ordnance header, and its ordnance notes.
fn resolve_guns(rows: &[String], notes: &str, ob: Option<&str>) -> Resolved {
    let listing: String = std::iter::once(HEADER.to_string())
        .chain(rows.iter().cloned())
        .collect();
    resolve_texts(&Texts {
        ordnance: Some(&listing),
        ordnance_notes: Some(notes),
        ob,
        ..Texts::default()
    })
}

/// The codes of the diagnostics, in order.
fn codes(r: &Resolved) -> Vec<&str> {
    r.diagnostics.iter().map(|d| d.code).collect()
}

/// The (theater, period, RF in tenths) of a gun's entries.
fn entries(nation: &Nation, name: &str) -> Vec<(String, String, u32)> {
    let g = nation.ordnance.iter().find(|g| g.name == name).unwrap();
    g.availability
        .iter()
        .map(|a| (a.theaters[0].to_string(), a.period.to_string(), a.rf.0))
        .collect()
}

#[test]
fn a_guns_note_gives_its_schedule_and_a_relative_rule_copies_it() {
    let rows = [
        gun("Zed AT 37", "40-43", "1.0-1.2†", "1"),
        gun("Zed AT 50", "41-43", "1.1-1.3†", "2"),
    ];
    let notes = "**1. Zed AT 37:** A gun.\n\n† Dates and RF for use in Russia are 1940-41 (1.2) and 1942-43 (1.0).\n\n**2. Zed AT 50:** A gun.\n\n† RF is always .1 higher than the corresponding RF of the Zed AT 37.\n";
    let r = resolve_guns(&rows, notes, None);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(
        entries(&r.nation, "Zed AT 37"),
        [
            ("Russia".into(), "1/40-12/41".into(), 12),
            ("Russia".into(), "1/42-12/43".into(), 10)
        ]
    );
    assert_eq!(
        entries(&r.nation, "Zed AT 50"),
        [
            ("Russia".into(), "1-12/41".into(), 13),
            ("Russia".into(), "1/42-12/43".into(), 11)
        ]
    );
    let copy = &r.nation.ordnance[1].availability[0];
    assert!(matches!(&copy.origin,
        AvailabilityOrigin::Derived { base_vehicle, note: 2, .. } if base_vehicle == "Zed AT 37"));
    // The notes are the nation's ordnance notes, and they name its theaters.
    assert_eq!(r.nation.ordnance_notes.len(), 2);
    assert!(r.nation.notes.is_empty());
    assert!(r.theaters.contains(&TheaterId::new("Russia")));
}

#[test]
fn a_faction_restriction_keeps_a_gun_to_its_faction() {
    let ob = "[[faction]]\nid = \"guard\"\nname = \"Guard\"\nwords = [\"Guard\"]\nlines = \"1\"\n";
    let rows = [gun("Zed AT 37", "40-43", "1.2", "1")];
    let notes = "**1. Zed AT 37:** A gun.\n\n† From 1942 only the Guard may use it.\n";
    let r = resolve_guns(&rows, notes, Some(ob));
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    let g = &r.nation.ordnance[0];
    assert_eq!(g.restricted_use.len(), 1);
    assert_eq!(g.restricted_use[0].faction, "guard");
    let late = g
        .availability
        .iter()
        .find(|a| a.period.from.year == 1942)
        .unwrap();
    assert_eq!(late.qualifiers, [Qualifier::restricted_to_one("guard")]);
    assert_eq!(late.rf, Tenths(12));
}

#[test]
fn a_guns_note_errors_are_the_vehicles_errors_at_the_guns_words() {
    let rows = [
        gun("Zed AT 37", "40-43", "1.0-1.2†", "1"),
        gun("Zed AT 50", "41-43", "1.2", "9"),
        gun("Zed AT 75", "42-43", "1.1-1.3†", "2"),
    ];
    let notes = "**1. Zed AT 37:** A gun.\n\n† It was rare in 1941, rarer still when the front was quiet in 1942.\n\n**2. Zed AT 75:** A gun.\n\n† Its RF is 1.2 in 1942.\n";
    let r = resolve_guns(&rows, notes, None);
    let unknown = r
        .diagnostics
        .iter()
        .find(|d| d.code == "notes::unknown-note")
        .unwrap();
    assert_eq!(
        unknown.message,
        "Zed AT 50 refers to ordnance note 9, which ordnance-notes.md does not have"
    );
    let mut codes = codes(&r);
    codes.sort_unstable();
    assert_eq!(
        codes,
        [
            "notes::no-rf",
            "notes::no-rf",
            "notes::unknown-note",
            "notes::unreadable-availability"
        ]
    );
    // Each gun whose own data holds an error is unresolved; the others stand.
    let unresolved: Vec<&str> = r
        .nation
        .unresolved
        .iter()
        .map(|u| u.name.as_str())
        .collect();
    assert_eq!(unresolved, ["Zed AT 37", "Zed AT 50", "Zed AT 75"]);
}

#[test]
fn guns_copying_each_other_are_a_relative_cycle() {
    let rows = [
        gun("Zed AT 37", "40-43", "1.0-1.2†", "1"),
        gun("Zed AT 50", "40-43", "1.1-1.3†", "2"),
    ];
    let notes = "**1. Zed AT 37:** A gun.\n\n† RF is always .1 higher than the corresponding RF of the Zed AT 50.\n\n**2. Zed AT 50:** A gun.\n\n† RF is always .1 higher than the corresponding RF of the Zed AT 37.\n";
    let r = resolve_guns(&rows, notes, None);
    let cycle = r
        .diagnostics
        .iter()
        .find(|d| d.code == "notes::relative-cycle")
        .unwrap();
    assert!(
        cycle.message.contains("Zed AT 37, Zed AT 50"),
        "{}",
        cycle.message
    );
    assert_eq!(
        cycle.label,
        "the RF this rule copies depends on this gun's own"
    );
}

#[test]
fn without_ordnance_notes_a_gun_answers_from_its_listing() {
    let listing = format!("{HEADER}{}", gun("Zed AT 37", "40-43", "1.2", "1"));
    let r = resolve_texts(&Texts {
        ordnance: Some(&listing),
        ..Texts::default()
    });
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    let a = &r.nation.ordnance[0].availability;
    assert_eq!(a.len(), 1);
    assert!(matches!(
        &a[0].origin,
        AvailabilityOrigin::ListingOnly { .. }
    ));
    assert_eq!(a[0].theaters, [TheaterId::any()]);
}
