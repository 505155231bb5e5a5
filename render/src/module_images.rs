//! Images in the module: the counter PNGs handed in by the caller (the renderer), the small
//! overlays of its layers and the standalone module's board, each drawn from a template the
//! way every other picture is (SVG -> usvg with the embedded fonts -> resvg).

use std::sync::Arc;

use qm_schema::{CounterSide, Nation};

use crate::infantry::{infantry_images, infantry_px, InfantryImage, InfantrySide};
use crate::memo::Memo;
use crate::templates::Templates;
use crate::{
    counter_images, parse_svg, render_png, CounterImage, CounterOptions, RenderError,
    RenderErrorKind,
};

/// Folder under `images/` that qm owns; `qm vassal merge` replaces exactly this folder.
pub const QM_IMAGE_DIR: &str = "qm";

/// One counter side as a PNG: the input of the exporter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CounterPng {
    /// The nation's id (`ita`).
    pub nation: String,
    /// The piece's id: a vehicle's or gun's id (`l3-35`), or [`infantry_piece_id`]
    /// (`infantry/4-4-7`).
    pub vehicle_id: String,
    /// Which side; `Back` and `Wreck` (and an infantry counter's broken side, given as
    /// `Back`) become the flip side of the piece, a gun's `Limbered` side its limber layer.
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
        CounterSide::Limbered => "limbered",
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

/// The template of an overlay: a short label in a framed box ([`overlay_png`]).
pub const OVERLAY_TEMPLATE: &str = "vassal/overlay.svg";

/// The template of the standalone module's board ([`board_png`]).
pub const BOARD_TEMPLATE: &str = "vassal/board.svg";

/// The largest side, in pixels, of an image qm draws for the module itself: far above the
/// board's, it stops a size that would not fit in memory before any pixel is allocated.
const MAX_SHELL_PX: u32 = 8192;

/// An overlay of a layer trait (the CE and Motion overlays): `label` in a framed white box of
/// `width` x `height` pixels, drawn by [`OVERLAY_TEMPLATE`] with the embedded font; `image`
/// names it (its path in the module) in errors.
pub fn overlay_png(
    templates: &Templates,
    image: &str,
    label: &str,
    (width, height): (u32, u32),
) -> Result<Vec<u8>, RenderError> {
    let ctx = minijinja::context! { label, width, height };
    drawn_png(templates, OVERLAY_TEMPLATE, ctx, image, (width, height))
}

/// A board drawn: the templates' fingerprint, the image's name and its size.
type BoardKey = (u64, String, (u32, u32));

/// The standalone module's board, `width` x `height` pixels, drawn by [`BOARD_TEMPLATE`];
/// `image` names it (its path in the module) in errors.
pub fn board_png(
    templates: &Templates,
    image: &str,
    (width, height): (u32, u32),
) -> Result<Vec<u8>, RenderError> {
    // The same board for the same templates: drawn once per process (a build draws it ahead,
    // on the thread that warms up, while the nations are read: `qm_export::build::warm_up`).
    static BOARDS: Memo<BoardKey, Arc<Vec<u8>>> = Memo::new(8);
    let key = (templates.fingerprint(), image.to_string(), (width, height));
    let png = BOARDS.get_or(key, || {
        let ctx = minijinja::context! { width, height };
        drawn_png(templates, BOARD_TEMPLATE, ctx, image, (width, height)).map(Arc::new)
    })?;
    Ok(Arc::unwrap_or_clone(png))
}

/// `template` rendered with `ctx`, read back and rasterized at `width` x `height`: the one way
/// every picture is drawn (template -> SVG -> usvg with the embedded fonts -> resvg).
fn drawn_png(
    templates: &Templates,
    template: &str,
    ctx: minijinja::Value,
    image: &str,
    (width, height): (u32, u32),
) -> Result<Vec<u8>, RenderError> {
    let error = |kind| RenderError::new(image, kind);
    if width > MAX_SHELL_PX || height > MAX_SHELL_PX {
        let why = format!("{width}x{height} pixels is larger than {MAX_SHELL_PX} a side");
        return Err(error(RenderErrorKind::Png(why)));
    }
    let svg = templates
        .render(template, ctx)
        .map_err(|e| error(RenderErrorKind::Template(Box::new(e))))?;
    let tree = parse_svg(&svg).map_err(|message| {
        error(RenderErrorKind::Svg {
            template: templates.origin(template),
            message,
        })
    })?;
    render_png(&tree, width, height).map_err(|m| error(RenderErrorKind::Png(m)))
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

use qm_load::module_files::gpids::infantry_piece_id;

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

    /// The PNG of a rendered counter side of a vehicle or gun of `nation`.
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
    fn overlays_and_the_board_are_drawn_at_their_size() {
        let t = Templates::new(None);
        let png = overlay_png(&t, "qm/ce.png", "CE", (20, 16)).unwrap();
        assert_eq!(png_size(&png), Some((20, 16)));
        assert_eq!(png, overlay_png(&t, "qm/ce.png", "CE", (20, 16)).unwrap());
        let board = board_png(&t, "board.png", (100, 65)).unwrap();
        assert_eq!(png_size(&board), Some((100, 65)));
        assert_eq!(png_size(b"not a png"), None);
        let e = board_png(&t, "board.png", (100_000, 65)).unwrap_err();
        assert_eq!(e.artifact, "board.png");
        assert!(e.to_string().contains("larger than 8192"), "{e}");
    }

    #[test]
    fn an_overlay_shows_its_label_in_a_frame() {
        let t = Templates::new(None);
        let svg = t
            .render(
                OVERLAY_TEMPLATE,
                minijinja::context! { label => "CE", width => 20, height => 16 },
            )
            .unwrap();
        let tree = parse_svg(&svg).unwrap();
        let pixmap = crate::render_pixmap(&tree, 20, 16).unwrap();
        let dark = |x: u32, y: u32| pixmap.pixel(x, y).is_some_and(|p| p.red() < 128);
        // The frame is a dark pixel all round; the label's ink is dark inside it; the margin
        // between them is white.
        assert!((0..20).all(|x| dark(x, 0) && dark(x, 15)));
        assert!((0..16).all(|y| dark(0, y) && dark(19, y)));
        let ink = (2..18).flat_map(|x| (2..14).map(move |y| (x, y)));
        let inked = ink.filter(|&(x, y)| dark(x, y)).count();
        assert!(inked > 20, "the label is drawn ({inked} dark pixels)");
        assert!(
            (1..19).all(|x| !dark(x, 1)),
            "a white margin under the frame"
        );
    }

    #[test]
    fn paths_are_under_the_qm_folder() {
        assert_eq!(
            counter_image_path("ita", "l3-35", CounterSide::Front),
            "qm/ita/l3-35-front.png"
        );
    }
}
