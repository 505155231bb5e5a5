//! Files by identity (device and inode), not by path: what a tree qm replaces or removes may
//! hold that its path does not show — a bind mount of the data directory, another file system
//! mounted inside it.
//!
//! qm removes whole trees (the previous output, staging leftovers). Such a removal descends into
//! whatever is mounted inside, so before it, the tree is walked once (directories only, links
//! never followed) and refused when a directory in it is a mount point or is one of the run's
//! inputs or an ancestor of one (a bind mount: the same directory under another path).

use std::fs::{self, Metadata};
use std::io;
use std::path::{Path, PathBuf};

use super::role::InputRole;

/// `path`'s own metadata (a symlink is not followed), or `None` when nothing is there (also
/// when a part of the path is a file: `target::blocked_ancestor` tells that case).
pub(crate) fn metadata(path: &Path) -> io::Result<Option<Metadata>> {
    match fs::symlink_metadata(path) {
        Ok(m) => Ok(Some(m)),
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
            ) =>
        {
            Ok(None)
        }
        Err(e) => Err(e),
    }
}

/// A file's identity: its device and inode.
pub(crate) type FileKey = (u64, u64);

/// An input of the run by identity, with each existing ancestor's.
#[derive(Debug, Clone)]
pub(crate) struct Protected {
    /// What the input is.
    pub role: InputRole,
    /// The input's own key; `None` when it does not exist (yet).
    pub own: Option<FileKey>,
    /// The keys of the input (when it exists) and of its existing ancestors, up to the root.
    pub keys: Vec<FileKey>,
}

/// Why a tree may not be removed or replaced as a whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Crossing {
    /// A directory in it is the root of a mount (or on another device).
    Mount(PathBuf),
    /// A directory in it is an input of the run, or holds one (by identity).
    Input(InputRole, PathBuf),
}

/// `path`'s own key (a symlink's, not its target's); `None` when nothing is there, and
/// always where the system has no inode numbers (then no two paths are known to be one file).
pub(crate) fn key(path: &Path) -> io::Result<Option<FileKey>> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Ok(metadata(path)?.map(|m| (m.dev(), m.ino())))
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        Ok(None)
    }
}

/// The keys of the existing `path` (resolved, absolute) and of its ancestors.
pub(crate) fn protect(role: InputRole, path: &Path) -> io::Result<Protected> {
    let own = key(path)?;
    let mut keys = Vec::new();
    for a in path.ancestors() {
        if let Some(k) = key(a)? {
            keys.push(k);
        }
    }
    Ok(Protected { role, own, keys })
}

/// The first directory of the tree at `root` that must not be removed with it: a mount point,
/// or a directory that is (or holds) one of `inputs`. `root` itself is compared with the
/// inputs, not with the mounts (an output may be on any file system).
pub(crate) fn crossing(root: &Path, inputs: &[Protected]) -> io::Result<Option<Crossing>> {
    if !metadata(root)?.is_some_and(|m| m.is_dir()) {
        return Ok(None);
    }
    if let Some(hit) = protected_by(root, inputs)? {
        return Ok(Some(hit));
    }
    let device = key(root)?.map(|(dev, _)| dev);
    let mut todo = vec![root.to_path_buf()];
    while let Some(dir) = todo.pop() {
        for entry in fs::read_dir(&dir)? {
            let entry = entry?;
            // `file_type` does not follow a symlink: a link to a directory is a file here.
            if !entry.file_type()?.is_dir() {
                continue;
            }
            let path = entry.path();
            // An input first: "it contains the data directory" says more than "a mount".
            if let Some(hit) = protected_by(&path, inputs)? {
                return Ok(Some(hit));
            }
            if is_mount(&path, device)? {
                return Ok(Some(Crossing::Mount(path)));
            }
            todo.push(path);
        }
    }
    Ok(None)
}

/// Whether `dir` is one of `inputs` or an ancestor of one, by identity.
fn protected_by(dir: &Path, inputs: &[Protected]) -> io::Result<Option<Crossing>> {
    let Some(k) = key(dir)? else {
        return Ok(None);
    };
    Ok(inputs
        .iter()
        .find(|p| p.keys.contains(&k))
        .map(|p| Crossing::Input(p.role, dir.to_path_buf())))
}

/// Whether the directory `path` is on another device than `device`, or the root of a mount
/// (a bind mount of the same file system keeps the device: only `statx` tells it).
fn is_mount(path: &Path, device: Option<u64>) -> io::Result<bool> {
    let moved = match (key(path)?, device) {
        (Some((dev, _)), Some(root)) => dev != root,
        _ => false,
    };
    Ok(moved || mount_root(path)?)
}

#[cfg(any(target_os = "linux", target_os = "android"))]
fn mount_root(path: &Path) -> io::Result<bool> {
    use rustix::fs::{statx, AtFlags, StatxAttributes, StatxFlags, CWD};
    match statx(
        CWD,
        path,
        AtFlags::SYMLINK_NOFOLLOW,
        StatxFlags::BASIC_STATS,
    ) {
        Ok(s) => Ok(s.stx_attributes_mask.contains(StatxAttributes::MOUNT_ROOT)
            && s.stx_attributes.contains(StatxAttributes::MOUNT_ROOT)),
        // Kernels before statx: the device comparison is all there is.
        Err(rustix::io::Errno::NOSYS) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// Elsewhere a bind mount of the same file system is not told apart.
#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn mount_root(_: &Path) -> io::Result<bool> {
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tree_holding_an_input_by_another_path_is_found() {
        let tmp = tempfile::tempdir().unwrap();
        let base = fs::canonicalize(tmp.path()).unwrap();
        fs::create_dir_all(base.join("out/a/b")).unwrap();
        fs::create_dir_all(base.join("data")).unwrap();
        let data = protect(InputRole::DataDir, &base.join("data")).unwrap();
        assert_eq!(
            crossing(&base.join("out"), std::slice::from_ref(&data)).unwrap(),
            None
        );
        // The same directory under another name is what a bind mount looks like by identity;
        // a rename into the tree stands in for it here (no mount without privileges).
        fs::rename(base.join("data"), base.join("out/a/b/data")).unwrap();
        assert_eq!(
            crossing(&base.join("out"), &[data]).unwrap(),
            Some(Crossing::Input(
                InputRole::DataDir,
                base.join("out/a/b/data")
            ))
        );
    }

    #[test]
    fn a_tree_holding_an_ancestor_of_an_input_is_found() {
        let tmp = tempfile::tempdir().unwrap();
        let base = fs::canonicalize(tmp.path()).unwrap();
        fs::create_dir_all(base.join("home/data")).unwrap();
        fs::create_dir_all(base.join("out")).unwrap();
        let data = protect(InputRole::DataDir, &base.join("home/data")).unwrap();
        fs::rename(base.join("home"), base.join("out/home")).unwrap();
        assert!(matches!(
            crossing(&base.join("out"), &[data]).unwrap(),
            Some(Crossing::Input(InputRole::DataDir, p)) if p == base.join("out/home")
        ));
    }

    #[cfg(unix)]
    #[test]
    fn links_are_not_followed() {
        let tmp = tempfile::tempdir().unwrap();
        let base = fs::canonicalize(tmp.path()).unwrap();
        fs::create_dir_all(base.join("out")).unwrap();
        fs::create_dir_all(base.join("data")).unwrap();
        std::os::unix::fs::symlink(base.join("data"), base.join("out/link")).unwrap();
        let data = protect(InputRole::DataDir, &base.join("data")).unwrap();
        assert_eq!(crossing(&base.join("out"), &[data]).unwrap(), None);
    }
}
