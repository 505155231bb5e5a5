//! `qm watch`: builds once, then again whenever a file under the data directory, the
//! `--templates` directory or `--scenarios` changes (the `notify` crate: inotify, FSEvents,
//! ...). Each rebuild compiles and renders in memory; when it fails its diagnostics are
//! printed and the output directory keeps the last good build; when it succeeds and some file
//! differs from what was written last, the output directory is replaced atomically, as `qm
//! build` does, and the changed files are listed. Ctrl-C ends the watch between rebuilds
//! (never in the middle of a write).

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use notify::{RecursiveMode, Watcher};

use crate::cli_build::{compile_and_render_cached, prepare_build, report_tidied, BuildArgs};
use crate::cli_report::{output_error, plural, EXIT_OK, EXIT_USAGE};
use qm_compile::timings::Timings;
use qm_export::artifact::{OutputDir, Rewriter, Rewritten};
use qm_export::render_cache::RenderCache;
use qm_load::diagnostics::Escaped;

/// Edits often come as a burst of events (an editor truncates and writes a file, or writes a
/// temporary file and renames it): a rebuild starts once no event came for this long...
const QUIET: Duration = Duration::from_millis(5);
/// ... or this long after the first event of a burst that does not end.
const MAX_SETTLE: Duration = Duration::from_millis(250);

/// At most this many changed files are named; the rest are counted.
const SHOWN: usize = 8;

enum Message {
    /// Something changed under a root; `true` when a root itself was made, removed or moved.
    Changed(bool),
    Stop,
}

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
    let roots = match Roots::new(&a) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: failed to watch for changes ({e})");
            return EXIT_USAGE;
        }
    };
    let wanted = roots.paths();
    let mut watcher =
        match notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            // The parents are watched too (to see a root come back), so only events under a
            // root count: a sibling such as the output written beside the data is no change.
            let Ok(e) = event else { return };
            if e.kind.is_access() {
                return;
            }
            let under = |p: &PathBuf| wanted.iter().any(|r| p.starts_with(r));
            if e.paths.iter().any(under) {
                let root = e.paths.iter().any(|p| wanted.contains(p));
                let _ = tx.send(Message::Changed(root));
            }
        }) {
            Ok(w) => w,
            Err(e) => {
                eprintln!("error: failed to watch for changes ({e})");
                return EXIT_USAGE;
            }
        };
    if let Err(e) = roots.watch(&mut watcher) {
        eprintln!("error: {e}");
        return EXIT_USAGE;
    }
    let watched: Vec<&Path> = roots.given();

    let mut session = Session::new(out);
    session.rebuild_and_report(&a, Instant::now());
    eprintln!(
        "qm: watching {} (Ctrl-C ends)",
        watched
            .iter()
            .map(|p| p.escaped().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
    while let Ok(message) = rx.recv() {
        let Message::Changed(mut root_touched) = message else {
            break;
        };
        let first_event = Instant::now();
        match settle(&rx, first_event) {
            Settled::Stop => break,
            Settled::Changed(root) => root_touched |= root,
        }
        // A root deleted and made again is another directory (even when the file system gives
        // it the old inode number): watch the new one.
        if root_touched {
            roots.rewatch(&mut watcher);
        }
        session.rebuild_and_report(&a, first_event);
    }
    session.finish();
    eprintln!(
        "qm: watch ended; {} holds the last good build",
        a.out.escaped()
    );
    EXIT_OK
}

/// The paths a watch follows (the data directory, `--templates`, `--scenarios`), each watched
/// recursively, and its parent without recursion, so that a root deleted and made again (a
/// checkout, `rm -r` and a copy) is seen and watched anew.
struct Roots {
    roots: Vec<Root>,
}

struct Root {
    /// As given, for messages.
    given: PathBuf,
    /// Absolute, as events name it.
    path: PathBuf,
}

impl Roots {
    fn new(a: &BuildArgs) -> std::io::Result<Self> {
        let mut given = vec![a.data.data.clone()];
        given.extend(a.templates.clone());
        given.extend(a.data.scenarios.clone());
        let roots = given
            .into_iter()
            .map(|given| {
                let path = std::fs::canonicalize(&given)?;
                Ok(Root { given, path })
            })
            .collect::<std::io::Result<_>>()?;
        Ok(Self { roots })
    }

    /// The absolute paths, for telling which events count.
    fn paths(&self) -> Vec<PathBuf> {
        self.roots.iter().map(|r| r.path.clone()).collect()
    }

    /// The paths as given.
    fn given(&self) -> Vec<&Path> {
        self.roots.iter().map(|r| r.given.as_path()).collect()
    }

    /// Starts watching every root and its parent.
    fn watch(&self, watcher: &mut impl Watcher) -> Result<(), String> {
        for r in &self.roots {
            if let Some(parent) = r.path.parent() {
                watcher
                    .watch(parent, RecursiveMode::NonRecursive)
                    .map_err(|e| format!("failed to watch {} ({e})", parent.escaped()))?;
            }
            watcher
                .watch(&r.path, RecursiveMode::Recursive)
                .map_err(|e| format!("failed to watch {} ({e})", r.given.escaped()))?;
        }
        Ok(())
    }

    /// Watches every root anew: one was made, removed or moved, and a watch follows the
    /// directory it was set on, not its path.
    fn rewatch(&self, watcher: &mut impl Watcher) {
        for r in &self.roots {
            let _ = watcher.unwatch(&r.path);
            if r.path.exists() {
                if let Err(e) = watcher.watch(&r.path, RecursiveMode::Recursive) {
                    eprintln!("qm: failed to watch {} again ({e})", r.given.escaped());
                }
            }
        }
    }
}

/// How a burst of events ended.
enum Settled {
    /// Ctrl-C came (or the watcher is gone).
    Stop,
    /// Quiet again; `true` when an event of the burst was on a root itself.
    Changed(bool),
}

/// Waits for the end of a burst of events that began at `first`.
fn settle(rx: &mpsc::Receiver<Message>, first: Instant) -> Settled {
    let mut root = false;
    loop {
        let left = MAX_SETTLE.saturating_sub(first.elapsed());
        if left.is_zero() {
            return Settled::Changed(root);
        }
        match rx.recv_timeout(QUIET.min(left)) {
            Ok(Message::Stop) => return Settled::Stop,
            Ok(Message::Changed(r)) => root |= r,
            Err(mpsc::RecvTimeoutError::Timeout) => return Settled::Changed(root),
            Err(mpsc::RecvTimeoutError::Disconnected) => return Settled::Stop,
        }
    }
}

/// What a watch keeps between rebuilds: the pieces of the last build and the output it wrote.
pub struct Session {
    cache: RenderCache,
    out: Rewriter,
    wrote_once: bool,
}

/// What one rebuild did.
#[derive(Debug)]
pub enum Rebuilt {
    /// The data (or a template) has errors: printed, the output left as it was.
    Failed,
    /// The output could not be written (printed).
    NotWritten,
    /// The output holds the new build (`changed` empty: it already did).
    Written {
        /// What the write did.
        rewritten: Rewritten,
        /// How many files the build has.
        files: usize,
        /// How many pieces had to be rendered (the others were the last build's).
        made: usize,
    },
}

impl Session {
    /// A session writing to `out` (checked by [`prepare_build`]).
    pub fn new(out: OutputDir) -> Self {
        Self {
            cache: RenderCache::default(),
            out: Rewriter::new(out),
            wrote_once: false,
        }
    }

    /// One build: compiled in full, rendered where its inputs changed, written where its
    /// files changed. Diagnostics and output errors are printed.
    pub fn rebuild(&mut self, a: &BuildArgs) -> Rebuilt {
        let mut timings = Timings::default();
        let Ok((_, artifacts)) = compile_and_render_cached(a, &mut timings, || {}, &mut self.cache)
        else {
            return Rebuilt::Failed;
        };
        let made = self.cache.made;
        let written = timings.time("write", || {
            self.out.write(&artifacts, |lock: &Path| {
                eprintln!(
                    "qm: waiting for lock on {} (another qm is writing {})",
                    lock.escaped(),
                    a.out.escaped()
                );
            })
        });
        if a.timings {
            eprint!("{}", timings.table());
        }
        match written {
            Ok(rewritten) => {
                report_tidied(self.out.out(), &rewritten.tidied);
                Rebuilt::Written {
                    rewritten,
                    files: artifacts.len(),
                    made,
                }
            }
            Err(e) => {
                output_error(&e);
                Rebuilt::NotWritten
            }
        }
    }

    /// [`Session::rebuild`], then a line saying what changed, timed from `since` (the change
    /// that caused it).
    fn rebuild_and_report(&mut self, a: &BuildArgs, since: Instant) {
        let (rewritten, files, made) = match self.rebuild(a) {
            Rebuilt::Written {
                rewritten,
                files,
                made,
            } => (rewritten, files, made),
            Rebuilt::Failed => {
                eprintln!(
                    "qm: {} kept as it was (the last good build)",
                    a.out.escaped()
                );
                return;
            }
            Rebuilt::NotWritten => return,
        };
        let ms = since.elapsed().as_secs_f64() * 1000.0;
        let rendered = format!("{made} piece{} rendered", plural(made));
        if !self.wrote_once {
            self.wrote_once = true;
            println!(
                "qm: wrote {files} files to {} ({rendered}, {ms:.0} ms)",
                a.out.escaped()
            );
        } else if rewritten.changed.is_empty() {
            println!("qm: no file changed ({rendered}, {ms:.0} ms)");
        } else {
            println!(
                "qm: {} ({rendered}, {ms:.0} ms)",
                updated_line(&rewritten.changed)
            );
        }
    }

    /// Ends the session: removes the directory kept for the next write.
    pub fn finish(self) {
        self.out.finish();
    }
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
    fn at_most_eight_changed_files_are_named() {
        let files = ["b.pdf", "gone.png (removed)", "new.svg"].map(String::from);
        assert_eq!(
            updated_line(&files),
            "3 files updated: b.pdf, gone.png (removed), new.svg"
        );
        let many: Vec<String> = (0..10).map(|i| format!("f{i}")).collect();
        assert!(updated_line(&many).ends_with("f7 and 2 more"));
    }
}
