//! `qm export vasl-csv`: nations written back in VASL's Chapter H CSV layout.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use crate::cli_report::{output_error, report, EXIT_DATA, EXIT_OK, EXIT_USAGE};
use crate::keep_going::prune;
use qm_compile::pipeline::{compile, CompileOptions};
use qm_export::artifact::{Input, InputRole, OutputFile};
use qm_load::diagnostics::{escape, Escaped};

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
    let mut compiled = compile(&a.data, &CompileOptions::default());
    let status = report(&compiled, false);
    if status != EXIT_OK && !a.keep_going {
        return status;
    }
    // Before `--keep-going` leaves nations out: a nation whose data holds errors is there.
    let known = |w: &String| {
        compiled
            .nations
            .iter()
            .any(|n| n.id.eq_ignore_ascii_case(w))
    };
    if let Some(unknown) = a.nations.iter().find(|w| !known(w)) {
        eprintln!(
            "error: no nation `{}` in {}",
            escape(unknown),
            a.data.escaped()
        );
        return EXIT_USAGE;
    }
    if status != EXIT_OK {
        let Some(left) = prune(&mut compiled) else {
            eprintln!("qm: --keep-going: an error lies in data every nation shares");
            return status;
        };
        eprint!(
            "qm: --keep-going left out (errors in their data):\n{}",
            escape(&left.lines())
        );
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
            qm_export::vasl_csv::listing_csv(n),
        ));
    }
    if files.is_empty() && status != EXIT_OK {
        eprintln!("qm: nothing exported: errors in their data left out every nation asked for");
        return status;
    }
    let written = match &a.out {
        Some(dir) => write_files(dir, &files, &a.data),
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

/// Writes each file into `dir`. Every file is checked first, against every input of the run
/// by path and identity (the data directory and what its links lead to: a nation's
/// `listing.csv` linked to a VASL checkout is never written over), and the whole run refused
/// rather than half written; `dir` is made only then.
fn write_files(dir: &Path, files: &[(String, String)], data: &Path) -> u8 {
    let inputs = Input::with_links(InputRole::DataDir, data);
    let mut targets = Vec::new();
    for (name, _) in files {
        match OutputFile::check(&dir.join(name), &inputs) {
            Ok(t) => targets.push(t),
            Err(e) => return output_error(&e),
        }
    }
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("error: failed to create {} ({e})", dir.escaped());
        return EXIT_DATA;
    }
    for ((_, text), target) in files.iter().zip(&targets) {
        if let Err(e) = target.write(text.as_bytes()) {
            return output_error(&e);
        }
    }
    EXIT_OK
}
