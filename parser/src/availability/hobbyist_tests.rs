//! Forms of a hobbyist's compact wiki notes (issue 30, the made-up nation
//! `tests/fixtures-notes/kar`, written before the reader knew them): each read to its meaning,
//! or an error naming what it could not use.

use super::tests::read_with;
use super::*;
use crate::FileId;

/// The words of a made-up nation whose listing runs from 1936 to 1948.
fn lexicon() -> Lexicon {
    Lexicon::new(
        Some(crate::YearSpan {
            first: 1936,
            last: 1948,
        }),
        &["Sable", "Sable A", "Gryf", "Wolf M.41", "Otter", "Kobold"].map(String::from),
        &[
            "Upper Meridia",
            "the Thornwald",
            "Thornwald",
            "the Ashen Coast",
            "Ashen Coast",
            "the Kesh Hills",
            "Kesh Hills",
        ]
        .map(String::from),
    )
}

/// `text` read with [`lexicon`]: its clauses rendered, and how many diagnostics it gave.
fn read(text: &str) -> (Vec<String>, usize) {
    read_with(text, &lexicon())
}

/// "RF 1.2 in both": the RF holds in every place of its group; with one place before it, "in
/// both" says what is not there, and the sentence is an error.
#[test]
fn an_rf_in_both_holds_in_the_places_before_it() {
    assert_eq!(
        read("The Sable fought in the Thornwald and on the Ashen Coast from 1939 to 1942, RF 1.2 in both."),
        (
            vec!["<Sable> DatesAndRf | the Thornwald/the Ashen Coast: 1/39-12/42 (1.2)".to_string()],
            0
        )
    );
    let (_, diagnostics) =
        read("The Sable fought in the Thornwald from 1939 to 1942, RF 1.2 in both.");
    assert_eq!(diagnostics, 1);
}

/// A faction as the subject of a verb of use, the vehicle after it ("Only the Royalists used
/// the Gryf"), with a limit of months joined by "and"; "every theatre but X" as "except", and
/// a period after a comma (the dates of every theatre but it).
#[test]
fn a_limit_reads_its_subject_and_every_theatre_but() {
    assert_eq!(
        read("Only the Royalists used the Gryf, and only in 1944."),
        (
            vec![
                "<Gryf> Limit Only [Either Royalists]".to_string(),
                "Limit Only [] 1-12/44".to_string()
            ],
            0
        )
    );
    // Where and when it was used: a schedule of every theatre but one over those years, not
    // years it is kept from that one.
    assert_eq!(
        read("Used in every theatre but the Kesh Hills, 1939-45."),
        (
            vec!["DatesOnly | every theater [EXC the Kesh Hills]: 1/39-12/45".to_string()],
            0
        )
    );
    // A second vehicle is no subject of one limit.
    let (_, diagnostics) = read("Only the Royalists used the Gryf and the Sable in 1944.");
    assert_eq!(diagnostics, 1);
}

/// Places and an RF with no period and no lead-in hold over the whole DATES, as an RF alone
/// does ("Its RF is 1.2"): the months are those the nation's data holds, cut by the DATES.
#[test]
fn places_and_an_rf_with_no_period_hold_over_the_whole_dates() {
    assert_eq!(
        read("Kesh Hills and Upper Meridia, RF 1.4 in both."),
        (
            vec!["DatesAndRf | Kesh Hills/Upper Meridia: from 1/36 on (1.4)".to_string()],
            0
        )
    );
}

/// A verb that says use began ("appeared", "reached") makes the first period after each place
/// an open end; a second verb of the same span ("and remained in service there until the end
/// of the war", "and stayed until 6/44") ends it.
#[test]
fn two_verbs_of_one_span_read_as_one_period() {
    assert_eq!(
        read("The Wolf M.41 appeared on the Ashen Coast in 5/42 and remained in service there until the end of the war."),
        (
            vec!["<Wolf M.41> DatesOnly | the Ashen Coast: from 5/42 on".to_string()],
            0
        )
    );
    assert_eq!(
        read("The Wolf M.41 appeared on the Ashen Coast in 5/42 and stayed until 6/44."),
        (
            vec!["<Wolf M.41> DatesOnly | the Ashen Coast: 5/42-6/44".to_string()],
            0
        )
    );
    assert_eq!(
        read("Otters reached the Thornwald in March 1942 and the Ashen Coast in 1943."),
        (
            vec![
                "<Otters> DatesOnly | the Thornwald: from 3/42 on | the Ashen Coast: from 1/43 on"
                    .to_string()
            ],
            0
        )
    );
    // An end before the start is no span.
    let (_, diagnostics) =
        read("The Wolf M.41 appeared on the Ashen Coast in 5/42 and stayed until 1941.");
    assert_eq!(diagnostics, 1);
}

/// "X excepted" leaves a place out of the group before; "RF 1.5, but only 1.3 in X" is another
/// RF for that place.
#[test]
fn a_place_excepted_and_an_rf_but_only_another_there() {
    assert_eq!(
        read("Kobolds turned up in every theatre from 1942 onward, the Ashen Coast excepted."),
        (
            vec![
                "<Kobolds> DatesOnly | every theater [EXC NA the Ashen Coast]: from 1-12/42 on"
                    .to_string()
            ],
            0
        )
    );
    assert_eq!(
        read("RF 1.5, but only 1.3 in the Thornwald."),
        (
            vec!["RfByPeriod | every theater [EXC the Thornwald]: from 1/36 on (1.5) | the Thornwald: from 1/36 on (1.3)".to_string()],
            0
        )
    );
    // A month after "but ... in" is months apart, never a place.
    assert_eq!(read("RF .9, but 1.5 in November 1943.").1, 0);
}

/// A limit joined by "and" may start with its period ("..., and from 1945 they went only to
/// Free Kardovan units"); what follows "and" must then read whole as a limit.
#[test]
fn a_limit_joined_by_and_may_start_with_its_period() {
    assert_eq!(
        read("They were never shipped to Upper Meridia, and from 1945 they went only to Free Kardovan units."),
        (
            vec![
                "Limit Not [Either Upper Meridia]".to_string(),
                "Limit Only [Either Free Kardovan] from 1-12/45 on".to_string()
            ],
            0
        )
    );
    let (_, diagnostics) =
        read("They were never shipped to Upper Meridia, and from 1945 they went north to Free Kardovan units.");
    assert_eq!(diagnostics, 1);
}

/// "as a X vehicle only" after a group says who alone used it then; a lead-in period opened by
/// "from" ends where a pronoun subject starts, without its comma.
#[test]
fn as_a_factions_vehicle_only_restricts_the_group() {
    assert_eq!(
        read("From 1946 to 1948 it served in the Kesh Hills and Upper Meridia with an RF of 1.3, as a Royalist vehicle only."),
        (
            vec!["DatesAndRf | the Kesh Hills/Upper Meridia: 1/46-12/48 (1.3; Royalist use only)".to_string()],
            0
        )
    );
}

/// "mid-1943" is never guessed: the sentence is an error that names it, not the preposition
/// before it.
#[test]
fn a_vague_month_is_an_error_naming_it() {
    assert_eq!(
        read("Entered service in the Thornwald in mid-1943; RF 1.5."),
        (vec!["Unreadable at `in mid-1943`".to_string()], 1)
    );
}

/// "wherever the X was, from 1941 on, with its RF .1 higher (never above 1.6)": a relative
/// rule whose own open end says the months it holds in; a period of its own ("in 1941") is
/// still no piece of it.
#[test]
fn a_relative_rule_may_give_its_open_end() {
    let r = parse_availability_with(
        "Wherever the Sable was, from 1941 on, with its RF .1 higher (never above 1.6).",
        0,
        FileId(0),
        &lexicon(),
    );
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    let [AvailabilityClause {
        kind: ClauseKind::RelativeRf(rel),
        ..
    }] = &r.value[..]
    else {
        panic!("{:?}", r.value);
    };
    assert_eq!(rel.base_vehicle.raw, "Sable");
    assert_eq!((rel.delta.value.0, rel.lower), (1, false));
    assert_eq!(rel.max.as_ref().map(|m| m.value.0), Some(16));
    assert!(matches!(&rel.within, Some(EntryWhen::From(p)) if p.raw.contains("1941")));
    assert_eq!(
        read("Wherever the Sable was, in 1941, with its RF .1 higher.").1,
        1
    );
}

/// A label's article is no word of its name, and a name ends where the listing's longest
/// name there does: "The Sable A:" names the Sable A, never the Sable and a clause "A: ...".
#[test]
fn a_labels_article_is_no_word_of_its_name() {
    let r = parse_availability_with(
        "The Sable A: wherever the Sable was, from 1941 on, with its RF .1 higher.",
        0,
        FileId(0),
        &lexicon(),
    );
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    let names: Vec<&str> = r.value[0].vehicles.iter().map(|v| v.raw.as_str()).collect();
    assert_eq!(names, ["Sable A"]);
}
