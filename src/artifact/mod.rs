//! Stage 6, package: generated files, collected in memory and written where they can harm
//! nothing.
//!
//! An output path is checked first ([`OutputDir::check`], [`OutputFile::check`]): qm never
//! writes over its inputs, the current directory or a parent of it, a file where a directory
//! goes, a symlink, or a directory it did not write (marked by [`MARKER`]). Then
//! [`write_atomically`] replaces the directory under a lock, in one exchange where the system
//! has one, and tidies what interrupted builds left.

mod error;
mod lock;
mod swap;
mod target;

use std::io;
use std::path::{Path, PathBuf};

pub use error::{IoStep, OutputError, OutputErrorKind, Overlap, Refusal, Wanted};
pub use swap::{tidy_interrupted, write_atomically, Tidied};
pub use target::{Input, InputRole, OutputDir, OutputFile, MARKER};

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

/// Writes one file through a temporary sibling and a rename, so a failure never leaves a
/// half-written file in its place. The caller checks the path first ([`OutputFile::check`])
/// unless it writes a file qm owns (the gpid registry).
pub fn write_file_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
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
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}
