//! The `qm` command line.

use std::process::ExitCode;

use clap::Parser;

/// jemalloc (README: Performance): a long listing's many small values take less memory and
/// time than with the system allocator; around it, the memory budget of override template
/// renders (`qm::budget`).
#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static GLOBAL: qm_render::budget::Budgeted<tikv_jemallocator::Jemalloc> =
    qm_render::budget::Budgeted(tikv_jemallocator::Jemalloc);

/// The system allocator where jemalloc does not build, with the same budget around it.
#[cfg(target_env = "msvc")]
#[global_allocator]
static GLOBAL: qm_render::budget::Budgeted<std::alloc::System> =
    qm_render::budget::Budgeted(std::alloc::System);

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
