//! Whether the PDF vehicle chart's table fits its pages, measured with the embedded fonts:
//! every text of a vehicle row against the room its column gives it ([`pdf_overflows`]).

use crate::chart_layout::{ChartPage, PAD};
use crate::fonts::Metrics;
use crate::text::round2;

/// A text of the PDF chart's table wider than its column.
#[derive(Debug, Clone, PartialEq)]
pub struct Overflow {
    /// The page (1-based).
    pub page: usize,
    /// The text.
    pub text: String,
    /// By how much it is wider than its column's room (points).
    pub over: f64,
}

/// Every text of the PDF table rows (vehicle rows; a type's heading spans the table) wider
/// than the room its column gives it (the column less its padding each side).
pub fn pdf_overflows(pages: &[ChartPage]) -> Vec<Overflow> {
    let (regular, bold) = (Metrics::get(false), Metrics::get(true));
    let mut out = Vec::new();
    for page in pages {
        for row in page.rows.iter().filter(|r| r.kind == "vehicle") {
            for t in &row.texts {
                let Some(i) = page
                    .grid_x
                    .windows(2)
                    .position(|w| w[0] <= t.x && t.x <= w[1])
                else {
                    continue;
                };
                let room = page.grid_x[i + 1] - page.grid_x[i] - 2.0 * PAD;
                let face = if t.bold { bold } else { regular };
                let over = face.width(&t.text, t.size) - room;
                if over > 0.01 {
                    out.push(Overflow {
                        page: page.number,
                        text: t.text.clone(),
                        over: round2(over),
                    });
                }
            }
        }
    }
    out
}
