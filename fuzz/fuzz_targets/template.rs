//! Renders arbitrary template text the way a `--templates` override is rendered: the bytes
//! (lossy UTF-8) become `counter/front.svg` in an override directory (up to the first NUL;
//! what follows, if anything, becomes `counter/macros.svg`, which the front may import or
//! include), read through qm's sandboxed loader and rendered by `counter_svg` with its fuel,
//! output cap and limits against one fixed vehicle of the reference data. Nothing may panic,
//! abort, overflow the stack or hang (libFuzzer's -timeout); an error must print as a
//! diagnostic, and an output stays within the output cap.

#![no_main]

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use qm_compile::pipeline::{compile, Compiled};
use qm_render::templates::source::MAX_OUTPUT;
use qm_parser::SourceMap;
use qm_render::templates::Templates;
use qm_render::{counter_svg, CounterOptions};
use qm_schema::CounterSide;

/// The render budget enforced as in the `qm` binary (around the system allocator, which
/// the sanitizer intercepts).
#[global_allocator]
static ALLOCATOR: qm_render::templates::budget::Budgeted<std::alloc::System> =
    qm_render::templates::budget::Budgeted(std::alloc::System);

/// A render's memory budget here: far above what the counter front needs, and small, since
/// a render stopped at its budget keeps what it holds for the rest of the run.
const BUDGET: usize = 2 * 1024 * 1024;

/// The reference data compiled once, the counter options with the build's pictures, and the
/// indexes (nation, vehicle) of the vehicle drawn: the one with the most back-side notations
/// in any nation (a rich model without naming a vehicle; a nation may have none).
fn base() -> &'static (Compiled, CounterOptions, (usize, usize)) {
    static BASE: OnceLock<(Compiled, CounterOptions, (usize, usize))> = OnceLock::new();
    BASE.get_or_init(|| {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data-src");
        let compiled = compile(&data, &Default::default());
        assert!(!compiled.failed(false), "the reference data compiles");
        let pictures = qm_render::Pictures::new(
            &compiled.nations,
            &compiled.loaded,
            &compiled.art,
            &Templates::new(None),
        )
        .expect("the pictures render");
        let opts = CounterOptions {
            pictures,
            ..CounterOptions::default()
        };
        let index = compiled
            .nations
            .iter()
            .enumerate()
            .flat_map(|(n, nation)| (0..nation.vehicles.len()).map(move |v| (n, v)))
            .max_by_key(|&(n, v)| compiled.nations[n].vehicles[v].counter.back.len())
            .expect("the reference data has vehicles");
        (compiled, opts, index)
    })
}

/// This process's override directory (a fork or job of its own has another pid).
fn dir() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let d = std::env::temp_dir().join(format!("qm-fuzz-template-{}", std::process::id()));
        std::fs::create_dir_all(d.join("counter")).expect("the override directory");
        d
    })
}

fuzz_target!(|data: &[u8]| {
    let (compiled, opts, index) = base();
    let text = String::from_utf8_lossy(data);
    let (front, macros) = match text.split_once('\0') {
        Some((f, m)) => (f, Some(m)),
        None => (text.as_ref(), None),
    };
    let dir = dir();
    std::fs::write(dir.join("counter/front.svg"), front).expect("write the front");
    let macros_path = dir.join("counter/macros.svg");
    match macros {
        Some(m) => std::fs::write(&macros_path, m).expect("write the macros"),
        None => {
            let _ = std::fs::remove_file(&macros_path);
        }
    }
    let mut templates = Templates::new(Some(dir.as_path()));
    templates.set_render_budget(BUDGET);
    let nation = &compiled.nations[index.0];
    let vehicle = &nation.vehicles[index.1];
    match counter_svg(nation, vehicle, CounterSide::Front, &templates, opts) {
        Ok(svg) => assert!(svg.len() <= MAX_OUTPUT, "{} bytes written", svg.len()),
        Err(e) => {
            let qm_render::RenderErrorKind::Template(e) = &e.kind else {
                panic!("a counter's template fails with a non-template error: {e}");
            };
            let mut sources = SourceMap::new();
            let d = e.to_diagnostic(&mut sources);
            let _ = qm_load::diagnostics::render(&sources, &[d]);
        }
    }
});
