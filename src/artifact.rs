//! Stage 6, package: generated files, collected in memory and written atomically.

use std::io;
use std::path::{Path, PathBuf};

/// One generated file, relative to the output directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Artifact {
    /// Path relative to the output directory, with `/` separators (`ita.json`).
    pub path: String,
    /// The file's bytes.
    pub bytes: Vec<u8>,
}

impl Artifact {
    /// An artifact holding `bytes` at `path`.
    pub fn new(path: impl Into<String>, bytes: impl Into<Vec<u8>>) -> Self {
        Self {
            path: path.into(),
            bytes: bytes.into(),
        }
    }
}

/// Replaces `out_dir` with a directory holding exactly `artifacts`.
///
/// Everything is first written to a sibling temporary directory; only when all of it is on
/// disk is the old directory moved aside and the new one renamed into place, so a failure at
/// any point leaves the previous output untouched.
pub fn write_atomically(out_dir: &Path, artifacts: &[Artifact]) -> io::Result<()> {
    let parent = match out_dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent)?;
    let stem = out_dir
        .file_name()
        .map_or("out".into(), |n| n.to_string_lossy().into_owned());
    let staging = tempfile::Builder::new()
        .prefix(&format!(".{stem}.new-"))
        .tempdir_in(&parent)?;
    for a in artifacts {
        let rel = Path::new(&a.path);
        if rel.is_absolute()
            || rel
                .components()
                .any(|c| matches!(c, std::path::Component::ParentDir))
        {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("bad artifact path {}", a.path),
            ));
        }
        let path = staging.path().join(rel);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(&path, &a.bytes)?;
    }
    let staged = staging.keep();
    let old = if out_dir.exists() {
        let aside = tempfile::Builder::new()
            .prefix(&format!(".{stem}.old-"))
            .tempdir_in(&parent)?
            .keep();
        std::fs::remove_dir(&aside)?;
        std::fs::rename(out_dir, &aside)?;
        Some(aside)
    } else {
        None
    };
    if let Err(e) = std::fs::rename(&staged, out_dir) {
        // Put the previous output back before reporting.
        if let Some(old) = &old {
            let _ = std::fs::rename(old, out_dir);
        }
        let _ = std::fs::remove_dir_all(&staged);
        return Err(e);
    }
    if let Some(old) = old {
        std::fs::remove_dir_all(old)?;
    }
    Ok(())
}

/// Writes one file through a temporary sibling and a rename, so a failure never leaves a
/// half-written file in its place.
pub fn write_file_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&dir)?;
    let mut tmp = tempfile::NamedTempFile::new_in(&dir)?;
    std::io::Write::write_all(&mut tmp, bytes)?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_whole_directory() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("stale.txt"), "x").unwrap();
        write_atomically(&out, &[Artifact::new("a/b.json", "{}")]).unwrap();
        assert!(!out.join("stale.txt").exists());
        assert_eq!(std::fs::read_to_string(out.join("a/b.json")).unwrap(), "{}");
        let leftovers = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(
            leftovers, 1,
            "no staging or old directories are left behind"
        );
    }

    #[test]
    fn a_bad_path_leaves_the_old_output() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("keep.txt"), "x").unwrap();
        assert!(write_atomically(&out, &[Artifact::new("../evil", "x")]).is_err());
        assert!(out.join("keep.txt").exists());
    }
}
