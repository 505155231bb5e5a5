//! load -> parse -> resolve -> lint -> validate, for every nation in a data directory.

use std::collections::BTreeMap;
use std::path::Path;

use qm_parser::{Diagnostic, Severity};
use qm_resolve::{NationRegistries, NationTheaters};
use qm_schema::{nation_schema, scenario_schema, validate, Nation, Scenario, TheaterId};

use crate::diagnostics;
use crate::load::{load, load_scenarios, Loaded};
use crate::resolve::resolve_nation;
use crate::scenario::resolve_scenario;

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
    /// Every diagnostic of the run, sorted by file and position.
    pub diagnostics: Vec<Diagnostic>,
}

impl Compiled {
    /// The theaters nation `id` fought in, with its theater registry.
    pub fn nation_theaters(&self, id: &str) -> NationTheaters<'_> {
        nation_theaters(&self.loaded, &self.theaters, id)
    }

    /// True when the run found errors (or, with `strict`, warnings).
    pub fn failed(&self, strict: bool) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.is_error() || (strict && d.severity == Severity::Warning))
    }
}

/// Compiles every nation and scenario under `data_dir`; never stops at the first problem.
pub fn compile(data_dir: &Path) -> Compiled {
    compile_with(data_dir, None)
}

/// Like [`compile`], with the scenarios taken from `scenarios` (a `.toml` file or a folder)
/// instead of `data_dir/scenarios/`.
pub fn compile_with(data_dir: &Path, scenarios: Option<&Path>) -> Compiled {
    let mut loaded = load(data_dir);
    if let Some(path) = scenarios {
        loaded.scenarios.clear();
        load_scenarios(&mut loaded, path, &path.to_string_lossy());
    }
    let mut diagnostics = loaded.diagnostics.clone();
    let mut nations = Vec::new();
    let mut theaters = BTreeMap::new();
    for sources in &loaded.nations {
        let resolved = resolve_nation(&loaded, sources);
        diagnostics.extend(resolved.diagnostics);
        diagnostics.extend(validate_nation(&resolved.nation));
        theaters.insert(resolved.nation.id.clone(), resolved.theaters);
        nations.push(resolved.nation);
    }
    diagnostics.extend(crate::vassal::gpids::lint(data_dir, &nations));
    diagnostics.extend(crate::buildable::check_nations(&loaded.sources, &nations));
    diagnostics.extend(crate::vassal::config::lint(&mut loaded.sources, data_dir));
    let (scenarios, scenario_diags) = compile_scenarios(&loaded, &nations, &theaters);
    diagnostics.extend(scenario_diags);
    diagnostics::sort(&loaded.sources, &mut diagnostics);
    Compiled {
        loaded,
        nations,
        theaters,
        scenarios,
        diagnostics,
    }
}

/// The theaters nation `id` fought in (none when it did not compile), with its registry.
pub fn nation_theaters<'a>(
    loaded: &'a Loaded,
    theaters: &BTreeMap<String, Vec<TheaterId>>,
    id: &str,
) -> NationTheaters<'a> {
    NationTheaters::new(
        &loaded.registries_of(id).theaters,
        theaters.get(id).cloned().unwrap_or_default(),
    )
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
        let resolved = resolve_scenario(loaded, file, nations, theaters);
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

/// Checks a resolved scenario against its committed schema; a violation is a bug in qm.
pub fn validate_scenario(s: &Scenario) -> Vec<Diagnostic> {
    match serde_json::to_value(s) {
        Ok(doc) => validate(&scenario_schema(), &doc)
            .into_iter()
            .map(|v| {
                Diagnostic::new(
                    Severity::Error,
                    "schema::violation",
                    format!(
                        "failed to validate scenarios/{}.json at {} ({})",
                        s.id, v.instance_path, v.message
                    ),
                    None,
                )
                .with_help("this is a bug in qm: please report it with the data that caused it")
            })
            .collect(),
        Err(e) => vec![Diagnostic::new(
            Severity::Error,
            "schema::serialize",
            format!("failed to serialize scenario {} ({e})", s.id),
            None,
        )],
    }
}

/// Checks the IR against the committed schema. A violation is a bug in qm, not in the data.
pub fn validate_nation(nation: &Nation) -> Vec<Diagnostic> {
    let doc = match serde_json::to_value(nation) {
        Ok(v) => v,
        Err(e) => {
            return vec![Diagnostic::new(
                Severity::Error,
                "schema::serialize",
                format!("failed to serialize the {} IR ({e})", nation.id),
                None,
            )]
        }
    };
    validate(&nation_schema(), &doc)
        .into_iter()
        .map(|v| {
            Diagnostic::new(
                Severity::Error,
                "schema::violation",
                format!(
                    "failed to validate {}.json at {} ({})",
                    nation.id, v.instance_path, v.message
                ),
                None,
            )
            .with_help("this is a bug in qm: please report it with the data that caused it")
        })
        .collect()
}
