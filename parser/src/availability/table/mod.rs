//! A maintainer's Markdown tables, read as a layout: the header says what each column holds
//! ([`columns`]), each cell is read by the grammar's own small readers ([`cells`]), and the
//! rows bind into the clauses a sentence would give ([`rows`], then this module):
//!
//! - rows about places ("| Theater | From | To | RF |") make one schedule, a section per
//!   place; "all" is every place no other row names; a row of "—" keeps the vehicle from its
//!   place;
//! - rows about no place ("| Period | RF |") are the dates and RFs wherever the note (or the
//!   line before the table, "Ordel, all theaters:") says;
//! - rows about factions ("| Faction | RF |", "| Faction | Notes |") change that faction's
//!   use: "—" keeps it from the vehicle, months are its own window, an RF is its own RF, an
//!   amount is added to its RF; "others" gives the RF of every side no row names;
//! - a vehicle column, or a header naming vehicles, places or factions, scopes each row (or
//!   cell) to them.
//!
//! A header cell or a cell no reader takes is an unreadable clause naming that cell.

mod cells;
mod columns;
mod layout;
mod rows;

pub(crate) use layout::{blocks, Block};

use super::grammar_error::Ctx;
use super::subjects::window_limits;
use super::syntax::{
    Area, AvailabilityClause, ClauseKind, EntryWhen, Limit, LimitName, LimitSense, NameKind, OwnRf,
    Schedule, ScheduleEntry, ScheduleForm, ScheduleSection, Spanned, TheaterException, TheaterRef,
    VehicleRef,
};
use super::when::whole_dates;
use columns::{column, Column};
use rows::{is_every, lines, only_dash, Line};

/// What the line before a table ("Ordel, all theaters:") says the table is about.
#[derive(Debug, Clone, Default)]
pub(crate) struct LeadIn {
    /// The vehicles it names.
    vehicles: Vec<VehicleRef>,
    /// The places it names.
    places: Vec<TheaterRef>,
}

/// The vehicles and places a lead-in line names, found at the start of its words.
pub(crate) fn lead_in(ctx: &Ctx<'_>, text: &str) -> LeadIn {
    let mut out = LeadIn::default();
    let mut at = 0;
    while at < text.len() {
        let rest = &text[at..];
        let word_start = at == 0 || !text[..at].ends_with(char::is_alphanumeric);
        if word_start {
            if let Some(n) = ctx.lexicon.vehicle_at(rest) {
                out.vehicles.push(vehicle(ctx, &rest[..n]));
                at += n;
                continue;
            }
            if let Some(n) = ctx.lexicon.place_at(rest) {
                out.places.push(theater(ctx, &rest[..n]));
                at += n;
                continue;
            }
        }
        at += rest.chars().next().map_or(1, char::len_utf8);
    }
    out
}

/// The clauses of one table (`table`, a slice of `ctx.text`), under its lead-in.
pub(crate) fn read_table<'a>(
    ctx: &Ctx<'a>,
    table: &'a str,
    lead: &LeadIn,
) -> Vec<AvailabilityClause> {
    let (grid, extra) = layout::grid(table);
    let mut out = Vec::new();
    for cell in extra {
        out.push(unreadable(ctx, table, cell));
    }
    let mut columns = Vec::new();
    for cell in &grid.header {
        match column(ctx, cell) {
            Some(c) if !repeats(&columns, c) => columns.push(c),
            _ => {
                out.push(unreadable(ctx, table, cell));
                return out;
            }
        }
    }
    let mut read = Vec::new();
    for row in &grid.rows {
        match lines(ctx, &columns, row) {
            Ok(l) => read.extend(l),
            Err(cell) => out.push(unreadable(ctx, row.line, cell)),
        }
    }
    let mut groups: Vec<(Option<&str>, Vec<Line<'_>>)> = Vec::new();
    for line in read {
        match groups.iter_mut().find(|(v, _)| *v == line.vehicle) {
            Some((_, g)) => g.push(line),
            None => groups.push((line.vehicle, vec![line])),
        }
    }
    for (name, group) in groups {
        let vehicles = name.map_or_else(|| lead.vehicles.clone(), |n| vec![vehicle(ctx, n)]);
        let (factions, places): (Vec<_>, Vec<_>) =
            group.into_iter().partition(|l| l.faction.is_some());
        let mut clauses = places_clauses(ctx, table, &places, lead);
        clauses.extend(faction_clauses(ctx, table, &factions));
        for mut c in clauses {
            c.vehicles.clone_from(&vehicles);
            out.push(c);
        }
    }
    out
}

/// True when a key, months or RF column is there already (only named columns may repeat).
fn repeats(columns: &[Column<'_>], c: Column<'_>) -> bool {
    !matches!(c, Column::Of(_) | Column::In(_)) && columns.contains(&c)
}

/// The schedule of the rows about places (or about no place), and the limits and amounts
/// they give.
fn places_clauses<'a>(
    ctx: &Ctx<'a>,
    table: &'a str,
    lines: &[Line<'a>],
    lead: &LeadIn,
) -> Vec<AvailabilityClause> {
    let mut out = Vec::new();
    let mut keys: Vec<Option<&str>> = Vec::new();
    for l in lines {
        if !keys.contains(&l.place) {
            keys.push(l.place);
        }
    }
    let mut sections = Vec::new();
    for key in &keys {
        let mine: Vec<&Line<'_>> = lines.iter().filter(|l| l.place == *key).collect();
        let names: Vec<LimitName> = key
            .filter(|k| !is_every(k))
            .map(|k| place_name(ctx, k))
            .into_iter()
            .collect();
        let mut entries = Vec::new();
        for l in &mine {
            // "—" keeps the vehicle from the place in the row's months, or in all of them.
            if only_dash(l) {
                if !names.is_empty() {
                    out.push(limit(
                        ctx,
                        l.row,
                        LimitSense::Not,
                        names.clone(),
                        l.when.clone(),
                    ));
                }
                continue;
            }
            out.extend(own_rf(ctx, l, names.clone()));
            if l.rf.is_some() || (l.change.is_none() && l.when.is_some()) {
                entries.extend(entry(ctx, l));
            }
        }
        if !entries.is_empty() {
            sections.push(ScheduleSection {
                span: ctx.span(table),
                area: area(ctx, *key, lines, lead),
                entries,
                typos: Vec::new(),
            });
        }
    }
    if !sections.is_empty() {
        let kind = ClauseKind::Schedule(Schedule {
            form: ScheduleForm::DatesAndRf,
            sections,
        });
        out.insert(0, clause(ctx, table, kind));
    }
    out
}

/// Where a section of place `key` applies: that place; for "all", every place no other row
/// names (a place whose rows are all "—" is not available there); for no place, where the
/// lead-in says, or anywhere.
fn area(ctx: &Ctx<'_>, key: Option<&str>, lines: &[Line<'_>], lead: &LeadIn) -> Area {
    match key {
        Some(k) if is_every(k) => {
            let mut except: Vec<TheaterException> = Vec::new();
            for l in lines {
                let Some(p) = l.place.filter(|p| !is_every(p)) else {
                    continue;
                };
                if except.iter().any(|e| e.theater.raw == p) {
                    continue;
                }
                let not_available = lines
                    .iter()
                    .filter(|o| o.place == Some(p))
                    .all(|o| only_dash(o) && o.when.is_none());
                except.push(TheaterException {
                    theater: theater(ctx, p),
                    not_available,
                });
            }
            Area::AllBut { except }
        }
        Some(k) => Area::Theaters {
            theaters: vec![theater(ctx, k)],
            except: Vec::new(),
        },
        None if lead.places.is_empty() => Area::Anywhere,
        None => Area::Theaters {
            theaters: lead.places.clone(),
            except: Vec::new(),
        },
    }
}

/// One schedule entry of a line: its months (or the vehicle's whole dates) and RF.
fn entry(ctx: &Ctx<'_>, l: &Line<'_>) -> Option<ScheduleEntry> {
    let when = match &l.when {
        Some(w) => w.clone(),
        None => whole_dates(ctx, l.row, &l.row[l.row.len()..])?,
    };
    Some(ScheduleEntry {
        span: ctx.span(l.row),
        when,
        rf: l.rf.clone(),
        qualifiers: Vec::new(),
        typos: Vec::new(),
    })
}

/// The clauses of the rows about factions.
fn faction_clauses<'a>(
    ctx: &Ctx<'a>,
    table: &'a str,
    lines: &[Line<'a>],
) -> Vec<AvailabilityClause> {
    let mut out = Vec::new();
    let named: Vec<LimitName> = lines
        .iter()
        .filter(|l| !only_dash(l))
        .filter_map(|l| l.faction.filter(|f| !is_every(f)))
        .map(|f| faction_name(ctx, f))
        .collect();
    // The RF of every other side first: the named sides' rows change what it gives.
    for l in lines.iter().filter(|l| l.faction.is_some_and(is_every)) {
        out.extend(every_faction(ctx, table, l, &named));
    }
    for l in lines {
        let Some(f) = l.faction.filter(|f| !is_every(f)) else {
            continue;
        };
        let mut names = vec![faction_name(ctx, f)];
        names.extend(l.place.filter(|p| !is_every(p)).map(|p| place_name(ctx, p)));
        if only_dash(l) {
            out.push(limit(ctx, l.row, LimitSense::Not, names, l.when.clone()));
            continue;
        }
        if let (Some(w), None, None) = (&l.when, &l.rf, &l.change) {
            out.extend(window(ctx, l.row, &names, w));
        }
        out.extend(own_rf_set(ctx, l, names.clone()));
        out.extend(own_rf(ctx, l, names));
    }
    out
}

/// An "others" row: its RF is the RF of every side no row names (the rows of the named sides
/// change theirs); "—" keeps the vehicle to the factions the table names.
fn every_faction(
    ctx: &Ctx<'_>,
    table: &str,
    l: &Line<'_>,
    named: &[LimitName],
) -> Vec<AvailabilityClause> {
    if only_dash(l) {
        return vec![limit(ctx, l.row, LimitSense::Only, named.to_vec(), None)];
    }
    // The RF by period of the months the rest of the note gives, as "RF is 1.3" would be.
    let Some(e) = entry(ctx, l).filter(|e| e.rf.is_some()) else {
        return vec![unreadable(ctx, l.row, l.faction.unwrap_or(l.row))];
    };
    let kind = ClauseKind::Schedule(Schedule {
        form: ScheduleForm::RfByPeriod,
        sections: vec![ScheduleSection {
            span: ctx.span(l.row),
            area: Area::Anywhere,
            entries: vec![e],
            typos: Vec::new(),
        }],
    });
    vec![clause(ctx, table, kind)]
}

/// A faction's own months: kept from the vehicle before they start and after they end.
fn window(ctx: &Ctx<'_>, row: &str, names: &[LimitName], w: &EntryWhen) -> Vec<AvailabilityClause> {
    window_limits(names, w)
        .into_iter()
        .map(|l| clause(ctx, row, ClauseKind::Limit(l)))
        .collect()
}

fn limit(
    ctx: &Ctx<'_>,
    row: &str,
    sense: LimitSense,
    names: Vec<LimitName>,
    when: Option<EntryWhen>,
) -> AvailabilityClause {
    clause(ctx, row, ClauseKind::Limit(Limit { sense, names, when }))
}

/// The row's amount on the RF (and cap) for `names`, in the row's months.
fn own_rf(ctx: &Ctx<'_>, l: &Line<'_>, names: Vec<LimitName>) -> Option<AvailabilityClause> {
    let (delta, lower, max) = l.change.clone()?;
    let kind = ClauseKind::OwnRf(OwnRf::amount(names, (delta, lower), max, l.when.clone()));
    Some(clause(ctx, l.row, kind))
}

/// The row's RF as the RF of `names`, in the row's months.
fn own_rf_set(ctx: &Ctx<'_>, l: &Line<'_>, names: Vec<LimitName>) -> Option<AvailabilityClause> {
    let own = OwnRf {
        set: true,
        ..OwnRf::amount(names, (l.rf.clone()?, false), None, l.when.clone())
    };
    Some(clause(ctx, l.row, ClauseKind::OwnRf(own)))
}

fn clause(ctx: &Ctx<'_>, text: &str, kind: ClauseKind) -> AvailabilityClause {
    AvailabilityClause {
        span: ctx.span(text),
        vehicles: Vec::new(),
        kind,
        typos: Vec::new(),
        every_vehicle: false,
    }
}

/// The clause of a table part no reader takes, naming the cell.
fn unreadable(ctx: &Ctx<'_>, text: &str, cell: &str) -> AvailabilityClause {
    let kind = ClauseKind::Unreadable {
        stopped_at: Some(Spanned {
            value: cell.to_string(),
            span: ctx.span(cell),
        }),
    };
    clause(ctx, text, kind)
}

fn vehicle(ctx: &Ctx<'_>, name: &str) -> VehicleRef {
    VehicleRef {
        raw: name.to_string(),
        span: ctx.span(name),
        title_index: None,
    }
}

fn theater(ctx: &Ctx<'_>, name: &str) -> TheaterRef {
    TheaterRef {
        raw: name.to_string(),
        span: ctx.span(name),
    }
}

fn place_name(ctx: &Ctx<'_>, name: &str) -> LimitName {
    LimitName::place(theater(ctx, name))
}

fn faction_name(ctx: &Ctx<'_>, name: &str) -> LimitName {
    LimitName {
        raw: name.to_string(),
        span: ctx.span(name),
        kind: NameKind::Faction,
    }
}
