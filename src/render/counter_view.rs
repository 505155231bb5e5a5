//! What a counter prints, as text: the IR's values formatted the way the listing prints them.
//!
//! Templates get these strings (and the whole [`Vehicle`] besides) so that the layout is theirs
//! but the formatting of a value is decided once, here. A value the IR does not hold is absent;
//! nothing is guessed. A "†" follows every value the listing marks with one.

use qm_schema::{
    AmmoKind, BarrelLength, Capacity, CounterSide, Field, GroundPressure, IfMark, MgFactor, Mount,
    Vehicle, Weapon,
};
use serde::Serialize;

/// The printable values of one vehicle's counter.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CounterView {
    /// The vehicle id (`m13-40`).
    pub id: String,
    /// The normalized name ("M13/40").
    pub name: String,
    /// The TYPE code as printed ("MT").
    pub type_code: String,
    /// Main armament: mount letter, caliber or weapon, length and limited-ammo marks ("T47",
    /// "B75*", "CMG†", "BF32").
    pub ma: Option<String>,
    /// Rate of fire ("2", "1(4)").
    pub rof: Option<String>,
    /// Breakdown number ("B11", "B/X11†").
    pub breakdown: Option<String>,
    /// Special ammunition ("H7†", "HE7", "AP7").
    pub ammo: Option<String>,
    /// The IF mark ("◆†").
    pub if_mark: Option<String>,
    /// Secondary armament ("B37", "Opt2†", "2†").
    pub secondary: Option<String>,
    /// Turret type ("ST", "1MT", "NT", "T").
    pub turret: Option<String>,
    /// MG factors in column order (bow, coaxial, AA); only those printed.
    pub mg: Vec<MgView>,
    /// Front armor factor ("-2").
    pub armor_front: Option<String>,
    /// Side armor factor, when the listing gives a second factor ("-4").
    pub armor_side: Option<String>,
    /// Target aspect ("+F", "+FS R").
    pub target_aspect: Option<String>,
    /// Open-topped mark ("●", "●†").
    pub open_top: Option<String>,
    /// Size modifier ("+1", "0", "-1").
    pub size: Option<String>,
    /// Movement points ("11", "34†").
    pub mp: Option<String>,
    /// Ground pressure ("L", "H").
    pub ground_pressure: Option<String>,
    /// Crew survival number ("4", "5†").
    pub crew_survival: Option<String>,
    /// Passenger and portage capacity ("2S/9PP", "1C/5PP†").
    pub capacity: Option<String>,
    /// Radioless (181.2): the "®" (with its "†" when the listing has one); printed on the
    /// reverse side, which is where 181.21 says the ® is.
    pub radioless: Option<String>,
    /// Notations the notes put on the front.
    pub front_notations: Vec<NotationView>,
    /// Notations the notes put on the back or wreck side.
    pub back_notations: Vec<NotationView>,
}

/// One MG factor: its column and value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MgView {
    /// The column: "B", "C" or "AA".
    pub label: &'static str,
    /// The factor as printed ("4", "R4†", "8R2").
    pub value: String,
}

/// A notation to print.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NotationView {
    /// The text exactly as the notes quote it.
    pub text: String,
    /// Printed in red.
    pub red: bool,
}

impl CounterView {
    /// The printable values of `v`.
    pub fn of(v: &Vehicle) -> Self {
        let armor = v.armor.as_ref().and_then(|f| f.value.as_ref());
        let armor_dagger = v.armor.as_ref().is_some_and(|f| f.dagger);
        let factor = |i: usize| armor.and_then(|a| a.factors.get(i)).map(|n| signed(*n));
        let (armor_front, armor_side) = (factor(0), factor(1));
        // The armor cell carries one dagger for both factors: show it after the last one.
        let (armor_front, armor_side) = match (armor_front, armor_side) {
            (Some(f), None) => (Some(dag(f, armor_dagger)), None),
            (f, Some(s)) => (f, Some(dag(s, armor_dagger))),
            (None, None) => (None, None),
        };
        let mg = [("B", &v.mg_bow), ("C", &v.mg_coax), ("AA", &v.mg_aa)]
            .into_iter()
            .filter_map(|(label, f)| text(f, mg_factor).map(|value| MgView { label, value }))
            .collect();
        let (mut front_notations, mut back_notations) = (Vec::new(), Vec::new());
        for n in &v.counter.notations {
            let view = NotationView {
                text: n.text.clone(),
                red: n.red,
            };
            match n.side {
                CounterSide::Front => front_notations.push(view),
                CounterSide::Back | CounterSide::Wreck => back_notations.push(view),
            }
        }
        // `counter.back` may hold quotes the notations do not (yet) describe.
        for t in &v.counter.back {
            if !back_notations.iter().any(|n| &n.text == t) {
                back_notations.push(NotationView {
                    text: t.clone(),
                    red: false,
                });
            }
        }
        Self {
            id: v.id.clone(),
            name: v.name.clone(),
            type_code: v
                .vehicle_type
                .value
                .as_ref()
                .map(|t| t.as_str().to_string())
                .unwrap_or_default(),
            ma: text(&v.main_armament, |ma| {
                let mount = ma.mount.map_or("", mount_code);
                let weapon = match &ma.weapon {
                    Weapon::Gun { caliber_mm, length } => format!(
                        "{caliber_mm}{}",
                        match length {
                            BarrelLength::Normal => "",
                            BarrelLength::Long => "L",
                            BarrelLength::VeryLong => "LL",
                        }
                    ),
                    Weapon::MachineGun => "MG".to_string(),
                    Weapon::Flamethrower { rating } => format!("F{rating}"),
                };
                let star = if ma.limited_ammo { "*" } else { "" };
                format!("{mount}{weapon}{star}")
            }),
            rof: text(&v.rof, |r| match r.paren {
                Some(p) => format!("{}({p})", r.rof),
                None => r.rof.to_string(),
            }),
            breakdown: text(&v.breakdown, |b| {
                if b.letters.is_empty() {
                    format!("B{}", b.number)
                } else {
                    format!("{}{}", b.letters.join("/"), b.number)
                }
            }),
            ammo: text(&v.ammo, |a| {
                let kind = match a.kind {
                    AmmoKind::Heat => "H",
                    AmmoKind::He => "HE",
                    AmmoKind::Ap => "AP",
                };
                format!("{kind}{}", a.depletion)
            }),
            if_mark: text(&v.if_mark, |m| match m {
                IfMark::Diamond => "◆".to_string(),
            }),
            secondary: text(&v.secondary, |s| {
                let mount = s.mount.map_or("", mount_code);
                let opt = if s.optional { "Opt" } else { "" };
                format!("{opt}{mount}{}", s.value)
            }),
            turret: text(&v.turret, |t| t.code().to_string()),
            mg,
            armor_front,
            armor_side,
            target_aspect: text(&v.target_aspect, |ta| {
                let sign = match ta.sign {
                    qm_schema::Sign::Plus => "+",
                    qm_schema::Sign::Minus => "-",
                };
                format!("{sign}{}", ta.groups.join(" "))
            }),
            open_top: flag(&v.open_top, "●"),
            size: text(&v.size, |s| signed(*s)),
            mp: text(&v.mp, u8::to_string),
            ground_pressure: text(&v.ground_pressure, |g| {
                match g {
                    GroundPressure::Low => "L",
                    GroundPressure::High => "H",
                }
                .to_string()
            }),
            crew_survival: text(&v.crew_survival, u8::to_string),
            capacity: text(&v.capacity, Capacity::text),
            radioless: flag(&v.radioless, "®"),
            front_notations,
            back_notations,
        }
    }
}

/// A field as printed: its value formatted, then "†" when marked. A cell holding only a "†"
/// prints as "†"; an absent cell prints nothing.
fn text<T>(field: &Option<Field<T>>, format: impl FnOnce(&T) -> String) -> Option<String> {
    let f = field.as_ref()?;
    let s = f.value.as_ref().map(format).unwrap_or_default();
    Some(dag(s, f.dagger))
}

/// A yes/no column printed as a symbol when set.
fn flag(field: &Option<Field<bool>>, symbol: &str) -> Option<String> {
    let f = field.as_ref()?;
    match f.value {
        Some(false) => None,
        Some(true) => Some(dag(symbol.to_string(), f.dagger)),
        None => f.dagger.then(|| "†".to_string()),
    }
}

fn dag(s: String, dagger: bool) -> String {
    if dagger {
        format!("{s}†")
    } else {
        s
    }
}

fn signed(n: i8) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

fn mount_code(m: Mount) -> &'static str {
    match m {
        Mount::Turret => "T",
        Mount::Bow => "B",
        Mount::Coaxial => "C",
        Mount::AntiAircraft => "AA",
    }
}

fn mg_factor(m: &MgFactor) -> String {
    let fp = m.fp.map(|n| n.to_string()).unwrap_or_default();
    let rear = m.rear_fp.map(|n| format!("R{n}")).unwrap_or_default();
    format!("{fp}{rear}")
}
