//! The notes' words for a faction ("Fascist" in "Fascist use only", "Fascist Italians" in
//! "limited to Fascist Italians only") -> the nation's factions, declared in `ob.toml`. The
//! grammar reads any words there; which faction they name is the nation's data.

use qm_parser::{Diagnostic, TextSpan};
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
        .split(|c: char| c.is_whitespace() || c == '-')
        .filter(|w| !w.is_empty())
        .map(stem)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The byte ranges of the words of `text` (letters, digits, apostrophes inside); a hyphen
/// parts two words ("Free-French" is "Free French").
pub(crate) fn word_ranges(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        let inside = c.is_alphanumeric() || (start.is_some() && matches!(c, '\'' | '’'));
        match (inside, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    out
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
                            e.qualifiers
                                .push(Qualifier::restricted_to_one(faction.clone()));
                        }
                    }
                }
            }
            Rule::RestrictedUse { faction, .. } => self.name(faction, diags),
            _ => {}
        }
    }

    /// Where `text` names a faction: the byte ranges of each run of words equal, inflection
    /// aside, to a faction's name or words (the longest at each place).
    pub fn mentions(&self, text: &str) -> Vec<(usize, usize)> {
        let words = word_ranges(text);
        let phrases: Vec<Vec<String>> = self
            .factions
            .iter()
            .flat_map(|f| std::iter::once(&f.name).chain(&f.words))
            .map(|p| {
                p.split(|c: char| c.is_whitespace() || c == '-')
                    .filter(|w| !w.is_empty())
                    .map(stem)
                    .collect()
            })
            .filter(|p: &Vec<String>| !p.is_empty())
            .collect();
        let stems: Vec<String> = words.iter().map(|&(a, b)| stem(&text[a..b])).collect();
        let mut out = Vec::new();
        let mut k = 0;
        while k < words.len() {
            let longest = phrases
                .iter()
                .filter(|p| stems.get(k..k + p.len()) == Some(p.as_slice()))
                .map(Vec::len)
                .max();
            match longest {
                Some(n) => {
                    out.push((words[k].0, words[k + n - 1].1));
                    k += n;
                }
                None => k += 1,
            }
        }
        out
    }

    /// The id of the faction `words` name, inflection aside ("Free French's", "Fascists").
    pub fn id_of(&self, words: &str) -> Option<&str> {
        let wanted = key(words);
        self.factions
            .iter()
            .find(|f| key(&f.name) == wanted || f.words.iter().any(|x| key(x) == wanted))
            .map(|f| f.id.as_str())
    }

    /// The faction words of `ob.toml` closest to `words`, best first.
    pub fn suggest(&self, words: &str) -> Vec<&str> {
        let all = self
            .factions
            .iter()
            .flat_map(|f| std::iter::once(&f.name).chain(&f.words))
            .map(String::as_str);
        let mut close = did_you_mean(words, all);
        close.dedup();
        close
    }

    fn name(&self, w: &mut FactionWords, diags: &mut Vec<Diagnostic>) {
        w.faction = self.id_of(&w.words).map(str::to_string);
        if w.faction.is_none() {
            diags.push(self.unknown(&w.words, &w.span));
        }
    }

    /// `notes::unknown-faction` at `words`, with "did you mean" when a faction's words are
    /// close.
    pub fn unknown(&self, words: &str, span: &TextSpan) -> Diagnostic {
        let d = Diagnostic::error(
            "notes::unknown-faction",
            format!(
                "failed to find the faction `{words}` (no [[faction]] of ob.toml uses these words)"
            ),
            span.clone(),
        )
        .with_label("unknown faction")
        .with_note("the availability is kept, without the restriction");
        match self.suggest(words).first() {
            Some(best) => d.with_help(format!(
                "did you mean \"{best}\"? correct the text with an erratum, or add the words to the faction's `words`"
            )),
            None => d.with_help(format!(
                "declare the faction in ob.toml: [[faction]] with `id`, `name`, `words = [\"{words}\"]` and `lines`"
            )),
        }
    }
}
