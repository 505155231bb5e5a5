//! SVG -> PNG with resvg, in-process.

use qm_layout::svg_page::Page;
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::Tree;

/// Rasterizes `tree` into a `width` x `height` pixel PNG, scaling the SVG's own size to fit.
pub fn render_png(tree: &Tree, width: u32, height: u32) -> Result<Vec<u8>, String> {
    let pixmap = render_pixmap(tree, width, height)
        .ok_or_else(|| format!("cannot make a {width}x{height} pixel image"))?;
    encode_png(&pixmap)
}

/// Rasterizes `tree` into premultiplied RGBA pixels; `None` for a zero or huge size.
pub fn render_pixmap(tree: &Tree, width: u32, height: u32) -> Option<Pixmap> {
    let mut pixmap = Pixmap::new(width, height)?;
    let size = tree.size();
    let transform =
        Transform::from_scale(width as f32 / size.width(), height as f32 / size.height());
    resvg::render(tree, transform, &mut pixmap.as_mut());
    Some(pixmap)
}

/// The PNG of rasterized pixels (straight RGBA, 8 bits a channel).
pub fn encode_png(pixmap: &Pixmap) -> Result<Vec<u8>, String> {
    pixmap.encode_png().map_err(|e| e.to_string())
}

/// [`render_pixmap`] of a page read with its texts remembered (a counter side): the same
/// pixels as of the page's whole tree.
pub fn render_page_pixmap(page: &Page, width: u32, height: u32) -> Option<Pixmap> {
    let mut pixmap = Pixmap::new(width, height)?;
    let size = page.tree().size();
    let transform =
        Transform::from_scale(width as f32 / size.width(), height as f32 / size.height());
    page.render(transform, &mut pixmap.as_mut());
    Some(pixmap)
}

/// [`render_png`] of a page read with its texts remembered.
pub fn render_page_png(page: &Page, width: u32, height: u32) -> Result<Vec<u8>, String> {
    let pixmap = render_page_pixmap(page, width, height)
        .ok_or_else(|| format!("cannot make a {width}x{height} pixel image"))?;
    encode_png(&pixmap)
}
