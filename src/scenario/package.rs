//! SVG -> PDF (svg2pdf, vector, exact size) and PNG (resvg), with only the embedded fonts.
//!
//! This uses the same crates, versions and fonts (`assets/fonts/`) as the counter renderer
//! (`render` branch), so a card and a counter sheet lay text out identically. Once the renderer
//! lands, these functions should delegate to `crate::render`'s SVG parser and PNG writer.

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{self, fontdb::Database, Tree};

/// DejaVu Sans Condensed, regular (Bitstream Vera license, `assets/fonts/`).
pub static FONT_REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed.ttf");
/// DejaVu Sans Condensed, bold.
pub static FONT_BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed-Bold.ttf");
/// The family name templates write.
pub const FONT_FAMILY: &str = "DejaVu Sans";

/// usvg works in CSS pixels: 96 per inch.
const CSS_DPI: f32 = 96.0;

fn fonts() -> Arc<Database> {
    static DB: OnceLock<Arc<Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = Database::new();
        db.load_font_data(FONT_REGULAR.to_vec());
        db.load_font_data(FONT_BOLD.to_vec());
        // Every generic family resolves to the embedded face: output never depends on the
        // fonts installed on the machine.
        db.set_serif_family(FONT_FAMILY);
        db.set_sans_serif_family(FONT_FAMILY);
        db.set_monospace_family(FONT_FAMILY);
        Arc::new(db)
    })
    .clone()
}

/// Parses SVG text with the embedded fonts.
pub fn parse_svg(svg: &str) -> Result<Tree, String> {
    let mut opt = usvg::Options {
        font_family: FONT_FAMILY.to_string(),
        ..usvg::Options::default()
    };
    opt.fontdb = fonts();
    Tree::from_str(svg, &opt).map_err(|e| format!("failed to read the SVG ({e})"))
}

/// A one-page vector PDF of the SVG, at the SVG's own physical size.
pub fn svg_to_pdf(svg: &str) -> Result<Vec<u8>, String> {
    let tree = parse_svg(svg)?;
    svg2pdf::to_pdf(
        &tree,
        svg2pdf::ConversionOptions::default(),
        svg2pdf::PageOptions { dpi: CSS_DPI },
    )
    .map_err(|e| format!("failed to write the PDF ({e})"))
}

/// A PNG of the SVG at `dpi` pixels per inch.
pub fn svg_to_png(svg: &str, dpi: f32) -> Result<Vec<u8>, String> {
    let tree = parse_svg(svg)?;
    let scale = dpi / CSS_DPI;
    let size = tree.size();
    let (w, h) = (
        (size.width() * scale).ceil() as u32,
        (size.height() * scale).ceil() as u32,
    );
    let mut pixmap = Pixmap::new(w, h).ok_or_else(|| format!("failed to make a {w}x{h} image"))?;
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| format!("failed to write the PNG ({e})"))
}

/// The advance width of `text` in the regular (or bold) face at `size` units per em, for
/// wrapping text the way resvg and svg2pdf will draw it.
pub fn text_width(text: &str, size: f64, bold: bool) -> f64 {
    static FACES: OnceLock<Option<(ttf_parser::Face<'static>, ttf_parser::Face<'static>)>> =
        OnceLock::new();
    let faces = FACES.get_or_init(|| {
        Some((
            ttf_parser::Face::parse(FONT_REGULAR, 0).ok()?,
            ttf_parser::Face::parse(FONT_BOLD, 0).ok()?,
        ))
    });
    let Some((regular, b)) = faces else {
        // Cannot happen with the embedded fonts; a rough average keeps wrapping usable.
        return text.chars().count() as f64 * size * 0.55;
    };
    let face = if bold { b } else { regular };
    let upem = f64::from(face.units_per_em());
    text.chars()
        .map(|c| {
            face.glyph_index(c)
                .and_then(|g| face.glyph_hor_advance(g))
                .map_or(0.55 * upem, f64::from)
        })
        .sum::<f64>()
        * size
        / upem
}

/// Splits `text` into lines no wider than `width` at font `size` (same units), at spaces.
pub fn wrap(text: &str, width: f64, size: f64, bold: bool) -> Vec<String> {
    let mut lines = Vec::new();
    for para in text.split('\n') {
        let mut line = String::new();
        for word in para.split_whitespace() {
            let candidate = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if !line.is_empty() && text_width(&candidate, size, bold) > width {
                lines.push(std::mem::take(&mut line));
                line = word.to_string();
            } else {
                line = candidate;
            }
        }
        lines.push(line);
    }
    lines
}
