//! The `qm` command line.

use std::process::ExitCode;

use clap::Parser;

/// jemalloc (README: Performance): a long listing's many small values take less memory and
/// time than with the system allocator.
#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// Returns every arena's unused pages to the system (jemalloc's `arena.<all>.purge`).
#[cfg(not(target_env = "msvc"))]
fn purge() {
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

fn main() -> ExitCode {
    #[cfg(not(target_env = "msvc"))]
    qm::memory::on_release(purge);
    // clap exits with status 2 on usage errors, as documented.
    let cli = qm::cli::Cli::parse();
    ExitCode::from(qm::cli::run(cli))
}
