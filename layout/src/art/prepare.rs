//! Making a picture ready for the counters, once: a PNG decoded, shrunk and encoded again; an
//! SVG read in a sandbox and written back as plain shapes. Either becomes a `data:` URI, so
//! a counter SVG carries its picture inside it and never points at a file.

use std::sync::{Arc, Mutex};

use base64::Engine;
use resvg::tiny_skia::{FilterQuality, Pixmap, PixmapPaint, Transform};
use resvg::usvg::{self, ImageHrefResolver, Tree, WriteOptions};

use crate::fonts;
use crate::svg_budget::{self, OverBudget, Refusal};
use qm_load::data_dir::art_folder::ArtFormat;

/// A PNG wider or taller than this is refused as oversized: decoding it would cost far more
/// memory than a counter picture is worth (4096 x 4096 is 64 MiB of pixels).
pub const MAX_PNG_SIDE: u32 = 4096;
/// A PNG's longest side as counters embed it. A picture box is at most 94% of a 5/8-inch
/// counter's width, 350 pixels at 600 dpi: 512 keeps print sharp and the files small.
pub const PNG_SIDE: u32 = 512;

/// A picture ready to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct ArtImage {
    /// The picture as a `data:` URI (`data:image/png;base64,...` or `data:image/svg+xml;...`).
    pub href: Arc<str>,
    /// Its width (pixels of a PNG, user units of an SVG).
    pub width: f32,
    /// Its height, in the same units.
    pub height: f32,
}

/// Why a picture cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArtProblem {
    /// It does not read as its format.
    Unreadable(String),
    /// It is larger than a picture may be.
    Oversized(String),
    /// An SVG that reaches outside itself: what it refers to (a file, a URL, an embedded image).
    Refused(Vec<String>),
    /// It draws nothing (an empty SVG, a fully transparent PNG): a counter would show a blank.
    Blank,
    /// Drawing it would exceed the drawing budget ([`svg_budget::ART`]): where and why.
    OverBudget(OverBudget),
}

impl ArtProblem {
    /// What is wrong, for "failed to use FILE (...)".
    pub fn describe(&self) -> String {
        match self {
            Self::Unreadable(m) => format!("it is not readable: {m}"),
            Self::Oversized(m) => m.clone(),
            Self::Refused(what) => format!("it refers to {}", what.join(", ")),
            Self::Blank => "it draws nothing".into(),
            Self::OverBudget(o) => format!("drawing it would cost too much: {}", o.what),
        }
    }

    /// How to fix it.
    pub fn help(&self) -> &'static str {
        match self {
            Self::Unreadable(_) => "save the picture again as PNG or plain SVG",
            Self::Oversized(_) => "scale the picture down: counters embed at most 512 pixels a side",
            Self::Refused(_) => "art must stand alone: keep its shapes in the SVG itself (embed no image, link no file or URL), or give a PNG",
            Self::Blank => "check that the file holds the picture",
            Self::OverBudget(_) => "simplify the picture: a counter shows it a few hundred pixels wide (fewer effects, references and nested groups, filters no larger than the picture, short text)",
        }
    }

    /// The line and column in the file the problem is at, when known.
    pub fn position(&self) -> Option<(u32, u32)> {
        match self {
            Self::OverBudget(o) if o.line > 0 => Some((o.line, o.col)),
            _ => None,
        }
    }
}

/// Prepares an art file of `format` from its bytes.
pub fn prepare(format: ArtFormat, bytes: &[u8]) -> Result<ArtImage, ArtProblem> {
    match format {
        ArtFormat::Png => prepare_png(bytes),
        ArtFormat::Svg => prepare_svg(bytes),
    }
}

/// A PNG within [`MAX_PNG_SIDE`], shrunk to at most [`PNG_SIDE`] pixels a side and encoded
/// again (which also drops whatever else the file carried: text chunks, colour profiles).
pub fn prepare_png(bytes: &[u8]) -> Result<ArtImage, ArtProblem> {
    let (w, h) = png_size(bytes).ok_or_else(|| ArtProblem::Unreadable("not a PNG file".into()))?;
    if w > MAX_PNG_SIDE || h > MAX_PNG_SIDE {
        return Err(ArtProblem::Oversized(format!(
            "it is {w} x {h} pixels, over the limit of {MAX_PNG_SIDE} a side"
        )));
    }
    let pixmap = Pixmap::decode_png(bytes).map_err(|e| ArtProblem::Unreadable(e.to_string()))?;
    if pixmap.pixels().iter().all(|p| p.alpha() == 0) {
        return Err(ArtProblem::Blank);
    }
    let pixmap = shrink(pixmap, PNG_SIDE);
    let png = pixmap
        .encode_png()
        .map_err(|e| ArtProblem::Unreadable(e.to_string()))?;
    Ok(ArtImage {
        href: data_uri("image/png", &png),
        width: pixmap.width() as f32,
        height: pixmap.height() as f32,
    })
}

/// An SVG read in the sandbox ([`sandboxed_options`]) and written back by usvg: shapes only,
/// text turned into paths in the embedded font, nothing that refers outside the file.
pub fn prepare_svg(bytes: &[u8]) -> Result<ArtImage, ArtProblem> {
    let tree = read_svg(bytes)?;
    if !tree.root().has_children() {
        return Err(ArtProblem::Blank);
    }
    let svg = tree.to_string(&WriteOptions::default());
    let size = tree.size();
    Ok(ArtImage {
        href: data_uri("image/svg+xml", svg.as_bytes()),
        width: size.width(),
        height: size.height(),
    })
}

/// The art as usvg's tree, read within the drawing budget ([`svg_budget::ART`]: checked on
/// the XML before usvg converts it, then on the tree) and in the sandbox. A compressed SVG is
/// refused: its size unpacked is not known before unpacking.
fn read_svg(bytes: &[u8]) -> Result<Tree, ArtProblem> {
    if bytes.starts_with(&[0x1f, 0x8b]) {
        return Err(ArtProblem::Unreadable(
            "it is a compressed SVG (svgz)".into(),
        ));
    }
    let text = std::str::from_utf8(bytes)
        .map_err(|_| ArtProblem::Unreadable(usvg::Error::NotAnUtf8Str.to_string()))?;
    let doc = svg_budget::parse(text, &svg_budget::ART).map_err(|r| match r {
        Refusal::Unreadable(m) => ArtProblem::Unreadable(m),
        Refusal::Over(o) => ArtProblem::OverBudget(o),
    })?;
    let refused = Arc::new(Mutex::new(Vec::new()));
    let opts = sandboxed_options(refused.clone());
    let tree = Tree::from_str(text, &opts).map_err(|e| ArtProblem::Unreadable(e.to_string()))?;
    let mut refused = refused.lock().map(|r| r.clone()).unwrap_or_default();
    if !refused.is_empty() {
        refused.dedup();
        return Err(ArtProblem::Refused(refused));
    }
    svg_budget::check_tree(&tree, &svg_budget::ART, Some(&doc)).map_err(ArtProblem::OverBudget)?;
    Ok(tree)
}

/// usvg options for art: no resource directory, every image reference refused and written
/// down in `refused` (a file path or URL by its text, an embedded image by its kind), and
/// only the embedded fonts.
fn sandboxed_options(refused: Arc<Mutex<Vec<String>>>) -> usvg::Options<'static> {
    let by_string = refused.clone();
    let mut opt = usvg::Options {
        resources_dir: None,
        font_family: fonts::FAMILY.to_string(),
        image_href_resolver: ImageHrefResolver {
            // A picture inside a picture would be dropped where counters draw the art (usvg
            // draws no image inside an SVG image): refused rather than silently lost.
            resolve_data: Box::new(move |mime, _, _| {
                if let Ok(mut r) = refused.lock() {
                    r.push(format!("an embedded image ({mime})"));
                }
                None
            }),
            resolve_string: Box::new(move |href, _| {
                if let Ok(mut r) = by_string.lock() {
                    let shown: String = href.chars().take(80).collect();
                    r.push(format!("`{shown}`"));
                }
                None
            }),
        },
        ..usvg::Options::default()
    };
    opt.fontdb = fonts::database();
    opt
}

/// Width and height from a PNG's header (signature, then the IHDR chunk), read before
/// decoding so that an oversized picture is refused without being decoded.
fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.len() < 24 || &bytes[..8] != b"\x89PNG\r\n\x1a\n" || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let w = u32::from_be_bytes(bytes[16..20].try_into().ok()?);
    let h = u32::from_be_bytes(bytes[20..24].try_into().ok()?);
    Some((w, h))
}

/// `pixmap` with its longest side at most `side`: halved (each pixel the mean of four) while
/// more than twice too large, then scaled once with bicubic filtering. One big bicubic step
/// would skip pixels and alias; halving first does not.
fn shrink(mut pixmap: Pixmap, side: u32) -> Pixmap {
    loop {
        let (w, h) = (pixmap.width(), pixmap.height());
        let longest = w.max(h);
        if longest <= side {
            return pixmap;
        }
        let (scale, quality) = if longest > 2 * side {
            (0.5, FilterQuality::Bilinear)
        } else {
            (side as f32 / longest as f32, FilterQuality::Bicubic)
        };
        let nw = ((w as f32 * scale).round() as u32).max(1);
        let nh = ((h as f32 * scale).round() as u32).max(1);
        let Some(mut out) = Pixmap::new(nw, nh) else {
            return pixmap;
        };
        let paint = PixmapPaint {
            quality,
            ..PixmapPaint::default()
        };
        let t = Transform::from_scale(nw as f32 / w as f32, nh as f32 / h as f32);
        out.draw_pixmap(0, 0, pixmap.as_ref(), &paint, t, None);
        pixmap = out;
    }
}

/// `data:<mime>;base64,<bytes>`.
fn data_uri(mime: &str, bytes: &[u8]) -> Arc<str> {
    let b64 = base64::engine::general_purpose::STANDARD.encode(bytes);
    Arc::from(format!("data:{mime};base64,{b64}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(w: u32, h: u32, opaque: bool) -> Vec<u8> {
        let mut p = Pixmap::new(w, h).unwrap();
        if opaque {
            p.fill(resvg::tiny_skia::Color::from_rgba8(40, 60, 20, 255));
        }
        p.encode_png().unwrap()
    }

    #[test]
    fn a_png_is_shrunk_to_the_embedded_size_keeping_its_shape() {
        let big = prepare_png(&png(2000, 1000, true)).unwrap();
        assert_eq!((big.width, big.height), (512.0, 256.0));
        assert!(big.href.starts_with("data:image/png;base64,"));
        let small = prepare_png(&png(100, 40, true)).unwrap();
        assert_eq!((small.width, small.height), (100.0, 40.0));
    }

    #[test]
    fn bad_pngs_are_refused_with_a_reason() {
        assert!(matches!(
            prepare_png(b"GIF89a"),
            Err(ArtProblem::Unreadable(_))
        ));
        assert_eq!(prepare_png(&png(10, 10, false)), Err(ArtProblem::Blank));
        // A header claiming 5000 x 10 is refused before any decoding.
        let mut huge = png(10, 10, true);
        huge[16..20].copy_from_slice(&5000u32.to_be_bytes());
        assert!(matches!(prepare_png(&huge), Err(ArtProblem::Oversized(_))));
        let mut cut = png(10, 10, true);
        cut.truncate(40);
        assert!(matches!(prepare_png(&cut), Err(ArtProblem::Unreadable(_))));
    }

    #[test]
    fn svg_art_may_not_reach_outside_itself() {
        let linked = br#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><rect width="5" height="5"/><image href="/etc/passwd" width="5" height="5"/><image xlink:href="https://example.org/a.png" width="5" height="5"/></svg>"#;
        let Err(ArtProblem::Refused(what)) = prepare_svg(linked) else {
            panic!("refused");
        };
        assert_eq!(what, ["`/etc/passwd`", "`https://example.org/a.png`"]);
        let embedded = br#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="data:image/png;base64,iVBORw0KGgo=" width="5" height="5"/></svg>"#;
        assert!(matches!(prepare_svg(embedded), Err(ArtProblem::Refused(_))));
        let empty = br#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>"#;
        assert_eq!(prepare_svg(empty), Err(ArtProblem::Blank));
        assert!(matches!(
            prepare_svg(b"<svg"),
            Err(ArtProblem::Unreadable(_))
        ));
    }

    #[test]
    fn svg_art_is_rewritten_as_shapes_with_text_as_paths() {
        let art = br#"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><script>alert(1)</script><text x="2" y="15" font-family="Comic Sans MS" font-size="12">M13</text></svg>"#;
        let image = prepare_svg(art).unwrap();
        assert_eq!((image.width, image.height), (40.0, 20.0));
        let b64 = image
            .href
            .strip_prefix("data:image/svg+xml;base64,")
            .unwrap();
        let svg = String::from_utf8(
            base64::engine::general_purpose::STANDARD
                .decode(b64)
                .unwrap(),
        )
        .unwrap();
        assert!(svg.contains("<path") && !svg.contains("<text") && !svg.contains("script"));
    }
}
