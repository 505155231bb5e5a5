//! What the workspace's test binaries (`tests/integration`, `tests/hostile`) share: the
//! repository's root, a small data directory that builds, copying a folder, and the lines a
//! running child process prints. The `qm` binary itself is named by each test binary
//! (`CARGO_BIN_EXE_qm` exists only there).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// The repository root (the workspace's folder).
pub fn root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent()
        .and_then(Path::parent)
        .expect("tests/support is two folders below the root")
        .to_path_buf()
}

/// Copies a folder tree (files and folders) from `from` into `to`, making `to`.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.path().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

/// A small data directory that builds, at `dir/data`: one Italian vehicle (the reference
/// listing's first row, the L5/21, without its note letter: its notes have no
/// multi-applicable notes), `vassal.toml` and the registries.
pub fn mini_data(dir: &Path) -> PathBuf {
    let data = dir.join("data");
    let src = root().join("data-src");
    std::fs::create_dir_all(data.join("ita")).unwrap();
    let listing = std::fs::read_to_string(src.join("ita/listing.tsv")).unwrap();
    let mut lines = listing.lines();
    let header: Vec<&str> = lines.by_ref().take(2).collect();
    let row = lines.next().unwrap().replace("1 A\t", "1\t");
    std::fs::write(
        data.join("ita/listing.tsv"),
        format!("{}\n{}\n{row}\n", header[0], header[1]),
    )
    .unwrap();
    std::fs::write(data.join("ita/notes.md"), "**1. L5/21:** A tank.\n").unwrap();
    std::fs::copy(src.join("vassal.toml"), data.join("vassal.toml")).unwrap();
    copy_dir(&src.join("registry"), &data.join("registry"));
    data
}

/// A running child process and the lines it prints on stdout and stderr (read by a thread
/// each, so lines of the two streams arrive in either order). Dropped, the child is killed.
pub struct ChildLines {
    /// The process.
    pub child: Child,
    lines: mpsc::Receiver<String>,
    /// Every line received so far.
    pub seen: Vec<String>,
}

impl ChildLines {
    /// Starts `cmd` with its stdout and stderr piped to the reader.
    pub fn spawn(cmd: &mut Command) -> Self {
        let mut child = cmd
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the child starts");
        let (tx, lines) = mpsc::channel();
        let streams: [Box<dyn std::io::Read + Send>; 2] = [
            Box::new(child.stdout.take().unwrap()),
            Box::new(child.stderr.take().unwrap()),
        ];
        for stream in streams {
            let tx = tx.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stream).lines().map_while(Result::ok) {
                    let _ = tx.send(line);
                }
            });
        }
        Self {
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// Waits at most `wait` for a line containing `text` and returns it; panics with every
    /// line seen when none comes.
    pub fn expect(&mut self, text: &str, wait: Duration) -> String {
        loop {
            match self.lines.recv_timeout(wait) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if line.contains(text) {
                        return line;
                    }
                }
                Err(_) => panic!("no line with {text:?}; saw:\n{}", self.seen.join("\n")),
            }
        }
    }
}

impl Drop for ChildLines {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_root_holds_the_workspace() {
        assert!(root().join("data-src/ita/listing.tsv").is_file());
    }

    #[test]
    fn lines_of_both_streams_are_read() {
        let mut cmd = Command::new("sh");
        cmd.args(["-c", "echo out; echo err >&2"]);
        let mut child = ChildLines::spawn(&mut cmd);
        let wait = Duration::from_secs(20);
        let first = child.expect("", wait);
        let second = child.expect("", wait);
        let mut both = [first, second];
        both.sort();
        assert_eq!(both, ["err", "out"]);
    }
}
