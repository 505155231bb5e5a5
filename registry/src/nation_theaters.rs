//! The theaters one nation fought in: what "the ETO", "elsewhere", "Otherwise" and "Any" stand
//! for in its notes, and which entries answer a question about a theater.

use qm_schema::TheaterId;

use super::theaters::{TheaterName, TheaterRegistry};

/// A nation's theaters with the registry they come from (see docs/notes.md, "How the notes are
/// read"): `[nation] theaters` of its `ob.toml`, or every theater its notes name with parts
/// folded into their whole.
#[derive(Debug, Clone)]
pub struct NationTheaters<'r> {
    registry: &'r TheaterRegistry,
    theaters: Vec<TheaterId>,
    /// True when the nation does not declare its theaters: an entry without a theater
    /// ("Any") then answers for every theater, not only those its notes name.
    open: bool,
}

impl<'r> NationTheaters<'r> {
    /// The nation fought in `theaters` (kept in the registry's order, each once); "Any"
    /// among them means the list is only what the notes name, not a declaration (see
    /// [`Self::matches`]).
    pub fn new(registry: &'r TheaterRegistry, theaters: Vec<TheaterId>) -> Self {
        let open = theaters.iter().any(TheaterId::is_any);
        let mut theaters: Vec<TheaterId> = theaters.into_iter().filter(|t| !t.is_any()).collect();
        theaters.sort_by_key(|t| registry.rank(t));
        theaters.dedup();
        Self {
            registry,
            theaters,
            open,
        }
    }

    /// The theaters named, each folded into its whole (Yugoslavia counts as the Balkans), in
    /// the registry's order; groups, "Any" and unknown names count for nothing.
    pub fn named<'n>(
        registry: &'r TheaterRegistry,
        names: impl IntoIterator<Item = &'n str>,
    ) -> Self {
        let theaters = names
            .into_iter()
            .filter_map(|n| match registry.lookup(n) {
                Some(TheaterName::Theater(t)) => Some(registry.whole(&t.id).clone()),
                _ => None,
            })
            .collect();
        Self::new(registry, theaters)
    }

    /// The registry.
    pub fn registry(&self) -> &'r TheaterRegistry {
        self.registry
    }

    /// The nation's theaters, in the registry's order.
    pub fn theaters(&self) -> &[TheaterId] {
        &self.theaters
    }

    /// True when the nation fought in `id`, in a theater inside it or in one containing it;
    /// always true for "Any", and for every theater when the data names none of the nation's
    /// (a listing without notes or declared theaters answers anywhere, saying so).
    pub fn fought_in(&self, id: &TheaterId) -> bool {
        id.is_any()
            || self.theaters.is_empty()
            || self.theaters.iter().any(|t| self.registry.overlaps(t, id))
    }

    /// The theaters a name of the notes stands for: a theater itself, a group those of its
    /// members the nation fought in, "Any" every theater of the nation.
    pub fn expand(&self, name: TheaterName<'_>) -> Vec<TheaterId> {
        match name {
            TheaterName::Theater(t) => vec![t.id.clone()],
            TheaterName::Group(g) => g
                .members
                .iter()
                .filter(|m| self.fought_in(m))
                .cloned()
                .collect(),
            TheaterName::Any => self.theaters.clone(),
        }
    }

    /// [`Self::expand`] for a name as printed; nothing for an unknown name (reported where
    /// the notes are checked).
    pub fn expand_name(&self, text: &str) -> Vec<TheaterId> {
        self.registry
            .lookup(text)
            .map(|n| self.expand(n))
            .unwrap_or_default()
    }

    /// What an exception ("[EXC: the Balkans]") excludes: the theaters the name stands for
    /// and every theater inside them (Yugoslavia with the Balkans).
    pub fn excluded(&self, text: &str) -> Vec<TheaterId> {
        let mut out = self.expand_name(text);
        let parts: Vec<TheaterId> = out.iter().flat_map(|t| self.registry.parts(t)).collect();
        for p in parts {
            if !out.contains(&p) {
                out.push(p);
            }
        }
        out
    }

    /// True when an availability entry for `entry` answers a question about `asked`: the same
    /// theater, one inside the other, or an "Any" entry and any theater (a theater the nation
    /// fought in, when it declares its theaters).
    pub fn matches(&self, entry: &TheaterId, asked: &TheaterId) -> bool {
        // A rule without a theater applies in every theater, unless the nation declares
        // its theaters: then only in those.
        if entry.is_any() {
            return self.open || self.fought_in(asked);
        }
        self.registry.overlaps(entry, asked)
    }

    /// The position of a theater in listings of availability (the registry's order).
    pub fn rank(&self, id: &TheaterId) -> usize {
        self.registry.rank(id)
    }

    /// The name to print for `id`.
    pub fn name<'a>(&'a self, id: &'a TheaterId) -> &'a str {
        self.registry.name(id)
    }
}
