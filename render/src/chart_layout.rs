//! Paginating the vehicle chart (and the ordnance chart, drawn alike) for PDF: landscape A4, column widths from the text they hold
//! (measured with the embedded font), the header repeated on every page, a vehicle type's
//! heading never alone at the foot of a page, then the notes in two columns, then the infantry
//! section's tables (cells wrapped, headers repeated when a table continues on the next page).

use std::sync::Arc;

use serde::Serialize;

use super::chart_infantry::InfantrySection;
use super::chart_model::{ChartModel, Group, Row};
use crate::fonts::Metrics;
use crate::text::round2;

/// Landscape A4 in points.
const PAGE: (f64, f64) = (841.89, 595.28);
/// Page margin.
const MARGIN: f64 = 28.0;
/// Where the table starts (below the title).
const TABLE_TOP: f64 = 52.0;
/// Largest table font size; smaller when the columns would not fit the width.
const FONT: f64 = 7.5;
/// Padding on each side of a cell's text.
pub(crate) const PAD: f64 = 2.5;
/// Notes text size.
const NOTE_FONT: f64 = 7.5;
/// The legend's size, in the page's bottom margin.
const LEGEND_FONT: f64 = 6.5;

/// One page of the chart PDF, positioned in points from the top-left corner.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChartPage {
    /// What the page holds: "vehicles" (the listing and its notes) or "infantry" (the
    /// infantry OB and national rules).
    pub section: &'static str,
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
    /// Free text on this page: note lines, the infantry section's table headings.
    pub notes: Vec<TextItem>,
    /// The infantry section's tables (or parts of them) on this page.
    pub tables: Vec<PageTable>,
    /// The table's legend at the page's foot, on the pages holding vehicle rows.
    pub legend: Option<TextItem>,
}

/// A table of the infantry section, or the part of it on one page.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PageTable {
    /// Left edge.
    pub left: f64,
    /// Right edge.
    pub right: f64,
    /// Top of the header band.
    pub top: f64,
    /// Bottom of the header band.
    pub header_bottom: f64,
    /// Bottom of the last row.
    pub bottom: f64,
    /// Column boundaries, left to right.
    pub grid_x: Vec<f64>,
    /// The header's texts.
    pub header: Vec<TextItem>,
    /// "group" rows (a class heading, spanning the table) and "row" rows, each line of a
    /// wrapped cell its own text.
    pub rows: Vec<PageRow>,
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

/// Lays out the chart's pages: the table first, then the notes when there are any, then the
/// infantry section. A nation without vehicles gets no table page (at least one page, though).
pub fn paginate(model: &ChartModel) -> Vec<ChartPage> {
    let grid = Grid::measure(model);
    let (header, mg_span) = table_header(model, &grid);
    let mut pages = table_pages(model, &grid, &header, mg_span);
    // A nation without vehicles has no listing to print: its chart is its national data.
    if model.groups.is_empty() {
        pages.clear();
    }
    notes_pages(model, &mut pages);
    infantry_pages(model, &mut pages);
    if pages.is_empty() {
        pages.push(ChartPage {
            section: "infantry",
            ..blank(1)
        });
    }
    pages
}

/// The vehicle table's grid: one font size that makes the table span the printable width,
/// the column edges, the row and header heights.
struct Grid {
    font: f64,
    grid_x: Vec<f64>,
    row_h: f64,
    header_h: f64,
}

impl Grid {
    /// Each column as wide as its widest label or cell at [`FONT`] (measured in the face it
    /// is drawn in: labels and names bold), plus its padding; when the columns are wider than
    /// the printable width together, one smaller font for the whole table (the padding stays),
    /// else the room left shared among them.
    fn measure(model: &ChartModel) -> Grid {
        let (regular, bold) = (Metrics::get(false), Metrics::get(true));
        let ncols = model.columns.len();
        let mut text: Vec<f64> = model
            .columns
            .iter()
            .map(|c| bold.width(c.label, FONT))
            .collect();
        for g in &model.groups {
            for r in &g.rows {
                for (i, c) in r.cells.iter().enumerate().take(ncols) {
                    let face = if model.columns[i].key == "name" || c.bold {
                        bold
                    } else {
                        regular
                    };
                    text[i] = text[i].max(face.width(&c.text, FONT));
                }
            }
        }
        let avail = PAGE.0 - 2.0 * MARGIN;
        let padding = 2.0 * PAD * ncols as f64;
        let natural: f64 = text.iter().sum::<f64>() + padding;
        // Rounded down to a hundredth of a point: the grid's own rounding stays within the
        // room it leaves.
        let font = if natural > avail {
            (FONT * (avail - padding) / (natural - padding) * 100.0).floor() / 100.0
        } else {
            FONT
        };
        let scale = font / FONT;
        let used: f64 = text.iter().map(|t| t * scale).sum::<f64>() + padding;
        let extra = (avail - used).max(0.0) / ncols.max(1) as f64;
        let mut grid_x = vec![MARGIN];
        for t in &text {
            grid_x.push(grid_x.last().copied().unwrap_or(MARGIN) + t * scale + 2.0 * PAD + extra);
        }
        Grid {
            font,
            grid_x: grid_x.into_iter().map(round2).collect(),
            row_h: round2(font * 1.55),
            header_h: round2(font * 3.0),
        }
    }

    /// The bottom of the header row.
    fn header_bottom(&self) -> f64 {
        TABLE_TOP + self.header_h
    }

    /// The baseline of text centred in a box from `top`, `h` high.
    fn baseline(&self, top: f64, h: f64) -> f64 {
        round2(top + h / 2.0 + self.font * 0.36)
    }

    /// Where the text of column `i` (of key `key`) starts and how it is anchored: names,
    /// notes and a gun's Special list from the left, every other value centred.
    fn cell_x(&self, i: usize, key: &str) -> (f64, &'static str) {
        if matches!(key, "name" | "notes" | "special") {
            (self.grid_x[i] + PAD, "start")
        } else {
            ((self.grid_x[i] + self.grid_x[i + 1]) / 2.0, "middle")
        }
    }
}

/// The header row: every column's label (a grouped column's in the lower half, under its
/// group's label centred over the group), and the span of the grouped columns.
fn table_header(model: &ChartModel, grid: &Grid) -> (Vec<TextItem>, Option<(f64, f64)>) {
    let (font, header_h, header_top) = (grid.font, grid.header_h, TABLE_TOP);
    let grid_x = &grid.grid_x;
    let mut header = Vec::new();
    let mut mg_span = None;
    for (i, c) in model.columns.iter().enumerate() {
        let (x, anchor) = grid.cell_x(i, c.key);
        let lower = header_top + header_h / 2.0;
        let y = if c.group.is_some() {
            grid.baseline(lower, header_h / 2.0)
        } else {
            grid.baseline(header_top, header_h)
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
                    y: grid.baseline(header_top, header_h / 2.0),
                    text: g.to_string(),
                    anchor: "middle",
                    bold: true,
                    size: font,
                });
            }
        }
    }
    (header, mg_span)
}

/// The table's rows flowed onto pages: a group's heading needs room for itself and its first
/// row; a group continued on the next page gets its heading again at the top.
fn table_pages(
    model: &ChartModel,
    grid: &Grid,
    header: &[TextItem],
    mg_span: Option<(f64, f64)>,
) -> Vec<ChartPage> {
    let (row_h, header_bottom) = (grid.row_h, grid.header_bottom());
    let bottom_limit = PAGE.1 - MARGIN;
    let mut pages = vec![table_page(model, grid, header, mg_span, 1)];
    let mut y = header_bottom;
    for g in &model.groups {
        for (k, r) in g.rows.iter().enumerate() {
            let need_heading = k == 0 || y == header_bottom;
            let need = row_h + if need_heading { row_h } else { 0.0 };
            if y + need > bottom_limit {
                let n = pages.len() + 1;
                pages.push(table_page(model, grid, header, mg_span, n));
                y = header_bottom;
            }
            let page = pages.last_mut().expect("a page exists");
            if k == 0 || y == header_bottom {
                page.rows.push(group_row(g, k, y, grid));
                y += row_h;
            }
            page.rows.push(vehicle_row(model, r, k, y, grid));
            y += row_h;
            page.table_bottom = round2(y);
        }
    }
    pages
}

/// An empty table page numbered `number`: the header, the grid and the legend.
fn table_page(
    model: &ChartModel,
    grid: &Grid,
    header: &[TextItem],
    mg_span: Option<(f64, f64)>,
    number: usize,
) -> ChartPage {
    let header_bottom = grid.header_bottom();
    ChartPage {
        section: "vehicles",
        width: PAGE.0,
        height: PAGE.1,
        number,
        font_size: round2(grid.font),
        left: MARGIN,
        right: grid.grid_x[model.columns.len()],
        header: header.to_vec(),
        header_top: TABLE_TOP,
        header_bottom,
        grid_x: grid.grid_x.clone(),
        mg_span,
        rows: Vec::new(),
        table_bottom: header_bottom,
        notes: Vec::new(),
        tables: Vec::new(),
        legend: Some(TextItem {
            x: MARGIN,
            y: round2(PAGE.1 - MARGIN + LEGEND_FONT * 1.8),
            text: model.legend.to_string(),
            anchor: "start",
            bold: false,
            size: LEGEND_FONT,
        }),
    }
}

/// The heading of group `g` at `y`, before its row `k` (the first, or one continued from the
/// page before).
fn group_row(g: &Group, k: usize, y: f64, grid: &Grid) -> PageRow {
    // Guns whose Type prints none have no code to show.
    let code = if g.code.is_empty() {
        String::new()
    } else {
        format!(" ({})", g.code)
    };
    let label = if k == 0 {
        format!("{}{code}", g.label)
    } else {
        format!("{}{code}, continued", g.label)
    };
    PageRow {
        kind: "group",
        y: round2(y),
        h: grid.row_h,
        shade: false,
        texts: vec![TextItem {
            x: MARGIN + PAD,
            y: grid.baseline(y, grid.row_h),
            text: label,
            anchor: "start",
            bold: true,
            size: round2(grid.font),
        }],
    }
}

/// Vehicle row `r`, the `k`th of its group, at `y`: its non-empty cells (the name bold), every
/// other row shaded.
fn vehicle_row(model: &ChartModel, r: &Row, k: usize, y: f64, grid: &Grid) -> PageRow {
    let texts = r
        .cells
        .iter()
        .enumerate()
        .take(model.columns.len())
        .filter(|(_, c)| !c.text.is_empty())
        .map(|(i, c)| {
            let key = model.columns[i].key;
            let (x, anchor) = grid.cell_x(i, key);
            TextItem {
                x: round2(x),
                y: grid.baseline(y, grid.row_h),
                text: c.text.clone(),
                anchor,
                bold: key == "name" || c.bold,
                size: round2(grid.font),
            }
        })
        .collect();
    PageRow {
        kind: "vehicle",
        y: round2(y),
        h: grid.row_h,
        shade: k % 2 == 1,
        texts,
    }
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
        for (k, l) in wrapped(&heading, NOTE_FONT, col_w, true)
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
            for (k, l) in wrapped(&p, NOTE_FONT, col_w, false).into_iter().enumerate() {
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
    let next_bold: Vec<bool> = blocks.iter().skip(1).map(|b| b.1).chain([false]).collect();
    for ((text, bold, gap), next_bold) in blocks.into_iter().zip(next_bold) {
        let gap = if y == top { 0.0 } else { gap };
        // A note's heading stays with the first line of its text.
        let keep = if bold && !next_bold { 2.0 } else { 1.0 };
        if y + gap + keep * lh > bottom {
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
        section: "vehicles",
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
        tables: Vec::new(),
        legend: None,
    }
}

/// A table of the infantry section before layout: columns (label, share of the printable
/// width) and rows, each cell a list of paragraphs.
struct TableSpec {
    title: String,
    columns: Vec<(&'static str, f64)>,
    rows: Vec<SpecRow>,
}

struct SpecRow {
    /// A class heading spanning the table.
    group: bool,
    cells: Vec<Vec<String>>,
}

impl SpecRow {
    fn cells<const N: usize>(cells: [Vec<String>; N]) -> Self {
        Self {
            group: false,
            cells: cells.into(),
        }
    }
}

/// The infantry section's tables: nationalities, unit types by class, replacements, national
/// rules.
fn infantry_specs(model: &ChartModel) -> Vec<TableSpec> {
    let s = &model.infantry;
    [
        nationalities_table(s),
        classes_table(s),
        replacements_table(s),
        rules_table(s),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// A cell of one paragraph.
fn one(t: &str) -> Vec<String> {
    vec![t.to_string()]
}

/// The group's nationalities and the rules of each, when the nation is a group.
fn nationalities_table(s: &InfantrySection) -> Option<TableSpec> {
    (!s.nationalities.is_empty()).then(|| TableSpec {
        title: "Nationalities (every national rule holds for each)".into(),
        columns: vec![
            ("Nationality", 0.14),
            ("Its own rules", 0.72),
            ("Source", 0.14),
        ],
        rows: s
            .nationalities
            .iter()
            .map(|x| SpecRow::cells([one(&x.name), x.rules.clone(), one(&x.source)]))
            .collect(),
    })
}

/// The unit types under a heading row per class.
fn classes_table(s: &InfantrySection) -> Option<TableSpec> {
    if s.classes.is_empty() {
        return None;
    }
    let mut rows = Vec::new();
    for g in &s.classes {
        rows.push(SpecRow {
            group: true,
            cells: vec![one(&g.label)],
        });
        for u in &g.units {
            rows.push(SpecRow::cells([
                one(&u.name),
                one(&u.kind),
                one(&u.rating),
                one(&u.broken),
                one(&u.represents),
                u.rules.clone(),
                one(&u.source),
            ]));
        }
    }
    Some(TableSpec {
        title: s.classes_heading.clone(),
        columns: vec![
            ("Unit", 0.11),
            ("Kind", 0.08),
            ("Rating", 0.06),
            ("Broken side", 0.07),
            ("Represents", 0.24),
            ("Rules", 0.32),
            ("Source", 0.12),
        ],
        rows,
    })
}

/// What units become on ELR failure or battle hardening.
fn replacements_table(s: &InfantrySection) -> Option<TableSpec> {
    (!s.replacements.is_empty()).then(|| TableSpec {
        title: "ELR failure and battle hardening".into(),
        columns: vec![
            ("Unit", 0.11),
            ("On", 0.12),
            ("Becomes", 0.13),
            ("Limited to", 0.08),
            ("Source", 0.12),
        ],
        rows: s
            .replacements
            .iter()
            .map(|r| {
                SpecRow::cells([
                    one(&r.unit),
                    one(r.event),
                    one(&r.becomes),
                    one(r.system),
                    one(&r.source),
                ])
            })
            .collect(),
    })
}

/// The national rules.
fn rules_table(s: &InfantrySection) -> Option<TableSpec> {
    (!s.rules.is_empty()).then(|| TableSpec {
        title: "National rules".into(),
        columns: vec![
            ("Rule", 0.06),
            ("Title", 0.17),
            ("Text", 0.59),
            ("Limited to", 0.07),
            ("Source", 0.11),
        ],
        rows: s
            .rules
            .iter()
            .map(|r| {
                SpecRow::cells([
                    one(&r.rule),
                    one(&r.title),
                    one(&r.text),
                    one(r.system),
                    one(&r.lines),
                ])
            })
            .collect(),
    })
}

/// The infantry section on pages of its own after the notes.
fn infantry_pages(model: &ChartModel, pages: &mut Vec<ChartPage>) {
    let specs = infantry_specs(model);
    if specs.is_empty() {
        return;
    }
    let bottom = PAGE.1 - MARGIN;
    let new_page = |n: usize| ChartPage {
        section: "infantry",
        ..blank(n)
    };
    let mut page = new_page(pages.len() + 1);
    let mut y = TABLE_TOP;
    for spec in &specs {
        let table = InfantryTable::lay_out(spec);
        // The title, the header and the first row (two when it is a class heading) stay
        // together.
        let first: f64 = table
            .rows
            .iter()
            .take(if table.rows.first().is_some_and(|r| r.0) {
                2
            } else {
                1
            })
            .map(|r| row_height(&r.1))
            .sum();
        if y > TABLE_TOP && y + INFANTRY_HEADING_H + infantry_header_h() + first > bottom {
            pages.push(std::mem::replace(&mut page, new_page(pages.len() + 2)));
            y = TABLE_TOP;
        }
        let (mut out, mut ty) = table.start(&mut page, y, spec.title.clone());
        let mut shade = false;
        for (k, (group, cells)) in table.rows.iter().enumerate() {
            let h = row_height(cells);
            let need = h + if *group {
                table.rows.get(k + 1).map_or(0.0, |r| row_height(&r.1))
            } else {
                0.0
            };
            if ty + need > bottom && !out.rows.is_empty() {
                page.tables.push(out);
                pages.push(std::mem::replace(&mut page, new_page(pages.len() + 2)));
                let continued = format!("{}, continued", spec.title);
                (out, ty) = table.start(&mut page, TABLE_TOP, continued);
            }
            if *group {
                shade = false;
            } else {
                shade = !shade;
            }
            out.rows.push(PageRow {
                kind: if *group { "group" } else { "row" },
                y: round2(ty),
                h,
                shade: !*group && !shade,
                texts: table.row_texts(*group, cells, ty),
            });
            ty += h;
            out.bottom = round2(ty);
        }
        page.tables.push(out);
        y = ty + 8.0;
    }
    pages.push(page);
}

/// The infantry tables' text size.
const INFANTRY_FONT: f64 = NOTE_FONT;
/// Space above and below a line of an infantry table's cell.
const INFANTRY_PAD_Y: f64 = 2.5;
/// The height of an infantry table's title.
const INFANTRY_HEADING_H: f64 = 18.0;

/// The height of a line of an infantry table.
fn infantry_lh() -> f64 {
    round2(INFANTRY_FONT * 1.25)
}

/// The height of an infantry table's header row.
fn infantry_header_h() -> f64 {
    round2(infantry_lh() + 2.0 * INFANTRY_PAD_Y)
}

/// The height of a row of wrapped cells: its tallest cell (at least one line).
fn row_height(cells: &[Vec<String>]) -> f64 {
    let n = cells.iter().map(Vec::len).max().unwrap_or(1).max(1) as f64;
    round2(n * infantry_lh() + 2.0 * INFANTRY_PAD_Y)
}

/// One infantry table laid out across the printable width: its column edges, every row's
/// cells wrapped to their columns (a class heading spans the table), its header.
struct InfantryTable {
    grid_x: Vec<f64>,
    right: f64,
    /// (a class heading, the lines of each cell)
    rows: Vec<(bool, Vec<Vec<String>>)>,
    header: Vec<TextItem>,
}

impl InfantryTable {
    /// Columns by their shares of the printable width; cells wrapped (bold in the first column
    /// and in headings).
    fn lay_out(spec: &TableSpec) -> Self {
        let (font, lh) = (INFANTRY_FONT, infantry_lh());
        let avail = PAGE.0 - 2.0 * MARGIN;
        let mut grid_x = vec![MARGIN];
        for (_, share) in &spec.columns {
            grid_x.push(round2(
                grid_x.last().copied().unwrap_or(MARGIN) + share * avail,
            ));
        }
        let right = grid_x[grid_x.len() - 1];
        let rows = spec
            .rows
            .iter()
            .map(|r| {
                let cells = r
                    .cells
                    .iter()
                    .enumerate()
                    .map(|(i, paras)| {
                        let w = if r.group {
                            right - MARGIN
                        } else {
                            grid_x[i + 1] - grid_x[i]
                        } - 2.0 * PAD;
                        let bold = r.group || i == 0;
                        paras
                            .iter()
                            .flat_map(|p| wrapped(p, font, w, bold))
                            .collect()
                    })
                    .collect();
                (r.group, cells)
            })
            .collect();
        let header = spec
            .columns
            .iter()
            .enumerate()
            .map(|(i, (label, _))| TextItem {
                x: round2(grid_x[i] + PAD),
                y: round2(INFANTRY_PAD_Y + lh / 2.0 + font * 0.36),
                text: (*label).to_string(),
                anchor: "start",
                bold: true,
                size: font,
            })
            .collect();
        Self {
            grid_x,
            right,
            rows,
            header,
        }
    }

    /// Starts the table (or its continuation) on `page` at `y` under `title`: the title, then
    /// an empty table with its header; also where its first row goes.
    fn start(&self, page: &mut ChartPage, y: f64, title: String) -> (PageTable, f64) {
        let header_h = infantry_header_h();
        page.notes.push(TextItem {
            x: MARGIN,
            y: round2(y + INFANTRY_HEADING_H - 6.0),
            text: title,
            anchor: "start",
            bold: true,
            size: 10.0,
        });
        let top = round2(y + INFANTRY_HEADING_H);
        let table = PageTable {
            left: MARGIN,
            right: self.right,
            top,
            header_bottom: round2(top + header_h),
            bottom: round2(top + header_h),
            grid_x: self.grid_x.clone(),
            header: self
                .header
                .iter()
                .map(|t| TextItem {
                    y: round2(top + t.y),
                    ..t.clone()
                })
                .collect(),
            rows: Vec::new(),
        };
        (table, top + header_h)
    }

    /// The lines of a row's cells placed from `ty` down (bold in headings and the first
    /// column).
    fn row_texts(&self, group: bool, cells: &[Vec<String>], ty: f64) -> Vec<TextItem> {
        let (font, lh) = (INFANTRY_FONT, infantry_lh());
        let mut texts = Vec::new();
        for (i, lines) in cells.iter().enumerate() {
            for (j, line) in lines.iter().enumerate() {
                texts.push(TextItem {
                    x: round2(self.grid_x[i] + PAD),
                    y: round2(ty + INFANTRY_PAD_Y + lh / 2.0 + font * 0.36 + j as f64 * lh),
                    text: line.clone(),
                    anchor: "start",
                    bold: group || i == 0,
                    size: font,
                });
            }
        }
        texts
    }
}

/// [`crate::text::wrap_lines`], remembered: a chart redrawn after a note edit wraps its other
/// notes as before.
fn wrapped(text: &str, size: f64, width: f64, bold: bool) -> Vec<String> {
    static WRAPPED: crate::memo::Memo<(String, u64, u64, bool), Arc<Vec<String>>> =
        crate::memo::Memo::new(20_000);
    let key = (text.to_string(), size.to_bits(), width.to_bits(), bold);
    WRAPPED
        .get(key, || {
            Arc::new(crate::text::wrap_lines(text, size, width, bold))
        })
        .to_vec()
}
