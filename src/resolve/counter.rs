//! Counter text: the front from the listing's values, the back from the notations the notes
//! quote ("as signified by "X" on the reverse side").

use qm_schema::{CounterSide, Mount, Notation, Vehicle, Weapon};

use super::names::name_key;

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
///   every vehicle the note covers, and `distinctive` tells whether the paragraph names one.
pub fn applies(n: &NotationSource, v: &Vehicle, siblings: &[String], own_note_text: &str) -> bool {
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
    let named: Vec<&String> = siblings
        .iter()
        .filter(|s| names_vehicle(para, s, siblings))
        .collect();
    named.is_empty() || named.iter().any(|s| name_key(s) == name_key(&v.name))
}

/// True when `paragraph` names vehicle `name` (and not merely the class the note covers):
/// either its whole name without spaces, or a token that no other covered vehicle shares
/// ("65/17" for the "Autocann 65/17(b)", "cc" for the "AS 42 cc").
pub fn names_vehicle(paragraph: &str, name: &str, siblings: &[String]) -> bool {
    let para_key = name_key(paragraph);
    if para_key.contains(&name_key(name)) && siblings.len() > 1 {
        return true;
    }
    let tokens = distinctive_tokens(name, siblings);
    let words: Vec<String> = paragraph
        .split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')')
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric() && c != '/')
                .to_lowercase()
        })
        .collect();
    !tokens.is_empty()
        && tokens
            .iter()
            .any(|t| t.len() >= 4 && words.iter().any(|w| w == t))
}

/// The lower-cased tokens of `name` that no other name in `siblings` has.
fn distinctive_tokens(name: &str, siblings: &[String]) -> Vec<String> {
    let toks = |n: &str| -> Vec<String> {
        n.split(|c: char| c.is_whitespace() || c == '(' || c == ')')
            .filter(|t| !t.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let mine = toks(name);
    mine.into_iter()
        .filter(|t| {
            siblings
                .iter()
                .filter(|s| name_key(s) != name_key(name))
                .all(|s| !toks(s).contains(t))
        })
        .collect()
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
        let sib = vec![
            "Autocann 20/65(b)".to_string(),
            "Autocann 65/17(b)".to_string(),
        ];
        let para = "(The optional AAMG of the Autocannone da 65/17 is always available";
        assert!(names_vehicle(para, "Autocann 65/17(b)", &sib));
        assert!(!names_vehicle(para, "Autocann 20/65(b)", &sib));
        let all = vec![
            "L3 cc".to_string(),
            "AS 42 cc".to_string(),
            "L3/35".to_string(),
        ];
        assert!(names_vehicle(
            "The MA of the L3cc may not be used",
            "L3 cc",
            &all
        ));
        assert!(!names_vehicle(
            "The MA of the L3cc may not be used",
            "AS 42 cc",
            &all
        ));
    }
}
