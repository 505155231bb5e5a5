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
    /// `[[infantry]]`: infantry unit types.
    #[serde(default)]
    pub infantry: Vec<InfantryEntry>,
    /// `[[replacement]]`: ELR replacements and battle hardening.
    #[serde(default)]
    pub replacement: Vec<ReplacementEntry>,
    /// `[[national_rule]]`.
    #[serde(default)]
    pub national_rule: Vec<NationalRuleEntry>,
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
    /// `elite`, `first_line`, `second_line`, `conscript`, `partisan`; absent when not stated.
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
    /// `red_to_hit`, `deployment`, `surrender`, `ipaamc`, `afv_radio`.
    pub kind: Spanned<String>,
    /// The title as printed.
    pub title: String,
    /// The rule text, verbatim.
    pub text: String,
    /// Weapons excepted (red To Hit only).
    pub except: Option<Spanned<Vec<String>>>,
    /// `GIA` or `COD` when the rule is limited to one system.
    pub system: Option<Spanned<String>>,
    /// The rule number.
    pub rule: Spanned<String>,
    /// The publication lines.
    pub lines: Spanned<String>,
}
