//! The scenario card: one page with the title, date, place, boards, a turn record track, each
//! side's OB as counter pictures with counts (DVP in red at each Gun/vehicle picture's upper
//! left when the scenario uses Desert VP), notes, SSRs and victory conditions.
//!
//! Two templates draw it from the same view: `scenario/card.html` (HTML with print CSS) and
//! `scenario/card.svg` (an A4 page, turned into a vector PDF). The SVG page cannot flow text,
//! so this module wraps every paragraph with the embedded font's metrics and stacks the blocks;
//! the template decides how each block looks.

use qm_layout::card::{name_lines, view_with, CardView, UnitView, INFANTRY_MM, VEHICLE_MM};
use qm_layout::text::wrap;
use qm_registry::NationRegistries;
use qm_registry::Registries;
use qm_schema::{CounterSide, InfantryUnit, Nation, Scenario, ScenarioUnit, UnitKind, Vehicle};

use crate::infantry::{infantry_counter_svg, InfantrySide};
use crate::templates::source::TemplateError;
use crate::templates::Templates;
use crate::{counter_svg, svg_with_size, CounterOptions, RenderError, RenderErrorKind};

/// The HTML card template.
pub const CARD_HTML: &str = "scenario/card.html";
/// The SVG page template (for the PDF).
pub const CARD_SVG: &str = "scenario/card.svg";
/// The picture of a unit the data does not cover.
pub const FREE_PICTURE: &str = "scenario/free.svg";

/// Builds the view of a scenario's card: pictures, wrapped text and the page layout.
/// `registries` name the theater (as the scenario was read: with its first nation's
/// registries) and say whether a red-MP rule (178) holds for a vehicle's picture; `counters`
/// say how the vehicles' counters are drawn (their art or silhouettes, their nations'
/// colours), as everywhere else.
pub fn card_view<'a>(
    templates: &Templates,
    scenario: &'a Scenario,
    nations: &'a [Nation],
    registries: &'a dyn NationRegistries,
    counters: &CounterOptions,
) -> Result<CardView<'a>, RenderError> {
    let first_nation = scenario.sides.iter().find_map(|s| s.nation.as_deref());
    let shared = registries.registries_of(first_nation.unwrap_or(""));
    let theater = shared.theaters.name(&scenario.theater);
    view_with(scenario, theater, |side, u| {
        let nation = side
            .nation
            .as_ref()
            .and_then(|id| nations.iter().find(|n| n.id == *id));
        unit_view(templates, scenario, nation, u, shared, registries, counters)
    })
}

fn unit_view<'a>(
    templates: &Templates,
    scenario: &Scenario,
    nation: Option<&Nation>,
    u: &'a ScenarioUnit,
    shared: &Registries,
    registries: &dyn NationRegistries,
    counters: &CounterOptions,
) -> Result<UnitView<'a>, RenderError> {
    let vehicle: Option<&Vehicle> = nation
        .zip(u.vehicle.as_ref())
        .and_then(|(n, id)| n.vehicles.iter().find(|v| v.id == *id));
    let infantry: Option<&InfantryUnit> = nation
        .zip(u.infantry.as_ref())
        .and_then(|(n, id)| n.infantry.units.iter().find(|i| i.id == *id));
    let artifact = format!("scenarios/{}.html", scenario.id);
    let template_error = |e| RenderError::new(&artifact, RenderErrorKind::Template(Box::new(e)));
    let (picture, size_mm) = match (vehicle, infantry, nation) {
        (Some(v), _, Some(n)) => {
            let opts = counter_options(scenario, shared, registries, n, v, counters);
            (
                counter_svg(n, v, CounterSide::Front, templates, &opts)?,
                VEHICLE_MM,
            )
        }
        (None, Some(i), Some(n)) => (
            infantry_counter_svg(templates, n, i, InfantrySide::Front).map_err(template_error)?,
            INFANTRY_MM,
        ),
        _ => free_picture(templates, u).map_err(template_error)?,
    };
    let dvp = if scenario.desert_vp && matches!(u.kind, UnitKind::Vehicle | UnitKind::Gun) {
        u.dvp
    } else {
        None
    };
    // Whatever size a template wrote, the card decides: mm in HTML, the page's user units
    // (mm) inside the SVG page, where "15.875mm" would be read as CSS pixels.
    let picture = picture.trim_end();
    let mm = format!("{size_mm}mm");
    let units = size_mm.to_string();
    Ok(UnitView {
        unit: u,
        picture_page: svg_with_size(picture, &units, &units),
        picture: svg_with_size(picture, &mm, &mm),
        size_mm,
        dvp,
        name_lines: name_lines(u),
        x: 0.0,
        y: 0.0,
    })
}

/// How a vehicle's card picture is drawn: the counter renderer's own front, with a red-MP
/// rule's (178) red MP when it holds then and there (it depends on the scenario, not on the
/// vehicle).
fn counter_options(
    scenario: &Scenario,
    shared: &Registries,
    registries: &dyn NationRegistries,
    n: &Nation,
    v: &Vehicle,
    counters: &CounterOptions,
) -> CounterOptions {
    let class = v
        .vehicle_type
        .value
        .as_ref()
        .and_then(|c| registries.registries_of(&n.id).types.resolve(c))
        .map(|t| t.class);
    let red_mp = shared.rules.red_mp(
        n.axis,
        &scenario.theater,
        scenario.date,
        class,
        &shared.theaters,
    );
    CounterOptions {
        red_mp: red_mp.is_some(),
        ..counters.clone()
    }
}

/// The picture of a unit the data does not draw: its name in a box of a vehicle's or an
/// infantry counter's size, and that size.
fn free_picture(templates: &Templates, u: &ScenarioUnit) -> Result<(String, f64), TemplateError> {
    let lines = wrap(&u.name, 44.0, 6.0, false);
    let size = if matches!(u.kind, UnitKind::Vehicle | UnitKind::Gun) {
        VEHICLE_MM
    } else {
        INFANTRY_MM
    };
    let svg = templates.render(
        FREE_PICTURE,
        minijinja::context! { unit => u, lines => lines, size_mm => size },
    )?;
    Ok((svg, size))
}

/// The card as HTML (print CSS, one A4/Letter page).
pub fn card_html(templates: &Templates, view: &CardView<'_>) -> Result<String, TemplateError> {
    templates.render(CARD_HTML, view)
}

/// The card as an A4 SVG page (input of the PDF).
pub fn card_svg(templates: &Templates, view: &CardView<'_>) -> Result<String, TemplateError> {
    templates.render(CARD_SVG, view)
}
