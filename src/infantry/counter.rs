//! Infantry counters as SVG and PNG: the front, and the broken side where the data gives it.

use qm_schema::{InfantryUnit, Nation};
use serde::Serialize;

use crate::artifact::Artifact;
use crate::render::{parse_svg, render_png, RenderError, RenderErrorKind};
use crate::templates::{TemplateError, Templates};

/// The template every infantry counter side is drawn with.
pub const INFANTRY_TEMPLATE: &str = "infantry/counter.svg";

/// Which side of an infantry counter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum InfantrySide {
    /// The good-order side.
    Front,
    /// The broken side.
    Broken,
}

/// What the counter template gets: the unit and its printable strings.
#[derive(Debug, Serialize)]
struct CounterContext<'a> {
    unit: &'a InfantryUnit,
    nation: &'a str,
    side: InfantrySide,
    /// The class as printed ("Elite"), or "" when unknown.
    class_label: &'static str,
    /// The kind ("squad"), or "" when unknown.
    kind_label: &'static str,
    /// The rating of this side; "" when the publication does not give it.
    rating: String,
}

/// One side of one infantry counter as an SVG document (no XML declaration, so it can also
/// be inlined into HTML or a card page).
pub fn infantry_counter_svg(
    templates: &Templates,
    nation: &Nation,
    unit: &InfantryUnit,
    side: InfantrySide,
) -> Result<String, TemplateError> {
    let rating = match side {
        InfantrySide::Front => unit.rating,
        InfantrySide::Broken => unit.broken_rating,
    };
    templates.render(
        INFANTRY_TEMPLATE,
        CounterContext {
            unit,
            nation: &nation.id,
            side,
            class_label: unit.class.map_or("", |c| c.label()),
            kind_label: unit.kind.map_or("", |k| k.label()),
            rating: rating.map(|r| r.to_string()).unwrap_or_default(),
        },
    )
}

/// The PNG edge of a 1/2 inch infantry counter for vehicle counters (5/8 inch) of `vehicle_px`
/// pixels: the same pixels per inch (48 for the default 60).
pub fn infantry_px(vehicle_px: u32) -> u32 {
    ((f64::from(vehicle_px) * 0.8).round() as u32).max(1)
}

/// `<nation>/counters/infantry/<id>-front.svg` and `.png` for every unit, plus
/// `<id>-broken.svg|png` where the broken side's rating is known (the publication gives none for
/// the Italians). The layout follows the vehicle counters' `<nation>/counters/<id>-<side>.*`;
/// the PNG is `px` pixels square, rasterized by the renderer (`crate::render`).
pub fn infantry_counters(
    templates: &Templates,
    nation: &Nation,
    px: u32,
) -> Result<Vec<Artifact>, RenderError> {
    let mut out = Vec::new();
    let dir = format!("{}/counters/infantry", nation.id);
    for unit in &nation.infantry.units {
        let mut sides = vec![(InfantrySide::Front, "front")];
        if unit.has_broken_side != Some(false) && unit.broken_rating.is_some() {
            sides.push((InfantrySide::Broken, "broken"));
        }
        for (side, name) in sides {
            let stem = format!("{dir}/{}-{name}", unit.id);
            let svg = infantry_counter_svg(templates, nation, unit, side).map_err(|e| {
                RenderError::new(format!("{stem}.svg"), RenderErrorKind::Template(e))
            })?;
            let tree = parse_svg(&svg).map_err(|message| {
                RenderError::new(
                    format!("{stem}.svg"),
                    RenderErrorKind::Svg {
                        template: templates.origin(INFANTRY_TEMPLATE),
                        message,
                    },
                )
            })?;
            let png = render_png(&tree, px, px)
                .map_err(|m| RenderError::new(format!("{stem}.png"), RenderErrorKind::Png(m)))?;
            out.push(Artifact::new(format!("{stem}.svg"), svg.into_bytes()));
            out.push(Artifact::new(format!("{stem}.png"), png));
        }
    }
    Ok(out)
}
