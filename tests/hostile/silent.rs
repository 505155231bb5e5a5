//! Item 3: nothing dropped without a word: unreadable nation folders, skipped scenario files
//! and a missing gpid registry are reported.

use crate::run::{qm, workspace, write};

#[test]
fn nation_folders_that_cannot_be_read_are_reported() {
    let (tmp, data) = workspace();
    // A listing that is a directory, and one that is a symlink loop: errors.
    std::fs::create_dir_all(data.join("aaa/listing.tsv")).unwrap();
    #[cfg(unix)]
    {
        std::fs::create_dir_all(data.join("bbb")).unwrap();
        std::os::unix::fs::symlink("listing.tsv", data.join("bbb/listing.tsv")).unwrap();
    }
    let run = qm(tmp.path(), &["check", "--data", "data"]);
    run.expect(1)
        .says("failed to read aaa/listing.tsv (it is a directory)");
    #[cfg(unix)]
    run.says("failed to read bbb/listing.tsv");
    std::fs::remove_dir_all(data.join("aaa")).unwrap();
    #[cfg(unix)]
    std::fs::remove_dir_all(data.join("bbb")).unwrap();
    // Notes without a listing: a warning, the rest still builds; registry/ is not a nation.
    write(&data.join("ccc/notes.md"), "**1. X:** y\n");
    let run = qm(tmp.path(), &["check", "--data", "data"]);
    run.expect(0)
        .says("load::no-listing")
        .says("ccc/ holds notes.md");
    assert!(!run.stderr.contains("registry/"), "{}", run.stderr);
    // Folder names that would end up in paths and module entries: errors.
    for bad in ["a\\b", "a\nb", "a\u{1b}b"] {
        write(&data.join(bad).join("listing.tsv"), "x\n");
        qm(tmp.path(), &["check", "--data", "data"])
            .expect(1)
            .says("load::bad-nation-folder");
        std::fs::remove_dir_all(data.join(bad)).unwrap();
    }
}

#[test]
fn scenario_files_that_would_be_skipped_are_errors() {
    let (tmp, data) = workspace();
    write(&data.join("scenarios/x.TOML"), "id = \"x\"\n");
    write(&data.join("scenarios/sub/y.toml"), "id = \"y\"\n");
    write(&data.join("scenarios/.hidden"), "");
    let run = qm(tmp.path(), &["check", "--data", "data"]);
    run.expect(1)
        .says("failed to read scenarios/x.TOML as a scenario")
        .says("failed to read scenarios/sub as a scenario");
    assert!(!run.stderr.contains(".hidden"));
}

#[cfg(unix)]
#[test]
fn a_scenario_folder_that_cannot_be_read_is_an_error() {
    // Root reads any folder, so a permission cannot make one unreadable here: a symlink
    // loop can (and `load::tests` covers a folder whose listing fails).
    let (tmp, data) = workspace();
    std::os::unix::fs::symlink("scenarios", data.join("scenarios")).unwrap();
    qm(tmp.path(), &["check", "--data", "data"])
        .expect(1)
        .says("error[load::read]: failed to read scenarios (");
}

#[test]
fn a_missing_gpid_registry_is_a_warning() {
    let (tmp, _) = workspace();
    qm(tmp.path(), &["check", "--data", "data"])
        .expect(0)
        .says("vassal::no-gpid-registry");
}
