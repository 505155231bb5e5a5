//! The notes reader's meanings through the resolver: years from the data, contradictory RFs,
//! relative amounts and caps in the catalogue's forms, notes named as antecedents.

use crate::tests::{derived, listing, resolve, resolve_with, rfs, row};

/// The vehicle's entries as ("from-to", RF in tenths), in order.
fn periods_and_rfs(r: &crate::Resolved, name: &str) -> Vec<(String, u32)> {
    let v = r.nation.vehicles.iter().find(|v| v.name == name).unwrap();
    v.availability
        .iter()
        .map(|a| (format!("{}-{}", a.period.from, a.period.to), a.rf.0))
        .collect()
}

/// The error codes of a resolve.
fn codes(r: &crate::Resolved) -> Vec<&'static str> {
    r.diagnostics.iter().map(|d| d.code).collect()
}

#[test]
fn a_period_may_name_any_year_the_listing_holds() {
    // Korea: the listing's DATES say which years the notes may name.
    let l = listing([row("Alpha", "1.0-1.6", "7/50-53", "1")]);
    let notes = "**1. Alpha:** A test vehicle.\n\n† Dates and RF are 7/50-51 (1.2) and June 1952 to July 1953 (1.4).\n";
    let r = resolve(&l, notes);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(rfs(&r.nation, "Alpha"), vec![12, 14]);
    // A year no DATES of the listing holds is a misprint.
    let notes =
        "**1. Alpha:** A test vehicle.\n\n† Dates and RF are 7/50-51 (1.2) and 6/47 (1.4).\n";
    let r = resolve(&l, notes);
    let d = r
        .diagnostics
        .iter()
        .find(|d| d.code == "notes::year-out-of-range")
        .expect("year-out-of-range");
    assert!(d.message.contains("(1950-1953)"), "{}", d.message);
}

#[test]
fn two_rfs_for_the_same_months_are_an_error_naming_both_sentences() {
    let l = listing([row("Alpha", "1.0-1.6", "40-43", "1")]);
    for (rule, other) in [
        (
            "Dates and RF are 6-12/40 (1.5) and 6-12/40 (1.6).",
            "6-12/40 (1.5)",
        ),
        ("RF is 1.6 in 1941.\n\n† RF is 1.5 in 1941.", "1.6 in 1941"),
    ] {
        let notes = format!("**1. Alpha:** A test vehicle.\n\n† {rule}\n");
        let r = resolve(&l, &notes);
        let d = r
            .diagnostics
            .iter()
            .find(|d| d.code == "notes::contradictory-rf")
            .unwrap_or_else(|| panic!("{rule}: {:?}", r.diagnostics));
        assert!(
            d.notes.iter().any(|n| n.contains(other)),
            "{rule}: {:?}",
            d.notes
        );
        assert!(
            r.nation.unresolved.iter().any(|u| u.name == "Alpha"),
            "{rule}"
        );
    }
}

#[test]
fn relative_amounts_and_caps_read_in_every_form_of_the_catalogue() {
    let l = listing([
        row("Alpha", "1.0", "40-43", "2"),
        row("Bravo", "1.0-1.6", "40-43", "1"),
    ]);
    for (rule, rf) in [
        (
            "RF is always .1 higher than the corresponding RF of the Alpha.",
            11,
        ),
        (
            "RF is that of the Alpha raised by .3, to a maximum of 1.2.",
            12,
        ),
        ("RF always exceeds the Alpha's by .2.", 12),
        ("Its RF is the Alpha's plus .4 (max 1.3).", 13),
        (
            "RF is .4 more than that of the Alpha, but never above 1.3.",
            13,
        ),
        (
            "RF is the RF of the Alpha with .2 added, and may not exceed 1.6.",
            12,
        ),
        ("RF is .1 lower than the Alpha's.", 9),
        ("RF is that of the Alpha reduced by .2.", 8),
        ("Dates and RF are those of the Alpha with .1 added.", 11),
        ("Dates and RF are the same as in Note 2, plus .2.", 12),
    ] {
        let notes = format!(
            "**1. Bravo:** A test vehicle.\n\n† {rule}\n\n**2. Alpha:** Another.\n\n† Alpha has no rule.\n"
        );
        let r = resolve(&l, &notes);
        assert!(r.diagnostics.is_empty(), "{rule}: {:?}", r.diagnostics);
        assert_eq!(derived(&r, "Bravo"), vec![("Alpha".into(), rf)], "{rule}");
    }
}

#[test]
fn a_note_named_as_antecedent_that_is_not_there_is_an_error() {
    let l = listing([row("Bravo", "1.0-1.6", "40-43", "1")]);
    let notes = "**1. Bravo:** A test vehicle.\n\n† Dates and RF are as per Note 9.\n";
    let r = resolve(&l, notes);
    assert!(
        codes(&r).contains(&"notes::unknown-note-reference"),
        "{:?}",
        r.diagnostics
    );
}

/// A nation with one faction, named in two wordings.
const ROYALIST_OB: &str = r#"
[[faction]]
id = "royalist"
name = "Royalist"
words = ["Royalist", "Free Royalists"]
lines = "1-2"
"#;

#[test]
fn faction_words_read_in_their_plural_singular_and_possessive_forms() {
    let l = listing([row("Alpha", "1.2-1.3", "40-45", "1")]);
    let ob = ROYALIST_OB;
    for (entry, limit) in [
        ("Royalists use only", "Free Royalist"),
        ("Royalist's use only", "free royalists'"),
        ("ROYALIST use only", "Free  Royalists"),
    ] {
        let notes = format!(
            "**1. Alpha:** A test vehicle.\n\n† Dates and RF are 40-43 (1.2), and 44-45 (1.3; {entry}). Availability in 1945 is limited to {limit} only.\n"
        );
        let r = resolve_with(&l, &notes, Some(ob));
        assert!(
            r.diagnostics.is_empty(),
            "{entry} / {limit}: {:?}",
            r.diagnostics
        );
        let v = &r.nation.vehicles[0];
        assert_eq!(v.restricted_use.len(), 1, "{entry}");
        assert_eq!(v.restricted_use[0].faction, "royalist");
    }
}

#[test]
fn a_faction_no_reading_uses_is_an_error_at_its_words() {
    let l = listing([row("Alpha", "1.2-1.3", "40-45", "1")]);
    let ob = ROYALIST_OB;
    for (sentence, words) in [
        // Limits read ("Only the Free Royalists may use it"): these are no limit forms.
        (
            "Only the Free Royalists, it is said, may use it.",
            "Free Royalists",
        ),
        ("Royalist use only, at times.", "Royalist"),
        ("It served with the royalists' forces.", "royalists'"),
    ] {
        let notes = format!(
            "**1. Alpha:** A test vehicle.\n\n† Dates and RF are 40-45 (1.2). {sentence}\n"
        );
        let r = resolve_with(&l, &notes, Some(ob));
        let d = r
            .diagnostics
            .iter()
            .find(|d| d.code == "notes::unread-faction")
            .unwrap_or_else(|| panic!("{sentence}: {:?}", r.diagnostics));
        let span = d.span.as_ref().unwrap().range.clone();
        assert_eq!(&notes[span], words, "{sentence}");
    }
    // Read restrictions are used.
    let notes = "**1. Alpha:** A test vehicle.\n\n† Dates and RF are 40-43 (1.2), and 44-45 (1.3; Royalist use only). Availability in 1945 is limited to Free Royalists only.\n";
    let r = resolve_with(&l, notes, Some(ob));
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
}

#[test]
fn a_place_in_a_sentence_no_reading_uses_is_a_warning() {
    let l = listing([row("Alpha", "1.2", "40-45", "1")]);
    for (sentence, place) in [
        ("It was used in Russia only by a few units.", "Russia"),
        (
            "It is rare in every theatre except North Africa.",
            "North Africa",
        ),
        // A theater's own name warns whatever the verb.
        ("It was also seen in Russia.", "Russia"),
        ("A few were captured in North Africa.", "North Africa"),
    ] {
        let notes = format!("**1. Alpha:** A test vehicle.\n\n† {sentence}\n");
        let r = resolve(&l, &notes);
        let d = r
            .diagnostics
            .iter()
            .find(|d| d.code == "notes::unread-place")
            .unwrap_or_else(|| panic!("{sentence}: {:?}", r.diagnostics));
        assert_eq!(&notes[d.span.as_ref().unwrap().range.clone()], place);
    }
    // Prose naming a people, quoted notations, and an alias that is an adjective in a sentence
    // not about use ("North African" is the test registry's), are no places of availability.
    let notes = "**1. Alpha:** A test vehicle.\n\n† \"(f)\" stands for \"French\" for ESB purposes. It is shown by \"BMG: CE FP NA\" only. Its armament is North African.\n";
    let r = resolve(&l, notes);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
}

#[test]
fn dates_per_place_and_rfs_per_period_in_the_next_sentence_are_read_together() {
    let l = listing([row("Alpha", "1.0-1.6", "40-45", "1")]);
    let notes = "**1. Alpha:** A test vehicle.\n\n† Dates for use in France are 6/40, and for North Africa 6/40-41. RF is 1.0 in 1940, and 1.1 in 1941.\n";
    let r = resolve(&l, notes);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    let got = first_entries(&r);
    assert_eq!(
        got,
        [
            "NorthAfrica 6-12/40 1.0",
            "NorthAfrica 1-12/41 1.1",
            "France 6/40 1.0"
        ]
    );
}

#[test]
fn they_after_an_unreadable_sentence_is_read_with_the_last_subject_read() {
    let l = listing([
        row("Alpha", "1.0-1.6", "40-45", "1"),
        row("Bravo", "1.0-1.6", "40-45", "1"),
    ]);
    let notes = "**1. Alpha & Bravo:** Test vehicles.\n\n† Alpha Dates and RF are 1940 (1.2). Bravo Dates and RF are sometimes 1941 (1.3). For Russia they are 1942 (1.4).\n";
    let r = resolve(&l, notes);
    let codes = codes(&r);
    assert!(
        codes.contains(&"notes::unreadable-availability"),
        "{codes:?}"
    );
    let d = r
        .diagnostics
        .iter()
        .find(|d| d.code == "notes::continued-subject")
        .expect("said so");
    assert!(d.message.contains("Alpha"), "{}", d.message);
    let alpha: Vec<String> = r.nation.vehicles[0]
        .availability
        .iter()
        .map(|a| format!("{} {} {}", a.theaters[0], a.period, a.rf))
        .collect();
    assert!(
        alpha.contains(&"Russia 1-12/42 1.4".to_string()),
        "{alpha:?}"
    );
}

#[test]
fn every_theater_except_one_is_the_others() {
    let l = listing([row("Alpha", "1.0-1.6", "40-45", "1")]);
    let notes = "**1. Alpha:** A test vehicle.\n\n† Dates and RF for use in Russia are 1941 (1.3). Dates and RF for use in North Africa are 1940 (1.1).\n\n† Dates and RF in every theatre except Russia are 1942 (1.2).\n";
    let r = resolve(&l, notes);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    let mut got: Vec<String> = r.nation.vehicles[0]
        .availability
        .iter()
        .map(|a| format!("{} {} {}", a.theaters[0], a.period, a.rf))
        .collect();
    got.sort();
    assert_eq!(
        got,
        [
            "NorthAfrica 1-12/40 1.1",
            "NorthAfrica 1-12/42 1.2",
            "Russia 1-12/41 1.3"
        ]
    );
}

/// RFs per place after a dates list ("RF 1.5, but only 1.3 in North Africa") rate the list's
/// months place by place; the RF sentence's places give no availability of their own.
#[test]
fn rfs_per_place_after_a_dates_list_rate_it_place_by_place() {
    let l = listing([row("Alpha", "1.0-1.6", "40-45", "1")]);
    let notes = "**1. Alpha:** A test vehicle.\n\n† Dates for use in France are 1941-42, and for North Africa 1942. RF 1.5, but only 1.3 in North Africa.\n";
    let r = resolve(&l, notes);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    let got = first_entries(&r);
    assert_eq!(got, ["NorthAfrica 1-12/42 1.3", "France 1/41-12/42 1.5"]);
}

/// Each entry of the first vehicle as "Theater period RF", in the IR's order.
fn first_entries(r: &crate::Resolved) -> Vec<String> {
    r.nation.vehicles[0]
        .availability
        .iter()
        .map(|a| format!("{} {} {}", a.theaters[0], a.period, a.rf))
        .collect()
}

/// "As the Alpha, but RF 1.4": the base's dates and places, every RF replaced; "rarity 1.4
/// throughout" after a limit the same, within the limit's months.
#[test]
fn a_copy_with_its_rf_set_takes_the_bases_months_at_that_rf() {
    let l = listing([
        row("Alpha", "1.1-1.3", "40-43", "1"),
        row("Bravo", "1.4", "40-43", "2"),
    ]);
    let notes = "**1. Alpha:** A test vehicle.\n\n† Dates and RF are 1940-41 (1.1) and 1942-43 (1.3).\n\n**2. Bravo:** Another.\n\n† As the Alpha (see note 1), but not before 6/41 and rarity 1.4 throughout.\n";
    let r = resolve(&l, notes);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(
        periods_and_rfs(&r, "Bravo"),
        [
            ("6/41-12/41".to_string(), 14),
            ("1/42-12/43".to_string(), 14)
        ]
    );
    assert!(derived(&r, "Bravo").iter().all(|(base, _)| base == "Alpha"));
}

/// "thereafter" opening the second section of a sentence runs on from the first section's
/// last month, in its place.
#[test]
fn thereafter_after_a_semicolon_runs_on_from_the_section_before() {
    let l = listing([row("Alpha", "1.2-1.4", "40-44", "1")]);
    let notes = "**1. Alpha:** A test vehicle.\n\n† Available 3/41 through 8/42 (RF 1.2) on the Eastern Front; thereafter RF 1.4.\n";
    let r = resolve(&l, notes);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(
        periods_and_rfs(&r, "Alpha"),
        [
            ("3/41-8/42".to_string(), 12),
            ("9/42-12/44".to_string(), 14)
        ]
    );
}

/// "Same dates and theaters as the Alpha. Use the RF of the Alpha plus 0.1.": one copy of the
/// Alpha, its RF raised, not two copies for the same months.
#[test]
fn a_relative_rule_after_a_plain_copy_of_its_base_changes_that_copy() {
    let l = listing([
        row("Alpha", "1.2-1.4", "41-44", "1"),
        row("Bravo", "1.3-1.5", "41-44", "2"),
    ]);
    let notes = "**1. Alpha:** A test vehicle.\n\n† Dates and RF are 1941-42 (1.2) and 1943-44 (1.4).\n\n**2. Bravo:** Another.\n\n† Same dates and theaters as the Alpha. Use the RF of the Alpha plus 0.1.\n";
    let r = resolve(&l, notes);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(rfs(&r.nation, "Bravo"), vec![13, 15]);
}

/// An RF sentence that names places and closed periods and only repeats the listing's one RF
/// ("RF 1.4 in Kesh and on the Marsh Front, 7/42 through 6/44") says where and when: the
/// listing fills no other month there. One that changes the RF leaves the listing the rest.
#[test]
fn an_rf_sentence_repeating_the_listing_rf_is_the_window() {
    let l = listing([row("Alpha", "1.4", "42-44", "1")]);
    let notes = "**1. Alpha:** A test vehicle.\n\n† RF 1.4 in France and in North Africa, 7/42 through 6/44.\n";
    let r = resolve(&l, notes);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(
        first_entries(&r),
        ["NorthAfrica 7/42-6/44 1.4", "France 7/42-6/44 1.4"]
    );
    let notes = "**1. Alpha:** A test vehicle.\n\n† RF 1.6 in France and in North Africa, 7/42 through 6/44.\n";
    let r = resolve(&l, notes);
    assert!(codes(&r).iter().all(|c| *c == "lint::rf-outside-range"));
    assert_eq!(first_entries(&r).len(), 6, "{:?}", first_entries(&r));
}

/// "1.4 from March 1941, 1.2 from January '42 on, and 1.0 from 1944 until August 1945": in one
/// list an open end runs until the next entry that starts later, never into it.
#[test]
fn an_open_end_in_a_list_runs_until_the_next_entry() {
    let l = listing([row("Alpha", "1.0-1.4", "3/41-8/45", "1")]);
    let notes = "**1. Alpha:** A test vehicle.\n\n† RF 1.4 from March 1941, 1.2 from January '42 on, and 1.0 from 1944 until August 1945.\n";
    let r = resolve(&l, notes);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(
        periods_and_rfs(&r, "Alpha"),
        [
            ("3/41-12/41".to_string(), 14),
            ("1/42-12/43".to_string(), 12),
            ("1/44-8/45".to_string(), 10)
        ]
    );
}

/// Two vehicles' dates lists, one after the other, then one RF sentence about both: each
/// list takes its RFs ("The Alpha arrived in France in January 1940; the Alpha II followed in
/// 1/41 ... Both have RF 1.2 until the end of '41 and 1.4 from then on").
#[test]
fn one_rf_sentence_rates_the_dates_lists_of_both_vehicles() {
    let l = listing([
        row("Alpha", "1.2-1.4", "40-43", "1"),
        row("Alpha II", "1.2-1.4", "41-43", "1"),
    ]);
    let notes = "**1. Alpha and Alpha II:** Two test vehicles.\n\n† The Alpha arrived in France in January 1940; the Alpha II followed in 1/41 and went to North Africa as well. Both have RF 1.2 until the end of '41 and 1.4 from then on, and both lasted until December 1943.\n";
    let r = resolve(&l, notes);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(
        periods_and_rfs(&r, "Alpha"),
        [
            ("1/40-12/41".to_string(), 12),
            ("1/42-12/43".to_string(), 14)
        ]
    );
    assert_eq!(
        periods_and_rfs(&r, "Alpha II"),
        [
            ("1/41-12/41".to_string(), 12),
            ("1/42-12/43".to_string(), 14)
        ]
    );
}
