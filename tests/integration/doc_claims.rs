//! Docs that tests hold: every Rust name, repository path and `qm` command that
//! ARCHITECTURE.md, the README and the `docs/` pages name in backticks exists.
//!
//! - A Rust name (`a::b::C`, `each_side`, `CounterView`, `Loaded::module_files`) is code when
//!   it has a path separator, an underscore or an inner capital; its last segment must be
//!   defined in the workspace (a `fn`, type, module, constant, field or variant), or the whole
//!   text be a string the code holds (a diagnostic code `load::encoding`, a JSON key
//!   `rof_ife`), or it names another crate's item (`serde_json::Value`).
//! - A path whose first segment is a top-level entry of the repository (`parser/src/listing/`,
//!   `templates/counter/front.svg`) must exist; `<x>` and `*` match any name.
//! - A command (`qm vassal merge --into EXISTING.vmod ...`) must be one `qm --help` lists, and
//!   every `--flag` written with it one its own `--help` lists.
//! - A link to a file of the repository (`[Commands](docs/commands.md#output-directory)`)
//!   must lead to a file, and its `#anchor` to a heading of that file; `docs/README.md` lists
//!   every page of `docs/`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The folders holding the workspace's Rust code.
const CODE: [&str; 14] = [
    "parser", "registry", "resolve", "schema", "load", "layout", "render", "compile", "export",
    "src", "tests", "benches", "examples", "fuzz",
];

/// Crates other than ours that the docs name items of.
const OTHER_CRATES: [&str; 10] = [
    "std",
    "serde_json",
    "serde",
    "toml",
    "usvg",
    "resvg",
    "minijinja",
    "rayon",
    "libc",
    "clap",
];

/// Names of the operating system the docs use: Linux's `renameat2` flag (the code spells it
/// `RenameFlags::EXCHANGE`, rustix's name).
const SYSTEM_NAMES: [&str; 1] = ["RENAME_EXCHANGE"];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The docs: ARCHITECTURE.md, README.md, templates/README.md and every page of `docs/`.
fn docs() -> Vec<PathBuf> {
    let mut out = vec![
        root().join("ARCHITECTURE.md"),
        root().join("README.md"),
        root().join("templates/README.md"),
    ];
    let mut dirs = vec![root().join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    out
}

/// Every backticked span of a Markdown text, with its line (code blocks left out: they show
/// output and input, not claims).
fn spans(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut parts = line.split('`');
        parts.next();
        while let (Some(inside), Some(_)) = (parts.next(), parts.next()) {
            out.push((n + 1, inside.replace("\\|", "|")));
        }
    }
    out
}

/// What the workspace's code defines and the strings it holds.
#[derive(Default)]
struct Known {
    defs: BTreeSet<String>,
    strings: BTreeSet<String>,
}

impl Known {
    fn of_workspace() -> Self {
        let mut k = Known::default();
        for dir in CODE {
            let mut dirs = vec![root().join(dir)];
            while let Some(d) = dirs.pop() {
                for entry in std::fs::read_dir(&d).into_iter().flatten().flatten() {
                    let path = entry.path();
                    let name = entry.file_name().to_string_lossy().to_string();
                    if path.is_dir() && name != "target" && name != "corpus" {
                        dirs.push(path);
                    } else if name.ends_with(".rs") {
                        k.read(&std::fs::read_to_string(&path).unwrap_or_default());
                    }
                }
            }
        }
        k.read_templates(&root().join("templates"));
        // The workspace's crates by the names code gives them (`qm_parser`).
        for dir in CODE {
            let manifest = std::fs::read_to_string(root().join(dir).join("Cargo.toml"));
            for line in manifest.unwrap_or_default().lines() {
                if let Some(name) = line.strip_prefix("name = \"") {
                    k.defs.insert(name.trim_end_matches('"').replace('-', "_"));
                }
            }
        }
        k.defs.insert("qm".to_string());
        k
    }

    /// The macros and values the templates define (`{% macro picture_box(...) %}`,
    /// `{% set GLANCE = ... %}`): names the docs give too.
    fn read_templates(&mut self, dir: &Path) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                self.read_templates(&path);
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            for tag in text.split("{%").skip(1) {
                let mut words = tag.trim_start_matches('-').split_whitespace();
                if let (Some("macro" | "set"), Some(name)) = (words.next(), words.next()) {
                    let name: String = name
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    self.defs.insert(name);
                }
            }
        }
    }

    fn read(&mut self, code: &str) {
        const KEYWORDS: [&str; 8] = [
            "fn", "struct", "enum", "mod", "const", "static", "type", "trait",
        ];
        let words: Vec<&str> = code
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .collect();
        for pair in words.windows(2) {
            if KEYWORDS.contains(&pair[0]) {
                self.defs.insert(pair[1].to_string());
            }
        }
        for line in code.lines() {
            let t = line.trim_start().trim_start_matches("pub ").trim_start();
            // A field (`name: Type`) or a variant (`Name,`, `Name(..)`, `Name {`).
            let ident: String = t
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let after = t[ident.len()..].trim_start();
            let field = after.starts_with(':') && !after.starts_with("::");
            let variant = ident.starts_with(|c: char| c.is_ascii_uppercase())
                && (after.starts_with([',', '(', '{']) || after.is_empty());
            if !ident.is_empty() && (field || variant) {
                self.defs.insert(ident);
            }
        }
        // A quote as a character (`'"'`, `'\\"'`) is not a string's start or end.
        let code = code.replace("'\\\"'", "' '").replace("'\"'", "' '");
        for (i, piece) in code.split('"').enumerate() {
            if i % 2 == 1 && piece.len() < 200 {
                self.strings.insert(piece.to_string());
                for item in piece.split(',') {
                    self.strings.insert(item.to_string());
                }
            }
        }
    }

    /// Whether `name` (a Rust name as a doc writes it) is ours, a string of ours or another
    /// crate's.
    fn has(&self, name: &str) -> bool {
        let name = name.trim_end_matches("()");
        let last = name.rsplit("::").next().unwrap_or(name);
        let first = name.split("::").next().unwrap_or(name);
        self.defs.contains(last)
            || self.strings.contains(name)
            || OTHER_CRATES.contains(&first)
            || SYSTEM_NAMES.contains(&name)
    }
}

/// A span that is a Rust name: identifiers joined by `::` (an optional `()` after), with a
/// path separator, an underscore or an inner capital (plain words are prose).
fn is_rust_name(s: &str) -> bool {
    let s = s.trim_end_matches("()");
    let ident = |p: &str| {
        !p.is_empty()
            && p.chars().all(|c| c.is_alphanumeric() || c == '_')
            && !p.starts_with(|c: char| c.is_ascii_digit())
    };
    if !s.split("::").all(ident) || s.starts_with("qm-") {
        return false;
    }
    let last = s.rsplit("::").next().unwrap_or(s);
    let camel = last.starts_with(|c: char| c.is_ascii_uppercase())
        && last.chars().skip(1).any(|c| c.is_ascii_lowercase())
        && last.chars().skip(1).any(|c| c.is_ascii_uppercase());
    s.contains("::") || last.contains('_') || camel
}

/// The repository's top-level entries.
fn top_level() -> BTreeSet<String> {
    std::fs::read_dir(root())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| !n.starts_with('.') && n != "target" && n != "out")
        .collect()
}

/// A span that is a path in the repository: segments joined by `/`, the first a top-level
/// entry.
fn is_repo_path(s: &str, top: &BTreeSet<String>) -> bool {
    s.contains('/')
        && !s.contains(char::is_whitespace)
        && s.split('/').next().is_some_and(|first| top.contains(first))
}

/// Whether `path` exists in the repository, or in the data or templates folder a doc
/// describes the layout of (`registry/theaters.toml`, `counter/front.svg`); `<x>` and `*` in
/// a segment match any run of characters.
fn path_exists(path: &str) -> bool {
    ["", "data-src", "templates"]
        .iter()
        .any(|base| path_exists_in(&root().join(base), path))
}

fn path_exists_in(base: &Path, path: &str) -> bool {
    let mut here = vec![base.to_path_buf()];
    for seg in path.split('/').filter(|s| !s.is_empty()) {
        let pattern = wildcard(seg);
        let mut next = Vec::new();
        for dir in &here {
            if !pattern.contains('*') {
                let p = dir.join(seg);
                if p.exists() {
                    next.push(p);
                }
                continue;
            }
            for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                if matches_wildcard(&pattern, &e.file_name().to_string_lossy()) {
                    next.push(e.path());
                }
            }
        }
        here = next;
    }
    !here.is_empty()
}

/// A segment with each `<...>` made a `*`.
fn wildcard(seg: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for c in seg.chars() {
        match c {
            '<' => {
                inside = true;
                out.push('*');
            }
            '>' => inside = false,
            _ if !inside => out.push(c),
            _ => {}
        }
    }
    out
}

fn matches_wildcard(pattern: &str, name: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !name.starts_with(first) || !name[first.len()..].ends_with(last) {
        return false;
    }
    let mut rest = &name[first.len()..name.len() - last.len()];
    for mid in &parts[1..parts.len() - 1] {
        match rest.find(mid) {
            Some(i) => rest = &rest[i + mid.len()..],
            None => return false,
        }
    }
    true
}

/// `qm`'s help for a command path (`["vassal", "merge"]`), memoized; `None` if it fails.
fn help(cache: &mut BTreeMap<Vec<String>, Option<String>>, path: &[String]) -> Option<String> {
    cache
        .entry(path.to_vec())
        .or_insert_with(|| {
            let out = Command::new(env!("CARGO_BIN_EXE_qm"))
                .args(path)
                .arg("--help")
                .output()
                .ok()?;
            out.status
                .success()
                .then(|| String::from_utf8_lossy(&out.stdout).to_string())
        })
        .clone()
}

/// The problem with a command span (`qm build --out DIR`), if it has one.
fn command_problem(
    span: &str,
    cache: &mut BTreeMap<Vec<String>, Option<String>>,
) -> Option<String> {
    // `qm vassal merge / gpids / check` names three commands.
    let words: Vec<&str> = span.split_whitespace().skip(1).collect();
    let mut path: Vec<String> = Vec::new();
    for w in &words {
        if w.starts_with(|c: char| c.is_ascii_lowercase()) && !w.contains('.') {
            let mut longer = path.clone();
            longer.push((*w).to_string());
            let parent = help(cache, &path)?;
            if parent.contains("Commands:") && help(cache, &longer).is_some() {
                path = longer;
                continue;
            }
            if parent.contains("Commands:") && *w != "/" {
                return Some(format!("`qm {}` is not a command", longer.join(" ")));
            }
        }
        break;
    }
    let own = help(cache, &path)?;
    for w in &words {
        let flag = w.trim_start_matches('[').trim_end_matches(']');
        let flag = flag.split('=').next().unwrap_or(flag);
        if flag.starts_with("--") && !own.contains(flag) {
            return Some(format!("`qm {}` has no flag `{flag}`", path.join(" ")));
        }
    }
    None
}

/// Every claim of `text` (the doc `doc`) that does not hold, as `doc:line: why`.
fn false_claims(doc: &str, text: &str, known: &Known) -> Vec<String> {
    let top = top_level();
    let mut cache = BTreeMap::new();
    let mut out = Vec::new();
    for (line, span) in spans(text) {
        let why = if span.starts_with("qm ") {
            command_problem(&span, &mut cache)
        } else if is_repo_path(&span, &top) {
            (!path_exists(&span)).then(|| "no such path".to_string())
        } else if is_rust_name(&span) {
            (!known.has(&span)).then(|| "no such name in the code".to_string())
        } else {
            None
        };
        if let Some(why) = why {
            out.push(format!("{doc}:{line}: `{span}`: {why}"));
        }
    }
    out
}

#[test]
fn every_name_path_and_command_the_docs_give_exists() {
    let known = Known::of_workspace();
    let mut problems = Vec::new();
    for doc in docs() {
        let text = std::fs::read_to_string(&doc).unwrap();
        let name = doc.strip_prefix(root()).unwrap().display().to_string();
        problems.extend(false_claims(&name, &text, &known));
    }
    assert!(
        problems.is_empty(),
        "false claims:\n{}",
        problems.join("\n")
    );
}

#[test]
fn a_made_up_name_path_command_or_flag_is_a_false_claim() {
    let known = Known::of_workspace();
    let text = "`each_side` and `qm_render::counter_images` exist; `render_everything_twice` \
                does not.\n`parser/src/listing/` is there, `parser/src/nowhere.rs` is not, \
                `templates/counter/<side>.svg` matches.\n`qm build --out DIR` works, \
                `qm build --frobnicate` and `qm teleport` do not.\n";
    let found = false_claims("doc.md", text, &known);
    assert_eq!(
        found,
        [
            "doc.md:1: `render_everything_twice`: no such name in the code",
            "doc.md:2: `parser/src/nowhere.rs`: no such path",
            "doc.md:3: `qm build --frobnicate`: `qm build` has no flag `--frobnicate`",
            "doc.md:3: `qm teleport`: `qm teleport` is not a command",
        ]
    );
}

/// The anchor GitHub gives a heading: lower case, punctuation other than `-` and `_` left out,
/// spaces made hyphens.
fn anchor_of(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown file's headings.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut fenced = false;
    let mut out = BTreeSet::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.insert(anchor_of(line.trim_start_matches('#')));
        }
    }
    out
}

/// Every `](target)` of a Markdown text that points into the repository, with its line.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        for part in line.split("](").skip(1) {
            let Some(end) = part.find(')') else { continue };
            let target = &part[..end];
            if !target.contains("://") && !target.starts_with("mailto:") && !target.is_empty() {
                out.push((n + 1, target.to_string()));
            }
        }
    }
    out
}

/// Every link of `doc` (at `path`) that leads nowhere, as `doc:line: why`.
fn broken_links(path: &Path, text: &str) -> Vec<String> {
    let name = path
        .strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string();
    let dir = path.parent().unwrap_or(root());
    let mut out = Vec::new();
    for (line, target) in links(text) {
        let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
        let file_path = if file.is_empty() {
            path.to_path_buf()
        } else {
            dir.join(file)
        };
        if !file_path.exists() {
            out.push(format!("{name}:{line}: `{target}`: no such file"));
            continue;
        }
        let is_md = file_path.extension().is_some_and(|e| e == "md");
        if !anchor.is_empty() && is_md {
            let target_text = std::fs::read_to_string(&file_path).unwrap_or_default();
            if !anchors(&target_text).contains(anchor) {
                out.push(format!("{name}:{line}: `{target}`: no such heading"));
            }
        }
    }
    out
}

#[test]
fn every_link_of_the_docs_resolves_and_the_index_lists_every_page() {
    let mut problems = Vec::new();
    for doc in docs() {
        let text = std::fs::read_to_string(&doc).unwrap();
        problems.extend(broken_links(&doc, &text));
    }
    let index = std::fs::read_to_string(root().join("docs/README.md")).unwrap();
    for doc in docs() {
        let Ok(rel) = doc.strip_prefix(root().join("docs")) else {
            continue;
        };
        let rel = rel.display().to_string();
        if rel != "README.md" && !index.contains(&format!("]({rel})")) {
            problems.push(format!("docs/README.md does not list docs/{rel}"));
        }
    }
    assert!(
        problems.is_empty(),
        "broken links:\n{}",
        problems.join("\n")
    );
}

#[test]
fn a_link_to_nothing_is_found() {
    let path = root().join("README.md");
    let text = "[a](docs/commands.md#output-directory) [b](docs/nowhere.md) \
                [c](docs/commands.md#no-such-heading) [d](https://example.com/x)\n";
    assert_eq!(
        broken_links(&path, text),
        [
            "README.md:1: `docs/nowhere.md`: no such file",
            "README.md:1: `docs/commands.md#no-such-heading`: no such heading",
        ]
    );
    assert_eq!(
        anchor_of(" VASL's Chapter H CSV (`listing.csv`)"),
        "vasls-chapter-h-csv-listingcsv"
    );
}
