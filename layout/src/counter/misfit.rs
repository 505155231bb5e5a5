//! What a side could not set at its floor: `qm check` reports each as
//! `layout::does-not-fit`, naming the vehicle and the value.

use super::{floor_of, Placed};

/// A text set under its floor, or left off, because the side has no room for it.
#[derive(Debug, Clone, PartialEq)]
pub struct Misfit {
    /// The item (`name`, `ammo`, `mg_aa.label`).
    pub item: String,
    /// Its text.
    pub text: String,
    /// The size it is set at.
    pub size: f64,
    /// The floor it is held to.
    pub floor: f64,
    /// Why.
    pub why: MisfitWhy,
}

/// Why a text is a misfit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MisfitWhy {
    /// Its box is too small for it at its floor.
    UnderFloor,
    /// No layout of the side keeps it clear of the other values at any size: it is left off
    /// the counter (drawing it would put text over text).
    LeftOff,
}

impl std::fmt::Display for Misfit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.why {
            MisfitWhy::UnderFloor => write!(
                f,
                "{} {:?} is set at {:.2} (its floor is {})",
                self.item, self.text, self.size, self.floor
            ),
            MisfitWhy::LeftOff => write!(f, "{} {:?} is left off", self.item, self.text),
        }
    }
}

/// The texts of `placed` set under their floor.
pub(crate) fn under_floor<'a>(placed: impl Iterator<Item = &'a Placed>) -> Vec<Misfit> {
    placed
        .filter(|p| p.size < floor_of(&p.item) - 1e-9)
        .map(|p| misfit(p, MisfitWhy::UnderFloor))
        .collect()
}

/// A side's misfits: its texts set under their floor, then the values left off it.
pub(crate) fn misfits<'a>(
    placed: impl Iterator<Item = &'a Placed>,
    left_off: &[Placed],
) -> Vec<Misfit> {
    let mut out = under_floor(placed);
    out.extend(left_off.iter().map(|p| misfit(p, MisfitWhy::LeftOff)));
    out
}

fn misfit(p: &Placed, why: MisfitWhy) -> Misfit {
    Misfit {
        item: p.item.clone(),
        text: p.lines.iter().map(line_text).collect::<Vec<_>>().join(" "),
        size: p.size,
        floor: floor_of(&p.item),
        why,
    }
}

/// A line as one text, a raised run in Unicode's superscript characters (`HE7ᶠ³`), never
/// merged into the value.
fn line_text(l: &super::PlacedLine) -> String {
    if l.runs.is_empty() {
        return l.text.clone();
    }
    l.runs
        .iter()
        .map(|r| {
            if r.raised {
                qm_schema::superscript::to_superscript(&r.text)
            } else {
                r.text.clone()
            }
        })
        .collect()
}
