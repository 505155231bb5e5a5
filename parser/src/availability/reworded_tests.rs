//! Rewordings of the Italian notes' sentences in other editors' words (issue 30), each read
//! to the published sentence's meaning: the verbs, labels and words they brought.

use super::tests::read_with;
use super::*;

/// The words of a nation with a vehicle whose long name the notes use.
fn lexicon() -> Lexicon {
    Lexicon::new(
        Some(crate::YearSpan {
            first: 1934,
            last: 1945,
        }),
        &["Autocannone da 20/65", "L3/35"].map(String::from),
        &[
            "France",
            "Sicily",
            "North Africa",
            "North African",
            "the Balkans",
            "Balkans",
        ]
        .map(String::from),
    )
}

/// `text` read with [`lexicon`]: its clauses rendered, and how many diagnostics it gave.
fn read(text: &str) -> (Vec<String>, usize) {
    read_with(text, &lexicon())
}

#[test]
fn rewordings_of_the_italian_notes_read_to_their_meaning() {
    let cases = [
        (
            "For WWII scenarios it may only be used in France (June 1940) and Sicily (July 1943).",
            "DatesOnly | France: 6/40 | Sicily: 7/43",
        ),
        (
            "WWII use: France, 6/40; Sicily, 7/43.",
            "DatesOnly | France: 6/40 | Sicily: 7/43",
        ),
        (
            "In WWII scenarios, it is limited to France in 6/40 and Sicily in 7/43.",
            "DatesOnly | France: 6/40 | Sicily: 7/43",
        ),
        (
            "It saw use in France in June 1940 only, at RF 1.1.",
            "DatesAndRf | France: 6/40 (1.1)",
        ),
        (
            "Balkans: 10/40-4/41 (RF 0.9), 1/44-5/45 (RF 1.3, Fascists only).",
            "DatesAndRf | Balkans: 10/40-4/41 (0.9) | Balkans: 1/44-5/45 (1.3; Fascists use only)",
        ),
        (
            "North African RFs are .9 for 6-12/40 and 1.1 for 1/41.",
            "RfByPeriod | North African: 6-12/40 (0.9), 1/41 (1.1)",
        ),
        (
            "The RF starts at 1.2 (1-6/42), drops to 1.0 (7-11/42) and is 1.1 from 2/43 on.",
            "RfByPeriod | anywhere: 1-6/42 (1.2), 7-11/42 (1.0), from 2/43 on (1.1)",
        ),
        (
            "The RF was 1.5 throughout 1940 and went up to 1.6 for 1941.",
            "RfByPeriod | anywhere: 1-12/40 (1.5), 1-12/41 (1.6)",
        ),
        (
            "In 1945 only the Fascist Italians may use the Autocannone da 20/65.",
            "<Autocannone da 20/65> Limit Only [Either Fascist Italians] 1-12/45",
        ),
        (
            "The Autocannone da 20/65 is Fascist-only in 1945.",
            "<Autocannone da 20/65> Limit Only [Either Fascist] 1-12/45",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(read(text), (vec![want.to_string()], 0), "{text}");
    }
}

/// A month named without its year after one named with it, later in the same year, takes its
/// year; earlier in the year, or "May" (a word of permission too), it names no year for sure
/// and the sentence is an error.
#[test]
fn a_month_without_its_year_takes_the_year_before_it() {
    assert_eq!(
        read("Its RF is 1.2 in July 1943, then 1.4 in August."),
        (
            vec!["RfByPeriod | anywhere: 7/43 (1.2), 8/43 (1.4)".to_string()],
            0
        )
    );
    assert_eq!(
        read("RF is 1.3 for 6/42 and 1.5 for September-October."),
        (
            vec!["RfByPeriod | anywhere: 6/42 (1.3), 9-10/42 (1.5)".to_string()],
            0
        )
    );
    for text in [
        "Its RF is 1.2 in November 1942, then 1.4 in January.",
        "Its RF is 1.2 in April 1943, then 1.4 in May.",
        "Its RF is 1.4 in August.",
    ] {
        assert_eq!(read(text).1, 1, "{text}");
    }
}

/// "Use in X before 1942 has an RF of 1.4": the RF of the months and place named; a verb with
/// no RF after it, or an RF said of no months, is no such form.
#[test]
fn use_in_a_place_and_period_has_an_rf() {
    let cases = [
        (
            "Use in North Africa before 1942 has an RF of 1.4.",
            "RfByPeriod | North Africa: until 12/41 (1.4)",
        ),
        (
            "North African use in 1941 carries an RF of 1.3.",
            "RfByPeriod | North African: 1-12/41 (1.3)",
        ),
        (
            "Its use in France from 1943 on is at RF 1.5.",
            "RfByPeriod | France: from 1-12/43 on (1.5)",
        ),
        (
            "Use during 1942-43 has a 1.2 RF.",
            "RfByPeriod | anywhere: 1/42-12/43 (1.2)",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(read(text), (vec![want.to_string()], 0), "{text}");
    }
    for text in [
        "Use in North Africa before 1942 has been rare.",
        "Use in North Africa has an RF of 1.4 or 1.5.",
    ] {
        assert_eq!(read(text).1, 1, "{text}");
    }
}

/// A place's heading before a colon ("Russian dates and RFs:", "Yugoslav use:"), an RF before
/// its period in parentheses ("1.2 (9-10/41)"), a rules book's present ("it appears in").
#[test]
fn headings_of_a_place_and_rfs_before_their_periods_read() {
    let cases = [
        (
            "North African dates and RFs: 10-12/42 (1.5), 1-3/43 (1.6).",
            "DatesAndRf | North African: 10-12/42 (1.5) | North African: 1-3/43 (1.6)",
        ),
        (
            "France: 1.2 (9-10/41), 1.3 (11/41).",
            "DatesAndRf | France: 9-10/41 (1.2) | France: 11/41 (1.3)",
        ),
        (
            "In France it appears in April 1941 (RF 1.3) and from May 1941 until September 1943 (RF 1.5).",
            "DatesAndRf | France: 4/41 (1.3) | France: 5/41-9/43 (1.5)",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(read(text), (vec![want.to_string()], 0), "{text}");
    }
}
