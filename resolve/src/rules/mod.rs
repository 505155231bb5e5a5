//! The notes parser's availability clauses -> the resolver's [`Rule`]s, each scoped to the
//! vehicles (by the notes' wording) it names.
//!
//! One paragraph's clauses are read in order by a small state machine (`Translator`): a
//! "Dates for use in ..." list waits for the relative RF rule that may follow it, and "the
//! same, but with .1 added" copies the vehicle the previous sentence named.

mod combine;
mod limit;
mod schedule;
mod scope;

use qm_parser::{
    AvailabilityClause, ClauseKind, Diagnostic, OptionalWeapon, PrintedPeriod, RelativeRf,
    ScheduleForm, Spanned, TextSpan, WeaponAvailability,
};
use qm_schema::{Period, TheaterId};

use crate::availability::model::{Rule, Schedule, Scope};
use crate::registry::NationTheaters;
use limit::{limit_rule, own_rf_rule};
use schedule::{dates_limits, faction_words, schedules};
use scope::{period, scope};

/// A rule and the vehicles it is restricted to, as the note words them (empty: every vehicle
/// the note covers).
#[derive(Debug, Clone)]
pub struct ScopedRule {
    /// The rule.
    pub rule: Rule,
    /// The vehicle names the sentence restricts it to.
    pub only: Vec<String>,
    /// The sentence, for diagnostics about the restriction.
    pub span: TextSpan,
}

/// A "Dates for use in ..." list waiting for the relative RF rule that follows it.
struct PendingDates {
    /// The (theater, period) limits it sets.
    limit: Vec<(TheaterId, Period)>,
    /// The vehicles its sentence names.
    only: Vec<String>,
    /// The list as schedules, each with its sentence, for when no relative rule follows.
    schedules: Vec<(Schedule, TextSpan)>,
}

/// What a note's paragraphs share while they are translated: the subject of the rule before,
/// for "the same" and "as above" in any later paragraph.
#[derive(Debug, Default)]
pub struct NoteContext {
    /// The note's vehicles, the main one (its title's first) first.
    pub members: Vec<String>,
    /// The vehicles the last rule of the note was about: those it named, or `Some(vec![])`
    /// for a rule about every vehicle of the note; `None` before the first rule.
    last_subject: Option<Vec<String>>,
    /// Antecedents that could not be told apart.
    pub diagnostics: Vec<Diagnostic>,
}

impl NoteContext {
    /// A context for a note about `members` (its main vehicle first).
    pub fn new(members: Vec<String>) -> Self {
        Self {
            members,
            ..Self::default()
        }
    }

    /// The vehicle "the same" refers to in a rule about `targets` (empty: every vehicle of the
    /// note): the nearest rule's subject, else the note's main vehicle. Several candidates
    /// are an error listing them.
    fn antecedent(&mut self, targets: &[String], span: &TextSpan) -> Option<String> {
        let candidates: Vec<String> = match &self.last_subject {
            Some(named) if !named.is_empty() => named.clone(),
            Some(_) => self
                .members
                .iter()
                .filter(|m| !targets.contains(m))
                .cloned()
                .collect(),
            None => self.members.first().cloned().into_iter().collect(),
        };
        if let [one] = candidates.as_slice() {
            return Some(one.clone());
        }
        self.diagnostics.push(
            Diagnostic::error(
                "notes::ambiguous-antecedent",
                format!(
                    "failed to tell which vehicle \"the same\" refers to (it could be {})",
                    if candidates.is_empty() {
                        "none of the note's vehicles".to_string()
                    } else {
                        candidates.join(", ")
                    }
                ),
                span.clone(),
            )
            .with_help("name the vehicle: \"the same as the X's\" (the rule is left out)"),
        );
        None
    }
}

/// Translates the clauses of one rule paragraph alone (no note around it).
pub fn translate(clauses: &[AvailabilityClause], nation: &NationTheaters) -> Vec<ScopedRule> {
    translate_in_note(clauses, nation, &mut NoteContext::default())
}

/// Translates the clauses of one rule paragraph of a note, in order. A "Dates for use in ..."
/// list followed by a relative RF rule limits that rule; "the same, but with .1 added" copies
/// the vehicle it names, else the subject of the rule before it in the note (any paragraph),
/// else the note's main vehicle. `nation` says what the notes' theater names stand for.
pub fn translate_in_note(
    clauses: &[AvailabilityClause],
    nation: &NationTheaters,
    note: &mut NoteContext,
) -> Vec<ScopedRule> {
    let mut t = Translator {
        nation,
        out: Vec::new(),
        pending: None,
        parked: Vec::new(),
        note,
    };
    let mut after_unreadable = false;
    // The subject of the paragraph's last sentence read: a sentence that names no vehicle goes
    // on about it ("The Hussar was used in ... . Its RF is ...").
    let mut paragraph_subject: Option<Vec<String>> = None;
    for c in clauses {
        let mut only: Vec<String> = c.vehicles.iter().map(|v| v.raw.clone()).collect();
        if only.is_empty() && !c.every_vehicle {
            let carried = paragraph_subject
                .clone()
                .or_else(|| continued(c).then(|| t.note.last_subject.clone()).flatten());
            if let Some(subject) = carried {
                only = subject;
                if after_unreadable && (continued(c) || !only.is_empty()) {
                    t.note.diagnostics.push(they_read_as(&only, &c.span));
                }
            }
        }
        after_unreadable = matches!(c.kind, ClauseKind::Unreadable { .. });
        t.clause(c, &only);
        if !matches!(
            c.kind,
            ClauseKind::Unreadable { .. } | ClauseKind::UsedIn { .. }
        ) {
            paragraph_subject = Some(only.clone());
            t.note.last_subject = Some(only);
        }
    }
    t.flush_dates();
    t.out
}

/// "For Russia they are ..." read alone.
fn continued(c: &AvailabilityClause) -> bool {
    matches!(&c.kind, ClauseKind::Schedule(s) if s.form == ScheduleForm::Continued)
}

/// "they" after a sentence that could not be read: read with the last readable sentence's
/// subject, and said so.
fn they_read_as(subject: &[String], span: &TextSpan) -> Diagnostic {
    let who = if subject.is_empty() {
        "every vehicle of the note".to_string()
    } else {
        subject.join(", ")
    };
    Diagnostic::warning(
        "notes::continued-subject",
        format!("read the sentence as about {who} (the sentence before could not be read)"),
        span.clone(),
    )
    .with_label("subject taken from the last sentence read")
    .with_help("correct the sentence before it with an erratum")
}

/// The state of translating one paragraph.
struct Translator<'a, 'n> {
    /// What the notes' theater names stand for.
    nation: &'a NationTheaters<'a>,
    /// The rules so far.
    out: Vec<ScopedRule>,
    /// A dates list waiting for a relative RF rule.
    pending: Option<PendingDates>,
    /// Dates lists of other vehicles of the note said before `pending`, waiting for an RF
    /// sentence about all of them ("The X arrived in A in 1940; the X II followed in 1/41 ...
    /// Both have RF 1.2 until ...").
    parked: Vec<PendingDates>,
    /// What the note's paragraphs share.
    note: &'n mut NoteContext,
}

/// What a copy changes of its base: tenths added, months later, a cap, an RF set in place of
/// every copied one.
type Change = (i32, u8, Option<qm_schema::Rf>, Option<qm_schema::Rf>);

impl Translator<'_, '_> {
    /// One clause; `only` are the vehicles its sentence names. Every clause but a relative
    /// RF rule first settles a waiting dates list.
    fn clause(&mut self, c: &AvailabilityClause, only: &[String]) {
        let span = &c.span;
        match &c.kind {
            ClauseKind::Schedule(s) => self.schedule(s, only, span),
            ClauseKind::RelativeRf(r) => self.relative(r, only, span),
            ClauseKind::SameWithAddedRf {
                added,
                subtracted,
                months_later,
                base,
                note,
                max,
                set,
            } => {
                self.flush_dates();
                // A note named that gave no vehicle was reported by the parser: no rule.
                if note.is_some() && base.is_none() {
                    return;
                }
                let delta = added.value.0 as i32;
                let delta = if *subtracted { -delta } else { delta };
                let base = base.as_ref().map(|b| b.raw.clone());
                let max = max.as_ref().map(|m| m.value);
                let set = set.as_ref().map(|s| s.value);
                self.same_with_added((delta, *months_later, max, set), base, only, span);
            }
            ClauseKind::RestrictedUse { faction, period: p } => {
                self.flush_dates();
                self.restricted_use(faction, p, only, span);
            }
            ClauseKind::Limit(l) => {
                self.flush_dates();
                if let Some(rule) = limit_rule(l, span) {
                    self.push(rule, only, span);
                }
            }
            ClauseKind::OwnRf(o) => {
                self.flush_dates();
                if let Some(rule) = own_rf_rule(o, span) {
                    self.push(rule, only, span);
                }
            }
            ClauseKind::Otherwise { rf, exceptions } => {
                self.flush_dates();
                let rule = Rule::Default {
                    vehicle: None,
                    rf: rf.value,
                    span: span.clone(),
                };
                self.push(rule, only, span);
                let rules = translate_in_note(exceptions, self.nation, self.note);
                self.out.extend(rules);
            }
            ClauseKind::RadioFrom { month, .. } => {
                self.flush_dates();
                self.radio_from(month, only, span);
            }
            ClauseKind::OptionalWeapon(o) => {
                self.flush_dates();
                self.push(optional(o, span, self.nation), only, span);
            }
            // Read by other passes (HEAT, the N/R windows) or reported by the parser; a waiting
            // dates list keeps waiting across them.
            ClauseKind::AmmoFrom { .. }
            | ClauseKind::UsedIn { .. }
            | ClauseKind::Unreadable { .. } => {}
        }
    }

    /// A schedule; a "Dates for use in ..." list waits for the relative RF rule that may
    /// follow it.
    fn schedule(&mut self, s: &qm_parser::Schedule, only: &[String], span: &TextSpan) {
        // "..., and both lasted until December 1943": an end with no place and no RF after
        // the note has given dates says when use stopped, a limit on what was said.
        if let Some(until) = lasted_until(s).filter(|_| self.dated_before()) {
            self.flush_dates();
            let limit = qm_parser::Limit {
                sense: qm_parser::LimitSense::Only,
                names: Vec::new(),
                when: Some(qm_parser::EntryWhen::Until(until.clone())),
            };
            if let Some(rule) = limit_rule(&limit, span) {
                self.push(rule, only, span);
            }
            return;
        }
        let schedules = schedules(s, self.nation);
        // "Dates for use in France are 6/40, ... . RF is 1.0 in 1940, ...": the RFs of the
        // second sentence are the dates' RFs, read together.
        let anywhere = schedules.iter().all(|sch| sch.scope == Scope::Allowed);
        if s.form == ScheduleForm::RfByPeriod && anywhere {
            // The vehicles the RF sentence is about include the list's ("Both have RF ...").
            let same_subject = |p: &PendingDates| {
                only.is_empty()
                    || only == p.only
                    || (only.len() > 1 && p.only.iter().all(|v| only.contains(v)))
            };
            let rates: Vec<_> = schedules.iter().flat_map(|sch| &sch.entries).collect();
            let mut rated = false;
            for p in self
                .parked
                .iter_mut()
                .chain(self.pending.as_mut())
                .filter(|p| same_subject(p))
            {
                // The dates wait on: the next RF sentence may rate the months left.
                p.schedules = std::mem::take(&mut p.schedules)
                    .into_iter()
                    .map(|(sch, span)| (combine::rated(sch, &rates), span))
                    .collect();
                rated = true;
            }
            if rated {
                return;
            }
        }
        if s.form == ScheduleForm::RfByPeriod && self.rated_by_place(&schedules, only) {
            return;
        }
        let unplaced = matches!(s.form, ScheduleForm::RfByPeriod | ScheduleForm::DatesAndRf);
        let schedules = if unplaced && anywhere {
            self.in_places_before(schedules, only)
        } else {
            schedules
        };
        if s.form == ScheduleForm::DatesOnly && self.dates_go_on(&schedules, only) {
            // "France: 6/40. North Africa: 6/40-12/41.": one list, a sentence a place.
            let p = self.pending.as_mut().expect("dates go on a waiting list");
            p.limit.extend(dates_limits(&schedules));
            p.schedules
                .extend(schedules.into_iter().map(|sch| (sch, span.clone())));
            return;
        }
        // Another vehicle's dates list after one waiting: both wait, for an RF sentence about
        // them all.
        let other = |p: &PendingDates| {
            !only.is_empty() && !p.only.is_empty() && p.only.iter().all(|v| !only.contains(v))
        };
        match self.pending.take() {
            Some(p) if s.form == ScheduleForm::DatesOnly && other(&p) => self.parked.push(p),
            p => {
                self.pending = p;
                self.flush_dates();
            }
        }
        if s.form == ScheduleForm::DatesOnly {
            self.pending = Some(PendingDates {
                limit: dates_limits(&schedules),
                only: only.to_vec(),
                schedules: schedules
                    .into_iter()
                    .map(|sch| (sch, span.clone()))
                    .collect(),
            });
        } else {
            for sch in schedules {
                self.push(Rule::Schedule(sch), only, span);
            }
        }
    }

    /// "Kobolds turned up in every theatre from 1942 onward, the Ashen Coast excepted. RF 1.5,
    /// but only 1.3 in the Thornwald.": RFs per place after a dates list rate the list's
    /// months place by place, when every place of the list is given an RF (the RF sentence's
    /// other places, "every theater but X" taken whole, give no availability of their own).
    /// True when it did.
    fn rated_by_place(&mut self, rfs: &[Schedule], only: &[String]) -> bool {
        let Some(p) = self.pending.as_mut() else {
            return false;
        };
        if !(only.is_empty() || only == p.only) {
            return false;
        }
        let rf_at = |t: &TheaterId| {
            rfs.iter()
                .find(|r| matches!(&r.scope, Scope::Theaters(ts) if ts.contains(t)))
        };
        let places = |sch: &Schedule| match &sch.scope {
            Scope::Theaters(ts) => Some(ts.clone()),
            _ => None,
        };
        let all_rated = p.schedules.iter().all(|(sch, _)| {
            places(sch).is_some_and(|ts| !ts.is_empty() && ts.iter().all(|t| rf_at(t).is_some()))
        });
        if !all_rated || p.schedules.is_empty() {
            return false;
        }
        let mut out = Vec::new();
        for (sch, span) in std::mem::take(&mut p.schedules) {
            for t in places(&sch).unwrap_or_default() {
                let Some(r) = rf_at(&t) else { continue };
                let rates: Vec<_> = r.entries.iter().collect();
                let one = Schedule {
                    scope: Scope::Theaters(vec![t]),
                    ..sch.clone()
                };
                out.push((combine::rated(one, &rates), span.clone()));
            }
        }
        p.schedules = out;
        true
    }

    /// "Used at the Kolvar Front from 6/38 to 12/40 with RF 1.1. In the years 1941-1942 RF
    /// 1.2, after this RF 1.4.", "Was in use since 9/39 at all theatres except X with RF of
    /// 1.2; from 1/42 RF 0.9": RFs by period (or periods with RFs) that name no place, right
    /// after a rated schedule of the same vehicles that names places (no dates list waiting),
    /// go on in those places (a note's sentences share their scope until a new one is named).
    fn in_places_before(&self, mut rfs: Vec<Schedule>, only: &[String]) -> Vec<Schedule> {
        if self.pending.is_some() {
            return rfs;
        }
        let Some(ScopedRule {
            rule: Rule::Schedule(prev),
            only: prev_only,
            ..
        }) = self.out.last()
        else {
            return rfs;
        };
        let Scope::Theaters(places) = &prev.scope else {
            return rfs;
        };
        if prev_only != only || rfs.iter().any(|r| r.vehicle != prev.vehicle) {
            return rfs;
        }
        // The months it adds are the schedule's own: complete if the one before is.
        for r in &mut rfs {
            r.scope = Scope::Theaters(places.clone());
            r.completeness = prev.completeness;
        }
        rfs
    }

    /// "RF is always .4 higher (1.6 maximum) than ... the L3/35", limited by a dates list
    /// just before it (whose vehicles it then applies to).
    fn relative(&mut self, r: &RelativeRf, only: &[String], span: &TextSpan) {
        let (limit, targets) = match self.pending.take() {
            Some(p) if !p.only.is_empty() => (p.limit, p.only),
            Some(p) => (p.limit, only.to_vec()),
            None => (Vec::new(), only.to_vec()),
        };
        let delta = if r.lower {
            -(r.delta.value.0 as i32)
        } else {
            r.delta.value.0 as i32
        };
        let max = r.max.as_ref().map(|m| m.value);
        // "Same dates and theaters as the Vk 3. Use the RF of the Vk 3 plus 0.1.": the rule
        // changes the plain copy of the same base just made.
        let plain = limit.is_empty() && r.within.is_none();
        let base = Some(r.base_vehicle.raw.as_str());
        if plain && self.changes_the_copy_before((delta, 0, max, None), only, base) {
            return;
        }
        let rule = Rule::Relative {
            targets: (!targets.is_empty()).then(|| targets.clone()),
            base: r.base_vehicle.raw.clone(),
            delta,
            max,
            limit,
            months_later: 0,
            set: None,
            span: span.clone(),
        };
        self.push(rule, &targets, span);
        // "wherever the Sable was, from 1941 on, .1 higher": used only in those months.
        let window = r.within.clone().map(|when| qm_parser::Limit {
            sense: qm_parser::LimitSense::Only,
            names: Vec::new(),
            when: Some(when),
        });
        if let Some(rule) = window.and_then(|l| limit_rule(&l, span)) {
            self.push(rule, &targets, span);
        }
    }

    /// "AS 42 aa and AS 42 cc Dates and RF are the same, but with .1 added to the RF": a
    /// relative rule on the vehicle the previous sentence named.
    fn same_with_added(
        &mut self,
        (delta, months_later, max, set): Change,
        named: Option<String>,
        only: &[String],
        span: &TextSpan,
    ) {
        // "Same like note 5, but from 1942 only. ... RF +0.1.": an amount naming no base,
        // after a plain copy of the same vehicles in the paragraph, changes that copy.
        let change = (delta, months_later, max, set);
        if named.is_none() && self.changes_the_copy_before(change, only, None) {
            return;
        }
        let Some(base) = named.or_else(|| self.note.antecedent(only, span)) else {
            return;
        };
        let rule = Rule::Relative {
            targets: (!only.is_empty()).then(|| only.to_vec()),
            base,
            delta,
            max,
            limit: Vec::new(),
            months_later,
            set,
            span: span.clone(),
        };
        self.push(rule, only, span);
    }

    /// Adds the change to the paragraph's last copy of the same vehicles (of `base`, when
    /// named) when that copy changes nothing of its base yet (a copy already changed keeps its
    /// own change: the amount is then a copy of its own). True when it did.
    fn changes_the_copy_before(
        &mut self,
        (delta, months_later, max, set): Change,
        only: &[String],
        base: Option<&str>,
    ) -> bool {
        let copy = self
            .out
            .iter_mut()
            .rev()
            .find(|r| r.only.as_slice() == only && matches!(r.rule, Rule::Relative { .. }));
        let Some(ScopedRule {
            rule:
                Rule::Relative {
                    base: copied,
                    delta: d,
                    max: m,
                    months_later: later,
                    limit,
                    set: s,
                    ..
                },
            ..
        }) = copy
        else {
            return false;
        };
        let other_base = base.is_some_and(|b| !copied.eq_ignore_ascii_case(b));
        if *d != 0 || m.is_some() || *later != 0 || !limit.is_empty() || s.is_some() || other_base {
            return false;
        }
        (*d, *m, *later, *s) = (delta, max, months_later, set);
        true
    }

    /// "Availability in 1945 is limited to Fascist Italians only": the faction as worded,
    /// named once the nation's factions are known ([`crate::factions`]).
    fn restricted_use(
        &mut self,
        faction: &Spanned<String>,
        p: &PrintedPeriod,
        only: &[String],
        span: &TextSpan,
    ) {
        if let Some(p) = period(p) {
            let rule = Rule::RestrictedUse {
                vehicle: None,
                faction: faction_words(faction),
                period: p,
                span: span.clone(),
            };
            self.push(rule, only, span);
        }
    }

    /// "This AFV has no radio in scenarios set prior to 11/41."
    fn radio_from(&mut self, month: &PrintedPeriod, only: &[String], span: &TextSpan) {
        if let Some(p) = period(month) {
            let rule = Rule::RadioFrom {
                vehicle: None,
                month: p.from,
                span: span.clone(),
            };
            self.push(rule, only, span);
        }
    }

    fn push(&mut self, rule: Rule, only: &[String], span: &TextSpan) {
        self.out.push(ScopedRule {
            rule,
            only: only.to_vec(),
            span: span.clone(),
        });
    }

    /// True when a sentence of the note before gave dates (waiting or as a rule).
    fn dated_before(&self) -> bool {
        self.pending.is_some()
            || !self.parked.is_empty()
            || self
                .out
                .iter()
                .any(|r| matches!(r.rule, Rule::Schedule(_) | Rule::Relative { .. }))
    }

    /// A "Dates for use in ..." list no relative rule consumed stands as a schedule with the
    /// listing's RF.
    fn flush_dates(&mut self) {
        let parked = std::mem::take(&mut self.parked);
        for p in parked.into_iter().chain(self.pending.take()) {
            for (sch, span) in p.schedules {
                self.push(Rule::Schedule(sch), &p.only, &span);
            }
        }
    }

    /// True when a dates list waits, for the same vehicles, and `schedules` (dates per place)
    /// name only places it has not given dates for: the list goes on in another sentence.
    fn dates_go_on(&self, schedules: &[Schedule], only: &[String]) -> bool {
        let Some(p) = &self.pending else {
            return false;
        };
        let places = |sch: &Schedule| match &sch.scope {
            Scope::Theaters(t) => Some(t.clone()),
            _ => None,
        };
        let given: Vec<TheaterId> = p.limit.iter().map(|(t, _)| t.clone()).collect();
        (only.is_empty() || only == p.only)
            && schedules.iter().all(|sch| {
                places(sch)
                    .is_some_and(|ts| !ts.is_empty() && ts.iter().all(|t| !given.contains(t)))
            })
    }
}

/// The end of "(both) lasted until December 1943": a dates-only schedule of one section with
/// no place and one entry, an end with no RF.
fn lasted_until(s: &qm_parser::Schedule) -> Option<&qm_parser::PrintedPeriod> {
    let [section] = s.sections.as_slice() else {
        return None;
    };
    let [entry] = section.entries.as_slice() else {
        return None;
    };
    match (&s.form, &section.area, &entry.when, &entry.rf) {
        (
            ScheduleForm::DatesOnly,
            qm_parser::Area::Anywhere,
            qm_parser::EntryWhen::Until(p),
            None,
        ) => Some(p),
        _ => None,
    }
}

/// "The optional AAMG is always available and has a 1.4 RF."
fn optional(o: &OptionalWeapon, span: &TextSpan, nation: &NationTheaters) -> Rule {
    let (always, theaters, when) = match &o.available {
        WeaponAvailability::Always => (true, Vec::new(), None),
        WeaponAvailability::Only { period: p, area } => {
            let t = match scope(area, nation) {
                Scope::Theaters(t) => t,
                _ => Vec::new(),
            };
            (false, t, period(p))
        }
    };
    Rule::Optional {
        vehicle: None,
        weapon: o.weapon.value.clone(),
        rf: o.rf.value,
        always,
        theaters,
        period: when,
        span: span.clone(),
    }
}
