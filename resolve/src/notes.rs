//! Notes -> vehicles: link each listing row to its numbered note, apply the note's rules and
//! the multi-applicable notes it refers to, and lint the links.

use std::collections::{BTreeSet, HashMap};

use qm_parser::{
    parse_notes, ClauseKind, Diagnostic, ListingRow, MultiApplicableNote, NoteTarget, NotesDoc,
    NumberedNote, Paragraph, Source, SourceMap, TextSpan,
};
use qm_schema::{
    CounterSide, MultiNote, NoteRef, OptionalArmament, Period, RadioStatus, TheaterId, Vehicle,
    VehicleNote,
};

use crate::availability::model::{Rule, Window};
use crate::availability::{resolve_vehicle, VehicleRules};
use crate::counter::{applies, back_notations, front_text, NamedCache, NotationSource, Siblings};
use crate::lint::Finding;
use crate::mentions::{MatchKind, NameIndex};
use crate::registry::{Registries, TheaterName, TheaterRegistry, VehicleTypeRegistry};
use crate::rules::{translate, ScopedRule};
use crate::theater_names::nation_theaters;

/// What resolving the notes adds to the nation.
pub struct NotesOutcome {
    /// The numbered notes.
    pub notes: Vec<VehicleNote>,
    /// The multi-applicable notes.
    pub multi: Vec<MultiNote>,
    /// The nation's theaters the notes were read with (README, "How the notes are read").
    pub theaters: Vec<TheaterId>,
}

/// Parses `notes.md`, resolves every vehicle's availability, radio, HEAT, optional armament,
/// DVP and counter text, and lints the links between listing and notes.
/// `listed` is the nation's `[nation] theaters` from its `ob.toml`, when given.
#[allow(clippy::too_many_arguments)] // the notes' inputs, each plain data
pub fn resolve_notes(
    map: &SourceMap,
    src: Option<&Source>,
    vehicles: &mut [Vehicle],
    rows: &[&ListingRow],
    registries: &Registries,
    listed: Option<Vec<TheaterId>>,
    findings: &mut Vec<Finding>,
    diags: &mut Vec<Diagnostic>,
) -> NotesOutcome {
    let doc = match src {
        Some(s) => {
            let parsed = parse_notes(s);
            diags.extend(parsed.diagnostics);
            parsed.value
        }
        // Without notes, the listing alone says nothing about theaters: availability stays
        // unknown rather than guessed.
        None => {
            for v in vehicles.iter_mut() {
                v.counter.front = front_text(v);
            }
            let nation = nation_theaters(&registries.theaters, None, listed, diags);
            return NotesOutcome {
                notes: Vec::new(),
                multi: Vec::new(),
                theaters: nation.theaters().to_vec(),
            };
        }
    };
    let nation = nation_theaters(&registries.theaters, Some(&doc), listed, diags);
    let types = &registries.types;
    let names: Vec<String> = vehicles.iter().map(|v| v.name.clone()).collect();
    let all: Vec<&str> = names.iter().map(String::as_str).collect();
    // Rows of each numbered note, by the listing's Notes column.
    let refs: Vec<Vec<NoteRef>> = vehicles
        .iter()
        .map(|v| v.note_refs.iter().filter_map(|r| r.value.clone()).collect())
        .collect();
    let mut members_of: HashMap<u16, Vec<usize>> = HashMap::new();
    for (i, r) in refs.iter().enumerate() {
        for r in r {
            if let NoteRef::Vehicle(n) = r {
                members_of.entry(*n).or_default().push(i);
            }
        }
    }
    let rows_of = |n: u16| -> Vec<usize> { members_of.get(&n).cloned().unwrap_or_default() };
    let index = NameIndex::new(&names);
    let everyone: Vec<usize> = (0..names.len()).collect();
    for (i, row) in rows.iter().enumerate() {
        for r in &row.note_refs {
            match r.get() {
                Some(NoteRef::Vehicle(n)) if src.is_some() && doc.note(*n).is_none() => diags.push(
                    Diagnostic::error(
                        "notes::unknown-note",
                        format!(
                            "{} refers to vehicle note {n}, which notes.md does not have",
                            names[i]
                        ),
                        r.span.clone(),
                    )
                    .with_help("check the note number in the listing's Notes column"),
                ),
                Some(NoteRef::Multi(l)) if src.is_some() && doc.multi_note(l).is_none() => diags
                    .push(
                        Diagnostic::error(
                            "notes::unknown-note",
                            format!(
                            "{} refers to multi-applicable note {l}, which notes.md does not have",
                            names[i]
                        ),
                            r.span.clone(),
                        )
                        .with_help("check the letter in the listing's Notes column"),
                    ),
                _ => {}
            }
        }
    }
    let windows_n = used_in(doc.multi_note("N"), &registries.theaters);
    let windows_r = used_in(doc.multi_note("R"), &registries.theaters);
    let heat = doc.multi_note("H").and_then(|h| {
        h.availability.iter().find_map(|c| match &c.kind {
            ClauseKind::AmmoFrom { month, .. } => month.value.ok().map(|p| p.from),
            _ => None,
        })
    });
    let c_optional: Vec<ScopedRule> = doc
        .multi_note("C")
        .map(|c| translate(&c.availability, &nation))
        .unwrap_or_default();

    let mut ir_notes = Vec::new();
    // Per vehicle: the note number its rules come from and the rules.
    let mut per_vehicle: Vec<(u16, Vec<Rule>)> = vec![(0, Vec::new()); vehicles.len()];
    for note in &doc.notes {
        let n = note.number.value;
        let members = rows_of(n);
        let member_names: Vec<&str> = members.iter().map(|&i| all[i]).collect();
        let mut title_rows = Vec::new();
        for t in &note.vehicles {
            match index.find(&t.value, &members) {
                Some((row, kind)) => {
                    let k = members.iter().position(|&m| m == row).unwrap_or(0);
                    title_rows.push(names[row].clone());
                    if kind != MatchKind::Exact {
                        findings.push(Finding {
                            diagnostic: Diagnostic::warning(
                                "lint::note-vehicle-name",
                                format!("note {n} names \"{}\"; its listing row is {}", t.value, member_names[k]),
                                t.span.clone(),
                            )
                            .with_help("make the names agree with an erratum, or accept the difference with a reason"),
                            vehicle: Some(member_names[k].to_string()),
                            text: Some(t.value.clone()),
                        });
                    }
                }
                None => findings.push(Finding {
                    diagnostic: Diagnostic::warning(
                        "lint::note-vehicle-unknown",
                        format!("note {n} names \"{}\", which has no listing row referring to note {n}", t.value),
                        t.span.clone(),
                    )
                    .with_help("add the row's note reference, correct the name with an erratum, or accept it"),
                    vehicle: None,
                    text: Some(t.value.clone()),
                }),
            }
        }
        lint_see_also(note, &members, vehicles, findings);
        ir_notes.push(ir_note(map, note, title_rows));
        for rule in &note.rules {
            for scoped in translate(&rule.availability, &nation) {
                let targets = scoped_rows(&scoped, &members, &member_names, &index, diags);
                for i in targets {
                    per_vehicle[i].0 = n;
                    per_vehicle[i].1.push(scoped.rule.clone());
                }
            }
        }
    }
    // Each base a relative rule names ("the L3/35") is looked up once: many rows share it.
    let mut base_rows: HashMap<&str, Option<usize>> = HashMap::new();
    for (_, rules) in &per_vehicle {
        for r in rules {
            if let Rule::Relative { base, .. } = r {
                base_rows.entry(base.as_str()).or_insert_with(|| {
                    index
                        .exact(base)
                        .or_else(|| index.find(base, &everyone).map(|(k, _)| k))
                });
            }
        }
    }
    let find_base = |b: &str| base_rows.get(b).copied().flatten();
    // Relative rules need their base resolved first: resolve in passes.
    let mut done = vec![false; vehicles.len()];
    for _pass in 0..4 {
        for i in 0..vehicles.len() {
            if done[i] {
                continue;
            }
            let bases: Vec<String> = per_vehicle[i]
                .1
                .iter()
                .filter_map(|r| {
                    if let Rule::Relative { base, .. } = r {
                        Some(base.clone())
                    } else {
                        None
                    }
                })
                .collect();
            let base_ready = bases
                .iter()
                .all(|b| find_base(b).is_some_and(|k| done[k] && k != i));
            if !base_ready && _pass < 3 {
                continue;
            }
            let windows = windows_for(&vehicles[i], &windows_n, &windows_r);
            let rules = VehicleRules {
                note: per_vehicle[i].0,
                rules: per_vehicle[i].1.iter().collect(),
                windows,
                row: rows[i].span.clone(),
                theaters: &nation,
            };
            // Only the bases' entries are copied, so resolving stays linear in the rows.
            let base_entries: HashMap<String, Vec<qm_schema::Availability>> = bases
                .iter()
                .filter_map(|b| find_base(b).map(|k| (b.clone(), vehicles[k].availability.clone())))
                .collect();
            let lookup = |name: &str| base_entries.get(name).cloned();
            resolve_vehicle(map, &mut vehicles[i], &rules, &lookup, findings, diags);
            done[i] = true;
        }
    }
    // Multi-applicable notes name vehicles of the whole listing ("the L3cc").
    let everyone = Siblings::new("", &names);
    let mut own_siblings: HashMap<u16, Siblings> = HashMap::new();
    let mut named = NamedCache::new();
    for (i, v) in vehicles.iter_mut().enumerate() {
        extras(v, &per_vehicle[i].1, heat, &c_optional, map, types);
        let own = v.note_refs.iter().find_map(|r| match r.value {
            Some(NoteRef::Vehicle(n)) => doc.note(n),
            _ => None,
        });
        let sources = notation_sources(map, &doc, v, own);
        let own_text = own.map(note_text).unwrap_or_default();
        let siblings = own.map(|n| {
            let number = n.number.value;
            &*own_siblings.entry(number).or_insert_with(|| {
                let names: Vec<String> =
                    rows_of(number).iter().map(|&k| names[k].clone()).collect();
                Siblings::new(number.to_string(), &names)
            })
        });
        let empty = Siblings::new("none", &[]);
        let picked: Vec<&NotationSource> = sources
            .iter()
            .filter(|n| {
                let sib = if n.note.parse::<u16>().is_ok() {
                    siblings.unwrap_or(&empty)
                } else {
                    &everyone
                };
                applies(n, v, sib, &mut named, &own_text)
            })
            .collect();
        v.counter.notations = back_notations(&picked);
        v.counter.back = v.counter.notations.iter().map(|n| n.text.clone()).collect();
        v.counter.front = front_text(v);
        if variable_dvp(&doc, v) {
            v.dvp.variable = Some(
                if v.vehicle_type
                    .value
                    .as_ref()
                    .is_some_and(|t| types.is_afv(t))
                {
                    2
                } else {
                    1
                },
            );
        }
    }
    let multi = doc.multi.iter().map(|m| ir_multi(map, m)).collect();
    NotesOutcome {
        notes: ir_notes,
        multi,
        theaters: nation.theaters().to_vec(),
    }
}

/// The rows a scoped rule applies to: those it names, or every row of the note.
fn scoped_rows(
    scoped: &ScopedRule,
    members: &[usize],
    member_names: &[&str],
    index: &NameIndex,
    diags: &mut Vec<Diagnostic>,
) -> Vec<usize> {
    if scoped.only.is_empty() {
        // A relative rule never applies to its own base.
        if let Rule::Relative { base, .. } = &scoped.rule {
            let b = index.find(base, members).map(|(k, _)| k);
            return members.iter().copied().filter(|&i| Some(i) != b).collect();
        }
        return members.to_vec();
    }
    let mut out = Vec::new();
    for name in &scoped.only {
        match index.find(name, members) {
            Some((k, _)) => out.push(k),
            None => diags.push(
                Diagnostic::warning(
                    "notes::unknown-vehicle",
                    format!(
                        "failed to find \"{name}\" among the vehicles this note covers ({})",
                        member_names.join(", ")
                    ),
                    scoped.span.clone(),
                )
                .with_help("the sentence's rule is not applied; correct the name with an erratum"),
            ),
        }
    }
    out
}

/// N: North Africa 6/40-5/43 (with its dagger: Tunisia 11/42-5/43); R: Russia 8/41-3/43 — read
/// from the notes' own text.
fn used_in(
    note: Option<&MultiApplicableNote>,
    registry: &TheaterRegistry,
) -> Vec<(bool, TheaterId, Period)> {
    let Some(note) = note else { return Vec::new() };
    note.availability
        .iter()
        .filter_map(|c| match &c.kind {
            ClauseKind::UsedIn {
                area,
                period,
                dagger_only,
            } => {
                let theater = match area {
                    qm_parser::Area::Theaters { theaters, .. } => {
                        theaters
                            .first()
                            .and_then(|t| match registry.lookup(&t.raw) {
                                Some(TheaterName::Theater(e)) => Some(e.id.clone()),
                                _ => None,
                            })
                    }
                    _ => None,
                }?;
                Some((*dagger_only, theater, period.value.ok()?))
            }
            _ => None,
        })
        .collect()
}

fn windows_for(
    v: &Vehicle,
    n: &[(bool, TheaterId, Period)],
    r: &[(bool, TheaterId, Period)],
) -> Vec<Window> {
    let mut out = Vec::new();
    for f in &v.note_refs {
        let (letter, list) = match &f.value {
            Some(NoteRef::Multi(l)) if l == "N" => ("N", n),
            Some(NoteRef::Multi(l)) if l == "R" => ("R", r),
            _ => continue,
        };
        if let Some((_, t, p)) = list.iter().find(|(dagger, _, _)| *dagger == f.dagger) {
            out.push(Window {
                letter: letter.to_string(),
                theater: t.clone(),
                period: *p,
            });
        }
    }
    out
}

/// Radio, HEAT and optional armament.
fn extras(
    v: &mut Vehicle,
    rules: &[Rule],
    heat: Option<qm_schema::YearMonth>,
    c_rules: &[ScopedRule],
    map: &SourceMap,
    types: &VehicleTypeRegistry,
) {
    let Some(dates) = v.dates.value else { return };
    let has = |l: &str| {
        v.note_refs
            .iter()
            .any(|r| r.value == Some(NoteRef::Multi(l.to_string())))
    };
    let is_afv = v
        .vehicle_type
        .value
        .as_ref()
        .is_some_and(|t| types.is_afv(t));
    let radio_from = rules.iter().find_map(|r| match r {
        Rule::RadioFrom { month, span, .. } => Some((*month, span.clone())),
        _ => None,
    });
    v.radio = match radio_from {
        Some((month, span)) => {
            let src = Some(map.provenance(&span));
            let mut out = Vec::new();
            if let Some(p) = Period::new(dates.from, month.pred()) {
                out.push(RadioStatus {
                    period: p,
                    has_radio: false,
                    source: src.clone(),
                });
            }
            if let Some(p) = Period::new(month.max(dates.from), dates.to) {
                out.push(RadioStatus {
                    period: p,
                    has_radio: true,
                    source: src,
                });
            }
            out
        }
        // 181.21: every Italian AFV has a radio unless it shows the ®.
        None if v.radioless.is_some() => vec![RadioStatus {
            period: dates,
            has_radio: false,
            source: None,
        }],
        None if is_afv => vec![RadioStatus {
            period: dates,
            has_radio: true,
            source: None,
        }],
        None => Vec::new(),
    };
    if has("H") {
        v.heat_from = heat;
    }
    let mut optional: Vec<OptionalArmament> = rules
        .iter()
        .filter_map(|r| optional_armament(map, r))
        .collect();
    // Note C: "If optional, the AAMG is always available with a 1.4 RF" — for vehicles whose
    // SA is optional and whose own note sets no other RF for it.
    let optional_sa = v
        .secondary
        .as_ref()
        .and_then(|f| f.value.as_ref())
        .is_some_and(|s| s.optional);
    if has("C") && optional_sa && optional.is_empty() {
        optional.extend(
            c_rules
                .iter()
                .filter_map(|s| optional_armament(map, &s.rule)),
        );
    }
    v.optional_armament = optional;
}

/// The optional weapon a rule grants ("If optional, the AAMG is always available with a 1.4
/// RF"), with its provenance; `None` for other rules.
fn optional_armament(map: &SourceMap, rule: &Rule) -> Option<OptionalArmament> {
    let Rule::Optional {
        weapon,
        rf,
        always,
        theaters,
        period,
        span,
        ..
    } = rule
    else {
        return None;
    };
    Some(OptionalArmament {
        weapon: weapon.clone(),
        rf: *rf,
        always_available: *always,
        theaters: theaters.clone(),
        period: *period,
        source: Some(map.provenance(span)),
    })
}

/// Rule 177.2: a vehicle whose MA a note lets be Removed has a variable DVP (note J's ATR).
fn variable_dvp(doc: &NotesDoc, v: &Vehicle) -> bool {
    v.note_refs.iter().any(|r| match &r.value {
        Some(NoteRef::Multi(l)) => doc.multi_note(l).is_some_and(|m| {
            m.paragraphs
                .iter()
                .any(|p| p.text.contains("MA") && p.text.contains("Removed from the vehicle"))
        }),
        Some(NoteRef::Vehicle(n)) => doc.note(*n).is_some_and(|note| {
            note.rules.iter().any(|r| {
                r.paragraph.text.contains("MA")
                    && r.paragraph.text.contains("Removed from the vehicle")
            })
        }),
        None => false,
    })
}

fn note_text(n: &NumberedNote) -> String {
    n.rules
        .iter()
        .map(|r| r.paragraph.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every quoted counter notation of the vehicle's own note and its multi-applicable notes,
/// in note order, with the paragraph around each.
fn notation_sources(
    map: &SourceMap,
    doc: &NotesDoc,
    v: &Vehicle,
    own: Option<&NumberedNote>,
) -> Vec<NotationSource> {
    let mut out = Vec::new();
    let mut add = |note: String,
                   paras: Vec<&Paragraph>,
                   notations: &[qm_parser::QuotedNotation]| {
        for q in notations {
            let para = paras
                .iter()
                .find(|p| {
                    p.span.range.start <= q.span.range.start && q.span.range.end <= p.span.range.end
                })
                .map(|p| p.text.clone())
                .unwrap_or_default();
            out.push(NotationSource {
                note: note.clone(),
                text: q.text.clone(),
                side: q.side.unwrap_or(CounterSide::Back),
                red: q.red,
                condition: q.condition.as_ref().map(|c| c.value.clone()),
                paragraph: para,
                span: map.provenance(&q.span),
            });
        }
    };
    if let Some(n) = own {
        let paras: Vec<&Paragraph> = n
            .rules
            .iter()
            .map(|r| &r.paragraph)
            .chain(n.history.iter())
            .collect();
        add(n.number.value.to_string(), paras, &n.notations);
    }
    for r in &v.note_refs {
        if let Some(NoteRef::Multi(l)) = &r.value {
            if let Some(m) = doc.multi_note(l) {
                add(l.clone(), m.paragraphs.iter().collect(), &m.notations);
            }
        }
    }
    out
}

/// The note's "See also" letters must be the multi-applicable notes its rows refer to.
fn lint_see_also(
    note: &NumberedNote,
    members: &[usize],
    vehicles: &[Vehicle],
    findings: &mut Vec<Finding>,
) {
    let Some(see) = note.see_also.first() else {
        return;
    };
    let said: BTreeSet<String> = note
        .see_also
        .iter()
        .flat_map(|s| s.refs.iter())
        .filter_map(|r| match &r.target {
            NoteTarget::Multi(l) => Some(l.clone()),
            NoteTarget::Numbered(_) => None,
        })
        .collect();
    let rows: BTreeSet<String> = members
        .iter()
        .flat_map(|&i| vehicles[i].note_refs.iter())
        .filter_map(|r| match &r.value {
            Some(NoteRef::Multi(l)) => Some(l.clone()),
            _ => None,
        })
        .collect();
    if members.is_empty() || said == rows {
        return;
    }
    let only_note: Vec<&String> = said.difference(&rows).collect();
    let only_rows: Vec<&String> = rows.difference(&said).collect();
    findings.push(Finding {
        diagnostic: Diagnostic::warning(
            "lint::see-also",
            format!(
                "note {}'s \"See also\" disagrees with its listing rows (only in the note: {:?}; only in the rows: {:?})",
                note.number.value, only_note, only_rows
            ),
            see.span.clone(),
        )
        .with_help("correct the note or the listing's Notes column with an erratum, or accept it with a reason"),
        vehicle: None,
        text: Some(format!("note {}", note.number.value)),
    });
}

fn ir_note(map: &SourceMap, note: &NumberedNote, vehicles: Vec<String>) -> VehicleNote {
    VehicleNote {
        number: note.number.value,
        title: note.title.value.clone(),
        vehicles,
        history: note.history.iter().map(|p| p.text.clone()).collect(),
        rules: note
            .rules
            .iter()
            .map(|r| r.paragraph.text.trim_start_matches('†').trim().to_string())
            .collect(),
        see_also: note
            .see_also
            .iter()
            .flat_map(|s| s.refs.iter())
            .map(|r| match &r.target {
                NoteTarget::Multi(l) => l.clone(),
                NoteTarget::Numbered(n) => n.to_string(),
            })
            .collect(),
        span: map.provenance(&note.span),
    }
}

fn ir_multi(map: &SourceMap, m: &MultiApplicableNote) -> MultiNote {
    MultiNote {
        letter: m.letter.value.clone(),
        text: m
            .paragraphs
            .iter()
            .map(|p| p.text.as_str())
            .collect::<Vec<_>>()
            .join("\n\n"),
        span: map.provenance(&m.span),
    }
}

#[allow(dead_code)]
fn span_of(p: &Paragraph) -> TextSpan {
    p.span.clone()
}
