//! A module maintainer's cards (issue 30): a note of field lines, each opening with a label
//! ("Service:", "Rarity:", "Users:", "Not used:"), read field by field; what a label says is
//! part of the field's meaning ("Users: X" keeps to X, "Not used: X" keeps from X).

use super::tests::read_with;
use crate::Lexicon;

fn lexicon() -> Lexicon {
    Lexicon::new(
        Some(crate::YearSpan {
            first: 1936,
            last: 1946,
        }),
        &["Pell".to_string(), "Pell B".to_string()],
        &[
            "Northern Front".to_string(),
            "the Hills".to_string(),
            "Hills".to_string(),
            "Veyra".to_string(),
        ],
    )
}

fn read(text: &str) -> (Vec<String>, usize) {
    read_with(text, &lexicon())
}

/// Each field of a card is read on its own: a field's words never run into the next line's.
#[test]
fn a_cards_fields_read_one_by_one() {
    assert_eq!(
        read("Service: 9/37 - 12/41, Northern Front and Hills\nRarity: 1.0 (1937-39); 1.3 afterwards\nNot used: Veyra"),
        (
            vec![
                "DatesOnly | Northern Front/Hills: 9/37-12/41".to_string(),
                "RfByPeriod | anywhere: 1/37-12/39 (1.0), thereafter (1.3)".to_string(),
                "Limit Not [Either Veyra]".to_string(),
            ],
            0
        )
    );
}

/// What a label says: users kept to, things kept from; the field's own words win over the
/// label ("Users: not the Militia before 1943", "Users: all but the Militia").
#[test]
fn a_fields_label_is_part_of_its_meaning() {
    let cases = [
        (
            "Users: Naval Infantry only",
            "Limit Only [Faction Naval Infantry]",
        ),
        (
            "Users: Naval Infantry and Regulars",
            "Limit Only [Faction Naval Infantry, Faction Regulars]",
        ),
        ("Users: Regulars", "Limit Only [Faction Regulars]"),
        (
            "Users: not the Militia before 1943",
            "Limit Not [Either Militia] until 12/42",
        ),
        ("Users: all but the Militia", "Limit Not [Faction Militia]"),
        ("Not used: Veyra", "Limit Not [Either Veyra]"),
        ("Not used: Militia", "Limit Not [Either Militia]"),
        (
            "Service: 9/37 - 12/41, Northern Front",
            "DatesOnly | Northern Front: 9/37-12/41",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(read(text), (vec![want.to_string()], 0), "{text}");
    }
}

/// A label the reader does not know is no meaning of its own: a line that opens with one is
/// still a field, read by its words.
#[test]
fn an_unknown_label_opens_a_field_and_means_nothing() {
    let (clauses, errors) = read("Service: 9/37 - 12/41, Northern Front\nFootnote: it was loud.");
    assert_eq!(clauses.len(), 1, "{clauses:?}");
    assert_eq!(errors, 0);
}

/// The seasons a card's introduction defines by month numbers ("spring is 3-5, summer 6-8,
/// autumn 9-11") read as its parts of a year; "to the end" alone is the war's end; "to the end
/// of 1941" an open end.
#[test]
fn seasons_the_notes_define_and_the_end() {
    let parts = crate::year_parts_defined("Seasons: spring is 3-5, summer 6-8, autumn 9-11.");
    let seasons = lexicon().with_year_parts(parts);
    let read = |text: &str| read_with(text, &seasons);
    assert_eq!(
        read("Service: Hills from spring '41 to the end; Veyra 1942-44"),
        (
            vec!["DatesOnly | Hills: from 3-5/41 on | Veyra: 1/42-12/44".to_string()],
            0
        )
    );
    assert_eq!(
        read("Rarity: 1.3 to the end of 1941, 1.1 from 1942 on"),
        (
            vec!["RfByPeriod | anywhere: until 12/41 (1.3), from 1-12/42 on (1.1)".to_string()],
            0
        )
    );
    // Without the definition, a season is never guessed.
    assert_eq!(
        read_with("Service: Hills from spring '41 to the end", &lexicon()).1,
        1
    );
}

/// "end" alone after a dash is the war's end; a field's "only" before the line break ends it.
#[test]
fn a_fields_end_and_only() {
    assert_eq!(
        read("Service: 1/44 - end"),
        (vec!["DatesOnly | anywhere: from 1/44 on".to_string()], 0)
    );
    assert_eq!(
        read("Service: 1/43 - 8/45, Northern Front only\nRarity: 1.2\nUsers: all but the Militia"),
        (
            vec![
                "DatesOnly | Northern Front: 1/43-8/45".to_string(),
                "RfByPeriod | anywhere: from 1/36 on (1.2)".to_string(),
                "Limit Not [Faction Militia]".to_string(),
            ],
            0
        )
    );
}

/// Its own RF changed, who or where said after the amount, with the months after them; the
/// RF's own word after a place names no one; "than the vehicle's own note gives" says no more
/// than "its own RF".
#[test]
fn own_rf_names_after_the_amount() {
    let cases = [
        (
            "RF +.1 for the Militia (maximum 1.6).",
            "OwnRf [Either Militia] +0.1 max 1.6",
        ),
        (
            "RF .1 higher on the Northern Front from 1943 on.",
            "OwnRf [Place Northern Front] +0.1 from 1-12/43 on",
        ),
        ("RF +.1 in the Hills.", "OwnRf [Place Hills] +0.1"),
        (
            "In Veyra, RF .2 higher, to a maximum of 1.6.",
            "OwnRf [Place Veyra] +0.2 max 1.6",
        ),
        (
            "In Veyra the RF is .1 higher than the vehicle's own note gives, but never above 1.5.",
            "OwnRf [Place Veyra] +0.1 max 1.5",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(read(text), (vec![want.to_string()], 0), "{text}");
    }
}

/// Who and where a vehicle is kept from, one list each ("Not used by the Militia in Veyra"):
/// one limit naming both.
#[test]
fn a_faction_kept_from_a_place() {
    let cases = [
        (
            "Not used by the Militia in Veyra.",
            "Limit Not [Faction Militia, Place Veyra]",
        ),
        (
            "Not available to the Militia in Veyra.",
            "Limit Not [Either Militia, Place Veyra]",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(read(text), (vec![want.to_string()], 0), "{text}");
    }
}

/// A thread's questions and answers copied out: a question says nothing, whatever it names
/// ("Q: ... before 1943?"); what follows "A:" is read as any sentence; "The X is 1.3 until
/// ..." gives the X's RF without the word.
#[test]
fn a_threads_answers_are_read_and_its_questions_are_not() {
    assert_eq!(
        read("Q: Can the Militia have a Pell before 1943?\nA: Pretty much. The Pell is 1.3 until 12/42, then 1.5."),
        (
            vec!["<Pell> RfByPeriod | anywhere: until 12/42 (1.3), thereafter (1.5)".to_string()],
            0
        )
    );
    assert_eq!(
        read("Q: And in the Hills? A: Hills from 1940 (1.2)."),
        (
            vec!["DatesAndRf | Hills: from 1-12/40 on (1.2)".to_string()],
            0
        )
    );
}
