//! Counter sheets: a PDF per nation and paper size, fronts on one page and backs on the next,
//! mirrored left-right so that a long-edge duplex print puts each back behind its front.
//!
//! Geometry is computed here in points (1/72 inch) and is exact: counters are placed as vector
//! graphics at their slot, and the page furniture (title, crop marks) comes from the template
//! `sheet/page.svg`, which gets the same numbers.

use qm_schema::Nation;
use rayon::prelude::*;
use serde::Serialize;

use super::counter::{each_side, side_form, CounterOptions};
use super::counter_piece::pieces;
use super::error::{RenderError, RenderErrorKind};
use super::pdf::{Converted, Graphic, PdfBuilder, Placement};
use crate::templates::Templates;

/// The template drawing a sheet page's furniture.
pub const SHEET_TEMPLATE: &str = "sheet/page.svg";

/// Points per millimetre.
const PT_PER_MM: f64 = 72.0 / 25.4;
/// A paper size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
}

impl Paper {
    /// Both sizes, in the order sheets are written.
    pub const ALL: [Paper; 2] = [Paper::A4, Paper::Letter];

    /// Width and height in points, portrait.
    pub fn size_pt(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0 * PT_PER_MM, 297.0 * PT_PER_MM),
            Paper::Letter => (612.0, 792.0),
        }
    }

    /// The name used in file names: `a4`, `letter`.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }
}

/// The printed size of a counter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CounterSize {
    /// 5/8 inch (15.875 mm), the usual size of vehicle counters.
    #[default]
    FiveEighths,
    /// 1/2 inch (12.7 mm).
    Half,
}

impl CounterSize {
    /// The side length in points.
    pub fn pt(self) -> f64 {
        match self {
            CounterSize::FiveEighths => 45.0,
            CounterSize::Half => 36.0,
        }
    }

    /// Parses `5/8` or `1/2` (as given to `--counter-size`).
    pub fn parse(s: &str) -> Option<Self> {
        match s.trim() {
            "5/8" => Some(CounterSize::FiveEighths),
            "1/2" => Some(CounterSize::Half),
            _ => None,
        }
    }
}

/// How sheets are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SheetOptions {
    /// Counter size.
    pub counter_size: CounterSize,
    /// Shift of every back page, in mm (x to the right, y down, as seen on the back page):
    /// corrects a printer that does not register duplex pages exactly.
    pub back_offset_mm: (f64, f64),
}

/// Where counters go on a sheet, for one paper size.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SheetLayout {
    /// The paper.
    pub paper: Paper,
    /// Page width in points.
    pub width: f64,
    /// Page height in points.
    pub height: f64,
    /// Counter side length in points.
    pub counter: f64,
    /// Counters per row.
    pub cols: usize,
    /// Rows per page.
    pub rows: usize,
    /// Pages, alternating fronts and backs.
    pub pages: Vec<SheetPage>,
}

/// One page of a sheet.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SheetPage {
    /// "front" or "back".
    pub side: &'static str,
    /// 1-based page number.
    pub number: usize,
    /// The counters on it.
    pub slots: Vec<SheetSlot>,
    /// x of every vertical cut line (points from the left edge).
    pub cuts_x: Vec<f64>,
    /// y of every horizontal cut line (points from the top edge).
    pub cuts_y: Vec<f64>,
    /// The counter block's bounds: left, top, right, bottom.
    pub bounds: [f64; 4],
}

/// One counter on a page.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SheetSlot {
    /// Index of the vehicle in the nation's listing order.
    pub vehicle: usize,
    /// Column on the front page (the back page mirrors it).
    pub col: usize,
    /// Row.
    pub row: usize,
    /// Left edge in points from the page's left edge.
    pub x: f64,
    /// Top edge in points from the page's top edge.
    pub y: f64,
}

/// Margin kept free of counters on every side (room for crop marks and the title).
const MARGIN_PT: f64 = 12.0 * PT_PER_MM;

/// Lays out `count` counters on `paper`: a grid centred on the page, filled row by row; each
/// front page is followed by its back page, where column `c` moves to `cols - 1 - c`, i.e. the
/// slot is reflected about the page's vertical centre line, then shifted by the back offset.
pub fn sheet_layout(count: usize, paper: Paper, opts: &SheetOptions) -> SheetLayout {
    let (width, height) = paper.size_pt();
    let s = opts.counter_size.pt();
    let cols = (((width - 2.0 * MARGIN_PT) / s).floor() as usize).max(1);
    let rows = (((height - 2.0 * MARGIN_PT) / s).floor() as usize).max(1);
    let x0 = (width - cols as f64 * s) / 2.0;
    let y0 = MARGIN_PT;
    let (dx, dy) = (
        opts.back_offset_mm.0 * PT_PER_MM,
        opts.back_offset_mm.1 * PT_PER_MM,
    );
    let per_page = cols * rows;
    let mut pages = Vec::new();
    for (sheet, first) in (0..count.max(1)).step_by(per_page).enumerate() {
        let indices = first..(first + per_page).min(count);
        let front: Vec<SheetSlot> = indices
            .clone()
            .map(|i| {
                let k = i - first;
                let (row, col) = (k / cols, k % cols);
                SheetSlot {
                    vehicle: i,
                    col,
                    row,
                    x: x0 + col as f64 * s,
                    y: y0 + row as f64 * s,
                }
            })
            .collect();
        let back: Vec<SheetSlot> = front
            .iter()
            .map(|f| SheetSlot {
                x: width - f.x - s + dx,
                y: f.y + dy,
                ..f.clone()
            })
            .collect();
        for (side, slots) in [("front", front), ("back", back)] {
            let (cuts_x, cuts_y, bounds) = cuts(&slots, s);
            pages.push(SheetPage {
                side,
                number: sheet * 2 + if side == "front" { 1 } else { 2 },
                slots,
                cuts_x,
                cuts_y,
                bounds,
            });
        }
    }
    SheetLayout {
        paper,
        width,
        height,
        counter: s,
        cols,
        rows,
        pages,
    }
}

/// The distinct cut lines of a page's counters and the block they form.
fn cuts(slots: &[SheetSlot], s: f64) -> (Vec<f64>, Vec<f64>, [f64; 4]) {
    let mut xs: Vec<f64> = slots.iter().flat_map(|c| [c.x, c.x + s]).collect();
    let mut ys: Vec<f64> = slots.iter().flat_map(|c| [c.y, c.y + s]).collect();
    for v in [&mut xs, &mut ys] {
        v.sort_by(f64::total_cmp);
        v.dedup_by(|a, b| (*a - *b).abs() < 1e-6);
        for x in v.iter_mut() {
            *x = round3(*x);
        }
    }
    let bounds = [
        xs.first().copied().unwrap_or(0.0),
        ys.first().copied().unwrap_or(0.0),
        xs.last().copied().unwrap_or(0.0),
        ys.last().copied().unwrap_or(0.0),
    ];
    (xs, ys, bounds)
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// What the sheet template sees.
#[derive(Serialize)]
struct PageContext<'a> {
    nation: NationRef<'a>,
    layout: &'a SheetLayout,
    page: &'a SheetPage,
    pages: usize,
    /// Counter size as printed: "5/8 in" or "1/2 in".
    counter_size: &'static str,
}

#[derive(Serialize)]
struct NationRef<'a> {
    id: &'a str,
    name: &'a str,
}

/// What the sheet template sees for `page` of `layout`.
pub(super) fn page_context<'a>(
    nation: &'a Nation,
    layout: &'a SheetLayout,
    page: &'a SheetPage,
    counter_size: &'static str,
) -> impl Serialize + 'a {
    PageContext {
        nation: NationRef {
            id: &nation.id,
            name: &nation.name,
        },
        layout,
        page,
        pages: layout.pages.len(),
        counter_size,
    }
}

/// A nation's counter sheets: one PDF per paper size, with its file name
/// (`ita/sheets/ita-counters-a4.pdf`); none for a nation without vehicles or guns.
pub fn counter_sheets(
    nation: &Nation,
    templates: &Templates,
    counter: &CounterOptions,
    opts: &SheetOptions,
) -> Result<Vec<(String, Vec<u8>)>, RenderError> {
    // Each counter side is rendered and converted once, then placed on every paper size.
    let faces = each_side(nation, |v, side| {
        side_form(nation, v, side, templates, counter)
    })?;
    let faces: Vec<&Converted> = faces.iter().collect();
    counter_sheets_with(nation, templates, &faces, opts)
}

/// [`counter_sheets`] from counter sides converted earlier (`faces`: every side in
/// [`crate::sides`]' order, as [`crate::each_side`] walks them); each counter prints its front
/// and its back (a gun's limbered side is no face of the printed counter); both paper sizes
/// are made in parallel; none for a nation without vehicles or guns.
pub fn counter_sheets_with(
    nation: &Nation,
    templates: &Templates,
    faces: &[&Converted],
    opts: &SheetOptions,
) -> Result<Vec<(String, Vec<u8>)>, RenderError> {
    // A nation without vehicles or guns has no counter to print: no sheet rather than an
    // empty PDF.
    if pieces(nation).next().is_none() {
        return Ok(Vec::new());
    }
    let faces_of = printed_faces(nation);
    let printed = printed_copies(nation);
    if printed.is_empty() {
        // Every vehicle's VASL count is 0: no counter to print.
        return Ok(Vec::new());
    }
    let size = match opts.counter_size {
        CounterSize::FiveEighths => "5/8 in",
        CounterSize::Half => "1/2 in",
    };
    Paper::ALL
        .par_iter()
        .map(|&paper| {
            let path = format!(
                "{}/sheets/{}-counters-{}.pdf",
                nation.id,
                nation.id,
                paper.name()
            );
            let layout = sheet_layout(printed.len(), paper, opts);
            let mut pdf = PdfBuilder::new();
            let graphics: Vec<Graphic> = faces.iter().map(|c| pdf.add(c)).collect();
            for page in &layout.pages {
                let ctx = page_context(nation, &layout, page, size);
                let g = pdf.add_template(templates, SHEET_TEMPLATE, &ctx, true, &path)?;
                let (w, h) = (layout.width, layout.height);
                let mut placements = vec![Placement::top_left(g, 0.0, 0.0, w, h, h)];
                let k = usize::from(page.side == "back");
                for slot in &page.slots {
                    let s = layout.counter;
                    let Some(g) = printed
                        .get(slot.vehicle)
                        .and_then(|v| faces_of.get(*v))
                        .and_then(|f| graphics.get(f[k]))
                    else {
                        continue;
                    };
                    placements.push(Placement::top_left(*g, slot.x, slot.y, s, s, h));
                }
                pdf.add_page(w, h, &placements);
            }
            let bytes = pdf
                .finish()
                .map_err(|m| RenderError::new(&path, RenderErrorKind::Pdf(m)))?;
            Ok((path, bytes))
        })
        .collect::<Vec<_>>()
        .into_iter()
        .collect()
}

/// The indexes, in [`crate::sides`]' order, of each piece's front and back ([`crate::pieces`]'
/// order).
fn printed_faces(nation: &Nation) -> Vec<[usize; 2]> {
    let mut out = Vec::new();
    let mut at = 0;
    for p in pieces(nation) {
        out.push([at, at + 1]);
        at += p.sides().len();
    }
    out
}

/// The counter (an index of [`crate::pieces`]: the vehicles of
/// [`Nation::counter_vehicles`], then the guns) of each counter the sheets print, in listing
/// order: a vehicle read from VASL's CSV as many times as its `count` and its other pieces' of
/// the same values say (none for 0), a VASL variant as its own row's `count` says, any other
/// vehicle and every gun once.
pub fn printed_copies(nation: &Nation) -> Vec<usize> {
    let mut copies = Vec::new();
    for v in &nation.vehicles {
        copies.push(v.vasl.as_ref().map_or(1, |x| x.counters()));
        let pieces = v.vasl.iter().flat_map(|x| &x.pieces);
        copies.extend(
            pieces
                .filter(|p| p.variant.is_some())
                .map(|p| p.row.copies.unwrap_or(1)),
        );
    }
    copies.extend(nation.ordnance.iter().map(|_| 1));
    copies
        .into_iter()
        .enumerate()
        .flat_map(|(i, n)| std::iter::repeat_n(i, usize::from(n)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a4_holds_a_centred_grid_of_five_eighths_counters() {
        let l = sheet_layout(40, Paper::A4, &SheetOptions::default());
        assert_eq!((l.cols, l.rows), (11, 17));
        assert_eq!(l.pages.len(), 2);
        let first = &l.pages[0].slots[0];
        assert!((first.x - (l.width - 11.0 * 45.0) / 2.0).abs() < 1e-9);
    }

    #[test]
    fn backs_mirror_fronts_and_take_the_offset() {
        let opts = SheetOptions {
            back_offset_mm: (1.0, -0.5),
            ..SheetOptions::default()
        };
        let l = sheet_layout(13, Paper::Letter, &opts);
        let (front, back) = (&l.pages[0], &l.pages[1]);
        assert_eq!((front.side, back.side), ("front", "back"));
        for (f, b) in front.slots.iter().zip(&back.slots) {
            assert_eq!(f.vehicle, b.vehicle);
            let mirrored = l.width - f.x - l.counter;
            assert!((b.x - (mirrored + PT_PER_MM)).abs() < 1e-9);
            assert!((b.y - (f.y - 0.5 * PT_PER_MM)).abs() < 1e-9);
        }
    }

    #[test]
    fn many_counters_take_more_page_pairs() {
        let l = sheet_layout(200, Paper::A4, &SheetOptions::default());
        assert_eq!(l.pages.len(), 4);
        assert_eq!(l.pages[2].slots[0].vehicle, 187);
    }
}
