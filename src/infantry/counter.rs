//! Infantry counters as SVG: the front, and the broken side where the data gives it.

use qm_schema::{InfantryUnit, Nation};
use serde::Serialize;

use crate::artifact::Artifact;
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

/// `<nation>/counters/infantry/<id>-front.svg` for every unit, plus `<id>-broken.svg` where
/// the broken side's rating is known (the publication gives none for the Italians). The layout
/// follows the vehicle counters' `<nation>/counters/<id>-<side>.svg`.
pub fn infantry_counters(
    templates: &Templates,
    nation: &Nation,
) -> Result<Vec<Artifact>, TemplateError> {
    let mut out = Vec::new();
    for unit in &nation.infantry.units {
        let dir = format!("{}/counters/infantry", nation.id);
        let front = infantry_counter_svg(templates, nation, unit, InfantrySide::Front)?;
        out.push(Artifact::new(
            format!("{dir}/{}-front.svg", unit.id),
            front.into_bytes(),
        ));
        if unit.has_broken_side != Some(false) && unit.broken_rating.is_some() {
            let broken = infantry_counter_svg(templates, nation, unit, InfantrySide::Broken)?;
            out.push(Artifact::new(
                format!("{dir}/{}-broken.svg", unit.id),
                broken.into_bytes(),
            ));
        }
    }
    Ok(out)
}
