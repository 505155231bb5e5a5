//! `qm export vasl-csv`: nations written back in VASL's Chapter H CSV layout.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::artifact::{write_file_atomically, OutputFile};
use crate::cli_report::{output_error, report, EXIT_DATA, EXIT_OK, EXIT_USAGE};
use crate::compile::compile_with;
use crate::diagnostics::Escaped;
use crate::keep_going::prune;

/// `qm export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The format.
    #[command(subcommand)]
    pub format: ExportFormat,
}

/// The formats `qm export` writes.
#[derive(Debug, Subcommand)]
pub enum ExportFormat {
    /// VASL's Chapter H CSV (`<nation>_vehicles.csv`), markup included.
    VaslCsv(VaslCsvArgs),
}

/// `qm export vasl-csv`.
#[derive(Debug, Args)]
pub struct VaslCsvArgs {
    /// The nations (data folder names); every nation with vehicles when none is named.
    pub nations: Vec<String>,
    /// Write `<nation>_vehicles.csv` files into this directory; without it, one nation's
    /// file is printed.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The data directory.
    #[arg(long, default_value = "data-src")]
    pub data: PathBuf,
    /// Write the vehicles no error touches (and exit 1) instead of nothing.
    #[arg(long)]
    pub keep_going: bool,
}

/// Runs `qm export`; returns the exit status.
pub fn run(a: ExportArgs) -> u8 {
    match a.format {
        ExportFormat::VaslCsv(a) => vasl_csv(a),
    }
}

fn vasl_csv(a: VaslCsvArgs) -> u8 {
    let mut compiled = compile_with(&a.data, None, Default::default());
    let status = report(&compiled, false);
    if status != EXIT_OK && !a.keep_going {
        return status;
    }
    if a.keep_going {
        prune(&mut compiled);
    }
    let mut files = Vec::new();
    for n in compiled
        .nations
        .iter()
        .filter(|n| a.nations.is_empty() || a.nations.iter().any(|w| w.eq_ignore_ascii_case(&n.id)))
    {
        if a.nations.is_empty() && n.vehicles.is_empty() {
            continue;
        }
        files.push((
            format!("{}_vehicles.csv", n.id),
            qm_export::vasl_csv::vasl_csv(n),
        ));
    }
    if let Some(unknown) = a.nations.iter().find(|w| {
        !compiled
            .nations
            .iter()
            .any(|n| n.id.eq_ignore_ascii_case(w))
    }) {
        eprintln!("error: no nation `{unknown}` in {}", a.data.display());
        return EXIT_USAGE;
    }
    let written = match &a.out {
        Some(dir) => write_files(dir, &files),
        None => print_one(&files),
    };
    if written == EXIT_OK {
        status
    } else {
        written
    }
}

fn print_one(files: &[(String, String)]) -> u8 {
    match files {
        [(_, text)] => {
            let _ = std::io::stdout().write_all(text.as_bytes());
            EXIT_OK
        }
        _ => {
            eprintln!(
                "error: {} nations to export; name one, or give --out DIR",
                files.len()
            );
            EXIT_USAGE
        }
    }
}

fn write_files(dir: &std::path::Path, files: &[(String, String)]) -> u8 {
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("error: failed to create {} ({e})", dir.display());
        return EXIT_DATA;
    }
    // Checked before writing any: refuse the whole run rather than leave half of it.
    let mut targets = Vec::new();
    for (name, _) in files {
        match OutputFile::check(&dir.join(name), &[]) {
            Ok(t) => targets.push(t),
            Err(e) => return output_error(&e),
        }
    }
    for ((_, text), target) in files.iter().zip(&targets) {
        if let Err(e) = write_file_atomically(target.path(), text.as_bytes()) {
            eprintln!("error: failed to write {} ({e})", target.shown().escaped());
            return EXIT_DATA;
        }
    }
    EXIT_OK
}
