//! The back of a vehicle counter, which is its wreck side: the name (one line, or two) with
//! the ® of a radioless AFV at its right (rule 181.21 puts the ® on the reverse side); the
//! values the front has no room for (GP, CS, capacity) in a row; every notation the notes
//! print on the back or wreck side, from the top down; the picture box in what is left above
//! the wreck band with its word.

use qm_schema::CounterItemKind as K;

use super::clash::keep_clear;
use super::measure::{label_width, tw, GAP, ROW_H};
use super::misfit::misfits;
use super::name::{name_block, NameRoom};
use super::num::Num;
use super::rich::Rich;
use super::{Drawn, Placed, SideItems, SideLayout, GLANCE, SMALL};
use crate::text::{fit_block, Align, TextBox};

/// The top of the wreck band.
const BAND_TOP: f64 = 87.5;

/// Lays out a back.
pub fn back(items: &SideItems) -> SideLayout {
    let mut drawn = Vec::new();
    let top = name(items, &mut drawn);
    let notes_top = values(items, top, &mut drawn);
    let pic_top = notations(items, notes_top, &mut drawn);
    drawn.push(Drawn::Picture {
        x: Num::Int(3),
        y: Num::Float(pic_top + 1.0),
        w: Num::Int(94),
        h: Num::at_least_zero(BAND_TOP - 1.5 - pic_top),
    });
    if let Some(wreck) = items.get(K::Wreck) {
        let b = TextBox {
            size: SMALL,
            min: SMALL,
            ..TextBox::new(3.0, BAND_TOP + 0.5, 94.0, 10.0)
        };
        drawn.push(Drawn::Text(Placed::fit(wreck.kind, &wreck.value, &b)));
    }
    let (drawn, left_off) = keep_clear(drawn);
    let layout = SideLayout {
        drawn,
        wreck_band: Some(BAND_TOP),
        misfits: Vec::new(),
    };
    let misfits = misfits(layout.texts(), &left_off);
    SideLayout { misfits, ..layout }
}

/// The name and the ®; the bottom of the name.
fn name(items: &SideItems, drawn: &mut Vec<Drawn>) -> f64 {
    let radioless = items.get(K::Radioless);
    let radioless_w = radioless.map_or(0.0, |r| tw(&r.value, GLANCE, true) + 2.0);
    let name = items
        .get(K::Name)
        .map_or_else(|| Rich::plain(""), |n| n.value.clone());
    // Every line keeps left of the ® (a side's texts are measured as their whole box).
    let room = NameRoom {
        first_x: 3.0,
        first_w: 94.0 - radioless_w,
        rest_x: 3.0,
        rest_w: 94.0 - radioless_w,
        max_lines: 4,
    };
    let (p, top) = name_block(&name, room);
    drawn.push(Drawn::Text(p));
    if let Some(r) = radioless {
        let b = TextBox {
            size: GLANCE,
            min: GLANCE,
            align: Align::End,
            ..TextBox::new(97.0 - radioless_w, 2.5, radioless_w, 15.0)
        };
        drawn.push(Drawn::Text(Placed::fit("radioless", &r.value, &b)));
    }
    top
}

/// GP, CS and capacity in a row (two when they do not fit one); the bottom of the rows.
fn values(items: &SideItems, top: f64, drawn: &mut Vec<Drawn>) -> f64 {
    let (mut x, mut y, mut used) = (3.0, top, false);
    for it in items.value_items() {
        let label_w = label_width(it);
        let w = label_w + tw(&it.value, SMALL, true);
        if used && x + w > 97.0 {
            x = 3.0;
            y += ROW_H;
        }
        if let Some(label) = &it.label {
            drawn.push(Drawn::Text(item_at(
                &format!("{}.label", it.kind),
                &Rich::plain(label),
                x,
                y,
                false,
            )));
        }
        drawn.push(Drawn::Text(item_at(
            it.kind,
            &it.value,
            x + label_w,
            y,
            true,
        )));
        x = x + w + GAP;
        used = true;
    }
    if used {
        y + ROW_H
    } else {
        top
    }
}

/// One value at SMALL, its box's left edge at x.
fn item_at(item: &str, value: &Rich, x: f64, y: f64, bold: bool) -> Placed {
    let b = TextBox {
        size: SMALL,
        min: SMALL,
        bold,
        align: Align::Start,
        ..TextBox::new(x, y, tw(value, SMALL, bold) + 0.5, ROW_H)
    };
    Placed::fit(item, value, &b)
}

/// The notations from `notes_top` down, at one size, each its own `<text>`: the size and
/// lines they take in all the room, then the same lines in just the height they need, so that
/// the rest is the picture's. The top of the picture box.
fn notations(items: &SideItems, notes_top: f64, drawn: &mut Vec<Drawn>) -> f64 {
    if items.notations.is_empty() {
        return notes_top;
    }
    let texts: Vec<String> = items.notations.iter().map(|n| n.value.text()).collect();
    let room = BAND_TOP - 0.5 - notes_top;
    let mut b = TextBox {
        size: SMALL,
        min: SMALL,
        max_lines: 12,
        bold: false,
        leading: 1.0,
        align: Align::Middle,
        ..TextBox::new(3.0, notes_top, 94.0, room)
    };
    let block = fit_block(&texts, &b);
    let need = ((block.lines.len() as f64 + 0.3) * block.size).min(room);
    b.h = need;
    b.size = block.size;
    b.min = block.size;
    let block = fit_block(&texts, &b);
    for (i, n) in items.notations.iter().enumerate() {
        let mut one = block.clone();
        one.lines.retain(|l| l.item == i);
        drawn.push(Drawn::Notation(
            Placed::of_fitted("notation", &one, true).red(n.red),
        ));
    }
    notes_top + need
}
