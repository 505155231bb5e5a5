//! `vassal.toml` and `vassal-gpids.toml` are read once per run, by the load stage: the module
//! is made from the bytes `qm check`'s lints saw, whatever happens to the files afterwards.

use std::path::{Path, PathBuf};

use qm_export::vassal::Vmod;
use qm_load::module_files::gpids::slot_key;

/// A data directory with one vehicle (the Italian listing's first row), `vassal.toml` and a
/// gpid registry giving that vehicle `gpid`.
fn mini_data(dir: &Path, gpid: u32) -> PathBuf {
    let data = qm_test_support::mini_data(dir);
    std::fs::write(
        data.join("vassal-gpids.toml"),
        format!("first = 10\n[gpids]\n\"ita/l5-21\" = {gpid}\n"),
    )
    .unwrap();
    data
}

/// The module of a compiled data directory, from the compile's `Loaded`.
fn module(compiled: &qm_compile::pipeline::Compiled) -> Vmod {
    let templates = qm_render::templates::Templates::new(None);
    let images = qm_render::module_images::rendered_images(
        &compiled.nations,
        &templates,
        &qm_render::CounterOptions::default(),
    )
    .unwrap();
    qm_export::vassal::build_from_data(
        &compiled.loaded,
        &compiled.nations,
        &images,
        &qm_render::templates::Templates::new(None),
    )
    .unwrap()
}

#[test]
fn the_module_is_made_from_the_files_the_load_stage_read() {
    let tmp = tempfile::tempdir().unwrap();
    let data = mini_data(tmp.path(), 4242);
    let compiled = qm_compile::pipeline::compile(&data, &Default::default());
    assert!(!compiled.failed(true), "{:#?}", compiled.diagnostics);
    let [n] = compiled.nations.as_slice() else {
        panic!("one nation")
    };
    let key = slot_key(&n.id, &n.vehicles[0].id);
    assert_eq!(key, "ita/l5-21", "the registry names the vehicle's slot");
    let before = module(&compiled);
    // Between the check and the module, the files change on disk: a name, another gpid, then
    // a vassal.toml that does not even parse and no registry at all. A second read would
    // name the module otherwise, renumber the piece, or fail.
    let config = std::fs::read_to_string(data.join("vassal.toml")).unwrap();
    let renamed = config.replace("quartermaster-italian-ob.vmod", "renamed.vmod");
    assert_ne!(renamed, config);
    std::fs::write(data.join("vassal.toml"), renamed).unwrap();
    std::fs::write(
        data.join("vassal-gpids.toml"),
        "[gpids]\n\"ita/l5-21\" = 7\n",
    )
    .unwrap();
    let changed = module(&compiled);
    std::fs::write(data.join("vassal.toml"), "[module\n").unwrap();
    std::fs::remove_file(data.join("vassal-gpids.toml")).unwrap();
    let broken = module(&compiled);
    for vmod in [&before, &changed, &broken] {
        assert_eq!(vmod.file_name, "quartermaster-italian-ob.vmod");
        assert_eq!(vmod.model.next_piece_slot_id, 4243, "one above gpid 4242");
        assert!(
            vmod.model.allocated.is_empty(),
            "{:?}",
            vmod.model.allocated
        );
    }
    assert_eq!(changed.bytes, before.bytes);
    assert_eq!(broken.bytes, before.bytes);
    // A fresh compile (each `qm watch` rebuild is one) reads the files again: the broken
    // vassal.toml is reported, at its place.
    let again = qm_compile::pipeline::compile(&data, &Default::default());
    let d = again
        .diagnostics
        .iter()
        .find(|d| d.code == "vassal::config")
        .expect("the broken vassal.toml is reported");
    let at = again.loaded.sources.provenance(d.span.as_ref().unwrap());
    assert_eq!((&*at.file, at.line), ("vassal.toml", 1), "{d:?}");
}
