//! Whether the HTML vehicle chart's listing table fits its page, measured with the embedded
//! fonts: its narrowest width against the printed page ([`html_width`]), and the setting that
//! makes it fit ([`HtmlFit`]: long texts wrapped, a smaller font), chosen once per chart.

use serde::Serialize;

use crate::fonts::Metrics;

/// CSS pixels per millimetre.
const PX_PER_MM: f64 = 96.0 / 25.4;
/// CSS pixels per point.
const PX_PER_PT: f64 = 96.0 / 72.0;
/// The HTML chart's printed width: A4 landscape (297 mm) less its 10 mm margins
/// (`chart/chart.html`'s `@page`), in CSS pixels. On screen the body is at most 290 mm wide:
/// a table within the printed width is within the screen's too.
pub const HTML_PAGE_PX: f64 = 277.0 * PX_PER_MM;
/// The listing table's font size in the HTML (`body`'s 9pt), in points.
pub const HTML_FONT_PT: f64 = 9.0;
/// The smallest font size a chart is set in to fit its page, in points.
pub const HTML_MIN_FONT_PT: f64 = 6.0;
/// A cell's padding, left and right (`th, td`'s 1.2 mm each side), and its border (0.5 pt),
/// in CSS pixels.
const CELL_PX: f64 = 2.0 * 1.2 * PX_PER_MM + 0.5 * PX_PER_PT;
/// The columns whose cells may wrap at their spaces when the table would not fit otherwise:
/// the long texts (names, ammunition, capacity, notes, a gun's Special list), never a number.
pub const WRAPPING: [&str; 5] = ["name", "ammo", "capacity", "notes", "special"];
/// The columns measured in the bold face: names, and a gun's M# (printed bold or not: bold
/// is the wider, so the table is at least as wide as measured).
pub const BOLD: [&str; 2] = ["name", "manhandling"];

/// How the HTML chart's listing table is set to fit its page: `None` fields when the table
/// fits as it is (9 pt, no cell wrapped).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct HtmlFit {
    /// The keys of the columns whose cells wrap at their spaces ([`WRAPPING`]), when the
    /// table would not fit otherwise.
    pub wrap: Vec<&'static str>,
    /// The table's font size in points, when 9 pt would not fit even wrapped.
    pub font_pt: Option<f64>,
}

impl HtmlFit {
    /// The setting that makes `table` fit [`HTML_PAGE_PX`]: as it
    /// is; else the long texts wrapped at their spaces; else also a smaller font (down to
    /// [`HTML_MIN_FONT_PT`]: a table wider than that stays wider, and [`html_width`] says so).
    pub fn choose(table: &TableTexts) -> HtmlFit {
        let plain = HtmlFit::default();
        if html_width(table, &plain) <= HTML_PAGE_PX {
            return plain;
        }
        let wrap: Vec<&'static str> = WRAPPING
            .into_iter()
            .filter(|k| table.columns.iter().any(|(key, _)| key == k))
            .collect();
        let wrapped = HtmlFit {
            wrap,
            font_pt: None,
        };
        let width = html_width(table, &wrapped);
        if width <= HTML_PAGE_PX {
            return wrapped;
        }
        // The text scales with the font, the padding and borders do not.
        let fixed = CELL_PX * table.columns.len() as f64;
        let scale = (HTML_PAGE_PX - fixed) / (width - fixed);
        // Rounded down to a tenth of a point, so the width stays within the page.
        let font = ((HTML_FONT_PT * scale * 10.0).floor() / 10.0).max(HTML_MIN_FONT_PT);
        HtmlFit {
            font_pt: Some(font),
            ..wrapped
        }
    }

    /// The table's font size in points.
    pub fn font(&self) -> f64 {
        self.font_pt.unwrap_or(HTML_FONT_PT)
    }
}

/// A listing table's texts, as the HTML prints them: each column's key and label, each row's
/// cells in column order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TableTexts<'a> {
    /// Each column's key (`name`, the HTML class of its cells) and label.
    pub columns: Vec<(&'a str, &'a str)>,
    /// Each row's cells.
    pub rows: Vec<Vec<&'a str>>,
}

/// The narrowest width (CSS pixels) `table` can be set in under `fit`: each column as wide as
/// its widest label or cell (its widest word where the column wraps; labels and [`BOLD`]'s
/// columns bold),
/// plus padding and borders. A browser sets the table at least this wide, so the table is
/// within its page when this is.
pub fn html_width(table: &TableTexts, fit: &HtmlFit) -> f64 {
    let (regular, bold) = (Metrics::get(false), Metrics::get(true));
    let size = fit.font() * PX_PER_PT;
    let widest = |text: &str, bold_face: bool, wraps: bool| {
        let face = if bold_face { bold } else { regular };
        if wraps {
            text.split(' ')
                .map(|w| face.width(w, size))
                .fold(0.0, f64::max)
        } else {
            face.width(text, size)
        }
    };
    let mut width = 0.5 * PX_PER_PT;
    for (i, (key, label)) in table.columns.iter().enumerate() {
        let wraps = fit.wrap.contains(key);
        let cells = table
            .rows
            .iter()
            .filter_map(|r| r.get(i))
            .map(|cell| widest(cell, BOLD.contains(key), wraps));
        width += cells.fold(widest(label, true, false), f64::max) + CELL_PX;
    }
    width
}
