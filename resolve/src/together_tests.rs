//! Sentences that belong together (issue 30 item 3), through the resolver: a note's sentences
//! share their subject and scope until a new one is named, names with full stops stay whole,
//! and the plain wording of another editor ("was used in X from A to B", places in
//! parentheses, a semicolon between two clauses) reads.

use crate::tests::{listing, resolve, row};

/// Each entry of `name` as "Theater period RF", in the IR's order.
fn entries(r: &crate::Resolved, name: &str) -> Vec<String> {
    let v = r.nation.vehicles.iter().find(|v| v.name == name).unwrap();
    v.availability
        .iter()
        .map(|a| format!("{} {} {}", a.theaters[0], a.period, a.rf))
        .collect()
}

#[test]
fn a_sentence_naming_no_vehicle_keeps_the_vehicle_and_the_place_of_the_one_before() {
    let l = listing([
        row("Alpha", "1.1", "40-43", "1"),
        row("Bravo", "1.2", "40-43", "1"),
    ]);
    let notes = "**1. Alpha & Bravo:** Test vehicles.\n\n† The Alpha was used in North Africa from 1/41. In 1942 its RF is 1.3.\n\n† The Bravo was used in Russia from June 1941 to May 1943.\n";
    let r = resolve(&l, notes);
    // 1.3 is outside the listing's RF (1.1): a lint, nothing else.
    let codes: Vec<&str> = r.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["lint::rf-outside-range"]);
    assert_eq!(
        entries(&r, "Alpha"),
        [
            "NorthAfrica 1-12/41 1.1",
            "NorthAfrica 1-12/42 1.3",
            "NorthAfrica 1-12/43 1.1"
        ]
    );
    assert_eq!(entries(&r, "Bravo"), ["Russia 6/41-5/43 1.2"]);
}

#[test]
fn a_name_with_full_stops_is_one_name_not_two_sentences() {
    let l = listing([
        row("Cam. de Mitr. CA", "1.3-1.4", "39-45", "1"),
        row("Kpfw. B.1", "1.2-1.5", "38-41", "1"),
    ]);
    let notes = "**1. Cam. de Mitr. CA & Kpfw. B.1:** Test vehicles.\n\n† The Cam. de Mitr. CA was used in France from September 1939 to June 1940 (RF 1.3) and again from September 1944 to March 1945 (RF 1.4). The Kpfw. B.1 was used in Russia in 1941, with an RF of 1.5.\n";
    let r = resolve(&l, notes);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(
        entries(&r, "Cam. de Mitr. CA"),
        ["France 9/39-6/40 1.3", "France 9/44-3/45 1.4"]
    );
    assert_eq!(entries(&r, "Kpfw. B.1"), ["Russia 1-12/41 1.5"]);
}

#[test]
fn places_periods_and_rfs_read_in_any_order_and_in_parentheses() {
    let l = listing([row("Alpha", "1.2-1.6", "40-45", "1")]);
    for rule in [
        "Available in Russia in September–October 1941 (RF 1.6), and in North Africa from November 1941 through February 1943 (RF 1.4).",
        "Russia, 9-10/41 (RF 1.6); North Africa, 11/41-2/43 (RF 1.4).",
        "Dates are 9-10/41 (Russia) and North Africa (11/41-2/43). RF is 1.6 until October 1941 and 1.4 from November 1941 on.",
        "In Russia it was used in September and October 1941 at RF 1.6. In North Africa it served from November 1941 until February 1943 with an RF of 1.4.",
    ] {
        let notes = format!("**1. Alpha:** A test vehicle.\n\n† {rule}\n");
        let r = resolve(&l, &notes);
        assert!(r.diagnostics.is_empty(), "{rule}: {:?}", r.diagnostics);
        let mut got = entries(&r, "Alpha");
        got.sort();
        assert_eq!(
            got,
            ["NorthAfrica 11/41-2/43 1.4", "Russia 9-10/41 1.6"],
            "{rule}"
        );
    }
}

#[test]
fn rf_sentences_after_dates_rate_the_months_in_turn() {
    let l = listing([row("Alpha", "1.2-1.3", "36-6/40", "1")]);
    let notes = "**1. Alpha:** A test vehicle.\n\n† Alpha dates are 9/39-6/40 in France. The RF is 1.2 until April 1940; in May and June 1940 it is 1.3.\n";
    let r = resolve(&l, notes);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(
        entries(&r, "Alpha"),
        ["France 9/39-4/40 1.2", "France 5-6/40 1.3"]
    );
}

#[test]
fn an_open_end_read_with_the_rf_sentence_after_it_stops_at_the_dates() {
    let l = listing([row("Alpha", "1.2-1.5", "7/43-5/45", "1")]);
    let notes = "**1. Alpha:** A test vehicle.\n\n† The Alpha is available in North Africa from July 1943 onwards. Its RF is 1.5 in 1943, 1.3 in 1944 and 1.2 in 1945.\n";
    let r = resolve(&l, notes);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(
        entries(&r, "Alpha"),
        [
            "NorthAfrica 7-12/43 1.5",
            "NorthAfrica 1-12/44 1.3",
            "NorthAfrica 1-5/45 1.2"
        ]
    );
}

#[test]
fn a_sentence_after_an_unreadable_one_keeps_the_last_subject_and_says_so() {
    let l = listing([
        row("Alpha", "1.0-1.6", "40-45", "1"),
        row("Bravo", "1.0-1.6", "40-45", "1"),
    ]);
    let notes = "**1. Alpha & Bravo:** Test vehicles.\n\n† The Alpha was used in Russia in 1941 at RF 1.2. It was seen now and then in 1942. In North Africa it served in 1943 at RF 1.4.\n";
    let r = resolve(&l, notes);
    let codes: Vec<&str> = r.diagnostics.iter().map(|d| d.code).collect();
    assert!(
        codes.contains(&"notes::unreadable-availability"),
        "{codes:?}"
    );
    let said = r
        .diagnostics
        .iter()
        .find(|d| d.code == "notes::continued-subject")
        .expect("said so");
    assert!(said.message.contains("Alpha"), "{}", said.message);
    assert_eq!(
        entries(&r, "Alpha"),
        ["NorthAfrica 1-12/43 1.4", "Russia 1-12/41 1.2"]
    );
    // The first sentence is not spoiled, and Bravo is not the subject.
    assert!(entries(&r, "Bravo").iter().all(|e| !e.contains("1.4")));
}

#[test]
fn a_vehicle_named_in_a_later_sentence_narrows_a_copy_of_another() {
    let l = listing([
        row("Alpha", "1.3", "39-6/40", ""),
        row("Bravo", "1.3-1.5", "39-6/40", "1"),
        row("Bravo (L)", "1.3-1.5", "39-6/40", "1"),
        row("Charlie", "1.4-1.5", "39-6/40", "2"),
    ]);
    let notes = "**1. Bravo & Bravo (L):** Test vehicles.\n\n† Dates and RF are as for the Alpha. The Bravo (L)'s RF is .1 higher.\n\n**2. Charlie:** A test vehicle.\n\n† The Charlie has the same dates as the Alpha's, with .3 added to each RF (to a maximum of 1.5).\n";
    let r = resolve(&l, notes);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(entries(&r, "Bravo"), ["Any 1/39-6/40 1.3"]);
    assert_eq!(entries(&r, "Bravo (L)"), ["Any 1/39-6/40 1.4"]);
    assert_eq!(entries(&r, "Charlie"), ["Any 1/39-6/40 1.5"]);
}

#[test]
fn dates_given_a_place_a_sentence_are_one_list_for_the_relative_rule_after_them() {
    let l = listing([
        row("Alpha", "1.0-1.2", "40-43", "1"),
        row("Bravo", "1.2-1.6", "40-43", "2"),
    ]);
    let rules = "RF is 1.0 in 1940, 1.1 in 1941, 1.2 in 1942-43.";
    let split = "France: 6/40. North Africa: 6/40-12/41. Russia: 7/41-6/42. The RF is .3 more than the Alpha's corresponding RF (maximum 1.6).";
    let notes = format!(
        "**1. Alpha:** Test vehicle.\n\n† {rules}\n\n**2. Bravo:** Test vehicle.\n\n† {split}\n"
    );
    let r = resolve(&l, &notes);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(
        entries(&r, "Bravo"),
        [
            "NorthAfrica 6-12/40 1.3",
            "NorthAfrica 1-12/41 1.4",
            "Russia 7-12/41 1.4",
            "Russia 1-6/42 1.5",
            "France 6/40 1.3"
        ]
    );
    // A place given twice ends the list: the first sentence stands alone, with no RF (an
    // error), and the relative rule rates the second.
    let twice = "France: 6/40. France: 6/41. The RF is .3 more than the Alpha's corresponding RF (maximum 1.6).";
    let notes = format!(
        "**1. Alpha:** Test vehicle.\n\n† {rules}\n\n**2. Bravo:** Test vehicle.\n\n† {twice}\n"
    );
    let r = resolve(&l, &notes);
    assert_eq!(entries(&r, "Bravo"), ["France 6/41 1.4"]);
    let codes: Vec<&str> = r.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["notes::no-rf"]);
}

/// An open end runs until a later statement gives the same theater's months from then to its
/// own end ("A handful reached X in 1944 ... From 1945 it served there ..."); a later period
/// that ends before the open end does would leave the months after it unsaid, and the two
/// contradict (an error, never a guess).
#[test]
fn an_open_end_runs_until_a_later_statement_takes_over() {
    let l = listing([row("Alpha", "1.2-1.6", "40-45", "1")]);
    let notes = "**1. Alpha:** A test vehicle.\n\n† A handful reached Russia in 1943 (RF 1.6). From 1944 to 1945 it served in Russia with an RF of 1.3.\n";
    let r = resolve(&l, notes);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(
        entries(&r, "Alpha"),
        ["Russia 1-12/43 1.6", "Russia 1/44-12/45 1.3"]
    );
    let notes = "**1. Alpha:** A test vehicle.\n\n† It was used in Russia from 1943 on (RF 1.6). In 1944 it was used in Russia at RF 1.3.\n";
    let r = resolve(&l, notes);
    let codes: Vec<&str> = r.diagnostics.iter().map(|d| d.code).collect();
    assert!(codes.contains(&"notes::contradictory-rf"), "{codes:?}");
}

/// A translator's order (issue 30, `tests/fixtures-notes/hav`): RFs by period that name no
/// place, right after a rated schedule naming one, go on in that place, and its months stay
/// complete (the listing's range fills no month before them: no `notes::no-rf`); a sentence
/// naming its own place keeps it.
#[test]
fn rfs_by_period_naming_no_place_go_on_in_the_place_before_them() {
    let l = listing([row("Alpha", "1.1-1.4", "38-43", "1")]);
    let notes = "**1. Alpha:** Test vehicle.\n\n† Was in use in North Africa since 6/38 with RF of 1,1 until including 12/40. In the years 1941-1942 RF 1.2, after this RF 1.4.\n";
    let r = resolve(&l, notes);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(
        entries(&r, "Alpha"),
        [
            "NorthAfrica 6/38-12/40 1.1",
            "NorthAfrica 1/41-12/42 1.2",
            "NorthAfrica 1-12/43 1.4"
        ]
    );
    let notes = "**1. Alpha:** Test vehicle.\n\n† Was in use in North Africa since 6/38 with RF of 1,1 until including 12/40. In Russia in 1941-1942 RF 1.2.\n";
    let r = resolve(&l, notes);
    assert_eq!(
        entries(&r, "Alpha"),
        ["NorthAfrica 6/38-12/40 1.1", "Russia 1/41-12/42 1.2"]
    );
}

/// A copy naming its base, a limit, then an amount naming no base ("Same like note 1, but
/// from 1942 only. RF +0.1."): the amount changes the copy before it, as "... but RF +0.1"
/// would; a copy already changed keeps its change (the amount is a copy of its own).
#[test]
fn an_amount_after_a_plain_copy_changes_that_copy() {
    let l = listing([
        row("Alpha", "1.1", "40-43", "1"),
        row("Bravo", "1.2", "40-43", "2"),
    ]);
    let notes = "**1. Alpha:** A test vehicle.\n\n† The Alpha was used in North Africa from 1/41 with RF 1.1.\n\n**2. Bravo:** A test vehicle.\n\n† Same like note 1, but from 1942 only. RF +0.1.\n";
    let r = resolve(&l, notes);
    let codes: Vec<&str> = r.diagnostics.iter().map(|d| d.code).collect();
    assert!(!codes.iter().any(|c| c.starts_with("notes::")), "{codes:?}");
    assert_eq!(entries(&r, "Bravo"), ["NorthAfrica 1/42-12/43 1.2"]);
}
