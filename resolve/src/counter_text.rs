//! Counter text: what each side of a counter draws, item by item: the listing's values,
//! formatted once, and the notations the notes quote ("as signified by "X" on the reverse
//! side").

use qm_schema::{
    signed, BreakdownNumber, Capacity, CounterItem, CounterItemKind, CounterSide, CrewSurvival,
    Field, GroundPressure, MainArmament, MgFactor, Mount, Notation, OtherConfiguration, RateOfFire,
    Runs, SecondaryArmament, SpecialAmmo, TargetAspect, VaslRow, Vehicle, Weapon,
};

use crate::vasl_overrides::{overrides, Overrides};

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
    /// The sentence or bullet paragraph it stands in (shared by its notations).
    pub paragraph: std::sync::Arc<str>,
    /// Its sentence, with the sentences before it that it refers back to (to tell which
    /// vehicles it names; shared by the notations of one sentence).
    pub context: std::sync::Arc<str>,
    /// Where the quoted text is.
    pub span: qm_schema::Span,
}

/// The two sides of the counter, item by item, exactly as the templates draw them. Which
/// side a value goes on is decided here, once: the front holds the name and what a player
/// reads in play (MA and its ROF, B#, special ammo, smoke, IF, turret type, SA, MG factors, armor,
/// target aspect, OT, size, MP) and the notations the notes put on the front; the back holds
/// the name, the ® (rule 181.21 puts it on the reverse side), the values the front has no
/// room for at a legible size (ground pressure, crew survival, capacity), the back and wreck
/// notations and the wreck band. A cell holding only a "†" prints nothing (the chart shows
/// it): a label is never drawn without its value.
pub fn counter_sides(v: &Vehicle, notations: &[Notation]) -> (Vec<CounterItem>, Vec<CounterItem>) {
    sides_with(v, notations, v.vasl.as_deref(), &Overrides::default())
}

/// The two sides of a VASL variant's counter ([`counter_sides`]): its own row (`row`, a piece
/// of its vehicle's) gives its smoke numbers, and its `overrides` the MG factors and MA VASL
/// makes its counter with ([`crate::vasl_overrides`]).
pub fn variant_counter_sides(
    w: &Vehicle,
    notations: &[Notation],
    row: &VaslRow,
) -> (Vec<CounterItem>, Vec<CounterItem>) {
    sides_with(w, notations, Some(row), &overrides(row))
}

fn sides_with(
    v: &Vehicle,
    notations: &[Notation],
    row: Option<&VaslRow>,
    o: &Overrides,
) -> (Vec<CounterItem>, Vec<CounterItem>) {
    let mut front = front_side(v, notations, row, o);
    let mut back = back_side(v, notations);
    // Kept with the IR for the rest of the run: no room to spare.
    front.shrink_to_fit();
    back.shrink_to_fit();
    (front, back)
}

/// The front: the name, what a player reads in play, and the front notations; a variant's
/// overrides in place of its MG factors and MA.
fn front_side(
    v: &Vehicle,
    notations: &[Notation],
    row: Option<&VaslRow>,
    o: &Overrides,
) -> Vec<CounterItem> {
    use CounterItemKind as K;
    let mut front = vec![item(K::Name, None, plain(v.name.clone()))];
    let mut push = |kind, label: Option<&str>, value: Option<Runs>| {
        if let Some(value) = value {
            front.push(item(kind, label, value));
        }
    };
    push(K::Rof, None, text(&v.values.rof, RateOfFire::text));
    let ma = match &o.ma {
        Some(ma) => ma.clone(),
        None => field(&v.values.main_armament, MainArmament::runs),
    };
    push(K::MainArmament, None, ma);
    push(
        K::Breakdown,
        None,
        text(&v.values.breakdown, BreakdownNumber::text),
    );
    push(K::Ammo, None, parts(&v.values.ammo, SpecialAmmo::runs));
    let [smoke, discharger] = crate::smoke_text::smoke(row);
    push(K::Smoke, None, smoke);
    push(K::SmokeDischarger, None, discharger);
    push(
        K::IfMark,
        None,
        text(&v.values.if_mark, |_| "◆".to_string()),
    );
    push(K::Turret, None, text(&v.values.turret, |t| t.code()));
    push(
        K::Secondary,
        Some("SA"),
        field(&v.values.secondary, SecondaryArmament::runs),
    );
    let listed = [&v.values.mg_bow, &v.values.mg_coax, &v.values.mg_aa];
    let labelled = [(K::MgBow, "B"), (K::MgCoax, "C"), (K::MgAa, "AA")];
    for (i, (kind, label)) in labelled.into_iter().enumerate() {
        let value = match &o.mgs {
            Some(mgs) => mgs[i].clone(),
            None => parts(listed[i], MgFactor::runs),
        };
        push(kind, Some(label), value);
    }
    let [armor_front, armor_side, armor_third] = armor(v);
    push(K::ArmorFront, None, armor_front.map(plain));
    push(K::ArmorSide, None, armor_side.map(plain));
    push(K::ArmorThird, None, armor_third.map(plain));
    push(
        K::TargetAspect,
        None,
        parts(&v.values.target_aspect, |t: &TargetAspect| plain(t.text())),
    );
    push(K::OpenTop, None, flag(&v.values.open_top, "●"));
    push(K::Size, None, text(&v.values.size, |s| signed(*s)));
    push(K::Mp, None, text(&v.values.mp, u8::to_string));
    front.extend(
        notations
            .iter()
            .filter(|n| n.side == CounterSide::Front)
            .map(notation_item),
    );
    front
}

/// The back: the name, the values the front has no room for, the back and wreck notations,
/// the other configuration and the wreck band.
fn back_side(v: &Vehicle, notations: &[Notation]) -> Vec<CounterItem> {
    use CounterItemKind as K;
    let mut back = vec![item(K::Name, None, plain(v.name.clone()))];
    let mut push = |kind, label: Option<&str>, value: Option<Runs>| {
        if let Some(value) = value {
            back.push(item(kind, label, value));
        }
    };
    push(K::Radioless, None, text(&v.lead.radioless, |r| r.text()));
    push(
        K::GroundPressure,
        Some("GP"),
        text(&v.values.ground_pressure, format_gp),
    );
    push(
        K::CrewSurvival,
        Some("CS"),
        text(&v.values.crew_survival, CrewSurvival::text),
    );
    push(K::Capacity, None, parts(&v.values.capacity, Capacity::runs));
    back.extend(
        notations
            .iter()
            .filter(|n| n.side != CounterSide::Front)
            .map(notation_item),
    );
    if let Some(other) = &v.other_configuration {
        back.push(item(
            K::Notation,
            None,
            plain(other_configuration_text(other)),
        ));
    }
    back.push(item(K::Wreck, None, plain("WRECK".to_string())));
    back
}

/// A notation the notes put on a side, as an item.
fn notation_item(n: &Notation) -> CounterItem {
    CounterItem {
        kind: CounterItemKind::Notation,
        label: None,
        text: n.text.clone(),
        runs: Vec::new(),
        red: n.red,
    }
}

/// The other configuration as the back prints it: its name, then its MA and armor as the
/// listing prints them ("(Firing) T37 6/3").
fn other_configuration_text(o: &OtherConfiguration) -> String {
    let mut parts = vec![o.name_cell.raw.trim_matches('†').trim().to_string()];
    parts.extend(field(&o.values.main_armament, MainArmament::runs).map(|r| r.text()));
    if let Some(a) = o.values.armor.as_ref().and_then(|f| f.value.as_ref()) {
        let armor: Vec<String> = a.parts.iter().map(|p| p.text()).collect();
        parts.push(armor.join("/"));
    }
    parts.join(" ")
}

/// An item of `value`: its text on one line (superscripts in Unicode's characters), and its
/// runs when part of it is raised or marked.
pub(crate) fn item(kind: CounterItemKind, label: Option<&str>, value: Runs) -> CounterItem {
    CounterItem {
        kind,
        label: label.map(str::to_string),
        text: value.text(),
        runs: if value.styled() { value.0 } else { Vec::new() },
        red: false,
    }
}

/// A plain text as runs.
pub(crate) fn plain(text: String) -> Runs {
    let mut out = Runs::default();
    out.plain(&text);
    out
}

/// A field as printed: its value formatted, the superscript printed after it (raised, in its
/// own case), then "†" when marked; `None` for an absent cell or one holding only a "†".
pub(crate) fn field<T>(field: &Option<Field<T>>, format: impl FnOnce(&T) -> Runs) -> Option<Runs> {
    let f = field.as_ref()?;
    let mut value = f.value.as_ref().map(format)?;
    if let Some(s) = &f.superscript {
        value.raised(s);
    }
    if f.dagger {
        value.plain("†");
    }
    Some(value)
}

/// A field formatted as plain text, as [`field`] prints it.
pub(crate) fn text<T>(f: &Option<Field<T>>, format: impl FnOnce(&T) -> String) -> Option<Runs> {
    field(f, |v| plain(format(v)))
}

/// A field of parts as printed: its value prints each dagger after the part it follows;
/// `None` for an absent cell or one holding only a "†".
fn parts<T>(field: &Option<Field<T>>, format: impl FnOnce(&T) -> Runs) -> Option<Runs> {
    field.as_ref()?.value.as_ref().map(format)
}

/// A yes/no column printed as a symbol when set.
fn flag(field: &Option<Field<bool>>, symbol: &str) -> Option<Runs> {
    let f = field.as_ref()?;
    (f.value == Some(true)).then(|| {
        let mut out = plain(symbol.to_string());
        if f.dagger {
            out.plain("†");
        }
        out
    })
}

/// Front and side parts as printed (an unsigned factor stays unsigned, each dagger after the
/// part it follows), and the third part when printed (`4/1/★`).
fn armor(v: &Vehicle) -> [Option<String>; 3] {
    let Some(a) = v.values.armor.as_ref().and_then(|f| f.value.as_ref()) else {
        return [None, None, None];
    };
    // A trailing "/" prints nothing after it, so nothing is drawn for it.
    let mut out: Vec<Option<String>> = a.parts.iter().take(3).map(|p| Some(p.text())).collect();
    out.resize(3, None);
    [out[0].take(), out[1].take(), out[2].take()]
}

fn format_gp(g: &GroundPressure) -> String {
    match g {
        GroundPressure::Low => "L",
        GroundPressure::High => "H",
    }
    .to_string()
}

/// True when the vehicle has a bow MG (as its MA or in the MG B column), or its own note
/// speaks of one.
fn has_bmg(v: &Vehicle, own_note_text: &str) -> bool {
    let ma_bmg = v
        .values
        .main_armament
        .as_ref()
        .and_then(|f| f.value.as_ref())
        .is_some_and(|m| m.mount == Some(Mount::Bow) && m.weapon == Weapon::MachineGun);
    ma_bmg || v.values.mg_bow.is_some() || own_note_text.contains("BMG")
}

/// True when the vehicle has no turret (T/Tur blank or NT).
fn non_turreted(v: &Vehicle) -> bool {
    v.values
        .turret
        .as_ref()
        .and_then(|f| f.value.as_ref())
        .is_none_or(qm_schema::Turret::is_non_turreted)
}

/// Decides whether a notation of a note the vehicle refers to is printed on its counter.
///
/// * A notation equal to the listing's MA (note 3's "MG") describes the front, not the back.
/// * "If this AFV is non-turreted" holds only for vehicles without a turret (note C).
/// * "The BMG, if present" holds only for vehicles with a bow MG (note E).
/// * A paragraph that names particular vehicles applies only to them (note J's "The MA of the
///   L3cc", note 23's "optional AAMG of the Autocannone da 65/17"): `named` is what the
///   notation's sentence ([`NotationSource::context`]) names among the vehicles the note covers.
pub fn applies(n: &NotationSource, v: &Vehicle, named: Named, own_note_text: &str) -> bool {
    let ma = v
        .values
        .main_armament
        .as_ref()
        .map(|f| f.raw.trim_matches('†'));
    if ma == Some(n.text.as_str()) {
        return false;
    }
    let cond = n.condition.as_deref().unwrap_or("").to_lowercase();
    if cond.contains("non-turreted") && !non_turreted(v) {
        return false;
    }
    let para = &*n.paragraph;
    if para.contains("BMG, if present") && n.text.contains("BMG") && !has_bmg(v, own_note_text) {
        return false;
    }
    named != Named::Others
}

/// What a sentence names among the vehicles a note covers, seen from one of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Named {
    /// None of them: it is about all of them.
    NoneOfThem,
    /// This vehicle (among others, maybe).
    This,
    /// Others, not this one.
    Others,
}

/// The back-side notations of a vehicle, in note order, each once.
pub fn back_notations(sources: &[&NotationSource]) -> Vec<Notation> {
    let mut out: Vec<Notation> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for n in sources {
        if !seen.insert(n.text.as_str()) {
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
    out.shrink_to_fit();
    out
}
