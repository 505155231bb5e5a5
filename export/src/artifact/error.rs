//! [`OutputError`]: why an output path was refused, or which step of writing it failed.

use std::fmt;
use std::io;
use std::path::PathBuf;

use super::marker::MARKER;
use super::role::InputRole;
use qm_load::diagnostics::Escaped;

/// A refused or failed output: the path as the user gave it and what went wrong.
#[derive(Debug)]
pub struct OutputError {
    /// The output path as given on the command line (`out`, `../w`).
    pub path: PathBuf,
    /// What went wrong.
    pub kind: OutputErrorKind,
}

/// What went wrong with an output path.
#[derive(Debug)]
pub enum OutputErrorKind {
    /// The path is not a place qm may write to; nothing was touched.
    Refused {
        /// Why.
        why: Refusal,
        /// What was to be written there.
        wanted: Wanted,
    },
    /// An artifact's own path would leave the output directory (absolute, `..`, the marker).
    BadArtifactPath(String),
    /// A file system operation failed.
    Io {
        /// The step that failed.
        step: IoStep,
        /// The path it failed on (the lock file, a staging directory, ...).
        at: PathBuf,
        /// The operating system's error.
        source: io::Error,
    },
}

/// Why an output path is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The path overlaps one of the run's inputs.
    Input {
        /// Which input.
        role: InputRole,
        /// How the two paths overlap.
        overlap: Overlap,
    },
    /// The path is the current directory.
    CurrentDir,
    /// The path is a parent (or grandparent, ...) of the current directory.
    ParentOfCurrentDir,
    /// The path is a symbolic link (replacing it would act on what it points to, or on the
    /// link, and neither is what a user typing it expects).
    Symlink,
    /// A directory was expected and the path is a regular file.
    RegularFile,
    /// A file was expected and the path is a directory.
    Directory,
    /// The path is neither a regular file nor a directory (a FIFO, a device, a socket).
    Special,
    /// Something on the way to the path is a file, not a directory.
    ParentNotADirectory,
    /// A non-empty directory without qm's marker: someone else's files.
    Foreign,
    /// A directory qm wrote that now holds a mount point: replacing it would delete what is
    /// mounted there.
    HoldsMount,
}

/// What an output path was to hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wanted {
    /// A directory qm replaces as a whole (`qm build --out`).
    Directory,
    /// One file (`qm vassal merge --out`, a file of `qm schema --out-dir` or of `qm export
    /// --out`).
    File,
    /// The lock file qm keeps beside an output directory (`.<name>.lock`).
    Lock,
}

/// How an output path overlaps an input path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overlap {
    /// The same path (or the same file through another name).
    Is,
    /// The output is a parent of the input: replacing it deletes the input.
    Contains,
    /// The output lies inside the input: qm's output would mix with what it reads.
    Inside,
}

/// The step of writing an output that failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IoStep {
    /// Finding the current directory or resolving the path.
    Resolve,
    /// Creating the directory that holds the output.
    CreateParent,
    /// Taking the lock beside the output.
    Lock,
    /// Listing or removing the staging directories of interrupted builds, or putting back an
    /// output an interrupted build had moved aside.
    Tidy,
    /// Writing the new output into its staging directory.
    Stage,
    /// Moving the new output into place.
    Swap,
    /// Writing a single file.
    WriteFile,
}

impl OutputError {
    /// An I/O failure of `step` at `at`, while writing `path`.
    pub(crate) fn io(
        path: impl Into<PathBuf>,
        step: IoStep,
        at: impl Into<PathBuf>,
        source: io::Error,
    ) -> Self {
        Self {
            path: path.into(),
            kind: OutputErrorKind::Io {
                step,
                at: at.into(),
                source,
            },
        }
    }

    /// A refusal to write `wanted` to `path`.
    pub(crate) fn refused(path: impl Into<PathBuf>, why: Refusal, wanted: Wanted) -> Self {
        Self {
            path: path.into(),
            kind: OutputErrorKind::Refused { why, wanted },
        }
    }

    /// The refusal, when the path was refused (a usage error) rather than failing to write.
    pub fn refusal(&self) -> Option<Refusal> {
        match self.kind {
            OutputErrorKind::Refused { why, .. } => Some(why),
            _ => None,
        }
    }

    /// A hint on what to do instead, for refusals.
    pub fn help(&self) -> Option<&'static str> {
        match self.kind {
            OutputErrorKind::Refused {
                wanted: Wanted::Directory,
                ..
            } => Some(concat!(
                "choose an empty or new directory; qm only replaces a directory it wrote ",
                "itself (marked by .qm-output)"
            )),
            OutputErrorKind::Refused {
                wanted: Wanted::File,
                ..
            } => Some(concat!(
                "choose a new file, or a regular file that is none of the inputs, outside the ",
                "data and templates directories"
            )),
            OutputErrorKind::Refused {
                wanted: Wanted::Lock,
                ..
            } => Some(concat!(
                "qm keeps a lock file beside the output (.<name>.lock): it must be missing or ",
                "a regular file; remove what is there, or choose another output"
            )),
            _ => None,
        }
    }
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.escaped();
        match &self.kind {
            OutputErrorKind::Refused { why, .. } => {
                write!(f, "refusing to write to {path} ({why})")
            }
            OutputErrorKind::BadArtifactPath(p) => {
                write!(f, "failed to write {path} (bad artifact path {p:?})")
            }
            OutputErrorKind::Io { step, at, source } => {
                write!(f, "failed to {step} {} ({source})", at.escaped())
            }
        }
    }
}

impl std::error::Error for OutputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            OutputErrorKind::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl Refusal {
    /// Why an existing path (`meta`: its own metadata, a link not followed) may not be written
    /// as a file: a symlink, a directory or a special file.
    pub(crate) fn of_file_kind(meta: &std::fs::Metadata) -> Option<Refusal> {
        if meta.file_type().is_symlink() {
            Some(Refusal::Symlink)
        } else if meta.is_dir() {
            Some(Refusal::Directory)
        } else if !meta.is_file() {
            Some(Refusal::Special)
        } else {
            None
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Input { role, overlap } => match overlap {
                Overlap::Is => write!(f, "it is {role}"),
                Overlap::Contains => write!(f, "it contains {role}"),
                Overlap::Inside => write!(f, "it is inside {role}"),
            },
            Refusal::CurrentDir => f.write_str("it is the current directory"),
            Refusal::ParentOfCurrentDir => f.write_str("it is a parent of the current directory"),
            Refusal::Symlink => f.write_str("it is a symbolic link"),
            Refusal::RegularFile => f.write_str("it is a file, not a directory"),
            Refusal::Directory => f.write_str("it is a directory"),
            Refusal::Special => f.write_str("it is neither a regular file nor a directory"),
            Refusal::ParentNotADirectory => {
                f.write_str("a part of its path is a file, not a directory")
            }
            Refusal::Foreign => write!(
                f,
                "it is a non-empty directory qm did not write: it has no {MARKER}"
            ),
            Refusal::HoldsMount => f.write_str(
                "a file system is mounted inside it: replacing it would delete what is mounted there",
            ),
        }
    }
}

impl fmt::Display for IoStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IoStep::Resolve => "resolve",
            IoStep::CreateParent => "create",
            IoStep::Lock => "lock",
            IoStep::Tidy => "clean up after an interrupted build at",
            IoStep::Stage => "write",
            IoStep::Swap => "move the new output into",
            IoStep::WriteFile => "write",
        })
    }
}
