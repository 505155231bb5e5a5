//! What an input folder holds through symbolic links: a nation's `listing.csv` may be a link to
//! a VASL checkout, a nation folder a link to another disk. Load reads through such links, so
//! what they lead to is an input of the run as much as the folder itself, and no output may
//! be, replace, hold or lie inside it.

use std::fs;
use std::path::{Path, PathBuf};

use super::role::InputRole;
use super::target::Input;

/// How deep load reads a data directory: `<nation>/art/<file>` is three levels down.
const DEPTH: usize = 3;

impl Input {
    /// The input `path` in `role` and, when `role` is a folder load reads through links (the
    /// data directory, a scenario folder), what every symlink within three levels of it
    /// leads to (resolved; a dangling or looping link leads nowhere and load reports it).
    /// Linked folders are walked too, within the same depth.
    pub fn with_links(role: InputRole, path: impl AsRef<Path>) -> Vec<Input> {
        let path = path.as_ref();
        let mut inputs = vec![Input::new(role, path)];
        if let Some(linked) = role.linked() {
            walk(path, |_, target| {
                if let Some(target) = target {
                    inputs.push(Input::new(linked, target));
                }
            });
        }
        inputs
    }

    /// Every file of the data directory `data` within three levels, by what it is (a link
    /// by what it leads to), but the entry `except`: what a file qm edits in place there (the
    /// gpid registry) must be none of.
    pub fn data_files(data: &Path, except: &Path) -> Vec<Input> {
        let mut inputs = Vec::new();
        walk(data, |entry, target| {
            if entry == except {
                return;
            }
            match target {
                Some(target) => inputs.push(Input::new(InputRole::DataLink, target)),
                None if !entry.is_dir() => {
                    inputs.push(Input::new(InputRole::DataFile, entry));
                }
                None => {}
            }
        });
        inputs
    }
}

/// Calls `visit` with every entry within [`DEPTH`] levels of `dir` and, for a symlink, what it
/// leads to (`None` for anything else; a dangling or looping link is skipped). Linked folders
/// are walked too, within the same depth.
fn walk(dir: &Path, mut visit: impl FnMut(&Path, Option<PathBuf>)) {
    let mut todo = vec![(dir.to_path_buf(), 1)];
    while let Some((dir, depth)) = todo.pop() {
        // An unreadable folder is load's to report; it reads nothing through it either.
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            let entry = entry.path();
            let descend = if kind.is_symlink() {
                let Ok(target) = fs::canonicalize(&entry) else {
                    continue;
                };
                let is_dir = target.is_dir();
                visit(&entry, Some(target));
                is_dir
            } else {
                visit(&entry, None);
                kind.is_dir()
            };
            if descend && depth < DEPTH {
                todo.push((entry, depth + 1));
            }
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn links_within_three_levels_are_inputs_by_their_targets() {
        let tmp = tempfile::tempdir().unwrap();
        let base = fs::canonicalize(tmp.path()).unwrap();
        for dir in ["data/ita/art", "vasl", "disk/ger", "deep"] {
            fs::create_dir_all(base.join(dir)).unwrap();
        }
        fs::write(base.join("vasl/ita_vehicles.csv"), "x").unwrap();
        fs::write(base.join("deep/f.svg"), "x").unwrap();
        fs::write(base.join("disk/ger/notes.md"), "x").unwrap();
        let link = std::os::unix::fs::symlink;
        link(
            base.join("vasl/ita_vehicles.csv"),
            base.join("data/ita/listing.csv"),
        )
        .unwrap();
        link(base.join("deep/f.svg"), base.join("data/ita/art/f.svg")).unwrap();
        link(base.join("disk/ger"), base.join("data/ger")).unwrap();
        link(base.join("disk/ger/notes.md"), base.join("disk/ger/n.md")).unwrap();
        link(base.join("nowhere"), base.join("data/dangling")).unwrap();
        let mut found: Vec<_> = Input::with_links(InputRole::DataDir, base.join("data"))
            .into_iter()
            .map(|i| (i.role, i.path))
            .collect();
        found.sort_by(|a, b| a.1.cmp(&b.1));
        assert_eq!(
            found,
            [
                (InputRole::DataDir, base.join("data")),
                (InputRole::DataLink, base.join("deep/f.svg")),
                (InputRole::DataLink, base.join("disk/ger")),
                (InputRole::DataLink, base.join("disk/ger/notes.md")),
                (InputRole::DataLink, base.join("vasl/ita_vehicles.csv")),
            ]
        );
        assert_eq!(
            Input::with_links(InputRole::TemplatesDir, base.join("data")).len(),
            1,
            "templates are read without following links"
        );
    }
}
