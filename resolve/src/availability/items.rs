//! Every item's availability (a listing's items, or its guns), in dependency order: a
//! relative rule's base is resolved before the items that copy it ([`super::order`]).

use std::collections::HashMap;

use qm_parser::{Diagnostic, SourceMap, TextSpan};
use qm_schema::Availability;

use super::engine::resolve_item;
use super::model::{NoteRules, Rule, Window};
use super::order::dependency_order;
use super::stated::ItemRules;
use crate::lint::Finding;
use crate::listed::Listed;
use crate::mentions::NameIndex;
use crate::registry::NationTheaters;

/// What every item brings to resolving availability, by item index.
pub struct AvailabilityInput<'a> {
    /// The rules of each item's note.
    pub rules: &'a [NoteRules],
    /// The windows of each item's multi-applicable notes.
    pub windows: &'a [Vec<Window>],
    /// Each item's listing row.
    pub rows: &'a [TextSpan],
    /// The listing's names, to find the bases relative rules name.
    pub index: &'a NameIndex,
    /// The nation's theaters: what "elsewhere" covers, and their order.
    pub theaters: &'a NationTheaters<'a>,
}

/// Resolves every item's availability, each relative rule's base first. A cycle of relative
/// rules is an error naming its items; those rules are left out.
pub fn resolve_availability<T: Listed>(
    map: &SourceMap,
    items: &mut [T],
    input: &AvailabilityInput,
    findings: &mut Vec<Finding>,
    diags: &mut Vec<Diagnostic>,
) {
    let base_rows = base_rows(input.rules, input.index);
    let find = |b: &str| base_rows.get(b).copied().flatten();
    let deps: Vec<Vec<usize>> = input
        .rules
        .iter()
        .map(|r| relative_bases(&r.rules).filter_map(find).collect())
        .collect();
    let order = dependency_order(&deps);
    for cycle in &order.cycles {
        diags.push(cycle_diagnostic(cycle, items, input.rules, &find));
    }
    for &i in &order.order {
        let own = &input.rules[i];
        let rules = ItemRules {
            note: own.note,
            // A rule on a base in a cycle with this vehicle cannot be applied.
            rules: own
                .rules
                .iter()
                .filter(|r| {
                    !relative_base(r)
                        .and_then(find)
                        .is_some_and(|k| order.is_cut(i, k))
                })
                .collect(),
            windows: input.windows[i].clone(),
            row: input.rows[i].clone(),
            theaters: input.theaters,
        };
        // Only the bases' entries are copied, so resolving stays linear in the rows.
        let base_entries: HashMap<&str, Vec<Availability>> = relative_bases(&own.rules)
            .filter_map(|b| find(b).map(|k| (b, items[k].availability().to_vec())))
            .collect();
        let lookup = |name: &str| base_entries.get(name).cloned();
        resolve_item(map, &mut items[i], &rules, &lookup, findings, diags);
    }
}

/// The base a rule copies, when it is a relative rule.
fn relative_base(rule: &Rule) -> Option<&str> {
    match rule {
        Rule::Relative { base, .. } => Some(base),
        _ => None,
    }
}

fn relative_bases(rules: &[Rule]) -> impl Iterator<Item = &str> {
    rules.iter().filter_map(relative_base)
}

/// The row of each base a relative rule names ("the L3/35"), looked up once: many rows share
/// one. `rules` has one entry per row.
fn base_rows<'a>(rules: &'a [NoteRules], index: &NameIndex) -> HashMap<&'a str, Option<usize>> {
    let everyone: Vec<usize> = (0..rules.len()).collect();
    let mut rows = HashMap::new();
    for base in rules.iter().flat_map(|r| relative_bases(&r.rules)) {
        rows.entry(base).or_insert_with(|| {
            index
                .exact(base)
                .or_else(|| index.find(base, &everyone).map(|(k, _)| k))
        });
    }
    rows
}

/// "failed to order the relative rules of A, B (each one's RF is based on the next)", at the
/// first one's rule.
fn cycle_diagnostic<T: Listed>(
    cycle: &[usize],
    items: &[T],
    rules: &[NoteRules],
    find: &dyn Fn(&str) -> Option<usize>,
) -> Diagnostic {
    let names: Vec<&str> = cycle.iter().map(|&i| items[i].name()).collect();
    let (first, next) = (cycle[0], cycle[1 % cycle.len()]);
    let span = rules[first].rules.iter().find_map(|r| match r {
        Rule::Relative { base, span, .. } if find(base) == Some(next) => Some(span.clone()),
        _ => None,
    });
    let mut chain = names.clone();
    chain.push(names[0]);
    Diagnostic::new(
        qm_parser::Severity::Error,
        "notes::relative-cycle",
        format!(
            "failed to resolve the relative rules of {} (their RFs are based on each other: {})",
            names.join(", "),
            chain.join(" -> ")
        ),
        span,
    )
    .with_label(format!("the RF this rule copies depends on this {}'s own", items[first].kind().noun()))
    .with_help("an RF cannot be based on itself; correct the base a note names with an erratum (the rules in the cycle are left out)")
}
