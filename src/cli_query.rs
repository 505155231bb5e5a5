//! `qm avail` and `qm show`: answers for people (tables) and scripts (`--json`).

use std::io::Write;

use qm_schema::{Nation, Vehicle};

use crate::cli::{AvailArgs, ShowArgs, EXIT_DATA, EXIT_OK, EXIT_USAGE};
use crate::compile::{compile, Compiled};
use crate::diagnostics;
use crate::query::{availability_at, find_vehicle, parse_month, parse_theater};
use crate::resolve::names::did_you_mean;
use crate::views::{origin_text, AvailRow, ShowView};

/// Compiles the data and picks the nation; prints errors and returns the exit status on failure.
fn nation<'a>(compiled: &'a Compiled, id: &str) -> Result<&'a Nation, u8> {
    if compiled.diagnostics.iter().any(|d| d.is_error()) {
        let errors: Vec<_> = compiled
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .cloned()
            .collect();
        eprint!("{}", diagnostics::render(&compiled.loaded.sources, &errors));
        eprintln!("qm: the data has errors; run `qm check` for details");
        return Err(EXIT_DATA);
    }
    compiled
        .nations
        .iter()
        .find(|n| n.id.eq_ignore_ascii_case(id))
        .ok_or_else(|| {
            let ids = compiled.nations.iter().map(|n| n.id.as_str());
            usage(&format!("unknown nation `{id}`"), &did_you_mean(id, ids));
            EXIT_USAGE
        })
}

fn usage(message: &str, suggestions: &[&str]) {
    eprintln!("error: {message}");
    if !suggestions.is_empty() {
        eprintln!(
            "  = help: did you mean {}?",
            suggestions
                .iter()
                .map(|s| format!("`{s}`"))
                .collect::<Vec<_>>()
                .join(" or ")
        );
    }
}

fn vehicle<'a>(nation: &'a Nation, name: &str) -> Result<&'a Vehicle, u8> {
    find_vehicle(nation, name).map_err(|near| {
        usage(&format!("unknown vehicle `{name}` in {}", nation.id), &near);
        EXIT_USAGE
    })
}

fn print_json<T: serde::Serialize>(value: &T) -> u8 {
    match crate::build::pretty(value) {
        Ok(b) => {
            let _ = std::io::stdout().write_all(&b);
            EXIT_OK
        }
        Err(e) => {
            eprintln!("error: {e}");
            EXIT_DATA
        }
    }
}

/// `qm avail NATION --theater T --date M/YY [--vehicle NAME] [--json]`.
pub fn avail(a: AvailArgs) -> u8 {
    let theater = match parse_theater(&a.theater) {
        Ok(t) => t,
        Err(near) => {
            usage(&format!("unknown theater `{}`", a.theater), &near);
            return EXIT_USAGE;
        }
    };
    let Some(month) = parse_month(&a.date) else {
        usage(
            &format!(
                "failed to read the date `{}` (expected M/YY such as 3/41, or YYYY-MM)",
                a.date
            ),
            &[],
        );
        return EXIT_USAGE;
    };
    let compiled = compile(&a.data);
    let nation = match nation(&compiled, &a.nation) {
        Ok(n) => n,
        Err(code) => return code,
    };
    let only = match &a.vehicle {
        Some(name) => match vehicle(nation, name) {
            Ok(v) => Some(v.id.as_str()),
            Err(code) => return code,
        },
        None => None,
    };
    let rows: Vec<AvailRow> = nation
        .vehicles
        .iter()
        .filter(|v| only.is_none_or(|id| id == v.id))
        .filter_map(|v| availability_at(v, theater, month).map(|e| AvailRow::new(v, e)))
        .collect();
    if a.json {
        return print_json(&rows);
    }
    let mut out = String::new();
    out.push_str(&format!(
        "{} vehicles available in {} in {month}: {}\n",
        nation.name,
        theater,
        rows.len()
    ));
    if !rows.is_empty() {
        let w = rows
            .iter()
            .map(|r| r.vehicle.chars().count())
            .max()
            .unwrap_or(7)
            .max(7);
        out.push_str(&format!(
            "{:w$}  {:5}  {:>3}  {:11}  {}\n",
            "VEHICLE", "TYPE", "RF", "PERIOD", "SOURCE"
        ));
        for r in &rows {
            let mut source = r.source.clone();
            if !r.qualifiers.is_empty() {
                source = format!("{source}; {}", r.qualifiers.join(", "));
            }
            out.push_str(&format!(
                "{:w$}  {:5}  {:>3}  {:11}  {}\n",
                r.vehicle,
                r.r#type,
                r.rf.to_string(),
                r.period.text,
                source
            ));
        }
    }
    // Names and notes are data: control characters are printed visibly.
    print!("{}", diagnostics::escape(&out));
    EXIT_OK
}

/// `qm show NATION VEHICLE [--json]`.
pub fn show(a: ShowArgs) -> u8 {
    let compiled = compile(&a.data);
    let nation = match nation(&compiled, &a.nation) {
        Ok(n) => n,
        Err(code) => return code,
    };
    let v = match vehicle(nation, &a.vehicle) {
        Ok(v) => v,
        Err(code) => return code,
    };
    if a.json {
        return print_json(&ShowView::new(v));
    }
    let mut out = String::new();
    let ty = v.vehicle_type.value.map_or("", |t| t.code());
    out.push_str(&format!("{} ({}, {})\n", v.name, ty, nation.name));
    out.push_str(&format!("  listing row: {}:{}\n", v.row.file, v.row.line));
    let bpv = v.bpv.value.map_or("-".to_string(), |b| b.to_string());
    let dvp = match v.dvp.variable {
        Some(var) => format!("{} ({var} while its MA is removed)", v.dvp.value),
        None => v.dvp.value.to_string(),
    };
    out.push_str(&format!(
        "  BPV {bpv}   DVP {dvp}   RF {}   DATES {}\n",
        v.rf.raw, v.dates.raw
    ));
    if v.radioless.is_some() {
        out.push_str("  radioless (®)\n");
    }
    for r in &v.radio {
        out.push_str(&format!(
            "  radio {}: {}\n",
            r.period,
            if r.has_radio { "yes" } else { "no" }
        ));
    }
    if let Some(h) = v.heat_from {
        out.push_str(&format!("  HEAT from {h}\n"));
    }
    for o in &v.optional_armament {
        out.push_str(&format!("  optional {}: RF {}\n", o.weapon, o.rf));
    }
    let refs: Vec<&str> = v.note_refs.iter().map(|r| r.raw.as_str()).collect();
    out.push_str(&format!("  notes: {}\n", refs.join(" ")));
    out.push_str("  availability:\n");
    if v.availability.is_empty() {
        out.push_str("    (none resolved)\n");
    }
    for e in &v.availability {
        let theaters: Vec<&str> = e.theaters.iter().map(|t| t.name()).collect();
        let q: Vec<&str> = e.qualifiers.iter().map(|q| q.text()).collect();
        let q = if q.is_empty() {
            String::new()
        } else {
            format!("; {}", q.join(", "))
        };
        out.push_str(&format!(
            "    {:24} {:11} RF {:>3}  ({}{q})\n",
            theaters.join("/"),
            e.period.to_string(),
            e.rf.to_string(),
            origin_text(e)
        ));
    }
    out.push_str(&format!(
        "  counter front: {}\n",
        v.counter.front.join(" | ")
    ));
    out.push_str(&format!("  counter back: {}\n", v.counter.back.join(" | ")));
    // Names and notes are data: control characters are printed visibly.
    print!("{}", diagnostics::escape(&out));
    EXIT_OK
}
