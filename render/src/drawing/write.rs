//! [`Drawing`]s -> PDF: each a form XObject (a 1 x 1 unit graphic, as svg2pdf makes them, so
//! pages place it the same way) whose text uses the document's fonts: one subset per face for
//! the whole document, holding every glyph its drawings use, with a `ToUnicode` map so the text
//! can be selected and extracted.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use pdf_writer::types::{
    CidFontType, FontFlags, LineCapStyle, LineJoinStyle, SystemInfo, UnicodeCmap,
};
use pdf_writer::{Filter, Finish, Name, Pdf, Rect, Ref, Str};
use rayon::prelude::*;
use resvg::usvg::tiny_skia_path::{Path, PathSegment};
use subsetter::GlyphRemapper;

use super::{Drawing, Op, Rgb, Stroke, TextRun, UsedGlyphs};
use crate::fonts;
use crate::memo::Memo;

/// The resource names of the two faces in every form.
const FONT_NAMES: [&[u8]; 2] = [b"F0", b"F1"];
/// How hard streams are compressed (zlib's scale, 0-9). Measured on the Italian build: level 2
/// makes the PDFs 6 % larger than level 6 for 5 % fewer instructions in the whole build;
/// level 1 makes them 54 % larger.
const DEFLATE_LEVEL: u32 = 2;

/// The glyphs a document's drawings use, per face (regular, bold), each with the text it
/// stands for (the first met).
#[derive(Debug, Default)]
pub struct DocumentFonts {
    used: UsedGlyphs,
}

impl DocumentFonts {
    /// Notes the glyphs `drawing` uses, its pictures' included.
    pub fn add(&mut self, drawing: &Drawing) {
        for (used, own) in self.used.iter_mut().zip(drawing.glyphs.iter()) {
            for (id, text) in own {
                used.entry(*id).or_insert_with(|| text.clone());
            }
        }
        for op in &drawing.ops {
            if let Op::Picture { drawing, .. } = op {
                self.add(drawing);
            }
        }
    }
}

/// A drawing's content as written: the compressed stream, which faces and pictures (by key)
/// it and its groups show, and its groups.
struct Written {
    stream: Vec<u8>,
    faces: [bool; 2],
    pictures: BTreeSet<u64>,
    groups: Groups,
}

/// What a drawing's written content depends on: the drawing, its target's kind and scale
/// (a page's) and the glyphs of the document's subsets, per face.
type ContentKey = (u64, u8, Option<u32>, Arc<[Vec<u16>; 2]>);

/// Written contents (see [`crate::memo`]).
static CONTENT: Memo<ContentKey, Arc<Written>> = Memo::new(512);

/// Compressed subsets by face and glyphs: `qm watch` rewrites a chart whose glyphs rarely
/// change.
static SUBSETS: Memo<(usize, Vec<u16>), Arc<Vec<u8>>> = Memo::new(64);

/// A face as written into one document.
struct EmbeddedFace {
    font: Ref,
    remapper: GlyphRemapper,
    /// Each glyph's width as written in the font's `/W` array (thousandths of the size).
    widths: BTreeMap<u16, f32>,
}

/// What a drawing becomes in the document.
#[derive(Debug, Clone, Copy)]
pub enum Target {
    /// A form XObject of 1 x 1 unit (the `Ref`), for pages to place.
    Form(Ref),
    /// A page of its own at `scale` points per CSS pixel, as svg2pdf writes a one-page PDF
    /// (the same transform, so the page rasterizes the same): the page object, its content
    /// stream and the page tree it belongs to.
    Page {
        page: Ref,
        content: Ref,
        parent: Ref,
        scale: f32,
    },
    /// A picture ([`Op::Picture`]): a form in the user space of what shows it, clipped to
    /// its size.
    Picture(Ref),
}

impl Target {
    /// The part of the memo key the target gives: its kind and a page's scale.
    fn key(self) -> (u8, Option<u32>) {
        match self {
            Target::Form(_) => (0, None),
            Target::Page { scale, .. } => (1, Some(scale.to_bits())),
            Target::Picture(_) => (2, None),
        }
    }
}

/// The resource name of the picture `key`.
fn picture_name(key: u64) -> String {
    format!("P{key:016x}")
}

/// Every picture the drawings show (theirs and their pictures'), once each, by key.
fn pictures_of<'a>(drawings: impl Iterator<Item = &'a Drawing>) -> BTreeMap<u64, &'a Drawing> {
    let mut found = BTreeMap::new();
    let mut todo: Vec<&Drawing> = drawings.collect();
    while let Some(d) = todo.pop() {
        for op in &d.ops {
            if let Op::Picture { key, drawing } = op {
                if !found.contains_key(key) {
                    found.insert(*key, &**drawing);
                    todo.push(drawing);
                }
            }
        }
    }
    found
}

/// Writes the fonts `fonts` lists, every drawing as its [`Target`] and every picture they
/// show once; `next` hands out fresh object numbers.
pub fn write_drawings(
    pdf: &mut Pdf,
    next: &mut Ref,
    fonts: &DocumentFonts,
    drawings: &[(Target, &Drawing)],
) -> Result<(), String> {
    let mut faces: [Option<EmbeddedFace>; 2] = [None, None];
    for (face, used) in fonts.used.iter().enumerate() {
        if !used.is_empty() {
            faces[face] = Some(write_font(pdf, next, face, used)?);
        }
    }
    let pictures = pictures_of(drawings.iter().map(|(_, d)| *d));
    let picture_refs: BTreeMap<u64, Ref> = pictures.keys().map(|k| (*k, next.bump())).collect();
    let mut all: Vec<(Target, &Drawing)> = drawings.to_vec();
    all.extend(
        pictures
            .iter()
            .map(|(k, d)| (Target::Picture(picture_refs[k]), *d)),
    );
    // A drawing's content depends on it, its target and the glyphs of the document's subsets
    // (which number the glyphs): the memo key.
    let glyphs: Arc<[Vec<u16>; 2]> = Arc::new(fonts.used.clone().map(|u| u.into_keys().collect()));
    let contents: Vec<Arc<Written>> = all
        .par_iter()
        .map(|(target, d)| {
            let (kind, scale) = target.key();
            CONTENT.get_or((d.id, kind, scale, glyphs.clone()), || {
                content(d, *target, &faces).map(Arc::new)
            })
        })
        .collect::<Result<_, String>>()?;
    let font_refs: [Option<Ref>; 2] = [0, 1].map(|f| faces[f].as_ref().map(|e| e.font));
    for ((target, d), written) in all.iter().zip(contents) {
        write_target(pdf, next, *target, d, &written, &font_refs, &picture_refs);
    }
    Ok(())
}

/// Refs of what a drawing's forms name in their resources.
struct Names<'a> {
    fonts: &'a [Option<Ref>; 2],
    pictures: &'a BTreeMap<u64, Ref>,
    /// Group k's form and graphics state.
    groups: &'a [(Ref, Ref)],
}

/// Writes one drawing's content as its target, with its groups.
fn write_target(
    pdf: &mut Pdf,
    next: &mut Ref,
    target: Target,
    d: &Drawing,
    w: &Written,
    fonts: &[Option<Ref>; 2],
    pictures: &BTreeMap<u64, Ref>,
) {
    let groups: Vec<(Ref, Ref)> = w
        .groups
        .forms
        .iter()
        .map(|_| (next.bump(), next.bump()))
        .collect();
    let names = Names {
        fonts,
        pictures,
        groups: &groups,
    };
    match target {
        Target::Form(id) | Target::Picture(id) => {
            let mut form = pdf.form_xobject(id, &w.stream);
            form.bbox(Rect::new(0.0, 0.0, d.width, d.height));
            if let Target::Form(_) = target {
                form.matrix([1.0 / d.width, 0.0, 0.0, 1.0 / d.height, 0.0, 0.0]);
            }
            form.filter(Filter::FlateDecode);
            resources(form.resources(), w, &w.groups.root, &names);
        }
        Target::Page {
            page,
            content,
            parent,
            scale,
        } => {
            pdf.stream(content, &w.stream).filter(Filter::FlateDecode);
            let mut p = pdf.page(page);
            p.media_box(Rect::new(0.0, 0.0, d.width * scale, d.height * scale));
            p.parent(parent);
            p.contents(content);
            resources(p.resources(), w, &w.groups.root, &names);
        }
    }
    for (k, g) in w.groups.forms.iter().enumerate() {
        let (form_ref, state_ref) = groups[k];
        let [x, y, wd, ht] = g.bbox;
        let mut form = pdf.form_xobject(form_ref, &g.stream);
        form.bbox(Rect::new(x, y, x + wd, y + ht));
        form.filter(Filter::FlateDecode);
        form.group().transparency().isolated(true).knockout(false);
        resources(form.resources(), w, &g.children, &names);
        form.finish();
        pdf.ext_graphics(state_ref)
            .non_stroking_alpha(g.opacity)
            .stroking_alpha(g.opacity);
    }
}

/// A form's or page's resources: the faces and pictures its drawing shows (its groups'
/// included) and the groups `children` it paints.
fn resources(
    mut r: pdf_writer::writers::Resources<'_>,
    w: &Written,
    children: &[usize],
    n: &Names,
) {
    let fonts = (0..2).filter_map(|f| Some((FONT_NAMES[f], n.fonts[f]?)).filter(|_| w.faces[f]));
    r.fonts().pairs(fonts.map(|(name, r)| (Name(name), r)));
    if w.pictures.is_empty() && children.is_empty() {
        return;
    }
    let mut x = r.x_objects();
    for key in &w.pictures {
        if let Some(r) = n.pictures.get(key) {
            x.pair(Name(picture_name(*key).as_bytes()), *r);
        }
    }
    for &k in children {
        x.pair(Name(group_name('G', k).as_bytes()), n.groups[k].0);
    }
    x.finish();
    if !children.is_empty() {
        let mut states = r.ext_g_states();
        for &k in children {
            states.pair(Name(group_name('A', k).as_bytes()), n.groups[k].1);
        }
    }
}

/// The groups of one drawing: each a form of its own, painted by its parent with `Gk Do`
/// under the graphics state `Ak` (its opacity).
#[derive(Default)]
struct Groups {
    forms: Vec<GroupForm>,
    /// The groups the drawing's own content paints.
    root: Vec<usize>,
}

struct GroupForm {
    stream: Vec<u8>,
    bbox: [f32; 4],
    opacity: f32,
    /// The groups this group paints.
    children: Vec<usize>,
}

fn group_name(prefix: char, k: usize) -> String {
    format!("{prefix}{k}")
}

/// The content of `d` as `target`: its compressed stream, which faces and pictures it shows,
/// and its groups.
fn content(
    d: &Drawing,
    target: Target,
    faces: &[Option<EmbeddedFace>; 2],
) -> Result<Written, String> {
    let mut c = pdf_writer::Content::new();
    let mut uses = [false, false];
    let mut pictures = BTreeSet::new();
    let mut groups = Groups::default();
    // The groups being written, outermost first, each with the stream of what holds it (`c`
    // is the innermost group's); a group's own stream is filled in when it ends.
    let mut open: Vec<(pdf_writer::Content, GroupForm)> = Vec::new();
    c.save_state();
    match target {
        Target::Page { scale, .. } => c.transform([scale, 0.0, 0.0, scale, 0.0, 0.0]),
        Target::Form(_) => &mut c,
        // A picture is drawn in the space of what shows it, already SVG's.
        Target::Picture(_) => &mut c,
    };
    if !matches!(target, Target::Picture(_)) {
        // SVG's y axis points down.
        c.transform([1.0, 0.0, 0.0, -1.0, 0.0, d.height]);
    }
    for op in &d.ops {
        match op {
            Op::BeginGroup { opacity, bbox } => {
                let outer = std::mem::replace(&mut c, pdf_writer::Content::new());
                let form = GroupForm {
                    stream: Vec::new(),
                    bbox: *bbox,
                    opacity: *opacity,
                    children: Vec::new(),
                };
                open.push((outer, form));
            }
            Op::EndGroup => end_group(&mut c, &mut open, &mut groups)?,
            Op::Push(t) => {
                c.save_state();
                c.transform([t.sx, t.ky, t.kx, t.sy, t.tx, t.ty]);
            }
            Op::Clip { x, y, w, h } => {
                c.save_state();
                c.rect(*x, *y, *w, *h);
                c.clip_nonzero();
                c.end_path();
            }
            Op::Pop => {
                c.restore_state();
            }
            Op::Fill(path, color, even_odd) => fill_path(&mut c, path, *color, *even_odd),
            Op::Stroke(path, stroke) => stroke_path(&mut c, path, stroke),
            Op::Text(run) => {
                let face = faces[run.face]
                    .as_ref()
                    .ok_or("a text run's face was not embedded")?;
                uses[run.face] = true;
                show(&mut c, run, face)?;
            }
            Op::Picture { key, .. } => {
                pictures.insert(*key);
                c.x_object(Name(picture_name(*key).as_bytes()));
            }
        }
    }
    if !open.is_empty() {
        return Err("a group began that did not end".into());
    }
    c.restore_state();
    Ok(Written {
        stream: deflate(&c.finish()),
        faces: uses,
        pictures,
        groups,
    })
}

/// Ends the innermost open group: its stream (`c`'s) is finished into its form, `c` becomes
/// the stream that holds it again, and paints it there with its opacity.
fn end_group(
    c: &mut pdf_writer::Content,
    open: &mut Vec<(pdf_writer::Content, GroupForm)>,
    groups: &mut Groups,
) -> Result<(), String> {
    let (outer, mut form) = open.pop().ok_or("a group ended that did not begin")?;
    form.stream = deflate(&std::mem::replace(c, outer).finish());
    let k = groups.forms.len();
    groups.forms.push(form);
    match open.last_mut() {
        Some((_, parent)) => parent.children.push(k),
        None => groups.root.push(k),
    }
    c.save_state();
    c.set_parameters(Name(group_name('A', k).as_bytes()));
    c.x_object(Name(group_name('G', k).as_bytes()));
    c.restore_state();
    Ok(())
}

/// Fills a path with one color, by the even-odd or the nonzero rule.
fn fill_path(c: &mut pdf_writer::Content, path: &Path, color: Rgb, even_odd: bool) {
    set_fill(c, color);
    draw_path(c, path);
    if even_odd {
        c.fill_even_odd();
    } else {
        c.fill_nonzero();
    }
}

fn set_fill(c: &mut pdf_writer::Content, Rgb(r, g, b): Rgb) {
    c.set_fill_rgb(channel(r), channel(g), channel(b));
}

fn channel(v: u8) -> f32 {
    f32::from(v) / 255.0
}

fn stroke_path(c: &mut pdf_writer::Content, path: &Path, s: &Stroke) {
    let Rgb(r, g, b) = s.color;
    c.save_state();
    c.set_stroke_rgb(channel(r), channel(g), channel(b));
    c.set_line_width(s.width);
    c.set_miter_limit(s.miter_limit);
    c.set_line_cap(match s.cap {
        1 => LineCapStyle::RoundCap,
        2 => LineCapStyle::ProjectingSquareCap,
        _ => LineCapStyle::ButtCap,
    });
    c.set_line_join(match s.join {
        1 => LineJoinStyle::RoundJoin,
        2 => LineJoinStyle::BevelJoin,
        _ => LineJoinStyle::MiterJoin,
    });
    match &s.dash {
        Some((dashes, offset)) => c.set_dash_pattern(dashes.iter().copied(), *offset),
        None => c.set_dash_pattern([], 0.0),
    };
    draw_path(c, path);
    c.stroke();
    c.restore_state();
}

/// The path's segments; quadratic curves become the cubic ones svg2pdf makes of them.
fn draw_path(c: &mut pdf_writer::Content, path: &Path) {
    let mut last = None;
    for segment in path.segments() {
        match segment {
            PathSegment::MoveTo(p) => {
                c.move_to(p.x, p.y);
                last = Some(p);
            }
            PathSegment::LineTo(p) => {
                c.line_to(p.x, p.y);
                last = Some(p);
            }
            PathSegment::QuadTo(p1, p) => {
                let from = last.unwrap_or(p1);
                let third = |a: f32, b: f32| (a + b * 2.0) / 3.0;
                c.cubic_to(
                    third(from.x, p1.x),
                    third(from.y, p1.y),
                    third(p.x, p1.x),
                    third(p.y, p1.y),
                    p.x,
                    p.y,
                );
                last = Some(p);
            }
            PathSegment::CubicTo(p1, p2, p) => {
                c.cubic_to(p1.x, p1.y, p2.x, p2.y, p.x, p.y);
                last = Some(p);
            }
            PathSegment::Close => {
                c.close_path();
            }
        }
    }
}

/// One text run: its glyphs in one `TJ`, kerning and rounding made up by adjustments, so each
/// glyph lands where usvg puts it.
fn show(c: &mut pdf_writer::Content, run: &TextRun, face: &EmbeddedFace) -> Result<(), String> {
    let Some(first) = run.glyphs.first() else {
        return Ok(());
    };
    set_fill(c, run.color);
    c.begin_text();
    c.set_font(Name(FONT_NAMES[run.face]), run.size);
    // Glyphs stand upright in SVG's downward y axis.
    c.set_text_matrix([1.0, 0.0, 0.0, -1.0, first.x, run.y]);
    let size = f64::from(run.size);
    let mut shown = c.show_positioned();
    let mut items = shown.items();
    // The pen as the viewer moves it, from the first glyph's origin, in user units.
    let mut pen = 0.0f64;
    let mut cids = Vec::with_capacity(run.glyphs.len() * 2);
    for g in &run.glyphs {
        let wanted = f64::from(g.x) - f64::from(first.x);
        let adjust = (pen - wanted) * 1000.0 / size;
        if adjust.abs() > 0.01 {
            items.show(Str(&cids));
            cids.clear();
            items.adjust(adjust as f32);
            pen -= f64::from(adjust as f32) * size / 1000.0;
        }
        let cid = face
            .remapper
            .get(g.id)
            .ok_or("a glyph missing from the font subset")?;
        cids.extend_from_slice(&cid.to_be_bytes());
        pen += f64::from(face.widths[&g.id]) * size / 1000.0;
    }
    items.show(Str(&cids));
    items.finish();
    shown.finish();
    c.end_text();
    Ok(())
}

/// Writes one face's subset with its CID font, descriptor and `ToUnicode` map.
fn write_font(
    pdf: &mut Pdf,
    next: &mut Ref,
    face: usize,
    used: &BTreeMap<u16, String>,
) -> Result<EmbeddedFace, String> {
    let bold = face == 1;
    let ttf = fonts::shaping_face(bold);
    let (remapper, widths) = subset_widths(ttf, used);
    let (font, cid, descriptor, cmap, data) = (
        next.bump(),
        next.bump(),
        next.bump(),
        next.bump(),
        next.bump(),
    );
    let base = format!("{}+{}", subset_tag(used), postscript_name(ttf));
    pdf.type0_font(font)
        .base_font(Name(base.as_bytes()))
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid)
        .to_unicode(cmap);
    let info = SystemInfo {
        registry: Str(b"Adobe"),
        ordering: Str(b"Identity"),
        supplement: 0,
    };
    let mut cid_font = pdf.cid_font(cid);
    cid_font
        .subtype(CidFontType::Type2)
        .base_font(Name(base.as_bytes()))
        .system_info(info)
        .font_descriptor(descriptor)
        .default_width(0.0)
        .cid_to_gid_map_predefined(Name(b"Identity"));
    // The widths in the subset's glyph order, which `widths` (by original glyph id) keeps.
    let w_array = remapper.remapped_gids().map(|gid| widths[&gid]);
    cid_font.widths().consecutive(0, w_array);
    cid_font.finish();
    write_descriptor(pdf, descriptor, &base, ttf, data);
    let mut unicode = UnicodeCmap::new(Name(b"Custom"), info);
    for (gid, text) in used {
        if let (Some(cid), false) = (remapper.get(*gid), text.is_empty()) {
            unicode.pair_with_multiple(cid, text.chars());
        }
    }
    pdf.cmap(cmap, &unicode.finish());
    let subset = SUBSETS.get_or((face, used.keys().copied().collect()), || {
        subsetter::subset(fonts::face_data(bold), 0, &remapper)
            .map(|s| Arc::new(deflate(&s)))
            .map_err(|e| format!("failed to subset the font ({e})"))
    })?;
    pdf.stream(data, &subset).filter(Filter::FlateDecode);
    Ok(EmbeddedFace {
        font,
        remapper,
        widths,
    })
}

/// Thousandths of the em of `ttf`, the unit of PDF font metrics.
fn thousandths(ttf: &ttf_parser::Face, v: f32) -> f32 {
    let per_em = f32::from(ttf.units_per_em());
    v / per_em * 1000.0
}

/// The subset of the `used` glyphs (the remapper from original to subset glyph ids) and each
/// glyph's advance width in thousandths of the em.
fn subset_widths(
    ttf: &ttf_parser::Face,
    used: &BTreeMap<u16, String>,
) -> (GlyphRemapper, BTreeMap<u16, f32>) {
    let mut remapper = GlyphRemapper::new();
    for &gid in used.keys() {
        remapper.remap(gid);
    }
    let widths = remapper
        .remapped_gids()
        .map(|gid| {
            let advance = ttf.glyph_hor_advance(ttf_parser::GlyphId(gid)).unwrap_or(0);
            (gid, thousandths(ttf, f32::from(advance)))
        })
        .collect();
    (remapper, widths)
}

/// The font descriptor: the face's metrics, and its subset's data in object `data`.
fn write_descriptor(pdf: &mut Pdf, descriptor: Ref, base: &str, ttf: &ttf_parser::Face, data: Ref) {
    let bbox = ttf.global_bounding_box();
    let ascent = thousandths(ttf, f32::from(ttf.ascender()));
    pdf.font_descriptor(descriptor)
        .name(Name(base.as_bytes()))
        .flags(FontFlags::SYMBOLIC)
        .bbox(Rect::new(
            thousandths(ttf, f32::from(bbox.x_min)),
            thousandths(ttf, f32::from(bbox.y_min)),
            thousandths(ttf, f32::from(bbox.x_max)),
            thousandths(ttf, f32::from(bbox.y_max)),
        ))
        .italic_angle(ttf.italic_angle())
        .ascent(ascent)
        .descent(thousandths(ttf, f32::from(ttf.descender())))
        .cap_height(
            ttf.capital_height()
                .map_or(ascent, |h| thousandths(ttf, f32::from(h))),
        )
        // The usual estimate from the weight; viewers use it only to fake a missing font.
        .stem_v(10.0 + 0.244 * (f32::from(ttf.weight().to_number()) - 50.0))
        .font_file2(data);
}

/// Six capital letters naming a subset (PDF's `ABCDEF+Name`), from its glyphs: FNV-1a, so the
/// same glyphs give the same tag on every run and platform.
fn subset_tag(used: &BTreeMap<u16, String>) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for gid in used.keys() {
        for b in gid.to_be_bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    (0..6)
        .map(|i| char::from(b'A' + ((h >> (i * 8)) % 26) as u8))
        .collect()
}

fn postscript_name(face: &ttf_parser::Face) -> String {
    face.names()
        .into_iter()
        .filter(|n| n.name_id == ttf_parser::name_id::POST_SCRIPT_NAME)
        .find_map(|n| n.to_string())
        .unwrap_or_else(|| "DejaVuSans".to_string())
}

/// zlib-compressed bytes (a PDF `FlateDecode` stream). Each thread keeps one compressor and
/// resets it: making a new one (its window and tables) cost as much as a counter's whole
/// stream.
pub(crate) fn deflate(bytes: &[u8]) -> Vec<u8> {
    use flate2::{Compress, Compression, FlushCompress, Status};
    thread_local! {
        static ENCODER: std::cell::RefCell<Compress> =
            std::cell::RefCell::new(Compress::new(Compression::new(DEFLATE_LEVEL), true));
    }
    ENCODER.with_borrow_mut(|z| {
        z.reset();
        let mut out = Vec::with_capacity(bytes.len() / 3 + 64);
        loop {
            let read = usize::try_from(z.total_in()).unwrap_or(bytes.len());
            match z.compress_vec(
                &bytes[read.min(bytes.len())..],
                &mut out,
                FlushCompress::Finish,
            ) {
                Ok(Status::StreamEnd) => break,
                // Out of room: more, and go on where it stopped.
                Ok(_) => out.reserve(out.capacity().max(64)),
                // Compressing in memory cannot fail; an empty stream would still be a valid
                // PDF, but say so loudly in tests.
                Err(e) => {
                    debug_assert!(false, "deflate failed: {e}");
                    out.clear();
                    break;
                }
            }
        }
        out
    })
}
