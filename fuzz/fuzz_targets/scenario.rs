//! Feeds arbitrary bytes as a scenario file, resolved against the compiled Italian data the
//! way `qm check` and `qm build` do (`compile_scenarios`), then, when it resolves without
//! errors, renders its card (JSON, HTML, PDF, the counters with their silhouettes) as
//! `qm build` does. Nothing may panic or hang, every diagnostic must print, and a resolved
//! scenario must meet its schema.

#![no_main]

use std::path::Path;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use qm_compile::pipeline::{compile, compile_scenarios, Compiled};
use qm_export::build::scenario_artifacts;
use qm_load::data_dir::Loaded;
use qm_parser::Source;
use qm_render::templates::Templates;
use qm_render::CounterOptions;

/// The reference data, compiled once, with the counters' pictures (silhouettes) and colours
/// the cards draw.
fn base() -> &'static (Compiled, Templates, CounterOptions) {
    static BASE: OnceLock<(Compiled, Templates, CounterOptions)> = OnceLock::new();
    BASE.get_or_init(|| {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data-src");
        let compiled = compile(&data, &Default::default());
        assert!(!compiled.failed(false), "the reference data compiles");
        let templates = Templates::new(None);
        let pictures = qm_render::Pictures::new(
            &compiled.nations,
            &compiled.loaded,
            &compiled.art,
            &templates,
        )
        .expect("the pictures render");
        let counters = CounterOptions {
            pictures,
            colours: compiled.colours.clone(),
            ..CounterOptions::default()
        };
        (compiled, templates, counters)
    })
}

fuzz_target!(|data: &[u8]| {
    let (compiled, templates, counters) = base();
    let text = String::from_utf8_lossy(data);
    let mut sources = compiled.loaded.sources.clone();
    let file = sources.add(Source::new(
        sources.next_id(),
        "scenarios/fuzz.toml",
        text.as_ref(),
    ));
    let loaded = Loaded {
        data_dir: compiled.loaded.data_dir.clone(),
        sources,
        scenarios: vec![file],
        registries: compiled.loaded.registries.clone(),
        ..Loaded::default()
    };
    let (scenarios, diagnostics) =
        compile_scenarios(&loaded, &compiled.nations, &compiled.theaters);
    // The printer must be able to show every span.
    let _ = qm_load::diagnostics::render(&loaded.sources, &diagnostics);
    assert!(
        diagnostics.iter().all(|d| d.code != "schema::violation"),
        "a resolved scenario breaks its schema: {diagnostics:?}"
    );
    if diagnostics.iter().any(|d| d.is_error()) {
        return;
    }
    for s in &scenarios {
        if let Err(e) = scenario_artifacts(templates, s, &compiled.nations, &loaded, counters) {
            panic!("a scenario that checks clean fails to build: {e}");
        }
    }
});
