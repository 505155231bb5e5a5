//! Forms of a chatty club-newsletter columnist (issue 30, the made-up nation
//! `tests/fixtures-notes/lom`, written before the reader knew them): each read to its
//! meaning, or an error naming what it could not use.

use super::tests::read_with;
use super::*;

/// The words of a made-up nation whose listing runs from 1934 to 1953.
fn lexicon() -> Lexicon {
    Lexicon::new(
        Some(crate::YearSpan {
            first: 1934,
            last: 1953,
        }),
        &[
            "Kovan I",
            "Kovan II",
            "Brask",
            "Brask K",
            "Tarn",
            "Tarn B",
            "Tarn C",
            "Gorrin",
            "Dallow SP",
            "Merrow",
            "Merrow B",
            "Ossary",
            "Ossary FT",
            "Fenwick",
            "Fenwick AA",
            "Harl",
            "Harl II",
            "Pellan",
            "Vassen",
            "Corbel",
            "Dunnock",
            "Stavel",
            "Rook",
            "Quill",
            "Marrick",
            "Halbrook",
            "Brannock",
            "Brannock II",
        ]
        .map(String::from),
        &[
            "the Vell Hills",
            "Vell Hills",
            "Vell",
            "Vellish",
            "Saronne",
            "Saronnese",
            "the Iron Gate",
            "Iron Gate",
            "Kethmar",
            "Kethmari",
            "the Salt Flats",
            "Salt Flats",
            "the Lowlands",
            "Lowlands",
            "Lowland",
        ]
        .map(String::from),
    )
}

/// `text` read with [`lexicon`]: its clauses rendered, and how many diagnostics it gave.
fn read(text: &str) -> (Vec<String>, usize) {
    read_with(text, &lexicon())
}

/// The player's choice as the verb ("you may have one"), "right through to", "the end of
/// 1940", "a rarity of 1.1", "for the whole of '41", and an aside after the last piece that
/// names nothing.
#[test]
fn a_columnists_sentence_of_use_reads_whole() {
    assert_eq!(
        read("In the Vell Hills you may have one from June 1938 right through to the end of 1940 at a rarity of 1.1, and for the whole of '41 at 1.3, by which point they were wearing out faster than the fitters could patch them."),
        (
            vec!["DatesAndRf | the Vell Hills: 6/38-12/40 (1.1) | the Vell Hills: 1-12/41 (1.3)".to_string()],
            0
        )
    );
    assert_eq!(
        read("In Saronne it is available all of 1941 at 1.3."),
        (vec!["DatesAndRf | Saronne: 1-12/41 (1.3)".to_string()], 0)
    );
    assert_eq!(
        read("In Saronne it is available from 1941 until the very end (1.3)."),
        (
            vec!["DatesAndRf | Saronne: from 1-12/41 on (1.3)".to_string()],
            0
        )
    );
}

/// A place as the subject, the vehicle its object: "Saronne got them ...", "The Salt Flats
/// saw them only ...".
#[test]
fn a_place_may_be_the_subject() {
    assert_eq!(
        read("Saronne got them from 9/39 until June '41 (1.2)."),
        (vec!["DatesAndRf | Saronne: 9/39-6/41 (1.2)".to_string()], 0)
    );
    assert_eq!(
        read("The Salt Flats saw them only Jun–Sep '42 (1.6), after which the sand finished them off."),
        (vec!["DatesAndRf | The Salt Flats: 6-9/42 (1.6)".to_string()], 0)
    );
}

/// An aside that names nothing is dropped; one with a sense word, a number or a place is not.
#[test]
fn an_aside_that_names_nothing_adds_nothing() {
    assert_eq!(
        read("Lowland theatres only, I'm afraid."),
        (vec!["Limit Only [Either Lowland]".to_string()], 0)
    );
    assert_eq!(
        read("Leaguers only, naturally."),
        (vec!["Limit Only [Either Leaguers]".to_string()], 0)
    );
    // An aside that says "not" is meaning: the sentence does not read as the first half.
    assert_ne!(
        read("Saronne got them from 9/39 until June '41 (1.2), but not often.").0,
        vec!["DatesAndRf | Saronne: 9/39-6/41 (1.2)".to_string()]
    );
    assert_ne!(
        read("Saronne got them from 9/39 until June '41 (1.2), and in Kethmar too.").0,
        vec!["DatesAndRf | Saronne: 9/39-6/41 (1.2)".to_string()]
    );
}

/// "never had any": a faction kept from the vehicle.
#[test]
fn never_had_any_keeps_a_faction_from_it() {
    assert_eq!(
        read("The Free League never had any."),
        (vec!["Limit Not [Either Free League]".to_string()], 0)
    );
}

/// A list may start with every theater, the preposition left out ("Everywhere bar X, P",
/// "Any theatre, P"); a place set apart takes its own RF after "where" and a few plain words
/// ("where they were thick on the ground and rate 1.0"), after a comma or a dash.
#[test]
fn every_theater_may_start_a_list() {
    assert_eq!(
        read("Everywhere bar the Salt Flats, 1939-42, at RF 1.2 — except Saronne, where they were thick on the ground and rate 1.0."),
        (
            vec!["DatesAndRf | every theater [EXC the Salt Flats, Saronne]: 1/39-12/42 (1.2) | Saronne: 1/39-12/42 (1.0)".to_string()],
            0
        )
    );
    assert_eq!(
        read("Any theatre, 1934 through 1939."),
        (vec!["DatesOnly | every theater: 1/34-12/39".to_string()], 0)
    );
    assert_eq!(
        read("Found in every theatre from September 1939 until the very end."),
        (
            vec!["DatesOnly | every theater: from 9/39 on".to_string()],
            0
        )
    );
    // After words a scope could take for a name it is no list.
    assert_eq!(
        read_with(
            "Available in every theater except Saronne in 1934 and after 1939.",
            &Lexicon::default()
        ),
        (vec!["Unreadable".to_string()], 1)
    );
}

/// "RF 1.0, save in X, where the roads ate them and it's 1.2": every theater's RF, X apart.
#[test]
fn an_rf_with_a_place_set_apart() {
    let want = "RfByPeriod | every theater [EXC the Vell Hills]: from 1/34 on (1.0) | the Vell Hills: from 1/34 on (1.2)";
    assert_eq!(
        read("RF 1.0, save in the Vell Hills, where the roads ate them and it's 1.2."),
        (vec![want.to_string()], 0)
    );
    assert_eq!(
        read("Its RF is 1.0, except in the Vell Hills, where it is 1.2."),
        (vec![want.to_string()], 0)
    );
    // A sense word among the plain words is no such RF.
    assert_ne!(
        read("RF 1.0, save in the Vell Hills, where they were not used until it's 1.2.").1,
        0
    );
}

/// A copy's base in other words ("Dates and theatres exactly as for the X", "Use the X's dates
/// and theatres", "As the lorry (note 13)") and its changes read part by part: an amount in a
/// columnist's words, a cap, a limit, an RF set, words that change nothing.
#[test]
fn a_copy_and_its_changes_in_other_words() {
    let cases = [
        (
            "Dates and theatres exactly as for the Kovan I (note 1); just bump the rarity up by .1 all round.",
            vec!["SameWithAddedRf +0.0 of Kovan I", "SameWithAddedRf +0.1"],
        ),
        (
            "Use the Brask's dates and theatres; its RF is .3 above the Brask's at the time, though never higher than 1.5.",
            vec!["SameWithAddedRf +0.0 of Brask", "RelativeRf +0.3 max 1.5 of Brask"],
        ),
        (
            "As the lorry (note 13), with the RF raised by .2 (1.3 maximum), but not before Jun '41.",
            vec!["SameWithAddedRf +0.2 of Note 13", "Limit Not [] until 5/41"],
        ),
        (
            "As note 9 in every respect, except that the RF is .2 less throughout.",
            vec!["SameWithAddedRf -0.2 of Note 9"],
        ),
        (
            "As note 15, but nothing before 1943, and knock .1 off the RF in each case.",
            vec!["SameWithAddedRf -0.1 of Note 15", "Limit Not [] until 12/42"],
        ),
        (
            "Same dates and same theatres as the Dallow (note 8), but the RF here is 1.3; and the League may not use them.",
            vec!["SameWithRf 1.3 of Dallow", "Limit Not [Either League]"],
        ),
    ];
    super::tests::reads_whole(&lexicon(), &cases);
    // A part that reads as nothing of a copy's leaves the sentence unread.
    assert_eq!(
        read("As note 9, except that the RF is .2 less on Sundays.").1,
        1
    );
    // "Use the X's RF, raised by .1" copies no dates: a relative rule's.
    assert_ne!(
        read("Use the Brask's RF, raised by .1.").0,
        vec!["SameWithAddedRf +0.1 of Brask".to_string()]
    );
}

/// An RF schedule in a columnist's words: "when they first turn up in P" (from P on),
/// "easing to", "a mere 1.0", "until the last of them were pensioned off in P" (until P).
#[test]
fn an_rf_schedule_with_words_around_its_months() {
    assert_eq!(
        read("RF 1.4 when they first turn up in March 1941, easing to 1.2 from January '42 on, and a mere 1.0 from 1944 until the last of them were pensioned off in August 1945."),
        (
            vec!["RfByPeriod | anywhere: from 3/41 on (1.4), from 1/42 on (1.2), 1/44-8/45 (1.0)".to_string()],
            0
        )
    );
    // A sense word in the words before the month makes them no such words.
    assert_eq!(
        read("RF 1.0 from 1944 until they were not withdrawn in August 1945.").1,
        1
    );
}

/// "as well", "for a short spell" add nothing; "(the Iron Gate included)" is one more place;
/// ", and you'll be lucky" is an aside.
#[test]
fn words_that_add_nothing_beside_places() {
    let cases = [
        (
            "In the Salt Flats from 7/41 to 2/43, RF 1.3; and in Saronne as well from Sep '42 until they were all withdrawn in February '43, at 1.5 there.",
            vec!["RfByPeriod | the Salt Flats: 7/41-2/43 (1.3)", "DatesAndRf | Saronne: 9/42-2/43 (1.5)"],
        ),
        (
            "In the Lowlands from Oct '42 to Mar '44 (1.4), and in the Vell Hills for a short spell, Jan–Apr '44 (1.6).",
            vec!["DatesAndRf | the Lowlands: 10/42-3/44 (1.4) | the Vell Hills: 1-4/44 (1.6)"],
        ),
        (
            "Saronne (the Iron Gate included) from March 1944 until the war ended; RF 1.6, and you'll be lucky.",
            vec!["DatesOnly | Saronne/the Iron Gate: from 3/44 on", "RfByPeriod | anywhere: from 1/34 on (1.6)"],
        ),
    ];
    super::tests::reads_whole(&lexicon(), &cases);
}

/// A period lead-in with no comma before a pronoun ("Before July 1940 they rate 1.3"), "of that
/// year", an open start and its end after the RF; "Royalist use only," before a list; a list
/// that starts with "From 1936 to June 1940".
#[test]
fn rf_periods_in_a_columnists_words() {
    let cases = [
        (
            "Before July 1940 they rate 1.3; after June of that year, 1.5, right up until the end of '42.",
            vec!["RfByPeriod | anywhere: until 6/40 (1.3), 7/40-12/42 (1.5)"],
        ),
        (
            "After June 1940 they rate 1.5 right up until the end of '42.",
            vec!["RfByPeriod | anywhere: 7/40-12/42 (1.5)"],
        ),
        (
            "Royalist use only, from 1936 to June 1940, in the Vell Hills and Saronne, RF 1.1.",
            vec!["DatesAndRf | the Vell Hills/Saronne: 1/36-6/40 (1.1; Royalist use only)"],
        ),
        (
            "From 1936 to June 1940, in the Vell Hills and in Saronne, RF 1.1.",
            vec!["DatesAndRf | the Vell Hills/Saronne: 1/36-6/40 (1.1)"],
        ),
    ];
    super::tests::reads_whole(&lexicon(), &cases);
}

/// "wherever Lomarian troops went" is every theater; "— not the rest of Saronne, mind you —"
/// after a part of Saronne leaves out no more; "never went south to X at all" is a limit.
#[test]
fn a_columnists_places() {
    let cases = [
        (
            "Only ever seen in the Iron Gate — not the rest of Saronne, mind you — from Feb '43 to Nov '44.",
            vec!["DatesOnly | the Iron Gate: 2/43-11/44"],
        ),
        (
            "Found wherever Lomarian troops went, from September 1939 until the very end.",
            vec!["DatesOnly | every theater: from 9/39 on"],
        ),
        (
            "Fought in Saronne and the Vell Hills until December 1944, at RF 1.3; never went south to the Lowlands at all.",
            vec!["DatesAndRf | Saronne/the Vell Hills: until 12/44 (1.3)", "Limit Not [Either Lowlands]"],
        ),
    ];
    super::tests::reads_whole(&lexicon(), &cases);
}

/// Two vehicles' dates told as a story: "followed in 1/41" (an onset), "went to X as well as
/// Y", "Both have RF ...", ", and both lasted until P" (a clause of its own), "Royalist tank
/// battalions", "the Legionaries' pride and joy" (an aside: a possessive is no name), "same
/// patch of ground".
#[test]
fn a_story_of_two_vehicles() {
    let cases = [
        (
            "The Brannock II followed in 1/41 and went to the Vell Hills as well as the Lowlands.",
            vec!["<Brannock II> DatesOnly | the Vell Hills/the Lowlands: from 1/41 on"],
        ),
        (
            "Both have RF 1.2 until the end of '41 and 1.4 from then on, and both lasted until December 1943, when the scrap men got them.",
            vec!["RfByPeriod | anywhere: until 12/41 (1.2), thereafter (1.4)", "DatesOnly | anywhere: until 12/43"],
        ),
        (
            "First issued to Royalist tank battalions in April 1942.",
            vec!["DatesOnly | anywhere: from 4/42 on (Royalist use only)"],
        ),
        (
            "Border Legion only — the Legionaries' pride and joy.",
            vec!["Limit Only [Either Border Legion]"],
        ),
        (
            "Same dates and same patch of ground as the Dallow (note 8), but the RF here is 1.3.",
            vec!["SameWithRf 1.3 of Dallow"],
        ),
    ];
    super::tests::reads_whole(&lexicon(), &cases);
    let r = crate::parse_availability_with(
        "Both have RF 1.2 until the end of '41 and 1.4 from then on, and both lasted until December 1943.",
        0,
        crate::FileId(0),
        &lexicon(),
    );
    assert!(r.value.iter().all(|c| c.every_vehicle), "{:?}", r.value);
}
