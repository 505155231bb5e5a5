//! How much one nation's artifacts can hold, checked where `qm check` and `qm build` both
//! run ([`crate::printable::check_nation`]): a listing longer than the chart and the counter
//! sheets are made for, or a counter side given more notations than it can draw, is an
//! error at its place in the data, never a template running out of fuel at build time.

use qm_parser::{Diagnostic, SourceMap};
use qm_schema::{CounterSide, Nation};

/// Vehicles one nation may list. The chart's template spends about 1,000 instructions a row
/// (of the 5,000,000 a render may run), and every vehicle adds two counters to the sheets and
/// the module: the largest published listings have a few hundred rows.
pub const MAX_VEHICLES: usize = 1_000;

/// Notations one side of a counter may carry: the reference data's counters carry at most
/// three, and a side fits a few more at a legible size.
pub const MAX_SIDE_NOTATIONS: usize = 16;

/// The nation's listing and each vehicle's counter sides within their bounds.
pub fn check_sizes(sources: &SourceMap, n: &Nation) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if let Some(first_over) = n.vehicles.get(MAX_VEHICLES) {
        out.push(
            crate::ir_span::error(
                sources,
                "validate::too-many-vehicles",
                format!(
                    "failed to build {} ({} vehicles are listed; a nation may list at most {MAX_VEHICLES})",
                    n.id,
                    n.vehicles.len()
                ),
                &first_over.row,
            )
            .with_label("the first row past the bound")
            .with_help("split the listing into nations of their own (each a folder), or list fewer vehicles"),
        );
    }
    for v in &n.vehicles {
        // The wreck side is the back (one template draws both).
        for front in [true, false] {
            let on_side: Vec<_> = v
                .counter
                .notations
                .iter()
                .filter(|q| (q.side == CounterSide::Front) == front)
                .collect();
            let Some(first_over) = on_side.get(MAX_SIDE_NOTATIONS) else {
                continue;
            };
            out.push(
                crate::ir_span::error(
                    sources,
                    "validate::too-many-notations",
                    format!(
                        "failed to draw the counter of {:?} ({} notations on one side; a side shows at most {MAX_SIDE_NOTATIONS})",
                        v.name,
                        on_side.len()
                    ),
                    &first_over.span,
                )
                .with_label("the first notation past the bound")
                .with_help("quote on the counter only what it prints (an erratum for published text)"),
            );
        }
    }
    out
}
