//! The lock beside an output directory (`.<name>.lock`): one qm at a time stages, swaps and
//! tidies an output. The lock file itself stays: deleting it would let a third process lock a
//! new file while a second still holds the old one.

use std::fs::File;
use std::io;
use std::path::Path;

/// A held lock; released when dropped (and by the system when the process dies, however).
#[derive(Debug)]
pub(crate) struct OutputLock {
    /// Held for its descriptor: the lock lives as long as it is open.
    _file: File,
    /// The lock file, removed on drop where the lock is the file's existence.
    #[cfg(not(unix))]
    path: std::path::PathBuf,
}

/// Takes the lock at `path`, waiting for the process that holds it; `waiting` is called once,
/// before waiting, with the lock's path.
#[cfg(unix)]
pub(crate) fn acquire(path: &Path, waiting: impl FnOnce(&Path)) -> io::Result<OutputLock> {
    use rustix::fs::{flock, FlockOperation};
    use rustix::io::Errno;

    let file = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)?;
    match flock(&file, FlockOperation::NonBlockingLockExclusive) {
        Ok(()) => return Ok(OutputLock { _file: file }),
        Err(e) if e == Errno::WOULDBLOCK => waiting(path),
        Err(e) => return Err(e.into()),
    }
    loop {
        match flock(&file, FlockOperation::LockExclusive) {
            Ok(()) => return Ok(OutputLock { _file: file }),
            Err(e) if e == Errno::INTR => continue,
            Err(e) => return Err(e.into()),
        }
    }
}

/// Takes the lock at `path` if no one holds it; `None` when another process does.
#[cfg(unix)]
pub(crate) fn try_acquire(path: &Path) -> io::Result<Option<OutputLock>> {
    use rustix::fs::{flock, FlockOperation};
    use rustix::io::Errno;

    let file = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)?;
    match flock(&file, FlockOperation::NonBlockingLockExclusive) {
        Ok(()) => Ok(Some(OutputLock { _file: file })),
        Err(e) if e == Errno::WOULDBLOCK => Ok(None),
        Err(e) => Err(e.into()),
    }
}

/// Without flock the lock is the file's existence: a killed process leaves it behind, and the
/// message names the file to delete.
#[cfg(not(unix))]
pub(crate) fn acquire(path: &Path, _waiting: impl FnOnce(&Path)) -> io::Result<OutputLock> {
    try_acquire(path)?.ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::WouldBlock,
            "another qm is writing there; if none is, delete the lock file",
        )
    })
}

/// Takes the lock at `path` if the file does not exist yet.
#[cfg(not(unix))]
pub(crate) fn try_acquire(path: &Path) -> io::Result<Option<OutputLock>> {
    match File::options().write(true).create_new(true).open(path) {
        Ok(file) => Ok(Some(OutputLock {
            _file: file,
            path: path.to_path_buf(),
        })),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(None),
        Err(e) => Err(e),
    }
}

#[cfg(not(unix))]
impl Drop for OutputLock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}
