//! Infantry counters: the IR's infantry units ([`qm_schema::Infantry`], read from `ob.toml` by
//! [`qm_resolve::ob`]) -> SVG and PNG images and their artifacts.
//!
//! Each counter as SVG and PNG: the front, and the broken side where the data gives it.

use qm_schema::{InfantryUnit, Nation};
use serde::Serialize;

use crate::artifact::Artifact;
use crate::templates::source::TemplateError;
use crate::templates::Templates;
use crate::{parse_svg, render_png, RenderError, RenderErrorKind};

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
    class_label: &'a str,
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
            class_label: nation
                .infantry
                .class_of(unit)
                .map_or("", |c| c.name.as_str()),
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

/// One rendered side of an infantry counter.
#[derive(Debug, Clone)]
pub struct InfantryImage {
    /// The unit's id (`4-4-7`).
    pub unit_id: String,
    /// Which side.
    pub side: InfantrySide,
    /// The SVG text.
    pub svg: String,
    /// The PNG, `px` x `px` pixels.
    pub png: Vec<u8>,
}

impl InfantryImage {
    /// The file stem for this side: `4-4-7-front`, `4-4-7-broken`.
    pub fn stem(&self) -> String {
        let side = match self.side {
            InfantrySide::Front => "front",
            InfantrySide::Broken => "broken",
        };
        format!("{}-{side}", self.unit_id)
    }
}

/// Every infantry counter side of a nation, as SVG and as a PNG `px` pixels square: the
/// front of every unit, and the broken side where its rating is known (the publication gives
/// none for the Italians).
pub fn infantry_images(
    templates: &Templates,
    nation: &Nation,
    px: u32,
) -> Result<Vec<InfantryImage>, RenderError> {
    let mut out = Vec::new();
    let dir = format!("{}/counters/infantry", nation.id);
    for unit in &nation.infantry.units {
        let mut sides = vec![InfantrySide::Front];
        if unit.has_broken_side != Some(false) && unit.broken_rating.is_some() {
            sides.push(InfantrySide::Broken);
        }
        for side in sides {
            let svg = infantry_counter_svg(templates, nation, unit, side);
            let mut image = InfantryImage {
                unit_id: unit.id.clone(),
                side,
                svg: String::new(),
                png: Vec::new(),
            };
            let stem = format!("{dir}/{}", image.stem());
            let svg = svg.map_err(|e| {
                RenderError::new(
                    format!("{stem}.svg"),
                    RenderErrorKind::Template(Box::new(e)),
                )
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
            image.png = render_png(&tree, px, px)
                .map_err(|m| RenderError::new(format!("{stem}.png"), RenderErrorKind::Png(m)))?;
            image.svg = svg;
            out.push(image);
        }
    }
    Ok(out)
}

/// `<nation>/counters/infantry/<id>-front.svg` and `.png` for every image of
/// [`infantry_images`] (and `<id>-broken.*`). The layout follows the vehicle counters'
/// `<nation>/counters/<id>-<side>.*`.
pub fn infantry_artifacts(nation: &Nation, images: &[InfantryImage]) -> Vec<Artifact> {
    let mut out = Vec::with_capacity(images.len() * 2);
    for image in images {
        let stem = format!("{}/counters/infantry/{}", nation.id, image.stem());
        out.push(Artifact::new(format!("{stem}.svg"), image.svg.clone()));
        out.push(Artifact::new(format!("{stem}.png"), image.png.clone()));
    }
    out
}

/// [`infantry_images`] as files under `out/`: [`infantry_artifacts`].
pub fn infantry_counters(
    templates: &Templates,
    nation: &Nation,
    px: u32,
) -> Result<Vec<Artifact>, RenderError> {
    Ok(infantry_artifacts(
        nation,
        &infantry_images(templates, nation, px)?,
    ))
}
