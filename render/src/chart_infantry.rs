//! The vehicle chart's infantry section: the nationalities of a group (with what the
//! publication states for each alone), the nation's infantry OB (unit types by class,
//! half-squads, crews), what units become on ELR failure or battle hardening, and the national
//! rules (197.x, 181.21), from the IR only.
//!
//! A value the publication does not give is `null` in the IR; the chart prints it as
//! [`UNKNOWN`], never a guess.

use qm_schema::{InfantryClass, InfantryUnit, Nation, PublicationRef};
use serde::Serialize;

/// What the chart prints for a value the publication does not give.
pub const UNKNOWN: &str = "–";

/// The infantry section of a nation's chart.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct InfantrySection {
    /// The nationalities of a group, in `ob.toml` order; empty for a nation of one.
    pub nationalities: Vec<NationalityRow>,
    /// Unit types grouped by class, in class order; units of no stated class come last.
    pub classes: Vec<ClassGroup>,
    /// The heading over them: "Infantry by class", with the rule the nation's classes are
    /// stated under when their rule numbers share one ([`classes_heading`]).
    pub classes_heading: String,
    /// ELR failure and battle hardening, in `ob.toml` order.
    pub replacements: Vec<ReplacementRow>,
    /// The national rules, in `ob.toml` order.
    pub rules: Vec<RuleRow>,
    /// What a value the publication does not give is printed as ([`UNKNOWN`]).
    pub unknown: &'static str,
}

impl InfantrySection {
    /// A section with nothing in it (a chart printing no infantry, such as the ordnance
    /// chart).
    pub fn none() -> Self {
        InfantrySection {
            nationalities: Vec::new(),
            classes: Vec::new(),
            classes_heading: String::new(),
            replacements: Vec::new(),
            rules: Vec::new(),
            unknown: UNKNOWN,
        }
    }

    /// True when the nation's data has no nationalities, infantry, replacements or national
    /// rules.
    pub fn is_empty(&self) -> bool {
        self.nationalities.is_empty()
            && self.classes.is_empty()
            && self.replacements.is_empty()
            && self.rules.is_empty()
    }
}

/// "Infantry by class", followed by the rule the nation states its classes under: the rule
/// their own rule numbers share (subsections 197.21 to 197.25 are under 197.2); none is printed
/// when they share none (the data, not the code, says which rule it is).
pub fn classes_heading(classes: &[InfantryClass]) -> String {
    match shared_rule(classes.iter().map(|c| c.source.rule.as_str())) {
        Some(rule) => format!("Infantry by class ({rule})"),
        None => "Infantry by class".into(),
    }
}

/// The longest rule number every one of `rules` is at or under: a common prefix that keeps
/// the section number (before the dot) whole; `None` without rules or without one.
fn shared_rule<'a>(mut rules: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let first = rules.next()?;
    let mut shared = first;
    for rule in rules {
        let n = shared
            .char_indices()
            .zip(rule.chars())
            .find(|((_, a), b)| a != b)
            .map_or(shared.len().min(rule.len()), |((i, _), _)| i);
        // A section number that differs (197 and 198) or runs on (19 and 197) shares nothing.
        let section = |r: &str| r.split('.').next().unwrap_or("").len();
        if n < section(shared) || n < section(rule) {
            return None;
        }
        shared = &shared[..n];
    }
    let shared = shared.trim_end_matches('.');
    (!shared.is_empty()).then_some(shared)
}

/// A nationality of the group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NationalityRow {
    /// Its id (`hungarian`), used as its anchor (`nationality-hungarian`).
    pub id: String,
    /// "Hungarian".
    pub name: String,
    /// What the publication states for it alone, verbatim.
    pub rules: Vec<String>,
    /// "198.1, line 788".
    pub source: String,
}

/// The unit types of one class.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClassGroup {
    /// A stable key (the class id: `elite`, `first_line`; `unstated`), for anchors.
    pub key: String,
    /// The heading ("Elite", "1st Line", "Class not given").
    pub label: String,
    /// The units, in `ob.toml` order.
    pub units: Vec<InfantryRow>,
}

/// One infantry unit type as the chart prints it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct InfantryRow {
    /// The unit's id (`4-4-7`, `conscript-squad`), used as its anchor (`inf-4-4-7`).
    pub id: String,
    /// "4-4-7", "Conscript squad".
    pub name: String,
    /// "squad", "half-squad", "crew", or [`UNKNOWN`].
    pub kind: String,
    /// "4-4-7", or [`UNKNOWN`].
    pub rating: String,
    /// The broken side: its rating, "none" when the counter has none, or [`UNKNOWN`].
    pub broken: String,
    /// What the unit represents ("Bersaglieri (...)"), joined by "; "; empty when not stated.
    pub represents: String,
    /// "Available only by SSR." when so, then the unit's rules, verbatim.
    pub rules: Vec<String>,
    /// "197.21, line 802".
    pub source: String,
}

/// "A `unit` that suffers `event` becomes a `becomes`."
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReplacementRow {
    /// The unit before, by name.
    pub unit: String,
    /// "ELR failure" or "battle hardening".
    pub event: &'static str,
    /// The unit after, by name.
    pub becomes: String,
    /// The rules system the statement is limited to ("GIA"); empty when it is not limited.
    pub system: &'static str,
    /// "197.23, line 810".
    pub source: String,
}

/// A national rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RuleRow {
    /// The rule number ("197.1").
    pub rule: String,
    /// The title as printed.
    pub title: String,
    /// The text, verbatim.
    pub text: String,
    /// The rules system it is limited to; empty when it is not limited.
    pub system: &'static str,
    /// "line 782".
    pub lines: String,
}

/// "197.21, line 802" or "197, lines 780-782".
fn source(r: &PublicationRef) -> String {
    format!("{}, {}", r.rule, lines(r))
}

fn lines(r: &PublicationRef) -> String {
    if r.line_from == r.line_to {
        format!("line {}", r.line_from)
    } else {
        format!("lines {}-{}", r.line_from, r.line_to)
    }
}

fn row(u: &InfantryUnit) -> InfantryRow {
    let unknown = || UNKNOWN.to_string();
    let broken = match (u.has_broken_side, u.broken_rating) {
        (Some(false), _) => "none".to_string(),
        (_, Some(r)) => r.to_string(),
        _ => unknown(),
    };
    let mut rules = Vec::new();
    if u.ssr_only {
        rules.push("Available only by SSR.".to_string());
    }
    rules.extend(u.rules.iter().cloned());
    InfantryRow {
        id: u.id.clone(),
        name: u.name.clone(),
        kind: u.kind.map_or_else(unknown, |k| k.label().to_string()),
        rating: u.rating.map_or_else(unknown, |r| r.to_string()),
        broken,
        represents: u.represents.join("; "),
        rules,
        source: source(&u.source),
    }
}

/// The infantry section of a nation's chart, from its IR.
pub fn infantry_section(nation: &Nation) -> InfantrySection {
    let units = &nation.infantry.units;
    // Classes in the order the nation declares them (the Italian data: 197.2's subsections).
    let mut classes: Vec<ClassGroup> = nation
        .infantry
        .classes
        .iter()
        .map(|c| ClassGroup {
            key: c.id.clone(),
            label: c.name.clone(),
            units: units
                .iter()
                .filter(|u| u.class.as_deref() == Some(c.id.as_str()))
                .map(row)
                .collect(),
        })
        .collect();
    classes.push(ClassGroup {
        key: "unstated".into(),
        label: "Class not given".into(),
        units: units
            .iter()
            .filter(|u| nation.infantry.class_of(u).is_none())
            .map(row)
            .collect(),
    });
    classes.retain(|g| !g.units.is_empty());
    let name_of = |id: &str| {
        units
            .iter()
            .find(|u| u.id == id)
            .map_or_else(|| id.to_string(), |u| u.name.clone())
    };
    InfantrySection {
        classes_heading: classes_heading(&nation.infantry.classes),
        nationalities: nation
            .nationalities
            .iter()
            .map(|x| NationalityRow {
                id: x.id.clone(),
                name: x.name.clone(),
                rules: x.rules.clone(),
                source: source(&x.source),
            })
            .collect(),
        classes,
        replacements: nation
            .infantry
            .replacements
            .iter()
            .map(|r| ReplacementRow {
                unit: name_of(&r.from),
                event: r.event.label(),
                becomes: name_of(&r.to),
                system: r.system.map_or("", |s| s.code()),
                source: source(&r.source),
            })
            .collect(),
        rules: nation
            .national_rules
            .iter()
            .map(|r| RuleRow {
                rule: r.source.rule.clone(),
                title: r.title.clone(),
                text: r.text.clone(),
                system: r.system.map_or("", |s| s.code()),
                lines: lines(&r.source),
            })
            .collect(),
        unknown: UNKNOWN,
    }
}

#[cfg(test)]
mod tests {
    use qm_schema::{InfantryKind, Span, SquadRating};

    use super::*;

    #[test]
    fn the_classes_heading_names_the_rule_their_numbers_share() {
        fn shared(rules: &[&'static str]) -> Option<&'static str> {
            shared_rule(rules.iter().copied())
        }
        assert_eq!(shared(&["197.21", "197.23", "197.25"]), Some("197.2"));
        assert_eq!(shared(&["198.31", "198.4"]), Some("198"));
        assert_eq!(shared(&["12.5"]), Some("12.5"));
        // Different sections, or one number running on from another, share no rule.
        assert_eq!(shared(&["197.2", "198.2"]), None);
        assert_eq!(shared(&["19.1", "197.1"]), None);
        assert_eq!(shared(&[]), None);
        assert_eq!(classes_heading(&[]), "Infantry by class");
    }

    fn unit(id: &str) -> InfantryUnit {
        InfantryUnit {
            id: id.into(),
            name: id.into(),
            kind: None,
            class: None,
            rating: None,
            has_broken_side: None,
            broken_rating: None,
            represents: Vec::new(),
            rules: Vec::new(),
            ssr_only: false,
            source: PublicationRef {
                rule: "197.2".into(),
                line_from: 780,
                line_to: 782,
            },
            span: Span {
                file: "x/ob.toml".into(),
                start: 0,
                end: 1,
                line: 1,
                col: 1,
            },
        }
    }

    #[test]
    fn a_row_prints_what_is_given_and_a_dash_for_the_rest() {
        let bare = row(&unit("bare"));
        assert_eq!(
            (
                bare.kind.as_str(),
                bare.rating.as_str(),
                bare.broken.as_str()
            ),
            (UNKNOWN, UNKNOWN, UNKNOWN)
        );
        assert_eq!(bare.source, "197.2, lines 780-782");
        let full = row(&InfantryUnit {
            kind: Some(InfantryKind::Squad),
            rating: SquadRating::parse("4-6-7"),
            has_broken_side: Some(true),
            broken_rating: SquadRating::parse("4-6-6"),
            ssr_only: true,
            rules: vec!["A rule.".into()],
            ..unit("full")
        });
        assert_eq!(
            (
                full.kind.as_str(),
                full.rating.as_str(),
                full.broken.as_str()
            ),
            ("squad", "4-6-7", "4-6-6")
        );
        assert_eq!(full.rules, ["Available only by SSR.", "A rule."]);
        let none = row(&InfantryUnit {
            has_broken_side: Some(false),
            ..unit("none")
        });
        assert_eq!(none.broken, "none");
    }
}
