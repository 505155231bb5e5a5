//! What every command ends with: the diagnostics report, its summary line and the exit code.
//! Exit codes: 0 success, 1 data errors (or warnings with `--strict`), 2 usage errors.

use std::io::Write;

use qm_compile::pipeline::Compiled;
use qm_export::artifact::{IoStep, OutputError, OutputErrorKind};
use qm_load::diagnostics;

/// Exit status: everything fine.
pub const EXIT_OK: u8 = 0;
/// Exit status: the data has errors.
pub const EXIT_DATA: u8 = 1;
/// Exit status: the command line is wrong.
pub const EXIT_USAGE: u8 = 2;

/// Prints the run's diagnostics and a summary to stderr; returns the exit status they imply.
pub(crate) fn report(compiled: &Compiled, strict: bool) -> u8 {
    report_as(compiled, strict, MessageFormat::Human)
}

/// How diagnostics are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum MessageFormat {
    /// `file:line:col` with the source line and a caret, at most 50 per file, then the
    /// totals and a count per code (stderr).
    #[default]
    Human,
    /// One JSON object per diagnostic on stdout, every one of them (as cargo prints them).
    Json,
}

/// [`report`] in the given format.
pub(crate) fn report_as(compiled: &Compiled, strict: bool, format: MessageFormat) -> u8 {
    let sources = &compiled.loaded.sources;
    if format == MessageFormat::Json {
        let json = diagnostics::render_json(sources, &compiled.diagnostics);
        let _ = std::io::stdout().lock().write_all(json.as_bytes());
    } else {
        let mut err = std::io::stderr().lock();
        let _ = err.write_all(diagnostics::render(sources, &compiled.diagnostics).as_bytes());
        let (errors, warnings) = diagnostics::counts(&compiled.diagnostics);
        if errors + warnings > 0 {
            let _ = writeln!(
                err,
                "qm: {} error{}, {} warning{}",
                errors,
                plural(errors),
                warnings,
                plural(warnings)
            );
            let _ = err.write_all(diagnostics::counts_by_code(&compiled.diagnostics).as_bytes());
        }
    }
    if compiled.failed(strict) {
        EXIT_DATA
    } else {
        EXIT_OK
    }
}

/// "s" unless `n` is 1.
pub(crate) fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Prints an output error with its help line; returns the exit status: a refused or
/// unresolvable path is a usage error, a failed write a data-side failure.
pub(crate) fn output_error(e: &OutputError) -> u8 {
    eprintln!("error: {e}");
    if let Some(help) = e.help() {
        eprintln!("  = help: {help}");
    }
    match e.kind {
        OutputErrorKind::Refused { .. }
        | OutputErrorKind::Io {
            step: IoStep::Resolve,
            ..
        } => EXIT_USAGE,
        _ => EXIT_DATA,
    }
}

/// A failed render as printed: a template failure as a diagnostic at the template's line and
/// column (with its source line and a caret), anything else as one `error:` line.
pub(crate) fn build_error_text(e: &qm_export::build::BuildError) -> String {
    let Some(t) = e.template() else {
        return format!("error: {}\n", diagnostics::escape(&e.to_string()));
    };
    let mut sources = qm_parser::SourceMap::new();
    let mut d = t.to_diagnostic(&mut sources);
    if let qm_export::build::BuildError::Render(r) = e {
        d = d.with_note(format!("while rendering {}", r.artifact));
    }
    diagnostics::render(&sources, &[d])
}
