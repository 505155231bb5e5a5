//! Hostile input: each reproduction of issue 12 run against the binary under a time limit and,
//! on Linux, a memory limit, so a regression fails here instead of hanging or swapping.
//! Fixtures are made at test time in temporary directories.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::root;

/// Address space a qm run may use: a debug build of the real data needs about 100 MB.
const MEMORY: u64 = 1024 * 1024 * 1024;
/// Wall-clock time a qm run may take before it counts as a hang.
const TIME: Duration = Duration::from_secs(20);

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

#[cfg(unix)]
fn limit(cmd: &mut Command) {
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

#[cfg(not(unix))]
fn limit(_: &mut Command) {}

/// A small data directory that builds: one Italian vehicle, the module config, the registries.
pub fn mini_data(dir: &Path) -> PathBuf {
    let data = dir.join("data");
    let src = root().join("data-src");
    std::fs::create_dir_all(data.join("ita")).unwrap();
    let listing = std::fs::read_to_string(src.join("ita/listing.tsv")).unwrap();
    let mut lines = listing.lines();
    let header: Vec<&str> = lines.by_ref().take(2).collect();
    // The L5/21 without its note letter: the notes below have no multi-applicable notes.
    let row = lines.next().unwrap().replace("1 A\t", "1\t");
    std::fs::write(
        data.join("ita/listing.tsv"),
        format!("{}\n{}\n{row}\n", header[0], header[1]),
    )
    .unwrap();
    std::fs::write(data.join("ita/notes.md"), "**1. L5/21:** A tank.\n").unwrap();
    std::fs::copy(src.join("vassal.toml"), data.join("vassal.toml")).unwrap();
    if src.join("registry").is_dir() {
        std::fs::create_dir_all(data.join("registry")).unwrap();
        for e in std::fs::read_dir(src.join("registry")).unwrap() {
            let e = e.unwrap();
            std::fs::copy(e.path(), data.join("registry").join(e.file_name())).unwrap();
        }
    }
    data
}

/// A workspace: a temporary directory holding `data/`.
fn workspace() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let data = mini_data(tmp.path());
    (tmp, data)
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

// ---- item 5: templates are a sandbox with limits

#[test]
fn the_mini_data_builds() {
    let (tmp, _) = workspace();
    qm(tmp.path(), &["build", "--data", "data", "--out", "out"])
        .expect(0)
        .says("1 vehicles");
}

#[test]
fn templates_cannot_include_files_outside_their_directory() {
    let (tmp, _) = workspace();
    for include in [
        "../../../../etc/passwd",
        "/etc/shadow",
        "counter/../../../x",
    ] {
        let front = format!("<svg>\n  {{% include \"{include}\" %}}\n</svg>\n");
        write(&tmp.path().join("tpl/counter/front.svg"), &front);
        let run = qm(
            tmp.path(),
            &[
                "build",
                "--data",
                "data",
                "--out",
                "out",
                "--templates",
                "tpl",
            ],
        );
        run.expect(1)
            .says("error[template::refused]")
            .says("tpl/counter/front.svg:2:6")
            .says("help:");
        assert!(!run.stderr.contains("root:"), "{}", run.stderr);
        assert!(!tmp.path().join("out").exists());
    }
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("/etc/passwd", tmp.path().join("tpl/p.svg")).unwrap();
        write(
            &tmp.path().join("tpl/counter/front.svg"),
            "<svg>{% include \"p.svg\" %}</svg>",
        );
        qm(
            tmp.path(),
            &[
                "build",
                "--data",
                "data",
                "--out",
                "out",
                "--templates",
                "tpl",
            ],
        )
        .expect(1)
        .says("outside the template directory");
    }
}

#[test]
fn template_loops_run_out_of_fuel_and_fit_arguments_are_checked() {
    let (tmp, _) = workspace();
    let cases = [
        (
            "<svg>\n{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}</svg>",
            "template::out-of-fuel",
        ),
        (
            "<svg>{{ (\"x\" * 40000000) | safe }}\n{{ (\"x\" * 40000000) | safe }}</svg>",
            "template::output-too-large",
        ),
        (
            "<svg>\n{{ fit(\"x\", x=0, y=0, w=10, h=10, size=1e308) }}</svg>",
            "size must be between 0 and 1000, not 1e308",
        ),
        (
            "<svg>\n{{ fit(\"x\", x=0, y=0, w=10, h=10, size=1e8, min=1e-6) }}</svg>",
            "size must be between",
        ),
    ];
    for (front, says) in cases {
        write(&tmp.path().join("tpl/counter/front.svg"), front);
        qm(
            tmp.path(),
            &[
                "build",
                "--data",
                "data",
                "--out",
                "out",
                "--templates",
                "tpl",
            ],
        )
        .expect(1)
        .says(says)
        .says("front.svg:2:");
    }
}

#[test]
fn a_missing_templates_directory_is_a_usage_error() {
    let (tmp, _) = workspace();
    for dir in ["/nonexistent", "data/vassal.toml"] {
        qm(
            tmp.path(),
            &[
                "build",
                "--data",
                "data",
                "--out",
                "out",
                "--templates",
                dir,
            ],
        )
        .expect(2)
        .says("as the template directory");
    }
}

// ---- item 4: gpids never collide

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

// ---- item 9: terminal safety and noise

/// The mini listing's lines (two header lines and the row).
fn listing_lines(data: &Path) -> Vec<String> {
    std::fs::read_to_string(data.join("ita/listing.tsv"))
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn control_characters_of_the_data_are_not_echoed_raw() {
    let (tmp, data) = workspace();
    let lines = listing_lines(&data);
    // A name that retitles the terminal, and a BPV that is not a number to get it quoted.
    let row = lines[2]
        .replacen("L5 / 21", "L5\u{1b}]0;pwned\u{7}", 1)
        .replacen("\t19\t", "\tx\u{1b}[2J\t", 1);
    write(
        &data.join("ita/listing.tsv"),
        &format!("{}\n{}\n{row}\n", lines[0], lines[1]),
    );
    let run = qm(tmp.path(), &["check", "--data", "data"]);
    run.expect(1).says("\u{241b}");
    assert!(!run.stderr.contains('\u{1b}') && !run.stderr.contains('\u{7}'));
}

#[test]
fn a_utf16_cr_only_or_binary_listing_is_reported_once() {
    let (tmp, data) = workspace();
    let text = std::fs::read_to_string(data.join("ita/listing.tsv")).unwrap();
    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    let cr_only = text.replace('\n', "\r").into_bytes();
    // Binary junk: a small deterministic generator, no crate needed.
    let mut x: u32 = 12345;
    let junk: Vec<u8> = (0..200_000)
        .map(|_| {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (x >> 16) as u8
        })
        .collect();
    for (bytes, says) in [
        (utf16, "it is UTF-16"),
        (cr_only, "its lines end in CR alone"),
        (junk, "not a text file"),
    ] {
        std::fs::write(data.join("ita/listing.tsv"), bytes).unwrap();
        let run = qm(tmp.path(), &["check", "--data", "data"]);
        run.expect(1).says("load::encoding").says(says);
        assert_eq!(run.stderr.matches("load::encoding").count(), 1);
        assert!(run.stderr.lines().count() < 40, "{}", run.stderr);
    }
}

#[test]
fn cascading_errors_are_capped_per_file() {
    let (tmp, data) = workspace();
    let lines = listing_lines(&data);
    let bad_row = lines[2].replacen("\t19\t", "\tx\t", 1);
    let mut text = format!("{}\n{}\n", lines[0], lines[1]);
    for i in 0..3000 {
        text.push_str(&bad_row.replacen("L5 / 21", &format!("L5 / {i}"), 1));
        text.push('\n');
    }
    write(&data.join("ita/listing.tsv"), &text);
    let run = qm(tmp.path(), &["check", "--data", "data"]);
    run.expect(1)
        .says("more diagnostics in ita/listing.tsv, not shown");
    assert!(
        run.stderr.lines().count() < 1000,
        "{} lines",
        run.stderr.lines().count()
    );
}

#[test]
fn missing_scenarios_are_a_usage_error() {
    let (tmp, _) = workspace();
    for cmd in ["check", "build"] {
        qm(
            tmp.path(),
            &[
                cmd,
                "--data",
                "data",
                "--out",
                "out",
                "--scenarios",
                "/nonexistent",
            ][..if cmd == "check" { 3 } else { 5 }]
                .iter()
                .chain(["--scenarios", "/nonexistent"].iter())
                .copied()
                .collect::<Vec<_>>(),
        )
        .expect(2)
        .says("given as --scenarios");
    }
}

// ---- item 3: nothing dropped without a word

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

#[test]
fn a_missing_gpid_registry_is_a_warning() {
    let (tmp, _) = workspace();
    qm(tmp.path(), &["check", "--data", "data"])
        .expect(0)
        .says("vassal::no-gpid-registry");
}

// ---- items 6 and 8: modules are foreign input

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
    let names: Vec<String> = qm::vassal::archive::read_entries(&merged)
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
}

// ---- item 7: `qm check` passing means `qm build` succeeds

#[test]
fn what_the_build_cannot_handle_fails_the_check_at_its_place() {
    let (tmp, data) = workspace();
    let lines = listing_lines(&data);
    let names = [
        "L3-35",
        "L3 / 35",
        ".",
        "..",
        "\u{1f4a3}",
        &"X".repeat(300),
        "Nul\u{0}Name",
        "Ff\u{ffff}Name",
    ];
    let mut text = format!("{}\n{}\n", lines[0], lines[1]);
    for n in names {
        text.push_str(&lines[2].replacen("L5 / 21", n, 1));
        text.push('\n');
    }
    write(&data.join("ita/listing.tsv"), &text);
    let run = qm(tmp.path(), &["check", "--data", "data"]);
    run.expect(1)
        .says("error[build::duplicate-id]")
        .says("ita/listing.tsv:4:1")
        .says("failed to make an id for the vehicle \".\"")
        .says("failed to make an id for the vehicle \"..\"")
        .says("failed to make an id for the vehicle \"\u{1f4a3}\"")
        .says("error[build::name-too-long]")
        .says("U+0000")
        .says("ita/listing.tsv:9:4");
    qm(tmp.path(), &["build", "--data", "data", "--out", "out"]).expect(1);
    assert!(!tmp.path().join("out").exists());
}

#[test]
fn a_huge_vehicle_name_fails_fast() {
    let (tmp, data) = workspace();
    let lines = listing_lines(&data);
    let row = lines[2].replacen("L5 / 21", &"L".repeat(3_000_000), 1);
    write(
        &data.join("ita/listing.tsv"),
        &format!("{}\n{}\n{row}\n", lines[0], lines[1]),
    );
    qm(tmp.path(), &["build", "--data", "data", "--out", "out"])
        .expect(1)
        .says("build::name-too-long");
}

#[test]
fn vassal_toml_and_scenario_ids_are_checked() {
    let (tmp, data) = workspace();
    let config = std::fs::read_to_string(data.join("vassal.toml")).unwrap();
    write(&data.join("vassal.toml"), &format!("{config}bogus = 1\n"));
    qm(tmp.path(), &["check", "--data", "data"])
        .expect(1)
        .says("error[vassal::config]")
        .says("vassal.toml:");
    let bad_file: String = config
        .lines()
        .map(|l| {
            if l.starts_with("file") {
                "file = \".vmod\""
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    write(&data.join("vassal.toml"), &bad_file);
    qm(tmp.path(), &["check", "--data", "data"])
        .expect(1)
        .says("must be a plain name ending in .vmod");
    write(&data.join("vassal.toml"), &config);
    let id = "a".repeat(300);
    write(
        &data.join("scenarios/long.toml"),
        &std::fs::read_to_string(root().join("data-src/scenarios/rearguard-at-buq-buq.toml"))
            .unwrap()
            .replacen(
                "id = \"rearguard-at-buq-buq\"",
                &format!("id = \"{id}\""),
                1,
            ),
    );
    qm(tmp.path(), &["check", "--data", "data"])
        .expect(1)
        .says("scenario::bad-id")
        .says("scenarios/long.toml:4:6");
}

#[test]
fn a_huge_word_in_the_notes_is_wrapped_not_a_hang() {
    // The SVG reader lays out a text run in time quadratic in its length: a 200 KB word must
    // reach it cut into line-wide runs (this took minutes before).
    let (tmp, data) = workspace();
    write(
        &data.join("ita/notes.md"),
        &format!("**1. L5/21:** A tank {} end.\n", "Q".repeat(200_000)),
    );
    qm(tmp.path(), &["build", "--data", "data", "--out", "out"]).expect(0);
}

#[test]
fn an_infantry_unit_without_an_id_fails_the_check() {
    let (tmp, data) = workspace();
    write(
        &data.join("ita/ob.toml"),
        "[nation]\nname = \"Italian\"\naxis = true\npublication = \"x\"\n\n[[infantry]]\nname = \"\u{1f4a3}\"\nkind = \"squad\"\nrule = \"197.21\"\nlines = \"802\"\n",
    );
    qm(tmp.path(), &["check", "--data", "data"])
        .expect(1)
        .says("error[ob::bad-id]")
        .says("ita/ob.toml:7:8");
}

#[test]
fn check_verbose_escapes_the_data() {
    let (tmp, data) = workspace();
    // A C1 CSI (U+009B): XML holds it, a terminal obeys it.
    let errata = "[[erratum]]\nid = \"e1\"\nfile = \"notes.md\"\nfind = \"A tank\"\nreplace = \"A tank.\"\nreason = \"ok \u{9b}2J\"\nsource = \"s\"\n";
    write(&data.join("ita/errata.toml"), errata);
    let run = qm(tmp.path(), &["check", "--verbose", "--data", "data"]);
    run.expect(0).says("(ok \u{fffd}2J; source: s)");
    assert!(!run.stdout.contains('\u{9b}'), "{}", run.stdout);
}
