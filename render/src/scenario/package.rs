//! The card's SVG page -> PDF (svg2pdf, vector, exact size) and PNG (resvg). Everything goes
//! through the renderer's SVG reader and PNG writer and `qm_layout`'s fonts (the card's text
//! was wrapped with them): one font database, so a card and a counter lay text out alike.

use resvg::tiny_skia::{Color, Pixmap, PixmapPaint, Transform};

use crate::drawing::Drawing;
use crate::{canonical_pdf, drawing_pdf, parse_svg, render_pixmap};

/// usvg works in CSS pixels: 96 per inch.
const CSS_DPI: f32 = 96.0;

/// A one-page vector PDF of the SVG, at the SVG's own physical size, in canonical order
/// (the same SVG always gives the same bytes).
pub fn svg_to_pdf(svg: &str) -> Result<Vec<u8>, String> {
    // The built-in card is drawn directly; SVG using more of SVG goes through usvg + svg2pdf.
    if let Ok(drawing) = Drawing::read_shared(svg) {
        return drawing_pdf(drawing).map_err(|e| format!("failed to write the PDF ({e})"));
    }
    let tree = parse_svg(svg).map_err(|e| format!("failed to read the SVG ({e})"))?;
    let pdf = svg2pdf::to_pdf(
        &tree,
        svg2pdf::ConversionOptions::default(),
        svg2pdf::PageOptions { dpi: CSS_DPI },
    )
    .map_err(|e| format!("failed to write the PDF ({e})"))?;
    canonical_pdf(&pdf).map_err(|e| format!("failed to write the PDF ({e})"))
}

/// A PNG of the SVG at `dpi` pixels per inch, on white (a page has no transparent parts).
pub fn svg_to_png(svg: &str, dpi: f32) -> Result<Vec<u8>, String> {
    let tree = parse_svg(svg).map_err(|e| format!("failed to read the SVG ({e})"))?;
    let scale = dpi / CSS_DPI;
    let size = tree.size();
    let (w, h) = (
        (size.width() * scale).ceil() as u32,
        (size.height() * scale).ceil() as u32,
    );
    let failed = || format!("failed to make a {w}x{h} image");
    let drawn = render_pixmap(&tree, w, h).ok_or_else(failed)?;
    let mut page = Pixmap::new(w, h).ok_or_else(failed)?;
    page.fill(Color::WHITE);
    page.draw_pixmap(
        0,
        0,
        drawn.as_ref(),
        &PixmapPaint::default(),
        Transform::identity(),
        None,
    );
    page.encode_png()
        .map_err(|e| format!("failed to write the PNG ({e})"))
}
