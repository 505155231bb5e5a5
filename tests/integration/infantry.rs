//! The Italian infantry and national rules as read from `data-src/ita/ob.toml`, and their
//! counters.

use qm::compile::compile;
use qm::infantry::infantry_counters;
use qm::templates::Templates;

use crate::support::{png_size, root};

#[test]
fn italian_infantry_and_national_rules() {
    let compiled = compile(&root().join("data-src"));
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
