//! Every counter side laid out as the build draws it (`qm_layout::counter`), so that `qm
//! check` reports what does not fit: a value the side has no room for at its floor is drawn
//! smaller, within its box, and named here (`layout::does-not-fit`), with its vehicle (or gun)
//! and side; so is a value no layout of its side keeps clear of the others, which is left off.

use qm_layout::counter::{gun_side, sides, Misfit, MisfitWhy, DEFAULT_ASPECT};
use qm_parser::{Diagnostic, Severity, SourceMap};
use qm_schema::{CounterItemKind, CounterSide, Field, Nation, Span};

use crate::ir_span::text_span;

/// The code of a value set under its floor (or left off).
pub const DOES_NOT_FIT: &str = "layout::does-not-fit";

/// A warning for every value of a nation's counters that does not fit at its floor.
pub fn check_counters(sources: &SourceMap, n: &Nation) -> Vec<Diagnostic> {
    diagnostics(sources, n, &findings(n)).unwrap_or_default()
}

/// A value of a counter side that does not fit at its floor: the piece, the side and how.
/// Plain data, so that the build cache can keep a nation's findings by its IR
/// ([`crate::memo`]) and the next run makes the diagnostics without laying a side out.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Finding {
    /// The piece: a vehicle by its place in [`Nation::counter_vehicles`], or a gun by its
    /// place in [`Nation::ordnance`].
    pub piece: PieceAt,
    /// The side, as a message names it ("front", "back", "limbered side").
    pub side: String,
    /// The item (`name`, `ammo`, `mg_aa.label`).
    pub item: String,
    /// Its text.
    pub text: String,
    /// The size it is set at, as `f64` bits (exact through any text form).
    pub size: u64,
    /// The floor it is held to, as `f64` bits.
    pub floor: u64,
    /// Left off the counter rather than set under its floor.
    pub left_off: bool,
}

/// Where a [`Finding`]'s piece is in its nation.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum PieceAt {
    /// The vehicle at this place in [`Nation::counter_vehicles`].
    Vehicle(usize),
    /// The gun at this place in [`Nation::ordnance`].
    Gun(usize),
}

/// Every counter side of `n` laid out, and what does not fit: each piece on every core, the
/// findings in the pieces' order (vehicles, then guns).
pub fn findings(n: &Nation) -> Vec<Finding> {
    use rayon::prelude::*;
    let vehicles: Vec<&qm_schema::Vehicle> = n.counter_vehicles().collect();
    let mut out: Vec<Finding> = vehicles
        .par_iter()
        .enumerate()
        .flat_map_iter(|(i, v)| {
            let [front, back] = sides(&v.counter.front, &v.counter.back);
            [("front", front), ("back", back)]
                .into_iter()
                .flat_map(move |(side, laid)| {
                    laid.misfits
                        .into_iter()
                        .map(move |m| finding(PieceAt::Vehicle(i), side, m))
                })
        })
        .collect();
    let guns: Vec<Finding> = n
        .ordnance
        .par_iter()
        .enumerate()
        .flat_map_iter(|(i, g)| {
            g.counter.sides().into_iter().flat_map(move |side| {
                let laid = gun_side(&g.counter, side, DEFAULT_ASPECT);
                let word = match side {
                    CounterSide::Front => "front",
                    CounterSide::Limbered => "limbered side",
                    CounterSide::Back | CounterSide::Wreck => "back",
                };
                laid.misfits
                    .into_iter()
                    .map(move |m| finding(PieceAt::Gun(i), word, m))
            })
        })
        .collect();
    out.extend(guns);
    out
}

fn finding(piece: PieceAt, side: &str, m: Misfit) -> Finding {
    Finding {
        piece,
        side: side.to_string(),
        item: m.item,
        text: m.text,
        size: m.size.to_bits(),
        floor: m.floor.to_bits(),
        left_off: m.why == MisfitWhy::LeftOff,
    }
}

/// The warnings of `findings` (made by [`findings`] from `n`); `None` when one names a
/// piece `n` does not have (findings of another nation).
pub fn diagnostics(
    sources: &SourceMap,
    n: &Nation,
    findings: &[Finding],
) -> Option<Vec<Diagnostic>> {
    let vehicles: Vec<&qm_schema::Vehicle> = n.counter_vehicles().collect();
    findings
        .iter()
        .map(|f| {
            let piece = match f.piece {
                PieceAt::Vehicle(i) => vehicles.get(i).map(|v| Piece {
                    name: &v.name,
                    name_cell: &v.name_cell,
                    row: &v.row,
                }),
                PieceAt::Gun(i) => n.ordnance.get(i).map(|g| Piece {
                    name: &g.name,
                    name_cell: &g.name_cell,
                    row: &g.row,
                }),
            }?;
            let m = Misfit {
                item: f.item.clone(),
                text: f.text.clone(),
                size: f64::from_bits(f.size),
                floor: f64::from_bits(f.floor),
                why: if f.left_off {
                    MisfitWhy::LeftOff
                } else {
                    MisfitWhy::UnderFloor
                },
            };
            Some(misfit(sources, &piece, &f.side, &m))
        })
        .collect()
}

/// What a message names a counter's piece by, and where it points.
struct Piece<'a> {
    name: &'a str,
    name_cell: &'a Field<String>,
    row: &'a Span,
}

/// What an item is called in a message: its title ("MA", "AAMG"), "name", or "notation";
/// "label of" for a label.
fn what(item: &str) -> String {
    let (kind, label) = match item.strip_suffix(".label") {
        Some(kind) => (kind, true),
        None => (item, false),
    };
    let title = CounterItemKind::ALL
        .iter()
        .find(|k| k.as_str() == kind)
        .map_or(kind.to_string(), |k| {
            k.title().map_or(kind.replace('_', " "), str::to_string)
        });
    if label {
        format!("label of the {title}")
    } else {
        title
    }
}

fn misfit(sources: &SourceMap, v: &Piece, side: &str, m: &Misfit) -> Diagnostic {
    let at = if m.item == "name" {
        &v.name_cell.span
    } else {
        v.row
    };
    let message = match m.why {
        MisfitWhy::UnderFloor => format!(
            "failed to fit the {} {:?} on the {side} of {:?}'s counter at its floor: it is set at {:.2} units, under {} ({:.1} px on a 60 px counter)",
            what(&m.item),
            m.text,
            v.name,
            m.size,
            m.floor,
            m.size * 0.6
        ),
        MisfitWhy::LeftOff => format!(
            "failed to fit the {} {:?} on the {side} of {:?}'s counter at any size: it is left off (drawn, it would run over another value or off the counter)",
            what(&m.item),
            m.text,
            v.name,
        ),
    };
    let span = text_span(sources, at);
    let mut d = Diagnostic::new(Severity::Warning, DOES_NOT_FIT, message, span.clone())
        .with_help(match m.why {
            MisfitWhy::UnderFloor => "the counter draws it smaller, inside its box (never over another value); a shorter value (an erratum) or fewer values on that side would fit",
            MisfitWhy::LeftOff => "fewer values on that side, or shorter ones, would fit",
        });
    if span.is_none() {
        d = d.with_note(format!("at {}:{}:{}", at.file, at.line, at.col));
    }
    d
}
