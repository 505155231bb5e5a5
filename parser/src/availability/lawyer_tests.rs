//! Forms of a rules lawyer's register (issue 30, the made-up nation `tests/fixtures-notes/hlv`,
//! written before the reader knew them): days of the month, "for the period commencing ... and
//! ending ...", "with effect from", "no later than", "the cessation of hostilities",
//! sub-paragraphs (a)/(b), "the Rarity Factor applicable thereto shall be", "other than".

use super::*;

/// The words of a made-up nation whose listing runs from 1936 to 1945.
fn lexicon() -> Lexicon {
    Lexicon::new(
        Some(crate::YearSpan {
            first: 1936,
            last: 1945,
        }),
        &[
            "Tarrow",
            "Brannoc",
            "Brannoc C",
            "Lisk",
            "Orrin",
            "Orrin AA",
            "Vesk L-1",
            "Vesk L-2",
        ]
        .map(String::from),
        &[
            "the Hollin Reach",
            "Corvenna",
            "Kalmora",
            "the Serrat Peninsula",
            "the Eastern Dominions",
            "Vel Dara",
        ]
        .map(String::from),
    )
}

#[test]
fn a_rules_lawyers_periods_and_items() {
    let cases = [
        (
            "The Tarrow shall be available in the Hollin Reach, in Corvenna and in Kalmora for the period commencing 1 September 1939 and ending with the cessation of hostilities.",
            vec!["<Tarrow> DatesOnly | the Hollin Reach/Corvenna/Kalmora: from 9/39 on"],
        ),
        (
            "The Brannoc shall be available in every theater other than Kalmora with effect from 1 April 1942 until the cessation of hostilities, and the Rarity Factor applicable thereto shall be 1.1.",
            vec!["<Brannoc> DatesAndRf | every theater [EXC Kalmora]: from 4/42 on (1.1)"],
        ),
        (
            "The Lisk shall be available: (a) for the period commencing 1 April 1943 and ending 31 August 1943, exclusively on the Serrat Peninsula, at a Rarity Factor of 1.4; and (b) subsequent to 31 August 1943 and no later than 31 March 1945, in Corvenna other than on the Serrat Peninsula, at a Rarity Factor of 1.5.",
            vec![
                "DatesAndRf | the Serrat Peninsula: 4-8/43 (1.4)",
                "DatesAndRf | Corvenna [EXC NA the Serrat Peninsula]: 9/43-3/45 (1.5)",
            ],
        ),
    ];
    super::tests::reads_whole(&lexicon(), &cases);
}

/// "the Rarity Factor applicable thereto shall be ... in 1943 and thereafter"; "notwithstanding
/// the foregoing:" and ", provided that:" before items; "the said vehicle shall not be
/// available prior to ..."; "by units of the X forces or of the Y".
#[test]
fn a_rules_lawyers_provisos() {
    let cases = [
        (
            "The Rarity Factor applicable thereto shall be 1.0 in 1939 and 1940, 1.1 in 1941 and 1942, and 1.3 in 1943 and thereafter.",
            vec!["RfByPeriod | anywhere: 1/39-12/40 (1.0), 1/41-12/42 (1.1), from 1-12/43 on (1.3)"],
        ),
        (
            "Notwithstanding the foregoing: (a) in Corvenna, the Rarity Factor applicable thereto shall be 1.3 for the period commencing 1 April 1942 and ending 30 September 1942; and (b) on the Serrat Peninsula, the said vehicle shall not be available prior to 1 January 1943.",
            vec![
                "RfByPeriod | Corvenna: 4-9/42 (1.3)",
                "Limit Not [Place the Serrat Peninsula] until 12/42",
            ],
        ),
        (
            "The Orrin shall be available in all theaters with effect from 1940 until the cessation of hostilities, at a Rarity Factor of 1.0, provided that: (a) in the Eastern Dominions the Rarity Factor applicable thereto shall be 1.2; and (b) in 1945 the said vehicle shall be used only by units of the Royalist forces or of the Frontier Legion.",
            vec![
                "<Orrin> DatesAndRf | every theater: from 1-12/40 on (1.0)",
                "RfByPeriod | the Eastern Dominions: from 1/36 on (1.2)",
                "Limit Only [Faction Royalist, Faction Frontier Legion] 1-12/45",
            ],
        ),
    ];
    super::tests::reads_whole(&lexicon(), &cases);
}

/// A copy said by a verb ("on the terms set out in Note 9", "in the same theaters, for the
/// same periods ... as the Vesk L-1 (Note 3)"), its changes as items after "subject to the
/// following:" or "save that:"; the note's vehicle named as the RF's base.
#[test]
fn a_rules_lawyers_copies() {
    let cases = [
        (
            "The Orrin AA shall be available on the terms set out in Note 9, subject to the following: (a) it shall not be available prior to 1 June 1941; (b) the Rarity Factor applicable thereto shall be .3 higher than that of the Orrin for the same theater; and (c) it shall not be available in Kalmora.",
            vec![
                "<Orrin AA> SameWithAddedRf +0.3 of Note 9",
                "Limit Not [] until 5/41",
                "Limit Not [Place Kalmora]",
            ],
        ),
        (
            "The Vesk L-2 shall be available in the same theaters, for the same periods and subject to the same faction limitation as the Vesk L-1 (Note 3), save that: (a) it shall not be available in Vel Dara; (b) it shall not be available prior to 1 January 1942; and (c) the Rarity Factor applicable thereto shall be .1 higher than that of the Vesk L-1 for the same date and theater.",
            vec![
                "<Vesk L-2> SameWithAddedRf +0.1 of Vesk L-1",
                "Limit Not [Place Vel Dara]",
                "Limit Not [] until 12/41",
            ],
        ),
        (
            "The Brannoc C is permitted on the terms set out in Note 5, save that it shall be used only by units of the Royalist forces.",
            vec![
                "<Brannoc C> SameWithAddedRf +0.0 of Note 5",
                "Limit Only [Faction Royalist]",
            ],
        ),
    ];
    super::tests::reads_whole(&lexicon(), &cases);
}

/// An RF until a month inside the span before it, then another "thereafter" to the span's end;
/// a place's lead-in and its comma before a list that starts with its period.
#[test]
fn an_rf_until_a_month_inside_its_span() {
    let cases = [
        (
            "In the Hollin Reach, with effect from 1 September 1939 and no later than 30 June 1942, the Rarity Factor applicable thereto being 1.0 until and inclusive of 31 December 1940 and 1.2 thereafter.",
            vec!["DatesAndRf | the Hollin Reach: 9/39-12/40 (1.0) | the Hollin Reach: 1/41-6/42 (1.2)"],
        ),
        (
            "In the Hollin Reach from 9/39 to 6/42, at RF 1.0 through 12/40 and 1.2 thereafter.",
            vec!["DatesAndRf | the Hollin Reach: 9/39-12/40 (1.0) | the Hollin Reach: 1/41-6/42 (1.2)"],
        ),
    ];
    super::tests::reads_whole(&lexicon(), &cases);
}
