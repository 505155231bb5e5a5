//! No import cycle between the modules of any crate: cargo enforces the crates' graph, this
//! test the modules' (ARCHITECTURE.md: "No module imports a module that imports it back").
//!
//! A module's imports are the paths it names (`crate::a::b`, `super::x`, `self::y`), each
//! taken to the longest module it names. A module naming its own ancestor (a child using its
//! parent's items) is how Rust nests modules and is not counted; test code and comments (doc
//! links) are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Every crate's source folder, from the workspace root.
const CRATES: [&str; 10] = [
    "parser/src",
    "schema/src",
    "registry/src",
    "resolve/src",
    "load/src",
    "layout/src",
    "render/src",
    "compile/src",
    "export/src",
    "src",
];

/// The module path of a file under `src` (`a/b.rs` and `a/b/mod.rs` are `a::b`).
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The crate's files by module, test files (`tests.rs`, `*_tests.rs`) and test modules
/// included: a test module that imports a module importing it back is a cycle too.
fn modules(src: &Path) -> BTreeMap<Vec<String>, String> {
    let mut out = BTreeMap::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().to_string();
            if path.is_dir() {
                dirs.push(path);
            } else if name.ends_with(".rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                // Comments name modules without importing them (doc links).
                let code: String = text
                    .lines()
                    .map(|l| l.split("//").next().unwrap_or(""))
                    .collect::<Vec<_>>()
                    .join("\n");
                out.insert(module_of(path.strip_prefix(src).unwrap()), code);
            }
        }
    }
    out
}

/// The modules `code` (of module `at`) names, other than itself and its ancestors: every path
/// of every `use` tree (groups, nested groups, `self` in a group, renames, globs) and every
/// path written in the code (`crate::a::f()`, `super::b::X`).
fn imports(
    at: &[String],
    code: &str,
    known: &BTreeMap<Vec<String>, String>,
) -> BTreeSet<Vec<String>> {
    let mut out = BTreeSet::new();
    let mut paths = use_paths(code);
    paths.extend(
        code.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .map(str::to_string),
    );
    for word in paths {
        let mut segments = word.split("::").filter(|s| !s.is_empty());
        let mut path: Vec<String> = match segments.next() {
            Some("crate") => Vec::new(),
            Some("self") => at.to_vec(),
            Some("super") => at[..at.len().saturating_sub(1)].to_vec(),
            _ => continue,
        };
        for s in segments {
            match s {
                "super" => {
                    path.pop();
                }
                "self" => {}
                _ => path.push(s.to_string()),
            }
        }
        while !path.is_empty() && !known.contains_key(&path) {
            path.pop();
        }
        if !path.is_empty() && !at.starts_with(&path) {
            out.insert(path);
        }
    }
    out
}

/// Every path a `use` declaration of `code` imports, its groups expanded:
/// `use super::{png, sheet::{self, EMBED as E}};` gives `super::png`, `super::sheet` and
/// `super::sheet::EMBED`. A declaration starts a line (after its visibility) and ends at `;`.
fn use_paths(code: &str) -> Vec<String> {
    use_trees(code)
        .into_iter()
        .map(|p| p.split(" as ").next().unwrap_or(&p).to_string())
        .collect()
}

/// [`use_paths`] with each rename kept after its path (`super::sheet::EMBED as E`).
fn use_trees(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut lines = code.lines();
    while let Some(line) = lines.next() {
        let mut decl = line.trim_start();
        if let Some(rest) = decl.strip_prefix("pub") {
            decl = rest.trim_start();
            if decl.starts_with('(') {
                decl = decl.split_once(')').map_or("", |(_, r)| r.trim_start());
            }
        }
        let Some(tree) = decl.strip_prefix("use ") else {
            continue;
        };
        let mut tree = tree.to_string();
        while !tree.contains(';') {
            match lines.next() {
                Some(more) => tree.push_str(more),
                None => break,
            }
        }
        let tree = tree.split(';').next().unwrap_or("");
        // Whitespace only matters around `as`: keep it there as one space.
        let words: Vec<&str> = tree.split_whitespace().collect();
        let tree = words
            .iter()
            .map(|w| if *w == "as" { " as " } else { w })
            .collect::<String>();
        expand("", &tree, &mut out);
    }
    out
}

/// Expands one use tree (whitespace removed) under `prefix` into full paths.
fn expand(prefix: &str, tree: &str, out: &mut Vec<String>) {
    let join = |p: &str, s: &str| {
        if p.is_empty() {
            s.to_string()
        } else if s == "self" {
            p.to_string()
        } else {
            format!("{p}::{s}")
        }
    };
    if let Some(open) = tree.find('{') {
        let head = tree[..open].trim_end_matches("::");
        let close = tree.rfind('}').filter(|&c| c > open).unwrap_or(tree.len());
        let inner = &tree[open + 1..close];
        let base = join(prefix, head);
        for part in split_top(inner) {
            expand(&base, part, out);
        }
    } else {
        let (path, alias) = match tree.split_once(" as ") {
            Some((p, a)) => (p, Some(a)),
            None => (tree, None),
        };
        let path = path.trim_end_matches("::*");
        if !path.is_empty() {
            let full = join(prefix, path);
            out.push(match alias {
                Some(a) => format!("{full} as {a}"),
                None => full,
            });
        }
    }
}

/// The items of a group, split at its top-level commas.
fn split_top(group: &str) -> Vec<&str> {
    let (mut depth, mut start, mut parts) = (0, 0, Vec::new());
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&group[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&group[start..]);
    parts.into_iter().filter(|p| !p.is_empty()).collect()
}

/// A cycle through the graph, if there is one (depth-first search, colours by state).
fn find_cycle(graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Option<Vec<String>> {
    fn visit(
        node: &Vec<String>,
        graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        state: &mut BTreeMap<Vec<String>, bool>,
        stack: &mut Vec<Vec<String>>,
    ) -> Option<Vec<String>> {
        match state.get(node) {
            Some(true) => return None,
            Some(false) => {
                let from = stack.iter().position(|n| n == node).unwrap_or(0);
                let mut cycle: Vec<String> = stack[from..].iter().map(|m| m.join("::")).collect();
                cycle.push(node.join("::"));
                return Some(cycle);
            }
            None => {}
        }
        state.insert(node.clone(), false);
        stack.push(node.clone());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, state, stack) {
                return Some(c);
            }
        }
        stack.pop();
        state.insert(node.clone(), true);
        None
    }
    let mut state = BTreeMap::new();
    graph
        .keys()
        .find_map(|n| visit(n, graph, &mut state, &mut Vec::new()))
}

/// Builds a crate's module graph from its source folder.
fn graph_of(src: &Path) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let known = modules(src);
    known
        .iter()
        .map(|(at, code)| (at.clone(), imports(at, code, &known)))
        .collect()
}

#[test]
fn no_crate_has_an_import_cycle_between_its_modules() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut cycles = Vec::new();
    for src in CRATES {
        let graph = graph_of(&root.join(src));
        assert!(graph.len() > 1, "{src}: no modules found");
        if let Some(cycle) = find_cycle(&graph) {
            cycles.push(format!("{src}: {}", cycle.join(" -> ")));
        }
    }
    assert!(cycles.is_empty(), "import cycles:\n{}", cycles.join("\n"));
}

#[test]
fn the_cycle_finder_finds_a_cycle_of_two_modules() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    std::fs::write(src.join("lib.rs"), "mod a;\nmod b;\n").unwrap();
    std::fs::write(src.join("a.rs"), "use crate::b::thing;\n").unwrap();
    std::fs::write(src.join("b.rs"), "use super::a::other;\n").unwrap();
    let cycle = find_cycle(&graph_of(src)).expect("a cycle");
    assert!(cycle.contains(&"a".to_string()) && cycle.contains(&"b".to_string()));
    // A child naming its parent is nesting, not a cycle.
    std::fs::write(src.join("b.rs"), "use crate::thing;\n").unwrap();
    assert_eq!(find_cycle(&graph_of(src)), None);
}

#[test]
fn every_use_form_is_an_edge() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    std::fs::write(src.join("lib.rs"), "mod a;\nmod b;\nmod c;\n").unwrap();
    std::fs::write(src.join("c.rs"), "").unwrap();
    let forms = [
        "use super::{c, b};",
        "use super::{\n    c,\n    b::{self, Thing as Other},\n};",
        "use crate::{b::*, c};",
        "pub(crate) use self::super::b::Thing;",
        "use super::{c::{x, y}, b as bee};",
    ];
    for form in forms {
        std::fs::write(src.join("a.rs"), format!("{form}\n")).unwrap();
        std::fs::write(src.join("b.rs"), "use super::a::other;\n").unwrap();
        let cycle = find_cycle(&graph_of(src));
        assert!(cycle.is_some(), "no edge a -> b read from `{form}`");
    }
    // The render crate's old cycle: `use super::{png, sheet, svg};` in counter, sheet using
    // counter.
    assert_eq!(
        use_paths("use super::{png, sheet, svg};"),
        ["super::png", "super::sheet", "super::svg"]
    );
}

/// The names the `use` declarations of `code` bind, each with the path it stands for and
/// whether the declaration is `pub` (any `pub(...)` included): `use qm_a::b::{c, d as e};`
/// binds `c` to `qm_a::b::c` and `e` to `qm_a::b::d`.
fn use_bindings(code: &str) -> Vec<(bool, String, String)> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let line_start = rest[..at].rfind('\n').map_or(0, |i| i + 1);
        let head = rest[line_start..at].trim();
        let end = rest[at..].find(';').map_or(rest.len(), |i| at + i + 1);
        let decl = &rest[line_start..end];
        rest = &rest[end..];
        if !(head.is_empty() || head == "pub" || head.starts_with("pub(")) {
            continue;
        }
        let public = head.starts_with("pub");
        for path in use_trees(decl) {
            let (path, bound) = match path.split_once(" as ") {
                Some((p, alias)) => (p.to_string(), alias.to_string()),
                None => {
                    let last = path.rsplit("::").next().unwrap_or(&path).to_string();
                    (path, last)
                }
            };
            out.push((public, bound, path));
        }
    }
    out
}

#[test]
fn no_crate_re_exports_another_crates_items() {
    // One path to each thing: an item is named where it is defined, never through another
    // crate's `pub use` (a re-export makes two paths, and hides which crate a stage needs) —
    // also not through a name a plain `use` took from another crate (`use qm_a::m;` then
    // `pub use m::Item;`).
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for src in CRATES {
        let mut dirs = vec![root.join(src)];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    dirs.push(path);
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                found.extend(
                    cross_crate_re_exports(&text)
                        .into_iter()
                        .map(|p| format!("{}: pub use {p}", path.display())),
                );
            }
        }
    }
    assert!(
        found.is_empty(),
        "cross-crate re-exports:\n{}",
        found.join("\n")
    );
}

/// The paths `code` re-exports (`pub use`) that lead into another crate, directly or through
/// a name a private `use` of the same file took from one.
fn cross_crate_re_exports(code: &str) -> Vec<String> {
    let bindings = use_bindings(code);
    let foreign = |path: &str| path.starts_with("qm_") || path.starts_with("qm::");
    let imported: BTreeMap<&str, &str> = bindings
        .iter()
        .filter(|(public, _, path)| !public && foreign(path))
        .map(|(_, bound, path)| (bound.as_str(), path.as_str()))
        .collect();
    bindings
        .iter()
        .filter(|(public, _, _)| *public)
        .filter(|(_, _, path)| {
            let first = path.split("::").next().unwrap_or("");
            foreign(path) || imported.contains_key(first)
        })
        .map(|(_, _, path)| path.clone())
        .collect()
}

#[test]
fn a_re_export_through_an_imported_name_is_found() {
    let code = "use qm_render::module_images::{self, CounterPng};\n\
                use crate::own;\n\
                pub use module_images::rendered_images;\n\
                pub use own::Thing;\n\
                pub(crate) use qm_load::x as y;\n";
    assert_eq!(
        cross_crate_re_exports(code),
        ["module_images::rendered_images", "qm_load::x"]
    );
}
