//! Forms of a non-native editor translating a continental rulebook (issue 30, the made-up
//! nation `tests/fixtures-notes/hav`, written before the reader knew them): each read to its
//! meaning, or an error naming what it could not use.

use super::tests::read_with;
use super::*;

/// The words of a made-up nation whose listing runs from 1936 to 1948.
fn lexicon() -> Lexicon {
    Lexicon::new(
        Some(crate::YearSpan {
            first: 1936,
            last: 1948,
        }),
        &["Tamsel 1", "Brodak", "Ulvar"].map(String::from),
        &[
            "the Kolvar Front",
            "Kolvar Front",
            "KF",
            "Sudrelia",
            "Hallvik",
        ]
        .map(String::from),
    )
}

/// `text` read with [`lexicon`]: its clauses rendered, and how many diagnostics it gave.
fn read(text: &str) -> (Vec<String>, usize) {
    read_with(text, &lexicon())
}

/// "at" before a place, an open start, its RF (with a decimal comma) and then its open end
/// ("until including"): one span at that RF.
#[test]
fn an_rf_inside_its_span_and_at_a_place_read_as_one_entry() {
    assert_eq!(
        read("Was in use at the Kolvar Front since 6/38 with RF of 1,1 until including 12/40."),
        (
            vec!["DatesAndRf | the Kolvar Front: 6/38-12/40 (1.1)".to_string()],
            0
        )
    );
    assert_eq!(
        read("In Sudrelia it was used from 3/40 until including 5/43 with the RF 1.3."),
        (
            vec!["DatesAndRf | Sudrelia: 3/40-5/43 (1.3)".to_string()],
            0
        )
    );
    // "1, 1" is a list, never a decimal comma.
    let (_, diagnostics) = read("Was in use at the Kolvar Front since 6/38 with RF of 1, 1.");
    assert_eq!(diagnostics, 1);
}

/// "in the year(s)" before a period, "after this" for "thereafter", "beginning with" for
/// "from", "the end of war".
#[test]
fn a_translators_period_words_read_as_the_plain_ones() {
    assert_eq!(
        read("In the years 1941-1942 RF 1.2, after this RF 1.4."),
        read("In 1941-1942 RF 1.2, thereafter RF 1.4."),
    );
    assert_eq!(
        read("At the KF only in the year 1942 (RF 1.5)."),
        read("On the KF only in 1942 (RF 1.5)."),
    );
    assert_eq!(
        read("Used at all fronts from 1938 to the end of war with RF 1,0."),
        read("Used in every theatre from 1938 to the end of the war with RF 1.0."),
    );
    assert_eq!(
        read("Used in Hallvik beginning with 1941 (RF 1.2)."),
        read("Used in Hallvik from 1941 on (RF 1.2)."),
    );
    let (clauses, diagnostics) = read("In the years 1941-1942 RF 1.2, after this RF 1.4.");
    assert_eq!(diagnostics, 0, "{clauses:?}");
}

/// "In Hallvik only beginning with 1941": "only" scopes the months in the place said before
/// it (not before 1941 there), not the places in those months ("only in Hallvik from 1941").
#[test]
fn only_after_a_place_keeps_the_months_there() {
    assert_eq!(
        read("In Hallvik only beginning with 1941."),
        (vec!["Limit Not [Place Hallvik] until 12/40".to_string()], 0)
    );
    assert_eq!(
        read("Only in Hallvik from 1941."),
        (
            vec!["Limit Only [Place Hallvik] from 1-12/41 on".to_string()],
            0
        )
    );
    // With a span it is no limit: the dates of a schedule there.
    assert_eq!(
        read("In Hallvik only in 1941."),
        (vec!["DatesOnly | Hallvik: 1-12/41".to_string()], 0)
    );
}

/// A group that names no place after one that does is in the same places: "; from 1/42 RF
/// 0.9" never means every theater.
#[test]
fn a_group_naming_no_place_goes_on_in_the_places_before_it() {
    let (clauses, diagnostics) =
        read("Was in use since 9/39 in Sudrelia and Hallvik with RF of 1.2; from 1/42 RF 0.9.");
    assert_eq!(diagnostics, 0);
    assert_eq!(
        clauses,
        ["DatesAndRf | Sudrelia/Hallvik: from 9/39 on (1.2) | Sudrelia/Hallvik: from 1/42 on (0.9)"]
    );
}

/// "at" before a place the nation knows names it in a limit; before other words it names
/// nothing.
#[test]
fn at_a_place_names_it_in_a_limit() {
    assert_eq!(
        read("Not available in the year 1941 at the Kolvar Front."),
        read("Not available in 1941 on the Kolvar Front."),
    );
    let (clauses, _) = read("It may fire only at Infantry targets.");
    assert!(clauses.is_empty(), "{clauses:?}");
}

/// An open start, its RF with no "with" before it and an open end to the end of the war in a
/// second group: the span from the start on at that RF.
#[test]
fn an_open_start_its_rf_and_an_open_end_to_the_end_of_war_read_as_one_entry() {
    assert_eq!(
        read("It was used in Sudrelia beginning with 1943 RF 1.1 until the end of war."),
        (
            vec!["DatesAndRf | Sudrelia: from 1/43 on (1.1)".to_string()],
            0
        )
    );
    assert_eq!(
        read("Was in use in Sudrelia from 1/41 till 12/42 with RF 1.2, beginning with 1943 RF 1.1 until the end of war."),
        (
            vec![
                "DatesAndRf | Sudrelia: 1/41-12/42 (1.2) | Sudrelia: from 1/43 on (1.1)"
                    .to_string()
            ],
            0
        )
    );
}

/// A translator's "by" before an amount ("RF is by 0.2 higher"), "max." for the cap, "but" before
/// a limit that reads whole to the sentence's end, "RF +0.1" with the verb left out, and
/// "possible" for "may be used".
#[test]
fn a_translators_copy_words_read_as_the_plain_ones() {
    let (got, diagnostics) = read("Like the Brodak, but RF is by 0.2 higher, max. 1.6.");
    assert_eq!((got.len(), diagnostics), (1, 0), "{got:?}");
    assert_eq!(
        got,
        read("Like the Brodak, but RF is 0.2 higher, max 1.6.").0
    );
    let (got, diagnostics) = read("Same like note 5, but from 1942 only.");
    assert_eq!(diagnostics, 0, "{got:?}");
    assert!(
        got.iter()
            .any(|c| c.starts_with("Limit Only") && c.ends_with("/42 on")),
        "{got:?}"
    );
    let (got, diagnostics) = read("Same like note 1 but RF +0.1.");
    assert_eq!(diagnostics, 0, "{got:?}");
    assert_eq!(read("RF +0.1.").1, 0);
    assert_eq!(read("RF 0.1 higher.").0, read("RF +0.1.").0);
}

/// A place with its preposition in front and a period right after it, the verb left out, and
/// an adverb that adds the sentence to those before ("Additionally"): read as a sentence of
/// use; a place in front followed by anything but a period or "only" is not.
#[test]
fn a_place_in_front_and_a_period_after_it_read_without_a_verb() {
    assert_eq!(
        read("In Sudrelia from 1/41 till 12/42 with RF 1.2, beginning with 1943 RF 1.1 until the end of war."),
        read("Was in use in Sudrelia from 1/41 till 12/42 with RF 1.2, beginning with 1943 RF 1.1 until the end of war.")
    );
    assert_eq!(
        read("Additionally in Sudrelia from 1/42 until 6/43 with RF 1.5."),
        (
            vec!["DatesAndRf | Sudrelia: 1/42-6/43 (1.5)".to_string()],
            0
        )
    );
    assert_eq!(read("Additionally in Sudrelia, RF 1.5 in spirit.").1, 1);
}

/// "in whole X", "in the whole of X", "in all of X": the place whole, as "in X" is.
#[test]
fn a_place_said_whole_reads_as_the_place() {
    let plain = read("1945 in Sudrelia (RF 1.3).");
    assert_eq!(plain.1, 0, "{plain:?}");
    assert_eq!(read("1945 in whole Sudrelia (RF 1.3)."), plain);
    assert_eq!(
        read("It was used in the whole of Sudrelia in 1945 (RF 1.3)."),
        read("It was used in Sudrelia in 1945 (RF 1.3).")
    );
}

/// A copy whose RF is set "in all years", a copy with two limits joined by ", and", a heading of
/// two places each with its preposition, an item's period with its own "in".
#[test]
fn a_translators_copies_and_headings() {
    assert_eq!(
        read("Like the Tamsel 1, but until including 6/42 only, and RF 1.0 in all years."),
        (
            vec![
                "SameWithRf 1.0 of Tamsel 1".to_string(),
                "Limit Only [] until 6/42".to_string()
            ],
            0
        )
    );
    assert_eq!(
        read("Like the Brodak, but only from 1/38, and in Hallvik only."),
        (
            vec![
                "SameWithAddedRf +0.0 of Brodak".to_string(),
                "Limit Only [] from 1/38 on".to_string(),
                "Limit Only [Place Hallvik]".to_string()
            ],
            0
        )
    );
    assert_eq!(
        read("In Sudrelia and at the KF: 7/41-3/42 RF 1.3, 4/42-12/42 RF 1.2, in 1943 RF 1.4."),
        (
            vec![
                "Continued | Sudrelia/the KF: 7/41-3/42 (1.3), 4-12/42 (1.2), 1-12/43 (1.4)"
                    .to_string()
            ],
            0
        )
    );
}

/// "In all theatres," as a lead-in; "only by the Royal troops possible" (a translator's "may
/// be used only by"); "RF is by 0.3 higher than at Note 10, max. 1.4" (the base named by its
/// note: a copy of it).
#[test]
fn every_theater_a_note_as_the_base_and_possible() {
    let cases = [
        (
            "In all theatres, beginning with 1940, RF 1.1.",
            vec!["RfByPeriod | every theater: from 1-12/40 on (1.1)"],
        ),
        (
            "From 1/43 until 2/44 at the KF only by the Royal troops possible (RF 1.6).",
            vec!["DatesAndRf | the KF: 1/43-2/44 (1.6; Royal use only)"],
        ),
        (
            "RF is by 0.3 higher than at Note 10, max. 1.4.",
            vec!["SameWithAddedRf +0.3 of Note 10"],
        ),
    ];
    super::tests::reads_whole(&lexicon(), &cases);
}
