//! Reading rendered SVG back with usvg, using only the embedded fonts.

use resvg::usvg::{self, Tree};

use super::fonts;

/// usvg options that resolve every font to the embedded DejaVu faces.
pub fn options() -> usvg::Options<'static> {
    let mut opt = usvg::Options {
        font_family: fonts::FAMILY.to_string(),
        ..usvg::Options::default()
    };
    opt.fontdb = fonts::database();
    opt
}

/// Parses SVG text into a render tree; the message names what the parser disliked.
pub fn parse(svg: &str) -> Result<Tree, String> {
    Tree::from_str(svg, &options()).map_err(|e| e.to_string())
}
