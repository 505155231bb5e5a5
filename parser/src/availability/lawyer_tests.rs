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
        &["Tarrow", "Brannoc", "Lisk"].map(String::from),
        &[
            "the Hollin Reach",
            "Corvenna",
            "Kalmora",
            "the Serrat Peninsula",
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
