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
    SheetOptions,
};
use crate::scenario::{card_html, card_svg, card_view, svg_to_pdf, ScenarioFile};
use crate::templates::Templates;
use crate::vassal::CounterPng;

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

/// Renders every artifact of a compiled data directory.
pub fn render_all(compiled: &Compiled, opts: &BuildOptions) -> Result<Vec<Artifact>, String> {
    let templates = Templates::new(opts.templates.as_deref());
    let mut artifacts = Vec::new();
    for (name, schema) in schema_files() {
        artifacts.push(Artifact::new(format!("schema/{name}"), pretty(&schema)?));
    }
    let mut pngs = Vec::new();
    for nation in &compiled.nations {
        artifacts.push(nation_json(nation)?);
        // Drawn once: the same PNGs go to out/ and into the VASSAL module.
        let images =
            counter_images(nation, &templates, &opts.counters).map_err(|e| e.to_string())?;
        let types = &compiled.loaded.registries_of(&nation.id).types;
        artifacts.extend(
            render_nation(nation, &images, &templates, opts, types).map_err(|e| e.to_string())?,
        );
        let px = infantry_px(opts.counters.px);
        let infantry = infantry_images(&templates, nation, px).map_err(|e| e.to_string())?;
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
    artifacts.push(
        crate::vassal::module_artifact(
            &compiled.loaded.data_dir,
            &compiled.nations,
            &pngs,
            opts.templates.as_deref(),
            &compiled.loaded,
        )
        .map_err(|e| e.to_string())?,
    );
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

/// `scenarios/<id>.json` (the resolved scenario), `.html` and `.pdf` (the card).
pub fn scenario_artifacts(
    templates: &Templates,
    scenario: &Scenario,
    nations: &[Nation],
    registries: &dyn NationRegistries,
) -> Result<Vec<Artifact>, String> {
    let view = card_view(templates, scenario, nations, registries).map_err(|e| e.to_string())?;
    let html = card_html(templates, &view).map_err(|e| e.to_string())?;
    let svg = card_svg(templates, &view).map_err(|e| e.to_string())?;
    let pdf = svg_to_pdf(&svg).map_err(|e| format!("scenario {}: {e}", scenario.id))?;
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
