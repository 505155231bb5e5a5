//! Stage 3, resolve: a loaded nation -> the IR, through [`qm_resolve`] (which also holds the
//! lints, the availability queries and the `ob.toml` reader).

use crate::load::{Loaded, NationSources};

pub use qm_resolve::{names, Resolved};

/// Parses a nation's sources, resolves them into the IR and runs the lints.
pub fn resolve_nation(loaded: &Loaded, sources: &NationSources) -> Resolved {
    qm_resolve::resolve_nation(&sources.input(), &loaded.sources, &sources.registries)
}
