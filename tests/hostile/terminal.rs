//! Item 9: terminal safety and noise: control characters of the data are escaped, a file in
//! the wrong encoding is reported once, and repeated diagnostics are capped.

use crate::run::{listing_lines, qm, workspace, write};

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
        // Once as a diagnostic (the report's count per code names it again).
        assert_eq!(run.stderr.matches("[load::encoding]").count(), 1);
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

#[test]
fn a_binary_nation_file_is_reported_once_and_its_nation_left_out() {
    let (_tmp, data) = workspace();
    // The same junk as above; the nation's errata, notes and scenario would each report what
    // the file lacks if it were read as empty.
    let mut x: u32 = 54321;
    let junk: Vec<u8> = (0..50_000)
        .map(|_| {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (x >> 16) as u8
        })
        .collect();
    let scenario = std::fs::read_to_string(
        crate::run::root().join("data-src/scenarios/rearguard-at-buq-buq.toml"),
    )
    .unwrap();
    write(&data.join("scenarios/s.toml"), &scenario);
    let erratum = "[[erratum]]\nid = \"e\"\nfile = \"notes.md\"\nfind = \"A tank\"\nreplace = \"A tank.\"\nreason = \"r\"\nsource = \"s\"\n";
    for file in ["notes.md", "ob.toml", "errata.toml", "theaters.toml"] {
        let (tmp2, data2) = workspace();
        qm_test_support::copy_dir(&data, &data2);
        write(&data2.join("ita/errata.toml"), erratum);
        std::fs::write(data2.join("ita").join(file), &junk).unwrap();
        let run = qm(tmp2.path(), &["check", "--data", "data"]);
        run.expect(1)
            .says(&format!("failed to read ita/{file} as UTF-8 text"))
            .says("failed to use the nation `ita` (its data could not be read)");
        assert_eq!(
            run.stderr.matches("error[").count(),
            2,
            "{file}: {}",
            run.stderr
        );
        assert!(!run.stderr.contains("warning["), "{file}: {}", run.stderr);
    }
}

/// An invalid byte after CRLF line ends (found by fuzzing `ob.toml`): the span was taken in
/// the file's bytes but read in the normalized text, one byte off per CR, and the printer
/// panicked slicing inside the U+FFFD that replaced the byte.
#[test]
fn an_invalid_byte_after_crlf_lines_is_shown_where_it_is() {
    for long in [false, true] {
        let (tmp, data) = workspace();
        let ob = std::fs::read_to_string(crate::run::root().join("data-src/ita/ob.toml")).unwrap();
        let pad = if long { "x".repeat(300) } else { String::new() };
        let mut bytes = ob.replace('\n', "\r\n").into_bytes();
        bytes.extend_from_slice(format!("# {pad}ab").as_bytes());
        bytes.push(0x92);
        bytes.extend_from_slice(b"cd\r\n");
        std::fs::write(data.join("ita/ob.toml"), &bytes).unwrap();
        let line = ob.lines().count() + 1;
        let col = 2 + pad.len() + 3;
        let run = qm(tmp.path(), &["check", "--data", "data"]);
        run.expect(1)
            .says("failed to read ita/ob.toml as UTF-8 (invalid byte sequence)")
            .says(&format!("ita/ob.toml:{line}:{col}"));
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    }
}

#[test]
fn command_line_arguments_are_not_echoed_raw() {
    let (tmp, data) = workspace();
    let evil = "x\u{1b}]0;pwned\u{7}\u{1b}[2J";
    let out = format!("out{evil}");
    let data = data.to_str().unwrap();
    let runs = [
        // "wrote N files to <out>".
        qm(tmp.path(), &["build", "--data", data, "--out", &out]),
        // Unknown theater, vehicle, nation, date.
        qm(
            tmp.path(),
            &[
                "avail",
                "ita",
                "--theater",
                evil,
                "--date",
                "3/41",
                "--data",
                data,
            ],
        ),
        qm(tmp.path(), &["show", "ita", evil, "--data", data]),
        qm(
            tmp.path(),
            &[
                "avail",
                evil,
                "--theater",
                "NA",
                "--date",
                "3/41",
                "--data",
                data,
            ],
        ),
        qm(
            tmp.path(),
            &[
                "avail",
                "ita",
                "--theater",
                "NA",
                "--date",
                evil,
                "--data",
                data,
            ],
        ),
        // Path errors.
        qm(tmp.path(), &["check", "--data", &format!("nowhere{evil}")]),
        qm(
            tmp.path(),
            &["vassal", "check", &format!("nowhere{evil}.vmod")],
        ),
        qm(
            tmp.path(),
            &["build", "--data", data, "--out", "out", "--templates", evil],
        ),
    ];
    for run in &runs {
        let all = format!("{}{}", run.stdout, run.stderr);
        assert!(all.contains('\u{241b}'), "{all}");
        assert!(!all.contains('\u{1b}') && !all.contains('\u{7}'), "{all:?}");
    }
}
