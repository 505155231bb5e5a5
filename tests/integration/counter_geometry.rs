//! The counter layout cannot overflow: generated VASL rows with the longest values of every
//! cell (names of 40 characters that wrap onto two lines, three MGs with rear and optional
//! marks, long ammunition and capacity cells, every front value at once) are drawn, and every
//! text of every side is measured (`qm_layout::geometry`): none outside the frame, none over
//! another or into the size circle, and none under its floor unless `qm check` reports it
//! (`layout::does-not-fit`, naming the vehicle and the value). `examples/counter_geometry.rs`
//! runs the same measure over a real data folder.

use proptest::prelude::*;
use qm_layout::geometry::{flaws, Flaw};
use qm_render::templates::Templates;
use qm_render::{counter_svg, CounterOptions};
use qm_schema::CounterSide;

/// VASL's header rows (column ids, then the printed labels).
const HEADER: &str = "count,name,radioless,weight,bpv,rf,dates,size,af,ta,ot,cs,mp,gp,gt,ma,rof_ife,breakdown,intensive_fire,bmg,cmg,aamg,sa,ammunition,smoke_depletion,smoke_discharger,transport,notes,version,piece,overrides,svg_image_transform,reverse,comments
<b>No.</b>,<b>Vehicle <i>Kind</i></b>,<b>R</b>,<b>Tons</b>,<b>BPV</b>,<b>RF</b>,<b>Dates</b>,<b>Sz</b>,<b>AF</b>,<b>TA</b>,<b>OT</b>,<b>CS</b>,<b>MP</b>,<b>GP</b>,<b>T</b>,<b>MA</b>,<b>ROF</b>,<b>B#</b>,<b>IF</b>,<b>B</b>,<b>C</b>,<b>AA</b>,<b>SA</b>,<b>Am</b>,<b>s#</b>,<b>sD#</b>,<b>PP</b>,<b>Notes</b>,,,ignore,,,
<b>GENERATED</b>,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,ignore,,,
";

/// An MG cell: empty, a factor, or the long forms the real listings print.
fn mg() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "",
        "2",
        "4†",
        "Opt 2†",
        "Opt 2†<sup>1</sup>",
        "-<sup>R2</sup>†",
        "4 or 6†<sup>1</sup>",
    ])
}

/// A name of up to 40 characters in two words (so that it wraps onto two lines).
fn name() -> impl Strategy<Value = String> {
    ("[A-Z][a-z]{12,18}", "[A-Z][a-z0-9()]{12,19}").prop_map(|(a, b)| format!("{a} {b}"))
}

/// One generated row: the name, the three MG cells, then MA, ammunition, capacity (PP), TA,
/// turret, MP, SA and size. With `crowded` false, TA, turret and SA are left empty and the
/// ammunition is at most "HE5; D4".
#[allow(clippy::type_complexity)]
fn row(crowded: bool) -> impl Strategy<Value = (String, [&'static str; 3], [&'static str; 8])> {
    let or_empty =
        move |v: Vec<&'static str>| prop::sample::select(if crowded { v } else { vec![""] });
    (
        name(),
        [mg(), mg(), mg()],
        [
            prop::sample::select(vec![
                "T57L",
                "T<span style=\"\"text-decoration:underline\"\">40</span>L†<sup>1</sup>",
                "AAMG†",
            ]),
            prop::sample::select(if crowded {
                vec!["", "HE5; D4", "HE7<sup>3</sup>/8<sup>4+</sup>†<sup>1</sup>; D6<sup>J4</sup>/7<sup>5</sup>†<sup>2</sup>"]
            } else {
                vec!["", "HE5; D4"]
            }),
            prop::sample::select(vec!["", "9PP/T10", "14"]),
            or_empty(vec!["", "-F", "-F/+SR"]),
            or_empty(vec!["", "T", "RST"]),
            prop::sample::select(vec!["10", "24<sup>t</sup>†", "<b>12</b><sup>t</sup>†"]),
            or_empty(vec!["", "B75*†"]),
            // A size too wide for the usual circle ("+2†") gets a larger one.
            prop::sample::select(vec!["0", "-1", "+2†"]),
        ],
    )
}

fn csv(rows: &[(String, [&str; 3], [&str; 8])]) -> String {
    let mut out = HEADER.to_string();
    for (i, (name, [b, c, aa], [ma, ammo, pp, ta, gt, mp, sa, size])) in rows.iter().enumerate() {
        out.push_str(&format!(
            "3,{name}{i} <i>MT</i>,•,14,36,1.0,42-5/45,{size},6/3,{ta},,<b>4</b>†,{mp},,{gt},\"{ma}\",2,11,,\"{b}\",\"{c}\",\"{aa}\",{sa},\"{ammo}\",,sM8,{pp},,1.0,g{i},nat=no,,,\n"
        ));
    }
    out
}

/// The repository's nations (the Italian data, the made-up nations, the VASL-format fixture):
/// every side of every counter without a flaw.
#[test]
fn every_repository_counter_keeps_its_texts_inside_apart_and_legible() {
    let t = Templates::new(None);
    let mut sides = 0;
    for dir in [
        "data-src",
        "tests/fixtures-nations",
        "tests/fixtures-vasl/ok",
    ] {
        let compiled =
            qm_compile::pipeline::compile(&crate::support::root().join(dir), &Default::default());
        for nation in &compiled.nations {
            for v in nation.counter_vehicles() {
                for side in [CounterSide::Front, CounterSide::Back] {
                    let svg = counter_svg(nation, v, side, &t, &CounterOptions::default()).unwrap();
                    let found: Vec<String> = flaws(&svg)
                        .unwrap()
                        .iter()
                        .map(ToString::to_string)
                        .collect();
                    assert!(found.is_empty(), "{dir} {} {side:?}: {found:?}", v.name);
                    sides += 1;
                }
            }
        }
    }
    assert!(sides > 100, "{sides} sides checked");
}

/// Every side of the generated rows drawn and measured: no text outside the frame, over
/// another or into the size circle; a text under its floor only when check reports it.
fn check(rows: &[(String, [&str; 3], [&str; 8])]) -> Result<(), TestCaseError> {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("gen");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("listing.csv"), csv(rows)).unwrap();
    let compiled = qm_compile::pipeline::compile(tmp.path(), &Default::default());
    let nation = compiled
        .nations
        .first()
        .expect("the generated nation resolves");
    prop_assert_eq!(nation.vehicles.len(), rows.len(), "every row is a vehicle");
    let reported: Vec<String> = compiled
        .diagnostics
        .iter()
        .filter(|d| d.code == qm_compile::counter_fit::DOES_NOT_FIT)
        .map(|d| d.message.clone())
        .collect();
    let t = Templates::new(None);
    for v in &nation.vehicles {
        for side in [CounterSide::Front, CounterSide::Back] {
            let svg = counter_svg(nation, v, side, &t, &CounterOptions::default()).unwrap();
            let side_word = if side == CounterSide::Front {
                "front"
            } else {
                "back"
            };
            for f in flaws(&svg).unwrap() {
                if let Flaw::TooSmall { text } = &f {
                    let named = reported.iter().any(|m| {
                        m.contains(&format!("{:?}", text.text))
                            && m.contains(&format!("on the {side_word} of {:?}", v.name))
                    });
                    prop_assert!(
                        named,
                        "{} {side:?}: {f} is not reported: {reported:?}",
                        v.name
                    );
                    continue;
                }
                prop_assert!(false, "{} {:?}: {}", v.name, side, f);
            }
        }
    }
    Ok(())
}

/// 12 cases a run; `PROPTEST_CASES` sets more, to search by hand
/// (`PROPTEST_CASES=2000 cargo test --test integration counters_keep`).
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(12)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    /// Long names, three MGs with rear and optional marks, a long MA.
    #[test]
    fn generated_counters_keep_every_text_inside_and_apart(rows in prop::collection::vec(row(false), 4)) {
        check(&rows)?;
    }

    /// Every front value at its longest at once (a two-line name, three long MGs, TA, turret,
    /// SA, long ammunition): more than the front holds at the floors, so values are set smaller
    /// (never over another or off the counter) and `check` names each.
    #[test]
    fn crowded_counters_keep_every_text_inside_and_apart(rows in prop::collection::vec(row(true), 4)) {
        check(&rows)?;
    }
}

/// A found case of the crowded property: a two-line name, long ammunition wrapped onto two
/// rows and a size circle under the armor; the ammunition ran into the circle.
#[test]
fn wrapped_ammunition_keeps_out_of_the_size_circle() {
    let rows = [(
        "Aaaaaaaaaaaaa Bm)j8d))i(bya(h4y(".to_string(),
        ["2", "4†", "Opt 2†<sup>1</sup>"],
        [
            "AAMG†",
            "HE7<sup>3</sup>/8<sup>4+</sup>†<sup>1</sup>; D6<sup>J4</sup>/7<sup>5</sup>†<sup>2</sup>",
            "",
            "-F/+SR",
            "",
            "24<sup>t</sup>†",
            "",
            "0",
        ],
    )];
    check(&rows).unwrap();
}

/// A found case of the corpus measure (VASL's T-37, "+2†"): a size too wide for the usual
/// circle gets a larger one, which beside the MP ran 1.8 units under the frame.
#[test]
fn a_larger_size_circle_beside_the_mp_stays_inside_the_frame() {
    let rows = [(
        "Amphibious Tankette".to_string(),
        ["", "4", ""],
        ["CMG", "", "", "", "", "<b>14</b><sup>2</sup>", "", "+2†"],
    )];
    check(&rows).unwrap();
}
