//! What references make of a document: every element counted once for each time usvg would
//! convert it (a `use`, a pattern, a mask ... copies or draws its target again), and the
//! longest chain of references followed one after another. Both are found in one pass over
//! the elements in post-order, each element's figures kept (memoized), with an explicit
//! stack: linear in the document, whatever the references do.

use std::collections::HashMap;

use roxmltree::{Document, Node};

use super::{at, Budget, OverBudget};

/// An element's figures: elements it expands to, and its longest reference chain.
#[derive(Clone, Copy, Default)]
struct Cost {
    expanded: u64,
    chain: usize,
}

/// Where an element stands in the pass.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    New,
    /// Its children and targets are being costed: a reference back to it is a cycle (usvg
    /// drops such a reference, so it costs nothing here).
    Open,
    Done(u64, usize),
}

/// The expansion and chain limits of `budget` on `doc`.
pub(super) fn check(doc: &Document, budget: &Budget) -> Result<(), OverBudget> {
    let ids = ids(doc);
    // A reference in a style sheet may apply to any element: it counts for every one.
    let everywhere: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("style"))
        .flat_map(|n| n.children().filter_map(|t| t.text()))
        .flat_map(url_ids)
        .collect();
    let mut state = vec![State::New; doc.descendants().count() + 1];
    let mut stack: Vec<(Node, bool)> = vec![(doc.root(), false)];
    while let Some((node, ready)) = stack.pop() {
        let i = node.id().get_usize();
        if !ready {
            if state[i] != State::New {
                continue;
            }
            state[i] = State::Open;
            stack.push((node, true));
            for next in next_of(node, &ids, &everywhere) {
                if state[next.id().get_usize()] == State::New {
                    stack.push((next, false));
                }
            }
            continue;
        }
        let cost = cost_of(node, &ids, &everywhere, &state);
        if cost.expanded > budget.expanded {
            let what = format!(
                "its references expand it to more than {} elements",
                budget.expanded
            );
            return Err(at(doc, node, what));
        }
        if cost.chain > budget.chain {
            let what = format!(
                "its references chain more than {} deep (a pattern, mask, filter, clip path, marker or use referring to another)",
                budget.chain
            );
            return Err(at(doc, node, what));
        }
        state[i] = State::Done(cost.expanded, cost.chain);
    }
    Ok(())
}

/// The element's figures from those of its children and targets (all done, or open: a cycle).
fn cost_of(
    node: Node,
    ids: &HashMap<&str, Vec<Node>>,
    everywhere: &[&str],
    state: &[State],
) -> Cost {
    let done = |n: Node| match state[n.id().get_usize()] {
        State::Done(e, c) => Cost {
            expanded: e,
            chain: c,
        },
        _ => Cost::default(),
    };
    let mut cost = Cost {
        expanded: u64::from(node.is_element()),
        chain: 0,
    };
    for child in node.children().filter(|c| c.is_element()) {
        let c = done(child);
        cost.expanded = cost.expanded.saturating_add(c.expanded);
        cost.chain = cost.chain.max(c.chain);
    }
    for target in targets(node, ids, everywhere) {
        let c = done(target);
        cost.expanded = cost.expanded.saturating_add(c.expanded);
        cost.chain = cost.chain.max(c.chain + 1);
    }
    cost
}

/// What must be costed before `node`: its child elements and the elements it refers to.
fn next_of<'a, 'i>(
    node: Node<'a, 'i>,
    ids: &HashMap<&str, Vec<Node<'a, 'i>>>,
    everywhere: &[&str],
) -> Vec<Node<'a, 'i>> {
    let mut next: Vec<Node> = node.children().filter(|c| c.is_element()).collect();
    next.extend(targets(node, ids, everywhere));
    next
}

/// The elements `node` refers to: by `url(#id)` in any attribute (`style` included), by a
/// local `href`, and by the style sheets' references; every element of a repeated id (which
/// one usvg takes is its business; each is costed).
fn targets<'a, 'i>(
    node: Node<'a, 'i>,
    ids: &HashMap<&str, Vec<Node<'a, 'i>>>,
    everywhere: &[&str],
) -> Vec<Node<'a, 'i>> {
    if !node.is_element() {
        return Vec::new();
    }
    let mut names: Vec<&str> = Vec::new();
    for a in node.attributes() {
        if a.name() == "href" {
            if let Some(id) = a.value().trim().strip_prefix('#') {
                names.push(id);
            }
        }
        names.extend(url_ids(a.value()));
    }
    names.extend_from_slice(everywhere);
    names
        .into_iter()
        .filter_map(|id| ids.get(id))
        .flatten()
        .copied()
        .collect()
}

/// Every element with an `id`, by id.
fn ids<'a, 'i>(doc: &'a Document<'i>) -> HashMap<&'a str, Vec<Node<'a, 'i>>> {
    let mut ids: HashMap<&str, Vec<Node>> = HashMap::new();
    for n in doc.descendants().filter(|n| n.is_element()) {
        if let Some(id) = n.attribute("id") {
            ids.entry(id).or_default().push(n);
        }
    }
    ids
}

/// The ids of every `url(#id)` in `text` (quotes and spaces allowed, as CSS allows).
fn url_ids(text: &str) -> impl Iterator<Item = &str> {
    text.split("url(").skip(1).filter_map(|rest| {
        let inner = rest.split(')').next()?;
        let inner = inner.trim().trim_matches(|c| c == '"' || c == '\'').trim();
        inner.strip_prefix('#')
    })
}
