//! Stage 3, resolve: a loaded nation -> the IR, through [`qm_resolve`] (which also holds the
//! lints, the availability queries and the `ob.toml` reader).

use std::collections::BTreeMap;

use qm_registry::{NationRegistries, NationTheaters};
use qm_schema::TheaterId;

use qm_load::data_dir::{Loaded, NationSources};

use qm_resolve::Resolved;

/// Parses a nation's sources, resolves them into the IR and runs the lints.
pub fn resolve_nation(loaded: &Loaded, sources: &NationSources) -> Resolved {
    qm_resolve::resolve_nation(&sources.input, &loaded.sources, &sources.registries)
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
