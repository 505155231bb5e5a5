//! The registries read from the repository's files and from small hand-written ones: lookup,
//! aliases, parts, groups, the nation's theaters, vehicle types, and every error with its span.

use qm_parser::{Diagnostic, FileId, Source, SourceMap};
use qm_schema::{TheaterId, VehicleTypeCode};

use super::*;

const THEATERS: &str = include_str!("../../data-src/registry/theaters.toml");
const TYPES: &str = include_str!("../../data-src/registry/vehicle-types.toml");

/// A source map holding `files` (name, text), in order: file ids 0, 1, ...
fn map(files: &[(&str, &str)]) -> SourceMap {
    let mut map = SourceMap::new();
    for (name, text) in files {
        let id = map.next_id();
        map.add(Source::new(id, *name, *text));
    }
    map
}

fn shipped() -> Registries {
    let map = map(&[("theaters.toml", THEATERS), ("vehicle-types.toml", TYPES)]);
    let mut diags = Vec::new();
    let r = Registries::read(&map, FileId(0), FileId(1), &mut diags);
    assert!(diags.is_empty(), "{diags:#?}");
    r
}

fn id(s: &str) -> TheaterId {
    TheaterId::new(s)
}

/// The text each diagnostic points at, with its code.
fn pointed<'a>(text: &'a str, diags: &[Diagnostic]) -> Vec<(&'static str, &'a str)> {
    diags
        .iter()
        .map(|d| {
            let r = d.span.as_ref().map_or(0..0, |s| s.range.clone());
            (d.code, &text[r])
        })
        .collect()
}

fn theaters_with_errors(text: &str) -> (TheaterRegistry, Vec<Diagnostic>) {
    let map = map(&[("t.toml", text)]);
    let mut diags = Vec::new();
    let mut reg = TheaterRegistry::default();
    read_theaters(&mut reg, &map, FileId(0), &mut diags);
    (reg, diags)
}

fn types_with_errors(text: &str) -> (VehicleTypeRegistry, Vec<Diagnostic>) {
    let map = map(&[("v.toml", text)]);
    let mut diags = Vec::new();
    let mut reg = VehicleTypeRegistry::default();
    read_vehicle_types(&mut reg, &map, FileId(0), TypesLayer::Shared, &mut diags);
    (reg, diags)
}

fn theater_id(reg: &TheaterRegistry, name: &str) -> Option<String> {
    match reg.lookup(name)? {
        TheaterName::Theater(t) => Some(t.id.to_string()),
        TheaterName::Group(g) => Some(format!("group {}", g.id)),
        TheaterName::Any => Some("Any".into()),
    }
}

#[test]
fn names_aliases_and_adjectives_find_their_theater() {
    let r = shipped().theaters;
    for (name, want) in [
        ("North Africa", "NorthAfrica"),
        ("North-Africa", "NorthAfrica"),
        ("NA", "NorthAfrica"),
        ("north african", "NorthAfrica"),
        ("the Desert", "NorthAfrica"),
        ("NorthAfrica", "NorthAfrica"),
        ("THE BALKANS", "Balkans"),
        ("Balkan", "Balkans"),
        ("Yugoslav", "Yugoslavia"),
        ("Tunisian", "Tunisia"),
        ("N. Africa", "NorthAfrica"),
        ("low-countries", "LowCountries"),
        ("Burma", "Burma"),
        ("the ETO", "group Eto"),
        ("Europe", "group Eto"),
        ("any theater", "Any"),
        ("Any", "Any"),
    ] {
        assert_eq!(theater_id(&r, name).as_deref(), Some(want), "{name}");
    }
    assert_eq!(theater_id(&r, "elsewhere"), None);
    assert_eq!(theater_id(&r, "Atlantis"), None);
    assert_eq!(r.name(&id("Balkans")), "the Balkans");
    assert_eq!(r.name(&TheaterId::any()), "any theater");
    assert_eq!(r.name(&id("Nowhere")), "Nowhere");
}

#[test]
fn parts_are_transitive_and_never_reflexive() {
    let r = shipped().theaters;
    assert!(r.part_of(&id("Tunisia"), &id("NorthAfrica")));
    assert!(r.part_of(&id("Crete"), &id("Greece")));
    assert!(r.part_of(&id("Crete"), &id("Balkans")));
    assert!(!r.part_of(&id("Balkans"), &id("Crete")));
    assert!(!r.part_of(&id("Balkans"), &id("Balkans")));
    assert!(!r.part_of(&id("Yugoslavia"), &id("Greece")));
    assert!(r.overlaps(&id("NorthAfrica"), &id("Tunisia")));
    assert!(r.overlaps(&id("Crete"), &id("Balkans")));
    assert!(!r.overlaps(&id("Crete"), &id("Yugoslavia")));
    assert_eq!(r.whole(&id("Crete")), &id("Balkans"));
    assert_eq!(r.whole(&id("Russia")), &id("Russia"));
    assert_eq!(
        r.parts(&id("Balkans")),
        vec![id("Greece"), id("Crete"), id("Yugoslavia")]
    );
    // File order is listing order; "Any" comes after every theater.
    assert!(r.rank(&id("NorthAfrica")) < r.rank(&id("Russia")));
    assert!(r.rank(&id("Russia")) < r.rank(&id("Balkans")));
    assert_eq!(r.rank(&TheaterId::any()), r.theaters().len());
}

#[test]
fn groups_stand_for_the_members_the_nation_fought_in() {
    let r = shipped().theaters;
    let eto = r.groups().iter().find(|g| g.id == "Eto").unwrap();
    assert_eq!(eto.members.len(), 10);
    // The notes name Tunisia and Yugoslavia: they count as North Africa and the Balkans.
    let nation = NationTheaters::named(
        &r,
        [
            "Tunisia",
            "Russia",
            "the ETO",
            "Yugoslavia",
            "Atlantis",
            "NA",
        ],
    );
    assert_eq!(
        nation.theaters(),
        [id("NorthAfrica"), id("Russia"), id("Balkans")]
    );
    let eto = r.lookup("ETO").unwrap();
    assert_eq!(nation.expand(eto), vec![id("Balkans"), id("Russia")]);
    assert_eq!(nation.expand(TheaterName::Any), nation.theaters().to_vec());
    assert_eq!(
        nation.excluded("the Balkans"),
        vec![id("Balkans"), id("Greece"), id("Crete"), id("Yugoslavia")]
    );
    assert!(nation.excluded("Atlantis").is_empty());
    // "Any" answers for the nation's theaters (and their parts), nowhere else.
    let any = TheaterId::any();
    assert!(nation.matches(&any, &id("Tunisia")));
    assert!(nation.matches(&any, &id("Crete")));
    assert!(!nation.matches(&any, &id("Burma")));
    assert!(nation.matches(&id("Tunisia"), &id("NorthAfrica")));
    assert!(!nation.matches(&id("Russia"), &id("NorthAfrica")));
}

#[test]
fn close_names_are_suggested() {
    let r = shipped().theaters;
    assert_eq!(r.suggest("Brma"), vec!["Burma"]);
    assert_eq!(r.suggest("Sicliy"), vec!["Sicily"]);
    // A misspelled alias suggests its theater's name.
    assert_eq!(r.suggest("Lybia"), vec!["North Africa"]);
    assert!(r.suggest("Xyzzy Plover").is_empty());
}

#[test]
fn theater_file_errors_point_at_the_entry() {
    let text = r#"
[[theater]]
id = "Alpha"
name = "Alpha"
aliases = ["A"]

[[theater]]
id = "Alpha"
name = "Alpha Two"

[[theater]]
id = "Beta"
name = "Beta"
aliases = ["a"]

[[theater]]
id = "Gamma"
name = "Gamma"
part_of = "Alpah"

[[theater]]
id = "Delta"
name = "anywhere"

[[theater]]
id = "Eps Ilon"
name = "Epsilon"

[[theater]]
id = "Zeta"
name = "Zeta"
part_of = "Eta"

[[theater]]
id = "Eta"
name = "Eta"
part_of = "Zeta"

[[group]]
id = "Front"
name = "the Front"
members = ["Alpha", "Omega"]
"#;
    let (reg, diags) = theaters_with_errors(text);
    assert_eq!(
        pointed(text, &diags),
        [
            ("registry::duplicate-id", "\"Alpha\""),
            ("registry::duplicate-name", "\"a\""),
            ("registry::reserved", "\"anywhere\""),
            ("registry::bad-id", "\"Eps Ilon\""),
            ("registry::unknown-theater", "\"Alpah\""),
            ("registry::part-of-cycle", "\"Zeta\""),
            ("registry::unknown-theater", "\"Omega\""),
        ]
    );
    assert_eq!(diags[4].help.as_deref(), Some("did you mean `Alpha`?"));
    // What is right is still read.
    let ids: Vec<&str> = reg.theaters().iter().map(|t| t.id.as_str()).collect();
    assert_eq!(ids, ["Alpha", "Gamma", "Zeta", "Eta"]);
    assert_eq!(reg.groups()[0].members, vec![id("Alpha")]);
    assert!(!reg.part_of(&id("Zeta"), &id("Zeta")));
}

#[test]
fn a_malformed_file_is_one_diagnostic_at_its_place() {
    let text = "[[theater]]\nid = \"A\"\nname = \n";
    let (_, diags) = theaters_with_errors(text);
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0].code, "registry::syntax");
    let span = diags[0].span.clone().unwrap();
    assert_eq!(text[..span.range.start].lines().count(), 3, "{span:?}");
    let (_, diags) = theaters_with_errors("[[theater]]\nid = \"A\"\nname = \"A\"\ncolour = 3\n");
    assert_eq!(diags[0].code, "registry::syntax");
    assert!(diags[0].message.contains("colour"), "{}", diags[0].message);
}

#[test]
fn a_nation_adds_theaters_but_may_not_redefine_one() {
    let nation = r#"
[[theater]]
id = "Ruritania"
name = "Ruritania"
part_of = "Balkans"

[[theater]]
id = "Burma"
name = "Burma Again"

[[theater]]
id = "Mandalay"
name = "Mandalay"
aliases = ["Burmese"]
"#;
    let map = map(&[
        ("theaters.toml", THEATERS),
        ("vehicle-types.toml", TYPES),
        ("rur/theaters.toml", nation),
    ]);
    let mut diags = Vec::new();
    let shared = Registries::read(&map, FileId(0), FileId(1), &mut diags);
    let r = shared.with_nation(&map, Some(FileId(2)), None, &mut diags);
    assert_eq!(
        pointed(nation, &diags),
        [
            ("registry::duplicate-id", "\"Burma\""),
            ("registry::duplicate-name", "\"Burmese\""),
        ]
    );
    assert!(diags[0].message.contains("theaters.toml"));
    assert!(r.theaters.part_of(&id("Ruritania"), &id("Balkans")));
    assert!(shared.theaters.get(&id("Ruritania")).is_none());
}

#[test]
fn vehicle_type_codes_are_case_sensitive_and_combine() {
    let t = shipped().types;
    assert_eq!(t.get("HT").unwrap().name, "heavy tank");
    assert_eq!(t.get("ht").unwrap().name, "halftrack");
    assert!(t.get("Ht").is_none());
    let code = VehicleTypeCode::new;
    assert_eq!(t.group_of(&code("tr")), Some("Trucks and tractors"));
    assert_eq!(t.group_of(&code("AG/TD")), Some("Assault guns"));
    assert_eq!(t.group_of(&code("TD/AA")), Some("Tank destroyers"));
    assert_eq!(t.group_of(&code("AC/TD")), Some("Armored cars"));
    assert_eq!(
        t.name(&code("AG/TD")).as_deref(),
        Some("assault gun / tank destroyer")
    );
    assert!(t.resolve(&code("AG/XX")).is_none());
    assert!(t.is_afv(&code("MT")));
    assert!(!t.is_afv(&code("tr")));
    // Chapter H's scout cars are AFVs; a nation whose are not says so.
    assert!(t.is_afv(&code("SC")));
    assert!(!t.is_afv(&code("AS")));
    assert_eq!(t.name(&code("AS")).as_deref(), Some("aerosan"));
    assert_eq!(t.group_of(&code("AAh-d")), Some("Horse-drawn"));
    assert!(!t.is_afv(&code("Zz")));
    // Groups in order of first appearance.
    let groups = t.groups();
    assert_eq!(
        &groups[..4],
        [
            "Tankettes",
            "Tankette variants",
            "Light tanks",
            "Medium tanks"
        ]
    );
    assert_eq!(groups.last(), Some(&"Horse-drawn"));
    assert_eq!(t.suggest("hT"), vec!["HT", "ht"]);
    assert_eq!(t.suggest("TR"), vec!["tr"]);
    assert_eq!(t.suggest("SX"), vec!["SC"]);
    assert!(t.suggest("Battleship").is_empty());
    assert!(t.suggest(&"x".repeat(100_000)).is_empty());
}

#[test]
fn vehicle_type_file_errors_point_at_the_entry() {
    let text = r#"
[[type]]
code = "MT"
name = "medium tank"
group = "Medium tanks"
afv = true
class = "tank"

[[type]]
code = "MT"
name = "again"
group = "Medium tanks"
afv = true
class = "tank"

[[type]]
code = "XT"
name = "x tank"

[[type]]
code = "AG/TD"
name = "combined"
group = "Assault guns"
afv = true
class = "turretless"

[[type]]
code = "YT"
name = "y tank"
group = "Tanks"
afv = true
class = "tnak"
"#;
    let (reg, diags) = types_with_errors(text);
    assert_eq!(
        pointed(text, &diags),
        [
            ("registry::duplicate-code", "\"MT\""),
            ("registry::missing-field", "\"XT\""),
            ("registry::bad-code", "\"AG/TD\""),
            ("registry::bad-class", "\"tnak\""),
        ]
    );
    assert_eq!(diags[3].help.as_deref(), Some("did you mean `tank`?"));
    assert_eq!(reg.types().len(), 1);
}

#[test]
fn a_nation_overrides_type_fields_and_adds_codes() {
    let nation = r#"
[[type]]
code = "SC"
afv = false

[[type]]
code = "RT"
name = "rocket truck"
group = "SP artillery trucks"
afv = false
class = "truck"

[[type]]
code = "QT"
afv = true
"#;
    let map = map(&[
        ("theaters.toml", THEATERS),
        ("vehicle-types.toml", TYPES),
        ("rur/vehicle-types.toml", nation),
    ]);
    let mut diags = Vec::new();
    let shared = Registries::read(&map, FileId(0), FileId(1), &mut diags);
    let r = shared.with_nation(&map, None, Some(FileId(2)), &mut diags);
    assert_eq!(
        pointed(nation, &diags),
        [("registry::missing-field", "\"QT\"")]
    );
    let sc = VehicleTypeCode::new("SC");
    assert!(!r.types.is_afv(&sc));
    assert!(shared.types.is_afv(&sc));
    assert_eq!(r.types.get("SC").unwrap().name, "scout car");
    assert_eq!(
        r.types.group_of(&VehicleTypeCode::new("RT")),
        Some("SP artillery trucks")
    );
}

#[test]
fn system_rules_name_registered_theaters_and_every_bad_field_is_pointed_at() {
    let rules = r#"
[[red_mp]]
rule = "178"
alliance = "axis"
theater = "North Afrika"
until = "10/41"
card = "x"

[[red_mp]]
rule = "17x"
lines = "9-3"
alliance = "axes"
theater = "Tunisia"
until = "41/10"
except = ["bicycle"]
card = "x"

[[red_mp]]
rule = "9.1"
alliance = "all"
theater = "the Desert"
until = "1942-01"
except = ["motorcycle"]
card = "All {nation} vehicles"
"#;
    let map = map(&[
        ("theaters.toml", THEATERS),
        ("vehicle-types.toml", TYPES),
        ("rules.toml", rules),
    ]);
    let mut diags = Vec::new();
    let mut r = Registries::read(&map, FileId(0), FileId(1), &mut diags);
    r.read_rules(&map, FileId(2), &mut diags);
    assert_eq!(
        pointed(rules, &diags),
        [
            ("registry::bad-rule", "\"North Afrika\""),
            ("registry::bad-rule", "\"17x\""),
            ("registry::bad-rule", "\"9-3\""),
            ("registry::bad-rule", "\"41/10\""),
            ("registry::bad-rule", "\"axes\""),
            ("registry::bad-class", "\"bicycle\""),
        ]
    );
    assert!(diags[0].help.as_deref().unwrap().contains("North Africa"));
    // Only the good entry is kept; an alias names its theater.
    assert_eq!(r.rules.red_mp.len(), 1);
    let kept = &r.rules.red_mp[0];
    assert_eq!(kept.theater, id("NorthAfrica"));
    assert_eq!(kept.card_note("Rur"), "All Rur vehicles");
    assert!(kept.alliance.includes(false) && kept.alliance.includes(true));
}

#[test]
fn every_silhouette_is_named_as_in_the_registry_files() {
    for (name, s) in Silhouette::NAMES {
        assert_eq!(s.name(), name);
    }
}

fn colours_with_errors(text: &str) -> (ColourRegistry, Vec<Diagnostic>) {
    let map = map(&[("c.toml", text)]);
    let mut diags = Vec::new();
    let mut reg = ColourRegistry::default();
    read_colours(&mut reg, &map, FileId(0), &mut diags);
    (reg, diags)
}

#[test]
fn the_shipped_colours_read_cleanly_and_find_nationalities_by_name_and_code() {
    let (reg, diags) = colours_with_errors(include_str!("../../data-src/registry/colours.toml"));
    assert!(diags.is_empty(), "{diags:#?}");
    // Every entry is found by its name (any case and spacing) and by each of its codes.
    for n in &reg.nationalities {
        assert_eq!(
            reg.by_name(&n.name.to_uppercase()).map(|e| &e.name),
            Some(&n.name)
        );
        for code in &n.vasl {
            assert_eq!(
                reg.by_code(&code.to_uppercase()).map(|e| &e.name),
                Some(&n.name)
            );
        }
        // Text reads on its ground: WCAG 2's contrast for text on the front, for large text
        // on the back (the wreck side, darker).
        if let Some(c) = &n.colours {
            assert!(c.text.contrast(&c.background) >= 4.5, "{}", n.name);
            assert!(c.text.contrast(&c.back) >= 3.0, "{}", n.name);
        }
    }
    assert!(reg.by_code("").is_none() && reg.by_name("").is_none());
}

#[test]
fn colour_file_errors_point_at_the_entry() {
    let text = r##"
[default]
background = "#c9cca5"
back = "#a3a684"
text = "#1a1a14"

[[nationality]]
name = "Alpha"
vasl = ["al"]
background = "#12345"

[[nationality]]
name = "Beta"
vasl = ["AL"]

[[nationality]]
name = "alpha"

[[nationality]]
name = "Gamma"
aliases = ["Gammas", "gammas"]
text = "black"
"##;
    let (reg, diags) = colours_with_errors(text);
    assert_eq!(
        pointed(text, &diags),
        [
            ("registry::bad-colour", "\"#12345\""),
            ("registry::duplicate-nationality", "\"AL\""),
            ("registry::duplicate-nationality", "\"alpha\""),
            ("registry::bad-colour", "\"black\""),
            ("registry::duplicate-nationality", "\"gammas\""),
        ]
    );
    // Alpha is kept, its bad colour left to the default: a name only.
    let names: Vec<&str> = reg.nationalities.iter().map(|n| n.name.as_str()).collect();
    assert_eq!(names, ["Alpha"]);
    assert_eq!(reg.nationalities[0].colours, None);
    let (_, diags) = colours_with_errors("[[nationality]]\nname = \"X\"\n");
    assert_eq!(diags[0].code, "registry::syntax", "{diags:?}");
}
