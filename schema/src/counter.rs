use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::Span;

/// What a counter's two sides print: every text the counter templates draw, item by item,
/// and nothing they do not. The templates draw from these items only.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Counter {
    /// The front: the name and the values a player reads in play (MA, ROF, B#, special ammo,
    /// MG factors, armor, MP, size, ...), in drawing order.
    pub front: Vec<CounterItem>,
    /// The back (the wreck side): the name, the ® of a radioless AFV (rule 181.21), the values
    /// the front has no room for (ground pressure, crew survival, capacity), the notations the
    /// notes put there, and the wreck band's word.
    pub back: Vec<CounterItem>,
    /// Every notation with where the notes put it and why.
    pub notations: Vec<Notation>,
}

/// One item a counter side draws: a value, with the short label printed with it when the value
/// alone would not say what it is ("SA" before "B37", "B" over a bow MG's "4"). A cell holding
/// only a "†" is no item: a label is never drawn without a value (the chart shows the dagger).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CounterItem {
    /// What the item is.
    pub kind: CounterItemKind,
    /// The label drawn with the value, if any ("SA", "B", "CS").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The value exactly as drawn ("T47", "4†", "Opt2†", "®", "*REVx3"), a superscript in
    /// Unicode's superscript characters ("34ˢ†", "4ᴿ²").
    pub text: String,
    /// The value in runs, when part of it is not printed plainly: a superscript raised in its
    /// own case ("34" then a raised "s"), a caliber underlined or overlined. Absent when the
    /// whole value is plain (`text` is then what is drawn).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub runs: Vec<TextRun>,
    /// Drawn in red (a notation the notes print in red).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub red: bool,
}

impl CounterItem {
    /// The item as one line of text: the label, a space and the value ("B 4†", "SA B37").
    pub fn drawn(&self) -> String {
        match &self.label {
            Some(l) => format!("{l} {}", self.text),
            None => self.text.clone(),
        }
    }

    /// The length of [`CounterItem::drawn`] in characters, without making the line.
    pub fn drawn_chars(&self) -> usize {
        self.label.as_ref().map_or(0, |l| l.chars().count() + 1) + self.text.chars().count()
    }
}

/// A part of a counter value, printed raised (a superscript) or with a line over or under it
/// (a caliber's marks), or plainly between such parts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TextRun {
    /// The run's text in its own characters and case ("R2", "s", "57").
    pub text: String,
    /// Printed raised and smaller: a superscript.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub raised: bool,
    /// The lines printed over or under it, in printed order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<crate::CaliberMark>,
}

impl TextRun {
    /// A plain run.
    pub fn plain(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            raised: false,
            marks: Vec::new(),
        }
    }

    /// A raised run.
    pub fn raised(text: impl Into<String>) -> Self {
        Self {
            raised: true,
            ..Self::plain(text)
        }
    }
}

/// A value as runs, built part by part: neighbouring plain parts join into one run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Runs(pub Vec<TextRun>);

impl Runs {
    /// Plain text after the runs so far.
    pub fn plain(&mut self, text: &str) -> &mut Self {
        if text.is_empty() {
            return self;
        }
        match self.0.last_mut() {
            Some(last) if !last.raised && last.marks.is_empty() => last.text.push_str(text),
            _ => self.0.push(TextRun::plain(text)),
        }
        self
    }

    /// Raised text (a superscript, in its own characters and case) after the runs so far.
    pub fn raised(&mut self, text: &str) -> &mut Self {
        if !text.is_empty() {
            self.0.push(TextRun::raised(text));
        }
        self
    }

    /// Text with lines over or under it after the runs so far (plain without marks).
    pub fn marked(&mut self, text: &str, marks: &[crate::CaliberMark]) -> &mut Self {
        if marks.is_empty() {
            return self.plain(text);
        }
        self.0.push(TextRun {
            marks: marks.to_vec(),
            ..TextRun::plain(text)
        });
        self
    }

    /// Other runs after these.
    pub fn extend(&mut self, other: Runs) -> &mut Self {
        for r in other.0 {
            if !r.raised && r.marks.is_empty() {
                self.plain(&r.text);
            } else {
                self.0.push(r);
            }
        }
        self
    }

    /// The runs as one line of text, a raised run in Unicode's superscript characters
    /// (`4ᴿ²`, `34ˢ†`).
    pub fn text(&self) -> String {
        self.0
            .iter()
            .map(|r| {
                if r.raised {
                    crate::superscript::to_superscript(&r.text)
                } else {
                    r.text.clone()
                }
            })
            .collect()
    }

    /// True when any run is raised or marked (else the value is its plain text).
    pub fn styled(&self) -> bool {
        self.0.iter().any(|r| r.raised || !r.marks.is_empty())
    }
}

/// The kinds of counter item: the listing's columns a counter prints, and the notes' notations.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum CounterItemKind {
    /// The vehicle's name.
    Name,
    /// Rate of fire (boxed).
    Rof,
    /// Main armament ("T47", "B75*", "CMG†").
    MainArmament,
    /// Breakdown number ("B11", "B/X11†").
    Breakdown,
    /// Special ammunition ("H7†").
    Ammo,
    /// Smoke depletion numbers: the MA's smoke ("s7") and white phosphorus ("WP9"), from
    /// VASL's `s#` column.
    Smoke,
    /// Smoke dischargers and mortars ("sD6", "sM8", "sN9", "sP5"), from VASL's `sD#` column.
    SmokeDischarger,
    /// The IF mark ("◆†").
    IfMark,
    /// Turret type ("ST", "1MT", "NT", "T").
    Turret,
    /// Secondary armament ("B37").
    Secondary,
    /// Bow MG factor.
    MgBow,
    /// Coaxial MG factor.
    MgCoax,
    /// AA MG factor.
    MgAa,
    /// Front armor factor.
    ArmorFront,
    /// Side armor factor.
    ArmorSide,
    /// A third armor part, printed after the side's (`3/1/★T`). No source says which facing
    /// it is, so it is drawn as printed and without a label; a blank one (`-2/-2/`) is not
    /// drawn.
    ArmorThird,
    /// Target aspect ("+F").
    TargetAspect,
    /// The open-topped mark ("●").
    OpenTop,
    /// Size modifier (circled).
    Size,
    /// Movement points.
    Mp,
    /// Ground pressure ("L", "H").
    GroundPressure,
    /// Crew survival number.
    CrewSurvival,
    /// Passenger and portage capacity ("1C/5PP").
    Capacity,
    /// The radioless mark ® (rule 181.21: on the reverse side).
    Radioless,
    /// A notation the notes quote ("*REVx3", "B11").
    Notation,
    /// The word of the wreck band ("WRECK").
    Wreck,
    /// A gun's caliber and barrel length, with the marks printed on it ("75L", an overlined
    /// "81*").
    Caliber,
    /// The part of a gun's ROF (IFE) cell printed in parentheses: its IFE ("(8)"), or the
    /// other rate ("(or 3)").
    Ife,
    /// A gun's range ("120", a mortar's "2-60").
    Range,
    /// A gun's manhandling number (drawn red when the listing prints it bold).
    Manhandling,
    /// The Special items a gun's counter prints, besides its ammunition and smoke
    /// ("NT QSU IR").
    Special,
    /// The word of a gun's malfunctioned side ("MALF").
    Malfunction,
    /// The word of a gun's limbered side ("LIMBERED").
    Limbered,
}

impl CounterItemKind {
    /// Every kind, in the IR's order.
    pub const ALL: [CounterItemKind; 33] = [
        Self::Name,
        Self::Rof,
        Self::MainArmament,
        Self::Breakdown,
        Self::Ammo,
        Self::Smoke,
        Self::SmokeDischarger,
        Self::IfMark,
        Self::Turret,
        Self::Secondary,
        Self::MgBow,
        Self::MgCoax,
        Self::MgAa,
        Self::ArmorFront,
        Self::ArmorSide,
        Self::ArmorThird,
        Self::TargetAspect,
        Self::OpenTop,
        Self::Size,
        Self::Mp,
        Self::GroundPressure,
        Self::CrewSurvival,
        Self::Capacity,
        Self::Radioless,
        Self::Notation,
        Self::Wreck,
        Self::Caliber,
        Self::Ife,
        Self::Range,
        Self::Manhandling,
        Self::Special,
        Self::Malfunction,
        Self::Limbered,
    ];

    /// A short title for listing items in text ("MA", "BMG", "AF side"); `None` for the
    /// kinds whose text says what it is (name, ®, notation, the wreck band's word).
    pub fn title(self) -> Option<&'static str> {
        Some(match self {
            Self::Name
            | Self::Radioless
            | Self::Notation
            | Self::Wreck
            | Self::Malfunction
            | Self::Limbered => return None,
            Self::Rof => "ROF",
            Self::MainArmament => "MA",
            Self::Breakdown => "B#",
            Self::Ammo => "Ammo",
            Self::Smoke => "s#",
            Self::SmokeDischarger => "sD#",
            Self::IfMark => "IF",
            Self::Turret => "Turret",
            Self::Secondary => "SA",
            Self::MgBow => "BMG",
            Self::MgCoax => "CMG",
            Self::MgAa => "AAMG",
            Self::ArmorFront => "AF front",
            Self::ArmorSide => "AF side",
            Self::ArmorThird => "AF third",
            Self::TargetAspect => "TA",
            Self::OpenTop => "OT",
            Self::Size => "Size",
            Self::Mp => "MP",
            Self::GroundPressure => "GP",
            Self::CrewSurvival => "CS",
            Self::Capacity => "Capacity",
            Self::Caliber => "CSize",
            Self::Ife => "IFE",
            Self::Range => "Range",
            Self::Manhandling => "M#",
            Self::Special => "Special",
        })
    }

    /// The kind's name in the IR ("main_armament", "mg_bow").
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Name => "name",
            Self::Rof => "rof",
            Self::MainArmament => "main_armament",
            Self::Breakdown => "breakdown",
            Self::Ammo => "ammo",
            Self::Smoke => "smoke",
            Self::SmokeDischarger => "smoke_discharger",
            Self::IfMark => "if_mark",
            Self::Turret => "turret",
            Self::Secondary => "secondary",
            Self::MgBow => "mg_bow",
            Self::MgCoax => "mg_coax",
            Self::MgAa => "mg_aa",
            Self::ArmorFront => "armor_front",
            Self::ArmorSide => "armor_side",
            Self::ArmorThird => "armor_third",
            Self::TargetAspect => "target_aspect",
            Self::OpenTop => "open_top",
            Self::Size => "size",
            Self::Mp => "mp",
            Self::GroundPressure => "ground_pressure",
            Self::CrewSurvival => "crew_survival",
            Self::Capacity => "capacity",
            Self::Radioless => "radioless",
            Self::Notation => "notation",
            Self::Wreck => "wreck",
            Self::Caliber => "caliber",
            Self::Ife => "ife",
            Self::Range => "range",
            Self::Manhandling => "manhandling",
            Self::Special => "special",
            Self::Malfunction => "malfunction",
            Self::Limbered => "limbered",
        }
    }
}

/// A notation the notes say is printed on the counter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Notation {
    /// The text exactly as quoted.
    pub text: String,
    /// Which side it is printed on.
    pub side: CounterSide,
    /// True when the notes say it is printed in red.
    pub red: bool,
    /// The note ("12" or "A") that defines it.
    pub note: String,
    /// Where the quoted text is.
    pub span: Span,
}

/// A counter side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CounterSide {
    /// The front (the listing's values).
    Front,
    /// The reverse side.
    Back,
    /// The wreck side (the reverse of a vehicle counter).
    Wreck,
    /// A gun's limbered side: drawn beside its two sides where the listing gives the values
    /// it fires with limbered (`LF [...]`) or VASL's `limbered` column asks for one.
    Limbered,
}

/// What a gun's counter prints: its front, its back (the malfunctioned side) and, when it has
/// one, its limbered side; every text the counter templates draw, item by item.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GunCounter {
    /// The front: the name and the values a player reads in play (ROF, caliber, IFE, B#,
    /// range, special ammunition, smoke, the Special codes, M#, target size).
    pub front: Vec<CounterItem>,
    /// The back, the malfunctioned side: the name, the Special column's phrases (rules of
    /// the gun's note: "no Gunshield") as notations, and the band's word.
    pub back: Vec<CounterItem>,
    /// The limbered side: the name, the values of the limbered-firing bracket (none when
    /// VASL's column asks for a side the listing gives no values for) and its word; empty
    /// when the gun has no limbered side.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub limbered: Vec<CounterItem>,
}

impl GunCounter {
    /// The sides the counter has, in the order every walk takes them: front, back, and the
    /// limbered side when it has one.
    pub fn sides(&self) -> Vec<CounterSide> {
        let mut sides = vec![CounterSide::Front, CounterSide::Back];
        if !self.limbered.is_empty() {
            sides.push(CounterSide::Limbered);
        }
        sides
    }

    /// The items of `side` (the wreck side is the back); empty for a side the gun lacks.
    pub fn side(&self, side: CounterSide) -> &[CounterItem] {
        match side {
            CounterSide::Front => &self.front,
            CounterSide::Back | CounterSide::Wreck => &self.back,
            CounterSide::Limbered => &self.limbered,
        }
    }
}
