//! The names of a limit ("Only the Free French may use it", "Limited to North Africa", "Not
//! available in Russia") -> the nation's factions (`ob.toml`, any inflection) or theaters (the
//! registry). The words around a name say what it may be ("in X": a place, "by X": a
//! faction); where they allow both, the nation's own faction words come first. A name that is
//! neither is an error with "did you mean"; so is keeping a vehicle from a faction in some
//! places only, which the availability model cannot hold (an entry is marked "X use only" or
//! "not for X use" whole). Kept to several factions ("Crown & Legion only"), a side of any of
//! them may use it.

use qm_parser::{Diagnostic, NameKind};

use crate::availability::model::{LimitName, Named, Rule};
use crate::factions::Factions;
use crate::registry::NationTheaters;

/// Names what each name of a limit rule names; reports names that name nothing. Other rules
/// are left as they are.
pub fn resolve_limit_names(
    rule: &mut Rule,
    factions: &Factions,
    nation: &NationTheaters,
    diags: &mut Vec<Diagnostic>,
) {
    let limit = match rule {
        Rule::Limit(limit) => limit,
        // "In the Brask Isles its RF is .1 higher": its names as a limit's.
        Rule::OwnRf { scope, .. } => scope,
        _ => return,
    };
    for name in &mut limit.names {
        name.named = named(name, factions, nation, diags);
    }
}

/// What one name names, or `None` (reported here, or as an unknown theater for a place).
fn named(
    name: &LimitName,
    factions: &Factions,
    nation: &NationTheaters,
    diags: &mut Vec<Diagnostic>,
) -> Option<Named> {
    if name.kind != NameKind::Place {
        if let Some(id) = factions.id_of(&name.words) {
            return Some(Named::Faction(id.to_string()));
        }
    }
    let registry = nation.registry();
    if name.kind != NameKind::Faction && registry.lookup(&name.words).is_some() {
        return Some(Named::Theaters(nation.expand_name(&name.words)));
    }
    match name.kind {
        // Every place of the notes is checked against the registry once, with the others.
        NameKind::Place => {}
        NameKind::Faction => diags.push(factions.unknown(&name.words, &name.span)),
        NameKind::Either => diags.push(unknown_name(name, factions, nation)),
    }
    None
}

/// `notes::unknown-name`: words where a faction or a place may stand that are neither.
fn unknown_name(name: &LimitName, factions: &Factions, nation: &NationTheaters) -> Diagnostic {
    let d = Diagnostic::error(
        "notes::unknown-name",
        format!(
            "failed to find `{}` (neither a faction of ob.toml nor a theater of the registry)",
            name.words
        ),
        name.span.clone(),
    )
    .with_label("no faction or theater")
    .with_note("the sentence limits nothing");
    let mut close: Vec<String> = factions
        .suggest(&name.words)
        .into_iter()
        .map(|f| format!("\"{f}\""))
        .collect();
    close.extend(
        nation
            .registry()
            .suggest(&name.words)
            .into_iter()
            .map(|t| format!("`{t}`")),
    );
    match close.as_slice() {
        [] => d.with_help(
            "declare the faction in ob.toml ([[faction]] `words`) or the theater in the registry, or correct the text with an erratum",
        ),
        close => d.with_help(format!(
            "did you mean {}? correct the text with an erratum",
            close.join(" or ")
        )),
    }
}
