//! Counters: one SVG per side per vehicle from `templates/counter/`, and its PNG.

use qm_schema::{CounterSide, Nation, Vehicle};
use serde::Serialize;

use super::counter_view::CounterView;
use super::error::{RenderError, RenderErrorKind};
use super::picture::{Picture, Pictures};
use super::{png, svg};
use crate::templates::Templates;

/// The template of a counter's front.
pub const FRONT_TEMPLATE: &str = "counter/front.svg";
/// The template of a counter's back (the wreck side).
pub const BACK_TEMPLATE: &str = "counter/back.svg";
/// Side length of the counter in SVG user units (the templates' `viewBox`).
pub const COUNTER_UNITS: f64 = 100.0;

/// How counters are drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct CounterOptions {
    /// PNG width and height in pixels (60: a 5/8 inch counter at 96 dpi).
    pub px: u32,
    /// Print the MP in red. A red-MP rule of the game system (rule 178) depends on the
    /// scenario's theater and month, not on the vehicle: `qm build` prints counters with black
    /// MP (false), and a scenario renderer sets this from the registry's rules
    /// (`SystemRules::red_mp`).
    pub red_mp: bool,
    /// Each vehicle's picture (art or silhouette); empty by default, which leaves the picture
    /// box empty.
    pub pictures: Pictures,
}

impl Default for CounterOptions {
    fn default() -> Self {
        Self {
            px: 60,
            red_mp: false,
            pictures: Pictures::default(),
        }
    }
}

/// One rendered counter side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CounterImage {
    /// The vehicle's id (`m13-40`).
    pub vehicle_id: String,
    /// Front or back (the back is also the wreck side).
    pub side: CounterSide,
    /// The SVG text.
    pub svg: String,
    /// The PNG, `px` x `px` pixels.
    pub png: Vec<u8>,
}

impl CounterImage {
    /// The file stem for this side: `m13-40-front`, `m13-40-back`.
    pub fn stem(&self) -> String {
        format!("{}-{}", self.vehicle_id, side_name(self.side))
    }
}

/// The template drawing `side`: the wreck side is the back.
pub fn template_of(side: CounterSide) -> &'static str {
    match side {
        CounterSide::Front => FRONT_TEMPLATE,
        CounterSide::Back | CounterSide::Wreck => BACK_TEMPLATE,
    }
}

/// "front" or "back"; a wreck-side request draws the back.
pub fn side_name(side: CounterSide) -> &'static str {
    match side {
        CounterSide::Front => "front",
        CounterSide::Back | CounterSide::Wreck => "back",
    }
}

/// What a counter template sees.
#[derive(Serialize)]
struct CounterContext<'a> {
    /// `{id, name}` of the nation.
    nation: NationRef<'a>,
    /// The whole IR record, for templates that want more than [`CounterView`] gives.
    vehicle: &'a Vehicle,
    /// The printable values.
    counter: CounterView,
    /// "front" or "back".
    side: &'static str,
    /// The PNG size, which the template writes as the SVG's width and height.
    px: u32,
    /// Rule 178's red MP (see [`CounterOptions::red_mp`]).
    red_mp: bool,
    /// The viewBox side length.
    units: f64,
    /// The vehicle's picture, when the build has one.
    picture: Option<&'a Picture>,
}

#[derive(Serialize)]
struct NationRef<'a> {
    id: &'a str,
    name: &'a str,
}

/// What the template of `side` gets.
fn context<'a>(
    nation: &'a Nation,
    vehicle: &'a Vehicle,
    side: CounterSide,
    opts: &'a CounterOptions,
) -> CounterContext<'a> {
    CounterContext {
        nation: NationRef {
            id: &nation.id,
            name: &nation.name,
        },
        vehicle,
        counter: CounterView::of(vehicle),
        side: side_name(side),
        px: opts.px,
        red_mp: opts.red_mp,
        units: COUNTER_UNITS,
        picture: opts.pictures.get(&nation.id, &vehicle.id),
    }
}

/// A hash of everything one side is drawn from: its template's name and context, and the
/// templates' fingerprint ([`Templates::fingerprint`], given as `templates`); the render
/// cache keys sides with it.
pub fn counter_key(
    nation: &Nation,
    vehicle: &Vehicle,
    side: CounterSide,
    opts: &CounterOptions,
    templates: u64,
) -> crate::cache_key::Key {
    crate::cache_key::KeyHasher::new(template_of(side))
        .value(&context(nation, vehicle, side, opts))
        .key(templates)
        .finish()
}

/// Renders one side of a vehicle's counter to SVG.
pub fn counter_svg(
    nation: &Nation,
    vehicle: &Vehicle,
    side: CounterSide,
    templates: &Templates,
    opts: &CounterOptions,
) -> Result<String, RenderError> {
    let template = template_of(side);
    let ctx = context(nation, vehicle, side, opts);
    templates.render(template, &ctx).map_err(|e| {
        RenderError::new(
            artifact_name(nation, vehicle, side, "svg"),
            RenderErrorKind::Template(Box::new(e)),
        )
    })
}

/// Renders one side of a vehicle's counter to SVG and PNG.
pub fn counter_image(
    nation: &Nation,
    vehicle: &Vehicle,
    side: CounterSide,
    templates: &Templates,
    opts: &CounterOptions,
) -> Result<CounterImage, RenderError> {
    let svg_text = counter_svg(nation, vehicle, side, templates, opts)?;
    let tree = svg::parse(&svg_text).map_err(|message| {
        RenderError::new(
            artifact_name(nation, vehicle, side, "svg"),
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
    Ok(CounterImage {
        vehicle_id: vehicle.id.clone(),
        side: match side {
            CounterSide::Front => CounterSide::Front,
            _ => CounterSide::Back,
        },
        svg: svg_text,
        png,
    })
}

/// Every counter side of a nation, front then back for each vehicle in listing order (drawn
/// in parallel; the order and the first error reported do not depend on the thread count).
/// This is what the VASSAL exporter calls for its piece images.
pub fn counter_images(
    nation: &Nation,
    templates: &Templates,
    opts: &CounterOptions,
) -> Result<Vec<CounterImage>, RenderError> {
    use rayon::prelude::*;
    let sides: Vec<(&Vehicle, CounterSide)> = nation
        .vehicles
        .iter()
        .flat_map(|v| [(v, CounterSide::Front), (v, CounterSide::Back)])
        .collect();
    sides
        .par_iter()
        .map(|&(v, side)| counter_image(nation, v, side, templates, opts))
        .collect::<Vec<_>>()
        .into_iter()
        .collect()
}

/// Where a counter file goes under `out/`: `ita/counters/m13-40-front.svg`.
pub fn artifact_name(nation: &Nation, vehicle: &Vehicle, side: CounterSide, ext: &str) -> String {
    format!(
        "{}/counters/{}-{}.{ext}",
        nation.id,
        vehicle.id,
        side_name(side)
    )
}
