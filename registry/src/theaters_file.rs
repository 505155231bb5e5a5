//! Reading a `theaters.toml` into a [`TheaterRegistry`]: the shared file first, then a
//! nation's own file adding to it. Every problem is a diagnostic into the file.

use qm_parser::{Diagnostic, FileId, SourceMap, TextSpan};
use qm_schema::TheaterId;
use serde::Deserialize;
use toml::Spanned;

use super::key::theater_key;
use super::theaters::{Target, TheaterEntry, TheaterGroup, TheaterRegistry, ANY_KEYS};
use crate::names::did_you_mean;
use crate::spanned::{span_of, toml_diagnostic};

/// The shape of a `theaters.toml`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct TheatersFile {
    #[serde(default)]
    theater: Vec<TheaterToml>,
    #[serde(default)]
    group: Vec<GroupToml>,
}

/// `[[theater]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TheaterToml {
    id: Spanned<String>,
    name: Spanned<String>,
    #[serde(default)]
    aliases: Vec<Spanned<String>>,
    part_of: Option<Spanned<String>>,
}

/// `[[group]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GroupToml {
    id: Spanned<String>,
    name: Spanned<String>,
    #[serde(default)]
    aliases: Vec<Spanned<String>>,
    #[serde(default)]
    members: Vec<Spanned<String>>,
}

/// Adds the theaters and groups of `file` to `registry`. An id, name or alias another entry
/// already has (in this file or an earlier one) is an error, and so is a `part_of` or group
/// member naming no theater; the entry in error is left out, the rest is read.
pub fn read_theaters(
    registry: &mut TheaterRegistry,
    map: &SourceMap,
    file: FileId,
    diags: &mut Vec<Diagnostic>,
) {
    let Some(src) = map.get(file) else { return };
    let parsed: TheatersFile = match toml::from_str(&src.text) {
        Ok(f) => f,
        Err(e) => {
            diags.push(toml_diagnostic("registry::syntax", &src.name, file, &e).with_help(
                "see data-src/registry/theaters.toml for the format: [[theater]] id, name, aliases, part_of; [[group]] id, name, aliases, members",
            ));
            return;
        }
    };
    let mut r = Reader {
        registry,
        map,
        file,
        diags,
    };
    let first_new = r.registry.theaters.len();
    let mut part_ofs = Vec::new();
    for t in &parsed.theater {
        if let Some(i) = r.theater(t) {
            part_ofs.push((i, t.part_of.as_ref()));
        }
    }
    for (i, part_of) in part_ofs {
        if let Some(p) = part_of {
            r.part_of(i, p);
        }
    }
    r.reject_cycles(first_new);
    for g in &parsed.group {
        r.group(g);
    }
}

struct Reader<'a> {
    registry: &'a mut TheaterRegistry,
    map: &'a SourceMap,
    file: FileId,
    diags: &'a mut Vec<Diagnostic>,
}

impl Reader<'_> {
    fn span<T>(&self, v: &Spanned<T>) -> TextSpan {
        span_of(self.file, v)
    }

    /// The file an existing entry is defined in, for "already defined" notes.
    fn defined_in(&self, target: Target) -> String {
        let span = match target {
            Target::Theater(i) => &self.registry.theaters[i].span,
            Target::Group(i) => &self.registry.groups[i].span,
        };
        self.map
            .get(span.file)
            .map_or_else(String::new, |s| s.name.clone())
    }

    fn label_of(&self, target: Target) -> String {
        match target {
            Target::Theater(i) => format!("theater `{}`", self.registry.theaters[i].id),
            Target::Group(i) => format!("group `{}`", self.registry.groups[i].id),
        }
    }

    /// Checks an id's spelling; `None` (with a diagnostic) when it cannot be used.
    fn id(&mut self, id: &Spanned<String>, what: &str) -> Option<String> {
        let text = id.get_ref().trim();
        if text.is_empty() || !text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            self.diags.push(
                Diagnostic::error(
                    "registry::bad-id",
                    format!("failed to use `{}` as a {what} id", id.get_ref()),
                    self.span(id),
                )
                .with_label("not an id")
                .with_help("an id is ASCII letters, digits and `_`: the name without spaces"),
            );
            return None;
        }
        Some(text.to_string())
    }

    /// Claims every name key of a new entry; `false` (with diagnostics) when one is the
    /// reserved "any" or belongs to another entry already.
    fn claim(&mut self, names: &[&Spanned<String>], target: Target) -> bool {
        let mut ok = true;
        let mut claimed: Vec<String> = Vec::new();
        for n in names {
            let key = theater_key(n.get_ref());
            if key.is_empty() {
                self.diags.push(
                    Diagnostic::error(
                        "registry::bad-name",
                        "failed to use an empty theater name",
                        self.span(n),
                    )
                    .with_label("empty"),
                );
                ok = false;
                continue;
            }
            if ANY_KEYS.contains(&key.as_str()) {
                self.diags.push(
                    Diagnostic::error(
                        "registry::reserved",
                        format!(
                            "failed to use `{}` as a theater name (it means any theater)",
                            n.get_ref()
                        ),
                        self.span(n),
                    )
                    .with_label("reserved")
                    .with_help("\"Any\", \"anywhere\" and \"any theater\" are built into qm"),
                );
                ok = false;
                continue;
            }
            match self.registry.keys.get(&key) {
                Some(&other) if other != target => {
                    self.diags.push(
                        Diagnostic::error(
                            "registry::duplicate-name",
                            format!(
                                "failed to add `{}` (the {} already has that name)",
                                n.get_ref(),
                                self.label_of(other)
                            ),
                            self.span(n),
                        )
                        .with_label("already taken")
                        .with_note(format!(
                            "names are compared ignoring case, spaces, hyphens, dots and a leading \"the\"; the {} is defined in {}",
                            self.label_of(other),
                            self.defined_in(other)
                        ))
                        .with_help("remove the name from one of the two entries"),
                    );
                    ok = false;
                }
                _ => claimed.push(key),
            }
        }
        if ok {
            for key in claimed {
                self.registry.keys.insert(key, target);
            }
        }
        ok
    }

    /// Adds one theater; its index, or `None` when it is in error.
    fn theater(&mut self, t: &TheaterToml) -> Option<usize> {
        let id = self.id(&t.id, "theater")?;
        let taken = self.registry.keys.get(&theater_key(&id)).copied();
        if let Some(other) = taken.filter(|o| self.exact_id(*o) == Some(id.as_str())) {
            self.diags.push(self.duplicate_id(&t.id, other));
            return None;
        }
        let index = self.registry.theaters.len();
        let mut names: Vec<&Spanned<String>> = vec![&t.id, &t.name];
        names.extend(t.aliases.iter());
        if !self.claim(&names, Target::Theater(index)) {
            return None;
        }
        let id = TheaterId::new(id);
        self.registry.by_id.insert(id.clone(), index);
        self.registry.theaters.push(TheaterEntry {
            id,
            name: t.name.get_ref().trim().to_string(),
            aliases: t.aliases.iter().map(|a| a.get_ref().clone()).collect(),
            part_of: None,
            span: self.span(&t.id),
        });
        Some(index)
    }

    /// The id of an existing entry, as written.
    fn exact_id(&self, target: Target) -> Option<&str> {
        match target {
            Target::Theater(i) => self.registry.theaters.get(i).map(|t| t.id.as_str()),
            Target::Group(i) => self.registry.groups.get(i).map(|g| g.id.as_str()),
        }
    }

    fn duplicate_id(&self, id: &Spanned<String>, other: Target) -> Diagnostic {
        Diagnostic::error(
            "registry::duplicate-id",
            format!(
                "failed to add `{}` (the id is already defined in {})",
                id.get_ref(),
                self.defined_in(other)
            ),
            self.span(id),
        )
        .with_label("duplicate id")
        .with_help("an id names one theater or group; a nation's file may only add new ones")
    }

    /// Resolves a theater id named by `part_of` or `members`; an error naming the closest ids
    /// when there is no such theater.
    fn theater_id(&mut self, name: &Spanned<String>, what: &str) -> Option<TheaterId> {
        let id = TheaterId::new(name.get_ref().trim());
        if self.registry.by_id.contains_key(&id) {
            return Some(id);
        }
        let ids: Vec<&str> = self
            .registry
            .theaters
            .iter()
            .map(|t| t.id.as_str())
            .collect();
        let mut d = Diagnostic::error(
            "registry::unknown-theater",
            format!(
                "failed to find the theater `{}` that {what} names",
                name.get_ref()
            ),
            self.span(name),
        )
        .with_label("no theater has this id");
        if let Some(best) = did_you_mean(name.get_ref(), ids.iter().copied()).first() {
            d = d.with_help(format!("did you mean `{best}`?"));
        } else {
            d = d.with_help("name a theater by its `id`");
        }
        self.diags.push(d);
        None
    }

    fn part_of(&mut self, index: usize, part_of: &Spanned<String>) {
        let what = format!("`{}`'s part_of", self.registry.theaters[index].id);
        let Some(outer) = self.theater_id(part_of, &what) else {
            return;
        };
        self.registry.theaters[index].part_of = Some(outer);
    }

    /// A theater inside itself (A in B in A) would make every question about it endless:
    /// the `part_of` that closes a cycle is dropped with an error.
    fn reject_cycles(&mut self, first_new: usize) {
        for i in first_new..self.registry.theaters.len() {
            let start = self.registry.theaters[i].id.clone();
            let mut at = start.clone();
            let mut steps = 0;
            while let Some(p) = self.registry.get(&at).and_then(|t| t.part_of.clone()) {
                steps += 1;
                if p == start || steps > self.registry.theaters.len() {
                    let span = self.registry.theaters[i].span.clone();
                    self.diags.push(
                        Diagnostic::error(
                            "registry::part-of-cycle",
                            format!("failed to place `{start}` (it would lie inside itself through part_of)"),
                            span,
                        )
                        .with_label("part_of leads back here")
                        .with_help("a theater's part_of must name a larger theater"),
                    );
                    self.registry.theaters[i].part_of = None;
                    break;
                }
                at = p;
            }
        }
    }

    fn group(&mut self, g: &GroupToml) {
        let Some(id) = self.id(&g.id, "group") else {
            return;
        };
        if let Some(other) = self.registry.keys.get(&theater_key(&id)).copied() {
            if self.exact_id(other) == Some(id.as_str()) {
                self.diags.push(self.duplicate_id(&g.id, other));
                return;
            }
        }
        let index = self.registry.groups.len();
        let mut names: Vec<&Spanned<String>> = vec![&g.id, &g.name];
        names.extend(g.aliases.iter());
        if !self.claim(&names, Target::Group(index)) {
            return;
        }
        let what = format!("group `{id}`");
        let mut members: Vec<TheaterId> = Vec::new();
        for m in &g.members {
            if let Some(t) = self.theater_id(m, &what) {
                if !members.contains(&t) {
                    members.push(t);
                }
            }
        }
        self.registry.groups.push(TheaterGroup {
            id,
            name: g.name.get_ref().trim().to_string(),
            aliases: g.aliases.iter().map(|a| a.get_ref().clone()).collect(),
            members,
            span: self.span(&g.id),
        });
    }
}
