//! The `qm` command line.

use std::process::ExitCode;

use clap::Parser;

/// jemalloc (README: Performance): a long listing's many small values take less memory and
/// time than with the system allocator.
#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> ExitCode {
    #[cfg(not(target_env = "msvc"))]
    qm::memory::on_release(qm::memory::purge_jemalloc);
    // clap exits with status 2 on usage errors, as documented.
    let cli = qm::cli::Cli::parse();
    ExitCode::from(qm::cli::run(cli))
}
