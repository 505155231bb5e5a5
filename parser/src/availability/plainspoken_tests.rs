//! A maintainer writing in a second language, heavy with factions (issue 30, the made-up
//! nation `tests/fixtures-notes/fen`, written before the reader knew it): "from the beginning
//! of the war", "in 1939 and in 1940", seasons defined in the introduction by their months'
//! names, a reason after "because", "nobody has it any more", a faction's name ending in a
//! units' noun ("the Peasant Brigades"), "to X and to Y".

use super::tests::read_with;
use crate::Lexicon;

fn lexicon() -> Lexicon {
    let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let intro = "spring is March, April and May; summer is June, July and August. \"Early\" in \
                 a year means January to April, and \"late\" in a year means September to \
                 December of it.";
    Lexicon::new(
        Some(crate::YearSpan {
            first: 1936,
            last: 1945,
        }),
        &names(&["Lance M1", "Ferrow T", "Stave"]),
        &names(&[
            "Ardwen",
            "the Homeland",
            "Homeland",
            "the Southern Provinces",
        ]),
    )
    .with_year_parts(crate::year_parts_defined(intro))
    .with_factions(&names(&[
        "Crown side",
        "Crown",
        "League",
        "Leaguists",
        "Brigades",
    ]))
}

fn read(text: &str) -> (Vec<String>, usize) {
    read_with(text, &lexicon())
}

/// Asserts that every text of `cases` reads to its clauses, rendered, and no diagnostic.
fn reads_to(cases: &[(&str, &[&str])]) {
    for (text, want) in cases {
        assert_eq!(
            read(text),
            (want.iter().map(|s| s.to_string()).collect(), 0),
            "{text}"
        );
    }
}

/// Each form reads to its meaning.
#[test]
fn plain_words_read_to_their_meaning() {
    let cases: [(&str, &[&str]); 8] = [
        (
            "From the beginning of the war until the end of 1938 its RF is 1.2; in 1939 and in 1940 it is 1.5, because the most of them were lost in the big battles of 1938.",
            &[
                "RfByPeriod | anywhere: until 12/38 (1.2)",
                "RfByPeriod | anywhere: 1/39-12/40 (1.5)",
            ],
        ),
        (
            "From summer 1938 until 1940 its RF is 1.3; from spring 1941 until late 1944 it is 1.6.",
            &[
                "RfByPeriod | anywhere: 6/38-12/40 (1.3)",
                "RfByPeriod | anywhere: 3/41-12/44 (1.6)",
            ],
        ),
        (
            "It is available from the start of the war to the end of the war.",
            &["DatesOnly | anywhere: from 1/36 on"],
        ),
        ("After 1940 nobody has it any more.", &["Limit Not [] from 1/41 on"]),
        ("The Militia never got one.", &["Limit Not [Either Militia]"]),
        ("The Militia didn't get these.", &["Limit Not [Either Militia]"]),
        (
            "Only the Peasant Brigades had the Ferrow T, and only in the Southern Provinces.",
            &[
                "<Ferrow T> Limit Only [Either Peasant Brigades]",
                "Limit Only [Place Southern Provinces]",
            ],
        ),
        (
            "The Lance M1 is available only to the Crown and to the League, and only in the Homeland.",
            &[
                "<Lance M1> Limit Only [Either Crown, Either League]",
                "Limit Only [Place Homeland]",
            ],
        ),
    ];
    reads_to(&cases);
}

/// A reason with an RF in it is no reason alone; a units' noun without its capital is no
/// part of a name ("Guard units").
#[test]
fn what_a_reason_or_a_units_noun_may_not_hide() {
    assert_eq!(read("In 1939 its RF is 1.5, because 1.3 was too low.").1, 1);
    assert_eq!(
        read("Only Guard units may use it."),
        (vec!["Limit Only [Either Guard]".to_string()], 0)
    );
}

/// The nation's faction words are known: a faction is never read as a place, a faction's word
/// of two ("the Crown side") is one name, "Everybody" keeps the vehicle from no one, and
/// another faction after a comma ("and the League with RF 1.5") has its own groups, on the
/// first's places and months.
#[test]
fn factions_by_the_nations_words() {
    let cases: [(&str, &[&str]); 4] = [
        (
            "The Crown side had the Stave in the Homeland from 1937 until the end of 1943 at RF 1.3.",
            &["<Stave> DatesAndRf | the Homeland: 1/37-12/43 (1.3; Crown side use only)"],
        ),
        (
            "The Brigades used them from 1/41 to 12/43 at RF 1.6, and the League with RF 1.8.",
            &[
                "DatesAndRf | anywhere: 1/41-12/43 (1.6; Brigades use only)",
                "DatesAndRf | anywhere: 1/41-12/43 (1.8; League use only)",
            ],
        ),
        (
            "The Brigades had it with RF 1.3, and the League with RF 1.5.",
            &[
                "DatesAndRf | anywhere: from 1/36 on (1.3; Brigades use only)",
                "DatesAndRf | anywhere: from 1/36 on (1.5; League use only)",
            ],
        ),
        (
            "Everybody had the Stave, in all theaters, from 1/39 until the end of the war.",
            &["<Stave> DatesOnly | every theater: from 1/39 on"],
        ),
    ];
    reads_to(&cases);
    // A known faction is no place: "the League" after "and" is no theater of the list.
    let (clauses, _) = read("Used in Ardwen and the League from 1940.");
    assert!(
        clauses.iter().all(|c| !c.contains("League:")),
        "{clauses:?}"
    );
}

/// RFs keyed by who uses the vehicle: each faction the nation names its own RF wherever and
/// whenever the vehicle serves, "the others" the RF left; a list naming no faction of the
/// nation is no such list.
#[test]
fn rfs_by_faction() {
    let cases: [(&str, &[&str]); 5] = [
        (
            "For the Crown its RF is 1.3; for all the others it is 1.4.",
            &[
                "OwnRf [Faction Crown] =1.3",
                "RfByPeriod | anywhere: from 1/36 on (1.4)",
            ],
        ),
        (
            "Rf 1.4 Leaguists / 1.6 Crown / 1.5 any other side.",
            &[
                "OwnRf [Faction Leaguists] =1.4",
                "OwnRf [Faction Crown] =1.6",
                "RfByPeriod | anywhere: from 1/36 on (1.5)",
            ],
        ),
        (
            "The Rarity Factor applicable thereto shall be 1.2 where the said vehicle is used by units of the League and 1.4 in every other case.",
            &[
                "OwnRf [Faction League] =1.2",
                "RfByPeriod | anywhere: from 1/36 on (1.4)",
            ],
        ),
        (
            "The RF is 1.3 in the Homeland and 1.5 in Ardwen; in the Southern Provinces it is 1.5 for all the sides except the League, for which it is 1.2.",
            &[
                "RfByPeriod | the Homeland: from 1/36 on (1.3) | Ardwen: from 1/36 on (1.5)",
                "OwnRf [Faction League, Place the Southern Provinces] =1.2",
                "RfByPeriod | the Southern Provinces: from 1/36 on (1.5)",
            ],
        ),
        (
            "The RF is 1.2 for the Brigades and 1.4 for the others.",
            &[
                "OwnRf [Faction Brigades] =1.2",
                "RfByPeriod | anywhere: from 1/36 on (1.4)",
            ],
        ),
    ];
    reads_to(&cases);
    assert_ne!(
        read("Rf 1.4 Marchers / 1.5 any other side.").0,
        vec![
            "OwnRf [Faction Marchers] =1.4".to_string(),
            "RfByPeriod | anywhere: from 1/36 on (1.5)".to_string()
        ]
    );
}

/// Words of a sentence are never a vehicle's name (a verb, a place the nation knows: "The
/// Stave is available in the whole Homeland with ..." names no vehicle "Stave is available in
/// the whole Homeland with"); "never outside X" keeps the vehicle to X.
#[test]
fn a_sentence_is_no_name_and_never_outside_keeps_to() {
    let (clauses, _) = read("The Stave is available in the whole Homeland with RF 1.1 until 12/39 and RF 1.3 from 1/40 on.");
    assert!(
        clauses.iter().all(|c| !c.starts_with("<Stave is")),
        "{clauses:?}"
    );
    reads_to(&[(
        "The Stave was never outside Ardwen.",
        &["<Stave> Limit Only [Either Ardwen]"],
    )]);
}
