//! `qm build`: compile, render every artifact in memory, then write them all at once.

use std::path::PathBuf;

use qm_resolve::registry::VehicleTypeRegistry;
use qm_resolve::NationRegistries;
use qm_schema::{nation_schema, scenario_schema, schema_value, Nation, Scenario};

use crate::artifact::Artifact;
use crate::compile::Compiled;
use crate::infantry::{infantry_artifacts, infantry_images, infantry_px};
use crate::render::{
    counter_images, counter_sheets, vehicle_chart, CounterImage, CounterOptions, RenderError,
    RenderErrorKind, SheetOptions,
};
use crate::scenario::{card_html, card_svg, card_view, svg_to_pdf, ScenarioFile};
use crate::templates::{TemplateError, Templates};
use crate::vassal::{CounterPng, VassalError};

/// Options of `qm build`.
#[derive(Debug, Clone, Default)]
pub struct BuildOptions {
    /// Template directory overriding the embedded templates by name.
    pub templates: Option<PathBuf>,
    /// Counter images (PNG size).
    pub counters: CounterOptions,
    /// Counter sheets (counter size, duplex back offset).
    pub sheets: SheetOptions,
}

/// What failed while rendering the artifacts of a build.
#[derive(Debug)]
pub enum BuildError {
    /// A counter, sheet, chart or card failed (its template included).
    Render(RenderError),
    /// A scenario card's template failed.
    Template(TemplateError),
    /// The VASSAL module could not be made.
    Vassal(VassalError),
    /// An IR value could not be written as JSON.
    Json(serde_json::Error),
    /// A scenario card's page could not become a PDF.
    ScenarioPdf {
        /// The scenario's id.
        scenario: String,
        /// What failed.
        message: String,
    },
}

impl BuildError {
    /// The template error behind this failure, if a template failed: printed as a diagnostic
    /// at the template's line and column.
    pub fn template(&self) -> Option<&TemplateError> {
        match self {
            Self::Render(RenderError {
                kind: RenderErrorKind::Template(t),
                ..
            }) => Some(t),
            Self::Template(t) => Some(t),
            Self::Vassal(v) => v.template.as_deref(),
            _ => None,
        }
    }
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Render(e) => e.fmt(f),
            Self::Template(e) => e.fmt(f),
            Self::Vassal(e) => e.fmt(f),
            Self::Json(e) => write!(f, "failed to write JSON ({e})"),
            Self::ScenarioPdf { scenario, message } => write!(f, "scenario {scenario}: {message}"),
        }
    }
}

impl std::error::Error for BuildError {}

impl From<RenderError> for BuildError {
    fn from(e: RenderError) -> Self {
        Self::Render(e)
    }
}

impl From<TemplateError> for BuildError {
    fn from(e: TemplateError) -> Self {
        Self::Template(e)
    }
}

impl From<VassalError> for BuildError {
    fn from(e: VassalError) -> Self {
        Self::Vassal(e)
    }
}

impl From<serde_json::Error> for BuildError {
    fn from(e: serde_json::Error) -> Self {
        Self::Json(e)
    }
}

/// Renders every artifact of a compiled data directory.
pub fn render_all(compiled: &Compiled, opts: &BuildOptions) -> Result<Vec<Artifact>, BuildError> {
    let templates = Templates::new(opts.templates.as_deref());
    let mut artifacts = Vec::new();
    for (name, schema) in schema_files() {
        artifacts.push(Artifact::new(format!("schema/{name}"), pretty(&schema)?));
    }
    let mut pngs = Vec::new();
    for nation in &compiled.nations {
        artifacts.push(nation_json(nation)?);
        // Drawn once: the same PNGs go to out/ and into the VASSAL module.
        let images = counter_images(nation, &templates, &opts.counters)?;
        let types = &compiled.loaded.registries_of(&nation.id).types;
        artifacts.extend(render_nation(nation, &images, &templates, opts, types)?);
        let px = infantry_px(opts.counters.px);
        let infantry = infantry_images(&templates, nation, px)?;
        artifacts.extend(infantry_artifacts(nation, &infantry));
        pngs.extend(images.into_iter().map(|i| CounterPng::new(&nation.id, i)));
        pngs.extend(
            infantry
                .into_iter()
                .map(|i| CounterPng::infantry(&nation.id, i)),
        );
    }
    for scenario in &compiled.scenarios {
        artifacts.extend(scenario_artifacts(
            &templates,
            scenario,
            &compiled.nations,
            &compiled.loaded,
        )?);
    }
    artifacts.push(crate::vassal::module_artifact(
        &compiled.loaded.data_dir,
        &compiled.nations,
        &pngs,
        opts.templates.as_deref(),
        &compiled.loaded,
    )?);
    artifacts.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(artifacts)
}

/// A nation's counters (SVG + PNG per side, from `images`), counter sheets (PDF per paper
/// size) and vehicle chart (HTML + PDF, grouped by its vehicle `types`).
pub fn render_nation(
    nation: &Nation,
    images: &[CounterImage],
    templates: &Templates,
    opts: &BuildOptions,
    types: &VehicleTypeRegistry,
) -> Result<Vec<Artifact>, RenderError> {
    let mut artifacts = Vec::new();
    for image in images {
        let stem = format!("{}/counters/{}", nation.id, image.stem());
        artifacts.push(Artifact::new(format!("{stem}.svg"), image.svg.clone()));
        artifacts.push(Artifact::new(format!("{stem}.png"), image.png.clone()));
    }
    for (path, pdf) in counter_sheets(nation, templates, &opts.counters, &opts.sheets)? {
        artifacts.push(Artifact::new(path, pdf));
    }
    let chart = vehicle_chart(nation, templates, types)?;
    artifacts.push(Artifact::new(chart.html_path, chart.html));
    artifacts.push(Artifact::new(chart.pdf_path, chart.pdf));
    Ok(artifacts)
}

/// `<nation>.json`: the IR, pretty-printed in a stable order.
pub fn nation_json(nation: &Nation) -> Result<Artifact, serde_json::Error> {
    Ok(Artifact::new(
        format!("{}.json", nation.id),
        pretty(nation)?,
    ))
}

/// Pretty JSON with a final newline.
pub fn pretty<T: serde::Serialize>(value: &T) -> Result<Vec<u8>, serde_json::Error> {
    let mut bytes = serde_json::to_vec_pretty(value)?;
    bytes.push(b'\n');
    Ok(bytes)
}

/// `scenarios/<id>.json` (the resolved scenario), `.html` and `.pdf` (the card).
pub fn scenario_artifacts(
    templates: &Templates,
    scenario: &Scenario,
    nations: &[Nation],
    registries: &dyn NationRegistries,
) -> Result<Vec<Artifact>, BuildError> {
    let view = card_view(templates, scenario, nations, registries)?;
    let html = card_html(templates, &view)?;
    let svg = card_svg(templates, &view)?;
    let pdf = svg_to_pdf(&svg).map_err(|message| BuildError::ScenarioPdf {
        scenario: scenario.id.clone(),
        message,
    })?;
    let base = format!("scenarios/{}", scenario.id);
    Ok(vec![
        Artifact::new(format!("{base}.json"), pretty(scenario)?),
        Artifact::new(format!("{base}.html"), html.into_bytes()),
        Artifact::new(format!("{base}.pdf"), pdf),
    ])
}

/// Every committed schema file: its name under `schema/` and its contents.
pub fn schema_files() -> Vec<(&'static str, serde_json::Value)> {
    vec![
        ("nation.schema.json", nation_schema()),
        ("scenario.schema.json", scenario_schema()),
        ("scenario-file.schema.json", schema_value::<ScenarioFile>()),
    ]
}
