//! Listing values printed as the listing prints them: an unsigned factor stays unsigned, a
//! dagger is printed after the part it follows, superscripts as superscripts. Counters and
//! charts print these; a footnote number after a dagger is the listing's and is left out.

use crate::*;

/// A modifier as printed: `+1`, `0`, `-1` (a vehicle's size, a gun's target size).
pub fn signed(n: i8) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// "†" when a dagger is there (every printed value uses this, the ordnance's too).
pub(crate) fn dagger(d: &Option<Dagger>) -> &'static str {
    if d.is_some() {
        "†"
    } else {
        ""
    }
}

/// A superscript's text, or nothing.
pub(crate) fn sup(s: &Option<String>) -> &str {
    s.as_deref().unwrap_or_default()
}

impl ArmorPart {
    /// The part as printed: `4`, `+1`, `-4`, `★T`, `11†`, `6†T`, `★T†`.
    pub fn text(&self) -> String {
        let value = match self.value {
            ArmorValue::Factor {
                factor,
                signed: true,
            } if factor >= 0 => format!("+{factor}"),
            ArmorValue::Factor { factor, .. } => factor.to_string(),
            ArmorValue::Star => "★".to_string(),
        };
        let turret = if self.turret { "T" } else { "" };
        if self.dagger_before_turret {
            return format!("{value}{}{turret}", dagger(&self.dagger));
        }
        format!("{value}{turret}{}", dagger(&self.dagger))
    }
}

impl TargetAspectPart {
    /// The part as printed: `+FS R`, `-F†`, `★`.
    pub fn text(&self) -> String {
        let sign = match self.sign {
            Some(Sign::Plus) => "+",
            Some(Sign::Minus) => "-",
            None => "",
        };
        let star = if self.star { "★" } else { "" };
        format!(
            "{sign}{star}{}{}",
            self.groups.join(" "),
            dagger(&self.dagger)
        )
    }
}

impl TargetAspect {
    /// The cell as printed: `+SR`, `-F/+SR`.
    pub fn text(&self) -> String {
        let parts: Vec<String> = self.parts.iter().map(TargetAspectPart::text).collect();
        parts.join("/")
    }
}

impl Weapon {
    /// The weapon as printed, its caliber's digits with `marks` over or under them.
    fn runs(&self, marks: &[CaliberMark]) -> Runs {
        let mut out = Runs::default();
        match self {
            Weapon::Gun {
                caliber_mm,
                caliber_decimal,
                length,
            } if !marks.is_empty() => {
                let digits = match caliber_decimal {
                    Some(d) => format!("{caliber_mm}.{d}"),
                    None => caliber_mm.to_string(),
                };
                out.marked(&digits, marks).plain(length.code());
            }
            _ => {
                out.plain(&self.code());
            }
        }
        out
    }
}

impl MainArmament {
    /// The MA as printed, without its dagger: `T37`, `BF32`, `T65*`, `R76*`, `TATR`.
    pub fn text(&self) -> String {
        self.runs().text()
    }

    /// The MA as printed, its caliber's marks kept (`T` then an underlined `57` then `L`).
    pub fn runs(&self) -> Runs {
        let mut out = Runs::default();
        out.plain(self.mount.map_or("", Mount::code))
            .extend(self.weapon.runs(&self.caliber_marks))
            .plain(if self.limited_ammo { "*" } else { "" });
        out
    }
}

impl SecondaryArmament {
    /// The SA as printed, without its dagger: `B37`, `Opt2`, `Opt BATR`, `*T75`, `45L×2`.
    pub fn text(&self) -> String {
        self.runs().text()
    }

    /// The SA as printed, its caliber's marks kept.
    pub fn runs(&self) -> Runs {
        let opt = match (self.optional, self.spaced) {
            (false, _) => "",
            (true, false) => "Opt",
            (true, true) => "Opt ",
        };
        let mount = self.mount.map_or("", Mount::code);
        let (first, after) = match (self.limited_ammo, self.star_first) {
            (false, _) => ("", ""),
            (true, true) => ("*", ""),
            (true, false) => ("", "*"),
        };
        let count = self.count.map(|n| format!("×{n}")).unwrap_or_default();
        let mut out = Runs::default();
        out.plain(&format!("{opt}{first}{mount}"))
            .extend(self.weapon.runs(&self.caliber_marks))
            .plain(&format!("{after}{count}"));
        out
    }
}

impl RateOfFire {
    /// The ROF as printed: `2`, `1(4)`, `1 or 2`.
    pub fn text(&self) -> String {
        match (self.paren, self.or) {
            (Some(p), _) => format!("{}({p})", self.rof),
            (None, Some(o)) => format!("{} or {o}", self.rof),
            (None, None) => self.rof.to_string(),
        }
    }
}

impl BreakdownNumber {
    /// The B# as a counter prints it: `B11`, `B/X11`, `X12/9`.
    pub fn text(&self) -> String {
        let second = self.second.map(|n| format!("/{n}")).unwrap_or_default();
        if self.letters.is_empty() {
            format!("B{}{second}", self.number)
        } else {
            format!("{}{}{second}", self.letters.join("/"), self.number)
        }
    }
}

impl MgWeapon {
    /// One MG as printed: `Opt2`, `R2`, `4 or 6`, `2×2†`; a raised one in superscript
    /// characters (`ᴿ²`).
    pub fn text(&self) -> String {
        self.runs().text()
    }

    /// One MG as printed, raised when the listing prints it so (its dagger after it, not
    /// raised).
    pub fn runs(&self) -> Runs {
        let opt = if self.optional { "Opt" } else { "" };
        let mount = self.mount.map_or("", Mount::code);
        let count = self.count.map(|n| format!("×{n}")).unwrap_or_default();
        let alternatives: String = self
            .alternatives
            .iter()
            .map(|a| format!(" or {a}"))
            .collect();
        let body = format!("{opt}{mount}{}{count}{alternatives}", self.fp);
        let mut out = Runs::default();
        if self.raised {
            out.raised(&body);
        } else {
            out.plain(&body);
        }
        out.plain(dagger(&self.dagger));
        out
    }
}

impl MgFactor {
    /// The cell as printed: `4`, `8R2`, `4OptR2`, `Opt2S2×2`, `6; Opt4`, `-R2`. An MG of the
    /// column's own position after the first is printed after "; "; a rear or sponson MG
    /// follows the one before it directly.
    pub fn text(&self) -> String {
        self.runs().text()
    }

    /// The cell as printed, each raised MG raised.
    pub fn runs(&self) -> Runs {
        let mut out = Runs::default();
        out.plain(if self.dash { "-" } else { "" });
        for (i, w) in self.weapons.iter().enumerate() {
            if i > 0 && w.mount.is_none() {
                out.plain("; ");
            }
            out.extend(w.runs());
        }
        out
    }
}

impl SpecialAmmoEntry {
    /// The entry as printed: `H7`, `A4¹/5²`, `H†`, `H6[9]³⁺`.
    pub fn text(&self) -> String {
        self.runs().text()
    }

    /// The entry as printed, each superscript raised in its own case.
    pub fn runs(&self) -> Runs {
        let mut out = Runs::default();
        out.plain(self.kind.code())
            .raised(sup(&self.kind_superscript));
        for (i, d) in self.depletions.iter().enumerate() {
            if i > 0 {
                out.plain("/");
            }
            out.plain(&d.number.to_string()).raised(sup(&d.superscript));
        }
        if let Some(n) = self.bracketed {
            out.plain(&format!("[{n}]"))
                .raised(sup(&self.bracket_superscript));
        }
        out.plain(dagger(&self.dagger));
        out
    }
}

impl SpecialAmmo {
    /// The cell as printed: `H7`, `HE7; D5/6`.
    pub fn text(&self) -> String {
        self.runs().text()
    }

    /// The cell as printed, each superscript raised.
    pub fn runs(&self) -> Runs {
        let mut out = Runs::default();
        for (i, e) in self.entries.iter().enumerate() {
            if i > 0 {
                out.plain("; ");
            }
            out.extend(e.runs());
        }
        out
    }
}

impl CapacityPart {
    /// The part as printed: `1C`, `9PP†`, `T-4`, `6+8PP`, `T10⁴⁺†`.
    pub fn text(&self) -> String {
        self.runs().text()
    }

    /// The part as printed, its superscript raised.
    pub fn runs(&self) -> Runs {
        let value = match &self.value {
            CapacityValue::Passengers { count, unit } => {
                let letter = match unit {
                    PassengerUnit::C => "C",
                    PassengerUnit::S => "S",
                };
                format!("{count}{letter}")
            }
            CapacityValue::Portage { points } => {
                let points: Vec<String> = points.iter().map(u16::to_string).collect();
                format!("{}PP", points.join("+"))
            }
            CapacityValue::Towing { number } => format!("T{number}"),
        };
        let mut out = Runs::default();
        out.plain(&value)
            .raised(sup(&self.superscript))
            .plain(dagger(&self.dagger));
        out
    }
}

impl Capacity {
    /// The cell as printed, parts in printed order: `1C/9PP`, `4PP/T10`, `†1C/5PP`.
    pub fn text(&self) -> String {
        self.runs().text()
    }

    /// The cell as printed, each superscript raised.
    pub fn runs(&self) -> Runs {
        let mut out = Runs::default();
        out.plain(if self.leading_dagger { "†" } else { "" });
        for (i, p) in self.parts.iter().enumerate() {
            if i > 0 {
                out.plain("/");
            }
            out.extend(p.runs());
        }
        out
    }
}

impl CrewSurvival {
    /// The number as printed: `2`, `3/2`.
    pub fn text(&self) -> String {
        match self.second {
            Some(s) => format!("{}/{s}", self.number),
            None => self.number.to_string(),
        }
    }
}

impl Radioless {
    /// The mark as printed: `®`, `®9`.
    pub fn text(&self) -> String {
        match self.number {
            Some(n) => format!("®{n}"),
            None => "®".to_string(),
        }
    }
}
