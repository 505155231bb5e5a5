use crate::TextSpan;

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Content the data holds on purpose, kept as it is (VASL's own note ids and rows, its
    /// variant rows): no problem, not even with `--strict`. A report counts these in one line
    /// per kind ([`Diagnostic::kind`]); `qm check --verbose` shows each.
    Note,
    /// Worth knowing; does not fail a build unless `--strict`.
    Warning,
    /// The data is wrong; the build fails.
    Error,
}

/// A finding about the input, with everything needed to print it; printing happens elsewhere.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// A stable code, e.g. `listing::bad-cell`.
    pub code: &'static str,
    /// What went wrong: "failed to X (cause)".
    pub message: String,
    /// The text it is about, if any.
    pub span: Option<TextSpan>,
    /// A short label printed under the caret.
    pub label: String,
    /// A likely fix, if there is one.
    pub help: Option<String>,
    /// Further context lines.
    pub notes: Vec<String>,
    /// The file (or folder) a finding without a position is about, as the data directory
    /// names it (`ita/art/m13-40.png`); with a span, the span's file is the one.
    pub file: Option<String>,
    /// For a [`Severity::Note`]: what such content is called when a report counts it, plural
    /// ("VASL note ids kept as VASL's").
    pub kind: Option<&'static str>,
}

impl Diagnostic {
    /// An error at `span`.
    pub fn error(code: &'static str, message: impl Into<String>, span: TextSpan) -> Self {
        Self::new(Severity::Error, code, message, Some(span))
    }

    /// A warning at `span`.
    pub fn warning(code: &'static str, message: impl Into<String>, span: TextSpan) -> Self {
        Self::new(Severity::Warning, code, message, Some(span))
    }

    /// A note at `span` ([`Severity::Note`]): content the data holds on purpose, kept; `kind`
    /// is what a report calls such content when it counts it ("VASL note ids kept as
    /// VASL's").
    pub fn note(
        code: &'static str,
        message: impl Into<String>,
        span: TextSpan,
        kind: &'static str,
    ) -> Self {
        let mut d = Self::new(Severity::Note, code, message, Some(span));
        d.kind = Some(kind);
        d
    }

    /// A finding with no position (e.g. a missing file).
    pub fn new(
        severity: Severity,
        code: &'static str,
        message: impl Into<String>,
        span: Option<TextSpan>,
    ) -> Self {
        Self {
            severity,
            code,
            message: message.into(),
            span,
            label: String::new(),
            help: None,
            notes: Vec::new(),
            file: None,
            kind: None,
        }
    }

    /// Names the file (or folder) a finding without a position is about.
    pub fn with_file(mut self, file: impl Into<String>) -> Self {
        self.file = Some(file.into());
        self
    }

    /// Sets the label under the caret.
    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    /// Sets the help line.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Adds a note line.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// True for errors.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// True for notes: content kept on purpose ([`Severity::Note`]).
    pub fn is_note(&self) -> bool {
        self.severity == Severity::Note
    }
}

/// A parse result: the value (with error values where the input was bad) and every finding.
#[derive(Debug, Clone)]
pub struct Parsed<T> {
    /// The result; never missing, possibly holding error values.
    pub value: T,
    /// Everything found wrong, in source order.
    pub diagnostics: Vec<Diagnostic>,
}

impl<T> Parsed<T> {
    /// True when any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}
