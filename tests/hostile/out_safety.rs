//! Items 1 and 2: `--out` safety: qm refuses outputs that would destroy what is there,
//! replaces only what it wrote, and recovers from builds that were killed or ran at the same
//! time.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::run::{limit, qm, root};

/// The outcome of one limited `qm` run, formatted for a snapshot.
fn run_qm(args: &[&str], cwd: &Path) -> String {
    let run = qm(cwd, args);
    format!(
        "exit: {}\n--- stdout\n{}--- stderr\n{}",
        run.code.map_or("signal".to_string(), |c| c.to_string()),
        run.stdout,
        run.stderr
    )
}

/// Every file, directory and symlink under `dir`, with contents: compared before and after a
/// refused run, byte for byte.
fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut found = BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            let rel = p.strip_prefix(dir).unwrap().to_path_buf();
            let meta = std::fs::symlink_metadata(&p).unwrap();
            let content = if meta.file_type().is_symlink() {
                let target = std::fs::read_link(&p).unwrap();
                format!("-> {}", target.display()).into_bytes()
            } else if meta.is_dir() {
                todo.push(p.clone());
                b"<dir>".to_vec()
            } else {
                std::fs::read(&p).unwrap()
            };
            found.insert(rel, content);
        }
    }
    found
}

/// The names in `dir` that a build stages or moves aside (`.out.new-*`, `.out.old-*`).
fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".new-") || n.contains(".old-"))
        .collect()
}

/// A working directory `w/` holding a user's things: a data folder (never read: every refusal
/// comes before the compile), templates, a scenario file, notes, a thesis and a symlink to it.
fn workspace() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let w = tmp.path().join("w");
    for (file, text) in [
        ("data/ita/listing.tsv", "the listing\n"),
        ("tpl/counter/front.svg", "<svg/>\n"),
        ("s.toml", "id = \"x\"\n"),
        ("notes.txt", "my notes\n"),
        ("thesis/chapter1.tex", "years of work\n"),
    ] {
        let path = w.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    #[cfg(unix)]
    std::os::unix::fs::symlink("thesis", w.join("link")).unwrap();
    (tmp, w)
}

#[test]
fn build_refuses_an_out_that_would_destroy_what_is_there() {
    let (tmp, w) = workspace();
    let before = tree(tmp.path());
    let cases: &[&[&str]] = &[
        &["--out", "data"],
        &["--out", "data/out"],
        &["--out", "."],
        &["--out", "../w"],
        &["--out", ".."],
        &["--out", "/"],
        &["--out", "notes.txt"],
        &["--out", "notes.txt/out"],
        &["--out", "link"],
        &["--out", "thesis"],
        &["--templates", "tpl", "--out", "tpl"],
        &["--scenarios", "s.toml", "--out", "s.toml"],
    ];
    let mut transcript = String::new();
    for case in cases {
        let mut args = vec!["build", "--data", "data"];
        args.extend_from_slice(case);
        let run = run_qm(&args, &w);
        assert!(run.starts_with("exit: 2\n"), "{case:?}:\n{run}");
        assert!(
            run.contains("error: refusing to write to"),
            "{case:?}:\n{run}"
        );
        transcript.push_str(&format!("$ qm {}\n{run}\n", args.join(" ")));
    }
    assert_eq!(
        tree(tmp.path()),
        before,
        "every file is still there, byte for byte"
    );
    insta::assert_snapshot!(transcript);
}

#[test]
fn the_data_dir_as_out_is_refused_also_by_another_name() {
    let (tmp, w) = workspace();
    let before = tree(tmp.path());
    let data = w.join("data");
    let absolute = data.to_str().unwrap().to_string();
    let dotted = format!("{}/../w/data/", w.to_str().unwrap());
    for out in [absolute.as_str(), dotted.as_str(), "./data/ita/.."] {
        let run = run_qm(&["build", "--data", &absolute, "--out", out], &w);
        assert!(run.starts_with("exit: 2\n"), "{out}:\n{run}");
        assert!(run.contains("(it is the data directory)"), "{out}:\n{run}");
    }
    // The data folder inside --out: replacing --out would delete it.
    let run = run_qm(&["build", "--data", "w/data", "--out", "w"], tmp.path());
    assert!(run.contains("(it contains the data directory)"), "{run}");
    assert_eq!(tree(tmp.path()), before);
}

#[test]
fn vassal_merge_and_schema_refuse_to_overwrite_inputs() {
    let (tmp, w) = workspace();
    std::fs::copy(
        root().join("tests/fixtures-vassal/foreign.vmod"),
        w.join("mine.vmod"),
    )
    .unwrap();
    #[cfg(unix)]
    std::fs::hard_link(w.join("mine.vmod"), w.join("hardlink.vmod")).unwrap();
    let before = tree(tmp.path());
    let mut transcript = String::new();
    let cases: &[&[&str]] = &[
        &[
            "vassal",
            "merge",
            "--into",
            "mine.vmod",
            "--out",
            "mine.vmod",
        ],
        &[
            "vassal",
            "merge",
            "--into",
            "mine.vmod",
            "--out",
            "./mine.vmod",
        ],
        &[
            "vassal",
            "merge",
            "--into",
            "mine.vmod",
            "--out",
            "hardlink.vmod",
        ],
        &[
            "vassal",
            "merge",
            "--into",
            "mine.vmod",
            "--out",
            "data/new.vmod",
        ],
        &["vassal", "merge", "--into", "mine.vmod", "--out", "thesis"],
        &["vassal", "merge", "--into", "mine.vmod", "--out", "link"],
        &["schema", "--out-dir", "notes.txt"],
    ];
    for args in cases {
        let mut args = args.to_vec();
        if args[0] == "vassal" {
            args.extend(["--data", "data"]);
        }
        let run = run_qm(&args, &w);
        assert!(run.starts_with("exit: 2\n"), "{args:?}:\n{run}");
        transcript.push_str(&format!("$ qm {}\n{run}\n", args.join(" ")));
    }
    assert_eq!(
        tree(tmp.path()),
        before,
        "every file is still there, byte for byte"
    );
    insta::assert_snapshot!(transcript);
}

/// `qm build` of the repository's data into `out` under `dir`, as a child process under the
/// suite's memory and CPU limits (these runs are killed or raced, so they are spawned here).
fn spawn_build(dir: &Path, data: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_qm"));
    cmd.args(["build", "--data", data.to_str().unwrap(), "--out", "out"])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    limit(&mut cmd);
    cmd
}

fn build_in(dir: &Path, data: &Path) -> String {
    let run = spawn_build(dir, data).output().unwrap();
    format!(
        "exit: {:?}\n{}{}",
        run.status.code(),
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    )
}

/// The file names of a complete output, from a build of the repository's data.
fn complete_output(out: &Path) -> Vec<PathBuf> {
    let files: Vec<PathBuf> = tree(out).into_keys().collect();
    assert!(files.contains(&PathBuf::from(qm_export::artifact::MARKER)));
    assert!(files.contains(&PathBuf::from("ita.json")));
    files
}

#[test]
fn an_empty_dir_and_a_dir_qm_wrote_are_replaced() {
    let tmp = tempfile::tempdir().unwrap();
    let data = root().join("data-src");
    std::fs::create_dir(tmp.path().join("out")).unwrap();
    let run = build_in(tmp.path(), &data);
    assert!(run.starts_with("exit: Some(0)\n"), "{run}");
    let files = complete_output(&tmp.path().join("out"));
    std::fs::write(tmp.path().join("out/scratch.txt"), "put here by hand").unwrap();
    let run = build_in(tmp.path(), &data);
    assert!(run.starts_with("exit: Some(0)\n"), "{run}");
    assert_eq!(complete_output(&tmp.path().join("out")), files);
    assert!(leftovers(tmp.path()).is_empty());
}

#[test]
fn what_killed_builds_left_is_tidied_before_the_compile() {
    let tmp = tempfile::tempdir().unwrap();
    // A kill between the fallback's two renames: the previous output only beside its place,
    // and the new one half staged.
    let aside = tmp.path().join(".out.old-x");
    std::fs::create_dir_all(&aside).unwrap();
    std::fs::write(aside.join(qm_export::artifact::MARKER), "qm\n").unwrap();
    std::fs::write(aside.join("ita.json"), "previous").unwrap();
    // A staging folder: qm writes its marker first thing.
    std::fs::create_dir_all(tmp.path().join(".out.new-y/ita")).unwrap();
    std::fs::write(
        tmp.path()
            .join(".out.new-y")
            .join(qm_export::artifact::MARKER),
        "qm\n",
    )
    .unwrap();
    // A build that fails on its data still puts the previous output back.
    let bad = root().join("tests/fixtures/err_month_13");
    let run = build_in(tmp.path(), &bad);
    assert!(run.starts_with("exit: Some(1)\n"), "{run}");
    assert!(run.contains("qm: put out back in place"), "{run}");
    assert!(
        run.contains("qm: removed 1 folder left beside out"),
        "{run}"
    );
    let json = std::fs::read_to_string(tmp.path().join("out/ita.json")).unwrap();
    assert_eq!(json, "previous");
    assert!(leftovers(tmp.path()).is_empty());
    // A stale staging folder next to a complete output goes at the next build.
    std::fs::create_dir_all(tmp.path().join(".out.new-z/ita")).unwrap();
    std::fs::write(
        tmp.path()
            .join(".out.new-z")
            .join(qm_export::artifact::MARKER),
        "qm\n",
    )
    .unwrap();
    let run = build_in(tmp.path(), &root().join("data-src"));
    assert!(run.starts_with("exit: Some(0)\n"), "{run}");
    complete_output(&tmp.path().join("out"));
    assert!(leftovers(tmp.path()).is_empty());
}

#[test]
fn two_concurrent_builds_both_succeed_with_a_complete_output() {
    let tmp = tempfile::tempdir().unwrap();
    let data = root().join("data-src");
    let a = spawn_build(tmp.path(), &data).spawn().unwrap();
    let b = spawn_build(tmp.path(), &data).spawn().unwrap();
    for child in [a, b] {
        let run = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(run.status.success(), "{stderr}");
        assert!(!stderr.contains("not empty"), "{stderr}");
    }
    complete_output(&tmp.path().join("out"));
    assert!(leftovers(tmp.path()).is_empty());
}

#[test]
fn a_build_killed_at_any_moment_leaves_the_previous_output_and_the_next_one_succeeds() {
    let tmp = tempfile::tempdir().unwrap();
    let data = root().join("data-src");
    let run = build_in(tmp.path(), &data);
    assert!(run.starts_with("exit: Some(0)\n"), "{run}");
    let files = complete_output(&tmp.path().join("out"));
    // Early (compiling) and late (rendering, staging or swapping, depending on the machine).
    for ms in [100, 900, 1500] {
        let mut child = spawn_build(tmp.path(), &data).spawn().unwrap();
        std::thread::sleep(Duration::from_millis(ms));
        // SIGKILL: no handler and no destructor runs. The build may have ended already.
        let _ = child.kill();
        child.wait().unwrap();
        assert_eq!(complete_output(&tmp.path().join("out")), files, "{ms} ms");
    }
    let run = build_in(tmp.path(), &data);
    assert!(run.starts_with("exit: Some(0)\n"), "{run}");
    assert_eq!(complete_output(&tmp.path().join("out")), files);
    assert!(
        leftovers(tmp.path()).is_empty(),
        "{:?}",
        leftovers(tmp.path())
    );
}
