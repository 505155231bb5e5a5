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
    let mut out = Vec::new();
    for v in n.counter_vehicles() {
        let [front, back] = sides(&v.counter.front, &v.counter.back);
        let piece = Piece {
            name: &v.name,
            name_cell: &v.name_cell,
            row: &v.row,
        };
        for (side, laid) in [("front", front), ("back", back)] {
            out.extend(
                laid.misfits
                    .iter()
                    .map(|m| misfit(sources, &piece, side, m)),
            );
        }
    }
    for g in &n.ordnance {
        let piece = Piece {
            name: &g.name,
            name_cell: &g.name_cell,
            row: &g.row,
        };
        for side in g.counter.sides() {
            let laid = gun_side(&g.counter, side, DEFAULT_ASPECT);
            let word = match side {
                CounterSide::Front => "front",
                CounterSide::Limbered => "limbered side",
                CounterSide::Back | CounterSide::Wreck => "back",
            };
            out.extend(
                laid.misfits
                    .iter()
                    .map(|m| misfit(sources, &piece, word, m)),
            );
        }
    }
    out
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
