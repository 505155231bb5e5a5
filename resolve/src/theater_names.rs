//! The notes' theater names against the registry: every name the notes print is looked up
//! (an unknown one is a `notes::unknown-theater` error with "did you mean"), and the theaters
//! they name make the nation's theaters when its `ob.toml` does not list them.

use qm_parser::{
    Area, AvailabilityClause, ClauseKind, Diagnostic, LimitName, NameKind, NotesDoc, TextSpan,
    TheaterRef, WeaponAvailability,
};

use qm_schema::TheaterId;

use crate::registry::{NationTheaters, TheaterRegistry};

/// Every theater name of the notes' availability clauses (numbered and multi-applicable
/// notes), in source order.
pub fn theater_refs(doc: &NotesDoc) -> Vec<&TheaterRef> {
    let mut out = Vec::new();
    let numbered = doc
        .notes
        .iter()
        .flat_map(|n| n.rules.iter())
        .flat_map(|r| r.availability.iter());
    let multi = doc.multi.iter().flat_map(|m| m.availability.iter());
    for c in numbered.chain(multi) {
        clause_refs(c, &mut out);
    }
    out
}

fn clause_refs<'a>(c: &'a AvailabilityClause, out: &mut Vec<&'a TheaterRef>) {
    match &c.kind {
        ClauseKind::Schedule(s) => {
            for sec in &s.sections {
                area_refs(&sec.area, out);
            }
        }
        ClauseKind::UsedIn { area, .. } => area_refs(area, out),
        ClauseKind::OptionalWeapon(o) => {
            if let WeaponAvailability::Only { area, .. } = &o.available {
                area_refs(area, out);
            }
        }
        ClauseKind::Otherwise { exceptions, .. } => {
            for e in exceptions {
                clause_refs(e, out);
            }
        }
        ClauseKind::Limit(_)
        | ClauseKind::OwnRf(_)
        | ClauseKind::RelativeRf(_)
        | ClauseKind::SameWithAddedRf { .. }
        | ClauseKind::RestrictedUse { .. }
        | ClauseKind::RadioFrom { .. }
        | ClauseKind::AmmoFrom { .. }
        | ClauseKind::Unreadable { .. } => {}
    }
}

fn area_refs<'a>(a: &'a Area, out: &mut Vec<&'a TheaterRef>) {
    match a {
        Area::Anywhere => {}
        Area::Theaters { theaters, except } => {
            out.extend(theaters.iter());
            out.extend(except.iter().map(|e| &e.theater));
        }
        Area::Elsewhere { except } | Area::AllBut { except } => {
            out.extend(except.iter().map(|e| &e.theater))
        }
    }
}

/// The names of the notes' limits that are or may be places ("Not available in Russia",
/// "Limited to North Africa"), in source order.
pub fn limit_names(doc: &NotesDoc) -> Vec<&LimitName> {
    fn walk<'a>(clauses: &'a [AvailabilityClause], out: &mut Vec<&'a LimitName>) {
        for c in clauses {
            match &c.kind {
                ClauseKind::Limit(l) => {
                    out.extend(l.names.iter().filter(|n| n.kind != NameKind::Faction));
                }
                ClauseKind::OwnRf(o) => {
                    out.extend(o.names.iter().filter(|n| n.kind != NameKind::Faction));
                }
                ClauseKind::Otherwise { exceptions, .. } => walk(exceptions, out),
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    for r in doc.notes.iter().flat_map(|n| n.rules.iter()) {
        walk(&r.availability, &mut out);
    }
    out
}

/// A `notes::unknown-theater` error for every name the registry does not have.
pub fn check_theater_names(
    registry: &TheaterRegistry,
    refs: &[&TheaterRef],
    diags: &mut Vec<Diagnostic>,
) {
    for r in refs {
        if registry.lookup(&r.raw).is_none() {
            diags.push(unknown_theater(registry, &r.raw, &r.span));
        }
    }
}

/// `notes::unknown-theater` at a name the registry does not have, with "did you mean".
fn unknown_theater(registry: &TheaterRegistry, raw: &str, span: &TextSpan) -> Diagnostic {
    let d = Diagnostic::error(
        "notes::unknown-theater",
        format!("failed to read theater `{raw}` (no such theater)"),
        span.clone(),
    )
    .with_label("not a theater");
    match registry.suggest(raw).as_slice() {
        [] => d.with_help(
            "add the theater (or this spelling as an alias) to the registry: the data's registry/theaters.toml or the nation's own theaters.toml",
        ),
        names => d.with_help(format!(
            "did you mean {}? (or add the theater to the nation's theaters.toml)",
            names
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(" or ")
        )),
    }
}

/// The nation's theaters: `listed` (its `ob.toml`'s `[nation] theaters`) when given, else every
/// theater its notes name (`docs`: the vehicle notes and the ordnance notes), parts folded
/// into their whole. Unknown names in the notes are reported here, once.
pub fn nation_theaters<'r>(
    registry: &'r TheaterRegistry,
    docs: &[&NotesDoc],
    listed: Option<Vec<TheaterId>>,
    diags: &mut Vec<Diagnostic>,
) -> NationTheaters<'r> {
    let refs: Vec<&TheaterRef> = docs.iter().flat_map(|d| theater_refs(d)).collect();
    check_theater_names(registry, &refs, diags);
    // A limit's name that may be a faction is a place only when the registry knows it.
    let limits: Vec<&LimitName> = docs.iter().flat_map(|d| limit_names(d)).collect();
    for n in &limits {
        if n.kind == NameKind::Place && registry.lookup(&n.raw).is_none() {
            diags.push(unknown_theater(registry, &n.raw, &n.span));
        }
    }
    let places = limits
        .iter()
        .filter(|n| registry.lookup(&n.raw).is_some())
        .map(|n| n.raw.as_str());
    match listed {
        Some(theaters) => NationTheaters::new(registry, theaters),
        None => NationTheaters::named(registry, refs.iter().map(|r| r.raw.as_str()).chain(places)),
    }
}
