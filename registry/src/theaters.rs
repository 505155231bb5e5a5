//! The theater registry: every theater and group of theaters the notes, `qm avail` and
//! scenario files may name, read from `theaters.toml` files (see [`super::read_theaters`]).

use std::collections::HashMap;

use qm_parser::TextSpan;
use qm_schema::TheaterId;

use super::key::theater_key;
use crate::names::did_you_mean;

/// Keys of the reserved "any theater" ([`TheaterId::ANY`]); no registry entry may use them.
pub(crate) const ANY_KEYS: [&str; 3] = ["any", "anytheater", "anywhere"];

/// One theater of the registry.
#[derive(Debug, Clone, PartialEq)]
pub struct TheaterEntry {
    /// The id written into the IR ("NorthAfrica"); never renamed.
    pub id: TheaterId,
    /// The name as the notes print it ("North Africa", "the Balkans").
    pub name: String,
    /// Other spellings and adjectives ("NA", "Libya", "North African").
    pub aliases: Vec<String>,
    /// The theater it lies inside (Tunisia: North Africa), if any.
    pub part_of: Option<TheaterId>,
    /// Where the entry is defined.
    pub span: TextSpan,
}

/// A name standing for several theaters ("the ETO").
#[derive(Debug, Clone, PartialEq)]
pub struct TheaterGroup {
    /// Its id ("Eto"); groups never appear in the IR.
    pub id: String,
    /// The name as the notes print it ("the ETO").
    pub name: String,
    /// Other spellings ("ETO", "Europe").
    pub aliases: Vec<String>,
    /// The theaters it stands for, in the file's order.
    pub members: Vec<TheaterId>,
    /// Where the group is defined.
    pub span: TextSpan,
}

/// What a theater name refers to.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TheaterName<'r> {
    /// One theater.
    Theater(&'r TheaterEntry),
    /// A group of theaters.
    Group(&'r TheaterGroup),
    /// The reserved "any theater".
    Any,
}

/// Where a name key leads, by index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Target {
    Theater(usize),
    Group(usize),
}

/// The theaters and groups of theaters, in file order (the order availability is listed in).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TheaterRegistry {
    pub(crate) theaters: Vec<TheaterEntry>,
    pub(crate) groups: Vec<TheaterGroup>,
    /// Every id, name and alias by [`theater_key`].
    pub(crate) keys: HashMap<String, Target>,
    pub(crate) by_id: HashMap<TheaterId, usize>,
}

impl TheaterRegistry {
    /// Every theater, in file order.
    pub fn theaters(&self) -> &[TheaterEntry] {
        &self.theaters
    }

    /// Every group, in file order.
    pub fn groups(&self) -> &[TheaterGroup] {
        &self.groups
    }

    /// Looks a name up by id, name or alias, ignoring case, spaces, hyphens, dots and a
    /// leading "the"; "any", "anywhere" and "any theater" name the reserved
    /// [`TheaterName::Any`].
    pub fn lookup(&self, name: &str) -> Option<TheaterName<'_>> {
        let key = theater_key(name);
        if ANY_KEYS.contains(&key.as_str()) {
            return Some(TheaterName::Any);
        }
        self.keys.get(&key).map(|t| match *t {
            Target::Theater(i) => TheaterName::Theater(&self.theaters[i]),
            Target::Group(i) => TheaterName::Group(&self.groups[i]),
        })
    }

    /// The theater with id `id`.
    pub fn get(&self, id: &TheaterId) -> Option<&TheaterEntry> {
        self.by_id.get(id).map(|&i| &self.theaters[i])
    }

    /// The name to print for `id`: the registry's name, "any theater", or the id itself when
    /// the registry does not have it (an IR read from elsewhere).
    pub fn name<'a>(&'a self, id: &'a TheaterId) -> &'a str {
        if id.is_any() {
            return "any theater";
        }
        self.get(id).map_or(id.as_str(), |t| t.name.as_str())
    }

    /// The theater `id` lies inside, if any.
    fn parent(&self, id: &TheaterId) -> Option<&TheaterId> {
        self.get(id).and_then(|t| t.part_of.as_ref())
    }

    /// True when `inner` lies inside `outer`, directly or through other parts (Crete in
    /// Greece in the Balkans); a theater is not a part of itself.
    pub fn part_of(&self, inner: &TheaterId, outer: &TheaterId) -> bool {
        let mut at = inner;
        // Reading rejects cycles; the bound keeps a hand-built registry from looping anyway.
        for _ in 0..=self.theaters.len() {
            match self.parent(at) {
                Some(p) if p == outer => return true,
                Some(p) => at = p,
                None => return false,
            }
        }
        false
    }

    /// True when the two are the same theater or one lies inside the other: an entry for one
    /// answers a question about the other.
    pub fn overlaps(&self, a: &TheaterId, b: &TheaterId) -> bool {
        a == b || self.part_of(a, b) || self.part_of(b, a)
    }

    /// The outermost theater `id` lies inside (itself when it lies inside none).
    pub fn whole<'a>(&'a self, id: &'a TheaterId) -> &'a TheaterId {
        let mut at = id;
        for _ in 0..=self.theaters.len() {
            match self.parent(at) {
                Some(p) => at = p,
                None => break,
            }
        }
        at
    }

    /// Every theater lying inside `id`, at any depth, in file order.
    pub fn parts(&self, id: &TheaterId) -> Vec<TheaterId> {
        self.theaters
            .iter()
            .filter(|t| self.part_of(&t.id, id))
            .map(|t| t.id.clone())
            .collect()
    }

    /// Where `id` is listed: its position in the file; "Any" after every theater, an unknown
    /// id last.
    pub fn rank(&self, id: &TheaterId) -> usize {
        match self.by_id.get(id) {
            Some(&i) => i,
            None if id.is_any() => self.theaters.len(),
            None => usize::MAX,
        }
    }

    /// The names closest to `wanted` (theaters and groups, without a leading "the"), best
    /// first; a misspelled alias ("Lybia") suggests the name of the theater it belongs to.
    pub fn suggest(&self, wanted: &str) -> Vec<&str> {
        let names = self.display_names();
        let close = did_you_mean(wanted, names.iter().map(|(n, _)| *n));
        if !close.is_empty() {
            return close;
        }
        let aliases = self.aliases_with_names();
        let mut out: Vec<&str> = Vec::new();
        for alias in did_you_mean(wanted, aliases.iter().map(|(a, _)| *a)) {
            if let Some((_, name)) = aliases.iter().find(|(a, _)| *a == alias) {
                if !out.contains(name) {
                    out.push(name);
                }
            }
        }
        out
    }

    /// Every theater's and group's name, without a leading "the", with its target.
    fn display_names(&self) -> Vec<(&str, Target)> {
        let theaters = self
            .theaters
            .iter()
            .enumerate()
            .map(|(i, t)| (short(&t.name), Target::Theater(i)));
        let groups = self
            .groups
            .iter()
            .enumerate()
            .map(|(i, g)| (short(&g.name), Target::Group(i)));
        theaters.chain(groups).collect()
    }

    /// Every alias with the name of what it names.
    fn aliases_with_names(&self) -> Vec<(&str, &str)> {
        let theaters = self
            .theaters
            .iter()
            .flat_map(|t| t.aliases.iter().map(|a| (a.as_str(), short(&t.name))));
        let groups = self
            .groups
            .iter()
            .flat_map(|g| g.aliases.iter().map(|a| (a.as_str(), short(&g.name))));
        theaters.chain(groups).collect()
    }

    /// Every theater's name (no group's), without a leading "the", in file order: what a
    /// scenario may be set in.
    pub fn names(&self) -> Vec<&str> {
        self.theaters.iter().map(|t| short(&t.name)).collect()
    }
}

/// A name without its leading article, as a user would type it ("Balkans").
fn short(name: &str) -> &str {
    name.strip_prefix("the ").unwrap_or(name)
}
