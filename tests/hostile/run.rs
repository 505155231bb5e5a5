//! Running `qm` under limits, and the small data directory most tests attack.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Address space a qm run may use: a debug build of the real data needs about 100 MB.
pub const MEMORY: u64 = 1024 * 1024 * 1024;
/// Wall-clock time a qm run may take before it counts as a hang.
pub const TIME: Duration = Duration::from_secs(20);

/// One finished run.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Asserts the exit code, showing the output when it is wrong.
    #[track_caller]
    pub fn expect(&self, code: i32) -> &Self {
        assert_eq!(self.code, Some(code), "{}", self.shown());
        self
    }

    /// Asserts that stderr (or stdout) contains `text`.
    #[track_caller]
    pub fn says(&self, text: &str) -> &Self {
        assert!(
            self.stderr.contains(text) || self.stdout.contains(text),
            "expected {text:?} in\n{}",
            self.shown()
        );
        self
    }

    fn shown(&self) -> String {
        format!(
            "exit {:?}\n--- stdout\n{}--- stderr\n{}",
            self.code,
            excerpt(&self.stdout),
            excerpt(&self.stderr)
        )
    }
}

fn excerpt(s: &str) -> String {
    if s.len() <= 4000 {
        return s.to_string();
    }
    let cut = (0..=4000)
        .rev()
        .find(|&i| s.is_char_boundary(i))
        .unwrap_or(0);
    format!("{}… ({} bytes)", &s[..cut], s.len())
}

/// Runs qm in `cwd` with `args` under [`MEMORY`] and [`TIME`]; a run past the time is killed
/// and fails the test.
pub fn qm(cwd: &Path, args: &[&str]) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_qm"));
    cmd.args(args)
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    limit(&mut cmd);
    let mut child = cmd.spawn().expect("qm starts");
    // Drained on threads so a chatty run cannot block on a full pipe.
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut s = Vec::new();
            let _ = r.read_to_end(&mut s);
            String::from_utf8_lossy(&s).into_owned()
        })
    };
    let out = drain(Box::new(child.stdout.take().unwrap()));
    let err = drain(Box::new(child.stderr.take().unwrap()));
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > TIME {
            let _ = child.kill();
            let _ = child.wait();
            panic!("qm {args:?} took more than {TIME:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Run {
        code: status.code(),
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    }
}

/// Puts `cmd` under [`MEMORY`] (address space) and [`TIME`] (CPU seconds) on Unix, so a run
/// that runs away is stopped by the kernel even if the test is not watching it.
#[cfg(unix)]
pub fn limit(cmd: &mut Command) {
    use std::os::unix::process::CommandExt;
    // SAFETY: only async-signal-safe calls (setrlimit) between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            let set = |resource, value: u64| {
                let lim = libc::rlimit {
                    rlim_cur: value as libc::rlim_t,
                    rlim_max: value as libc::rlim_t,
                };
                if libc::setrlimit(resource, &lim) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            };
            set(libc::RLIMIT_AS, MEMORY)?;
            set(libc::RLIMIT_CPU, TIME.as_secs() + 5)?;
            Ok(())
        });
    }
}

/// No limits where setrlimit is not there (the wall-clock limit of [`qm`] still holds).
#[cfg(not(unix))]
pub fn limit(_: &mut Command) {}

/// A workspace: a temporary directory holding `data/`.
pub fn workspace() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let data = qm_test_support::mini_data(tmp.path());
    (tmp, data)
}

/// Writes `text` to `path`, making its folder.
pub fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// The mini listing's lines (two header lines and the row).
pub fn listing_lines(data: &Path) -> Vec<String> {
    std::fs::read_to_string(data.join("ita/listing.tsv"))
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// A running `qm watch` under the suite's limits, and the lines it prints.
pub struct Watch(qm_test_support::ChildLines);

impl Watch {
    pub fn start(cwd: &Path, data: &Path) -> Self {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_qm"));
        cmd.args(["watch", "--data", data.to_str().unwrap(), "--out", "out"])
            .current_dir(cwd);
        limit(&mut cmd);
        Self(qm_test_support::ChildLines::spawn(&mut cmd))
    }

    /// Waits (at most 20 s) for a line containing `text`.
    pub fn expect(&mut self, text: &str) {
        self.0.expect(text, Duration::from_secs(20));
    }
}
