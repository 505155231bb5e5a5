//! Finding the nations of a data directory: every folder holding a nation's file, checked so
//! that none is dropped without a word.

use std::path::Path;

use qm_parser::{Diagnostic, Severity};

/// The files that make a folder a nation's (any one of them).
/// `listing.csv` is VASL's Chapter H CSV, read in place of `listing.tsv`.
/// `ordnance.tsv` / `ordnance.csv` are the guns, beside the vehicles or alone, and
/// `ordnance-notes.md` their notes.
const NATION_FILES: [&str; 8] = [
    "listing.tsv",
    "listing.csv",
    "ordnance.tsv",
    "ordnance.csv",
    "notes.md",
    "ordnance-notes.md",
    "ob.toml",
    "errata.toml",
];

/// A notes file and the listing whose rows it describes, as a warning names them.
struct NotesOf {
    /// The notes file.
    file: &'static str,
    /// The listing it needs, in words.
    listing: &'static str,
    /// What the notes would describe without it.
    why: &'static str,
}

/// The vehicle notes: read only beside a vehicle listing.
const VEHICLE_NOTES: NotesOf = NotesOf {
    file: "notes.md",
    listing: "listing.tsv",
    why: "the vehicle notes are not read (a nation without a listing has no vehicles)",
};

/// The ordnance notes: read only beside an ordnance listing.
const ORDNANCE_NOTES: NotesOf = NotesOf {
    file: "ordnance-notes.md",
    listing: "ordnance.tsv",
    why: "the ordnance notes are not read (without an ordnance listing they would describe no gun)",
};

/// `load::notes-without-listing`: notes in `folder` whose listing it does not hold.
fn notes_without_listing(folder: &str, notes: &NotesOf) -> Diagnostic {
    Diagnostic::new(
        Severity::Warning,
        "load::notes-without-listing",
        format!(
            "{folder}/ holds {} but no {}; {}",
            notes.file, notes.listing, notes.why
        ),
        None,
    )
    .with_help(format!(
        "add {folder}/{}, or remove {folder}/{}",
        notes.listing, notes.file
    ))
}

/// Folders of the data directory that hold data of another kind, never a nation.
const DATA_FOLDERS: [&str; 2] = ["registry", "scenarios"];

/// The folders a build writes beside the nations' (`schema/`, `vassal/`, `scenarios/`): a
/// nation by such a name would mix its files with them.
const OUTPUT_FOLDERS: [&str; 3] = ["schema", "vassal", "scenarios"];

/// The longest nation id in bytes: it names output files (`<id>.json`, `<id>-chart.pdf`) and
/// folders, whose names a file system limits (255 bytes); as long as a vehicle id.
pub const MAX_NATION_ID: usize = 64;

/// The nation folders of `data_dir`, sorted, and what is wrong with the others.
///
/// A folder is a nation when it holds `listing.tsv` (a nation with vehicles), an ordnance
/// listing (`ordnance.tsv` or `ordnance.csv`: its guns) or `ob.toml` (a nation without
/// vehicles when there is no listing: national rules, infantry, nationalities).
/// One holding only other [`NATION_FILES`] is skipped with a warning; notes without a listing
/// are not read, with a warning (they would describe no vehicle); one whose name
/// cannot be a nation id (a control character, a backslash, not UTF-8: it would end up in
/// output paths and module entry names) is an error.
pub fn nation_folders(data_dir: &Path) -> std::io::Result<(Vec<String>, Vec<Diagnostic>)> {
    let mut ids = Vec::new();
    let mut diagnostics = Vec::new();
    for entry in std::fs::read_dir(data_dir)? {
        let entry = entry?;
        let path = entry.path();
        let os_name = entry.file_name();
        let lossy = os_name.to_string_lossy().into_owned();
        if DATA_FOLDERS.contains(&lossy.as_str()) || !path.is_dir() {
            continue;
        }
        let held: Vec<&str> = NATION_FILES
            .into_iter()
            .filter(|f| std::fs::symlink_metadata(path.join(f)).is_ok())
            .collect();
        if held.is_empty() {
            continue;
        }
        if let Some(why) = bad_id(os_name.to_str()) {
            diagnostics.push(
                Diagnostic::new(
                    Severity::Error,
                    "load::bad-nation-folder",
                    format!("failed to read the nation folder {lossy:?} ({why})"),
                    None,
                )
                .with_file(lossy.clone())
                .with_help("rename the folder: a nation id is a plain name such as `ita`"),
            );
            continue;
        }
        let listing = held.contains(&"listing.tsv") || held.contains(&"listing.csv");
        let guns = held.contains(&"ordnance.tsv") || held.contains(&"ordnance.csv");
        if !listing && !guns && !held.contains(&"ob.toml") {
            diagnostics.push(
                Diagnostic::new(
                    Severity::Warning,
                    "load::no-listing",
                    format!(
                        "{lossy}/ holds {} but neither listing.tsv nor ob.toml; it is not read as a nation",
                        held.join(", ")
                    ),
                    None,
                )
                .with_help(format!(
                    "add {lossy}/listing.tsv (the vehicle listing) or {lossy}/ob.toml (the national data), or move the folder out of the data directory"
                )),
            );
            continue;
        }
        for (has_listing, notes) in [(listing, &VEHICLE_NOTES), (guns, &ORDNANCE_NOTES)] {
            if !has_listing && held.contains(&notes.file) {
                diagnostics.push(notes_without_listing(&lossy, notes));
            }
        }
        ids.push(lossy);
    }
    ids.sort();
    let ids = without_colliding(ids, &mut diagnostics);
    Ok((ids, diagnostics))
}

/// The ids whose outputs land on another's: `ita.json/` (the folder of nation `ita.json`) where
/// nation `ita` writes its file `ita.json`, or two ids that differ only in case (one file on a
/// case-insensitive file system). The first in order is kept; each other is an error.
fn without_colliding(ids: Vec<String>, diagnostics: &mut Vec<Diagnostic>) -> Vec<String> {
    let mut kept: Vec<String> = Vec::with_capacity(ids.len());
    for id in ids {
        let clash = kept.iter().find(|k| {
            let (a, b) = (id.to_lowercase(), k.to_lowercase());
            a == b || a == format!("{b}.json") || b == format!("{a}.json")
        });
        match clash {
            None => kept.push(id),
            Some(other) => diagnostics.push(
                Diagnostic::new(
                    Severity::Error,
                    "load::bad-nation-folder",
                    format!(
                        "failed to read the nation folder {id:?} (its output files and folders would land on those of {other:?})"
                    ),
                    None,
                )
                .with_file(id.clone())
                .with_help("rename one of the two folders"),
            ),
        }
    }
    kept
}

/// Why a folder name cannot be a nation id, if it cannot.
fn bad_id(name: Option<&str>) -> Option<&'static str> {
    let Some(name) = name else {
        return Some("the name is not UTF-8");
    };
    if name.chars().any(char::is_control) {
        return Some("the name holds a control character");
    }
    if name.contains('\\') {
        return Some("the name holds a backslash");
    }
    if name.len() > MAX_NATION_ID {
        return Some("the name is longer than 64 bytes: it names output files and folders");
    }
    if OUTPUT_FOLDERS.contains(&name) {
        return Some("the name is one of the folders a build writes: schema, vassal, scenarios");
    }
    None
}
