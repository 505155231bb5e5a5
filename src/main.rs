//! The `qm` command line.

use std::process::ExitCode;

use clap::Parser;

/// jemalloc (docs/development.md: Performance): a long listing's many small values take less memory and
/// time than with the system allocator; around it, the memory budget of override template
/// renders (`qm_render::templates::budget`).
#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static GLOBAL: qm_render::templates::budget::Budgeted<tikv_jemallocator::Jemalloc> =
    qm_render::templates::budget::Budgeted(tikv_jemallocator::Jemalloc);

/// jemalloc's options (its `malloc_conf`, under the prefix tikv-jemalloc-sys gives every
/// symbol): `retain:false` gives freed address space back to the system. By default jemalloc
/// keeps every range it ever mapped, so a template render stopped at its budget after
/// doubling a string left the process 1.7 GB of address space for 0.4 GB in use, and a run
/// under an address-space limit (`ulimit -v`) aborted in an allocation no budget sees.
#[cfg(all(not(target_env = "msvc"), not(target_os = "macos")))]
#[export_name = "_rjem_malloc_conf"]
static MALLOC_CONF: MallocConf = MallocConf(c"retain:false".as_ptr());

/// A C string pointer jemalloc reads at start (`const char *malloc_conf`).
#[cfg(all(not(target_env = "msvc"), not(target_os = "macos")))]
#[repr(transparent)]
struct MallocConf(*const std::ffi::c_char);

// SAFETY: the pointer is to a string literal, never written.
#[cfg(all(not(target_env = "msvc"), not(target_os = "macos")))]
unsafe impl Sync for MallocConf {}

/// The system allocator where jemalloc does not build, with the same budget around it.
#[cfg(target_env = "msvc")]
#[global_allocator]
static GLOBAL: qm_render::templates::budget::Budgeted<std::alloc::System> =
    qm_render::templates::budget::Budgeted(std::alloc::System);

fn main() -> ExitCode {
    #[cfg(not(target_env = "msvc"))]
    qm_compile::memory::on_release(qm::memory::purge_jemalloc);
    let cli = match qm::cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(&e),
    };
    ExitCode::from(qm::cli::run(cli))
}

/// clap's message for a command line it cannot read, exit 2 as documented. The message quotes
/// what was typed, so it is printed as plain text with control characters made visible (clap
/// writes ESC and BEL through to a terminal); help and version are printed as clap prints them.
fn usage_error(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion)
        || e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    {
        let _ = e.print();
        return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
    }
    let plain = e.render().to_string();
    eprint!("{}", qm_load::diagnostics::escape(&plain));
    ExitCode::from(2)
}
