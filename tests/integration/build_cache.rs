//! The build cache (`.<out>.cache`): a build that takes pieces from it writes the same bytes
//! as a build without it — unchanged data, a one-row edit, a cache whose entries were cut
//! short.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::root;

/// Every file under `dir` with its bytes.
fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let rel = path.strip_prefix(dir).unwrap().to_path_buf();
                out.insert(rel, std::fs::read(&path).unwrap());
            }
        }
    }
    out
}

fn build(data: &Path, out: &Path, extra: &[&str]) {
    let run = Command::new(env!("CARGO_BIN_EXE_qm"))
        .args(["build", "--data"])
        .arg(data)
        .arg("--out")
        .arg(out)
        .args(extra)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
}

/// Asserts that `out` holds exactly what a build of `data` without the cache writes.
fn same_as_cold(data: &Path, out: &Path, what: &str) {
    let cold = out.with_file_name("cold");
    build(data, &cold, &["--no-cache"]);
    let (warm, cold) = (files(out), files(&cold));
    assert_eq!(
        warm.keys().collect::<Vec<_>>(),
        cold.keys().collect::<Vec<_>>(),
        "{what}"
    );
    for (path, bytes) in &cold {
        assert!(warm[path] == *bytes, "{what}: {} differs", path.display());
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &to.join(e.file_name()));
        } else {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

#[test]
fn a_build_from_the_cache_writes_what_a_cold_build_writes() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    copy_dir(&root().join("data-src"), &data);
    let out = tmp.path().join("out");
    let cache = tmp.path().join(".out.cache");
    build(&data, &out, &[]);
    assert!(cache.join(qm_export::artifact::MARKER).is_file());
    build(&data, &out, &[]);
    same_as_cold(&data, &out, "unchanged data");

    // One row edited: BPV 18 -> 19.
    let listing = data.join("ita/listing.tsv");
    let text = std::fs::read_to_string(&listing).unwrap();
    let row = text.lines().find(|l| l.starts_with("L3 aa\t")).unwrap();
    let edited = text.replace(row, &row.replacen("\tTt\t18\t", "\tTt\t19\t", 1));
    assert_ne!(edited, text);
    std::fs::write(&listing, edited).unwrap();
    build(&data, &out, &[]);
    same_as_cold(&data, &out, "one row edited");

    // Every entry cut in half: all misses, the same output.
    let mut stack = vec![cache.clone()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if !path.ends_with(qm_export::artifact::MARKER) {
                let bytes = std::fs::read(&path).unwrap();
                std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
            }
        }
    }
    std::fs::remove_dir_all(&out).unwrap();
    build(&data, &out, &[]);
    same_as_cold(&data, &out, "a cache cut short");
}
