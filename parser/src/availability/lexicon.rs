//! What the nation's data tells the reader about the words of its notes: the vehicle names of
//! its listing (so "Cam. de Mitr. CA" and "Pz.Kpfw. III" stay whole: their full stops end no
//! sentence), the names and aliases of its places (so "On the Eastern Front its RF is ..." and
//! "in the Western Marches and Lower Vardia" are cut where a place ends), and the years its
//! listing holds. A text read without a lexicon reads as before: names are any words, places
//! run to a stop word.

use std::ops::Range;

use super::syntax::YearSpan;

/// A word for a part of any year and its months, as the notes define it
/// ([`year_parts_defined`](super::year_parts_defined)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YearPart {
    /// The word, as defined ("mid").
    pub word: String,
    /// Its first and last month (1-12).
    pub months: (u8, u8),
}

/// The nation's words, each list sorted longest first so a match is the longest.
#[derive(Debug, Clone, Default)]
pub struct Lexicon {
    /// The years the nation's data holds (a period outside them is an error value).
    pub years: Option<YearSpan>,
    /// Vehicle names, as the listing prints them.
    vehicles: Vec<String>,
    /// A name's first word where it names that vehicle alone ("Ferrow" of "Ferrow T": no other
    /// name starts with it, none is it): the notes call the vehicle so.
    short_names: Vec<String>,
    /// Place names and aliases of the nation's theater registry.
    places: Vec<String>,
    /// Words of the vehicle names that end in a full stop ("Cam.", "Pz.Wg."), lower case:
    /// abbreviations, whose full stop ends no sentence.
    abbreviations: Vec<String>,
    /// The distinctive words of the vehicle names (with a capital or a digit: "AMR", "35(L)",
    /// "Mitr."), lower case and sorted: a vehicle the notes name shares one of them.
    name_words: Vec<String>,
    /// The parts of a year the notes' own introduction defines ("early/mid/late = Jan-Apr /
    /// May-Aug / Sep-Dec"); none unless defined: "mid-1943" is never guessed.
    year_parts: Vec<YearPart>,
    /// The words of the nation's factions (`ob.toml`), longest first, each also without a
    /// plural "s" ("Loyalists" and "Loyalist"): a name among them is a faction's, no place.
    factions: Vec<String>,
}

impl Lexicon {
    /// A lexicon of `vehicles` (the listing's names) and `places` (theater names and aliases).
    pub fn new(years: Option<YearSpan>, vehicles: &[String], places: &[String]) -> Self {
        let sorted = |names: &[String]| {
            let mut v: Vec<String> = names
                .iter()
                .map(|n| n.trim().to_string())
                .filter(|n| !n.is_empty())
                .collect();
            v.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
            v.dedup();
            v
        };
        let mut abbreviations: Vec<String> = vehicles
            .iter()
            .flat_map(|n| n.split_whitespace())
            .filter(|w| w.len() > 1 && w.ends_with('.'))
            .map(|w| w.trim_end_matches('.').to_lowercase())
            .collect();
        abbreviations.sort();
        abbreviations.dedup();
        let mut name_words: Vec<String> = vehicles
            .iter()
            .flat_map(|n| n.split_whitespace())
            .filter(|w| w.contains(|c: char| c.is_uppercase() || c.is_ascii_digit()))
            .map(word_key)
            .collect();
        name_words.sort();
        name_words.dedup();
        let short_names = short_names(vehicles, places);
        Self {
            years,
            short_names: sorted(&short_names),
            vehicles: sorted(vehicles),
            places: sorted(places),
            abbreviations,
            name_words,
            year_parts: Vec::new(),
            factions: Vec::new(),
        }
    }

    /// This lexicon with the words of the nation's factions (`ob.toml`'s `words`).
    #[must_use]
    pub fn with_factions(mut self, words: &[String]) -> Self {
        let mut all: Vec<String> = words
            .iter()
            .map(|w| w.trim().to_string())
            .filter(|w| w.len() > 1)
            .flat_map(|w| {
                let singular = w
                    .strip_suffix('s')
                    .filter(|s| s.len() >= 3)
                    .map(str::to_string);
                std::iter::once(w).chain(singular)
            })
            .collect();
        all.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
        all.dedup();
        self.factions = all;
        self
    }

    /// The byte length of the faction's word at the start of `i` ("the" before it taken, an
    /// inflection after it: "the League", "Loyalists'", "Legion's", "Royalists"), ending at a
    /// word boundary; `None` when no faction's word starts there, or a place's name does.
    pub(crate) fn faction_at(&self, i: &str) -> Option<usize> {
        if self.factions.is_empty() || self.place_at(i).is_some() {
            return None;
        }
        let the = article_len(i);
        let rest = &i[the..];
        self.factions.iter().find_map(|w| {
            let head = rest.get(..w.len())?;
            // A name keeps its capital ("royalist forces" is no faction's name).
            let capital = head.chars().next() == w.chars().next();
            if !head.eq_ignore_ascii_case(w) || !capital {
                return None;
            }
            let after = &rest[w.len()..];
            let inflection = ["s'", "s’", "'s", "’s", "s", "'", "’"]
                .iter()
                .find(|e| {
                    after.starts_with(**e)
                        && after[e.len()..]
                            .chars()
                            .next()
                            .is_none_or(|c| !c.is_alphanumeric())
                })
                .map_or(0, |e| e.len());
            let ends = after[inflection..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric());
            ends.then_some(the + w.len() + inflection)
        })
    }

    /// This lexicon with the parts of a year the notes define ([`super::year_parts_defined`]).
    #[must_use]
    pub fn with_year_parts(mut self, parts: Vec<YearPart>) -> Self {
        self.year_parts = parts;
        self
    }

    /// The months of the part of a year whose word starts `i` ("mid" of "mid-'41"), and the
    /// word's byte length; `None` unless the notes define it.
    pub(crate) fn year_part_at(&self, i: &str) -> Option<(usize, (u8, u8))> {
        self.year_parts.iter().find_map(|p| {
            let n = p.word.len();
            let word = i.get(..n)?;
            let ends = !i[n..].starts_with(char::is_alphanumeric);
            (ends && word.eq_ignore_ascii_case(&p.word)).then_some((n, p.months))
        })
    }

    /// A lexicon that knows only the years.
    pub fn years(years: Option<YearSpan>) -> Self {
        Self {
            years,
            ..Self::default()
        }
    }

    /// True when the lexicon knows the listing's vehicle names.
    pub(crate) fn knows_vehicles(&self) -> bool {
        !self.vehicles.is_empty()
    }

    /// True when the lexicon knows places (a place may then end where its name ends).
    pub(crate) fn knows_places(&self) -> bool {
        !self.places.is_empty()
    }

    /// The byte length of the longest vehicle name at the start of `i` (case ignored), ending
    /// at a word boundary.
    pub(crate) fn vehicle_at(&self, i: &str) -> Option<usize> {
        longest_at(&self.vehicles, i).or_else(|| longest_at(&self.short_names, i))
    }

    /// The byte length of the longest place name at the start of `i` (case ignored; a leading
    /// "the" may be there or not), ending at a word boundary.
    pub(crate) fn place_at(&self, i: &str) -> Option<usize> {
        let the = article_len(i);
        longest_at(&self.places, i).or_else(|| longest_at(&self.places, &i[the..]).map(|n| n + the))
    }

    /// True when `name` may name a vehicle of the listing: it shares a distinctive word with
    /// one ("the AS 42's" does; "on that front" and "Free French units" do not). Without a
    /// listing any words may.
    pub(crate) fn may_name(&self, name: &str) -> bool {
        self.vehicles.is_empty() || name.split_whitespace().any(|w| self.name_word(w))
    }

    /// True when `word` is a distinctive word of the listing's names, or one shortened or
    /// spelt out ("Autocannone" for "Autocann"), a "(b)"-like suffix aside.
    fn name_word(&self, word: &str) -> bool {
        let w = word_key(word);
        let w = strip_suffix_mark(&w);
        self.name_words.iter().any(|n| {
            let n = strip_suffix_mark(n);
            n == w || (n.len() >= 4 && w.len() >= 4 && (w.starts_with(n) || n.starts_with(w)))
        })
    }

    /// True when `word` (without its full stop) is an abbreviation of the nation's names.
    pub(crate) fn is_abbreviation(&self, word: &str) -> bool {
        let w = word.to_lowercase();
        self.abbreviations.binary_search(&w).is_ok()
    }

    /// The byte ranges of `text` whose full stops end no sentence: the vehicle names with a
    /// full stop inside ("Cam. de Mitr. CA"), and each abbreviation's full stop.
    pub(crate) fn protected(&self, text: &str) -> Vec<Range<usize>> {
        if self.vehicles.is_empty() || !text.contains('.') {
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut at = 0;
        while at < text.len() {
            let rest = &text[at..];
            let boundary = text[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric());
            if boundary {
                if let Some(n) = self.vehicle_at(rest).filter(|&n| rest[..n].contains('.')) {
                    out.push(at..at + n);
                    at += n;
                    continue;
                }
                let word = rest.split_whitespace().next().unwrap_or("");
                if let Some(stem) = word.strip_suffix('.') {
                    if self.is_abbreviation(stem) {
                        out.push(at..at + word.len());
                    }
                }
            }
            at += rest.chars().next().map_or(1, char::len_utf8);
        }
        out
    }
}

/// The byte length of a "the " (or "The ") that starts `i`, else 0.
pub(crate) fn article_len(i: &str) -> usize {
    ["the ", "The "]
        .iter()
        .find(|t| i.starts_with(*t))
        .map_or(0, |t| t.len())
}

/// The first words of `names` that name one vehicle alone: a capitalized word of three
/// letters or more, the first of a name of two words or more, that starts no other name and
/// is none, nor the first word of a place ("Ferrow" of "Ferrow T"; not "Lance" of "Lance M1"
/// and "Lance M2", nor "Osk" of "Osk Carrier" beside the place "Osk Is.").
fn short_names(names: &[String], places: &[String]) -> Vec<String> {
    let first = |n: &str| n.split_whitespace().next().map(str::to_lowercase);
    names
        .iter()
        .filter(|n| n.split_whitespace().count() >= 2)
        .filter_map(|n| {
            let word = n.split_whitespace().next()?;
            let fits = word.len() >= 3
                && word.starts_with(char::is_uppercase)
                && word.chars().all(char::is_alphabetic);
            let lower = word.to_lowercase();
            let alone = names
                .iter()
                .filter(|m| first(m).as_deref() == Some(lower.as_str()))
                .count()
                == 1;
            let is_name = names.iter().any(|m| m.eq_ignore_ascii_case(word));
            let place = places.iter().any(|p| {
                p.split_whitespace()
                    .find(|w| !w.eq_ignore_ascii_case("the"))
                    .is_some_and(|w| w.eq_ignore_ascii_case(word))
            });
            (fits && alone && !is_name && !place).then(|| word.to_string())
        })
        .collect()
}

/// A word as name words are compared: lower case, without a possessive or a comma after it.
fn word_key(w: &str) -> String {
    let w = w.trim_end_matches(',');
    let w = w
        .strip_suffix("'s")
        .or_else(|| w.strip_suffix("’s"))
        .unwrap_or(w);
    w.to_lowercase()
}

/// A word without a parenthesized mark at its end ("65/17(b)" is "65/17").
fn strip_suffix_mark(w: &str) -> &str {
    match (w.ends_with(')'), w.rfind('(')) {
        (true, Some(k)) if k > 0 => &w[..k],
        _ => w,
    }
}

/// The longest of `names` (sorted longest first) at the start of `i`, case ignored, followed
/// by no letter or digit.
fn longest_at(names: &[String], i: &str) -> Option<usize> {
    let first = i.as_bytes().first()?;
    names.iter().find_map(|n| {
        // The first byte tells most names apart at once (the same test as the whole one's).
        if !n.as_bytes().first()?.eq_ignore_ascii_case(first) {
            return None;
        }
        let head = i.get(..n.len())?;
        if !head.eq_ignore_ascii_case(n) {
            return None;
        }
        let ends = i[n.len()..]
            .chars()
            .next()
            .is_none_or(|c| !c.is_alphanumeric());
        ends.then_some(n.len())
    })
}

#[cfg(test)]
mod tests {
    use crate::{parse_availability_with, ClauseKind, FileId, Lexicon};

    fn lexicon() -> Lexicon {
        let names = [
            "Cam. de Mitr. CA",
            "Kpfw. B.1",
            "Pz.Wg. 38",
            "Pz.Wg. 38 (Funk)",
        ]
        .map(String::from);
        let places = [
            "the Western Marches",
            "Western Marches",
            "Eastern Front",
            "France",
        ]
        .map(String::from);
        Lexicon::new(None, &names, &places)
    }

    #[test]
    fn a_name_with_full_stops_is_protected_longest_first() {
        let text = "The Pz.Wg. 38 (Funk) and the Cam. de Mitr. CA. Then Mitr. stands alone.";
        let l = lexicon();
        let got: Vec<&str> = l.protected(text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(got, ["Pz.Wg. 38 (Funk)", "Cam. de Mitr. CA", "Mitr."]);
    }

    #[test]
    fn a_sentence_with_a_dotted_name_is_one_clause_with_its_vehicle() {
        let text = "The Kpfw. B.1 was used in the Western Marches from June 1938 to May 1941. On the Eastern Front its RF is 1.5 in 1941.";
        let parsed = parse_availability_with(text, 0, FileId(0), &lexicon());
        assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
        let [first, second] = parsed.value.as_slice() else {
            panic!("{:#?}", parsed.value);
        };
        assert_eq!(first.vehicles[0].raw, "Kpfw. B.1");
        let ClauseKind::Schedule(s) = &second.kind else {
            panic!("{:?}", second.kind);
        };
        let crate::Area::Theaters { theaters, .. } = &s.sections[0].area else {
            panic!("{:?}", s.sections[0].area);
        };
        assert_eq!(theaters[0].raw, "the Eastern Front");
        // Words that share nothing with the listing's names name no vehicle.
        let text = "Free French units used it in France from 9/44 (RF 1.5).";
        let parsed = parse_availability_with(text, 0, FileId(0), &lexicon());
        assert!(
            parsed.value.iter().all(|c| c.vehicles.is_empty()),
            "{:?}",
            parsed.value
        );
        // Without the lexicon the name is cut at its first full stop.
        let alone = crate::parse_availability(text, 0, FileId(0), None);
        assert!(alone.value[0].vehicles.iter().all(|v| v.raw != "Kpfw. B.1"));
    }

    /// A name's first word names its vehicle when no other name starts with it, none is it,
    /// and no place starts with it; a faction's words are known with their inflections.
    #[test]
    fn short_names_and_faction_words() {
        let names = [
            "Ferrow T",
            "Lance M1",
            "Lance M2",
            "Osk Carrier",
            "Hobb",
            "Hobb AA",
        ]
        .map(String::from);
        let l = Lexicon::new(None, &names, &["Osk Is.".to_string()])
            .with_factions(&["Loyalists".to_string(), "Crown side".to_string()]);
        assert_eq!(l.vehicle_at("Ferrow had it"), Some(6));
        assert_eq!(l.vehicle_at("Lance had it"), None);
        assert_eq!(l.vehicle_at("Osk had it"), None);
        assert_eq!(l.vehicle_at("Hobb had it"), Some(4));
        for (text, len) in [
            ("the Loyalists' M3s", 14),
            ("Loyalist units", 8),
            ("The Crown side had", 14),
            ("Loyalism", 0),
            ("loyalists", 0),
        ] {
            assert_eq!(l.faction_at(text).unwrap_or(0), len, "{text}");
        }
    }
}
