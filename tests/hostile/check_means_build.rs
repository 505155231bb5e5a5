//! Item 7: `qm check` passing means `qm build` succeeds: what the build cannot handle fails the
//! check at its place.

use crate::run::{listing_lines, qm, root, workspace, write};

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
        .says("error[validate::duplicate-id]")
        .says("ita/listing.tsv:4:1")
        .says("failed to make an id for the vehicle \".\"")
        .says("failed to make an id for the vehicle \"..\"")
        .says("failed to make an id for the vehicle \"\u{1f4a3}\"")
        .says("error[listing::name-too-long]")
        .says("U+0000")
        .says("ita/listing.tsv:9:4");
    qm(tmp.path(), &["build", "--data", "data", "--out", "out"]).expect(1);
    assert!(!tmp.path().join("out").exists());
}

#[test]
fn a_huge_vehicle_name_fails_fast() {
    let (tmp, data) = workspace();
    let lines = listing_lines(&data);
    // 10 MB (the hang) is past the listing's cap; 300 KB is read, and refused as a
    // name (the time is linear in the name's length: a debug build takes about 0.5 s).
    for (length, says) in [
        (10_000_000, "larger than 4 MiB"),
        (300_000, "listing::name-too-long"),
    ] {
        let row = lines[2].replacen("L5 / 21", &"L".repeat(length), 1);
        write(
            &data.join("ita/listing.tsv"),
            &format!("{}\n{}\n{row}\n", lines[0], lines[1]),
        );
        qm(tmp.path(), &["build", "--data", "data", "--out", "out"])
            .expect(1)
            .says(says);
        assert!(!tmp.path().join("out").exists());
    }
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

#[test]
fn long_names_get_short_stable_distinct_ids_and_build() {
    let (tmp, data) = workspace();
    let lines = listing_lines(&data);
    // Two names of 100 characters alike in their first 90: ids are cut to 64 bytes, ended by
    // a hash of the whole, so both build, each with its own files.
    let stem = "L5 ".to_string() + &"X".repeat(87);
    let names = [format!("{stem} Mark 1/2"), format!("{stem} Mark 3/4")];
    let mut text = format!("{}\n{}\n", lines[0], lines[1]);
    for n in &names {
        text.push_str(&lines[2].replacen("L5 / 21", n, 1));
        text.push('\n');
    }
    write(&data.join("ita/listing.tsv"), &text);
    qm(tmp.path(), &["check", "--data", "data"]).expect(0);
    qm(tmp.path(), &["build", "--data", "data", "--out", "out"]).expect(0);
    let ids = |out: &std::path::Path| -> Vec<String> {
        let mut ids: Vec<String> = std::fs::read_dir(out.join("ita/counters"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter_map(|f| f.strip_suffix("-front.svg").map(str::to_string))
            .collect();
        ids.sort();
        ids
    };
    let first = ids(&tmp.path().join("out"));
    assert_eq!(first.len(), 2, "{first:?}");
    assert!(first.iter().all(|id| id.len() == 64), "{first:?}");
    assert!(first[0].starts_with("l5-xxxx") && first[0] != first[1]);
    // The same names give the same ids at the next build.
    qm(tmp.path(), &["build", "--data", "data", "--out", "out"]).expect(0);
    assert_eq!(ids(&tmp.path().join("out")), first);
}

/// A scenario of two free lists (no nation's data), with `extra` lines at its top.
fn free_scenario(extra: &str, title: &str, unit: &str) -> String {
    format!(
        "{extra}id = \"s\"\ntitle = \"{title}\"\ndate = \"12/40\"\ntheater = \"North Africa\"\nlocation = \"L\"\nboards = [\"25\"]\nturns = 5\nvictory = \"V\"\n\n[[side]]\nname = \"A\"\nunits = [{{ name = \"{unit}\", count = 1, kind = \"vehicle\", enters = 2 }}]\n\n[[side]]\nname = \"B\"\nunits = [{{ name = \"Squad\", count = 2, kind = \"infantry\" }}]\n"
    )
}

#[test]
fn a_scenario_its_card_cannot_show_fails_the_check() {
    let (tmp, data) = workspace();
    let scenario = data.join("scenarios/s.toml");
    write(&scenario, &free_scenario("", "T", "Tank"));
    qm(tmp.path(), &["check", "--data", "data"]).expect(0);
    // 5,000 special rules (70 KB) are 80 pages: the card would print them at 1% size (a
    // 990 KB file of them took 9 s and 1.3 GB to build; past that, the build ran out of fuel
    // after the check said ok). A title, a place, a board list or a name is one line.
    let ssrs: Vec<String> = (0..5000).map(|i| format!("\"Rule {i}\"")).collect();
    let long = "w".repeat(100_000);
    let cases = [
        (
            free_scenario(&format!("ssr = [{}]\n", ssrs.join(", ")), "T", "Tank"),
            "scenario::card-too-full",
            "s.toml:2:6",
        ),
        (
            free_scenario("", &long, "Tank"),
            "failed to use the title www",
            "s.toml:2:9",
        ),
        (
            free_scenario("", "T", &long),
            "failed to use the unit name www",
            "s.toml:12:19",
        ),
    ];
    for (text, says, at) in cases {
        write(&scenario, &text);
        qm(tmp.path(), &["check", "--data", "data"])
            .expect(1)
            .says(says)
            .says(at);
        qm(tmp.path(), &["build", "--data", "data", "--out", "out"])
            .expect(1)
            .says(says);
        assert!(!tmp.path().join("out").exists());
    }
}

#[test]
fn texts_the_counters_print_are_checked_not_left_to_the_build() {
    // A fitted box takes at most 10,000 bytes (`fit` refuses more at build time, blaming the
    // template); the check refuses a printed text over 120 characters at its place.
    let long = "W".repeat(20_000);
    let ob = |nation: &str, class: &str| {
        format!(
            "[nation]\nname = \"{nation}\"\naxis = true\npublication = \"x\"\n\n[[class]]\nid = \"elite\"\nname = \"{class}\"\nrule = \"1\"\nlines = \"1\"\n\n[[infantry]]\nname = \"4-4-7\"\nkind = \"squad\"\nclass = \"elite\"\nrule = \"1\"\nlines = \"1\"\n"
        )
    };
    let notes = format!(
        "**1. L5/21:** A tank, as signified by \"{long}\" on the reverse side of the counter.\n"
    );
    let cases = [
        (
            "ita/ob.toml",
            ob(&long, "Elite"),
            "nation name of ita WWW",
            "",
        ),
        (
            "ita/ob.toml",
            ob("Italian", &long),
            "class name WWW",
            "ita/ob.toml:7:",
        ),
        (
            "ita/notes.md",
            notes,
            "counter notation WWW",
            "ita/notes.md:1:",
        ),
    ];
    for (file, text, says, at) in cases {
        let (tmp, data) = workspace();
        write(&data.join(file), &text);
        qm(tmp.path(), &["check", "--data", "data"])
            .expect(1)
            .says("error[validate::text-too-long]")
            .says(says)
            .says(at);
        qm(tmp.path(), &["build", "--data", "data", "--out", "out"])
            .expect(1)
            .says("validate::text-too-long");
        assert!(!tmp.path().join("out").exists());
    }
}

/// Issue 24, item 9: nation folders whose outputs would land on another's, or whose names are
/// past what a file name holds, fail the check (and so the build) instead of the write.
#[test]
fn nation_folders_whose_outputs_collide_or_are_too_long_fail_the_check() {
    let (tmp, data) = workspace();
    let long = "n".repeat(250);
    for folder in ["ita.json", "ITA", long.as_str(), "schema", "vassal"] {
        qm_test_support::copy_dir(&data.join("ita"), &{
            let d = data.join(folder);
            std::fs::create_dir_all(&d).unwrap();
            d
        });
    }
    let run = qm(tmp.path(), &["check", "--data", "data"]);
    run.expect(1)
        .says("error[load::bad-nation-folder]")
        .says("\"ita.json\" (its output files and folders would land on those of \"ITA\")")
        .says("\"ita\" (its output files and folders would land on those of \"ITA\")")
        .says("longer than 64 bytes")
        .says("the name is one of the folders a build writes");
    qm(tmp.path(), &["build", "--data", "data", "--out", "out"]).expect(1);
    assert!(!tmp.path().join("out").exists());
    // The first of a colliding pair in byte order is the one read; only the others are errors.
    assert!(!run.stderr.contains("\"ITA\" ("), "{}", run.stderr);
}

/// Issue 24, item 7: a TOML escape that makes a character XML cannot hold (`\u001b`,
/// `\u0000`, `\uFFFF`, `\u000b`) fails the check at the string, in every TOML file the build
/// reads, instead of the build's SVG and XML writing.
#[test]
fn toml_escapes_of_characters_xml_cannot_hold_fail_the_check_at_the_string() {
    for (file, escape) in [
        ("ita/ob.toml", "\\u001b"),
        ("vassal.toml", "\\u0000"),
        ("registry/vehicle-types.toml", "\\uFFFF"),
        ("scenarios/s.toml", "\\u000b"),
    ] {
        let (tmp, data) = workspace();
        let path = data.join(file);
        let text = match file {
            "ita/ob.toml" => format!("[nation]\nname = \"Ital{escape}ian\"\n"),
            "scenarios/s.toml" => {
                let example = root().join("data-src/scenarios/rearguard-at-buq-buq.toml");
                let text = std::fs::read_to_string(example).unwrap();
                let title = text.lines().find(|l| l.starts_with("title = ")).unwrap();
                text.replacen(title, &format!("title = \"Rear{escape}guard\""), 1)
            }
            _ => {
                let text = std::fs::read_to_string(&path).unwrap();
                let at = text.find("name = \"").unwrap() + "name = \"".len();
                format!("{}{escape}{}", &text[..at], &text[at..])
            }
        };
        write(&path, &text);
        let run = qm(tmp.path(), &["check", "--data", "data"]);
        run.expect(1)
            .says("error[load::bad-character]")
            .says("written as an escape")
            .says(file);
        qm(tmp.path(), &["build", "--data", "data", "--out", "out"]).expect(1);
        assert!(!tmp.path().join("out").exists(), "{file}");
    }
}
