//! Every counter side of a nation drawn once, on every core: one template render and one SVG
//! parse give the side's SVG text, its PNG (the counter files and the VASSAL module) and its
//! PDF form (the counter sheets).

use qm_schema::{CounterSide, Nation, Vehicle};
use rayon::prelude::*;

use super::counter::{artifact_name, counter_svg, template_of, CounterImage, CounterOptions};
use super::error::{RenderError, RenderErrorKind};
use super::pdf::Converted;
use crate::templates::Templates;
use crate::{png, sheet, svg};

/// One counter side, drawn once for every artifact that shows it.
pub struct RenderedSide {
    /// The SVG and PNG.
    pub image: CounterImage,
    /// The side as a PDF form, for the counter sheets.
    pub pdf: Converted,
}

/// Draws one side of a vehicle's counter: SVG, PNG and PDF form from one parse.
pub fn render_side(
    nation: &Nation,
    vehicle: &Vehicle,
    side: CounterSide,
    templates: &Templates,
    opts: &CounterOptions,
) -> Result<RenderedSide, RenderError> {
    let svg_text = counter_svg(nation, vehicle, side, templates, opts)?;
    let svg_name = || artifact_name(nation, vehicle, side, "svg");
    let tree = svg::parse(&svg_text).map_err(|message| {
        RenderError::new(
            svg_name(),
            RenderErrorKind::Svg {
                template: templates.origin(template_of(side)),
                message,
            },
        )
    })?;
    let png = png::render_png(&tree, opts.px, opts.px).map_err(|m| {
        RenderError::new(
            artifact_name(nation, vehicle, side, "png"),
            RenderErrorKind::Png(m),
        )
    })?;
    let pdf = Converted::new(&tree, sheet::EMBED)
        .map_err(|m| RenderError::new(svg_name(), RenderErrorKind::Pdf(m)))?;
    let image = CounterImage {
        vehicle_id: vehicle.id.clone(),
        side: match side {
            CounterSide::Front => CounterSide::Front,
            _ => CounterSide::Back,
        },
        svg: svg_text,
        png,
    };
    Ok(RenderedSide { image, pdf })
}

/// Every counter side of a nation, front then back for each vehicle in listing order (the
/// order does not depend on the number of threads); the first failure in that order is the
/// one reported.
pub fn render_sides(
    nation: &Nation,
    templates: &Templates,
    opts: &CounterOptions,
) -> Result<Vec<RenderedSide>, RenderError> {
    let sides: Vec<(&Vehicle, CounterSide)> = nation
        .vehicles
        .iter()
        .flat_map(|v| [(v, CounterSide::Front), (v, CounterSide::Back)])
        .collect();
    sides
        .par_iter()
        .map(|&(v, side)| render_side(nation, v, side, templates, opts))
        .collect::<Vec<_>>()
        .into_iter()
        .collect()
}
