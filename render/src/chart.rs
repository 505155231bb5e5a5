//! The vehicle chart: the listing as a printable chart, as HTML (print CSS) and as PDF; a
//! nation's guns' ordnance chart beside it ([`ordnance_chart`]), drawn alike.
//!
//! Both come from one [`ChartModel`](super::chart_model::ChartModel). The HTML is
//! `chart/chart.html`; the PDF is paginated by [`super::chart_layout`] and every page is drawn
//! by `chart/page.svg`, then converted to vector PDF.

use qm_registry::{GunTypeRegistry, VehicleTypeRegistry};
use qm_schema::Nation;

use super::chart_layout::{paginate, ChartPage};
use super::chart_model::{chart_model, ChartModel};
use super::chart_ordnance::ordnance_chart_model;
use super::error::{RenderError, RenderErrorKind};
use rayon::prelude::*;

use super::pdf::{convert_template, PdfBuilder, Placement};
use crate::templates::Templates;

/// The chart's HTML template.
pub const CHART_HTML_TEMPLATE: &str = "chart/chart.html";
/// The template drawing one page of the chart's PDF.
pub const CHART_PAGE_TEMPLATE: &str = "chart/page.svg";
/// Chart pages keep real text: a page of table as outlines is ten times larger.
const EMBED: bool = true;

/// The chart's files: HTML and PDF, with their paths under `out/`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChartFiles {
    /// `ita/chart/ita-chart.html` (the ordnance chart's: `frm/chart/frm-ordnance.html`)
    pub html_path: String,
    /// The HTML.
    pub html: String,
    /// `ita/chart/ita-chart.pdf` (`frm/chart/frm-ordnance.pdf`)
    pub pdf_path: String,
    /// The PDF.
    pub pdf: Vec<u8>,
}

/// Renders a nation's chart as HTML and PDF.
pub fn vehicle_chart(
    nation: &Nation,
    templates: &Templates,
    types: &VehicleTypeRegistry,
) -> Result<ChartFiles, RenderError> {
    chart_files(nation, &chart_model(nation, types), templates)
}

/// Renders a nation's ordnance chart as HTML and PDF; `None` when it has no guns.
pub fn ordnance_chart(
    nation: &Nation,
    templates: &Templates,
    types: &GunTypeRegistry,
) -> Option<Result<ChartFiles, RenderError>> {
    let model = ordnance_chart_model(nation, types)?;
    Some(chart_files(nation, &model, templates))
}

/// A hash of everything a nation's chart is drawn from: the nation's id, its chart model and
/// the templates' fingerprint (`templates`); the render cache keys charts with it.
pub fn chart_key(nation: &Nation, model: &ChartModel, templates: u64) -> crate::cache_key::Key {
    crate::cache_key::KeyHasher::new(CHART_PAGE_TEMPLATE)
        .value(&nation.id)
        .value(model)
        .key(templates)
        .finish()
}

/// [`vehicle_chart`] (or [`ordnance_chart`]) from the nation's chart model, into the files
/// its [`ChartModel::stem`] names.
pub fn chart_files(
    nation: &Nation,
    model: &ChartModel,
    templates: &Templates,
) -> Result<ChartFiles, RenderError> {
    let (id, stem) = (&nation.id, model.stem);
    let html_path = format!("{id}/chart/{id}-{stem}.html");
    let pdf_path = format!("{id}/chart/{id}-{stem}.pdf");
    // Made into a template value once, for the HTML and every page.
    let chart = minijinja::Value::from_serialize(model);
    let html = templates
        .render(
            CHART_HTML_TEMPLATE,
            minijinja::context! { chart => chart.clone() },
        )
        .map_err(|e| RenderError::new(&html_path, RenderErrorKind::Template(Box::new(e))))?;
    let pages = paginate(model);
    // Pages are drawn and converted in parallel, then placed in order.
    let converted = pages
        .par_iter()
        .map(|page| {
            convert_template(
                templates,
                CHART_PAGE_TEMPLATE,
                page_context(chart.clone(), page, pages.len()),
                EMBED,
                &pdf_path,
            )
        })
        .collect::<Vec<_>>();
    let mut pdf = PdfBuilder::new();
    for (page, converted) in pages.iter().zip(converted) {
        let g = pdf.add(&converted?);
        let (w, h) = (page.width, page.height);
        pdf.add_page(w, h, &[Placement::top_left(g, 0.0, 0.0, w, h, h)]);
    }
    let pdf = pdf
        .finish()
        .map_err(|m| RenderError::new(&pdf_path, RenderErrorKind::Pdf(m)))?;
    Ok(ChartFiles {
        html_path,
        html,
        pdf_path,
        pdf,
    })
}

/// What the page template sees for `page` of `pages`; `chart` is the chart model as a
/// template value.
pub(super) fn page_context(
    chart: minijinja::Value,
    page: &ChartPage,
    pages: usize,
) -> minijinja::Value {
    minijinja::context! { chart => chart, page => page, pages => pages }
}

/// The pages of a nation's chart PDF (for tests and custom page templates).
pub fn chart_pages(nation: &Nation, types: &VehicleTypeRegistry) -> Vec<ChartPage> {
    paginate(&chart_model(nation, types))
}

/// The pages of a chart's PDF from its model (the ordnance chart's too).
pub fn model_pages(model: &ChartModel) -> Vec<ChartPage> {
    paginate(model)
}
