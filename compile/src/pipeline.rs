//! load -> parse -> resolve -> lint -> validate, for every nation in a data directory.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use qm_parser::{Diagnostic, Severity};
use qm_registry::NationTheaters;
use qm_schema::{
    nation_validation_schemas, scenario_validation_schema, Nation, Scenario, SchemaValidator,
    SchemaViolation, Tape, TapeError, TheaterId,
};
use rayon::prelude::*;

use crate::memo::Memo;
use crate::nations::{nation_theaters, resolve_nation};
use crate::scenario::look_up_scenario;
use crate::timings::Timings;
use qm_load::data_dir::{load, load_scenarios, Loaded};
use qm_load::diagnostics;
use qm_load::input::InputLimits;
use qm_resolve::colours::Palette;

/// The result of compiling a data directory.
#[derive(Debug)]
pub struct Compiled {
    /// The sources read (for printing diagnostics).
    pub loaded: Loaded,
    /// One IR document per nation, sorted by id.
    pub nations: Vec<Nation>,
    /// The theaters each nation fought in, by nation id (what "Any" and a group stand for
    /// in questions about it).
    pub theaters: BTreeMap<String, Vec<TheaterId>>,
    /// The scenarios that resolved, in file order.
    pub scenarios: Vec<Scenario>,
    /// The maintainers' vehicle art, checked and ready to draw, by nation id.
    pub art: qm_layout::art::ArtBook,
    /// The colours every nation's counters and chart are printed in, by nation id.
    pub colours: Palette,
    /// Every diagnostic of the run, sorted by file and position.
    pub diagnostics: Vec<Diagnostic>,
    /// How long each stage took.
    pub timings: Timings,
    /// Each nation's [`crate::memo::ir_key`] as compiled, by id, when the compile had a memo:
    /// what `qm build` keys the nation's JSON by. Whatever changes a nation after the compile
    /// says so ([`Compiled::changed_nation`]: `--keep-going`'s pruning).
    pub ir_keys: BTreeMap<String, u64>,
}

impl Compiled {
    /// The theaters nation `id` fought in, with its theater registry.
    pub fn nation_theaters(&self, id: &str) -> NationTheaters<'_> {
        nation_theaters(&self.loaded, &self.theaters, id)
    }

    /// Marks nation `i` (in [`Compiled::nations`]) as changed since the compile: its
    /// [`Compiled::ir_keys`] entry goes, the IR being no longer the one hashed.
    pub fn changed_nation(&mut self, i: usize) {
        if let Some(n) = self.nations.get(i) {
            self.ir_keys.remove(&n.id);
        }
    }

    /// True when the run found errors (or, with `strict`, warnings).
    pub fn failed(&self, strict: bool) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.is_error() || (strict && d.severity == Severity::Warning))
    }
}

/// How a data directory is compiled; [`CompileOptions::default`] is what `qm check DIR` does.
#[derive(Default, Clone)]
pub struct CompileOptions {
    /// The scenarios of this `.toml` file or folder instead of `data_dir/scenarios/`.
    pub scenarios: Option<PathBuf>,
    /// The caps inputs are read within.
    pub limits: InputLimits,
    /// Shows the stage being worked on (`qm build` on a terminal); kept in
    /// [`Compiled::timings`] for the stages after.
    pub progress: Option<indicatif::ProgressBar>,
    /// What former runs validated clean (`qm build`'s build cache): a nation whose IR is one
    /// of them is not validated again ([`crate::memo`]).
    pub memo: Option<std::sync::Arc<dyn Memo>>,
}

impl std::fmt::Debug for CompileOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CompileOptions")
            .field("scenarios", &self.scenarios)
            .field("limits", &self.limits)
            .field("progress", &self.progress)
            .field("memo", &self.memo.is_some())
            .finish()
    }
}

/// Compiles every nation and scenario under `data_dir`; never stops at the first problem.
/// The time of each stage (`load`, `resolve`, `validate`, `art`) is in [`Compiled::timings`].
/// Nations are resolved and validated in parallel; the IR and the diagnostics do not depend
/// on the number of threads.
pub fn compile(data_dir: &Path, opts: &CompileOptions) -> Compiled {
    let mut timings = match &opts.progress {
        Some(bar) => Timings::with_progress(bar.clone()),
        None => Timings::default(),
    };
    let scenarios = opts.scenarios.as_deref();
    let limits = opts.limits;
    let mut loaded = timings.time("load", || load_inputs(data_dir, scenarios, limits));
    let mut diagnostics = loaded.diagnostics.clone();
    // Parsing happens inside resolving (`qm_resolve` reads the listing and the notes itself),
    // so `resolve` includes it.
    let resolved: Vec<_> = timings.time("resolve", || {
        loaded
            .nations
            .par_iter()
            .map(|sources| resolve_nation(&loaded, sources))
            .collect()
    });
    // Resolving freed the listings' rows and the notes' rules: given back before validation.
    crate::memory::release_freed();
    let Validated {
        nations,
        theaters,
        colours,
        printable,
        ir_keys,
    } = validate_nations(
        &loaded,
        resolved,
        opts.memo.as_deref(),
        &mut diagnostics,
        &mut timings,
    );
    timings.time("validate", || {
        // The module's files as the load stage read them: what the build will use.
        diagnostics.extend(qm_load::module_files::gpids::lint(
            &loaded.module_files,
            &mut loaded.sources,
            &nations,
        ));
        diagnostics.extend(printable);
        diagnostics.extend(qm_load::module_files::config::lint(
            &mut loaded.sources,
            &loaded.module_files.config,
        ));
    });
    let (scenarios, scenario_diags) = timings.time("resolve", || {
        compile_scenarios(&loaded, &nations, &theaters)
    });
    diagnostics.extend(scenario_diags);
    // Art is matched to the resolved vehicles and decoded here, once, so that `check` reports
    // every bad picture and a build that passed it draws them all.
    let (art, art_diags) =
        timings.time("art", || qm_layout::art::assign_nations(&loaded, &nations));
    diagnostics.extend(art_diags);
    diagnostics::sort(&loaded.sources, &mut diagnostics);
    Compiled {
        loaded,
        nations,
        theaters,
        scenarios,
        art,
        colours,
        diagnostics,
        timings,
        ir_keys,
    }
}

/// The data directory loaded, with the scenarios of `scenarios` instead of its own when given.
fn load_inputs(data_dir: &Path, scenarios: Option<&Path>, limits: InputLimits) -> Loaded {
    let mut loaded = load(data_dir, limits);
    if let Some(path) = scenarios {
        loaded.scenarios.clear();
        load_scenarios(&mut loaded, path, &path.to_string_lossy());
    }
    loaded
}

/// The resolved nations, validated and checked for what the build needs.
struct Validated {
    nations: Vec<Nation>,
    theaters: BTreeMap<String, Vec<TheaterId>>,
    colours: Palette,
    /// What the build needs that the data lacks (reported after the registries' findings).
    printable: Vec<Diagnostic>,
    /// Each nation's IR key, when validated with a memo.
    ir_keys: BTreeMap<String, u64>,
}

/// Validates every resolved nation against the schema and checks what the build needs of it,
/// on every core, taking what `memo` kept for a nation's IR ([`validate_remembered`]); the
/// resolver's and the schema's findings go to `diagnostics` in input order.
fn validate_nations(
    loaded: &Loaded,
    resolved: Vec<qm_resolve::Resolved>,
    memo: Option<&dyn Memo>,
    diagnostics: &mut Vec<Diagnostic>,
    timings: &mut Timings,
) -> Validated {
    let validated: Vec<_> = timings.time("validate", || {
        resolved
            .into_par_iter()
            .map(|mut r| {
                let Some(memo) = memo else {
                    let found = validate_nation(&mut r.nation);
                    let printable = crate::printable::check_nation(&loaded.sources, &r.nation);
                    return (r, found, printable, None);
                };
                let key = crate::memo::ir_key(&r.nation);
                let (found, printable) =
                    validate_remembered(memo, key, &loaded.sources, &mut r.nation);
                (r, found, printable, Some(key))
            })
            .collect()
    });
    let mut out = Validated {
        nations: Vec::with_capacity(validated.len()),
        theaters: BTreeMap::new(),
        colours: Palette::new(&loaded.registries.colours),
        printable: Vec::new(),
        ir_keys: BTreeMap::new(),
    };
    for (resolved, found, unbuildable, key) in validated {
        diagnostics.extend(resolved.diagnostics);
        diagnostics.extend(found);
        out.printable.extend(unbuildable);
        let id = &resolved.nation.id;
        if let Some(key) = key {
            out.ir_keys.insert(id.clone(), key);
        }
        out.theaters.insert(id.clone(), resolved.theaters);
        out.colours.insert(id, resolved.colours);
        out.nations.push(resolved.nation);
    }
    out
}

/// What validating `nation` (IR key `key`) found: the schema check's findings (none when
/// `memo` knows the IR as clean) and the printable checks' (the counters' fit as `memo` kept
/// it for the IR, else laid out now and kept).
fn validate_remembered(
    memo: &dyn Memo,
    key: u64,
    sources: &qm_parser::SourceMap,
    nation: &mut Nation,
) -> (Vec<Diagnostic>, Vec<Diagnostic>) {
    let found = if crate::memo::schema_clean(memo, key) {
        Vec::new()
    } else {
        let found = validate_nation(nation);
        if found.is_empty() {
            crate::memo::keep_schema_clean(memo, key);
        }
        found
    };
    let fit = crate::memo::fit(memo, key, sources, nation);
    let printable = crate::printable::check_nation_fitted(sources, nation, fit);
    (found, printable)
}

/// Resolves every loaded scenario against the nations (and the theaters each fought in); two
/// scenarios may not share an id.
pub fn compile_scenarios(
    loaded: &Loaded,
    nations: &[Nation],
    theaters: &BTreeMap<String, Vec<TheaterId>>,
) -> (Vec<Scenario>, Vec<Diagnostic>) {
    let mut scenarios: Vec<Scenario> = Vec::new();
    let mut diagnostics = Vec::new();
    for &file in &loaded.scenarios {
        let resolved = look_up_scenario(loaded, file, nations, theaters);
        diagnostics.extend(resolved.diagnostics);
        let Some(s) = resolved.scenario else { continue };
        if let Some(first) = scenarios.iter().find(|o| o.id == s.id) {
            diagnostics.push(
                Diagnostic::new(
                    Severity::Error,
                    "scenario::duplicate-id",
                    format!(
                        "failed to add scenario `{}` from {} (the id is also used by {})",
                        s.id, s.source, first.source
                    ),
                    None,
                )
                .with_help("give each scenario its own `id`"),
            );
            continue;
        }
        diagnostics.extend(validate_scenario(&s));
        scenarios.push(s);
    }
    (scenarios, diagnostics)
}

/// A schema compiled and its validator, once per process.
type Validator = OnceLock<Result<SchemaValidator, SchemaViolation>>;

/// The validators of a nation without its vehicles and of one vehicle, compiled together
/// from the committed nation schema read once ([`nation_validation_schemas`]).
static NATION: OnceLock<(
    Result<SchemaValidator, SchemaViolation>,
    Result<SchemaValidator, SchemaViolation>,
)> = OnceLock::new();
/// The scenario schema's validator.
static SCENARIO: Validator = OnceLock::new();

/// Compiles the schemas' validators now (about 10 ms, on one thread). A run that validates
/// calls it on a thread of its own before loading, so the validators are ready, or nearly,
/// when the first nation is resolved; a validation that comes first waits for it and does not
/// compile them twice.
pub fn warm_up() {
    let _ = nation_validators();
    let _ = scenario_validator();
}

/// The validators of a nation without its vehicles (its vehicles are validated one by one:
/// [`validate_nation`] takes them out first) and of one vehicle. The shell's schema is the
/// nation's with an empty list in place of the vehicles: the same verdict on a nation without
/// vehicles, and its validator does not compile the vehicle's definitions again.
fn nation_validators(
) -> Result<(&'static SchemaValidator, &'static SchemaValidator), &'static SchemaViolation> {
    let (shell, vehicle) = NATION.get_or_init(|| {
        let (shell, vehicle) = nation_validation_schemas();
        (
            SchemaValidator::prepared(&shell),
            SchemaValidator::prepared(&vehicle),
        )
    });
    Ok((shell.as_ref()?, vehicle.as_ref()?))
}

/// The scenario schema's validator, compiled once per process.
fn scenario_validator() -> Result<&'static SchemaValidator, &'static SchemaViolation> {
    SCENARIO
        .get_or_init(|| SchemaValidator::prepared(&scenario_validation_schema()))
        .as_ref()
}

fn violation(document: &str, v: &SchemaViolation) -> Diagnostic {
    Diagnostic::new(
        Severity::Error,
        "schema::violation",
        format!(
            "failed to validate {document} at {} ({})",
            v.instance_path, v.message
        ),
        None,
    )
    .with_help("this is a bug in qm: please report it with the data that caused it")
}

/// Checks a resolved scenario against its committed schema; a violation is a bug in qm.
pub fn validate_scenario(s: &Scenario) -> Vec<Diagnostic> {
    let document = format!("scenarios/{}.json", s.id);
    let validator = match scenario_validator() {
        Ok(v) => v,
        Err(e) => return vec![violation(&document, e)],
    };
    match validator.validate(s, &mut Tape::new()) {
        Ok(found) => found.iter().map(|v| violation(&document, v)).collect(),
        Err(e) => vec![Diagnostic::new(
            Severity::Error,
            "schema::serialize",
            format!("failed to serialize scenario {} ({e})", s.id),
            None,
        )],
    }
}

/// Checks the IR against the committed schema. A violation is a bug in qm, not in the data.
///
/// The nation without its vehicles is checked against the nation schema, then each vehicle on
/// its own against the vehicle schema (its violations at `/vehicles/<i>/...`), each serialized
/// onto a [`Tape`] reused from one vehicle to the next: memory stays that of one vehicle
/// however long the listing, and no `serde_json::Value` is built. The vehicles are taken out
/// for the first check and put back.
pub fn validate_nation(nation: &mut Nation) -> Vec<Diagnostic> {
    let document = format!("{}.json", nation.id);
    let serialize_error = |e: TapeError| {
        vec![Diagnostic::new(
            Severity::Error,
            "schema::serialize",
            format!("failed to serialize the {} IR ({e})", nation.id),
            None,
        )]
    };
    let (shell, vehicle) = match nation_validators() {
        Ok(both) => both,
        Err(e) => return vec![violation(&document, e)],
    };
    let vehicles = std::mem::take(&mut nation.vehicles);
    let found = shell.validate(&*nation, &mut Tape::new());
    nation.vehicles = vehicles;
    let mut out: Vec<Diagnostic> = match found {
        Ok(found) => found.iter().map(|v| violation(&document, v)).collect(),
        Err(e) => return serialize_error(e),
    };
    // Vehicles are checked in parallel, a tape per task; the findings are gathered in listing
    // order.
    let found: Vec<Result<Vec<SchemaViolation>, TapeError>> = nation
        .vehicles
        .par_iter()
        .map_init(Tape::new, |tape, v| vehicle.validate(v, tape))
        .collect();
    for (i, found) in found.into_iter().enumerate() {
        match found {
            Ok(found) => {
                for mut v in found {
                    v.instance_path = format!("/vehicles/{i}{}", v.instance_path);
                    out.push(violation(&document, &v));
                }
            }
            Err(e) => return serialize_error(e),
        }
    }
    out
}
