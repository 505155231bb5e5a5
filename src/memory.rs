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

/// Returns every arena's unused pages to the system (jemalloc's `arena.<all>.purge`): what a
/// binary whose global allocator is `tikv_jemallocator::Jemalloc` registers with
/// [`on_release`].
#[cfg(not(target_env = "msvc"))]
pub fn purge_jemalloc() {
    // MALLCTL_ARENAS_ALL: the index that names every arena at once.
    const ALL_ARENAS: &std::ffi::CStr = c"arena.4096.purge";
    // SAFETY: a purge reads and writes nothing through the pointers (all null, length 0).
    let status = unsafe {
        tikv_jemalloc_sys::mallctl(
            ALL_ARENAS.as_ptr(),
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            0,
        )
    };
    // A purge that fails leaves the memory in use by the process, nothing worse.
    debug_assert_eq!(status, 0, "jemalloc purge");
}
