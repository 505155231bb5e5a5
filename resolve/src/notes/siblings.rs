//! The vehicles a note covers ("siblings"), and which of them a sentence of the note names:
//! a paragraph that names particular vehicles applies only to them (note J's "The MA of the
//! L3cc", note 23's "optional AAMG of the Autocannone da 65/17").
//!
//! Every name's words are read once for the listing ([`NameIndex`]); a set of siblings is
//! built from them on first use and each (set, sentence) question is answered once
//! ([`SiblingSets`], shared by the passes that ask), so the cost grows with the listing and
//! the notes, not with their product.

use std::borrow::Cow;
use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};

use super::links::NoteMembers;
use crate::counter_text::Named;
use crate::mentions::{NameIndex, Vocabulary};

/// The vehicles a note covers, with the words that tell each apart from the others, read once
/// so that asking which of them a sentence names costs time in the sentence only (not in the
/// number of vehicles). Names, words and keys are the listing's ([`NameIndex`]), borrowed.
pub struct Siblings<'a> {
    /// How many vehicles the note covers.
    count: usize,
    /// A name's words run together -> the keys of the names spelled so.
    by_run: HashMap<&'a str, Vec<&'a str>>,
    /// A token only one key's names have, long enough to tell (four characters or more) ->
    /// that key.
    by_token: HashMap<&'a str, &'a str>,
    /// The names' words, which decide how a paragraph's words are read.
    vocabulary: Cow<'a, Vocabulary>,
}

impl<'a> Siblings<'a> {
    /// The set of the listing's `rows`; `all` when they are every row (the listing's
    /// vocabulary is then the set's).
    pub fn of(index: &'a NameIndex, rows: &[usize], all: bool) -> Self {
        let vocabulary = if all {
            Cow::Borrowed(index.vocabulary())
        } else {
            Cow::Owned(Vocabulary::from_words(
                rows.iter().flat_map(|&i| index.words(i)),
            ))
        };
        // A token is distinctive for a name when no name of another key has it: per word,
        // the one key having it, or `None` once a second key does.
        let mut key_of: HashMap<&str, Option<&str>> = HashMap::new();
        let mut by_run: HashMap<&str, Vec<&str>> = HashMap::new();
        for &i in rows {
            let key = index.name_key(i);
            by_run.entry(index.run(i)).or_default().push(key);
            for w in index.words(i) {
                match key_of.entry(w.as_str()) {
                    Entry::Vacant(e) => {
                        e.insert(Some(key));
                    }
                    Entry::Occupied(mut e) => {
                        if *e.get() != Some(key) {
                            e.insert(None);
                        }
                    }
                }
            }
        }
        let by_token = key_of
            .into_iter()
            .filter_map(|(w, key)| Some((w, key?)))
            .filter(|(w, _)| w.len() >= 4)
            .collect();
        Self {
            count: rows.len(),
            by_run,
            by_token,
            vocabulary,
        }
    }

    /// The keys of the names `paragraph` names (and not merely the class the note covers):
    /// either the whole name without spaces, or a token that no other covered vehicle shares
    /// ("65/17" for the "Autocann 65/17(b)", "cc" for the "AS 42 cc").
    pub fn named_in(&self, paragraph: &str) -> HashSet<&'a str> {
        let text = self.vocabulary.prose_words(paragraph);
        let mut named = HashSet::new();
        // The name's words, run together, as one to three consecutive words of the text
        // ("L3cc", "MR/35", "AB 40", "Autocannone da 65/17").
        if self.count > 1 {
            for n in 1..=3 {
                for w in text.windows(n) {
                    if let Some(keys) = self.by_run.get(w.concat().as_str()) {
                        named.extend(keys.iter().copied());
                    }
                }
            }
        }
        named.extend(text.iter().filter_map(|t| self.by_token.get(t.as_str())));
        named
    }
}

/// Which set of siblings a sentence is read against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SetOf {
    /// Every vehicle of the listing (a multi-applicable note's sentences).
    Listing,
    /// The rows referring to numbered note `n`.
    Note(u16),
}

/// The listing's sibling sets, each built on first use, and the answers given so far.
pub struct SiblingSets<'a> {
    index: &'a NameIndex,
    members: &'a NoteMembers,
    sets: HashMap<SetOf, Siblings<'a>>,
    /// Per set, per sentence: the keys of the names it names.
    named: HashMap<SetOf, HashMap<String, HashSet<&'a str>>>,
}

impl<'a> SiblingSets<'a> {
    /// The sets of a listing whose names `index` holds (every row, in order) and whose
    /// numbered notes cover `members`.
    pub fn new(index: &'a NameIndex, members: &'a NoteMembers) -> Self {
        Self {
            index,
            members,
            sets: HashMap::new(),
            named: HashMap::new(),
        }
    }

    /// What `sentence` names among the vehicles of `set`, seen from row `row`'s vehicle.
    pub fn named(&mut self, set: SetOf, sentence: &str, row: usize) -> Named {
        let (index, members) = (self.index, self.members);
        let known = self.named.entry(set).or_default();
        if !known.contains_key(sentence) {
            let siblings = self.sets.entry(set).or_insert_with(|| match set {
                SetOf::Listing => {
                    let rows: Vec<usize> = (0..index.names().len()).collect();
                    Siblings::of(index, &rows, true)
                }
                SetOf::Note(n) => Siblings::of(index, members.of(n), false),
            });
            known.insert(sentence.to_string(), siblings.named_in(sentence));
        }
        let keys = &known[sentence];
        if keys.is_empty() {
            Named::NoneOfThem
        } else if keys.contains(index.name_key(row)) {
            Named::This
        } else {
            Named::Others
        }
    }
}

/// The sentence holding `quote`, with the sentences before it that a leading "It"/"This"
/// refers back to ("The optional AAMG of the Autocannone da 65/17 ... . It may fire only ...
/// as signified by ...").
pub fn sentence_context(paragraph: &str, quote: &str) -> String {
    let sentences = sentences(paragraph);
    let Some(at) = sentences.iter().position(|s| s.contains(quote)) else {
        return paragraph.to_string();
    };
    let mut first = at;
    let refers_back = |s: &str| {
        let w = s
            .trim_start_matches(['†', ' ', '('])
            .split_whitespace()
            .next()
            .unwrap_or("");
        matches!(w, "It" | "Its" | "This" | "These" | "That" | "They")
    };
    while first > 0 && refers_back(sentences[first]) {
        first -= 1;
    }
    sentences[first..=at].join(" ")
}

/// Splits prose at ". " before a capital letter (decimals such as "1.4" stay whole).
pub fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    for (i, _) in text.match_indices(". ") {
        let next = bytes.get(i + 2).copied().unwrap_or(b' ');
        if next.is_ascii_uppercase() || next == b'(' {
            out.push(&text[start..=i]);
            start = i + 2;
        }
    }
    out.push(&text[start..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::names::name_key;

    fn named(names: &[&str], sentence: &str) -> HashSet<String> {
        let index = NameIndex::new(names);
        let rows: Vec<usize> = (0..names.len()).collect();
        let found = Siblings::of(&index, &rows, true).named_in(sentence);
        found.into_iter().map(str::to_string).collect()
    }

    #[test]
    fn paragraphs_naming_one_vehicle_apply_to_it_only() {
        let key = |s: &str| name_key(s);
        let para = "(The optional AAMG of the Autocannone da 65/17 is always available";
        assert_eq!(
            named(&["Autocann 20/65(b)", "Autocann 65/17(b)"], para),
            HashSet::from([key("Autocann 65/17(b)")])
        );
        let all = ["L3 cc", "AS 42 cc", "L3/35"];
        let found = named(&all, "The MA of the L3cc may not be used");
        assert_eq!(found, HashSet::from([key("L3 cc")]));
        // A sentence naming no vehicle of the set names none (it applies to all of them).
        assert!(named(&all, "The MA may not be used").is_empty());
    }

    #[test]
    fn a_note_set_is_read_with_its_own_rows_and_words() {
        let names = ["L3 cc", "AS 42 cc", "L3/35", "AS 42", "L3 / 35"];
        let index = NameIndex::new(&names);
        let members = NoteMembers::from_rows([(7, vec![1, 3])].into_iter().collect());
        let mut sets = SiblingSets::new(&index, &members);
        let l3cc = "The MA of the L3cc may not be used";
        assert_eq!(sets.named(SetOf::Listing, l3cc, 0), Named::This);
        assert_eq!(sets.named(SetOf::Listing, l3cc, 2), Named::Others);
        // Note 7 covers the two AS 42: the L3cc is none of them.
        assert_eq!(sets.named(SetOf::Note(7), l3cc, 1), Named::NoneOfThem);
        // Within note 7, "cc" is the AS 42 cc's own token... but only tokens of four or
        // more characters tell; "AS 42 cc" run together names it (and "AS 42" the other).
        let as42cc = "The AS 42 cc has no radio";
        assert_eq!(sets.named(SetOf::Note(7), as42cc, 1), Named::This);
        assert_eq!(sets.named(SetOf::Note(7), as42cc, 3), Named::This);
        assert_eq!(
            sets.named(SetOf::Note(7), "The AS42cc has", 3),
            Named::Others
        );
        // "L3 / 35" and "L3/35" share a key: a sentence naming one names both.
        assert_eq!(sets.named(SetOf::Listing, "The L3/35 is", 4), Named::This);
    }
}
