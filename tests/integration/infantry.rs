//! The Italian infantry and national rules as read from `data-src/ita/ob.toml`, and their
//! counters.

use qm_compile::pipeline::compile;
use qm_render::infantry::infantry_counters;
use qm_render::templates::Templates;

use crate::render::{overlaps, text_boxes};
use crate::support::{png_size, root};

#[test]
fn italian_infantry_and_national_rules() {
    let compiled = compile(&root().join("data-src"), &Default::default());
    let ita = compiled.nations.iter().find(|n| n.id == "ita").unwrap();
    assert!(ita.axis);
    insta::assert_json_snapshot!("ita_infantry", &ita.infantry);
    insta::assert_json_snapshot!("ita_national_rules", &ita.national_rules);
    let counters = infantry_counters(&Templates::new(None), ita, 48).unwrap();
    let names: Vec<&str> = counters.iter().map(|a| a.path.as_str()).collect();
    insta::assert_debug_snapshot!("ita_infantry_counter_files", names);
    // Every side is an SVG and a PNG of the asked size.
    for unit in &ita.infantry.units {
        let png = format!("ita/counters/infantry/{}-front.png", unit.id);
        let png = counters.iter().find(|a| a.path == png).expect(&png);
        assert_eq!(png_size(&png.bytes), (48, 48), "{}", unit.id);
    }
    assert_eq!(
        counters.iter().filter(|a| a.path.ends_with(".png")).count(),
        counters.iter().filter(|a| a.path.ends_with(".svg")).count()
    );
    let front = counters
        .iter()
        .find(|a| a.path.ends_with("/4-4-7-front.svg"))
        .unwrap();
    insta::assert_snapshot!(
        "ita_infantry_counter_4_4_7",
        String::from_utf8_lossy(&front.bytes)
    );
}

/// Every infantry counter side keeps its text inside the frame (a 1-unit stroke at 0.5 of a
/// 50-unit box) and no two texts overlap: long names ("Civilian Partisans") wrap or shrink.
#[test]
fn infantry_counter_text_stays_inside_and_apart() {
    let compiled = compile(&root().join("data-src"), &Default::default());
    let mut ita = compiled
        .nations
        .into_iter()
        .find(|n| n.id == "ita")
        .unwrap();
    // A name far longer than the data's, so the check also covers what a maintainer may add.
    ita.infantry.units[0].name = "Compagnia Autonoma Mitraglieri Motociclisti".into();
    let counters = infantry_counters(&Templates::new(None), &ita, 48).unwrap();
    let svgs: Vec<_> = counters
        .iter()
        .filter(|a| a.path.ends_with(".svg"))
        .collect();
    assert_eq!(svgs.len(), ita.infantry.units.len());
    for a in svgs {
        let boxes = text_boxes(&String::from_utf8_lossy(&a.bytes));
        assert!(boxes.len() >= 2, "{}: {boxes:?}", a.path);
        for (label, r) in &boxes {
            assert!(
                r.left() >= 1.0 && r.top() >= 1.0 && r.right() <= 49.0 && r.bottom() <= 49.0,
                "{}: {label:?} at {r:?} leaves the counter",
                a.path
            );
        }
        for (i, (la, ra)) in boxes.iter().enumerate() {
            for (lb, rb) in &boxes[i + 1..] {
                assert!(
                    !overlaps(ra, rb),
                    "{}: {la:?} {ra:?} overlaps {lb:?} {rb:?}",
                    a.path
                );
            }
        }
    }
}
