//! The measures the front and back share: the gaps, a row's height, text boxes and the
//! widths the layout measures with.

use super::items::Item;
use super::rich::Rich;
use super::SMALL;
use crate::text::{round2, TextBox};

/// The gap kept between neighbouring values.
pub(crate) const GAP: f64 = 3.0;
/// The height of a row of values.
pub(crate) const ROW_H: f64 = 12.5;
/// The gap between a label and its value.
pub(crate) const LABEL_GAP: f64 = 2.5;
/// A bold, centred, one-line box from `size` down to `min`.
pub(crate) fn text_box(x: f64, y: f64, w: f64, h: f64, size: f64, min: f64) -> TextBox {
    TextBox {
        size,
        min,
        ..TextBox::new(x, y, w, h)
    }
}

/// The advance width the templates measured with (`text_width`: rounded to hundredths).
pub(crate) fn tw(value: &Rich, size: f64, bold: bool) -> f64 {
    round2(value.width(size, bold))
}

/// The width of an item's label and the gap after it (0 without a label), at `size`.
pub(crate) fn label_width_at(it: &Item, size: f64) -> f64 {
    it.label
        .as_deref()
        .map_or(0.0, |l| tw(&Rich::plain(l), size, false) + LABEL_GAP)
}

/// The width of an item's label at SMALL and the gap after it.
pub(crate) fn label_width(it: &Item) -> f64 {
    label_width_at(it, SMALL)
}
