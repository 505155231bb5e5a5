//! The notes' words for a faction ("Fascist" in "Fascist use only", "Fascist Italians" in
//! "limited to Fascist Italians only") -> the nation's factions, declared in `ob.toml`. The
//! grammar reads any words there; which faction they name is the nation's data.

use qm_parser::Diagnostic;
use qm_schema::{Faction, Qualifier};

use crate::availability::model::{FactionWords, Rule};
use crate::names::did_you_mean;

/// The nation's factions, by the words the notes use for them.
pub struct Factions<'a> {
    factions: &'a [Faction],
}

/// Words compared ignoring case, spacing and inflection: each word's possessive ending ("'s",
/// "s'") and plural "s" are taken off, so "Fascists", "Fascist's" and "Fascist" name the same
/// faction, and "Fascist Italian" the one `ob.toml` calls "Fascist Italians".
fn key(words: &str) -> String {
    words
        .split_whitespace()
        .map(stem)
        .collect::<Vec<_>>()
        .join(" ")
}

/// One word without case, possessive ending or plural "s".
fn stem(word: &str) -> String {
    let w = word.to_lowercase().replace('’', "'");
    let w = w
        .strip_suffix("'s")
        .or_else(|| w.strip_suffix('\''))
        .unwrap_or(&w);
    match w.strip_suffix('s') {
        Some(s) if s.chars().count() >= 3 && !s.ends_with('s') => s.to_string(),
        _ => w.to_string(),
    }
}

impl<'a> Factions<'a> {
    /// The factions of `ob.toml` (none for a nation without one).
    pub fn new(factions: &'a [Faction]) -> Self {
        Self { factions }
    }

    /// Names the factions `rule` words: each entry's restriction becomes a qualifier, a
    /// "limited to X only" rule gets its faction. Words naming none of the nation's factions
    /// are reported once here, where the rule is read, and restrict nothing.
    pub fn resolve(&self, rule: &mut Rule, diags: &mut Vec<Diagnostic>) {
        match rule {
            Rule::Schedule(s) => {
                for e in &mut s.entries {
                    for w in &mut e.restricted_to {
                        self.name(w, diags);
                        if let Some(faction) = &w.faction {
                            e.qualifiers.push(Qualifier::RestrictedTo {
                                faction: faction.clone(),
                            });
                        }
                    }
                }
            }
            Rule::RestrictedUse { faction, .. } => self.name(faction, diags),
            _ => {}
        }
    }

    fn name(&self, w: &mut FactionWords, diags: &mut Vec<Diagnostic>) {
        let wanted = key(&w.words);
        w.faction = self
            .factions
            .iter()
            .find(|f| key(&f.name) == wanted || f.words.iter().any(|x| key(x) == wanted))
            .map(|f| f.id.clone());
        if w.faction.is_none() {
            diags.push(self.unknown(w));
        }
    }

    fn unknown(&self, w: &FactionWords) -> Diagnostic {
        let d = Diagnostic::error(
            "notes::unknown-faction",
            format!(
                "failed to find the faction `{}` (no [[faction]] of ob.toml uses these words)",
                w.words
            ),
            w.span.clone(),
        )
        .with_label("unknown faction")
        .with_note("the availability is kept, without the restriction");
        let words = self
            .factions
            .iter()
            .flat_map(|f| f.words.iter().map(String::as_str));
        match did_you_mean(&w.words, words).first() {
            Some(best) => d.with_help(format!(
                "did you mean \"{best}\"? correct the text with an erratum, or add the words to the faction's `words`"
            )),
            None => d.with_help(format!(
                "declare the faction in ob.toml: [[faction]] with `id`, `name`, `words = [\"{}\"]` and `lines`",
                w.words
            )),
        }
    }
}
