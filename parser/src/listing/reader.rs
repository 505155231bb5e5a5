//! Turns the text of one cell into a [`Cell`]: trims it, takes off the daggers, runs the
//! column's grammar and reports a grammar's [`Problem`] as a [`Diagnostic`].

use std::ops::Range;

use crate::listing::cells::{Problem, ProblemKind};
use crate::listing::column::Column;
use crate::{Cell, CellError, Diagnostic, Source, TextSpan};
use qm_schema::superscript;

/// The dagger printed before or after a value to point at a footnote rule.
const DAGGER: char = '†';

/// How a capacity cell is built, for its diagnostics.
const CAPACITY_HELP: &str =
    "a capacity is parts separated by \"/\", each at most once: passengers \
     (a count before C or S), portage points (a count before PP) and T before a number, \
     e.g. 1C/9PP, 4PP or 4PP/T10";

/// Longest cell text quoted in a message; a longer one is cut (a cell can be a megabyte).
const QUOTE_CHARS: usize = 40;

/// What a message says of a cell's column: the vehicle listing's ([`Column`]) or the ordnance
/// listing's.
pub(crate) trait ColumnText: Copy {
    /// The column's name.
    fn label(self) -> &'static str;
    /// What a cell holds, for "expected ...".
    fn expected(self) -> &'static str;
    /// Valid cells, for help lines.
    fn examples(self) -> &'static str;
}

impl ColumnText for Column {
    fn label(self) -> &'static str {
        Column::label(self)
    }
    fn expected(self) -> &'static str {
        Column::expected(self)
    }
    fn examples(self) -> &'static str {
        Column::examples(self)
    }
}

/// Reads cells of one source and collects the diagnostics.
pub(crate) struct Reader<'s> {
    pub(crate) source: &'s Source,
    pub(crate) diagnostics: Vec<crate::Diagnostic>,
    /// Superscripts whose printed characters read back as other letters (VASL's
    /// `<sup>s</sup>`, printed `ˢ`): their range in the text (in text order) and the letters published.
    pub(crate) cased: Vec<(Range<usize>, String)>,
}

/// The parts of a cell's text: the trimmed text, and the value text inside the daggers.
pub(crate) struct Trimmed {
    /// The cell without surrounding spaces.
    pub(crate) raw: Range<usize>,
    /// The text between the daggers, without spaces (and without the superscript after the
    /// value, for [`Reader::cell`]).
    pub(crate) inner: Range<usize>,
    /// True when a dagger was taken off.
    pub(crate) dagger: bool,
    /// True when the dagger came before the value (`†1C/5PP`).
    pub(crate) leading: bool,
    /// The superscript number after the last dagger (`†¹`).
    pub(crate) footnote: Option<u8>,
    /// The text after the leading dagger: what a grammar of parts reads (daggers after the
    /// parts included).
    pub(crate) after_leading: Range<usize>,
}

impl<'s> Reader<'s> {
    /// A reader of `source` with no findings yet.
    pub(crate) fn new(source: &'s Source) -> Self {
        Self {
            source,
            diagnostics: Vec::new(),
            cased: Vec::new(),
        }
    }

    /// Splits the text at `range` into its trimmed and dagger-free parts; `None` when blank.
    /// A dagger may be doubled (`††`) and followed by its footnote number (`†¹`).
    pub(crate) fn trim(&self, range: Range<usize>) -> Option<Trimmed> {
        let text = self.source.text.get(range.clone())?;
        let raw = trim_range(text, range.start, |t| t.trim());
        if raw.is_empty() {
            return None;
        }
        let mut inner = raw.clone();
        let at = |r: &Range<usize>| &self.source.text[r.clone()];
        let mut leading = false;
        if let Some(rest) = at(&inner).strip_prefix(DAGGER) {
            leading = true;
            let start = inner.start + DAGGER.len_utf8();
            inner = trim_range(rest, start, str::trim_start);
        }
        let after_leading = inner.clone();
        let rest = at(&inner);
        if leading && !rest.is_empty() && rest.chars().all(superscript::is_superscript) {
            // "†¹": a dagger alone with its footnote number.
            return Some(Trimmed {
                raw,
                inner: inner.end..inner.end,
                dagger: true,
                leading,
                footnote: superscript::number(rest),
                after_leading,
            });
        }
        let (value_len, footnote, trailing) = split_trailing_dagger(rest);
        if trailing {
            let rest = &at(&inner)[..value_len];
            inner = trim_range(rest, inner.start, str::trim_end);
        }
        Some(Trimmed {
            raw,
            inner,
            dagger: leading || trailing,
            leading,
            footnote,
            after_leading,
        })
    }

    /// Reads the cell at `range` (a byte range of the source text) with `grammar`, which sees
    /// the value alone: the daggers and a superscript after the value (`28ᵗ`) are the cell's.
    pub(crate) fn cell<T>(
        &mut self,
        range: Range<usize>,
        column: impl ColumnText,
        grammar: impl FnOnce(&str) -> Result<T, Problem>,
    ) -> Option<Cell<T>> {
        let Trimmed {
            raw,
            mut inner,
            dagger,
            footnote,
            ..
        } = self.trim(range)?;
        let text = &self.source.text[inner.clone()];
        let value_end = text.trim_end_matches(superscript::is_superscript).len();
        let superscript = (value_end < text.len() && value_end > 0)
            .then(|| self.superscript_letters(inner.start + value_end..inner.end));
        if superscript.is_some() {
            inner = inner.start..inner.start + value_end;
        }
        let value = self.run(column, &raw, inner, grammar);
        Some(Cell {
            raw: self.source.text[raw.clone()].to_owned(),
            span: self.source.span(raw),
            dagger,
            footnote,
            superscript,
            value,
        })
    }

    /// The plain characters of the superscript run at `run`: the published letters where the
    /// printed ones read back as others (`ˢ` printed for a published `s`).
    fn superscript_letters(&self, run: Range<usize>) -> String {
        let mut out = String::new();
        let mut at = run.start;
        // `cased` is in text order: the ones inside the run are found by halving.
        let from = self.cased.partition_point(|(r, _)| r.start < run.start);
        let cased = self.cased[from..]
            .iter()
            .take_while(|(r, _)| r.start <= run.end)
            .filter(|(r, _)| r.end <= run.end);
        for (r, letters) in cased {
            if r.start < at {
                continue;
            }
            out.push_str(&superscript::to_plain(&self.source.text[at..r.start]));
            out.push_str(letters);
            at = r.end;
        }
        out.push_str(&superscript::to_plain(&self.source.text[at..run.end]));
        out
    }

    /// Reads a cell of parts (armor, capacity, MG, special ammunition) with `grammar`, which
    /// sees the text after a leading dagger, the daggers after its parts included, and is told
    /// whether a leading dagger was there: a dagger belongs to the part it follows.
    pub(crate) fn parts_cell<T>(
        &mut self,
        range: Range<usize>,
        column: impl ColumnText,
        grammar: impl FnOnce(&str, bool) -> Result<T, Problem>,
    ) -> Option<Cell<T>> {
        let Trimmed {
            raw,
            inner,
            leading,
            footnote,
            after_leading,
            ..
        } = self.trim(range)?;
        let text = &self.source.text[after_leading.clone()];
        let dagger = leading || text.contains(DAGGER);
        let value = if inner.is_empty() {
            Ok(None)
        } else {
            self.run(column, &raw, after_leading, |t| grammar(t, leading))
        };
        Some(Cell {
            raw: self.source.text[raw.clone()].to_owned(),
            span: self.source.span(raw),
            dagger,
            footnote,
            superscript: None,
            value,
        })
    }

    /// Runs `grammar` over the text at `inner`; a problem becomes a diagnostic.
    fn run<T>(
        &mut self,
        column: impl ColumnText,
        raw: &Range<usize>,
        inner: Range<usize>,
        grammar: impl FnOnce(&str) -> Result<T, Problem>,
    ) -> Result<Option<T>, CellError> {
        if inner.is_empty() {
            return Ok(None);
        }
        let text = &self.source.text[inner.clone()];
        match grammar(text) {
            Ok(v) => Ok(Some(v)),
            Err(problem) => {
                self.report(column, raw.clone(), inner, problem);
                Err(CellError)
            }
        }
    }

    fn report(
        &mut self,
        column: impl ColumnText,
        raw: Range<usize>,
        inner: Range<usize>,
        problem: Problem,
    ) {
        let col = column.label();
        let quoted = quote(&self.source.text[raw.clone()]);
        let expected = column.expected();
        let examples = column.examples();
        let blamed = match problem.range {
            Some(r) if inner.start + r.end <= inner.end => {
                inner.start + r.start..inner.start + r.end
            }
            _ => raw.clone(),
        };
        let blamed_text = quote(&self.source.text[blamed.clone()]);
        let general_help = format!("expected {expected} such as {examples}");
        let diagnostic = match problem.kind {
            ProblemKind::Syntax => Diagnostic::error(
                "listing::bad-cell",
                format!("failed to read the {col} cell `{quoted}` (expected {expected})"),
                self.source.span(blamed),
            )
            .with_label(format!("not {expected}"))
            .with_help(general_help),
            ProblemKind::TooLarge => Diagnostic::error(
                "listing::bad-cell",
                format!("failed to read the {col} cell `{quoted}` (the number is too large)"),
                self.source.span(blamed),
            )
            .with_label("number too large")
            .with_help(general_help),
            ProblemKind::BadMonth => Diagnostic::error(
                "listing::bad-month",
                format!(
                    "failed to read the {col} cell `{quoted}` (month {blamed_text} does not exist)"
                ),
                self.source.span(blamed),
            )
            .with_label("not a month")
            .with_help("months are 1-12, e.g. 6/40-2/41"),
            ProblemKind::BackwardsPeriod => Diagnostic::error(
                "listing::backwards-period",
                format!(
                    "failed to read the {col} cell `{quoted}` (the period ends before it starts)"
                ),
                self.source.span(blamed),
            )
            .with_label("ends before it starts")
            .with_help("write the earlier month first, e.g. 5-12/45 or 12/44-5/45"),
            ProblemKind::UnknownCapacityUnit => Diagnostic::error(
                "listing::bad-cell",
                format!("failed to read the {col} cell `{quoted}` (unknown unit in `{blamed_text}`)"),
                self.source.span(blamed),
            )
            .with_label("not C, S, PP or T")
            .with_help(CAPACITY_HELP),
            ProblemKind::RepeatedCapacityPart => Diagnostic::error(
                "listing::bad-cell",
                format!(
                    "failed to read the {col} cell `{quoted}` (`{blamed_text}` repeats a part given before)"
                ),
                self.source.span(blamed),
            )
            .with_label("given twice")
            .with_help(CAPACITY_HELP),
            ProblemKind::Typo { hint } => {
                typo(col, &quoted, &blamed_text, self.source.span(blamed), hint)
            }
            ProblemKind::ForeignNoteId => Diagnostic::error(
                "listing::foreign-note-id",
                format!(
                    "failed to read the {col} cell `{quoted}` (a note id of another tool's numbering, not a listing's note)"
                ),
                self.source.span(blamed),
            )
            .with_label("not a note of the listing")
            .with_help(
                "give the note as the listing prints it (13, 9.1, A, AA or a); ids such as \
                 85v, 9va or g1 are VASL's own pieces and notes",
            ),
        };
        self.diagnostics.push(diagnostic);
    }
}

/// A cell no form reads that looks like a slip of one: `hint` says what was probably meant.
fn typo(col: &str, quoted: &str, blamed: &str, span: TextSpan, hint: String) -> Diagnostic {
    Diagnostic::error(
        "listing::bad-cell",
        format!("failed to read the {col} cell `{quoted}` (`{blamed}` looks like a typo)"),
        span,
    )
    .with_label("probably a typo")
    .with_help(hint)
}

/// The length of `text` without the daggers at its end (`††¹`), the footnote number after
/// the last one, and whether any was there.
pub(crate) fn split_trailing_dagger(text: &str) -> (usize, Option<u8>, bool) {
    let without_sup = text.trim_end_matches(superscript::is_superscript);
    let (base, footnote) = match without_sup.strip_suffix(DAGGER) {
        Some(_) if without_sup.len() < text.len() => {
            (without_sup, superscript::number(&text[without_sup.len()..]))
        }
        _ => (text, None),
    };
    let Some(stripped) = base.strip_suffix(DAGGER) else {
        return (text.len(), None, false);
    };
    let value = stripped.trim_end_matches(DAGGER);
    (value.len(), footnote, true)
}

/// The byte range of `trim(text)`, where `text` starts at `start` in the source.
fn trim_range(text: &str, start: usize, trim: impl Fn(&str) -> &str) -> Range<usize> {
    let trimmed = trim(text);
    // `trim` returns a subslice, so its offset is the distance between the two pointers.
    let offset = (trimmed.as_ptr() as usize).saturating_sub(text.as_ptr() as usize);
    start + offset..start + offset + trimmed.len()
}

/// Cell text for a message, cut at a char boundary when long.
pub(crate) fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTE_CHARS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::listing::{cells, parts};
    use crate::FileId;

    fn read<T>(
        text: &str,
        column: Column,
        grammar: fn(&str) -> Result<T, Problem>,
    ) -> (Option<Cell<T>>, Vec<Diagnostic>) {
        let source = Source::new(FileId(0), "t", text);
        let mut reader = Reader::new(&source);
        let cell = reader.cell(0..source.text.len(), column, grammar);
        (cell, reader.diagnostics)
    }

    #[test]
    fn daggers_and_spaces_come_off() {
        let (cell, d) = read(" 23-7/43† ", Column::Dates, cells::dates);
        let cell = cell.unwrap();
        assert!(d.is_empty());
        assert_eq!(cell.raw, "23-7/43†");
        assert_eq!(cell.span.range, 1..1 + "23-7/43†".len());
        assert!(cell.dagger);
        assert!(cell.get().is_some());

        let source = Source::new(FileId(0), "t", "† 1C/5PP");
        let mut reader = Reader::new(&source);
        let cell = reader
            .parts_cell(0..source.text.len(), Column::Capacity, parts::capacity)
            .unwrap();
        assert!(cell.dagger);
        assert_eq!(cell.raw, "† 1C/5PP");
        assert!(cell.get().unwrap().leading_dagger);

        let (cell, d) = read("28ᵗ†¹", Column::Mp, cells::small_number);
        let cell = cell.unwrap();
        assert!(d.is_empty());
        assert_eq!(cell.get(), Some(&28));
        assert_eq!(cell.superscript.as_deref(), Some("t"));
        assert_eq!(cell.footnote, Some(1));

        let (cell, d) = read("†²", Column::GroundPressure, cells::ground_pressure);
        let cell = cell.unwrap();
        assert!(d.is_empty());
        assert_eq!((cell.dagger, cell.footnote), (true, Some(2)));
        assert_eq!(cell.value, Ok(None));

        let (cell, _) = read("9††¹", Column::Mp, cells::small_number);
        let cell = cell.unwrap();
        assert_eq!((cell.get(), cell.footnote), (Some(&9), Some(1)));

        let (cell, d) = read("†", Column::GroundPressure, cells::ground_pressure);
        let cell = cell.unwrap();
        assert!(d.is_empty());
        assert!(cell.dagger);
        assert_eq!(cell.value, Ok(None));

        let (cell, _) = read("  ", Column::GroundPressure, cells::ground_pressure);
        assert!(cell.is_none());

        let (cell, _) = read("5", Column::Mp, cells::small_number);
        assert!(!cell.unwrap().dagger);
    }

    #[test]
    fn a_bad_cell_is_an_error_value_with_a_diagnostic() {
        let (cell, d) = read("6/4O", Column::Dates, cells::dates);
        assert!(cell.unwrap().is_error());
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].code, "listing::bad-cell");
        assert!(d[0].message.contains("DATES"), "{}", d[0].message);
        assert_eq!(
            d[0].help.as_deref(),
            Some("expected a period such as 6/40-2/41, 34-5/45 or 41")
        );
        assert!(!d[0].label.is_empty());
        assert_eq!(d[0].span.as_ref().unwrap().range, 0..4);
    }

    #[test]
    fn specific_codes() {
        let (_, d) = read("7-13/43†", Column::Dates, cells::dates);
        assert_eq!(d[0].code, "listing::bad-month");
        assert_eq!(d[0].span.as_ref().unwrap().range, 2..4);
        assert_eq!(
            d[0].help.as_deref(),
            Some("months are 1-12, e.g. 6/40-2/41")
        );

        let (_, d) = read("12-5/45", Column::Dates, cells::dates);
        assert_eq!(d[0].code, "listing::backwards-period");

        let (_, d) = read("300", Column::CrewSurvival, cells::small_number);
        assert_eq!(d[0].code, "listing::bad-cell");
        assert!(d[0].message.contains("too large"));
    }

    #[test]
    fn long_cells_are_quoted_short() {
        let text = "é".repeat(500_000);
        let (cell, d) = read(&text, Column::Bpv, cells::bpv);
        assert!(cell.unwrap().is_error());
        assert!(d[0].message.chars().count() < 150);
    }
}
