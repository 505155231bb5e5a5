//! Feeds arbitrary module input to `qm vassal merge` and `qm vassal check`: either raw bytes
//! read as a `.vmod` (an input starting `PK`), or entries zipped first so the fuzzer works on
//! names and the buildFile's XML rather than on zip checksums (entries split at NUL bytes,
//! each `name` LF `content`). qm's own module (the Italian data) is merged into it. Nothing
//! may panic or hang, no unsafe entry name may reach the merged module, and a module that
//! checks clean must still check clean once qm's pieces are merged in.

#![no_main]

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use qm_compile::pipeline::compile;
use qm_export::vassal::archive::{read_names_and_build_file, unsafe_entry_name, write_vmod};
use qm_export::vassal::check::check_vmod;
use qm_export::vassal::merge::merge_vmod;
use qm_export::vassal::{build_from_data, Vmod};
use qm_render::templates::Templates;
use qm_render::module_images::rendered_images;
use qm_render::CounterOptions;

/// qm's module of the reference data, built once.
fn ours() -> &'static Vmod {
    static OURS: OnceLock<Vmod> = OnceLock::new();
    OURS.get_or_init(|| {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data-src");
        let compiled = compile(&data, &Default::default());
        let templates = Templates::new(None);
        let images = rendered_images(&compiled.nations, &templates, &CounterOptions::default())
            .expect("the reference counters render");
        build_from_data(&compiled.loaded, &compiled.nations, &images, &templates)
            .expect("the reference module builds")
    })
}

/// The module bytes the input stands for.
fn module(data: &[u8]) -> Option<Vec<u8>> {
    if data.starts_with(b"PK") {
        return Some(data.to_vec());
    }
    let mut entries = BTreeMap::new();
    for chunk in data.split(|&b| b == 0) {
        let (name, content) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], &chunk[i + 1..]),
            None => (chunk, &[][..]),
        };
        entries.insert(String::from_utf8_lossy(name).into_owned(), content.to_vec());
    }
    write_vmod(entries.into_iter().collect()).ok()
}

fuzz_target!(|data: &[u8]| {
    let Some(bytes) = module(data) else { return };
    let before = check_vmod(&bytes);
    let vmod = ours();
    let Ok(merged) = merge_vmod(&bytes, &vmod.build_file, &vmod.model.images) else {
        return;
    };
    let after = check_vmod(&merged.bytes).expect("a merged module reads back");
    // Names only: entries merge copies raw keep whatever they held (a bad checksum too).
    let (names, _) = read_names_and_build_file(&merged.bytes).expect("a merged module reads");
    for name in &names {
        assert!(
            unsafe_entry_name(name).is_none(),
            "merge kept the entry {name:?}"
        );
    }
    if before.is_ok_and(|r| r.is_ok()) {
        assert!(
            after.is_ok(),
            "merging broke a clean module: {:?}",
            after.problems
        );
    }
});
