//! load -> parse -> resolve -> lint -> validate, for every nation in a data directory.

use std::path::Path;

use qm_parser::{Diagnostic, Severity};
use qm_schema::{nation_schema, validate, Nation};

use crate::diagnostics;
use crate::load::{load, Loaded};
use crate::resolve::resolve_nation;

/// The result of compiling a data directory.
#[derive(Debug)]
pub struct Compiled {
    /// The sources read (for printing diagnostics).
    pub loaded: Loaded,
    /// One IR document per nation, sorted by id.
    pub nations: Vec<Nation>,
    /// Every diagnostic of the run, sorted by file and position.
    pub diagnostics: Vec<Diagnostic>,
}

impl Compiled {
    /// True when the run found errors (or, with `strict`, warnings).
    pub fn failed(&self, strict: bool) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.is_error() || (strict && d.severity == Severity::Warning))
    }
}

/// Compiles every nation under `data_dir`; never stops at the first problem.
pub fn compile(data_dir: &Path) -> Compiled {
    let loaded = load(data_dir);
    let mut diagnostics = loaded.diagnostics.clone();
    let mut nations = Vec::new();
    for sources in &loaded.nations {
        let resolved = resolve_nation(&loaded, sources);
        diagnostics.extend(resolved.diagnostics);
        diagnostics.extend(validate_nation(&resolved.nation));
        nations.push(resolved.nation);
    }
    diagnostics.extend(crate::vassal::gpids::lint(data_dir, &nations));
    diagnostics::sort(&loaded.sources, &mut diagnostics);
    Compiled {
        loaded,
        nations,
        diagnostics,
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
