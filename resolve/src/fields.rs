//! Turning parser cells into IR fields with provenance.

use qm_parser::{Cell, SourceMap};
use qm_schema::Field;

/// An IR field from a cell; `None` when the cell holds an error value (already reported).
pub fn field<T: Clone>(map: &SourceMap, cell: &Cell<T>) -> Option<Field<T>> {
    let value = cell.value.as_ref().ok()?.clone();
    Some(Field {
        value,
        dagger: cell.dagger,
        footnote: cell.footnote,
        superscript: cell.superscript.clone(),
        raw: cell.raw.clone(),
        span: map.provenance(&cell.span),
    })
}

/// An optional column's field: absent when the cell is blank or bad.
pub fn opt_field<T: Clone>(map: &SourceMap, cell: &Option<Cell<T>>) -> Option<Field<T>> {
    cell.as_ref().and_then(|c| field(map, c))
}
