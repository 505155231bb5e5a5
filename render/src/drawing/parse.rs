//! SVG text -> [`Drawing`]: the elements and attributes the page templates write, with SVG's
//! inheritance of presentation attributes; anything else is [`Unsupported`].

use resvg::usvg::tiny_skia_path::{Path, Transform};
use roxmltree::Node;

use super::shape::{shape, Anchor};
use super::{geometry, Drawing, Op, Rgb, Stroke, TextRun, Unsupported, UsedGlyphs};

const SVG_NS: &str = "http://www.w3.org/2000/svg";
const XML_NS: &str = "http://www.w3.org/XML/1998/namespace";
/// CSS pixels per inch: how usvg converts `mm`, `in`, `pt` ... to user units.
const DPI: f64 = 96.0;
/// usvg's default font size.
const DEFAULT_FONT_SIZE: f32 = 12.0;

/// The inherited presentation attributes in effect at an element.
#[derive(Debug, Clone)]
struct Style {
    fill: Option<Rgb>,
    stroke: Option<Rgb>,
    stroke_width: f32,
    dash: Option<Vec<f32>>,
    dash_offset: f32,
    font_size: f32,
    bold: bool,
    anchor: Anchor,
    /// `xml:space="preserve"`.
    preserve: bool,
    /// `fill-rule="evenodd"`.
    even_odd: bool,
}

impl Default for Style {
    fn default() -> Self {
        Self {
            fill: Some(Rgb(0, 0, 0)),
            stroke: None,
            stroke_width: 1.0,
            dash: None,
            dash_offset: 0.0,
            font_size: DEFAULT_FONT_SIZE,
            bold: false,
            anchor: Anchor::Start,
            preserve: false,
            even_odd: false,
        }
    }
}

/// Reads `svg`; see [`Drawing::read`].
pub(super) fn read(svg: &str) -> Result<Drawing, Unsupported> {
    let doc = roxmltree::Document::parse(svg).map_err(|e| Unsupported(format!("XML: {e}")))?;
    let root = doc.root_element();
    if !is_svg(root, "svg") {
        return Err(Unsupported("a root that is not <svg>".into()));
    }
    let width = root_length(root, "width")?;
    let height = root_length(root, "height")?;
    let style = Style::default().apply(root, &["width", "height", "viewBox", "version"])?;
    let mut reader = Reader {
        ops: Vec::new(),
        glyphs: Default::default(),
    };
    let view = match view_box(root)? {
        Some(vb) => fit_view_box(vb, width, height)?,
        None => Transform::identity(),
    };
    reader.with_transform(view, |r| r.children(root, &style))?;
    Ok(Drawing {
        width,
        height,
        ops: reader.ops,
        id: super::next_id(),
        glyphs: reader.glyphs,
    })
}

struct Reader {
    ops: Vec<Op>,
    /// The glyphs the text runs of `ops` use (see [`Drawing`]'s field).
    glyphs: UsedGlyphs,
}

impl Reader {
    fn children(&mut self, node: Node, style: &Style) -> Result<(), Unsupported> {
        // This reader recurses once a level: deeper than the drawing budget, the page goes to
        // usvg's reader, which refuses it (`svg_budget`) before anything recurses.
        if node
            .ancestors()
            .nth(crate::svg_budget::PAGE.depth)
            .is_some()
        {
            return Err(Unsupported("elements nested too deep".into()));
        }
        for child in node.children() {
            if child.is_element() {
                self.element(child, style)?;
            } else if child.is_text() && !child.text().unwrap_or("").trim().is_empty() {
                return Err(Unsupported(format!(
                    "text outside <text> in <{}>",
                    node.tag_name().name()
                )));
            }
        }
        Ok(())
    }

    fn element(&mut self, node: Node, parent: &Style) -> Result<(), Unsupported> {
        let name = node.tag_name().name();
        if node.tag_name().namespace() != Some(SVG_NS) {
            return Err(Unsupported(format!("the element <{name}> outside SVG")));
        }
        if matches!(name, "title" | "desc" | "metadata") {
            return Ok(());
        }
        // An empty `<defs/>` (usvg writes one into every picture it sanitizes) defines nothing.
        if name == "defs" && !node.children().any(|c| c.is_element()) {
            return Ok(());
        }
        let geometry: &[&str] = match name {
            "g" => &[],
            "svg" => &["x", "y", "width", "height", "viewBox"],
            "rect" => &["x", "y", "width", "height", "rx", "ry"],
            "line" => &["x1", "y1", "x2", "y2"],
            "circle" => &["cx", "cy", "r"],
            "path" => &["d"],
            "text" => &["x", "y"],
            "image" => &["x", "y", "width", "height", "preserveAspectRatio", "href"],
            _ => return Err(Unsupported(format!("the element <{name}>"))),
        };
        let style = parent.apply(node, geometry)?;
        let transform = match node.attribute("transform") {
            Some(t) => transform(t)?,
            None => Transform::identity(),
        };
        self.with_transform(transform, |r| match name {
            "g" => r.children(node, &style),
            "svg" => r.nested_svg(node, &style),
            "text" => r.text(node, &style),
            "image" => {
                r.image(node)?;
                no_children(node)
            }
            _ => {
                r.shape(node, name, &style)?;
                no_children(node)
            }
        })
    }

    /// Runs `f` inside `transform` (nothing added for the identity).
    fn with_transform(
        &mut self,
        transform: Transform,
        f: impl FnOnce(&mut Self) -> Result<(), Unsupported>,
    ) -> Result<(), Unsupported> {
        if transform.is_identity() {
            return f(self);
        }
        self.ops.push(Op::Push(transform));
        f(self)?;
        self.ops.push(Op::Pop);
        Ok(())
    }

    fn shape(&mut self, node: Node, name: &str, style: &Style) -> Result<(), Unsupported> {
        let n = |a: &str| number_or(node, a, 0.0);
        let path = match name {
            "rect" => geometry::rect(
                n("x")?,
                n("y")?,
                n("width")?,
                n("height")?,
                optional_number(node, "rx")?,
                optional_number(node, "ry")?,
            ),
            "line" => geometry::line(n("x1")?, n("y1")?, n("x2")?, n("y2")?),
            "circle" => geometry::circle(n("cx")?, n("cy")?, n("r")?),
            _ => geometry::path_data(node.attribute("d").unwrap_or("")),
        };
        if let Some(path) = path {
            self.paint(path, style);
        }
        Ok(())
    }

    /// Fills, then strokes, as svg2pdf does; a fill of a path without area and a stroke of a
    /// path without extent are left out, as svg2pdf leaves them out.
    fn paint(&mut self, path: Path, style: &Style) {
        let b = path.bounds();
        let stroke = style
            .stroke
            .filter(|_| style.stroke_width > 0.0 && (b.width() != 0.0 || b.height() != 0.0));
        if let Some(color) = style.fill.filter(|_| b.width() != 0.0 && b.height() != 0.0) {
            self.ops.push(Op::Fill(path.clone(), color, style.even_odd));
        }
        if let Some(color) = stroke {
            self.ops.push(Op::Stroke(
                path,
                Stroke {
                    color,
                    width: style.stroke_width,
                    dash: style.dash.clone().map(|d| (d, style.dash_offset)),
                    cap: 0,
                    join: 0,
                    miter_limit: 4.0,
                },
            ));
        }
    }

    /// A nested `<svg>` (a counter picture on a card): a viewport at (x, y), clipped to its
    /// width and height, its viewBox fitted into it.
    fn nested_svg(&mut self, node: Node, style: &Style) -> Result<(), Unsupported> {
        let (x, y) = (number_or(node, "x", 0.0)?, number_or(node, "y", 0.0)?);
        let (Some(w), Some(h)) = (
            optional_number(node, "width")?,
            optional_number(node, "height")?,
        ) else {
            return Err(Unsupported(
                "a nested <svg> without width and height".into(),
            ));
        };
        if !(w > 0.0 && h > 0.0) {
            return Ok(());
        }
        let mut inner = Transform::from_translate(x, y);
        if let Some(vb) = view_box(node)? {
            inner = inner.pre_concat(fit_view_box(vb, w, h)?);
        }
        self.ops.push(Op::Clip { x, y, w, h });
        self.with_transform(inner, |r| r.children(node, style))?;
        self.ops.push(Op::Pop);
        Ok(())
    }

    /// An `<image>` of SVG in a `data:` URI (a counter's picture on a card): a document of
    /// its own (nothing inherited), its size fitted into (x, y, width, height) as
    /// `xMidYMid meet` and clipped to that size, as usvg places it and svg2pdf clips it.
    fn image(&mut self, node: Node) -> Result<(), Unsupported> {
        let aspect = node.attribute("preserveAspectRatio").unwrap_or("xMidYMid");
        if !matches!(aspect.trim(), "xMidYMid" | "xMidYMid meet") {
            return Err(Unsupported(format!("preserveAspectRatio=\"{aspect}\"")));
        }
        let text = svg_data_uri(node.attribute("href").unwrap_or(""))?;
        let doc =
            roxmltree::Document::parse(&text).map_err(|e| Unsupported(format!("XML: {e}")))?;
        let root = doc.root_element();
        if !is_svg(root, "svg") {
            return Err(Unsupported("an image whose root is not <svg>".into()));
        }
        let (iw, ih) = (root_length(root, "width")?, root_length(root, "height")?);
        let n = |a: &str| number_or(node, a, 0.0);
        let (x, y, w, h) = (n("x")?, n("y")?, n("width")?, n("height")?);
        if !(w > 0.0 && h > 0.0 && iw > 0.0 && ih > 0.0) {
            return Ok(());
        }
        // The picture's own size is fitted as a viewBox of that size would be.
        let place =
            Transform::from_translate(x, y).pre_concat(fit_view_box([0.0, 0.0, iw, ih], w, h)?);
        let style = Style::default().apply(root, &["width", "height", "viewBox", "version"])?;
        let view = match view_box(root)? {
            Some(vb) => fit_view_box(vb, iw, ih)?,
            None => Transform::identity(),
        };
        self.with_transform(place, |r| {
            r.ops.push(Op::Clip {
                x: 0.0,
                y: 0.0,
                w: iw,
                h: ih,
            });
            r.with_transform(view, |r| r.children(root, &style))?;
            r.ops.push(Op::Pop);
            Ok(())
        })
    }

    fn text(&mut self, node: Node, style: &Style) -> Result<(), Unsupported> {
        for chunk in text_chunks(node, style)? {
            if chunk.style.stroke.is_some() {
                return Err(Unsupported("stroked text".into()));
            }
            let Some(color) = chunk.style.fill else {
                return Err(Unsupported("text without a fill".into()));
            };
            let face = usize::from(chunk.style.bold);
            let glyphs = shape(
                &chunk.text,
                chunk.style.bold,
                chunk.style.font_size,
                chunk.x,
                chunk.style.anchor,
                &mut self.glyphs[face],
            )?;
            if glyphs.is_empty() {
                continue;
            }
            self.ops.push(Op::Text(TextRun {
                face,
                size: chunk.style.font_size,
                color,
                y: chunk.y,
                glyphs,
            }));
        }
        Ok(())
    }
}

/// One chunk of a `<text>`: text starting at an absolute position.
struct Chunk {
    x: f32,
    y: f32,
    text: String,
    style: Style,
}

/// The chunks of a `<text>`: its own text, or one per `<tspan>` (each placed by its own `x`
/// and `y`; the first may take the `<text>`'s). Whitespace is handled as usvg handles it;
/// what usvg would merge across pieces (a space at a piece's edge) is [`Unsupported`].
fn text_chunks(node: Node, style: &Style) -> Result<Vec<Chunk>, Unsupported> {
    let x = number_or(node, "x", 0.0)?;
    let y = number_or(node, "y", 0.0)?;
    let mut pieces: Vec<(Node, Style)> = Vec::new();
    let mut own_text = None;
    for child in node.children() {
        if child.is_text() {
            if own_text.replace(child).is_some() {
                return Err(Unsupported("text in several pieces".into()));
            }
        } else if child.is_element() {
            if !is_svg(child, "tspan") {
                return Err(Unsupported(format!(
                    "<{}> in <text>",
                    child.tag_name().name()
                )));
            }
            let s = style.apply(child, &["x", "y"])?;
            pieces.push((child, s));
        }
    }
    match (own_text, pieces.is_empty()) {
        (Some(t), true) => {
            let text = trim_single(
                &collapse(t.text().unwrap_or(""), style.preserve),
                style.preserve,
            );
            Ok(vec![Chunk {
                x,
                y,
                text,
                style: style.clone(),
            }])
        }
        (None, _) => tspan_chunks(&pieces, x, y, style.preserve),
        (Some(_), false) => Err(Unsupported("text beside <tspan> in <text>".into())),
    }
}

/// The chunks of `<tspan>`s; `preserve` is the `<text>`'s own `xml:space` (a lone piece of
/// text is trimmed by it, its spaces collapsed by the piece's).
fn tspan_chunks(
    pieces: &[(Node, Style)],
    x: f32,
    y: f32,
    preserve: bool,
) -> Result<Vec<Chunk>, Unsupported> {
    let single = pieces.len() == 1;
    let mut chunks = Vec::with_capacity(pieces.len());
    for (i, (tspan, style)) in pieces.iter().enumerate() {
        let mut texts = tspan.children().filter(|c| !c.is_comment());
        let text = match (texts.next(), texts.next()) {
            (None, _) => String::new(),
            (Some(t), None) if t.is_text() => collapse(t.text().unwrap_or(""), style.preserve),
            _ => return Err(Unsupported("markup inside <tspan>".into())),
        };
        let text = if single {
            trim_single(&text, preserve)
        } else if text.is_empty() || text.starts_with(' ') || text.ends_with(' ') {
            return Err(Unsupported("a <tspan> with spaces at its edge".into()));
        } else {
            text
        };
        let (tx, ty) = (optional_number(*tspan, "x")?, optional_number(*tspan, "y")?);
        let (tx, ty) = match (tx, ty, i) {
            (Some(a), Some(b), _) => (a, b),
            (a, b, 0) => (a.unwrap_or(x), b.unwrap_or(y)),
            _ => return Err(Unsupported("a <tspan> continuing a line".into())),
        };
        chunks.push(Chunk {
            x: tx,
            y: ty,
            text,
            style: style.clone(),
        });
    }
    Ok(chunks)
}

/// Newlines and tabs become spaces; without `preserve`, runs of spaces become one.
fn collapse(text: &str, preserve: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut prev = None;
    for c in text.chars() {
        let c = if matches!(c, '\r' | '\n' | '\t') {
            ' '
        } else {
            c
        };
        if !preserve && c == ' ' && prev == Some(' ') {
            continue;
        }
        prev = Some(c);
        out.push(c);
    }
    out
}

/// A `<text>` made of one piece of text loses one leading and one trailing space (unless
/// `preserve`).
fn trim_single(text: &str, preserve: bool) -> String {
    if preserve {
        return text.to_string();
    }
    let t = text.strip_prefix(' ').unwrap_or(text);
    t.strip_suffix(' ').unwrap_or(t).to_string()
}

/// The SVG text of a `data:image/svg+xml;base64,` URI (how counter pictures are embedded).
fn svg_data_uri(href: &str) -> Result<String, Unsupported> {
    use base64::Engine;
    let not_svg = || Unsupported("an image that is not SVG in a data: URI".into());
    let b64 = href
        .strip_prefix("data:image/svg+xml;base64,")
        .ok_or_else(not_svg)?;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(b64)
        .map_err(|_| not_svg())?;
    String::from_utf8(bytes).map_err(|_| not_svg())
}

fn no_children(node: Node) -> Result<(), Unsupported> {
    for child in node.children() {
        let blank = child.is_text() && child.text().unwrap_or("").trim().is_empty();
        if !(blank || child.is_comment() || is_svg(child, "title") || is_svg(child, "desc")) {
            return Err(Unsupported(format!(
                "content inside <{}>",
                node.tag_name().name()
            )));
        }
    }
    Ok(())
}

fn is_svg(node: Node, name: &str) -> bool {
    node.is_element()
        && node.tag_name().name() == name
        && node.tag_name().namespace() == Some(SVG_NS)
}

impl Style {
    /// This style with `node`'s presentation attributes applied. `geometry` names the
    /// element's other attributes (read by the caller); any attribute neither names nor this
    /// module draws is `Unsupported`.
    fn apply(&self, node: Node, geometry: &[&str]) -> Result<Style, Unsupported> {
        let mut s = self.clone();
        for a in node.attributes() {
            let (name, value) = (a.name(), a.value());
            match a.namespace() {
                Some(XML_NS) if name == "space" => {
                    s.preserve = value == "preserve";
                    continue;
                }
                Some(ns) => return Err(Unsupported(format!("the attribute {ns}:{name}"))),
                None => {}
            }
            if geometry.contains(&name)
                || matches!(name, "id" | "class" | "transform")
                || name.starts_with("data-")
            {
                continue;
            }
            s.set(name, value)?;
        }
        Ok(s)
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), Unsupported> {
        let bad = || Unsupported(format!("{name}=\"{value}\""));
        match name {
            "fill" => self.fill = paint(value).ok_or_else(bad)?,
            "stroke" => self.stroke = paint(value).ok_or_else(bad)?,
            "stroke-width" => self.stroke_width = length(value).ok_or_else(bad)?,
            "stroke-dasharray" => self.dash = dash_array(value).ok_or_else(bad)?,
            "stroke-dashoffset" => self.dash_offset = length(value).ok_or_else(bad)?,
            "font-size" => self.font_size = length(value).filter(|v| *v > 0.0).ok_or_else(bad)?,
            "font-weight" => self.bold = weight(value).ok_or_else(bad)? > 500,
            "text-anchor" => {
                self.anchor = match value {
                    "start" => Anchor::Start,
                    "middle" => Anchor::Middle,
                    "end" => Anchor::End,
                    _ => return Err(bad()),
                }
            }
            // Every family resolves to the embedded faces (`crate::fonts::database`), both
            // condensed; with no italic face, an italic or oblique request gets the upright
            // one.
            "font-family" => {}
            "font-stretch" | "font-style" if is_font_keyword(name, value) => {}
            "opacity" | "fill-opacity" | "stroke-opacity" if value.trim() == "1" => {}
            "fill-rule" => {
                self.even_odd = match value.trim() {
                    "nonzero" => false,
                    "evenodd" => true,
                    _ => return Err(bad()),
                }
            }
            _ => return Err(bad()),
        }
        Ok(())
    }
}

fn is_font_keyword(name: &str, value: &str) -> bool {
    match name {
        "font-style" => matches!(value, "normal" | "italic" | "oblique"),
        _ => matches!(
            value,
            "normal"
                | "ultra-condensed"
                | "extra-condensed"
                | "condensed"
                | "semi-condensed"
                | "semi-expanded"
                | "expanded"
                | "extra-expanded"
                | "ultra-expanded"
        ),
    }
}

/// `none` or an opaque colour; `None` for anything else (a gradient, `currentColor`, ...).
fn paint(value: &str) -> Option<Option<Rgb>> {
    match svgtypes::Paint::from_str(value).ok()? {
        svgtypes::Paint::None => Some(None),
        svgtypes::Paint::Color(c) if c.alpha == 255 => Some(Some(Rgb(c.red, c.green, c.blue))),
        _ => None,
    }
}

/// A CSS weight: `normal`, `bold` or a number (`bolder` and `lighter` are relative).
fn weight(value: &str) -> Option<u16> {
    match value {
        "normal" => Some(400),
        "bold" => Some(700),
        _ => value.parse().ok().filter(|w| (1..=1000).contains(w)),
    }
}

/// A length in user units (a number, or `px`).
fn length(value: &str) -> Option<f32> {
    let l: svgtypes::Length = value.parse().ok()?;
    match l.unit {
        svgtypes::LengthUnit::None | svgtypes::LengthUnit::Px => Some(l.number as f32),
        _ => None,
    }
}

/// `none` or non-negative lengths; usvg's rules: a zero sum is none, an odd count repeats.
fn dash_array(value: &str) -> Option<Option<Vec<f32>>> {
    if value.trim() == "none" {
        return Some(None);
    }
    let mut list = Vec::new();
    for l in svgtypes::LengthListParser::from(value) {
        let l = l.ok()?;
        match l.unit {
            svgtypes::LengthUnit::None | svgtypes::LengthUnit::Px => list.push(l.number as f32),
            _ => return None,
        }
    }
    if list.iter().any(|n| n.is_sign_negative()) {
        return Some(None);
    }
    if list.iter().sum::<f32>().abs().to_bits() <= 4 {
        return Some(None);
    }
    if list.len() % 2 == 1 {
        list.extend_from_within(..);
    }
    Some(Some(list))
}

fn number_or(node: Node, name: &str, default: f32) -> Result<f32, Unsupported> {
    Ok(optional_number(node, name)?.unwrap_or(default))
}

fn optional_number(node: Node, name: &str) -> Result<Option<f32>, Unsupported> {
    match node.attribute(name) {
        None => Ok(None),
        Some(v) => length(v)
            .map(Some)
            .ok_or_else(|| Unsupported(format!("{name}=\"{v}\""))),
    }
}

/// The root's width or height in CSS pixels.
fn root_length(root: Node, name: &str) -> Result<f32, Unsupported> {
    use svgtypes::LengthUnit as U;
    let bad = || Unsupported(format!("a root {name} that is missing or relative"));
    let l: svgtypes::Length = root
        .attribute(name)
        .ok_or_else(bad)?
        .parse()
        .map_err(|_| bad())?;
    let px = match l.unit {
        U::None | U::Px => l.number,
        U::In => l.number * DPI,
        U::Cm => l.number * DPI / 2.54,
        U::Mm => l.number * DPI / 25.4,
        U::Pt => l.number * DPI / 72.0,
        U::Pc => l.number * DPI / 6.0,
        _ => return Err(bad()),
    };
    let px = px as f32;
    if px > 0.0 && px.is_finite() {
        Ok(px)
    } else {
        Err(bad())
    }
}

/// `viewBox` as (x, y, w, h).
fn view_box(node: Node) -> Result<Option<[f32; 4]>, Unsupported> {
    let Some(v) = node.attribute("viewBox") else {
        return Ok(None);
    };
    let vb: svgtypes::ViewBox = v
        .parse()
        .map_err(|_| Unsupported(format!("viewBox=\"{v}\"")))?;
    Ok(Some([vb.x as f32, vb.y as f32, vb.w as f32, vb.h as f32]))
}

/// The transform fitting a viewBox into `w` x `h` as `xMidYMid meet` does.
fn fit_view_box(vb: [f32; 4], w: f32, h: f32) -> Result<Transform, Unsupported> {
    let [x, y, vw, vh] = vb;
    if !(vw > 0.0 && vh > 0.0) {
        return Err(Unsupported("an empty viewBox".into()));
    }
    let (sx, sy) = (w / vw, h / vh);
    let s = if sx > sy { sy } else { sx };
    let (tx, ty) = (-x * s, -y * s);
    let (rw, rh) = (w - vw * s, h - vh * s);
    Ok(Transform::from_row(
        s,
        0.0,
        0.0,
        s,
        tx + rw / 2.0,
        ty + rh / 2.0,
    ))
}

/// A `transform` attribute.
fn transform(value: &str) -> Result<Transform, Unsupported> {
    let t: svgtypes::Transform = value
        .parse()
        .map_err(|_| Unsupported(format!("transform=\"{value}\"")))?;
    let ts = Transform::from_row(
        t.a as f32, t.b as f32, t.c as f32, t.d as f32, t.e as f32, t.f as f32,
    );
    if ts.is_valid() {
        Ok(ts)
    } else {
        Err(Unsupported(format!("transform=\"{value}\"")))
    }
}
