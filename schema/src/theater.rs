use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A theater (area) of operations named by the vehicle notes.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum Theater {
    /// North Africa (Libya, Egypt, Tunisia) — "NA" in the notes.
    NorthAfrica,
    /// Tunisia only (a part of North Africa; multi-applicable note N with †).
    Tunisia,
    /// Italian East Africa.
    EastAfrica,
    /// The Eastern Front.
    Russia,
    /// Sicily (7-8/43).
    Sicily,
    /// The Italian mainland.
    Italy,
    /// France (6/40).
    France,
    /// The Balkans (Greece, Albania, Yugoslavia).
    Balkans,
    /// Yugoslavia (named on its own by some notes).
    Yugoslavia,
    /// The European theater of operations as a whole.
    Eto,
    /// Anywhere: the notes set no limit by theater for this entry.
    Any,
}

impl Theater {
    /// Every theater, in display order.
    pub const ALL: [Theater; 11] = [
        Theater::NorthAfrica,
        Theater::Tunisia,
        Theater::EastAfrica,
        Theater::Russia,
        Theater::Sicily,
        Theater::Italy,
        Theater::France,
        Theater::Balkans,
        Theater::Yugoslavia,
        Theater::Eto,
        Theater::Any,
    ];

    /// The theaters an "ETO" in the notes stands for: every European front (ASL counts the
    /// Eastern Front as ETO). Yugoslavia is covered by the Balkans.
    pub const ETO: [Theater; 5] = [
        Theater::France,
        Theater::Italy,
        Theater::Sicily,
        Theater::Balkans,
        Theater::Russia,
    ];

    /// The theaters a vehicle can be placed in, each once (no groups, no parts, no Any).
    pub const CONCRETE: [Theater; 7] = [
        Theater::NorthAfrica,
        Theater::EastAfrica,
        Theater::Russia,
        Theater::Sicily,
        Theater::Italy,
        Theater::France,
        Theater::Balkans,
    ];

    /// The name as the notes print it.
    pub fn name(self) -> &'static str {
        match self {
            Theater::NorthAfrica => "North Africa",
            Theater::Tunisia => "Tunisia",
            Theater::EastAfrica => "East Africa",
            Theater::Russia => "Russia",
            Theater::Sicily => "Sicily",
            Theater::Italy => "Italy",
            Theater::France => "France",
            Theater::Balkans => "the Balkans",
            Theater::Yugoslavia => "Yugoslavia",
            Theater::Eto => "the ETO",
            Theater::Any => "any theater",
        }
    }

    /// Other spellings accepted on the command line and in scenario files (compared after
    /// lower-casing and dropping spaces, hyphens and a leading "the").
    pub fn aliases(self) -> &'static [&'static str] {
        match self {
            Theater::NorthAfrica => &["northafrica", "na", "libya", "egypt", "desert", "nafrica"],
            Theater::Tunisia => &["tunisia"],
            Theater::EastAfrica => &["eastafrica", "ea", "italianeastafrica", "ethiopia", "aoi"],
            Theater::Russia => &["russia", "easternfront", "ussr", "eastfront"],
            Theater::Sicily => &["sicily"],
            Theater::Italy => &["italy", "italianmainland"],
            Theater::France => &["france"],
            Theater::Balkans => &["balkans", "greece", "albania"],
            Theater::Yugoslavia => &["yugoslavia"],
            Theater::Eto => &["eto", "europe"],
            Theater::Any => &["any", "anytheater", "anywhere"],
        }
    }

    /// Looks a theater up by name or alias, ignoring case, spaces, hyphens and "the".
    pub fn lookup(text: &str) -> Option<Theater> {
        let key = normalize_theater(text);
        Theater::ALL
            .into_iter()
            .find(|t| t.aliases().contains(&key.as_str()))
    }
}

/// The comparison key used by [`Theater::lookup`].
pub fn normalize_theater(text: &str) -> String {
    let lower: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-' && *c != '_' && *c != '.')
        .flat_map(char::to_lowercase)
        .collect();
    lower
        .strip_prefix("the")
        .map(str::to_string)
        .unwrap_or(lower)
}

impl fmt::Display for Theater {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
