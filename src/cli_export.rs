//! `qm export vasl-csv`: nations written back in VASL's Chapter H CSV layout.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use crate::cli_query::{wants, Kind};
use crate::cli_report::{output_error, report, EXIT_DATA, EXIT_OK, EXIT_USAGE};
use crate::keep_going::prune;
use qm_compile::pipeline::{compile, CompileOptions, Compiled};
use qm_export::artifact::{Input, InputRole, OutputFile};
use qm_load::diagnostics::{escape, Escaped};
use qm_parser::Source;

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
    /// VASL's Chapter H CSV (`<nation>_vehicles.csv`, `<nation>_ordnance.csv`), markup
    /// included.
    VaslCsv(VaslCsvArgs),
}

/// `qm export vasl-csv`.
#[derive(Debug, Args)]
pub struct VaslCsvArgs {
    /// The nations (data folder names); every nation with vehicles or guns when none is named.
    pub nations: Vec<String>,
    /// Only the vehicles or only the guns (`vehicle`, `ordnance`); both when not given.
    #[arg(long, value_enum)]
    pub kind: Option<Kind>,
    /// Write `<nation>_vehicles.csv` and `<nation>_ordnance.csv` files into this directory;
    /// without it, one file is printed.
    #[arg(long, conflicts_with = "in_place")]
    pub out: Option<PathBuf>,
    /// Write each nation's `listing.csv` and `ordnance.csv` back to themselves (through a
    /// link, the file it leads to), each through a temporary file beside it and a rename, its
    /// mode kept.
    #[arg(long)]
    pub in_place: bool,
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
    let files = match exported_files(&compiled, &a) {
        Ok(files) => files,
        Err(code) => return code,
    };
    if files.is_empty() && status != EXIT_OK {
        eprintln!("qm: nothing exported: errors in their data left out every nation asked for");
        return status;
    }
    let written = if a.in_place {
        write_in_place(&a.data, &files)
    } else {
        let texts: Vec<(String, String)> = files.into_iter().map(|f| (f.name, f.text)).collect();
        match &a.out {
            Some(dir) => write_files(dir, &texts, &a.data),
            None => print_one(&texts),
        }
    };
    if written == EXIT_OK {
        status
    } else {
        written
    }
}

/// One file to write: its name in `--out`, its text, and the VASL file it was read from,
/// when it was.
struct Exported<'a> {
    name: String,
    text: String,
    published: Option<&'a Source>,
}

/// The files of the nations asked for (every nation with a listing or guns when none is
/// named), of the kinds asked for: `<nation>_vehicles.csv`, then `<nation>_ordnance.csv`;
/// with `--in-place` only what was read from VASL's files, and a nation named with none of
/// them is a usage error.
fn exported_files<'a>(compiled: &'a Compiled, a: &VaslCsvArgs) -> Result<Vec<Exported<'a>>, u8> {
    let mut files = Vec::new();
    for n in compiled
        .nations
        .iter()
        .filter(|n| a.nations.is_empty() || a.nations.iter().any(|w| w.eq_ignore_ascii_case(&n.id)))
    {
        let mut mine = Vec::new();
        if wants(a.kind, Kind::Vehicle) {
            let published = read_from(compiled, &n.id, Kind::Vehicle);
            // A nation is written when there is something to write back.
            if published.is_some() || (!a.in_place && !n.vehicles.is_empty()) {
                mine.push(Exported {
                    name: format!("{}_vehicles.csv", n.id),
                    text: qm_export::vasl_csv::listing_csv(n, published),
                    published,
                });
            }
        }
        if wants(a.kind, Kind::Ordnance) {
            let published = read_from(compiled, &n.id, Kind::Ordnance);
            if published.is_some() || (!a.in_place && !n.ordnance.is_empty()) {
                mine.push(Exported {
                    name: format!("{}_ordnance.csv", n.id),
                    text: qm_export::vasl_csv::ordnance_csv(n, published),
                    published,
                });
            }
        }
        if a.in_place && mine.is_empty() && !a.nations.is_empty() {
            eprintln!(
                "error: {} has no {} to write back (--in-place writes a nation's VASL files over themselves)",
                escape(&n.id),
                match a.kind {
                    Some(Kind::Vehicle) => "listing.csv",
                    Some(Kind::Ordnance) => "ordnance.csv",
                    None => "listing.csv or ordnance.csv",
                }
            );
            return Err(EXIT_USAGE);
        }
        files.append(&mut mine);
    }
    Ok(files)
}

/// The nation's `listing.csv` (`Kind::Vehicle`) or `ordnance.csv` (`Kind::Ordnance`), when
/// its vehicles or guns were read from VASL's file.
fn read_from<'a>(compiled: &'a Compiled, id: &str, kind: Kind) -> Option<&'a Source> {
    let nation = compiled.loaded.nations.iter().find(|n| n.input.id == id)?;
    let (file, name) = match kind {
        Kind::Vehicle => (nation.input.listing?, "listing.csv"),
        Kind::Ordnance => (nation.input.ordnance?, "ordnance.csv"),
    };
    let source = compiled.loaded.sources.get(file)?;
    source.name.ends_with(name).then_some(source)
}

/// `--in-place`: each nation's `listing.csv` and `ordnance.csv` written over itself. Every file is checked
/// first (a regular file, through a link the file it leads to, whose bytes are still those qm
/// read: a file changed since, or one qm could only read decoded, is refused), then each is
/// written beside its place and renamed over it, its mode kept; a file the export leaves as
/// it is, is not written.
fn write_in_place(data: &Path, files: &[Exported]) -> u8 {
    let mut targets = Vec::new();
    for f in files {
        let Some(source) = f.published else {
            continue;
        };
        let path = data.join(&source.name);
        let target = match OutputFile::in_place(&path) {
            Ok(t) => t,
            Err(e) => return output_error(&e),
        };
        match std::fs::read(target.path()) {
            Ok(now) if now == source.original.as_bytes() => {}
            Ok(_) => {
                eprintln!(
                    "error: refusing to write back {} (its bytes are not those qm read: it changed since, or it is not UTF-8)",
                    path.escaped()
                );
                eprintln!("  = help: run the export again on the file as it is now");
                return EXIT_DATA;
            }
            Err(e) => {
                eprintln!("error: failed to read {} again ({e})", path.escaped());
                return EXIT_DATA;
            }
        }
        targets.push((target, f.text.as_bytes(), source));
    }
    for (target, bytes, source) in targets {
        if bytes == source.original.as_bytes() {
            eprintln!("qm: {} unchanged", escape(&source.name));
            continue;
        }
        if let Err(e) = target.write(bytes) {
            return output_error(&e);
        }
        eprintln!("qm: {} written back", escape(&source.name));
    }
    EXIT_OK
}

fn print_one(files: &[(String, String)]) -> u8 {
    match files {
        [] => {
            eprintln!("error: nothing to export: no vehicles or guns of the kind asked for");
            EXIT_USAGE
        }
        [(_, text)] => {
            let _ = std::io::stdout().write_all(text.as_bytes());
            EXIT_OK
        }
        _ => {
            let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
            eprintln!(
                "error: {} files to export ({}); name one nation and give --kind, or give --out DIR",
                files.len(),
                escape(&names.join(", "))
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
