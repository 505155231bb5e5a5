//! The templates as inputs: the embedded defaults and a `--templates` directory's overrides,
//! read by name within the sandbox's caps (a relative path inside the directory, a regular
//! file of at most [`MAX_TEMPLATE_FILE`] bytes); the errors a template can cause.

use std::io::Read;
use std::path::{Component, Path, PathBuf};

use crate::templates::depth::too_deep;
pub use crate::templates::depth::MAX_EXPRESSION_DEPTH;
use crate::templates::imports::bad_import_name;
use include_dir::{include_dir, Dir};
use minijinja::{Error, ErrorKind};
use qm_load::diagnostics::Escaped;
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
    /// The template passed another of the sandbox's limits: an expression nested too deep, a
    /// value or a filter's result too large, the memory or text-fitting work of a render.
    Limit,
}

impl TemplateErrorKind {
    /// The diagnostic code.
    pub fn code(self) -> &'static str {
        match self {
            Self::Render => "template::render",
            Self::Refused => "template::refused",
            Self::OutOfFuel => "template::out-of-fuel",
            Self::OutputTooLarge => "template::output-too-large",
            Self::Limit => "template::limit",
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
            Self::Limit => {
                "templates run within the limits templates/README.md lists (Sandbox)".into()
            }
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

/// A limit of the sandbox a render passed, in words (carried as the engine error's source,
/// so the error keeps the engine's line and column and reads as `template::limit`).
#[derive(Debug)]
pub struct Limit(pub String);

impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Limit {}

/// The engine error for a passed limit.
pub fn limit_error(message: String) -> Error {
    Error::new(ErrorKind::InvalidOperation, message.clone()).with_source(Limit(message))
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

/// The names of the files (and file links) under a `--templates` directory, folders not
/// followed through links, at most `max` of them: what a render may load from it.
pub fn override_names(root: &Path, max: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut todo = vec![(root.to_path_buf(), String::new(), 0usize)];
    while let Some((dir, prefix, depth)) = todo.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let Some(name) = e.file_name().to_str().map(str::to_string) else {
                continue;
            };
            let rel = format!("{prefix}{name}");
            match e.file_type() {
                Ok(t) if t.is_dir() && depth < 16 => {
                    todo.push((e.path(), format!("{rel}/"), depth + 1))
                }
                Ok(t) if t.is_file() || t.is_symlink() => out.push(rel),
                _ => {}
            }
            if out.len() >= max {
                return out;
            }
        }
    }
    out
}

/// Adds the files under `dir` (their names relative to the template root, `rel`, and their
/// bytes) to `h`, in name order; a file the loader would refuse as too big adds its size only.
/// Links are never followed: a symlink adds its target's text (a file it names inside the
/// directory is hashed at its own place; the loader refuses one outside), so links to `.` or
/// `/` cost one entry each and nothing outside the directory is read; nor is anything that is
/// not a regular file (a FIFO is never opened).
pub fn hash_dir(dir: &Path, rel: &Path, depth: usize, h: &mut impl std::hash::Hasher) {
    // Deeper than any template tree: a bound on what a huge tree costs.
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
        match std::fs::symlink_metadata(&path) {
            Ok(m) if m.is_dir() && depth < MAX_DEPTH => hash_dir(&path, &rel, depth + 1, h),
            Ok(m) if m.file_type().is_symlink() => {
                h.write_u8(2);
                let target = std::fs::read_link(&path).unwrap_or_default();
                h.write(target.as_os_str().as_encoded_bytes());
            }
            Ok(m) if m.is_file() && m.len() <= MAX_TEMPLATE_FILE => {
                h.write(&read_regular(&path).unwrap_or_default());
            }
            Ok(m) => h.write_u64(m.len()),
            Err(_) => h.write_u8(1),
        }
    }
}

/// The bytes of `path` if it is a regular file of at most [`MAX_TEMPLATE_FILE`] bytes, read
/// without following a final symlink and without blocking on a FIFO or a device (opened
/// non-blocking, checked after opening: a file swapped after a check is caught too).
fn read_regular(path: &Path) -> std::io::Result<Vec<u8>> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() || meta.len() > MAX_TEMPLATE_FILE {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file within the size limit",
        ));
    }
    let mut bytes = Vec::new();
    file.take(MAX_TEMPLATE_FILE + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The embedded template `name`'s text.
pub fn embedded(name: &str) -> Option<&'static str> {
    EMBEDDED.get_file(name).and_then(|f| f.contents_utf8())
}

/// The loader: an override file inside `root` (refused when it resolves outside it, is not a
/// regular file or is too big), else the embedded template; either is refused when an
/// expression in it is deeper than [`MAX_EXPRESSION_DEPTH`] (before the engine parses it).
pub fn load(root: Option<&Path>, name: &str) -> Result<Option<String>, Error> {
    safe_name(name)?;
    let text = match root {
        Some(root) if std::fs::symlink_metadata(root.join(name)).is_ok() => {
            Some(read_override(root, &root.join(name), name)?)
        }
        _ => EMBEDDED
            .get_file(name)
            .and_then(|f| f.contents_utf8())
            .map(str::to_string),
    };
    let Some(t) = text.as_deref() else {
        return Ok(None);
    };
    let problem = too_deep(t)
        .map(|offset| (TextProblem::TooDeep, offset))
        .or_else(|| bad_import_name(t).map(|offset| (TextProblem::ImportName, offset)));
    if let Some((problem, offset)) = problem {
        let source = TextRefusal {
            template: name.to_string(),
            text: text.unwrap_or_default(),
            offset,
            problem,
        };
        return Err(Error::new(ErrorKind::InvalidOperation, source.to_string()).with_source(source));
    }
    Ok(text)
}

/// What a template's text is refused for before the engine parses it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextProblem {
    /// An expression nests deeper than [`MAX_EXPRESSION_DEPTH`] ([`super::depth`]).
    TooDeep,
    /// An `{% import %}` binds something other than a plain name
    /// ([`super::imports`]).
    ImportName,
}

/// A template refused before the engine parsed it, with its text and where (carried as the
/// engine error's source: the engine never parsed the template, so only this knows the
/// position).
#[derive(Debug)]
pub struct TextRefusal {
    /// The template's name.
    pub template: String,
    /// Its text.
    pub text: String,
    /// Byte offset of the token at fault.
    pub offset: usize,
    /// What is wrong there.
    pub problem: TextProblem,
}

impl TextRefusal {
    /// The kind of error it is: a sandbox limit, or a template written wrong.
    pub fn kind(&self) -> TemplateErrorKind {
        match self.problem {
            TextProblem::TooDeep => TemplateErrorKind::Limit,
            TextProblem::ImportName => TemplateErrorKind::Render,
        }
    }
}

impl std::fmt::Display for TextRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.problem {
            TextProblem::TooDeep => write!(
                f,
                "template {:?} nests an expression more than {MAX_EXPRESSION_DEPTH} levels deep",
                self.template
            ),
            TextProblem::ImportName => write!(
                f,
                "template {:?} imports into something that is not a plain name \
                 (write `{{% import \"file\" as name %}}`)",
                self.template
            ),
        }
    }
}

impl std::error::Error for TextRefusal {}

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
    // A symlinked directory would make endless names for one file (`d/d/d/x` with `d -> .`),
    // each loaded and kept apart: the folders on the way must be the folders themselves.
    let folder = Path::new(name).parent().map(|p| root.join(p));
    if folder.is_some_and(|f| f.canonicalize().is_ok_and(|real_f| real_f != f)) {
        return Err(refuse(format!(
            "template {name:?} is reached through a symlinked folder, which templates may not use"
        )));
    }
    // The resolved path has no links left: its own metadata says what it is, before it is
    // opened (opening a FIFO would wait for a writer for ever).
    let meta = std::fs::symlink_metadata(&real).map_err(io)?;
    if !meta.is_file() {
        return Err(refuse(format!("template {name:?} is not a regular file")));
    }
    let too_big = || {
        refuse(format!(
            "template {name:?} is larger than {MAX_TEMPLATE_FILE} bytes"
        ))
    };
    if meta.len() > MAX_TEMPLATE_FILE {
        return Err(too_big());
    }
    let bytes = read_regular(&real).map_err(|e| match e.kind() {
        std::io::ErrorKind::InvalidInput => {
            refuse(format!("template {name:?} is not a regular file"))
        }
        _ => io(e),
    })?;
    if bytes.len() as u64 > MAX_TEMPLATE_FILE {
        return Err(too_big());
    }
    let text = String::from_utf8(bytes).map_err(|e| io(std::io::Error::other(e)))?;
    Ok(text)
}
