//! What the notes say about availability, as rules the resolver applies. The notes parser's
//! clauses are translated into these; they name vehicles by the notes' own wording.

use qm_parser::TextSpan;
use qm_schema::{Period, Qualifier, Rf, TheaterId, YearMonth};

/// The theaters a schedule covers.
#[derive(Debug, Clone, PartialEq)]
pub enum Scope {
    /// Named theaters ("North Africa", "North-Africa/the ETO [EXC: the Balkans]" expanded).
    Theaters(Vec<TheaterId>),
    /// No theater named: wherever the vehicle's multi-applicable notes (N, R) allow, or
    /// anywhere when they allow none.
    Allowed,
    /// "elsewhere": every theater the note's other schedules do not name, minus `except`.
    Elsewhere {
        /// Theaters excluded ("[EXC: NA in East Africa]").
        except: Vec<TheaterId>,
    },
}

/// When an entry applies.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum When {
    /// A stated period.
    Period(Period),
    /// "thereafter": from the month after the previous entry to the end of the vehicle's DATES.
    Thereafter,
    /// "from 2/43 on": from this month to the end of the vehicle's DATES.
    From(YearMonth),
    /// "until 12/40": from the start of the vehicle's DATES to this month.
    Until(YearMonth),
}

/// One dated entry of a schedule.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// When.
    pub when: When,
    /// The RF; `None` means the listing's RF (e.g. "limited to 6/40 (France)").
    pub rf: Option<Rf>,
    /// Conditions, resolved ("Fascist use only" as the nation's faction); filled from
    /// `restricted_to` once the nation's factions are known ([`crate::factions`]).
    pub qualifiers: Vec<Qualifier>,
    /// The factions the entry is restricted to, as the note words them.
    pub restricted_to: Vec<FactionWords>,
    /// The entry's text.
    pub span: TextSpan,
}

/// Whether a schedule lists every month the vehicle exists there, or only sets RFs for some
/// months with a default elsewhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Completeness {
    /// "Dates and RF ... are": the vehicle exists there only in the listed months.
    Complete,
    /// "RF ... is X for P": sets the RF for those months; other rules cover the rest.
    RfOnly,
}

/// A list of dated entries for some theaters.
#[derive(Debug, Clone, PartialEq)]
pub struct Schedule {
    /// The vehicle the sentence restricts itself to ("AB 41 Dates and RF ..."), if any.
    pub vehicle: Option<String>,
    /// Where.
    pub scope: Scope,
    /// What it sets.
    pub completeness: Completeness,
    /// The entries, in printed order.
    pub entries: Vec<Entry>,
    /// The sentence.
    pub span: TextSpan,
}

/// An availability rule from a vehicle note.
#[derive(Debug, Clone, PartialEq)]
pub enum Rule {
    /// Dated entries.
    Schedule(Schedule),
    /// "Otherwise it is 1.4": the RF for every month and theater no other rule sets.
    Default {
        /// The vehicle it is restricted to, if any.
        vehicle: Option<String>,
        /// The RF.
        rf: Rf,
        /// The sentence.
        span: TextSpan,
    },
    /// "RF is always .4 higher (1.6 maximum) than ... the L3/35"; "the same, but with .1
    /// added to the RF".
    Relative {
        /// The vehicles it applies to (`None`: every vehicle of the note but the base).
        targets: Option<Vec<String>>,
        /// The vehicle whose entries are copied.
        base: String,
        /// Tenths added to the base RF.
        delta: i32,
        /// The cap, when stated.
        max: Option<Rf>,
        /// Periods per theater the copy is limited to ("Dates for use in France are 6/40, ...").
        limit: Vec<(TheaterId, Period)>,
        /// "one month later": the base's periods are moved this many months on.
        months_later: u8,
        /// "As the Orsa, but RF 1.4": every copied RF replaced by this one (no delta, no cap).
        set: Option<Rf>,
        /// The sentence.
        span: TextSpan,
    },
    /// "Availability in 1945 is limited to Fascist Italians only": only one faction of the
    /// nation may use the vehicle then.
    RestrictedUse {
        /// The vehicle it is restricted to, if any.
        vehicle: Option<String>,
        /// The faction, as the note words it and (once resolved) its id.
        faction: FactionWords,
        /// The months.
        period: Period,
        /// The sentence.
        span: TextSpan,
    },
    /// "Only the Free French may use it", "Used only in North Africa", "Not available in Russia
    /// after 6/42", "No longer used after 5/43".
    Limit(Limit),
    /// "In the Brask Isles its RF is .1 higher (1.6 maximum)", "PTS: RF +.2": the vehicle's
    /// own RF changed by `delta` tenths where or for whom `scope`'s names say (its sense is
    /// "only": the entries it names).
    OwnRf {
        /// Where or for whom.
        scope: Limit,
        /// Tenths added (taken away when negative).
        delta: i32,
        /// The cap on the result, if one is given.
        max: Option<Rf>,
        /// True when `delta` is the RF itself ("| Foreign Legion | RF 1.5 |"), not an amount.
        set: bool,
    },
    /// "This AFV has no radio in scenarios set prior to 11/41."
    RadioFrom {
        /// The vehicle it is restricted to, if any.
        vehicle: Option<String>,
        /// First month with a radio.
        month: YearMonth,
        /// The sentence.
        span: TextSpan,
    },
    /// "The optional AAMG is always available and has a 1.4 RF."
    Optional {
        /// The vehicle it is restricted to, if any.
        vehicle: Option<String>,
        /// The weapon ("AAMG").
        weapon: String,
        /// Its RF.
        rf: Rf,
        /// True when "always available".
        always: bool,
        /// Theaters it is limited to.
        theaters: Vec<TheaterId>,
        /// Period it is limited to.
        period: Option<Period>,
        /// The sentence.
        span: TextSpan,
    },
}

/// Whom or where a vehicle is kept to, or kept from, and when.
#[derive(Debug, Clone, PartialEq)]
pub struct Limit {
    /// True: kept to the names (or, without names, to the months); false: kept from them.
    pub only: bool,
    /// Who or where, as the note words them; what each names once the nation's data says.
    pub names: Vec<LimitName>,
    /// When it holds: a period, an open end (`From`, `Until`), or `None` for the vehicle's
    /// whole DATES.
    pub months: Option<When>,
    /// The sentence.
    pub span: TextSpan,
}

impl Limit {
    /// The months the limit holds in, within the vehicle's `dates`.
    pub fn period(&self, dates: Period) -> Option<Period> {
        let p = match self.months {
            None | Some(When::Thereafter) => dates,
            Some(When::Period(p)) => p,
            Some(When::From(m)) => Period::new(m, dates.to.max(m))?,
            Some(When::Until(m)) => Period::new(dates.from.min(m), m)?,
        };
        p.intersect(&dates)
    }

    /// The theaters the limit names (empty: none named, or none known).
    pub fn theaters(&self) -> impl Iterator<Item = &TheaterId> {
        self.names.iter().flat_map(|n| match &n.named {
            Some(Named::Theaters(t)) => t.as_slice(),
            _ => &[],
        })
    }

    /// The factions the limit names.
    pub fn factions(&self) -> impl Iterator<Item = &str> {
        self.names.iter().filter_map(|n| match &n.named {
            Some(Named::Faction(f)) => Some(f.as_str()),
            _ => None,
        })
    }
}

/// A name of a [`Limit`], as the note words it, and what it names once resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct LimitName {
    /// The words, as printed.
    pub words: String,
    /// Where they are.
    pub span: TextSpan,
    /// What the wording lets them be.
    pub kind: qm_parser::NameKind,
    /// What they name; `None` until resolved, or when they name nothing of the nation's (a
    /// diagnostic says so).
    pub named: Option<Named>,
}

/// What a name of a limit names.
#[derive(Debug, Clone, PartialEq)]
pub enum Named {
    /// A faction of the nation ([`qm_schema::Faction::id`]).
    Faction(String),
    /// Theaters (a group's members the nation fought in).
    Theaters(Vec<TheaterId>),
}

/// A faction as the notes word it ("Fascist" in "Fascist use only", "Fascist Italians"), and
/// the nation's faction it names once resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct FactionWords {
    /// The words, as printed.
    pub words: String,
    /// Where they are.
    pub span: TextSpan,
    /// The [`qm_schema::Faction::id`] they name; `None` until resolved, or when they name
    /// none of the nation's factions (a diagnostic says so).
    pub faction: Option<String>,
}

/// The window a multi-applicable note opens for a theater (N: North Africa 6/40-5/43; N with
/// a dagger: Tunisia 11/42-5/43; R: Russia 8/41-3/43).
#[derive(Debug, Clone, PartialEq)]
pub struct Window {
    /// The note letter.
    pub letter: String,
    /// The theater.
    pub theater: TheaterId,
    /// The months.
    pub period: Period,
}

/// The window `windows` open for `theater`, if any.
pub fn window_of(windows: &[Window], theater: &TheaterId) -> Option<Period> {
    windows
        .iter()
        .find(|w| w.theater == *theater)
        .map(|w| w.period)
}

/// The rules of a vehicle's numbered note that apply to it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NoteRules {
    /// The note's number (0 when no note applies a rule to the vehicle).
    pub note: u16,
    /// The rules, in note order.
    pub rules: Vec<Rule>,
}
