//! `qm watch` after a one-note edit (issue 11: <= 50 ms from save to `out/` updated), on a
//! copy of the Italian data:
//! - `watch/rebuild`: one rebuild in-process (compile, render what the edit changed, write
//!   the changed files), as the watch runs it after an edit;
//! - `watch/save-to-out`: the real `qm watch` process: the time from writing `notes.md` to
//!   `out/` being replaced (its inode changes), settling included.

#[path = "support/mod.rs"]
mod support;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use clap::Parser;
use criterion::{criterion_group, criterion_main, Criterion};
use qm::cli::{Cli, Command as QmCommand};
use qm::watch::{Rebuilt, Session};
use support::root;

const NOTE: &str = "Approximately a total of 100 L5/21";

/// A copy of the repository's data under `dir`.
fn data_copy(dir: &Path) -> PathBuf {
    let data = dir.join("data");
    qm_test_support::copy_dir(&root().join("data-src"), &data);
    data
}

/// Edit number `n` of the note: its count becomes 100 + n % 10 (each edit differs from the
/// one before).
fn edit(notes: &Path, text: &mut String, n: usize) {
    let from = text.find("Approximately a total of 1").expect("the note");
    let at = from + "Approximately a total of 10".len();
    text.replace_range(at..at + 1, &((n % 10).to_string()));
    std::fs::write(notes, text.as_bytes()).unwrap();
}

fn rebuild(c: &mut Criterion) {
    support::like_the_binary();
    let dir = tempfile::tempdir().unwrap();
    let data = data_copy(dir.path());
    let out = dir.path().join("out");
    let cli = Cli::parse_from([
        "qm",
        "watch",
        "--data",
        data.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let QmCommand::Watch(args) = cli.command else {
        unreachable!()
    };
    let checked = qm_export::artifact::OutputDir::check(&out, &[]).unwrap();
    let mut session = Session::new(checked);
    assert!(matches!(session.rebuild(&args), Rebuilt::Written { .. }));
    let notes = data.join("ita/notes.md");
    let mut text = std::fs::read_to_string(&notes).unwrap();
    assert!(text.contains(NOTE));
    let mut n = 0;
    c.bench_function("watch/rebuild", |b| {
        b.iter(|| {
            n += 1;
            edit(&notes, &mut text, n);
            match session.rebuild(&args) {
                Rebuilt::Written {
                    rewritten, made, ..
                } => {
                    assert_eq!(rewritten.changed.len(), 3, "{:?}", rewritten.changed);
                    assert!(made <= 1);
                }
                other => panic!("{other:?}"),
            }
        })
    });
    session.finish();
}

/// A `qm watch` process on `data`, writing `out`.
struct Watching(Child);

impl Watching {
    fn start(data: &Path, out: &Path) -> Self {
        let child = Command::new(env!("CARGO_BIN_EXE_qm"))
            .arg("watch")
            .arg("--data")
            .arg(data)
            .arg("--out")
            .arg(out)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("qm watch starts");
        Self(child)
    }
}

impl Drop for Watching {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[cfg(unix)]
fn inode(path: &Path) -> Option<u64> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| m.ino())
}

#[cfg(not(unix))]
fn inode(path: &Path) -> Option<u64> {
    std::fs::metadata(path)
        .ok()
        .and_then(|m| m.modified().ok())
        .map(|t| {
            t.duration_since(std::time::UNIX_EPOCH)
                .unwrap_or_default()
                .as_nanos() as u64
        })
}

/// Waits until `out` is a different directory than `before` (or `limit` passes).
fn wait_for_new(out: &Path, before: Option<u64>, limit: Duration) -> Duration {
    let start = Instant::now();
    loop {
        let now = inode(out);
        if now.is_some() && now != before {
            return start.elapsed();
        }
        assert!(start.elapsed() < limit, "out/ was not replaced");
        std::thread::sleep(Duration::from_micros(200));
    }
}

fn save_to_out(c: &mut Criterion) {
    support::like_the_binary();
    let dir = tempfile::tempdir().unwrap();
    let data = data_copy(dir.path());
    let out = dir.path().join("out");
    let _watch = Watching::start(&data, &out);
    wait_for_new(&out, None, Duration::from_secs(60));
    // The first build is written; let the watch settle into waiting for events.
    std::thread::sleep(Duration::from_millis(500));
    let notes = data.join("ita/notes.md");
    let mut text = std::fs::read_to_string(&notes).unwrap();
    let mut n = 0;
    c.bench_function("watch/save-to-out", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                n += 1;
                let before = inode(&out);
                let start = Instant::now();
                edit(&notes, &mut text, n);
                wait_for_new(&out, before, Duration::from_secs(10));
                total += start.elapsed();
                // Let the watch go back to waiting before the next edit.
                std::thread::sleep(Duration::from_millis(50));
            }
            total
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = rebuild, save_to_out
}
criterion_main!(benches);
