//! Vector PDF from SVG: every SVG becomes a form XObject (via svg2pdf) that pages place with
//! an exact transform, so a counter lands at its position to the point and a counter drawn on
//! two sheets (A4 and Letter) is converted once.

use std::collections::HashMap;

use pdf_writer::{Chunk, Content, Finish, Name, Pdf, Rect, Ref, TextStr};
use resvg::usvg::Tree;

use super::error::{RenderError, RenderErrorKind};
use crate::templates::Templates;

/// A converted SVG, ready to be placed on pages (a 1 x 1 pt form XObject).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Graphic(Ref);

/// An SVG converted to PDF objects, not yet part of a document.
pub struct Converted {
    chunk: Chunk,
    root: Ref,
}

impl Converted {
    /// Converts an SVG tree with svg2pdf. With `embed_text` the text stays text (a font
    /// subset is embedded: selectable, small for text-heavy pages); without, glyphs become
    /// outlines (smaller for a counter's few glyphs, which would each need their own subset).
    pub fn new(tree: &Tree, embed_text: bool) -> Result<Self, String> {
        let options = svg2pdf::ConversionOptions {
            compress: true,
            embed_text,
            ..svg2pdf::ConversionOptions::default()
        };
        let (chunk, root) = svg2pdf::to_chunk(tree, options).map_err(|e| e.to_string())?;
        Ok(Self { chunk, root })
    }
}

/// Renders the SVG template `name` with `ctx` and converts it, ready for [`PdfBuilder::add`]:
/// the part of making a page that needs no document, so pages can be converted in parallel.
pub fn convert_template<S: serde::Serialize>(
    templates: &Templates,
    name: &str,
    ctx: S,
    embed_text: bool,
    artifact: &str,
) -> Result<Converted, RenderError> {
    let err = |kind| RenderError::new(artifact, kind);
    let text = templates
        .render(name, ctx)
        .map_err(|e| err(RenderErrorKind::Template(Box::new(e))))?;
    let tree = super::svg::parse(&text).map_err(|message| {
        err(RenderErrorKind::Svg {
            template: templates.origin(name),
            message,
        })
    })?;
    Converted::new(&tree, embed_text).map_err(|m| err(RenderErrorKind::Pdf(m)))
}

/// An SVG placed on a page: `matrix` maps the graphic's unit square into page points
/// (PDF's origin is the bottom-left corner).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placement {
    /// The graphic.
    pub graphic: Graphic,
    /// `[a b c d e f]` as in PDF's `cm` operator.
    pub matrix: [f32; 6],
}

impl Placement {
    /// A graphic scaled to `w` x `h` points with its top-left corner at (`x`, `y`) points from
    /// the page's top-left corner (SVG's convention) on a page `page_h` points tall.
    pub fn top_left(graphic: Graphic, x: f64, y: f64, w: f64, h: f64, page_h: f64) -> Self {
        Self {
            graphic,
            matrix: [
                w as f32,
                0.0,
                0.0,
                h as f32,
                x as f32,
                (page_h - y - h) as f32,
            ],
        }
    }
}

/// A PDF under construction.
pub struct PdfBuilder {
    pdf: Pdf,
    next: Ref,
    catalog: Ref,
    page_tree: Ref,
    pages: Vec<Ref>,
}

impl Default for PdfBuilder {
    fn default() -> Self {
        Self::new()
    }
}

impl PdfBuilder {
    /// An empty document.
    pub fn new() -> Self {
        let mut next = Ref::new(1);
        let catalog = next.bump();
        let page_tree = next.bump();
        Self {
            pdf: Pdf::new(),
            next,
            catalog,
            page_tree,
            pages: Vec::new(),
        }
    }

    /// Renders the SVG template `name` with `ctx` and adds the result as a graphic; an error
    /// names `artifact`, the PDF being made.
    pub fn add_template<S: serde::Serialize>(
        &mut self,
        templates: &Templates,
        name: &str,
        ctx: S,
        embed_text: bool,
        artifact: &str,
    ) -> Result<Graphic, RenderError> {
        let converted = convert_template(templates, name, ctx, embed_text, artifact)?;
        Ok(self.add(&converted))
    }

    /// Adds an SVG converted earlier (the same one can go into several documents).
    pub fn add(&mut self, converted: &Converted) -> Graphic {
        let mut map = HashMap::new();
        let next = &mut self.next;
        let chunk = converted
            .chunk
            .renumber(|old| *map.entry(old).or_insert_with(|| next.bump()));
        self.pdf.extend(&chunk);
        // renumber visits every reference of the chunk, the root included.
        Graphic(map.get(&converted.root).copied().unwrap_or(converted.root))
    }

    /// Appends a page `width` x `height` points holding `placements`, drawn in order.
    pub fn add_page(&mut self, width: f64, height: f64, placements: &[Placement]) {
        let page = self.next.bump();
        let content_id = self.next.bump();
        let mut content = Content::new();
        let mut names: Vec<(String, Ref)> = Vec::new();
        for p in placements {
            let name = match names.iter().find(|(_, r)| *r == p.graphic.0) {
                Some((n, _)) => n.clone(),
                None => {
                    let n = format!("G{}", names.len() + 1);
                    names.push((n.clone(), p.graphic.0));
                    n
                }
            };
            content.save_state();
            content.transform(p.matrix);
            content.x_object(Name(name.as_bytes()));
            content.restore_state();
        }
        let mut writer = self.pdf.page(page);
        writer.media_box(Rect::new(0.0, 0.0, width as f32, height as f32));
        writer.parent(self.page_tree);
        writer.contents(content_id);
        let mut resources = writer.resources();
        let mut xobjects = resources.x_objects();
        for (n, r) in &names {
            xobjects.pair(Name(n.as_bytes()), *r);
        }
        xobjects.finish();
        resources.finish();
        writer.finish();
        self.pdf.stream(content_id, &content.finish());
        self.pages.push(page);
    }

    /// The finished document. No dates are written and objects are put in canonical order
    /// ([`super::pdf_canonical`]), so the same input gives the same bytes.
    pub fn finish(mut self) -> Result<Vec<u8>, String> {
        self.pdf.catalog(self.catalog).pages(self.page_tree);
        let count = self.pages.len() as i32;
        self.pdf
            .pages(self.page_tree)
            .kids(self.pages.iter().copied())
            .count(count);
        let info = self.next.bump();
        self.pdf
            .document_info(info)
            .producer(TextStr("qm (Quartermaster)"));
        super::pdf_canonical::canonical(&self.pdf.finish())
    }
}
