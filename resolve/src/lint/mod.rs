//! Data lints: findings about values that parse but disagree with each other or the rules.
//!
//! A finding that is right as published is silenced by an `[[accept]]` entry in the nation's
//! `errata.toml` that says why; an acceptance that silences nothing is itself reported, so the
//! list cannot go stale.

mod listing;
mod mg;

use qm_parser::Diagnostic;
use qm_schema::Acceptance;

pub use listing::*;
pub use mg::*;

use qm_load::nation_input::Accept;

/// A lint finding: a diagnostic plus what an acceptance matches it by.
#[derive(Debug, Clone)]
pub struct Finding {
    /// The diagnostic to print.
    pub diagnostic: Diagnostic,
    /// The vehicle it is about (normalized name), if any.
    pub vehicle: Option<String>,
    /// A short quote of the offending text, for acceptances that need to pin one finding.
    pub text: Option<String>,
}

/// Drops the findings an acceptance covers and reports acceptances that cover nothing.
/// Returns the remaining diagnostics and the acceptances that were used.
pub fn apply_acceptances(
    accepts: &[Accept],
    findings: Vec<Finding>,
) -> (Vec<Diagnostic>, Vec<Acceptance>) {
    let mut used = vec![false; accepts.len()];
    let mut out = Vec::new();
    for f in findings {
        match accepts.iter().position(|a| covers(a, &f)) {
            Some(i) => used[i] = true,
            None => out.push(f.diagnostic),
        }
    }
    let mut accepted = Vec::new();
    for (a, used) in accepts.iter().zip(used) {
        if used {
            accepted.push(Acceptance {
                code: a.code.clone(),
                vehicle: a.vehicle.clone(),
                reason: a.reason.clone(),
            });
        } else {
            out.push(
                Diagnostic::warning(
                    "errata::unused-accept",
                    format!("acceptance of `{}` matches no finding", a.code),
                    a.span.clone(),
                )
                .with_label("nothing to accept")
                .with_help("the finding is gone: delete this acceptance"),
            );
        }
    }
    (out, accepted)
}

fn covers(a: &Accept, f: &Finding) -> bool {
    a.code == f.diagnostic.code
        && a.vehicle
            .as_ref()
            .is_none_or(|v| Some(v) == f.vehicle.as_ref())
        && a.text.as_ref().is_none_or(|t| Some(t) == f.text.as_ref())
}
