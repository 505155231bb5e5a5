//! Stage 6, package: generated files, collected in memory and written where they can harm
//! nothing.
//!
//! An output path is checked first ([`OutputDir::check`], [`OutputFile::check`]): qm never
//! writes over its inputs, the current directory or a parent of it, a file where a directory
//! goes, a symlink, or a directory it did not write (marked by [`MARKER`]). Then
//! [`write_atomically`] replaces the directory under a lock, in one exchange where the system
//! has one, and tidies what interrupted builds left.

mod error;
mod identity;
mod links;
mod lock;
mod marker;
mod recycle;
mod role;
mod swap;
mod target;
mod unchanged;

use std::io;
use std::path::{Path, PathBuf};

pub use error::{IoStep, OutputError, OutputErrorKind, Overlap, Refusal, Wanted};
pub use marker::MARKER;
use qm_render::artifact::Artifact;
pub use recycle::{Rewriter, Rewritten};
pub use role::InputRole;
pub use swap::{tidy_interrupted, write_atomically, Tidied};
pub use target::{Input, OutputDir, OutputFile};
pub use unchanged::{write_unless_unchanged, Written};

/// Puts `bytes` at `path` through a temporary sibling and a rename, so a failure never leaves
/// a half-written file in its place: a link at `path` is replaced, never followed. The new
/// file keeps the old one's permissions, or gets 0644 (the temporary file's 0600 would hide it
/// from the group and others). Callers check `path` first ([`OutputFile::write`]).
pub(crate) fn replace_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let permissions = std::fs::symlink_metadata(path)
        .ok()
        .filter(|m| m.is_file())
        .map(|m| m.permissions());
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&dir)?;
    // Named after the file, so a leftover of a killed run says what it was.
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}.new-"))
        .tempfile_in(&dir)?;
    std::io::Write::write_all(&mut tmp, bytes)?;
    match permissions {
        Some(p) => tmp.as_file().set_permissions(p)?,
        None => set_default_mode(tmp.as_file())?,
    }
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(unix)]
fn set_default_mode(file: &std::fs::File) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    file.set_permissions(std::fs::Permissions::from_mode(0o644))
}

#[cfg(not(unix))]
fn set_default_mode(_: &std::fs::File) -> io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod write_tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_written_file_keeps_its_mode_or_gets_0644_and_a_link_is_replaced() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let new = dir.path().join("new.toml");
        replace_file(&new, b"a").unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&new), 0o644);
        std::fs::set_permissions(&new, std::fs::Permissions::from_mode(0o664)).unwrap();
        replace_file(&new, b"b").unwrap();
        assert_eq!(mode(&new), 0o664);
        let link = dir.path().join("link.toml");
        std::os::unix::fs::symlink("new.toml", &link).unwrap();
        replace_file(&link, b"c").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().is_file());
        assert_eq!(
            std::fs::read(&new).unwrap(),
            b"b",
            "the link was not followed"
        );
    }
}
