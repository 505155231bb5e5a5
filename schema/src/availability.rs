use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{Period, Rf, RfRange, Span, TheaterId};

/// One availability entry: in these theaters, during this period, with this RF.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Availability {
    /// The theaters this entry applies to.
    pub theaters: Vec<TheaterId>,
    /// The months it covers (inclusive).
    pub period: Period,
    /// The rarity factor then and there.
    pub rf: Rf,
    /// Conditions attached to it.
    pub qualifiers: Vec<Qualifier>,
    /// Where the entry comes from.
    pub origin: AvailabilityOrigin,
}

/// Months in which a vehicle may be available but the data cannot say how rare it is: the
/// listing prints an RF range (its notes say which RF holds when) and the nation's data has no
/// notes. "Unknown", never "not available".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct UnknownAvailability {
    /// The theaters the listing alone answers for (the nation's, or any).
    pub theaters: Vec<TheaterId>,
    /// The listing's DATES.
    pub period: Period,
    /// The listing's RF range: the RF then and there is one of its values, which one is not in
    /// the data.
    pub rf_range: RfRange,
    /// The notes the vehicle's daggers on RF or DATES point at that the data lacks ("3").
    pub lacking: Vec<String>,
    /// The listing row.
    pub span: Span,
}

/// A condition on an availability entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Qualifier {
    /// "X use only": only the nation's faction `faction` may use it ("Fascist use only"), or
    /// any of it and the factions `also` ("Crown & Legion only").
    RestrictedTo {
        /// A [`crate::Faction::id`] of the nation.
        faction: String,
        /// Other factions of the nation a side of which may use it as well; empty for one.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        also: Vec<String>,
    },
    /// "Not available to Rebel forces": every side of the nation but its faction `faction` may
    /// use it.
    KeptFrom {
        /// A [`crate::Faction::id`] of the nation.
        faction: String,
    },
}

impl Qualifier {
    /// A restriction to one faction ("Fascist use only").
    pub fn restricted_to_one(faction: impl Into<String>) -> Self {
        Qualifier::RestrictedTo {
            faction: faction.into(),
            also: Vec::new(),
        }
    }

    /// The factions the entry is restricted to (a side of any of them may use it), if it is.
    pub fn restricted_to(&self) -> Option<Vec<&str>> {
        match self {
            Qualifier::RestrictedTo { faction, also } => Some(
                std::iter::once(faction.as_str())
                    .chain(also.iter().map(String::as_str))
                    .collect(),
            ),
            Qualifier::KeptFrom { .. } => None,
        }
    }

    /// The faction the entry is kept from, if it is.
    pub fn kept_from(&self) -> Option<&str> {
        match self {
            Qualifier::KeptFrom { faction } => Some(faction),
            Qualifier::RestrictedTo { .. } => None,
        }
    }
}

impl Availability {
    /// True when a side of `faction` (`None`: a side of no faction) may use the entry: it is
    /// restricted to no other faction and not kept from this one.
    pub fn open_to(&self, faction: Option<&str>) -> bool {
        self.qualifiers.iter().all(|q| match q {
            Qualifier::RestrictedTo {
                faction: only,
                also,
            } => faction.is_some_and(|f| f == only || also.iter().any(|a| a == f)),
            Qualifier::KeptFrom { faction: from } => faction != Some(from.as_str()),
        })
    }
}

/// The months in which only one faction of the nation (or only some) may use a vehicle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RestrictedUse {
    /// A [`crate::Faction::id`] of the nation.
    pub faction: String,
    /// Other factions of the nation a side of which may use it as well; empty for one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<String>,
    /// The months, in order, none inside another.
    pub periods: Vec<Period>,
}

impl RestrictedUse {
    /// Every faction a side of which may use it in these months.
    pub fn factions(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.faction.as_str()).chain(self.also.iter().map(String::as_str))
    }
}

/// How an availability entry was obtained.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AvailabilityOrigin {
    /// Stated in a vehicle note.
    Note {
        /// The note number.
        note: u16,
        /// The text the entry was read from.
        span: Span,
    },
    /// Computed by a relative rule from another vehicle's entry ("RF is always .4 higher ...").
    Derived {
        /// The note number holding the rule.
        note: u16,
        /// The vehicle the rule refers to.
        base_vehicle: String,
        /// The rule text.
        span: Span,
    },
    /// The listing's RF and DATES alone: the nation's data has no notes, so nothing narrows
    /// or modifies them; `lacking` names the notes a dagger on RF or DATES points at.
    ListingOnly {
        /// The notes the vehicle's daggers point at that the data lacks ("3"); empty when its
        /// RF and DATES carry no dagger.
        lacking: Vec<String>,
        /// The listing row.
        span: Span,
    },
    /// The listing's RF and DATES, in a theater a multi-applicable note's window allows.
    Listing {
        /// The multi-applicable note letter that allows the theater, if any.
        multi_note: Option<String>,
        /// The listing row.
        span: Span,
    },
}
