//! The vehicles a note covers ("siblings"), and which of them a sentence of the note names:
//! a paragraph that names particular vehicles applies only to them (note J's "The MA of the
//! L3cc", note 23's "optional AAMG of the Autocannone da 65/17").
//!
//! Every name's words are read once for the listing ([`NameIndex`]); a set of siblings is
//! built from them on first use and each (set, sentence) question is answered once
//! ([`SiblingSets`], shared by the passes that ask), so the cost grows with the listing and
//! the notes, not with their product.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};

use super::links::NoteMembers;
use crate::counter::Named;
use crate::mentions::{NameIndex, Vocabulary};
use crate::names::name_key;

/// The vehicles a note covers, with the words that tell each apart from the others, read once
/// so that asking which of them a sentence names costs time in the sentence only.
pub struct Siblings {
    /// Per name: its key (for the answer), its words run together, its distinctive tokens.
    names: Vec<(String, String, Vec<String>)>,
    /// The names' words, which decide how a paragraph's words are read.
    vocabulary: Vocabulary,
}

impl Siblings {
    /// The set of `names` (listing names).
    #[cfg(test)]
    pub fn new(names: &[String]) -> Self {
        let vocabulary = Vocabulary::new(names);
        let read: Vec<(String, Vec<String>)> = names
            .iter()
            .map(|n| (name_key(n), vocabulary.words(n)))
            .collect();
        Self::of(read.iter().map(|(k, w)| (k.as_str(), w.as_slice())))
    }

    /// The set of names given as (key, words): a name's key ([`name_key`]) and its words as
    /// the listing's vocabulary reads them ([`Vocabulary::words`]).
    pub fn of<'w>(names: impl Iterator<Item = (&'w str, &'w [String])>) -> Self {
        let names: Vec<(&str, &[String])> = names.collect();
        let vocabulary = Vocabulary::from_words(names.iter().flat_map(|(_, ws)| ws.iter()));
        // A token is distinctive for a name when no name of another key has it: per word,
        // the one key having it, or `None` once a second key does.
        let mut key_of: HashMap<&str, Option<&str>> = HashMap::new();
        for &(key, ws) in &names {
            for w in ws {
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
        let names = names
            .iter()
            .map(|&(key, ws)| {
                let distinctive = ws
                    .iter()
                    .filter(|w| key_of.get(w.as_str()).is_none_or(|k| *k == Some(key)))
                    .cloned()
                    .collect();
                (key.to_string(), ws.concat(), distinctive)
            })
            .collect();
        Self { names, vocabulary }
    }

    /// The keys of the names `paragraph` names (and not merely the class the note covers):
    /// either the whole name without spaces, or a token that no other covered vehicle shares
    /// ("65/17" for the "Autocann 65/17(b)", "cc" for the "AS 42 cc").
    pub fn named_in(&self, paragraph: &str) -> HashSet<String> {
        let text = self.vocabulary.prose_words(paragraph);
        // The name's words, run together, as one to three consecutive words of the text
        // ("L3cc", "MR/35", "AB 40", "Autocannone da 65/17").
        let spelled: HashSet<String> = (1..=3)
            .flat_map(|n| text.windows(n).map(|w| w.concat()))
            .collect();
        let words: HashSet<&String> = text.iter().collect();
        self.names
            .iter()
            .filter(|(_, run, distinctive)| {
                (spelled.contains(run) && self.names.len() > 1)
                    || distinctive
                        .iter()
                        .any(|t| t.len() >= 4 && words.contains(t))
            })
            .map(|(key, _, _)| key.clone())
            .collect()
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
    /// `name_key` of every row's name.
    keys: Vec<String>,
    members: &'a NoteMembers,
    sets: HashMap<SetOf, Siblings>,
    /// Per set, per sentence: the keys of the names it names.
    named: HashMap<SetOf, HashMap<String, HashSet<String>>>,
}

impl<'a> SiblingSets<'a> {
    /// The sets of a listing whose names `index` holds (every row, in order) and whose
    /// numbered notes cover `members`.
    pub fn new(index: &'a NameIndex, members: &'a NoteMembers) -> Self {
        Self {
            index,
            keys: index.names().iter().map(|n| name_key(n)).collect(),
            members,
            sets: HashMap::new(),
            named: HashMap::new(),
        }
    }

    /// What `sentence` names among the vehicles of `set`, seen from row `row`'s vehicle.
    pub fn named(&mut self, set: SetOf, sentence: &str, row: usize) -> Named {
        let known = self.named.entry(set).or_default();
        if !known.contains_key(sentence) {
            let (index, keys, members) = (self.index, &self.keys, self.members);
            let siblings = self.sets.entry(set).or_insert_with(|| {
                let read = |i: usize| (keys[i].as_str(), index.words(i));
                match set {
                    SetOf::Listing => Siblings::of((0..keys.len()).map(read)),
                    SetOf::Note(n) => Siblings::of(members.of(n).iter().map(|&i| read(i))),
                }
            });
            known.insert(sentence.to_string(), siblings.named_in(sentence));
        }
        let keys = &known[sentence];
        if keys.is_empty() {
            Named::NoneOfThem
        } else if keys.contains(&self.keys[row]) {
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

    #[test]
    fn paragraphs_naming_one_vehicle_apply_to_it_only() {
        let key = |s: &str| name_key(s);
        let sib = Siblings::new(&[
            "Autocann 20/65(b)".to_string(),
            "Autocann 65/17(b)".to_string(),
        ]);
        let para = "(The optional AAMG of the Autocannone da 65/17 is always available";
        assert_eq!(
            sib.named_in(para),
            HashSet::from([key("Autocann 65/17(b)")])
        );
        let all = Siblings::new(&[
            "L3 cc".to_string(),
            "AS 42 cc".to_string(),
            "L3/35".to_string(),
        ]);
        let named = all.named_in("The MA of the L3cc may not be used");
        assert_eq!(named, HashSet::from([key("L3 cc")]));
        // A sentence naming no vehicle of the set names none (it applies to all of them).
        assert!(all.named_in("The MA may not be used").is_empty());
    }

    #[test]
    fn sets_read_from_the_listing_index_answer_as_sets_read_from_names() {
        let names: Vec<String> = ["L3 cc", "AS 42 cc", "L3/35", "AS 42", "L3 / 35"]
            .map(String::from)
            .to_vec();
        let index = NameIndex::new(&names);
        let members = NoteMembers::from_rows([(7, vec![1, 3])].into_iter().collect());
        let mut sets = SiblingSets::new(&index, &members);
        let reading = |named: &HashSet<String>, row: usize| {
            if named.is_empty() {
                Named::NoneOfThem
            } else if named.contains(&name_key(&names[row])) {
                Named::This
            } else {
                Named::Others
            }
        };
        let note = [names[1].clone(), names[3].clone()];
        for sentence in [
            "The MA of the L3cc may not be used",
            "The AS 42 cc has",
            "x",
        ] {
            let whole = Siblings::new(&names).named_in(sentence);
            let of_note = Siblings::new(&note).named_in(sentence);
            for row in 0..names.len() {
                let listing = sets.named(SetOf::Listing, sentence, row);
                assert_eq!(listing, reading(&whole, row), "{sentence} {row}");
                let noted = sets.named(SetOf::Note(7), sentence, row);
                assert_eq!(noted, reading(&of_note, row), "{sentence} {row}");
            }
        }
        assert_eq!(
            sets.named(SetOf::Listing, "The MA of the L3cc may not be used", 0),
            Named::This
        );
        assert_eq!(
            sets.named(SetOf::Listing, "The MA of the L3cc may not be used", 2),
            Named::Others
        );
        assert_eq!(
            sets.named(SetOf::Note(7), "The MA of the L3cc may not be used", 1),
            Named::NoneOfThem
        );
    }
}
