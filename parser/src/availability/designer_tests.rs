//! Forms of an American designer's notes (issue 30, the made-up nation
//! `tests/fixtures-notes/tzr`, written before the reader knew them): each read to its
//! meaning, or an error naming what it could not use.

use super::tests::read_with;
use super::*;

/// The words of a made-up nation whose listing runs from 1937 to 1945.
fn lexicon() -> Lexicon {
    Lexicon::new(
        Some(crate::YearSpan {
            first: 1937,
            last: 1945,
        }),
        &[
            "Vk 3", "Vk 3A", "Orsa", "Orsa C", "Brenn", "Drago", "Rusk", "Lusk", "Gant", "Tovik",
        ]
        .map(String::from),
        &[
            "the Marsh Front",
            "Marsh Front",
            "Kesh",
            "Keshi",
            "the Amber Coast",
            "Amber Coast",
            "Dravna",
            "Orlen",
            "the West",
            "West",
        ]
        .map(String::from),
    )
}

/// `text` read with [`lexicon`]: its clauses rendered, and how many diagnostics it gave.
fn read(text: &str) -> (Vec<String>, usize) {
    read_with(text, &lexicon())
}

/// Two places side by side, each with its own preposition, are one list; a place and its RF
/// after a group whose periods came first take those periods.
#[test]
fn places_after_their_periods_share_them() {
    assert_eq!(
        read("Available Apr 42 through Dec 43 on the Marsh Front and in Dravna (RF 1.2)."),
        (
            vec!["DatesAndRf | the Marsh Front/Dravna: 4/42-12/43 (1.2)".to_string()],
            0
        )
    );
    assert_eq!(
        read("Available April 1937 through 1939 in Dravna (RF 1.2) and on the Marsh Front (rarity 1.4)."),
        (
            vec![
                "DatesAndRf | Dravna: 4/37-12/39 (1.2) | the Marsh Front: 4/37-12/39 (1.4)"
                    .to_string()
            ],
            0
        )
    );
    assert_eq!(
        read("Available 4/1943 to 3/1945 on the Marsh Front and in Orlen at RF 1.3."),
        (
            vec!["DatesAndRf | the Marsh Front/Orlen: 4/43-3/45 (1.3)".to_string()],
            0
        )
    );
    // A place with an RF and no period before any period is still no group.
    assert_eq!(
        read("Available in Dravna (RF 1.2) and on the Marsh Front (RF 1.4).").1,
        0
    );
}

/// "everywhere but X" in a sentence of use, "rarity" for RF, "afterward", the noun "Use" as
/// the verb, "where it is RF 1.2".
#[test]
fn a_designers_words_read_as_the_plain_ones() {
    assert_eq!(
        read("Available 1/40 to the end of the war everywhere but Orlen."),
        read("Available 1/40 to the end of the war in every theater except Orlen."),
    );
    assert_eq!(
        read("RF of 1.1 through 1943, 1.3 afterward."),
        read("RF 1.1 through 1943, 1.3 afterwards."),
    );
    assert_eq!(
        read("RF of 1.1 through 1943, 1.3 afterward.").0,
        ["RfByPeriod | anywhere: until 1-12/43 (1.1), thereafter (1.3)"]
    );
    assert_eq!(
        read("Use in all theaters 1938-45 (RF 1.0), except the West, where it is RF 1.2."),
        (
            vec![
                "DatesAndRf | every theater [EXC the West]: 1/38-12/45 (1.0) | the West: 1/38-12/45 (1.2)"
                    .to_string()
            ],
            0
        )
    );
    assert_eq!(
        read("Use in all theaters 1938-45 (RF 1.0), except the West, where it is RF 1.2."),
        read("Used in every theater from 1938 to 1945 (RF 1.0), except in the West, where the RF is 1.2."),
    );
    // "Use" before anything but a place is no sentence of use.
    assert_eq!(
        read("Use the RF of the Vk 3 plus 0.1.").0,
        ["RelativeRf +0.1 max - of Vk 3"]
    );
}

/// A copy whose RF is replaced ("but RF 1.4", "rarity 1.4 throughout", "RF 1.3 everywhere"),
/// kept to months and places ("As the Gant in 1941-42 on the Marsh Front"), and a limit joined
/// to its change by "and".
#[test]
fn a_copy_may_set_its_rf_and_keep_to_months_and_places() {
    let cases = [
        (
            "As the Orsa (see note 4), but not before 6/41 and rarity 1.4 throughout.",
            vec!["SameWithRf 1.4 of Orsa", "Limit Not [] until 5/41"],
        ),
        ("As the Orsa, but RF 1.4.", vec!["SameWithRf 1.4 of Orsa"]),
        (
            "Same as note 18, but RF 1.3 everywhere and not before 1940.",
            vec!["SameWithRf 1.3 of ", "Limit Not [] until 12/39"],
        ),
        (
            "As the Gant in 1941-42 on the Marsh Front, but RF 1.4.",
            vec![
                "SameWithRf 1.4 of Gant",
                "Limit Only [] 1/41-12/42",
                "Limit Only [Place the Marsh Front]",
            ],
        ),
        (
            "As the Orsa, but RF +0.1 and not before 2/42.",
            vec!["SameWithAddedRf +0.1 of Orsa", "Limit Not [] until 1/42"],
        ),
    ];
    for (text, want) in cases {
        assert_eq!(
            read(text),
            (want.iter().map(ToString::to_string).collect(), 0),
            "{text}"
        );
    }
    // A bare number after "but" sets nothing.
    let (clauses, _) = read("As the Orsa, but 1.4.");
    assert!(
        !clauses.iter().any(|c| c.starts_with("SameWithRf")),
        "{clauses:?}"
    );
}

/// "field" and "had" as verbs of a limit: "Only Guard units may field this vehicle", "Only the
/// Guard had the Drago" keep the vehicle to the Guard.
#[test]
fn a_designers_verbs_of_a_limit() {
    assert_eq!(
        read("Only Guard units may field this vehicle."),
        (vec!["Limit Only [Either Guard]".to_string()], 0)
    );
    assert_eq!(
        read("Only the Guard had the Drago."),
        (vec!["<Drago> Limit Only [Either Guard]".to_string()], 0)
    );
}

/// A faction the subject of "not": "Rebel forces never had it", "The Militia did not receive
/// it" keep the vehicle from it, as "Not available to Rebel forces" does.
#[test]
fn a_faction_denied_the_vehicle_is_a_limit_from_it() {
    for (text, want) in [
        ("Rebel forces never had it.", "Limit Not [Either Rebel]"),
        (
            "The Militia did not receive it.",
            "Limit Not [Either Militia]",
        ),
        ("Not available to Rebel forces.", "Limit Not [Either Rebel]"),
        ("Not issued to Rebels.", "Limit Not [Either Rebels]"),
    ] {
        assert_eq!(read(text), (vec![want.to_string()], 0), "{text}");
    }
    // A word of no limit in the sentence makes it none.
    assert_eq!(
        read("Rebel forces never had its radio fitted.").0,
        Vec::<String>::new()
    );
}

/// "it is RF 1.3 until ..." as "its RF is 1.3 until ...", a comparison after an RF ("like
/// elsewhere") adding nothing, "Also in X during P" with the verb left out.
#[test]
fn an_rf_said_of_it_and_its_comparisons() {
    let want = vec!["RfByPeriod | Orlen: until 12/41 (1.3), thereafter (1.1)".to_string()];
    for text in [
        "In Orlen it is rarity 1.3 until 12/41, then 1.1 like elsewhere.",
        "In Orlen it is RF 1.3 until 12/41, then 1.1.",
        "In Orlen its RF is 1.3 until 12/41, then 1.1 as before.",
    ] {
        assert_eq!(read(text), (want.clone(), 0), "{text}");
    }
    for text in [
        "Also in Orlen during 1940, RF 1.3.",
        "Also in Orlen in 1940 (RF 1.3).",
    ] {
        assert_eq!(
            read(text),
            (vec!["DatesAndRf | Orlen: 1-12/40 (1.3)".to_string()], 0),
            "{text}"
        );
    }
}

/// "The RF becomes 1.2 in 1943 (and stays so to the end of the war)": from 1943 on; after a
/// semicolon, "the RF" starts a clause of its own (never a place's name).
#[test]
fn a_change_of_rf_in_one_period_holds_from_then_on() {
    let want = "RfByPeriod | anywhere: from 1-12/43 on (1.2)".to_string();
    for text in [
        "The RF becomes 1.2 in 1943.",
        "The RF becomes 1.2 in 1943 and stays so to the end of the war.",
    ] {
        assert_eq!(read(text), (vec![want.clone()], 0), "{text}");
    }
    assert_eq!(
        read("Available in Kesh from 8/40 (RF 1.0); the RF becomes 1.2 in 1943 and stays so."),
        (
            vec!["DatesAndRf | Kesh: from 8/40 on (1.0)".to_string(), want],
            0
        )
    );
    // A change with a lead-in's period stays the lead-in's.
    assert_eq!(
        read("From 1943 onward, the RF drops to 1.1.").0,
        ["RfByPeriod | anywhere: from 1-12/43 on (1.1)"]
    );
}

/// A sentence of use ends at a semicolon after which its pieces bind to nothing: what follows
/// is a clause of its own ("; in Orlen it is rarity 1.3 until 12/41, then 1.1").
#[test]
fn a_sentence_of_use_ends_where_a_clause_of_its_own_follows() {
    let want = vec![
        "DatesAndRf | every theater: from 9/39 on (1.1)".to_string(),
        "RfByPeriod | Orlen: until 12/41 (1.3), thereafter (1.1)".to_string(),
    ];
    for text in [
        "Available in all theaters from 9/39 (RF 1.1) to the end of the war; in Orlen it is rarity 1.3 until 12/41, then 1.1 like elsewhere.",
        "Available in all theaters from 9/39 (RF 1.1) to the end of the war; in Orlen its RF is 1.3 until 12/41, then 1.1.",
    ] {
        assert_eq!(read(text), (want.clone(), 0), "{text}");
    }
    // A semicolon inside the sentence of use still closes a group of it.
    assert_eq!(
        read("Used in Kesh 1941-42 at RF 1.4; in Orlen 1943-44 at RF 1.5.").0,
        ["DatesAndRf | Kesh: 1/41-12/42 (1.4) | Orlen: 1/43-12/44 (1.5)"]
    );
}

/// "there" after a group with no place is the group before's place; "issued to Rebel forces"
/// is theirs alone (a name after "to" that is no place the nation knows); "Both", "Neither" as
/// a limit's subject.
#[test]
fn a_designers_pointers_and_subjects() {
    assert_eq!(
        read("Available 6/38 through 12/40 on the Marsh Front (1.2 RF), and 1941-42 at RF 1.3 there."),
        (
            vec![
                "DatesAndRf | the Marsh Front: 6/38-12/40 (1.2) | the Marsh Front: 1/41-12/42 (1.3)"
                    .to_string()
            ],
            0
        )
    );
    assert_eq!(
        read("It was also issued to Rebel forces in Orlen during 1942 (RF 1.5)."),
        (
            vec!["DatesAndRf | Orlen: 1-12/42 (1.5; Rebel use only)".to_string()],
            0
        )
    );
    // "to" a place the nation knows is no faction (and no form reads it yet: an error).
    let (clauses, errors) = read("It was also issued to Orlen during 1942 (RF 1.5).");
    assert!(
        errors == 1 && !clauses.iter().any(|c| c.contains("use only")),
        "{clauses:?}"
    );
    assert_eq!(
        read("Both are restricted to the Militia."),
        (vec!["Limit Only [Either Militia]".to_string()], 0)
    );
    assert_eq!(
        read("Neither is available on the Amber Coast."),
        (vec!["Limit Not [Place Amber Coast]".to_string()], 0)
    );
}

/// An RF for each place with the place's units in parentheses ("1.2 (Keshi units)"), and an RF
/// for places with its months bare after a comma.
#[test]
fn an_rf_for_places_with_units_or_bare_months() {
    assert_eq!(
        read("RF: 1.2 (Keshi units), 1.4 (Orlen)."),
        (
            vec!["RfByPeriod | Keshi: from 1/37 on (1.2) | Orlen: from 1/37 on (1.4)".to_string()],
            0
        )
    );
    assert_eq!(
        read("RF 1.4 in Kesh and on the Marsh Front, 7/42 through 6/44."),
        (
            vec!["RfByPeriod | Kesh/the Marsh Front: 7/42-6/44 (1.4)".to_string()],
            0
        )
    );
    // After a comma a decimal is the next place's RF, never a month.
    assert_eq!(
        read("Its RF is 1.2 for Kesh, 1.4 for Orlen.").0,
        ["RfByPeriod | Kesh: from 1/37 on (1.2) | Orlen: from 1/37 on (1.4)"]
    );
}

/// "appears in 1/43" alone is from then on; with a later period of the same place it is its
/// own month. ", also at RF 1.2": "also" adds nothing.
#[test]
fn appears_in_is_an_onset_unless_a_later_period_follows() {
    assert_eq!(
        read("In Dravna it appears in 1/43, also at RF 1.2."),
        (
            vec!["DatesAndRf | Dravna: from 1/43 on (1.2)".to_string()],
            0
        )
    );
    assert_eq!(
        read("In Dravna it appears in April 1941 (RF 1.3) and from May 1941 until September 1943 (RF 1.5)."),
        (
            vec!["DatesAndRf | Dravna: 4/41 (1.3) | Dravna: 5/41-9/43 (1.5)".to_string()],
            0
        )
    );
}
