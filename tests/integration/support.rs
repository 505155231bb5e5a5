//! Helpers shared by the integration tests.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Snapshot filters for pictures embedded as `data:` URIs (counters' art and silhouettes):
/// the bytes are unreadable in a snapshot, and the `<image>` says what it shows
/// (`data-picture`, `data-class`); the pictures themselves have snapshots of their own.
pub const DATA_URI_FILTERS: [(&str, &str); 1] = [(
    r"data:image/(svg\+xml|png);base64,[A-Za-z0-9+/=]+",
    "data:image/$1;base64,[…]",
)];

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The outcome of one `qm` run, formatted for a snapshot.
pub fn run_qm(args: &[&str], cwd: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_qm"))
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("qm runs");
    format!(
        "exit: {}\n--- stdout\n{}--- stderr\n{}",
        out.status
            .code()
            .map_or("signal".to_string(), |c| c.to_string()),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// `qm ARGS --data DATA` (`DATA` relative to the repository): exit status, stdout, stderr.
pub fn qm_on_data(data: &str, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_qm"))
        .args(args)
        .arg("--data")
        .arg(root().join(data))
        .output()
        .expect("qm runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Width and height of a PNG, from its IHDR chunk.
pub fn png_size(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let w = u32::from_be_bytes(png[16..20].try_into().unwrap());
    let h = u32::from_be_bytes(png[20..24].try_into().unwrap());
    (w, h)
}

/// Every file under `dir` with its bytes.
pub fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
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

/// The repository's data copied into `dir` with note 4's RF sentence (the L3 cc's) made
/// unreadable; `dir` as text.
pub fn broken_data(dir: &Path) -> String {
    qm_test_support::copy_dir(&root().join("data-src"), dir);
    let notes = dir.join("ita/notes.md");
    let text = std::fs::read_to_string(&notes).unwrap();
    let broken = text.replacen(
        "RF is 1.5 in 1940 and 1.6 in 1941.",
        "RF is 1.5 in 1940 and perhaps 1.6 in 1941.",
        1,
    );
    assert_ne!(text, broken);
    std::fs::write(&notes, broken).unwrap();
    dir.to_str().unwrap().to_string()
}
