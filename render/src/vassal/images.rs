//! Images in the module: the counter PNGs handed in by the caller (the renderer), the small
//! overlays qm draws itself for its layers, and the standalone module's board.

use qm_schema::{CounterSide, Nation};

use crate::infantry::{infantry_images, infantry_px, InfantryImage, InfantrySide};
use crate::templates::Templates;
use crate::{counter_images, CounterImage, CounterOptions, RenderError};

/// Folder under `images/` that qm owns; `qm vassal merge` replaces exactly this folder.
pub const QM_IMAGE_DIR: &str = "qm";

/// One counter side as a PNG: the input of the exporter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CounterPng {
    /// The nation's id (`ita`).
    pub nation: String,
    /// The piece's id: a vehicle's id (`l3-35`), or [`infantry_piece_id`] (`infantry/4-4-7`).
    pub vehicle_id: String,
    /// Which side; `Back` and `Wreck` (and an infantry counter's broken side, given as
    /// `Back`) become the flip side of the piece.
    pub side: CounterSide,
    /// The PNG file's bytes.
    pub png: Vec<u8>,
}

/// Where a counter side lives, relative to `images/` (`qm/ita/l3-35-front.png`).
pub fn counter_image_path(nation: &str, vehicle_id: &str, side: CounterSide) -> String {
    let side = match side {
        CounterSide::Front => "front",
        CounterSide::Back => "back",
        CounterSide::Wreck => "wreck",
    };
    format!("{QM_IMAGE_DIR}/{nation}/{vehicle_id}-{side}.png")
}

/// Width and height from a PNG's header; `None` when the bytes are not a PNG.
pub fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    if bytes.len() < 24 || &bytes[..8] != SIGNATURE || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let w = u32::from_be_bytes(bytes[16..20].try_into().ok()?);
    let h = u32::from_be_bytes(bytes[20..24].try_into().ok()?);
    Some((w, h))
}

/// An RGBA raster to draw the few images qm makes itself.
#[derive(Debug, Clone)]
pub struct Canvas {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
}

/// An RGBA colour.
pub type Rgba = [u8; 4];

impl Canvas {
    /// A canvas filled with `fill`.
    pub fn new(width: u32, height: u32, fill: Rgba) -> Self {
        let mut pixels = Vec::with_capacity((width * height * 4) as usize);
        for _ in 0..width * height {
            pixels.extend_from_slice(&fill);
        }
        Self {
            width,
            height,
            pixels,
        }
    }

    /// Sets one pixel (outside the canvas: ignored).
    pub fn set(&mut self, x: i64, y: i64, c: Rgba) {
        if x >= 0 && y >= 0 && (x as u32) < self.width && (y as u32) < self.height {
            let i = ((y as u32 * self.width + x as u32) * 4) as usize;
            self.pixels[i..i + 4].copy_from_slice(&c);
        }
    }

    /// Fills a rectangle.
    pub fn rect(&mut self, x: i64, y: i64, w: i64, h: i64, c: Rgba) {
        for yy in y..y + h {
            for xx in x..x + w {
                self.set(xx, yy, c);
            }
        }
    }

    /// A frame `t` pixels thick along the edges.
    pub fn border(&mut self, t: i64, c: Rgba) {
        let (w, h) = (i64::from(self.width), i64::from(self.height));
        self.rect(0, 0, w, t, c);
        self.rect(0, h - t, w, t, c);
        self.rect(0, 0, t, h, c);
        self.rect(w - t, 0, t, h, c);
    }

    /// A straight line `t` pixels thick.
    pub fn line(&mut self, from: (i64, i64), to: (i64, i64), t: i64, c: Rgba) {
        let steps = (to.0 - from.0).abs().max((to.1 - from.1).abs()).max(1);
        for s in 0..=steps {
            let x = from.0 + (to.0 - from.0) * s / steps;
            let y = from.1 + (to.1 - from.1) * s / steps;
            self.rect(x - t / 2, y - t / 2, t, t, c);
        }
    }

    /// Upper-case text in a 3x5 pixel font scaled by `scale` (only the letters qm needs).
    pub fn text(&mut self, x: i64, y: i64, text: &str, scale: i64, c: Rgba) {
        for (i, ch) in text.chars().enumerate() {
            let rows = glyph(ch);
            for (ry, row) in rows.iter().enumerate() {
                for rx in 0..3 {
                    if row & (0b100 >> rx) != 0 {
                        let gx = x + (i as i64) * 4 * scale + rx * scale;
                        self.rect(gx, y + ry as i64 * scale, scale, scale, c);
                    }
                }
            }
        }
    }

    /// The canvas as a PNG file (deterministic: same pixels, same bytes).
    pub fn to_png(&self) -> Vec<u8> {
        let mut out = Vec::new();
        {
            let mut enc = png::Encoder::new(&mut out, self.width, self.height);
            enc.set_color(png::ColorType::Rgba);
            enc.set_depth(png::BitDepth::Eight);
            // Writing into a Vec cannot fail and the size matches the pixels.
            let mut w = enc.write_header().expect("PNG header into memory");
            w.write_image_data(&self.pixels)
                .expect("PNG data into memory");
        }
        out
    }
}

fn glyph(c: char) -> [u8; 5] {
    match c {
        'B' => [0b110, 0b101, 0b110, 0b101, 0b110],
        'C' => [0b111, 0b100, 0b100, 0b100, 0b111],
        'E' => [0b111, 0b100, 0b110, 0b100, 0b111],
        'M' => [0b101, 0b111, 0b111, 0b101, 0b101],
        'O' => [0b111, 0b101, 0b101, 0b101, 0b111],
        'Q' => [0b111, 0b101, 0b101, 0b111, 0b001],
        'T' => [0b111, 0b010, 0b010, 0b010, 0b010],
        'U' => [0b101, 0b101, 0b101, 0b101, 0b111],
        _ => [0; 5],
    }
}

const INK: Rgba = [20, 20, 20, 255];
const WHITE: Rgba = [255, 255, 255, 255];

/// A small label in a white box with a black frame: the CE and Motion overlays.
pub fn overlay_png(label: &str) -> Vec<u8> {
    let scale = 2;
    let w = (label.chars().count() as u32 * 4 - 1) * scale + 6;
    let h = 5 * scale + 6;
    let mut c = Canvas::new(w, h, WHITE);
    c.border(1, INK);
    c.text(3, 3, label, i64::from(scale), INK);
    c.to_png()
}

/// Every counter side of every nation (vehicles, then infantry), drawn by the renderer, as
/// module images.
pub fn rendered_images(
    nations: &[Nation],
    templates: &Templates,
    opts: &CounterOptions,
) -> Result<Vec<CounterPng>, RenderError> {
    let mut out = Vec::new();
    for n in nations {
        let images = counter_images(n, templates, opts)?;
        out.extend(images.into_iter().map(|i| CounterPng::new(&n.id, i)));
        let infantry = infantry_images(templates, n, infantry_px(opts.px))?;
        out.extend(infantry.into_iter().map(|i| CounterPng::infantry(&n.id, i)));
    }
    Ok(out)
}

pub use qm_load::vassal::gpids::infantry_piece_id;

impl CounterPng {
    /// The PNG of a rendered infantry counter side of `nation` (the broken side as `Back`).
    pub fn infantry(nation: &str, image: InfantryImage) -> Self {
        Self {
            nation: nation.to_string(),
            vehicle_id: infantry_piece_id(&image.unit_id),
            side: match image.side {
                InfantrySide::Front => CounterSide::Front,
                InfantrySide::Broken => CounterSide::Back,
            },
            png: image.png,
        }
    }

    /// The PNG of a rendered counter side of a vehicle of `nation`.
    pub fn new(nation: &str, image: CounterImage) -> Self {
        Self {
            nation: nation.to_string(),
            vehicle_id: image.vehicle_id,
            side: image.side,
            png: image.png,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlays_are_pngs_of_the_right_size() {
        let png = overlay_png("CE");
        assert_eq!(png_size(&png), Some((20, 16)));
        assert_eq!(png, overlay_png("CE"), "deterministic");
        assert_eq!(png_size(b"not a png"), None);
    }

    #[test]
    fn paths_are_under_the_qm_folder() {
        assert_eq!(
            counter_image_path("ita", "l3-35", CounterSide::Front),
            "qm/ita/l3-35-front.png"
        );
    }
}
