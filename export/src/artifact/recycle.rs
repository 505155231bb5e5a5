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

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::error::{IoStep, OutputError};
use super::swap::{exchange, relative, sibling, stage, swap_in, tidy_locked, Tidied};
use super::target::{metadata, OutputDir};
use super::{lock, Artifact};

/// A file's identity for telling changed files apart: its length and a hash of its bytes.
type Fingerprint = (usize, u64);

/// A directory's identity: device and inode.
type DirId = (u64, u64);

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
        let lock_path = sibling(&out, "lock");
        let _lock =
            lock::acquire(&lock_path, waiting).map_err(|e| out.io(IoStep::Lock, &lock_path, e))?;
        let keep = self.spare.as_ref().map(|s| s.path.clone());
        let tidied = tidy_locked(&out, keep.as_deref())?;
        out.recheck()?;
        let ours = self.placed.is_some() && self.placed == dir_id(out.path());
        let written = match self.spare.take() {
            Some(spare) if ours && dir_id(&spare.path) == Some(spare.id) => {
                self.rewrite(spare, artifacts, &changed)?
            }
            other => {
                if let Some(s) = other {
                    // Not ours any more (or never swapped back): a leftover.
                    let _ = fs::remove_dir_all(&s.path);
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
                let _ = fs::remove_dir_all(&spare.path);
                return Err(out.io(IoStep::Stage, &spare.path, e));
            }
        };
        match exchange(&spare.path, out.path()) {
            Ok(true) => {}
            Ok(false) | Err(_) => {
                let _ = fs::remove_dir_all(&spare.path);
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
            let lock_path = sibling(&self.out, "lock");
            if let Ok(_lock) = lock::acquire(&lock_path, |_| {}) {
                if dir_id(&spare.path) == Some(spare.id) {
                    let _ = fs::remove_dir_all(&spare.path);
                }
            }
        }
    }
}

/// Writes the `dirty` paths that `by_path` holds into `dir` and removes the others; returns
/// how many files were written.
fn update(
    dir: &Path,
    dirty: &BTreeSet<String>,
    by_path: &BTreeMap<&str, &Artifact>,
) -> io::Result<usize> {
    let mut written = 0;
    for path in dirty {
        let target = dir.join(path);
        match by_path.get(path.as_str()) {
            Some(a) => {
                if let Some(parent) = target.parent() {
                    fs::create_dir_all(parent)?;
                }
                fs::write(&target, &a.bytes)?;
                written += 1;
            }
            None => remove_with_empty_parents(dir, &target)?,
        }
    }
    Ok(written)
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

#[cfg(unix)]
fn dir_id(path: &Path) -> Option<DirId> {
    use std::os::unix::fs::MetadataExt;
    let m = metadata(path).ok()??;
    m.is_dir().then(|| (m.dev(), m.ino()))
}

/// Without inode numbers no directory is known to be the watch's own: every write is full.
#[cfg(not(unix))]
fn dir_id(_: &Path) -> Option<DirId> {
    None
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
            crate::artifact::target::MARKER_TEXT.to_string(),
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
