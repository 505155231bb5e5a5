//! `qm watch`: builds once, then again whenever a file under the data directory, the
//! `--templates` directory or `--scenarios` changes (the `notify` crate: inotify, FSEvents,
//! ...). Each rebuild compiles and renders in memory; when it fails its diagnostics are
//! printed and the output directory keeps the last good build; when it succeeds and some file
//! differs from what was written last, the output directory is replaced atomically, as `qm
//! build` does, and the changed files are listed. Ctrl-C ends the watch between rebuilds
//! (never in the middle of a write).

use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use notify::{RecursiveMode, Watcher};

use crate::artifact::{write_atomically, Artifact, OutputDir};
use crate::cli::{compile_and_render, prepare_build, report_tidied, BuildArgs};
use crate::cli_report::{output_error, plural, EXIT_OK, EXIT_USAGE};
use crate::timings::Timings;

/// Edits often come as a burst of events (an editor writes a temporary file, renames it):
/// after the first, events are gathered this long before rebuilding.
const SETTLE: Duration = Duration::from_millis(15);

/// At most this many changed files are named; the rest are counted.
const SHOWN: usize = 8;

enum Message {
    Changed,
    Stop,
}

/// The fingerprint of a written file: its length and a hash of its bytes.
type Fingerprint = (usize, u64);

/// Runs `qm watch`; returns the exit status (0 after Ctrl-C).
pub fn run(a: BuildArgs) -> u8 {
    let out = match prepare_build(&a) {
        Ok(out) => out,
        Err(status) => return status,
    };
    let (tx, rx) = mpsc::channel();
    let stop = tx.clone();
    if let Err(e) = ctrlc::set_handler(move || {
        let _ = stop.send(Message::Stop);
    }) {
        eprintln!("qm: failed to watch for Ctrl-C ({e}); end the watch with a signal");
    }
    let mut watcher =
        match notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            if event.is_ok_and(|e| !e.kind.is_access()) {
                let _ = tx.send(Message::Changed);
            }
        }) {
            Ok(w) => w,
            Err(e) => {
                eprintln!("error: failed to watch for changes ({e})");
                return EXIT_USAGE;
            }
        };
    let mut watched = vec![a.data.data.as_path()];
    watched.extend(a.templates.as_deref());
    watched.extend(a.data.scenarios.as_deref());
    for path in &watched {
        if let Err(e) = watcher.watch(path, RecursiveMode::Recursive) {
            eprintln!("error: failed to watch {} ({e})", path.display());
            return EXIT_USAGE;
        }
    }

    let mut last: Option<BTreeMap<String, Fingerprint>> = None;
    rebuild(&a, &out, &mut last);
    eprintln!(
        "qm: watching {} (Ctrl-C ends)",
        watched
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
    while let Ok(message) = rx.recv() {
        if let Message::Stop = message {
            break;
        }
        std::thread::sleep(SETTLE);
        let mut stopped = false;
        while let Ok(m) = rx.try_recv() {
            stopped |= matches!(m, Message::Stop);
        }
        if stopped {
            break;
        }
        rebuild(&a, &out, &mut last);
    }
    eprintln!(
        "qm: watch ended; {} holds the last good build",
        a.out.display()
    );
    EXIT_OK
}

/// One build; `last` holds what the previous successful one wrote.
fn rebuild(a: &BuildArgs, out: &OutputDir, last: &mut Option<BTreeMap<String, Fingerprint>>) {
    let start = Instant::now();
    let mut timings = Timings::default();
    let Ok((_, artifacts)) = compile_and_render(a, &mut timings, || {}) else {
        eprintln!(
            "qm: {} kept as it was (the last good build)",
            a.out.display()
        );
        return;
    };
    let now: BTreeMap<String, Fingerprint> = artifacts
        .iter()
        .map(|a| (a.path.clone(), fingerprint(&a.bytes)))
        .collect();
    let changed = last.as_ref().map(|before| changed_files(before, &now));
    if changed.as_ref().is_some_and(Vec::is_empty) {
        println!("qm: no file changed");
        return;
    }
    if !write(out, &artifacts, &a.out) {
        return;
    }
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    match changed {
        Some(files) => println!("qm: {} ({ms:.0} ms)", updated_line(&files)),
        None => println!(
            "qm: wrote {} files to {} ({ms:.0} ms)",
            artifacts.len(),
            a.out.display()
        ),
    }
    *last = Some(now);
}

fn write(out: &OutputDir, artifacts: &[Artifact], shown: &Path) -> bool {
    let waiting = |lock: &Path| {
        eprintln!(
            "qm: waiting for lock on {} (another qm is writing {})",
            lock.display(),
            shown.display()
        );
    };
    match write_atomically(out, artifacts, waiting) {
        Ok(t) => {
            report_tidied(out, &t);
            true
        }
        Err(e) => {
            output_error(&e);
            false
        }
    }
}

fn fingerprint(bytes: &[u8]) -> Fingerprint {
    // Fixed keys: the same bytes always hash alike within the run.
    let mut h = std::hash::DefaultHasher::new();
    bytes.hash(&mut h);
    (bytes.len(), h.finish())
}

/// The files added, changed or removed between two builds, in path order.
fn changed_files(
    before: &BTreeMap<String, Fingerprint>,
    now: &BTreeMap<String, Fingerprint>,
) -> Vec<String> {
    let mut out: Vec<String> = now
        .iter()
        .filter(|(path, f)| before.get(*path) != Some(f))
        .map(|(path, _)| path.clone())
        .collect();
    out.extend(
        before
            .keys()
            .filter(|path| !now.contains_key(*path))
            .map(|path| format!("{path} (removed)")),
    );
    out.sort();
    out
}

/// "3 files updated: a, b, c" (at most [`SHOWN`] named, then "and N more").
fn updated_line(files: &[String]) -> String {
    let mut line = format!(
        "{} file{} updated: {}",
        files.len(),
        plural(files.len()),
        files
            .iter()
            .take(SHOWN)
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(", ")
    );
    if files.len() > SHOWN {
        line.push_str(&format!(" and {} more", files.len() - SHOWN));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_name_added_changed_and_removed_files() {
        let before: BTreeMap<String, Fingerprint> = [
            ("a.json".to_string(), fingerprint(b"1")),
            ("b.pdf".to_string(), fingerprint(b"2")),
            ("gone.png".to_string(), fingerprint(b"3")),
        ]
        .into();
        let now: BTreeMap<String, Fingerprint> = [
            ("a.json".to_string(), fingerprint(b"1")),
            ("b.pdf".to_string(), fingerprint(b"2x")),
            ("new.svg".to_string(), fingerprint(b"4")),
        ]
        .into();
        let files = changed_files(&before, &now);
        assert_eq!(files, ["b.pdf", "gone.png (removed)", "new.svg"]);
        assert_eq!(
            updated_line(&files),
            "3 files updated: b.pdf, gone.png (removed), new.svg"
        );
        let many: Vec<String> = (0..10).map(|i| format!("f{i}")).collect();
        assert!(updated_line(&many).ends_with("f7 and 2 more"));
    }
}
