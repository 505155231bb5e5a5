use qm_schema::{CaliberMark, LimberedItem, SmokeKind, SpecialItem};

use super::cells;
use super::special::special;
use super::*;
use crate::{FileId, Source};

fn fixture(path: &str) -> String {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures-ordnance/");
    std::fs::read_to_string(format!("{root}{path}")).unwrap()
}

fn tsv(text: &str) -> crate::Parsed<OrdnanceListing> {
    parse_ordnance_tsv(&Source::new(FileId(0), "x/ordnance.tsv", text))
}

fn csv(text: &str) -> crate::Parsed<OrdnanceListing> {
    parse_ordnance_csv(&Source::new(FileId(0), "x/ordnance.csv", text))
}

#[test]
fn every_form_of_the_publications_layout_reads() {
    let parsed = tsv(&fixture("frm/ordnance.tsv"));
    assert!(parsed.diagnostics.is_empty(), "{:#?}", parsed.diagnostics);
    let rows = &parsed.value.rows;
    assert_eq!(rows.len(), 14);
    let m9 = &rows[2];
    let range = m9.range.as_ref().unwrap().get().unwrap();
    assert_eq!(
        (range.min, range.min_parenthesized, range.max),
        (Some(3), true, 70)
    );
    assert!(range.min_dagger.is_some());
    assert!(m9.manhandling.as_ref().unwrap().get().unwrap().bold);
    let m5 = &rows[0];
    assert_eq!(m5.manhandling.as_ref().unwrap().value, Ok(None));
    assert_eq!(m5.bpv.as_ref().unwrap().value, Ok(None));
    let cal = m5.caliber.as_ref().unwrap().get().unwrap();
    assert_eq!((cal.mm.as_str(), cal.star), ("50", true));
    assert_eq!(cal.marks, [CaliberMark::Overline]);
    let flak = &rows[10];
    let types = flak.gun_type.as_ref().unwrap().get().unwrap();
    assert_eq!(types.codes.len(), 2);
    let rof = flak.rof.as_ref().unwrap().get().unwrap();
    assert_eq!((rof.rof, rof.ife, rof.or), (1, None, Some(3)));
    assert_eq!(rows[12].gun_type.as_ref().unwrap().value, Ok(None));
}

#[test]
fn the_limbered_bracket_reads_into_its_items() {
    let items = special("T, LF [88†, 1 ROF, B11, **M4**, -1]", false).unwrap();
    let SpecialItem::Limbered { items, .. } = &items[1] else {
        panic!("{items:?}");
    };
    assert!(matches!(
        items[0],
        LimberedItem::Caliber {
            dagger: Some(_),
            ..
        }
    ));
    assert_eq!(items[1], LimberedItem::Rof { rof: 1 });
    assert!(matches!(
        items[2],
        LimberedItem::Breakdown { number: 11, .. }
    ));
    assert!(matches!(
        items[3],
        LimberedItem::Manhandling { manhandling } if manhandling.bold && manhandling.number == 4
    ));
    assert_eq!(items[4], LimberedItem::TargetSize { size: -1 });
}

#[test]
fn special_items_read_into_typed_values() {
    let items = special(
        "NT, QSU, s8, WP7⁵, H6[9]†, A4¹/5²/4³/3⁴, 5PP, 2 TK DR†",
        false,
    )
    .unwrap();
    assert!(matches!(&items[0], SpecialItem::Code { code, .. } if code == "NT"));
    assert!(matches!(
        &items[2],
        SpecialItem::Smoke {
            kind: SmokeKind::Smoke,
            number: Some(8),
            ..
        }
    ));
    assert!(matches!(
        &items[3],
        SpecialItem::Smoke { kind: SmokeKind::WhitePhosphorus, superscript: Some(s), .. } if s == "5"
    ));
    let SpecialItem::Ammo { entry } = &items[4] else {
        panic!()
    };
    assert_eq!(entry.bracketed, Some(9));
    let SpecialItem::Ammo { entry } = &items[5] else {
        panic!()
    };
    assert_eq!(entry.depletions.len(), 4);
    assert!(matches!(items[6], SpecialItem::Portage { pp: 5, .. }));
    assert!(matches!(items[7], SpecialItem::TkDr { number: 2, .. }));
    let phrase = special("uses APCR TK Table†", false).unwrap();
    assert!(
        matches!(&phrase[0], SpecialItem::Phrase { text, dagger: Some(_) } if text == "uses APCR TK Table")
    );
}

#[test]
fn a_special_item_no_form_fits_is_blamed_by_its_own_range() {
    let text = "NT, QSU, sx7";
    let problem = special(text, false).unwrap_err();
    assert_eq!(problem.range, Some(9..12));
    let parsed = tsv("Name\tType\tSpecial\nZed\tAT\tNT, QSU, sx7\n");
    assert_eq!(parsed.diagnostics.len(), 1);
    let d = &parsed.diagnostics[0];
    assert_eq!(d.code, "listing::bad-cell");
    assert_eq!(
        &"Name\tType\tSpecial\nZed\tAT\tNT, QSU, sx7\n"[d.span.as_ref().unwrap().range.clone()],
        "sx7"
    );
}

#[test]
fn cell_grammars_refuse_what_they_do_not_know() {
    assert!(cells::caliber("75.").is_err());
    assert!(cells::caliber("L75").is_err());
    assert!(cells::range("2-").is_err());
    assert!(cells::rof("3 (x)").is_err());
    assert!(cells::gun_types("7AT").is_err());
    assert!(cells::manhandling("**4").is_err());
    assert_eq!(cells::caliber("12.7").unwrap().mm, "12.7");
}

#[test]
fn vasls_layout_reads_with_the_same_grammars_and_its_markup() {
    let text = fixture("vsl/ordnance.csv");
    let parsed = csv(&text);
    let rows = &parsed.value.rows;
    // The bold header, the caption and the generic piece hold no gun.
    assert_eq!(parsed.value.skipped, 3);
    assert_eq!(rows.len(), 8);
    // VASL's `limbered` column is kept as VASL keeps it; an empty one is none.
    assert_eq!(rows[7].vasl_limbered.as_deref(), Some("no_fire"));
    assert_eq!(rows[0].vasl_limbered, None);
    let mortar = &rows[0];
    let cal = mortar.caliber.as_ref().unwrap().get().unwrap();
    assert_eq!(cal.marks, [CaliberMark::Overline]);
    assert_eq!(mortar.note_refs.len(), 2);
    let at40 = &rows[2];
    let cal = at40.caliber.as_ref().unwrap().get().unwrap();
    assert_eq!(
        (cal.marks.as_slice(), cal.length.as_str()),
        ([CaliberMark::Underline].as_slice(), "LL")
    );
    let at88 = &rows[3];
    assert!(at88.manhandling.as_ref().unwrap().get().unwrap().bold);
    let special = at88.special.as_ref().unwrap().get().unwrap();
    let SpecialItem::Limbered { items, .. } = &special[1] else {
        panic!()
    };
    assert!(items
        .iter()
        .any(|i| matches!(i, LimberedItem::Manhandling { manhandling } if manhandling.bold)));
    assert_eq!(rows[5].vasl_note_ids, ["12v"]);
    // The typo is reported at its item, in the published bytes.
    assert_eq!(parsed.diagnostics.len(), 1, "{:#?}", parsed.diagnostics);
    let span = parsed.diagnostics[0].span.as_ref().unwrap();
    assert_eq!(&text[span.range.clone()], "sx7");
    let line = text[..span.range.start].matches('\n').count() + 1;
    assert_eq!(line, 11);
}

#[test]
fn a_file_without_vasls_header_is_refused() {
    let parsed = csv("a,b,c\n1,2,3\n");
    assert_eq!(parsed.diagnostics[0].code, "ordnance::missing-header");
    assert!(parsed.value.rows.is_empty());
}
