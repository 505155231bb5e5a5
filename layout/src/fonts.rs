//! The one font every artifact is drawn with, embedded so that output is identical everywhere.
//!
//! DejaVu Sans Condensed (regular and bold, `assets/fonts/`, Bitstream Vera license) is the only
//! font in the database resvg and svg2pdf see: system fonts are never loaded, so a counter
//! renders to the same pixels on every machine and a text width measured here is the width
//! resvg draws.

use std::sync::{Arc, OnceLock};

use resvg::usvg::fontdb::Database;

/// DejaVu Sans Condensed, regular.
pub static REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed.ttf");
/// DejaVu Sans Condensed, bold.
pub static BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed-Bold.ttf");

/// The family name templates use (`font-family="DejaVu Sans"`); both faces are condensed.
pub const FAMILY: &str = "DejaVu Sans";

/// The bytes of the regular or bold face.
pub fn face_data(bold: bool) -> &'static [u8] {
    if bold {
        BOLD
    } else {
        REGULAR
    }
}

/// The regular or bold face as the text shaper reads it, parsed once per process (parsing a
/// face's layout tables costs more than shaping a line of text).
pub fn shaping_face(bold: bool) -> &'static rustybuzz::Face<'static> {
    static REG: OnceLock<rustybuzz::Face<'static>> = OnceLock::new();
    static BLD: OnceLock<rustybuzz::Face<'static>> = OnceLock::new();
    let cell = if bold { &BLD } else { &REG };
    // The bytes are ours and checked by a test; a parse failure is a build defect.
    cell.get_or_init(|| {
        rustybuzz::Face::from_slice(face_data(bold), 0).expect("embedded font parses")
    })
}

/// The font database holding only the embedded faces, built once.
pub fn database() -> Arc<Database> {
    static DB: OnceLock<Arc<Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = Database::new();
        // The faces are read where the binary holds them, never copied (1.3 MB).
        db.load_font_source(resvg::usvg::fontdb::Source::Binary(Arc::new(REGULAR)));
        db.load_font_source(resvg::usvg::fontdb::Source::Binary(Arc::new(BOLD)));
        // Any family name a template writes (serif, sans-serif, ...) resolves to DejaVu, so a
        // template can never fall back to a font that is not embedded.
        db.set_serif_family(FAMILY);
        db.set_sans_serif_family(FAMILY);
        db.set_monospace_family(FAMILY);
        db.set_cursive_family(FAMILY);
        db.set_fantasy_family(FAMILY);
        Arc::new(db)
    })
    .clone()
}

/// A face's horizontal metrics, for measuring text the way resvg will draw it.
pub struct Metrics {
    face: ttf_parser::Face<'static>,
    units_per_em: f64,
    /// Advance and glyph of every character of the Basic Multilingual Plane: looking a glyph
    /// up in the font costs microseconds, too slow for long texts, so each is read once.
    bmp: Vec<GlyphMetrics>,
    /// Ink box `[x_min, y_min, x_max, y_max]` of each glyph, by glyph id, read when first
    /// asked for: a glyph's bounding box is found by walking its outline, and walking all of a
    /// face's six thousand costs more than a whole `qm check` of fifty nations (most are
    /// never drawn).
    ink: Vec<OnceLock<[i16; 4]>>,
}

/// One character's advance, in font units, and its glyph.
#[derive(Debug, Clone, Copy)]
struct GlyphMetrics {
    advance: u16,
    glyph: ttf_parser::GlyphId,
}

impl Metrics {
    /// Metrics of the regular or bold face.
    pub fn get(bold: bool) -> &'static Metrics {
        static REG: OnceLock<Metrics> = OnceLock::new();
        static BLD: OnceLock<Metrics> = OnceLock::new();
        let (cell, data) = if bold { (&BLD, BOLD) } else { (&REG, REGULAR) };
        cell.get_or_init(|| {
            // The bytes are ours and checked by a test; a parse failure is a build defect.
            let face = ttf_parser::Face::parse(data, 0).expect("embedded font parses");
            let units_per_em = f64::from(face.units_per_em());
            let metrics_of = |glyph: ttf_parser::GlyphId| GlyphMetrics {
                advance: face.glyph_hor_advance(glyph).unwrap_or(0),
                glyph,
            };
            // Every character the font does not map draws glyph 0; only the characters its
            // cmap lists (a few thousand, not 65,536) are looked up.
            let mut bmp = vec![metrics_of(ttf_parser::GlyphId(0)); 0x10000];
            let mut listed = Vec::new();
            if let Some(cmap) = face.tables().cmap {
                for table in cmap.subtables {
                    if table.is_unicode() {
                        table.codepoints(|u| listed.push(u));
                    }
                }
            }
            for u in listed {
                let (Some(slot), Some(c)) = (bmp.get_mut(u as usize), char::from_u32(u)) else {
                    continue;
                };
                if let Some(glyph) = face.glyph_index(c) {
                    *slot = metrics_of(glyph);
                }
            }
            let ink = (0..face.number_of_glyphs())
                .map(|_| OnceLock::new())
                .collect();
            Metrics {
                face,
                units_per_em,
                bmp,
                ink,
            }
        })
    }

    /// Advance width of `text` at font size `size` (user units), without kerning: kerning only
    /// narrows DejaVu's pairs, so the measure never under-estimates what resvg draws.
    pub fn width(&self, text: &str, size: f64) -> f64 {
        self.scale(self.units(text), size)
    }

    /// Advance width of `text` in font units. Sums of advances are whole numbers, exact in
    /// an `f64`, so a line's advance is the sum of its pieces' advances, bit for bit.
    pub fn units(&self, text: &str) -> f64 {
        text.chars().map(|c| f64::from(self.glyph(c).advance)).sum()
    }

    /// An advance in font units at font size `size` (user units).
    pub fn scale(&self, units: f64, size: f64) -> f64 {
        units * size / self.units_per_em
    }

    /// Height above the baseline of the face's ascender, per unit of font size.
    pub fn ascent(&self) -> f64 {
        f64::from(self.face.ascender()) / self.units_per_em
    }

    /// Depth below the baseline of the face's descender, per unit of font size (positive).
    pub fn descent(&self) -> f64 {
        -f64::from(self.face.descender()) / self.units_per_em
    }

    /// Height of a capital letter per unit of font size (for centring digits in boxes).
    pub fn cap_height(&self) -> f64 {
        f64::from(self.face.capital_height().unwrap_or(0)) / self.units_per_em
    }

    /// Ink above and below the baseline of `text`, per unit of font size, from the glyphs'
    /// outline bounding boxes (both positive; zero for blank text).
    pub fn ink(&self, text: &str) -> (f64, f64) {
        self.ink_per_size(self.ink_units(text))
    }

    /// The ink of `text` in font units: the highest top (at least 0) and the lowest bottom
    /// (at most 0); the ink of a joined text is the extreme of its parts'.
    pub fn ink_units(&self, text: &str) -> (i16, i16) {
        let (mut top, mut bottom) = (0i16, 0i16);
        for c in text.chars() {
            let (t, b) = self.glyph_ink(self.glyph(c).glyph);
            top = top.max(t);
            bottom = bottom.min(b);
        }
        (top, bottom)
    }

    fn glyph(&self, c: char) -> GlyphMetrics {
        if let Some(g) = self.bmp.get(c as usize) {
            return *g;
        }
        let glyph = self.face.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
        GlyphMetrics {
            advance: self.face.glyph_hor_advance(glyph).unwrap_or(0),
            glyph,
        }
    }

    /// The top and bottom of a glyph's outline bounding box, in font units (0, 0 without one).
    fn glyph_ink(&self, glyph: ttf_parser::GlyphId) -> (i16, i16) {
        let [_, y_min, _, y_max] = self.glyph_box(glyph);
        (y_max, y_min)
    }

    /// A glyph's outline bounding box `[x_min, y_min, x_max, y_max]` in font units (all 0
    /// without one).
    fn glyph_box(&self, glyph: ttf_parser::GlyphId) -> [i16; 4] {
        let read = || {
            self.face
                .glyph_bounding_box(glyph)
                .map_or([0; 4], |r| [r.x_min, r.y_min, r.x_max, r.y_max])
        };
        match self.ink.get(usize::from(glyph.0)) {
            Some(cell) => *cell.get_or_init(read),
            None => read(),
        }
    }

    /// The left and right ends of the ink of `text` drawn at `size` from a pen at 0 (each
    /// glyph at the sum of the advances before it, as [`Metrics::width`] measures), `None`
    /// when the text has no ink. A glyph may ink left of its pen or past its advance.
    pub fn ink_x(&self, text: &str, size: f64) -> Option<(f64, f64)> {
        let mut pen = 0.0;
        let mut ends: Option<(f64, f64)> = None;
        for c in text.chars() {
            let g = self.glyph(c);
            let [x_min, y_min, x_max, y_max] = self.glyph_box(g.glyph);
            if (x_min, y_min, x_max, y_max) != (0, 0, 0, 0) {
                let (l, r) = (pen + f64::from(x_min), pen + f64::from(x_max));
                ends = Some(ends.map_or((l, r), |(a, b)| (a.min(l), b.max(r))));
            }
            pen += f64::from(g.advance);
        }
        ends.map(|(l, r)| (self.scale(l, size), self.scale(r, size)))
    }

    /// [`Metrics::ink_units`] per unit of font size (both positive).
    pub fn ink_per_size(&self, (top, bottom): (i16, i16)) -> (f64, f64) {
        (
            f64::from(top) / self.units_per_em,
            -f64::from(bottom) / self.units_per_em,
        )
    }

    /// The blank before the first glyph's ink and after the last glyph's, at `size`: a line
    /// drawn from its anchor inks that much less than its advance at either end.
    pub fn side_bearings(&self, text: &str, size: f64) -> (f64, f64) {
        let bearing = |c: Option<char>, left: bool| {
            let Some(c) = c else { return 0.0 };
            let g = self.glyph(c);
            // The box read once per glyph (all 0: a glyph without ink).
            let [x_min, _, x_max, _] = match self.glyph_box(g.glyph) {
                [0, 0, 0, 0] => return 0.0,
                b => b,
            };
            let units = if left {
                f64::from(x_min)
            } else {
                f64::from(g.advance) - f64::from(x_max)
            };
            self.scale(units.max(0.0), size)
        };
        (
            bearing(text.chars().next(), true),
            bearing(text.chars().next_back(), false),
        )
    }

    /// True when the face has a glyph for `c`.
    pub fn has_glyph(&self, c: char) -> bool {
        self.face.glyph_index(c).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_faces_have_the_counter_symbols() {
        for bold in [false, true] {
            let m = Metrics::get(bold);
            for c in ['†', '®', '●', '◆', '(', '/', '*'] {
                assert!(m.has_glyph(c), "{c} missing (bold: {bold})");
            }
        }
    }

    #[test]
    fn the_database_holds_only_the_embedded_faces() {
        let db = database();
        assert_eq!(db.len(), 2);
        for face in db.faces() {
            assert!(face.families.iter().any(|(f, _)| f == FAMILY), "{face:?}");
        }
    }

    #[test]
    fn the_character_table_matches_a_lookup_of_every_character() {
        for (bold, data) in [(false, REGULAR), (true, BOLD)] {
            let m = Metrics::get(bold);
            let face = ttf_parser::Face::parse(data, 0).unwrap();
            for c in (0..=0xFFFFu32).filter_map(char::from_u32) {
                let glyph = face.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
                let g = m.glyph(c);
                assert_eq!(
                    g.advance,
                    face.glyph_hor_advance(glyph).unwrap_or(0),
                    "{c:?}"
                );
                assert_eq!(g.glyph, glyph, "{c:?}");
                let bbox = face
                    .glyph_bounding_box(glyph)
                    .map_or((0, 0), |r| (r.y_max, r.y_min));
                assert_eq!(m.glyph_ink(g.glyph), bbox, "{c:?}");
                // The side bearings from the boxes read once, as from the face each time.
                let bearing = |left: bool| {
                    face.glyph_bounding_box(glyph).map_or(0.0, |b| {
                        let units = if left {
                            f64::from(b.x_min)
                        } else {
                            f64::from(g.advance) - f64::from(b.x_max)
                        };
                        m.scale(units.max(0.0), 10.0)
                    })
                };
                let text = c.to_string();
                assert_eq!(
                    m.side_bearings(&text, 10.0),
                    (bearing(true), bearing(false)),
                    "{c:?}"
                );
            }
        }
    }

    #[test]
    fn bold_is_wider_and_width_scales_with_size() {
        let (r, b) = (Metrics::get(false), Metrics::get(true));
        assert!(b.width("M13/40", 10.0) > r.width("M13/40", 10.0));
        let w = r.width("Autocarro", 10.0);
        assert!((r.width("Autocarro", 20.0) - 2.0 * w).abs() < 1e-9);
    }
}
