use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    // clap exits with status 2 on usage errors, as documented.
    let cli = qm::cli::Cli::parse();
    ExitCode::from(qm::cli::run(cli))
}
