//! Issue 24, items 1-3 and 12: what qm removes, moves or writes beside and inside `--out` is
//! only ever its own. A folder merely named like qm's staging or moved-aside output, a file in
//! the output turned into a link, a snapshot sharing the output's inodes and a directory
//! mounted inside the output all survive every build and every watch rebuild; a watch follows
//! its data folder when it is deleted and made again.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::run::{limit, qm, workspace, write, Watch};

/// A data folder's copy at `to`, every file byte for byte.
fn copy_data(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    qm_test_support::copy_dir(from, to);
}

/// Every file under `dir` with its bytes (links read as their target's text), sorted.
fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut found = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            let meta = std::fs::symlink_metadata(&p).unwrap();
            let rel = p.strip_prefix(dir).unwrap().to_path_buf();
            if meta.file_type().is_symlink() {
                let to = std::fs::read_link(&p).unwrap();
                found.push((rel, format!("-> {}", to.display()).into_bytes()));
            } else if meta.is_dir() {
                todo.push(p);
            } else {
                found.push((rel, std::fs::read(&p).unwrap()));
            }
        }
    }
    found.sort();
    found
}

#[test]
fn a_data_folder_named_like_a_staging_folder_is_read_and_kept() {
    let (tmp, data) = workspace();
    let mine = tmp.path().join(".out.new-mydata");
    copy_data(&data, &mine);
    let before = files(&mine);
    let run = qm(
        tmp.path(),
        &["build", "--data", ".out.new-mydata", "--out", "out"],
    );
    run.expect(0);
    assert_eq!(files(&mine), before, "the data is all there");
    assert!(tmp.path().join("out/ita.json").is_file());
}

#[test]
fn templates_named_like_a_staging_folder_are_kept() {
    let (tmp, data) = workspace();
    let tpl = tmp.path().join(".out.new-tpl");
    write(&tpl.join("README.txt"), "my templates\n");
    let before = files(&tpl);
    let run = qm(
        tmp.path(),
        &[
            "build",
            "--data",
            data.to_str().unwrap(),
            "--templates",
            ".out.new-tpl",
            "--out",
            "out",
        ],
    );
    run.expect(0);
    assert_eq!(files(&tpl), before);
}

#[test]
fn a_users_folders_named_like_leftovers_survive_and_are_named() {
    let (tmp, data) = workspace();
    let draft = tmp.path().join(".site.new-draft");
    write(&draft.join("index.html"), "<p>my draft</p>\n");
    let old = tmp.path().join(".site.old-2019");
    write(&old.join("index.html"), "<p>my old site</p>\n");
    let (d, o) = (files(&draft), files(&old));
    let run = qm(
        tmp.path(),
        &["build", "--data", data.to_str().unwrap(), "--out", "site"],
    );
    run.expect(0)
        .says("left ")
        .says(".site.new-draft untouched");
    assert_eq!(files(&draft), d);
    assert_eq!(files(&old), o);
    // `site` was missing: the folder named like a moved-aside output was not put in its place.
    assert!(tmp.path().join("site/ita.json").is_file());
    assert!(!tmp.path().join("site/index.html").exists());
}

#[test]
fn a_marked_leftover_is_still_tidied_and_put_back() {
    let (tmp, data) = workspace();
    let aside = tmp.path().join(".out.old-x");
    write(&aside.join(qm_export::artifact::MARKER), "qm\n");
    write(&aside.join("ita.json"), "previous");
    write(
        &tmp.path()
            .join(".out.new-y")
            .join(qm_export::artifact::MARKER),
        "qm\n",
    );
    std::fs::create_dir(tmp.path().join(".out.new-empty")).unwrap();
    let run = qm(
        tmp.path(),
        &["build", "--data", data.to_str().unwrap(), "--out", "out"],
    );
    run.expect(0)
        .says("put out back in place")
        .says("removed 2 folders");
    assert!(!tmp.path().join(".out.new-y").exists());
    assert!(!tmp.path().join(".out.new-empty").exists());
}

/// Edits the one-vehicle notes so the next rebuild changes the JSON and the chart.
pub fn edit_note(data: &Path, n: usize) {
    write(
        &data.join("ita/notes.md"),
        &format!("**1. L5/21:** A tank, edit {n}.\n"),
    );
}

#[cfg(unix)]
#[test]
fn watch_never_writes_through_a_link_or_a_shared_inode() {
    let (tmp, data) = workspace();
    let victim = tmp.path().join("victim.toml");
    write(&victim, "# a file of the user's\n");
    let mut watch = Watch::start(tmp.path(), &data);
    watch.expect("watching");
    let out = tmp.path().join("out");
    // Each rebuild exchanges the output with the one before, so both generations get a link
    // and a snapshot.
    let snap = tmp.path().join("snap");
    for n in 1..=4 {
        let chart = out.join("ita/chart/ita-chart.html");
        if n <= 2 {
            std::fs::remove_file(&chart).unwrap();
            std::os::unix::fs::symlink(&victim, &chart).unwrap();
            std::fs::remove_dir_all(out.join("ita/sheets")).unwrap();
            std::os::unix::fs::symlink(tmp.path(), out.join("ita/sheets")).unwrap();
        }
        let _ = std::fs::remove_dir_all(&snap);
        let status = Command::new("cp")
            .args(["-al", out.to_str().unwrap(), snap.to_str().unwrap()])
            .status()
            .unwrap();
        assert!(status.success());
        let snapshot = files(&snap);
        edit_note(&data, n);
        watch.expect("updated");
        assert_eq!(
            std::fs::read_to_string(&victim).unwrap(),
            "# a file of the user's\n",
            "rebuild {n}"
        );
        assert_eq!(
            files(&snap),
            snapshot,
            "rebuild {n}: the snapshot is as it was"
        );
    }
    // After the rebuilds the output is exactly what a build writes.
    let fresh = tmp.path().join("fresh");
    qm(
        tmp.path(),
        &["build", "--data", data.to_str().unwrap(), "--out", "fresh"],
    )
    .expect(0);
    assert_eq!(files(&out), files(&fresh));
    assert!(!tmp.path().join("ita-sheet-a4.pdf").exists());
}

/// Runs `script` in a mount namespace of its own (mounts vanish with it); `None` where that
/// is not allowed (not root, no `unshare`).
#[cfg(target_os = "linux")]
fn in_mount_namespace(cwd: &Path, script: &str) -> Option<std::process::Output> {
    let probe = Command::new("unshare")
        .args(["-m", "--propagation", "private", "true"])
        .stderr(Stdio::null())
        .status();
    if !probe.is_ok_and(|s| s.success()) {
        eprintln!("skipped: no private mount namespace here (needs root and unshare)");
        return None;
    }
    let mut cmd = Command::new("unshare");
    cmd.args(["-m", "--propagation", "private", "sh", "-ec", script])
        .env("QM", env!("CARGO_BIN_EXE_qm"))
        .current_dir(cwd)
        .stdin(Stdio::null());
    limit(&mut cmd);
    Some(cmd.output().unwrap())
}

#[cfg(target_os = "linux")]
#[test]
fn a_data_folder_mounted_inside_the_output_is_never_emptied() {
    let (tmp, data) = workspace();
    let before = files(&data);
    qm(
        tmp.path(),
        &["build", "--data", data.to_str().unwrap(), "--out", "out"],
    )
    .expect(0);
    let elsewhere = tmp.path().join("elsewhere");
    write(&elsewhere.join("keep.txt"), "mounted, not ours\n");
    // The data bind-mounted inside the marked output, then built: refused, by identity. A
    // foreign folder mounted there: refused too. A leftover holding a mount: kept.
    let script = "mkdir out/mnt && mount --bind data out/mnt
        set +e
        \"$QM\" build --data data --out out; echo \"exit $?\"
        umount out/mnt
        mount --bind elsewhere out/mnt
        \"$QM\" build --data data --out out; echo \"exit $?\"
        umount out/mnt; rmdir out/mnt
        mkdir -p .out.new-z/mnt && cp out/.qm-output .out.new-z/ && mount --bind elsewhere .out.new-z/mnt
        \"$QM\" build --data data --out out; echo \"exit $?\"
        ls .out.new-z/mnt";
    let Some(run) = in_mount_namespace(tmp.path(), script) else {
        return;
    };
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stdout}\n{stderr}");
    assert!(
        stderr.contains("(it contains the data directory)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("a file system is mounted inside it"),
        "{stderr}"
    );
    assert!(stderr.contains(".out.new-z untouched"), "{stderr}");
    assert_eq!(
        stdout
            .lines()
            .filter(|l| l.starts_with("exit "))
            .collect::<Vec<_>>(),
        ["exit 2", "exit 2", "exit 0"],
        "{stdout}"
    );
    assert!(stdout.contains("keep.txt"), "{stdout}");
    assert_eq!(files(&data), before, "the data is all there");
    assert_eq!(
        std::fs::read_to_string(elsewhere.join("keep.txt")).unwrap(),
        "mounted, not ours\n"
    );
}

#[cfg(unix)]
#[test]
fn watch_follows_a_data_folder_deleted_and_made_again() {
    let (tmp, data) = workspace();
    let mut watch = Watch::start(tmp.path(), &data);
    watch.expect("watching");
    let copy = tmp.path().join("copy");
    copy_data(&data, &copy);
    std::fs::remove_dir_all(&data).unwrap();
    watch.expect("kept as it was");
    std::fs::rename(&copy, &data).unwrap();
    watch.expect("no file changed");
    // The new folder is watched: an edit in it is built.
    edit_note(&data, 1);
    watch.expect("updated");
    let json = std::fs::read_to_string(tmp.path().join("out/ita.json")).unwrap();
    assert!(json.contains("edit 1"), "the output holds the edit");
}
