//! The minijinja templates every artifact is rendered with.
//!
//! The files under `templates/` are embedded in the binary as defaults; `--templates DIR`
//! overrides any of them by name (its relative path), so a maintainer can restyle an artifact
//! without touching Rust. Undefined variables are errors, so a typo in a template is reported
//! instead of rendering an empty string.
//!
//! Output of `.html`, `.htm`, `.xml` and `.svg` templates is XML-escaped (`&`, `<`, `>`, `"`,
//! `'`); every template can call the text-fitting functions of [`crate::text`].

pub mod budget;
pub mod depth;
pub mod filters;
pub mod imports;
pub mod reads;
pub mod source;

use std::cell::Cell;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use minijinja::value::Value;
use minijinja::{AutoEscape, Environment, Error, ErrorKind, Output, State, UndefinedBehavior};
use serde::Serialize;

use crate::templates::source::{
    hash_dir, line_range, load, override_names, safe_name, Limit, Refusal, TextRefusal,
};
use crate::templates::source::{
    limit_error, TemplateError, TemplateErrorKind, MAX_FUEL, MAX_OUTPUT,
};
use qm_load::diagnostics::Escaped;

use crate::templates::budget::{Outcome, Signal};

/// What compiling one template may allocate beyond a render's budget, besides 64 bytes a
/// byte of its text.
const COMPILE_ALLOWANCE: usize = 4 * 1024 * 1024;

/// Stack of the thread an override render runs on: the expression depth bound keeps the
/// compiler's recursion small, and the engine's own recursion limit (macros calling macros,
/// includes) needs a few megabytes in a debug build; address space only until touched.
pub const RENDER_STACK: usize = 64 * 1024 * 1024;
/// Memory one render of an override template may hold (its values, its output; the context
/// it is given is not counted). The largest real render holds a few megabytes.
pub const MAX_RENDER_MEMORY: usize = 256 * 1024 * 1024;
/// Override files compiled ahead of the first render (see [`Templates::new`]).
const MAX_WARMED: usize = 2000;

/// A turn to run an override render on a thread of its own: at most one per core (at most
/// four) at once, whatever `--jobs` asks, so the render threads' stacks and budgets bound the
/// process's address space. The caller gives the turn back when the render ends, or when it
/// is stopped at its budget (a stopped thread never runs again).
struct RenderTurn;

/// Renders running now, and the signal that one ended.
static TURNS: (Mutex<usize>, Condvar) = (Mutex::new(0), Condvar::new());

impl RenderTurn {
    fn take() -> Self {
        let most = std::thread::available_parallelism().map_or(1, |n| n.get().min(4));
        let (count, freed) = &TURNS;
        if let Ok(mut running) = count.lock() {
            while *running >= most {
                running = match freed.wait(running) {
                    Ok(r) => r,
                    Err(_) => return Self,
                };
            }
            *running += 1;
        }
        Self
    }
}

impl Drop for RenderTurn {
    fn drop(&mut self) {
        let (count, freed) = &TURNS;
        if let Ok(mut running) = count.lock() {
            *running = running.saturating_sub(1);
        }
        freed.notify_one();
    }
}

/// The template environment: embedded defaults, optionally overridden from a directory.
///
/// Cloning is cheap (the environment is shared).
#[derive(Clone)]
pub struct Templates {
    env: Arc<Environment<'static>>,
    overrides: Option<PathBuf>,
    /// Whether helpers were added after the environment was made ([`Self::env_mut`]).
    changed: bool,
    /// Memory one override render may hold ([`MAX_RENDER_MEMORY`] unless set).
    budget: usize,
    /// Set when a render of these templates passed its budget: the renders after it are
    /// refused without starting (the build fails anyway), so no more threads stop holding
    /// memory.
    tripped: Arc<AtomicBool>,
}

impl Templates {
    /// Embedded templates, with those in `overrides` (if any) taking precedence by name.
    ///
    /// Templates run in a sandbox: names are relative paths inside the directory (no absolute
    /// path, no `..`, no symlink leading out, no symlinked folder), files are regular and at
    /// most [`MAX_TEMPLATE_FILE`](crate::templates::source::MAX_TEMPLATE_FILE) bytes, expressions at most [`MAX_EXPRESSION_DEPTH`](crate::templates::source::MAX_EXPRESSION_DEPTH) deep,
    /// and each render has [`MAX_FUEL`], [`MAX_OUTPUT`] and checked sized filters. With
    /// overrides, each render runs on a thread of its own within [`MAX_RENDER_MEMORY`]
    /// ([`budget`]); the override files are compiled here first, and what compiling
    /// a template takes is allowed beyond the budget, so no render is stopped while it holds
    /// the engine's template cache.
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
        crate::templates::filters::register(&mut env);
        crate::template_fit::register(&mut env);
        crate::template_xml::register_filters(&mut env);
        let dir = overrides.map(Path::to_path_buf);
        // Resolved once: a name is allowed only when its file resolves inside this root.
        let root = dir.as_ref().and_then(|d| d.canonicalize().ok());
        // The override files are compiled here, outside any render's budget; an embedded
        // template (small, known) is compiled within a render's allowance.
        let names = match &root {
            Some(r) => override_names(r, MAX_WARMED),
            None => Vec::new(),
        };
        // Override files whose compiling panicked the engine (a bug of the engine the checks
        // before it do not know of): refused from then on, so no render compiles them again.
        let crashed: Arc<Mutex<Vec<String>>> = Arc::default();
        let known = crashed.clone();
        env.set_loader(move |name| {
            if known.lock().is_ok_and(|c| c.iter().any(|n| n == name)) {
                let why = format!(
                    "template {name:?} cannot be compiled: the template engine failed on it \
                     (an internal error); simplify the template"
                );
                return Err(
                    Error::new(ErrorKind::InvalidOperation, why.clone()).with_source(Limit(why))
                );
            }
            let text = load(root.as_deref(), name)?;
            // A template compiled during a render (one not warmed below, compiled once): what
            // compiling it takes grows with its size and is allowed beyond the render's
            // budget, so the engine never stops inside its template cache's lock.
            if let Some(t) = &text {
                crate::templates::budget::allow(COMPILE_ALLOWANCE + 64 * t.len());
            }
            Ok(text)
        });
        for name in names {
            let compile = || env.get_template(&name).map(|_| ());
            if std::panic::catch_unwind(std::panic::AssertUnwindSafe(compile)).is_err() {
                if let Ok(mut c) = crashed.lock() {
                    c.push(name);
                }
            }
        }
        Self {
            env: Arc::new(env),
            overrides: dir,
            changed: false,
            budget: MAX_RENDER_MEMORY,
            tripped: Arc::default(),
        }
    }

    /// Sets the memory one override render may hold (a fuzzer sets a small one: a render
    /// stopped at its budget keeps what it holds).
    pub fn set_render_budget(&mut self, bytes: usize) {
        self.budget = bytes;
    }

    /// Registers a filter or function-like helper for every template.
    pub fn env_mut(&mut self) -> &mut Environment<'static> {
        self.changed = true;
        Arc::make_mut(&mut self.env)
    }

    /// Whether rendering `name` may read the context variable `var`: always with a
    /// `--templates` directory or helpers added ([`Self::env_mut`]); for the embedded
    /// templates, whether `name` or a template it loads names it ([`reads::embedded_reads`]).
    pub fn may_read(&self, name: &str, var: &str) -> bool {
        if self.overrides.is_some() || self.changed {
            return true;
        }
        reads::embedded_reads(name).is_none_or(|r| r.contains(var))
    }

    /// Renders template `name` with `ctx`: with overrides, on a thread of its own within
    /// [`MAX_RENDER_MEMORY`] and with a [`RENDER_STACK`] stack.
    pub fn render<S: Serialize>(&self, name: &str, ctx: S) -> Result<String, TemplateError> {
        if self.overrides.is_none() {
            return self.render_here(name, ctx);
        }
        self.render_isolated(name, Value::from_serialize(&ctx))
    }

    /// [`Self::render`] on a thread of its own under the render budget; a render that passes
    /// it is left stopped ([`budget`]) and reported as `template::limit`.
    fn render_isolated(&self, name: &str, ctx: Value) -> Result<String, TemplateError> {
        if self.tripped.load(Ordering::Relaxed) {
            return Err(self.limit(
                name,
                "not rendered: another render of these templates passed its memory budget".into(),
            ));
        }
        if crate::templates::budget::stuck() > crate::templates::budget::MAX_STUCK {
            let why = format!(
                "not rendered: renders stopped earlier in this process keep {} MiB \
                 (restart qm to free it)",
                crate::templates::budget::stuck() >> 20
            );
            return Err(self.limit(name, why));
        }
        let _turn = RenderTurn::take();
        match self.run_budgeted(name, ctx) {
            Some(result) => result,
            None => {
                self.tripped.store(true, Ordering::Relaxed);
                Err(self.limit(
                    name,
                    format!(
                        "the render needed more than {} MiB of memory (a value built up in a \
                         loop, or a filter given a huge argument; the renders running beside \
                         it may hold {} MiB together)",
                        self.budget >> 20,
                        crate::templates::budget::MAX_HELD >> 20
                    ),
                ))
            }
        }
    }

    /// Renders on a thread of its own within the budget: the result, or `None` when the
    /// render passed its budget (the thread is left stopped).
    fn run_budgeted(&self, name: &str, ctx: Value) -> Option<Result<String, TemplateError>> {
        type Slot = Mutex<Option<Result<String, TemplateError>>>;
        let signal = Arc::new(Signal::default());
        let slot: Arc<Slot> = Arc::default();
        let (me, owned, sig, out) = (self.clone(), name.to_string(), signal.clone(), slot.clone());
        let spawned = std::thread::Builder::new()
            .name("qm-template".into())
            .stack_size(RENDER_STACK)
            .spawn(move || {
                let run = || {
                    crate::templates::budget::within(me.budget, &sig, || {
                        me.render_here(&owned, ctx)
                    })
                };
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(run))
                    .unwrap_or_else(
                        |_| Err(me.limit(&owned, "the render failed (a panic)".into())),
                    );
                if let Ok(mut o) = out.lock() {
                    *o = Some(result);
                }
                sig.set(Outcome::Done);
            });
        let handle = match spawned {
            Ok(h) => h,
            Err(e) => {
                let why = format!("failed to start its thread ({e})");
                return Some(Err(self.limit(name, why)));
            }
        };
        if signal.wait() != Outcome::Done {
            return None;
        }
        let _ = handle.join();
        let taken = slot.lock().ok().and_then(|mut o| o.take());
        Some(
            taken.unwrap_or_else(|| {
                Err(self.limit(name, "the render ended without a result".into()))
            }),
        )
    }

    /// A render's `template::limit` error without a position in the template.
    fn limit(&self, name: &str, message: String) -> TemplateError {
        TemplateError {
            template: name.to_string(),
            origin: self.origin(name),
            kind: TemplateErrorKind::Limit,
            line: None,
            column: None,
            message,
            excerpt: None,
        }
    }

    /// Renders template `name` with `ctx` on this thread.
    fn render_here<S: Serialize>(&self, name: &str, ctx: S) -> Result<String, TemplateError> {
        let mut out = CappedWriter::default();
        let _count = OutputCount::start();
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
            if let Some(refused) = s.downcast_ref::<TextRefusal>() {
                return self.refused_text(refused);
            }
            if let Some(r) = s.downcast_ref::<Refusal>() {
                kind = TemplateErrorKind::Refused;
                message = r.0.clone();
                break;
            }
            if let Some(l) = s.downcast_ref::<Limit>() {
                kind = TemplateErrorKind::Limit;
                message = l.0.clone();
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

impl Templates {
    /// The error of a template refused before the engine parsed it (its expression depth, an
    /// import's name), at the token at fault: the engine's own error has no position.
    fn refused_text(&self, deep: &TextRefusal) -> TemplateError {
        let (text, at) = (&deep.text, deep.offset.min(deep.text.len()));
        let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = text[at..]
            .find(|c: char| c.is_whitespace())
            .map_or(text.len(), |i| at + i.max(1));
        TemplateError {
            origin: self.origin(&deep.template),
            template: deep.template.clone(),
            kind: deep.kind(),
            line: Some(text[..at].matches('\n').count() + 1),
            column: Some(text[line_start..at].chars().count() + 1),
            message: deep.to_string(),
            excerpt: Some(Box::new((text.clone(), at..end))),
        }
    }
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

/// Which templates escape their output: markup ones (SVG included, which minijinja's default
/// leaves unescaped).
fn auto_escape(name: &str) -> AutoEscape {
    let name = name.strip_suffix(".j2").unwrap_or(name);
    match name.rsplit('.').next() {
        Some("html" | "htm" | "xml" | "svg") => AutoEscape::Html,
        _ => AutoEscape::None,
    }
}

thread_local! {
    /// What `{{ ... }}` wrote in the render under way on this thread ([`OutputCount`]);
    /// `None` outside [`Templates::render_here`], where the render's temps count it.
    static WRITTEN: Cell<Option<u64>> = const { Cell::new(None) };
}

/// The count of what a render's `{{ ... }}` write, kept on its thread for the render's
/// length: a counter side writes hundreds of values, and keeping the count in the render's
/// temps cost a map lookup and a new boxed key for each. A render nested in another counts
/// apart and gives the outer count back when it ends.
struct OutputCount(Option<u64>);

impl OutputCount {
    fn start() -> Self {
        Self(WRITTEN.replace(Some(0)))
    }
}

impl Drop for OutputCount {
    fn drop(&mut self) {
        WRITTEN.set(self.0);
    }
}

/// Escapes for XML: minijinja's HTML escaping also turns "/" into `&#x2f;`, legal but it makes
/// every "L3/35" in the output and its snapshots unreadable.
///
/// It also counts what `{{ ... }}` writes against [`MAX_OUTPUT`], so the error names the
/// expression that passed it (the writer's own limit, which catches literal text, cannot).
fn xml_formatter(out: &mut Output<'_>, state: &State<'_, '_>, value: &Value) -> Result<(), Error> {
    const KEY: &str = "__qm_output_bytes";
    let counted = WRITTEN.get();
    let written = counted.unwrap_or_else(|| {
        state
            .get_temp(KEY)
            .and_then(|v| u64::try_from(v).ok())
            .unwrap_or(0)
    });
    // Formatted once (a number is formatted for its length and for the output alike).
    let formatted;
    let text = match value.as_str() {
        Some(s) => s,
        None => {
            // A huge lazy sequence (`[1] * 2000000000`) would print for ever: refused as the
            // checked filters refuse it; a smaller one is written out only up to what the
            // output may still take.
            if value
                .len()
                .is_some_and(|n| n > crate::templates::filters::MAX_ITEMS)
                && !matches!(value.kind(), minijinja::value::ValueKind::String)
            {
                let message = format!(
                    "a value of {} items is written out (the sandbox allows at most {} items)",
                    value.len().unwrap_or(0),
                    crate::templates::filters::MAX_ITEMS
                );
                return Err(limit_error(message));
            }
            let room = (MAX_OUTPUT as u64).saturating_sub(written) as usize;
            formatted = capped_text(value, room).ok_or_else(|| {
                let message = format!("the output passed {MAX_OUTPUT} bytes");
                Error::new(ErrorKind::InvalidOperation, message).with_source(TooLarge)
            })?;
            &formatted
        }
    };
    let total = written.saturating_add(text.len() as u64);
    if counted.is_some() {
        WRITTEN.set(Some(total));
    } else {
        state.set_temp(KEY, Value::from(total));
    }
    if total > MAX_OUTPUT as u64 {
        let message = format!("the output passed {MAX_OUTPUT} bytes");
        return Err(Error::new(ErrorKind::InvalidOperation, message).with_source(TooLarge));
    }
    if state.auto_escape() != AutoEscape::Html || value.is_safe() || value.is_undefined() {
        return minijinja::escape_formatter(out, state, value);
    }
    write_escaped(out, text).map_err(Error::from)
}

/// `value` as text when it takes at most `room` bytes.
fn capped_text(value: &Value, room: usize) -> Option<String> {
    struct Capped {
        text: String,
        room: usize,
    }
    impl std::fmt::Write for Capped {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            if self.text.len() + s.len() > self.room {
                return Err(std::fmt::Error);
            }
            self.text.push_str(s);
            Ok(())
        }
    }
    let mut c = Capped {
        text: String::new(),
        room,
    };
    std::fmt::write(&mut c, format_args!("{value}")).ok()?;
    Some(c.text)
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
    use qm_parser::SourceMap;

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
    /// The tests whose renders hold hundreds of megabytes run one at a time: the renders of
    /// the process share one bound (`budget::MAX_HELD`), so a runaway render beside a large
    /// legitimate one would stop that one too.
    fn heavy() -> std::sync::MutexGuard<'static, ()> {
        static HEAVY: Mutex<()> = Mutex::new(());
        HEAVY
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
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
        let _heavy = heavy();
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
        let text = qm_load::diagnostics::render(&sources, &[d]);
        assert!(text.contains("t.txt:2:6"), "{text}");
        assert!(text.contains("help:"), "{text}");
    }

    #[test]
    fn deep_expressions_are_refused_at_their_place() {
        let dir = tempfile::tempdir().unwrap();
        for body in [
            format!("ok\n  {{{{ {}x }}}}", "not ".repeat(10_000)),
            format!("ok\n  {{{{ a{} }}}}", ".b".repeat(20_000)),
            format!("ok\n  {{{{ {}1 }}}}", "- ".repeat(10_000)),
            format!("ok\n  {{{{ a{} }}}}", "|e".repeat(10_000)),
            format!("ok\n  {{{{ a{} }}}}", " ~ a".repeat(10_000)),
        ] {
            let e = refused(dir.path(), &body);
            assert_eq!(e.kind, TemplateErrorKind::Limit, "{e}");
            assert_eq!(e.line, Some(2), "{e}");
            assert!(e.column.is_some_and(|c| c > 3), "{e}");
            assert!(e.message.contains("levels deep"), "{e}");
        }
    }

    #[test]
    fn values_built_in_a_loop_stop_at_the_render_budget() {
        let _heavy = heavy();
        let dir = tempfile::tempdir().unwrap();
        let loops = "{% set ns = namespace(s=\"x\") %}{% for i in range(40) %}\
                     {% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s | length }}";
        let straight = format!(
            "{{% set a = \"xx\" %}}{}{{{{ a | length }}}}",
            "{% set a = a ~ a %}".repeat(40)
        );
        for body in [loops.to_string(), straight] {
            let e = refused(dir.path(), &body);
            assert_eq!(e.kind, TemplateErrorKind::Limit, "{e}");
            assert!(e.message.contains("MiB of memory"), "{e}");
        }
        // Below the budget the same render finishes.
        let small = "{% set ns = namespace(s=\"x\") %}{% for i in range(10) %}\
                     {% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s | length }}";
        std::fs::write(dir.path().join("t.txt"), small).unwrap();
        let t = Templates::new(Some(dir.path()));
        assert_eq!(t.render("t.txt", minijinja::context! {}).unwrap(), "1024");
    }

    #[test]
    fn sized_filters_are_checked_before_they_run() {
        let dir = tempfile::tempdir().unwrap();
        for (body, says) in [
            ("x\n{{ \"ab\" | indent(2000000000) }}", "indent"),
            ("x\n{{ \"a\" | indent(width=2000000000) }}", "indent"),
            ("x\n{{ \"%2000000000s\" | format(\"a\") }}", "format"),
            ("x\n{{ [1, 2] | batch(2000000000) }}", "batch"),
            ("x\n{{ [1, 2] | slice(2000000000) }}", "slice"),
            ("x\n{{ (\"x\" * 1000000) | replace(\"\", \"yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\") }}", "replace"),
            ("x\n{{ ([1] * 2000000000) | list }}", "list"),
            ("x\n{{ range(100000) | join(\"x\" * 1000) }}", "join"),
        ] {
            let e = refused(dir.path(), body);
            assert_eq!(e.kind, TemplateErrorKind::Limit, "{body}: {e}");
            assert_eq!(e.line, Some(2), "{body}: {e}");
            assert!(e.message.contains(says), "{body}: {e}");
        }
        std::fs::write(dir.path().join("t.txt"), "{{ \"a\nb\" | indent(2) }}|{{ [1, 2, 3] | batch(2) | list }}|{{ \"%3s\" | format(1) }}").unwrap();
        let t = Templates::new(Some(dir.path()));
        assert_eq!(
            t.render("t.txt", minijinja::context! {}).unwrap(),
            "a\n  b|[[1, 2], [3]]|  1"
        );
    }

    #[test]
    fn a_huge_lazy_sequence_is_not_printed() {
        let dir = tempfile::tempdir().unwrap();
        let e = refused(dir.path(), "x\n{{ [1] * 2000000000 }}");
        assert_eq!(e.kind, TemplateErrorKind::Limit, "{e}");
        assert_eq!(e.line, Some(2), "{e}");
    }

    #[test]
    fn fitting_work_is_bounded_per_render() {
        let dir = tempfile::tempdir().unwrap();
        let body = "{% set t = \"word \" * 1999 %}{% for i in range(10000) %}\
                    {% set f = fit(t, x=0, y=0, w=1, h=1, size=999, min=0.5) %}{% endfor %}";
        let started = std::time::Instant::now();
        let e = refused(dir.path(), body);
        assert_eq!(e.kind, TemplateErrorKind::Limit, "{e}");
        assert!(e.message.contains("text functions"), "{e}");
        assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_being_opened() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("f.txt");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid C string.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
        let t = Templates::new(Some(dir.path()));
        let e = t.render("f.txt", minijinja::context! {}).unwrap_err();
        assert!(e.message.contains("not a regular file"), "{e}");
        let _ = t.fingerprint();
    }

    #[cfg(unix)]
    #[test]
    fn the_fingerprint_follows_no_link() {
        let dir = tempfile::tempdir().unwrap();
        for n in ["x", "y", "z"] {
            std::os::unix::fs::symlink(".", dir.path().join(n)).unwrap();
        }
        std::os::unix::fs::symlink("/", dir.path().join("root")).unwrap();
        std::fs::write(dir.path().join("t.txt"), "a").unwrap();
        let t = Templates::new(Some(dir.path()));
        let started = std::time::Instant::now();
        let first = t.fingerprint();
        assert!(started.elapsed().as_secs() < 2, "{:?}", started.elapsed());
        std::fs::write(dir.path().join("t.txt"), "b").unwrap();
        assert_ne!(first, t.fingerprint());
        // A name through a symlinked folder is refused.
        let e = t.render("x/t.txt", minijinja::context! {}).unwrap_err();
        assert!(e.message.contains("symlinked folder"), "{e}");
    }
}
