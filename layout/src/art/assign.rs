//! Which vehicle (or gun) each art file pictures, and each used file made ready once. Every
//! problem is a diagnostic naming the file and the vehicle: a counter never shows a blank
//! silently. A gun is matched as a vehicle is, by its id or by the index's name for it.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use qm_parser::{Diagnostic, Severity, SourceMap, TextSpan};
use qm_registry::names::{did_you_mean, vehicle_id};
use qm_resolve::query::{find_vehicle, lookup_gun};
use qm_schema::Nation;
use rayon::prelude::*;

use super::index::read_index;
use super::prepare::{prepare, ArtProblem};
use super::{Art, ArtBook, NationArt};
use super::{ArtFile, ArtFolder, INDEX_FILE};
use qm_load::data_dir::Loaded;

/// Why a file pictures a vehicle.
#[derive(Debug, Clone)]
enum Claim {
    /// The file is named by the vehicle's id.
    ById,
    /// The index maps it to the vehicle, here.
    Index(TextSpan),
}

/// A file made ready, or the diagnostic saying why it cannot be.
type Prepared = Result<Arc<Art>, Box<Diagnostic>>;

/// The files each piece is pictured by: piece index ([`pieces`]) -> (file index, why).
type Claims = BTreeMap<usize, Vec<(usize, Claim)>>;

/// A nation's pieces with art, as (id, name): its vehicles, then its guns.
fn pieces(nation: &Nation) -> Vec<(&str, &str)> {
    let vehicles = nation
        .vehicles
        .iter()
        .map(|v| (v.id.as_str(), v.name.as_str()));
    let guns = nation
        .ordnance
        .iter()
        .map(|g| (g.id.as_str(), g.name.as_str()));
    vehicles.chain(guns).collect()
}

/// The id of the vehicle or gun `name` names; else the closest vehicle names.
fn find_piece<'a>(nation: &'a Nation, name: &str) -> Result<&'a str, Vec<&'a str>> {
    match find_vehicle(nation, name) {
        Ok(v) => Ok(&v.id),
        Err(near) => lookup_gun(nation, name)
            .map(|g| g.id.as_str())
            .map_err(|_| near),
    }
}

/// The art of every nation that has an art folder, with the diagnostics, nations in order.
pub fn assign_nations(loaded: &Loaded, nations: &[Nation]) -> (ArtBook, Vec<Diagnostic>) {
    let done: Vec<_> = nations
        .par_iter()
        .filter_map(|n| {
            let folder = loaded
                .nations
                .iter()
                .find(|s| s.input.id == n.id)?
                .art
                .as_ref()?;
            Some((n.id.clone(), assign_art(folder, n, &loaded.sources)))
        })
        .collect();
    let mut book = ArtBook::new();
    let mut diags = Vec::new();
    for (id, (art, d)) in done {
        book.insert(id, art);
        diags.extend(d);
    }
    (book, diags)
}

/// Matches the files of `folder` to the vehicles of `nation` and prepares each file used. A
/// file named in the index is read as the index says; any other is read as a vehicle id
/// (`m13-40.png`, also `M13_40.png`: the name is read the way ids are made).
pub fn assign_art(
    folder: &ArtFolder,
    nation: &Nation,
    sources: &SourceMap,
) -> (NationArt, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let mut claims = Claims::new();
    let mut indexed = BTreeSet::new();
    if let Some(index) = folder.index {
        for entry in read_index(sources, index, &mut diags) {
            let Some(f) = folder.files.iter().position(|f| f.name == entry.file) else {
                diags.push(missing(
                    folder,
                    nation,
                    &entry.file,
                    entry.file_span,
                    &entry.vehicles,
                ));
                continue;
            };
            indexed.insert(f);
            for (name, span) in &entry.vehicles {
                match find_piece(nation, name) {
                    Ok(id) => claim(&mut claims, nation, id, f, Claim::Index(span.clone())),
                    Err(near) => {
                        diags.push(unknown_vehicle(folder, &entry.file, name, span, &near))
                    }
                }
            }
        }
    }
    for (f, file) in folder.files.iter().enumerate() {
        if indexed.contains(&f) {
            continue;
        }
        let stem = file
            .name
            .rsplit_once('.')
            .map_or(file.name.as_str(), |(s, _)| s);
        let id = vehicle_id(stem);
        if pieces(nation).iter().any(|(p, _)| *p == id) {
            claim(&mut claims, nation, &id, f, Claim::ById);
        } else {
            diags.push(unmatched(folder, nation, file, stem));
        }
    }
    for (&v, files) in &claims {
        if files.len() > 1 {
            diags.push(duplicate(folder, nation, v, files));
        }
    }
    let (art, problems) = prepare_used(folder, nation, &claims);
    diags.extend(problems);
    (art, diags)
}

fn claim(claims: &mut Claims, nation: &Nation, id: &str, file: usize, why: Claim) {
    if let Some(v) = pieces(nation).iter().position(|(p, _)| *p == id) {
        claims.entry(v).or_default().push((file, why));
    }
}

/// Prepares every file some vehicle uses, once each and in parallel; a vehicle with two files
/// (an error reported already) gets none.
fn prepare_used(
    folder: &ArtFolder,
    nation: &Nation,
    claims: &Claims,
) -> (NationArt, Vec<Diagnostic>) {
    let pieces = pieces(nation);
    let used: BTreeSet<usize> = claims
        .values()
        .filter(|c| c.len() == 1)
        .map(|c| c[0].0)
        .collect();
    let prepared: Vec<(usize, Prepared)> = used
        .into_par_iter()
        .map(|f| {
            let users: Vec<&str> = claims
                .iter()
                .filter(|(_, c)| c.len() == 1 && c[0].0 == f)
                .map(|(&v, _)| pieces[v].1)
                .collect();
            (f, prepare_file(folder, &folder.files[f], &users))
        })
        .collect();
    let mut art = NationArt::default();
    let mut diags = Vec::new();
    for (f, result) in prepared {
        match result {
            Ok(a) => {
                for (&v, c) in claims {
                    if c.len() == 1 && c[0].0 == f {
                        art.by_vehicle.insert(pieces[v].0.to_string(), a.clone());
                    }
                }
            }
            Err(d) => diags.push(*d),
        }
    }
    (art, diags)
}

/// One file made ready, or the diagnostic saying why it cannot be used by `users`.
fn prepare_file(folder: &ArtFolder, file: &ArtFile, users: &[&str]) -> Prepared {
    let shown = format!("{}/{}", folder.shown, file.name);
    let of = art_of(users);
    let bytes = match &file.bytes {
        Ok(b) => b,
        Err(e) => {
            let code = if e.refused {
                "art::refused"
            } else if e.too_large {
                "art::too-large"
            } else {
                "art::unreadable"
            };
            let mut d = Diagnostic::new(
                Severity::Error,
                code,
                format!("failed to read {shown}, {of} ({})", e.cause),
                None,
            )
            .with_file(shown);
            if let Some(h) = &e.help {
                d = d.with_help(h.clone());
            }
            return Err(Box::new(d));
        }
    };
    match prepare(file.format, bytes) {
        Ok(image) => Ok(Arc::new(Art { file: shown, image })),
        Err(p) => {
            let code = match p {
                ArtProblem::Unreadable(_) => "art::unreadable",
                ArtProblem::Blank => "art::blank",
                ArtProblem::Oversized(_) => "art::too-large",
                ArtProblem::Refused(_) => "art::refused",
                ArtProblem::OverBudget(_) => "art::over-budget",
            };
            // The file is not a source of the run: its line and column go in the message.
            let place = match p.position() {
                Some((line, col)) => format!("{shown}:{line}:{col}"),
                None => shown.clone(),
            };
            Err(Box::new(
                Diagnostic::new(
                    Severity::Error,
                    code,
                    format!("failed to use {place}, {of} ({})", p.describe()),
                    None,
                )
                .with_file(shown)
                .with_help(p.help()),
            ))
        }
    }
}

/// "the art of M13/40", "the art of M13/40 and M14/41".
fn art_of(names: &[&str]) -> String {
    match names {
        [] => "art for no vehicle".into(),
        [one] => format!("the art of {one}"),
        [init @ .., last] => format!("the art of {} and {last}", init.join(", ")),
    }
}

fn missing(
    folder: &ArtFolder,
    nation: &Nation,
    file: &str,
    span: TextSpan,
    vehicles: &[(String, TextSpan)],
) -> Diagnostic {
    let names: Vec<&str> = vehicles
        .iter()
        .map(|(n, _)| find_vehicle(nation, n).map_or(n.as_str(), |v| v.name.as_str()))
        .collect();
    let mut d = Diagnostic::error(
        "art::missing",
        format!(
            "failed to find {}/{file}, {} (the index names it)",
            folder.shown,
            art_of(&names)
        ),
        span,
    )
    .with_label("no such SVG or PNG file in the art folder");
    let near = did_you_mean(file, folder.files.iter().map(|f| f.name.as_str()));
    d = match near.first() {
        Some(n) => d.with_help(format!("did you mean `{n}`?")),
        None => d.with_help("put the file in the art folder, or correct its name here"),
    };
    d
}

fn unknown_vehicle(
    folder: &ArtFolder,
    file: &str,
    name: &str,
    span: &TextSpan,
    near: &[&str],
) -> Diagnostic {
    let d = Diagnostic::warning(
        "art::unmatched",
        format!(
            "{}/{file} is mapped to `{name}`, which is no vehicle of this nation (the art is not used for it)",
            folder.shown
        ),
        span.clone(),
    )
    .with_label("unknown vehicle");
    match near.first() {
        Some(n) => d.with_help(format!("did you mean `{n}`?")),
        None => d.with_help("name a vehicle as the listing prints it, or by its id"),
    }
}

fn unmatched(folder: &ArtFolder, nation: &Nation, file: &ArtFile, stem: &str) -> Diagnostic {
    let d = Diagnostic::new(
        Severity::Warning,
        "art::unmatched",
        format!(
            "{}/{} matches no vehicle (it is not used)",
            folder.shown, file.name
        ),
        None,
    )
    .with_file(format!("{}/{}", folder.shown, file.name));
    let pieces = pieces(nation);
    match did_you_mean(stem, pieces.iter().map(|(id, _)| *id)).first() {
        Some(id) => d.with_help(format!(
            "did you mean `{id}.{}`? Art is named by the vehicle's id, or mapped in {INDEX_FILE}",
            extension(&file.name)
        )),
        None => d.with_help(format!(
            "name the file by a vehicle's id (as its counter files are named), or map it to vehicles in {}/{INDEX_FILE}",
            folder.shown
        )),
    }
}

fn extension(name: &str) -> &str {
    name.rsplit_once('.').map_or("", |(_, e)| e)
}

fn duplicate(
    folder: &ArtFolder,
    nation: &Nation,
    v: usize,
    files: &[(usize, Claim)],
) -> Diagnostic {
    let names: Vec<String> = files
        .iter()
        .map(|(f, _)| format!("{}/{}", folder.shown, folder.files[*f].name))
        .collect();
    let span = files.iter().find_map(|(_, c)| match c {
        Claim::Index(s) => Some(s.clone()),
        Claim::ById => None,
    });
    let (init, last) = names.split_at(names.len() - 1);
    let all = if init.len() == 1 { "both" } else { "all" };
    Diagnostic::new(
        Severity::Error,
        "art::duplicate",
        format!(
            "failed to choose the art of {} ({} and {} {all} picture it)",
            pieces(nation)[v].1,
            init.join(", "),
            last[0]
        ),
        span,
    )
    .with_file(names[0].clone())
    .with_help("keep one picture per vehicle: remove or rename the others, or change the index")
}
