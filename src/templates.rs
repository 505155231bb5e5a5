//! The minijinja templates every artifact is rendered with.
//!
//! The files under `templates/` are embedded in the binary as defaults; `--templates DIR`
//! overrides any of them by name (its relative path), so a maintainer can restyle an artifact
//! without touching Rust. Undefined variables are errors, so a typo in a template is reported
//! instead of rendering an empty string.
//!
//! Output of `.html`, `.htm`, `.xml` and `.svg` templates is XML-escaped (`&`, `<`, `>`, `"`,
//! `'`); every template can call the text-fitting functions of [`crate::text`].

use std::path::{Path, PathBuf};

use include_dir::{include_dir, Dir};
use minijinja::value::Value;
use minijinja::{AutoEscape, Environment, Error, Output, State, UndefinedBehavior};
use serde::Serialize;

static EMBEDDED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/templates");

/// A failed render, with what a maintainer needs to fix the template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateError {
    /// The template's name (its path under `templates/`).
    pub template: String,
    /// Where the template came from: the override file or "(embedded)".
    pub origin: String,
    /// 1-based line in the template, when known.
    pub line: Option<usize>,
    /// What went wrong (names the undefined variable or filter).
    pub message: String,
}

impl std::fmt::Display for TemplateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "failed to render template {}", self.origin)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        write!(f, " ({})", self.message)
    }
}

/// The template environment: embedded defaults, optionally overridden from a directory.
pub struct Templates {
    env: Environment<'static>,
    overrides: Option<PathBuf>,
}

impl Templates {
    /// Embedded templates, with those in `overrides` (if any) taking precedence by name.
    pub fn new(overrides: Option<&Path>) -> Self {
        let mut env = Environment::new();
        env.set_undefined_behavior(UndefinedBehavior::Strict);
        env.set_keep_trailing_newline(true);
        env.set_auto_escape_callback(auto_escape);
        env.set_formatter(xml_formatter);
        // `| e` escapes the same way as auto-escaping does, so a template may use both.
        env.add_filter("escape", escape_filter);
        env.add_filter("e", escape_filter);
        crate::text::register(&mut env);
        let dir = overrides.map(Path::to_path_buf);
        let loader_dir = dir.clone();
        env.set_loader(move |name| {
            if let Some(d) = &loader_dir {
                let p = d.join(name);
                if p.is_file() {
                    return std::fs::read_to_string(&p).map(Some).map_err(|e| {
                        minijinja::Error::new(
                            minijinja::ErrorKind::InvalidOperation,
                            format!("failed to read {} ({e})", p.display()),
                        )
                    });
                }
            }
            Ok(EMBEDDED
                .get_file(name)
                .and_then(|f| f.contents_utf8())
                .map(str::to_string))
        });
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
        self.env
            .get_template(name)
            .and_then(|t| t.render(ctx))
            .map_err(|e| self.error(name, &e))
    }

    /// Where template `name` is read from, for messages.
    pub fn origin(&self, name: &str) -> String {
        match &self.overrides {
            Some(d) if d.join(name).is_file() => d.join(name).display().to_string(),
            _ => format!("templates/{name} (embedded)"),
        }
    }

    /// The template text in `range`, on one line and not too long to quote.
    fn excerpt(&self, name: &str, range: Option<std::ops::Range<usize>>) -> Option<String> {
        let range = range?;
        let template = self.env.get_template(name).ok()?;
        let text = template.source().get(range)?.trim();
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        (!text.is_empty() && text.len() <= 120).then_some(text)
    }

    fn error(&self, name: &str, e: &minijinja::Error) -> TemplateError {
        // The innermost template is the one at fault (an include or a macro file).
        let template = e.name().unwrap_or(name).to_string();
        let mut message = e.kind().to_string();
        if let Some(detail) = e.detail() {
            message = format!("{message}: {detail}");
        }
        let mut source = std::error::Error::source(e);
        while let Some(s) = source {
            message = format!("{message}; {s}");
            source = s.source();
        }
        // minijinja's message for a strict undefined is only "undefined value": quote the
        // expression at fault from the template so the variable is named.
        if let Some(expr) = self.excerpt(&template, e.range()) {
            message = format!("{message} in `{expr}`");
        }
        TemplateError {
            origin: self.origin(&template),
            template,
            line: e.line(),
            message,
        }
    }
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
fn xml_formatter(out: &mut Output<'_>, state: &State<'_, '_>, value: &Value) -> Result<(), Error> {
    if state.auto_escape() != AutoEscape::Html || value.is_safe() || value.is_undefined() {
        return minijinja::escape_formatter(out, state, value);
    }
    out.write_str(&xml_escape(&value.to_string()))
        .map_err(Error::from)
}

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
}
