//! Synthetic data for the benchmarks (and `examples/gen_data.rs`), made from the Italian data
//! at run time so nothing generated is committed: many nations (copies of `ita/`) and a long
//! listing (the real rows repeated, names made unique).

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The `qm` binary's allocator (`src/main.rs`), so that the figures are the binary's.
#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// Gives freed memory back between stages, as the `qm` binary does.
pub fn like_the_binary() {
    #[cfg(not(target_env = "msvc"))]
    qm_compile::memory::on_release(qm::memory::purge_jemalloc);
}

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A data directory under `dir` with `count` vehicle nations: `ita/` and copies `n01/`,
/// `n02/`, ... of it, beside everything else of `data-src/` (the registries, scenarios, module
/// settings and the other nation folders, which the scenarios name), and a gpid for every
/// copy's vehicles (numbered after the Italian ones), so it builds like the real data.
pub fn nations(count: usize, dir: &Path) {
    let src = root().join("data-src");
    for e in std::fs::read_dir(&src).unwrap() {
        let e = e.unwrap();
        let target = dir.join(e.file_name());
        if e.path().is_dir() {
            qm_test_support::copy_dir(&e.path(), &target);
        } else if e.file_name() != "vassal-gpids.toml" {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
    let gpids = std::fs::read_to_string(src.join("vassal-gpids.toml")).unwrap();
    let ita: Vec<&str> = gpids
        .lines()
        .filter_map(|l| l.strip_prefix("\"ita/"))
        .filter_map(|l| l.split_once('"').map(|(id, _)| id))
        .collect();
    let mut next = gpids
        .lines()
        .filter_map(|l| {
            l.rsplit_once("= ")
                .and_then(|(_, n)| n.trim().parse::<u32>().ok())
        })
        .max()
        .unwrap_or(1000)
        + 1;
    let mut text = gpids.clone();
    for k in 1..count {
        let id = format!("n{k:02}");
        qm_test_support::copy_dir(&src.join("ita"), &dir.join(&id));
        for vehicle in &ita {
            text.push_str(&format!("\"{id}/{vehicle}\" = {next}\n"));
            next += 1;
        }
    }
    std::fs::write(dir.join("vassal-gpids.toml"), text).unwrap();
}

/// A data directory under `dir` whose one nation's listing repeats the real data rows until
/// it has `rows` rows (the real notes and ob.toml beside it, so the notes are resolved
/// against every row).
pub fn long_listing(rows: usize, dir: &Path) {
    let real = std::fs::read_to_string(root().join("data-src/ita/listing.tsv")).unwrap();
    let mut lines = real.lines();
    let header: Vec<&str> = lines.by_ref().take(2).collect();
    let data: Vec<&str> = real
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with("NAME") && !l.starts_with('\t'))
        .collect();
    let mut out = header.join("\n");
    out.push('\n');
    for i in 0..rows {
        let row = data[i % data.len()];
        let (name, rest) = row.split_once('\t').unwrap();
        out.push_str(&format!("{name} #{i}\t{rest}\n"));
    }
    let ita = dir.join("ita");
    std::fs::create_dir_all(&ita).unwrap();
    std::fs::write(ita.join("listing.tsv"), out).unwrap();
    for f in ["notes.md", "ob.toml"] {
        let _ = std::fs::copy(root().join("data-src/ita").join(f), ita.join(f));
    }
}
