//! The minijinja templates every artifact is rendered with.
//!
//! The files under `templates/` are embedded in the binary as defaults; `--templates DIR`
//! overrides any of them by name (its relative path), so a maintainer can restyle an artifact
//! without touching Rust. Undefined variables are errors, so a typo in a template is reported
//! instead of rendering an empty string.
//!
//! Output of `.html`, `.htm`, `.xml` and `.svg` templates is XML-escaped (`&`, `<`, `>`, `"`,
//! `'`); every template can call the text-fitting functions of [`crate::text`].

use std::io::{Read, Write};
use std::path::{Component, Path, PathBuf};

use crate::diagnostics::Escaped;
use include_dir::{include_dir, Dir};
use minijinja::value::Value;
use minijinja::{AutoEscape, Environment, Error, ErrorKind, Output, State, UndefinedBehavior};
use qm_parser::{Diagnostic, Severity, Source, SourceMap, TextSpan};
use serde::Serialize;

static EMBEDDED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/templates");

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
struct Refusal(String);

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

/// The template environment: embedded defaults, optionally overridden from a directory.
pub struct Templates {
    env: Environment<'static>,
    overrides: Option<PathBuf>,
}

impl Templates {
    /// Embedded templates, with those in `overrides` (if any) taking precedence by name.
    ///
    /// Templates run in a sandbox: names are relative paths inside the directory (no absolute
    /// path, no `..`, no symlink leading out), files are regular and at most
    /// [`MAX_TEMPLATE_FILE`] bytes, and each render has [`MAX_FUEL`] and [`MAX_OUTPUT`].
    pub fn new(overrides: Option<&Path>) -> Self {
        let mut env = Environment::new();
        env.set_undefined_behavior(UndefinedBehavior::Strict);
        env.set_keep_trailing_newline(true);
        env.set_auto_escape_callback(auto_escape);
        env.set_formatter(xml_formatter);
        env.set_fuel(Some(MAX_FUEL));
        // `| e` escapes the same way as auto-escaping does, so a template may use both.
        env.add_filter("escape", escape_filter);
        env.add_filter("e", escape_filter);
        crate::text::register(&mut env);
        let dir = overrides.map(Path::to_path_buf);
        // Resolved once: a name is allowed only when its file resolves inside this root.
        let root = dir.as_ref().and_then(|d| d.canonicalize().ok());
        env.set_loader(move |name| load(root.as_deref(), name));
        Self {
            env,
            overrides: dir,
        }
    }

    /// Registers a filter or function-like helper for every template.
    pub fn env_mut(&mut self) -> &mut Environment<'static> {
        &mut self.env
    }

    /// Renders template `name` with `ctx`.
    pub fn render<S: Serialize>(&self, name: &str, ctx: S) -> Result<String, TemplateError> {
        let mut out = CappedWriter::default();
        let rendered = self
            .env
            .get_template(name)
            .and_then(|t| t.render_captured_to(ctx, &mut out).map(|_| ()));
        match rendered {
            Ok(()) => String::from_utf8(out.bytes).map_err(|_| TemplateError {
                template: name.to_string(),
                origin: self.origin(name),
                kind: TemplateErrorKind::Render,
                line: None,
                column: None,
                message: "the output is not UTF-8".into(),
                excerpt: None,
            }),
            Err(e) => {
                let mut err = self.error(name, &e);
                if out.over {
                    err.kind = TemplateErrorKind::OutputTooLarge;
                    err.message = format!("the output passed {MAX_OUTPUT} bytes");
                }
                Err(err)
            }
        }
    }

    /// A hash of what the templates are: the override directory's files (names and bytes);
    /// the embedded templates are fixed in the binary. Equal fingerprints render equal output
    /// from equal contexts (the render cache keys pieces with it).
    pub fn fingerprint(&self) -> u64 {
        use std::hash::Hasher;
        let mut h = std::hash::DefaultHasher::new();
        if let Some(dir) = &self.overrides {
            hash_dir(dir, Path::new(""), 0, &mut h);
        }
        h.finish()
    }

    /// Where template `name` is read from, for messages.
    pub fn origin(&self, name: &str) -> String {
        match &self.overrides {
            Some(d) if safe_name(name).is_ok() && d.join(name).is_file() => {
                d.join(name).escaped().to_string()
            }
            _ => format!("templates/{name} (embedded)"),
        }
    }

    fn error(&self, name: &str, e: &minijinja::Error) -> TemplateError {
        // The innermost template is the one at fault (an include or a macro file).
        let template = e.name().unwrap_or(name).to_string();
        let mut kind = TemplateErrorKind::Render;
        if e.kind() == ErrorKind::OutOfFuel {
            kind = TemplateErrorKind::OutOfFuel;
        }
        let mut message = e.kind().to_string();
        if let Some(detail) = e.detail() {
            message = format!("{message}: {detail}");
        }
        let mut source = std::error::Error::source(e);
        while let Some(s) = source {
            if let Some(r) = s.downcast_ref::<Refusal>() {
                kind = TemplateErrorKind::Refused;
                message = r.0.clone();
                break;
            }
            if s.is::<TooLarge>() {
                kind = TemplateErrorKind::OutputTooLarge;
                message = TooLarge.to_string();
                break;
            }
            message = format!("{message}; {s}");
            source = s.source();
        }
        let text = self
            .env
            .get_template(&template)
            .ok()
            .map(|t| t.source().to_string());
        let range = e
            .range()
            .filter(|r| text.as_ref().is_some_and(|t| t.get(r.clone()).is_some()))
            .or_else(|| line_range(text.as_deref()?, e.line()?));
        // minijinja's message for a strict undefined is only "undefined value": quote the
        // expression at fault from the template so the variable is named.
        if let (Some(t), Some(r)) = (&text, &range) {
            let quoted = t[r.clone()]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            if !quoted.is_empty() && quoted.len() <= 120 && kind == TemplateErrorKind::Render {
                message = format!("{message} in `{quoted}`");
            }
        }
        let column = match (&text, &range) {
            (Some(t), Some(r)) => {
                let line_start = t[..r.start].rfind('\n').map_or(0, |i| i + 1);
                Some(t[line_start..r.start].chars().count() + 1)
            }
            _ => None,
        };
        TemplateError {
            origin: self.origin(&template),
            template,
            kind,
            line: e.line(),
            column,
            message,
            excerpt: text.zip(range).map(Box::new),
        }
    }
}

/// The text of 1-based `line` without its indentation: where an error without a span (running
/// out of fuel) is shown.
fn line_range(text: &str, line: usize) -> Option<std::ops::Range<usize>> {
    let start = if line <= 1 {
        0
    } else {
        text.match_indices('\n').nth(line - 2)?.0 + 1
    };
    let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let indent = text[start..end].len() - text[start..end].trim_start().len();
    Some(start + indent..end)
}

/// Collects a render's output and fails the render once it passes [`MAX_OUTPUT`].
#[derive(Default)]
struct CappedWriter {
    bytes: Vec<u8>,
    over: bool,
}

impl Write for CappedWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.bytes.len() + buf.len() > MAX_OUTPUT {
            self.over = true;
            return Err(std::io::Error::other("template output limit"));
        }
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A template name is a relative path of plain components: no root, no `..` or `.`, no
/// backslash (a Windows separator) and no NUL.
fn safe_name(name: &str) -> Result<(), Error> {
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
fn hash_dir(dir: &Path, rel: &Path, depth: usize, h: &mut impl std::hash::Hasher) {
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
fn load(root: Option<&Path>, name: &str) -> Result<Option<String>, Error> {
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

/// Which templates escape their output: markup ones (SVG included, which minijinja's default
/// leaves unescaped).
fn auto_escape(name: &str) -> AutoEscape {
    let name = name.strip_suffix(".j2").unwrap_or(name);
    match name.rsplit('.').next() {
        Some("html" | "htm" | "xml" | "svg") => AutoEscape::Html,
        _ => AutoEscape::None,
    }
}

/// Escapes for XML: minijinja's HTML escaping also turns "/" into `&#x2f;`, legal but it makes
/// every "L3/35" in the output and its snapshots unreadable.
///
/// It also counts what `{{ ... }}` writes against [`MAX_OUTPUT`], so the error names the
/// expression that passed it (the writer's own limit, which catches literal text, cannot).
fn xml_formatter(out: &mut Output<'_>, state: &State<'_, '_>, value: &Value) -> Result<(), Error> {
    const KEY: &str = "__qm_output_bytes";
    let written = state
        .get_temp(KEY)
        .and_then(|v| u64::try_from(v).ok())
        .unwrap_or(0);
    // Formatted once (a number is formatted for its length and for the output alike).
    let formatted;
    let text = match value.as_str() {
        Some(s) => s,
        None => {
            formatted = value.to_string();
            &formatted
        }
    };
    let total = written.saturating_add(text.len() as u64);
    state.set_temp(KEY, Value::from(total));
    if total > MAX_OUTPUT as u64 {
        let message = format!("the output passed {MAX_OUTPUT} bytes");
        return Err(Error::new(ErrorKind::InvalidOperation, message).with_source(TooLarge));
    }
    if state.auto_escape() != AutoEscape::Html || value.is_safe() || value.is_undefined() {
        return minijinja::escape_formatter(out, state, value);
    }
    write_escaped(out, text).map_err(Error::from)
}

/// Writes `text` XML-escaped as [`xml_escape`] does, the runs between special characters as
/// they are (most values have none).
fn write_escaped(out: &mut Output<'_>, text: &str) -> std::fmt::Result {
    let mut from = 0;
    for (i, b) in text.bytes().enumerate() {
        let entity = match b {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            b'\'' => "&#39;",
            _ => continue,
        };
        out.write_str(&text[from..i])?;
        out.write_str(entity)?;
        from = i + 1;
    }
    out.write_str(&text[from..])
}

/// Marks the error of a render that wrote too much.
#[derive(Debug)]
struct TooLarge;

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the output passed {MAX_OUTPUT} bytes")
    }
}

impl std::error::Error for TooLarge {}

/// The `escape` (`e`) filter: XML escaping, once (a safe value is returned as it is).
fn escape_filter(value: &Value) -> Value {
    if value.is_safe() {
        return value.clone();
    }
    let text = if value.is_undefined() {
        String::new()
    } else {
        value.to_string()
    };
    Value::from_safe_string(xml_escape(&text))
}

fn xml_escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            c => escaped.push(c),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_override_wins_and_errors_name_file_line_and_variable() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("t.txt"), "ok\n{{ missing_var }}\n").unwrap();
        let t = Templates::new(Some(dir.path()));
        let e = t.render("t.txt", minijinja::context! {}).unwrap_err();
        assert_eq!(e.line, Some(2));
        assert!(e.message.contains("undefined"), "{}", e.message);
        assert!(e.message.contains("`missing_var`"), "{}", e.message);
        assert!(e.origin.ends_with("t.txt"));
        assert!(e.to_string().contains(":2"));
    }

    #[test]
    fn markup_is_xml_escaped_and_slashes_stay() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("t.svg"), "<t>{{ n }}</t>").unwrap();
        std::fs::write(dir.path().join("t.txt"), "{{ n }}").unwrap();
        let t = Templates::new(Some(dir.path()));
        let ctx = minijinja::context! { n => "L3/35 & <\"x\">" };
        assert_eq!(
            t.render("t.svg", &ctx).unwrap(),
            "<t>L3/35 &amp; &lt;&quot;x&quot;&gt;</t>"
        );
        assert_eq!(t.render("t.txt", &ctx).unwrap(), "L3/35 & <\"x\">");
        std::fs::write(dir.path().join("e.svg"), "{{ n | e }}|{{ n | e | e }}").unwrap();
        let once = "L3/35 &amp; &lt;&quot;x&quot;&gt;";
        assert_eq!(t.render("e.svg", &ctx).unwrap(), format!("{once}|{once}"));
    }
    fn refused(dir: &Path, body: &str) -> TemplateError {
        std::fs::write(dir.join("t.txt"), body).unwrap();
        let t = Templates::new(Some(dir));
        t.render("t.txt", minijinja::context! {}).unwrap_err()
    }

    #[test]
    fn includes_stay_inside_the_template_directory() {
        let dir = tempfile::tempdir().unwrap();
        for body in [
            "a\n  {% include \"../../../../etc/passwd\" %}",
            "a\n  {% include \"/etc/shadow\" %}",
            "a\n  {% include \"counter/../../x\" %}",
            "a\n  {% include \"..\\\\x\" %}",
        ] {
            let e = refused(dir.path(), body);
            assert_eq!(e.kind, TemplateErrorKind::Refused, "{body}: {e}");
            assert_eq!((e.line, e.column), (Some(2), Some(6)), "{body}: {e}");
        }
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink("/etc/passwd", dir.path().join("p.txt")).unwrap();
            let e = refused(dir.path(), "{% include \"p.txt\" %}");
            assert_eq!(e.kind, TemplateErrorKind::Refused, "{e}");
            assert!(e.message.contains("outside"), "{e}");
        }
        std::fs::write(dir.path().join("in.txt"), "inside").unwrap();
        let t = Templates::new(Some(dir.path()));
        std::fs::write(dir.path().join("ok.txt"), "{% include \"in.txt\" %}").unwrap();
        assert_eq!(
            t.render("ok.txt", minijinja::context! {}).unwrap(),
            "inside"
        );
    }

    #[test]
    fn endless_loops_run_out_of_fuel_and_huge_output_is_cut() {
        let dir = tempfile::tempdir().unwrap();
        let loops =
            "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}";
        let e = refused(dir.path(), loops);
        assert_eq!(e.kind, TemplateErrorKind::OutOfFuel, "{e}");
        assert!(e.line.is_some() && e.column.is_some(), "{e}");
        let big = "{% for i in range(100000) %}{{ \"x\" * 1000 }}{% endfor %}";
        let e = refused(dir.path(), big);
        assert_eq!(e.kind, TemplateErrorKind::OutputTooLarge, "{e}");
    }

    #[test]
    fn fit_arguments_are_checked() {
        let dir = tempfile::tempdir().unwrap();
        for args in [
            "size=1e308",
            "size=1e8, min=1e-6",
            "min=-1",
            "lines=1000000",
            "leading=1e300",
        ] {
            let body = format!("x\n{{{{ fit(\"t\", x=0, y=0, w=10, h=10, {args}) }}}}");
            let e = refused(dir.path(), &body);
            assert_eq!(e.kind, TemplateErrorKind::Render, "{args}: {e}");
            assert_eq!(e.line, Some(2), "{args}: {e}");
            assert!(e.column.is_some(), "{args}: {e}");
        }
    }

    #[test]
    fn a_template_error_is_a_diagnostic_at_line_and_column() {
        let dir = tempfile::tempdir().unwrap();
        let e = refused(dir.path(), "ok\n  {% include \"/etc/shadow\" %}\n");
        let mut sources = SourceMap::new();
        let d = e.to_diagnostic(&mut sources);
        assert_eq!(d.code, "template::refused");
        let text = crate::diagnostics::render(&sources, &[d]);
        assert!(text.contains("t.txt:2:6"), "{text}");
        assert!(text.contains("help:"), "{text}");
    }
}
