//! The build cache (`.<out>.cache`): a build that takes pieces from it writes the same bytes
//! as a build without it — unchanged data, a one-row edit, changed art, a cache whose entries
//! were cut short, a damaged pack of sides, `--keep-going` leaving vehicles out — an edit
//! redraws only the sides it changed, a nation checked before is not checked again (its
//! findings the same), and an edit build reuses the output's unchanged files without ever
//! taking one that was touched since.

use std::path::Path;
use std::process::Command;

use crate::support::{files, root};

fn build(data: &Path, out: &Path, extra: &[&str]) {
    build_exits(data, out, extra, 0);
}

/// `qm build` of `data` into `out`, which must exit with `status`.
fn build_exits(data: &Path, out: &Path, extra: &[&str], status: i32) {
    let run = Command::new(env!("CARGO_BIN_EXE_qm"))
        .args(["build", "--data"])
        .arg(data)
        .arg("--out")
        .arg(out)
        .args(extra)
        .output()
        .unwrap();
    assert_eq!(
        run.status.code(),
        Some(status),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
}

/// Asserts that `out` holds exactly what a build of `data` without the cache writes.
fn same_as_cold(data: &Path, out: &Path, what: &str) {
    same_as_cold_with(data, out, &[], 0, what);
}

/// [`same_as_cold`] for a build with `extra` arguments that exits with `status`.
fn same_as_cold_with(data: &Path, out: &Path, extra: &[&str], status: i32, what: &str) {
    let cold = out.with_file_name("cold");
    let _ = std::fs::remove_dir_all(&cold);
    build_exits(data, &cold, &[&["--no-cache"], extra].concat(), status);
    let (warm, cold) = (files(out), files(&cold));
    assert_eq!(
        warm.keys().collect::<Vec<_>>(),
        cold.keys().collect::<Vec<_>>(),
        "{what}"
    );
    for (path, bytes) in &cold {
        assert!(warm[path] == *bytes, "{what}: {} differs", path.display());
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &to.join(e.file_name()));
        } else {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

#[test]
fn a_build_from_the_cache_writes_what_a_cold_build_writes() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    copy_dir(&root().join("data-src"), &data);
    let out = tmp.path().join("out");
    let cache = tmp.path().join(".out.cache");
    build(&data, &out, &[]);
    assert!(cache.join(qm_export::artifact::MARKER).is_file());
    build(&data, &out, &[]);
    same_as_cold(&data, &out, "unchanged data");

    // One row edited: BPV 18 -> 19.
    let listing = data.join("ita/listing.tsv");
    let text = std::fs::read_to_string(&listing).unwrap();
    let row = text.lines().find(|l| l.starts_with("L3 aa\t")).unwrap();
    let edited = text.replace(row, &row.replacen("\tTt\t18\t", "\tTt\t19\t", 1));
    assert_ne!(edited, text);
    std::fs::write(&listing, edited).unwrap();
    let schema = out.join("schema/nation.schema.json");
    let ita = out.join("ita.json");
    let (schema_ino, ita_ino) = (inode(&schema), inode(&ita));
    build(&data, &out, &[]);
    same_as_cold(&data, &out, "one row edited");
    assert_eq!(inode(&schema), schema_ino, "an unchanged file is reused");
    assert_ne!(inode(&ita), ita_ino, "a changed file is written anew");
    // One pack of counter sides per nation with vehicles or guns.
    let packs = std::fs::read_dir(&cache)
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_dir());
    let packs: usize = packs
        .map(|salt| std::fs::read_dir(salt.path().join("sides")).map_or(0, |d| d.count()))
        .sum();
    assert_eq!(
        packs, 3,
        "one per nation, and the edited nation's before the edit"
    );

    // Every entry cut in half: all misses, the same output.
    for (rel, bytes) in files(&cache) {
        if !rel.ends_with(qm_export::artifact::MARKER) {
            std::fs::write(cache.join(rel), &bytes[..bytes.len() / 2]).unwrap();
        }
    }
    std::fs::remove_dir_all(&out).unwrap();
    build(&data, &out, &[]);
    same_as_cold(&data, &out, "a cache cut short");
}

fn inode(path: &Path) -> u64 {
    std::os::unix::fs::MetadataExt::ino(&std::fs::metadata(path).unwrap())
}

#[test]
fn changed_art_redraws_the_counters_it_is_on() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    copy_dir(
        &root().join("tests/fixtures-nations/rur"),
        &data.join("rur"),
    );
    copy_dir(
        &root().join("tests/fixtures-art/art"),
        &data.join("rur/art"),
    );
    let out = tmp.path().join("out");
    build(&data, &out, &[]);
    // The picture changes, the nation's IR does not.
    let art = data.join("rur/art/rook-mk-i.svg");
    let text = std::fs::read_to_string(&art).unwrap();
    std::fs::write(&art, text.replace("#6b7740", "#a03020")).unwrap();
    build(&data, &out, &[]);
    same_as_cold(&data, &out, "art changed");
}

#[test]
fn an_edit_build_never_reuses_a_file_touched_since_the_last_build() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    copy_dir(&root().join("data-src"), &data);
    let out = tmp.path().join("out");
    build(&data, &out, &[]);
    // An output file replaced by a hard link to a file outside, one made a symlink to it, one
    // edited in place.
    let victim = tmp.path().join("victim.json");
    std::fs::write(&victim, "keep me").unwrap();
    let linked = out.join("schema/nation.schema.json");
    std::fs::remove_file(&linked).unwrap();
    std::fs::hard_link(&victim, &linked).unwrap();
    let symlinked = out.join("schema/scenario.schema.json");
    std::fs::remove_file(&symlinked).unwrap();
    std::os::unix::fs::symlink(&victim, &symlinked).unwrap();
    let edited = out.join("ita/counters/l3-aa-front.svg");
    std::fs::write(&edited, "edited").unwrap();
    // And a row edited, so that the build writes.
    let listing = data.join("ita/listing.tsv");
    let text = std::fs::read_to_string(&listing).unwrap();
    let row = text.lines().find(|l| l.starts_with("L3 aa\t")).unwrap();
    let changed = text.replace(row, &row.replacen("\tTt\t18\t", "\tTt\t19\t", 1));
    std::fs::write(&listing, changed).unwrap();
    build(&data, &out, &[]);
    same_as_cold(&data, &out, "touched files");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    assert!(!std::fs::symlink_metadata(&symlinked).unwrap().is_symlink());
    assert_ne!(inode(&linked), inode(&victim));
}

/// Renders `data` with a fresh process cache over the build cache `disk`: the artifacts and
/// how many pieces had to be made (the others came from `disk`).
fn render_over(
    data: &Path,
    disk: &std::sync::Arc<qm_export::disk_cache::DiskCache>,
) -> (Vec<qm_render::artifact::Artifact>, usize) {
    let compiled = qm_compile::pipeline::compile(data, &Default::default());
    let mut cache = qm_export::render_cache::RenderCache {
        disk: Some(disk.clone()),
        ..Default::default()
    };
    let opts = qm_export::build::BuildOptions::default();
    let out = qm_export::build::render_all(&compiled, &opts, &mut Default::default(), &mut cache);
    (out.unwrap(), cache.made)
}

/// What a build of `data` without any cache renders.
fn render_fresh(data: &Path) -> Vec<qm_render::artifact::Artifact> {
    let compiled = qm_compile::pipeline::compile(data, &Default::default());
    let opts = qm_export::build::BuildOptions::default();
    qm_export::build::render_all(
        &compiled,
        &opts,
        &mut Default::default(),
        &mut Default::default(),
    )
    .unwrap()
}

/// Every entry file of `kind` in the build cache `dir`.
fn entries(dir: &Path, kind: &str) -> Vec<std::path::PathBuf> {
    let salts = std::fs::read_dir(dir).unwrap().flatten();
    salts
        .filter_map(|salt| std::fs::read_dir(salt.path().join(kind)).ok())
        .flat_map(|d| d.flatten().map(|e| e.path()))
        .collect()
}

#[test]
fn an_edit_redraws_the_changed_sides_only_and_takes_the_nations_others_from_its_last_pack() {
    use qm_export::disk_cache::{DiskCache, Salt, DEFAULT_MAX_BYTES};
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    copy_dir(&root().join("data-src"), &data);
    let dir = tmp.path().join("cache");
    let disk = std::sync::Arc::new(DiskCache::with_salt(&dir, DEFAULT_MAX_BYTES, Salt(3)));
    let (before, all) = render_over(&data, &disk);
    assert_eq!(entries(&dir, "side").len(), 0, "no entry per side");
    assert_eq!(
        entries(&dir, "sides-last").len(),
        2,
        "one index entry per nation"
    );

    // The L3 aa's MP (on its counter) 13 -> 14: its sides change, no other side does.
    let listing = data.join("ita/listing.tsv");
    let text = std::fs::read_to_string(&listing).unwrap();
    let row = text.lines().find(|l| l.starts_with("L3 aa\t")).unwrap();
    let edited = text.replace(row, &row.replacen("\t2\t13\tL\t", "\t2\t14\tL\t", 1));
    assert_ne!(edited, text);
    std::fs::write(&listing, edited).unwrap();
    let (after, made) = render_over(&data, &disk);
    assert!(after == render_fresh(&data), "as a build without the cache");
    let front = |a: &[qm_render::artifact::Artifact]| {
        a.iter()
            .find(|a| a.path == "ita/counters/l3-aa-front.svg")
            .unwrap()
            .bytes
            .clone()
    };
    assert_ne!(front(&before), front(&after), "the changed side is redrawn");
    // Its two sides, the nation's sheets, its chart, the cards and the module; every other
    // side of the nation comes from its last pack.
    assert!(made < 15, "made {made} of {all} pieces");
    let edit_made = made;

    // Every pack and index entry damaged: misses, every side of the edited nation drawn
    // again, the same bytes.
    for path in entries(&dir, "sides")
        .into_iter()
        .chain(entries(&dir, "sides-last"))
    {
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0x55;
        std::fs::write(&path, &bytes).unwrap();
    }
    let text = std::fs::read_to_string(&listing).unwrap();
    std::fs::write(&listing, text.replacen("\t2\t14\tL\t", "\t2\t15\tL\t", 1)).unwrap();
    let (damaged, made) = render_over(&data, &disk);
    assert!(damaged == render_fresh(&data), "a damaged pack is a miss");
    assert!(
        made > edit_made + 20,
        "made {made}: the nation's sides drawn again"
    );
    // And cut short.
    for path in entries(&dir, "sides") {
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    }
    let text = std::fs::read_to_string(&listing).unwrap();
    std::fs::write(&listing, text.replacen("\t2\t15\tL\t", "\t2\t13\tL\t", 1)).unwrap();
    let (cut, _) = render_over(&data, &disk);
    assert!(cut == render_fresh(&data), "a pack cut short is a miss");
}

/// The diagnostics of compiling `data` with the build cache `disk` as the compile's memo.
fn check_over(
    data: &Path,
    disk: &std::sync::Arc<qm_export::disk_cache::DiskCache>,
) -> Vec<qm_parser::Diagnostic> {
    let opts = qm_compile::pipeline::CompileOptions {
        memo: Some(disk.clone()),
        ..Default::default()
    };
    qm_compile::pipeline::compile(data, &opts).diagnostics
}

#[test]
fn a_nation_checked_before_is_not_checked_again_and_its_findings_are_the_same() {
    use qm_compile::memo::{ir_key, FIT, VALIDATED};
    use qm_export::disk_cache::{DiskCache, Salt, DEFAULT_MAX_BYTES};
    // A nation whose counters have values that do not fit (warnings of the check).
    let data = root().join("tests/fixtures-vasl/counters");
    let plain = qm_compile::pipeline::compile(&data, &Default::default());
    assert!(plain
        .diagnostics
        .iter()
        .any(|d| d.code == qm_compile::counter_fit::DOES_NOT_FIT));
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("cache");
    let disk = || std::sync::Arc::new(DiskCache::with_salt(&dir, DEFAULT_MAX_BYTES, Salt(5)));

    let first = disk();
    assert_eq!(check_over(&data, &first), plain.diagnostics);
    assert_eq!(
        first.written(),
        2,
        "the schema's verdict and the fit's findings"
    );
    assert_eq!(entries(&dir, VALIDATED).len(), 1);
    assert_eq!(entries(&dir, FIT).len(), 1);
    let second = disk();
    assert_eq!(check_over(&data, &second), plain.diagnostics);
    assert_eq!(second.written(), 0, "nothing checked again");
    assert_eq!(second.hits(), 2);

    // Damaged entries are misses: checked again, the same findings.
    for path in entries(&dir, VALIDATED)
        .into_iter()
        .chain(entries(&dir, FIT))
    {
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0x55;
        std::fs::write(&path, &bytes).unwrap();
    }
    let third = disk();
    assert_eq!(check_over(&data, &third), plain.diagnostics);
    assert_eq!(third.written(), 2);
    // Findings that name a piece the nation does not have are a miss too.
    let key = ir_key(&plain.nations[0]);
    let forged = br#"[{"piece":{"Vehicle":100000},"side":"front","item":"name","text":"x","size":0,"floor":0,"left_off":false}]"#;
    third.put(FIT, key, forged);
    assert_eq!(check_over(&data, &disk()), plain.diagnostics);
}

#[test]
fn a_keep_going_build_from_the_cache_writes_what_a_cold_build_writes() {
    let tmp = tempfile::tempdir().unwrap();
    // An unreadable sentence: --keep-going leaves its vehicle out of the Italian IR after the
    // compile (the nation's JSON is then not the IR the compile hashed).
    let data = tmp.path().join("data");
    crate::support::broken_data(&data);
    let out = tmp.path().join("out");
    let keep_going = ["--keep-going"];
    build_exits(&data, &out, &keep_going, 1);
    build_exits(&data, &out, &keep_going, 1);
    same_as_cold_with(&data, &out, &keep_going, 1, "a nation left out of in part");
    let ita = std::fs::read_to_string(out.join("ita.json")).unwrap();
    assert!(
        ita.contains("\"unresolved\""),
        "the vehicle left out is named"
    );
}
