//! Diagnostics placed by the IR's provenance (a file name and a published byte range), for
//! the checks of resolved nations (`printable`, `sizes`).

use qm_parser::{Diagnostic, SourceMap, TextSpan};
use qm_schema::Span;

/// A parser span from IR provenance (file name and published byte range).
pub(crate) fn text_span(sources: &SourceMap, span: &Span) -> Option<TextSpan> {
    let source = sources.iter().find(|s| *s.name == *span.file)?;
    Some(TextSpan::new(
        source.id,
        source.text_range(span.start..span.end),
    ))
}

/// An error at `at` (a span of the IR), as a diagnostic the printer shows with its line.
pub(crate) fn error(
    sources: &SourceMap,
    code: &'static str,
    message: String,
    at: &Span,
) -> Diagnostic {
    let span = text_span(sources, at);
    let mut d = Diagnostic::new(qm_parser::Severity::Error, code, message, span.clone());
    if span.is_none() {
        d = d.with_note(format!("at {}:{}:{}", at.file, at.line, at.col));
    }
    d
}
