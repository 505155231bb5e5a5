//! Item 4: gpids never collide: numbers past what VASSAL takes are errors, not wrapped, and
//! `gpids --update` edits the registry in place.

use crate::run::{qm, workspace, write};

#[test]
fn gpids_past_a_java_int_are_errors_not_wrapped_numbers() {
    let (tmp, data) = workspace();
    let registry = data.join("vassal-gpids.toml");
    for text in [
        "[gpids]\n\"ita/old\" = 4294967295\n",
        "first = 4294967295\n",
        "[gpids]\n\"ita/old\" = 2147483647\n",
    ] {
        write(&registry, text);
        for cmd in [
            &["check"][..],
            &["build", "--out", "out"],
            &["vassal", "gpids"],
        ] {
            let mut args = cmd.to_vec();
            args.extend(["--data", "data"]);
            qm(tmp.path(), &args)
                .expect(1)
                .says("above the largest gpid VASSAL can take (2147483646)");
        }
    }
    // The largest number is taken: nothing is left for a new vehicle.
    let full = "first = 1000\n[gpids]\n\"ita/old\" = 2147483646\n";
    write(&registry, full);
    qm(tmp.path(), &["check", "--data", "data"])
        .expect(1)
        .says("vassal::gpid-exhausted");
    qm(tmp.path(), &["build", "--data", "data", "--out", "out"]).expect(1);
    qm(
        tmp.path(),
        &["vassal", "gpids", "--update", "--data", "data"],
    )
    .expect(1)
    .says("no gpid is left for \"ita/l5-21\"");
    assert_eq!(std::fs::read_to_string(&registry).unwrap(), full);
    assert!(!tmp.path().join("out").exists());
}

#[cfg(unix)]
#[test]
fn gpids_update_keeps_comments_mode_and_symlink() {
    use std::os::unix::fs::PermissionsExt;
    let (tmp, data) = workspace();
    let real = tmp.path().join("registry.toml");
    let text = "# why these numbers\nfirst = 5000 # above the module's\n\n[gpids]\n# retired\n\"ita/old\" = 5000\n";
    write(&real, text);
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o664)).unwrap();
    std::os::unix::fs::symlink(&real, data.join("vassal-gpids.toml")).unwrap();
    qm(
        tmp.path(),
        &["vassal", "gpids", "--update", "--data", "data"],
    )
    .expect(0);
    let link = std::fs::symlink_metadata(data.join("vassal-gpids.toml")).unwrap();
    assert!(link.file_type().is_symlink());
    assert_eq!(
        std::fs::read_to_string(&real).unwrap(),
        format!("{text}\"ita/l5-21\" = 5001\n")
    );
    let mode = std::fs::metadata(&real).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o664);
    // A new registry is written whole, readable by all.
    std::fs::remove_file(data.join("vassal-gpids.toml")).unwrap();
    qm(
        tmp.path(),
        &["vassal", "gpids", "--update", "--data", "data"],
    )
    .expect(0);
    let mode = std::fs::metadata(data.join("vassal-gpids.toml"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o644);
}

/// Issue 24 ("smaller"): an unusable registry is reported at its place: the entry at fault,
/// the largest entry when the numbers run out, a syntax error where it is.
#[test]
fn gpid_registry_errors_point_into_the_registry() {
    let (tmp, data) = workspace();
    let registry = data.join("vassal-gpids.toml");
    for (text, code, at) in [
        (
            "first = 1000\n[gpids]\n\"ita/old\" = 4294967295\n",
            "error[vassal::gpid-registry]",
            "vassal-gpids.toml:3:13",
        ),
        (
            "# why\nfirst = 4294967295\n",
            "error[vassal::gpid-registry]",
            "vassal-gpids.toml:2:9",
        ),
        (
            "[gpids]\n\"ita/a\" = 5\n\"ita/b\" = 5\n",
            "error[vassal::gpid-registry]",
            "vassal-gpids.toml:3:",
        ),
        (
            "[gpids]\n\"ita/a\" = \n",
            "error[vassal::gpid-registry]",
            "vassal-gpids.toml:2:",
        ),
        (
            "first = 1000\n[gpids]\n\"ita/new\" = 1001\n\"ita/old\" = 2147483646\n",
            "error[vassal::gpid-exhausted]",
            "vassal-gpids.toml:4:13",
        ),
    ] {
        write(&registry, text);
        qm(tmp.path(), &["check", "--data", "data"])
            .expect(1)
            .says(code)
            .says(at);
    }
}
