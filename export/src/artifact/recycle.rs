//! Repeated replacement of one output directory (`qm watch`), writing only what changed.
//!
//! [`write_atomically`](super::write_atomically) stages every file anew. A watch replaces the
//! same directory again and again, so it keeps the directory its last exchange moved out (the
//! build before, under a `.<name>.new-*` staging name) and, next time, rewrites in it only the
//! files that differ from what it is about to hold, then exchanges it in. The guarantees stay
//! those of a full write: the output is replaced in one exchange under the lock, a failure or
//! a kill leaves the previous output in place, and a kept directory left by a killed watch is
//! a staging leftover the next run removes.
//!
//! A kept directory is used only while both directories are known to be the watch's own: the
//! output still is the directory the watch's last exchange put there (same device and inode)
//! and the kept one is the directory it moved out. Any other writer in between (a `qm build`
//! on the same output) makes the next write a full one.
//!
//! The kept directory was the output, open to anyone for a while: a file in it may have become
//! a symlink to elsewhere, or a hard link shared with a snapshot (`cp -al out snap`). So it is
//! never written through: every file is written beside its place and renamed over it (a new
//! inode, the link replaced rather than followed), links and files qm did not write are
//! removed, and a kept directory holding a mount point or an input of the run is not used.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::error::{IoStep, OutputError};
use super::identity::metadata;
use super::marker::{MARKER, MARKER_TEXT};
use super::swap::{exchange, relative, remove_leftover, stage, swap_in, tidy_locked, Tidied};
use super::target::OutputDir;
use super::{lock, Artifact};

/// A file's identity for telling changed files apart: its length and a hash of its bytes.
type Fingerprint = (usize, u64);

/// A directory's identity: device and inode.
type DirId = super::identity::FileKey;

/// An output directory a watch replaces repeatedly.
pub struct Rewriter {
    out: OutputDir,
    /// What the output holds, as the last write left it.
    current: BTreeMap<String, Fingerprint>,
    /// The directory the last write put in place.
    placed: Option<DirId>,
    /// The directory the last write moved out, kept for the next one.
    spare: Option<Spare>,
}

/// The previous output, moved out by an exchange.
struct Spare {
    path: PathBuf,
    id: DirId,
    /// The paths where it differs from what the output holds (the last write's changes).
    stale: BTreeSet<String>,
}

/// What a write did.
#[derive(Debug, Default)]
pub struct Rewritten {
    /// The files added, changed or removed, in path order (removed ones end with
    /// " (removed)").
    pub changed: Vec<String>,
    /// Leftovers of interrupted builds dealt with.
    pub tidied: Tidied,
    /// How many files were written to disk (all of them, or only the changed ones).
    pub written: usize,
}

impl Rewriter {
    /// A rewriter for `out`; its first write is a full one.
    pub fn new(out: OutputDir) -> Self {
        Self {
            out,
            current: BTreeMap::new(),
            placed: None,
            spare: None,
        }
    }

    /// The output directory.
    pub fn out(&self) -> &OutputDir {
        &self.out
    }

    /// Replaces the output with exactly `artifacts` and the marker, unless nothing differs
    /// from the last write (then nothing is touched and `changed` is empty).
    pub fn write(
        &mut self,
        artifacts: &[Artifact],
        waiting: impl FnOnce(&Path),
    ) -> Result<Rewritten, OutputError> {
        let now: BTreeMap<String, Fingerprint> = artifacts
            .iter()
            .map(|a| (a.path.clone(), fingerprint(&a.bytes)))
            .collect();
        let changed = changed_paths(&self.current, &now);
        if changed.is_empty() && self.placed.is_some() {
            return Ok(Rewritten::default());
        }
        let out = self.out.clone();
        let rels = artifacts
            .iter()
            .map(|a| relative(&out, a))
            .collect::<Result<Vec<_>, _>>()?;
        fs::create_dir_all(out.parent())
            .map_err(|e| out.io(IoStep::CreateParent, out.parent(), e))?;
        let _lock = lock::lock_out(&out, waiting)?;
        let keep = self.spare.as_ref().map(|s| s.path.clone());
        let tidied = tidy_locked(&out, keep.as_deref())?;
        out.recheck()?;
        let ours = self.placed.is_some() && self.placed == dir_id(out.path());
        let written = match self.spare.take() {
            Some(spare) if ours && self.usable(&spare) => {
                self.rewrite(spare, artifacts, &changed)?
            }
            other => {
                if let Some(s) = other {
                    // Not ours any more (or never swapped back): a leftover, removed only
                    // when it is qm's.
                    let _ = remove_leftover(&out, &s.path);
                }
                self.full(artifacts, &rels, ours, &changed)?
            }
        };
        self.current = now;
        Ok(Rewritten {
            changed: changed.into_iter().map(|c| c.shown()).collect(),
            tidied,
            written,
        })
    }

    /// Whether the kept directory is still the one the watch moved out, with nothing mounted
    /// in it and none of the run's inputs inside.
    fn usable(&self, spare: &Spare) -> bool {
        dir_id(&spare.path) == Some(spare.id) && matches!(self.out.crossing(&spare.path), Ok(None))
    }

    /// Brings the kept directory up to date (only the paths it is stale in or that change
    /// now) and exchanges it in.
    fn rewrite(
        &mut self,
        spare: Spare,
        artifacts: &[Artifact],
        changed: &[Change],
    ) -> Result<usize, OutputError> {
        let out = self.out.clone();
        let by_path: BTreeMap<&str, &Artifact> =
            artifacts.iter().map(|a| (a.path.as_str(), a)).collect();
        let mut dirty = spare.stale.clone();
        dirty.extend(changed.iter().map(|c| c.path.clone()));
        let written = match update(&spare.path, &dirty, &by_path) {
            Ok(n) => n,
            Err(e) => {
                // Half brought up to date: of no use any more.
                let _ = remove_leftover(&out, &spare.path);
                return Err(out.io(IoStep::Stage, &spare.path, e));
            }
        };
        match exchange(&spare.path, out.path()) {
            Ok(true) => {}
            Ok(false) | Err(_) => {
                let _ = remove_leftover(&out, &spare.path);
                let e = io::Error::other("the kept directory could not be exchanged in");
                return Err(out.io(IoStep::Swap, out.path(), e));
            }
        }
        let placed = self.placed.take();
        self.placed = Some(spare.id);
        self.spare = placed.map(|id| Spare {
            path: spare.path,
            id,
            stale: changed.iter().map(|c| c.path.clone()).collect(),
        });
        Ok(written)
    }

    /// Stages every file and swaps it in; keeps what the exchange moved out when it was the
    /// watch's own last output (`ours`).
    fn full(
        &mut self,
        artifacts: &[Artifact],
        rels: &[&Path],
        ours: bool,
        changed: &[Change],
    ) -> Result<usize, OutputError> {
        let out = self.out.clone();
        let staging = stage(&out, artifacts, rels)?;
        let new_id = dir_id(staging.path());
        let moved_out = swap_in(&out, staging)?;
        let previous = self.placed.take().filter(|_| ours);
        self.placed = new_id;
        self.spare = match (moved_out, previous) {
            (Some(dir), Some(id)) if dir_id(dir.path()) == Some(id) => Some(Spare {
                path: dir.keep(),
                id,
                stale: changed.iter().map(|c| c.path.clone()).collect(),
            }),
            _ => None,
        };
        Ok(artifacts.len())
    }

    /// Ends the watch: removes the kept directory (under the lock).
    pub fn finish(mut self) {
        if let Some(spare) = self.spare.take() {
            if let Ok(_lock) = lock::lock_out(&self.out, |_| {}) {
                if dir_id(&spare.path) == Some(spare.id) {
                    let _ = remove_leftover(&self.out, &spare.path);
                }
            }
        }
    }
}

/// Brings the kept directory `dir` to hold exactly `by_path` and the marker: first removes
/// what qm did not write there (links, special files, files of no artifact) and marks the
/// files shared with another name as dirty, then writes the `dirty` paths that `by_path` holds
/// (each beside its place and renamed over it) and removes the others; returns how many
/// artifacts were written.
fn update(
    dir: &Path,
    dirty: &BTreeSet<String>,
    by_path: &BTreeMap<&str, &Artifact>,
) -> io::Result<usize> {
    let mut dirty = dirty.clone();
    sweep(dir, "", by_path, &mut dirty)?;
    let mut written = 0;
    for path in &dirty {
        let target = dir.join(path);
        match by_path.get(path.as_str()) {
            Some(a) => {
                replace_file(&target, &a.bytes)?;
                written += 1;
            }
            None => remove_with_empty_parents(dir, &target)?,
        }
    }
    // The marker is rewritten as the artifacts are: it too may have become a link.
    replace_file(&dir.join(MARKER), MARKER_TEXT.as_bytes())?;
    Ok(written)
}

/// Walks the folder `rel` of the kept directory `root` (links never followed): removes every
/// entry that is neither a directory nor a regular file (a symlink, a FIFO, ...) and every
/// regular file that is no artifact, and adds to `dirty` the artifacts so removed and those
/// whose inode another name shares.
fn sweep(
    root: &Path,
    rel: &str,
    by_path: &BTreeMap<&str, &Artifact>,
    dirty: &mut BTreeSet<String>,
) -> io::Result<()> {
    for entry in fs::read_dir(root.join(rel))? {
        let entry = entry?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else {
            // No artifact has such a name: someone else's file.
            fs::remove_file(entry.path()).or_else(|_| fs::remove_dir_all(entry.path()))?;
            continue;
        };
        let path = if rel.is_empty() {
            name.to_string()
        } else {
            format!("{rel}/{name}")
        };
        let kind = entry.file_type()?;
        if kind.is_dir() {
            sweep(root, &path, by_path, dirty)?;
            continue;
        }
        let artifact = by_path.contains_key(path.as_str());
        if kind.is_file() && (artifact || path == MARKER) {
            if shared(&entry.metadata()?) {
                dirty.insert(path);
            }
            continue;
        }
        fs::remove_file(entry.path())?;
        if artifact {
            dirty.insert(path.clone());
        }
        // A link where a folder was: the artifacts below it are to be written anew.
        let below = format!("{path}/");
        dirty.extend(
            by_path
                .range(below.as_str()..)
                .take_while(|(p, _)| p.starts_with(&below))
                .map(|(p, _)| p.to_string()),
        );
    }
    Ok(())
}

/// Whether a regular file has another name (a hard link): writing it in place would change
/// the other too.
#[cfg(unix)]
fn shared(m: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    m.nlink() > 1
}

/// Without link counts every file is replaced by renaming anyway.
#[cfg(not(unix))]
fn shared(_: &fs::Metadata) -> bool {
    false
}

/// Puts `bytes` at `target` as a new file: written beside it and renamed over whatever is
/// there, so a link there is replaced, never followed, and no other name of the old inode
/// changes.
fn replace_file(target: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::io::Write;
    let parent = target
        .parent()
        .ok_or_else(|| io::Error::other("an artifact path has no folder"))?;
    fs::create_dir_all(parent)?;
    if metadata(target)?.is_some_and(|m| m.is_dir()) {
        fs::remove_dir_all(target)?;
    }
    let mut file = tempfile::Builder::new()
        .prefix(".qm-write-")
        .tempfile_in(parent)?;
    file.write_all(bytes)?;
    file.persist(target).map_err(|e| e.error)?;
    Ok(())
}

/// A path whose content differs between two writes.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Change {
    path: String,
    removed: bool,
}

impl Change {
    fn shown(self) -> String {
        if self.removed {
            format!("{} (removed)", self.path)
        } else {
            self.path
        }
    }
}

/// The files added, changed or removed between two writes, in path order.
fn changed_paths(
    before: &BTreeMap<String, Fingerprint>,
    now: &BTreeMap<String, Fingerprint>,
) -> Vec<Change> {
    let mut out: Vec<Change> = now
        .iter()
        .filter(|(path, f)| before.get(*path) != Some(f))
        .map(|(path, _)| Change {
            path: path.clone(),
            removed: false,
        })
        .chain(
            before
                .keys()
                .filter(|path| !now.contains_key(*path))
                .map(|path| Change {
                    path: path.clone(),
                    removed: true,
                }),
        )
        .collect();
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out
}

fn fingerprint(bytes: &[u8]) -> Fingerprint {
    use std::hash::BuildHasher;
    // A fixed seed: the same bytes always hash alike within the run.
    (
        bytes.len(),
        foldhash::fast::FixedState::default().hash_one(bytes),
    )
}

/// Removes `file` and then each parent left empty, up to (not including) `root`.
fn remove_with_empty_parents(root: &Path, file: &Path) -> io::Result<()> {
    match fs::remove_file(file) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    }
    let mut dir = file.parent();
    while let Some(d) = dir.filter(|d| *d != root && d.starts_with(root)) {
        if fs::remove_dir(d).is_err() {
            break;
        }
        dir = d.parent();
    }
    Ok(())
}

/// A directory's identity; `None` for anything else, and where the system has no inode
/// numbers (then no directory is known to be the watch's own: every write is full).
fn dir_id(path: &Path) -> Option<DirId> {
    let is_dir = metadata(path).ok()??.is_dir();
    is_dir
        .then(|| super::identity::key(path).ok().flatten())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::artifact::MARKER;

    fn setup() -> (tempfile::TempDir, Rewriter) {
        let tmp = tempfile::tempdir().unwrap();
        let out = OutputDir::check(&tmp.path().join("out"), &[]).unwrap();
        (tmp, Rewriter::new(out))
    }

    fn write(r: &mut Rewriter, files: &[(&str, &str)]) -> Rewritten {
        let artifacts: Vec<_> = files.iter().map(|(p, b)| Artifact::new(*p, *b)).collect();
        r.write(&artifacts, |_| panic!("no one holds the lock"))
            .unwrap()
    }

    /// Every file under `dir` with its text, sorted by path.
    fn tree(dir: &Path) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            for e in fs::read_dir(&d).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    stack.push(p);
                } else {
                    let rel = p.strip_prefix(dir).unwrap().to_string_lossy().into_owned();
                    out.push((rel, fs::read_to_string(&p).unwrap()));
                }
            }
        }
        out.sort();
        out
    }

    fn expect(r: &Rewriter, files: &[(&str, &str)]) {
        let mut want: Vec<(String, String)> = files
            .iter()
            .map(|(p, b)| (p.to_string(), b.to_string()))
            .collect();
        want.push((
            MARKER.to_string(),
            crate::artifact::marker::MARKER_TEXT.to_string(),
        ));
        want.sort();
        assert_eq!(tree(r.out().path()), want);
    }

    fn siblings(tmp: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(tmp)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[cfg(unix)]
    #[test]
    fn links_and_shared_inodes_in_the_kept_directory_are_replaced_not_written_through() {
        let (tmp, mut r) = setup();
        let victim = tmp.path().join("victim.txt");
        fs::write(&victim, "the user's").unwrap();
        let out = r.out().path().to_path_buf();
        let mut snapshots = Vec::new();
        for n in 0..6 {
            if n % 2 == 1 {
                // A snapshot sharing the output's inodes (`cp -al`).
                let snap = tmp.path().join(format!("snap{n}"));
                fs::create_dir_all(snap.join("n")).unwrap();
                for f in ["a.json", "n/c.png", MARKER] {
                    fs::hard_link(out.join(f), snap.join(f)).unwrap();
                }
                snapshots.push((snap, n - 1));
            } else if n > 0 {
                // Links planted in the output, which the next exchange makes the kept one.
                fs::remove_file(out.join("a.json")).unwrap();
                std::os::unix::fs::symlink(&victim, out.join("a.json")).unwrap();
                fs::remove_dir_all(out.join("n")).unwrap();
                std::os::unix::fs::symlink(tmp.path(), out.join("n")).unwrap();
                fs::write(out.join("stray.txt"), "put here").unwrap();
            }
            let files = [("a.json", format!("{n}")), ("n/c.png", format!("c{n}"))];
            let files: Vec<(&str, &str)> = files.iter().map(|(p, b)| (*p, b.as_str())).collect();
            write(&mut r, &files);
            expect(&r, &files);
            assert_eq!(
                fs::read_to_string(&victim).unwrap(),
                "the user's",
                "write {n}"
            );
            assert!(!tmp.path().join("c.png").exists(), "write {n}");
        }
        for (snap, n) in snapshots {
            assert_eq!(
                fs::read_to_string(snap.join("a.json")).unwrap(),
                n.to_string()
            );
            assert_eq!(
                fs::read_to_string(snap.join("n/c.png")).unwrap(),
                format!("c{n}")
            );
        }
    }

    #[test]
    fn each_write_leaves_exactly_its_files_rewriting_only_changes() {
        let (tmp, mut r) = setup();
        let builds: [&[(&str, &str)]; 5] = [
            &[("a.json", "1"), ("n/c.png", "c"), ("n/d.svg", "d")],
            &[("a.json", "2"), ("n/c.png", "c"), ("n/d.svg", "d")],
            &[("a.json", "3"), ("n/c.png", "c")],
            &[("a.json", "3"), ("m/e.pdf", "e")],
            &[("a.json", "4"), ("m/e.pdf", "e"), ("n/d.svg", "d2")],
        ];
        let mut written = Vec::new();
        for files in builds {
            let w = write(&mut r, files);
            expect(&r, files);
            written.push(w.written);
        }
        // Two full writes (nothing of the watch's own to keep before), then only changes:
        // the third rewrites what changed since the first (a.json), the fourth since the
        // second (a.json, the new m/e.pdf).
        assert_eq!(&written[..2], [3, 3]);
        assert_eq!(written[2], 1);
        assert_eq!(written[3], 2);
        let names = siblings(tmp.path());
        assert_eq!(
            names.len(),
            3,
            "{names:?}: out, the lock, the kept directory"
        );
        r.finish();
        assert_eq!(siblings(tmp.path()), [".out.lock", "out"]);
    }

    #[test]
    fn an_unchanged_build_writes_nothing_and_changes_are_listed() {
        let (_tmp, mut r) = setup();
        write(&mut r, &[("a", "1"), ("b", "1"), ("gone", "1")]);
        assert!(write(&mut r, &[("a", "1"), ("b", "1"), ("gone", "1")])
            .changed
            .is_empty());
        let w = write(&mut r, &[("a", "1"), ("b", "2"), ("new", "1")]);
        assert_eq!(w.changed, ["b", "gone (removed)", "new"]);
    }

    #[test]
    fn another_writer_in_between_makes_the_next_write_full() {
        let (tmp, mut r) = setup();
        write(&mut r, &[("a", "1")]);
        write(&mut r, &[("a", "2")]);
        // A `qm build` on the same output: its own full write, its tidying of leftovers.
        let out = OutputDir::check(&tmp.path().join("out"), &[]).unwrap();
        crate::artifact::write_atomically(&out, &[Artifact::new("other", "x")], |_| {}).unwrap();
        let w = write(&mut r, &[("a", "3"), ("b", "1")]);
        assert_eq!(w.written, 2, "a full write");
        expect(&r, &[("a", "3"), ("b", "1")]);
        write(&mut r, &[("a", "4"), ("b", "1")]);
        expect(&r, &[("a", "4"), ("b", "1")]);
    }

    #[test]
    fn removed_files_take_their_empty_folders_with_them() {
        let (_tmp, mut r) = setup();
        for _ in 0..2 {
            write(&mut r, &[("a", "1"), ("deep/er/f", "1")]);
            write(&mut r, &[("a", "2")]);
        }
        expect(&r, &[("a", "2")]);
        assert!(!r.out().path().join("deep").exists());
    }
}
