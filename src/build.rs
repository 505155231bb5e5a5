//! `qm build`: compile, render every artifact in memory, then write them all at once.

use std::path::PathBuf;

use qm_resolve::registry::VehicleTypeRegistry;
use qm_resolve::NationRegistries;
use qm_schema::{nation_schema, scenario_schema, schema_value, Nation, Scenario};

use rayon::prelude::*;

use crate::artifact::Artifact;
use crate::compile::Compiled;
use crate::infantry::{infantry_artifacts, infantry_images, infantry_px};
use crate::render::{
    counter_sheets, counter_sheets_with, render_sides, vehicle_chart, Converted, CounterImage,
    CounterOptions, Pictures, RenderError, RenderErrorKind, SheetOptions,
};
use crate::scenario::{card_html, card_svg, card_view, svg_to_pdf, ScenarioFile};
use crate::templates::{TemplateError, Templates};
use crate::timings::Timings;
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
    render_all_timed(compiled, opts, &mut Timings::default())
}

/// [`render_all`], recording the time of each stage (`json`, `counters`, `sheets`, `chart`,
/// `cards`, `module`) in `timings`.
///
/// Each stage runs its pieces on every core of the current rayon pool (counter sides, paper
/// sizes, chart pages, scenarios, nations); results are gathered in input order and the first
/// failure in that order is the one reported, so the output bytes and the error are the same
/// with 1 thread or 32. Every counter side is drawn once (one template render, one SVG parse)
/// for its files, the sheets and the module.
pub fn render_all_timed(
    compiled: &Compiled,
    opts: &BuildOptions,
    timings: &mut Timings,
) -> Result<Vec<Artifact>, BuildError> {
    let templates = Templates::new(opts.templates.as_deref());
    let nations = &compiled.nations;
    let mut artifacts = timings.time("json", || -> Result<_, BuildError> {
        let mut out = Vec::new();
        for (name, schema) in schema_files() {
            out.push(Artifact::new(format!("schema/{name}"), pretty(&schema)?));
        }
        let json: Vec<_> = nations.par_iter().map(nation_json).collect();
        for a in json {
            out.push(a?);
        }
        Ok(out)
    })?;

    // Each vehicle's art or silhouette, made once for every side, sheet, card and module image.
    let pictures = timings.time("pictures", || compiled.pictures(&templates))?;
    let counter_opts = CounterOptions {
        pictures: pictures.clone(),
        ..opts.counters.clone()
    };
    let px = infantry_px(opts.counters.px);
    let counters = timings.time("counters", || {
        in_order(nations.par_iter().map(|nation| {
            let sides = render_sides(nation, &templates, &counter_opts)?;
            let infantry = infantry_images(&templates, nation, px)?;
            Ok::<_, RenderError>((sides, infantry))
        }))
    })?;

    let sheets = timings.time("sheets", || {
        in_order(
            nations
                .par_iter()
                .zip(&counters)
                .map(|(nation, (sides, _))| {
                    let faces: Vec<&Converted> = sides.iter().map(|s| &s.pdf).collect();
                    counter_sheets_with(nation, &templates, &faces, &opts.sheets)
                }),
        )
    })?;

    let charts = timings.time("chart", || {
        in_order(nations.par_iter().map(|nation| {
            let types = &compiled.loaded.registries_of(&nation.id).types;
            vehicle_chart(nation, &templates, types)
        }))
    })?;

    let cards = timings.time("cards", || {
        in_order(compiled.scenarios.par_iter().map(|scenario| {
            scenario_artifacts(&templates, scenario, nations, &compiled.loaded, &pictures)
        }))
    })?;

    let mut pngs = Vec::new();
    for (((nation, (sides, infantry)), sheets), chart) in
        nations.iter().zip(counters).zip(sheets).zip(charts)
    {
        let images: Vec<CounterImage> = sides.into_iter().map(|s| s.image).collect();
        artifacts.extend(counter_artifacts(nation, &images));
        artifacts.extend(
            sheets
                .into_iter()
                .map(|(path, pdf)| Artifact::new(path, pdf)),
        );
        artifacts.push(Artifact::new(chart.html_path, chart.html));
        artifacts.push(Artifact::new(chart.pdf_path, chart.pdf));
        artifacts.extend(infantry_artifacts(nation, &infantry));
        // Drawn once: the same PNGs go to out/ and into the VASSAL module.
        pngs.extend(images.into_iter().map(|i| CounterPng::new(&nation.id, i)));
        pngs.extend(
            infantry
                .into_iter()
                .map(|i| CounterPng::infantry(&nation.id, i)),
        );
    }
    artifacts.extend(cards.into_iter().flatten());

    let module = timings.time("module", || {
        crate::vassal::module_artifact(&compiled.loaded, nations, &pngs, opts.templates.as_deref())
    })?;
    artifacts.push(module);
    artifacts.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(artifacts)
}

/// The results of a parallel map in input order, or the first failure in that order (not
/// the first to happen), so errors do not depend on scheduling.
fn in_order<T: Send, E: Send>(
    results: impl IndexedParallelIterator<Item = Result<T, E>>,
) -> Result<Vec<T>, BuildError>
where
    BuildError: From<E>,
{
    let all: Vec<Result<T, E>> = results.collect();
    all.into_iter()
        .map(|r| r.map_err(BuildError::from))
        .collect()
}

/// `<nation>/counters/<id>-<side>.svg` and `.png` for every side in `images`.
pub fn counter_artifacts(nation: &Nation, images: &[CounterImage]) -> Vec<Artifact> {
    let mut out = Vec::with_capacity(images.len() * 2);
    for image in images {
        let stem = format!("{}/counters/{}", nation.id, image.stem());
        out.push(Artifact::new(format!("{stem}.svg"), image.svg.clone()));
        out.push(Artifact::new(format!("{stem}.png"), image.png.clone()));
    }
    out
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
    let mut artifacts = counter_artifacts(nation, images);
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

/// `scenarios/<id>.json` (the resolved scenario), `.html` and `.pdf` (the card, its counters
/// drawn with `pictures`).
pub fn scenario_artifacts(
    templates: &Templates,
    scenario: &Scenario,
    nations: &[Nation],
    registries: &dyn NationRegistries,
    pictures: &Pictures,
) -> Result<Vec<Artifact>, BuildError> {
    let view = card_view(templates, scenario, nations, registries, pictures)?;
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
