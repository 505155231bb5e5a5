//! The command line: argument parsing and the commands' top level. Exit codes: 0 success,
//! 1 data errors (or warnings with `--strict`), 2 usage errors ([`crate::cli_report`]).

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use qm_schema::ErratumChange;

use crate::cli_build::{compile_and_render, prepare_build, report_tidied};
use crate::cli_report::{output_error, plural, report_as, EXIT_DATA, EXIT_OK};
use qm_compile::pipeline::{compile, CompileOptions};
use qm_compile::timings::Timings;
use qm_export::artifact::{write_atomically, write_unless_unchanged, OutputFile};
use qm_export::build::pretty;
use qm_load::diagnostics::Escaped;

pub use crate::cli_build::{BuildArgs, DataArgs, MAX_INPUT_MIB};

/// Quartermaster: compile wargame order-of-battle data into JSON, counters, charts and
/// VASSAL modules.
#[derive(Debug, Parser)]
#[command(name = "qm", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Compile the data and write every artifact to the output directory.
    Build(BuildArgs),
    /// Build, then rebuild whenever the data, templates or scenarios change (Ctrl-C ends).
    Watch(BuildArgs),
    /// Parse, resolve, lint and validate the data; write nothing.
    Check(CheckArgs),
    /// List the vehicles available in a theater in a month.
    Avail(crate::cli_query::AvailArgs),
    /// Show one vehicle's whole record.
    Show(crate::cli_query::ShowArgs),
    /// Show each availability entry of a vehicle beside the words it was read from.
    Explain(crate::cli_explain::ExplainArgs),
    /// Print the JSON Schema of the IR (or write every schema file into a directory).
    Schema(SchemaArgs),
    /// VASSAL module tools: merge into an existing module, allocate gpids, check a module.
    Vassal(crate::cli_vassal::VassalArgs),
    /// Write the data in another tool's layout (`vasl-csv`: VASL's Chapter H CSV).
    Export(crate::cli_export::ExportArgs),
}

/// `qm check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    /// Data and strictness.
    pub data: DataArgs,
    /// Also list the errata applied and the findings accepted.
    #[arg(long, short)]
    pub verbose: bool,
    /// Print the time each stage took (load, resolve, validate, art, report) on stderr.
    #[arg(long)]
    pub timings: bool,
    /// `human` (default) or `json`: every diagnostic as one JSON object a line on stdout.
    #[arg(long, value_enum, default_value_t)]
    pub message_format: crate::cli_report::MessageFormat,
}

/// `qm schema`.
#[derive(Debug, Args)]
pub struct SchemaArgs {
    /// Write `nation.schema.json` (and the other schemas) into this directory instead of
    /// printing.
    #[arg(long)]
    pub out_dir: Option<PathBuf>,
}

/// Runs a parsed command line; returns the exit status.
pub fn run(cli: Cli) -> u8 {
    match cli.command {
        Command::Build(a) => build(a),
        Command::Watch(a) => crate::watch::run(a),
        Command::Check(a) => check(a),
        Command::Avail(a) => crate::cli_query::avail(a),
        Command::Show(a) => crate::cli_query::show(a),
        Command::Explain(a) => crate::cli_explain::explain(a),
        Command::Schema(a) => schema(a),
        Command::Vassal(a) => crate::cli_vassal::run(a),
        Command::Export(a) => crate::cli_export::run(a),
    }
}

fn build(a: BuildArgs) -> u8 {
    let out = match prepare_build(&a) {
        Ok(out) => out,
        Err(status) => return status,
    };
    let disk = match crate::cli_build::open_cache(&a, &out) {
        Ok(disk) => disk,
        Err(status) => return status,
    };
    crate::cli_build::warm_up_beside(Some(&a));
    let progress = crate::progress::Progress::start();
    let mut timings = Timings::with_progress(progress.bar());
    let rendered = compile_and_render(&a, disk.clone(), &mut timings, || progress.finish());
    let (compiled, artifacts) = match rendered {
        Ok(done) => done,
        Err(status) => {
            eprintln!("qm: nothing written; {} left as it was", a.out.escaped());
            return status;
        }
    };
    let waiting = |lock: &std::path::Path| {
        eprintln!(
            "qm: waiting for lock on {} (another qm is writing {})",
            lock.escaped(),
            a.out.escaped()
        );
    };
    let written = timings.time("write", || match &disk {
        Some(disk) => write_unless_unchanged(&out, &artifacts, waiting, disk).map(|w| w.tidied),
        None => write_atomically(&out, &artifacts, waiting),
    });
    progress.finish();
    match written {
        Ok(t) => report_tidied(&out, &t),
        Err(e) => return output_error(&e),
    }
    if let Some(disk) = &disk {
        timings.time("cache", || disk.trim());
    }
    if a.timings {
        eprint!("{}", timings.table());
    }
    let vehicles: usize = compiled.nations.iter().map(|n| n.vehicles.len()).sum();
    println!(
        "qm: wrote {} files to {} ({} nation{}, {} vehicles{})",
        artifacts.len(),
        a.out.escaped(),
        compiled.nations.len(),
        plural(compiled.nations.len()),
        vehicles,
        guns_text(&compiled.nations)
    );
    // `--keep-going` wrote what no error touches; the build is still incomplete.
    let status = if compiled.diagnostics.iter().any(|d| d.is_error()) {
        EXIT_DATA
    } else {
        EXIT_OK
    };
    // The process ends here: the IR and every file's bytes, freed piece by piece, would cost
    // milliseconds for memory the exit returns at once.
    std::mem::forget((compiled, artifacts));
    status
}

fn check(a: CheckArgs) -> u8 {
    if let Some(status) = a.data.prepare() {
        return status;
    }
    crate::cli_build::warm_up_beside(None);
    let compiled = compile(
        &a.data.data,
        &CompileOptions {
            scenarios: a.data.scenarios.clone(),
            limits: a.data.limits(),
            ..Default::default()
        },
    );
    let mut timings = compiled.timings.clone();
    let format = a.message_format;
    if a.verbose {
        // With `--message-format json` stdout holds JSON only: the facts go to stderr.
        let mut say: Box<dyn Write> = match format {
            crate::cli_report::MessageFormat::Human => Box::new(std::io::stdout().lock()),
            crate::cli_report::MessageFormat::Json => Box::new(std::io::stderr().lock()),
        };
        for n in &compiled.nations {
            print_nation_facts(&mut say, n);
        }
        for s in &compiled.scenarios {
            print_scenario_notes(&mut say, s);
        }
    }
    let status = timings.time("report", || {
        report_as(&compiled, a.data.strict, format, a.verbose)
    });
    if a.timings {
        eprint!("{}", timings.table());
    }
    if status == EXIT_OK && format == crate::cli_report::MessageFormat::Human {
        let vehicles: usize = compiled.nations.iter().map(|n| n.vehicles.len()).sum();
        let scenarios = if compiled.scenarios.is_empty() {
            String::new()
        } else {
            format!(
                ", {} scenario{}",
                compiled.scenarios.len(),
                plural(compiled.scenarios.len())
            )
        };
        println!(
            "qm: ok ({} nation{}, {} vehicles{}{scenarios})",
            compiled.nations.len(),
            plural(compiled.nations.len()),
            vehicles,
            guns_text(&compiled.nations)
        );
    }
    // The process ends here: freeing a long listing's IR value by value would cost more than
    // a tenth of the check, for memory the exit returns at once.
    std::mem::forget(compiled);
    status
}

/// ", 12 guns" when the nations have guns (an ordnance listing), else nothing.
fn guns_text(nations: &[qm_schema::Nation]) -> String {
    match nations.iter().map(|n| n.ordnance.len()).sum::<usize>() {
        0 => String::new(),
        guns => format!(", {guns} gun{}", plural(guns)),
    }
}

/// `qm check --verbose`: a nation's size, the errata applied to it and its accepted findings.
fn print_nation_facts(out: &mut dyn Write, n: &qm_schema::Nation) {
    let mut say = |line: &str| say(out, line);
    say(&format!(
        "{} ({}): {} vehicles",
        n.id,
        n.name,
        n.vehicles.len()
    ));
    for e in &n.errata {
        let change = match &e.change {
            ErratumChange::Text { find, replace } => format!("{find:?} -> {replace:?}"),
            ErratumChange::Cells { row, cells } => {
                let cells: Vec<String> = cells
                    .iter()
                    .map(|c| format!("{} {:?} -> {:?}", c.column, c.find, c.replace))
                    .collect();
                format!("row {row:?}: {}", cells.join(", "))
            }
        };
        let notes = if e.notes.is_empty() {
            String::new()
        } else {
            format!("; notes {}", e.notes.join(", "))
        };
        say(&format!(
            "  erratum {} at {}:{}:{}: {change} ({}; source: {}{notes})",
            e.id, e.span.file, e.span.line, e.span.col, e.reason, e.source
        ));
    }
    for acc in &n.acceptances {
        let who = acc
            .vehicle
            .as_deref()
            .map(|v| format!(" for {v}"))
            .unwrap_or_default();
        say(&format!("  accepted {}{}: {}", acc.code, who, acc.reason));
    }
}

/// `qm check --verbose`: the facts a scenario's card prints (they are not warnings).
fn print_scenario_notes(out: &mut dyn Write, s: &qm_schema::Scenario) {
    let mut say = |line: &str| say(out, line);
    say(&format!(
        "scenario {} ({}, {} {})",
        s.id, s.source, s.theater, s.date
    ));
    let rule = |r: &Option<String>| r.as_ref().map(|r| format!(" [{r}]")).unwrap_or_default();
    for n in &s.notes {
        say(&format!("  {}{}", n.text, rule(&n.rule)));
    }
    for side in &s.sides {
        for n in &side.notes {
            say(&format!("  {}: {}{}", side.name, n.text, rule(&n.rule)));
        }
        for u in &side.units {
            for n in &u.notes {
                say(&format!(
                    "  {}: {}: {}{}",
                    side.name,
                    u.name,
                    n.text,
                    rule(&n.rule)
                ));
            }
        }
    }
}

/// Prints a line of data (names, reasons, notes): control characters made visible.
fn say(out: &mut dyn Write, line: &str) {
    let _ = writeln!(out, "{}", qm_load::diagnostics::escape(line));
}

fn schema(a: SchemaArgs) -> u8 {
    let files = qm_export::build::schema_files();
    match a.out_dir {
        None => {
            let Some((_, schema)) = files.first() else {
                return EXIT_OK;
            };
            match pretty(schema) {
                Ok(b) => {
                    let _ = std::io::stdout().write_all(&b);
                    EXIT_OK
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    EXIT_DATA
                }
            }
        }
        Some(dir) => {
            // Checked before writing any: refuse the whole run rather than leave half of it.
            let mut targets = Vec::new();
            for (name, _) in &files {
                match OutputFile::check(&dir.join(name), &[]) {
                    Ok(t) => targets.push(t),
                    Err(e) => return output_error(&e),
                }
            }
            for ((_, schema), target) in files.iter().zip(&targets) {
                let bytes = match pretty(schema) {
                    Ok(b) => b,
                    Err(e) => {
                        eprintln!("error: failed to write {} ({e})", target.shown().escaped());
                        return EXIT_DATA;
                    }
                };
                if let Err(e) = target.write(&bytes) {
                    return output_error(&e);
                }
            }
            EXIT_OK
        }
    }
}
