//! The scenario file format, `data-src/scenarios/<id>.toml`, as read with spans. Its JSON Schema
//! (`scenario-file.schema.json`) is generated from these types for editors; the values are
//! checked in [`super::lookup`].

use schemars::JsonSchema;
use serde::Deserialize;
use toml::Spanned;

/// A scenario as written by its author.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Quartermaster scenario file")]
pub struct ScenarioFile {
    /// Short identifier: lower-case letters and digits joined by hyphens; names the output files.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    /// Title.
    #[schemars(with = "String")]
    pub title: Spanned<String>,
    /// The month: `12/40` or `1940-12`.
    #[schemars(with = "String")]
    pub date: Spanned<String>,
    /// The theater ("North Africa", "Russia", ...).
    #[schemars(with = "String")]
    pub theater: Spanned<String>,
    /// Where it takes place, in words.
    #[schemars(with = "String")]
    pub location: Spanned<String>,
    /// The boards used.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub boards: Vec<Spanned<String>>,
    /// Number of game turns (1-30).
    #[schemars(with = "u8")]
    pub turns: Spanned<u8>,
    /// True when the scenario uses Desert VP (rule 177).
    #[serde(default)]
    pub desert_vp: bool,
    /// The sides (`[[side]]`), usually two.
    #[serde(default)]
    pub side: Vec<SideEntry>,
    /// Special scenario rules, in order.
    #[serde(default)]
    pub ssr: Vec<String>,
    /// Victory conditions.
    pub victory: String,
    /// Aftermath: what happened.
    pub aftermath: Option<String>,
}

/// `[[side]]`: one side's OB.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SideEntry {
    /// Display name ("Italian", "British").
    #[schemars(with = "String")]
    pub name: Spanned<String>,
    /// The nation's data id (`ita`); leave it out for a free list of a nation without data.
    #[schemars(with = "Option<String>")]
    pub nation: Option<Spanned<String>>,
    /// A nationality of a nation group (its `ob.toml` `[[nationality]]`, by name or id:
    /// "Rumanian"): the side gets the group's rules and the nationality's own. `nation` may be
    /// left out: the nation holding the nationality is found.
    #[schemars(with = "Option<String>")]
    pub nationality: Option<Spanned<String>>,
    /// The nation's faction the side belongs to (an id of its `ob.toml` `[[faction]]`, e.g.
    /// `fascist`): the side may use the vehicles restricted to it ("Fascist use only").
    #[schemars(with = "Option<String>")]
    pub faction: Option<Spanned<String>>,
    /// True when this side moves first.
    #[serde(default)]
    pub moves_first: bool,
    /// Set-up instructions.
    pub setup: Option<String>,
    /// Entry instructions.
    pub entry: Option<String>,
    /// The units.
    #[serde(default)]
    pub units: Vec<UnitEntry>,
}

/// One unit line: a counter type and how many.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitEntry {
    /// A vehicle or infantry name of the side's nation ("M13/40", "3-4-7"), or any name on a
    /// free list.
    #[schemars(with = "String")]
    pub name: Spanned<String>,
    /// How many (at least 1).
    #[schemars(with = "u16")]
    pub count: Spanned<u16>,
    /// On a free list: `vehicle`, `infantry`, `gun`, `leader`, `support_weapon` or `other`
    /// (the default). A side with data knows its units' kinds.
    #[schemars(with = "Option<String>")]
    pub kind: Option<Spanned<String>>,
    /// The turn the unit enters on; leave it out when it sets up.
    #[schemars(with = "Option<u8>")]
    pub enters: Option<Spanned<u8>>,
    /// On a free list: the DVP of one such Gun/vehicle (rule 177), when known. A side with data
    /// takes DVP from the data.
    #[schemars(with = "Option<u16>")]
    pub dvp: Option<Spanned<u16>>,
}
