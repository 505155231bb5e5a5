//! Forms of a careful British editor's fan errata sheet (issue 30, the made-up nation
//! `tests/fixtures-notes/ost`, written before the reader knew them): each read to its meaning,
//! or an error naming what it could not use.

use super::tests::{read_with, render};
use super::*;
use crate::FileId;

/// The words of a made-up nation whose listing runs from 1936 to 1948.
fn lexicon() -> Lexicon {
    Lexicon::new(
        Some(crate::YearSpan {
            first: 1936,
            last: 1948,
        }),
        &["Finch", "Finch B", "Plover", "Mk. 2"].map(String::from),
        &[
            "the Fens",
            "Fens",
            "Dunmoor",
            "the Grey Coast",
            "Grey Coast",
        ]
        .map(String::from),
    )
}

/// `text` read with [`lexicon`]: its clauses rendered, and how many diagnostics it gave.
fn read(text: &str) -> (Vec<String>, usize) {
    read_with(text, &lexicon())
}

/// "the close of hostilities" is the end of the war; "as from" opens an open end.
#[test]
fn the_close_of_hostilities_and_as_from_are_read() {
    assert_eq!(
        read("Fens: from 1944 to the close of hostilities, RF 1.1."),
        (
            vec!["DatesAndRf | Fens: from 1-12/44 on (1.1)".to_string()],
            0
        )
    );
    assert_eq!(
        read("Dunmoor, as from Aug. 1941 (RF 1.4); the Fens, Jan.–Jun. 1943 (RF 1.6)."),
        (
            vec!["DatesAndRf | Dunmoor: from 8/41 on (1.4) | the Fens: 1-6/43 (1.6)".to_string()],
            0
        )
    );
}

/// A heading before a colon that names what the schedule gives ("Dates and Rarity Factors by
/// theatre:") scopes nothing; a heading of other words is no lead-in.
#[test]
fn a_heading_of_dates_and_rfs_scopes_nothing() {
    let schedule = "DatesAndRf | the Fens: 9/39-6/41 (1.2) | Dunmoor: 1-12/43 (1.5)".to_string();
    for heading in [
        "Dates and Rarity Factors by theatre:",
        "Dates and RFs:",
        "Theatres, dates and RFs:",
    ] {
        assert_eq!(
            read(&format!(
                "{heading} the Fens, September 1939 to June 1941 (RF 1.2); Dunmoor, in '43 (RF 1.5)."
            )),
            (vec![schedule.clone()], 0),
            "{heading}"
        );
    }
    assert_eq!(
        read("Crews by theatre: the Fens, September 1939 to June 1941 (RF 1.2).").1,
        1
    );
}

/// "As the X, but <limit> and <amount>": the copy, its amount (after "with an RF", "at an
/// RF", "the RF is") and the limit read inside it, the limit after the copy; at a sentence's
/// start the base must be a listing's name.
#[test]
fn a_copy_reads_a_limit_before_its_amount() {
    assert_eq!(
        read("As the Finch, but not before July 1943 and with a Rarity Factor 0.2 higher (maximum 1.4)."),
        (
            vec![
                "SameWithAddedRf +0.2 of Finch".to_string(),
                "Limit Not [] until 6/43".to_string()
            ],
            0
        )
    );
    assert_eq!(
        read("As per Note 13, but Legion use only, and the Rarity Factor is raised by 0.2 in every case."),
        (
            vec![
                "SameWithAddedRf +0.2 of Note 13".to_string(),
                "Limit Only [Either Legion]".to_string()
            ],
            0
        )
    );
    let r = parse_availability_with(
        "As the Finch, but only from '43 and at an RF 0.1 higher (no more than 1.3).",
        0,
        FileId(0),
        &lexicon(),
    );
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    let ClauseKind::SameWithAddedRf { max, added, .. } = &r.value[0].kind else {
        panic!("{:?}", r.value);
    };
    assert_eq!(
        (added.value.0, max.as_ref().map(|m| m.value.0)),
        (1, Some(13))
    );
    assert_eq!(render(&r.value[1]), "Limit Only [] from 1-12/43 on");
    // A limit with no amount after it is not this form.
    assert_eq!(
        read("As the Finch, but not before July 1943 and in spirit.").1,
        1
    );
}

/// A relative rule that says where it holds by "is found/available wherever (and whenever)
/// the X is", naming its base twice.
#[test]
fn a_relative_rule_reads_wherever_the_base_is() {
    assert_eq!(
        read("It is found wherever and whenever the Finch is, with a Rarity Factor 0.2 lower."),
        (vec!["RelativeRf -0.2 max - of Finch".to_string()], 0)
    );
    assert_eq!(
        read("The Finch B is available wherever the Finch is, with a Rarity Factor 0.3 higher than the Finch's (never more than 1.5)."),
        (vec!["<Finch B> RelativeRf +0.3 max 1.5 of Finch".to_string()], 0)
    );
    // Two bases are no rule.
    assert_eq!(
        read(
            "It is found wherever the Finch is, with a Rarity Factor 0.2 lower than the Plover's."
        )
        .1,
        1
    );
}

/// One RF for several places joined by "and" in an RF-for-each-place list.
#[test]
fn an_rf_for_places_joined_by_and() {
    assert_eq!(
        read("Rarity Factor 1.1 in the Fens and on the Grey Coast, 1.3 in Dunmoor."),
        (
            vec!["RfByPeriod | the Fens/the Grey Coast: from 1/36 on (1.1) | Dunmoor: from 1/36 on (1.3)".to_string()],
            0
        )
    );
}

/// What a copy names in any list of its nouns ("Theatres, dates and Rarity Factors are
/// identical to those of the X", "Dates and theatres are the same as in Note 3"), and a limit
/// after "except that"; a copy with more after it that no form reads is an error, never
/// silent.
#[test]
fn a_copy_names_its_nouns_in_any_list_and_reads_except_that() {
    for s in [
        "Theatres, dates and Rarity Factors are identical to those of the Finch.",
        "Dates and theatres are the same as those of the Finch.",
    ] {
        assert_eq!(
            read(s),
            (vec!["SameWithAddedRf +0.0 of Finch".to_string()], 0),
            "{s}"
        );
    }
    assert_eq!(
        read("Dates and theatres are the same as in Note 3."),
        (vec!["SameWithAddedRf +0.0 of Note 3".to_string()], 0)
    );
    assert_eq!(
        read("Same as Note 23, except that it was never sent to the Fens."),
        (
            vec![
                "SameWithAddedRf +0.0 of Note 23".to_string(),
                "Limit Not [Either Fens]".to_string()
            ],
            0
        )
    );
    assert_eq!(
        read("Dates and theatres are the same as in Note 3, but the Rarity Factor is 1.6 in each.")
            .1,
        1
    );
    assert_eq!(
        read("Same as Note 23, except that it was never sent to the Fens in 1943 by sea.").1,
        1
    );
}

/// "in every theatre except (or save) X" in a sentence of use is every place but X, never a
/// vehicle's name ("The Finch was used in every theatre except" was read as one); ", except
/// on X" after a group leaves X out; "(1.2 in X)" after a group's RF is X's own RF, X no
/// longer the group's.
#[test]
fn every_theatre_save_and_an_rf_for_one_place_in_parentheses() {
    assert_eq!(
        read("The Finch was used in every theatre except the Fens from 1936 to 1948 at RF 1.0."),
        (
            vec!["<Finch> DatesAndRf | every theater [EXC the Fens]: 1/36-12/48 (1.0)".to_string()],
            0
        )
    );
    assert_eq!(
        read("Available in every theatre save the Fens from 1938 to 1942 inclusive, with a Rarity Factor of 1.0 (1.2 in Dunmoor)."),
        (
            vec!["DatesAndRf | every theater [EXC the Fens, Dunmoor]: 1/38-12/42 (1.0) | Dunmoor: 1/38-12/42 (1.2)".to_string()],
            0
        )
    );
    assert_eq!(
        read(
            "The Finch was used in every theatre from 1936 to 1948 at RF 1.0, except on the Fens."
        ),
        (
            vec![
                "<Finch> DatesAndRf | every theater [EXC NA the Fens]: 1/36-12/48 (1.0)"
                    .to_string()
            ],
            0
        )
    );
    assert_eq!(
        read("Used in the Fens and Dunmoor from 1938 to 1942 at RF 1.0 (1.2 in Dunmoor)."),
        (
            vec!["DatesAndRf | the Fens: 1/38-12/42 (1.0) | Dunmoor: 1/38-12/42 (1.2)".to_string()],
            0
        )
    );
}

/// A place-first item of an RF-for-each-place list may name its months after the RF.
#[test]
fn an_rf_for_a_place_with_months_after_it() {
    assert_eq!(
        read("Rarity Factor 1.2 in the Fens from 4/42; in Dunmoor 1.4, from 1/43 onwards."),
        (
            vec![
                "RfByPeriod | the Fens: from 4/42 on (1.2) | Dunmoor: from 1/43 on (1.4)"
                    .to_string()
            ],
            0
        )
    );
}

/// "Only in X, (and only) from A to B (RF)": a schedule with no verb, its place first; a
/// limit joined by "and only" yields to a form that reads the whole sentence.
#[test]
fn only_in_a_place_leads_a_schedule() {
    for s in [
        "Only in the Fens, from June to August 1944 (RF 1.6).",
        "Only in the Fens, and only from June to August 1944 (RF 1.6).",
    ] {
        assert_eq!(
            read(s),
            (vec!["DatesAndRf | the Fens: 6-8/44 (1.6)".to_string()], 0),
            "{s}"
        );
    }
    assert_eq!(
        read("Only in the Fens, and only from June to August 1944."),
        (
            vec![
                "Limit Only [Place Fens]".to_string(),
                "Limit Only [] 6-8/44".to_string()
            ],
            0
        )
    );
}

/// A lead-in of two periods that follow on ("In 1940 and 1941") is one; ", where its RF is
/// 1.3" after a place is its group's RF.
#[test]
fn a_lead_in_of_two_years_and_where_its_rf_is() {
    for s in [
        "In 1940 and 1941 it was found only in Dunmoor, where its Rarity Factor is 1.3.",
        "It was used in Dunmoor from 1940 to 1941, where its RF is 1.3.",
    ] {
        assert_eq!(
            read(s),
            (
                vec!["DatesAndRf | Dunmoor: 1/40-12/41 (1.3)".to_string()],
                0
            ),
            "{s}"
        );
    }
    // Years apart are no one period: the lead-in is the first alone, and the rest no form.
    assert_eq!(
        read("In 1940 and 1942 it was found only in Dunmoor, where its Rarity Factor is 1.3.").1,
        1
    );
}

/// Who used it after "with" ("with the Crown Army alone", "but only with the Militia"), a
/// lead-in period opened by "between" before a name or a comma, "in general use", and "served
/// in both theatres until ..." after a group.
#[test]
fn with_a_faction_alone_between_lead_ins_and_in_both_theatres() {
    let cases = [
        (
            "From January 1942 until December 1944 it also served on the Grey Coast, but only with the Militia (RF 1.5).",
            "DatesAndRf | the Grey Coast: 1/42-12/44 (1.5; Militia use only)",
        ),
        (
            "The Plover entered service in the Fens in 1945 with the Crown Army alone (RF 1.5).",
            "<Plover> DatesAndRf | the Fens: from 1/45 on (1.5; Crown Army use only)",
        ),
        (
            "Between April 1937 and March 1940 the Plover was used by the Crown in the Fens (Rarity Factor 1.1).",
            "<Plover> DatesAndRf | the Fens: 4/37-3/40 (1.1; Crown use only)",
        ),
        (
            "Between April 1937 and March 1940, the Plover was used in the Fens (Rarity Factor 1.1).",
            "<Plover> DatesAndRf | the Fens: 4/37-3/40 (1.1)",
        ),
        (
            "From January 1946 to December 1947 it was in general use in the Fens and Dunmoor, at an RF of 1.2.",
            "DatesAndRf | the Fens/Dunmoor: 1/46-12/47 (1.2)",
        ),
        (
            "It appeared in the Fens in May 1941 and in Dunmoor in October 1942, and served in both theatres until the end of the war.",
            "DatesOnly | the Fens: from 5/41 on | Dunmoor: from 10/42 on",
        ),
    ];
    for (s, reading) in cases {
        assert_eq!(read(s), (vec![reading.to_string()], 0), "{s}");
    }
    // "with" before a place or a vehicle names no user.
    assert_eq!(
        read("It was used in the Fens from 1940 to 1941 with the Finch (RF 1.2).").1,
        1
    );
}

/// "Radio is available from A": the radio the subject; "available" said of the vehicle with a
/// radio is no radio date.
#[test]
fn radio_is_available_from_a_month() {
    let r = parse_availability_with(
        "Radio is available from July '43; earlier examples have none.",
        0,
        FileId(0),
        &lexicon(),
    );
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert!(
        matches!(&r.value[..], [c] if matches!(&c.kind, ClauseKind::RadioFrom { month, .. } if month.raw == "July '43")),
        "{:?}",
        r.value
    );
    let (read_back, _) = read("It is available from July 1943 with a radio.");
    assert!(
        read_back.iter().all(|c| !c.contains("Radio")),
        "{read_back:?}"
    );
}

/// ", except on X, which received them only from A (RF)": X left out of the group and given
/// its own months at its own RF.
#[test]
fn an_exception_with_its_own_months() {
    assert_eq!(
        read("The Finch was used in every theatre from 1936 to 1948 at RF 1.0, except on the Fens, which received them only from '43 (RF 1.3)."),
        (
            vec!["<Finch> DatesAndRf | every theater [EXC the Fens]: 1/36-12/48 (1.0) | the Fens: from 1-12/43 on (1.3)".to_string()],
            0
        )
    );
    // A negation in the words after "which" is no such exception.
    assert_eq!(
        read("The Finch was used in every theatre from 1936 to 1948 at RF 1.0, except on the Fens, which never received them before '43 (RF 1.3).").1,
        1
    );
}
