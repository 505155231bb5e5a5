//! `vassal.toml` and `vassal-gpids.toml` as the load stage read them: once per run, so the
//! checks (`qm check`), the module the build makes and `qm vassal gpids` all see the same bytes
//! even when a file changes on disk during the run.

use std::path::{Path, PathBuf};

use crate::input::{read_input, InputError, InputErrorKind, InputKind, InputLimits};

/// The module configuration's file name inside the data directory ([`super::config`]).
pub const CONFIG_FILE: &str = "vassal.toml";

/// The gpid registry's file name inside the data directory ([`super::gpids`]).
pub const REGISTRY_FILE: &str = "vassal-gpids.toml";

/// The module's two files of a data directory, read by [`crate::data_dir::load`].
#[derive(Debug, Default)]
pub struct ModuleFiles {
    /// `vassal.toml`: the module's name, version and engine ([`super::config`]).
    pub config: ModuleFile,
    /// `vassal-gpids.toml`: the committed gpid registry ([`super::gpids`]).
    pub gpids: ModuleFile,
}

impl ModuleFiles {
    /// Reads both files of `data_dir` within `limits`.
    pub fn read(data_dir: &Path, limits: InputLimits) -> Self {
        Self {
            config: ModuleFile::read(&data_dir.join(CONFIG_FILE), limits),
            gpids: ModuleFile::read(&data_dir.join(REGISTRY_FILE), limits),
        }
    }
}

/// One of the module's files: where it is and what reading it gave.
#[derive(Debug, Default)]
pub struct ModuleFile {
    /// Its path (for messages).
    pub path: PathBuf,
    /// What reading it gave.
    pub read: FileRead,
}

/// What reading one of the module's files gave.
#[derive(Debug, Default)]
pub enum FileRead {
    /// Nothing is there: the file is optional.
    #[default]
    Absent,
    /// Something is there but could not be read (kept to be reported where it is used).
    Unreadable(InputError),
    /// Its bytes.
    Bytes(Vec<u8>),
}

impl ModuleFile {
    /// Reads `path` as a TOML input within `limits`. Only absence means "none": a directory or
    /// an unreadable file is kept as an error.
    pub fn read(path: &Path, limits: InputLimits) -> Self {
        let read = if std::fs::symlink_metadata(path).is_err() {
            FileRead::Absent
        } else {
            match read_input(path, InputKind::Toml, limits) {
                Ok(bytes) => FileRead::Bytes(bytes),
                Err(e) => FileRead::Unreadable(e),
            }
        };
        Self {
            path: path.to_path_buf(),
            read,
        }
    }

    /// True when something is at the path that leads to a file (a dangling symlink is not):
    /// what `Path::exists` said when the file was read.
    pub fn exists(&self) -> bool {
        match &self.read {
            FileRead::Absent => false,
            FileRead::Unreadable(e) => !matches!(e.kind, InputErrorKind::NotFound),
            FileRead::Bytes(_) => true,
        }
    }

    /// The bytes read; `None` when the file is absent or unreadable.
    pub fn bytes(&self) -> Option<&[u8]> {
        match &self.read {
            FileRead::Bytes(b) => Some(b),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_absent_unreadable_or_read() {
        let dir = tempfile::tempdir().unwrap();
        let limits = InputLimits::default();
        let absent = ModuleFile::read(&dir.path().join("none.toml"), limits);
        assert!(matches!(absent.read, FileRead::Absent) && !absent.exists());
        // A directory where the file should be is there, and an error, not "none".
        std::fs::create_dir(dir.path().join("dir.toml")).unwrap();
        let folder = ModuleFile::read(&dir.path().join("dir.toml"), limits);
        assert!(matches!(folder.read, FileRead::Unreadable(_)) && folder.exists());
        std::fs::write(dir.path().join("a.toml"), "first = 3\n").unwrap();
        let file = ModuleFile::read(&dir.path().join("a.toml"), limits);
        assert_eq!(file.bytes(), Some(&b"first = 3\n"[..]));
        #[cfg(unix)]
        {
            // A dangling symlink is not nothing (reading it fails), yet leads to no file.
            std::os::unix::fs::symlink("gone", dir.path().join("link.toml")).unwrap();
            let link = ModuleFile::read(&dir.path().join("link.toml"), limits);
            assert!(matches!(link.read, FileRead::Unreadable(_)) && !link.exists());
        }
    }
}
