//! What the data says about a vehicle in a scenario's theater and month: whether it may be
//! there at all (errors), whether only one faction of the nation may use it (a warning unless
//! the side is of that faction), and the facts the card prints (RF, radio, HEAT, red MP,
//! variable DVP).

use qm_parser::{Diagnostic, TextSpan};
use qm_registry::{NationTheaters, Silhouette, SystemRules, VehicleTypeRegistry};
use qm_schema::{
    AmmoKind, Availability, CardNote, CardNoteKind, Nation, NoteRef, Period, Qualifier, TheaterId,
    UnitAvailability, Vehicle, YearMonth,
};

use crate::answers::origin_text;
use qm_resolve::query::{availability_for, entries_at};

/// Where and when a scenario is set, as one side's nation sees it.
#[derive(Debug, Clone, Copy)]
pub struct Setting<'a> {
    /// The theater.
    pub theater: &'a TheaterId,
    /// The month.
    pub month: YearMonth,
    /// The theaters the side's nation fought in, with its theater registry.
    pub theaters: &'a NationTheaters<'a>,
    /// The side's nation's vehicle types.
    pub types: &'a VehicleTypeRegistry,
    /// The game system's rules.
    pub rules: &'a SystemRules,
}

impl Setting<'_> {
    /// The theater's name.
    pub fn theater_name(&self) -> &str {
        self.theaters.name(self.theater)
    }

    /// The silhouette class of a vehicle's type (`None` for a type the registry lacks).
    pub fn class_of(&self, v: &Vehicle) -> Option<Silhouette> {
        let code = v.vehicle_type.value.as_ref()?;
        self.types.resolve(code).map(|t| t.class)
    }

    /// The red-MP rule (rule 178) that holds for a vehicle of `nation` here and now.
    pub fn red_mp(&self, nation: &Nation, v: &Vehicle) -> Option<&qm_registry::RedMpRule> {
        self.rules.red_mp(
            nation.axis,
            self.theater,
            self.month,
            self.class_of(v),
            self.theaters.registry(),
        )
    }
}

/// What the availability checks read of a unit the data lists, a vehicle or a gun: its name,
/// the listing's DATES and its availability entries.
#[derive(Debug, Clone, Copy)]
pub struct Listed<'a> {
    /// The name, as the data prints it.
    pub name: &'a str,
    /// "vehicle" or "gun", for the help.
    pub noun: &'static str,
    /// The listing's DATES.
    pub dates: Option<Period>,
    /// The availability entries.
    pub availability: &'a [Availability],
}

impl<'a> Listed<'a> {
    /// A vehicle.
    pub fn vehicle(v: &'a Vehicle) -> Self {
        Listed {
            name: &v.name,
            noun: "vehicle",
            dates: v.dates.value,
            availability: &v.availability,
        }
    }
}

/// A vehicle's or a gun's availability then and there. `None` with an error naming it when
/// the data says it was not there; without availability entries (notes not resolved, or an
/// RF the listing prints as a range) only the listing's dates can be checked.
pub fn unit_availability(
    nation: &Nation,
    unit: Listed<'_>,
    at: Setting<'_>,
    span: &TextSpan,
    diags: &mut Vec<Diagnostic>,
) -> Option<UnitAvailability> {
    if unit.availability.is_empty() {
        diags.extend(outside_dates(unit, at, span));
        return None;
    }
    if let Some(a) = entries_at(unit.availability, at.theater, at.month, at.theaters) {
        return Some(UnitAvailability {
            period: a.period,
            rf: a.rf,
            source: origin_text(a),
        });
    }
    diags.push(unavailable(nation, unit, at, span));
    None
}

/// Without availability entries: an error when the month is outside the listing's DATES.
pub(super) fn outside_dates(v: Listed<'_>, at: Setting<'_>, span: &TextSpan) -> Option<Diagnostic> {
    let dates = v.dates.filter(|d| !d.contains(at.month))?;
    Some(
        Diagnostic::error(
            "scenario::unavailable",
            format!(
                "failed to field the {} in {} (outside its DATES {dates})",
                v.name, at.month
            ),
            span.clone(),
        )
        .with_label(format!("not available in {}", at.month))
        .with_note(format!(
            "the listing's DATES for the {} are {dates}",
            v.name
        ))
        .with_help(format!(
            "set the scenario within {dates}, or choose another {}",
            v.noun
        )),
    )
}

/// The error for a vehicle or gun no entry fields then and there, with the entries of that
/// theater and of the others as notes.
pub(super) fn unavailable(
    nation: &Nation,
    v: Listed<'_>,
    at: Setting<'_>,
    span: &TextSpan,
) -> Diagnostic {
    let (here, elsewhere): (Vec<&Availability>, Vec<&Availability>) =
        v.availability.iter().partition(|a| {
            a.theaters
                .iter()
                .any(|t| at.theaters.matches(t, at.theater))
        });
    let place = at.theater_name();
    let cause = if here.is_empty() {
        format!("the data has no entry for it in {place}")
    } else {
        "it is not available there then".to_string()
    };
    let mut d = Diagnostic::error(
        "scenario::unavailable",
        format!(
            "failed to field the {} in {place} in {} ({cause})",
            v.name, at.month
        ),
        span.clone(),
    )
    .with_label(format!("not available in {place} in {}", at.month));
    if !here.is_empty() {
        d = d.with_note(format!(
            "in {place} it is available {}",
            periods_text(nation, &here)
        ));
    }
    if !elsewhere.is_empty() {
        d = d.with_note(format!(
            "{} available {}",
            if here.is_empty() {
                "it is"
            } else {
                "elsewhere it is"
            },
            by_theater(nation, &elsewhere, at.theaters)
        ));
    }
    d.with_help(format!(
        "move the scenario to one of these dates, or choose another {}",
        v.noun
    ))
}

/// An RF as the notes print it, always with its tenth ("1.0", "0.9").
pub fn rf_text(rf: qm_schema::Rf) -> String {
    format!("{}.{}", rf.0 / 10, rf.0 % 10)
}

/// "in Russia 2-6/42 (RF 1.3), 7-8/42 (RF 1.2); in Italy 9/43 (RF 1.3)": entries grouped by
/// their theaters, in the order the data lists them.
fn by_theater(nation: &Nation, entries: &[&Availability], theaters: &NationTheaters) -> String {
    let mut groups: Vec<(String, Vec<&Availability>)> = Vec::new();
    for a in entries {
        let names: Vec<&str> = a.theaters.iter().map(|t| theaters.name(t)).collect();
        let key = names.join("/");
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => v.push(a),
            None => groups.push((key, vec![a])),
        }
    }
    groups
        .iter()
        .map(|(k, v)| format!("in {k} {}", periods_text(nation, v)))
        .collect::<Vec<_>>()
        .join("; ")
}

/// "12/41-6/42 (RF 1.6), 7-9/42 (RF 1.4), 1/44-5/45 (RF 1.3; Fascist use only)".
fn periods_text(nation: &Nation, entries: &[&Availability]) -> String {
    entries
        .iter()
        .map(|a| {
            let mut s = String::new();
            s.push_str(&format!("{} (RF {}", a.period, rf_text(a.rf)));
            for q in &a.qualifiers {
                s.push_str(&format!("; {}", nation.qualifier_text(q)));
            }
            s.push(')');
            s
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The note number a vehicle's rules come from ("note 8"), for card notes.
fn vehicle_note(v: &Vehicle) -> Option<String> {
    v.values.note_refs.iter().find_map(|r| match &r.value {
        Some(NoteRef::Vehicle(n)) => Some(format!("note {n}")),
        _ => None,
    })
}

/// The factions the vehicle is restricted to in the month (a side of any may use it) and the
/// restricted period, from the entry or the vehicle's list.
fn restricted_period<'v>(
    v: &'v Vehicle,
    entry: Option<&'v Availability>,
    month: YearMonth,
) -> Option<(Vec<&'v str>, Period)> {
    entry
        .and_then(|a| {
            a.qualifiers
                .iter()
                .find_map(Qualifier::restricted_to)
                .map(|f| (f, a.period))
        })
        .or_else(|| {
            v.restricted_use.iter().find_map(|r| {
                r.periods
                    .iter()
                    .find(|p| p.contains(month))
                    .map(|p| (r.factions().collect(), *p))
            })
        })
}

/// A unit only one faction of its nation may use in `period`, the scenario's month among them.
pub(super) struct Restricted<'a> {
    /// The unit's name.
    pub name: &'a str,
    /// "vehicle" or "gun", for the help.
    pub noun: &'static str,
    /// The ids of the factions a side of which may use it.
    pub factions: Vec<&'a str>,
    /// The restricted period.
    pub period: Period,
}

impl Restricted<'_> {
    /// The card note ("Fascist use only in 1/44-5/45", from `own_note`), and a warning when
    /// the side is not of the faction.
    pub fn check(
        &self,
        nation: &Nation,
        at: Setting<'_>,
        side_faction: Option<&str>,
        own_note: Option<String>,
        span: &TextSpan,
        diags: &mut Vec<Diagnostic>,
    ) -> CardNote {
        let p = self.period;
        // The faction's name is the nation's data ("Fascist"), as the notes word it.
        let name = nation.faction_names(&self.factions);
        let text = format!("{name} use only in {p}");
        let faction = self.factions.join("\" or \"");
        if !side_faction.is_some_and(|f| self.factions.contains(&f)) {
            diags.push(
                Diagnostic::warning(
                    "scenario::restricted-use",
                    format!(
                        "the {} is for {name} use only in {p} (this side is not `faction = \"{faction}\"`)",
                        self.name
                    ),
                    span.clone(),
                )
                .with_label(format!("{name} use only in {}", at.month))
                .with_note(format!("only sides of the {name} faction may use it then"))
                .with_help(format!("set `faction = \"{faction}\"` on the side if it is {name}, or choose another {}", self.noun)),
            );
        }
        CardNote {
            kind: CardNoteKind::RestrictedUse,
            text,
            rule: own_note,
        }
    }
}

/// The card note of a unit whose entry is kept from a faction then ("not for Rebel forces use
/// in 1/44-5/45"), and a warning when the side is of that faction; `None` when the entry is
/// kept from none.
pub(super) fn kept_from(
    (name, noun): (&str, &str),
    entry: Option<&Availability>,
    nation: &Nation,
    side_faction: Option<&str>,
    own_note: Option<String>,
    (span, diags): (&TextSpan, &mut Vec<Diagnostic>),
) -> Option<CardNote> {
    let a = entry?;
    let faction = a.qualifiers.iter().find_map(Qualifier::kept_from)?;
    let (who, p) = (nation.faction_name(faction), a.period);
    if side_faction == Some(faction) {
        diags.push(
            Diagnostic::warning(
                "scenario::kept-from",
                format!("the {name} is not for {who} use in {p} (this side is `faction = \"{faction}\"`)"),
                span.clone(),
            )
            .with_label(format!("not for {who} use in {p}"))
            .with_note(format!("every side but the {who} faction's may use it then"))
            .with_help(format!("choose another {noun} for this side")),
        );
    }
    Some(CardNote {
        kind: CardNoteKind::RestrictedUse,
        text: format!("not for {who} use in {p}"),
        rule: own_note,
    })
}

/// The card notes of one vehicle, and a warning when a side of another faction (or none)
/// fields a vehicle only one faction may use then.
pub fn vehicle_notes(
    nation: &Nation,
    v: &Vehicle,
    at: Setting<'_>,
    side_faction: Option<&str>,
    available: Option<&UnitAvailability>,
    span: &TextSpan,
    diags: &mut Vec<Diagnostic>,
) -> Vec<CardNote> {
    let note = |kind, text: String, rule: Option<String>| CardNote { kind, text, rule };
    let mut notes = Vec::new();
    let own_note = vehicle_note(v);
    match available {
        Some(a) => notes.push(note(
            CardNoteKind::Rarity,
            format!("RF {} ({}, {})", rf_text(a.rf), a.period, a.source),
            None,
        )),
        None if v.availability.is_empty() => notes.push(note(
            CardNoteKind::Unchecked,
            format!(
                "availability in {} not resolved from the notes; listing RF {}, DATES {}",
                at.theater_name(),
                v.rf.raw,
                v.dates.raw
            ),
            None,
        )),
        None => {}
    }
    let entry = availability_for(v, at.theater, at.month, side_faction, at.theaters);
    if let Some((factions, p)) = restricted_period(v, entry, at.month) {
        let restricted = Restricted {
            name: &v.name,
            noun: "vehicle",
            factions,
            period: p,
        };
        notes.push(restricted.check(nation, at, side_faction, own_note.clone(), span, diags));
    }
    let unit = (v.name.as_str(), "vehicle");
    let kept = kept_from(
        unit,
        entry,
        nation,
        side_faction,
        own_note.clone(),
        (span, diags),
    );
    notes.extend(kept);
    radio_notes(v, at, own_note.as_deref(), &mut notes);
    heat_notes(v, at, &mut notes);
    if let Some(rule) = at.red_mp(nation, v) {
        notes.push(note(
            CardNoteKind::RedMp,
            "red MP".into(),
            Some(rule.rule.clone()),
        ));
    }
    if let Some(x) = v.dvp.variable {
        notes.push(note(
            CardNoteKind::VariableDvp,
            format!("DVP {x} while its MA is Removed/unloaded"),
            Some("177.2".into()),
        ));
    }
    notes
}

/// Radio status (181.21): the note's dated radio entries win over the listing's ® column.
fn radio_notes(v: &Vehicle, at: Setting<'_>, own_note: Option<&str>, notes: &mut Vec<CardNote>) {
    let rule = Some("181.2".to_string());
    if let Some(r) = v.radio.iter().find(|r| r.period.contains(at.month)) {
        if !r.has_radio {
            let until = v
                .radio
                .iter()
                .filter(|o| o.has_radio && o.period.from > at.month)
                .map(|o| o.period.from)
                .min();
            let text = match until {
                Some(m) => format!("radioless: no radio before {m}"),
                None => "radioless".to_string(),
            };
            notes.push(CardNote {
                kind: CardNoteKind::Radioless,
                // A dated radio rule comes from the vehicle's note; otherwise it is the ®.
                text: format!(
                    "{text} ({}); moves in platoons (181.22)",
                    if r.source.is_some() {
                        own_note.unwrap_or("®")
                    } else {
                        "®"
                    }
                ),
                rule,
            });
        }
        return;
    }
    if let Some(f) = &v.lead.radioless {
        let (kind, text) = if f.dagger && v.radio.is_empty() {
            // "®†": the note limits the radioless status in time, but it is not resolved.
            (
                CardNoteKind::Unchecked,
                format!(
                    "® radioless, limited in time by {} (not resolved)",
                    own_note.unwrap_or("its note")
                ),
            )
        } else {
            (
                CardNoteKind::Radioless,
                "radioless (®); moves in platoons (181.22)".to_string(),
            )
        };
        notes.push(CardNote { kind, text, rule });
    }
}

/// HEAT: a "†" before the H means HEAT only from `heat_from`, the month the multi-applicable
/// note `heat_note` gives (the Italian H).
fn heat_notes(v: &Vehicle, at: Setting<'_>, notes: &mut Vec<CardNote>) {
    let Some(ammo) = v.values.ammo.as_ref() else {
        return;
    };
    let heat = ammo
        .value
        .as_ref()
        .is_some_and(|a| a.entries.iter().any(|e| e.kind == AmmoKind::Heat));
    if !heat {
        return;
    }
    // The note that dates HEAT is the nation's own: its letter comes from the data.
    let rule = v.heat_note.as_ref().map(|l| format!("note {l}"));
    match v.heat_from {
        Some(from) if at.month < from => notes.push(CardNote {
            kind: CardNoteKind::Heat,
            text: format!("no HEAT yet: HEAT ({}) only from {from}", ammo.raw),
            rule,
        }),
        Some(from) => notes.push(CardNote {
            kind: CardNoteKind::Heat,
            text: format!("HEAT ({}) available since {from}", ammo.raw),
            rule,
        }),
        None if ammo.dagger => notes.push(CardNote {
            kind: CardNoteKind::Unchecked,
            text: format!("HEAT ({}): its starting month is not resolved", ammo.raw),
            rule,
        }),
        None => {}
    }
}

/// The months the nation's data covers at all: from the earliest to the latest DATES of its
/// vehicles and guns.
pub fn data_span(nation: &Nation) -> Option<Period> {
    let dates = listed_dates(nation);
    let from = dates.clone().map(|d| d.from).min()?;
    let to = dates.map(|d| d.to).max()?;
    Period::new(from, to)
}

/// True when some vehicle or gun of the nation exists in the month (by its DATES).
pub fn month_in_data(nation: &Nation, month: YearMonth) -> bool {
    listed_dates(nation).any(|d| d.contains(month))
}

/// The DATES of the nation's vehicles, then of its guns.
fn listed_dates(nation: &Nation) -> impl Iterator<Item = Period> + Clone + '_ {
    let guns = nation
        .ordnance
        .iter()
        .filter_map(|g| g.dates.as_ref().and_then(|f| f.value));
    nation
        .vehicles
        .iter()
        .filter_map(|v| v.dates.value)
        .chain(guns)
}
