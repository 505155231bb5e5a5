//! Items 6 and 8: bounded memory and time on hostile input, and module hygiene: modules are
//! foreign input (unsafe entry names, huge or bombed buildFiles), scenarios may be devices or
//! huge.

use crate::run::{qm, root, workspace, write};

/// The hand-made module with `extra` entries added (stored, as given).
fn module_with(extra: &[(&str, &[u8])]) -> Vec<u8> {
    use std::io::{Cursor, Write};
    let foreign = std::fs::read(root().join("tests/fixtures-vassal/foreign.vmod")).unwrap();
    let mut zin = zip::ZipArchive::new(Cursor::new(foreign)).unwrap();
    let mut zout = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let skip: Vec<&str> = extra.iter().map(|(n, _)| *n).collect();
    for i in 0..zin.len() {
        let f = zin.by_index_raw(i).unwrap();
        let name = f.name().unwrap().to_string();
        if !skip.contains(&name.as_str()) {
            zout.raw_copy_file(f).unwrap();
        }
    }
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored)
        .large_file(true);
    for (name, data) in extra {
        zout.start_file(*name, opts).unwrap();
        zout.write_all(data).unwrap();
    }
    zout.finish().unwrap().into_inner()
}

#[test]
fn entries_outside_the_module_folder_are_flagged_and_never_merged() {
    let (tmp, _) = workspace();
    let evil = module_with(&[("../../x", b"x"), ("/tmp/x", b"x"), ("images\\y.png", b"y")]);
    std::fs::write(tmp.path().join("evil.vmod"), evil).unwrap();
    let run = qm(tmp.path(), &["vassal", "check", "evil.vmod"]);
    run.expect(1)
        .says("entry \"../../x\" would be written outside")
        .says("entry \"/tmp/x\"")
        .says("entry \"images\\\\y.png\"");
    let args = [
        "vassal",
        "merge",
        "--into",
        "evil.vmod",
        "--out",
        "merged.vmod",
        "--data",
        "data",
    ];
    qm(tmp.path(), &args)
        .expect(0)
        .says("left out the module's entry \"../../x\"");
    let merged = std::fs::read(tmp.path().join("merged.vmod")).unwrap();
    let names: Vec<String> = qm_export::vassal::archive::read_entries(&merged)
        .unwrap()
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert!(
        names
            .iter()
            .all(|n| !n.contains("..") && !n.starts_with('/')),
        "{names:?}"
    );
}

#[test]
fn a_huge_build_file_is_refused_not_loaded() {
    let (tmp, _) = workspace();
    // A stored 65 MiB buildFile.xml: above the 64 MiB that qm reads from a module.
    let huge = vec![b' '; 65 * 1024 * 1024];
    std::fs::write(
        tmp.path().join("huge.vmod"),
        module_with(&[("buildFile.xml", &huge)]),
    )
    .unwrap();
    drop(huge);
    qm(tmp.path(), &["vassal", "check", "huge.vmod"])
        .expect(1)
        .says("more than 64 MiB");
    let args = [
        "vassal",
        "merge",
        "--into",
        "huge.vmod",
        "--out",
        "merged.vmod",
        "--data",
        "data",
    ];
    qm(tmp.path(), &args).expect(1).says("larger than 64 MiB");
    // A bomb: 16 MiB of spaces deflated about a thousand times.
    let bomb = {
        use std::io::{Cursor, Write};
        let mut zout = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let opts = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .compression_level(Some(9));
        zout.start_file("buildFile.xml", opts).unwrap();
        zout.write_all(&vec![b' '; 16 * 1024 * 1024]).unwrap();
        zout.finish().unwrap().into_inner()
    };
    std::fs::write(tmp.path().join("bomb.vmod"), bomb).unwrap();
    qm(tmp.path(), &["vassal", "check", "bomb.vmod"])
        .expect(1)
        .says("claims to inflate");
    // A module that is a FIFO or a device is refused before it is opened.
    qm(tmp.path(), &["vassal", "check", "/dev/zero"])
        .expect(2)
        .says("it is a device");
}

#[test]
fn scenarios_from_dev_zero_or_huge_files_are_refused() {
    let (tmp, data) = workspace();
    qm(
        tmp.path(),
        &["check", "--data", "data", "--scenarios", "/dev/zero"],
    )
    .expect(1)
    .says("it is a device");
    #[cfg(unix)]
    {
        std::fs::create_dir_all(data.join("scenarios")).unwrap();
        std::os::unix::fs::symlink("/dev/zero", data.join("scenarios/z.toml")).unwrap();
        qm(tmp.path(), &["check", "--data", "data"])
            .expect(1)
            .says("failed to read scenarios/z.toml (it is a device)");
        std::fs::remove_file(data.join("scenarios/z.toml")).unwrap();
    }
    let big = format!("id = \"big\"\nssr = [{}]\n", "\"x\", ".repeat(300_000));
    write(&data.join("scenarios/big.toml"), &big);
    qm(tmp.path(), &["check", "--data", "data"])
        .expect(1)
        .says("larger than 1 MiB")
        .says("--max-input-mib");
    // Raised for the run, the cap lets the file be read (and its missing fields reported).
    let run = qm(
        tmp.path(),
        &["check", "--data", "data", "--max-input-mib", "2"],
    );
    run.expect(1).says("scenario::syntax");
    assert!(!run.stderr.contains("larger than"), "{}", run.stderr);
}

#[test]
fn a_notes_file_pasted_many_times_is_read_once_in_linear_time() {
    // Every copy of note 1 added its rules to note 1's rows again: the real notes pasted 350
    // times (15 MB) took 55 s and 12 GB. A repeated number is now an error, read once.
    let (tmp, data) = workspace();
    let note =
        "**1. L5/21:** A tank.\n\n† Dates and RF for use in North Africa are 6/40 (1.2).\n\n";
    write(&data.join("ita/notes.md"), &note.repeat(40_000));
    let run = qm(tmp.path(), &["check", "--data", "data"]);
    run.expect(1)
        .says("error[notes::repeated-note]: failed to read a second note 1")
        .says("more diagnostics in ita/notes.md, not shown");
}
