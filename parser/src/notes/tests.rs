//! The real Italian notes, read whole: structure, titles, See-also references, counter
//! notations, every availability clause and the exact diagnostics; plus synthetic documents for
//! what the real data does not exercise.

use qm_schema::CounterSide;

use super::*;
use crate::availability::tests::{render, ITA_YEARS};
use crate::{FileId, Severity, Source};

const ITA: &str = include_str!("../../../data-src/ita/notes.md");

fn ita() -> (Source, Parsed<NotesDoc>) {
    let source = Source::new(FileId(7), "ita/notes.md", ITA);
    let parsed = parse_notes(&source, Some(ITA_YEARS));
    (source, parsed)
}

fn at<'t>(text: &'t str, span: &TextSpan) -> &'t str {
    &text[span.range.clone()]
}

#[test]
fn numbered_notes_and_titles() {
    let (_, parsed) = ita();
    let titles: Vec<(u16, &str)> = parsed
        .value
        .notes
        .iter()
        .map(|n| (n.number.value, n.title.value.as_str()))
        .collect();
    assert_eq!(
        titles,
        [
            (1, "L5/21 & L5/30"),
            (2, "L3/35"),
            (3, "L3 aa"),
            (4, "L3 cc"),
            (5, "L3 Lf"),
            (6, "L6/40"),
            (7, "M11/39"),
            (8, "M13/40"),
            (9, "M14/41"),
            (10, "M15/42"),
            (11, "MR/35(f)"),
            (12, "Semovente M40 & M41 da 75/18"),
            (13, "Semovente M42 da 75/18 & 75/32"),
            (14, "Semovente M43 da 105/25"),
            (15, "Semovente L40 da 47/32"),
            (16, "Semovente M41M da 90/53"),
            (17, "AS 42, AS 42 aa & AS 42 cc"),
            (18, "Lince"),
            (19, "Lancia IZM"),
            (20, "Fiat 611A & 611B"),
            (21, "AB 40 & AB 41"),
            (22, "Autoprotetto S37"),
            (23, "Autocannoni da 20/65(b) & 65/17(b)"),
            (24, "Autocannoni da 75/27 CK & 90/53"),
            (25, "TL 37, TM 40 & TP 32"),
            (26, "Autocarretta"),
            (27, "Fiat 508 MC & Fiat 508 Furgone"),
            (28, "Autocarri L, M & P"),
        ]
    );
    let (intro, notes) = (&parsed.value.intro, &parsed.value.notes);
    assert_eq!(
        parsed
            .value
            .intro_heading
            .as_ref()
            .map(|h| h.value.as_str()),
        Some("Introduction")
    );
    assert_eq!(intro.len(), 5);
    assert!(intro[4]
        .text
        .starts_with("[Note: All Allied Italian combat formations"));
    assert_eq!(at(ITA, &notes[16].title.span), "AS 42, AS 42 aa & AS 42 cc");
    assert_eq!(at(ITA, &notes[16].number.span), "17");
    let history: Vec<usize> = notes.iter().map(|n| n.history.len()).collect();
    assert_eq!(
        history,
        [2, 2, 1, 2, 1, 2, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1]
    );
    let rules: Vec<usize> = notes.iter().map(|n| n.rules.len()).collect();
    assert_eq!(
        rules,
        [1, 1, 3, 1, 3, 1, 2, 2, 1, 1, 3, 1, 1, 0, 2, 3, 2, 0, 2, 1, 1, 2, 3, 1, 4, 2, 4, 1]
    );
}

#[test]
fn title_vehicles() {
    let (_, parsed) = ita();
    let vehicles = |n: u16| -> Vec<String> {
        let note = parsed.value.note(n).expect("note exists");
        note.vehicles.iter().map(|v| v.value.clone()).collect()
    };
    assert_eq!(vehicles(1), ["L5/21", "L5/30"]);
    assert_eq!(vehicles(12), ["Semovente M40", "M41 da 75/18"]);
    assert_eq!(vehicles(13), ["Semovente M42 da 75/18", "75/32"]);
    assert_eq!(vehicles(17), ["AS 42", "AS 42 aa", "AS 42 cc"]);
    assert_eq!(vehicles(23), ["Autocannoni da 20/65(b)", "65/17(b)"]);
    assert_eq!(vehicles(28), ["Autocarri L", "M", "P"]);
    let note = parsed.value.note(17).expect("note 17");
    assert_eq!(at(ITA, &note.vehicles[2].span), "AS 42 cc");
}

#[test]
fn clause_names_match_title_vehicles_of_any_nation() {
    let titles = |names: &[&str]| -> Vec<crate::Spanned<String>> {
        names
            .iter()
            .map(|n| crate::Spanned {
                value: n.to_string(),
                span: TextSpan::new(crate::FileId(0), 0..0),
            })
            .collect()
    };
    let cases: [(&[&str], &str, Option<usize>); 8] = [
        (&["Sdkfz 251/1", "251/10", "251/16"], "SPW 251/10", Some(1)),
        (&["Sdkfz 251/1", "251/10", "251/16"], "Sdkfz 251/1", Some(0)),
        (
            &["M4A1(76)W", "M4A3(75)W", "M4A3(76)W"],
            "M4A3(76)W",
            Some(2),
        ),
        (&["Cromwell IV", "Cromwell VII"], "Cromwell VII", Some(1)),
        (&["Cromwell IV", "Cromwell VII"], "Cromwell", None),
        // Class words may be abbreviated or translated; the model numbers decide.
        (&["Semovente M40", "M41 da 75/18"], "SMV M41 75/18", Some(1)),
        (&["AS 42", "AS 42 aa", "AS 42 cc"], "AS 42 cc", Some(2)),
        (
            &["Autocannoni da 20/65(b)", "65/17(b)"],
            "Autocannone da 70/65",
            None,
        ),
    ];
    for (names, name, expected) in cases {
        assert_eq!(
            super::vehicles::match_title(name, &titles(names)),
            expected,
            "{name} in {names:?}"
        );
    }
}

/// A name in the plural ("Otters reached ...") is the title's vehicle of that name; a plural
/// of no title's name still says so.
#[test]
fn a_name_in_the_plural_is_the_titles_vehicle() {
    let titles = vec![crate::Spanned {
        value: "Otter".to_string(),
        span: TextSpan::new(crate::FileId(0), 0..0),
    }];
    let mut diagnostics = Vec::new();
    let mut otters = crate::VehicleRef {
        raw: "Otters".into(),
        span: TextSpan::new(crate::FileId(0), 0..6),
        title_index: None,
    };
    super::vehicles::resolve(&mut otters, &titles, 7, &mut diagnostics);
    assert_eq!(otters.title_index, Some(0));
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let mut others = crate::VehicleRef {
        raw: "Badgers".into(),
        ..otters
    };
    others.title_index = None;
    super::vehicles::resolve(&mut others, &titles, 7, &mut diagnostics);
    assert_eq!(others.title_index, None);
    assert_eq!(diagnostics.len(), 1);
}

#[test]
fn broken_paragraphs_are_joined() {
    let (_, parsed) = ita();
    let note = |n: u16| parsed.value.note(n).expect("note exists");
    let l3 = &note(2).history[0];
    assert_eq!(l3.pieces.len(), 2);
    assert!(l3
        .text
        .contains("all but two of the tank battalions in the three"));
    let trailer = &note(5).rules[1].paragraph;
    assert_eq!(trailer.pieces.len(), 2);
    assert!(trailer
        .text
        .contains("has not ferred in the preceding PFFh"));
    assert!(note(12).history[0]
        .text
        .contains("based on the M14/41 tank of which"));
    assert!(note(24).history[0]
        .text
        .contains("campaign. The Autocannone da 90/53 was"));
    assert_eq!(note(3).history[0].pieces.len(), 2);
    // Rule paragraphs printed without a "†".
    let no_dagger: Vec<(u16, String)> = parsed
        .value
        .notes
        .iter()
        .flat_map(|n| {
            n.rules
                .iter()
                .filter(|r| !r.dagger)
                .map(|r| (n.number.value, r.paragraph.text.chars().take(22).collect()))
        })
        .collect();
    assert_eq!(
        no_dagger,
        [
            (23, "(The optional AAMG of ".to_string()),
            (27, "It may fire only at a ".to_string())
        ]
    );
    assert_eq!(
        at(ITA, &note(1).rules[0].paragraph.span),
        "The availability for WWII scenarios is limited to 6/40 (France) and 7/43 (Sicily)."
    );
}

#[test]
fn multi_applicable_notes() {
    let (_, parsed) = ita();
    let letters: Vec<&str> = parsed
        .value
        .multi
        .iter()
        .map(|m| m.letter.value.as_str())
        .collect();
    assert_eq!(
        letters,
        ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "R", "AA"]
    );
    assert_eq!(
        parsed
            .value
            .multi_heading
            .as_ref()
            .map(|h| h.value.as_str()),
        Some("ITALIAN MULTI-APPLICABLE VEHICLE NOTES")
    );
    let d = parsed.value.multi_note("D").expect("note D");
    assert_eq!(d.paragraphs.len(), 1);
    assert_eq!(
        d.paragraphs[0].text,
        "The MA may not fire after moving to a new hex."
    );
    assert_eq!(at(ITA, &d.letter.span), "D");
    assert_eq!(
        at(ITA, &d.span),
        "**D.** The MA may not fire after moving to a new hex."
    );
    assert!(parsed.value.stray.is_empty());
    let availability: Vec<(&str, Vec<String>)> = parsed
        .value
        .multi
        .iter()
        .filter(|m| !m.availability.is_empty())
        .map(|m| {
            (
                m.letter.value.as_str(),
                m.availability.iter().map(render).collect(),
            )
        })
        .collect();
    assert_eq!(
        availability,
        [
            ("C", vec!["OptionalWeapon AAMG RF 1.4 always".to_string()]),
            ("H", vec!["AmmoFrom HEAT 9/42".to_string()]),
            (
                "N",
                vec![
                    "UsedIn North Africa 6/40-5/43".to_string(),
                    "UsedIn Tunisia 11/42-5/43 (dagger only)".to_string()
                ]
            ),
            ("R", vec!["UsedIn Russia 8/41-3/43".to_string()]),
        ]
    );
}

#[test]
fn see_also_references() {
    let (_, parsed) = ita();
    let refs: Vec<(u16, String)> = parsed
        .value
        .notes
        .iter()
        .map(|n| {
            let refs: Vec<String> = n
                .see_also
                .iter()
                .flat_map(|s| &s.refs)
                .map(|r| {
                    let target = match &r.target {
                        NoteTarget::Multi(l) => l.clone(),
                        NoteTarget::Numbered(n) => format!("#{n}"),
                    };
                    if r.inferred {
                        format!("{target}?")
                    } else {
                        target
                    }
                })
                .collect();
            (n.number.value, refs.join(" "))
        })
        .collect();
    let expected: Vec<(u16, String)> = [
        (1, "A"),
        (2, "A B E N R"),
        (3, "C E F N R"),
        (4, "E J N"),
        (5, "E N"),
        (6, "N R"),
        (7, "A N"),
        (8, "B C N"),
        (9, "B C N"),
        (10, "B C"),
        (11, "I"),
        (12, "C F H N"),
        (13, "C"),
        (14, "C?"),
        (15, "N R"),
        (16, "D"),
        (17, "G I L M N AA"),
        (18, "E?"),
        (19, "A F M"),
        (20, "A F M"),
        (21, "A I? N R"),
        (22, "R"),
        (23, "G H N R AA"),
        (24, "D N AA"),
        (25, "L M N R"),
        (26, "K N R"),
        (27, "A K N R"),
        (28, "N R"),
    ]
    .into_iter()
    .map(|(n, s)| (n, s.to_string()))
    .collect();
    assert_eq!(refs, expected);
    let ab = parsed.value.note(21).expect("note 21");
    let inferred = &ab.see_also[0].refs[1];
    assert_eq!(inferred.raw, "1");
    assert_eq!(at(ITA, &inferred.span), "1");
    assert_eq!(
        at(ITA, &ab.see_also[0].span),
        "See also Italian Vehicle Notes A, 1, N, and R."
    );
}

#[test]
fn counter_notations() {
    let (_, parsed) = ita();
    let side = |s: Option<CounterSide>| match s {
        None => "counter",
        Some(CounterSide::Back) => "reverse",
        Some(CounterSide::Wreck) => "wreck",
        Some(CounterSide::Front) => "front",
        Some(CounterSide::Limbered) => "limbered",
    };
    let mut got: Vec<String> = Vec::new();
    let mut push = |note: String, q: &QuotedNotation| {
        let red = if q.red { " red" } else { "" };
        let cond = q
            .condition
            .as_ref()
            .map_or(String::new(), |c| format!(" if <{}>", c.value));
        got.push(format!("{note}: {} @{}{red}{cond}", q.text, side(q.side)));
        assert_eq!(at(ITA, &q.span).replace('\\', ""), q.text);
    };
    for n in &parsed.value.notes {
        for q in &n.notations {
            push(n.number.value.to_string(), q);
        }
    }
    for m in &parsed.value.multi {
        for q in &m.notations {
            push(m.letter.value.clone(), q);
        }
    }
    assert_eq!(
        got,
        [
            "3: MG @counter",
            "3: BMG: CE FP NA @counter",
            "3: AAMG: VCA Only @counter",
            "7: B11 SA only @reverse",
            "11: CE: +1RTCA @counter",
            "15: Always CE @reverse",
            "16: CE: +1 @counter",
            "22: *REVx4 @reverse",
            "23: MG: VCA Only @reverse",
            "27: *MG: VCA Only @reverse",
            "A: *2 TK DR @wreck",
            "C: AAMG: VCA Only @reverse if <If this AFV is non-turreted>",
            "E: CE/FP NA @counter if <If Stunned>",
            "E: *BMG HD FP ok @reverse",
            "F: B11 @reverse red",
            "I: *AAMG: TCA only @reverse",
            "J: [12] TH @counter",
            "J: CE use NA @reverse",
            "M: *REVx3 @reverse",
            "AA: MA: AA @reverse",
        ]
    );
    let revx4 = &parsed.value.note(22).expect("note 22").notations[0];
    assert_eq!(at(ITA, &revx4.span), "\\*REVx4");
}

#[test]
#[allow(clippy::too_many_lines, reason = "the expected table of every note")]
fn availability_of_every_note() {
    let (_, parsed) = ita();
    let expected: [(u16, &[&str]); 28] = [
        (1, &["LimitedTo | France: 6/40 | Sicily: 7/43"]),
        (2, &["DatesAndRf | North Africa: 6-12/40 (0.9), ERR ShortYear 1/01..1/01 (1.1), 2/41 (1.2), 3/41 (1.4), 4-11/41 (1.2), 12/41 (1.4), 1/42 (1.5), 2/42 (1.6) | East Africa: 7/40-1/41 (1.3), 2-3/41 (1.4), 4-6/41 (1.5) | Russia: 9-10/41 (1.2), 11/41 (1.3), 12/41 (1.4), 1/42 (1.5) | Sicily: 7-8/43 (1.4) | Italy: 9/43 (1.2), 1/44-5/45 (1.3; Fascist use only) | France: 6/40 (1.1) | the Balkans: 10/40-4/41 (0.9), 5/41-9/43 (1.1), 1/44-5/45 (1.3; Fascist use only)"]),
        (3, &["RelativeRf +0.4 max 1.6 of L3/35"]),
        (4, &["RfByPeriod | anywhere: 1-12/40 (1.5), 1-12/41 (1.6)"]),
        (5, &[
            "DatesOnly | France: 6/40 | North Africa: 6/40-12/41 | East Africa: 7/40-6/41 | the Balkans: 10/40-4/41",
            "RelativeRf +0.3 max 1.6 of L3/35",
        ]),
        (6, &["DatesAndRf | North Africa: 12/41-6/42 (1.6), 7-9/42 (1.4), 10-11/42 (1.5), 12/42-1/43 (1.6), 2-5/43 (1.5) | Russia: 2-6/42 (1.3), 7-8/42 (1.2), 9-12/42 (1.3) | Yugoslavia: 4/41 (1.3), 5/41-9/43 (1.5) | Italy: 9/43 (1.3), 1/44-5/45 (1.4; Fascist use only)"]),
        (7, &["DatesAndRf | North African: 8-12/40 (1.2), 1/41 (1.4), 2/41 (1.6) | East Africa: 7/40-1/41 (1.4), 2-3/41 (1.5), 4-6/41 (1.6)"]),
        (8, &[
            "RadioFrom 11/41 confirmed 11/41",
            "DatesAndRf | North Africa: 12/40 (1.3), 1/41 (1.2), 2/41 (1.0), 3/41 (1.5), 4-5/41 (1.3), 6-10/41 (1.5), 11/41-6/42 (1.0), 7/42 (1.1), 8-11/42 (1.2), 12/42 (1.6) | the Balkans: 1-4/41 (1.3), 5/41-9/43 (1.6) | Italy: 9/43 (1.6), 1/44-5/45 (1.6; Fascist use only)",
        ]),
        (9, &["RfByPeriod | anywhere: 1-6/42 (1.2), 7-11/42 (1.0), 12/42-1/43 (1.5), thereafter (1.1)"]),
        (10, &["DatesAndRf | anywhere: 9/43 (1.2), 1/44-5/45 (1.4; Fascist use only)"]),
        (11, &["RfByPeriod | anywhere: 7/43 (1.2), 8/43 (1.4)"]),
        (12, &["<SMV M41 75/18> DatesAndRf | North Africa: 1-6/42 (1.5), ERR YearOutOfRange 7/47..11/47 (1.3), 12/42-1/43 (1.5), 2-5/43 (1.3) | Italy: 9/43 (1.6), 1/44-5/45 (1.6; Fascist use only)"]),
        (13, &["<SMV M42 75/32> DatesAndRf | anywhere: 6/43 (1.5), 1/44-5/45 (1.6; Fascist use only)"]),
        (14, &[]),
        (15, &["DatesAndRf | Russia: 7-8/42 (1.5), 9-12/42 (1.6) | Tunisia: 12/42-5/43 (1.2) | Sicily: 7/43 (1.7), 8/43 (1.4) | Italy: 9/43 (1.4), 1/44-5/45 (1.5; Fascist use only)"]),
        (16, &["RfByPeriod | Sicily: 7/43 (1.3), 8/43 (1.6)"]),
        (17, &[
            "<AS 42> DatesAndRf | North Africa: 11-12/42 (1.5), 1-5/43 (1.4) | Sicily: 7-8/43 (1.4) | Italy: 9/43 (1.4), 1/44-5/45 (1.5; Fascist use only)",
            "<AS 42 aa + AS 42 cc> SameWithAddedRf +0.1",
        ]),
        (18, &[]),
        (19, &["LimitedTo | East Africa: 7/40-1/41 (1.4), 2-6/41 (1.5)"]),
        (20, &["LimitedTo | East Africa: 7/40-1/41 (1.5), 2-6/41 (1.6)"]),
        (21, &["<AB 41> DatesAndRf | North Africa: 8-10/41 (1.5), 11/41-5/42 (1.4), 6/42-5/43 (1.3) | Russia: 12/41-8/42 (1.5) | the Balkans: 1/42-9/43 (1.4), 1/44-5/45 (1.4; Fascist use only) | Sicily: 7-8/43 (1.4) | Italy: 9/43 (1.3), 1/44-5/45 (1.4; Fascist use only)"]),
        (22, &["DatesAndRf | Russia: 10-12/42 (1.5), 1-3/43 (1.6) | the Balkans: 10/42-9/43 (1.4), 1/44-5/45 (1.5; Fascist use only)"]),
        (23, &[
            "<Autocannone da 65/17> OptionalWeapon AAMG RF 1.2 always",
            "<Autocannone da 70/65> RestrictedUse Fascist Italians 1-12/45",
            "<Autocannone da 65/17> RfByPeriod | North Africa: 11/41-6/42 (1.5), 7-12/42 (1.6), 1-12/43 (1.5)",
        ]),
        (24, &[
            "<Autocannoni da 75/27 CK> RfByPeriod | North Africa: 6/40-2/41 (1.5), 3-11/41 (1.6)",
            "<Autocannone da 90/53> DatesAndRf | North Africa: 5-11/42 (1.4), 12/42 (1.6), 1-2/43 (1.5), 3/43 (1.6) | Sicily: 7/43 (1.5), 8/43 (1.6)",
        ]),
        (25, &[
            "<TL 37> DatesAndRf | North-Africa/the ETO [EXC the Balkans]: 6/40-6/41 (1.3), ERR YearOutOfRange 7/43..5/47 (1.2), 7-8/43 (1.3), 9/43 (1.2), 10-12/43 (1.6), 1-12/44 (1.5), 1-12/45 (1.5; Fascist use only) | the Balkans: 10/40-4/41 (1.3), 5/41-9/43 (1.4), 1/44-5/45 (1.5; Fascist use only) | East Africa: 6/40-6/41 (1.5), 7-11/41 (1.6)",
            "<TM 40> DatesAndRf | North-Africa/the ETO [EXC the Balkans]: 9-11/40 (1.6), 12/40-3/41 (1.5), 4-6/41 (1.4), 7/41-5/43 (1.3), ERR Unreadable (1.4), 9/43 (1.3), 10-11/43 (1.6), ERR BadMonth { month: 32 } (1.5), 1-12/45 (1.6; Fascist use only) | the Balkans: 10/40-9/43 (1.6), 1/44-5/45 (1.6; fascist use only)",
            "<TP 32> DatesAndRf | North-Africa/the ETO [EXC the Balkans]: 6/40-12/41 (1.5), 1/42-5/43 (1.4), 7-9/43 (1.4), 10-11/43 (1.6) | the Balkans: 10/40-4/41 (1.5), 5/41-9/43 (1.6) | East Africa: 6/40-11/41 (1.6)",
        ]),
        (26, &[
            "OptionalWeapon AAMG RF 1.4 always",
            "DatesAndRf | North Africa/Russia/Italy: 8/41-5/43 (1.1), 9/43 (1.1), 12/43 (1.3), 1-12/44 (1.2), 1-12/45 (1.2; Fascist use only) | elsewhere [EXC NA East Africa]: 8/41-9/43 (1.2), 10-11/43 (1.5), 1/44-5/45 (1.2; Fascist use only)",
        ]),
        (27, &[
            "OptionalWeapon AAMG (i.e., the Furgone version) RF 1.4 only 1/42-12/43 in North Africa",
            "RestrictedUse Fascist Italians 1-12/45",
        ]),
        (28, &[
            "RfByPeriod | North Africa/Russia/Italy: 8/41-9/43 (1.3) | Italy: 12/43 (1.3)",
            "Otherwise 1.4 EXC [DatesAndRf | East Africa: 6/40-6/41 (1.5), 7-11/41 (1.6) || RfByPeriod | Italy: 1/44-5/45 (1.2) || RestrictedUse Fascist Italians 1-12/45]",
        ]),
    ];
    let mut failures = Vec::new();
    for (note, (number, clauses)) in parsed.value.notes.iter().zip(expected) {
        assert_eq!(note.number.value, number);
        let got: Vec<String> = note
            .rules
            .iter()
            .flat_map(|r| r.availability.iter().map(render))
            .collect();
        if got != clauses {
            failures.push(format!(
                "note {number}:\n  got      {got:#?}\n  expected {clauses:#?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Vehicle names before clauses are linked to the title.
    let links: Vec<(u16, &str, Option<usize>)> = parsed
        .value
        .notes
        .iter()
        .flat_map(|n| {
            n.rules
                .iter()
                .flat_map(|r| &r.availability)
                .flat_map(|c| &c.vehicles)
                .map(move |v| (n.number.value, v.raw.as_str(), v.title_index))
        })
        .collect();
    assert_eq!(
        links,
        [
            (12, "SMV M41 75/18", Some(1)),
            (13, "SMV M42 75/32", Some(1)),
            (17, "AS 42", Some(0)),
            (17, "AS 42 aa", Some(1)),
            (17, "AS 42 cc", Some(2)),
            (21, "AB 41", Some(1)),
            (23, "Autocannone da 65/17", Some(1)),
            (23, "Autocannone da 70/65", None),
            (23, "Autocannone da 65/17", Some(1)),
            (24, "Autocannoni da 75/27 CK", Some(0)),
            (24, "Autocannone da 90/53", Some(1)),
            (25, "TL 37", Some(0)),
            (25, "TM 40", Some(1)),
            (25, "TP 32", Some(2)),
        ]
    );
}

#[test]
#[allow(
    clippy::too_many_lines,
    reason = "the expected table of every diagnostic"
)]
fn diagnostics_on_the_real_data() {
    let (source, parsed) = ita();
    let got: Vec<(Severity, &str, usize, usize, &str)> = parsed
        .diagnostics
        .iter()
        .map(|d| {
            let span = d.span.as_ref().expect("every finding has a span");
            let (line, col) = source.line_col(source.original_range(span.range.clone()).start);
            (d.severity, d.code, line, col, at(ITA, span))
        })
        .collect();
    use Severity::{Error, Warning};
    assert_eq!(
        got,
        [
            (Error, "notes::short-year", 30, 58, "1/1"),
            (Warning, "notes::misprint", 78, 74, " "),
            (Warning, "notes::misprint", 100, 271, "."),
            (Error, "notes::year-out-of-range", 140, 72, "7-11/47"),
            (Warning, "notes::misprint", 152, 60, "-"),
            (Warning, "notes::see-also-typo", 162, 5, "apical"),
            (Warning, "notes::see-also-typo", 208, 10, "Arabian"),
            (Warning, "notes::misprint", 239, 130, " "),
            (Warning, "notes::misprint", 239, 141, " "),
            (Warning, "notes::see-also-typo", 241, 35, "1"),
            (Warning, "notes::misprint", 263, 1, "("),
            (
                Warning,
                "notes::unknown-vehicle",
                265,
                3,
                "Autocannone da 70/65"
            ),
            (Warning, "notes::misprint", 275, 90, " "),
            (Warning, "notes::see-also-typo", 277, 44, " "),
            (Error, "notes::year-out-of-range", 283, 87, "7/43-5/47"),
            (Warning, "notes::misprint", 283, 238, " "),
            (Error, "notes::unreadable-period", 285, 134, "7.5/43"),
            (Error, "notes::bad-month", 285, 176, "32/43-44"),
            (Warning, "notes::misprint", 299, 142, ")"),
            (Warning, "notes::misprint", 321, 207, ","),
            (Warning, "notes::misprint", 331, 219, "I"),
            (Warning, "notes::misprint", 355, 60, " "),
        ]
    );
    let help = |code: &str, text: &str| -> String {
        let d = parsed
            .diagnostics
            .iter()
            .find(|d| d.code == code && d.span.as_ref().is_some_and(|s| at(ITA, s) == text))
            .expect("diagnostic exists");
        format!(
            "{} | {} | {}",
            d.message,
            d.help.clone().unwrap_or_default(),
            d.notes.join(" / ")
        )
    };
    assert_eq!(
        help("notes::short-year", "1/1"),
        "failed to read period `1/1` (a one-digit year) | did you mean 1/41? (the entries around it leave 1/41 uncovered); record the fix in errata.toml | "
    );
    assert_eq!(
        help("notes::year-out-of-range", "7-11/47"),
        "failed to read period `7-11/47` (1947-1947 lies outside the years of the nation's listing DATES (1917-1945)) | did you mean 7-11/42? (the entries around it leave 7-11/42 uncovered); record the fix in errata.toml | "
    );
    assert_eq!(
        help("notes::see-also-typo", "1"),
        "misprinted See-also reference (`1` among note letters) | read as multi-applicable note I; an erratum can correct the text | note I names the AB 40, which this note covers"
    );
    assert_eq!(
        help("notes::see-also-typo", "apical"),
        "misprinted See-also line (`apical` for `also`) | read as \"See also ...\"; an erratum can correct the text | "
    );
    assert_eq!(
        help("notes::see-also-typo", "Arabian"),
        "misprinted See-also line (`Arabian` for `Italian`) | every other See-also line names the Italian notes; read as a reference to them; an erratum can correct the text | "
    );
    assert_eq!(
        help("notes::unknown-vehicle", "Autocannone da 70/65"),
        "failed to match `Autocannone da 70/65` to a vehicle of note 23 (the title names no such vehicle) | did you mean Autocannoni da 20/65(b)? an erratum can correct the text | "
    );
    assert_eq!(
        help("notes::unreadable-period", "7.5/43"),
        "failed to read period `7.5/43` (not a period: periods are M/YY, M-M/YY, M/YY-M/YY, YY-M/YY, M/YY-YY or YYYY) | the entries around it leave 6-8/43 uncovered; record the intended period in errata.toml | "
    );
    for d in &parsed.diagnostics {
        assert!(!d.label.is_empty() && d.help.is_some(), "{d:?}");
    }
}

#[test]
fn crlf_and_bom_parse_the_same() {
    let crlf = format!("\u{feff}{}", ITA.replace('\n', "\r\n"));
    let source = Source::new(FileId(1), "ita/notes.md", crlf.as_str());
    let parsed = parse_notes(&source, Some(ITA_YEARS));
    let (_, plain) = ita();
    assert_eq!(parsed.value.notes.len(), 28);
    assert_eq!(parsed.diagnostics.len(), plain.diagnostics.len());
    let first = parsed.diagnostics[0].span.as_ref().expect("span");
    let original = source.original_range(first.range.clone());
    assert_eq!(&crlf[original.clone()], "1/1");
    assert_eq!(source.line_col(original.start), (30, 58));
}

#[test]
fn errata_edits_fix_the_text_and_silence_the_finding() {
    let start = ITA.find("1/1 (1.1)").expect("the misprint is there");
    let source = Source::with_edits(
        FileId(0),
        "ita/notes.md",
        ITA,
        vec![crate::Edit {
            original: start..start + 3,
            replacement: "1/41".into(),
        }],
    );
    let parsed = parse_notes(&source, None);
    assert!(!parsed
        .diagnostics
        .iter()
        .any(|d| d.code == "notes::short-year"));
    let rendered = render(&parsed.value.notes[1].rules[0].availability[0]);
    assert!(
        rendered.contains("6-12/40 (0.9), 1/41 (1.1), 2/41 (1.2)"),
        "{rendered}"
    );
}

#[test]
fn synthetic_structure_findings() {
    let text = "\
**1. Alpha:** History.

† Dates and RF for use in Atlantis are 6/40 (1.2).

See also Italian Vehicle Notes A, Z, and 7.

**3. Beta & Gamma:**

**Broken heading

## MULTI NOTES

A paragraph before any letter.

**A.** Text of A.

**A.** Again.
";
    let source = Source::new(FileId(0), "x.md", text);
    let parsed = parse_notes(&source, None);
    let got: Vec<(&str, &str)> = parsed
        .diagnostics
        .iter()
        .map(|d| (d.code, d.span.as_ref().map_or("", |s| at(text, s))))
        .collect();
    assert_eq!(
        got,
        [
            ("notes::unknown-reference", "Z"),
            ("notes::unknown-reference", "7"),
            ("notes::numbering", "3"),
            ("notes::bad-heading", "**Broken heading"),
            ("notes::stray-paragraph", "A paragraph before any letter."),
            ("notes::numbering", "A"),
        ]
    );
    let doc = &parsed.value;
    assert_eq!(doc.notes.len(), 2);
    assert_eq!(doc.notes[1].vehicles.len(), 2);
    assert_eq!(doc.notes[1].history[0].text, "**Broken heading");
    assert_eq!(doc.stray.len(), 1);
    assert_eq!(doc.multi.len(), 2);
}

#[test]
fn a_repeated_note_number_is_an_error_and_read_once() {
    let text = "\
**1. Alpha:** History.

† Dates and RF for use in Atlantis are 6/40 (1.2).

**2. Beta:** More.

**1. Alpha:** History again.

† Dates and RF for use in Atlantis are 6/41 (1.3).
";
    let source = Source::new(FileId(0), "x.md", text);
    let parsed = parse_notes(&source, None);
    let repeated: Vec<&str> = parsed
        .diagnostics
        .iter()
        .filter(|d| d.code == "notes::repeated-note")
        .map(|d| d.span.as_ref().map_or("", |s| at(text, s)))
        .collect();
    assert_eq!(repeated, ["1"]);
    assert!(parsed.has_errors());
    let doc = &parsed.value;
    let numbers: Vec<u16> = doc.notes.iter().map(|n| n.number.value).collect();
    assert_eq!(numbers, [1, 2]);
    // The first note 1 is the one read.
    assert_eq!(doc.notes[0].history[0].text, "History.");
}

#[test]
fn truncated_and_hostile_input_never_panics() {
    // Every 701st character boundary of the real file (the fuzz target covers the rest), and
    // some junk.
    let cuts = ITA.char_indices().map(|(i, _)| i).step_by(701);
    for end in cuts {
        let source = Source::new(FileId(0), "t.md", &ITA[..end]);
        let _ = parse_notes(&source, None);
    }
    for junk in [
        "",
        "**",
        "**99999999999. X:**",
        "**1. :**\n\n†\n\nSee\n\nSee also Note",
        "See also Italian Vehicle Notes , and .",
        "**A.**\n\n“unclosed \"quote",
        "† “x” on the counter. “",
    ] {
        let _ = parse_notes(&Source::new(FileId(0), "j.md", junk), None);
    }
}

#[test]
fn an_ordnance_see_also_line_is_no_misprint() {
    let text = "**1. Zed AT 37:** A gun.\n\n† Dates and RF are 1940 (1.2).\n\nSee also Zed Ordnance Notes A, B.\n\n## ZED MULTI-APPLICABLE ORDNANCE NOTES\n\n**A.** Towed only.\n\n**B.** No gunshield.\n";
    let src = Source::new(FileId(0), "zed/ordnance-notes.md", text);
    let parsed = parse_notes(&src, Some(ITA_YEARS));
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    let refs: Vec<&NoteTarget> = parsed.value.notes[0].see_also[0]
        .refs
        .iter()
        .map(|r| &r.target)
        .collect();
    assert_eq!(
        refs,
        [
            &NoteTarget::Multi("A".into()),
            &NoteTarget::Multi("B".into())
        ]
    );
}

/// A "†" line right under the note's description, with no blank line between them, opens the
/// note's rules all the same.
#[test]
fn a_dagger_line_opens_the_rules_without_a_blank_line() {
    let text = "\
**1. Alpha:** A light tank, much liked by its crews.
† Dates and RF for use in Atlantis are 6/40 (1.2).
";
    let source = Source::new(FileId(0), "x.md", text);
    let parsed = parse_notes(&source, None);
    let note = &parsed.value.notes[0];
    assert_eq!(note.history.len(), 1);
    assert_eq!(note.rules.len(), 1);
    assert!(note.rules[0].dagger);
    assert_eq!(
        at(text, &note.rules[0].paragraph.span),
        "Dates and RF for use in Atlantis are 6/40 (1.2)."
    );
}

/// A "# Title" at the top is the document's title, the introduction after it; a part of a year
/// the introduction defines ("early/mid/late = Jan-Apr / May-Aug / Sep-Dec") reads in the
/// rules, and nowhere without that definition.
#[test]
fn a_title_then_an_introduction_that_defines_parts_of_a_year() {
    let text = "# Someland Vehicle Notes\n\nKey: early/mid/late = Jan-Apr / May-Aug / Sep-Dec of that yr.\n\n**1. Tank:** A tank.\n† Avail. in the North from mid-'41 thru late 1943 (RF 1.2).\n";
    let read = |text: &str| {
        let src = Source::new(FileId(0), "x/notes.md", text.to_string());
        let lexicon = crate::Lexicon::new(None, &["Tank".to_string()], &["the North".to_string()]);
        crate::parse_notes_with(&src, &lexicon)
    };
    let parsed = read(text);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    assert_eq!(
        parsed
            .value
            .intro_heading
            .as_ref()
            .map(|h| h.value.as_str()),
        Some("Someland Vehicle Notes")
    );
    assert_eq!(parsed.value.intro.len(), 1);
    let clauses = &parsed.value.note(1).expect("note 1").rules[0].availability;
    let rendered: Vec<String> = clauses
        .iter()
        .map(crate::availability::tests::render)
        .collect();
    assert_eq!(rendered, ["DatesAndRf | the North: 5/41-12/43 (1.2)"]);
    // Without the definition, "mid-'41" is an error, never a guess.
    let undefined = text.replace(
        "Key: early/mid/late = Jan-Apr / May-Aug / Sep-Dec of that yr.",
        "Key: none.",
    );
    assert_eq!(read(&undefined).diagnostics.len(), 1);
}

/// A note's heading written as a markdown heading ("## 1. Alpha", "### Note 2: Bravo & Bravo
/// C", "## A."), the note's text on the lines after it; a section title that is no note's
/// ("## Notes for 1941") stays a section's.
#[test]
fn markdown_headings_open_notes() {
    let text = "\
# Someland Vehicle Notes

## 1. Alpha

A light tank.

† Dates and RF for use in Atlantis are 6/40 (1.2).

### Note 2: Bravo & Bravo C
† Available in Atlantis from 1941 (1.4).

# Someland Multi-Applicable Vehicle Notes

## A.

Its radio was unreliable.
";
    let source = Source::new(FileId(0), "x.md", text);
    let parsed = parse_notes(&source, None);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    let doc = &parsed.value;
    let numbers: Vec<u16> = doc.notes.iter().map(|n| n.number.value).collect();
    assert_eq!(numbers, [1, 2]);
    assert_eq!(doc.notes[0].title.value, "Alpha");
    assert_eq!(doc.notes[0].history.len(), 1);
    assert_eq!(doc.notes[0].rules.len(), 1);
    let titles: Vec<&str> = doc.notes[1]
        .vehicles
        .iter()
        .map(|v| v.value.as_str())
        .collect();
    assert_eq!(titles, ["Bravo", "Bravo C"]);
    assert_eq!(doc.notes[1].rules.len(), 1);
    assert_eq!(
        at(text, &doc.notes[1].rules[0].paragraph.span),
        "Available in Atlantis from 1941 (1.4)."
    );
    assert_eq!(doc.multi.len(), 1);
    assert_eq!(doc.multi[0].letter.value, "A");
    assert_eq!(doc.multi[0].paragraphs.len(), 1);
    // A section's title that names no note is no note.
    let section = "**1. Alpha:** A tank.\n\n## Notes for 1941\n\n**A.** Its radio.\n";
    let parsed = parse_notes(&Source::new(FileId(0), "y.md", section), None);
    assert_eq!(parsed.value.notes.len(), 1);
    assert!(parsed.value.multi_heading.is_some());
}

/// An editor who marks no rule with a "†" anywhere: every paragraph of a note is read for
/// availability (prose stays prose); where any note has a "†", a paragraph without one before
/// it is history, as before.
#[test]
fn notes_without_any_dagger_are_read_whole() {
    let text = "\
## 1. Alpha

The first tank the army bought.

Available in Atlantis from 6/40 (1.2).

## 2. Bravo

Available in Atlantis from 1941 (1.4).
";
    let read = |text: &str| {
        let src = Source::new(FileId(0), "x/notes.md", text.to_string());
        let names = ["Alpha".to_string(), "Bravo".to_string()];
        let lexicon = crate::Lexicon::new(None, &names, &["Atlantis".to_string()]);
        crate::parse_notes_with(&src, &lexicon)
    };
    let parsed = read(text);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    let alpha = parsed.value.note(1).expect("note 1");
    assert!(alpha.history.is_empty());
    assert_eq!(alpha.rules.len(), 2);
    assert!(alpha.rules.iter().all(|r| !r.dagger));
    assert!(alpha.rules[0].availability.is_empty());
    let rendered: Vec<String> = alpha.rules[1]
        .availability
        .iter()
        .map(crate::availability::tests::render)
        .collect();
    assert_eq!(rendered, ["DatesAndRf | Atlantis: from 6/40 on (1.2)"]);
    // One "†" anywhere: the editor marks rules, and an unmarked paragraph before a note's
    // first rule is its history.
    let marked = text.replace(
        "Available in Atlantis from 1941",
        "† Available in Atlantis from 1941",
    );
    let parsed = read(&marked);
    let alpha = parsed.value.note(1).expect("note 1");
    assert_eq!(alpha.history.len(), 2);
    assert!(alpha.rules.is_empty());
}

/// A card's field line ("Not used: Veyra") ends its paragraph though it has no full stop: the
/// paragraph after it is no continuation of it.
#[test]
fn a_field_line_ends_its_paragraph() {
    let text = "## 1. Alpha\n\nService: 9/37 - 12/41, Atlantis\nNot used: Veyra\n\nThe first tank the army bought.\n";
    let src = Source::new(FileId(0), "x/notes.md", text.to_string());
    let lexicon = crate::Lexicon::new(
        None,
        &["Alpha".to_string()],
        &["Atlantis".to_string(), "Veyra".to_string()],
    );
    let parsed = crate::parse_notes_with(&src, &lexicon);
    let alpha = parsed.value.note(1).expect("note 1");
    assert_eq!(alpha.rules.len(), 2);
    assert_eq!(
        at(text, &alpha.rules[0].paragraph.span),
        "Service: 9/37 - 12/41, Atlantis\nNot used: Veyra"
    );
    let rendered: Vec<String> = alpha.rules[0]
        .availability
        .iter()
        .map(crate::availability::tests::render)
        .collect();
    assert_eq!(
        rendered,
        [
            "DatesOnly | Atlantis: 9/37-12/41",
            "Limit Not [Either Veyra]"
        ]
    );
}

/// A table goes on with the rule paragraph before it (the dates there, each faction's RF in
/// the table) and with a lead-in line ending in a colon; it ends its own paragraph, so the
/// sentence after it is a rule of its own.
#[test]
fn a_table_joins_the_paragraph_before_it_and_ends_its_own() {
    let text = "## 1. Alpha\n\nIn Atlantis from 1940 to 1944.\n\n| Faction | RF |\n|---|---|\n\
                | Guard | 1.2 |\n| others | 1.3 |\n\nNot used in Veyra.\n\n## 2. Beta\n\nBeta, all \
                theaters:\n\n| Period | RF |\n|---|---|\n| 41 | 1.1 |\n";
    let src = Source::new(FileId(0), "x/notes.md", text.to_string());
    let lexicon = crate::Lexicon::new(
        Some(crate::YearSpan {
            first: 1936,
            last: 1946,
        }),
        &["Alpha".to_string(), "Beta".to_string()],
        &["Atlantis".to_string(), "Veyra".to_string()],
    );
    let parsed = crate::parse_notes_with(&src, &lexicon);
    let render = |n: u16| -> Vec<Vec<String>> {
        let note = parsed.value.note(n).expect("note");
        note.rules
            .iter()
            .map(|r| {
                r.availability
                    .iter()
                    .map(crate::availability::tests::render)
                    .collect()
            })
            .collect()
    };
    assert_eq!(
        render(1),
        [
            vec![
                "DatesOnly | Atlantis: 1/40-12/44".to_string(),
                "RfByPeriod | anywhere: from 1/36 on (1.3)".to_string(),
                "OwnRf [Faction Guard] =1.2".to_string(),
            ],
            vec!["Limit Not [Place Veyra]".to_string()],
        ]
    );
    assert_eq!(
        render(2),
        [vec![
            "<Beta> DatesAndRf | anywhere: 1-12/41 (1.1)".to_string()
        ]]
    );
}
