//! Counter text: the front from the listing's values, the back from the notations the notes
//! quote ("as signified by "X" on the reverse side").

use std::collections::{HashMap, HashSet};

use qm_schema::{CounterSide, Mount, Notation, Vehicle, Weapon};

use crate::mentions::Vocabulary;
use crate::names::name_key;

/// A quoted notation as the notes parser found it, with the paragraph around it.
#[derive(Debug, Clone)]
pub struct NotationSource {
    /// The note that holds it ("3" or "A").
    pub note: String,
    /// The notation, unescaped.
    pub text: String,
    /// Where the notes put it.
    pub side: CounterSide,
    /// True when the notes say it is printed in red.
    pub red: bool,
    /// The "If ..." condition of its sentence, if any.
    pub condition: Option<String>,
    /// The sentence or bullet paragraph it stands in (to tell which vehicle it names).
    pub paragraph: String,
    /// Where the quoted text is.
    pub span: qm_schema::Span,
}

/// The front of the counter: the listing's printed values, one item each, as printed.
pub fn front_text(v: &Vehicle) -> Vec<String> {
    let mut items = vec![v.name.clone()];
    let mut push = |label: &str, raw: Option<&str>| {
        if let Some(raw) = raw.filter(|r| !r.is_empty()) {
            items.push(if label.is_empty() {
                raw.to_string()
            } else {
                format!("{label} {raw}")
            });
        }
    };
    push("", v.radioless.as_ref().map(|f| f.raw.as_str()));
    push("MA", v.main_armament.as_ref().map(|f| f.raw.as_str()));
    push("ROF", v.rof.as_ref().map(|f| f.raw.as_str()));
    push("B#", v.breakdown.as_ref().map(|f| f.raw.as_str()));
    push("IF", v.if_mark.as_ref().map(|f| f.raw.as_str()));
    push("BMG", v.mg_bow.as_ref().map(|f| f.raw.as_str()));
    push("CMG", v.mg_coax.as_ref().map(|f| f.raw.as_str()));
    push("AAMG", v.mg_aa.as_ref().map(|f| f.raw.as_str()));
    push("SA", v.secondary.as_ref().map(|f| f.raw.as_str()));
    push("Ammo", v.ammo.as_ref().map(|f| f.raw.as_str()));
    push("Turret", v.turret.as_ref().map(|f| f.raw.as_str()));
    push("MP", v.mp.as_ref().map(|f| f.raw.as_str()));
    push("GP", v.ground_pressure.as_ref().map(|f| f.raw.as_str()));
    push("AF", v.armor.as_ref().map(|f| f.raw.as_str()));
    push("TA", v.target_aspect.as_ref().map(|f| f.raw.as_str()));
    push("OT", v.open_top.as_ref().map(|f| f.raw.as_str()));
    push("CS", v.crew_survival.as_ref().map(|f| f.raw.as_str()));
    push("Size", v.size.as_ref().map(|f| f.raw.as_str()));
    push("Capacity", v.capacity.as_ref().map(|f| f.raw.as_str()));
    items
}

/// True when the vehicle has a bow MG (as its MA or in the MG B column), or its own note
/// speaks of one.
fn has_bmg(v: &Vehicle, own_note_text: &str) -> bool {
    let ma_bmg = v
        .main_armament
        .as_ref()
        .and_then(|f| f.value.as_ref())
        .is_some_and(|m| m.mount == Some(Mount::Bow) && m.weapon == Weapon::MachineGun);
    ma_bmg || v.mg_bow.is_some() || own_note_text.contains("BMG")
}

/// True when the vehicle has no turret (T/Tur blank or NT).
fn non_turreted(v: &Vehicle) -> bool {
    v.turret
        .as_ref()
        .and_then(|f| f.value)
        .is_none_or(|t| t == qm_schema::TurretType::NonTurreted)
}

/// Decides whether a notation of a note the vehicle refers to is printed on its counter.
///
/// * A notation equal to the listing's MA (note 3's "MG") describes the front, not the back.
/// * "If this AFV is non-turreted" holds only for vehicles without a turret (note C).
/// * "The BMG, if present" holds only for vehicles with a bow MG (note E).
/// * A paragraph that names particular vehicles applies only to them (note J's "The MA of the
///   L3cc", note 23's "optional AAMG of the Autocannone da 65/17"): `siblings` are the names of
///   every vehicle the note covers; `named` remembers, per sentence, which of them it names.
pub fn applies(
    n: &NotationSource,
    v: &Vehicle,
    siblings: &Siblings,
    named: &mut NamedCache,
    own_note_text: &str,
) -> bool {
    let ma = v
        .main_armament
        .as_ref()
        .map(|f| f.raw.trim_matches('†').to_string());
    if ma.as_deref() == Some(n.text.as_str()) {
        return false;
    }
    let cond = n.condition.as_deref().unwrap_or("").to_lowercase();
    if cond.contains("non-turreted") && !non_turreted(v) {
        return false;
    }
    let para = n.paragraph.as_str();
    if para.contains("BMG, if present") && n.text.contains("BMG") && !has_bmg(v, own_note_text) {
        return false;
    }
    let context = sentence_context(para, &n.text);
    let keys = named
        .entry((siblings.id.clone(), context))
        .or_insert_with_key(|(_, context)| siblings.named_in(context));
    keys.is_empty() || keys.contains(&name_key(&v.name))
}

/// Which sibling names a sentence names, by (sibling set, sentence): every vehicle of a note
/// asks about the same sentences, so each is read once.
pub type NamedCache = HashMap<(String, String), HashSet<String>>;

/// The vehicles a note covers, with the words that tell each apart from the others, read once
/// so that asking which of them a sentence names costs time in the sentence only.
pub struct Siblings {
    /// Identifies the set in a [`NamedCache`] (the note: "8", "C").
    id: String,
    /// Per name: its key (for the answer), its words run together, its distinctive tokens.
    names: Vec<(String, String, Vec<String>)>,
    /// The names' words, which decide how a paragraph's words are read.
    vocabulary: Vocabulary,
}

impl Siblings {
    /// The set's id in a [`NamedCache`].
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The names a note covers; `id` names the set.
    pub fn new(id: impl Into<String>, names: &[String]) -> Self {
        // A token is distinctive for a name when no name of another key has it.
        let mut keys_of: HashMap<String, HashSet<String>> = HashMap::new();
        let vocabulary = Vocabulary::new(names);
        let words: Vec<Vec<String>> = names.iter().map(|n| vocabulary.words(n)).collect();
        for (name, ws) in names.iter().zip(&words) {
            for w in ws {
                keys_of.entry(w.clone()).or_default().insert(name_key(name));
            }
        }
        let names = names
            .iter()
            .zip(words)
            .map(|(name, ws)| {
                let key = name_key(name);
                let distinctive = ws
                    .iter()
                    .filter(|w| {
                        keys_of
                            .get(*w)
                            .is_none_or(|k| k.len() == 1 && k.contains(&key))
                    })
                    .cloned()
                    .collect();
                (key, ws.concat(), distinctive)
            })
            .collect();
        Self {
            id: id.into(),
            names,
            vocabulary,
        }
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

/// The back-side notations of a vehicle, in note order, each once.
pub fn back_notations(sources: &[&NotationSource]) -> Vec<Notation> {
    let mut out: Vec<Notation> = Vec::new();
    for n in sources {
        if out.iter().any(|o| o.text == n.text) {
            continue;
        }
        out.push(Notation {
            text: n.text.clone(),
            side: n.side,
            red: n.red,
            note: n.note.clone(),
            span: n.span.clone(),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_naming_one_vehicle_apply_to_it_only() {
        let key = |s: &str| name_key(s);
        let sib = Siblings::new(
            "23",
            &[
                "Autocann 20/65(b)".to_string(),
                "Autocann 65/17(b)".to_string(),
            ],
        );
        let para = "(The optional AAMG of the Autocannone da 65/17 is always available";
        assert_eq!(
            sib.named_in(para),
            HashSet::from([key("Autocann 65/17(b)")])
        );
        let all = Siblings::new(
            "J",
            &[
                "L3 cc".to_string(),
                "AS 42 cc".to_string(),
                "L3/35".to_string(),
            ],
        );
        let named = all.named_in("The MA of the L3cc may not be used");
        assert_eq!(named, HashSet::from([key("L3 cc")]));
        // A sentence naming no vehicle of the set names none (it applies to all of them).
        assert!(all.named_in("The MA may not be used").is_empty());
    }
}
