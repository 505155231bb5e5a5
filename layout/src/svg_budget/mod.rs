//! The drawing budget every SVG meets before anything draws it: a vehicle's art, a
//! silhouette, each page a template writes and each SVG picture embedded in one. The budget
//! is known before drawing starts and is checked in two steps, so no step can exhaust the
//! stack, the memory or the time:
//!
//! 1. [`parse`]: the XML is read (as usvg reads it, DTD entities expanded, but by a reader
//!    that does not recurse per level, with a node limit that stops entity bombs) and walked
//!    without recursion: nesting depth, `<text>` length, `feTurbulence` octaves, the numbers
//!    that size arcs ([`extent`]), and what
//!    references (`url(#..)`, `href="#.."`) expand the document to and how deep they chain
//!    ([`refs`]). Only then may usvg read it (its XML reader and its converter recurse once
//!    per level, and per reference).
//! 2. [`check_tree`]: on usvg's tree, the pixels a filter is rasterized at (svg2pdf draws a
//!    filtered group as an image of its whole filter region, resvg within 5x its canvas).
//!
//! What exceeds the budget is an [`OverBudget`] with its line and column. `qm check`
//! prepares art and `qm build` draws pages through the same functions, so a check that
//! passes means a build that draws.

mod extent;
mod refs;
mod tree;

use std::fmt;

use roxmltree::{Document, Node, ParsingOptions};
pub use tree::check_tree;

/// Limits of one SVG document.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Budget {
    /// XML nodes (elements, text, entity expansions included): stops entity bombs in the reader.
    pub nodes: u32,
    /// Elements nested in one another (usvg converts and resvg draws each level recursively).
    pub depth: usize,
    /// Elements once every reference is expanded (`use`, patterns, masks, filters ...).
    pub expanded: u64,
    /// References followed one after another (a pattern filled with a pattern ...).
    pub chain: usize,
    /// Characters of one `<text>` element (laid out and shaped as one run).
    pub text: usize,
    /// `numOctaves` of a `feTurbulence` (each octave costs a noise pass over every pixel).
    pub octaves: f64,
    /// Pixels all filtered groups are rasterized at, together.
    pub filter_pixels: f64,
    /// The largest number path data or a radius may hold, in user units (arcs are cut into
    /// pieces by their radius; the module `extent` says why).
    pub extent: f64,
}

/// The budget of a maintainer's art and of the silhouettes: a counter's picture, drawn at
/// most a few hundred pixels wide.
pub const ART: Budget = Budget {
    nodes: 400_000,
    depth: 64,
    expanded: 200_000,
    chain: 8,
    text: 4_096,
    octaves: 10.0,
    filter_pixels: 16_000_000.0,
    extent: 1e9,
};

/// The budget of a page a template writes (a counter side, a sheet, a chart page, a card).
pub const PAGE: Budget = Budget {
    nodes: 4_000_000,
    depth: 64,
    expanded: 2_000_000,
    chain: 8,
    text: 20_000,
    octaves: 10.0,
    filter_pixels: 16_000_000.0,
    extent: 1e9,
};

/// What an SVG would exceed, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverBudget {
    /// What is too much, and the limit ("feTurbulence numOctaves=\"1000000\", over the limit
    /// of 10").
    pub what: String,
    /// The line (from 1) of the element, when known.
    pub line: u32,
    /// The column (from 1, in characters).
    pub col: u32,
}

impl fmt::Display for OverBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "at {}:{}: {}", self.line, self.col, self.what)
        } else {
            f.write_str(&self.what)
        }
    }
}

/// Why an SVG cannot be read within its budget.
#[derive(Debug)]
pub enum Refusal {
    /// Not well-formed XML (the reader's message, with its position).
    Unreadable(String),
    /// It would exceed the budget.
    Over(OverBudget),
}

/// Reads `text` as XML as usvg does, within `budget` (step 1 of the module's doc); the
/// document is kept to place what [`check_tree`] finds.
pub fn parse<'a>(text: &'a str, budget: &Budget) -> Result<Document<'a>, Refusal> {
    let options = ParsingOptions {
        allow_dtd: true,
        nodes_limit: budget.nodes,
        // No external entity is read (usvg's reader reads none either).
        ..ParsingOptions::default()
    };
    let doc = Document::parse_with_options(text, options).map_err(|e| match e {
        roxmltree::Error::NodesLimitReached => Refusal::Over(OverBudget {
            what: format!(
                "it holds more than {} XML nodes (entities expanded)",
                budget.nodes
            ),
            line: 0,
            col: 0,
        }),
        // usvg's words for it (its reader is an older version of the same crate).
        e => Refusal::Unreadable(format!("SVG data parsing failed cause {e}")),
    })?;
    check_document(&doc, budget).map_err(Refusal::Over)?;
    Ok(doc)
}

/// The checks of step 1 on a parsed document.
fn check_document(doc: &Document, budget: &Budget) -> Result<(), OverBudget> {
    walk(doc, budget)?;
    refs::check(doc, budget)
}

/// One pass over the elements in document order, without recursion: depth (the open
/// elements kept on a stack), `<text>` length, octaves.
fn walk(doc: &Document, budget: &Budget) -> Result<(), OverBudget> {
    let mut open: Vec<Node> = Vec::new();
    // The outermost open `<text>` element and the characters inside it so far.
    let mut text: Option<(Node, usize)> = None;
    for node in doc.root().descendants() {
        let parent = node.parent();
        while open.last().is_some_and(|&top| Some(top) != parent) {
            open.pop();
        }
        if text.is_some_and(|(t, _)| !open.contains(&t)) {
            text = None;
        }
        if node.is_text() {
            if let Some((element, chars)) = &mut text {
                *chars += node.text().map_or(0, |t| t.chars().count());
                if *chars > budget.text {
                    let what = format!(
                        "one <text> holds more than {} characters of text",
                        budget.text
                    );
                    return Err(at(doc, *element, what));
                }
            }
        }
        if !node.is_element() && !node.is_root() {
            continue;
        }
        open.push(node);
        // The document's root node is not an element.
        if open.len() - 1 > budget.depth {
            let what = format!("its elements are nested more than {} deep", budget.depth);
            return Err(at(doc, node, what));
        }
        if text.is_none() && node.tag_name().name() == "text" {
            text = Some((node, 0));
        }
        octaves(doc, node, budget)?;
        extent::check(doc, node, budget)?;
    }
    Ok(())
}

/// A `feTurbulence` within the octave budget (an unreadable number is left to usvg).
fn octaves(doc: &Document, node: Node, budget: &Budget) -> Result<(), OverBudget> {
    if node.tag_name().name() != "feTurbulence" {
        return Ok(());
    }
    let Some(value) = node.attribute("numOctaves") else {
        return Ok(());
    };
    match value.trim().parse::<f64>() {
        Ok(n) if n > budget.octaves => {
            let shown: String = value.chars().take(20).collect();
            let what = format!(
                "feTurbulence numOctaves=\"{shown}\" is over the limit of {}",
                budget.octaves
            );
            Err(at(doc, node, what))
        }
        _ => Ok(()),
    }
}

/// `what`, at the start of `node`.
fn at(doc: &Document, node: Node, what: String) -> OverBudget {
    let pos = doc.text_pos_at(node.range().start);
    OverBudget {
        what,
        line: pos.row,
        col: pos.col,
    }
}

#[cfg(test)]
mod tests;
