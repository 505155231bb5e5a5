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
    // ... and read: `no_fire`, or its entries.
    let read = |r: &OrdnanceRow| {
        r.vasl_limbered_read
            .as_ref()
            .unwrap()
            .get()
            .cloned()
            .unwrap()
    };
    assert_eq!(read(&rows[7]), qm_schema::VaslLimbered::NoFire);
    assert!(
        matches!(read(&rows[3]), qm_schema::VaslLimbered::Overrides { entries } if entries.len() == 4)
    );
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

/// VASL's ordnance header, for rows made up in a test.
const VASL_HEADER: &str = "count,name,gun_type,caliber,rof_ife,breakdown,range,manhandling,target_size,dates,special,bpv,rf,notes,version,piece,r_x,overrides,limbered,svg_image_transform,reverse,comments\n";

#[test]
fn nationality_marks_in_the_notes_are_kept_apart_from_the_notes() {
    let text = format!(
        "{VASL_HEADER}3,Zed Field 85,ART,85,1,,375,<b>6</b>,0,27-41,\"NT, s5\",25,1.6,\"16†, A, Zd, Qx\",1.0,zdART85,,,,,,\n"
    );
    let parsed = csv(&text);
    assert!(parsed.diagnostics.is_empty(), "{:#?}", parsed.diagnostics);
    let row = &parsed.value.rows[0];
    let marks: Vec<&str> = row
        .nationality_marks
        .iter()
        .map(|c| c.get().unwrap().as_str())
        .collect();
    assert_eq!(marks, ["Zd", "Qx"]);
    assert_eq!(row.note_refs.len(), 2);
    // Each mark is blamed by its own bytes.
    assert_eq!(&text[row.nationality_marks[1].span.range.clone()], "Qx");
    assert!(read::is_nationality_mark("Gr"));
    assert!(!read::is_nationality_mark("A") && !read::is_nationality_mark("AA"));
    assert!(!read::is_nationality_mark("a") && !read::is_nationality_mark("12v"));
}

#[test]
fn a_letter_with_a_number_a_quoted_name_and_a_rule_number_read_as_printed() {
    let items = special("NT, QSU, R2, IFE=B10†", false).unwrap();
    assert!(matches!(
        &items[2],
        SpecialItem::Lettered { letter, number: 2, superscript: None, dagger: None } if letter == "R"
    ));
    let items = special("1PP, “Zedish”†", false).unwrap();
    assert!(
        matches!(&items[1], SpecialItem::Quoted { text, dagger: Some(_) } if text == "Zedish"),
        "{items:?}"
    );
    let items = special("4PP, Light AA fire in 44+†, B30.35†", false).unwrap();
    assert!(
        matches!(&items[2], SpecialItem::RuleRef { rule, dagger: Some(_) } if rule == "B30.35"),
        "{items:?}"
    );
    // Printed back as read.
    assert_eq!(items[2].runs().text(), "B30.35†");
    // A breakdown number and an ammunition entry keep their own forms.
    assert!(matches!(
        special("B12", false).unwrap()[0],
        SpecialItem::Breakdown { .. }
    ));
    assert!(matches!(
        special("AP6", false).unwrap()[0],
        SpecialItem::Ammo { .. }
    ));
    // A capital where a form prints a small letter is no lettered item: `S8` is `s8` mistyped.
    assert!(special("NT, S8", false).is_err());
}

#[test]
fn a_gun_printed_on_two_lines_reads_its_second_line() {
    let text = format!(
        "{VASL_HEADER}4,\"Zed Twin\nZed Twin\",\"MTR\nINF\",\"<span style=\"\"text-decoration:overline\"\">76</span>*\n<span style=\"\"text-decoration:underline\"\">37</span>*\",\"2\n1\",,\"4-28\n28\",\"<b>12</b>\n12\",\"+1\n+1\",\"18-5/40\n18-5/40\",\"NT, h-d, LF† [INF]\nNT, h-d\",\"27\n27\",\"1.2\n1.2\",\"7†,A\n7†, A\",,,,ignore,,,,\n4,Zed After,AT,47,2,,150,11,0,33-40,NT,28,1.2,9,1.0,zdAT47,,,,,,\n"
    );
    let parsed = csv(&text);
    assert!(parsed.diagnostics.is_empty(), "{:#?}", parsed.diagnostics);
    let rows = &parsed.value.rows;
    assert_eq!(rows.len(), 2, "the second line is the gun's, not a gun");
    let first = &rows[0];
    assert_eq!(first.name.get().unwrap(), "Zed Twin");
    assert_eq!(first.rof.as_ref().unwrap().get().unwrap().rof, 2);
    let cal = first.caliber.as_ref().unwrap().get().unwrap();
    assert_eq!(
        (cal.mm.as_str(), cal.marks.as_slice()),
        ("76", [CaliberMark::Overline].as_slice())
    );
    assert!(first.manhandling.as_ref().unwrap().get().unwrap().bold);
    let second = first.second_line.as_deref().expect("the second line");
    let types = second.gun_type.as_ref().unwrap().get().unwrap();
    assert_eq!(types.codes[0].as_str(), "INF");
    assert_eq!(second.rof.as_ref().unwrap().get().unwrap().rof, 1);
    assert_eq!(second.range.as_ref().unwrap().get().unwrap().min, None);
    // Each line's markup stays on its line.
    let cal = second.caliber.as_ref().unwrap().get().unwrap();
    assert_eq!(
        (cal.mm.as_str(), cal.marks.as_slice()),
        ("37", [CaliberMark::Underline].as_slice())
    );
    assert!(!second.manhandling.as_ref().unwrap().get().unwrap().bold);
    assert_eq!(second.special.as_ref().unwrap().get().unwrap().len(), 2);
    assert_eq!(&text[second.rof.as_ref().unwrap().span.range.clone()], "1");
    assert_eq!(rows[1].name.get().unwrap(), "Zed After");
}

#[test]
fn a_typo_stays_an_error_and_says_what_was_probably_meant() {
    let cases = [
        ("CSize", "ATR", ",ATR,", "code of the Type column"),
        ("Special", "S8", ",\"NT, S8\",", "probably `s8`"),
        ("Dates", "9-45", ",9-45,", "probably `09-45`"),
        ("Dates", "16442", ",16442,", "date serial"),
        ("Dates", "6–12/50", ",6–12/50,", "probably `6-12/50`"),
        (
            "Special",
            "LF [90†1, 1 ROF]",
            ",\"T, LF [90†1, 1 ROF]\",",
            "probably `†¹`",
        ),
        (
            "Special",
            "WP62+†",
            ",\"1PP, WP62+†\",",
            "probably `WP6²⁺†`",
        ),
        ("Notes", "B†1", ",\"13†, B†1\",", "probably `†¹`"),
        ("Notes", "v11b", ",\"v11b, D†\",", "probably `11vb`"),
    ];
    for (column, blamed, cell, hint) in cases {
        // A made-up row with the cell in its column.
        let mut cells = [
            "4", "Zed Gun", "AT", "47", "2", "", "150", "11", "0", "33-40", "NT", "28", "1.2", "9",
        ]
        .map(str::to_owned);
        let at = match column {
            "CSize" => 3,
            "Dates" => 9,
            "Special" => 10,
            _ => 13,
        };
        cells[at] = cell.trim_matches(',').to_owned();
        let text = format!("{VASL_HEADER}{},1.0,zd,,,,,,\n", cells.join(","));
        let parsed = csv(&text);
        assert_eq!(
            parsed.diagnostics.len(),
            1,
            "{cell}: {:#?}",
            parsed.diagnostics
        );
        let d = &parsed.diagnostics[0];
        assert_eq!(d.code, "listing::bad-cell");
        assert!(d.message.contains("typo"), "{}", d.message);
        assert!(
            d.help.as_deref().unwrap_or("").contains(hint),
            "{cell}: {:?}",
            d.help
        );
        let span = d.span.as_ref().unwrap();
        assert_eq!(&text[span.range.clone()], blamed);
        // The gun is still read, without the bad cell's value.
        assert_eq!(parsed.value.rows.len(), 1);
    }
}
