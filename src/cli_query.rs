//! `qm avail` and `qm show`: answers for people (tables) and scripts (`--json`).

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use qm_registry::{NationRegistries, Registries};
use qm_registry::{NationTheaters, TheaterName};
use qm_resolve::unresolved::is_local;
use qm_schema::{Nation, TheaterId, UnresolvedVehicle, Vehicle, YearMonth};

use crate::cli_report::{EXIT_DATA, EXIT_OK, EXIT_USAGE};
use qm_compile::answers::{
    gun_type_text, listing_only_text, origin_text, unknown_text, AvailRow, GunShowAnswer,
    ShowAnswer,
};
use qm_compile::pipeline::{compile, Compiled};
use qm_load::diagnostics;
use qm_registry::names::did_you_mean;
use qm_resolve::query::{
    availability_at, entries_at, lookup_gun, lookup_vehicle, nations_of_nationality, parse_month,
    unknown_at, unknown_entries_at, VehicleLookupError,
};

/// `qm avail`.
#[derive(Debug, Args)]
pub struct AvailArgs {
    /// The nation (its data folder name, e.g. `ita`, or a nationality of a group: `Rumanian`).
    pub nation: String,
    /// The theater ("North Africa", "NA", "Russia", ...; case is ignored).
    #[arg(long)]
    pub theater: String,
    /// The month: `3/41` or `1941-03`.
    #[arg(long)]
    pub date: String,
    /// Only this vehicle (its name, ignoring case and spaces).
    #[arg(long)]
    pub vehicle: Option<String>,
    /// Only vehicles or only guns (`vehicle`, `ordnance`); both when not given.
    #[arg(long, value_enum)]
    pub kind: Option<Kind>,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// The data directory.
    #[arg(long, default_value = "data-src")]
    pub data: PathBuf,
}

/// `qm show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The nation (its data folder name, e.g. `ita`, or a nationality of a group: `Rumanian`).
    pub nation: String,
    /// The vehicle or gun (its name, ignoring case and spaces).
    pub vehicle: String,
    /// Only vehicles or only guns (`vehicle`, `ordnance`); both when not given.
    #[arg(long, value_enum)]
    pub kind: Option<Kind>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// The data directory.
    #[arg(long, default_value = "data-src")]
    pub data: PathBuf,
}

/// What `--kind` asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// The vehicle listing's rows.
    Vehicle,
    /// The ordnance listing's guns.
    Ordnance,
}

/// True when `kind` (none: both) takes in `wanted`.
pub(crate) fn wants(kind: Option<Kind>, wanted: Kind) -> bool {
    kind.is_none_or(|k| k == wanted)
}

/// Picks the nation of a compiled data set. Failure is local: an error in one vehicle's data
/// leaves that vehicle unresolved (`Nation::unresolved`, named with the answer) and an error
/// in another nation's files does not concern this one; any other error is printed and the
/// exit status returned.
pub(crate) fn pick_nation<'a>(compiled: &'a Compiled, id: &str) -> Result<&'a Nation, u8> {
    let found = find_nation(compiled, id);
    let errors: Vec<_> = compiled
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .filter(|d| match &found {
            Ok(n) => blocks(compiled, n, d),
            Err(_) => true,
        })
        .cloned()
        .collect();
    if !errors.is_empty() {
        eprint!("{}", diagnostics::render(&compiled.loaded.sources, &errors));
        eprintln!("qm: the data has errors; run `qm check` for details");
        return Err(EXIT_DATA);
    }
    found.map_err(|names| {
        usage(&format!("unknown nation `{id}`"), &did_you_mean(id, names));
        EXIT_USAGE
    })
}

/// True when error `d` keeps a question about `nation` from being answered: it touches no
/// vehicle of the nation and lies in none of the other nations' folders.
fn blocks(compiled: &Compiled, nation: &Nation, d: &qm_parser::Diagnostic) -> bool {
    let map = &compiled.loaded.sources;
    if is_local(nation, map, d) {
        return false;
    }
    let Some(file) = d.span.as_ref().and_then(|s| map.get(s.file)) else {
        return true;
    };
    !compiled
        .nations
        .iter()
        .filter(|n| n.id != nation.id)
        .any(|n| file.name.starts_with(&format!("{}/", n.id)))
}

/// The nation `id` names (its folder, or a nationality of a group), or every name to suggest.
fn find_nation<'a>(compiled: &'a Compiled, id: &str) -> Result<&'a Nation, Vec<&'a str>> {
    if let Some(n) = compiled
        .nations
        .iter()
        .find(|n| n.id.eq_ignore_ascii_case(id))
    {
        return Ok(n);
    }
    // A nationality of a group ("Rumanian") stands for the nation holding it.
    if let [(n, _)] = nations_of_nationality(&compiled.nations, id).as_slice() {
        return Ok(n);
    }
    Err(compiled
        .nations
        .iter()
        .flat_map(|n| {
            std::iter::once(n.id.as_str()).chain(n.nationalities.iter().map(|x| x.name.as_str()))
        })
        .collect())
}

/// "unresolved: L3 cc — ita/notes.md:53: failed to ...", one line per unresolved vehicle.
pub(crate) fn unresolved_lines(
    nation: &Nation,
    keep: impl Fn(&UnresolvedVehicle) -> bool,
) -> Vec<String> {
    nation
        .unresolved
        .iter()
        .filter(|u| keep(u))
        .map(|u| {
            let at = u
                .source
                .as_ref()
                .map(|s| format!("{}:{}: ", s.file, s.line))
                .unwrap_or_default();
            format!("unresolved: {} — {at}{} [{}]", u.name, u.message, u.code)
        })
        .collect()
}

/// True when the vehicle is unresolved.
fn is_unresolved(nation: &Nation, id: &str) -> bool {
    nation.unresolved.iter().any(|u| u.id == id)
}

/// Why a nation without vehicles has none: its data holds no listing.
fn no_listing(nation: &Nation) -> String {
    format!(
        "the {} data holds no vehicle listing (listing.tsv), only national data",
        nation.id
    )
}

/// Prints a usage error; the message holds what the user typed, so it is escaped like data.
pub(crate) fn usage(message: &str, suggestions: &[&str]) {
    eprintln!("error: {}", diagnostics::escape(message));
    // Each once: two vehicles may print one name.
    let mut shown: Vec<String> = Vec::new();
    for s in suggestions {
        let s = format!("`{}`", diagnostics::escape(s));
        if !shown.contains(&s) {
            shown.push(s);
        }
    }
    if !shown.is_empty() {
        eprintln!("  = help: did you mean {}?", shown.join(" or "));
    }
}

/// The vehicle `name` names in `nation`; a usage error (printed) otherwise.
/// The nation and vehicle a `show` or `explain` asks for, resolved: an unknown one is a usage
/// error (exit 2, printed), an unresolved one prints its errors (exit 1).
pub(crate) fn pick_resolved_vehicle<'a>(
    compiled: &'a Compiled,
    nation: &str,
    vehicle: &str,
) -> Result<(&'a Nation, &'a Vehicle), u8> {
    let nation = pick_nation(compiled, nation)?;
    let v = pick_vehicle(nation, vehicle)?;
    resolved(nation, &v.id)?;
    Ok((nation, v))
}

/// `Ok` when the vehicle or gun `id` is resolved; else its errors are printed (exit 1).
pub(crate) fn resolved(nation: &Nation, id: &str) -> Result<(), u8> {
    let lines = unresolved_lines(nation, |u| u.id == id);
    if lines.is_empty() {
        return Ok(());
    }
    println!("{}", diagnostics::escape(&lines.join("\n")));
    Err(EXIT_DATA)
}

pub(crate) fn pick_vehicle<'a>(nation: &'a Nation, name: &str) -> Result<&'a Vehicle, u8> {
    if nation.vehicles.is_empty() {
        usage(
            &format!(
                "no vehicle `{name}` in {}: {}",
                nation.id,
                no_listing(nation)
            ),
            &[],
        );
        return Err(EXIT_USAGE);
    }
    lookup_vehicle(nation, name).map_err(|e| {
        match e {
            VehicleLookupError::Unknown(near) => {
                // A listing row that made no vehicle is known, and unresolved.
                let key = qm_registry::names::name_key(name);
                let rows = unresolved_lines(nation, |u| {
                    u.row.is_some() && qm_registry::names::name_key(&u.name) == key
                });
                if !rows.is_empty() {
                    println!("{}", diagnostics::escape(&rows.join("\n")));
                    return EXIT_DATA;
                }
                usage(&format!("unknown vehicle `{name}` in {}", nation.id), &near)
            }
            VehicleLookupError::Ambiguous(names) => usage(
                &format!(
                    "`{name}` begins the name of several vehicles in {}",
                    nation.id
                ),
                &names,
            ),
            VehicleLookupError::Indistinct(names) => {
                usage(
                    &format!(
                        "`{name}` names {} vehicles in {} that neither their names nor their ids tell apart ({})",
                        names.len(),
                        nation.id,
                        names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
                    ),
                    &[],
                );
                eprintln!("  = help: the listing repeats the vehicle (`qm check` reports it): correct the listing or add an erratum");
                return EXIT_DATA;
            }
        }
        EXIT_USAGE
    })
}

fn print_json<T: serde::Serialize>(value: &T) -> u8 {
    match qm_export::build::pretty(value) {
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

/// What `--theater` asked: one theater, or a group answered member by member.
struct Asked {
    /// The name to print ("North Africa", "the ETO").
    name: String,
    /// The theaters to answer for: one, or the group's members the nation fought in.
    theaters: Vec<TheaterId>,
    /// True for a group.
    group: bool,
}

/// Reads `--theater` with the nation's registry: any name or alias, a group standing for its
/// members the nation fought in; an unknown name is a usage error with "did you mean".
fn asked_theater(text: &str, nation: &NationTheaters) -> Result<Asked, u8> {
    let registry = nation.registry();
    match registry.lookup(text) {
        Some(TheaterName::Theater(t)) => Ok(Asked {
            name: t.name.clone(),
            theaters: vec![t.id.clone()],
            group: false,
        }),
        Some(TheaterName::Any) => Ok(Asked {
            name: registry.name(&TheaterId::any()).to_string(),
            theaters: vec![TheaterId::any()],
            group: false,
        }),
        Some(name @ TheaterName::Group(g)) => Ok(Asked {
            name: g.name.clone(),
            theaters: nation.expand(name),
            group: true,
        }),
        None => {
            usage(
                &format!("unknown theater `{text}`"),
                &registry.suggest(text),
            );
            Err(EXIT_USAGE)
        }
    }
}

/// The rows of one theater: the vehicles in listing order, then the guns.
fn rows_in<'a>(
    nation: &'a Nation,
    only: Option<&str>,
    kind: Option<Kind>,
    theater: &TheaterId,
    month: YearMonth,
    theaters: &'a NationTheaters,
) -> Vec<AvailRow<'a>> {
    let mut rows = if wants(kind, Kind::Vehicle) {
        vehicle_rows(nation, only, theater, month, theaters)
    } else {
        Vec::new()
    };
    if wants(kind, Kind::Ordnance) && only.is_none() {
        let names = theaters.registry();
        let resolved = nation
            .ordnance
            .iter()
            .filter(|g| !is_unresolved(nation, &g.id));
        rows.extend(resolved.filter_map(|g| {
            match entries_at(&g.availability, theater, month, theaters) {
                Some(e) => Some(AvailRow::gun(nation, g, e, names)),
                None => unknown_entries_at(&g.availability_unknown, theater, month, theaters)
                    .map(|u| AvailRow::gun_unknown(g, u, names)),
            }
        }));
    }
    rows
}

/// The vehicles' rows of one theater, in listing order.
fn vehicle_rows<'a>(
    nation: &'a Nation,
    only: Option<&str>,
    theater: &TheaterId,
    month: YearMonth,
    theaters: &'a NationTheaters,
) -> Vec<AvailRow<'a>> {
    nation
        .vehicles
        .iter()
        .filter(|v| only.is_none_or(|id| id == v.id) && !is_unresolved(nation, &v.id))
        .filter_map(|v| {
            let names = theaters.registry();
            match availability_at(v, theater, month, theaters) {
                Some(e) => Some(AvailRow::new(nation, v, e, names)),
                None => {
                    unknown_at(v, theater, month, theaters).map(|u| AvailRow::unknown(v, u, names))
                }
            }
        })
        .collect()
}

/// "N" vehicles available, and how many more may be whose RF the data does not give.
fn count_text(rows: &[AvailRow]) -> String {
    let unknown = rows.iter().filter(|r| r.unknown.is_some()).count();
    match unknown {
        0 => rows.len().to_string(),
        n => format!(
            "{}, and {n} more whose RF the data does not give (unknown, not unavailable)",
            rows.len() - n
        ),
    }
}

/// The table of `qm avail`: one line per vehicle, or a line saying there is none and why.
fn avail_table(
    rows: &[AvailRow],
    nation: &Nation,
    theater: &TheaterId,
    theaters: &NationTheaters,
) -> String {
    let mut out = String::new();
    if rows.is_empty() {
        let place = theaters.name(theater);
        let no_notes = nation.notes.is_empty()
            && nation.multi_notes.is_empty()
            && nation.ordnance_notes.is_empty()
            && nation.ordnance_multi_notes.is_empty();
        let why = if theaters.fought_in(theater) && no_notes {
            format!("none is known to be available in {place} then (the data has no notes)")
        } else if theaters.fought_in(theater) {
            format!("none is available in {place} then")
        } else {
            format!(
                "the {} data names no theater that is {place}, contains it or lies in it",
                nation.id
            )
        };
        out.push_str(&format!("no {} vehicles: {why}\n", nation.name));
        return out;
    }
    let w = rows
        .iter()
        .map(|r| r.vehicle.chars().count())
        .max()
        .unwrap_or(7)
        .max(7);
    // A nation with guns says each row's kind; one without prints the table it always did.
    let kinds = !nation.ordnance.is_empty();
    let kind = |k: &str| {
        if kinds {
            format!("{k:8}  ")
        } else {
            String::new()
        }
    };
    out.push_str(&format!(
        "{}{:w$}  {:5}  {:>3}  {:11}  {}\n",
        kind("KIND"),
        "VEHICLE",
        "TYPE",
        "RF",
        "PERIOD",
        "SOURCE"
    ));
    for r in rows {
        let mut source = r.source.clone();
        if !r.qualifiers.is_empty() {
            source = format!("{source}; {}", r.qualifiers.join(", "));
        }
        if let Some(why) = &r.unknown {
            source = format!("{source}; {why}");
        }
        out.push_str(&format!(
            "{}{:w$}  {:5}  {:>3}  {:11}  {}\n",
            kind(r.kind),
            r.vehicle,
            r.r#type,
            r.rf.map_or("?".to_string(), |rf| rf.to_string()),
            r.period.text,
            source
        ));
    }
    out
}

/// `qm avail NATION --theater T --date M/YY [--vehicle NAME] [--json]`. A group ("ETO") is
/// answered for each of its members the nation fought in, one table each (in JSON, every row
/// names the member in `asked`). A nation without vehicles answers with one line saying so
/// (`[]` in JSON), exit 0: the question is right, the answer is none.
pub fn avail(a: AvailArgs) -> u8 {
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
    let compiled = compile(&a.data, &Default::default());
    let nation = match pick_nation(&compiled, &a.nation) {
        Ok(n) => n,
        Err(code) => return code,
    };
    let theaters = compiled.nation_theaters(&nation.id);
    let asked = match asked_theater(&a.theater, &theaters) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let only = match &a.vehicle {
        Some(name) => match pick_vehicle(nation, name) {
            Ok(v) => Some(v.id.as_str()),
            Err(code) => return code,
        },
        None => None,
    };
    if nation.vehicles.is_empty() && nation.ordnance.is_empty() {
        if a.json {
            return print_json(&Vec::<AvailRow>::new());
        }
        let line = format!("no {} vehicles: {}", nation.name, no_listing(nation));
        println!("{}", diagnostics::escape(&line));
        return EXIT_OK;
    }
    let per_theater: Vec<(&TheaterId, Vec<AvailRow>)> = asked
        .theaters
        .iter()
        .map(|t| (t, rows_in(nation, only, a.kind, t, month, &theaters)))
        .collect();
    // An unresolved vehicle that exists in that month could be in the answer: it is named,
    // and the answer is incomplete.
    let missing = unresolved_lines(nation, |u| {
        only.is_none_or(|id| id == u.id) && could_exist(nation, &u.id, month)
    });
    if a.json {
        return avail_json(per_theater, &asked, &theaters, &missing);
    }
    let mut out = avail_text(nation, &asked, &per_theater, month, &theaters);
    for line in &missing {
        out.push_str(line);
        out.push('\n');
    }
    // Names and notes are data: control characters are printed visibly.
    print!("{}", diagnostics::escape(&out));
    if missing.is_empty() {
        EXIT_OK
    } else {
        EXIT_DATA
    }
}

/// `avail --json`: every row, each member theater named when a group was asked; the
/// unresolved vehicles that could be in the answer on stderr (exit 1: the answer is incomplete).
fn avail_json(
    per_theater: Vec<(&TheaterId, Vec<AvailRow>)>,
    asked: &Asked,
    theaters: &NationTheaters,
    missing: &[String],
) -> u8 {
    let rows: Vec<AvailRow> = per_theater
        .into_iter()
        .flat_map(|(t, rows)| {
            let member = asked.group.then(|| theaters.name(t));
            rows.into_iter().map(move |mut r| {
                r.asked = member;
                r
            })
        })
        .collect();
    let code = print_json(&rows);
    if missing.is_empty() {
        return code;
    }
    eprintln!("{}", diagnostics::escape(&missing.join("\n")));
    EXIT_DATA
}

/// `avail`'s table: one theater, or a group's members theater by theater.
fn avail_text(
    nation: &Nation,
    asked: &Asked,
    per_theater: &[(&TheaterId, Vec<AvailRow>)],
    month: YearMonth,
    theaters: &NationTheaters,
) -> String {
    let mut out = String::new();
    if !asked.group {
        let (theater, rows) = &per_theater[0];
        out.push_str(&format!(
            "{} vehicles available in {} in {month}: {}\n",
            nation.name,
            asked.name,
            count_text(rows)
        ));
        out.push_str(&avail_table(rows, nation, theater, theaters));
    } else if per_theater.is_empty() {
        out.push_str(&format!(
            "{} vehicles available in {} in {month}: no vehicles (the {} data names none of its theaters)\n",
            nation.name, asked.name, nation.id
        ));
    } else {
        let members: Vec<&str> = asked.theaters.iter().map(|t| theaters.name(t)).collect();
        out.push_str(&format!(
            "{} vehicles available in {} in {month}, theater by theater ({}):\n",
            nation.name,
            asked.name,
            members.join(", ")
        ));
        for (theater, rows) in per_theater {
            out.push_str(&format!(
                "\n{}: {}\n",
                theaters.name(theater),
                count_text(rows)
            ));
            out.push_str(&avail_table(rows, nation, theater, theaters));
        }
    }
    out
}

/// True unless the vehicle's or gun's listing DATES (when read) leave out `month`.
fn could_exist(nation: &Nation, id: &str, month: YearMonth) -> bool {
    let vehicle = nation.vehicles.iter().find(|v| v.id == id);
    let dates = match vehicle {
        Some(v) => v.dates.value,
        None => nation
            .ordnance
            .iter()
            .find(|g| g.id == id)
            .and_then(|g| g.dates.as_ref()?.value),
    };
    dates.is_none_or(|d| d.contains(month))
}

/// `qm show NATION VEHICLE [--json]`. A nation without vehicles has no vehicle to show: a
/// usage error saying so, like an unknown vehicle.
pub fn show(a: ShowArgs) -> u8 {
    let compiled = compile(&a.data, &Default::default());
    if a.kind != Some(Kind::Vehicle) {
        if let Some(code) = show_gun(&compiled, &a) {
            return code;
        }
    }
    let (nation, v) = match pick_resolved_vehicle(&compiled, &a.nation, &a.vehicle) {
        Ok(found) => found,
        Err(code) => return code,
    };
    let registries = compiled.loaded.registries_of(&nation.id);
    if a.json {
        return print_json(&ShowAnswer::new(nation, v, &registries.theaters));
    }
    let mut out = summary_text(nation, v, registries);
    out.push_str(&availability_text(nation, v, registries));
    out.push_str(&counter_text(v));
    // Names and notes are data: control characters are printed visibly.
    print!("{}", diagnostics::escape(&out));
    EXIT_OK
}

/// `qm show` for a gun: asked with `--kind ordnance`, or named where no vehicle is; `None`
/// when the name is left to the vehicles.
fn show_gun(compiled: &Compiled, a: &ShowArgs) -> Option<u8> {
    let nation = match pick_nation(compiled, &a.nation) {
        Ok(n) => n,
        Err(code) => return Some(code),
    };
    let only_guns = a.kind == Some(Kind::Ordnance);
    if !only_guns && lookup_vehicle(nation, &a.vehicle).is_ok() {
        return None;
    }
    let g = match lookup_gun(nation, &a.vehicle) {
        Ok(g) => g,
        Err(near) if only_guns => {
            usage(
                &format!("unknown gun `{}` in {}", a.vehicle, nation.id),
                &near,
            );
            return Some(EXIT_USAGE);
        }
        Err(_) => return None,
    };
    if let Err(code) = resolved(nation, &g.id) {
        return Some(code);
    }
    let registries = compiled.loaded.registries_of(&nation.id);
    if a.json {
        return Some(print_json(&GunShowAnswer::new(
            nation,
            g,
            &registries.theaters,
        )));
    }
    let ty = gun_type_text(g);
    let named: Vec<&str> = ty
        .split([' ', '/'])
        .filter_map(|c| registries.guns.get(c).map(|e| e.name.as_str()))
        .collect();
    let mut out = format!(
        "{} (ordnance: {ty}: {}, {})\n",
        g.name,
        named.join(", "),
        nation.name
    );
    out.push_str(&format!("  listing row: {}:{}\n", g.row.file, g.row.line));
    out.push_str(&gun_values(g));
    if let Some(line) = g.second_line.as_deref() {
        out.push_str(&format!("second line: {}\n", line.name));
        out.push_str(&gun_values(line));
    }
    let answer = GunShowAnswer::new(nation, g, &registries.theaters);
    out.push_str("availability:\n");
    if answer.availability.is_empty() {
        out.push_str("  none (no RF or Dates, or none the notes give)\n");
    }
    for e in &answer.availability {
        let rf = e.rf.map_or("?".to_string(), |rf| rf.to_string());
        let q: String = e.qualifiers.iter().map(|q| format!("; {q}")).collect();
        out.push_str(&format!(
            "  {}  RF {rf}  {}  ({}{q})\n",
            e.period.text,
            e.theaters.join(", "),
            e.unknown.as_deref().unwrap_or(&e.source)
        ));
    }
    print!("{}", diagnostics::escape(&out));
    Some(EXIT_OK)
}

/// A gun's listing values for `qm show`, as printed: CSize to Special, then its nationality
/// marks when the Notes print any.
fn gun_values(g: &qm_schema::Ordnance) -> String {
    let raw = |f: Option<&str>| f.unwrap_or("-").to_string();
    let mut out = format!(
        "  CSize {}   ROF {}   B# {}   Range {}   M# {}   TSize {}\n",
        raw(g.caliber.as_ref().map(|f| f.raw.as_str())),
        raw(g.rof.as_ref().map(|f| f.raw.as_str())),
        raw(g.breakdown.as_ref().map(|f| f.raw.as_str())),
        raw(g.range.as_ref().map(|f| f.raw.as_str())),
        raw(g.manhandling.as_ref().map(|f| f.raw.as_str())),
        raw(g.target_size.as_ref().map(|f| f.raw.as_str())),
    );
    out.push_str(&format!(
        "  BPV {}   RF {}   Dates {}\n  Special {}\n",
        raw(g.bpv.as_ref().map(|f| f.raw.as_str())),
        raw(g.rf.as_ref().map(|f| f.raw.as_str())),
        raw(g.dates.as_ref().map(|f| f.raw.as_str())),
        raw(g.special.as_ref().map(|f| f.raw.as_str())),
    ));
    if !g.nationality_marks.is_empty() {
        let marks: Vec<&str> = g.nationality_marks.iter().map(|m| m.raw.as_str()).collect();
        out.push_str(&format!("  nationality marks {}\n", marks.join(", ")));
    }
    out
}

/// `qm show`'s first lines: the vehicle's name, type and nation, its listing row, its values
/// and what its notes add (radio, HEAT, optional armament), its note references.
fn summary_text(nation: &Nation, v: &Vehicle, registries: &Registries) -> String {
    let mut out = String::new();
    let code = v.vehicle_type.value.as_ref();
    let ty = match code.map(|c| (c, registries.types.name(c))) {
        Some((c, Some(name))) => format!("{c}: {name}"),
        Some((c, None)) => format!("{c}: a type the registry lacks"),
        None => String::new(),
    };
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
    if v.lead.radioless.is_some() {
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
    let refs: Vec<&str> = v.values.note_refs.iter().map(|r| r.raw.as_str()).collect();
    out.push_str(&format!("  notes: {}\n", refs.join(" ")));
    out
}

/// `qm show`'s availability: each entry's theaters, period, RF, qualifiers and origin.
fn availability_text(nation: &Nation, v: &Vehicle, registries: &Registries) -> String {
    let mut out = String::from("  availability:\n");
    if v.availability.is_empty() && v.availability_unknown.is_empty() {
        out.push_str("    (none resolved)\n");
    }
    for e in &v.availability {
        let theaters: Vec<&str> = e
            .theaters
            .iter()
            .map(|t| registries.theaters.name(t))
            .collect();
        let q: Vec<String> = e
            .qualifiers
            .iter()
            .map(|q| nation.qualifier_text(q))
            .collect();
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
    for u in &v.availability_unknown {
        let theaters: Vec<&str> = u
            .theaters
            .iter()
            .map(|t| registries.theaters.name(t))
            .collect();
        out.push_str(&format!(
            "    {:24} {:11} RF   ?  ({}; {})\n",
            theaters.join("/"),
            u.period.to_string(),
            listing_only_text(&u.lacking),
            unknown_text(v)
        ));
    }
    out
}

/// `qm show`'s counter lines: each item with its kind's title ("MA T47", "BMG 4†"); the JSON
/// has the kinds.
fn counter_text(v: &Vehicle) -> String {
    let mut out = String::new();
    let side = |items: &[qm_schema::CounterItem]| {
        items
            .iter()
            .map(|i| match i.kind.title() {
                Some(t) => format!("{t} {}", i.text),
                None => i.text.clone(),
            })
            .collect::<Vec<_>>()
            .join(" | ")
    };
    out.push_str(&format!("  counter front: {}\n", side(&v.counter.front)));
    out.push_str(&format!("  counter back: {}\n", side(&v.counter.back)));
    out
}
