//! Each numbered note's rules -> the rows they apply to.

use qm_parser::{Diagnostic, NotesDoc};

use super::links::NoteMembers;
use crate::availability::model::{NoteRules, Rule};
use crate::factions::Factions;
use crate::limit_names::resolve_limit_names;
use crate::mentions::NameIndex;
use crate::registry::NationTheaters;
use crate::rules::{translate_in_note, NoteContext, ScopedRule};

/// Every vehicle's rules (by row), from the notes its row refers to: each rule paragraph
/// translated, its faction words named by the nation's factions (`ob.toml`), and given to the
/// rows it names, or to every row of the note.
pub fn assign_rules(
    doc: &NotesDoc,
    members: &NoteMembers,
    index: &NameIndex,
    names: &[String],
    nation: &NationTheaters,
    factions: &Factions,
    diags: &mut Vec<Diagnostic>,
) -> Vec<NoteRules> {
    let mut per_vehicle = vec![NoteRules::default(); names.len()];
    for note in &doc.notes {
        let n = note.number.value;
        let rows = members.of(n);
        let member_names: Vec<&str> = rows.iter().map(|&i| names[i].as_str()).collect();
        let mut context = NoteContext::new(member_names.iter().map(|n| n.to_string()).collect());
        for rule in &note.rules {
            for mut scoped in translate_in_note(&rule.availability, nation, &mut context) {
                factions.resolve(&mut scoped.rule, diags);
                resolve_limit_names(&mut scoped.rule, factions, nation, diags);
                for i in scoped_rows(&scoped, rows, &member_names, index, diags) {
                    per_vehicle[i].note = n;
                    per_vehicle[i].rules.push(scoped.rule.clone());
                }
            }
        }
        diags.append(&mut context.diagnostics);
    }
    per_vehicle
}

/// The rows a scoped rule applies to: those it names, or every row of the note.
fn scoped_rows(
    scoped: &ScopedRule,
    members: &[usize],
    member_names: &[&str],
    index: &NameIndex,
    diags: &mut Vec<Diagnostic>,
) -> Vec<usize> {
    if scoped.only.is_empty() {
        // A relative rule never applies to its own base. The base is looked up by its exact
        // name among every row first, as the availability pass finds it: a near match among
        // the note's own rows ("AB 41" for the note's "AB 43") would take the rule's only
        // vehicle for its base and drop the rule without a word.
        if let Rule::Relative { base, .. } = &scoped.rule {
            let b = index
                .exact(base)
                .or_else(|| index.find(base, members).map(|(k, _)| k));
            return members.iter().copied().filter(|&i| Some(i) != b).collect();
        }
        return members.to_vec();
    }
    let mut out = Vec::new();
    for name in &scoped.only {
        match index.find(name, members) {
            Some((k, _)) => out.push(k),
            None => diags.push(
                Diagnostic::warning(
                    "notes::unknown-vehicle",
                    format!(
                        "failed to find \"{name}\" among the vehicles this note covers ({})",
                        member_names.join(", ")
                    ),
                    scoped.span.clone(),
                )
                .with_help("the sentence's rule is not applied; correct the name with an erratum"),
            ),
        }
    }
    out
}
