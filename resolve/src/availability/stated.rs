//! What the availability passes share: a vehicle's rules ([`ItemRules`]), the facts every
//! pass reads ([`Subject`]) and the entries the rules state before clipping ([`Stated`]).

use qm_parser::{Diagnostic, SourceMap, TextSpan};
use qm_schema::{Availability, AvailabilityOrigin, Period, Qualifier, Rf, TheaterId};

use super::model::{Rule, Window};
use crate::listed::Listed;
use crate::registry::NationTheaters;

/// Everything the engine needs about one item's notes (a vehicle's or a gun's).
pub struct ItemRules<'a> {
    /// The note number the rules come from.
    pub note: u16,
    /// Rules that apply to this vehicle (already filtered by the vehicle they name).
    pub rules: Vec<&'a Rule>,
    /// The windows of the vehicle's multi-applicable notes.
    pub windows: Vec<Window>,
    /// The vehicle's listing row, for diagnostics about the listing's own values.
    pub row: TextSpan,
    /// The nation's theaters: what "elsewhere" and "Otherwise" cover, and their order.
    pub theaters: &'a NationTheaters<'a>,
}

/// One entry before clipping, with where it came from.
pub struct Raw {
    /// One theater.
    pub theater: TheaterId,
    /// The months as stated.
    pub period: Period,
    /// The RF.
    pub rf: Rf,
    /// Conditions ("Fascist use only").
    pub qualifiers: Vec<Qualifier>,
    /// The rule or listing value it comes from.
    pub origin: AvailabilityOrigin,
    /// The note text to blame in lints (None for listing fallbacks and copies).
    pub blame: Option<TextSpan>,
    /// True for an open end of the notes ("from 1945 on", "reached X in 1945"): it runs to the
    /// end of DATES unless a later sentence gives what follows ([`close_open_ends`]).
    ///
    /// [`close_open_ends`]: super::contradictions::close_open_ends
    pub open: bool,
}

/// What a vehicle's rules state before clipping: the entries, in the order the passes add
/// them, and which theaters they already cover.
#[derive(Default)]
pub struct Stated {
    /// The entries.
    pub raw: Vec<Raw>,
    /// Theaters a complete schedule or a relative copy lists every month of: no default
    /// fills them.
    pub complete: Vec<TheaterId>,
    /// Theaters an RF-only schedule names: the listing fills their other months.
    pub rf_only: Vec<TheaterId>,
}

/// The item's facts every pass reads.
pub struct Subject<'a> {
    /// For provenance.
    pub map: &'a SourceMap,
    /// The vehicle or gun (its listing values).
    pub item: &'a dyn Listed,
    /// Its rules and windows.
    pub rules: &'a ItemRules<'a>,
    /// Its listing DATES.
    pub dates: Period,
    /// Its listing RF, when the listing gives one value rather than a range.
    pub listing_rf: Option<Rf>,
}

/// Looks up already-resolved items by the notes' wording, for relative rules.
pub type Bases<'a> = dyn Fn(&str) -> Option<Vec<Availability>> + 'a;

/// A month the item exists in has no RF: neither the listing (a range) nor the note give one.
pub fn no_rf(v: &dyn Listed, span: &TextSpan) -> Diagnostic {
    Diagnostic::error(
        "notes::no-rf",
        format!(
            "failed to find an RF for {} (the listing gives a range, {}, and the note none)",
            v.name(),
            v.rf_raw()
        ),
        span.clone(),
    )
    .with_help("give the RF in the note's entry")
}
