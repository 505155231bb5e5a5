//! Vector PDF from SVG: every SVG becomes a form XObject (via svg2pdf) that pages place with
//! an exact transform, so a counter lands at its position to the point and a counter drawn on
//! two sheets (A4 and Letter) is converted once. A whole page (the scenario card) becomes a
//! one-page PDF of its own ([`svg_to_pdf`]).

use std::collections::HashMap;
use std::sync::Arc;

use pdf_writer::{Chunk, Content, Finish, Name, Pdf, Rect, Ref, TextStr};
use resvg::usvg::Tree;

use super::drawing::{write_drawings, DocumentFonts, Drawing, Target};
use super::error::{RenderError, RenderErrorKind};
use crate::templates::Templates;

/// A converted SVG, ready to be placed on pages (a 1 x 1 pt form XObject).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Graphic(Ref);

/// An SVG converted to PDF objects, not yet part of a document.
pub struct Converted(Form);

enum Form {
    /// A form XObject in a chunk of its own (svg2pdf's), renumbered into each document that
    /// places it.
    Chunk { chunk: Chunk, root: Ref },
    /// Drawn directly ([`Drawing`]); its text is written with the document's fonts.
    Drawn(Arc<Drawing>),
}

impl Converted {
    /// A page drawn directly: written when the document is finished, its text in one font
    /// subset per face for the whole document.
    pub fn drawn(drawing: Arc<Drawing>) -> Self {
        Self(Form::Drawn(drawing))
    }

    /// Converts an SVG tree. With `embed_text` the text stays text (a font subset is
    /// embedded: selectable, small for text-heavy pages). Without, a tree [`Drawing`] can
    /// draw (a counter side) is drawn directly, its text in the fonts of the document it is
    /// added to (one subset per face, whatever the number of sides) and each SVG picture
    /// written once per document; any other tree goes through svg2pdf with its glyphs as
    /// outlines.
    pub fn new(tree: &Tree, embed_text: bool) -> Result<Self, String> {
        if !embed_text {
            if let Ok(drawing) = Drawing::from_tree(tree) {
                return Ok(Self::drawn(Arc::new(drawing)));
            }
        }
        let options = svg2pdf::ConversionOptions {
            compress: true,
            embed_text,
            ..svg2pdf::ConversionOptions::default()
        };
        let (chunk, root) = svg2pdf::to_chunk(tree, options).map_err(|e| e.to_string())?;
        Ok(Self(Form::Chunk { chunk, root }))
    }

    /// [`Converted::new`] of a page read with its texts remembered (a counter side): the
    /// same form as of the page's whole tree.
    pub fn from_page(page: &qm_layout::svg_page::Page, embed_text: bool) -> Result<Self, String> {
        if !embed_text {
            if let Ok(drawing) = Drawing::from_page(page) {
                return Ok(Self::drawn(Arc::new(drawing)));
            }
        }
        Self::new(&page.whole()?, embed_text)
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
    if embed_text {
        // The built-in page templates are drawn directly; other SVG (an override using more
        // of SVG) goes through usvg and svg2pdf.
        if let Ok(drawing) = Drawing::read_shared(&text) {
            return Ok(Converted::drawn(drawing));
        }
    }
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
    /// Drawings added, written at the end with the fonts they need.
    drawn: Vec<(Target, Arc<Drawing>)>,
    fonts: DocumentFonts,
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
            drawn: Vec::new(),
            fonts: DocumentFonts::default(),
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
        match &converted.0 {
            Form::Chunk { chunk, root } => {
                let mut map = HashMap::new();
                let next = &mut self.next;
                let chunk = chunk.renumber(|old| *map.entry(old).or_insert_with(|| next.bump()));
                self.pdf.extend(&chunk);
                // renumber visits every reference of the chunk, the root included.
                Graphic(map.get(root).copied().unwrap_or(*root))
            }
            Form::Drawn(drawing) => {
                let id = self.next.bump();
                self.fonts.add(drawing);
                self.drawn.push((Target::Form(id), drawing.clone()));
                Graphic(id)
            }
        }
    }

    /// Appends a page showing `drawing` at `scale` points per CSS pixel, its content written
    /// straight into the page (as svg2pdf writes a one-page PDF).
    pub fn add_drawn_page(&mut self, drawing: Arc<Drawing>, scale: f32) {
        let (page, content) = (self.next.bump(), self.next.bump());
        self.fonts.add(&drawing);
        let target = Target::Page {
            page,
            content,
            parent: self.page_tree,
            scale,
        };
        self.drawn.push((target, drawing));
        self.pages.push(page);
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
        let drawn: Vec<(Target, &Drawing)> = self.drawn.iter().map(|(t, d)| (*t, &**d)).collect();
        write_drawings(&mut self.pdf, &mut self.next, &self.fonts, &drawn)?;
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

/// A one-page PDF of `drawing` at its own physical size (CSS pixels at 96 per inch).
pub fn drawing_pdf(drawing: Arc<Drawing>) -> Result<Vec<u8>, String> {
    let mut pdf = PdfBuilder::new();
    pdf.add_drawn_page(drawing, 72.0 / 96.0);
    pdf.finish()
}

/// usvg works in CSS pixels: 96 per inch.
const CSS_DPI: f32 = 96.0;

/// A one-page vector PDF of the SVG, at the SVG's own physical size, in canonical order
/// (the same SVG always gives the same bytes).
pub fn svg_to_pdf(svg: &str) -> Result<Vec<u8>, String> {
    // The built-in card is drawn directly; SVG using more of SVG goes through usvg + svg2pdf.
    if let Ok(drawing) = Drawing::read_shared(svg) {
        return drawing_pdf(drawing).map_err(|e| format!("failed to write the PDF ({e})"));
    }
    let tree = crate::parse_svg(svg).map_err(|e| format!("failed to read the SVG ({e})"))?;
    let pdf = svg2pdf::to_pdf(
        &tree,
        svg2pdf::ConversionOptions::default(),
        svg2pdf::PageOptions { dpi: CSS_DPI },
    )
    .map_err(|e| format!("failed to write the PDF ({e})"))?;
    crate::canonical_pdf(&pdf).map_err(|e| format!("failed to write the PDF ({e})"))
}
