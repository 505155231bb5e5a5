//! `qm build`: compile, render every artifact in memory, then write them all at once.

use std::path::PathBuf;

use qm_schema::{nation_schema, Nation};

use crate::artifact::Artifact;
use crate::compile::Compiled;

/// Options of `qm build`.
#[derive(Debug, Clone, Default)]
pub struct BuildOptions {
    /// Template directory overriding the embedded templates by name.
    pub templates: Option<PathBuf>,
}

/// Renders every artifact of a compiled data directory.
pub fn render_all(compiled: &Compiled, opts: &BuildOptions) -> Result<Vec<Artifact>, String> {
    let mut artifacts = Vec::new();
    for (name, schema) in schema_files() {
        artifacts.push(Artifact::new(format!("schema/{name}"), pretty(&schema)?));
    }
    for nation in &compiled.nations {
        artifacts.push(nation_json(nation)?);
    }
    // Placeholder counters until the renderer's PNGs are wired in here (one line: map its
    // CounterImages to `vassal::CounterPng`).
    let images = crate::vassal::placeholder_images(&compiled.nations);
    artifacts.push(
        crate::vassal::module_artifact(
            &compiled.loaded.data_dir,
            &compiled.nations,
            &images,
            opts.templates.as_deref(),
        )
        .map_err(|e| e.to_string())?,
    );
    artifacts.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(artifacts)
}

/// `<nation>.json`: the IR, pretty-printed in a stable order.
pub fn nation_json(nation: &Nation) -> Result<Artifact, String> {
    Ok(Artifact::new(
        format!("{}.json", nation.id),
        pretty(nation)?,
    ))
}

/// Pretty JSON with a final newline.
pub fn pretty<T: serde::Serialize>(value: &T) -> Result<Vec<u8>, String> {
    let mut bytes =
        serde_json::to_vec_pretty(value).map_err(|e| format!("failed to write JSON ({e})"))?;
    bytes.push(b'\n');
    Ok(bytes)
}

/// Every committed schema file: its name under `schema/` and its contents.
pub fn schema_files() -> Vec<(&'static str, serde_json::Value)> {
    vec![("nation.schema.json", nation_schema())]
}
