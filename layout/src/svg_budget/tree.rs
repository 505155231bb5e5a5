//! Step 2 of the budget, on usvg's tree: the pixels filters are rasterized at. svg2pdf draws
//! a filtered group as an image of its whole filter region in the group's parent's units at
//! 1.5 pixels a unit (`ConversionOptions::raster_scale`), however little of it can be seen;
//! resvg clips the region to five times its canvas. A region larger than the budget would be
//! an allocation of any size (300,000 units square asked 360 GB), so it is refused here,
//! before drawing starts.

use resvg::usvg::{Group, Node, Tree};

use roxmltree::Document;

use super::{at, Budget, OverBudget};

/// svg2pdf's pixels per unit when it rasterizes a filter (its default `raster_scale`).
const RASTER_SCALE: f64 = 1.5;

/// The filter pixels of `tree` (its embedded SVG pictures and every sub-root included)
/// within `budget`; the error names the filter by its id, and where `doc` (the document the
/// tree was made from) has an element of that id, its line and column.
pub fn check_tree(tree: &Tree, budget: &Budget, doc: Option<&Document>) -> Result<(), OverBudget> {
    let mut pixels = 0.0;
    group(tree.root(), budget, &mut pixels).map_err(|(id, mut over)| {
        let element = doc.and_then(|d| {
            d.descendants()
                .find(|n| n.attribute("id") == Some(id.as_str()))
                .map(|n| (d, n))
        });
        if let Some((d, n)) = element {
            over = at(d, n, over.what);
        }
        over
    })
}

/// The groups under `g`, depth first (the depth is bounded by the first step, and every
/// sub-root's count by its expansion limit).
fn group(g: &Group, budget: &Budget, pixels: &mut f64) -> Result<(), (String, OverBudget)> {
    if let Some(first) = g.filters().first() {
        let region = g.layer_bounding_box().transform(g.transform());
        let area = region.map_or(f64::INFINITY, |r| {
            f64::from(r.width()) * f64::from(r.height())
        });
        *pixels += area * RASTER_SCALE * RASTER_SCALE;
        if !pixels.is_finite() || *pixels > budget.filter_pixels {
            return Err((
                first.id().to_string(),
                OverBudget {
                    what: format!(
                    "the filter region of `{}` ({}) would be drawn at more than {} million pixels",
                    first.id(),
                    region.map_or("of no finite size".to_string(), |r| format!(
                        "{} x {} units",
                        r.width(),
                        r.height()
                    )),
                    budget.filter_pixels / 1e6
                ),
                    line: 0,
                    col: 0,
                },
            ));
        }
    }
    for child in g.children() {
        if let Node::Group(c) = child {
            group(c, budget, pixels)?;
        }
        let mut result = Ok(());
        child.subroots(|sub| {
            if result.is_ok() {
                result = group(sub, budget, pixels);
            }
        });
        result?;
    }
    Ok(())
}
