//! Giving memory a stage has freed back to the system before the next stage starts.
//!
//! Resolving a long listing frees its parsed rows (as large as its vehicles) and the notes'
//! rules; validation and the report then allocate afresh. An allocator keeps freed pages for
//! reuse, so the process's peak would hold both. The allocator is the binary's choice
//! (`main.rs`), never the library's: the binary registers how to release (the benches do as
//! it does), and tests and fuzz targets (with their own allocators) release nothing.

use std::sync::OnceLock;

static RELEASE: OnceLock<fn()> = OnceLock::new();

/// Registers how the process's allocator gives freed memory back (once; later calls are
/// ignored).
pub fn on_release(release: fn()) {
    let _ = RELEASE.set(release);
}

/// Gives freed memory back, when the binary registered how.
pub fn release_freed() {
    if let Some(release) = RELEASE.get() {
        release();
    }
}
