//! The entry point on sources held in memory: no files, plain data in, IR and diagnostics out.

use qm_parser::{FileId, Source, SourceMap};
use qm_schema::{AvailabilityOrigin, CounterItemKind, Nation, Tenths, TheaterId};

use crate::registry::Registries;

use crate::{resolve_nation, Resolved};
use qm_load::nation_input::NationInput;

const HEADER: &str = "NAME\t®\tWG T\tTYPE\tBPV\tRF\tDATES\tSZ\tAF\tTA\tOT\tCS\tMP\tGP\tT\tMA\tROF\tB#\tIF\tMG\t\t\tSA\tAM MO\t# / PP\tNotes\n\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\tB\tC\tAA\t\t\t\t\n";

/// A listing row of a tankette with the given name, RF, DATES and Notes column.
pub(crate) fn row(name: &str, rf: &str, dates: &str, notes: &str) -> String {
    format!("{name}\t\t3.5\tTt\t20\t{rf}\t{dates}\t+2\t-4 / -5\t\t\t2\t13\tL\t\tBMG\t\t11\t\t4\t\t\t\t\t{notes}\t\n")
}

/// A listing of `rows` under the header.
pub(crate) fn listing<const N: usize>(rows: [String; N]) -> String {
    std::iter::once(HEADER.to_string()).chain(rows).collect()
}

/// Resolves a nation whose listing and notes are the given texts.
pub(crate) fn resolve(listing: &str, notes: &str) -> Resolved {
    resolve_with(listing, notes, None)
}

/// Resolves a nation whose listing, notes and (when given) `ob.toml` are the given texts.
pub(crate) fn resolve_with(listing: &str, notes: &str, ob: Option<&str>) -> Resolved {
    resolve_input(listing, Some(notes), ob)
}

/// Resolves a nation whose listing, notes (when given) and `ob.toml` (when given) are the given
/// texts.
fn resolve_input(listing: &str, notes: Option<&str>, ob: Option<&str>) -> Resolved {
    resolve_texts(&Texts {
        listing: Some(listing),
        notes,
        ob,
        ..Texts::default()
    })
}

/// A nation's files as texts, each one there or not.
#[derive(Default)]
pub(crate) struct Texts<'a> {
    /// `listing.tsv`.
    pub listing: Option<&'a str>,
    /// `notes.md`.
    pub notes: Option<&'a str>,
    /// `ordnance.tsv`.
    pub ordnance: Option<&'a str>,
    /// `ordnance-notes.md`.
    pub ordnance_notes: Option<&'a str>,
    /// `ob.toml`.
    pub ob: Option<&'a str>,
}

/// Resolves a nation of the given texts with the repository's registries.
pub(crate) fn resolve_texts(texts: &Texts) -> Resolved {
    let mut sources = SourceMap::new();
    let mut add = |name: &str, text: Option<&str>| {
        text.map(|text| {
            let id = sources.next_id();
            sources.add(Source::new(id, name, text))
        })
    };
    let listing = add("t/listing.tsv", texts.listing);
    let notes = add("t/notes.md", texts.notes);
    let ordnance = add("t/ordnance.tsv", texts.ordnance);
    let ordnance_notes = add("t/ordnance-notes.md", texts.ordnance_notes);
    // The repository's registries, read like any data directory's.
    let theaters = sources.add(Source::new(
        sources.next_id(),
        "registry/theaters.toml",
        include_str!("../../data-src/registry/theaters.toml"),
    ));
    let types = sources.add(Source::new(
        sources.next_id(),
        "registry/vehicle-types.toml",
        include_str!("../../data-src/registry/vehicle-types.toml"),
    ));
    let guns = sources.add(Source::new(
        sources.next_id(),
        "registry/gun-types.toml",
        include_str!("../../data-src/registry/gun-types.toml"),
    ));
    let mut diags = Vec::new();
    let mut registries = Registries::read(&sources, theaters, types, &mut diags);
    registries.read_guns(&sources, guns, &mut diags);
    assert!(diags.is_empty(), "{diags:?}");
    let ob = texts.ob.map(|text| {
        let id = sources.next_id();
        sources.add(Source::new(id, "t/ob.toml", text))
    });
    let input = NationInput {
        id: "t".into(),
        name: "Test".into(),
        listing,
        notes,
        ordnance,
        ordnance_notes,
        ob,
        errata: None,
        accepts: Vec::new(),
        applied: Vec::new(),
    };
    resolve_nation(&input, &sources, &registries)
}

/// The RFs (in tenths) of a vehicle's availability entries.
pub(crate) fn rfs(nation: &Nation, name: &str) -> Vec<u32> {
    let v = nation.vehicles.iter().find(|v| v.name == name).unwrap();
    v.availability.iter().map(|a| a.rf.0).collect()
}

#[test]
fn a_relative_rule_copies_its_base_with_the_rf_raised() {
    let listing = listing([
        row("Alpha", "1.0", "40-43", ""),
        row("Bravo", "1.1", "40-43", "1"),
    ]);
    let notes = "**1. Bravo:** A test vehicle.\n\n† RF is always .1 higher than the corresponding RF of the Alpha.\n";
    let resolved = resolve(&listing, notes);
    assert!(
        resolved.diagnostics.is_empty(),
        "{:?}",
        resolved.diagnostics
    );
    let bravo = &resolved.nation.vehicles[1];
    assert_eq!(bravo.availability.len(), 1);
    let a = &bravo.availability[0];
    assert_eq!(
        (a.theaters.as_slice(), a.rf),
        ([TheaterId::any()].as_slice(), Tenths(11))
    );
    assert!(
        matches!(&a.origin, AvailabilityOrigin::Derived { base_vehicle, .. } if base_vehicle == "Alpha")
    );
    assert_eq!(rfs(&resolved.nation, "Alpha"), vec![10]);
    // The same input gives the same output: nothing but the input is read.
    assert_eq!(
        format!("{:?}", resolve(&listing, notes)),
        format!("{resolved:?}")
    );
}

/// A note per vehicle; each note's rule is relative to the given base, with .1 added.
fn relative_notes(pairs: &[(&str, &str)]) -> String {
    pairs
        .iter()
        .enumerate()
        .map(|(i, (vehicle, base))| {
            format!(
                "**{}. {vehicle}:** A test vehicle.\n\n† RF is always .1 higher than the corresponding RF of the {base}.\n\n",
                i + 1
            )
        })
        .collect()
}

#[test]
fn a_chain_of_relative_rules_listed_in_reverse_resolves_bases_first() {
    // Golf copies Foxtrot, which copies Echo, ... Bravo copies Alpha: six rules, and every
    // row comes before its base in the listing.
    let names = [
        "Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf",
    ];
    let pairs: Vec<(&str, &str)> = names.windows(2).map(|w| (w[1], w[0])).collect();
    let mut listing = HEADER.to_string();
    for (i, name) in names.iter().enumerate().rev() {
        let note = if i == 0 { String::new() } else { i.to_string() };
        listing.push_str(&row(name, &format!("1.{i}"), "40-43", &note));
    }
    let resolved = resolve(&listing, &relative_notes(&pairs));
    assert!(
        resolved.diagnostics.is_empty(),
        "{:?}",
        resolved.diagnostics
    );
    for (i, name) in names.iter().enumerate() {
        assert_eq!(rfs(&resolved.nation, name), vec![10 + i as u32], "{name}");
    }
}

#[test]
fn a_cycle_of_relative_rules_is_an_error_naming_its_vehicles() {
    // Alpha and Bravo copy each other; Charlie copies Alpha.
    let listing = listing([
        row("Charlie", "1.1", "40-43", "3"),
        row("Alpha", "1.0", "40-43", "1"),
        row("Bravo", "1.2", "40-43", "2"),
    ]);
    let notes = relative_notes(&[("Alpha", "Bravo"), ("Bravo", "Alpha"), ("Charlie", "Alpha")]);
    let resolved = resolve(&listing, &notes);
    let codes: Vec<&str> = resolved.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, vec!["notes::relative-cycle"]);
    let message = &resolved.diagnostics[0].message;
    assert!(
        message.contains("Alpha, Bravo") && message.contains("Alpha -> Bravo -> Alpha"),
        "{message}"
    );
    // The rules in the cycle are left out: Alpha and Bravo fall back to the listing, and
    // Charlie still copies Alpha.
    assert_eq!(rfs(&resolved.nation, "Alpha"), vec![10]);
    assert_eq!(rfs(&resolved.nation, "Bravo"), vec![12]);
    assert_eq!(rfs(&resolved.nation, "Charlie"), vec![11]);
}

/// The radio entries of a vehicle as (period, has radio).
fn radio(nation: &Nation, name: &str) -> Vec<(String, bool)> {
    let v = nation.vehicles.iter().find(|v| v.name == name).unwrap();
    v.radio
        .iter()
        .map(|r| (r.period.to_string(), r.has_radio))
        .collect()
}

/// Without national data nothing about radios is assumed: only the ® column and the notes
/// speak. With a national rule of effect `afv_radio`, every other AFV has one.
#[test]
fn the_radio_default_is_national_data() {
    let listing = listing([
        row("Plain", "1.0", "40-43", ""),
        row("Dated", "1.0", "40-43", "1"),
        row("Marked", "1.0", "40-43", "").replacen("\t\t", "\t®\t", 1),
    ]);
    let notes = "**1. Dated:** A test vehicle.\n\n† This AFV has no radio in scenarios set prior to 11/41. As of 11/41 it is radio-equipped.\n";
    let bare = resolve(&listing, notes);
    assert!(bare.diagnostics.is_empty(), "{:?}", bare.diagnostics);
    let n = &bare.nation;
    assert!(!n.axis && n.national_rules.is_empty());
    assert_eq!(radio(n, "Plain"), vec![]);
    assert_eq!(radio(n, "Marked"), vec![("1/40-12/43".into(), false)]);
    let dated = vec![("1/40-10/41".into(), false), ("11/41-12/43".into(), true)];
    assert_eq!(radio(n, "Dated"), dated);
    let ob = r#"
[[national_rule]]
id = "afv_radio"
effect = "afv_radio"
concerns = "afv"
title = "AFV Radio"
text = "All AFV are assumed to have an inherent radio unless they contain an ® on their reverse side."
rule = "181.21"
lines = "121"
"#;
    let with_rule = resolve_with(&listing, notes, Some(ob));
    assert!(
        with_rule.diagnostics.is_empty(),
        "{:?}",
        with_rule.diagnostics
    );
    let n = &with_rule.nation;
    assert_eq!(radio(n, "Plain"), vec![("1/40-12/43".into(), true)]);
    assert_eq!(radio(n, "Marked"), vec![("1/40-12/43".into(), false)]);
    assert_eq!(radio(n, "Dated"), dated);
}

/// "X use only" and "limited to X only" name the nation's factions by the words its ob.toml
/// declares; words naming none are an error at the words, with a suggestion.
#[test]
fn restricted_use_names_the_nations_factions() {
    let listing = listing([row("Alpha", "1.2-1.3†", "40-45", "1")]);
    let notes = "**1. Alpha:** A test vehicle.\n\n† Dates and RF are 40-43 (1.2), and 44-45 (1.3; Royalist use only). Availability in 1945 is limited to Free Royalists only.\n";
    let ob = r#"
[[faction]]
id = "royalist"
name = "Royalist"
words = ["Royalist", "Free Royalists"]
lines = "12-14"
"#;
    let resolved = resolve_with(&listing, notes, Some(ob));
    assert!(
        resolved.diagnostics.is_empty(),
        "{:?}",
        resolved.diagnostics
    );
    let n = &resolved.nation;
    assert_eq!(n.factions[0].id, "royalist");
    let v = &n.vehicles[0];
    let royalist = qm_schema::Qualifier::restricted_to_one("royalist");
    let marked: Vec<String> = v
        .availability
        .iter()
        .filter(|a| a.qualifiers.contains(&royalist))
        .map(|a| a.period.to_string())
        .collect();
    // The 1945 limit splits the 1944-45 entry; both halves are the faction's.
    assert_eq!(marked, vec!["1-12/44".to_string(), "1-12/45".into()]);
    assert_eq!(v.restricted_use.len(), 1);
    assert_eq!(v.restricted_use[0].faction, "royalist");
    let periods: Vec<String> = v.restricted_use[0]
        .periods
        .iter()
        .map(|p| p.to_string())
        .collect();
    assert_eq!(periods, vec!["1-12/44".to_string(), "1-12/45".into()]);
    // Without ob.toml, or with a misprint, the words name no faction.
    let bare = resolve(&listing, notes);
    let unknown: Vec<_> = bare
        .diagnostics
        .iter()
        .filter(|d| d.code == "notes::unknown-faction")
        .collect();
    assert_eq!(unknown.len(), 2, "{unknown:?}");
    assert!(bare.nation.vehicles[0].restricted_use.is_empty());
    let typo = resolve_with(
        &listing,
        &notes.replace("(1.3; Royalist", "(1.3; Royalsit"),
        Some(ob),
    );
    let d = typo
        .diagnostics
        .iter()
        .find(|d| d.code == "notes::unknown-faction")
        .expect("the misprint is reported");
    assert_eq!(
        &notes.replace("Royalist use", "Royalsit use")[d.span.as_ref().unwrap().range.clone()],
        "Royalsit"
    );
    assert!(
        d.help
            .as_deref()
            .is_some_and(|h| h.contains("\"Royalist\"")),
        "{d:?}"
    );
}

/// A row like [`row`] with its own MA and MG B / C / AA / SA cells.
fn mg_row(name: &str, ma: &str, [b, c, aa, sa]: [&str; 4], notes: &str) -> String {
    format!("{name}\t\t3.5\tTt\t20\t1.2\t40-43\t+2\t-4 / -5\t\t\t2\t13\tL\t\t{ma}\t\t11\t\t{b}\t{c}\t{aa}\t{sa}\t\t{notes}\t\n")
}

/// The codes of the MG lints' findings, each with the vehicle its message names first.
fn mg_findings(r: &Resolved) -> Vec<(&'static str, String)> {
    let mut out: Vec<(&'static str, String)> = r
        .diagnostics
        .iter()
        .filter(|d| d.code.contains("mg"))
        .map(|d| (d.code, d.message.clone()))
        .collect();
    out.sort();
    out
}

#[test]
fn the_mg_lints_find_factors_one_column_right_of_their_headers() {
    let mut listing = HEADER.to_string();
    // As published: the BMG's 4 under C; an AAMG's factor under SA. A dagger alone in SA is
    // a footnote mark, not a factor: no finding.
    listing.push_str(&mg_row("Shifted", "BMG", ["", "4", "", ""], "1"));
    listing.push_str(&mg_row("Carrier", "AAMG", ["", "", "", "4"], ""));
    listing.push_str(&mg_row("Dagger", "T37", ["", "2", "", "†"], ""));
    // Right as published: a gun in SA, an MA whose own column holds its factor.
    listing.push_str(&mg_row("Plain", "CMG", ["", "4", "", "B37"], "2"));
    let notes = "**1. Shifted:** A test vehicle.\n\n† The 4-FP BMG may be scrounged.\n\n\
                 **2. Plain:** A test vehicle.\n\n† The BMG, if present, may fire while hull down. \
                 The AAMG of the Shifted is removable.\n\n";
    let r = resolve(&listing, notes);
    let found = mg_findings(&r);
    let codes: Vec<&str> = found.iter().map(|(c, _)| *c).collect();
    assert_eq!(
        codes,
        [
            "lint::ma-mg-column-empty",
            "lint::ma-mg-column-empty",
            "lint::mg-in-sa",
        ],
        "{found:#?}"
    );
    assert!(found[0].1.contains("Carrier's MA AAMG"), "{found:#?}");
    assert!(found[1].1.contains("Shifted's MA BMG"), "{found:#?}");
    // Note 1's BMG is the row's MA, so only the empty B column is found; note 2 names a BMG
    // only "if present" and an AAMG of another vehicle: nothing for Plain.
    assert!(
        !found.iter().any(|(_, m)| m.contains("Plain")),
        "{found:#?}"
    );

    // The same rows corrected: no finding, and a note naming an MG the row lacks is found.
    let mut listing = HEADER.to_string();
    listing.push_str(&mg_row("Shifted", "CMG", ["", "4", "", ""], "1"));
    listing.push_str(&mg_row("Carrier", "AAMG", ["", "", "4", ""], ""));
    let r = resolve(
        &listing,
        "**1. Shifted:** A test vehicle.\n\n† The 4-FP BMG may be scrounged.\n\n",
    );
    let found = mg_findings(&r);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].0, "lint::note-names-missing-mg");
    assert!(
        found[0].1.contains("BMG that note 1 names on Shifted"),
        "{found:#?}"
    );
}

#[test]
fn a_relative_rule_on_a_vehicle_whose_name_shares_a_word_with_its_base_applies() {
    // Issue 24, item 4: "AB 43 ... than the corresponding RF of the AB 41" was dropped.
    let listing = listing([
        row("AB 41", "1.3", "40-43", ""),
        row("AB 43", "1.4", "40-43", "1"),
    ]);
    let resolved = resolve(&listing, &relative_notes(&[("AB 43", "AB 41")]));
    assert!(
        resolved.diagnostics.is_empty(),
        "{:?}",
        resolved.diagnostics
    );
    let ab43 = &resolved.nation.vehicles[1];
    assert!(
        matches!(&ab43.availability[0].origin, AvailabilityOrigin::Derived { base_vehicle, .. } if base_vehicle == "AB 41"),
        "{:?}",
        ab43.availability
    );
    assert_eq!(rfs(&resolved.nation, "AB 43"), vec![14]);
}

#[test]
fn two_vehicles_sharing_a_word_based_on_each_other_are_a_cycle() {
    let listing = listing([
        row("AB 41", "1.3", "40-43", "1"),
        row("AB 43", "1.4", "40-43", "2"),
    ]);
    let notes = relative_notes(&[("AB 41", "AB 43"), ("AB 43", "AB 41")]);
    let resolved = resolve(&listing, &notes);
    let codes: Vec<&str> = resolved.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(
        codes,
        vec!["notes::relative-cycle"],
        "{:?}",
        resolved.diagnostics
    );
}

/// The (base, RF) of each derived entry of a vehicle, and its diagnostics' codes.
pub(crate) fn derived(resolved: &Resolved, name: &str) -> Vec<(String, u32)> {
    let v = resolved
        .nation
        .vehicles
        .iter()
        .find(|v| v.name == name)
        .unwrap();
    v.availability
        .iter()
        .filter_map(|a| match &a.origin {
            AvailabilityOrigin::Derived { base_vehicle, .. } => {
                Some((base_vehicle.clone(), a.rf.0))
            }
            _ => None,
        })
        .collect()
}

/// A listing of the given names, all in note 1.
fn note_one(names: &[&str]) -> String {
    let mut listing = HEADER.to_string();
    for name in names {
        listing.push_str(&row(name, "1.0-1.6", "40-43", "1"));
    }
    listing
}

#[test]
fn the_same_finds_the_rule_before_it_in_another_paragraph() {
    let listing = note_one(&["Alpha", "Bravo"]);
    for same in [
        "Bravo Dates and RF are the same, but with .1 added.",
        "Bravo Dates and RF are as above, with .1 added to the RF.",
        "Bravo Dates and RF are the same as the Alpha's, but with .1 added to each RF.",
    ] {
        let notes = format!(
            "**1. Alpha & Bravo:** Test vehicles.\n\n† Alpha Dates and RF are 1940 (1.2).\n\n† {same}\n"
        );
        let resolved = resolve(&listing, &notes);
        let codes: Vec<&str> = resolved.diagnostics.iter().map(|d| d.code).collect();
        assert!(codes.is_empty(), "{same}: {:?}", resolved.diagnostics);
        assert_eq!(
            derived(&resolved, "Bravo"),
            vec![("Alpha".into(), 13)],
            "{same}"
        );
    }
}

#[test]
fn the_same_without_a_rule_before_it_is_the_notes_main_vehicle() {
    let listing = listing([
        row("Alpha", "1.1", "40-43", "1"),
        row("Bravo", "1.0-1.6", "40-43", "1"),
    ]);
    let notes = "**1. Alpha & Bravo:** Test vehicles.\n\n† Bravo Dates and RF are the same, but with .1 subtracted.\n";
    let resolved = resolve(&listing, notes);
    assert_eq!(
        derived(&resolved, "Bravo"),
        vec![("Alpha".into(), 10)],
        "{:?}",
        resolved.diagnostics
    );
}

#[test]
fn an_ambiguous_antecedent_is_an_error_listing_the_candidates() {
    let listing = note_one(&["Alpha", "Bravo", "Charlie"]);
    let notes = "**1. Alpha, Bravo & Charlie:** Test vehicles.\n\n† Alpha and Bravo Dates and RF are 1940 (1.2).\n\n† Charlie Dates and RF are the same, but with .1 added.\n";
    let resolved = resolve(&listing, notes);
    let found: Vec<(&str, &str)> = resolved
        .diagnostics
        .iter()
        .map(|d| (d.code, d.message.as_str()))
        .collect();
    assert!(
        found
            .iter()
            .any(|(code, message)| *code == "notes::ambiguous-antecedent"
                && message.contains("Alpha, Bravo")),
        "{found:?}"
    );
    assert!(derived(&resolved, "Charlie").is_empty());
}

/// The theater registry the tests' nations are read with.
fn theater_registry() -> crate::registry::TheaterRegistry {
    let mut sources = SourceMap::new();
    let theaters = sources.add(Source::new(
        FileId(0),
        "registry/theaters.toml",
        include_str!("../../data-src/registry/theaters.toml"),
    ));
    let types = sources.add(Source::new(
        FileId(1),
        "registry/vehicle-types.toml",
        include_str!("../../data-src/registry/vehicle-types.toml"),
    ));
    Registries::read(&sources, theaters, types, &mut Vec::new()).theaters
}

#[test]
fn a_rule_without_a_theater_applies_in_every_theater_unless_the_nation_declares_its_own() {
    use crate::query::availability_at;
    use crate::registry::NationTheaters;
    use qm_schema::YearMonth;
    let listing = listing([
        row("Alpha", "1.0-1.3", "11/41-44", "1"),
        row("Bravo", "1.0-1.3", "40-44", "2"),
    ]);
    let notes = "**1. Alpha:** A test vehicle.\n\n† RF is 1.0 for 11/41-6/42, 1.2 for 7-12/42, and 1.3 thereafter.\n\n**2. Bravo:** Another.\n\n† Dates and RF for use in North Africa are 1941 (1.1).\n";
    let registry = theater_registry();
    let russia = TheaterId::new("Russia");
    let month = YearMonth {
        year: 1942,
        month: 8,
    };
    // No `[nation] theaters`: Russia, which no note names, still has Alpha at 1.2.
    let open = resolve_with(&listing, notes, None);
    let theaters = NationTheaters::new(&registry, open.theaters.clone());
    let alpha = &open.nation.vehicles[0];
    let entry = availability_at(alpha, &russia, month, &theaters).map(|a| a.rf.0);
    assert_eq!(entry, Some(12), "{:?}", alpha.availability);
    // Declared theaters: only those.
    let declared = resolve_with(
        &listing,
        notes,
        Some("[nation]\nname = \"Test\"\ntheaters = [\"North Africa\"]\n"),
    );
    let theaters = NationTheaters::new(&registry, declared.theaters.clone());
    let alpha = &declared.nation.vehicles[0];
    assert_eq!(availability_at(alpha, &russia, month, &theaters), None);
    let na = TheaterId::new("NorthAfrica");
    let entry = availability_at(alpha, &na, month, &theaters).map(|a| a.rf.0);
    assert_eq!(entry, Some(12));
}

#[test]
fn an_error_in_one_note_leaves_only_its_vehicles_unresolved() {
    let listing = listing([
        row("Alpha", "1.0-1.6", "40-43", "1"),
        row("Bravo", "1.2", "40-43", "2"),
        row("Charlie", "1.2", "40-43", ""),
    ]);
    let notes = "**1. Alpha:** A test vehicle.\n\n† RF is 1.5 in 1940 and perhaps 1.6 in 1941.\n\n**2. Bravo:** Another.\n\n† RF is 1.3 in 1941.\n";
    let resolved = resolve(&listing, notes);
    let unresolved: Vec<(&str, &str)> = resolved
        .nation
        .unresolved
        .iter()
        .map(|u| (u.name.as_str(), u.code.as_str()))
        .collect();
    assert_eq!(
        unresolved,
        vec![("Alpha", "notes::unreadable-availability")],
        "{:?}",
        resolved.diagnostics
    );
    let source = resolved.nation.unresolved[0].source.as_ref().unwrap();
    assert_eq!((&*source.file, source.line), ("t/notes.md", 3));
    assert_eq!(rfs(&resolved.nation, "Bravo"), vec![12, 13, 12]);
}

#[test]
fn the_same_one_month_later_moves_the_antecedents_periods() {
    let listing = note_one(&["Alpha", "Bravo"]);
    let notes = "**1. Alpha & Bravo:** Test vehicles.\n\n† Alpha Dates and RF are 6-8/40 (1.2).\n\n† Bravo Dates and RF are the same, but with .1 added and one month later.\n";
    let resolved = resolve(&listing, notes);
    let bravo = resolved
        .nation
        .vehicles
        .iter()
        .find(|v| v.name == "Bravo")
        .unwrap();
    let entries: Vec<(String, u32)> = bravo
        .availability
        .iter()
        .map(|a| (a.period.to_string(), a.rf.0))
        .collect();
    assert_eq!(
        entries,
        vec![("7-9/40".to_string(), 13)],
        "{:?}",
        resolved.diagnostics
    );
}

#[test]
fn a_vehicle_copying_an_unresolved_one_is_unresolved_too() {
    let listing = listing([
        row("Alpha", "1.0-1.6", "40-43", "1"),
        row("Bravo", "1.2", "40-43", "2"),
        row("Charlie", "1.3", "40-43", "3"),
    ]);
    let notes = "**1. Alpha:** A test vehicle.\n\n† Dates and RF are 1940 (1.2).\n\n† RF is 1.5 in 1940 and perhaps 1.6 in 1941.\n\n**2. Bravo:** Another.\n\n† RF is always .1 higher than the corresponding RF of the Alpha.\n\n**3. Charlie:** A third.\n\n† RF is always .1 higher than the corresponding RF of the Bravo.\n";
    let resolved = resolve(&listing, notes);
    let unresolved: Vec<(&str, &str)> = resolved
        .nation
        .unresolved
        .iter()
        .map(|u| (u.name.as_str(), u.code.as_str()))
        .collect();
    assert_eq!(
        unresolved,
        vec![
            ("Alpha", "notes::unreadable-availability"),
            ("Bravo", "notes::unresolved-base"),
            ("Charlie", "notes::unresolved-base"),
        ],
        "{:?}",
        resolved.diagnostics
    );
}

/// A row with the given AF, TA, MG C, AM MO and # / PP cells, the rest as a tankette's.
fn values_row(name: &str, [af, ta, c, ammo, pp]: [&str; 5]) -> String {
    format!("{name}\t\t3.5\tTt\t20\t1.2\t40-43\t+2\t{af}\t{ta}\t\t2\t13\tL\tRST\tT37\t\t11\t\t\t{c}\t\t\t{ammo}\t{pp}\t1\n")
}

#[test]
fn counters_print_the_values_as_published() {
    let mut listing = HEADER.to_string();
    listing.push_str(&values_row(
        "Unsigned",
        ["4/3", "-F/+SR", "4 or 6†¹", "HE7; D5/6†", "9PP†/T8"],
    ));
    listing.push_str(&values_row(
        "Turret",
        ["11†/4/★T", "★", "4OptR2", "A4¹/5²", "†1C/5PP"],
    ));
    let r = resolve(&listing, "**1. Unsigned:** A test vehicle.\n\n");
    let text = |v: usize, kind: CounterItemKind| {
        let c = &r.nation.vehicles[v].counter;
        c.front
            .iter()
            .chain(&c.back)
            .find(|i| i.kind == kind)
            .map(|i| i.text.clone())
    };
    use CounterItemKind as K;
    let got: Vec<Option<String>> = [K::ArmorFront, K::ArmorSide, K::ArmorThird]
        .into_iter()
        .map(|k| text(0, k))
        .collect();
    // An unsigned factor stays unsigned ("4", never "+4").
    assert_eq!(got, [Some("4".into()), Some("3".into()), None]);
    assert_eq!(text(0, K::TargetAspect).as_deref(), Some("-F/+SR"));
    assert_eq!(text(0, K::MgCoax).as_deref(), Some("4 or 6†"));
    assert_eq!(text(0, K::Ammo).as_deref(), Some("HE7; D5/6†"));
    // The dagger stays on the part it follows.
    assert_eq!(text(0, K::Capacity).as_deref(), Some("9PP†/T8"));
    assert_eq!(text(0, K::Turret).as_deref(), Some("RST"));
    assert_eq!(text(1, K::ArmorFront).as_deref(), Some("11†"));
    assert_eq!(text(1, K::ArmorThird).as_deref(), Some("★T"));
    assert_eq!(text(1, K::MgCoax).as_deref(), Some("4OptR2"));
    assert_eq!(text(1, K::Ammo).as_deref(), Some("A4¹/5²"));
    assert_eq!(text(1, K::Capacity).as_deref(), Some("†1C/5PP"));
}

/// A row named `name` of type `kind`.
fn typed_row(name: &str, kind: &str) -> String {
    format!("{name}\t\t3.5\t{kind}\t20\t1.2\t40-43\t+2\t-4\t\t\t2\t13\tL\t\tBMG\t\t11\t\t4\t\t\t\t\t\t\n")
}

#[test]
fn names_are_told_apart_by_their_type() {
    use crate::query::{lookup_vehicle, VehicleLookupError};
    let mut listing = HEADER.to_string();
    for (name, kind) in [("M3", "LT"), ("M3", "MT"), ("M3", "ht"), ("Solo", "LT")] {
        listing.push_str(&typed_row(name, kind));
    }
    let r = resolve(&listing, "");
    let ids: Vec<&str> = r.nation.vehicles.iter().map(|v| v.id.as_str()).collect();
    assert_eq!(ids, ["m3-lt", "m3-mt", "m3-ht", "solo"]);
    assert!(
        !r.diagnostics
            .iter()
            .any(|d| d.code == "lint::duplicate-name"),
        "{:#?}",
        r.diagnostics
    );
    let found = |q: &str| lookup_vehicle(&r.nation, q).map(|v| v.id.as_str());
    assert_eq!(found("M3 MT"), Ok("m3-mt"));
    assert_eq!(found("m3 lt"), Ok("m3-lt"));
    assert_eq!(found("m3-ht"), Ok("m3-ht"));
    assert_eq!(
        found("M3"),
        Err(VehicleLookupError::Ambiguous(vec![
            "m3-lt", "m3-mt", "m3-ht"
        ]))
    );

    // The same name and the same type: a duplicate.
    let mut listing = HEADER.to_string();
    listing.push_str(&typed_row("M3", "LT"));
    listing.push_str(&typed_row("M3", "LT"));
    let r = resolve(&listing, "");
    let dups = r
        .diagnostics
        .iter()
        .filter(|d| d.code == "lint::duplicate-name")
        .count();
    assert_eq!(dups, 1, "{:#?}", r.diagnostics);
}

#[test]
fn a_second_line_is_the_other_configuration_of_the_vehicle_above() {
    let mut listing = HEADER.to_string();
    listing.push_str(&typed_row("Carrier", "SPAA"));
    // No TYPE, BPV, RF or DATES: the line under the carrier is its other configuration.
    listing.push_str(
        "(Firing mode)\t\t\t\t\t\t\t+1\t6/3\t\t●\t\t\t\t1MT\tT37\t2\t\t\t\t\t\t\t\t\t1\n",
    );
    listing.push_str(&typed_row("Next", "LT"));
    let r = resolve(&listing, "**1. Carrier:** A test vehicle.\n\n");
    let names: Vec<&str> = r.nation.vehicles.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["Carrier", "Next"]);
    assert!(
        !r.diagnostics.iter().any(|d| d.is_error()),
        "{:#?}",
        r.diagnostics
    );
    let carrier = &r.nation.vehicles[0];
    let other = carrier.other_configuration.as_ref().expect("kept with it");
    assert_eq!(other.name_cell.raw, "(Firing mode)");
    assert_eq!(other.values.armor.as_ref().unwrap().raw, "6/3");
    assert_eq!(other.values.main_armament.as_ref().unwrap().raw, "T37");
    let back: Vec<&str> = carrier
        .counter
        .back
        .iter()
        .map(|i| i.text.as_str())
        .collect();
    assert!(back.contains(&"(Firing mode) T37 6/3"), "{back:?}");
    assert!(r.nation.vehicles[1].other_configuration.is_none());
}

/// A made-up second line with its own BPV, RF and DATES (a configuration priced apart).
const PRICED_LINE: &str =
    "(Without floats)\t\t3\t\t18\t1.4†\t42-43\t+2\t-4\t\t\t2\t14\tL\t\tBMG\t\t11\t\t4\t\t\t\t\t\t\n";

#[test]
fn a_parenthesized_line_with_its_own_values_is_the_other_configuration() {
    let notes = "**1. Carrier:** A test vehicle.\n\n";
    let mut plain = HEADER.to_string();
    plain.push_str(&typed_row("Carrier", "LT"));
    let mut listing = plain.clone();
    listing.push_str(PRICED_LINE);
    let r = resolve(&listing, notes);
    assert!(
        !r.diagnostics.iter().any(|d| d.is_error()),
        "{:#?}",
        r.diagnostics
    );
    let names: Vec<&str> = r.nation.vehicles.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["Carrier"]);
    let carrier = &r.nation.vehicles[0];
    let other = carrier.other_configuration.as_ref().expect("kept with it");
    assert_eq!(other.name_cell.raw, "(Without floats)");
    assert_eq!(other.bpv.as_ref().and_then(|f| f.value), Some(18));
    assert_eq!(other.rf.as_ref().unwrap().raw, "1.4†");
    assert_eq!(other.dates.as_ref().unwrap().raw, "42-43");
    assert_eq!(other.values.mp.as_ref().and_then(|f| f.value), Some(14));
    // The vehicle keeps its own values, and the line's RF and DATES give no availability.
    assert_eq!(carrier.bpv.value, Some(20));
    let alone = resolve(&plain, notes);
    assert_eq!(carrier.availability, alone.nation.vehicles[0].availability);
    assert_eq!(
        carrier.availability_unknown,
        alone.nation.vehicles[0].availability_unknown
    );
}

/// Asserts that `r` reports a blank cell a vehicle needs (`listing::missing-value`).
fn assert_missing_value(r: &Resolved) {
    assert!(
        r.diagnostics
            .iter()
            .any(|d| d.code == "listing::missing-value"),
        "{:#?}",
        r.diagnostics
    );
}

#[test]
fn a_line_without_type_is_a_vehicle_unless_parenthesized_under_one() {
    // Not parenthesized: a vehicle missing its TYPE.
    let mut listing = HEADER.to_string();
    listing.push_str(&typed_row("Carrier", "LT"));
    listing.push_str(&PRICED_LINE.replace("(Without floats)", "Without floats"));
    let r = resolve(&listing, "");
    assert!(r.nation.vehicles[0].other_configuration.is_none());
    assert_missing_value(&r);
    // Parenthesized but under no vehicle: still not a configuration of anything.
    let mut listing = HEADER.to_string();
    listing.push_str(PRICED_LINE);
    let r = resolve(&listing, "");
    assert_missing_value(&r);
}

#[test]
fn a_nation_without_notes_answers_from_its_listing() {
    let mut listing = HEADER.to_string();
    listing.push_str(&row("Plain", "1.2", "40-43", ""));
    listing.push_str(&row("Marked", "1.4†", "6/41-43", "3"));
    listing.push_str(&row("Ranged", "1.2-1.4†", "41-43", "4"));
    let r = resolve_input(&listing, None, None);
    assert!(
        !r.diagnostics.iter().any(|d| d.is_error()),
        "{:#?}",
        r.diagnostics
    );
    let v = |name: &str| r.nation.vehicles.iter().find(|v| v.name == name).unwrap();
    let plain = &v("Plain").availability;
    assert_eq!(plain.len(), 1);
    assert_eq!(plain[0].theaters, [TheaterId::any()]);
    assert_eq!(plain[0].rf, Tenths(12));
    assert!(matches!(
        &plain[0].origin,
        AvailabilityOrigin::ListingOnly { lacking, .. } if lacking.is_empty()
    ));
    let marked = &v("Marked").availability;
    assert_eq!(marked[0].period.from.year, 1941);
    assert!(matches!(
        &marked[0].origin,
        AvailabilityOrigin::ListingOnly { lacking, .. } if lacking == &["3".to_string()]
    ));
    // A range is the notes' to resolve: no entry with a guessed RF, but months whose RF is
    // unknown (never "not available"), naming the note the data lacks.
    let ranged = v("Ranged");
    assert!(ranged.availability.is_empty());
    let [unknown] = ranged.availability_unknown.as_slice() else {
        panic!("{:#?}", ranged.availability_unknown);
    };
    assert_eq!(unknown.theaters, [TheaterId::any()]);
    assert_eq!(
        (unknown.rf_range.lower, unknown.rf_range.upper),
        (Tenths(12), Tenths(14))
    );
    assert_eq!(unknown.period.from.year, 1941);
    assert_eq!(unknown.lacking, ["4"]);
    assert!(v("Plain").availability_unknown.is_empty());
}

#[test]
fn a_superscript_after_a_note_letter_picks_the_sentence_that_explains_it() {
    let listing = listing([
        row("Plain", "1.2", "40-45", "N"),
        row("Marked", "1.2", "40-45", "Nᵀ"),
        row("Unexplained", "1.2", "40-45", "Nᶠᵀ"),
        row("Numbered", "1.2", "40-45", "1ᵗ"),
    ]);
    let notes = "**1. Numbered:** A test vehicle.\n\n## MULTI-APPLICABLE VEHICLE NOTES\n\n**N.** This vehicle was used in North Africa at some time from 6/40 to 5/43 (within the limits of its own given dates). If the superscript “T” appears its use in North Africa was limited to Tunisia, 11/42 to 5/43 (within the limits of its own given dates).\n";
    let r = resolve(&listing, notes);
    let v = |name: &str| r.nation.vehicles.iter().find(|v| v.name == name).unwrap();
    let places = |name: &str| -> Vec<(String, String)> {
        v(name)
            .availability
            .iter()
            .map(|a| (a.theaters[0].to_string(), a.period.to_string()))
            .collect()
    };
    assert_eq!(
        places("Plain"),
        [("NorthAfrica".into(), "6/40-5/43".into())]
    );
    assert_eq!(places("Marked"), [("Tunisia".into(), "11/42-5/43".into())]);
    let codes: Vec<(&str, &str)> = r
        .diagnostics
        .iter()
        .map(|d| (d.code, d.message.as_str()))
        .collect();
    let unexplained = r
        .diagnostics
        .iter()
        .find(|d| d.code == "notes::unexplained-superscript")
        .unwrap_or_else(|| panic!("{codes:#?}"));
    assert!(unexplained.is_error());
    assert!(
        unexplained.message.contains("`Nᶠᵀ` of Unexplained")
            && unexplained.message.contains("superscript “F” means"),
        "{}",
        unexplained.message
    );
    let unresolved: Vec<&str> = r
        .nation
        .unresolved
        .iter()
        .map(|u| u.name.as_str())
        .collect();
    assert_eq!(unresolved, ["Unexplained"], "{codes:#?}");
    let unread = r
        .diagnostics
        .iter()
        .find(|d| d.code == "notes::unread-superscript")
        .unwrap_or_else(|| panic!("{codes:#?}"));
    assert!(!unread.is_error());
    assert!(unread.message.contains("`1ᵗ`"), "{}", unread.message);
    assert_eq!(
        r.diagnostics
            .iter()
            .filter(|d| d.code.starts_with("notes::un"))
            .count(),
        2,
        "{codes:#?}"
    );
}
