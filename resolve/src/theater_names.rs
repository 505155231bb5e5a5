//! The notes' theater names against the registry: every name the notes print is looked up
//! (an unknown one is a `notes::unknown-theater` error with "did you mean"), and the theaters
//! they name make the nation's theaters when its `ob.toml` does not list them.

use qm_parser::{
    Area, AvailabilityClause, ClauseKind, Diagnostic, NotesDoc, TheaterRef, WeaponAvailability,
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
        ClauseKind::RelativeRf(_)
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

/// A `notes::unknown-theater` error for every name the registry does not have.
pub fn check_theater_names(
    registry: &TheaterRegistry,
    refs: &[&TheaterRef],
    diags: &mut Vec<Diagnostic>,
) {
    for r in refs {
        if registry.lookup(&r.raw).is_some() {
            continue;
        }
        let mut d = Diagnostic::error(
            "notes::unknown-theater",
            format!("failed to read theater `{}` (no such theater)", r.raw),
            r.span.clone(),
        )
        .with_label("not a theater");
        let close = registry.suggest(&r.raw);
        d = match close.as_slice() {
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
        };
        diags.push(d);
    }
}

/// The nation's theaters: `listed` (its `ob.toml`'s `[nation] theaters`) when given, else every
/// theater the notes name, parts folded into their whole. Unknown names in the notes are
/// reported here, once.
pub fn nation_theaters<'r>(
    registry: &'r TheaterRegistry,
    doc: Option<&NotesDoc>,
    listed: Option<Vec<TheaterId>>,
    diags: &mut Vec<Diagnostic>,
) -> NationTheaters<'r> {
    let refs = doc.map(theater_refs).unwrap_or_default();
    check_theater_names(registry, &refs, diags);
    match listed {
        Some(theaters) => NationTheaters::new(registry, theaters),
        None => NationTheaters::named(registry, refs.iter().map(|r| r.raw.as_str())),
    }
}
