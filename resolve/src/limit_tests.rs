//! Limits read on their meaning: restrictions to a faction or a place, negations and
//! exceptions, in the catalogue's forms, through the resolver to each vehicle's entries.

use crate::tests::{listing, resolve_with, row};
use crate::Resolved;

/// A nation with two factions; the notes name their words in any inflection.
const OB: &str = r#"
[[faction]]
id = "ff"
name = "Free French"
words = ["Free French"]
lines = "1-2"

[[faction]]
id = "fascist"
name = "Fascist"
words = ["Fascist", "Fascist Italians"]
lines = "3-4"
"#;

/// Resolves one vehicle (DATES 1940-45, RF 1.2) whose note holds `rules`; a second note names
/// North Africa, Russia and Italy, so they are the nation's theaters.
fn resolve_rules(rules: &str) -> Resolved {
    let l = listing([
        row("Alpha", "1.2", "40-45", "1"),
        row("Bravo", "1.2", "40-45", "2"),
    ]);
    let notes = format!(
        "**1. Alpha:** A test vehicle.\n\n† {rules}\n\n**2. Bravo:** Another.\n\n† Dates and RF for use in North Africa are 40-45 (1.2). For Russia they are 40-45 (1.2). For Italy they are 40-45 (1.2).\n"
    );
    resolve_with(&l, &notes, Some(OB))
}

/// Alpha's entries as "theater period" (with "; faction" when restricted, "; not faction"
/// when kept from it).
fn entries(r: &Resolved) -> Vec<String> {
    let v = &r.nation.vehicles[0];
    v.availability
        .iter()
        .map(|a| {
            let mut s = format!("{} {}", a.theaters[0], a.period);
            for q in &a.qualifiers {
                match (q.restricted_to(), q.kept_from()) {
                    (Some(f), _) => s.push_str(&format!("; {}", f.join(" or "))),
                    (_, Some(f)) => s.push_str(&format!("; not {f}")),
                    _ => s.push_str("; ?"),
                }
            }
            s
        })
        .collect()
}

fn codes(r: &Resolved) -> Vec<&'static str> {
    r.diagnostics.iter().map(|d| d.code).collect()
}

#[test]
fn a_restriction_to_a_faction_reads_in_every_form() {
    for sentence in [
        "Only the Free French may use it.",
        "Only Free French may use it.",
        "Free French use only.",
        "For Free French use only.",
        "Limited to the Free French.",
        "Free French only.",
        "It may be used only by the Free French.",
        "Used only by Free French units.",
        "Its use is restricted to the Free French.",
        "Availability is limited to the Free French only.",
        "This vehicle is for FREE FRENCH use only.",
        "Only the Free-French may use it.",
    ] {
        let r = resolve_rules(sentence);
        assert!(r.diagnostics.is_empty(), "{sentence}: {:?}", r.diagnostics);
        assert_eq!(entries(&r), ["Any 1/40-12/45; ff"], "{sentence}");
        let v = &r.nation.vehicles[0];
        assert_eq!(v.restricted_use.len(), 1, "{sentence}");
        assert_eq!(v.restricted_use[0].faction, "ff");
    }
}

#[test]
fn a_restriction_holds_in_the_months_it_names() {
    for sentence in [
        "In 1945, only the Free French may use it.",
        "Only the Free French may use it in 1945.",
        "Only the Free French may use it from January 1945 on.",
        "Free French use only after 12/44.",
        "Its use is limited to the Free French as of 1/45.",
    ] {
        let r = resolve_rules(sentence);
        assert!(r.diagnostics.is_empty(), "{sentence}: {:?}", r.diagnostics);
        assert_eq!(
            entries(&r),
            ["Any 1/40-12/44", "Any 1-12/45; ff"],
            "{sentence}"
        );
    }
}

#[test]
fn faction_words_read_in_any_inflection() {
    for words in [
        "Fascist",
        "Fascists",
        "fascist",
        "Fascist's",
        "Fascists'",
        "Fascist Italian",
        "Fascist Italians",
        "Fascist Italians'",
        "Fascist Italian's",
        "FASCIST ITALIANS",
    ] {
        for sentence in [
            format!("Only the {words} may use it."),
            format!("Dates and RF are 40-44 (1.2), and 45 (1.2; {words} use only)."),
        ] {
            // A lower-case name is no name of a sentence of its own (it stays an error).
            if sentence.starts_with("Only") && words == "fascist" {
                continue;
            }
            let r = resolve_rules(&sentence);
            assert!(r.diagnostics.is_empty(), "{sentence}: {:?}", r.diagnostics);
            let v = &r.nation.vehicles[0];
            assert_eq!(v.restricted_use[0].faction, "fascist", "{sentence}");
        }
    }
    for words in ["Free French's", "Free Frenchs", "free-french"] {
        let sentence = format!("Dates and RF are 40-45 (1.2; {words} use only).");
        let r = resolve_rules(&sentence);
        assert!(r.diagnostics.is_empty(), "{sentence}: {:?}", r.diagnostics);
        assert_eq!(r.nation.vehicles[0].restricted_use[0].faction, "ff");
    }
}

#[test]
fn a_restriction_to_a_place_keeps_the_vehicle_there() {
    for sentence in [
        "Limited to North Africa.",
        "North Africa only.",
        "Used only in North Africa.",
        "It may be used only in North Africa.",
        "For North African use only.",
        "Its use is restricted to North Africa.",
        "Only in North Africa.",
        "It is not available except in North Africa.",
    ] {
        let r = resolve_rules(sentence);
        assert!(r.diagnostics.is_empty(), "{sentence}: {:?}", r.diagnostics);
        assert_eq!(entries(&r), ["NorthAfrica 1/40-12/45"], "{sentence}");
    }
    // A schedule's other theaters are dropped, within the months the limit names.
    let r = resolve_rules(
        "Dates and RF for use in North Africa are 40-45 (1.2); for Russia they are 41-43 (1.2). In 1942, it was used only in North Africa.",
    );
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(
        entries(&r),
        ["NorthAfrica 1/40-12/45", "Russia 1-12/41", "Russia 1-12/43"]
    );
}

#[test]
fn a_negation_keeps_the_vehicle_from_a_place_or_months() {
    let cases: [(&str, &[&str]); 8] = [
        (
            "Not available in Russia.",
            &["NorthAfrica 1/40-12/45", "Italy 1/40-12/45"],
        ),
        (
            "It was never used in Russia.",
            &["NorthAfrica 1/40-12/45", "Italy 1/40-12/45"],
        ),
        (
            "It is available everywhere except in Russia.",
            &["NorthAfrica 1/40-12/45", "Italy 1/40-12/45"],
        ),
        (
            "Available in every theater except Russia and Italy.",
            &["NorthAfrica 1/40-12/45"],
        ),
        ("No longer available after 6/43.", &["Any 1/40-6/43"]),
        ("Not used after June 1943.", &["Any 1/40-6/43"]),
        (
            "It was withdrawn from service after 6/43.",
            &["Any 1/40-6/43"],
        ),
        (
            "Not available in Russia after 6/42.",
            // Any theater before 7/42; after it, each theater of the nation but Russia.
            &[
                "NorthAfrica 7/42-12/45",
                "Italy 7/42-12/45",
                "Any 1/40-6/42",
            ],
        ),
    ];
    for (sentence, expected) in cases {
        let r = resolve_rules(sentence);
        assert!(r.diagnostics.is_empty(), "{sentence}: {:?}", r.diagnostics);
        assert_eq!(entries(&r), expected, "{sentence}");
    }
    // After a schedule: the schedule's theaters and months, less the limit's.
    let r = resolve_rules(
        "Dates and RF for use in North Africa are 40-45 (1.2); for Russia they are 41-43 (1.2). It was not used in Russia before 1942.",
    );
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(entries(&r), ["NorthAfrica 1/40-12/45", "Russia 1/42-12/43"]);
}

#[test]
fn a_limit_names_what_it_cannot_read() {
    // A faction kept from the vehicle in some places only, the entry for any theater: one
    // entry for each of the nation's theaters, the named one marked.
    let r = resolve_rules("Not available to the Free French in Russia.");
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(
        entries(&r),
        [
            "NorthAfrica 1/40-12/45",
            "Russia 1/40-12/45; not ff",
            "Italy 1/40-12/45"
        ]
    );
    // Words that are neither a faction nor a theater, with the closest of each.
    let r = resolve_rules("Only the Fascsits may use it.");
    let d = &r.diagnostics[0];
    assert_eq!(d.code, "notes::unknown-name");
    assert!(d.help.as_deref().unwrap().contains("\"Fascist\""), "{d:?}");
    let r = resolve_rules("Used only in Rusia.");
    assert_eq!(codes(&r), ["notes::unknown-theater"]);
    let r = resolve_rules("Used only by the Royalists.");
    assert_eq!(codes(&r), ["notes::unknown-faction"]);
    // A dated limit with a misspelt month is unreadable, never a guess.
    let r = resolve_rules("Not available in Russia after Jnue 1942.");
    assert!(
        codes(&r).contains(&"notes::unreadable-availability"),
        "{:?}",
        r.diagnostics
    );
    // Prose is no limit: it reads as nothing, and says nothing.
    for prose in [
        "It may fire only at a target within its VCA.",
        "Only a few were built.",
        "It was used only by a few units.",
    ] {
        let r = resolve_rules(prose);
        assert!(r.diagnostics.is_empty(), "{prose}: {:?}", r.diagnostics);
        assert_eq!(entries(&r), ["Any 1/40-12/45"], "{prose}");
    }
}

#[test]
fn an_entry_is_restricted_in_any_form_of_the_restriction() {
    for entry in [
        "45 (1.2; Fascist use only)",
        "45 (1.2; for Fascist use only)",
        "45 (1.2; Fascists only)",
        "45 (1.2; only the Fascists)",
        "45 (1.2; used only by Fascist Italians)",
        "45 (1.2; restricted to the Fascists)",
        "45 (1.2) Fascist use only",
        "45 (1.2), Fascist use only",
        "45 (1.2) for Fascist use only",
        "45 (1.2) Fascists only",
    ] {
        let sentence = format!("Dates and RF are 40-44 (1.2), and {entry}.");
        let r = resolve_rules(&sentence);
        assert!(r.diagnostics.is_empty(), "{sentence}: {:?}", r.diagnostics);
        assert_eq!(
            entries(&r),
            ["Any 1/40-12/44", "Any 1-12/45; fascist"],
            "{sentence}"
        );
    }
}

#[test]
fn an_optional_weapons_rf_alone_is_its_availability() {
    for sentence in [
        "The optional AAMG has an RF of 1.4.",
        "The optional AAMG has a rarity factor of 1.4.",
        "If optional, the AAMG has a rarity factor of 1.4.",
        "Its AAMG is optional and has an RF of 1.4.",
    ] {
        let r = resolve_rules(sentence);
        let v = &r.nation.vehicles[0];
        assert!(
            !codes(&r).contains(&"notes::unreadable-availability"),
            "{sentence}"
        );
        let o = &v.optional_armament[..];
        assert_eq!(o.len(), 1, "{sentence}");
        assert_eq!(
            (o[0].weapon.as_str(), o[0].rf.0),
            ("AAMG", 14),
            "{sentence}"
        );
        assert!(o[0].always_available, "{sentence}");
    }
}

#[test]
fn a_faction_no_reading_uses_is_no_place_as_well() {
    // "French" is an alias of France; in "the Free French" it is the faction's word.
    let r = resolve_rules("Only the Free French, it is said, may use it.");
    assert_eq!(codes(&r), ["notes::unread-faction"]);
}

#[test]
fn a_negation_no_reading_uses_is_a_warning() {
    for (sentence, words) in [
        ("It was never used operationally.", "never used"),
        (
            "Some were withdrawn, it is said, by their crews.",
            "withdrawn",
        ),
        ("It is not available to most units.", "not available"),
        ("It never saw service, it is said.", "never saw"),
    ] {
        let r = resolve_rules(sentence);
        assert_eq!(codes(&r), ["notes::unread-negation"], "{sentence}");
        let span = r.diagnostics[0].span.as_ref().unwrap();
        let notes = format!("**1. Alpha:** A test vehicle.\n\n† {sentence}");
        assert_eq!(&notes[span.range.clone()], words, "{sentence}");
    }
    // Read negations, and "may not be used while CE" (prose, no negation of availability).
    for sentence in [
        "Not available in Russia.",
        "The BMG may not be used while the crew is CE.",
    ] {
        let r = resolve_rules(sentence);
        assert!(r.diagnostics.is_empty(), "{sentence}: {:?}", r.diagnostics);
    }
}

#[test]
fn more_wordings_of_a_restriction_read() {
    for sentence in [
        "Free French units only.",
        "For use only by the Free French.",
        "For use by Free French forces only.",
        "Issued only to Free French units.",
        "Only available to the Free French.",
    ] {
        let r = resolve_rules(sentence);
        assert!(r.diagnostics.is_empty(), "{sentence}: {:?}", r.diagnostics);
        assert_eq!(entries(&r), ["Any 1/40-12/45; ff"], "{sentence}");
    }
    for sentence in [
        "Free French use only (from 1945).",
        "Free French use only (1945).",
    ] {
        let r = resolve_rules(sentence);
        assert!(r.diagnostics.is_empty(), "{sentence}: {:?}", r.diagnostics);
        assert_eq!(
            entries(&r),
            ["Any 1/40-12/44", "Any 1-12/45; ff"],
            "{sentence}"
        );
    }
    // Kept to any of two factions: a side of either may use it, a side of neither may not.
    for sentence in [
        "Only the Free French and the Fascists may use it.",
        "Free French & Fascist only.",
        "Free French/Fascist only.",
    ] {
        let r = resolve_rules(sentence);
        assert!(r.diagnostics.is_empty(), "{sentence}: {:?}", r.diagnostics);
        assert_eq!(entries(&r), ["Any 1/40-12/45; ff or fascist"], "{sentence}");
        let a = &r.nation.vehicles[0].availability[0];
        assert!(
            a.open_to(Some("ff")) && a.open_to(Some("fascist")),
            "{sentence}"
        );
        assert!(!a.open_to(None), "{sentence}");
    }
}

/// "Not available to the Free French", "The Free French never had it": every entry in the
/// limit's months marked as kept from the faction; sides of any other faction, or none, may
/// use it.
#[test]
fn a_vehicle_kept_from_a_faction_is_marked_for_every_other_side() {
    for sentence in [
        "Not available to the Free French.",
        "The Free French never had it.",
        "The Free French did not receive it.",
        "Not issued to Free French units.",
    ] {
        let r = resolve_rules(sentence);
        assert!(r.diagnostics.is_empty(), "{sentence}: {:?}", r.diagnostics);
        assert_eq!(entries(&r), ["Any 1/40-12/45; not ff"], "{sentence}");
        let a = &r.nation.vehicles[0].availability[0];
        assert!(a.open_to(None) && a.open_to(Some("fascist")) && !a.open_to(Some("ff")));
    }
    let r = resolve_rules("Not available to the Free French after 1943.");
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(entries(&r), ["Any 1/40-12/43", "Any 1/44-12/45; not ff"]);
}

/// "Both are restricted to ...": the note's vehicles, all of them, whatever the sentence
/// before was about.
#[test]
fn both_as_the_subject_is_every_vehicle_of_the_note() {
    let l = listing([
        row("Alpha", "1.2", "40-45", "1"),
        row("Alpha II", "1.4", "40-45", "1"),
    ]);
    let notes = "**1. Alpha and Alpha II:** Test vehicles.\n\n† Alpha: 1940-41, RF 1.2. Alpha II: 1941-42, RF 1.4. Both are restricted to the Free French.\n";
    let r = resolve_with(&l, notes, Some(OB));
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    for v in &r.nation.vehicles {
        assert!(
            v.availability
                .iter()
                .all(|a| !a.open_to(None) && a.open_to(Some("ff"))),
            "{}: {:?}",
            v.name,
            v.availability
        );
    }
}

/// The vehicle's own RF changed for part of its use: where ("In North Africa its RF is .2
/// higher (1.3 maximum)"), or for whom ("Free French: RF +.1"), the sides of no other faction
/// keeping the RF as it was.
#[test]
fn its_own_rf_changed_where_or_for_whom_the_names_say() {
    let rated = |r: &Resolved| -> Vec<String> {
        r.nation.vehicles[0]
            .availability
            .iter()
            .map(|a| {
                let q: Vec<String> = a
                    .qualifiers
                    .iter()
                    .map(|q| match (q.restricted_to(), q.kept_from()) {
                        (Some(f), _) => f.join(" or "),
                        (_, Some(f)) => format!("not {f}"),
                        _ => String::new(),
                    })
                    .collect();
                format!(
                    "{} {} {}{}",
                    a.theaters[0],
                    a.period,
                    a.rf,
                    q.iter().map(|q| format!("; {q}")).collect::<String>()
                )
            })
            .collect()
    };
    let dates =
        "Dates and RF for use in North Africa are 40-45 (1.2). For Russia they are 40-45 (1.2).";
    let r = resolve_rules(&format!(
        "{dates} In North Africa its RF is .2 higher (1.3 maximum)."
    ));
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(
        rated(&r),
        ["NorthAfrica 1/40-12/45 1.3", "Russia 1/40-12/45 1.2"]
    );
    let r = resolve_rules(&format!("{dates} Free French: RF +.1."));
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(
        rated(&r),
        [
            "NorthAfrica 1/40-12/45 1.2; not ff",
            "NorthAfrica 1/40-12/45 1.3; ff",
            "Russia 1/40-12/45 1.2; not ff",
            "Russia 1/40-12/45 1.3; ff",
        ]
    );
}

/// A multi-applicable note's limits and RF changes are rules of every vehicle that refers to
/// it, by its listing row ("1 B") or by its note's "See also" line; a vehicle that refers to
/// neither keeps its own.
#[test]
fn a_multi_applicable_notes_limits_reach_the_vehicles_that_refer_to_it() {
    let l = listing([
        row("Alpha", "1.2", "40-45", "1 B"),
        row("Bravo", "1.2", "40-45", "2"),
        row("Charlie", "1.2", "40-45", "3"),
    ]);
    let dates =
        "Dates and RF for use in North Africa are 40-45 (1.2). For Russia they are 40-45 (1.2).";
    let notes = format!(
        "**1. Alpha:** A.\n\n† {dates}\n\n**2. Bravo:** B.\n\n† {dates}\n\nSee also Test Vehicle Note B.\n\n**3. Charlie:** C.\n\n† {dates}\n\n## TEST MULTI-APPLICABLE VEHICLE NOTES\n\n**B.** Not available to the Free French. In Russia its RF is .1 higher.\n"
    );
    let r = resolve_with(&l, &notes, Some(OB));
    let codes: Vec<&str> = r.diagnostics.iter().map(|d| d.code).collect();
    assert!(
        codes.iter().all(|c| c.starts_with("lint::")),
        "{:?}",
        r.diagnostics
    );
    let rated = |k: usize| -> Vec<String> {
        r.nation.vehicles[k]
            .availability
            .iter()
            .map(|a| format!("{} {} {}", a.theaters[0], a.rf, a.open_to(Some("ff"))))
            .collect()
    };
    let referred = ["NorthAfrica 1.2 false", "Russia 1.3 false"];
    assert_eq!(rated(0), referred);
    assert_eq!(rated(1), referred);
    assert_eq!(rated(2), ["NorthAfrica 1.2 true", "Russia 1.2 true"]);
}

/// A faction kept from the vehicle in some places: the entries there are marked, every other
/// place and side keep theirs.
#[test]
fn a_faction_kept_from_some_places_marks_the_entries_there() {
    for sentence in [
        "Dates and RF for use in North Africa are 40-45 (1.2); for Russia they are 41-43 (1.2). Not used by the Free French in Russia.",
        "Dates and RF for use in North Africa are 40-45 (1.2); for Russia they are 41-43 (1.2). It is not available to the Free French in Russia.",
    ] {
        let r = resolve_rules(sentence);
        assert!(r.diagnostics.is_empty(), "{sentence}: {:?}", r.diagnostics);
        assert_eq!(
            entries(&r),
            ["NorthAfrica 1/40-12/45", "Russia 1/41-12/43; not ff"],
            "{sentence}"
        );
    }
}
