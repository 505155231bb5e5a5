//! The command line: argument parsing and the commands' top level. Exit codes: 0 success,
//! 1 data errors (or warnings with `--strict`), 2 usage errors ([`crate::cli_report`]).

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use qm_schema::ErratumChange;

use crate::artifact::{
    tidy_interrupted, write_atomically, write_file_atomically, Input, InputRole, OutputDir,
    OutputFile, Tidied,
};
use crate::build::{pretty, render_all_cached, BuildOptions};
use crate::cli_report::{
    build_error_text, output_error, plural, report, report_as, EXIT_DATA, EXIT_OK, EXIT_USAGE,
};
use crate::compile::compile_timed;
use crate::input::InputLimits;
use crate::render::{CounterOptions, CounterSize, SheetOptions};
use crate::timings::Timings;

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
    /// Print the JSON Schema of the IR (or write every schema file into a directory).
    Schema(SchemaArgs),
    /// VASSAL module tools: merge into an existing module, allocate gpids, check a module.
    Vassal(crate::cli_vassal::VassalArgs),
}

/// Where the data is.
#[derive(Debug, Args)]
pub struct DataArgs {
    /// The data directory.
    #[arg(long, default_value = "data-src")]
    pub data: PathBuf,
    /// Treat warnings as errors.
    #[arg(long)]
    pub strict: bool,
    /// Check these scenarios (a `.toml` file or a folder) instead of `DATA/scenarios/`.
    #[arg(long)]
    pub scenarios: Option<PathBuf>,
    /// Raise every input size cap to at least this many MiB (README: Input limits).
    #[arg(long, value_name = "MIB")]
    pub max_input_mib: Option<u64>,
    /// Number of threads (default: one per core); the output does not depend on it.
    #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
}

impl DataArgs {
    /// The input caps of this run: the defaults, raised by `--max-input-mib`.
    pub fn limits(&self) -> InputLimits {
        self.max_input_mib
            .map_or_else(InputLimits::default, InputLimits::raised_to_mib)
    }

    /// Sizes the thread pool (`--jobs`) and checks `--scenarios` exists: a usage error
    /// (exit 2) when it does not, returned as the exit status.
    pub(crate) fn prepare(&self) -> Option<u8> {
        if let Some(jobs) = self.jobs {
            // The global pool is built once per process; a second build (tests) keeps the
            // first one's size.
            let _ = rayon::ThreadPoolBuilder::new()
                .num_threads(usize::from(jobs))
                .build_global();
        }
        let scenarios = self.scenarios.as_deref()?;
        if std::fs::symlink_metadata(scenarios).is_ok() {
            return None;
        }
        eprintln!(
            "error: failed to find {} (given as --scenarios)",
            scenarios.display()
        );
        eprintln!("  = help: give a scenario .toml file or a folder of them");
        Some(EXIT_USAGE)
    }
}

/// `qm build`.
#[derive(Debug, Args)]
pub struct BuildArgs {
    #[command(flatten)]
    /// Data and strictness.
    pub data: DataArgs,
    /// The output directory: replaced as a whole, atomically; must be new, empty or written by
    /// qm before (it holds `.qm-output`).
    #[arg(long, default_value = "out")]
    pub out: PathBuf,
    /// A directory whose templates override the embedded ones by name.
    #[arg(long)]
    pub templates: Option<PathBuf>,
    /// Width and height of counter PNGs in pixels.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u32).range(8..=4096))]
    pub counter_px: u32,
    /// Printed counter size on sheets: 5/8 or 1/2 (inch).
    #[arg(long, default_value = "5/8", value_parser = parse_counter_size)]
    pub counter_size: CounterSize,
    /// Shift of the back pages of counter sheets, in mm, as X,Y (x right, y down as seen on
    /// the back): calibrates a duplex printer.
    #[arg(long, default_value = "0,0", value_parser = parse_offset, allow_hyphen_values = true)]
    pub back_offset_mm: (f64, f64),
    /// Print the time each stage took (load, resolve, validate, art, json, pictures,
    /// counters, sheets, chart, cards, module, write) on stderr.
    #[arg(long)]
    pub timings: bool,
}

fn parse_counter_size(s: &str) -> Result<CounterSize, String> {
    CounterSize::parse(s).ok_or_else(|| format!("expected 5/8 or 1/2, not {s:?}"))
}

fn parse_offset(s: &str) -> Result<(f64, f64), String> {
    let bad = || format!("expected X,Y in mm (e.g. 0.5,-1), not {s:?}");
    let (x, y) = s.split_once(',').ok_or_else(bad)?;
    let x: f64 = x.trim().parse().map_err(|_| bad())?;
    let y: f64 = y.trim().parse().map_err(|_| bad())?;
    if !(x.is_finite() && y.is_finite() && x.abs() <= 50.0 && y.abs() <= 50.0) {
        return Err(format!("offsets must be within ±50 mm, not {s:?}"));
    }
    Ok((x, y))
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
        Command::Schema(a) => schema(a),
        Command::Vassal(a) => crate::cli_vassal::run(a),
    }
}

fn build(a: BuildArgs) -> u8 {
    let out = match prepare_build(&a) {
        Ok(out) => out,
        Err(status) => return status,
    };
    let progress = crate::progress::Progress::start();
    let mut timings = Timings::with_progress(progress.bar());
    let (compiled, artifacts) = match compile_and_render(&a, &mut timings, || progress.finish()) {
        Ok(done) => done,
        Err(status) => {
            eprintln!("qm: nothing written; {} left as it was", a.out.display());
            return status;
        }
    };
    let waiting = |lock: &std::path::Path| {
        eprintln!(
            "qm: waiting for lock on {} (another qm is writing {})",
            lock.display(),
            a.out.display()
        );
    };
    let written = timings.time("write", || write_atomically(&out, &artifacts, waiting));
    progress.finish();
    match written {
        Ok(t) => report_tidied(&out, &t),
        Err(e) => return output_error(&e),
    }
    if a.timings {
        eprint!("{}", timings.table());
    }
    let vehicles: usize = compiled.nations.iter().map(|n| n.vehicles.len()).sum();
    println!(
        "qm: wrote {} files to {} ({} nation{}, {} vehicles)",
        artifacts.len(),
        a.out.display(),
        compiled.nations.len(),
        plural(compiled.nations.len()),
        vehicles
    );
    EXIT_OK
}

/// What `build` and `watch` check before any work: the data arguments, the output directory
/// (a refused `--out` is a usage error found before the compile, so nothing is computed in
/// vain), `--templates`; then what interrupted builds left is tidied. `Err` is the exit status.
pub(crate) fn prepare_build(a: &BuildArgs) -> Result<OutputDir, u8> {
    if let Some(status) = a.data.prepare() {
        return Err(status);
    }
    let out = OutputDir::check(&a.out, &build_inputs(a)).map_err(|e| output_error(&e))?;
    if let Some(status) = check_templates_dir(a.templates.as_deref()) {
        return Err(status);
    }
    let tidied = tidy_interrupted(&out).map_err(|e| output_error(&e))?;
    report_tidied(&out, &tidied);
    Ok(out)
}

/// Compiles and renders every artifact in memory; diagnostics are printed (after `before_report`,
/// which clears a progress line). `Err` is the exit status of a failed compile or render.
pub(crate) fn compile_and_render(
    a: &BuildArgs,
    timings: &mut Timings,
    before_report: impl Fn(),
) -> Result<(crate::compile::Compiled, Vec<crate::artifact::Artifact>), u8> {
    let mut cache = crate::build_cache::RenderCache::default();
    compile_and_render_cached(a, timings, before_report, &mut cache)
}

/// [`compile_and_render`] with the pieces of the last build in `cache` (`qm watch`).
pub(crate) fn compile_and_render_cached(
    a: &BuildArgs,
    timings: &mut Timings,
    before_report: impl Fn(),
    cache: &mut crate::build_cache::RenderCache,
) -> Result<(crate::compile::Compiled, Vec<crate::artifact::Artifact>), u8> {
    let compiled = crate::compile::compile_timed(
        &a.data.data,
        a.data.scenarios.as_deref(),
        a.data.limits(),
        timings,
    );
    if !compiled.diagnostics.is_empty() {
        before_report();
    }
    let status = report(&compiled, a.data.strict);
    if status != EXIT_OK {
        return Err(status);
    }
    match render_all_cached(&compiled, &build_options(a), timings, cache) {
        Ok(artifacts) => Ok((compiled, artifacts)),
        Err(e) => {
            before_report();
            eprint!("{}", build_error_text(&e));
            Err(EXIT_DATA)
        }
    }
}

/// The render options `build` and `watch` take from their arguments.
pub(crate) fn build_options(a: &BuildArgs) -> BuildOptions {
    BuildOptions {
        templates: a.templates.clone(),
        counters: CounterOptions {
            px: a.counter_px,
            ..CounterOptions::default()
        },
        sheets: SheetOptions {
            counter_size: a.counter_size,
            back_offset_mm: a.back_offset_mm,
        },
    }
}

/// A `--templates` that is not a directory is a usage error: falling back to the embedded
/// templates would build something other than what was asked for.
pub(crate) fn check_templates_dir(dir: Option<&std::path::Path>) -> Option<u8> {
    let e = crate::templates::check_dir(dir?).err()?;
    eprintln!("error: {e}");
    eprintln!("  = help: give a directory of templates (see templates/README.md), or leave --templates out");
    Some(EXIT_USAGE)
}

/// What `qm build` reads, which its output must stay clear of.
pub(crate) fn build_inputs(a: &BuildArgs) -> Vec<Input> {
    let mut inputs = vec![Input::new(InputRole::DataDir, &a.data.data)];
    if let Some(t) = &a.templates {
        inputs.push(Input::new(InputRole::TemplatesDir, t));
    }
    if let Some(s) = &a.data.scenarios {
        inputs.push(Input::new(InputRole::Scenarios, s));
    }
    inputs
}

/// Says what was left by interrupted builds and has been dealt with.
pub(crate) fn report_tidied(out: &OutputDir, t: &Tidied) {
    if let Some(aside) = &t.restored {
        eprintln!(
            "qm: put {} back in place (an interrupted build had moved it to {})",
            out.shown().display(),
            aside.display()
        );
    }
    if !t.removed.is_empty() {
        eprintln!(
            "qm: removed {} folder{} left beside {} by interrupted builds",
            t.removed.len(),
            plural(t.removed.len()),
            out.shown().display()
        );
    }
}

fn check(a: CheckArgs) -> u8 {
    if let Some(status) = a.data.prepare() {
        return status;
    }
    let mut timings = Timings::default();
    let compiled = compile_timed(
        &a.data.data,
        a.data.scenarios.as_deref(),
        a.data.limits(),
        &mut timings,
    );
    if a.verbose {
        for n in &compiled.nations {
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
        for s in &compiled.scenarios {
            print_scenario_notes(s);
        }
    }
    let format = a.message_format;
    let status = timings.time("report", || report_as(&compiled, a.data.strict, format));
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
            "qm: ok ({} nation{}, {} vehicles{scenarios})",
            compiled.nations.len(),
            plural(compiled.nations.len()),
            vehicles
        );
    }
    // The process ends here: freeing a long listing's IR value by value would cost more than
    // a tenth of the check, for memory the exit returns at once.
    std::mem::forget(compiled);
    status
}

/// `qm check --verbose`: the facts a scenario's card prints (they are not warnings).
fn print_scenario_notes(s: &qm_schema::Scenario) {
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
fn say(line: &str) {
    println!("{}", crate::diagnostics::escape(line));
}

fn schema(a: SchemaArgs) -> u8 {
    let files = crate::build::schema_files();
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
                let written = pretty(schema).map_err(|e| e.to_string()).and_then(|b| {
                    write_file_atomically(target.path(), &b).map_err(|e| e.to_string())
                });
                if let Err(e) = written {
                    eprintln!("error: failed to write {} ({e})", target.shown().display());
                    return EXIT_DATA;
                }
            }
            EXIT_OK
        }
    }
}
