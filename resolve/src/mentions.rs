//! Matching the notes' wording of a vehicle ("Autocannone da 65/17", "Semovente M40",
//! "MR/35(f)", "Autocarri ... P") to listing rows, by the listing's own words.

use std::collections::{HashMap, HashSet};

use crate::names::name_key;

/// How a mention matched a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchKind {
    /// The same name, ignoring case, spaces, "/" and a parenthesized suffix.
    Exact,
    /// Shares the name's distinctive words ("Autocannone da 65/17" for "Autocann 65/17(b)").
    Words,
    /// Differs by one character ("Lancia IZM" for "Lancia 1ZM").
    Spelling,
}

/// One word as printed: lower-cased for comparison, with what its printing tells.
struct Printed {
    /// Lower case, "/", "-", "(", ")" and "." dropped.
    word: String,
    /// Printed with a capital first letter ("Semovente", "SMV"), as names are.
    capitalized: bool,
    /// Printed all in lower case ("da", "the"): prose unless the listing uses the word.
    lower: bool,
}

fn printed_words(name: &str, drop_parenthesized: bool) -> Vec<Printed> {
    // A parenthesized suffix ("(b)", "(f)", "(Hvy)") never tells two vehicles of a note apart.
    // Parentheses are never part of a word; words end at spaces, "&" and ","; "/", "-" and
    // "." are dropped from them. One pass, one buffer (this reads every name of a listing).
    let mut out = Vec::new();
    let mut kept = String::new();
    let mut depth = 0usize;
    for c in name.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth > 0 && drop_parenthesized => {}
            c if c.is_whitespace() || c == '&' || c == ',' => {
                push_printed(&mut out, &kept);
                kept.clear();
            }
            '/' | '-' | '.' => {}
            c => kept.push(c),
        }
    }
    push_printed(&mut out, &kept);
    out
}

/// One word as printed (the characters it keeps), unless it kept none.
fn push_printed(out: &mut Vec<Printed>, kept: &str) {
    if kept.is_empty() {
        return;
    }
    out.push(Printed {
        word: kept.to_lowercase(),
        capitalized: kept.chars().next().is_some_and(char::is_uppercase),
        lower: !kept.chars().any(char::is_uppercase),
    });
}

/// The words of a set of listing names, which decide how the notes' wording of a name is
/// read. No word list of one nation's spellings is needed: the listing itself says which
/// words name vehicles.
#[derive(Clone)]
pub struct Vocabulary {
    words: HashSet<String>,
    /// The alphabetic words by their first letter: the only ones another spelling of a word
    /// can be ([`same_word`]), looked up without scanning the model numbers.
    by_initial: HashMap<char, Vec<String>>,
}

impl Vocabulary {
    /// The words of `names` (listing names).
    #[cfg(test)]
    pub fn new<S: AsRef<str>>(names: &[S]) -> Self {
        let words: Vec<String> = names
            .iter()
            .flat_map(|n| printed_words(n.as_ref(), true))
            .map(|p| p.word)
            .collect();
        Self::from_words(words.iter())
    }

    /// The vocabulary of names already read: their words.
    pub fn from_words<'w>(words: impl Iterator<Item = &'w String>) -> Self {
        let words: HashSet<String> = words.cloned().collect();
        let mut by_initial: HashMap<char, Vec<String>> = HashMap::new();
        for w in words.iter().filter(|w| alphabetic(w)) {
            if let Some(c) = w.chars().next() {
                by_initial.entry(c).or_default().push(w.clone());
            }
        }
        Self { words, by_initial }
    }

    /// Words of a name as the notes or the listing write it, made comparable: lower case,
    /// "/" and "-" dropped, a parenthesized suffix dropped, a word the listing abbreviates
    /// written as the listing writes it, prose between the name's words dropped.
    pub fn words(&self, name: &str) -> Vec<String> {
        self.read(name, true)
    }

    /// [`Vocabulary::words`] of running prose, where a parenthesis may open and never close.
    pub fn prose_words(&self, text: &str) -> Vec<String> {
        self.read(text, false)
    }

    fn read(&self, text: &str, drop_parenthesized: bool) -> Vec<String> {
        printed_words(text, drop_parenthesized)
            .into_iter()
            .filter_map(|p| self.canonical(p))
            .collect()
    }

    /// The listing's spelling of a printed word, `None` for prose: a lower-case word the
    /// listing never uses ("da" in "Autocannone da 65/17", "the", "and").
    fn canonical(&self, p: Printed) -> Option<String> {
        if self.words.contains(&p.word) {
            return Some(p.word);
        }
        if p.capitalized {
            // "Semovente" is the listing's "SMV", "Autocannone" its "Autocann", "Autocarri"
            // its "Autocarro" — when exactly one listing word fits.
            let initial = p.word.chars().next().unwrap_or_default();
            let candidates = self.by_initial.get(&initial).into_iter().flatten();
            let mut fits = candidates.filter(|v| same_word(v, &p.word));
            if let (Some(v), None) = (fits.next(), fits.next()) {
                return Some(v.clone());
            }
        }
        (!p.lower || p.word.chars().any(|c| c.is_ascii_digit())).then_some(p.word)
    }
}

/// Two spellings of one word of a name: one clipped ("autocann" of "autocannone"), written
/// as initials ("smv" of "semovente"), or inflected ("autocarri", "autocarro"). Model numbers
/// (words with digits) are never abbreviated.
fn same_word(a: &str, b: &str) -> bool {
    // Each way requires both words alphabetic and their first letters equal (clipped: a
    // prefix; initials: the same first letter; inflected: all but the last letter equal), so
    // `Vocabulary::by_initial` holds every candidate.
    if !alphabetic(a) || !alphabetic(b) || a == b {
        return false;
    }
    let (short, long) = if a.len() < b.len() { (a, b) } else { (b, a) };
    let clipped = short.len() >= 4 && long.starts_with(short);
    let initials = short.len() >= 3
        && long.len() >= 2 * short.len()
        && short.chars().next() == long.chars().next()
        && is_subsequence(short, long);
    let inflected = a.chars().count() == b.chars().count()
        && a.chars().count() >= 6
        && a.chars().rev().skip(1).eq(b.chars().rev().skip(1));
    clipped || initials || inflected
}

fn alphabetic(w: &str) -> bool {
    w.chars().all(char::is_alphabetic)
}

/// True when the letters of `short` appear in `long` in order.
fn is_subsequence(short: &str, long: &str) -> bool {
    let mut rest = long.chars();
    short.chars().all(|c| rest.any(|l| l == c))
}

/// Every listing name with its words and how often each word occurs across the listing, so
/// matching a mention costs time in the candidates only.
pub struct NameIndex {
    names: Vec<String>,
    /// [`name_key`] of each name.
    name_keys: Vec<String>,
    vocabulary: Vocabulary,
    words: Vec<Vec<String>>,
    keys: Vec<String>,
    stripped: Vec<String>,
    freq: HashMap<String, usize>,
    by_key: HashMap<String, usize>,
}

/// "MR35(f)" and "MR/35(f)" are the same name: the suffix and "/" do not distinguish.
fn stripped_key(s: &str) -> String {
    let base = s.split('(').next().unwrap_or(s);
    name_key(base).replace('/', "")
}

impl NameIndex {
    /// Indexes `names` (the listing's vehicle names, in order).
    pub fn new<S: AsRef<str>>(names: &[S]) -> Self {
        let names: Vec<String> = names.iter().map(|n| n.as_ref().to_string()).collect();
        // A listing name's words are all in the listing's vocabulary, so each name is read
        // once, as it is, and the vocabulary gathered from the readings.
        let words: Vec<Vec<String>> = names
            .iter()
            .map(|n| printed_words(n, true).into_iter().map(|p| p.word).collect())
            .collect();
        let vocabulary = Vocabulary::from_words(words.iter().flatten());
        let name_keys = names.iter().map(|n| name_key(n)).collect();
        let keys: Vec<String> = words.iter().map(|w| w.concat()).collect();
        let stripped = names.iter().map(|n| stripped_key(n)).collect();
        let mut freq = HashMap::new();
        for ws in &words {
            for w in ws {
                *freq.entry(w.clone()).or_insert(0) += 1;
            }
        }
        let mut by_key = HashMap::new();
        for (i, k) in keys.iter().enumerate() {
            by_key.entry(k.clone()).or_insert(i);
        }
        Self {
            names,
            name_keys,
            vocabulary,
            words,
            keys,
            stripped,
            freq,
            by_key,
        }
    }

    /// The name at `i`.
    #[cfg(test)]
    pub fn name(&self, i: usize) -> &str {
        &self.names[i]
    }

    /// Every name, in listing order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The words of the name at `i` ([`Vocabulary::words`] with the listing's vocabulary;
    /// any vocabulary holding the name reads it so).
    pub fn words(&self, i: usize) -> &[String] {
        &self.words[i]
    }

    /// The words of the name at `i` run together.
    pub fn run(&self, i: usize) -> &str {
        &self.keys[i]
    }

    /// [`name_key`] of the name at `i`.
    pub fn name_key(&self, i: usize) -> &str {
        &self.name_keys[i]
    }

    /// The words of every name of the listing.
    pub fn vocabulary(&self) -> &Vocabulary {
        &self.vocabulary
    }

    /// The first row whose name is exactly the mention (ignoring case, spaces, "/" and a
    /// parenthesized suffix), among all rows.
    pub fn exact(&self, mention: &str) -> Option<usize> {
        let mk = self.vocabulary.words(mention).concat();
        self.by_key.get(&mk).copied().or_else(|| {
            let sk = stripped_key(mention);
            self.stripped.iter().position(|s| *s == sk)
        })
    }

    /// The row among `candidates` (indices) a mention names, and how well.
    pub fn find(&self, mention: &str, candidates: &[usize]) -> Option<(usize, MatchKind)> {
        let mw = self.vocabulary.words(mention);
        let mk = mw.concat();
        if mk.is_empty() {
            return None;
        }
        let sk = stripped_key(mention);
        // The name itself before a name that differs by a parenthesized suffix: "Pz.Wg. 38
        // (Funk)" is not the "Pz.Wg. 38" listed before it.
        let whole = name_key(mention);
        if let Some(&i) = candidates
            .iter()
            .find(|&&c| self.name_keys[c] == whole)
            .or_else(|| {
                candidates
                    .iter()
                    .find(|&&c| self.keys[c] == mk || self.stripped[c] == sk)
            })
        {
            return Some((i, MatchKind::Exact));
        }
        let distinctive = |w: &String| self.freq.get(w).copied().unwrap_or(0) <= 2;
        let mut best: Option<(usize, usize)> = None;
        let mut tie = false;
        for &c in candidates {
            let cw = &self.words[c];
            let shared: Vec<&String> = mw.iter().filter(|w| cw.contains(w)).collect();
            if !shared.iter().any(|w| distinctive(w)) {
                continue;
            }
            match best {
                Some((_, n)) if shared.len() < n => {}
                Some((_, n)) if shared.len() == n => tie = true,
                _ => {
                    best = Some((c, shared.len()));
                    tie = false;
                }
            }
        }
        if let (Some((i, _)), false) = (best, tie) {
            // "611B" in "Fiat 611A & 611B" elides the words the two names share: every word
            // of the mention is in the name, so it is the name.
            let kind = if mw.iter().all(|w| self.words[i].contains(w)) {
                MatchKind::Exact
            } else {
                MatchKind::Words
            };
            return Some((i, kind));
        }
        let close: Vec<usize> = candidates
            .iter()
            .copied()
            .filter(|&c| strsim::levenshtein(&self.keys[c], &mk) == 1)
            .collect();
        match close.as_slice() {
            [i] => Some((*i, MatchKind::Spelling)),
            _ => None,
        }
    }
}

/// The row (index into `candidates`) a mention names, and how well; `all` is every listing
/// name, to judge which words are distinctive. The tests' way in: callers keep a `NameIndex`.
#[cfg(test)]
pub fn match_mention(
    mention: &str,
    candidates: &[&str],
    all: &[&str],
) -> Option<(usize, MatchKind)> {
    let index = NameIndex::new(all);
    let cand: Vec<usize> = candidates
        .iter()
        .filter_map(|c| all.iter().position(|a| a == c))
        .collect();
    let (i, kind) = index.find(mention, &cand)?;
    candidates
        .iter()
        .position(|c| *c == index.name(i))
        .map(|k| (k, kind))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mentions_find_their_rows() {
        let all = [
            "Autocann 20/65(b)",
            "Autocann 65/17(b)",
            "Autocann 75/27",
            "Autocann 90/53",
            "AS 42",
            "AS 42 aa",
            "AS 42 cc",
            "MR35(f)",
            "Lancia 1ZM",
            "Fiat 508 MC",
            "Autocarro L",
            "Autocarro M",
            "Autocarro P (Hvy)",
            "SMV M40 75/18",
            "SMV M41 75/18",
            "Fiat 611A",
            "Fiat 611B",
        ];
        let m = |s: &str, c: &[&str]| match_mention(s, c, &all).map(|(i, k)| (c[i].to_string(), k));
        let autocann = ["Autocann 20/65(b)", "Autocann 65/17(b)"];
        assert_eq!(
            m("Autocannone da 65/17", &autocann),
            Some(("Autocann 65/17(b)".into(), MatchKind::Exact))
        );
        assert_eq!(
            m("20/65(b)", &autocann),
            Some(("Autocann 20/65(b)".into(), MatchKind::Exact))
        );
        let as42 = ["AS 42", "AS 42 aa", "AS 42 cc"];
        assert_eq!(m("AS 42", &as42), Some(("AS 42".into(), MatchKind::Exact)));
        assert_eq!(
            m("AS 42 cc", &as42),
            Some(("AS 42 cc".into(), MatchKind::Exact))
        );
        assert_eq!(
            m("MR/35(f)", &["MR35(f)"]),
            Some(("MR35(f)".into(), MatchKind::Exact))
        );
        assert_eq!(
            m("Lancia IZM", &["Lancia 1ZM"]),
            Some(("Lancia 1ZM".into(), MatchKind::Words))
        );
        assert_eq!(
            m("Fiat 508 Furgone", &["Fiat 508 MC"]),
            Some(("Fiat 508 MC".into(), MatchKind::Words))
        );
        let trucks = ["Autocarro L", "Autocarro M", "Autocarro P (Hvy)"];
        assert_eq!(
            m("P", &trucks),
            Some(("Autocarro P (Hvy)".into(), MatchKind::Exact))
        );
        let smv = ["SMV M40 75/18", "SMV M41 75/18"];
        assert_eq!(
            m("Semovente M40", &smv),
            Some(("SMV M40 75/18".into(), MatchKind::Exact))
        );
        assert_eq!(
            m("M41 da 75/18", &smv),
            Some(("SMV M41 75/18".into(), MatchKind::Exact))
        );
        assert_eq!(m("Fiat 611C", &["Fiat 611A", "Fiat 611B"]), None);
    }

    #[test]
    fn the_listing_decides_how_a_mention_is_spelled() {
        // Another nation's names: the listing's abbreviations are read from the listing.
        let all = ["PzKpfw IV F2", "PzKpfw III J", "Kfz 251/1"];
        assert_eq!(
            match_mention("Panzerkampfwagen IV F2", &all, &all).map(|(i, k)| (all[i], k)),
            Some(("PzKpfw IV F2", MatchKind::Exact))
        );
        let v = Vocabulary::new(&all);
        assert_eq!(v.words("the Kraftfahrzeug 251/1"), vec!["kfz", "2511"]);
        // Lower-case prose the listing never uses is dropped; model numbers never are.
        assert_eq!(v.words("Kfz von 251/1"), vec!["kfz", "2511"]);
        assert!(!same_word("m40", "m400"));
    }

    #[test]
    fn a_listing_name_reads_the_same_in_any_vocabulary_holding_it() {
        let all = [
            "Autocann 65/17(b)",
            "SMV M40 75/18",
            "L3 / 35",
            "Fiat 611A & 611B",
            "L6/40",
        ];
        let index = NameIndex::new(&all);
        let whole = Vocabulary::new(&all);
        for (i, name) in all.iter().enumerate() {
            assert_eq!(index.words(i), whole.words(name).as_slice(), "{name}");
            assert_eq!(Vocabulary::new(&[name]).words(name), whole.words(name));
        }
    }

    /// The one-pass reading of names: the same words and flags as splitting the name with
    /// its parenthesized parts removed and cleaning each word.
    #[test]
    fn printed_words_read_as_split_and_cleaned_words() {
        fn reference(name: &str, drop_parenthesized: bool) -> Vec<(String, bool, bool)> {
            let mut plain = String::new();
            let mut depth = 0usize;
            for c in name.chars() {
                match c {
                    '(' => depth += 1,
                    ')' => depth = depth.saturating_sub(1),
                    _ if depth == 0 || !drop_parenthesized => plain.push(c),
                    _ => {}
                }
            }
            plain
                .split(|c: char| c.is_whitespace() || c == '&' || c == ',')
                .map(|w| {
                    let kept: String = w
                        .chars()
                        .filter(|c| !matches!(c, '/' | '-' | '(' | ')' | '.'))
                        .collect();
                    let capitalized = kept.chars().next().is_some_and(char::is_uppercase);
                    let lower = !kept.chars().any(char::is_uppercase);
                    (kept.to_lowercase(), capitalized, lower)
                })
                .filter(|p| !p.0.is_empty())
                .collect()
        }
        for name in [
            "Autocann 65/17(b)",
            "AB(x y)CD",
            "Fiat 611A & 611B,  L3-35 .",
            "((a) b) c) d(",
            "SMV M40 75/18 da",
            "ΣΑΣ ÉCLAIR",
            "",
            " ( ) ",
        ] {
            for drop in [true, false] {
                let read: Vec<(String, bool, bool)> = printed_words(name, drop)
                    .into_iter()
                    .map(|p| (p.word, p.capitalized, p.lower))
                    .collect();
                assert_eq!(read, reference(name, drop), "{name:?} {drop}");
            }
        }
    }
}
