//! Paginating the vehicle chart for PDF: landscape A4, column widths from the text they hold
//! (measured with the embedded font), the header repeated on every page, a vehicle type's
//! heading never alone at the foot of a page, then the notes in two columns.

use serde::Serialize;

use super::chart::ChartModel;
use super::fonts::Metrics;
use super::text::{round2, wrap_lines};

/// Landscape A4 in points.
const PAGE: (f64, f64) = (841.89, 595.28);
/// Page margin.
const MARGIN: f64 = 28.0;
/// Where the table starts (below the title).
const TABLE_TOP: f64 = 52.0;
/// Largest table font size; smaller when the columns would not fit the width.
const FONT: f64 = 7.5;
/// Padding on each side of a cell's text.
const PAD: f64 = 2.5;
/// Notes text size.
const NOTE_FONT: f64 = 7.5;

/// One page of the chart PDF, positioned in points from the top-left corner.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChartPage {
    /// Page width.
    pub width: f64,
    /// Page height.
    pub height: f64,
    /// 1-based page number.
    pub number: usize,
    /// Table font size.
    pub font_size: f64,
    /// Left and right edges of the table.
    pub left: f64,
    /// Right edge of the table.
    pub right: f64,
    /// The header's texts (empty on notes pages).
    pub header: Vec<TextItem>,
    /// Top and bottom of the header band.
    pub header_top: f64,
    /// Bottom of the header band.
    pub header_bottom: f64,
    /// Column boundaries, left to right.
    pub grid_x: Vec<f64>,
    /// Left and right of the MG group's spanning header.
    pub mg_span: Option<(f64, f64)>,
    /// Table rows on this page.
    pub rows: Vec<PageRow>,
    /// Bottom of the table on this page.
    pub table_bottom: f64,
    /// Note lines on this page.
    pub notes: Vec<TextItem>,
}

/// A table row.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PageRow {
    /// "group" (a vehicle type heading) or "vehicle".
    pub kind: &'static str,
    /// Top edge.
    pub y: f64,
    /// Height.
    pub h: f64,
    /// Shaded (every other vehicle row).
    pub shade: bool,
    /// The row's texts.
    pub texts: Vec<TextItem>,
}

/// A positioned piece of text.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TextItem {
    /// Anchor x.
    pub x: f64,
    /// Baseline y.
    pub y: f64,
    /// The text.
    pub text: String,
    /// "start", "middle" or "end".
    pub anchor: &'static str,
    /// Bold.
    pub bold: bool,
    /// Font size.
    pub size: f64,
}

/// Lays out the chart's pages: the table first, then the notes when there are any.
pub fn paginate(model: &ChartModel) -> Vec<ChartPage> {
    let (regular, bold) = (Metrics::get(false), Metrics::get(true));
    let ncols = model.columns.len();
    // Natural widths at FONT, then one scale so that the table spans the printable width.
    let mut widths: Vec<f64> = model
        .columns
        .iter()
        .map(|c| bold.width(c.label, FONT) + 2.0 * PAD)
        .collect();
    for g in &model.groups {
        for r in &g.rows {
            for (i, c) in r.cells.iter().enumerate().take(ncols) {
                widths[i] = widths[i].max(regular.width(&c.text, FONT) + 2.0 * PAD);
            }
        }
    }
    let avail = PAGE.0 - 2.0 * MARGIN;
    let natural: f64 = widths.iter().sum();
    let font = if natural > avail {
        FONT * avail / natural
    } else {
        FONT
    };
    let scale = font / FONT;
    let extra = (avail - natural * scale).max(0.0) / ncols as f64;
    let widths: Vec<f64> = widths.iter().map(|w| w * scale + extra).collect();
    let mut grid_x = vec![MARGIN];
    for w in &widths {
        grid_x.push(grid_x.last().copied().unwrap_or(MARGIN) + w);
    }
    let grid_x: Vec<f64> = grid_x.into_iter().map(round2).collect();
    let row_h = round2(font * 1.55);
    let header_h = round2(font * 3.0);
    let header_top = TABLE_TOP;
    let header_bottom = header_top + header_h;
    let bottom_limit = PAGE.1 - MARGIN;

    let centre = |i: usize| (grid_x[i] + grid_x[i + 1]) / 2.0;
    let left_aligned = |key: &str| matches!(key, "name" | "notes");
    let baseline = |top: f64, h: f64| round2(top + h / 2.0 + font * 0.36);
    let mut header = Vec::new();
    let mut mg_span = None;
    for (i, c) in model.columns.iter().enumerate() {
        let (x, anchor) = if left_aligned(c.key) {
            (grid_x[i] + PAD, "start")
        } else {
            (centre(i), "middle")
        };
        let lower = header_top + header_h / 2.0;
        let y = if c.group.is_some() {
            baseline(lower, header_h / 2.0)
        } else {
            baseline(header_top, header_h)
        };
        header.push(TextItem {
            x: round2(x),
            y,
            text: c.label.to_string(),
            anchor,
            bold: true,
            size: font,
        });
        if let Some(g) = c.group {
            let (l, r) = mg_span.get_or_insert((grid_x[i], grid_x[i + 1]));
            *l = l.min(grid_x[i]);
            *r = r.max(grid_x[i + 1]);
            if model.columns.get(i + 1).and_then(|n| n.group) != Some(g) {
                header.push(TextItem {
                    x: round2((*l + *r) / 2.0),
                    y: baseline(header_top, header_h / 2.0),
                    text: g.to_string(),
                    anchor: "middle",
                    bold: true,
                    size: font,
                });
            }
        }
    }

    let new_page = |number: usize| ChartPage {
        width: PAGE.0,
        height: PAGE.1,
        number,
        font_size: round2(font),
        left: MARGIN,
        right: grid_x[ncols],
        header: header.clone(),
        header_top,
        header_bottom,
        grid_x: grid_x.clone(),
        mg_span,
        rows: Vec::new(),
        table_bottom: header_bottom,
        notes: Vec::new(),
    };
    let mut pages = vec![new_page(1)];
    let mut y = header_bottom;
    for g in &model.groups {
        for (k, r) in g.rows.iter().enumerate() {
            // A heading needs room for itself and its first row; a continued group gets its
            // heading again at the top of the next page.
            let need_heading = k == 0 || y == header_bottom;
            let need = row_h + if need_heading { row_h } else { 0.0 };
            if y + need > bottom_limit {
                let n = pages.len() + 1;
                pages.push(new_page(n));
                y = header_bottom;
            }
            let page = pages.last_mut().expect("a page exists");
            if k == 0 || y == header_bottom {
                let label = if k == 0 {
                    format!("{} ({})", g.label, g.code)
                } else {
                    format!("{} ({}), continued", g.label, g.code)
                };
                page.rows.push(PageRow {
                    kind: "group",
                    y: round2(y),
                    h: row_h,
                    shade: false,
                    texts: vec![TextItem {
                        x: MARGIN + PAD,
                        y: baseline(y, row_h),
                        text: label,
                        anchor: "start",
                        bold: true,
                        size: round2(font),
                    }],
                });
                y += row_h;
            }
            let texts = r
                .cells
                .iter()
                .enumerate()
                .take(ncols)
                .filter(|(_, c)| !c.text.is_empty())
                .map(|(i, c)| {
                    let key = model.columns[i].key;
                    let (x, anchor) = if left_aligned(key) {
                        (grid_x[i] + PAD, "start")
                    } else {
                        (centre(i), "middle")
                    };
                    TextItem {
                        x: round2(x),
                        y: baseline(y, row_h),
                        text: c.text.clone(),
                        anchor,
                        bold: key == "name",
                        size: round2(font),
                    }
                })
                .collect();
            page.rows.push(PageRow {
                kind: "vehicle",
                y: round2(y),
                h: row_h,
                shade: k % 2 == 1,
                texts,
            });
            y += row_h;
            page.table_bottom = round2(y);
        }
    }
    notes_pages(model, &mut pages);
    pages
}

/// The notes, flowed into two columns on pages after the table.
fn notes_pages(model: &ChartModel, pages: &mut Vec<ChartPage>) {
    let mut blocks: Vec<(String, bool, f64)> = Vec::new(); // (line, bold, gap before)
    let col_gap = 18.0;
    let col_w = (PAGE.0 - 2.0 * MARGIN - col_gap) / 2.0;
    let lh = NOTE_FONT * 1.3;
    for n in model.notes.iter().chain(&model.multi_notes) {
        let heading = match &n.title {
            Some(t) => format!("{}. {t}", n.label),
            None => format!("{}.", n.label),
        };
        for (k, l) in wrap_lines(&heading, NOTE_FONT, col_w, true)
            .into_iter()
            .enumerate()
        {
            blocks.push((l, true, if k == 0 { lh * 0.6 } else { 0.0 }));
        }
        let paras = n
            .paragraphs
            .iter()
            .cloned()
            .chain(n.rules.iter().map(|r| format!("† {r}")));
        for p in paras {
            for (k, l) in wrap_lines(&p, NOTE_FONT, col_w, false)
                .into_iter()
                .enumerate()
            {
                blocks.push((l, false, if k == 0 { lh * 0.25 } else { 0.0 }));
            }
        }
    }
    if blocks.is_empty() {
        return;
    }
    let top = TABLE_TOP;
    let bottom = PAGE.1 - MARGIN;
    let mut page = blank(pages.len() + 1);
    let mut col = 0;
    let mut y = top;
    for (text, bold, gap) in blocks {
        let gap = if y == top { 0.0 } else { gap };
        if y + gap + lh > bottom {
            if col == 0 {
                col = 1;
            } else {
                pages.push(std::mem::replace(&mut page, blank(pages.len() + 2)));
                col = 0;
            }
            y = top;
        }
        let y_line = if y == top { y } else { y + gap };
        page.notes.push(TextItem {
            x: round2(MARGIN + col as f64 * (col_w + col_gap)),
            y: round2(y_line + NOTE_FONT),
            text,
            anchor: "start",
            bold,
            size: NOTE_FONT,
        });
        y = y_line + lh;
    }
    pages.push(page);
}

fn blank(number: usize) -> ChartPage {
    ChartPage {
        width: PAGE.0,
        height: PAGE.1,
        number,
        font_size: NOTE_FONT,
        left: MARGIN,
        right: PAGE.0 - MARGIN,
        header: Vec::new(),
        header_top: TABLE_TOP,
        header_bottom: TABLE_TOP,
        grid_x: Vec::new(),
        mg_span: None,
        rows: Vec::new(),
        table_bottom: TABLE_TOP,
        notes: Vec::new(),
    }
}
