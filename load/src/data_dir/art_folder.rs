//! Reading a nation's `art/` folder during load: its SVG and PNG files and their bytes, and
//! `index.toml`. The folder is a sandbox: only the regular files directly in it are read, and
//! a symlink (the folder itself or a file in it) that leads out of it is refused.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use qm_parser::{Diagnostic, FileId, Severity};

use crate::data_dir::Loaded;
use crate::input::{read_input, InputErrorKind, InputKind, InputLimits};

/// The folder of a nation's art, inside the nation's folder.
pub const ART_DIR: &str = "art";
/// The optional file mapping other file names to vehicles.
pub const INDEX_FILE: &str = "index.toml";
/// More entries than this in one art folder is a mistake (a wrong folder), not art.
const MAX_ENTRIES: usize = 10_000;

/// What load found in `<nation>/art/`.
#[derive(Debug, Clone, Default)]
pub struct ArtFolder {
    /// How diagnostics name the folder: `ita/art`.
    pub shown: String,
    /// The SVG and PNG files, sorted by name.
    pub files: Vec<ArtFile>,
    /// `index.toml`, read as a source, when present.
    pub index: Option<FileId>,
}

/// One SVG or PNG file of an art folder.
#[derive(Debug, Clone)]
pub struct ArtFile {
    /// The file name (`m13-40.png`).
    pub name: String,
    /// SVG or PNG, by the file's extension.
    pub format: ArtFormat,
    /// Its bytes, or why they could not be read (reported once the vehicle is known).
    pub bytes: Result<Arc<[u8]>, ReadFailure>,
}

/// Why an art file's bytes could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadFailure {
    /// The cause, for "failed to read FILE (cause)".
    pub cause: String,
    /// A likely fix.
    pub help: Option<String>,
    /// True when the sandbox refused it (a symlink out of the folder), not the file system.
    pub refused: bool,
    /// True when the file is larger than the art cap.
    pub too_large: bool,
}

/// Reads `<data>/<nation>/art/` when it exists: its files' bytes and `index.toml`. Problems
/// with the folder itself, and files that are not art, are reported here; problems with an
/// art file wait until the vehicle it pictures is known (`assign_art` in `qm-render`).
pub fn read_art_folder(loaded: &mut Loaded, nation: &str) -> Option<ArtFolder> {
    let nation_dir = loaded.data_dir.join(nation);
    let dir = nation_dir.join(ART_DIR);
    let meta = std::fs::symlink_metadata(&dir).ok()?;
    let shown = format!("{nation}/{ART_DIR}");
    let folder_error = |cause: String, help: &str| {
        Diagnostic::new(
            Severity::Error,
            "art::folder",
            format!("failed to read the art folder {shown} ({cause})"),
            None,
        )
        .with_file(shown.clone())
        .with_help(help)
    };
    let inside = meta.is_dir() || (meta.file_type().is_symlink() && leads_into(&dir, &nation_dir));
    if !inside || !dir.is_dir() {
        let cause = if meta.file_type().is_symlink() {
            "it is a symlink leading out of the nation's folder".to_string()
        } else {
            "it is not a directory".to_string()
        };
        let d = folder_error(
            cause,
            "keep the art in a folder named `art` inside the nation's folder",
        );
        loaded.diagnostics.push(d);
        return None;
    }
    let entries = match list(&dir) {
        Ok(e) => e,
        Err(cause) => {
            let d = folder_error(
                cause,
                "the folder must be readable and hold at most 10,000 files",
            );
            loaded.diagnostics.push(d);
            return None;
        }
    };
    let mut folder = ArtFolder {
        shown,
        ..ArtFolder::default()
    };
    for (name, path) in entries {
        read_entry(loaded, nation, &dir, &mut folder, name, &path);
    }
    folder.files.sort_by(|a, b| a.name.cmp(&b.name));
    Some(folder)
}

/// The folder's entries (name, path), hidden files left out; an error when it cannot be read
/// or holds more than [`MAX_ENTRIES`].
fn list(dir: &Path) -> Result<Vec<(String, PathBuf)>, String> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| e.to_string())? {
        let entry = entry.map_err(|e| e.to_string())?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        out.push((name, entry.path()));
        if out.len() > MAX_ENTRIES {
            return Err(format!("it holds more than {MAX_ENTRIES} files"));
        }
    }
    out.sort();
    Ok(out)
}

/// Reads one entry of the folder: an art file, the index, or something that is not read
/// (a warning: a file the maintainer put there and qm ignores would otherwise go unnoticed).
fn read_entry(
    loaded: &mut Loaded,
    nation: &str,
    dir: &Path,
    folder: &mut ArtFolder,
    name: String,
    path: &Path,
) {
    let shown = format!("{}/{name}", folder.shown);
    let format = ArtFormat::of_name(&name);
    let not_read = |why: &str, help: &str| {
        Diagnostic::new(
            Severity::Warning,
            "art::not-art",
            format!("{shown} is not read ({why})"),
            None,
        )
        .with_file(shown.clone())
        .with_help(help.to_string())
    };
    let is_dir = std::fs::symlink_metadata(path).is_ok_and(|m| m.is_dir());
    if is_dir {
        loaded.diagnostics.push(not_read(
            "art is read from the folder itself, not from subfolders",
            "move the pictures into the art folder itself",
        ));
    } else if name == INDEX_FILE {
        if !leads_into(path, dir) {
            loaded.diagnostics.push(
                Diagnostic::new(
                    Severity::Error,
                    "art::refused",
                    format!(
                        "failed to read {shown} (it is a symlink leading out of the art folder)"
                    ),
                    None,
                )
                .with_file(shown.clone())
                .with_help("put the file itself in the art folder"),
            );
            return;
        }
        let nation_dir = loaded.data_dir.join(nation);
        let file = format!("{ART_DIR}/{INDEX_FILE}");
        folder.index = crate::data_dir::read_plain(loaded, &nation_dir, nation, &file);
    } else if let Some(format) = format {
        let bytes = read_art_file(path, dir, loaded.limits);
        folder.files.push(ArtFile {
            name,
            format,
            bytes,
        });
    } else {
        loaded.diagnostics.push(not_read(
            "art is an SVG or PNG file, and index.toml maps file names to vehicles",
            "convert the picture to PNG or SVG, or move the file out of the art folder",
        ));
    }
}

/// The bytes of an art file: a regular file within the art cap that is, once symlinks are
/// followed, inside the art folder.
fn read_art_file(path: &Path, dir: &Path, limits: InputLimits) -> Result<Arc<[u8]>, ReadFailure> {
    if !leads_into(path, dir) {
        return Err(ReadFailure {
            cause: "it is a symlink leading out of the art folder".into(),
            help: Some("put the file itself in the art folder".into()),
            refused: true,
            too_large: false,
        });
    }
    read_input(path, InputKind::Art, limits)
        .map(Arc::from)
        .map_err(|e| ReadFailure {
            cause: crate::data_dir::input_cause(&e),
            help: e.help(),
            refused: false,
            too_large: matches!(e.kind, InputErrorKind::TooLarge { .. }),
        })
}

/// True when `path`, all symlinks followed, lies inside `dir` (also resolved). A path that
/// cannot be resolved (a dangling symlink) does not.
fn leads_into(path: &Path, dir: &Path) -> bool {
    match (path.canonicalize(), dir.canonicalize()) {
        (Ok(p), Ok(d)) => p.starts_with(&d) && p != d,
        _ => false,
    }
}

/// The formats an art file may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArtFormat {
    /// SVG, read in a sandbox.
    Svg,
    /// PNG.
    Png,
}

impl ArtFormat {
    /// The format a file name's extension (any case) says, if it is art.
    pub fn of_name(name: &str) -> Option<Self> {
        let (_, ext) = name.rsplit_once('.')?;
        if ext.eq_ignore_ascii_case("svg") {
            Some(Self::Svg)
        } else if ext.eq_ignore_ascii_case("png") {
            Some(Self::Png)
        } else {
            None
        }
    }
}
