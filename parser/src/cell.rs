use crate::TextSpan;

/// One table cell read with its column's grammar.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell<T> {
    /// The cell text exactly as in the (normalized) source, without surrounding spaces.
    pub raw: String,
    /// Where the text is.
    pub span: TextSpan,
    /// True when the cell carries a "†" (before or after the value).
    pub dagger: bool,
    /// The superscript number after the cell's last dagger (`†¹`), if any.
    pub footnote: Option<u8>,
    /// A superscript printed right after the value (`28ᵗ`), in plain characters; always
    /// `None` for cells of parts, whose grammar reads their superscripts.
    pub superscript: Option<String>,
    /// The parsed value: `Ok(None)` when the cell is only "†", `Err(())` when the text fits no
    /// grammar of the column (a diagnostic has been reported).
    pub value: Result<Option<T>, CellError>,
}

/// Marker for a cell whose text fits no grammar of its column; the diagnostic says why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellError;

impl<T> Cell<T> {
    /// The value, if the cell parsed and holds one.
    pub fn get(&self) -> Option<&T> {
        self.value.as_ref().ok().and_then(Option::as_ref)
    }

    /// True when the cell fits no grammar.
    pub fn is_error(&self) -> bool {
        self.value.is_err()
    }
}
