//! `qm watch`: the render cache gives what a fresh build gives and renders only what an edit
//! changed; the watch process updates `out/` after an edit to a note, survives a broken edit
//! and ends cleanly on Ctrl-C.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use qm_compile::timings::Timings;
use qm_export::build::{render_all, BuildOptions};
use qm_export::render_cache::RenderCache;

use crate::support::{files, root};
use qm_test_support::copy_dir;

/// The repository's data in a temporary folder, to edit.
fn data_copy() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data-src");
    copy_dir(&root().join("data-src"), &data);
    (dir, data)
}

/// Replaces `from` by `to` in `file` (once; it must be there).
fn edit(file: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.contains(from), "{from:?} not in {}", file.display());
    std::fs::write(file, text.replacen(from, to, 1)).unwrap();
}

const NOTE: &str = "Approximately a total of 100 L5/21";
const EDITED: &str = "Approximately a total of 101 L5/21";

#[test]
fn a_cached_build_equals_a_fresh_one_and_renders_only_what_an_edit_changed() {
    let (_dir, data) = data_copy();
    let opts = BuildOptions::default();
    let mut cache = RenderCache::default();
    let build = |cache: &mut RenderCache| {
        let compiled = qm_compile::pipeline::compile(&data, &Default::default());
        let cached = render_all(&compiled, &opts, &mut Timings::default(), cache);
        (compiled, cached.unwrap())
    };
    let (_, first) = build(&mut cache);
    let all = cache.made;
    let (_, again) = build(&mut cache);
    assert_eq!(again, first);
    assert_eq!(cache.made, 0, "nothing changed, nothing rendered");

    edit(&data.join("ita/notes.md"), NOTE, EDITED);
    let (compiled, edited) = build(&mut cache);
    assert_eq!(
        edited,
        render_all(
            &compiled,
            &opts,
            &mut Default::default(),
            &mut Default::default()
        )
        .unwrap(),
        "as a fresh build"
    );
    // The note is in the IR and the chart: the chart is made again; no counter, sheet,
    // card or module piece shows the note.
    assert_eq!(cache.made, 1, "of {all} pieces");
    let changed: Vec<&str> = edited
        .iter()
        .zip(&first)
        .filter(|(a, b)| a.bytes != b.bytes)
        .map(|(a, _)| a.path.as_str())
        .collect();
    assert_eq!(
        changed,
        [
            "ita.json",
            "ita/chart/ita-chart.html",
            "ita/chart/ita-chart.pdf"
        ]
    );

    // A vehicle's value: its sides, the sheets, the chart, the cards and the module are
    // made again, and the build is still a fresh build's.
    edit(
        &data.join("ita/listing.tsv"),
        "5.5\tTt\t19\t",
        "5.5\tTt\t20\t",
    );
    let (compiled, edited) = build(&mut cache);
    assert_eq!(
        edited,
        render_all(
            &compiled,
            &opts,
            &mut Default::default(),
            &mut Default::default()
        )
        .unwrap(),
        "as a fresh build"
    );
    let scenarios = compiled.scenarios.len();
    assert_eq!(cache.made, 2 + 1 + 1 + scenarios + 1, "of {all} pieces");
}

#[test]
fn a_build_of_its_own_gives_what_a_kept_build_gives_and_keeps_no_piece() {
    let compiled = qm_compile::pipeline::compile(&root().join("data-src"), &Default::default());
    let opts = BuildOptions::default();
    let mut kept = RenderCache::default();
    let expected = render_all(&compiled, &opts, &mut Timings::default(), &mut kept).unwrap();
    assert!(!kept.sides.is_empty() && !kept.json.is_empty());
    let dir = tempfile::tempdir().unwrap();
    let disk = std::sync::Arc::new(qm_export::disk_cache::DiskCache::new(
        dir.path().join("cache"),
        qm_export::disk_cache::DEFAULT_MAX_BYTES,
    ));
    // Without a disk cache, filling one, then taking every piece from it.
    for disk in [None, Some(disk.clone()), Some(disk)] {
        let mut once = RenderCache {
            one_build: true,
            disk,
            ..Default::default()
        };
        let got = render_all(&compiled, &opts, &mut Timings::default(), &mut once).unwrap();
        assert!(got == expected, "a build of its own gives other bytes");
        assert!(
            once.sides.is_empty()
                && once.sheets.is_empty()
                && once.charts.is_empty()
                && once.cards.is_empty()
                && once.module.is_empty()
                && once.json.is_empty()
                && once.side_keys.is_empty(),
            "a build of its own keeps nothing for a next one"
        );
    }
}

/// A running `qm watch` and the lines it prints (killed when a test fails part-way).
struct Watch(qm_test_support::ChildLines);

impl Watch {
    fn start(data: &Path, out: &Path) -> Self {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_qm"));
        cmd.args(["watch", "--data"])
            .arg(data)
            .arg("--out")
            .arg(out);
        Self(qm_test_support::ChildLines::spawn(&mut cmd))
    }

    /// Waits for a line containing `text`; returns it.
    fn expect(&mut self, text: &str) -> String {
        self.0.expect(text, Duration::from_secs(120))
    }

    /// Waits until every one of `texts` has been in a line, in any order: stdout and stderr
    /// are read by two threads, so lines of the two streams arrive in either order.
    fn expect_all(&mut self, texts: &[&str]) {
        let mut missing: Vec<&str> = texts.to_vec();
        while !missing.is_empty() {
            let line = self.expect("");
            missing.retain(|t| !line.contains(t));
        }
    }

    #[cfg(unix)]
    fn interrupt(mut self) -> i32 {
        // SAFETY: signalling our own child by its pid.
        unsafe { libc::kill(self.0.child.id() as i32, libc::SIGINT) };
        self.expect("watch ended");
        self.0.child.wait().unwrap().code().unwrap_or(-1)
    }
}

#[cfg(unix)]
#[test]
fn watch_updates_out_after_a_note_edit_and_keeps_it_through_a_broken_one() {
    let (dir, data) = data_copy();
    let out = dir.path().join("out");
    let mut watch = Watch::start(&data, &out);
    watch.expect_all(&["qm: wrote", "watching"]);

    let notes = data.join("ita/notes.md");
    edit(&notes, NOTE, EDITED);
    let line = watch.expect("updated:");
    assert!(
        line.contains(
            "3 files updated: ita.json, ita/chart/ita-chart.html, ita/chart/ita-chart.pdf"
        ),
        "{line}"
    );

    // out/ is what `qm build` makes of the edited data.
    let fresh = dir.path().join("fresh");
    let run = crate::support::run_qm(
        &[
            "build",
            "--data",
            data.to_str().unwrap(),
            "--out",
            fresh.to_str().unwrap(),
            "--no-cache",
        ],
        dir.path(),
    );
    assert!(run.starts_with("exit: 0"), "{run}");
    assert_eq!(files(&out), files(&fresh));

    // A broken edit: diagnostics, and out/ stays as it was.
    let before = files(&out);
    let listing = data.join("ita/listing.tsv");
    let good = std::fs::read_to_string(&listing).unwrap();
    std::fs::write(&listing, good.replacen('\t', "\t\t\t", 3)).unwrap();
    watch.expect("kept as it was");
    assert_eq!(files(&out), before);

    // Fixed again: back to the same output, which no file differs from.
    std::fs::write(&listing, &good).unwrap();
    watch.expect("no file changed");
    assert_eq!(files(&out), before);

    assert_eq!(watch.interrupt(), 0);
    let mut left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(
        left,
        [".fresh.lock", ".out.lock", "data-src", "fresh", "out"],
        "no staging left"
    );
}
