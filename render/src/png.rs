//! SVG -> PNG with resvg, in-process.

use qm_layout::svg_page::Page;
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::Tree;

/// Rasterizes `tree` into a `width` x `height` pixel PNG, scaling the SVG's own size to fit.
pub fn render_png(tree: &Tree, width: u32, height: u32) -> Result<Vec<u8>, String> {
    let pixmap = render_pixmap(tree, width, height)
        .ok_or_else(|| format!("cannot make a {width}x{height} pixel image"))?;
    encode_png(pixmap)
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

/// The PNG of rasterized pixels (straight RGBA, 8 bits a channel): the bytes of tiny-skia's
/// `Pixmap::encode_png`, which copies the pixmap to demultiply it; this one demultiplies the
/// pixels it is given in place (the copy and its fresh pages were a tenth of the time of a
/// counter side's PNG).
pub fn encode_png(mut pixmap: Pixmap) -> Result<Vec<u8>, String> {
    let (width, height) = (pixmap.width(), pixmap.height());
    for rgba in pixmap.data_mut().chunks_exact_mut(4) {
        // Opaque pixels are their own straight colour; the others as tiny-skia demultiplies.
        let alpha = rgba[3];
        if alpha != u8::MAX {
            let a = f64::from(alpha) / 255.0;
            for c in &mut rgba[..3] {
                // tiny-skia's rounding: +0.5, then a saturating cast (0/0 is NaN, cast to 0).
                *c = (f64::from(*c) / a + 0.5) as u8;
            }
        }
    }
    let mut data = Vec::new();
    let mut encoder = png::Encoder::new(&mut data, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer
        .write_image_data(pixmap.data())
        .map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())?;
    Ok(data)
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
    encode_png(pixmap)
}

#[cfg(test)]
mod tests {
    use resvg::tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Transform};

    /// The in-place encoder writes tiny-skia's bytes, for opaque, translucent, antialiased and
    /// empty pixels alike.
    #[test]
    fn encodes_the_bytes_tiny_skia_encodes() {
        let mut pixmap = Pixmap::new(37, 23).unwrap();
        let mut paint = Paint::default();
        for (i, alpha) in [255u8, 200, 77, 1].into_iter().enumerate() {
            paint.set_color(Color::from_rgba8(250, 120, 3 + 60 * i as u8, alpha));
            let x = 2.0 + 8.5 * i as f32;
            let path = PathBuilder::from_circle(x + 4.0, 11.5, 6.3).unwrap();
            pixmap.fill_path(
                &path,
                &paint,
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
        assert!(pixmap
            .pixels()
            .iter()
            .any(|p| p.alpha() != 0 && p.alpha() != 255));
        let theirs = pixmap.encode_png().unwrap();
        assert_eq!(super::encode_png(pixmap).unwrap(), theirs);
    }
}
