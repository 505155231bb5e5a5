//! A maintainer's terse shorthand (issue 30, the made-up nation `tests/fixtures-notes/ash`,
//! written before the reader knew it): "@1.1" for "at 1.1", "thtrs", "+" between places,
//! "--" between a sentence's parts, "ea.", "excl.", a place's label before a limit, an RF for
//! one place "instead"; a sentence that does not read whole read by its parts; and what still
//! does not read is an error, never silence.

use super::tests::read_with;
use crate::Lexicon;

fn lexicon() -> Lexicon {
    let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    Lexicon::new(
        Some(crate::YearSpan {
            first: 1936,
            last: 1946,
        }),
        &names(&["Pell 38", "Tessin 3t", "Tessin 5t", "Grabow tr"]),
        &names(&[
            "Korvath",
            "Sellin Gap",
            "Ulvar",
            "Tavrin",
            "Mereth",
            "Osk Is.",
            "the North",
        ]),
    )
}

fn read(text: &str) -> (Vec<String>, usize) {
    read_with(text, &lexicon())
}

/// Each form reads to its meaning.
#[test]
fn shorthand_reads_to_its_meaning() {
    let cases: [(&str, &[&str]); 8] = [
        (
            "Korvath Sept '39 thru Jun 41 @1.1, Jul 41-Dec 42 @1.3; Sellin Gap 40-41 (1.2).",
            &["DatesAndRf | Korvath: 9/39-6/41 (1.1) | Korvath: 7/41-12/42 (1.3) | Sellin Gap: 1/40-12/41 (1.2)"],
        ),
        (
            "Pell 38: Korvath + Tavrin + Ulvar, 39 thru 41, rf 1.2 ea.",
            &["<Pell 38> DatesAndRf | Korvath/Tavrin/Ulvar: 1/39-12/41 (1.2)"],
        ),
        (
            "Ulvar: NA in 1942.",
            &["Limit Not [Place Ulvar] 1-12/42"],
        ),
        (
            "Oct 41 till Apr 45 (1.4); excl. Marchers.",
            &[
                "DatesAndRf | anywhere: 10/41-4/45 (1.4)",
                "Limit Not [Either Marchers]",
            ],
        ),
        (
            "EG only -- Korvath & Sellin Gap Mar 44 - EOW @1.5.",
            &[
                "Limit Only [Either EG]",
                "DatesAndRf | Korvath/Sellin Gap: from 3/44 on (1.5)",
            ],
        ),
        (
            "all thtrs Jan 43 to EOW, RF 1.1 (Osk Is.: 1.5 instead).",
            &["DatesAndRf | every theater [EXC Osk Is.]: from 1/43 on (1.1) | Osk Is.: from 1/43 on (1.5)"],
        ),
        // A sentence that does not read whole, read by its parts between commas.
        (
            "Grabow tr: RF 1.0, 36-45.",
            &[
                "<Grabow tr> RfByPeriod | anywhere: from 1/36 on (1.0)",
                "DatesOnly | anywhere: 1/36-12/45",
            ],
        ),
        // The months it gives are the relative rule's own (`within`).
        (
            "The Tessin 5t is available from 1938, its RF .2 higher than the Tessin 3t's.",
            &["<Tessin 5t> RelativeRf +0.2 max - of Tessin 3t"],
        ),
    ];
    for (text, want) in cases {
        let want: Vec<String> = want.iter().map(|s| s.to_string()).collect();
        assert_eq!(read(text), (want, 0), "{text}");
    }
}

/// A sentence with a period or an RF that no form reads is an error, however it is worded;
/// periods alone after periods with RFs are periods missing their RF, no part of their own.
#[test]
fn what_does_not_read_is_an_error_never_silence() {
    for text in [
        "Korvath/Sellin Gap/Mereth - Jul 41 to Dec 42 rf 1.1, 43 rf 1.3 for the lot.",
        "Dates and RF are 1941 (1.2), 7/42.",
        "Pell 38 goes Jul 41 to Dec 42 rf 1.1 by and large.",
    ] {
        let (clauses, errors) = read(text);
        assert!(errors > 0, "{text}: {clauses:?}");
    }
}

/// The whole war in other words ("all war", "at all dates"), "(not before)" after an open
/// start, "all thtrs excl. X", and the vehicle an RF is of ("The RF of the X is 1.4").
#[test]
fn whole_war_words_and_the_vehicle_an_rf_is_of() {
    let cases = [
        (
            "avail. all thtrs, all war, excl. Osk Is.; rf 1.0.",
            vec![
                "DatesOnly | every theater [EXC NA Osk Is.]: from 1/36 on",
                "RfByPeriod | anywhere: from 1/36 on (1.0)",
            ],
        ),
        (
            "Osk Is.: from Sept '40 (not before).",
            vec!["DatesOnly | Osk Is.: from 9/40 on"],
        ),
        (
            "Pell 38: all thtrs excl. Tavrin, 40 thru Jun 42 (1.2).",
            vec!["<Pell 38> DatesAndRf | every theater [EXC Tavrin]: 1/40-6/42 (1.2)"],
        ),
        (
            "Korvath/Sellin Gap - Jul 41 to Dec 42 rf 1.1, 43 rf 1.3; Ulvar 42-43 @1.4.",
            vec!["DatesAndRf | Korvath/Sellin Gap: 7/41-12/42 (1.1) | Korvath/Sellin Gap: 1-12/43 (1.3) | Ulvar: 1/42-12/43 (1.4)"],
        ),
        (
            "everywhere Jun 41 - EOW, rf 1.1 ea. thtr, Mereth (incl. Osk Is.) 1.3 instead.",
            vec!["DatesAndRf | every theater [EXC Mereth]: from 6/41 on (1.1) | Mereth: from 6/41 on (1.3)"],
        ),
        (
            "+ Tessin 3t: Tavrin & Korvath, 43 (1.3)\n+ Tessin 5t: Ulvar Aug 44 on (1.5)",
            vec![
                "<Tessin 3t> DatesAndRf | Tavrin/Korvath: 1-12/43 (1.3)",
                "<Tessin 5t> DatesAndRf | Ulvar: from 8/44 on (1.5)",
            ],
        ),
        (
            "Pell 38: all thtrs, '39 thru EOW, RF 1.0 (Tavrin 1.2).",
            vec!["<Pell 38> DatesAndRf | every theater [EXC Tavrin]: from 1-12/39 on (1.0) | Tavrin: from 1-12/39 on (1.2)"],
        ),
        (
            "all listed dates, RF 1.0.",
            vec!["RfByPeriod | anywhere: from 1/36 on (1.0)"],
        ),
        // An "[EXC: ...]" giving one place's RF after RFs given anywhere: that place is left
        // out of them (one RF for each month and place).
        (
            "The RF is 1.4 for 1940-41 and 1.2 thereafter [EXC: in Tavrin it is 1.5].",
            vec![
                "RfByPeriod | every theater [EXC Tavrin]: 1/40-12/41 (1.4), thereafter (1.2)",
                "RfByPeriod | Tavrin: from 1/36 on (1.5)",
            ],
        ),
        // A heading that keeps the use to a place its items lie in.
        (
            "Use is limited to the North: Tavrin from June 1941 to August 1942 (RF 1.2), and Korvath from 3/42 to the end of 1943 (RF 1.4).",
            vec!["DatesAndRf | Tavrin: 6/41-8/42 (1.2) | Korvath: 3/42-12/43 (1.4)"],
        ),
        (
            "Use is limited to the North: 1941-42 (RF 1.2).",
            vec!["DatesAndRf | the North: 1/41-12/42 (1.2)"],
        ),
        (
            "In Mereth the RF of the Tessin 3t is 1.4 at all dates.",
            vec!["<Tessin 3t> RfByPeriod | Mereth: from 1/36 on (1.4)"],
        ),
    ];
    for (text, want) in cases {
        let want: Vec<String> = want.into_iter().map(String::from).collect();
        assert_eq!(read(text), (want, 0), "{text}");
    }
}
