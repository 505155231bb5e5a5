//! Reading rendered SVG back with usvg, using only the embedded fonts.

use resvg::usvg::{self, Tree};

use crate::fonts;

/// usvg options that resolve every font to the embedded DejaVu faces and read no file: an
/// image is drawn only from a `data:` URI (the way pictures travel in counters), never from a
/// path or URL a template writes.
pub fn options() -> usvg::Options<'static> {
    let mut opt = usvg::Options {
        font_family: fonts::FAMILY.to_string(),
        ..usvg::Options::default()
    };
    opt.image_href_resolver.resolve_string = Box::new(|_, _| None);
    opt.fontdb = fonts::database();
    opt
}

/// Parses SVG text into a render tree; the message names what the parser disliked.
pub fn parse(svg: &str) -> Result<Tree, String> {
    Tree::from_str(svg, &options()).map_err(|e| e.to_string())
}

/// The SVG with its root element's `width` and `height` set to the given values (added when
/// missing), for drawing a picture at another size: a counter rendered for a PNG (`60` px)
/// inlined into HTML at `15.875mm`, or into a mm-based page at `15.875` user units.
pub fn with_size(svg: &str, width: &str, height: &str) -> String {
    let Some(start) = svg.find("<svg") else {
        return svg.to_string();
    };
    let Some(len) = svg[start..].find('>') else {
        return svg.to_string();
    };
    let (head, rest) = svg.split_at(start + len);
    let (before, tag) = head.split_at(start);
    let tag = set_attr(&set_attr(tag, "width", width), "height", height);
    format!("{before}{tag}{rest}")
}

/// `tag` (an opening tag without its `>`) with attribute `name` set to `value`.
fn set_attr(tag: &str, name: &str, value: &str) -> String {
    let key = format!(" {name}=\"");
    match tag.find(&key) {
        Some(i) => {
            let from = i + key.len();
            let to = tag[from..].find('"').map_or(tag.len(), |j| from + j);
            format!("{}{value}{}", &tag[..from], &tag[to..])
        }
        None => {
            let tag = tag.strip_suffix('/').unwrap_or(tag);
            format!("{tag}{key}{value}\"")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_size_sets_only_the_root_size() {
        let svg = "<svg xmlns=\"x\" width=\"60\" height=\"60\" viewBox=\"0 0 100 100\"><rect width=\"100\" height=\"100\"/></svg>";
        assert_eq!(
            with_size(svg, "15.875mm", "15.875mm"),
            "<svg xmlns=\"x\" width=\"15.875mm\" height=\"15.875mm\" viewBox=\"0 0 100 100\"><rect width=\"100\" height=\"100\"/></svg>"
        );
        assert_eq!(
            with_size("<svg viewBox=\"0 0 1 1\"></svg>", "2", "3"),
            "<svg viewBox=\"0 0 1 1\" width=\"2\" height=\"3\"></svg>"
        );
    }
}
