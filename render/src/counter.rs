//! Counters: one SVG per side per vehicle or gun ([`CounterPiece`]) from
//! `templates/counter/`, its PNG and its PDF form. Every artifact that shows a nation's counter
//! sides walks them with [`each_side`].

use qm_layout::counter::{self, SideLayout};
use qm_resolve::colours::{Palette, PieceColours};
use qm_schema::{CounterSide, Nation, Ordnance, Vehicle};
use serde::Serialize;

use super::counter_piece::{pieces, CounterPiece};
use super::counter_view::CounterView;
use super::error::{RenderError, RenderErrorKind};
use super::pdf::Converted;
use super::picture::{Picture, Pictures};
use super::png;
use crate::templates::Templates;
use qm_layout::svg_page::{self, Page};
use rayon::prelude::*;

/// The template of a counter's front (and of a gun's limbered side, laid out as a front).
pub const FRONT_TEMPLATE: &str = "counter/front.svg";
/// The template of a counter's back (a vehicle's wreck side, a gun's malfunctioned side).
pub const BACK_TEMPLATE: &str = "counter/back.svg";
/// Side length of the counter in SVG user units (the templates' `viewBox`).
pub const COUNTER_UNITS: f64 = 100.0;

/// How counters are drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct CounterOptions {
    /// PNG width and height in pixels (60: a 5/8 inch counter at 96 dpi).
    pub px: u32,
    /// Print the MP in red. A red-MP rule of the game system (rule 178) depends on the
    /// scenario's theater and month, not on the vehicle: `qm build` prints counters with black
    /// MP (false), and a scenario renderer sets this from the registry's rules
    /// (`SystemRules::red_mp`).
    pub red_mp: bool,
    /// Each vehicle's and gun's picture (art or silhouette); empty by default, which leaves
    /// the picture box empty.
    pub pictures: Pictures,
    /// Each nation's colours (`qm build` takes them from the compile); by default the colour
    /// registry's default for every nation.
    pub colours: Palette,
}

impl Default for CounterOptions {
    fn default() -> Self {
        Self {
            px: 60,
            red_mp: false,
            pictures: Pictures::default(),
            colours: Palette::default(),
        }
    }
}

/// One rendered counter side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CounterImage {
    /// The piece's id: a vehicle's (`m13-40`) or a gun's.
    pub vehicle_id: String,
    /// Front or back (the back is also the wreck side), or a gun's limbered side.
    pub side: CounterSide,
    /// The SVG text.
    pub svg: String,
    /// The PNG, `px` x `px` pixels.
    pub png: Vec<u8>,
}

impl CounterImage {
    /// The file stem for this side: `m13-40-front`, `m13-40-back`, `flak-20-limbered`.
    pub fn stem(&self) -> String {
        format!("{}-{}", self.vehicle_id, side_name(self.side))
    }
}

/// The template drawing `side`: the wreck side is the back; a gun's limbered side is laid
/// out, and drawn, as a front.
pub fn template_of(side: CounterSide) -> &'static str {
    match side {
        CounterSide::Front | CounterSide::Limbered => FRONT_TEMPLATE,
        CounterSide::Back | CounterSide::Wreck => BACK_TEMPLATE,
    }
}

/// "front", "back" or "limbered"; a wreck-side request draws the back.
pub fn side_name(side: CounterSide) -> &'static str {
    match side {
        CounterSide::Front => "front",
        CounterSide::Back | CounterSide::Wreck => "back",
        CounterSide::Limbered => "limbered",
    }
}

/// What a counter template sees.
#[derive(Serialize)]
struct CounterContext<'a> {
    /// `{id, name}` of the nation.
    nation: NationRef<'a>,
    /// The vehicle's whole IR record, for templates that want more than [`CounterView`]
    /// gives (absent for a gun).
    #[serde(skip_serializing_if = "Option::is_none")]
    vehicle: Option<&'a Vehicle>,
    /// The gun's whole IR record (absent for a vehicle).
    #[serde(skip_serializing_if = "Option::is_none")]
    gun: Option<&'a Ordnance>,
    /// The printable values (absent when the template cannot read them:
    /// [`Templates::may_read`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    counter: Option<CounterView>,
    /// "front", "back" or "limbered" (empty only in the part of a side's cache key its
    /// piece's sides share: [`counter_keys`]).
    #[serde(skip_serializing_if = "str::is_empty")]
    side: &'static str,
    /// The PNG size, which the template writes as the SVG's width and height.
    px: u32,
    /// Rule 178's red MP (see [`CounterOptions::red_mp`]).
    red_mp: bool,
    /// The viewBox side length.
    units: f64,
    /// The piece's picture, when the build has one.
    picture: Option<&'a Picture>,
    /// The side laid out: every text, box and circle placed, in drawing order
    /// (`qm_layout::counter`); `None` only in a side's cache key ([`counter_key`]), which the
    /// rest of the context decides.
    #[serde(skip_serializing_if = "Option::is_none")]
    layout: Option<SideLayout>,
    /// What the side is printed in: grounds, text, another nation's colours inset.
    colours: PieceColours,
}

#[derive(Serialize)]
struct NationRef<'a> {
    id: &'a str,
    name: &'a str,
}

/// What the template of `side` gets when rendered with `templates` (laid out, without what
/// the template cannot read: [`Templates::may_read`]); without, all of it but the layout
/// (which the rest decides: the piece, the side and the picture's shape), for its key.
fn context<'a>(
    nation: &'a Nation,
    piece: CounterPiece<'a>,
    side: CounterSide,
    opts: &'a CounterOptions,
    templates: Option<&Templates>,
) -> CounterContext<'a> {
    let picture = opts.pictures.get(&nation.id, piece.id());
    let reads = |var| templates.is_none_or(|t| t.may_read(template_of(side), var));
    let (vehicle, gun, counter, colours) = match piece {
        CounterPiece::Vehicle(v) => (
            Some(v).filter(|_| reads("vehicle")),
            None,
            reads("counter").then(|| CounterView::of(v)),
            opts.colours.piece(nation, v),
        ),
        CounterPiece::Gun(g) => (
            None,
            Some(g).filter(|_| reads("gun")),
            reads("counter").then(|| CounterView::of_gun(g)),
            opts.colours.gun(nation),
        ),
    };
    CounterContext {
        nation: NationRef {
            id: &nation.id,
            name: &nation.name,
        },
        vehicle,
        gun,
        counter,
        side: side_name(side),
        px: opts.px,
        red_mp: opts.red_mp,
        units: COUNTER_UNITS,
        picture,
        layout: templates.map(|_| side_layout(piece, side, picture)),
        colours,
    }
}

/// One side of a piece's counter laid out, its picture box for `picture`'s shape.
pub fn side_layout<'a>(
    piece: impl Into<CounterPiece<'a>>,
    side: CounterSide,
    picture: Option<&Picture>,
) -> SideLayout {
    let aspect = picture.map_or(counter::DEFAULT_ASPECT, |p| f64::from(p.aspect));
    piece.into().layout(side, aspect)
}

/// A hash of everything one side is drawn from: its template's name and context (but its
/// layout, which the rest of the context decides: laying a side out costs as much as hashing
/// it), and the templates' fingerprint ([`Templates::fingerprint`], given as `templates`);
/// the render cache keys sides with it. The same key as [`counter_keys`] gives the side.
pub fn counter_key<'a>(
    nation: &'a Nation,
    piece: impl Into<CounterPiece<'a>>,
    side: CounterSide,
    opts: &'a CounterOptions,
    templates: u64,
) -> crate::cache_key::Key {
    side_key(shared_key(nation, piece.into(), opts), side, templates)
}

/// [`counter_key`] of each of a piece's sides, in [`CounterPiece::sides`]' order: the
/// context its sides share (all of it but the side's name: the piece's whole IR record, most
/// of a key's cost) is serialized once for them all.
pub fn counter_keys<'a>(
    nation: &'a Nation,
    piece: impl Into<CounterPiece<'a>>,
    opts: &'a CounterOptions,
    templates: u64,
) -> Vec<crate::cache_key::Key> {
    let piece = piece.into();
    let shared = shared_key(nation, piece, opts);
    piece
        .sides()
        .into_iter()
        .map(|side| side_key(shared.clone(), side, templates))
        .collect()
}

/// The part of a side's key its piece's sides share: the context without the side's name.
fn shared_key<'a>(
    nation: &'a Nation,
    piece: CounterPiece<'a>,
    opts: &'a CounterOptions,
) -> crate::cache_key::KeyHasher {
    let shared = CounterContext {
        side: "",
        ..context(nation, piece, CounterSide::Front, opts, None)
    };
    crate::cache_key::KeyHasher::new("counter side").value(&shared)
}

/// A side's key from its piece's [`shared_key`]: its template, its name and the templates.
fn side_key(
    shared: crate::cache_key::KeyHasher,
    side: CounterSide,
    templates: u64,
) -> crate::cache_key::Key {
    shared
        .value(template_of(side))
        .value(side_name(side))
        .key(templates)
        .finish()
}

/// Renders one side of a piece's counter to SVG.
pub fn counter_svg<'a>(
    nation: &'a Nation,
    piece: impl Into<CounterPiece<'a>>,
    side: CounterSide,
    templates: &Templates,
    opts: &'a CounterOptions,
) -> Result<String, RenderError> {
    let piece = piece.into();
    let template = template_of(side);
    let ctx = context(nation, piece, side, opts, Some(templates));
    templates.render(template, &ctx).map_err(|e| {
        RenderError::new(
            artifact_name(nation, piece, side, "svg"),
            RenderErrorKind::Template(Box::new(e)),
        )
    })
}

/// A side's SVG read back (usvg, its texts remembered: `qm_layout::svg_page`), with the
/// template's name in the error when it is not SVG.
fn side_tree<'a>(
    nation: &'a Nation,
    piece: CounterPiece<'a>,
    side: CounterSide,
    templates: &Templates,
    opts: &'a CounterOptions,
) -> Result<(String, Page), RenderError> {
    let svg_text = counter_svg(nation, piece, side, templates, opts)?;
    let tree = svg_page::read(&svg_text).map_err(|message| {
        RenderError::new(
            artifact_name(nation, piece, side, "svg"),
            RenderErrorKind::Svg {
                template: templates.origin(template_of(side)),
                message,
            },
        )
    })?;
    Ok((svg_text, tree))
}

/// The PNG of a side read back, `opts.px` square.
fn side_png(
    nation: &Nation,
    piece: CounterPiece,
    side: CounterSide,
    tree: &Page,
    opts: &CounterOptions,
) -> Result<Vec<u8>, RenderError> {
    png::render_page_png(tree, opts.px, opts.px).map_err(|m| {
        RenderError::new(
            artifact_name(nation, piece, side, "png"),
            RenderErrorKind::Png(m),
        )
    })
}

/// The image of a side: a wreck side is the back (one flip side per counter). Its SVG and PNG
/// are kept until the build writes them, thousands of them: each is given back the room its
/// buffer grew into (up to twice its length), which a build of many nations would otherwise
/// hold (about 12 MB of 50 nations' PNGs alone).
fn image(
    piece: CounterPiece,
    side: CounterSide,
    mut svg: String,
    mut png: Vec<u8>,
) -> CounterImage {
    svg.shrink_to_fit();
    png.shrink_to_fit();
    CounterImage {
        vehicle_id: piece.id().to_string(),
        side: match side {
            CounterSide::Front => CounterSide::Front,
            CounterSide::Limbered => CounterSide::Limbered,
            CounterSide::Back | CounterSide::Wreck => CounterSide::Back,
        },
        svg,
        png,
    }
}

/// Renders one side of a piece's counter to SVG and PNG.
pub fn counter_image<'a>(
    nation: &'a Nation,
    piece: impl Into<CounterPiece<'a>>,
    side: CounterSide,
    templates: &Templates,
    opts: &'a CounterOptions,
) -> Result<CounterImage, RenderError> {
    let piece = piece.into();
    let (svg_text, tree) = side_tree(nation, piece, side, templates, opts)?;
    let png = side_png(nation, piece, side, &tree, opts)?;
    Ok(image(piece, side, svg_text, png))
}

/// One counter side, drawn once for every artifact that shows it.
pub struct RenderedSide {
    /// The SVG and PNG (the counter files and the VASSAL module).
    pub image: CounterImage,
    /// The side as a PDF form, for the counter sheets.
    pub pdf: Converted,
}

/// Draws one side of a piece's counter: SVG, PNG and PDF form from one template render and
/// one SVG parse.
pub fn render_side<'a>(
    nation: &'a Nation,
    piece: impl Into<CounterPiece<'a>>,
    side: CounterSide,
    templates: &Templates,
    opts: &'a CounterOptions,
) -> Result<RenderedSide, RenderError> {
    let piece = piece.into();
    let (svg_text, tree) = side_tree(nation, piece, side, templates, opts)?;
    let png = side_png(nation, piece, side, &tree, opts)?;
    let pdf = side_pdf(nation, piece, side, &tree)?;
    Ok(RenderedSide {
        image: image(piece, side, svg_text, png),
        pdf,
    })
}

/// Draws one side of a piece's counter as a PDF form only (the counter sheets).
pub fn side_form<'a>(
    nation: &'a Nation,
    piece: impl Into<CounterPiece<'a>>,
    side: CounterSide,
    templates: &Templates,
    opts: &'a CounterOptions,
) -> Result<Converted, RenderError> {
    let piece = piece.into();
    let (_, tree) = side_tree(nation, piece, side, templates, opts)?;
    side_pdf(nation, piece, side, &tree)
}

/// A side drawn before, from its SVG as [`render_side`] wrote it: the same PDF form, without
/// the template render, the raster and the PNG (a build reusing the side's files from its
/// cache still places it on its nation's sheets).
pub fn kept_side(image: CounterImage) -> Result<RenderedSide, String> {
    let page = svg_page::read(&image.svg)?;
    let pdf = Converted::from_page(&page, EMBED)?;
    Ok(RenderedSide { image, pdf })
}

/// A counter side's PDF form draws its text in the fonts of the sheet it is placed on (one
/// subset per face for the whole sheet: [`Converted::new`] without `embed_text`); svg2pdf's
/// embedding would write a subset per side.
const EMBED: bool = false;

fn side_pdf(
    nation: &Nation,
    piece: CounterPiece,
    side: CounterSide,
    tree: &Page,
) -> Result<Converted, RenderError> {
    Converted::from_page(tree, EMBED).map_err(|m| {
        RenderError::new(
            artifact_name(nation, piece, side, "svg"),
            RenderErrorKind::Pdf(m),
        )
    })
}

/// A nation's counter sides in the one order every artifact uses: front, then back, of each
/// vehicle in listing order, each followed by its VASL variants
/// ([`Nation::counter_vehicles`]), then front, back and limbered side (when it has one) of
/// each gun ([`CounterPiece::sides`]; [`each_side`] draws them; `qm build` keys and caches
/// them so).
pub fn sides(nation: &Nation) -> impl Iterator<Item = (CounterPiece<'_>, CounterSide)> {
    pieces(nation).flat_map(|p| p.sides().into_iter().map(move |side| (p, side)))
}

/// Draws every counter side of a nation with `draw`, on every core, in [`sides`]' order. The
/// order of the results, and the error reported (the first in that order), do not depend on
/// the number of threads. The one walk over a nation's sides that every artifact uses:
/// [`counter_images`], the counter sheets, `qm build`'s counter files.
pub fn each_side<'n, T: Send>(
    nation: &'n Nation,
    draw: impl Fn(CounterPiece<'n>, CounterSide) -> Result<T, RenderError> + Sync,
) -> Result<Vec<T>, RenderError> {
    let sides: Vec<(CounterPiece, CounterSide)> = sides(nation).collect();
    sides
        .par_iter()
        .map(|&(p, side)| draw(p, side))
        .collect::<Vec<_>>()
        .into_iter()
        .collect()
}

/// Every counter side of a nation as SVG and PNG ([`each_side`]'s order): what the VASSAL
/// exporter's piece images are.
pub fn counter_images(
    nation: &Nation,
    templates: &Templates,
    opts: &CounterOptions,
) -> Result<Vec<CounterImage>, RenderError> {
    each_side(nation, |p, side| {
        counter_image(nation, p, side, templates, opts)
    })
}

/// Where a counter file goes under `out/`: `ita/counters/m13-40-front.svg`.
pub fn artifact_name<'a>(
    nation: &Nation,
    piece: impl Into<CounterPiece<'a>>,
    side: CounterSide,
    ext: &str,
) -> String {
    format!(
        "{}/counters/{}-{}.{ext}",
        nation.id,
        piece.into().id(),
        side_name(side)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A piece's keys made together are each side's key made alone; its sides' keys differ,
    /// and so do two pieces'.
    #[test]
    fn a_pieces_keys_are_its_sides_keys() {
        let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data-src");
        let compiled = qm_compile::pipeline::compile(&data, &Default::default());
        let opts = CounterOptions::default();
        let mut seen = std::collections::HashSet::new();
        for nation in &compiled.nations {
            for piece in crate::pieces(nation) {
                let keys = counter_keys(nation, piece, &opts, 7);
                let alone: Vec<_> = piece
                    .sides()
                    .into_iter()
                    .map(|side| counter_key(nation, piece, side, &opts, 7))
                    .collect();
                assert_eq!(keys, alone, "{}", piece.id());
                for key in keys {
                    assert!(seen.insert(key), "{} shares a key", piece.id());
                }
                assert_ne!(
                    counter_keys(nation, piece, &opts, 8),
                    alone,
                    "the templates' fingerprint is in the key"
                );
            }
        }
        assert!(seen.len() >= 82);
    }
}
