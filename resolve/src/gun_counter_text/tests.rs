//! Each side of a gun counter from one made-up listing row.

use std::collections::HashSet;

use qm_parser::{Source, SourceMap};
use qm_schema::{CounterItem, CounterItemKind as K, Ordnance};

use super::{gun_counter, LIMBERED_WORD, MALFUNCTION_WORD};
use crate::ordnance::read_ordnance;
use crate::registry::GunTypeRegistry;

const HEADER: &str =
    "Name\tType\tCSize\tROF (IFE)\tB#\tRange\tM#\tTSize\tDates\tSpecial\tBPV\tRF\tNotes\n";

/// The gun of one `ordnance.tsv` row (its cells after the name, tab-separated).
fn gun(row: &str) -> Ordnance {
    let mut map = SourceMap::new();
    let text = format!("{HEADER}{row}\n");
    let id = map.next_id();
    let id = map.add(Source::new(id, "t/ordnance.tsv", &text));
    let mut diags = Vec::new();
    let listing = map.get(id).unwrap();
    let (mut guns, _) = read_ordnance(
        &map,
        listing,
        &GunTypeRegistry::default(),
        &mut HashSet::new(),
        &mut diags,
    );
    assert!(
        diags.iter().all(|d| d.code == "ordnance::unknown-type"),
        "{diags:?}"
    );
    guns.remove(0)
}

/// Each item as (kind, text), red ones marked.
fn texts(items: &[CounterItem]) -> Vec<(K, String)> {
    items
        .iter()
        .map(|i| {
            let red = if i.red { " (red)" } else { "" };
            (i.kind, format!("{}{red}", i.text))
        })
        .collect()
}

fn kt(kind: K, text: &str) -> (K, String) {
    (kind, text.to_string())
}

#[test]
fn the_front_prints_every_value_a_player_reads_in_play() {
    let g = gun("Zed Mortar 8\tMTR\t8̅1̅*\t3 (8)†\t\t2-60\t**11**\t+1\t35-45\tNT, QSU, s8, IR³⁺†, WP7⁵, H6[9]†, no Gunshield, †\t30\t1.1\t2†");
    let c = gun_counter(&g);
    assert_eq!(
        texts(&c.front),
        [
            kt(K::Name, "Zed Mortar 8"),
            kt(K::Rof, "3"),
            kt(K::Ife, "(8)†"),
            kt(K::Caliber, "81*"),
            kt(K::Range, "2-60"),
            kt(K::Ammo, "H6[9]†"),
            kt(K::Smoke, "s8 WP7⁵"),
            kt(K::Special, "NT QSU IR³⁺†"),
            kt(K::Manhandling, "11 (red)"),
            kt(K::Size, "+1"),
        ]
    );
    // The caliber's overline is drawn over its digits only.
    let caliber = &c.front[3];
    assert_eq!(caliber.runs[0].text, "81");
    assert_eq!(caliber.runs[0].marks, [qm_schema::CaliberMark::Overline]);
    assert_eq!(caliber.runs[1].text, "*");
    // The phrase goes to the back, the lone dagger nowhere; no limbered side.
    assert_eq!(
        texts(&c.back),
        [
            kt(K::Name, "Zed Mortar 8"),
            kt(K::Notation, "no Gunshield"),
            kt(K::Malfunction, MALFUNCTION_WORD),
        ]
    );
    assert!(c.limbered.is_empty());
}

#[test]
fn a_limbered_firing_bracket_makes_a_limbered_side_of_its_values() {
    let g = gun("Zed AT 88\tAT\t88LL\t2\t11†\t379\t**4**\t0\t44-45\tT, LF† [88†, 1 ROF, 4 IFE, B11, **M4**, -1, NT]\t67\t1.3\t12");
    let c = gun_counter(&g);
    assert_eq!(
        texts(&c.limbered),
        [
            kt(K::Name, "Zed AT 88"),
            kt(K::Caliber, "88†"),
            kt(K::Rof, "1"),
            kt(K::Ife, "(4)"),
            kt(K::Breakdown, "B11"),
            kt(K::Manhandling, "4 (red)"),
            kt(K::Size, "-1"),
            kt(K::Special, "NT"),
            kt(K::Limbered, &format!("{LIMBERED_WORD}†")),
        ]
    );
    // The front keeps the gun's own values; the bracket is not among its codes.
    assert!(texts(&c.front).contains(&kt(K::Breakdown, "B11†")));
    assert!(texts(&c.front).contains(&kt(K::Special, "T")));
    assert!(texts(&c.front).contains(&kt(K::Size, "0")));
}

#[test]
fn vasls_limbered_column_asks_for_a_side_with_no_values() {
    let mut g = gun("Zed Art 105\tART\t105\t1\t11\t266\t6\t0\t36-45\tNT, h-d\t38\t1.6\t20");
    assert!(gun_counter(&g).limbered.is_empty());
    g.vasl_limbered = Some("no_fire".into());
    assert_eq!(
        texts(&gun_counter(&g).limbered),
        [kt(K::Name, "Zed Art 105"), kt(K::Limbered, LIMBERED_WORD)]
    );
}

#[test]
fn vasls_limbered_column_without_a_bracket_changes_the_fronts_values() {
    // VASL's generator starts the limbered piece from the gun's own row: `mount=NT` alone is
    // the front's values with NT, not the word alone.
    let mut g = gun("Zed Art 105\tART\t105\t1\t11\t266\t6\t0\t36-45\tT, h-d\t38\t1.6\t20");
    let read = qm_schema::VaslLimbered::Overrides {
        entries: vec![
            qm_schema::LimberedOverride::Mount { code: "NT".into() },
            qm_schema::LimberedOverride::Rof { rof: Some(2) },
        ],
    };
    g.vasl_limbered = Some("mount=NT|rof=2".into());
    g.vasl_limbered_read = Some(qm_schema::Field {
        value: Some(read),
        dagger: false,
        footnote: None,
        superscript: None,
        raw: "mount=NT|rof=2".into(),
        span: g.row.clone(),
    });
    assert_eq!(
        texts(&gun_counter(&g).limbered),
        [
            kt(K::Name, "Zed Art 105"),
            kt(K::Rof, "2"),
            kt(K::Caliber, "105"),
            kt(K::Breakdown, "B11"),
            kt(K::Range, "266"),
            kt(K::Special, "NT"),
            kt(K::Manhandling, "6"),
            kt(K::Size, "0"),
            kt(K::Limbered, LIMBERED_WORD),
        ]
    );
}

#[test]
fn an_empty_or_dagger_only_cell_prints_nothing() {
    let g = gun("Zed Rifle\tATR\t†\t\t\t\t–\t–\t41-43\t\t–\t–\t5");
    let c = gun_counter(&g);
    assert_eq!(texts(&c.front), [kt(K::Name, "Zed Rifle")]);
}

#[test]
fn a_vasl_gun_on_two_lines_keeps_its_second_line_and_its_nationality_marks() {
    let header = "count,name,gun_type,caliber,rof_ife,breakdown,range,manhandling,target_size,dates,special,bpv,rf,notes,version,piece,r_x,overrides,limbered,svg_image_transform,reverse,comments\n";
    let text = format!(
        "{header}4,\"Zed Twin\nZed Twin\",\"MTR\nINF\",\"76*\n76*\",\"2\n1\",,\"4-28\n28\",\"12\n12\",\"+1\n+1\",\"18-5/40\n18-5/40\",\"NT\nNT\",\"27\n27\",\"1.2\n1.2\",\"7, Zd\n7, Zd\",,,,,,,,\n"
    );
    let mut map = SourceMap::new();
    let id = map.next_id();
    let id = map.add(Source::new(id, "t/ordnance.csv", &text));
    let mut diags = Vec::new();
    let mut taken = HashSet::new();
    let (guns, _) = read_ordnance(
        &map,
        map.get(id).unwrap(),
        &GunTypeRegistry::default(),
        &mut taken,
        &mut diags,
    );
    assert!(
        diags.iter().all(|d| d.code == "ordnance::unknown-type"),
        "{diags:?}"
    );
    assert_eq!(guns.len(), 1, "the second line is no gun of its own");
    let gun = &guns[0];
    let marks: Vec<&str> = gun
        .nationality_marks
        .iter()
        .map(|m| m.raw.as_str())
        .collect();
    assert_eq!(marks, ["Zd"]);
    let line = gun.second_line.as_deref().expect("its second line");
    assert_eq!(
        line.rof
            .as_ref()
            .and_then(|r| r.value.as_ref())
            .map(|r| r.rof),
        Some(1)
    );
    // Only the gun's own id is taken.
    assert_eq!(taken.len(), 1);
}

#[test]
fn a_lettered_item_prints_on_the_front_a_quoted_name_and_a_rule_number_on_the_back() {
    let g = gun(
        "Zed AT 20\tAT\t20L\t2 (6)\t11\t50\t12\t1\t40\tNT, R2, “Zedish”†, B30.35†\t25\t1.2\t19",
    );
    let c = gun_counter(&g);
    assert!(
        texts(&c.front).contains(&kt(K::Special, "NT R2")),
        "{:?}",
        texts(&c.front)
    );
    assert_eq!(
        texts(&c.back),
        [
            kt(K::Name, "Zed AT 20"),
            kt(K::Notation, "“Zedish”†"),
            kt(K::Notation, "B30.35†"),
            kt(K::Malfunction, MALFUNCTION_WORD),
        ]
    );
}
