//! Reading rendered SVG back with usvg, using only the embedded fonts, within the drawing
//! budget ([`crate::svg_budget`]): a page within [`svg_budget::PAGE`], each SVG picture it
//! embeds within [`svg_budget::ART`].

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use resvg::usvg::{self, ImageHrefResolver, Tree};

use crate::fonts;
use crate::svg_budget::{self, Refusal};

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

/// Parses SVG text into a render tree; the message names what the parser disliked, or what
/// the page (or a picture embedded in it) would exceed of the drawing budget.
pub fn parse(svg: &str) -> Result<Tree, String> {
    let doc = checked(svg)?;
    read_checked(svg, &doc)
}

/// `svg` read as XML within [`svg_budget::PAGE`]'s first step.
pub(crate) fn checked(svg: &str) -> Result<roxmltree::Document<'_>, String> {
    svg_budget::parse(svg, &svg_budget::PAGE).map_err(|r| match r {
        Refusal::Unreadable(m) => m,
        Refusal::Over(o) => format!("drawing it would cost too much: {o}"),
    })
}

/// `svg` read by usvg within the drawing budget, `doc` being what [`checked`] read of it (or
/// of the page it was made from).
pub(crate) fn read_checked(svg: &str, doc: &roxmltree::Document) -> Result<Tree, String> {
    let refused = Arc::new(Mutex::new(None));
    let mut opts = options();
    opts.image_href_resolver.resolve_data = budgeted_pictures(refused.clone());
    let tree = Tree::from_str(svg, &opts).map_err(|e| e.to_string())?;
    if let Some(why) = refused.lock().ok().and_then(|mut r| r.take()) {
        return Err(why);
    }
    svg_budget::check_tree(&tree, &svg_budget::PAGE, Some(doc))
        .map_err(|o| format!("drawing it would cost too much: {o}"))?;
    Ok(tree)
}

/// usvg's reader of `data:` images, with an SVG picture first checked against
/// [`svg_budget::ART`] (a compressed one refused: its size unpacked is unknown); the first
/// refusal is kept in `refused`, for [`parse`] to report instead of drawing a blank. Each
/// picture is read once ([`read_picture`]).
fn budgeted_pictures(
    refused: Arc<Mutex<Option<String>>>,
) -> usvg::ImageHrefDataResolverFn<'static> {
    Box::new(
        move |mime, data, opts| match read_picture(mime, data, opts) {
            Ok(kind) => kind,
            Err(why) => {
                if let Ok(mut r) = refused.lock() {
                    r.get_or_insert(why);
                }
                None
            }
        },
    )
}

/// What a picture reads as: what usvg makes of it, or why it is refused.
type Read = Result<Option<usvg::ImageKind>, String>;

/// A picture's type and bytes.
type PictureKey = (String, Arc<Vec<u8>>);

/// Pictures read, by their type and bytes: every side of a counter shows its piece's picture
/// and a build draws hundreds of sides with one silhouette, so each is checked and parsed
/// once and its tree cloned after (cheap: path data is shared). [`parse`]'s options are
/// always the same ([`options`]), so the bytes decide the result. At most `MAX_PICTURES`,
/// emptied when full (a long `qm watch` session's memory stays bounded).
static PICTURES: std::sync::OnceLock<Mutex<HashMap<PictureKey, Read>>> = std::sync::OnceLock::new();
const MAX_PICTURES: usize = 256;

/// A `data:` picture read as usvg's default reader reads it, an SVG one first held to
/// [`svg_budget::ART`]; remembered in [`PICTURES`].
fn read_picture(mime: &str, data: Arc<Vec<u8>>, opts: &usvg::Options) -> Read {
    let memo = PICTURES.get_or_init(Mutex::default);
    let key = (mime.to_string(), data);
    if let Some(read) = memo.lock().ok().and_then(|m| m.get(&key).cloned()) {
        return read;
    }
    let (mime, data) = (&key.0, key.1.clone());
    let read = if mime == "image/svg+xml" || mime == "text/plain" {
        if data.starts_with(&[0x1f, 0x8b]) {
            Err("an embedded SVG picture is compressed (svgz)".to_string())
        } else {
            picture_over_budget(&data).map_or(Ok(()), Err)
        }
    } else {
        Ok(())
    }
    .map(|()| (ImageHrefResolver::default_data_resolver())(mime, data, opts));
    if let Ok(mut m) = memo.lock() {
        if m.len() >= MAX_PICTURES {
            m.clear();
        }
        m.insert(key, read.clone());
    }
    read
}

/// Why an embedded SVG picture cannot be drawn within [`svg_budget::ART`], if it cannot
/// (unreadable pictures are left to usvg, which draws nothing for them).
fn picture_over_budget(data: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(data).ok()?;
    match svg_budget::parse(text, &svg_budget::ART) {
        Err(Refusal::Over(o)) => Some(format!(
            "drawing an embedded SVG picture would cost too much: {o}"
        )),
        _ => None,
    }
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
