//! Printing diagnostics: the one place spans become `file:line:col`, source lines and carets.

use std::ops::Range;

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::files::{Error as FilesError, Files};
use codespan_reporting::term::{self, Config};
use qm_parser::{Diagnostic, Severity, SourceMap, TextSpan};

/// The published text of every source, as codespan reads files.
struct PrintFiles<'a> {
    sources: &'a SourceMap,
}

impl<'a> PrintFiles<'a> {
    fn new(sources: &'a SourceMap) -> Self {
        Self { sources }
    }

    fn line_starts(&self, id: u32) -> Result<&'a [usize], FilesError> {
        self.sources
            .get(qm_parser::FileId(id))
            .map(|s| s.line_starts())
            .ok_or(FilesError::FileMissing)
    }
}

impl<'a> Files<'a> for PrintFiles<'a> {
    type FileId = u32;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: u32) -> Result<&'a str, FilesError> {
        self.sources
            .get(qm_parser::FileId(id))
            .map(|s| s.name.as_str())
            .ok_or(FilesError::FileMissing)
    }

    fn source(&'a self, id: u32) -> Result<&'a str, FilesError> {
        self.sources
            .get(qm_parser::FileId(id))
            .map(|s| s.original.as_str())
            .ok_or(FilesError::FileMissing)
    }

    fn line_index(&'a self, id: u32, byte_index: usize) -> Result<usize, FilesError> {
        let starts = self.line_starts(id)?;
        Ok(starts
            .binary_search(&byte_index)
            .unwrap_or_else(|next| next - 1))
    }

    fn line_range(&'a self, id: u32, line_index: usize) -> Result<Range<usize>, FilesError> {
        let starts = self.line_starts(id)?;
        let len = self.source(id)?.len();
        let start = *starts.get(line_index).ok_or(FilesError::LineTooLarge {
            given: line_index,
            max: starts.len() - 1,
        })?;
        let end = starts.get(line_index + 1).copied().unwrap_or(len);
        Ok(start..end)
    }
}

/// Diagnostics shown per file; the rest of a file's are counted in one closing note, so a
/// file of junk cannot flood the terminal with thousands of cascading errors.
pub const MAX_PER_FILE: usize = 50;

/// Renders diagnostics as plain text, in the order given, each ending with a blank line: at
/// most [`MAX_PER_FILE`] per file, control characters of the data made visible
/// ([`escape`]).
pub fn render(sources: &SourceMap, diagnostics: &[Diagnostic]) -> String {
    let files = PrintFiles::new(sources);
    let config = Config::default();
    let mut out = String::new();
    let mut shown: std::collections::BTreeMap<Option<u32>, (usize, usize)> = Default::default();
    for d in diagnostics {
        let (count, hidden) = shown.entry(d.span.as_ref().map(|s| s.file.0)).or_default();
        *count += 1;
        if *count > MAX_PER_FILE {
            *hidden += 1;
            continue;
        }
        out.push_str(&render_one(sources, &files, &config, d));
    }
    for (file, (_, hidden)) in shown {
        if hidden == 0 {
            continue;
        }
        let name = file
            .and_then(|f| sources.get(qm_parser::FileId(f)))
            .map_or("no file".to_string(), |s| s.name.clone());
        out.push_str(&format!(
            "note: and {} more diagnostic{} in {name}, not shown (the first {MAX_PER_FILE} are)\n\n",
            thousands(hidden),
            if hidden == 1 { "" } else { "s" }
        ));
    }
    escape(&out).into_owned()
}

/// `9812` -> `9,812`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A path printed through [`escape`]: a file or folder name (from the command line or the
/// data) with ESC, BEL or a bidi override in it cannot drive the terminal.
pub struct EscapedPath<'a>(&'a std::path::Path);

impl std::fmt::Display for EscapedPath<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&escape(&self.0.to_string_lossy()))
    }
}

/// `path.escaped()`: [`std::path::Path::display`] made safe for a terminal ([`EscapedPath`]).
pub trait Escaped {
    /// The path, its control characters shown as visible symbols.
    fn escaped(&self) -> EscapedPath<'_>;
}

impl Escaped for std::path::Path {
    fn escaped(&self) -> EscapedPath<'_> {
        EscapedPath(self)
    }
}

/// Makes text from the data safe to print on a terminal: C0 control characters (ESC, BEL,
/// CR, ...) become their visible Control Pictures (`␛`), DEL `␡`, and C1 controls and bidi
/// overrides `�`, one character each so carets stay aligned. Newlines and tabs stay.
pub fn escape(text: &str) -> std::borrow::Cow<'_, str> {
    let unsafe_char = |c: char| {
        (c.is_control() && c != '\n' && c != '\t')
            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    if !text.chars().any(unsafe_char) {
        return std::borrow::Cow::Borrowed(text);
    }
    text.chars()
        .map(|c| match c {
            c if !unsafe_char(c) => c,
            '\u{7f}' => '\u{2421}',
            c if (c as u32) < 0x20 => char::from_u32(0x2400 + c as u32).unwrap_or('\u{fffd}'),
            _ => '\u{fffd}',
        })
        .collect::<String>()
        .into()
}

fn render_one(
    sources: &SourceMap,
    files: &PrintFiles<'_>,
    config: &Config,
    d: &Diagnostic,
) -> String {
    if let Some(text) = render_long_line(sources, d) {
        return text;
    }
    let cs = to_codespan(sources, d);
    match term::emit_into_string(config, files, &cs) {
        Ok(s) => s,
        // A span past the end of its file is a bug in qm, but the message must still reach
        // the user.
        Err(_) => format!("{}: {}\n\n", severity_word(d.severity), d.message),
    }
}

/// Lines longer than this are shown as an excerpt around the span, not printed whole.
const MAX_LINE: usize = 240;

/// A diagnostic whose span sits on a very long line (a 1 MB cell, say): printed with an
/// excerpt of the line around the span so the terminal is not flooded.
fn render_long_line(sources: &SourceMap, d: &Diagnostic) -> Option<String> {
    let span = d.span.as_ref()?;
    let source = sources.get(span.file)?;
    let text = &source.original;
    let range = printed_range(sources, span);
    let line_start = text[..range.start.min(text.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let line_end = text[line_start..]
        .find('\n')
        .map_or(text.len(), |i| line_start + i);
    if line_end - line_start <= MAX_LINE {
        return None;
    }
    let (line, col) = source.line_col(range.start);
    let from = qm_parser::floor_char_boundary(text, range.start.saturating_sub(30).max(line_start));
    let to = qm_parser::floor_char_boundary(text, (range.start + 40).min(line_end));
    let excerpt: String = text[from..to]
        .chars()
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    let lead = if from > line_start { "…" } else { "" };
    let caret_at = lead.chars().count() + text[from..range.start].chars().count();
    let span_chars = text[range.start..range.end.min(to).max(range.start)]
        .chars()
        .count()
        .max(1);
    let gutter = " ".repeat(line.to_string().len());
    let mut s = format!("{}[{}]: {}\n", severity_word(d.severity), d.code, d.message);
    s.push_str(&format!(
        "{gutter} ┌─ {}:{line}:{col}\n{gutter} │\n",
        source.name
    ));
    s.push_str(&format!(
        "{line} │ {lead}{excerpt}… ({} bytes on this line)\n",
        line_end - line_start
    ));
    s.push_str(&format!(
        "{gutter} │ {}{} {}\n{gutter} │\n",
        " ".repeat(caret_at),
        "^".repeat(span_chars),
        d.label
    ));
    for n in &d.notes {
        s.push_str(&format!("{gutter} = {n}\n"));
    }
    if let Some(h) = &d.help {
        s.push_str(&format!("{gutter} = help: {h}\n"));
    }
    s.push('\n');
    Some(s)
}

/// The published text `span` covers, moved out to the characters it touches: a span that
/// splits a character (a bug in whatever made it) must still print, not panic on slicing.
fn printed_range(sources: &SourceMap, span: &TextSpan) -> Range<usize> {
    let range = sources.original_range(span);
    let Some(source) = sources.get(span.file) else {
        return range;
    };
    let text = &source.original;
    let start = qm_parser::floor_char_boundary(text, range.start);
    let mut end = range.end.clamp(start, text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    start..end
}

fn severity_word(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

fn to_codespan(sources: &SourceMap, d: &Diagnostic) -> CsDiagnostic<u32> {
    let base = match d.severity {
        Severity::Error => CsDiagnostic::error(),
        Severity::Warning => CsDiagnostic::warning(),
        Severity::Note => CsDiagnostic::note(),
    };
    let mut cs = base.with_code(d.code).with_message(&d.message);
    if let Some(span) = &d.span {
        cs = cs.with_labels(vec![Label::primary(
            span.file.0,
            printed_range(sources, span),
        )
        .with_message(&d.label)]);
    }
    let mut notes: Vec<String> = d.notes.clone();
    if let Some(help) = &d.help {
        notes.push(format!("help: {help}"));
    }
    cs.with_notes(notes)
}

/// Sorts diagnostics into a stable order: by file, position, then code.
pub fn sort(sources: &SourceMap, diagnostics: &mut [Diagnostic]) {
    // Each key once (locating a span is not free), then a stable sort of the keys.
    diagnostics.sort_by_cached_key(|d| {
        let (file, start) = d.span.as_ref().map_or((u32::MAX, 0), |s| {
            (s.file.0, sources.original_range(s).start)
        });
        (file, start, d.code)
    });
}

/// How many diagnostics of each code, most first (then by code): the lines a human report ends
/// with, e.g. `  3 listing::bad-cell`.
pub fn counts_by_code(diagnostics: &[Diagnostic]) -> String {
    let mut by_code: std::collections::BTreeMap<&str, usize> = Default::default();
    for d in diagnostics.iter().filter(|d| !d.is_note()) {
        *by_code.entry(d.code).or_default() += 1;
    }
    let mut rows: Vec<(&str, usize)> = by_code.into_iter().collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    rows.iter()
        .map(|(code, n)| format!("  {n} {code}\n"))
        .collect()
}

/// Every diagnostic as one JSON object a line, as cargo's `--message-format json` prints
/// them, never capped: code, severity, message, file, line, column (1-based, characters),
/// span (the published bytes), label, help and notes.
pub fn render_json(sources: &SourceMap, diagnostics: &[Diagnostic]) -> String {
    let mut out = String::new();
    for d in diagnostics {
        let at = d.span.as_ref().map(|s| sources.provenance(s));
        let severity = severity_word(d.severity);
        let object = serde_json::json!({
            "code": d.code,
            "severity": severity,
            "message": d.message,
            "file": at.as_ref().map(|a| a.file.to_string()).or_else(|| d.file.clone()),
            "line": at.as_ref().map(|a| a.line),
            "column": at.as_ref().map(|a| a.col),
            "span": at.as_ref().map(|a| serde_json::json!({"start": a.start, "end": a.end})),
            "label": d.label,
            "help": d.help,
            "notes": d.notes,
        });
        out.push_str(&object.to_string());
        out.push('\n');
    }
    out
}

/// Counts errors and warnings (notes are neither: [`kept_lines`] counts them).
pub fn counts(diagnostics: &[Diagnostic]) -> (usize, usize) {
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .count();
    (errors, warnings)
}

/// Every note (content the data holds on purpose, kept) as one line, never capped: `note:
/// file:line:col: message [code]`, what `qm check --verbose` lists.
pub fn note_lines(sources: &SourceMap, diagnostics: &[Diagnostic]) -> String {
    let mut out = String::new();
    for d in diagnostics.iter().filter(|d| d.is_note()) {
        let at = match &d.span {
            Some(s) => {
                let p = sources.provenance(s);
                format!("{}:{}:{}: ", p.file, p.line, p.col)
            }
            None => d.file.as_ref().map_or(String::new(), |f| format!("{f}: ")),
        };
        out.push_str(&format!("note: {at}{} [{}]\n", d.message, d.code));
    }
    escape(&out).into_owned()
}

/// The human report's lines for the notes (content the data holds on purpose, kept): one a
/// kind, how many and what they are, most first (`qm: 176 VASL note
/// ids kept as VASL's (vasl::vasl-note-id), `qm check --verbose` lists them`).
pub fn kept_lines(diagnostics: &[Diagnostic]) -> String {
    let mut kinds: Vec<(&str, &str, usize)> = Vec::new();
    for d in diagnostics.iter().filter(|d| d.is_note()) {
        let kind = d.kind.unwrap_or(d.code);
        match kinds
            .iter_mut()
            .find(|(k, c, _)| *k == kind && *c == d.code)
        {
            Some((_, _, n)) => *n += 1,
            None => kinds.push((kind, d.code, 1)),
        }
    }
    kinds.sort_by(|a, b| b.2.cmp(&a.2).then(a.1.cmp(b.1)));
    kinds
        .iter()
        .map(|(kind, code, n)| {
            format!(
                "qm: {} {kind} ({code}), `qm check --verbose` lists them\n",
                thousands(*n)
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_become_one_visible_character_each() {
        assert_eq!(escape("a\u{1b}]0;x\u{7}b"), "a\u{241b}]0;x\u{2407}b");
        assert_eq!(
            escape("\u{9b}2J\u{202e}\u{7f}"),
            "\u{fffd}2J\u{fffd}\u{2421}"
        );
        assert_eq!(escape("tab\tand\nline"), "tab\tand\nline");
        assert!(matches!(escape("plain"), std::borrow::Cow::Borrowed(_)));
        assert_eq!(thousands(9812), "9,812");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(thousands(12), "12");
    }
}
