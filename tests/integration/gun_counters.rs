//! Gun counters (`tests/fixtures-ordnance`'s made-up guns): each gun builds into its counter
//! files (front, malfunctioned back, limbered side where the listing or VASL asks for one),
//! the nation's counter sheets and the module's pieces; one side's SVG is pinned; every side
//! of the repository's guns, and of generated rows with the longest values of every cell,
//! keeps each text inside the frame and apart from the others (`qm_layout::geometry`), a text
//! under its floor only where `qm check` names it (`layout::does-not-fit`).

use proptest::prelude::*;
use qm_layout::geometry::{flaws, Flaw};
use qm_render::templates::Templates;
use qm_render::{counter_image, counter_svg, CounterOptions};
use qm_schema::CounterSide;

use crate::art::{decoded_svg, pixels_like};
use crate::support::{root, run_qm, DATA_URI_FILTERS};

/// `qm build --keep-going` of the fixtures into a fresh directory: its output (exit status
/// line and streams) and the directory.
fn build() -> (String, tempfile::TempDir) {
    let out = tempfile::tempdir().unwrap();
    let data = root().join("tests/fixtures-ordnance");
    let dest = out.path().join("out");
    let run = run_qm(
        &[
            "build",
            "--keep-going",
            "--data",
            data.to_str().unwrap(),
            "--out",
            dest.to_str().unwrap(),
        ],
        out.path(),
    );
    (run, out)
}

#[test]
fn guns_build_into_counter_files_sheets_and_module_pieces() {
    let (run, dir) = build();
    // The typo of one gun leaves that gun out, not its nation.
    assert!(run.starts_with("exit: 1"), "{run}");
    assert!(run.contains("gun vsl: Zed Typo"), "{run}");
    assert!(!run.contains("nation vsl"), "{run}");
    let out = dir.path().join("out");
    let counters = out.join("frm/counters");
    for side in ["front", "back", "limbered"] {
        assert!(
            counters.join(format!("zed-at-88-{side}.svg")).is_file(),
            "{side}"
        );
        assert!(
            counters.join(format!("zed-at-88-{side}.png")).is_file(),
            "{side}"
        );
    }
    // No bracket, no limbered side; VASL's `limbered` column asks for one.
    assert!(!counters.join("zed-at-37-limbered.svg").exists());
    assert!(out.join("vsl/counters/zed-art-75-limbered.svg").is_file());
    assert!(!out.join("vsl/counters/zed-typo-front.svg").exists());
    for paper in ["a4", "letter"] {
        let sheet = out.join(format!("frm/sheets/frm-counters-{paper}.pdf"));
        assert!(
            std::fs::read(&sheet).unwrap().starts_with(b"%PDF"),
            "{paper}"
        );
    }
    let vmod = std::fs::read(out.join("vassal/quartermaster-ob.vmod")).unwrap();
    let entries = qm_export::vassal::archive::read_entries(&vmod).unwrap();
    let build_file = entries
        .iter()
        .find(|(name, _)| name == "buildFile.xml")
        .map(|(_, bytes)| String::from_utf8(bytes.clone()).unwrap())
        .unwrap();
    // The gun prototype, a panel per gun type group, the limbered side as a layer.
    assert!(build_file.contains("name=\"QM Gun\">"), "{build_file}");
    for group in [
        "Mortars",
        "Anti-tank guns",
        "Artillery",
        "Anti-aircraft guns",
    ] {
        assert!(
            build_file.contains(&format!("entryName=\"{group}\"")),
            "{group}"
        );
    }
    // (Each `/` of the path escaped in the piece's definition.)
    assert!(build_file.contains("zed-at-88-limbered.png;+ (limbered)"));
    assert!(entries
        .iter()
        .any(|(name, _)| name == "images/qm/frm/zed-at-88-limbered.png"));
    let check = run_qm(
        &[
            "vassal",
            "check",
            out.join("vassal/quartermaster-ob.vmod").to_str().unwrap(),
        ],
        dir.path(),
    );
    assert!(check.starts_with("exit: 0"), "{check}");
}

/// The fixtures compiled, and counter options with their pictures.
fn fixtures(t: &Templates) -> (qm_compile::pipeline::Compiled, CounterOptions) {
    let compiled =
        qm_compile::pipeline::compile(&root().join("tests/fixtures-ordnance"), &Default::default());
    let pictures =
        qm_render::Pictures::new(&compiled.nations, &compiled.loaded, &compiled.art, t).unwrap();
    let opts = CounterOptions {
        pictures,
        ..CounterOptions::default()
    };
    (compiled, opts)
}

/// One gun side as drawn: a mortar's front (the ROF boxed, its caliber overlined beside it,
/// the range, smoke with its raised superscript and codes in rows, the M# at the foot with
/// the target size in its circle, its silhouette in what is left).
#[test]
fn a_gun_front_is_drawn_as_pinned() {
    let t = Templates::new(None);
    let (compiled, opts) = fixtures(&t);
    let nation = compiled.nations.iter().find(|n| n.id == "frm").unwrap();
    let mortar = nation
        .ordnance
        .iter()
        .find(|g| g.name == "Zed Mortar 8")
        .unwrap();
    let svg = counter_svg(nation, mortar, CounterSide::Front, &t, &opts).unwrap();
    insta::with_settings!({ filters => DATA_URI_FILTERS.to_vec() }, {
        insta::assert_snapshot!("gun_front_zed_mortar_8", svg);
    });
}

/// Each gun type's silhouette, chosen by its class in the gun type registry (never by the
/// gun's name), drawn on its counter.
#[test]
fn one_gun_counter_per_silhouette_class() {
    let t = Templates::new(None);
    let (compiled, opts) = fixtures(&t);
    let nation = compiled.nations.iter().find(|n| n.id == "frm").unwrap();
    for (class, id) in [
        ("mortar", "zed-mortar-8"),
        ("at_rifle", "zed-rifle-28"),
        ("at_gun", "zed-at-88"),
        ("field_gun", "zed-art-105"),
        ("aa_gun", "zed-flak-20"),
        ("recoilless", "zed-recoilless-75"),
    ] {
        let p = opts.pictures.get("frm", id).unwrap();
        assert_eq!((p.kind, p.class), ("silhouette", Some(class)), "{id}");
        insta::assert_snapshot!(format!("silhouette_{class}"), decoded_svg(p));
        let g = nation.ordnance.iter().find(|g| g.id == id).unwrap();
        let image = counter_image(nation, g, CounterSide::Front, &t, &opts).unwrap();
        assert!(
            image.svg.contains(&format!("data-class=\"{class}\"")),
            "{id}"
        );
        let ink = pixels_like(&image.png, &image.svg, 60, (0x1a, 0x1a, 0x14));
        // A gun front leaves its picture a small box: a few dozen pixels at 60 px.
        assert!(
            ink > 10,
            "{id}: the silhouette is drawn ({ink} dark pixels)"
        );
    }
}

/// Every side of every gun of the repository's fixtures without a flaw.
#[test]
fn every_repository_gun_keeps_its_texts_inside_apart_and_legible() {
    let t = Templates::new(None);
    let compiled =
        qm_compile::pipeline::compile(&root().join("tests/fixtures-ordnance"), &Default::default());
    let mut sides = 0;
    for nation in &compiled.nations {
        for g in &nation.ordnance {
            for side in g.counter.sides() {
                let svg = counter_svg(nation, g, side, &t, &CounterOptions::default()).unwrap();
                let found: Vec<String> = flaws(&svg)
                    .unwrap()
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                assert!(found.is_empty(), "{} {side:?}: {found:?}", g.name);
                sides += 1;
            }
        }
    }
    assert!(sides > 40, "{sides} sides checked");
}

/// A name of up to 40 characters in two words (so that it wraps).
fn name() -> impl Strategy<Value = String> {
    ("[A-Z][a-z]{12,18}", "[A-Z][a-z0-9()]{12,19}").prop_map(|(a, b)| format!("{a} {b}"))
}

/// One generated row of `ordnance.tsv`: every cell from its longest real forms (or empty).
fn row() -> impl Strategy<Value = (String, Vec<&'static str>)> {
    let pick = |v: Vec<&'static str>| prop::sample::select(v);
    (
        name(),
        vec![
            pick(vec!["MTR", "AT", "AA INF", "ART", "RCL", "ATR", "INF/AA", ""]),
            pick(vec!["8̅1̅*", "4̲0̲LL", "150L", "12.7", "105*", ""]),
            pick(vec!["", "3", "3 (8)", "1 (or 3)", "2 (20)†"]),
            pick(vec!["", "11", "X11", "11†"]),
            pick(vec!["", "120", "2-60", "(3)†-70", "1250"]),
            pick(vec!["", "–", "11", "**-4**", "12"]),
            pick(vec!["", "–", "+1", "-2", "0"]),
            pick(vec![
                "",
                "NT, QSU",
                "NT, QSU, s8, IR, WP7⁵",
                "T, A4¹/5²/4³/3⁴, H6[9]†, 2 TK DR†, AP TK#18, 10PP (5PP dm)",
                "NT, QSU, s8³⁺†, IR²⁺†, WP7⁵, H6[9]†, D5, C7, IFE=B10, AA Fire ROF 2, no Gunshield, uses APCR TK Table†, LF [88†, 1 ROF, 4 IFE, B11, **M4**, -1, NT]",
                "T, LF† [INF]",
            ]),
        ],
    )
}

fn tsv(rows: &[(String, Vec<&str>)]) -> String {
    let mut out =
        "Name\tType\tCSize\tROF (IFE)\tB#\tRange\tM#\tTSize\tDates\tSpecial\tBPV\tRF\tNotes\n"
            .to_string();
    for (i, (name, c)) in rows.iter().enumerate() {
        out.push_str(&format!(
            "{name}{i}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t36-45\t{}\t30\t1.1\t1\n",
            c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]
        ));
    }
    out
}

/// What `qm check` calls a side in its message.
fn side_word(side: CounterSide) -> &'static str {
    match side {
        CounterSide::Front => "front",
        CounterSide::Limbered => "limbered side",
        CounterSide::Back | CounterSide::Wreck => "back",
    }
}

/// Every side of the generated guns drawn and measured.
fn check(rows: &[(String, Vec<&str>)]) -> Result<(), TestCaseError> {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("gen");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("ordnance.tsv"), tsv(rows)).unwrap();
    let compiled = qm_compile::pipeline::compile(tmp.path(), &Default::default());
    let nation = compiled.nations.first().expect("the generated nation");
    prop_assert_eq!(nation.ordnance.len(), rows.len(), "every row is a gun");
    let reported: Vec<&str> = compiled
        .diagnostics
        .iter()
        .filter(|d| d.code == qm_compile::counter_fit::DOES_NOT_FIT)
        .map(|d| d.message.as_str())
        .collect();
    let t = Templates::new(None);
    for g in &nation.ordnance {
        for side in g.counter.sides() {
            let svg = counter_svg(nation, g, side, &t, &CounterOptions::default()).unwrap();
            for f in flaws(&svg).unwrap() {
                if let Flaw::TooSmall { text } = &f {
                    let on = format!("on the {} of {:?}", side_word(side), g.name);
                    let named = reported
                        .iter()
                        .any(|m| m.contains(&format!("{:?}", text.text)) && m.contains(&on));
                    prop_assert!(named, "{} {side:?}: {f} is not reported", g.name);
                    continue;
                }
                prop_assert!(false, "{} {side:?}: {}", g.name, f);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, failure_persistence: None, ..ProptestConfig::default() })]

    /// Long names and every cell at its longest form, limbered sides included.
    #[test]
    fn generated_gun_counters_keep_every_text_inside_and_apart(rows in prop::collection::vec(row(), 4)) {
        check(&rows)?;
    }
}

/// VASL's `limbered` column draws the limbered side: its entries over the listing's bracket
/// (`ma=<*>88L` over `LF [88†, …]`, the bracket's bold M4 kept where VASL gives no `man=`),
/// `mount=NT` among the codes, and `no_fire` the name, the front's M# and the word only.
#[test]
fn vasls_limbered_column_draws_the_limbered_side() {
    let compiled =
        qm_compile::pipeline::compile(&root().join("tests/fixtures-ordnance"), &Default::default());
    let nation = compiled.nations.iter().find(|n| n.id == "vsl").unwrap();
    let side = |name: &str| -> Vec<(String, bool)> {
        let g = nation.ordnance.iter().find(|g| g.name == name).unwrap();
        g.counter
            .limbered
            .iter()
            .map(|i| (i.text.clone(), i.red))
            .collect()
    };
    let texts =
        |items: Vec<(String, bool)>| -> Vec<String> { items.into_iter().map(|(t, _)| t).collect() };
    let at88 = side("Zed AT 88");
    assert_eq!(
        texts(at88.clone()),
        ["Zed AT 88", "1", "88L†", "B11", "4", "-1", "LIMBERED"]
    );
    assert!(at88[4].1, "the bracket's bold M4 is red");
    assert_eq!(
        texts(side("Zed Flak 20")),
        ["Zed Flak 20", "2", "(4)", "20†", "B10", "NT", "LIMBERED"]
    );
    assert_eq!(texts(side("Zed Art 75")), ["Zed Art 75", "6", "LIMBERED"]);
}
