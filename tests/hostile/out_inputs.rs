//! Round 4, items 1 and 2: no output of any command is, replaces, holds or lies inside an input
//! of the run — also an input reached through a link in the data directory — and the lock
//! beside an output is never followed through a link nor opened on a FIFO.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::run::{qm, root, workspace, Run};

/// Every file, directory and symlink under `dir`, with contents, to compare before and after.
fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut found = BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            let meta = std::fs::symlink_metadata(&p).unwrap();
            let content = if meta.file_type().is_symlink() {
                format!("-> {}", std::fs::read_link(&p).unwrap().display()).into_bytes()
            } else if meta.is_dir() {
                todo.push(p.clone());
                b"<dir>".to_vec()
            } else if meta.is_file() {
                std::fs::read(&p).unwrap()
            } else {
                b"<special>".to_vec()
            };
            found.insert(p.strip_prefix(dir).unwrap().to_path_buf(), content);
        }
    }
    found
}

#[track_caller]
fn refused(run: &Run, why: &str) {
    run.expect(2).says("error: refusing to write to").says(why);
}

/// The mini data with its nation's listing as `listing.csv`, a link to `vasl/ita_vehicles.csv`
/// (a maintainer's VASL checkout), made by the export itself.
#[cfg(unix)]
fn linked_to_a_checkout() -> (tempfile::TempDir, PathBuf) {
    let (tmp, data) = workspace();
    let run = qm(tmp.path(), &["export", "vasl-csv", "ita", "--data", "data"]);
    run.expect(0);
    std::fs::create_dir(tmp.path().join("vasl")).unwrap();
    std::fs::write(tmp.path().join("vasl/ita_vehicles.csv"), &run.stdout).unwrap();
    std::fs::remove_file(data.join("ita/listing.tsv")).unwrap();
    std::os::unix::fs::symlink("../../vasl/ita_vehicles.csv", data.join("ita/listing.csv"))
        .unwrap();
    qm(tmp.path(), &["check", "--data", "data"]).expect(0);
    (tmp, data)
}

#[cfg(unix)]
#[test]
fn export_never_writes_over_an_input_or_into_the_data() {
    let (tmp, _) = linked_to_a_checkout();
    let w = tmp.path();
    std::fs::create_dir(w.join("copy")).unwrap();
    std::fs::hard_link(
        w.join("vasl/ita_vehicles.csv"),
        w.join("copy/ita_vehicles.csv"),
    )
    .unwrap();
    std::os::unix::fs::symlink("data", w.join("d")).unwrap();
    std::fs::write(w.join("afile"), "mine\n").unwrap();
    let before = tree(w);
    let export = |out: &str| {
        qm(
            w,
            &["export", "vasl-csv", "ita", "--data", "data", "--out", out],
        )
    };
    let link = "it is what a link in the data directory leads to";
    refused(&export("vasl"), link);
    refused(&export("copy"), link);
    refused(&export("data/ita"), "it is inside the data directory");
    refused(&export("data"), "it is inside the data directory");
    refused(&export("d/ita"), "it is inside the data directory");
    refused(
        &export("./vasl/../data/"),
        "it is inside the data directory",
    );
    // `--out` at a file is a usage error, and the file stays.
    refused(&export("afile"), "a part of its path is a file");
    assert_eq!(tree(w), before, "every file is still there, byte for byte");
    // Elsewhere the export writes.
    export("new").expect(0);
    assert_eq!(
        std::fs::read(w.join("new/ita_vehicles.csv")).unwrap(),
        std::fs::read(w.join("vasl/ita_vehicles.csv")).unwrap()
    );
}

#[cfg(unix)]
#[test]
fn build_and_merge_keep_clear_of_what_the_data_links_to() {
    let (tmp, data) = workspace();
    let w = tmp.path();
    // The listing kept in a folder qm once wrote (it carries the marker): replacing that
    // folder as an output would delete the listing.
    std::fs::create_dir(w.join("kept")).unwrap();
    std::fs::write(w.join("kept").join(qm_export::artifact::MARKER), "qm\n").unwrap();
    std::fs::rename(data.join("ita/listing.tsv"), w.join("kept/listing.tsv")).unwrap();
    std::os::unix::fs::symlink("../../kept/listing.tsv", data.join("ita/listing.tsv")).unwrap();
    // The module config kept beside the data.
    std::fs::create_dir(w.join("cfg")).unwrap();
    std::fs::rename(data.join("vassal.toml"), w.join("cfg/vassal.toml")).unwrap();
    std::os::unix::fs::symlink("../cfg/vassal.toml", data.join("vassal.toml")).unwrap();
    std::fs::copy(
        root().join("tests/fixtures-vassal/foreign.vmod"),
        w.join("mine.vmod"),
    )
    .unwrap();
    let before = tree(w);
    let link = "what a link in the data directory leads to";
    refused(
        &qm(w, &["build", "--data", "data", "--out", "kept"]),
        &format!("it contains {link}"),
    );
    for out in ["cfg/vassal.toml", "kept/listing.tsv"] {
        let run = qm(
            w,
            &[
                "vassal",
                "merge",
                "--into",
                "mine.vmod",
                "--out",
                out,
                "--data",
                "data",
            ],
        );
        refused(&run, &format!("it is {link}"));
    }
    assert_eq!(tree(w), before, "every file is still there, byte for byte");
}

#[cfg(unix)]
#[test]
fn the_lock_is_never_a_link_a_fifo_or_a_folder() {
    let (tmp, _) = workspace();
    let w = tmp.path();
    std::fs::create_dir(w.join("elsewhere")).unwrap();
    std::os::unix::fs::symlink("elsewhere/f", w.join(".o.lock")).unwrap();
    std::os::unix::fs::symlink("elsewhere/g", w.join(".p.lock")).unwrap();
    std::fs::write(w.join("elsewhere/g"), "mine\n").unwrap();
    let fifo = std::ffi::CString::new(w.join(".q.lock").into_os_string().into_encoded_bytes());
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(fifo.unwrap().as_ptr(), 0o600) }, 0);
    std::fs::create_dir(w.join(".r.lock")).unwrap();
    let before = tree(w);
    for (out, why) in [
        ("o", "it is a symbolic link"),
        ("p", "it is a symbolic link"),
        ("q", "neither a regular file nor a directory"),
        ("r", "it is a directory"),
    ] {
        // `qm` fails the test if the run takes more than its time (a FIFO opened blocking).
        let run = qm(w, &["build", "--data", "data", "--out", out]);
        refused(&run, why);
        run.says(&format!(".{out}.lock")).says("lock file");
    }
    assert_eq!(tree(w), before, "nothing created, written or removed");
    assert!(!w.join("elsewhere/f").exists());
}

#[cfg(unix)]
#[test]
fn gpids_update_never_writes_through_its_link_over_another_input() {
    let (tmp, data) = workspace();
    let w = tmp.path();
    // An empty ob.toml reads as an empty registry too: the link is not refused by the read.
    std::fs::write(data.join("ita/ob.toml"), "").unwrap();
    std::os::unix::fs::symlink("ita/ob.toml", data.join("vassal-gpids.toml")).unwrap();
    let before = tree(w);
    let run = qm(w, &["vassal", "gpids", "--update", "--data", "data"]);
    refused(&run, "it is another file of the data directory");
    run.says("ob.toml");
    assert_eq!(tree(w), before, "ob.toml is still empty");
}

/// A made-up VASL file (tests/fixtures-vasl/rows/mixed) kept in a maintainer's checkout,
/// `vasl/mixed_vehicles.csv` (mode 640), and the nation's `listing.csv` a link to it.
#[cfg(unix)]
fn vasl_checkout() -> (tempfile::TempDir, PathBuf) {
    use std::os::unix::fs::PermissionsExt;
    let tmp = tempfile::tempdir().unwrap();
    let w = tmp.path();
    std::fs::create_dir_all(w.join("vasl")).unwrap();
    std::fs::create_dir_all(w.join("data/mixed")).unwrap();
    let checkout = w.join("vasl/mixed_vehicles.csv");
    std::fs::copy(
        root().join("tests/fixtures-vasl/rows/mixed/listing.csv"),
        &checkout,
    )
    .unwrap();
    std::fs::set_permissions(&checkout, std::fs::Permissions::from_mode(0o640)).unwrap();
    std::os::unix::fs::symlink(
        "../../vasl/mixed_vehicles.csv",
        w.join("data/mixed/listing.csv"),
    )
    .unwrap();
    (tmp, checkout)
}

/// Issue 33 item 2: `--in-place` is the one way to write a nation's `listing.csv` over
/// itself: through its link into the checkout, beside the file and renamed over it, its mode
/// kept, every other byte as it was; unchanged, it is not written at all. Without it the
/// checkout is refused (above), and it goes with nothing else.
#[cfg(unix)]
#[test]
fn in_place_writes_a_listing_back_through_its_link() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let (tmp, checkout) = vasl_checkout();
    let w = tmp.path();
    let published = std::fs::read_to_string(&checkout).unwrap();
    let in_place = [
        "export",
        "vasl-csv",
        "--data",
        "data",
        "--keep-going",
        "--in-place",
    ];
    let inode = std::fs::metadata(&checkout).unwrap().ino();
    qm(w, &in_place)
        .expect(1)
        .says("mixed/listing.csv unchanged");
    assert_eq!(
        std::fs::metadata(&checkout).unwrap().ino(),
        inode,
        "not written"
    );
    // An erratum of the maintainer's, then written back: that row only changes.
    std::fs::write(
        w.join("data/mixed/errata.toml"),
        "[[erratum]]\nid = \"d\"\nfile = \"listing.csv\"\ncontext = \"1.2,52-5,+2\"\n\
         find = \"52-5\"\nreplace = \"52-53\"\nreason = \"made up\"\nsource = \"made up\"\n",
    )
    .unwrap();
    qm(w, &in_place)
        .expect(1)
        .says("mixed/listing.csv written back");
    let now = std::fs::read_to_string(&checkout).unwrap();
    assert_eq!(now, published.replace("1.2,52-5,+2", "1.2,52-53,+2"));
    let link = std::fs::symlink_metadata(w.join("data/mixed/listing.csv")).unwrap();
    assert!(link.file_type().is_symlink(), "the link stays a link");
    let mode = std::fs::metadata(&checkout).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    let left: Vec<_> = std::fs::read_dir(w.join("vasl")).unwrap().collect();
    assert_eq!(left.len(), 1, "no temporary file is left");
    // The source now holds the fix: the erratum no longer matches, as errata.toml says.
    qm(w, &["check", "--data", "data"]).says("errata::");
    // `--in-place` with `--out`, or for a nation without a listing.csv: usage errors.
    qm(
        w,
        &[
            "export",
            "vasl-csv",
            "--data",
            "data",
            "--in-place",
            "--out",
            "o",
        ],
    )
    .expect(2);
    let (tmp, _) = workspace();
    qm(
        tmp.path(),
        &["export", "vasl-csv", "ita", "--data", "data", "--in-place"],
    )
    .expect(2)
    .says("ita has no listing.csv or ordnance.csv to write back");
}

/// A made-up VASL ordnance file (tests/fixtures-ordnance/vsl) kept in a maintainer's
/// checkout, `vasl/vsl_ordnance.csv` (mode 640), the nation's `ordnance.csv` a link to it.
#[cfg(unix)]
fn ordnance_checkout() -> (tempfile::TempDir, PathBuf) {
    use std::os::unix::fs::PermissionsExt;
    let tmp = tempfile::tempdir().unwrap();
    let w = tmp.path();
    std::fs::create_dir_all(w.join("vasl")).unwrap();
    std::fs::create_dir_all(w.join("data/vsl")).unwrap();
    let checkout = w.join("vasl/vsl_ordnance.csv");
    std::fs::copy(
        root().join("tests/fixtures-ordnance/vsl/ordnance.csv"),
        &checkout,
    )
    .unwrap();
    std::fs::set_permissions(&checkout, std::fs::Permissions::from_mode(0o640)).unwrap();
    std::os::unix::fs::symlink(
        "../../vasl/vsl_ordnance.csv",
        w.join("data/vsl/ordnance.csv"),
    )
    .unwrap();
    (tmp, checkout)
}

/// Issue 35 item 6: the guns' file keeps the same rules: `--out` into the checkout or the
/// data is refused and nothing changes; `--in-place` writes it back through its link, beside
/// the file and renamed over it, its mode kept, unchanged not at all.
#[cfg(unix)]
#[test]
fn the_ordnance_file_is_written_back_only_in_place() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let (tmp, checkout) = ordnance_checkout();
    let w = tmp.path();
    let published = std::fs::read_to_string(&checkout).unwrap();
    let before = tree(w);
    let export = |out: &str| {
        qm(
            w,
            &[
                "export",
                "vasl-csv",
                "--data",
                "data",
                "--keep-going",
                "--out",
                out,
            ],
        )
    };
    refused(
        &export("vasl"),
        "it is what a link in the data directory leads to",
    );
    refused(&export("data/vsl"), "it is inside the data directory");
    assert_eq!(tree(w), before, "every file is still there, byte for byte");
    let in_place = [
        "export",
        "vasl-csv",
        "--data",
        "data",
        "--keep-going",
        "--in-place",
    ];
    let inode = std::fs::metadata(&checkout).unwrap().ino();
    qm(w, &in_place)
        .expect(1)
        .says("vsl/ordnance.csv unchanged");
    assert_eq!(std::fs::metadata(&checkout).unwrap().ino(), inode);
    // The fixture's typo fixed by an erratum, then written back: that row only changes.
    std::fs::write(
        w.join("data/vsl/errata.toml"),
        "[[erratum]]\nid = \"t\"\nfile = \"ordnance.csv\"\ncontext = \"H6, sx7\"\n\
         find = \"sx7\"\nreplace = \"s7\"\nreason = \"made up\"\nsource = \"made up\"\n",
    )
    .unwrap();
    qm(w, &in_place)
        .expect(0)
        .says("vsl/ordnance.csv written back");
    let now = std::fs::read_to_string(&checkout).unwrap();
    assert_eq!(now, published.replace("H6, sx7", "H6, s7"));
    assert!(std::fs::symlink_metadata(w.join("data/vsl/ordnance.csv"))
        .unwrap()
        .file_type()
        .is_symlink());
    let mode = std::fs::metadata(&checkout).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    assert_eq!(std::fs::read_dir(w.join("vasl")).unwrap().count(), 1);
    // A nation whose guns come from ordnance.tsv has nothing to write back (the erratum,
    // now stale, removed).
    std::fs::remove_file(w.join("data/vsl/errata.toml")).unwrap();
    std::fs::create_dir_all(w.join("data/frm")).unwrap();
    std::fs::copy(
        root().join("tests/fixtures-ordnance/frm/ordnance.tsv"),
        w.join("data/frm/ordnance.tsv"),
    )
    .unwrap();
    qm(
        w,
        &["export", "vasl-csv", "frm", "--data", "data", "--in-place"],
    )
    .expect(2)
    .says("frm has no listing.csv or ordnance.csv to write back");
}
