//! Round 4, items 10 to 12 and the smaller ones: what `qm` prints is what it promises — JSON
//! only on stdout with `--message-format json`, no raw escape sequence from a typed name or
//! path, the exit status that says what went wrong, the file of every JSON diagnostic about
//! one, and a suggestion that can be told apart.

use crate::run::{qm, workspace, write};

#[test]
fn check_json_verbose_prints_only_json_on_stdout() {
    let (tmp, data) = workspace();
    write(
        &data.join("ita/errata.toml"),
        concat!(
            "[[erratum]]\nid = \"e1\"\nfile = \"notes.md\"\nfind = \"A tank.\"\n",
            "replace = \"A small tank.\"\nreason = \"typo\"\nsource = \"me\"\n"
        ),
    );
    let run = qm(
        tmp.path(),
        &[
            "check",
            "--data",
            "data",
            "--verbose",
            "--message-format",
            "json",
        ],
    );
    run.expect(0);
    for line in run.stdout.lines() {
        assert!(
            serde_json::from_str::<serde_json::Value>(line).is_ok_and(|v| v.is_object()),
            "not a JSON object on stdout: {line:?}\n{}",
            run.stdout
        );
    }
    // The verbose facts still come, on stderr.
    assert!(run.stderr.contains("ita ("), "{}", run.stderr);
    assert!(run.stderr.contains("erratum e1"), "{}", run.stderr);
}

#[test]
fn export_escapes_a_typed_nation_and_out() {
    let (tmp, _) = workspace();
    std::fs::write(tmp.path().join("afile"), "x").unwrap();
    for args in [
        &[
            "export",
            "vasl-csv",
            "\u{1b}]0;title\u{7}",
            "--data",
            "data",
        ][..],
        &[
            "export",
            "vasl-csv",
            "ita",
            "--data",
            "data",
            "--out",
            "afile/\u{1b}[31mred",
        ],
    ] {
        let run = qm(tmp.path(), args);
        run.expect(2).says("\u{241b}");
        assert!(
            !run.stderr.contains('\u{1b}') && !run.stderr.contains('\u{7}'),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn export_keep_going_with_an_error_in_the_nations_own_file_says_so() {
    let (tmp, data) = workspace();
    write(&data.join("ita/ob.toml"), "bogus = [\n");
    for out in [None, Some("out")] {
        let mut args = vec![
            "export",
            "vasl-csv",
            "ita",
            "--data",
            "data",
            "--keep-going",
        ];
        args.extend(out.iter().flat_map(|o| ["--out", o]));
        let run = qm(tmp.path(), &args);
        run.expect(1).says("nation ita").says("left out");
        assert!(!run.stderr.contains("no nation"), "{}", run.stderr);
        assert!(run.stdout.is_empty(), "{}", run.stdout);
    }
    assert!(!tmp.path().join("out/ita_vehicles.csv").exists());
}

#[test]
fn json_diagnostics_about_a_file_without_a_position_name_it() {
    let (tmp, data) = workspace();
    write(&data.join("ita/art/nothing-like-it.png"), "not a picture");
    write(&data.join("ita/art/l5-21.png"), "not a picture either");
    write(&data.join("a\\b/ob.toml"), "");
    let run = qm(
        tmp.path(),
        &["check", "--data", "data", "--message-format", "json"],
    );
    let mut seen = Vec::new();
    for line in run.stdout.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let code = v["code"].as_str().unwrap();
        if code.starts_with("art::") || code == "load::bad-nation-folder" {
            seen.push((code.to_string(), v["file"].clone()));
        }
    }
    seen.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        seen,
        [
            (
                "art::unmatched".to_string(),
                serde_json::json!("ita/art/nothing-like-it.png")
            ),
            (
                "art::unreadable".to_string(),
                serde_json::json!("ita/art/l5-21.png")
            ),
            (
                "load::bad-nation-folder".to_string(),
                serde_json::json!("a\\b")
            ),
        ],
        "{}",
        run.stdout
    );
}

#[test]
fn two_vehicles_colliding_by_case_are_not_offered_twice() {
    let (tmp, data) = workspace();
    let text = std::fs::read_to_string(data.join("ita/listing.tsv")).unwrap();
    let row = text
        .lines()
        .nth(2)
        .unwrap()
        .replacen("L5 / 21", "l5 / 21", 1);
    std::fs::write(data.join("ita/listing.tsv"), format!("{text}{row}\n")).unwrap();
    let run = qm(tmp.path(), &["show", "ita", "L5/21", "--data", "data"]);
    run.expect(1)
        .says("neither their names nor their ids tell apart")
        .says("`L5/21`, `l5/21`");
    let run = qm(tmp.path(), &["show", "ita", "L5", "--data", "data"]);
    run.expect(2);
    for line in run.stderr.lines().filter(|l| l.contains("did you mean")) {
        let offered: Vec<&str> = line.split('`').skip(1).step_by(2).collect();
        let mut once = offered.clone();
        once.dedup();
        assert_eq!(offered, once, "{line}");
    }
}
