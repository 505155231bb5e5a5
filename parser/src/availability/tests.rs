//! One table row per availability form the notes use: the input sentence, the clauses it
//! yields (rendered compactly), and the diagnostics (code and the text they point at).

use qm_schema::Tenths;

use super::*;
use crate::{FileId, Severity};

/// Renders an RF the way the notes print it, always with one decimal.
fn rf(t: Tenths) -> String {
    format!("{}.{}", t.0 / 10, t.0 % 10)
}

fn period(p: &PrintedPeriod) -> String {
    match &p.value {
        Ok(v) => v.to_string(),
        Err(e) => match e.literal() {
            Some((from, to)) => format!("ERR {} {from}..{to}", kind(e)),
            None => format!("ERR {e:?}"),
        },
    }
}

fn kind(e: &PrintedPeriodError) -> &'static str {
    match e {
        PrintedPeriodError::Unreadable => "Unreadable",
        PrintedPeriodError::BadMonth { .. } => "BadMonth",
        PrintedPeriodError::ShortYear { .. } => "ShortYear",
        PrintedPeriodError::Backwards { .. } => "Backwards",
        PrintedPeriodError::YearOutOfRange { .. } => "YearOutOfRange",
    }
}

fn theater(t: &TheaterRef) -> String {
    t.raw.clone()
}

fn area(a: &Area) -> String {
    let exc = |except: &[TheaterException]| {
        if except.is_empty() {
            return String::new();
        }
        let items: Vec<String> = except
            .iter()
            .map(|e| {
                let na = if e.not_available { "NA " } else { "" };
                format!("{na}{}", theater(&e.theater))
            })
            .collect();
        format!(" [EXC {}]", items.join(", "))
    };
    match a {
        Area::Anywhere => "anywhere".into(),
        Area::Theaters { theaters, except } => {
            let names: Vec<String> = theaters.iter().map(theater).collect();
            format!("{}{}", names.join("/"), exc(except))
        }
        Area::Elsewhere { except } => format!("elsewhere{}", exc(except)),
    }
}

fn entry(e: &ScheduleEntry) -> String {
    let when = match &e.when {
        EntryWhen::Period(p) => period(p),
        EntryWhen::Thereafter(_) => "thereafter".into(),
        EntryWhen::From(p) => format!("from {} on", period(p)),
        EntryWhen::Until(p) => format!("until {}", period(p)),
    };
    let mut inside: Vec<String> = e.rf.iter().map(|r| rf(r.value)).collect();
    inside.extend(e.qualifiers.iter().map(|q| match &q.value {
        Some(QualifierSyntax::RestrictedUse { faction }) => format!("{} use only", faction.value),
        None => format!("?{}", q.raw),
    }));
    if inside.is_empty() {
        when
    } else {
        format!("{when} ({})", inside.join("; "))
    }
}

/// A one-line rendering of a clause, for tables (also used by the notes tests).
pub(crate) fn render(c: &AvailabilityClause) -> String {
    let vehicles: Vec<&str> = c.vehicles.iter().map(|v| v.raw.as_str()).collect();
    let who = if vehicles.is_empty() {
        String::new()
    } else {
        format!("<{}> ", vehicles.join(" + "))
    };
    let what = match &c.kind {
        ClauseKind::Schedule(s) => {
            let sections: Vec<String> = s
                .sections
                .iter()
                .map(|sec| {
                    let entries: Vec<String> = sec.entries.iter().map(entry).collect();
                    format!("{}: {}", area(&sec.area), entries.join(", "))
                })
                .collect();
            format!("{:?} | {}", s.form, sections.join(" | "))
        }
        ClauseKind::RelativeRf(r) => format!(
            "RelativeRf +{} max {} of {}",
            rf(r.delta.value),
            r.max.as_ref().map_or("-".into(), |m| rf(m.value)),
            r.base_vehicle.raw
        ),
        ClauseKind::SameWithAddedRf {
            added,
            subtracted,
            months_later,
            base,
        } => {
            let sign = if *subtracted { "-" } else { "+" };
            let of = base
                .as_ref()
                .map(|b| format!(" of {}", b.raw))
                .unwrap_or_default();
            let later = if *months_later > 0 {
                format!(" {months_later} months later")
            } else {
                String::new()
            };
            format!("SameWithAddedRf {sign}{}{of}{later}", rf(added.value))
        }
        ClauseKind::RestrictedUse { faction, period: p } => {
            format!("RestrictedUse {} {}", faction.value, period(p))
        }
        ClauseKind::Otherwise { rf: r, exceptions } => {
            let exc: Vec<String> = exceptions.iter().map(render).collect();
            format!("Otherwise {} EXC [{}]", rf(r.value), exc.join(" || "))
        }
        ClauseKind::RadioFrom { month, confirmed } => format!(
            "RadioFrom {}{}",
            period(month),
            confirmed
                .as_ref()
                .map_or(String::new(), |c| format!(" confirmed {}", period(c)))
        ),
        ClauseKind::OptionalWeapon(w) => {
            let when = match &w.available {
                WeaponAvailability::Always => "always".to_string(),
                WeaponAvailability::Only { period: p, area: a } => {
                    format!("only {} in {}", period(p), area(a))
                }
            };
            let version = w
                .version
                .as_ref()
                .map_or(String::new(), |v| format!(" ({})", v.value));
            format!(
                "OptionalWeapon {}{version} RF {} {when}",
                w.weapon.value,
                rf(w.rf.value)
            )
        }
        ClauseKind::AmmoFrom { ammo, month } => {
            format!("AmmoFrom {} {}", ammo.value, period(month))
        }
        ClauseKind::UsedIn {
            area: a,
            period: p,
            mark,
        } => format!(
            "UsedIn {} {}{}",
            area(a),
            period(p),
            match mark.as_deref() {
                None => String::new(),
                Some("†") => " (dagger only)".to_string(),
                Some(m) => format!(" (superscript {m} only)"),
            }
        ),
        ClauseKind::Unreadable { stopped_at } => format!(
            "Unreadable{}",
            stopped_at
                .as_ref()
                .map_or(String::new(), |s| format!(" at `{}`", s.value))
        ),
    };
    format!("{who}{what}")
}

/// One row: input, rendered clauses, diagnostics as (code, text under the span).
struct Case {
    input: &'static str,
    clauses: &'static [&'static str],
    diagnostics: &'static [(&'static str, &'static str)],
}

/// Runs every row; all failures are reported together.
fn run(cases: &[Case]) {
    let mut failures = Vec::new();
    for case in cases {
        // A prefix checks that spans are offset by `base`.
        let padded = format!("0123456789{}", case.input);
        let parsed = parse_availability(&padded[10..], 10, FileId(3));
        let got: Vec<String> = parsed.value.iter().map(render).collect();
        let got_diags: Vec<(&str, &str)> = parsed
            .diagnostics
            .iter()
            .map(|d| {
                let span = d.span.as_ref().map_or(0..0, |s| s.range.clone());
                (d.code, padded.get(span).unwrap_or("<bad span>"))
            })
            .collect();
        if got != case.clauses || got_diags != case.diagnostics {
            failures.push(format!(
                "input: {}\n  clauses:     {got:#?}\n  expected:    {:#?}\n  diagnostics: {got_diags:?}\n  expected:    {:?}",
                case.input, case.clauses, case.diagnostics
            ));
        }
        for c in &parsed.value {
            assert_eq!(c.span.file, FileId(3));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn theater_schedules() {
    run(&[
        Case {
            input: "Dates and RF for use in North Africa are 6-12/40 (.9), 1/41 (1.1), 2/41 (1.2), and 2/42 (1.6). For East Africa they are 7/40-1/41 (1.3), 2-3/41 (1.4), and 4-6/41 (1.5).",
            clauses: &["DatesAndRf | North Africa: 6-12/40 (0.9), 1/41 (1.1), 2/41 (1.2), 2/42 (1.6) | East Africa: 7/40-1/41 (1.3), 2-3/41 (1.4), 4-6/41 (1.5)"],
            diagnostics: &[],
        },
        Case {
            input: "AB 41 Dates and RF for use in North Africa are 8-10/41 (1.5); for Sicily they are: 7-8/43 (1.4); for Italy they are 9/43 (1.3), and 44-5/45 (1.4; Fascist use only).",
            clauses: &["<AB 41> DatesAndRf | North Africa: 8-10/41 (1.5) | Sicily: 7-8/43 (1.4) | Italy: 9/43 (1.3), 1/44-5/45 (1.4; Fascist use only)"],
            diagnostics: &[],
        },
        Case {
            input: "Dates and RF for use in North Africa are 12/40 (1.3). For Italy they are 9/43 (1.6.), 44-5/45 (1.6; Fascist use only).",
            clauses: &["DatesAndRf | North Africa: 12/40 (1.3) | Italy: 9/43 (1.6), 1/44-5/45 (1.6; Fascist use only)"],
            diagnostics: &[("notes::misprint", ".")],
        },
        Case {
            // A section with no schedule head before it: "they" refers to nothing.
            input: "For Italy they are 9/43 (1.3), and 44-5/45 (1.4) Fascist use only.",
            clauses: &["Unreadable at `they`"],
            diagnostics: &[("notes::unreadable-availability", "For Italy they are 9/43 (1.3), and 44-5/45 (1.4) Fascist use only")],
        },
        Case {
            input: "Dates and RF for use in Italy are 9/43 (1.3), and 44-5/45 (1.4) Fascist use only.",
            clauses: &["DatesAndRf | Italy: 9/43 (1.3), 1/44-5/45 (1.4; Fascist use only)"],
            diagnostics: &[],
        },
        Case {
            input: "Dates and RF for use in Italy are 1944 (1.5), and 1945 (1.5; Fascist use only), elsewhere [EXC: NA in East Africa] they are 8/41-9/43 (1.2), and 1945 (1.2) Fascist use only).",
            clauses: &["DatesAndRf | Italy: 1-12/44 (1.5), 1-12/45 (1.5; Fascist use only) | elsewhere [EXC NA East Africa]: 8/41-9/43 (1.2), 1-12/45 (1.2; Fascist use only)"],
            diagnostics: &[("notes::misprint", ")")],
        },
        Case {
            input: "Dates and RF for North African use are 8-12/40 (1.2), 1/41 (1.4), and 2/41 (1.6).",
            clauses: &["DatesAndRf | North African: 8-12/40 (1.2), 1/41 (1.4), 2/41 (1.6)"],
            diagnostics: &[],
        },
        Case {
            input: "Date's and RF for use in Russia are 10-12/42 (1.5) and 1-3/43 (1.6). For the Balkans they are 10/42-9/43 (1.4).",
            clauses: &["DatesAndRf | Russia: 10-12/42 (1.5), 1-3/43 (1.6) | the Balkans: 10/42-9/43 (1.4)"],
            diagnostics: &[],
        },
        Case {
            input: "Dates and RF are 9/43 (1.2), and 44-5/45 (1.4; Fascist use only).",
            clauses: &["DatesAndRf | anywhere: 9/43 (1.2), 1/44-5/45 (1.4; Fascist use only)"],
            diagnostics: &[],
        },
        Case {
            input: "TL 37 Dates and RF for North-Africa/the ETO [EXC: the Balkans] are 6/40-6/41 (1.3), 1944 (1.5). For the Balkans they are 10/40-4/41 (1.3).",
            clauses: &["<TL 37> DatesAndRf | North-Africa/the ETO [EXC the Balkans]: 6/40-6/41 (1.3), 1-12/44 (1.5) | the Balkans: 10/40-4/41 (1.3)"],
            diagnostics: &[],
        },
        Case {
            input: "TM 40 dates and RF for North-Africa/the ETO [EXC: the Balkans] are 9-11/40 (1.6). For the Balkans they are 44-5/45 (1.6; fascist use only).",
            clauses: &["<TM 40> DatesAndRf | North-Africa/the ETO [EXC the Balkans]: 9-11/40 (1.6) | the Balkans: 1/44-5/45 (1.6; fascist use only)"],
            diagnostics: &[],
        },
        Case {
            input: "Dates and RF for use in North Africa/Russia/Italy are 8/41-5/43 (1.1), elsewhere [EXC: NA in East Africa] they are 8/41-9/43 (1.2).",
            clauses: &["DatesAndRf | North Africa/Russia/Italy: 8/41-5/43 (1.1) | elsewhere [EXC NA East Africa]: 8/41-9/43 (1.2)"],
            diagnostics: &[],
        },
        Case {
            input: "Dates and RF for use in Russia are 7-8/42 (1.5) and 9-12/42 (1.6), For Tunisia they are 12/42-5/43 (1.2).",
            clauses: &["DatesAndRf | Russia: 7-8/42 (1.5), 9-12/42 (1.6) | Tunisia: 12/42-5/43 (1.2)"],
            diagnostics: &[],
        },
        Case {
            input: "Dates and RF for use in North Africa are 6/42-5/43 (1.3), for Russia they are 12/41- 8/42 (1.5) for the Balkans they are 42-9/43 (1.4).",
            clauses: &["DatesAndRf | North Africa: 6/42-5/43 (1.3) | Russia: 12/41-8/42 (1.5) | the Balkans: 1/42-9/43 (1.4)"],
            diagnostics: &[("notes::misprint", " "), ("notes::misprint", " ")],
        },
        Case {
            input: "SMV M41 75/18 Dates and RF for use in North Africa are 1-6/42 (1.5), 7-11/47 (1.3), 12/42-1/43 (1.5); for Italy they are 9/43 (1.6).",
            clauses: &["<SMV M41 75/18> DatesAndRf | North Africa: 1-6/42 (1.5), ERR YearOutOfRange 7/47..11/47 (1.3), 12/42-1/43 (1.5) | Italy: 9/43 (1.6)"],
            diagnostics: &[("notes::year-out-of-range", "7-11/47")],
        },
        Case {
            input: "Dates and RF for use in Atlantis are 6/40 (1.2).",
            // Any name is read as a name: the resolver, not the grammar, knows the theaters.
            clauses: &["DatesAndRf | Atlantis: 6/40 (1.2)"],
            diagnostics: &[],
        },
    ]);
}

#[test]
fn entries_and_their_misprints() {
    run(&[
        Case {
            input: "Dates and RF are 6-12/40 (.9), 12/41-6/42 (1.6), 6/40-41 (1.5), 42-9/43 (1.4), 1944 (1.5), 44-5/45 (1.3; Fascist use only).",
            clauses: &["DatesAndRf | anywhere: 6-12/40 (0.9), 12/41-6/42 (1.6), 6/40-12/41 (1.5), 1/42-9/43 (1.4), 1-12/44 (1.5), 1/44-5/45 (1.3; Fascist use only)"],
            diagnostics: &[],
        },
        Case {
            input: "Dates and RF are 6-12/40 (.9), 1/1 (1.1), 2/41 (1.2).",
            clauses: &["DatesAndRf | anywhere: 6-12/40 (0.9), ERR ShortYear 1/01..1/01 (1.1), 2/41 (1.2)"],
            diagnostics: &[("notes::short-year", "1/1")],
        },
        Case {
            input: "Dates and RF are 10-11/43 (1.6), 32/43-44 (1.5), and 1945 (1.6; Fascist use only).",
            clauses: &["DatesAndRf | anywhere: 10-11/43 (1.6), ERR BadMonth { month: 32 } (1.5), 1-12/45 (1.6; Fascist use only)"],
            diagnostics: &[("notes::bad-month", "32/43-44")],
        },
        Case {
            input: "Dates and RF are 7/41-5/43 (1.3), 7.5/43 (1.4), 9/43 (1.3).",
            clauses: &["DatesAndRf | anywhere: 7/41-5/43 (1.3), ERR Unreadable (1.4), 9/43 (1.3)"],
            diagnostics: &[("notes::unreadable-period", "7.5/43")],
        },
        Case {
            input: "Dates and RF are 10/40-4/41 (1.3), 5/4 1-9/43 (1.4).",
            clauses: &["DatesAndRf | anywhere: 10/40-4/41 (1.3), 5/41-9/43 (1.4)"],
            diagnostics: &[("notes::misprint", " ")],
        },
        Case {
            input: "Dates and RF are 6/43 (1.5), and 44-5/45 (1-6; Fascist use only).",
            clauses: &["DatesAndRf | anywhere: 6/43 (1.5), 1/44-5/45 (1.6; Fascist use only)"],
            diagnostics: &[("notes::misprint", "-")],
        },
        Case {
            input: "Dates and RF for use in East Africa are 6/40-6/41, (1.5) and 7-11/41 (1.6).",
            clauses: &["DatesAndRf | East Africa: 6/40-6/41 (1.5), 7-11/41 (1.6)"],
            diagnostics: &[("notes::misprint", ",")],
        },
        Case {
            input: "Dates and RF for use in North Africa are 12/41-6/42 (1.6), 7-9/42 (1.4) 10-11/42 (1.5).",
            clauses: &["DatesAndRf | North Africa: 12/41-6/42 (1.6), 7-9/42 (1.4), 10-11/42 (1.5)"],
            diagnostics: &[("notes::misprint", " ")],
        },
        Case {
            input: "RF is 1.2 for 13/42, 1.3 for 0/42, and 1.4 for 8-5/42.",
            clauses: &["RfByPeriod | anywhere: ERR BadMonth { month: 13 } (1.2), ERR BadMonth { month: 0 } (1.3), ERR Backwards 8/42..5/42 (1.4)"],
            diagnostics: &[("notes::bad-month", "13/42"), ("notes::bad-month", "0/42"), ("notes::backwards-period", "8-5/42")],
        },
        // "X use only" is read whatever X is: another nation's notes name their own factions.
        Case {
            input: "Dates and RF are 9/43 (1.2; Free French use only), and 1944 (1.3) Royalist use only.",
            clauses: &["DatesAndRf | anywhere: 9/43 (1.2; Free French use only), 1-12/44 (1.3; Royalist use only)"],
            diagnostics: &[],
        },
        Case {
            input: "Dates and RF are 9/43 (1.2; Allied only).",
            clauses: &["DatesAndRf | anywhere: 9/43 (1.2; ?Allied only)"],
            diagnostics: &[("notes::unknown-qualifier", "Allied only")],
        },
    ]);
}

#[test]
fn rf_by_period() {
    run(&[
        Case {
            input: "RF is 1.2 for 1-6/42, 1.0 for 7-11/42, 1.5 for 12/42-1/43, and 1.1 thereafter.",
            clauses: &["RfByPeriod | anywhere: 1-6/42 (1.2), 7-11/42 (1.0), 12/42-1/43 (1.5), thereafter (1.1)"],
            diagnostics: &[],
        },
        Case {
            input: "RF is 1.5 in 1940 and 1.6 in 1941.",
            clauses: &["RfByPeriod | anywhere: 1-12/40 (1.5), 1-12/41 (1.6)"],
            diagnostics: &[],
        },
        // The period forms of English: one period in two years, until, from ... on.
        Case {
            input: "RF is 1.5 in 1941 and 1942.",
            clauses: &["RfByPeriod | anywhere: 1/41-12/42 (1.5)"],
            diagnostics: &[],
        },
        Case {
            input: "RF is 1.5 until 12/40, 1.6 from 1/41 on and 1.2 from 1940 to 5/1941.",
            clauses: &["RfByPeriod | anywhere: until 12/40 (1.5), from 1/41 on (1.6), 1/40-5/41 (1.2)"],
            diagnostics: &[],
        },
        // One RF in words for every period before it, or for its own.
        Case {
            input: "Dates and RF for use in France are 6/40 and 8/40, with an RF of 1.1.",
            clauses: &["DatesAndRf | France: 6/40 (1.1), 8/40 (1.1)"],
            diagnostics: &[],
        },
        Case {
            input: "Dates and RF in Italy are 9/43 at RF 1.3, and 44-5/45 (1.4; Fascist use only).",
            clauses: &["DatesAndRf | Italy: 9/43 (1.3), 1/44-5/45 (1.4; Fascist use only)"],
            diagnostics: &[],
        },
        Case {
            input: "RF is 1.5 in 1941 and 1943.",
            clauses: &["Unreadable at `1943`"],
            diagnostics: &[("notes::unreadable-availability", "RF is 1.5 in 1941 and 1943")],
        },
        Case {
            input: "RF for use in Sicily is 1.3 for 7/43 and 1.6 for 8/43.",
            clauses: &["RfByPeriod | Sicily: 7/43 (1.3), 8/43 (1.6)"],
            diagnostics: &[],
        },
        Case {
            input: "RF is 1.2 for 7/43 and 1.4 for 8/43.",
            clauses: &["RfByPeriod | anywhere: 7/43 (1.2), 8/43 (1.4)"],
            diagnostics: &[],
        },
        Case {
            input: "Autocannone da 65/17 RF for use in North Africa is 1.5 for 11/41-6/42, 1.6 for 7-12/42, and 1.5 in 1943.",
            clauses: &["<Autocannone da 65/17> RfByPeriod | North Africa: 11/41-6/42 (1.5), 7-12/42 (1.6), 1-12/43 (1.5)"],
            diagnostics: &[],
        },
        Case {
            input: "Autocannoni da 75/27 CK RF for use in North Africa is 1.5 for 6/40-2/41 and 1.6 for 3-1 1/41.",
            clauses: &["<Autocannoni da 75/27 CK> RfByPeriod | North Africa: 6/40-2/41 (1.5), 3-11/41 (1.6)"],
            diagnostics: &[("notes::misprint", " ")],
        },
    ]);
}

#[test]
fn dates_only_and_relative_rules() {
    run(&[
        Case {
            input: "Dates for use in France are 6/40, for North Africa 6/40-41, for East Africa 7/40-6/41, and for the Balkans 10/40-4/41. RF is always .3 higher (1.6 maximum) than the corresponding (for dates and area) RF of the L3/35.",
            clauses: &[
                "DatesOnly | France: 6/40 | North Africa: 6/40-12/41 | East Africa: 7/40-6/41 | the Balkans: 10/40-4/41",
                "RelativeRf +0.3 max 1.6 of L3/35",
            ],
            diagnostics: &[],
        },
        Case {
            input: "RF is always .4 higher (1.6 maximum) than the corresponding (for date and area) RF of the L3/35.",
            clauses: &["RelativeRf +0.4 max 1.6 of L3/35"],
            diagnostics: &[],
        },
        Case {
            input: "AS 42 Dates and RF for use in Sicily are 7-8/43 (1.4). AS 42 aa and AS 42 cc Dates and RF are the same, but with .1 added to the RF.",
            clauses: &[
                "<AS 42> DatesAndRf | Sicily: 7-8/43 (1.4)",
                "<AS 42 aa + AS 42 cc> SameWithAddedRf +0.1",
            ],
            diagnostics: &[],
        },
        // The antecedent's forms and modifiers, in any combination.
        Case {
            input: "AS 42 aa Dates and RF are the same as the AS 42's, but one month later.",
            clauses: &["<AS 42 aa> SameWithAddedRf +0.0 of AS 42 1 months later"],
            diagnostics: &[],
        },
        Case {
            input: "Dates and RF are as above, with .1 subtracted from each RF and two months later.",
            clauses: &["SameWithAddedRf -0.1 2 months later"],
            diagnostics: &[],
        },
        Case {
            input: "Dates and RF are the same, but thirteen months later.",
            clauses: &["Unreadable at `thirteen`"],
            diagnostics: &[(
                "notes::unreadable-availability",
                "Dates and RF are the same, but thirteen months later",
            )],
        },
    ]);
}

#[test]
fn limits() {
    run(&[
        Case {
            input: "The availability for WWII scenarios is limited to 6/40 (France) and 7/43 (Sicily).",
            clauses: &["LimitedTo | France: 6/40 | Sicily: 7/43"],
            diagnostics: &[],
        },
        Case {
            input: "Availability for WW2 scenarios is limited to East Africa, with Dates and RF of 7/40-1/41 (1.4) and 2-6/41 (1.5).",
            clauses: &["LimitedTo | East Africa: 7/40-1/41 (1.4), 2-6/41 (1.5)"],
            diagnostics: &[],
        },
        Case {
            input: "For both types, availability for WW2 scenarios is limited to East Africa, with Dates and RF of 7/40-1/41 (1.5) and 2-6/41 (1.6).",
            clauses: &["LimitedTo | East Africa: 7/40-1/41 (1.5), 2-6/41 (1.6)"],
            diagnostics: &[],
        },
        Case {
            input: "Availability in 1945 is limited to Fascist Italians only.",
            clauses: &["RestrictedUse Fascist Italians 1-12/45"],
            diagnostics: &[],
        },
        Case {
            input: "Use in 1944 is limited to Free French only.",
            clauses: &["RestrictedUse Free French 1-12/44"],
            diagnostics: &[],
        },
        Case {
            input: "Autocannone da 70/65 use in 1945 is limited to Fascist Italians only. Autocannone da 65/17 RF for use in North Africa is 1.5 in 1943.",
            clauses: &[
                "<Autocannone da 70/65> RestrictedUse Fascist Italians 1-12/45",
                "<Autocannone da 65/17> RfByPeriod | North Africa: 1-12/43 (1.5)",
            ],
            diagnostics: &[],
        },
    ]);
}

#[test]
fn default_with_exceptions() {
    run(&[Case {
        input: "RF for all three types is 1.3 for an 8/41-9/43-scenario set in North Africa/Russia/Italy, and for a 12/43 scenario set in Italy. Otherwise it is 1.4 [EXC: Dates and RF for use in East Africa are 6/40-6/41, (1.5) and 7-11/41 (1.6), RF for 44-5/45 use in Italy is 1.2, and 1945 availability is limited to Fascist Italians only].",
        clauses: &[
            "RfByPeriod | North Africa/Russia/Italy: 8/41-9/43 (1.3) | Italy: 12/43 (1.3)",
            "Otherwise 1.4 EXC [DatesAndRf | East Africa: 6/40-6/41 (1.5), 7-11/41 (1.6) || RfByPeriod | Italy: 1/44-5/45 (1.2) || RestrictedUse Fascist Italians 1-12/45]",
        ],
        diagnostics: &[("notes::misprint", ",")],
    }]);
}

#[test]
fn radio_weapons_and_ammunition() {
    run(&[
        Case {
            input: "This AFV has no radio in scenarios set prior to 11/41. As of 11/41 it is radio-equipped.",
            clauses: &["RadioFrom 11/41 confirmed 11/41"],
            diagnostics: &[],
        },
        Case {
            input: "This AFV has no radio in scenarios set prior to 11/41. As of 12/41 it is radio-equipped.",
            clauses: &["RadioFrom 11/41 confirmed 12/41"],
            diagnostics: &[("notes::radio-dates-disagree", "12/41")],
        },
        Case {
            input: "The optional AAMG is always available and has a 1.4 RF.",
            clauses: &["OptionalWeapon AAMG RF 1.4 always"],
            diagnostics: &[],
        },
        Case {
            input: "(The optional AAMG of the Autocannone da 65/17 is always available and has a 1.2 RF. It may fire only at a target that lies within its VCA.",
            clauses: &["<Autocannone da 65/17> OptionalWeapon AAMG RF 1.2 always"],
            diagnostics: &[("notes::misprint", "(")],
        },
        Case {
            input: "The optional AAMG (i.e., the Furgone version) has a 1.4 RF, but is available only for 1942-43 scenarios set in North Africa.",
            clauses: &["OptionalWeapon AAMG (i.e., the Furgone version) RF 1.4 only 1/42-12/43 in North Africa"],
            diagnostics: &[],
        },
        Case {
            input: "If this AFV is non-turreted its AAMG may fire only at a target that lies within its VCA. If optional, the AAMG is always available with an I.4 RF.",
            clauses: &["OptionalWeapon AAMG RF 1.4 always"],
            diagnostics: &[("notes::misprint", "I")],
        },
        Case {
            input: "HEAT Becomes Available in September 1942, as identified before the 'H' by the superscript “†” (ie †HE).",
            clauses: &["AmmoFrom HEAT 9/42"],
            diagnostics: &[],
        },
    ]);
}

#[test]
fn multi_applicable_use() {
    run(&[
        Case {
            input: "This vehicle was used in North Africa at some time from 6/40 to 5/43 (within the limits of its own given dates). If the superscript “†” appears its use in North Africa was limited to Tunisia, 11/42 to 5/43 (within the limits of its own given dates).",
            clauses: &[
                "UsedIn North Africa 6/40-5/43",
                "UsedIn Tunisia 11/42-5/43 (dagger only)",
            ],
            diagnostics: &[],
        },
        Case {
            input: "This vehicle was used in North Africa at some time from 6/40 to 5/43 (within the limits of its own given dates). If the superscript “T” appears its use in North Africa was limited to Tunisia, 11/42 to 5/43 (within the limits of its own given dates).",
            clauses: &[
                "UsedIn North Africa 6/40-5/43",
                "UsedIn Tunisia 11/42-5/43 (superscript T only)",
            ],
            diagnostics: &[],
        },
        Case {
            input: "If the superscript ᵀ appears its use in North Africa was limited to Tunisia, 11/42 to 5/43.",
            clauses: &["UsedIn Tunisia 11/42-5/43 (superscript T only)"],
            diagnostics: &[],
        },
        Case {
            input: "If the superscript \"FT\" appears its use in North Africa was limited to Tunisia, 1/43 to 5/43.",
            clauses: &["UsedIn Tunisia 1-5/43 (superscript FT only)"],
            diagnostics: &[],
        },
        Case {
            input: "This vehicle was use in Russia at some time from 8/4 1 to 3/43 (within the limits of its own availability Dates).",
            clauses: &["UsedIn Russia 8/41-3/43"],
            diagnostics: &[("notes::misprint", " ")],
        },
    ]);
}

#[test]
fn prose_and_unreadable_sentences() {
    run(&[
        Case {
            input: "This AFV may clear wire as if it were a fully tracked vehicle.",
            clauses: &[],
            diagnostics: &[],
        },
        Case {
            input: "When an Ammo Vehicle is called for, use an SMV 47/32. Its MA is a 2 FP AAMG (1 ROF; B11).",
            clauses: &[],
            diagnostics: &[],
        },
        Case {
            input: "Dates and RF for use in North Africa are sometimes 6/40 (1.2). The AFV may not move.",
            clauses: &["Unreadable at `sometimes`"],
            diagnostics: &[(
                "notes::unreadable-availability",
                "Dates and RF for use in North Africa are sometimes 6/40 (1.2)",
            )],
        },
        Case {
            input: "RF is 1.2 for 1-6/42 and 1.3 after that.",
            clauses: &["Unreadable at `and`"],
            diagnostics: &[(
                "notes::unreadable-availability",
                "RF is 1.2 for 1-6/42 and 1.3 after that",
            )],
        },
    ]);
}

#[test]
fn diagnostics_carry_severity_label_and_help() {
    let parsed = parse_availability(
        "Dates and RF are 6-12/40 (.9), 1/1 (1.1), 2/41 (1.2).",
        0,
        FileId(0),
    );
    let d = &parsed.diagnostics[0];
    assert_eq!(d.severity, Severity::Error);
    assert_eq!(d.code, "notes::short-year");
    assert_eq!(d.message, "failed to read period `1/1` (a one-digit year)");
    assert_eq!(d.label, "year with one digit");
    assert_eq!(
        d.help.as_deref(),
        Some("did you mean 1/41? (the entries around it leave 1/41 uncovered); record the fix in errata.toml")
    );
    let parsed = parse_availability(
        "Dates and RF are 10/40-4/41 (1.3), 5/4 1-9/43 (1.4).",
        0,
        FileId(0),
    );
    let d = &parsed.diagnostics[0];
    assert_eq!(d.severity, Severity::Warning);
    assert_eq!(
        d.help.as_deref(),
        Some("read as 5/41-9/43; an erratum can correct the text")
    );
}

#[test]
fn spans_point_at_the_printed_text() {
    let text = "xx AB 41 Dates and RF for use in North Africa are 8-10/41 (1.5).";
    let parsed = parse_availability(&text[3..], 3, FileId(0));
    let c = &parsed.value[0];
    let at = |s: &crate::TextSpan| &text[s.range.clone()];
    assert_eq!(
        at(&c.span),
        "AB 41 Dates and RF for use in North Africa are 8-10/41 (1.5)"
    );
    assert_eq!(at(&c.vehicles[0].span), "AB 41");
    let ClauseKind::Schedule(s) = &c.kind else {
        panic!("not a schedule: {c:?}");
    };
    let e = &s.sections[0].entries[0];
    assert_eq!(at(&e.span), "8-10/41 (1.5)");
    let EntryWhen::Period(p) = &e.when else {
        panic!("no period");
    };
    assert_eq!(at(&p.span), "8-10/41");
    assert_eq!(at(&e.rf.as_ref().unwrap().span), "1.5");
    let Area::Theaters { theaters, .. } = &s.sections[0].area else {
        panic!("no theaters");
    };
    assert_eq!(at(&theaters[0].span), "North Africa");
}

#[test]
fn arbitrary_text_never_panics() {
    // Truncations of every real form and some hostile inputs: each must parse to something.
    let samples = [
        "Dates and RF for use in North Africa are 6-12/40 (.9), 1/1 (1.1)",
        "RF for all three types is 1.3 for an 8/41-9/43-scenario set in North Africa",
        "Otherwise it is 1.4 [EXC: Dates and RF for use in East Africa are 6/40-6/41, (1.5)",
        "This vehicle was use in Russia at some time from 8/4 1 to 3/43 (within",
        "99999999999999999999/99999999999999-0/0 (9.9)",
        "(((( †† “” [EXC: NA in ] 1-6 I.4 5/4 1",
        "Dates and RF are 1/1 1 1 1 1 (1.1.",
    ];
    for s in samples {
        for (end, _) in s.char_indices() {
            let _ = parse_availability(&s[..end], 0, FileId(0));
        }
    }
}

/// Every clause form, as (sentence, rendering without names). The vehicle-name scope is
/// composed in front of each by [`every_form_reads_with_any_scope`].
const FORMS: [(&str, &str); 17] = [
    (
        "Dates and RF for use in North Africa are 6-12/40 (.9), 1/41 (1.1). For Italy they are 9/43 (1.3).",
        "DatesAndRf | North Africa: 6-12/40 (0.9), 1/41 (1.1) | Italy: 9/43 (1.3)",
    ),
    (
        "Dates and RF are 9/43 (1.2), and 44-5/45 (1.4; Fascist use only).",
        "DatesAndRf | anywhere: 9/43 (1.2), 1/44-5/45 (1.4; Fascist use only)",
    ),
    (
        "Dates for use in France are 6/40, and for the Balkans 10/40-4/41.",
        "DatesOnly | France: 6/40 | the Balkans: 10/40-4/41",
    ),
    (
        "RF is 1.2 for 1-6/42, 1.0 for 7-11/42, and 1.1 thereafter.",
        "RfByPeriod | anywhere: 1-6/42 (1.2), 7-11/42 (1.0), thereafter (1.1)",
    ),
    (
        "RF for use in Sicily is 1.3 for 7/43 and 1.6 for 8/43.",
        "RfByPeriod | Sicily: 7/43 (1.3), 8/43 (1.6)",
    ),
    (
        "RF for 44-5/45 use in Italy is 1.2.",
        "RfByPeriod | Italy: 1/44-5/45 (1.2)",
    ),
    (
        "RF for all four types is 1.3 for an 8/41-9/43-scenario set in North Africa/Russia, and for a 12/43 scenario set in Italy.",
        "RfByPeriod | North Africa/Russia: 8/41-9/43 (1.3) | Italy: 12/43 (1.3)",
    ),
    (
        "Otherwise it is 1.4 [EXC: RF for 44-5/45 use in Italy is 1.2].",
        "Otherwise 1.4 EXC [RfByPeriod | Italy: 1/44-5/45 (1.2)]",
    ),
    (
        "RF is always .4 higher (1.6 maximum) than the corresponding (for date and area) RF of the Sdkfz 251/1.",
        "RelativeRf +0.4 max 1.6 of Sdkfz 251/1",
    ),
    (
        "Dates and RF are the same, but with .1 added to the RF.",
        "SameWithAddedRf +0.1",
    ),
    (
        "Availability for WWII scenarios is limited to 6/40 (France) and 7/43 (Sicily).",
        "LimitedTo | France: 6/40 | Sicily: 7/43",
    ),
    (
        "Availability for WW2 scenarios is limited to East Africa, with Dates and RF of 7/40-1/41 (1.4) and 2-6/41 (1.5).",
        "LimitedTo | East Africa: 7/40-1/41 (1.4), 2-6/41 (1.5)",
    ),
    (
        "This AFV has no radio in scenarios set prior to 11/41. As of 11/41 it is radio-equipped.",
        "RadioFrom 11/41 confirmed 11/41",
    ),
    (
        "The optional AAMG has a 1.4 RF, but is available only for 1942-43 scenarios set in North Africa.",
        "OptionalWeapon AAMG RF 1.4 only 1/42-12/43 in North Africa",
    ),
    (
        "HEAT Becomes Available in September 1942.",
        "AmmoFrom HEAT 9/42",
    ),
    (
        "This vehicle was used in Russia at some time from 8/41 to 3/43 (within the limits of its own given dates).",
        "UsedIn Russia 8/41-3/43",
    ),
    // The restricted-use wording stays as the notes print it (a registry will own it).
    (
        "Availability in 1945 is limited to Fascist Italians only.",
        "RestrictedUse Fascist Italians 1-12/45",
    ),
];

/// Name lists other nations' notes put before a clause, and the names they hold.
const SCOPES: [(&str, &[&str]); 6] = [
    ("", &[]),
    ("Cromwell VII ", &["Cromwell VII"]),
    ("M4A3(75)W and Sdkfz 251/1 ", &["M4A3(75)W", "Sdkfz 251/1"]),
    (
        "L3/35, Cromwell VII and M4A3(75)W ",
        &["L3/35", "Cromwell VII", "M4A3(75)W"],
    ),
    (
        "Sdkfz 251/1, Sdkfz 251/10, and sIG 33 ",
        &["Sdkfz 251/1", "Sdkfz 251/10", "sIG 33"],
    ),
    ("The Sdkfz 251/1 ", &["Sdkfz 251/1"]),
];

#[test]
fn every_form_reads_with_any_scope() {
    let mut failures = Vec::new();
    for (sentence, rendered) in FORMS {
        for (scope, names) in SCOPES {
            let input = format!("{scope}{sentence}");
            let parsed = parse_availability(&input, 0, FileId(0));
            let who = if names.is_empty() {
                String::new()
            } else {
                format!("<{}> ", names.join(" + "))
            };
            let expected = vec![format!("{who}{rendered}")];
            let got: Vec<String> = parsed.value.iter().map(render).collect();
            let spans: Vec<&str> = parsed
                .value
                .iter()
                .flat_map(|c| &c.vehicles)
                .take(names.len())
                .map(|v| &input[v.span.range.clone()])
                .collect();
            if got != expected || !parsed.diagnostics.is_empty() || spans != names {
                failures.push(format!(
                    "{input}\n  got      {got:?} {:?}\n  expected {expected:?}\n  spans    {spans:?}",
                    parsed.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn scopes_that_cover_every_vehicle() {
    run(&[
        Case {
            input: "For both types, availability for WW2 scenarios is limited to East Africa, with Dates and RF of 7/40-1/41 (1.5).",
            clauses: &["LimitedTo | East Africa: 7/40-1/41 (1.5)"],
            diagnostics: &[],
        },
        Case {
            input: "For all three vehicles, Dates and RF are 9/43 (1.2).",
            clauses: &["DatesAndRf | anywhere: 9/43 (1.2)"],
            diagnostics: &[],
        },
        Case {
            input: "RF for both types is 1.2 for 7/43 and 1.4 for 8/43.",
            clauses: &["RfByPeriod | anywhere: 7/43 (1.2), 8/43 (1.4)"],
            diagnostics: &[],
        },
    ]);
}

#[test]
fn a_name_ends_where_a_clause_form_starts() {
    run(&[
        Case {
            // A name ending in a number is not read as a period.
            input: "Pz IV 1945 availability is limited to Fascist Italians only.",
            clauses: &["<Pz IV> RestrictedUse Fascist Italians 1-12/45"],
            diagnostics: &[],
        },
        Case {
            input: "Sdkfz 251/1 use in 1945 is limited to Fascist Italians only.",
            clauses: &["<Sdkfz 251/1> RestrictedUse Fascist Italians 1-12/45"],
            diagnostics: &[],
        },
        Case {
            // A name names the vehicle the optional weapon belongs to inside the form too.
            input: "The optional AAMG of the Cromwell VII is always available and has a 1.2 RF.",
            clauses: &["<Cromwell VII> OptionalWeapon AAMG RF 1.2 always"],
            diagnostics: &[],
        },
        Case {
            // A full stop ends the sentence: prose before a clause is no vehicle name.
            input: "Its MA is a 2 FP AAMG. Dates and RF are 9/43 (1.2).",
            clauses: &["DatesAndRf | anywhere: 9/43 (1.2)"],
            diagnostics: &[],
        },
        Case {
            // Unbalanced parentheses or an empty name make no name list.
            input: "M4A3(75 Dates and RF are 9/43 (1.2). and M4 Dates and RF are 9/43 (1.2).",
            clauses: &["Unreadable", "Unreadable"],
            diagnostics: &[
                (
                    "notes::unreadable-availability",
                    "M4A3(75 Dates and RF are 9/43 (1.2)",
                ),
                (
                    "notes::unreadable-availability",
                    "and M4 Dates and RF are 9/43 (1.2)",
                ),
            ],
        },
    ]);
}
