//! Where an output may go: a path resolved to an absolute, symlink-free form and checked against
//! the run's inputs, the current directory and what is already there. Nothing here writes.

use std::ffi::{OsStr, OsString};
use std::fs::{self, Metadata};
use std::io;
use std::path::{Component, Path, PathBuf};

use super::error::{IoStep, OutputError, Overlap, Refusal, Wanted};
use super::identity::{self, metadata, Crossing, Protected};
use super::marker::carries_marker;
pub use super::role::InputRole;

/// A path a run reads, which its output must never replace, delete or mix with.
#[derive(Debug, Clone)]
pub struct Input {
    /// What the path is.
    pub role: InputRole,
    /// The path as given.
    pub path: PathBuf,
}

impl Input {
    /// The input `path` in `role`.
    pub fn new(role: InputRole, path: impl Into<PathBuf>) -> Self {
        Self {
            role,
            path: path.into(),
        }
    }
}

/// An output directory that passed the checks: new, empty, or written by qm before.
#[derive(Debug, Clone)]
pub struct OutputDir {
    /// As given, for messages.
    shown: PathBuf,
    /// Absolute, with every existing ancestor's symlinks resolved.
    path: PathBuf,
    /// The directory holding `path` (also holds the lock and staging directories).
    parent: PathBuf,
    /// The last component of `path`.
    name: OsString,
    /// The inputs and the current directory, resolved once, for the check under the lock.
    guards: Guards,
}

/// A single output file that passed the checks: new, or an existing regular file that is none
/// of the run's inputs.
#[derive(Debug, Clone)]
pub struct OutputFile {
    /// As given, for messages.
    shown: PathBuf,
    /// Absolute, with every existing ancestor's symlinks resolved.
    path: PathBuf,
}

/// The resolved paths an output is compared with.
#[derive(Debug, Clone)]
struct Guards {
    inputs: Vec<(InputRole, PathBuf)>,
    /// The same inputs by identity, with their ancestors: what no tree qm removes may hold.
    protected: Vec<Protected>,
    cwd: PathBuf,
}

impl OutputDir {
    /// Resolves `given` (relative to the current directory) and checks that qm may replace it
    /// as a whole: not a run input, nor inside one or containing one, not the current directory
    /// or a parent of it, not a file or a symlink, and either missing, empty or marked by
    /// [`MARKER`](super::MARKER).
    pub fn check(given: &Path, inputs: &[Input]) -> Result<Self, OutputError> {
        let resolve_err = |e| OutputError::io(given, IoStep::Resolve, given, e);
        let cwd = std::env::current_dir()
            .and_then(fs::canonicalize)
            .map_err(resolve_err)?;
        let inputs: Vec<(InputRole, PathBuf)> = inputs
            .iter()
            .map(|i| Ok((i.role, resolve(&cwd.join(&i.path), true)?)))
            .collect::<io::Result<_>>()
            .map_err(resolve_err)?;
        let protected = inputs
            .iter()
            .map(|(role, path)| identity::protect(*role, path))
            .collect::<io::Result<_>>()
            .map_err(resolve_err)?;
        let guards = Guards {
            inputs,
            protected,
            cwd,
        };
        let path = resolve(&guards.cwd.join(given), false).map_err(resolve_err)?;
        let refused = |why| OutputError::refused(given, why, Wanted::Directory);
        // Only `/` (or a Windows drive root) has no name, and it is a parent of every directory.
        let (Some(parent), Some(name)) = (path.parent(), path.file_name()) else {
            return Err(refused(Refusal::ParentOfCurrentDir));
        };
        let out = Self {
            shown: given.to_path_buf(),
            parent: parent.to_path_buf(),
            name: name.to_os_string(),
            path,
            guards,
        };
        out.recheck()?;
        out.check_lock_path()?;
        Ok(out)
    }

    /// Checks again what [`OutputDir::check`] checked: the writer calls it under the lock,
    /// where what a concurrent or interrupted build left is settled.
    pub(crate) fn recheck(&self) -> Result<(), OutputError> {
        let meta = metadata(&self.path).map_err(|e| self.io(IoStep::Resolve, &self.path, e))?;
        match dir_refusal(&self.path, meta.as_ref(), &self.guards) {
            Ok(None) => Ok(()),
            Ok(Some(why)) => Err(OutputError::refused(&self.shown, why, Wanted::Directory)),
            Err(e) => Err(self.io(IoStep::Resolve, &self.path, e)),
        }
    }

    /// The directory as given on the command line.
    pub fn shown(&self) -> &Path {
        &self.shown
    }

    /// The resolved absolute path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The lock file beside the output, `.<name>.lock`.
    pub(crate) fn lock_path(&self) -> PathBuf {
        let mut name = OsString::from(".");
        name.push(&self.name);
        name.push(".lock");
        self.parent.join(name)
    }

    /// Refuses, before any work, a lock path holding a symlink (dangling or not) or anything
    /// but a regular file: taking the lock checks again on the descriptor it opens.
    fn check_lock_path(&self) -> Result<(), OutputError> {
        let path = self.lock_path();
        let meta = metadata(&path).map_err(|e| self.io(IoStep::Lock, &path, e))?;
        match meta.as_ref().and_then(Refusal::of_file_kind) {
            Some(why) => Err(OutputError::refused(path, why, Wanted::Lock)),
            None => Ok(()),
        }
    }

    /// Where `qm build` keeps its build cache unless told otherwise: `.<name>.cache` beside
    /// the output.
    pub fn default_cache_dir(&self) -> PathBuf {
        let mut name = OsString::from(".");
        name.push(&self.name);
        name.push(".cache");
        self.parent.join(name)
    }

    /// The directory holding the output, its lock and its staging directories.
    pub(crate) fn parent(&self) -> &Path {
        &self.parent
    }

    /// The output directory's own name.
    pub(crate) fn name(&self) -> &OsStr {
        &self.name
    }

    /// The first directory of the tree at `dir` (this output, or a leftover beside it) that
    /// must not be removed with it: a mount point, or an input of the run by identity.
    pub(crate) fn crossing(&self, dir: &Path) -> io::Result<Option<Crossing>> {
        identity::crossing(dir, &self.guards.protected)
    }

    /// An I/O error of `step` at `at`, reported against this output.
    pub(crate) fn io(&self, step: IoStep, at: &Path, e: io::Error) -> OutputError {
        OutputError::io(&self.shown, step, at, e)
    }
}

impl OutputFile {
    /// Resolves `given` and checks that qm may write a file there: not a directory, a symlink
    /// or a special file, not one of `inputs` (also through a hard link) and not inside an
    /// input directory.
    pub fn check(given: &Path, inputs: &[Input]) -> Result<Self, OutputError> {
        let resolve_err = |e| OutputError::io(given, IoStep::Resolve, given, e);
        let cwd = std::env::current_dir().map_err(resolve_err)?;
        let path = resolve(&cwd.join(given), false).map_err(resolve_err)?;
        let why = file_refusal(&path, &cwd, inputs).map_err(resolve_err)?;
        match why {
            Some(why) => Err(OutputError::refused(given, why, Wanted::File)),
            None => Ok(Self {
                shown: given.to_path_buf(),
                path,
            }),
        }
    }

    /// The input file `given` as its own output (`qm export vasl-csv --in-place`, asked for
    /// by name): the file it is, a link followed to the file it leads to (a nation's
    /// `listing.csv` linked to a VASL checkout writes the checkout's file), which must be a
    /// regular file. It is written like any output file: beside its place and renamed over
    /// it, its mode kept.
    pub fn in_place(given: &Path) -> Result<Self, OutputError> {
        let resolve_err = |e| OutputError::io(given, IoStep::Resolve, given, e);
        let path = fs::canonicalize(given).map_err(resolve_err)?;
        let meta = metadata(&path).map_err(resolve_err)?;
        let why = match &meta {
            Some(m) => Refusal::of_file_kind(m),
            None => Some(Refusal::Special),
        };
        match why {
            Some(why) => Err(OutputError::refused(given, why, Wanted::File)),
            None => Ok(Self {
                shown: given.to_path_buf(),
                path,
            }),
        }
    }

    /// The file as given on the command line.
    pub fn shown(&self) -> &Path {
        &self.shown
    }

    /// The resolved absolute path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `bytes` to the file through a temporary sibling and a rename, once more refusing
    /// what took the file's place since [`OutputFile::check`]: a link there is refused, never
    /// followed, and so is anything but a regular file.
    pub fn write(&self, bytes: &[u8]) -> Result<(), OutputError> {
        let io = |e| OutputError::io(&self.shown, IoStep::WriteFile, &self.path, e);
        let meta = metadata(&self.path).map_err(io)?;
        if let Some(why) = meta.as_ref().and_then(Refusal::of_file_kind) {
            return Err(OutputError::refused(&self.shown, why, Wanted::File));
        }
        super::replace_file(&self.path, bytes).map_err(io)
    }
}

/// Why qm may not replace the directory `path` (`meta`: its own metadata, links not followed).
fn dir_refusal(
    path: &Path,
    meta: Option<&Metadata>,
    guards: &Guards,
) -> io::Result<Option<Refusal>> {
    if meta.is_some_and(|m| m.file_type().is_symlink()) {
        return Ok(Some(Refusal::Symlink));
    }
    // The current directory first: "it is the current directory" says more than "it contains
    // the data directory" when both hold.
    if guards.cwd == path || same_file(path, &guards.cwd)? {
        return Ok(Some(Refusal::CurrentDir));
    }
    if guards.cwd.starts_with(path) {
        return Ok(Some(Refusal::ParentOfCurrentDir));
    }
    for (role, input) in &guards.inputs {
        if let Some(overlap) = overlap(path, input)? {
            return Ok(Some(Refusal::Input {
                role: *role,
                overlap,
            }));
        }
    }
    if let Some(why) = identity_refusal(path, meta.is_some(), guards)? {
        return Ok(Some(why));
    }
    let Some(meta) = meta else {
        return Ok(blocked_ancestor(path)?.then_some(Refusal::ParentNotADirectory));
    };
    if meta.is_file() {
        return Ok(Some(Refusal::RegularFile));
    }
    if !meta.is_dir() {
        return Ok(Some(Refusal::Special));
    }
    Ok((!replaceable(path)?).then_some(Refusal::Foreign))
}

/// Overlaps that paths do not show (a bind mount of an input inside the output, or of the
/// output's ancestor inside an input), found by identity.
fn identity_refusal(path: &Path, exists: bool, guards: &Guards) -> io::Result<Option<Refusal>> {
    for p in &guards.protected {
        let Some(input) = p.own else {
            continue;
        };
        for (i, a) in path.ancestors().enumerate() {
            if identity::key(a)? == Some(input) {
                let overlap = if i == 0 { Overlap::Is } else { Overlap::Inside };
                return Ok(Some(Refusal::Input {
                    role: p.role,
                    overlap,
                }));
            }
        }
    }
    if !exists {
        return Ok(None);
    }
    Ok(
        identity::crossing(path, &guards.protected)?.map(|c| match c {
            Crossing::Input(role, _) => Refusal::Input {
                role,
                overlap: Overlap::Contains,
            },
            Crossing::Mount(_) => Refusal::HoldsMount,
        }),
    )
}

/// Why qm may not write the file `path`.
fn file_refusal(path: &Path, cwd: &Path, inputs: &[Input]) -> io::Result<Option<Refusal>> {
    let meta = metadata(path)?;
    if let Some(why) = meta.as_ref().and_then(Refusal::of_file_kind) {
        return Ok(Some(why));
    }
    for input in inputs {
        let resolved = resolve(&cwd.join(&input.path), true)?;
        if let Some(overlap) = overlap(path, &resolved)? {
            return Ok(Some(Refusal::Input {
                role: input.role,
                overlap,
            }));
        }
    }
    if meta.is_none() && blocked_ancestor(path)? {
        return Ok(Some(Refusal::ParentNotADirectory));
    }
    Ok(None)
}

/// How `out` overlaps `input`, both resolved.
fn overlap(out: &Path, input: &Path) -> io::Result<Option<Overlap>> {
    Ok(if out == input || same_file(out, input)? {
        Some(Overlap::Is)
    } else if input.starts_with(out) {
        Some(Overlap::Contains)
    } else if out.starts_with(input) {
        Some(Overlap::Inside)
    } else {
        None
    })
}

/// Whether the nearest existing ancestor of a missing `path` is not a directory.
fn blocked_ancestor(path: &Path) -> io::Result<bool> {
    for a in path.ancestors().skip(1) {
        if let Some(m) = metadata(a)? {
            return Ok(!m.is_dir());
        }
    }
    Ok(false)
}

/// Whether the existing directory `path` is empty or carries qm's marker.
fn replaceable(path: &Path) -> io::Result<bool> {
    let mut entries = fs::read_dir(path)?;
    if entries.next().is_none() {
        return Ok(true);
    }
    carries_marker(path)
}

/// Whether two existing paths are one file (a hard link, a bind mount, another spelling on a
/// case-insensitive file system); `false` when either is missing.
fn same_file(a: &Path, b: &Path) -> io::Result<bool> {
    let a = identity::key(a)?;
    Ok(a.is_some() && a == identity::key(b)?)
}

/// The absolute path `abs` with `.` and `..` applied and every symlink among its existing
/// components resolved, except the last one unless `follow_last`: the output's own symlink must
/// stay visible to be refused. The missing tail is kept as written.
///
/// Components are resolved one at a time so that `..` after a symlink means the parent of its
/// target (as the system reads it), and a missing tail still gets a comparable absolute path.
pub(crate) fn resolve(abs: &Path, follow_last: bool) -> io::Result<PathBuf> {
    let components: Vec<Component> = abs.components().collect();
    let mut cur = PathBuf::new();
    let mut missing = false;
    for (i, c) in components.iter().enumerate() {
        match c {
            Component::Prefix(_) | Component::RootDir => cur.push(c),
            Component::CurDir => {}
            // `cur` holds no symlink, so its lexical parent is its real parent.
            Component::ParentDir => {
                cur.pop();
            }
            Component::Normal(n) => {
                cur.push(n);
                if missing {
                    continue;
                }
                let last = i + 1 == components.len();
                match metadata(&cur)? {
                    None => missing = true,
                    Some(m) if m.file_type().is_symlink() && (!last || follow_last) => {
                        cur = fs::canonicalize(&cur)?;
                    }
                    Some(_) => {}
                }
            }
        }
    }
    Ok(cur)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_dots_symlinks_and_a_missing_tail() {
        let tmp = tempfile::tempdir().unwrap();
        let base = fs::canonicalize(tmp.path()).unwrap();
        fs::create_dir_all(base.join("a/b")).unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(base.join("a/b"), base.join("link")).unwrap();
        let r = |p: &str, follow| resolve(&base.join(p), follow).unwrap();
        assert_eq!(r("a/./b/../new/x/../y", false), base.join("a/new/y"));
        assert_eq!(r("a/b/", false), base.join("a/b"));
        #[cfg(unix)]
        {
            assert_eq!(r("link", false), base.join("link"));
            assert_eq!(r("link", true), base.join("a/b"));
            assert_eq!(r("link/..", false), base.join("a"));
            assert_eq!(r("link/out", false), base.join("a/b/out"));
        }
    }

    #[test]
    fn overlaps_are_by_whole_components() {
        let o = |a: &str, b: &str| overlap(Path::new(a), Path::new(b)).unwrap();
        assert_eq!(o("/w/data", "/w/data"), Some(Overlap::Is));
        assert_eq!(o("/w", "/w/data"), Some(Overlap::Contains));
        assert_eq!(o("/w/data/out", "/w/data"), Some(Overlap::Inside));
        assert_eq!(o("/w/data-out", "/w/data"), None);
    }
}
