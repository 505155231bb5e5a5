//! Replacing an output directory: lock, tidy what interrupted builds left, stage beside the
//! output, swap in one step.
//!
//! Beside `<parent>/<name>` live `.<name>.lock` (kept), `.<name>.new-*` (a staging directory;
//! after an exchange, the previous output on its way out) and `.<name>.old-*` (the previous
//! output moved aside by the two-rename fallback). Whoever holds the lock is the only writer,
//! so any staging or moved-aside directory found under it belongs to a dead process — when it
//! is qm's at all: a directory by such a name is touched only when it carries qm's marker
//! (written first into every staging directory) and holds no mount point and none of the run's
//! inputs; anything else is someone's data and stays where it is.

use std::collections::BTreeSet;
use std::ffi::{OsStr, OsString};
use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

use rayon::prelude::*;
use tempfile::TempDir;

use super::error::{IoStep, OutputError, OutputErrorKind};
use super::identity::metadata;
use super::lock::{self, OutputLock};
use super::marker::{carries_marker, MARKER, MARKER_TEXT};
use super::target::OutputDir;
use super::Artifact;

/// What was left by interrupted builds and has been dealt with.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Tidied {
    /// A previous output an interrupted build had moved aside, put back in place.
    pub restored: Option<PathBuf>,
    /// Staging and moved-aside directories of interrupted builds, removed.
    pub removed: Vec<PathBuf>,
    /// Directories named like leftovers that are not qm's (no marker, or holding a mount point
    /// or an input of the run): left untouched.
    pub foreign: Vec<PathBuf>,
}

/// How the new output is moved into place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Swap {
    /// One atomic exchange where the system has it, else [`Swap::TwoStep`].
    Exchange,
    /// Move the old output aside, move the new one in: a window a later run recovers from.
    #[cfg_attr(
        not(test),
        expect(
            dead_code,
            reason = "builds ask for the exchange and fall back by themselves; tests force this"
        )
    )]
    TwoStep,
}

/// Replaces `out` with a directory holding exactly `artifacts` and the [`MARKER`].
///
/// Takes the lock beside `out` (calling `waiting` once with its path when another qm holds it),
/// tidies what interrupted builds left, checks `out` again, writes everything into a staging
/// directory beside it and swaps that in. A failure at any point leaves the previous output in
/// place (or, after a kill between the fallback's two renames, beside it for the next run to
/// put back).
pub fn write_atomically(
    out: &OutputDir,
    artifacts: &[Artifact],
    waiting: impl FnOnce(&Path),
) -> Result<Tidied, OutputError> {
    write_with(out, artifacts, waiting, Swap::Exchange)
}

/// [`write_atomically`] with the swap chosen (tests drive both).
pub(crate) fn write_with(
    out: &OutputDir,
    artifacts: &[Artifact],
    waiting: impl FnOnce(&Path),
    how: Swap,
) -> Result<Tidied, OutputError> {
    let rels = artifacts
        .iter()
        .map(|a| relative(out, a))
        .collect::<Result<Vec<_>, _>>()?;
    fs::create_dir_all(out.parent()).map_err(|e| out.io(IoStep::CreateParent, out.parent(), e))?;
    let _lock = lock::lock_out(out, waiting)?;
    let tidied = tidy_locked(out, None)?;
    out.recheck()?;
    let staging = stage(out, artifacts, &rels)?;
    // Dropping what the swap moved out removes the previous output. Should the removal fail,
    // the next run removes the leftover.
    drop(swap_in_with(out, staging, how)?);
    Ok(tidied)
}

/// Puts back an output an interrupted build moved aside and removes its staging directories,
/// when there are any and no other qm is writing there (that one will tidy itself). Called
/// before a long compile so that a build which then fails still leaves the output in place.
pub fn tidy_interrupted(out: &OutputDir) -> Result<Tidied, OutputError> {
    let found = leftovers(out).map_err(|e| out.io(IoStep::Tidy, out.parent(), e))?;
    if found.is_empty() {
        return Ok(Tidied::default());
    }
    let lock: Option<OutputLock> = lock::try_lock_out(out)?;
    match lock {
        Some(_held) => tidy_locked(out, None),
        None => Ok(Tidied::default()),
    }
}

/// Under the lock: restores the newest moved-aside output when `out` is missing, then removes
/// every other leftover but `keep` (a watch's kept directory, see [`super::recycle`]). Only
/// qm's own leftovers are touched ([`ours`]); the others are listed in [`Tidied::foreign`].
pub(super) fn tidy_locked(out: &OutputDir, keep: Option<&Path>) -> Result<Tidied, OutputError> {
    let tidy_err = |at: &Path, e| out.io(IoStep::Tidy, at, e);
    let found = leftovers(out).map_err(|e| tidy_err(out.parent(), e))?;
    let mut tidied = Tidied::default();
    let mut sort = |dirs: Vec<PathBuf>| -> Result<Vec<PathBuf>, OutputError> {
        let mut mine = Vec::new();
        for dir in dirs {
            if keep == Some(dir.as_path()) {
                continue;
            }
            if ours(out, &dir).map_err(|e| tidy_err(&dir, e))? {
                mine.push(dir);
            } else {
                tidied.foreign.push(dir);
            }
        }
        Ok(mine)
    };
    let old = sort(found.old)?;
    let new = sort(found.new)?;
    let missing = metadata(out.path())
        .map_err(|e| tidy_err(out.path(), e))?
        .is_none();
    if missing {
        if let Some(newest) = newest(&old).map_err(|e| tidy_err(out.parent(), e))? {
            fs::rename(&newest, out.path()).map_err(|e| tidy_err(&newest, e))?;
            tidied.restored = Some(newest);
        }
    }
    for dir in new.iter().chain(&old) {
        if tidied.restored.as_ref() == Some(dir) {
            continue;
        }
        fs::remove_dir_all(dir).map_err(|e| tidy_err(dir, e))?;
        tidied.removed.push(dir.clone());
    }
    tidied.foreign.sort();
    Ok(tidied)
}

/// Removes the leftover `dir` when it is qm's ([`ours`]); `false` when it was left alone.
pub(super) fn remove_leftover(out: &OutputDir, dir: &Path) -> io::Result<bool> {
    if !ours(out, dir)? {
        return Ok(false);
    }
    fs::remove_dir_all(dir)?;
    Ok(true)
}

/// Whether the leftover `dir` is qm's to remove or put back: it carries the marker (or is
/// empty: a staging directory killed before its marker was written holds nothing), and holds
/// no mount point and none of the run's inputs.
fn ours(out: &OutputDir, dir: &Path) -> io::Result<bool> {
    let marked = carries_marker(dir)? || fs::read_dir(dir)?.next().is_none();
    Ok(marked && out.crossing(dir)?.is_none())
}

/// The staging (`new`) and moved-aside (`old`) directories beside `out`.
#[derive(Debug, Default)]
struct Leftovers {
    new: Vec<PathBuf>,
    old: Vec<PathBuf>,
}

impl Leftovers {
    fn is_empty(&self) -> bool {
        self.new.is_empty() && self.old.is_empty()
    }
}

fn leftovers(out: &OutputDir) -> io::Result<Leftovers> {
    let mut found = Leftovers::default();
    let entries = match fs::read_dir(out.parent()) {
        Ok(e) => e,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(found),
        Err(e) => return Err(e),
    };
    let new = sibling_name(out.name(), "new-");
    let old = sibling_name(out.name(), "old-");
    for entry in entries {
        let entry = entry?;
        let name = entry.file_name();
        let list = if starts_with(&name, &new) {
            &mut found.new
        } else if starts_with(&name, &old) {
            &mut found.old
        } else {
            continue;
        };
        // Only directories: qm never makes a file or a symlink by these names.
        if entry.file_type()?.is_dir() {
            list.push(entry.path());
        }
    }
    found.new.sort();
    found.old.sort();
    Ok(found)
}

/// The most recently modified of `dirs` (the last output moved aside).
fn newest(dirs: &[PathBuf]) -> io::Result<Option<PathBuf>> {
    let mut best: Option<(std::time::SystemTime, &PathBuf)> = None;
    for d in dirs {
        let t = fs::symlink_metadata(d)?.modified()?;
        if best.is_none_or(|(bt, bd)| (t, d) > (bt, bd)) {
            best = Some((t, d));
        }
    }
    Ok(best.map(|(_, d)| d.clone()))
}

/// Writes the marker and every artifact into a new staging directory beside `out`; the
/// directory is removed again when dropped before the swap.
pub(super) fn stage(
    out: &OutputDir,
    artifacts: &[Artifact],
    rels: &[&Path],
) -> Result<TempDir, OutputError> {
    stage_reusing(out, artifacts, rels, &|_, _| false)
}

/// [`stage`], placing each artifact with `reuse` first (its index and its path in the staging
/// directory): a file `reuse` placed there (true) is not written.
pub(super) fn stage_reusing(
    out: &OutputDir,
    artifacts: &[Artifact],
    rels: &[&Path],
    reuse: &(dyn Fn(usize, &Path) -> bool + Sync),
) -> Result<TempDir, OutputError> {
    let staging = tempfile::Builder::new()
        .prefix(&sibling_name(out.name(), "new-"))
        .tempdir_in(out.parent())
        .map_err(|e| out.io(IoStep::Stage, out.parent(), e))?;
    let marker = staging.path().join(MARKER);
    fs::write(&marker, MARKER_TEXT.as_bytes()).map_err(|e| out.io(IoStep::Stage, &marker, e))?;
    // The folders first, each once; then the files on all cores: creating a file waits on the
    // file system (half a millisecond each on the ext4 measured), and those waits overlap.
    let folders: BTreeSet<&Path> = rels.iter().filter_map(|rel| rel.parent()).collect();
    for folder in folders {
        let path = staging.path().join(folder);
        fs::create_dir_all(&path).map_err(|e| out.io(IoStep::Stage, &path, e))?;
    }
    artifacts
        .par_iter()
        .zip(rels.par_iter())
        .enumerate()
        .try_for_each(|(i, (a, rel))| {
            let path = staging.path().join(rel);
            if reuse(i, &path) {
                return Ok(());
            }
            // A new file: never through whatever a failed `reuse` may have left there.
            write_new(&path, &a.bytes).map_err(|e| out.io(IoStep::Stage, &path, e))
        })?;
    Ok(staging)
}

/// Writes `bytes` into a file made at `path`, failing when something is there already.
fn write_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut f = fs::File::options()
        .write(true)
        .create_new(true)
        .open(path)?;
    io::Write::write_all(&mut f, bytes)
}

/// Moves the staged output into place; after an exchange, returns the staging directory,
/// which now holds the previous output (dropping it removes that).
pub(super) fn swap_in(out: &OutputDir, staging: TempDir) -> Result<Option<TempDir>, OutputError> {
    swap_in_with(out, staging, Swap::Exchange)
}

fn swap_in_with(
    out: &OutputDir,
    staging: TempDir,
    how: Swap,
) -> Result<Option<TempDir>, OutputError> {
    let swap_err = |e| out.io(IoStep::Swap, out.path(), e);
    if metadata(out.path()).map_err(swap_err)?.is_none() {
        fs::rename(staging.path(), out.path()).map_err(swap_err)?;
        // The staging path is gone: nothing for the TempDir to remove.
        let _ = staging.keep();
        return Ok(None);
    }
    if how == Swap::Exchange && exchange(staging.path(), out.path()).map_err(swap_err)? {
        return Ok(Some(staging));
    }
    let aside = move_aside(out)?;
    move_in(out, staging, &aside)?;
    Ok(None)
}

/// The fallback's first rename: the previous output to `.<name>.old-*`.
pub(crate) fn move_aside(out: &OutputDir) -> Result<PathBuf, OutputError> {
    let swap_err = |e| out.io(IoStep::Swap, out.path(), e);
    // A fresh unique name; the directory tempfile makes for it goes again at once, as some
    // systems do not rename onto an existing directory. Holding the lock, no one takes it.
    let aside = tempfile::Builder::new()
        .prefix(&sibling_name(out.name(), "old-"))
        .tempdir_in(out.parent())
        .map_err(swap_err)?
        .keep();
    fs::remove_dir(&aside).map_err(swap_err)?;
    fs::rename(out.path(), &aside).map_err(swap_err)?;
    Ok(aside)
}

/// The fallback's second rename: the staged output in, the previous one removed. A kill
/// between the two renames leaves only `aside`, which the next run puts back.
fn move_in(out: &OutputDir, staging: TempDir, aside: &Path) -> Result<(), OutputError> {
    if let Err(e) = fs::rename(staging.path(), out.path()) {
        // Should this fail too, the next run puts `aside` back.
        let _ = fs::rename(aside, out.path());
        return Err(out.io(IoStep::Swap, out.path(), e));
    }
    // The new output is in place; a leftover is removed by the next run.
    let _ = fs::remove_dir_all(aside);
    Ok(())
}

/// Exchanges two directories in one step; `false` when the system or file system cannot.
#[cfg(any(target_os = "linux", target_os = "android", target_os = "macos"))]
pub(super) fn exchange(a: &Path, b: &Path) -> io::Result<bool> {
    use rustix::fs::{renameat_with, RenameFlags, CWD};
    use rustix::io::Errno;

    match renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE) {
        Ok(()) => Ok(true),
        // Old kernels (ENOSYS) and file systems without exchange (EINVAL, EOPNOTSUPP).
        Err(e) if e == Errno::NOSYS || e == Errno::INVAL || e == Errno::OPNOTSUPP => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// Exchanges two directories in one step; never available here.
#[cfg(not(any(target_os = "linux", target_os = "android", target_os = "macos")))]
pub(super) fn exchange(_a: &Path, _b: &Path) -> io::Result<bool> {
    Ok(false)
}

/// `artifact`'s path, checked to stay inside the output and off the marker.
pub(super) fn relative<'a>(
    out: &OutputDir,
    artifact: &'a Artifact,
) -> Result<&'a Path, OutputError> {
    let rel = Path::new(&artifact.path);
    let inside = !rel.as_os_str().is_empty()
        && rel.components().all(|c| matches!(c, Component::Normal(_)))
        && rel != Path::new(MARKER);
    if inside {
        Ok(rel)
    } else {
        Err(OutputError {
            path: out.shown().to_path_buf(),
            kind: OutputErrorKind::BadArtifactPath(artifact.path.clone()),
        })
    }
}

/// `.<name>.<what>`.
fn sibling_name(name: &OsStr, what: &str) -> OsString {
    let mut s = OsString::from(".");
    s.push(name);
    s.push(".");
    s.push(what);
    s
}

fn starts_with(name: &OsStr, prefix: &OsStr) -> bool {
    name.as_encoded_bytes()
        .starts_with(prefix.as_encoded_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::artifact::{Refusal, MARKER};

    /// A temporary parent and a checked `out` inside it.
    fn setup() -> (TempDir, OutputDir) {
        let tmp = tempfile::tempdir().unwrap();
        let out = OutputDir::check(&tmp.path().join("out"), &[]).unwrap();
        (tmp, out)
    }

    fn write(out: &OutputDir, how: Swap, files: &[(&str, &str)]) -> Tidied {
        let artifacts: Vec<_> = files.iter().map(|(p, b)| Artifact::new(*p, *b)).collect();
        write_with(out, &artifacts, |_| panic!("no one holds the lock"), how).unwrap()
    }

    /// The names in `dir`, sorted.
    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<_> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn both_swaps_replace_the_whole_directory_and_leave_only_the_lock() {
        for how in [Swap::Exchange, Swap::TwoStep] {
            let (tmp, out) = setup();
            write(&out, how, &[("stale.txt", "x")]);
            write(&out, how, &[("a/b.json", "{}")]);
            assert_eq!(names(out.path()), [MARKER, "a"], "{how:?}");
            assert_eq!(
                fs::read_to_string(out.path().join("a/b.json")).unwrap(),
                "{}"
            );
            assert_eq!(names(tmp.path()), [".out.lock", "out"], "{how:?}");
        }
    }

    #[test]
    fn a_bad_artifact_path_leaves_the_old_output() {
        let (_tmp, out) = setup();
        write(&out, Swap::Exchange, &[("keep.txt", "x")]);
        for bad in ["../evil", "/abs", "", MARKER] {
            let r = write_with(&out, &[Artifact::new(bad, "x")], |_| {}, Swap::Exchange);
            assert!(
                matches!(
                    r,
                    Err(OutputError {
                        kind: OutputErrorKind::BadArtifactPath(_),
                        ..
                    })
                ),
                "{bad:?}"
            );
        }
        assert!(out.path().join("keep.txt").exists());
    }

    #[test]
    fn staging_left_by_a_killed_run_is_removed() {
        let (tmp, out) = setup();
        write(&out, Swap::Exchange, &[("a.txt", "1")]);
        let stale = tmp.path().join(".out.new-killed");
        fs::create_dir_all(stale.join("half")).unwrap();
        fs::write(stale.join(MARKER), MARKER_TEXT).unwrap();
        let other = tmp.path().join(".other.new-x");
        fs::create_dir_all(&other).unwrap();
        // Named like staging, not made by qm: no marker.
        let users = tmp.path().join(".out.new-mine");
        fs::create_dir_all(users.join("half")).unwrap();
        let tidied = write(&out, Swap::Exchange, &[("a.txt", "2")]);
        assert_eq!(tidied.removed, std::slice::from_ref(&stale));
        assert_eq!(tidied.foreign, std::slice::from_ref(&users));
        assert!(!stale.exists());
        assert!(other.exists(), "another output's staging is not ours");
        assert!(
            users.join("half").exists(),
            "a folder without the marker is not ours"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_marker_that_is_a_link_is_not_qms() {
        let (tmp, out) = setup();
        write(&out, Swap::Exchange, &[("a.txt", "1")]);
        let users = tmp.path().join(".out.old-mine");
        fs::create_dir_all(&users).unwrap();
        std::os::unix::fs::symlink(out.path().join(MARKER), users.join(MARKER)).unwrap();
        let tidied = write(&out, Swap::Exchange, &[("a.txt", "2")]);
        assert_eq!(tidied.foreign, std::slice::from_ref(&users));
        assert!(users.exists());
    }

    #[test]
    fn a_kill_between_the_two_renames_is_put_back_by_the_next_run() {
        let (tmp, out) = setup();
        write(&out, Swap::TwoStep, &[("a.txt", "previous")]);
        let aside = move_aside(&out).unwrap();
        // The process dies here: the output is only beside its place.
        assert!(!out.path().exists());
        let tidied = tidy_interrupted(&out).unwrap();
        assert_eq!(tidied.restored, Some(aside));
        assert_eq!(
            fs::read_to_string(out.path().join("a.txt")).unwrap(),
            "previous"
        );
        assert_eq!(names(tmp.path()), [".out.lock", "out"]);
    }

    #[test]
    fn the_newest_moved_aside_output_is_restored() {
        let (tmp, out) = setup();
        for (name, text) in [(".out.old-a", "older"), (".out.old-b", "newer")] {
            fs::create_dir(tmp.path().join(name)).unwrap();
            fs::write(tmp.path().join(name).join(MARKER), text).unwrap();
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let tidied = tidy_interrupted(&out).unwrap();
        assert_eq!(tidied.restored, Some(tmp.path().join(".out.old-b")));
        assert_eq!(tidied.removed, [tmp.path().join(".out.old-a")]);
        assert_eq!(
            fs::read_to_string(out.path().join(MARKER)).unwrap(),
            "newer"
        );
    }

    #[test]
    fn a_second_writer_waits_for_the_lock() {
        let (tmp, out) = setup();
        let held = lock::lock_out(&out, |_| panic!("free")).unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let writer = std::thread::spawn({
            let out = out.clone();
            move || {
                let artifacts = [Artifact::new("a.txt", "x")];
                write_with(
                    &out,
                    &artifacts,
                    |p| tx.send(p.to_path_buf()).unwrap(),
                    Swap::Exchange,
                )
            }
        });
        let waited_on = rx.recv().unwrap();
        assert_eq!(waited_on, tmp.path().join(".out.lock"));
        assert!(
            !out.path().exists(),
            "nothing is written while the lock is held"
        );
        drop(held);
        writer.join().unwrap().unwrap();
        assert!(out.path().join("a.txt").exists());
    }

    #[test]
    fn a_directory_filled_by_someone_else_meanwhile_is_refused_under_the_lock() {
        let (_tmp, out) = setup();
        fs::create_dir(out.path()).unwrap();
        fs::write(out.path().join("thesis.tex"), "years of work").unwrap();
        let r = write_with(&out, &[Artifact::new("a", "x")], |_| {}, Swap::Exchange);
        assert_eq!(r.unwrap_err().refusal(), Some(Refusal::Foreign));
        assert_eq!(
            fs::read_to_string(out.path().join("thesis.tex")).unwrap(),
            "years of work"
        );
    }

    #[test]
    fn an_exchange_swaps_both_trees_or_reports_it_cannot() {
        let tmp = tempfile::tempdir().unwrap();
        let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
        for (d, f) in [(&a, "from-a"), (&b, "from-b")] {
            fs::create_dir(d).unwrap();
            fs::write(d.join(f), "").unwrap();
        }
        if exchange(&a, &b).unwrap() {
            assert_eq!(names(&a), ["from-b"]);
            assert_eq!(names(&b), ["from-a"]);
        } else {
            assert_eq!(names(&a), ["from-a"], "a refused exchange changes nothing");
        }
    }
}
