//! Forms of a terse club spreadsheet (issue 30, the made-up nation `tests/fixtures-notes/mrv`,
//! written before the reader knew them): shorthand ("avail.", "excl.", "ea.", "N/A", "&",
//! "w/", "#4", "ditto", "EOW", "->"), bullets; each read to its meaning, or an error.

use super::*;

/// The words of a made-up nation whose listing runs from 1937 to 1945, with the parts of a
/// year its notes define ("early/mid/late = Jan-Apr / May-Aug / Sep-Dec").
fn lexicon() -> Lexicon {
    let parts = crate::year_parts_defined("early/mid/late = Jan-Apr / May-Aug / Sep-Dec");
    Lexicon::new(
        Some(crate::YearSpan {
            first: 1937,
            last: 1945,
        }),
        &["Osk L1", "Osk L2", "Varn M", "Varn MK", "Ruud"].map(String::from),
        &[
            "NST",
            "HLV",
            "KOR",
            "VSH",
            "DOR",
            "SLT",
            "Sth",
            "the Islands",
        ]
        .map(String::from),
    )
    .with_year_parts(parts)
}

/// Shorthand words read as the words they stand for; bullets are items of their own; a change
/// from a month inside a closed span ends where the span does.
#[test]
fn shorthand_and_bullets_read_as_their_words() {
    let cases = [
        (
            "Same as #1 but not before 1/40 & RF +.1 ea. entry; not w/ Partisans.",
            vec![
                "SameWithAddedRf +0.1 of Note 1",
                "Limit Not [] until 12/39",
                "Limit Not [Faction Partisans]",
            ],
        ),
        (
            "ditto but not before 11/42, RF 1.3 flat; N/A in SLT.",
            vec![
                "SameWithRf 1.3 of ",
                "Limit Not [] until 10/42",
                "Limit Not [Place SLT]",
            ],
        ),
        (
            "as above, but only from 3/43 & not w/ Legion; KOR N/A.",
            vec![
                "SameWithAddedRf +0.0",
                "Limit Only [] from 3/43 on",
                "Limit Not [Faction Legion]",
                "Limit Not [Either KOR]",
            ],
        ),
        (
            "NST 6/42-8/43 (1.3); HLV 1/43-EOW (1.2).",
            vec!["DatesAndRf | NST: 6/42-8/43 (1.3) | HLV: from 1/43 on (1.2)"],
        ),
        (
            "avail. everywhere but KOR, '39 thru EOW.",
            vec!["DatesOnly | every theater [EXC KOR]: from 1-12/39 on"],
        ),
        (
            "Partisans only.\n- KOR: 10/41 thru 3/44, RF 1.2 -> 1.4 from 7/43\n- NST: '43 (1.5)",
            vec![
                "Limit Only [Either Partisans]",
                "DatesAndRf | KOR: 10/41-6/43 (1.2) | KOR: 7/43-3/44 (1.4)",
                "DatesAndRf | NST: 1-12/43 (1.5)",
            ],
        ),
    ];
    super::tests::reads_whole(&lexicon(), &cases);
}

/// An arrow joins RFs as a change does ("RF 1.3 -> 1.2 from 6/42"); a faction's limit in
/// parentheses before a list needs no comma after it.
#[test]
fn arrows_and_a_faction_in_front() {
    let cases = [
        (
            "RF 1.3 -> 1.2 from 6/42 -> 1.1 from 4/44.",
            vec!["RfByPeriod | anywhere: 1/37-5/42 (1.3), 6/42-3/44 (1.2), from 4/44 on (1.1)"],
        ),
        (
            "(Crown only) NST & HLV, 1/44 thru EOW; RF 1.6 in '44, 1.5 in '45.",
            vec![
                "DatesOnly | NST/HLV: from 1/44 on (Crown use only)",
                "RfByPeriod | anywhere: 1-12/44 (1.6), 1-12/45 (1.5)",
            ],
        ),
    ];
    super::tests::reads_whole(&lexicon(), &cases);
}

/// Parts of a year the notes define; "excl." and "incl." of places; places alone as a
/// sentence; "(SLT: 1.6)"; a bare RF after its places; "everywhere but X, P" as where and
/// when it is available; "N/A '45".
#[test]
fn defined_parts_of_a_year_and_places_in_shorthand() {
    let cases = [
        (
            "avail. from late '41 thru EOW, excl. KOR & HLV.",
            vec!["DatesOnly | every theater [EXC NA KOR, NA HLV]: from 9-12/41 on"],
        ),
        (
            "HLV: '41 thru early 1943, RF 1.3",
            vec!["DatesAndRf | HLV: 1/41-4/43 (1.3)"],
        ),
        (
            "NST, HLV & Sth (incl. SLT); mid-'41 thru '43.",
            vec!["DatesOnly | NST/HLV/Sth/SLT: 5/41-12/43"],
        ),
        (
            "HLV, KOR & DOR (excl. SLT). N/A '45.",
            vec![
                "DatesOnly | HLV/KOR/DOR [EXC NA SLT]: from 1/37 on",
                "Limit Not [] 1-12/45",
            ],
        ),
        (
            "RF 1.4 (SLT: 1.6).",
            vec!["RfByPeriod | every theater [EXC SLT]: from 1/37 on (1.4) | SLT: from 1/37 on (1.6)"],
        ),
        (
            "late '44 thru EOW: NST & HLV 1.5; Sth 1.6.",
            vec!["DatesAndRf | NST/HLV: from 9-12/44 on (1.5) | Sth: from 9-12/44 on (1.6)"],
        ),
        (
            "everywhere but the Islands, 1/42 thru 10/44.",
            vec!["DatesOnly | every theater [EXC the Islands]: 1/42-10/44"],
        ),
    ];
    super::tests::reads_whole(&lexicon(), &cases);
    // Without its definition, a part of a year is never guessed.
    let bare = Lexicon::new(None, &[], &["HLV".to_string()]);
    let (read, diagnostics) = super::tests::read_with("HLV: '41 thru early 1943, RF 1.3", &bare);
    assert_eq!((read.len(), diagnostics), (1, 1), "{read:?}");
}

/// "RF 1.1 ('39-'40), 1.3 ('41)" after a span: the periods inside it say it all; "from '44
/// (thru 4/45)"; "flat".
#[test]
fn rfs_for_periods_inside_a_span() {
    let cases = [
        (
            "NST & HLV '39-'41, RF 1.1 ('39-'40), 1.3 ('41); KOR 6/40 thru '41, RF 1.4.",
            vec!["DatesAndRf | NST/HLV: 1/39-12/40 (1.1) | NST/HLV: 1-12/41 (1.3) | KOR: 6/40-12/41 (1.4)"],
        ),
        (
            "KOR from '44 (thru 4/45), RF 1.5 flat.",
            vec!["DatesAndRf | KOR: 1/44-4/45 (1.5)"],
        ),
    ];
    super::tests::reads_whole(&lexicon(), &cases);
}

/// A period alone as a whole clause gives the dates ("HLV & KOR only; from '42 thru EOW.").
#[test]
fn a_period_alone_as_a_clause() {
    let cases = [(
        "HLV & KOR only; from '42 thru EOW.",
        vec![
            "Limit Only [Either HLV, Either KOR]",
            "DatesOnly | anywhere: from 1-12/42 on",
        ],
    )];
    super::tests::reads_whole(&lexicon(), &cases);
}
