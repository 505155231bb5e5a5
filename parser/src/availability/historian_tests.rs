//! Forms of a scholarly historian's catalogue (issue 30, the made-up nation
//! `tests/fixtures-notes/nor`, written before the reader knew them): each read to its meaning,
//! or an error naming what it could not use.

use super::tests::read_with;
use super::*;

/// The words of a made-up nation whose listing runs from 1936 to 1945.
fn lexicon() -> Lexicon {
    Lexicon::new(
        Some(crate::YearSpan {
            first: 1936,
            last: 1945,
        }),
        &[
            "Ulv",
            "Ulv II",
            "Dravik",
            "Dravik S",
            "Hjort",
            "Fenrik",
            "Brann m/38",
            "Grimm",
            "Stav",
            "Stav B",
            "Bjelk",
        ]
        .map(String::from),
        &[
            "the Skarn Front",
            "Skarn Front",
            "Tyrvold",
            "the Kald Islands",
            "Kald Islands",
            "the Southern Marches",
            "Southern Marches",
            "Tyrvoldian",
            "Marches",
            "the Hollin Peninsula",
        ]
        .map(String::from),
    )
}

/// `text` read with [`lexicon`]: its clauses rendered, and how many diagnostics it gave.
fn read(text: &str) -> (Vec<String>, usize) {
    read_with(text, &lexicon())
}

/// A copy's base and its changes in a historian's words: "Identical to the X in all respects
/// save two, viz. that ...", "Its availability is that of the X (note 11), save that ...",
/// "one-tenth less", "in each period increased by .2"; "viz." ends no sentence.
#[test]
fn a_copy_in_a_historians_words() {
    let cases = [
        (
            "Identical to the Ulv in all respects save two, viz. that it was not available before 1938, and that its RF is .3 higher than that of the Ulv for the same date and theater, though never above 1.6.",
            vec!["SameWithAddedRf +0.3 of Ulv", "Limit Not [] until 12/37"],
        ),
        (
            "Its availability is that of the Dravik (note 11), save that it was never sent to the Kald Islands, and that its RF is in each case one-tenth less.",
            vec!["SameWithAddedRf -0.1 of Dravik", "Limit Not [Either Kald Islands]"],
        ),
        (
            "As note 4, except that the RF is in each period increased by .2, and that the vehicle did not appear before June 1942.",
            vec!["SameWithAddedRf +0.2 of Note 4", "Limit Not [] until 5/42"],
        ),
    ];
    super::tests::reads_whole(&lexicon(), &cases);
}

/// "all theaters other than X"; a dates list before a colon, its RFs in the clause after it
/// ("at RF 1.1 in 1940-41, rising to 1.3 in 1942").
#[test]
fn dates_then_their_rfs_after_a_colon() {
    assert_eq!(
        read("Available in all theaters other than the Southern Marches from 1940 to 1942: at RF 1.1 in 1940-41, rising to 1.3 in 1942."),
        (
            vec![
                "DatesOnly | every theater [EXC the Southern Marches]: 1/40-12/42".to_string(),
                "RfByPeriod | anywhere: 1/40-12/41 (1.1), 1-12/42 (1.3)".to_string()
            ],
            0
        )
    );
    // A limit before a colon keeps the colon a label: "only in X: P at RF".
    assert_eq!(
        read("It may be used only in Tyrvold: 7/40-1/41 at RF 1.4."),
        (vec!["DatesAndRf | Tyrvold: 7/40-1/41 (1.4)".to_string()], 0)
    );
}

/// An RF before any period of its group is the period's after it ("on X at RF 1.0 from 1941 to
/// 1943"); "and at .9 thereafter"; "alike, to all factions" add nothing; a "From" lead-in
/// with the first entry's end.
#[test]
fn an_rf_before_its_period() {
    let cases = [
        (
            "It is available on the Skarn Front at RF 1.0 from 1941 to 1943.",
            vec!["DatesAndRf | the Skarn Front: 1/41-12/43 (1.0)"],
        ),
        (
            "From 4/42 it is available on the Skarn Front and in Tyrvold alike, to all factions, at RF 1.0 until the end of 1943 and at .9 thereafter.",
            vec!["DatesAndRf | the Skarn Front/Tyrvold: 4/42-12/43 (1.0) | the Skarn Front/Tyrvold: thereafter (0.9)"],
        ),
        // Periods before a place and its RF keep them: no RF moves.
        (
            "Available from 1941 in Tyrvold (RF 1.2), from 1943 on the Skarn Front (RF 1.4).",
            vec!["DatesAndRf | Tyrvold: from 1-12/41 on (1.2) | the Skarn Front: from 1-12/43 on (1.4)"],
        ),
    ];
    super::tests::reads_whole(&lexicon(), &cases);
}

/// "is met with" as a verb, "at one of 1.1" (the noun said once), "In Tyrvoldian service"
/// (the noun after a place's adjective adds nothing).
#[test]
fn a_historians_verbs_and_nouns() {
    let cases = [
        (
            "In the Southern Marches the Fenrik is met with from 1940 to 1942 at a rarity factor of 1.2, and from 1943 onward at one of 1.1.",
            vec!["<Fenrik> DatesAndRf | the Southern Marches: 1/40-12/42 (1.2) | the Southern Marches: from 1-12/43 on (1.1)"],
        ),
        (
            "In Tyrvoldian service the Dravik is found from 8/42 to 10/43 at RF 1.3, and from 11/43 until the end of the war at 1.2.",
            vec!["<Dravik> DatesAndRf | Tyrvoldian: 8/42-10/43 (1.3) | Tyrvoldian: from 11/43 on (1.2)"],
        ),
    ];
    super::tests::reads_whole(&lexicon(), &cases);
}

/// A source's hedge in front of a sentence ("Records indicate that", "The sources are agreed
/// that") says nothing of its meaning.
#[test]
fn a_hedge_in_front_adds_nothing() {
    let cases = [
        (
            "Records indicate that the Brann m/38 reached the Skarn Front in 3/40.",
            vec!["<Brann m/38> DatesOnly | the Skarn Front: from 3/40 on"],
        ),
        (
            "The sources are agreed that the Grimm first appeared in 4/42.",
            vec!["<Grimm> DatesOnly | anywhere: from 4/42 on"],
        ),
    ];
    super::tests::reads_whole(&lexicon(), &cases);
}

/// One place said of two vehicles, then each one's dates after a colon; "throughout" before a
/// place; a change of RF by a verb with its place between commas; a relative clause about a
/// faction ("whose companies were never more than ...") is no negation of the vehicle's;
/// "X units only, and then only on Y"; "operated exclusively by the X's coastal companies";
/// ", where it is available" after a place.
#[test]
fn places_said_once_and_clauses_about_other_things() {
    let cases = [
        (
            "Both served throughout the Southern Marches and nowhere else: the Stav from 1939 to 1944 (RF 1.1), the Stav B from 5/42 until the close of 1943 (RF 1.3).",
            vec![
                "<Stav> DatesAndRf | the Southern Marches: 1/39-12/44 (1.1)",
                "<Stav B> DatesAndRf | the Southern Marches: 5/42-12/43 (1.3)",
            ],
        ),
        (
            "From 2/44 onward the Bjelk is available on the Skarn Front and throughout the Southern Marches, with a rarity factor of 1.3; in 1945 this rises, in the Marches only, to 1.5.",
            vec![
                "<Bjelk> DatesAndRf | the Skarn Front/the Southern Marches: from 2/44 on (1.3)",
                "RfByPeriod | the Marches: 1-12/45 (1.5)",
            ],
        ),
        (
            "In 1945 the RF rises to 1.5 in the Marches.",
            vec!["RfByPeriod | the Marches: 1-12/45 (1.5)"],
        ),
        (
            "It was not issued to the Landvern, whose armoured companies were in any event never more than a paper establishment.",
            vec!["Limit Not [Either Landvern]"],
        ),
        (
            "Leaguer units only, and then only on the Hollin Peninsula, from 9/43 to 4/45 (1.5).",
            vec!["DatesAndRf | the Hollin Peninsula: 9/43-4/45 (1.5; Leaguer use only)"],
        ),
        (
            "Operated exclusively by the Landvern's coastal companies, and only on the Kald Islands, where it is available from 4/40 to 2/43 at RF 1.5.",
            vec!["DatesAndRf | the Kald Islands: 4/40-2/43 (1.5; Landvern's use only)"],
        ),
    ];
    super::tests::reads_whole(&lexicon(), &cases);
    // A relative clause about the vehicle is the vehicle's: not an aside.
    let (read, _) = read("It was not issued to the Landvern, where it was never popular.");
    assert_ne!(read, vec!["Limit Not [Either Landvern]".to_string()]);
}
