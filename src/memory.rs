//! The binary's side of giving freed memory back ([`qm_compile::memory`]): how its allocator,
//! jemalloc, releases what a stage freed.

/// Returns every arena's unused pages to the system (jemalloc's `arena.<all>.purge`): what a
/// binary whose global allocator is `tikv_jemallocator::Jemalloc` registers with
/// [`qm_compile::memory::on_release`].
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
