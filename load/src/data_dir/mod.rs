//! Stage 1, load: read `data-src/`, apply errata, give every file an id for spans.

pub mod art_folder;
mod discover;
mod errata;
mod registry;

use std::path::{Path, PathBuf};

use qm_parser::{Diagnostic, FileId, Severity, Source, SourceMap, TextSpan};
use rayon::prelude::*;

use crate::diagnostics::Escaped;
use crate::input::{
    encoding_problem, read_input, EncodingProblem, InputErrorKind, InputKind, InputLimits,
};
use crate::module_files::files::ModuleFiles;
use crate::nation_input::{Accept, NationInput};
use qm_registry::spanned::toml_diagnostic;
use qm_registry::{NationRegistries, Registries};
use qm_schema::{AppliedErratum, CellChange, ErratumChange};

pub use errata::*;
pub use registry::{
    built_in_registries, BUILT_IN_COLOURS, BUILT_IN_GUN_TYPES, BUILT_IN_RULES, BUILT_IN_THEATERS,
    BUILT_IN_VEHICLE_TYPES,
};

/// The files of one nation (`data-src/<id>/`): what resolving it reads besides the texts
/// ([`NationInput`]: its files, display name, accepted findings, applied errata), and what
/// only the load and art stages need.
#[derive(Debug)]
pub struct NationSources {
    /// Which files are the nation's and what its errata said: the resolver's input.
    pub input: NationInput,
    /// Its `errata.toml`, parsed.
    pub errata: ErrataFile,
    /// The registries its data is read with: the shared ones plus its own `theaters.toml`
    /// and `vehicle-types.toml`.
    pub registries: Registries,
    /// `art/`, when the nation has one: the maintainer's pictures ([`art_folder`]).
    pub art: Option<art_folder::ArtFolder>,
}

/// The `[[accept]]` entries of a nation's `errata.toml` (`file`), as the resolver takes them.
fn accepts_of(errata: &ErrataFile, file: Option<FileId>) -> Vec<Accept> {
    let Some(file) = file else {
        return Vec::new();
    };
    errata
        .accept
        .iter()
        .map(|a| Accept {
            code: a.code.get_ref().clone(),
            span: TextSpan::new(file, a.code.span()),
            vehicle: a.vehicle.clone(),
            text: a.text.clone(),
            reason: a.reason.clone(),
        })
        .collect()
}

/// Everything `load` read.
#[derive(Debug, Default)]
pub struct Loaded {
    /// The data directory.
    pub data_dir: PathBuf,
    /// Every file read, by id.
    pub sources: SourceMap,
    /// The nations found, sorted by id.
    pub nations: Vec<NationSources>,
    /// The scenario files (`scenarios/*.toml`), sorted by name.
    pub scenarios: Vec<FileId>,
    /// The shared registries (`registry/*.toml` of the data, else the built-in ones).
    pub registries: Registries,
    /// Problems found while loading.
    pub diagnostics: Vec<Diagnostic>,
    /// The input caps the data was read with; whatever reads more of it (scenarios given
    /// apart) uses the same.
    pub limits: InputLimits,
    /// `vassal.toml` and the gpid registry, read here once: the checks, the module and
    /// `qm vassal gpids` all use these bytes, never the files again.
    pub module_files: ModuleFiles,
}

impl NationRegistries for Loaded {
    fn registries_of(&self, id: &str) -> &Registries {
        self.nations
            .iter()
            .find(|n| n.input.id == id)
            .map_or(&self.registries, |n| &n.registries)
    }
}

impl Loaded {
    /// The registries a scenario's theater is read with: those of the first of its sides'
    /// nations that has data (a nation may add theaters), else the shared ones.
    pub fn registries_for<'a>(&self, nations: impl IntoIterator<Item = &'a str>) -> &Registries {
        nations
            .into_iter()
            .find_map(|id| self.nations.iter().find(|n| n.input.id == id))
            .map_or(&self.registries, |n| &n.registries)
    }
}

/// Reads the data directory: the registries and the module's files (`vassal.toml`,
/// `vassal-gpids.toml`, kept as bytes in [`Loaded::module_files`]), then every nation folder
/// (`<nation>/listing.tsv` and/or `ob.toml`) with its notes, errata and registry additions.
/// `registry/` and `scenarios/` are never nations. Every file is read within `limits`.
pub fn load(data_dir: &Path, limits: InputLimits) -> Loaded {
    let mut loaded = Loaded {
        data_dir: data_dir.to_path_buf(),
        limits,
        ..Loaded::default()
    };
    if data_dir.is_dir() {
        registry::load_shared(&mut loaded);
    }
    loaded.module_files = ModuleFiles::read(data_dir, limits);
    let dirs = match discover::nation_folders(data_dir) {
        Ok((dirs, diagnostics)) => {
            loaded.diagnostics.extend(diagnostics);
            dirs
        }
        Err(e) => {
            loaded.diagnostics.push(Diagnostic::new(
                Severity::Error,
                "load::data-dir",
                format!(
                    "failed to read the data directory {} ({e})",
                    data_dir.escaped()
                ),
                None,
            ));
            return loaded;
        }
    };
    if dirs.is_empty() {
        loaded.diagnostics.push(
            Diagnostic::new(
                Severity::Error,
                "load::no-nations",
                format!("failed to find any nation in {}", data_dir.escaped()),
                None,
            )
            .with_help("a nation is a folder holding listing.tsv or ob.toml, e.g. data-src/ita/listing.tsv"),
        );
    }
    // Each nation's files are read, corrected and checked apart, on all cores, then added in
    // folder order: ids, diagnostics and errors come out as if read one after another.
    let data_dir = loaded.data_dir.clone();
    let parts: Vec<NationLoad> = dirs
        .par_iter()
        .map(|id| read_nation(&data_dir, id, limits))
        .collect();
    for (id, part) in dirs.iter().zip(parts) {
        if let Some(n) = merge_nation(&mut loaded, id, part) {
            loaded.nations.push(n);
        }
    }
    let scenarios = data_dir.join("scenarios");
    if std::fs::symlink_metadata(&scenarios).is_ok() {
        load_scenarios(&mut loaded, &scenarios, "scenarios");
    }
    loaded
}

/// Reads scenario files: `path` is a `.toml` file or a folder of them (read in name order).
/// Each is named `<prefix>/<file name>` in diagnostics (the data folder's `scenarios/`, or the
/// path as the user gave it).
pub fn load_scenarios(loaded: &mut Loaded, path: &Path, prefix: &str) {
    load_scenarios_listed(loaded, path, prefix, list_dir);
}

/// What lists a folder: [`list_dir`], or a stand-in in tests (they run as root, who can read
/// any folder, so an unreadable one cannot be made on disk).
type ListDir = fn(&Path) -> std::io::Result<Vec<PathBuf>>;

/// The paths in a folder; an entry that cannot be read fails the whole listing, so no file is
/// skipped without a word.
fn list_dir(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    std::fs::read_dir(dir)?
        .map(|entry| entry.map(|e| e.path()))
        .collect()
}

/// [`load_scenarios`], with a folder listed by `list`.
fn load_scenarios_listed(loaded: &mut Loaded, path: &Path, prefix: &str, list: ListDir) {
    let files: Vec<PathBuf> = if path.is_dir() {
        match scenario_files(path, prefix, list) {
            Ok((files, diagnostics)) => {
                loaded.diagnostics.extend(diagnostics);
                files
            }
            Err(e) => {
                loaded.diagnostics.push(Diagnostic::new(
                    Severity::Error,
                    "load::read",
                    format!("failed to read the scenario folder {prefix} ({e})"),
                    None,
                ));
                return;
            }
        }
    } else {
        vec![path.to_path_buf()]
    };
    for f in files {
        let name = if path.is_dir() {
            let file = f
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned());
            format!("{}/{file}", prefix.trim_end_matches('/'))
        } else {
            prefix.to_string()
        };
        if let Some((text, bad)) = read_text(loaded, &f, &name, InputKind::Scenario) {
            let id = add_source(loaded, name, text, bad, Vec::new());
            loaded.scenarios.push(id);
        } else if std::fs::symlink_metadata(&f).is_err() {
            loaded.diagnostics.push(Diagnostic::new(
                Severity::Error,
                "load::missing",
                format!("failed to find the scenario file {name}"),
                None,
            ));
        }
    }
}

/// The `.toml` files of a scenario folder, sorted; a file whose extension differs only in case
/// (`x.TOML`) or a subfolder would be silently skipped, so each is an error.
fn scenario_files(
    dir: &Path,
    prefix: &str,
    list: ListDir,
) -> std::io::Result<(Vec<PathBuf>, Vec<Diagnostic>)> {
    let mut files = Vec::new();
    let mut diagnostics = Vec::new();
    let prefix = prefix.trim_end_matches('/');
    for path in list(dir)? {
        let name = path
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        if name.starts_with('.') {
            continue;
        }
        let ext = path.extension().map(|x| x.to_string_lossy().into_owned());
        if ext.as_deref() == Some("toml") {
            files.push(path);
            continue;
        }
        let skipped = if path.is_dir() {
            Some("scenarios are read from the folder itself, not from subfolders")
        } else if ext.is_some_and(|x| x.eq_ignore_ascii_case("toml")) {
            Some("scenario files end in `.toml`, in lower case")
        } else {
            None
        };
        if let Some(help) = skipped {
            diagnostics.push(
                Diagnostic::new(
                    Severity::Error,
                    "load::skipped-scenario",
                    format!("failed to read {prefix}/{name} as a scenario (it is not read)"),
                    None,
                )
                .with_help(help),
            );
        }
    }
    files.sort();
    Ok((files, diagnostics))
}

/// One nation's files read apart from the rest of the run: its sources (ids from 0) and
/// diagnostics, and the nation unless its listing could not be read.
struct NationLoad {
    scratch: Loaded,
    nation: Option<NationSources>,
}

fn read_nation(data_dir: &Path, id: &str, limits: InputLimits) -> NationLoad {
    let mut scratch = Loaded {
        data_dir: data_dir.to_path_buf(),
        limits,
        ..Loaded::default()
    };
    let nation = load_nation(&mut scratch, id);
    NationLoad { scratch, nation }
}

/// Adds a nation read apart to the run: its sources after the run's (ids shifted), its
/// diagnostics, then its registries (which add to the run's shared ones).
fn merge_nation(loaded: &mut Loaded, id: &str, part: NationLoad) -> Option<NationSources> {
    let offset = loaded.sources.append(part.scratch.sources);
    let shift = |f: FileId| FileId(f.0 + offset);
    loaded
        .diagnostics
        .extend(part.scratch.diagnostics.into_iter().map(|mut d| {
            if let Some(span) = &mut d.span {
                span.file = shift(span.file);
            }
            d
        }));
    let mut n = part.nation?;
    let input = &mut n.input;
    for f in [
        &mut input.listing,
        &mut input.notes,
        &mut input.ordnance,
        &mut input.ordnance_notes,
        &mut input.ob,
        &mut input.errata,
    ] {
        *f = f.map(shift);
    }
    for a in &mut input.accepts {
        a.span.file = shift(a.span.file);
    }
    if let Some(art) = &mut n.art {
        art.index = art.index.map(shift);
    }
    n.registries = registry::load_nation_registries(loaded, id)?;
    Some(n)
}

/// Reads nation `id`'s listing, notes, `ob.toml` and errata into `loaded` (its registries
/// are added by [`merge_nation`]).
fn load_nation(loaded: &mut Loaded, id: &str) -> Option<NationSources> {
    let dir = loaded.data_dir.join(id);
    let errata_file = read_plain(loaded, &dir, id, "errata.toml");
    let errata = errata_file
        .and_then(|f| parse_errata(loaded, f))
        .unwrap_or_default();
    let mut files = Corrected {
        dir: &dir,
        id,
        errata: &errata,
        errata_file,
        applied: Vec::new(),
    };
    let ob = files.read(loaded, "ob.toml");
    let name = ob
        .and_then(|f| nation_name(loaded, f))
        .unwrap_or_else(|| id.to_string());
    // A folder with ob.toml and no listing is a nation without vehicles; a listing that is
    // there but cannot be read has been reported, and the nation is left out.
    let listing_file = listing_file(loaded, &dir, id);
    let has_listing = std::fs::symlink_metadata(dir.join(listing_file)).is_ok();
    // The guns: a folder may hold them beside the vehicles, or alone.
    let ordnance_file = ordnance_file(&dir);
    let ordnance = match ordnance_file {
        Some(f) => Some(files.read(loaded, f)?),
        None => None,
    };
    let listing = if has_listing || (ob.is_none() && ordnance.is_none()) {
        Some(files.read(loaded, listing_file)?)
    } else {
        None
    };
    // Vehicle notes describe the listing's vehicles: without a listing they are not read
    // (discover said so).
    let notes = listing.and_then(|_| files.read(loaded, "notes.md"));
    // Likewise the ordnance notes describe the ordnance listing's guns.
    let ordnance_notes = ordnance.and_then(|_| files.read(loaded, "ordnance-notes.md"));
    let applied = files.applied;
    // A file of the nation that is there but could not be read has been reported; what
    // resolving the rest would report follows from it (stale errata, unknown notes, lints the
    // errata would have settled), so the nation is left out, as when its listing is unreadable.
    let notes_read = listing.is_none() || !unread(&dir, "notes.md", notes);
    let gun_notes_read = ordnance.is_none() || !unread(&dir, "ordnance-notes.md", ordnance_notes);
    if unread(&dir, "errata.toml", errata_file)
        || unread(&dir, "ob.toml", ob)
        || !notes_read
        || !gun_notes_read
    {
        return None;
    }
    let read = [
        (
            "listing.tsv",
            listing.is_some() && listing_file == "listing.tsv",
        ),
        (
            "listing.csv",
            listing.is_some() && listing_file == "listing.csv",
        ),
        ("notes.md", notes.is_some()),
        ("ob.toml", ob.is_some()),
        ("ordnance.tsv", ordnance_file == Some("ordnance.tsv")),
        ("ordnance.csv", ordnance_file == Some("ordnance.csv")),
        ("ordnance-notes.md", ordnance_notes.is_some()),
    ];
    unknown_errata_files(loaded, &errata, errata_file, &read);
    let art = art_folder::read_art_folder(loaded, id);
    Some(NationSources {
        input: NationInput {
            id: id.to_string(),
            name,
            listing,
            notes,
            ordnance,
            ordnance_notes,
            ob,
            errata: errata_file,
            accepts: accepts_of(&errata, errata_file),
            applied,
        },
        errata,
        registries: Registries::default(),
        art,
    })
}

/// A nation's files read with its errata applied, and the errata applied so far.
struct Corrected<'a> {
    /// The nation's folder.
    dir: &'a Path,
    /// The nation's id.
    id: &'a str,
    /// The nation's errata.
    errata: &'a ErrataFile,
    /// The file the errata were read from.
    errata_file: Option<FileId>,
    /// The errata applied to the files read so far.
    applied: Vec<AppliedErratum>,
}

impl Corrected<'_> {
    /// Reads `file` of the nation with its errata applied.
    fn read(&mut self, loaded: &mut Loaded, file: &str) -> Option<FileId> {
        read_corrected(
            loaded,
            self.dir,
            self.id,
            file,
            self.errata,
            self.errata_file,
            &mut self.applied,
        )
    }
}

/// An erratum naming a file that is not `read` (each file name with whether it was read) can
/// never match: report it.
fn unknown_errata_files(
    loaded: &mut Loaded,
    errata: &ErrataFile,
    errata_file: Option<FileId>,
    read: &[(&str, bool)],
) {
    let Some(ef) = errata_file else { return };
    for e in &errata.erratum {
        let f = e.file.get_ref().as_str();
        if read.iter().any(|&(name, was_read)| name == f && was_read) {
            continue;
        }
        loaded.diagnostics.push(
            Diagnostic::error(
                "errata::unknown-file",
                format!(
                    "erratum `{}` names a file qm does not correct ({f})",
                    e.id.get_ref()
                ),
                TextSpan::new(ef, e.file.span()),
            )
            .with_help("errata apply to the nation's listing (listing.tsv or listing.csv), notes.md, ordnance-notes.md and ob.toml; add the file or delete the erratum"),
        );
    }
}

/// Reads `dir/file` as UTF-8 text; a file with invalid bytes is reported and read lossily.
/// Only a regular file within the cap of its `kind` is read ([`crate::input`]); a UTF-16 or
/// CR-only file is reported once and read as well as it can be; a binary one is reported once
/// and not read, like a file that cannot be opened.
fn read_text(
    loaded: &mut Loaded,
    path: &Path,
    name: &str,
    kind: InputKind,
) -> Option<(String, Option<usize>)> {
    let bytes = match read_input(path, kind, loaded.limits) {
        Ok(b) => b,
        Err(e) if matches!(e.kind, InputErrorKind::NotFound) => return None,
        Err(e) => {
            let mut d = Diagnostic::new(
                Severity::Error,
                "load::read",
                format!("failed to read {name} ({})", input_cause(&e)),
                None,
            );
            if let Some(help) = e.help() {
                d = d.with_help(help);
            }
            loaded.diagnostics.push(d);
            return None;
        }
    };
    if let Some(problem) = encoding_problem(&bytes) {
        loaded.diagnostics.push(
            Diagnostic::new(
                Severity::Error,
                "load::encoding",
                format!(
                    "failed to read {name} as UTF-8 text ({})",
                    problem.describe()
                ),
                None,
            )
            .with_help(problem.help()),
        );
        return readable_text(&bytes, problem).map(|text| (text, None));
    }
    match String::from_utf8(bytes) {
        Ok(s) => Some((s, None)),
        Err(e) => {
            let bad = e.utf8_error().valid_up_to();
            Some((
                String::from_utf8_lossy(e.as_bytes()).into_owned(),
                Some(bad),
            ))
        }
    }
}

/// True when `dir/file` is there but was not read (`read` is `None`): it could not be (and
/// that was reported).
fn unread(dir: &Path, file: &str, read: Option<FileId>) -> bool {
    read.is_none() && std::fs::symlink_metadata(dir.join(file)).is_ok()
}

/// The cause of a read error, without the path (the message names the file).
pub(crate) fn input_cause(e: &crate::input::InputError) -> String {
    match &e.kind {
        InputErrorKind::NotFound => "not found".into(),
        InputErrorKind::NotAFile(what) => format!("it is {what}"),
        InputErrorKind::TooLarge { cap } => format!(
            "it is larger than {} MiB, the limit for this input",
            cap / (1024 * 1024)
        ),
        InputErrorKind::Io(io) => io.to_string(),
    }
}

/// The text of a file with an encoding problem, read as well as it can be so that the rest of
/// the run reports real problems instead of one per line: UTF-16 decoded, lone CRs as line
/// ends. A binary file has none: read as empty, its nation's errata, notes and scenarios would
/// each report what it lacks (hundreds of lines about one wrong file), so it is left out.
fn readable_text(bytes: &[u8], problem: EncodingProblem) -> Option<String> {
    Some(match problem {
        EncodingProblem::Utf16 => {
            let big_endian = bytes.starts_with(&[0xFE, 0xFF])
                || (!bytes.starts_with(&[0xFF, 0xFE]) && bytes.first() == Some(&0));
            let units = bytes.chunks_exact(2).map(|c| {
                if big_endian {
                    u16::from_be_bytes([c[0], c[1]])
                } else {
                    u16::from_le_bytes([c[0], c[1]])
                }
            });
            char::decode_utf16(units)
                .map(|c| c.unwrap_or('\u{fffd}'))
                .filter(|&c| c != '\u{feff}')
                .collect()
        }
        EncodingProblem::CrOnly => String::from_utf8_lossy(bytes)
            .replace("\r\n", "\n")
            .replace('\r', "\n"),
        EncodingProblem::Binary => return None,
    })
}

fn add_source(
    loaded: &mut Loaded,
    name: String,
    text: String,
    bad: Option<usize>,
    edits: Vec<qm_parser::Edit>,
) -> FileId {
    let id = loaded.sources.next_id();
    loaded
        .sources
        .add(Source::with_edits(id, name.clone(), text, edits));
    let characters = crate::characters::check_characters(&loaded.sources, id);
    if !characters.is_empty() {
        loaded.diagnostics.extend(characters);
    } else if name.ends_with(".toml") {
        let strings = crate::characters::check_toml_strings(&loaded.sources, id);
        loaded.diagnostics.extend(strings);
    }
    if let Some(at) = bad {
        // `at` counts bytes of the file as read (the original); a span counts bytes of the
        // normalized text, which differs once a BOM or a CR before it was removed.
        let range = loaded.sources.get(id).map_or(at..at, |s| {
            let end = s.original[at..]
                .chars()
                .next()
                .map_or(at, |c| at + c.len_utf8());
            s.text_range(at..end)
        });
        loaded.diagnostics.push(
            Diagnostic::error(
                "load::not-utf8",
                format!("failed to read {name} as UTF-8 (invalid byte sequence)"),
                TextSpan::new(id, range),
            )
            .with_label("not UTF-8")
            .with_help("save the file as UTF-8; the invalid bytes are shown as \u{fffd}"),
        );
    }
    id
}

/// The nation's listing file: `listing.tsv`, else VASL's Chapter H CSV `listing.csv`; a
/// folder holding both is told that `listing.tsv` is read.
fn listing_file(loaded: &mut Loaded, dir: &Path, id: &str) -> &'static str {
    let has = |f: &str| std::fs::symlink_metadata(dir.join(f)).is_ok();
    match (has("listing.tsv"), has("listing.csv")) {
        (false, true) => "listing.csv",
        (true, true) => {
            loaded.diagnostics.push(
                Diagnostic::new(
                    Severity::Warning,
                    "load::two-listings",
                    format!(
                        "{id}/ holds both listing.tsv and listing.csv; listing.csv is not read"
                    ),
                    None,
                )
                .with_help(format!(
                    "keep one listing in {id}/: listing.tsv, or VASL's listing.csv"
                )),
            );
            "listing.tsv"
        }
        _ => "listing.tsv",
    }
}

/// The nation's ordnance listing: `ordnance.tsv` (the publication's layout), else VASL's
/// `ordnance.csv`; `None` when it has neither.
fn ordnance_file(dir: &Path) -> Option<&'static str> {
    ["ordnance.tsv", "ordnance.csv"]
        .into_iter()
        .find(|f| std::fs::symlink_metadata(dir.join(f)).is_ok())
}

/// Reads `dir/file` (a TOML file of nation `id`, named `id/file` in diagnostics) as a source.
pub(crate) fn read_plain(loaded: &mut Loaded, dir: &Path, id: &str, file: &str) -> Option<FileId> {
    let name = format!("{id}/{file}");
    let (text, bad) = read_text(loaded, &dir.join(file), &name, InputKind::Toml)?;
    Some(add_source(loaded, name, text, bad, Vec::new()))
}

fn read_corrected(
    loaded: &mut Loaded,
    dir: &Path,
    id: &str,
    file: &str,
    errata: &ErrataFile,
    errata_file: Option<FileId>,
    applied: &mut Vec<AppliedErratum>,
) -> Option<FileId> {
    let name = format!("{id}/{file}");
    let kind = match file {
        "listing.tsv" | "listing.csv" | "ordnance.tsv" | "ordnance.csv" => InputKind::Listing,
        "notes.md" | "ordnance-notes.md" => InputKind::Notes,
        _ => InputKind::Toml,
    };
    let Some((text, bad)) = read_text(loaded, &dir.join(file), &name, kind) else {
        // A listing that is there but unreadable has been reported by read_text.
        let absent = std::fs::symlink_metadata(dir.join(file)).is_err();
        if file.starts_with("listing.") && absent {
            loaded.diagnostics.push(Diagnostic::new(
                Severity::Error,
                "load::missing",
                format!("failed to find {name}"),
                None,
            ));
        }
        return None;
    };
    let matches = match errata_file {
        Some(ef) => locate(errata, file, &text, ef, &mut loaded.diagnostics),
        None => Vec::new(),
    };
    let edits = matches
        .iter()
        .flat_map(|m| m.edits.clone())
        .collect::<Vec<_>>();
    let fid = add_source(loaded, name, text, bad, edits);
    for m in matches {
        let e = &errata.erratum[m.index];
        applied.push(applied_erratum(&loaded.sources, fid, e, &m));
    }
    Some(fid)
}

/// The IR's record of an erratum that matched.
fn applied_erratum(
    sources: &SourceMap,
    file: FileId,
    e: &ErratumEntry,
    m: &ErratumMatch,
) -> AppliedErratum {
    let at = |range: std::ops::Range<usize>| original_provenance(sources, file, range);
    let (change, span) = match &m.row {
        None => {
            let edit = &m.edits[0];
            let change = ErratumChange::Text {
                find: e
                    .find
                    .as_ref()
                    .map(|f| f.get_ref().clone())
                    .unwrap_or_default(),
                replace: edit.replacement.clone(),
            };
            (change, at(edit.original.clone()))
        }
        Some(row) => {
            let entries = e
                .cells
                .as_ref()
                .map(|c| c.get_ref().as_slice())
                .unwrap_or_default();
            let cells = entries
                .iter()
                .zip(&m.edits)
                .zip(&row.columns)
                .map(|((c, edit), column)| CellChange {
                    column: (*column).to_string(),
                    find: c.find.get_ref().clone(),
                    replace: c.replace.clone(),
                    span: at(edit.original.clone()),
                })
                .collect();
            let change = ErratumChange::Cells {
                row: e
                    .row
                    .as_ref()
                    .map(|r| r.get_ref().clone())
                    .unwrap_or_default(),
                cells,
            };
            (change, at(row.line.clone()))
        }
    };
    AppliedErratum {
        id: e.id.get_ref().clone(),
        change,
        reason: e.reason.clone(),
        source: e.source.clone(),
        notes: e.notes.iter().map(|n| n.get_ref().clone()).collect(),
        span,
    }
}

/// Provenance of a range of the published (not normalized) text.
fn original_provenance(
    sources: &SourceMap,
    file: FileId,
    range: std::ops::Range<usize>,
) -> qm_schema::Span {
    let source = sources.get(file);
    let (line, col) = source.map_or((0, 0), |s| s.line_col(range.start));
    qm_schema::Span {
        file: source.map_or("".into(), |s| s.name.as_str().into()),
        start: range.start,
        end: range.end,
        line,
        col,
    }
}

fn parse_errata(loaded: &mut Loaded, file: FileId) -> Option<ErrataFile> {
    let text = loaded.sources.get(file)?.text.clone();
    match toml::from_str::<ErrataFile>(&text) {
        Ok(e) => Some(e),
        Err(e) => {
            loaded
                .diagnostics
                .push(toml_diagnostic("errata::syntax", "errata.toml", file, &e));
            None
        }
    }
}

fn nation_name(loaded: &mut Loaded, file: FileId) -> Option<String> {
    let text = loaded.sources.get(file)?.text.clone();
    match toml::from_str::<toml::Table>(&text) {
        Ok(t) => t.get("nation")?.get("name")?.as_str().map(str::to_string),
        Err(e) => {
            loaded
                .diagnostics
                .push(toml_diagnostic("ob::syntax", "ob.toml", file, &e));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unreadable_scenario_folder_is_an_error_not_no_scenarios() {
        let dir = tempfile::tempdir().unwrap();
        let scenarios = dir.path().join("scenarios");
        std::fs::create_dir(&scenarios).unwrap();
        std::fs::write(scenarios.join("a.toml"), "id = \"a\"\n").unwrap();
        let denied: ListDir = |_| Err(std::io::ErrorKind::PermissionDenied.into());
        let mut loaded = Loaded::default();
        load_scenarios_listed(&mut loaded, &scenarios, "scenarios", denied);
        assert!(loaded.scenarios.is_empty());
        let [d] = loaded.diagnostics.as_slice() else {
            panic!("{:?}", loaded.diagnostics);
        };
        assert!(d.is_error(), "{d:?}");
        assert_eq!(
            d.message,
            "failed to read the scenario folder scenarios (permission denied)"
        );
        // The real listing reads the same folder.
        let mut loaded = Loaded::default();
        load_scenarios(&mut loaded, &scenarios, "scenarios");
        assert_eq!(loaded.scenarios.len(), 1, "{:?}", loaded.diagnostics);
    }
}
