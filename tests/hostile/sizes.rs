//! Issue 24, item 8: `check` passes only what `build` can draw: a listing longer than the
//! artifacts are made for, or a counter side given more notations than it can show, is
//! refused by both at its place, and reading many notations costs their number, not its
//! square.

use crate::run::{listing_lines, qm, workspace, write};

#[test]
fn a_listing_of_thousands_of_rows_is_refused_by_check_and_build() {
    let (tmp, data) = workspace();
    let lines = listing_lines(&data);
    let mut text = format!("{}\n{}\n", lines[0], lines[1]);
    for i in 0..5_000 {
        text.push_str(&lines[2].replacen("L5 / 21", &format!("X{i}"), 1));
        text.push('\n');
    }
    write(&data.join("ita/listing.tsv"), &text);
    for cmd in [&["check"][..], &["build", "--out", "out"]] {
        let mut args = cmd.to_vec();
        args.extend(["--data", "data"]);
        qm(tmp.path(), &args)
            .expect(1)
            .says("error[validate::too-many-vehicles]")
            .says("ita/listing.tsv:1003:")
            .says("at most 1000");
    }
    assert!(!tmp.path().join("out").exists());
}

#[test]
fn a_note_quoting_a_thousand_notations_is_refused_quickly() {
    let (tmp, data) = workspace();
    // One sentence quoting 2,000 notations: the paragraph's bound.
    let quotes: Vec<String> = (0..2_000).map(|i| format!("\"N{i}\"")).collect();
    let note = format!(
        "**1. L5/21:** A tank.\n\n† If Stunned, it is signified by {} on the reverse side of the counter.\n",
        quotes.join(", ")
    );
    write(&data.join("ita/notes.md"), &note);
    qm(tmp.path(), &["check", "--data", "data"])
        .expect(1)
        .says("error[notes::too-many-notations]")
        .says("ita/notes.md:3:")
        .says("at most 64");
    // 1,000 notations in paragraphs of ten: each paragraph is read, the counter's back is
    // refused at the first notation it cannot show.
    let mut note = String::from("**1. L5/21:** A tank.\n");
    for p in 0..100 {
        let quotes: Vec<String> = (0..10).map(|i| format!("\"P{p}N{i}\"")).collect();
        note.push_str(&format!(
            "\n† It is signified by {} on the reverse side of the counter.\n",
            quotes.join(", ")
        ));
    }
    write(&data.join("ita/notes.md"), &note);
    for cmd in [&["check"][..], &["build", "--out", "out"]] {
        let mut args = cmd.to_vec();
        args.extend(["--data", "data"]);
        qm(tmp.path(), &args)
            .expect(1)
            .says("error[validate::too-many-notations]")
            .says("P1N6")
            .says("at most 16");
    }
    assert!(!tmp.path().join("out").exists());
}
