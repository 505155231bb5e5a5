//! The lock beside an output directory (`.<name>.lock`): one qm at a time stages, swaps and
//! tidies an output. The lock file itself stays: deleting it would let a third process lock a
//! new file while a second still holds the old one.
//!
//! The lock is opened without following a final symlink and without blocking on a FIFO, and
//! only a regular file is used: a link there (even a dangling one, whose target qm would
//! otherwise create) or a FIFO, a socket, a device or a directory is a refusal, never a hang.
//! Nothing is ever written into the file, so a hard link to something else is harmless.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

use super::error::{IoStep, OutputError, Refusal, Wanted};
use super::target::OutputDir;

/// A held lock; released when dropped (and by the system when the process dies, however).
#[derive(Debug)]
pub(crate) struct OutputLock {
    /// Held for its descriptor: the lock lives as long as it is open.
    _file: File,
    /// The lock file, removed on drop where the lock is the file's existence.
    #[cfg(not(unix))]
    path: PathBuf,
}

/// Why the lock could not be taken.
#[derive(Debug)]
enum LockError {
    /// What is at the lock's path is not a regular file qm may lock.
    Refused(Refusal),
    /// The system failed.
    Io(io::Error),
}

impl From<io::Error> for LockError {
    fn from(e: io::Error) -> Self {
        Self::Io(e)
    }
}

/// Takes the lock beside `out`, waiting for the process that holds it; `waiting` is called
/// once, before waiting, with the lock's path. ([`OutputDir::check`] refused a lock path
/// holding anything but a regular file before any work; this checks again on the descriptor.)
pub(crate) fn lock_out(
    out: &OutputDir,
    waiting: impl FnOnce(&Path),
) -> Result<OutputLock, OutputError> {
    let path = out.lock_path();
    acquire(&path, waiting).map_err(|e| to_output_error(out, path, e))
}

/// Takes the lock beside `out` if no one holds it; `None` when another process does.
pub(crate) fn try_lock_out(out: &OutputDir) -> Result<Option<OutputLock>, OutputError> {
    let path = out.lock_path();
    try_acquire(&path).map_err(|e| to_output_error(out, path, e))
}

/// A refusal names the lock file (what is wrong is there, not at the output); a failure is an
/// I/O error of the output's lock step.
fn to_output_error(out: &OutputDir, path: PathBuf, e: LockError) -> OutputError {
    match e {
        LockError::Refused(why) => OutputError::refused(path, why, Wanted::Lock),
        LockError::Io(e) => out.io(IoStep::Lock, &path, e),
    }
}

/// Opens (creating it) the lock file at `path`: never through a final symlink, never blocking
/// on a FIFO, a regular file only (checked on the open descriptor).
#[cfg(unix)]
fn open(path: &Path) -> Result<File, LockError> {
    use rustix::fs::{Mode, OFlags};
    use rustix::io::Errno;

    let flags = OFlags::WRONLY | OFlags::CREATE | OFlags::NOFOLLOW | OFlags::NONBLOCK;
    let file = match rustix::fs::open(path, flags | OFlags::CLOEXEC, Mode::from_raw_mode(0o666)) {
        Ok(fd) => File::from(fd),
        Err(Errno::LOOP) => return Err(LockError::Refused(Refusal::Symlink)),
        Err(Errno::ISDIR) => return Err(LockError::Refused(Refusal::Directory)),
        // A FIFO no one reads, or a socket.
        Err(Errno::NXIO) => return Err(LockError::Refused(Refusal::Special)),
        Err(e) => return Err(LockError::Io(e.into())),
    };
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(LockError::Refused(Refusal::Directory));
    }
    if !meta.is_file() {
        return Err(LockError::Refused(Refusal::Special));
    }
    Ok(file)
}

#[cfg(unix)]
fn acquire(path: &Path, waiting: impl FnOnce(&Path)) -> Result<OutputLock, LockError> {
    use rustix::fs::{flock, FlockOperation};
    use rustix::io::Errno;

    let file = open(path)?;
    match flock(&file, FlockOperation::NonBlockingLockExclusive) {
        Ok(()) => return Ok(OutputLock { _file: file }),
        Err(e) if e == Errno::WOULDBLOCK => waiting(path),
        Err(e) => return Err(LockError::Io(e.into())),
    }
    loop {
        match flock(&file, FlockOperation::LockExclusive) {
            Ok(()) => return Ok(OutputLock { _file: file }),
            Err(e) if e == Errno::INTR => continue,
            Err(e) => return Err(LockError::Io(e.into())),
        }
    }
}

#[cfg(unix)]
fn try_acquire(path: &Path) -> Result<Option<OutputLock>, LockError> {
    use rustix::fs::{flock, FlockOperation};
    use rustix::io::Errno;

    let file = open(path)?;
    match flock(&file, FlockOperation::NonBlockingLockExclusive) {
        Ok(()) => Ok(Some(OutputLock { _file: file })),
        Err(e) if e == Errno::WOULDBLOCK => Ok(None),
        Err(e) => Err(LockError::Io(e.into())),
    }
}

/// Without flock the lock is the file's existence: a killed process leaves it behind, and the
/// message names the file to delete.
#[cfg(not(unix))]
fn acquire(path: &Path, _waiting: impl FnOnce(&Path)) -> Result<OutputLock, LockError> {
    try_acquire(path)?.ok_or_else(|| {
        LockError::Io(io::Error::new(
            io::ErrorKind::WouldBlock,
            "another qm is writing there; if none is, delete the lock file",
        ))
    })
}

/// Takes the lock at `path` if the file does not exist yet (`create_new` never follows a
/// link).
#[cfg(not(unix))]
fn try_acquire(path: &Path) -> Result<Option<OutputLock>, LockError> {
    match File::options().write(true).create_new(true).open(path) {
        Ok(file) => Ok(Some(OutputLock {
            _file: file,
            path: path.to_path_buf(),
        })),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(None),
        Err(e) => Err(LockError::Io(e)),
    }
}

#[cfg(not(unix))]
impl Drop for OutputLock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_link_a_fifo_or_a_directory_is_refused_and_nothing_is_created() {
        let tmp = tempfile::tempdir().unwrap();
        let lock = tmp.path().join(".o.lock");
        std::os::unix::fs::symlink(tmp.path().join("elsewhere"), &lock).unwrap();
        assert!(matches!(
            open(&lock),
            Err(LockError::Refused(Refusal::Symlink))
        ));
        assert!(!tmp.path().join("elsewhere").exists());
        std::fs::remove_file(&lock).unwrap();
        rustix::fs::mkfifoat(
            rustix::fs::CWD,
            &lock,
            rustix::fs::Mode::from_raw_mode(0o600),
        )
        .unwrap();
        assert!(matches!(
            open(&lock),
            Err(LockError::Refused(Refusal::Special))
        ));
        std::fs::remove_file(&lock).unwrap();
        std::fs::create_dir(&lock).unwrap();
        assert!(matches!(
            open(&lock),
            Err(LockError::Refused(Refusal::Directory))
        ));
        std::fs::remove_dir(&lock).unwrap();
        assert!(open(&lock).is_ok());
        assert!(open(&lock).is_ok(), "an existing regular file is reused");
    }
}
