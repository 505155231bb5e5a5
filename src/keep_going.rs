//! `qm build --keep-going`: failure is local. What an error touches is left out — a vehicle
//! or gun whose row or note holds it (named in its nation's `unresolved` list), a listing row that
//! made no vehicle (a value every vehicle needs is missing), a nation whose own
//! files hold one no vehicle explains, a scenario whose file holds one or that fields a vehicle
//! or gun left out — and every other artifact is built. An error in what every nation shares (the
//! registries, the templates) leaves nothing to build.

use qm_parser::Diagnostic;
use qm_resolve::unresolved::{touched_guns, touched_piece, touched_vehicles, unresolved_row};
use qm_schema::{Nation, UnresolvedVehicle};

use qm_compile::pipeline::Compiled;
use qm_render::artifact::Artifact;

/// What `--keep-going` left out, for its report.
#[derive(Debug, Default)]
pub struct LeftOut {
    /// "nation: vehicle — file:line: message \[code\]", one per vehicle.
    pub vehicles: Vec<String>,
    /// "nation: gun — file:line: message \[code\]", one per gun.
    pub guns: Vec<String>,
    /// Nations with an error no vehicle explains.
    pub nations: Vec<String>,
    /// "nation: file:line: message \[code\]": errors in listing rows that made no vehicle (a
    /// value every vehicle needs is missing or unreadable), so nothing of them is built.
    pub rows: Vec<String>,
    /// Scenario files.
    pub scenarios: Vec<String>,
}

impl LeftOut {
    /// The report: `unresolved.txt` in the output, and the same lines on stderr.
    pub fn report(&self) -> String {
        let mut out = String::from("# Left out by qm build --keep-going (errors in their data)\n");
        out.push_str(&self.lines());
        out
    }

    /// What was left out, one thing a line ("nation ita", "vehicle ita: ...").
    pub fn lines(&self) -> String {
        let mut out = String::new();
        for n in &self.nations {
            out.push_str(&format!("nation {n}\n"));
        }
        for v in &self.vehicles {
            out.push_str(&format!("vehicle {v}\n"));
        }
        for g in &self.guns {
            out.push_str(&format!("gun {g}\n"));
        }
        for r in &self.rows {
            out.push_str(&format!("row {r}\n"));
        }
        for s in &self.scenarios {
            out.push_str(&format!("scenario {s}\n"));
        }
        out
    }

    /// The report as an artifact.
    pub fn artifact(&self) -> Artifact {
        Artifact::new("unresolved.txt", self.report().into_bytes())
    }
}

/// Leaves out of `compiled` everything an error touches; `None` when an error lies where
/// nothing can be left out in its place (a shared registry, a template).
pub fn prune(compiled: &mut Compiled) -> Option<LeftOut> {
    let errors: Vec<Diagnostic> = compiled
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .cloned()
        .collect();
    let mut left = LeftOut::default();
    let mut touched: Vec<Vec<(usize, &Diagnostic)>> = vec![Vec::new(); compiled.nations.len()];
    let mut bad_scenario_files = Vec::new();
    let mut pieces = Vec::new();
    for d in &errors {
        let map = &compiled.loaded.sources;
        let local = compiled.nations.iter().enumerate().find_map(|(n, nation)| {
            let ks = touched_vehicles(nation, map, d);
            (!ks.is_empty()).then_some((n, ks))
        });
        if let Some((n, ks)) = local {
            touched[n].extend(ks.into_iter().map(|k| (k, d)));
            continue;
        }
        // A gun's error has made it unresolved (its nation's `unresolved` names it): the gun
        // is left out with the vehicles.
        if compiled
            .nations
            .iter()
            .any(|nation| !touched_guns(nation, map, d).is_empty())
        {
            continue;
        }
        let file = d.span.as_ref().and_then(|s| map.get(s.file))?;
        if let Some((at, row)) = piece_with_error(compiled, d) {
            pieces.push(at);
            left.rows.push(row);
            continue;
        }
        if let Some(row) = row_without_vehicle(compiled, d) {
            left.rows.push(row);
            continue;
        }
        if let Some(n) = compiled
            .nations
            .iter()
            .position(|n| file.name.starts_with(&format!("{}/", n.id)))
        {
            left.nations.push(compiled.nations[n].id.clone());
        } else if compiled.loaded.scenarios.contains(&file.id) {
            bad_scenario_files.push(file.name.clone());
        } else {
            return None;
        }
    }
    leave_out_pieces(compiled, pieces);
    for (n, ks) in touched.into_iter().enumerate() {
        leave_out_vehicles(compiled, n, ks, &mut left);
    }
    left.nations.sort();
    left.nations.dedup();
    compiled.nations.retain(|n| !left.nations.contains(&n.id));
    leave_out_scenarios(compiled, &bad_scenario_files, &mut left);
    Some(left)
}

/// The report line of an error in a listing row that made no vehicle (a value every vehicle
/// needs is missing or unreadable; its nation names it in `unresolved`): that row is absent
/// from the IR, the rest of its nation builds.
fn row_without_vehicle(compiled: &Compiled, d: &Diagnostic) -> Option<String> {
    let map = &compiled.loaded.sources;
    let (nation, _) = compiled
        .nations
        .iter()
        .find_map(|n| Some((n, unresolved_row(n, map, d)?)))?;
    let at = map.provenance(d.span.as_ref()?);
    Some(format!(
        "{}: {}:{}: {} [{}]",
        nation.id, at.file, at.line, d.message, d.code
    ))
}

/// The piece (nation, vehicle, piece: indices) of one of VASL's pieces of a vehicle (a
/// variant row) whose row holds error `d`, and the report line: the piece is left out, its
/// vehicle stays.
fn piece_with_error(
    compiled: &Compiled,
    d: &Diagnostic,
) -> Option<((usize, usize, usize), String)> {
    let map = &compiled.loaded.sources;
    let (n, (k, p)) = compiled
        .nations
        .iter()
        .enumerate()
        .find_map(|(n, nation)| Some((n, touched_piece(nation, map, d)?)))?;
    let at = map.provenance(d.span.as_ref()?);
    let line = format!(
        "{}: {}:{}: {} [{}] (a VASL piece of {}, left out)",
        compiled.nations[n].id,
        at.file,
        at.line,
        d.message,
        d.code,
        compiled.nations[n].vehicles[k].name
    );
    Some(((n, k, p), line))
}

/// Leaves the pieces out of their vehicles (indices as [`piece_with_error`] gives them).
fn leave_out_pieces(compiled: &mut Compiled, mut pieces: Vec<(usize, usize, usize)>) {
    // The last first, so the indices of the others hold.
    pieces.sort_unstable_by(|a, b| b.cmp(a));
    pieces.dedup();
    for (n, k, p) in pieces {
        if let Some(x) = compiled.nations[n].vehicles[k].vasl.as_mut() {
            x.pieces.remove(p);
            compiled.changed_nation(n);
        }
    }
}

/// Moves the touched vehicles of nation `n` from its `vehicles` to its `unresolved` list.
fn leave_out_vehicles(
    compiled: &mut Compiled,
    n: usize,
    touched: Vec<(usize, &Diagnostic)>,
    left: &mut LeftOut,
) {
    let map = &compiled.loaded.sources;
    let nation: &mut Nation = &mut compiled.nations[n];
    let before = (
        nation.unresolved.len(),
        nation.vehicles.len(),
        nation.ordnance.len(),
    );
    for (k, d) in touched {
        let v = &nation.vehicles[k];
        if !nation.unresolved.iter().any(|u| u.id == v.id) {
            let unresolved = UnresolvedVehicle {
                id: v.id.clone(),
                name: v.name.clone(),
                code: d.code.to_string(),
                message: d.message.clone(),
                source: d.span.as_ref().map(|s| map.provenance(s)),
                row: None,
            };
            nation.unresolved.push(unresolved);
        }
    }
    // The rows that made no vehicle are reported as rows.
    for u in nation.unresolved.iter().filter(|u| u.row.is_none()) {
        let at = u
            .source
            .as_ref()
            .map(|s| format!("{}:{}: ", s.file, s.line))
            .unwrap_or_default();
        let line = format!("{}: {} — {at}{} [{}]", nation.id, u.name, u.message, u.code);
        if nation.ordnance.iter().any(|g| g.id == u.id) {
            left.guns.push(line);
        } else {
            left.vehicles.push(line);
        }
    }
    let out: Vec<String> = nation.unresolved.iter().map(|u| u.id.clone()).collect();
    nation.vehicles.retain(|v| !out.contains(&v.id));
    nation.ordnance.retain(|g| !out.contains(&g.id));
    // Entries are only added and removed here: the same lengths are the same nation.
    let after = (
        nation.unresolved.len(),
        nation.vehicles.len(),
        nation.ordnance.len(),
    );
    if after != before {
        compiled.changed_nation(n);
    }
}

/// Leaves out the scenarios whose file holds an error, or whose sides field a nation,
/// vehicle or gun left out.
fn leave_out_scenarios(compiled: &mut Compiled, bad_files: &[String], left: &mut LeftOut) {
    let nations = &compiled.nations;
    let fields_missing = |s: &qm_schema::Scenario| {
        s.sides.iter().any(|side| {
            let Some(id) = &side.nation else {
                return false;
            };
            let Some(nation) = nations.iter().find(|n| &n.id == id) else {
                return true;
            };
            side.units.iter().any(|u| {
                let vehicle = u
                    .vehicle
                    .as_ref()
                    .is_some_and(|v| nation.unresolved.iter().any(|x| &x.id == v));
                let gun = u
                    .ordnance
                    .as_ref()
                    .is_some_and(|g| !nation.ordnance.iter().any(|x| &x.id == g));
                vehicle || gun
            })
        })
    };
    let mut kept = Vec::new();
    for s in std::mem::take(&mut compiled.scenarios) {
        if bad_files.contains(&s.source) || fields_missing(&s) {
            left.scenarios.push(s.source.clone());
        } else {
            kept.push(s);
        }
    }
    left.scenarios.extend(
        bad_files
            .iter()
            .filter(|f| !left.scenarios.contains(f))
            .cloned()
            .collect::<Vec<_>>(),
    );
    compiled.scenarios = kept;
}
