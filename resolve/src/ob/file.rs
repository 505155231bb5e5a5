//! The shape of `<nation>/ob.toml`, as read with spans; values are checked in [`super::read`].

use serde::Deserialize;
use toml::Spanned;

/// The contents of one `ob.toml`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObFile {
    /// `[nation]`.
    #[serde(default)]
    pub nation: NationTable,
    /// `[[class]]`: the infantry quality classes the nation's rules name.
    #[serde(default, rename = "class")]
    pub classes: Vec<ClassEntry>,
    /// `[[infantry]]`: infantry unit types.
    #[serde(default)]
    pub infantry: Vec<InfantryEntry>,
    /// `[[replacement]]`: ELR replacements and battle hardening.
    #[serde(default)]
    pub replacement: Vec<ReplacementEntry>,
    /// `[[national_rule]]`.
    #[serde(default)]
    pub national_rule: Vec<NationalRuleEntry>,
    /// `[[faction]]`: parts of the nation's forces some vehicles are restricted to.
    #[serde(default)]
    pub faction: Vec<FactionEntry>,
    /// `[[nationality]]`: the nationalities the nation's rules cover, when it is a group.
    #[serde(default)]
    pub nationality: Vec<NationalityEntry>,
    /// `[colours]`: the nation's counter colours (`background`, `back`, `inner`, `text`).
    pub colours: Option<qm_registry::SpecToml>,
}

/// `[[nationality]]`: one member of a group of nationalities sharing the nation's rules.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NationalityEntry {
    /// Identifier, unique within the nation.
    pub id: Spanned<String>,
    /// The name as printed ("Rumanian").
    pub name: Spanned<String>,
    /// What the publication states for this nationality alone, verbatim.
    #[serde(default)]
    pub rules: Vec<String>,
    /// The rule number.
    pub rule: Spanned<String>,
    /// The publication lines.
    pub lines: Spanned<String>,
}

/// `[[faction]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FactionEntry {
    /// Identifier scenario sides use.
    pub id: Spanned<String>,
    /// The name cards print.
    pub name: String,
    /// What the notes call it: the X of "X use only", "is limited to X only".
    pub words: Spanned<Vec<String>>,
    /// The rule number, when a rule states it.
    pub rule: Option<Spanned<String>>,
    /// The publication lines naming it.
    pub lines: Spanned<String>,
}

/// `[nation]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NationTable {
    /// Display name.
    pub name: Option<String>,
    /// True for an Axis nation (rule 178).
    #[serde(default)]
    pub axis: bool,
    /// The publication the entries cite by rule and line.
    pub publication: Option<String>,
    /// The theaters the nation fought in (names, aliases or ids of the theater registry; a
    /// group stands for all its members). Absent: every theater its notes name.
    pub theaters: Option<Vec<Spanned<String>>>,
}

/// `[[class]]`: one infantry quality class.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassEntry {
    /// Identifier units refer to.
    pub id: Spanned<String>,
    /// The class as the rules print it.
    pub name: String,
    /// The rule number.
    pub rule: Spanned<String>,
    /// The publication lines.
    pub lines: Spanned<String>,
}

/// `[[infantry]]`: one unit type.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InfantryEntry {
    /// Identifier; defaults to the name made into an id.
    pub id: Option<Spanned<String>>,
    /// Display name.
    pub name: Spanned<String>,
    /// `squad`, `half_squad` or `crew`; absent when not stated.
    pub kind: Option<Spanned<String>>,
    /// The id of a `[[class]]`; absent when not stated.
    pub class: Option<Spanned<String>>,
    /// `4-4-7`; absent when not stated.
    pub rating: Option<Spanned<String>>,
    /// Whether there is a broken side; absent when not stated.
    pub broken_side: Option<Spanned<bool>>,
    /// The broken side's rating; absent when not stated.
    pub broken_rating: Option<Spanned<String>>,
    /// Troops the unit represents.
    #[serde(default)]
    pub represents: Vec<String>,
    /// Rules stated for the unit, verbatim.
    #[serde(default)]
    pub rules: Vec<String>,
    /// Available only by SSR.
    #[serde(default)]
    pub ssr_only: bool,
    /// The rule number.
    pub rule: Spanned<String>,
    /// The publication lines: `802` or `780-782`.
    pub lines: Spanned<String>,
}

/// `[[replacement]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplacementEntry {
    /// `elr_failure` or `battle_hardening`.
    pub event: Spanned<String>,
    /// The unit before (an infantry id).
    pub from: Spanned<String>,
    /// The unit after (an infantry id).
    pub to: Spanned<String>,
    /// `GIA` or `COD` when the statement is limited to one system.
    pub system: Option<Spanned<String>>,
    /// The rule number.
    pub rule: Spanned<String>,
    /// The publication lines.
    pub lines: Spanned<String>,
}

/// `[[national_rule]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NationalRuleEntry {
    /// Identifier, unique within the nation.
    pub id: Spanned<String>,
    /// The title as printed.
    pub title: String,
    /// The rule text, verbatim.
    pub text: String,
    /// Weapons the rule excepts.
    pub except: Option<Spanned<Vec<String>>>,
    /// `ordnance`, `infantry` or `afv`: the units a scenario card prints the rule for.
    pub concerns: Option<Spanned<String>>,
    /// `afv_radio`: what qm derives from the rule.
    pub effect: Option<Spanned<String>>,
    /// `GIA` or `COD` when the rule is limited to one system.
    pub system: Option<Spanned<String>>,
    /// The rule number.
    pub rule: Spanned<String>,
    /// The publication lines.
    pub lines: Spanned<String>,
}
