//! The VASSAL module: encoding checked trait by trait against the IR with an independent
//! decoder, gpid stability, determinism, the module checker on broken modules, and merging
//! into a hand-made module without touching its bytes.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use qm_export::vassal::archive::{read_entries, write_vmod};
use qm_export::vassal::check::{check_build_file, check_vmod, decode_definition};
use qm_export::vassal::merge::{merge_build_file, merge_vmod};
use qm_export::vassal::palette::{
    INFANTRY_PROPERTY_KEYS, PROPERTY_KEYS, PROTO_AFV, PROTO_INFANTRY, PROTO_VEHICLE,
};
use qm_export::vassal::{build_vmod, Vmod};
use qm_load::module_files::config::ModuleConfig;
use qm_load::module_files::gpids::{slot_key, GpidRegistry};
use qm_render::module_images::{counter_image_path, CounterPng};
use qm_schema::{CounterSide, Nation, Vehicle};

use crate::support::root;
use qm_test_support::copy_dir;

/// A vehicle with just what the exporter reads.
fn vehicle(name: &str, vtype: &str, bpv: u16, notes: &[&str], back: &[&str]) -> Vehicle {
    let span =
        serde_json::json!({"file": "ita/listing.tsv", "start": 0, "end": 1, "line": 1, "col": 1});
    let field = |v: serde_json::Value, raw: &str| serde_json::json!({"value": v, "dagger": false, "raw": raw, "span": span});
    let id = qm_registry::names::vehicle_id(name);
    let refs: Vec<_> = notes
        .iter()
        .map(|n| {
            let v = match n.parse::<u16>() {
                Ok(num) => serde_json::json!({"kind": "vehicle", "id": num}),
                Err(_) => serde_json::json!({"kind": "multi", "id": n}),
            };
            field(v, n)
        })
        .collect();
    let period =
        serde_json::json!({"from": {"year": 1940, "month": 6}, "to": {"year": 1943, "month": 5}});
    serde_json::from_value(serde_json::json!({
        "id": id,
        "name": name,
        "name_cell": field(serde_json::json!(name), name),
        "row": span,
        "vehicle_type": field(serde_json::json!(vtype), vtype),
        "bpv": field(serde_json::json!(bpv), &bpv.to_string()),
        "dvp": {"value": bpv.div_ceil(10), "variable": null},
        "rf": field(serde_json::json!({"lower": 0.9, "upper": 1.6}), ".9-1.6"),
        "dates": field(period, "40-5/43"),
        "mp": field(serde_json::json!(13), "13"),
        "note_refs": refs,
        "availability": [],
        "radio": [],
        "restricted_use": [],
        "optional_armament": [],
        "heat_from": null,
        "counter": {
            "front": [{"kind": "name", "text": name}],
            "back": back
                .iter()
                .map(|b| serde_json::json!({"kind": "notation", "text": b}))
                .collect::<Vec<_>>(),
            "notations": [],
        },
    }))
    .expect("a valid vehicle")
}

/// The real awkward names plus every character the encodings must survive.
pub fn tricky_nation() -> Nation {
    let vehicles = vec![
        vehicle("L3/35", "Tt", 20, &["2", "A", "B"], &["BMG HD FP ok"]),
        vehicle("Autocann 20/65(b)", "AAtr", 25, &["24", "N"], &[]),
        vehicle("MR35(f)", "LT", 24, &["8"], &["CE: +1RTCA", "*REVx3"]),
        vehicle("SMV M41M 90/53", "TD", 60, &["15", "A"], &[]),
        vehicle(
            "Odd/one;two,three & <four> 'five' \"six\"",
            "MT",
            33,
            &["1", "C"],
            &["x, y; z/w"],
        ),
        vehicle("'Quoted'", "AC", 18, &[], &[]),
        vehicle("\\Back\\slash", "Tr", 9, &[], &["\\starts"]),
    ];
    // The real nation's other parts (rules) with these vehicles; no infantry, so the slots
    // are these vehicles alone (the real module's test covers the infantry slots).
    static REAL: OnceLock<Nation> = OnceLock::new();
    let real = REAL.get_or_init(|| {
        qm_compile::pipeline::compile(&root().join("data-src"), &Default::default())
            .nations
            .into_iter()
            .next()
            .expect("data-src has a nation")
    });
    Nation {
        id: "ita".into(),
        name: "Italian".into(),
        vehicles,
        infantry: Default::default(),
        ..real.clone()
    }
}

/// A plain `w` x `h` PNG of one colour (its red is `shade`), drawn the renderer's way.
fn png(w: u32, h: u32, shade: u8) -> Vec<u8> {
    let svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\"><rect width=\"{w}\" height=\"{h}\" fill=\"rgb({shade},100,50)\"/></svg>"
    );
    qm_render::render_png(&qm_layout::svg::parse(&svg).unwrap(), w, h).unwrap()
}

/// Front and back PNGs for every vehicle (the last one gets no back: no Flip layer).
pub fn images_for(nation: &Nation) -> Vec<CounterPng> {
    let mut out = Vec::new();
    for (i, v) in nation.vehicles.iter().enumerate() {
        let mut sides = vec![CounterSide::Front];
        if i + 1 < nation.vehicles.len() {
            sides.push(if i % 2 == 0 {
                CounterSide::Back
            } else {
                CounterSide::Wreck
            });
        }
        for side in sides {
            out.push(CounterPng {
                nation: nation.id.clone(),
                vehicle_id: v.id.clone(),
                side,
                png: png(48, 48, (i * 20) as u8),
            });
        }
    }
    out
}

fn config() -> ModuleConfig {
    ModuleConfig {
        name: "QM test & <module>".into(),
        version: "0.1.0".into(),
        description: "names with / ; , & < ' \"".into(),
        vassal_version: "3.6.19".into(),
        file: Some("tricky.vmod".into()),
        date_saved: 0,
    }
}

/// The registries built into qm (the repository's), for every nation.
fn built_in() -> qm_registry::Registries {
    qm_load::data_dir::built_in_registries().expect("the built-in registries read cleanly")
}

/// Builds the tricky module with a registry that already knows some vehicles.
pub fn tricky_vmod() -> Vmod {
    let nation = tricky_nation();
    let registry = GpidRegistry::parse(
        "first = 500\n[gpids]\n\"ita/mr35-f\" = 500\n\"ita/retired\" = 501\n\"ita/l3-35\" = 502\n",
    )
    .unwrap();
    build_vmod(
        std::slice::from_ref(&nation),
        &images_for(&nation),
        &config(),
        &registry,
        &qm_render::templates::Templates::new(None),
        &built_in(),
    )
    .expect("the module builds")
}

#[test]
#[allow(clippy::too_many_lines, reason = "one scenario checked step by step")]
fn every_slot_decodes_trait_by_trait_to_the_ir() {
    let vmod = tricky_vmod();
    let nation = tricky_nation();
    // Write it where .ci/run hands it to the real engine.
    let target = root().join("target");
    std::fs::create_dir_all(&target).unwrap();
    std::fs::write(target.join("vassal-tricky.vmod"), &vmod.bytes).unwrap();

    let report = check_vmod(&vmod.bytes).unwrap();
    assert!(report.is_ok(), "{:#?}", report.problems);
    assert_eq!(report.slots.len(), nation.vehicles.len());
    let files: BTreeSet<String> = read_entries(&vmod.bytes)
        .unwrap()
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    for v in &nation.vehicles {
        let slot = report
            .slots
            .iter()
            .find(|s| s.entry_name == v.name)
            .unwrap_or_else(|| panic!("a slot named {:?}", v.name));
        let piece = slot.piece.as_ref().unwrap();
        let ids: Vec<&str> = piece.traits.iter().map(|t| t.id()).collect();
        let has_back = v.id != "back-slash";
        let mut expected = vec!["prototype;", "mark;"];
        if has_back {
            expected.push("emb2;");
        }
        expected.push("piece;");
        assert_eq!(ids, expected, "{}", v.name);
        // UsePrototype: AFVs get the AFV prototype.
        let proto = if built_in()
            .types
            .is_afv(v.vehicle_type.value.as_ref().unwrap())
        {
            PROTO_AFV
        } else {
            PROTO_VEHICLE
        };
        assert_eq!(piece.prototype_refs(), [proto]);
        // Marker: keys and values, exactly.
        let props: BTreeMap<String, String> = piece.properties().into_iter().collect();
        assert_eq!(props.len(), PROPERTY_KEYS.len());
        assert_eq!(props["Nation"], "Italian");
        assert_eq!(
            props["Type"],
            v.vehicle_type.value.as_ref().unwrap().as_str()
        );
        assert_eq!(props["BPV"], v.bpv.value.unwrap().to_string());
        assert_eq!(props["DVP"], v.dvp.value.to_string());
        assert_eq!(props["RF"], "0.9-1.6");
        assert_eq!(props["MP"], "13");
        // Back: what the back prints besides the name and the wreck band.
        let back: Vec<String> = v
            .counter
            .back
            .iter()
            .filter(|i| {
                !matches!(
                    i.kind,
                    qm_schema::CounterItemKind::Name | qm_schema::CounterItemKind::Wreck
                )
            })
            .map(qm_schema::CounterItem::drawn)
            .collect();
        assert_eq!(props["Back"], back.join("; "));
        // BasicPiece: name, image, gpid.
        let basic = piece.basic().unwrap();
        assert_eq!(basic.name, v.name);
        assert_eq!(
            basic.image,
            counter_image_path("ita", &v.id, CounterSide::Front)
        );
        assert_eq!(basic.gpid, slot.gpid);
        for img in piece.images() {
            assert!(files.contains(&format!("images/{img}")), "{img}");
        }
    }
    let notes: Vec<String> = report
        .slots
        .iter()
        .map(|s| {
            s.piece
                .as_ref()
                .unwrap()
                .properties()
                .into_iter()
                .find(|(k, _)| k == "Notes")
                .unwrap()
                .1
        })
        .collect();
    assert!(notes.contains(&"2, A, B".to_string()), "{notes:?}");
    assert!(vmod.build_file.contains("L3\\/35"));
    assert!(!vmod.build_file.contains("CDATA"));
    assert!(vmod.build_file.contains("&amp; &lt;four&gt;"));
}

#[test]
fn prototypes_are_defined_once_and_referenced() {
    let vmod = tricky_vmod();
    let report = check_vmod(&vmod.bytes).unwrap();
    let names: Vec<&String> = report.prototypes.keys().collect();
    assert_eq!(names, [PROTO_AFV, PROTO_VEHICLE]);
    let afv = report.prototypes[PROTO_AFV].as_ref().unwrap();
    assert_eq!(
        afv.prototype_refs(),
        [PROTO_VEHICLE],
        "the AFV prototype builds on the vehicle one"
    );
    let emb = afv.traits.iter().find(|t| t.id() == "emb2;").unwrap();
    let fields = emb.fields();
    assert_eq!(fields[0], "CE/BU", "the menu text keeps its slash");
    assert_eq!(fields[16], "+ CE");
}

#[test]
fn gpids_are_stable_and_below_next_piece_slot_id() {
    let vmod = tricky_vmod();
    let report = check_vmod(&vmod.bytes).unwrap();
    let gpid = |name: &str| {
        report
            .slots
            .iter()
            .find(|s| s.entry_name == name)
            .unwrap()
            .gpid
            .clone()
    };
    assert_eq!(gpid("MR35(f)"), "500", "committed numbers are kept");
    assert_eq!(gpid("L3/35"), "502");
    // New vehicles get numbers after every committed one, retired ones included, in order.
    assert_eq!(gpid("Autocann 20/65(b)"), "503");
    assert_eq!(gpid("SMV M41M 90/53"), "504");
    assert_eq!(report.next_piece_slot_id, Some(508));
    assert_eq!(vmod.model.allocated.len(), 5);
    assert!(vmod
        .model
        .allocated
        .contains(&slot_key("ita", "autocann-20-65-b")));
}

#[test]
fn two_builds_are_byte_identical() {
    let a = tricky_vmod();
    let b = tricky_vmod();
    assert_eq!(a.bytes, b.bytes);
    let names: Vec<String> = read_entries(&a.bytes)
        .unwrap()
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted, "entries are written in name order");
}

/// Rewrites the buildFile of a module and re-zips it.
fn with_build_file(vmod: &[u8], edit: impl Fn(&str) -> String) -> Vec<u8> {
    let entries = read_entries(vmod)
        .unwrap()
        .into_iter()
        .map(|(n, b)| {
            if n == "buildFile.xml" {
                let text = String::from_utf8(b).unwrap();
                (n, edit(&text).into_bytes())
            } else {
                (n, b)
            }
        })
        .collect();
    write_vmod(entries).unwrap()
}

fn problems(vmod: &[u8]) -> Vec<String> {
    check_vmod(vmod).unwrap().problems
}

#[test]
fn the_checker_catches_broken_modules() {
    let good = tricky_vmod().bytes;
    assert!(problems(&good).is_empty());

    // A missing image.
    let entries: Vec<_> = read_entries(&good)
        .unwrap()
        .into_iter()
        .filter(|(n, _)| n != "images/qm/ita/l3-35-front.png")
        .collect();
    let p = problems(&write_vmod(entries).unwrap());
    assert!(
        p.iter()
            .any(|p| p.contains("image not in the archive: images/qm/ita/l3-35-front.png")),
        "{p:#?}"
    );

    // A duplicate gpid.
    let p = problems(&with_build_file(&good, |t| {
        t.replace("gpid=\"502\"", "gpid=\"500\"")
    }));
    assert!(
        p.iter().any(|p| p.contains("gpid 500 is also used")),
        "{p:#?}"
    );

    // A gpid not below nextPieceSlotId.
    let p = problems(&with_build_file(&good, |t| {
        t.replace("nextPieceSlotId=\"508\"", "nextPieceSlotId=\"502\"")
    }));
    assert!(
        p.iter().any(|p| p.contains("not below nextPieceSlotId")),
        "{p:#?}"
    );

    // An unescaped `/` in a name.
    let p = problems(&with_build_file(&good, |t| {
        t.replacen(";L3\\/35/", ";L3/35/", 1)
    }));
    assert!(p.iter().any(|p| p.contains("unescaped `/`")), "{p:#?}");

    // A doubled backslash before a nested TAB.
    let p = problems(&with_build_file(&good, |t| {
        t.replacen("\\\\\tpiece;", "\\\\\\\tpiece;", 1)
    }));
    assert!(!p.is_empty(), "a stray backslash must be found");

    // A prototype that does not exist.
    let p = problems(&with_build_file(&good, |t| {
        t.replacen("prototype;QM AFV\t", "prototype;QM Tank\t", 1)
    }));
    assert!(
        p.iter().any(|p| p.contains("prototype not found: QM Tank")),
        "{p:#?}"
    );

    // A definition in CDATA (the engine reads it as empty).
    let p = problems(&with_build_file(&good, |t| {
        t.replacen("width=\"48\">+/", "width=\"48\"><![CDATA[+/", 1)
            .replacen(
                "</VASSAL.build.widget.PieceSlot>",
                "]]></VASSAL.build.widget.PieceSlot>",
                1,
            )
    }));
    assert!(p.iter().any(|p| p.contains("CDATA")), "{p:#?}");

    // Type and state of different depth.
    let p = problems(&with_build_file(&good, |t| {
        t.replacen("\\\\\tnull;0;0;", "\\\\null;0;0;", 1)
    }));
    assert!(!p.is_empty(), "a missing state level must be found");
}

#[test]
fn a_report_made_beside_the_zip_counts_only_for_the_build_file_and_names_read_back() {
    use qm_export::vassal::check::{check_vmod_knowing, CheckReport, Checked};
    let good = tricky_vmod().bytes;
    let entries = read_entries(&good).unwrap();
    let text = |bytes: &[u8]| String::from_utf8(bytes.to_vec()).unwrap();
    let build_file = text(&entries.iter().find(|e| e.0 == "buildFile.xml").unwrap().1);
    let files: std::collections::BTreeSet<String> = entries.iter().map(|e| e.0.clone()).collect();
    // A report unlike the text's own: used as it is only for the very text and names.
    let marked = |files| Checked {
        build_file: &build_file,
        files,
        report: CheckReport {
            problems: vec!["marked".into()],
            ..CheckReport::default()
        },
    };
    let knowing = |vmod: &[u8], files| check_vmod_knowing(vmod, Some(marked(files))).unwrap();
    assert_eq!(knowing(&good, files.clone()).problems, ["marked"]);
    let mut other_names = files.clone();
    other_names.insert("images/extra.png".into());
    assert_eq!(knowing(&good, other_names), check_vmod(&good).unwrap());
    let edited = with_build_file(&good, |t| t.replacen("<", "<!-- edited -->\n<", 1));
    assert_eq!(knowing(&edited, files), check_vmod(&edited).unwrap());
}

#[test]
fn the_decoder_reads_real_vasl_slots() {
    let dir = root().join("tests/fixtures-vassal/vasl");
    for f in [
        "vasl_2026_M13-40_pieceslot.xml",
        "vasl_2026_L3Lf_pieceslot_with_emb2_v1.xml",
    ] {
        let text = std::fs::read_to_string(dir.join(f)).unwrap();
        let start = text.find("<VASSAL.build.widget.PieceSlot").unwrap();
        let end = text.find("</VASSAL.build.widget.PieceSlot>").unwrap() + 32;
        let doc_text = &text[start..end];
        let doc = roxmltree::Document::parse(doc_text).unwrap();
        let def: String = doc.root_element().text().unwrap().to_string();
        let piece = decode_definition(&def).unwrap_or_else(|p| panic!("{f}: {p:#?}"));
        let basic = piece.basic().unwrap();
        assert!(
            basic.name.starts_with("M13/40") || basic.name.starts_with("L3 Lf"),
            "{}",
            basic.name
        );
        assert!(basic.image.starts_with("it/veh/"), "{}", basic.image);
        assert_eq!(basic.gpid, doc.root_element().attribute("gpid").unwrap());
    }
    let text =
        std::fs::read_to_string(dir.join("vasl_2026_prototypes_itCTtur_itCTnt.xml")).unwrap();
    let start = text
        .rfind("<VASSAL.build.module.PrototypesContainer>")
        .unwrap();
    let doc = roxmltree::Document::parse(&text[start..]).unwrap();
    for def in doc.root_element().children().filter(|n| n.is_element()) {
        let piece = decode_definition(def.text().unwrap()).unwrap();
        assert_eq!(piece.traits.last().unwrap().id(), "piece;");
        assert!(piece.traits.iter().any(|t| t.id() == "emb2;"));
    }
}

#[test]
fn a_value_ending_with_a_backslash_is_refused() {
    let mut nation = tricky_nation();
    nation.vehicles.truncate(1);
    nation.vehicles[0].name = "Bad\\".into();
    let e = build_vmod(
        std::slice::from_ref(&nation),
        &images_for(&nation),
        &config(),
        &GpidRegistry::default(),
        &qm_render::templates::Templates::new(None),
        &built_in(),
    )
    .unwrap_err();
    assert!(e.message.contains("ends with a backslash"), "{e}");
}

#[test]
fn a_build_file_without_nothing_is_reported_not_panicked() {
    let r = check_build_file("<nope", &BTreeSet::new());
    assert!(!r.is_ok());
}

fn foreign() -> Vec<u8> {
    std::fs::read(root().join("tests/fixtures-vassal/foreign.vmod")).unwrap()
}

/// Every entry's name, compression, timestamp, CRC and compressed bytes, in archive order.
fn raw_entries(vmod: &[u8]) -> Vec<(String, String)> {
    use std::io::Read;
    let mut z = zip::ZipArchive::new(std::io::Cursor::new(vmod)).unwrap();
    (0..z.len())
        .map(|i| {
            let mut f = z.by_index_raw(i).unwrap();
            let meta = format!(
                "{:?} {:?} {:08x} {:?}",
                f.compression(),
                f.last_modified(),
                f.crc32(),
                f.unix_mode()
            );
            let name = f.name().unwrap().to_string();
            let mut raw = Vec::new();
            f.read_to_end(&mut raw).unwrap();
            (name, format!("{meta} {raw:?}"))
        })
        .collect()
}

/// The buildFile with qm's elements (and their lines) cut out and `nextPieceSlotId` put back.
fn without_qm(text: &str, next_id: &str) -> String {
    let doc = roxmltree::Document::parse(text).unwrap();
    let mut cuts: Vec<std::ops::Range<usize>> = doc
        .descendants()
        .filter(|n| n.attribute("name").is_some_and(|a| a.starts_with("QM ")))
        .filter(|n| {
            !n.ancestors()
                .skip(1)
                .any(|a| a.attribute("name").is_some_and(|x| x.starts_with("QM ")))
        })
        .map(|n| {
            let r = n.range();
            let line = text[..r.start].rfind('\n').unwrap();
            line..r.end
        })
        .collect();
    let a = doc
        .root_element()
        .attribute_node("nextPieceSlotId")
        .unwrap();
    cuts.sort_by_key(|r| r.start);
    let mut out = String::new();
    let mut at = 0;
    let mut edits: Vec<(std::ops::Range<usize>, &str)> =
        cuts.into_iter().map(|r| (r, "")).collect();
    edits.push((a.range_value(), next_id));
    edits.sort_by_key(|(r, _)| r.start);
    for (r, with) in edits {
        out.push_str(&text[at..r.start]);
        out.push_str(with);
        at = r.end;
    }
    out.push_str(&text[at..]);
    out
}

#[test]
fn merging_into_a_hand_made_module_keeps_every_foreign_byte() {
    let original = foreign();
    let ours = tricky_vmod();
    let merged = merge_vmod(&original, &ours.build_file, &ours.model.images).unwrap();
    std::fs::create_dir_all(root().join("target")).unwrap();
    std::fs::write(
        root().join("target/vassal-merged-tricky.vmod"),
        &merged.bytes,
    )
    .unwrap();

    // The result is a sound module with both palettes.
    let report = check_vmod(&merged.bytes).unwrap();
    assert!(report.is_ok(), "{:#?}", report.problems);
    assert_eq!(
        report.slots.len(),
        3 + ours.model.palette.nations[0]
            .groups
            .iter()
            .map(|g| g.slots.len())
            .sum::<usize>()
    );
    assert!(
        report.prototypes.contains_key("Infantry") && report.prototypes.contains_key(PROTO_AFV)
    );
    assert_eq!(merged.summary.next_piece_slot_id, 508);

    // Every foreign byte of the buildFile is unchanged: cut qm's elements out again and put
    // the old nextPieceSlotId back, and the original text comes out.
    let original_bf = String::from_utf8(
        read_entries(&original)
            .unwrap()
            .into_iter()
            .find(|(n, _)| n == "buildFile.xml")
            .unwrap()
            .1,
    )
    .unwrap();
    assert_eq!(without_qm(&merged.build_file, "4"), original_bf);

    // Every other zip entry is copied raw, in its order; qm's images come after.
    let before = raw_entries(&original);
    let after = raw_entries(&merged.bytes);
    let foreign_after: Vec<_> = after
        .iter()
        .filter(|(n, _)| !n.starts_with("images/qm/") && n != "buildFile.xml")
        .cloned()
        .collect();
    let foreign_before: Vec<_> = before
        .iter()
        .filter(|(n, _)| n != "buildFile.xml")
        .cloned()
        .collect();
    assert_eq!(foreign_after, foreign_before);
    assert_eq!(
        after.iter().position(|(n, _)| n == "buildFile.xml"),
        Some(1),
        "buildFile keeps its place"
    );
    for path in ours.model.images.keys() {
        assert!(
            after.iter().any(|(n, _)| *n == format!("images/{path}")),
            "{path}"
        );
    }

    // Merging again changes nothing: qm's own parts are found and replaced in place.
    let again = merge_vmod(&merged.bytes, &ours.build_file, &ours.model.images).unwrap();
    assert_eq!(again.summary.replaced_windows, 1);
    assert_eq!(again.summary.replaced_prototypes, 2);
    assert_eq!(again.summary.replaced_images, ours.model.images.len());
    assert_eq!(again.bytes, merged.bytes);
}

#[test]
fn a_new_build_replaces_the_old_qm_parts_and_drops_stale_images() {
    let ours = tricky_vmod();
    let merged = merge_vmod(&foreign(), &ours.build_file, &ours.model.images).unwrap();
    // A later build with one vehicle fewer.
    let mut nation = tricky_nation();
    let gone = nation.vehicles.remove(0);
    let smaller = build_vmod(
        std::slice::from_ref(&nation),
        &images_for(&nation),
        &config(),
        &GpidRegistry::default(),
        &qm_render::templates::Templates::new(None),
        &built_in(),
    )
    .unwrap();
    let remerged = merge_vmod(&merged.bytes, &smaller.build_file, &smaller.model.images).unwrap();
    let report = check_vmod(&remerged.bytes).unwrap();
    assert!(report.is_ok(), "{:#?}", report.problems);
    assert!(report.slots.iter().all(|s| s.entry_name != gone.name));
    let names: Vec<String> = read_entries(&remerged.bytes)
        .unwrap()
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert!(
        !names.iter().any(|n| n.contains(&gone.id)),
        "stale image of {}",
        gone.id
    );
    assert_eq!(
        names.iter().filter(|n| n.starts_with("images/qm/")).count(),
        smaller.model.images.len()
    );
}

#[test]
fn merge_opens_an_empty_prototypes_container_and_adds_next_piece_slot_id() {
    let existing = "<?xml version=\"1.0\"?>\n<VASSAL.build.GameModule name=\"Bare\">\n    <VASSAL.build.module.PrototypesContainer/>\n    <VASSAL.build.module.Chatter/>\n</VASSAL.build.GameModule>\n";
    let ours = tricky_vmod();
    let (text, summary) = merge_build_file(existing, &ours.build_file).unwrap();
    assert_eq!(summary.next_piece_slot_id, 508);
    assert!(text.starts_with("<?xml version=\"1.0\"?>\n<VASSAL.build.GameModule name=\"Bare\" nextPieceSlotId=\"508\">\n    <VASSAL.build.module.PrototypesContainer>\n        <VASSAL.build.module.PrototypeDefinition"), "{text}");
    assert!(
        text.ends_with("    </VASSAL.build.module.PieceWindow>\n</VASSAL.build.GameModule>\n"),
        "{text}"
    );
    let files: BTreeSet<String> = ours
        .model
        .images
        .keys()
        .map(|k| format!("images/{k}"))
        .collect();
    let report = check_build_file(&text, &files);
    assert!(report.is_ok(), "{:#?}", report.problems);
}

#[test]
fn merge_refuses_a_gpid_the_module_already_uses() {
    let existing = "<VASSAL.build.GameModule name=\"M\" nextPieceSlotId=\"600\"><VASSAL.build.module.PieceWindow name=\"Mine\"><VASSAL.build.widget.PieceSlot entryName=\"X\" gpid=\"502\" height=\"1\" width=\"1\">+/null/piece;;;;X/null;0;0;502;0</VASSAL.build.widget.PieceSlot></VASSAL.build.module.PieceWindow></VASSAL.build.GameModule>";
    let e = merge_build_file(existing, &tricky_vmod().build_file).unwrap_err();
    assert!(e.message.contains("gpid 502 is already used"), "{e}");
}

#[test]
#[allow(clippy::too_many_lines, reason = "one scenario checked step by step")]
fn the_real_module_is_deterministic_complete_and_sound() {
    let data = root().join("data-src");
    let compiled = qm_compile::pipeline::compile(&data, &Default::default());
    let images = qm_render::module_images::rendered_images(
        &compiled.nations,
        &qm_render::templates::Templates::new(None),
        &qm_render::CounterOptions::default(),
    )
    .unwrap();
    let build = || {
        qm_export::vassal::build_from_data(
            &compiled.loaded,
            &compiled.nations,
            &images,
            &qm_render::templates::Templates::new(None),
        )
        .unwrap()
    };
    let (a, b) = (build(), build());
    assert_eq!(a.bytes, b.bytes, "two builds give the same bytes");
    assert!(
        a.model.allocated.is_empty(),
        "data-src/vassal-gpids.toml lacks {:?}: run `qm vassal gpids --update` and commit it",
        a.model.allocated
    );
    let report = check_vmod(&a.bytes).unwrap();
    assert!(report.is_ok(), "{:#?}", report.problems);
    let vehicles: usize = compiled.nations.iter().map(|n| n.vehicles.len()).sum();
    let infantry: usize = compiled
        .nations
        .iter()
        .map(|n| n.infantry.units.len())
        .sum();
    let ita = compiled.nations.iter().find(|n| n.id == "ita").unwrap();
    assert_eq!(report.slots.len(), vehicles + infantry);
    // A tab per nation with pieces: the Axis Minors (national rules only, no counter in
    // section 198) have none, and no empty tab.
    let tabs: Vec<&str> = a
        .model
        .palette
        .nations
        .iter()
        .map(|t| t.id.as_str())
        .collect();
    let with_pieces: Vec<&str> = compiled
        .nations
        .iter()
        .filter(|n| !n.vehicles.is_empty() || !n.infantry.units.is_empty())
        .map(|n| n.id.as_str())
        .collect();
    assert_eq!(tabs, with_pieces);
    assert!(compiled
        .nations
        .iter()
        .any(|n| !with_pieces.contains(&n.id.as_str())));
    assert!(a.model.palette.nations.iter().all(|t| !t.groups.is_empty()));
    // Every infantry unit is a slot of its own, trait by trait: the infantry prototype, its
    // properties, its counter (no flip: the Italians have no known broken side).
    let files: BTreeSet<String> = read_entries(&a.bytes)
        .unwrap()
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert!(report.prototypes.contains_key(PROTO_INFANTRY));
    for u in &ita.infantry.units {
        let slot = report
            .slots
            .iter()
            .find(|s| s.entry_name == u.name)
            .unwrap_or_else(|| panic!("a slot named {:?}", u.name));
        let piece = slot.piece.as_ref().unwrap();
        let ids: Vec<&str> = piece.traits.iter().map(|t| t.id()).collect();
        assert_eq!(ids, ["prototype;", "mark;", "piece;"], "{}", u.name);
        assert_eq!(piece.prototype_refs(), [PROTO_INFANTRY]);
        let props: BTreeMap<String, String> = piece.properties().into_iter().collect();
        let keys: BTreeSet<&str> = props.keys().map(String::as_str).collect();
        assert_eq!(keys, INFANTRY_PROPERTY_KEYS.into_iter().collect());
        assert_eq!(props["Nation"], "Italian");
        assert_eq!(props["Type"], u.kind.map_or("", |k| k.label()));
        let class = ita.infantry.class_of(u).map_or("", |c| c.name.as_str());
        assert_eq!(props["Class"], class);
        assert_eq!(
            props["Rating"],
            u.rating.map(|r| r.to_string()).unwrap_or_default()
        );
        let basic = piece.basic().unwrap();
        assert_eq!(basic.name, u.name);
        let id = qm_load::module_files::gpids::infantry_piece_id(&u.id);
        assert_eq!(
            basic.image,
            counter_image_path("ita", &id, CounterSide::Front)
        );
        assert!(
            files.contains(&format!("images/{}", basic.image)),
            "{}",
            basic.image
        );
        assert_eq!(
            slot.gpid,
            a.model.palette.nations[0]
                .groups
                .last()
                .unwrap()
                .slots
                .iter()
                .find(|s| s.name == u.name)
                .unwrap()
                .gpid
                .to_string()
        );
    }
    let last = a.model.palette.nations[0].groups.last().unwrap();
    assert_eq!(last.label, "Infantry");
    assert_eq!(last.slots.len(), ita.infantry.units.len());
}

#[test]
fn a_vehicle_without_a_committed_gpid_warns_until_the_registry_is_updated() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    copy_dir(&root().join("data-src"), &data);
    let registry = std::fs::read_to_string(data.join("vassal-gpids.toml")).unwrap();
    let trimmed: String = registry
        .lines()
        .filter(|l| !l.starts_with("\"ita/m13-40\""))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(data.join("vassal-gpids.toml"), &trimmed).unwrap();
    let d = data.to_str().unwrap();

    let out = crate::support::run_qm(&["check", "--data", d], &root());
    assert!(out.starts_with("exit: 0\n"), "{out}");
    assert!(
        out.contains("vassal::gpid-missing") && out.contains("ita/m13-40"),
        "{out}"
    );
    let strict = crate::support::run_qm(&["check", "--strict", "--data", d], &root());
    assert!(strict.starts_with("exit: 1\n"), "{strict}");
    let report = crate::support::run_qm(&["vassal", "gpids", "--data", d], &root());
    assert!(
        report.starts_with("exit: 1\n") && report.contains("ita/m13-40 = 1050"),
        "{report}"
    );

    let update = crate::support::run_qm(&["vassal", "gpids", "--update", "--data", d], &root());
    assert!(update.starts_with("exit: 0\n"), "{update}");
    let after = std::fs::read_to_string(data.join("vassal-gpids.toml")).unwrap();
    assert!(
        after.contains("\"ita/m13-40\" = 1050"),
        "the next free number, never the old one"
    );
    assert!(
        after.contains("\"ita/m11-39\" = 1007"),
        "nothing renumbered"
    );
    let clean = crate::support::run_qm(&["check", "--strict", "--data", d], &root());
    assert!(clean.starts_with("exit: 0\n"), "{clean}");
}

/// An infantry unit whose broken side is drawn gets a Flip layer to it; one without keeps
/// none. (The Italian data gives no broken side, so this builds one.)
#[test]
fn an_infantry_broken_side_becomes_a_flip_layer() {
    let real = qm_compile::pipeline::compile(&root().join("data-src"), &Default::default())
        .nations
        .into_iter()
        .find(|n| n.id == "ita")
        .unwrap();
    let mut nation = tricky_nation();
    nation.infantry = real.infantry.clone();
    nation.infantry.units.truncate(2);
    let mut images = images_for(&nation);
    for (i, u) in nation.infantry.units.iter().enumerate() {
        let id = qm_load::module_files::gpids::infantry_piece_id(&u.id);
        let mut sides = vec![CounterSide::Front];
        if i == 0 {
            sides.push(CounterSide::Back);
        }
        for side in sides {
            images.push(CounterPng {
                nation: nation.id.clone(),
                vehicle_id: id.clone(),
                side,
                png: png(38, 38, 90),
            });
        }
    }
    let vmod = build_vmod(
        std::slice::from_ref(&nation),
        &images,
        &config(),
        &GpidRegistry::default(),
        &qm_render::templates::Templates::new(None),
        &built_in(),
    )
    .unwrap();
    let report = check_vmod(&vmod.bytes).unwrap();
    assert!(report.is_ok(), "{:#?}", report.problems);
    let traits = |name: &str| -> Vec<String> {
        let slot = report.slots.iter().find(|s| s.entry_name == name).unwrap();
        let piece = slot.piece.as_ref().unwrap();
        piece.traits.iter().map(|t| t.id().to_string()).collect()
    };
    let units = &nation.infantry.units;
    assert_eq!(
        traits(&units[0].name),
        ["prototype;", "mark;", "emb2;", "piece;"]
    );
    assert_eq!(traits(&units[1].name), ["prototype;", "mark;", "piece;"]);
    let broken = format!(
        "images/{}",
        counter_image_path(
            "ita",
            &qm_load::module_files::gpids::infantry_piece_id(&units[0].id),
            CounterSide::Back
        )
    );
    assert!(
        read_entries(&vmod.bytes)
            .unwrap()
            .iter()
            .any(|(n, _)| *n == broken),
        "{broken}"
    );
    assert!(report.prototypes.contains_key(PROTO_INFANTRY));
}
