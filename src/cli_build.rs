//! What `qm build`, `qm watch` and `qm vassal merge` share: the data and build arguments,
//! the checks before any work, compiling and rendering in memory.

use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;

use crate::cli_report::{
    build_error_text, output_error, plural, report, EXIT_DATA, EXIT_OK, EXIT_USAGE,
};
use qm_compile::pipeline::CompileOptions;
use qm_compile::timings::Timings;
use qm_export::artifact::{tidy_interrupted, Input, InputRole, OutputDir, Tidied};
use qm_export::build::{render_all, BuildOptions};
use qm_export::disk_cache::{DiskCache, DEFAULT_MAX_BYTES};
use qm_load::diagnostics::Escaped;
use qm_load::input::InputLimits;
use qm_render::{CounterOptions, CounterSize, SheetOptions};

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
    /// Raise every input size cap to at least this many MiB (1 to 65536; docs/commands.md: Input limits).
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=MAX_INPUT_MIB))]
    pub max_input_mib: Option<u64>,
    /// Number of threads (default: one per core); the output does not depend on it.
    #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
}

/// The largest `--max-input-mib` (64 GiB): past any file qm could hold in memory, and far
/// from where the cap in bytes would overflow.
pub const MAX_INPUT_MIB: u64 = 65536;

impl DataArgs {
    /// The input caps of this run: the defaults, raised by `--max-input-mib`.
    pub fn limits(&self) -> InputLimits {
        self.max_input_mib
            .map_or_else(InputLimits::default, InputLimits::raised_to_mib)
    }

    /// Sizes the thread pool (`--jobs`) and checks `--scenarios` exists: a usage error
    /// (exit 2) when it does not, returned as the exit status.
    pub fn prepare(&self) -> Option<u8> {
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
            scenarios.escaped()
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
    /// Write every artifact no error touches: vehicles, nations and scenarios with errors in
    /// their data are left out (listed in `unresolved.txt` and each nation's JSON), and the
    /// exit status is 1. Without it a build with errors writes nothing.
    #[arg(long)]
    pub keep_going: bool,
    /// The build cache (`qm build`): pieces earlier builds rendered, reused when their inputs
    /// did not change. Default: `.<out>.cache` beside the output. Safe to delete.
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
    /// Build without the cache: nothing is read from it or kept in it.
    #[arg(long, conflicts_with = "cache_dir")]
    pub no_cache: bool,
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

/// What `build` and `watch` check before any work: the data arguments, the output directory
/// (a refused `--out` is a usage error found before the compile, so nothing is computed in
/// vain), `--templates`; then what interrupted builds left is tidied. `Err` is the exit status.
pub fn prepare_build(a: &BuildArgs) -> Result<OutputDir, u8> {
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

/// The build cache `qm build` uses (`--cache-dir`, else beside `out`), or none
/// (`--no-cache`). The directory passes the output checks: none of the inputs, the current
/// directory or a directory someone else filled; nor the output or inside it. `Err` is the
/// exit status of a refused `--cache-dir`.
pub fn open_cache(a: &BuildArgs, out: &OutputDir) -> Result<Option<Arc<DiskCache>>, u8> {
    if a.no_cache {
        return Ok(None);
    }
    let dir = a
        .cache_dir
        .clone()
        .unwrap_or_else(|| out.default_cache_dir());
    let checked = OutputDir::check(&dir, &build_inputs(a)).map_err(|e| output_error(&e))?;
    let path = checked.path();
    if path.starts_with(out.path()) || out.path().starts_with(path) {
        eprintln!(
            "error: the build cache {} overlaps the output {}",
            dir.escaped(),
            a.out.escaped()
        );
        eprintln!("  = help: give a --cache-dir outside --out (or leave it out)");
        return Err(EXIT_USAGE);
    }
    Ok(Some(Arc::new(DiskCache::new(path, DEFAULT_MAX_BYTES))))
}

/// Compiles and renders every artifact in memory, with the build cache `disk`; diagnostics are
/// printed (after `before_report`, which clears a progress line). `Err` is the exit status of
/// a failed compile or render.
pub fn compile_and_render(
    a: &BuildArgs,
    disk: Option<Arc<DiskCache>>,
    timings: &mut Timings,
    before_report: impl Fn(),
) -> Result<
    (
        qm_compile::pipeline::Compiled,
        Vec<qm_render::artifact::Artifact>,
    ),
    u8,
> {
    let mut cache = qm_export::render_cache::RenderCache {
        disk,
        one_build: true,
        ..Default::default()
    };
    compile_and_render_cached(a, timings, before_report, &mut cache)
}

/// [`compile_and_render`] with the pieces of the last build in `cache` (`qm watch`).
pub fn compile_and_render_cached(
    a: &BuildArgs,
    timings: &mut Timings,
    before_report: impl Fn(),
    cache: &mut qm_export::render_cache::RenderCache,
) -> Result<
    (
        qm_compile::pipeline::Compiled,
        Vec<qm_render::artifact::Artifact>,
    ),
    u8,
> {
    let mut compiled = qm_compile::pipeline::compile(
        &a.data.data,
        &CompileOptions {
            scenarios: a.data.scenarios.clone(),
            limits: a.data.limits(),
            progress: timings.progress(),
            memo: cache
                .disk
                .clone()
                .map(|d| d as Arc<dyn qm_compile::memo::Memo>),
        },
    );
    *timings = std::mem::take(&mut compiled.timings);
    if !compiled.diagnostics.is_empty() {
        before_report();
    }
    let status = report(&compiled, a.data.strict);
    let mut left_out = None;
    if status != EXIT_OK {
        if !a.keep_going || !compiled.diagnostics.iter().any(|d| d.is_error()) {
            return Err(status);
        }
        let Some(left) = crate::keep_going::prune(&mut compiled) else {
            eprintln!("qm: --keep-going: an error lies in data every nation shares");
            return Err(status);
        };
        eprint!("{}", qm_load::diagnostics::escape(&left.report()));
        left_out = Some(left);
    }
    match render_all(&compiled, &build_options(a), timings, cache) {
        Ok(mut artifacts) => {
            artifacts.extend(left_out.map(|l| l.artifact()));
            Ok((compiled, artifacts))
        }
        Err(e) => {
            before_report();
            eprint!("{}", build_error_text(&e));
            Err(EXIT_DATA)
        }
    }
}

/// Starts, on a thread of its own, the work a run does once per process before it can
/// validate (the schemas' validators) and, for a build (`build`: its arguments), render (the
/// fonts, the module's board): about 15 ms that then overlap loading and resolving. Not with
/// `--jobs 1`, which asks for one core.
pub fn warm_up_beside(build: Option<&BuildArgs>) {
    if rayon::current_num_threads() < 2 {
        return;
    }
    let templates = build.map(|a| a.templates.clone());
    std::thread::spawn(move || {
        qm_compile::pipeline::warm_up();
        if let Some(templates) = templates {
            qm_export::build::warm_up(templates.as_deref());
        }
    });
}

/// The render options `build` and `watch` take from their arguments.
pub fn build_options(a: &BuildArgs) -> BuildOptions {
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
pub fn check_templates_dir(dir: Option<&std::path::Path>) -> Option<u8> {
    let e = qm_render::templates::source::check_dir(dir?).err()?;
    eprintln!("error: {e}");
    eprintln!("  = help: give a directory of templates (see templates/README.md), or leave --templates out");
    Some(EXIT_USAGE)
}

/// What `qm build` reads, which its output must stay clear of.
pub fn build_inputs(a: &BuildArgs) -> Vec<Input> {
    let mut inputs = Input::with_links(InputRole::DataDir, &a.data.data);
    if let Some(t) = &a.templates {
        inputs.push(Input::new(InputRole::TemplatesDir, t));
    }
    if let Some(s) = &a.data.scenarios {
        inputs.extend(Input::with_links(InputRole::Scenarios, s));
    }
    inputs
}

/// Says what was left by interrupted builds and has been dealt with.
pub fn report_tidied(out: &OutputDir, t: &Tidied) {
    if let Some(aside) = &t.restored {
        eprintln!(
            "qm: put {} back in place (an interrupted build had moved it to {})",
            out.shown().escaped(),
            aside.escaped()
        );
    }
    if !t.removed.is_empty() {
        eprintln!(
            "qm: removed {} folder{} left beside {} by interrupted builds",
            t.removed.len(),
            plural(t.removed.len()),
            out.shown().escaped()
        );
    }
    for dir in &t.foreign {
        eprintln!(
            "qm: left {} untouched: it is named like a folder qm leaves beside {}, but qm did not \
             make it (it has no {}, or holds a mount point or an input of this run)",
            dir.escaped(),
            out.shown().escaped(),
            qm_export::artifact::MARKER
        );
    }
}
