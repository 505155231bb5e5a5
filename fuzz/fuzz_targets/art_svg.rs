//! Feeds arbitrary bytes as a vehicle's SVG art (or a silhouette: both are read by the same
//! `prepare_svg`) along the path `qm check` and `qm build` take: the art is prepared as
//! `check` prepares it (`art::prepare`: the budget check, then usvg in the sandbox, written
//! back as shapes); art that `check` accepts is then drawn as `build` draws it, on both
//! sides of a counter (the counter template, its PNG by resvg, its PDF form for the sheets).
//! Nothing may panic, abort, overflow the stack, hang or allocate past libFuzzer's
//! `-rss_limit_mb`, and art that checks clean must build.

#![no_main]

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use libfuzzer_sys::fuzz_target;
use qm_compile::pipeline::{compile, Compiled};
use qm_layout::art::{prepare, Art, ArtBook, NationArt};
use qm_load::data_dir::art_folder::ArtFormat;
use qm_render::templates::Templates;
use qm_render::{render_side, CounterOptions, Pictures};
use qm_schema::{CounterSide, Nation};

/// The reference data compiled once, and one of its nations cut down to its first vehicle
/// (the vehicle the fuzzed art pictures).
fn base() -> &'static (Compiled, Templates, Nation) {
    static BASE: OnceLock<(Compiled, Templates, Nation)> = OnceLock::new();
    BASE.get_or_init(|| {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data-src");
        let compiled = compile(&data, &Default::default());
        assert!(!compiled.failed(false), "the reference data compiles");
        let mut nation = compiled
            .nations
            .iter()
            .find(|n| !n.vehicles.is_empty())
            .expect("a nation with vehicles")
            .clone();
        nation.vehicles.truncate(1);
        (compiled, Templates::new(None), nation)
    })
}

fuzz_target!(|data: &[u8]| {
    let (compiled, templates, nation) = base();
    // What `check` runs on an art file (through `assign_nations`): a refusal is a diagnostic.
    let Ok(image) = prepare(ArtFormat::Svg, data) else {
        return;
    };
    let vehicle = &nation.vehicles[0];
    let art = Arc::new(Art {
        file: format!("{}/art/fuzz.svg", nation.id),
        image,
    });
    let by_vehicle = BTreeMap::from([(vehicle.id.clone(), art)]);
    let book = ArtBook::from([(nation.id.clone(), NationArt { by_vehicle })]);
    let nations = std::slice::from_ref(nation);
    let pictures = match Pictures::new(nations, &compiled.loaded, &book, templates) {
        Ok(p) => p,
        Err(e) => panic!("art that checks clean leaves no pictures: {e}"),
    };
    let opts = CounterOptions {
        pictures,
        ..CounterOptions::default()
    };
    // What `build` does with it: every counter side as SVG, PNG and PDF form.
    for side in [CounterSide::Front, CounterSide::Back] {
        if let Err(e) = render_side(nation, vehicle, side, templates, &opts) {
            panic!("art that checks clean fails to build: {e}");
        }
    }
});
