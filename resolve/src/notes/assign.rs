//! Each numbered note's rules -> the rows they apply to.

use qm_parser::{Diagnostic, NotesDoc};

use super::Names;
use crate::availability::model::{NoteRules, Rule};
use crate::factions::Factions;
use crate::limit_names::resolve_limit_names;
use crate::listed::ListedKind;
use crate::mentions::NameIndex;
use crate::registry::NationTheaters;
use crate::rules::{translate_in_note, NoteContext, ScopedRule};

/// Every item's rules (by row), from the notes its row refers to: each rule paragraph
/// translated, its faction words named by the nation's factions (`ob.toml`), and given to the
/// rows it names, or to every row of the note. `kind` says what the items are, in
/// diagnostics.
pub fn assign_rules(
    doc: &NotesDoc,
    kind: ListedKind,
    listing: &Names,
    nation: &NationTheaters,
    factions: &Factions,
    diags: &mut Vec<Diagnostic>,
) -> Vec<NoteRules> {
    let (members, index, names) = (&listing.members, &listing.index, &listing.names);
    let mut per_vehicle = vec![NoteRules::default(); names.len()];
    // Per vehicle, whether each of its rules names it (rather than every vehicle of the note).
    let mut named = vec![Vec::new(); names.len()];
    for note in &doc.notes {
        let n = note.number.value;
        let rows = members.of(n);
        let member_names: Vec<&str> = rows.iter().map(|&i| names[i].as_str()).collect();
        let mut context = NoteContext::new(member_names.iter().map(|n| n.to_string()).collect());
        let found = Found {
            members: rows,
            member_names: &member_names,
            index,
            kind,
        };
        for rule in &note.rules {
            for mut scoped in translate_in_note(&rule.availability, nation, &mut context) {
                factions.resolve(&mut scoped.rule, diags);
                resolve_limit_names(&mut scoped.rule, factions, nation, diags);
                for i in scoped_rows(&scoped, &found, diags) {
                    per_vehicle[i].note = n;
                    per_vehicle[i].rules.push(scoped.rule.clone());
                    named[i].push(!scoped.only.is_empty());
                }
            }
        }
        diags.append(&mut context.diagnostics);
    }
    for (rules, named) in per_vehicle.iter_mut().zip(&named) {
        narrow_relative(rules, named);
    }
    per_vehicle
}

/// "Dates and RF are as for the AMR 33. The AMR 35(L)'s RF is .1 higher.": a relative rule
/// that names the vehicle replaces, for it, those about every vehicle of the note.
fn narrow_relative(rules: &mut NoteRules, named: &[bool]) {
    let relative = |r: &Rule| matches!(r, Rule::Relative { .. });
    let has_named = rules
        .rules
        .iter()
        .zip(named)
        .any(|(r, &n)| n && relative(r));
    if !has_named {
        return;
    }
    let mut flags = named.iter();
    rules
        .rules
        .retain(|r| flags.next().is_some_and(|&n| n || !relative(r)));
}

/// Where a rule's names are looked up: the note's rows and the listing's names.
struct Found<'a> {
    /// The rows of the note.
    members: &'a [usize],
    /// Their names.
    member_names: &'a [&'a str],
    /// The listing's names.
    index: &'a NameIndex,
    /// What the listing's items are.
    kind: ListedKind,
}

/// The rows a scoped rule applies to: those it names, or every row of the note.
fn scoped_rows(scoped: &ScopedRule, found: &Found<'_>, diags: &mut Vec<Diagnostic>) -> Vec<usize> {
    let (members, index) = (found.members, found.index);
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
                        "failed to find \"{name}\" among the {}s this note covers ({})",
                        found.kind.noun(),
                        found.member_names.join(", ")
                    ),
                    scoped.span.clone(),
                )
                .with_help("the sentence's rule is not applied; correct the name with an erratum"),
            ),
        }
    }
    out
}
