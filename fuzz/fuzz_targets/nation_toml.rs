//! Feeds arbitrary bytes as a nation's `ob.toml` or `errata.toml` beside the other real files
//! of a reference nation (the first byte chooses which file and which nation), and compiles
//! the data directory as `qm check` does: nothing may panic or hang, every diagnostic must
//! print, and no IR the compile made may break its schema.

#![no_main]

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use qm_compile::pipeline::compile;

/// The reference nations, one with a listing and one with `ob.toml` only.
const NATIONS: [&str; 2] = ["ita", "axm"];
const FILES: [&str; 2] = ["ob.toml", "errata.toml"];

/// A data directory per reference nation, made once per process from the repository's files.
fn data_dirs() -> &'static [PathBuf; 2] {
    static DIRS: OnceLock<[PathBuf; 2]> = OnceLock::new();
    DIRS.get_or_init(|| {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data-src");
        let root = std::env::temp_dir().join(format!("qm-fuzz-nation-{}", std::process::id()));
        NATIONS.map(|nation| {
            let dir = root.join(nation);
            let folder = dir.join(nation);
            std::fs::create_dir_all(&folder).expect("a scratch directory");
            for entry in std::fs::read_dir(src.join(nation)).expect("the reference nation") {
                let path = entry.expect("a file").path();
                std::fs::copy(&path, folder.join(path.file_name().unwrap())).expect("a copy");
            }
            dir
        })
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&choice, body)) = data.split_first() else {
        return;
    };
    let nation = NATIONS[usize::from(choice & 1)];
    let file = FILES[usize::from((choice >> 1) & 1)];
    let other = FILES[usize::from(!(choice >> 1) & 1)];
    let dir = &data_dirs()[usize::from(choice & 1)];
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../data-src")
        .join(nation);
    std::fs::write(dir.join(nation).join(file), body).expect("write the input");
    std::fs::copy(src.join(other), dir.join(nation).join(other)).expect("restore the other file");
    let compiled = compile(dir, &Default::default());
    let _ = qm_load::diagnostics::render(&compiled.loaded.sources, &compiled.diagnostics);
    assert!(
        compiled
            .diagnostics
            .iter()
            .all(|d| d.code != "schema::violation"),
        "the IR breaks its schema: {:?}",
        compiled.diagnostics
    );
});
