//! The templates as inputs: the embedded defaults and a `--templates` directory's overrides,
//! read by name within the sandbox's caps (a relative path inside the directory, a regular
//! file of at most [`MAX_TEMPLATE_FILE`] bytes); the errors a template can cause.

use std::io::Read;
use std::path::{Component, Path, PathBuf};

use crate::diagnostics::Escaped;
use include_dir::{include_dir, Dir};
use minijinja::{Error, ErrorKind};
use qm_parser::{Diagnostic, Severity, Source, SourceMap, TextSpan};

static EMBEDDED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/../templates");

/// Instructions one render may run (minijinja's fuel). The real data's largest render (the
/// chart HTML) uses about 48,000: a hundred times that leaves room for far bigger data and
/// still stops a loop over a huge range within seconds.
pub const MAX_FUEL: u64 = 5_000_000;
/// Bytes one render may write. The largest real output (the chart HTML) is about 1 MB.
pub const MAX_OUTPUT: usize = 64 * 1024 * 1024;
/// Bytes of one template file under `--templates`.
pub const MAX_TEMPLATE_FILE: u64 = 1024 * 1024;

/// A failed render, with what a maintainer needs to fix the template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateError {
    /// The template's name (its path under `templates/`).
    pub template: String,
    /// Where the template came from: the override file or "(embedded)".
    pub origin: String,
    /// What kind of failure it is.
    pub kind: TemplateErrorKind,
    /// 1-based line in the template, when known.
    pub line: Option<usize>,
    /// 1-based character column in the template, when known.
    pub column: Option<usize>,
    /// What went wrong (names the undefined variable or filter).
    pub message: String,
    /// The template's text and the byte range at fault, for printing the line with a caret.
    pub excerpt: Option<Box<(String, std::ops::Range<usize>)>>,
}

/// What kind of template failure: a mistake in the template, or a limit of the sandbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TemplateErrorKind {
    /// The template is wrong: syntax, an undefined value, a bad function argument.
    Render,
    /// The template asked for a file outside the template directory (an absolute path, `..`,
    /// a symlink leading out), or one that is not a regular file or is too big.
    Refused,
    /// The render ran more than [`MAX_FUEL`] instructions (an endless or huge loop).
    OutOfFuel,
    /// The render wrote more than [`MAX_OUTPUT`] bytes.
    OutputTooLarge,
}

impl TemplateErrorKind {
    /// The diagnostic code.
    pub fn code(self) -> &'static str {
        match self {
            Self::Render => "template::render",
            Self::Refused => "template::refused",
            Self::OutOfFuel => "template::out-of-fuel",
            Self::OutputTooLarge => "template::output-too-large",
        }
    }

    fn help(self) -> String {
        match self {
            Self::Render => "fix the template; templates/README.md lists what each one gets".into(),
            Self::Refused => "templates may include only files inside the template directory, \
                 named by a relative path without `..`"
                .into(),
            Self::OutOfFuel => format!(
                "a render may run {MAX_FUEL} instructions; look for a loop over a huge range"
            ),
            Self::OutputTooLarge => format!("a render may write {MAX_OUTPUT} bytes"),
        }
    }
}

impl std::fmt::Display for TemplateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "failed to render template {}", self.origin)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(col) = self.column {
                write!(f, ":{col}")?;
            }
        }
        write!(f, " ({})", self.message)
    }
}

impl std::error::Error for TemplateError {}

impl TemplateError {
    /// The error as a diagnostic, with the template's text added to `sources` so the printer
    /// shows the line and a caret (`origin:line:col`).
    pub fn to_diagnostic(&self, sources: &mut SourceMap) -> Diagnostic {
        let message = format!(
            "failed to render template {} ({})",
            self.template, self.message
        );
        let span = self.excerpt.as_deref().map(|(text, range)| {
            let id = sources.add(Source::new(sources.next_id(), &self.origin, text.as_str()));
            TextSpan::new(id, range.clone())
        });
        let mut d = Diagnostic::new(Severity::Error, self.kind.code(), message, span)
            .with_help(self.kind.help());
        if d.span.is_none() {
            let at = match (self.line, self.column) {
                (Some(l), Some(c)) => format!(":{l}:{c}"),
                (Some(l), None) => format!(":{l}"),
                _ => String::new(),
            };
            d = d.with_note(format!("in {}{at}", self.origin));
        }
        d
    }
}

/// Why the loader refused a template name (carried as the minijinja error's source, so the
/// error keeps minijinja's line and column and still says which limit was hit).
#[derive(Debug)]
pub struct Refusal(pub String);

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refusal {}

fn refuse(message: String) -> Error {
    Error::new(ErrorKind::InvalidOperation, message.clone()).with_source(Refusal(message))
}

/// Why a `--templates` directory cannot be used.
#[derive(Debug)]
pub struct TemplateDirError {
    /// The directory as given.
    pub path: PathBuf,
    /// What is wrong with it.
    pub cause: std::io::Error,
}

impl std::fmt::Display for TemplateDirError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "failed to use {} as the template directory ({})",
            self.path.escaped(),
            self.cause
        )
    }
}

impl std::error::Error for TemplateDirError {}

/// Checks that a `--templates` directory exists and is a directory: a typo must not fall back
/// to the embedded templates without a word.
pub fn check_dir(dir: &Path) -> Result<(), TemplateDirError> {
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(TemplateDirError {
            path: dir.to_path_buf(),
            cause: std::io::Error::other("not a directory"),
        }),
        Err(cause) => Err(TemplateDirError {
            path: dir.to_path_buf(),
            cause,
        }),
    }
}

/// The text of 1-based `line` without its indentation: where an error without a span (running
/// out of fuel) is shown.
pub fn line_range(text: &str, line: usize) -> Option<std::ops::Range<usize>> {
    let start = if line <= 1 {
        0
    } else {
        text.match_indices('\n').nth(line - 2)?.0 + 1
    };
    let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let indent = text[start..end].len() - text[start..end].trim_start().len();
    Some(start + indent..end)
}

/// A template name is a relative path of plain components: no root, no `..` or `.`, no
/// backslash (a Windows separator) and no NUL.
pub fn safe_name(name: &str) -> Result<(), Error> {
    let plain = !name.is_empty()
        && !name.contains(['\\', '\0'])
        && Path::new(name)
            .components()
            .all(|c| matches!(c, Component::Normal(_)));
    if plain {
        Ok(())
    } else {
        Err(refuse(format!(
            "template name {name:?} is not a relative path inside the template directory"
        )))
    }
}

/// Adds the files under `dir` (their names relative to the template root, `rel`, and their
/// bytes) to `h`, in name order; a file the loader would refuse as too big adds its size only.
pub fn hash_dir(dir: &Path, rel: &Path, depth: usize, h: &mut impl std::hash::Hasher) {
    // Deeper than any template tree; stops a loop of symlinked directories.
    const MAX_DEPTH: usize = 16;
    let Ok(entries) = std::fs::read_dir(dir) else {
        h.write_u8(0);
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.file_name()).collect();
    entries.sort();
    for name in entries {
        let (path, rel) = (dir.join(&name), rel.join(&name));
        h.write(rel.as_os_str().as_encoded_bytes());
        match std::fs::metadata(&path) {
            Ok(m) if m.is_dir() && depth < MAX_DEPTH => hash_dir(&path, &rel, depth + 1, h),
            Ok(m) if m.is_file() && m.len() <= MAX_TEMPLATE_FILE => {
                h.write(&std::fs::read(&path).unwrap_or_default());
            }
            Ok(m) => h.write_u64(m.len()),
            Err(_) => h.write_u8(1),
        }
    }
}

/// The loader: an override file inside `root` (refused when it resolves outside it, is not a
/// regular file or is too big), else the embedded template.
pub fn load(root: Option<&Path>, name: &str) -> Result<Option<String>, Error> {
    safe_name(name)?;
    if let Some(root) = root {
        let path = root.join(name);
        if std::fs::symlink_metadata(&path).is_ok() {
            return read_override(root, &path, name).map(Some);
        }
    }
    Ok(EMBEDDED
        .get_file(name)
        .and_then(|f| f.contents_utf8())
        .map(str::to_string))
}

fn read_override(root: &Path, path: &Path, name: &str) -> Result<String, Error> {
    let io = |e: std::io::Error| {
        Error::new(
            ErrorKind::InvalidOperation,
            format!("failed to read {} ({e})", path.escaped()),
        )
    };
    // Resolving catches a symlink that leads out of the directory.
    let real = path.canonicalize().map_err(io)?;
    if !real.starts_with(root) {
        return Err(refuse(format!(
            "template {name:?} resolves to {}, outside the template directory",
            real.escaped()
        )));
    }
    let file = std::fs::File::open(&real).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(refuse(format!("template {name:?} is not a regular file")));
    }
    let mut text = String::new();
    file.take(MAX_TEMPLATE_FILE + 1)
        .read_to_string(&mut text)
        .map_err(io)?;
    if text.len() as u64 > MAX_TEMPLATE_FILE {
        return Err(refuse(format!(
            "template {name:?} is larger than {MAX_TEMPLATE_FILE} bytes"
        )));
    }
    Ok(text)
}
