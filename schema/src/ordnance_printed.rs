//! The ordnance listing's values printed as the listing prints them (as `printed` does for the
//! vehicles'): a caliber's marks over or under its digits, a superscript raised, each dagger
//! after what it follows. A gun counter prints these.

use crate::printed::{dagger, signed, sup};
use crate::*;

impl Caliber {
    /// The caliber as printed: `75L`, `81*`, `12.7`.
    pub fn text(&self) -> String {
        self.runs().text()
    }

    /// The caliber as printed, its marks over or under its digits (`81` overlined, then `*`).
    pub fn runs(&self) -> Runs {
        let mut out = Runs::default();
        out.marked(&self.mm, &self.marks)
            .plain(&self.length)
            .plain(if self.star { "*" } else { "" });
        out
    }
}

impl GunRof {
    /// The rate of fire alone: `3`.
    pub fn rate(&self) -> String {
        self.rof.to_string()
    }

    /// What the cell prints in parentheses after the rate: the IFE (`(8)`) or the other rate
    /// (`(or 3)`); `None` when nothing is.
    pub fn parenthesized(&self) -> Option<String> {
        match (self.ife, self.or) {
            (Some(ife), _) => Some(format!("({ife})")),
            (None, Some(or)) => Some(format!("(or {or})")),
            (None, None) => None,
        }
    }
}

impl GunRange {
    /// The range as printed: `120`, `2-60`, `(3)†-70`.
    pub fn text(&self) -> String {
        match self.min {
            Some(min) if self.min_parenthesized => {
                format!("({min}){}-{}", dagger(&self.min_dagger), self.max)
            }
            Some(min) => format!("{min}{}-{}", dagger(&self.min_dagger), self.max),
            None => self.max.to_string(),
        }
    }
}

impl SpecialItem {
    /// The item as printed, its superscripts raised and its dagger after it: `NT`, `s8`,
    /// `WP7⁵`, `A4¹/5²`, `10PP (5PP dm)`, `4 TK DR†`, `IFE=B10`, `LF [88†, 1 ROF, B11]`.
    pub fn runs(&self) -> Runs {
        let mut out = Runs::default();
        match self {
            SpecialItem::Code {
                code,
                superscript,
                dagger: d,
            } => {
                out.plain(code).raised(sup(superscript)).plain(dagger(d));
            }
            SpecialItem::Phrase { text, dagger: d } => {
                out.plain(text).plain(dagger(d));
            }
            SpecialItem::Ammo { entry } => {
                out.extend(entry.runs());
            }
            SpecialItem::Smoke {
                kind,
                number,
                superscript,
                dagger: d,
            } => {
                let kind = match kind {
                    SmokeKind::Smoke => "s",
                    SmokeKind::WhitePhosphorus => "WP",
                };
                let number = number.map(|n| n.to_string()).unwrap_or_default();
                out.plain(&format!("{kind}{number}"))
                    .raised(sup(superscript))
                    .plain(dagger(d));
            }
            SpecialItem::Portage { .. } | SpecialItem::TkDr { .. } => {
                out.plain(&self.plain_text());
            }
            SpecialItem::Breakdown {
                when,
                number,
                superscript,
                dagger: d,
            } => {
                let when = when.as_ref().map(|w| format!("{w}=")).unwrap_or_default();
                out.plain(&format!("{when}B{number}"))
                    .raised(sup(superscript))
                    .plain(dagger(d));
            }
            SpecialItem::ApTk { .. } | SpecialItem::Labelled { .. } => {
                out.plain(&self.plain_text());
            }
            SpecialItem::Quoted { text, dagger: d } => {
                out.plain(&format!("“{text}”{}", dagger(d)));
            }
            SpecialItem::RuleRef { rule, dagger: d } => {
                out.plain(rule).plain(dagger(d));
            }
            SpecialItem::Lettered {
                letter,
                number,
                superscript,
                dagger: d,
            } => {
                out.plain(&format!("{letter}{number}"))
                    .raised(sup(superscript))
                    .plain(dagger(d));
            }
            SpecialItem::Dagger { .. } => {
                out.plain("†");
            }
            SpecialItem::Limbered { dagger: d, items } => {
                out.plain(&format!("LF{} [", dagger(d)));
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.plain(", ");
                    }
                    out.extend(item.runs());
                }
                out.plain("]");
            }
        }
        out
    }

    /// The forms printed without a raised or marked part.
    fn plain_text(&self) -> String {
        match self {
            SpecialItem::Portage {
                pp,
                dismantled,
                dismantled_only,
                dagger: d,
            } => match (dismantled, dismantled_only) {
                (_, true) => format!("{pp}PP dm{}", dagger(d)),
                (Some(dm), false) => format!("{pp}PP ({dm}PP dm){}", dagger(d)),
                (None, false) => format!("{pp}PP{}", dagger(d)),
            },
            SpecialItem::TkDr { number, dagger: d } => format!("{number} TK DR{}", dagger(d)),
            SpecialItem::ApTk {
                number,
                quoted: true,
                dagger: d,
            } => format!("“{number}” AP TK#{}", dagger(d)),
            SpecialItem::ApTk {
                number, dagger: d, ..
            } => format!("AP TK#{number}{}", dagger(d)),
            SpecialItem::Labelled {
                label,
                number,
                dagger: d,
            } => format!("{label} {number}{}", dagger(d)),
            other => other.runs().text(),
        }
    }
}

impl LimberedItem {
    /// The item as the bracket prints it: `88†`, `1 ROF`, `4 IFE`, `B11`, `M4`, `-1`, `NT`.
    pub fn runs(&self) -> Runs {
        let mut out = Runs::default();
        match self {
            LimberedItem::Caliber { caliber, dagger: d } => {
                out.extend(caliber.runs()).plain(dagger(d));
            }
            LimberedItem::Rof { rof } => {
                out.plain(&format!("{rof} ROF"));
            }
            LimberedItem::Ife { ife } => {
                out.plain(&format!("{ife} IFE"));
            }
            LimberedItem::Breakdown { number, dagger: d } => {
                out.plain(&format!("B{number}{}", dagger(d)));
            }
            LimberedItem::Manhandling { manhandling } => {
                out.plain(&format!("M{}", manhandling.number));
            }
            LimberedItem::TargetSize { size } => {
                out.plain(&signed(*size));
            }
            LimberedItem::Code { code } => {
                out.plain(code);
            }
        }
        out
    }
}
