//! qm's marker file: what tells a directory qm wrote from any other.

use std::io;
use std::path::Path;

use super::identity::metadata;

/// The file qm writes into every output directory it makes. qm replaces an existing non-empty
/// directory only when it holds this file.
pub const MARKER: &str = ".qm-output";

/// The marker's text: says who wrote the directory and what happens to it.
pub(crate) const MARKER_TEXT: &str = "\
This directory was written by qm (Quartermaster). qm replaces it as a whole on every build:
files put here are deleted by the next `qm build`.
";

/// Whether the directory `dir` holds qm's [`MARKER`] as a regular file (a symlink by that name
/// is not qm's: qm writes the marker itself).
pub(crate) fn carries_marker(dir: &Path) -> io::Result<bool> {
    Ok(metadata(&dir.join(MARKER))?.is_some_and(|m| m.is_file()))
}
