//! A page of SVG read with its texts laid out once per process: usvg shapes a `<text>` with a
//! shaping face it builds for each text and reads the font again for every glyph outline,
//! which is most of reading a counter side, whose texts recur from side to side. [`read`]
//! gives usvg the page with each plain text replaced by an empty placeholder group, and each
//! text read alone (in the same ancestors) and remembered by its markup; [`Page::render`]
//! draws the page with the texts in their places, pixel for pixel what resvg draws of the
//! whole page, and [`Page::text`] gives a placeholder's text to the PDF writer.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use resvg::tiny_skia::{PixmapMut, Transform};
use resvg::usvg::{self, Group, Node, Tree};
use roxmltree::Document;

/// An SVG page read back: usvg's tree with each remembered text replaced by a placeholder.
pub struct Page {
    tree: Tree,
    /// The placeholders' texts, by index (`None`: usvg makes nothing of the text).
    texts: Vec<Option<Arc<Node>>>,
    /// The whole page, for what the placeholders cannot reproduce.
    source: String,
}

/// The id prefix of a placeholder group; a page that uses it is read whole.
const PLACEHOLDER: &str = "qm-text-";

impl Page {
    /// usvg's tree of the page (its remembered texts as empty placeholder groups).
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// How many texts were read alone and stand as placeholders in [`Page::tree`].
    pub fn remembered(&self) -> usize {
        self.texts.len()
    }

    /// Whether [`Page::render`] draws the page from its parts with `transform` (else from the
    /// whole tree, read again).
    pub fn drawn_in_place(&self, transform: Transform) -> bool {
        !self.texts.is_empty() && self.draw(self.tree.root(), transform, &mut None).is_some()
    }

    /// The text a placeholder group stands for; `None` for any other group, `Some(None)` for
    /// a text usvg draws nothing of.
    pub fn text(&self, group: &Group) -> Option<Option<&usvg::Text>> {
        let i: usize = group.id().strip_prefix(PLACEHOLDER)?.parse().ok()?;
        let text = self.texts.get(i)?;
        Some(text.as_deref().and_then(|n| match n {
            Node::Text(t) => Some(&**t),
            _ => None,
        }))
    }

    /// The whole page read by usvg, texts in place (for what only a whole tree can draw).
    pub fn whole(&self) -> Result<Tree, String> {
        if self.texts.is_empty() {
            return Ok(self.tree.clone());
        }
        crate::svg::parse(&self.source)
    }

    /// Draws the page as `resvg::render` draws the whole page, with `transform`.
    pub fn render(&self, transform: Transform, pixmap: &mut PixmapMut) {
        let root = self.tree.root();
        if self.texts.is_empty() {
            resvg::render(&self.tree, transform, pixmap);
        } else if self.drawn_in_place(transform) {
            self.draw(root, transform, &mut Some(pixmap));
        } else if let Ok(tree) = self.whole() {
            resvg::render(&tree, transform, pixmap);
        }
    }

    /// The children of `g` drawn in order with `transform` as resvg's `render_nodes` draws
    /// them (only checked without a pixmap); `None` when a node cannot be drawn exactly so
    /// (the whole page is drawn instead).
    fn draw(
        &self,
        g: &Group,
        transform: Transform,
        pixmap: &mut Option<&mut PixmapMut>,
    ) -> Option<()> {
        for node in g.children() {
            match node {
                Node::Group(c) if self.text(c).is_some() => {
                    if let Some(text) = self.node(c) {
                        draw_node(text, transform, pixmap)?;
                    }
                }
                Node::Group(c) if self.holds_text(c) => {
                    if c.should_isolate() {
                        return None;
                    }
                    self.draw(c, transform.pre_concat(c.transform()), pixmap)?;
                }
                n => draw_node(n, transform, pixmap)?,
            }
        }
        Some(())
    }

    /// The text node a placeholder stands for.
    fn node(&self, g: &Group) -> Option<&Node> {
        let i: usize = g.id().strip_prefix(PLACEHOLDER)?.parse().ok()?;
        self.texts.get(i)?.as_deref()
    }

    /// Whether a placeholder lies under `g`.
    fn holds_text(&self, g: &Group) -> bool {
        g.children().iter().any(|n| match n {
            Node::Group(c) => self.text(c).is_some() || self.holds_text(c),
            _ => false,
        })
    }
}

/// One node drawn with resvg's public `render_node`, which moves the node to its layer box's
/// corner: the move is undone first, and the node drawn only when undoing it gives back
/// `transform` exactly (it does for the scale and viewBox of a counter side).
fn draw_node(node: &Node, transform: Transform, pixmap: &mut Option<&mut PixmapMut>) -> Option<()> {
    // resvg's `render_node` draws nothing of a node without a layer box (a path without an
    // area); such a node is left to the whole page.
    let bbox = node.abs_layer_bounding_box()?;
    let shifted = transform.pre_translate(bbox.x(), bbox.y());
    if shifted.pre_translate(-bbox.x(), -bbox.y()) != transform {
        return None;
    }
    if let Some(pixmap) = pixmap {
        resvg::render_node(node, shifted, pixmap);
    }
    Some(())
}

/// Reads `svg` (checked by [`crate::svg::parse`]'s budget) with its plain texts remembered.
pub fn read(svg: &str) -> Result<Page, String> {
    let doc = crate::svg::checked(svg)?;
    let (stripped, minis) = strip(svg, &doc);
    if minis.is_empty() {
        let tree = crate::svg::read_checked(svg, &doc)?;
        return Ok(Page {
            tree,
            texts: Vec::new(),
            source: String::new(),
        });
    }
    let tree = crate::svg::read_checked(&stripped, &doc)?;
    let texts = minis.iter().map(|m| text_of(m)).collect::<Result<_, _>>()?;
    Ok(Page {
        tree,
        texts,
        source: svg.to_string(),
    })
}

/// The page with each plain text replaced by a placeholder, and each such text as a page of
/// its own (its ancestors' start tags, the text, their end tags). A text is plain when its
/// ancestors are the root `<svg>` and `<g>`s and nothing in it refers to another element;
/// a page with styles, `<use>`, a DTD or the placeholder prefix keeps all its texts. The
/// other content of a placeholder's parent is wrapped in plain `<g>`s, one between two
/// placeholders: resvg's public `render_node` draws every group, but not a path without an
/// area (a caliber mark's line).
fn strip(svg: &str, doc: &Document) -> (String, Vec<String>) {
    let whole = || (svg.to_string(), Vec::new());
    let risky = ["<!DOCTYPE", "<!ENTITY", PLACEHOLDER];
    if risky.iter().any(|r| svg.contains(r))
        || doc
            .descendants()
            .any(|n| matches!(n.tag_name().name(), "style" | "use"))
    {
        return whole();
    }
    // (offset, end of the range replaced, what goes there), in document order.
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    let mut minis = Vec::new();
    let mut parents = Vec::new();
    for text in doc.descendants().filter(|n| plain_text(n, svg)) {
        let Some(mini) = alone(text, svg) else {
            continue;
        };
        let Some(parent) = text.parent() else {
            continue;
        };
        if parent.lookup_namespace_uri(None) != Some(SVG_NS) {
            continue;
        }
        if !parents.contains(&parent.id()) {
            parents.push(parent.id());
            let (first, last) = (parent.first_child(), parent.last_child());
            if let (Some(first), Some(last)) = (first, last) {
                edits.push((first.range().start, first.range().start, "<g>".into()));
                edits.push((last.range().end, last.range().end, "</g>".into()));
            }
        }
        let range = text.range();
        let placeholder = format!("</g><g id=\"{PLACEHOLDER}{}\"/><g>", minis.len());
        edits.push((range.start, range.end, placeholder));
        minis.push(mini);
    }
    // Stable: a wrapper opened at a text's start goes before the text's placeholder, and one
    // closed at its end after it.
    edits.sort_by_key(|&(at, end, _)| (at, end));
    let mut out = String::with_capacity(svg.len() + 64 * minis.len());
    let mut at = 0;
    for (start, end, with) in edits {
        out.push_str(&svg[at..start]);
        out.push_str(&with);
        at = end;
    }
    out.push_str(&svg[at..]);
    (out, minis)
}

/// The SVG namespace, which a wrapper `<g>` is in only where it is the default.
const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// Whether `n` is a `<text>` under the root `<svg>` and `<g>`s only, without references.
fn plain_text(n: &roxmltree::Node, svg: &str) -> bool {
    if !n.is_element() || n.tag_name().name() != "text" || n.attribute("id").is_some() {
        return false;
    }
    let markup = &svg[n.range()];
    if markup.contains("url(") || markup.contains("href") {
        return false;
    }
    let mut ancestors = n.ancestors().skip(1).filter(|a| a.is_element());
    ancestors.all(|a| match a.tag_name().name() {
        "g" => a.parent().is_some_and(|p| p.is_element()),
        "svg" => a.parent().is_some_and(|p| p.is_root()),
        _ => false,
    })
}

/// `text` as a page of its own: its ancestors' start tags, the text, their end tags.
fn alone(text: roxmltree::Node, svg: &str) -> Option<String> {
    let mut opening = Vec::new();
    for a in text.ancestors().skip(1).filter(|a| a.is_element()) {
        let start = a.range().start;
        let end = a.first_child()?.range().start;
        let tag = &svg[start..end];
        let name_end = tag.find(|c: char| c.is_whitespace() || c == '>' || c == '/')?;
        opening.push((tag, &tag[1..name_end]));
    }
    let mut page = String::new();
    for (tag, _) in opening.iter().rev() {
        page.push_str(tag);
    }
    page.push_str(&svg[text.range()]);
    for (_, name) in &opening {
        page.push_str("</");
        page.push_str(name);
        page.push('>');
    }
    Some(page)
}

/// Texts read alone, by their page: at most `MAX_TEXTS` (a few KB each: the glyphs placed and
/// their outlines), emptied when full. VASL's 14 vehicle files draw about 4,200 different
/// texts: a cold build of them fills it once, without emptying it (which cost its drop and
/// reading again each text it held that a later side shows).
static TEXTS: OnceLock<Mutex<HashMap<String, Option<Arc<Node>>>>> = OnceLock::new();
const MAX_TEXTS: usize = 8192;

/// Forgets every text read so far: the next pages read lay their texts out again, as a
/// process's first pages do (`cargo bench --bench side` measures a cold build's sides so).
pub fn forget_texts() {
    if let Some(Ok(mut m)) = TEXTS.get().map(Mutex::lock) {
        m.clear();
    }
}

/// The text node usvg makes of a text's own page, remembered in [`TEXTS`].
fn text_of(mini: &str) -> Result<Option<Arc<Node>>, String> {
    let memo = TEXTS.get_or_init(Mutex::default);
    if let Some(t) = memo.lock().ok().and_then(|m| m.get(mini).cloned()) {
        return Ok(t);
    }
    let tree = Tree::from_str(mini, &crate::svg::options()).map_err(|e| e.to_string())?;
    let node = first_text(tree.root()).map(|t| Arc::new(t.clone()));
    if let Ok(mut m) = memo.lock() {
        if m.len() >= MAX_TEXTS {
            m.clear();
        }
        m.insert(mini.to_string(), node.clone());
    }
    Ok(node)
}

/// The first text node under `g`, depth first.
fn first_text(g: &Group) -> Option<&Node> {
    g.children().iter().find_map(|n| match n {
        Node::Text(_) => Some(n),
        Node::Group(c) => first_text(c),
        _ => None,
    })
}

#[cfg(test)]
mod tests;
