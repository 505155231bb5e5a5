//! A text as placed on a side: its item, size, anchor and lines, each line's runs (a raised
//! run smaller and above the baseline) and the caliber marks drawn as lines.

use qm_schema::CaliberMark;
use serde::Serialize;

use super::rich::{fit_rich, Rich, MARK_GAP, MARK_THICKNESS, RUN_RISE, RUN_SCALE};
use crate::fonts::Metrics;
use crate::text::{fit, round2, Align, Fitted, TextBox};

/// One `<text>` of a side.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Placed {
    /// The item it draws (`mp`, `mg_bow.label`), the templates' `data-item`.
    pub item: String,
    /// Font size.
    pub size: f64,
    /// `text-anchor` of every line.
    pub anchor: Align,
    /// Drawn in the regular face (labels, notations), else bold.
    pub regular: bool,
    /// Drawn in red (a notation the notes print red).
    pub red: bool,
    /// The lines.
    pub lines: Vec<PlacedLine>,
    /// A raised run's font size.
    pub raised_size: f64,
    /// How far a raised run's baseline is above the line's.
    pub rise: f64,
    /// The caliber marks.
    pub marks: Vec<MarkLine>,
}

/// One line of a placed text.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlacedLine {
    /// Anchor x.
    pub x: f64,
    /// Baseline y.
    pub y: f64,
    /// The line's text (its runs joined).
    pub text: String,
    /// Its runs, when any is raised or marked (else `text` is drawn as it is).
    pub runs: Vec<PlacedRun>,
}

/// One run of a line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlacedRun {
    /// The text.
    pub text: String,
    /// Raised and smaller.
    pub raised: bool,
}

/// A caliber mark: a line over or under a run.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct MarkLine {
    /// Left end.
    pub x1: f64,
    /// Right end.
    pub x2: f64,
    /// The line's middle, vertically.
    pub y: f64,
    /// Its thickness.
    pub width: f64,
}

impl Placed {
    /// `value` fitted into `b` (plain text as `text::fit` fits it, runs as
    /// [`fit_rich`] does), drawing `item`.
    pub fn fit(item: &str, value: &Rich, b: &TextBox) -> Self {
        match value.as_plain() {
            Some(text) => Self::of_fitted(item, &fit(text, b), !b.bold),
            None => Self::of_rich(item, value, b),
        }
    }

    /// Plain bold lines placed by the caller.
    pub(crate) fn of_lines(item: &str, size: f64, anchor: Align, lines: Vec<PlacedLine>) -> Self {
        Self {
            item: item.to_string(),
            size,
            anchor,
            regular: false,
            red: false,
            lines,
            raised_size: round2(size * RUN_SCALE),
            rise: round2(size * RUN_RISE),
            marks: Vec::new(),
        }
    }

    /// A plain text's fit as placed.
    pub fn of_fitted(item: &str, f: &Fitted, regular: bool) -> Self {
        Self {
            item: item.to_string(),
            size: f.size,
            anchor: f.anchor,
            regular,
            red: false,
            lines: f
                .lines
                .iter()
                .map(|l| PlacedLine {
                    x: l.x,
                    y: l.y,
                    text: l.text.clone(),
                    runs: Vec::new(),
                })
                .collect(),
            raised_size: round2(f.size * RUN_SCALE),
            rise: round2(f.size * RUN_RISE),
            marks: Vec::new(),
        }
    }

    fn of_rich(item: &str, value: &Rich, b: &TextBox) -> Self {
        let f = fit_rich(value, b);
        let mut marks = Vec::new();
        let lines = f
            .lines
            .iter()
            .map(|(x, y, rich, width)| {
                let left = match b.align {
                    Align::Start => *x,
                    Align::Middle => x - width / 2.0,
                    Align::End => x - width,
                };
                marks.extend(mark_lines(rich, left, *y, f.size, b.bold));
                PlacedLine {
                    x: *x,
                    y: *y,
                    text: rich.text(),
                    runs: rich
                        .runs
                        .iter()
                        .map(|r| PlacedRun {
                            text: r.text.clone(),
                            raised: r.raised,
                        })
                        .collect(),
                }
            })
            .collect();
        Self {
            item: item.to_string(),
            size: f.size,
            anchor: b.align,
            regular: !b.bold,
            red: false,
            lines,
            raised_size: round2(f.size * RUN_SCALE),
            rise: round2(f.size * RUN_RISE),
            marks,
        }
    }

    /// Drawn in red.
    pub fn red(mut self, red: bool) -> Self {
        self.red = red;
        self
    }
}

/// The marks of a line whose left edge is at `left` and baseline at `y`.
fn mark_lines(line: &Rich, left: f64, y: f64, size: f64, bold: bool) -> Vec<MarkLine> {
    let m = Metrics::get(bold);
    let mut out = Vec::new();
    let mut x = left;
    for r in &line.runs {
        let run_size = if r.raised { size * RUN_SCALE } else { size };
        let w = m.width(&r.text, run_size);
        let (top, _) = m.ink(&r.text);
        for mark in &r.marks {
            let middle = match mark {
                CaliberMark::Overline => y - (top + MARK_GAP + MARK_THICKNESS / 2.0) * size,
                CaliberMark::Underline => y + (MARK_GAP + MARK_THICKNESS / 2.0) * size,
            };
            out.push(MarkLine {
                x1: round2(x),
                x2: round2(x + w),
                y: round2(middle),
                width: round2(MARK_THICKNESS * size),
            });
        }
        x += w;
    }
    out
}
