//! Game-system rules whose effect depends on where and when a scenario is set, not on a nation's
//! or vehicle's data: read from `registry/rules.toml` (see [`super::read_system_rules`]), so no
//! theater, date or alliance of such a rule is written into code.

use qm_parser::TextSpan;
use qm_schema::{TheaterId, YearMonth};

use super::theaters::TheaterRegistry;
use super::vehicle_types::Silhouette;

/// Which nations a system rule concerns, by the alliance their `ob.toml` puts them in (`axis = true` or not).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Alliance {
    /// Nations with `axis = true`.
    Axis,
    /// Nations without it.
    Allied,
    /// Every nation.
    All,
}

impl Alliance {
    /// The names the rules file uses.
    pub const NAMES: [(&'static str, Alliance); 3] = [
        ("axis", Alliance::Axis),
        ("allied", Alliance::Allied),
        ("all", Alliance::All),
    ];

    /// True when a nation of this alliance (`axis`) is concerned.
    pub fn includes(self, axis: bool) -> bool {
        match self {
            Alliance::Axis => axis,
            Alliance::Allied => !axis,
            Alliance::All => true,
        }
    }
}

/// A rule that prints vehicles' MP in red (mechanical reliability for every vehicle) in one
/// theater, and its parts, before a month.
#[derive(Debug, Clone, PartialEq)]
pub struct RedMpRule {
    /// The rule's number as printed ("178").
    pub rule: String,
    /// The publication's lines, as given ("105").
    pub lines: Option<String>,
    /// The nations it concerns.
    pub alliance: Alliance,
    /// The theater (a part of it is included).
    pub theater: TheaterId,
    /// The first month it no longer applies in.
    pub until: YearMonth,
    /// Silhouette classes of the type registry it excepts (motorcycles).
    pub except: Vec<Silhouette>,
    /// The card's note, `{nation}` standing for the nation's name.
    pub card: String,
    /// Where the entry is defined.
    pub span: TextSpan,
}

impl RedMpRule {
    /// True when the rule holds for a nation of alliance `axis` in `theater` in `month`, for a
    /// vehicle of silhouette `class` (`None`: the vehicle's type is unknown, not excepted).
    pub fn holds(
        &self,
        axis: bool,
        theater: &TheaterId,
        month: YearMonth,
        class: Option<Silhouette>,
        registry: &TheaterRegistry,
    ) -> bool {
        self.holds_for_nation(axis, theater, month, registry)
            && !class.is_some_and(|c| self.except.contains(&c))
    }

    /// True when the rule holds for some vehicle of a nation of alliance `axis` then and there.
    pub fn holds_for_nation(
        &self,
        axis: bool,
        theater: &TheaterId,
        month: YearMonth,
        registry: &TheaterRegistry,
    ) -> bool {
        self.alliance.includes(axis)
            && (*theater == self.theater || registry.part_of(theater, &self.theater))
            && month < self.until
    }

    /// The card's note for a nation.
    pub fn card_note(&self, nation: &str) -> String {
        self.card.replace("{nation}", nation)
    }
}

/// The game-system rules of a registry.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SystemRules {
    /// Red-MP rules, in file order.
    pub red_mp: Vec<RedMpRule>,
}

impl SystemRules {
    /// The first red-MP rule holding for a nation of alliance `axis` in `theater` in `month`.
    pub fn red_mp_for_nation(
        &self,
        axis: bool,
        theater: &TheaterId,
        month: YearMonth,
        registry: &TheaterRegistry,
    ) -> Option<&RedMpRule> {
        self.red_mp
            .iter()
            .find(|r| r.holds_for_nation(axis, theater, month, registry))
    }

    /// True when a red-MP rule holds for a vehicle of silhouette `class` of a nation of alliance
    /// `axis` in `theater` in `month`.
    pub fn red_mp(
        &self,
        axis: bool,
        theater: &TheaterId,
        month: YearMonth,
        class: Option<Silhouette>,
        registry: &TheaterRegistry,
    ) -> Option<&RedMpRule> {
        self.red_mp
            .iter()
            .find(|r| r.holds(axis, theater, month, class, registry))
    }
}
