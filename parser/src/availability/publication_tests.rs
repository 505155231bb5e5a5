//! The publication's own terse manner by another editor (issue 30, blind set 12): "NA in X",
//! an "[EXC: ...]" after any clause, places said once after a whole list.

use super::tests::read_with;
use crate::Lexicon;

fn lexicon() -> Lexicon {
    lexicon_of(None)
}

/// The places and vehicles of [`lexicon`], with the years of a listing (an RF given without a
/// period holds from the first of them, "from 1/36 on").
fn lexicon_of(years: Option<crate::YearSpan>) -> Lexicon {
    Lexicon::new(
        years,
        &["Orvald M.41".to_string(), "M.41".to_string()],
        &[
            "Tarnovy".to_string(),
            "the Kalmar Steppe".to_string(),
            "Kalmar Steppe".to_string(),
            "the Brask Isles".to_string(),
            "Brask Isles".to_string(),
            "the Salt Hills".to_string(),
            "Salt Hills".to_string(),
        ],
    )
}

fn read(text: &str) -> (Vec<String>, usize) {
    read_with(text, &lexicon())
}

fn read_dated(text: &str) -> (Vec<String>, usize) {
    let years = crate::YearSpan {
        first: 1936,
        last: 1945,
    };
    read_with(text, &lexicon_of(Some(years)))
}

/// "NA" is the listing's "not available", in a sentence as in a cell.
#[test]
fn na_is_not_available() {
    assert_eq!(
        read("NA in the Brask Isles and the Kalmar Steppe."),
        (
            vec!["Limit Not [Place Brask Isles, Place Kalmar Steppe]".to_string()],
            0
        )
    );
}

/// An "[EXC: ...]" after a clause no part of which takes it: its clauses are read as sentences
/// after it; one that does not read is the error, never dropped.
#[test]
fn an_exception_bracket_after_any_clause_reads_as_its_own_clauses() {
    assert_eq!(
        read("Dates are 4/41-44 [EXC: NA in the Brask Isles before 1944]."),
        (
            vec![
                "DatesOnly | anywhere: 4/41-12/44".to_string(),
                "Limit Not [Place Brask Isles] until 12/43".to_string(),
            ],
            0
        )
    );
    let (clauses, errors) = read("RF 1.3 for 41, 1.2 for 42-45 [EXC: 1.4 whenever it rained].");
    assert_eq!(
        clauses[0],
        "RfByPeriod | anywhere: 1-12/41 (1.3), 1/42-12/45 (1.2)"
    );
    assert_eq!(clauses[1], "Unreadable");
    assert_eq!(errors, 1);
}

/// Places said once after a whole list, with a comma or without, are every group's; a place
/// inside the last group is that group's alone.
#[test]
fn places_after_a_whole_list_are_every_groups() {
    assert_eq!(
        read("Dates and RF are 4-6/40 (1.3), 7/40-41 (1.4) and 42-43 (1.2), in Tarnovy and the Kalmar Steppe only [EXC: NA in the Salt Hills]."),
        (
            vec![
                "DatesAndRf | Tarnovy/the Kalmar Steppe: 4-6/40 (1.3), 7/40-12/41 (1.4), 1/42-12/43 (1.2)".to_string(),
                "Limit Not [Place Salt Hills]".to_string(),
            ],
            0
        )
    );
    assert_eq!(
        read("Dates and RF are 4-6/40 (1.3) and 42-43 (1.2) in Tarnovy."),
        (
            vec!["DatesAndRf | Tarnovy: 4-6/40 (1.3), 1/42-12/43 (1.2)".to_string()],
            0
        )
    );
    assert_eq!(
        read("Available 4-6/40 (1.3) and 42-43 (1.2), in Tarnovy only."),
        (
            vec!["DatesAndRf | Tarnovy: 4-6/40 (1.3) | Tarnovy: 1/42-12/43 (1.2)".to_string()],
            0
        )
    );
}

/// Its own RF changed where or for whom the names before it say; a vehicle named as the base
/// is a relative rule, and "RF:" names no one.
#[test]
fn its_own_rf_changed_for_part_of_its_use() {
    let cases = [
        (
            "In the Brask Isles the RF of this vehicle is .1 higher than otherwise given for that date (1.6 maximum).",
            "OwnRf [Place Brask Isles] +0.1 max 1.6",
        ),
        ("In the Brask Isles its RF is .2 lower.", "OwnRf [Place Brask Isles] -0.2"),
        ("PTS: RF +.2 (cap 1.4).", "OwnRf [Either PTS] +0.2 max 1.4"),
        ("LGN +.1.", "OwnRf [Either LGN] +0.1"),
        ("Naval Infantry: +.1", "OwnRf [Either Naval Infantry] +0.1"),
        ("RF: 1.2 (1941), 1.3 (1942).", "RfByPeriod | anywhere: 1-12/41 (1.2), 1-12/42 (1.3)"),
    ];
    for (text, want) in cases {
        assert_eq!(read(text), (vec![want.to_string()], 0), "{text}");
    }
    let (clauses, errors) = read("Its RF is .1 higher than the M.41's.");
    assert_eq!(errors, 0);
    assert!(clauses[0].starts_with("RelativeRf"), "{clauses:?}");
    // A base vehicle for one place only is not read yet: an error, never its own RF.
    let (clauses, errors) = read("In the Brask Isles its RF is .1 higher than the M.41's.");
    assert_eq!((clauses[0].as_str(), errors), ("Unreadable", 1));
}

/// A second editor of the publication's manner (the blind nation `brv`): "Otherwise RF 1.3",
/// "The X is as per the Y, but ...".
#[test]
fn a_second_editors_copies_and_exceptions() {
    let cases = [
        ("Otherwise RF 1.3.", vec!["Otherwise 1.3 EXC []"]),
        (
            "The M.41 is as per the Orvald M.41, but not available before 1944 and its RF is .1 higher.",
            vec![
                "<M.41> SameWithAddedRf +0.1 of Orvald M.41",
                "Limit Not [] until 12/43",
            ],
        ),
    ];
    for (text, want) in cases {
        let want: Vec<String> = want.into_iter().map(String::from).collect();
        assert_eq!(read(text), (want, 0), "{text}");
    }
}

/// An RF for all the DATES in places named after it ("RF is 1.1 in X and Y", "an RF of 1.1
/// in X"); after a list's ", with", such places are the RF's own, not the list's, and the
/// list's dates stay where the sentence put them ("elsewhere"). Without a place the nation
/// knows, the words after the RF are no place ("RF 1.3 in spirit").
#[test]
fn places_after_an_rf_are_the_rfs_own() {
    for text in [
        "RF is 1.1 in Tarnovy and the Salt Hills.",
        "An RF of 1.1 in Tarnovy and the Salt Hills.",
    ] {
        assert_eq!(
            read_dated(text),
            (
                vec!["RfByPeriod | Tarnovy/the Salt Hills: from 1/36 on (1.1)".to_string()],
                0
            ),
            "{text}"
        );
    }
    assert_eq!(
        read_dated(
            "Dates elsewhere are 1/40-6/43, with an RF of 1.1 in Tarnovy and the Salt Hills."
        ),
        (
            vec![
                "DatesOnly | elsewhere: 1/40-6/43".to_string(),
                "RfByPeriod | Tarnovy/the Salt Hills: from 1/36 on (1.1)".to_string(),
            ],
            0
        )
    );
    // Without ", with" the places are the list's.
    assert_eq!(
        read_dated("Dates and RF are 7-8/43 at RF 1.4 in Tarnovy."),
        (vec!["DatesAndRf | Tarnovy: 7-8/43 (1.4)".to_string()], 0)
    );
    assert_eq!(read_dated("RF is 1.1 in spirit.").1, 1);
}

/// "Use in X is limited to P (RF r)": the place's own dates (and RF); "Dates elsewhere are":
/// the places no section before names.
#[test]
fn use_in_a_place_limited_to_dates_and_dates_elsewhere() {
    assert_eq!(
        read_dated(
            "Use in the Salt Hills is limited to 6-12/40 (RF 1.5). Dates elsewhere are 1/40-6/43."
        ),
        (
            vec![
                "DatesAndRf | the Salt Hills: 6-12/40 (1.5)".to_string(),
                "DatesOnly | elsewhere: 1/40-6/43".to_string(),
            ],
            0
        )
    );
    assert_eq!(
        read_dated("Use in Tarnovy is limited to 1942."),
        (vec!["DatesOnly | Tarnovy: 1-12/42".to_string()], 0)
    );
}
