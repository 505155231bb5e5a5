//! A counter value in runs: plain text, raised text (a superscript: `R2` of `4ᴿ²`, the `s` of
//! an MP's `34ˢ`, printed in its own case and smaller), and a caliber's underline or overline.
//! Measured with the embedded font as the templates draw it: a raised run at [`RUN_SCALE`] of
//! the value's size, its baseline [`RUN_RISE`] of the size above the value's, so that its
//! digits and capitals top out with the value's (superior figures): a raised run makes a
//! value no taller, and rows of values keep their spacing.

use qm_schema::{CaliberMark, CounterItem};

use crate::fonts::Metrics;
use crate::text::{round2, Align, TextBox, STEP};

/// A raised run's size, as a fraction of its value's.
pub const RUN_SCALE: f64 = 0.75;
/// How far a raised run's baseline is above its value's, as a fraction of the value's size:
/// a raised digit's top (0.73 to 0.75 of its size in the bold face) then meets the value's
/// capitals'.
pub const RUN_RISE: f64 = 0.17;
/// A caliber mark's thickness, as a fraction of its value's size.
pub const MARK_THICKNESS: f64 = 0.07;
/// The gap between a caliber's digits and its mark, as a fraction of the size.
pub const MARK_GAP: f64 = 0.08;

/// One run of a value.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Run {
    /// Its text, in its own characters and case.
    pub text: String,
    /// Printed raised and smaller (a superscript).
    pub raised: bool,
    /// Lines printed over or under it (a caliber's marks).
    pub marks: Vec<CaliberMark>,
}

/// A value as runs.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Rich {
    /// The runs in printed order.
    pub runs: Vec<Run>,
}

impl Rich {
    /// A plain text as one run.
    pub fn plain(text: &str) -> Self {
        Self {
            runs: vec![Run {
                text: text.to_string(),
                ..Run::default()
            }],
        }
    }

    /// The value of a counter item: its runs when the IR gives them, else its text.
    pub fn of(item: &CounterItem) -> Self {
        if item.runs.is_empty() {
            return Self::plain(&item.text);
        }
        Self {
            runs: item
                .runs
                .iter()
                .map(|r| Run {
                    text: r.text.clone(),
                    raised: r.raised,
                    marks: r.marks.clone(),
                })
                .collect(),
        }
    }

    /// The text when the value is one plain run (drawn and measured as plain text).
    pub fn as_plain(&self) -> Option<&str> {
        match self.runs.as_slice() {
            [r] if !r.raised && r.marks.is_empty() => Some(&r.text),
            [] => Some(""),
            _ => None,
        }
    }

    /// The runs' texts joined.
    pub fn text(&self) -> String {
        self.runs.iter().map(|r| r.text.as_str()).collect()
    }

    /// Advance width at `size` in the bold (or regular) face.
    pub fn width(&self, size: f64, bold: bool) -> f64 {
        let m = Metrics::get(bold);
        self.runs
            .iter()
            .map(|r| m.width(&r.text, if r.raised { size * RUN_SCALE } else { size }))
            .sum()
    }

    /// The ink above and below the baseline, per unit of size (marks included).
    pub fn ink(&self, bold: bool) -> (f64, f64) {
        let m = Metrics::get(bold);
        let (mut top, mut bottom) = (0.0f64, 0.0f64);
        for r in &self.runs {
            let (t, b) = m.ink(&r.text);
            if r.raised {
                top = top.max(RUN_RISE + t * RUN_SCALE);
                bottom = bottom.max(b * RUN_SCALE - RUN_RISE);
                continue;
            }
            top = top.max(t);
            bottom = bottom.max(b);
            for mark in &r.marks {
                match mark {
                    CaliberMark::Overline => top = top.max(t + MARK_GAP + MARK_THICKNESS),
                    CaliberMark::Underline => bottom = bottom.max(MARK_GAP + MARK_THICKNESS),
                }
            }
        }
        (top, bottom)
    }

    /// The value cut at its spaces (a space inside a raised or marked run is kept there).
    pub(crate) fn words(&self) -> Vec<Rich> {
        let mut words = vec![Rich::default()];
        for r in &self.runs {
            if r.raised || !r.marks.is_empty() {
                words
                    .last_mut()
                    .expect("one word at least")
                    .runs
                    .push(r.clone());
                continue;
            }
            for (i, piece) in r.text.split(' ').enumerate() {
                if i > 0 {
                    words.push(Rich::default());
                }
                if !piece.is_empty() {
                    words.last_mut().expect("one word at least").runs.push(Run {
                        text: piece.to_string(),
                        ..Run::default()
                    });
                }
            }
        }
        words.retain(|w| !w.runs.is_empty());
        words
    }

    /// Words joined by single spaces.
    fn join(words: &[Rich]) -> Rich {
        let mut out = Rich::default();
        for (i, w) in words.iter().enumerate() {
            if i > 0 {
                out.runs.push(Run {
                    text: " ".to_string(),
                    ..Run::default()
                });
            }
            out.runs.extend(w.runs.iter().cloned());
        }
        out.merge_plain();
        out
    }

    /// Neighbouring plain runs as one.
    fn merge_plain(&mut self) {
        let mut merged: Vec<Run> = Vec::with_capacity(self.runs.len());
        for r in self.runs.drain(..) {
            match merged.last_mut() {
                Some(last)
                    if !last.raised && last.marks.is_empty() && !r.raised && r.marks.is_empty() =>
                {
                    last.text.push_str(&r.text);
                }
                _ => merged.push(r),
            }
        }
        self.runs = merged;
    }
}

/// A rich value fitted into a box: its size and lines, each with its anchor x and baseline.
#[derive(Debug, Clone, PartialEq)]
pub struct FittedRich {
    /// The size chosen.
    pub size: f64,
    /// The lines: (anchor x, baseline y, runs, advance width).
    pub lines: Vec<(f64, f64, Rich, f64)>,
    /// True when the size went under the box's minimum.
    pub shrunk: bool,
}

/// Fits `rich` into `b` as `text::fit` fits a text: the largest size at which it fits, on one
/// line if a little shrinking does it, else wrapped at its spaces; centred vertically on its
/// ink. Below the box's minimum only as a last resort; it never leaves its box.
pub fn fit_rich(rich: &Rich, b: &TextBox) -> FittedRich {
    let one = [rich.clone()];
    let mut size = b.size;
    let unbroken_floor = b.min.max(b.size * 0.75);
    while size >= unbroken_floor {
        if fits(&one, size, b) {
            return place(&one, size, b);
        }
        size = round2(size - STEP);
    }
    let words = rich.words();
    size = b.size;
    loop {
        let lines = wrap(&words, size, b);
        if fits(&lines, size, b) || size <= FLOOR {
            return place(&lines, size, b);
        }
        size = round2((size - STEP).max(FLOOR));
    }
}

/// The smallest size tried (the loop must end; nothing is legible below it anyway).
const FLOOR: f64 = 0.5;

fn fits(lines: &[Rich], size: f64, b: &TextBox) -> bool {
    lines.len() <= b.max_lines
        && lines.iter().all(|l| l.width(size, b.bold) <= b.w)
        && height(lines, size, b) <= b.h
}

fn height(lines: &[Rich], size: f64, b: &TextBox) -> f64 {
    let (Some(first), Some(last)) = (lines.first(), lines.last()) else {
        return 0.0;
    };
    let top = first.ink(b.bold).0;
    let bottom = last.ink(b.bold).1;
    (top + bottom + b.leading * (lines.len() - 1) as f64) * size
}

/// Greedy lines of `words` no wider than the box at `size` (a word wider than a line gets a
/// line of its own; the caller tries a smaller size then).
fn wrap(words: &[Rich], size: f64, b: &TextBox) -> Vec<Rich> {
    let mut lines: Vec<Rich> = Vec::new();
    let mut current: Vec<Rich> = Vec::new();
    for w in words {
        let mut tried = current.clone();
        tried.push(w.clone());
        if current.is_empty() || Rich::join(&tried).width(size, b.bold) <= b.w {
            current = tried;
        } else {
            lines.push(Rich::join(&current));
            current = vec![w.clone()];
        }
    }
    lines.push(Rich::join(&current));
    lines
}

fn place(lines: &[Rich], size: f64, b: &TextBox) -> FittedRich {
    let h = height(lines, size, b);
    let top = lines.first().map_or(0.0, |l| l.ink(b.bold).0 * size);
    let first_baseline = b.y + (b.h - h) / 2.0 + top;
    let x = match b.align {
        Align::Start => b.x,
        Align::Middle => b.x + b.w / 2.0,
        Align::End => b.x + b.w,
    };
    FittedRich {
        size,
        lines: lines
            .iter()
            .enumerate()
            .map(|(n, l)| {
                let y = first_baseline + n as f64 * b.leading * size;
                (round2(x), round2(y), l.clone(), l.width(size, b.bold))
            })
            .collect(),
        shrunk: size < b.min,
    }
}
