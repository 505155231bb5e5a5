//! Issue 31: VASL's Chapter H CSV (`listing.csv`) read by the csv crate's own rules, its
//! cells written back exactly by `qm export vasl-csv`, cells a spreadsheet would run as
//! formulas, a header without `notes`, and reading linear in a cell's length and in rows.

use std::path::{Path, PathBuf};

use qm_schema::VASL_HEADER;

use crate::run::{qm, write};

/// A vehicle row of VASL's layout: a plain vehicle, with `cells` (already as the CSV holds
/// them, quotes included) in place of its own.
fn row(cells: &[(&str, &str)]) -> String {
    let base = [
        ("count", "2"),
        ("name", "Auk Gun Carrier <i>AG</i>"),
        ("weight", "9"),
        ("bpv", "40"),
        ("rf", "1.4"),
        ("dates", "1/43-44"),
        ("size", "+1"),
        ("af", "4"),
        ("cs", "3"),
        ("mp", "10"),
        ("gt", "NT"),
        ("ma", "B75*"),
        ("breakdown", "11"),
        ("version", "1.0"),
        ("piece", "nauk"),
        ("overrides", "nat=no"),
    ];
    VASL_HEADER
        .iter()
        .map(|column| {
            let find = |list: &[(&str, &str)]| {
                list.iter()
                    .find(|(c, _)| c == column)
                    .map(|(_, v)| v.to_string())
            };
            find(cells).or_else(|| find(&base)).unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// A data directory whose one nation `x` has `listing.csv` = `text`.
fn data_with(text: &str) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    write(&data.join("x/listing.csv"), text);
    (tmp, data)
}

fn header() -> String {
    VASL_HEADER.join(",")
}

/// The records `qm export vasl-csv` prints for nation `x`, as the csv crate reads them.
fn exported(cwd: &Path) -> Vec<Vec<String>> {
    let run = qm(cwd, &["export", "vasl-csv", "--data", "data", "x"]);
    run.expect(0);
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(run.stdout.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect()
}

fn cell<'a>(record: &'a [String], column: &str) -> &'a str {
    let at = VASL_HEADER.iter().position(|c| *c == column).unwrap();
    &record[at]
}

#[test]
fn a_quote_inside_an_unquoted_field_does_not_join_fields() {
    // The hand-written splitter flipped its quote state at every `"`: the fields from
    // `1.0"` to `x"y` became one, check said ok and the export lost `piece`.
    let text = format!(
        "{}\n{}\n",
        header(),
        row(&[
            ("version", "1.0\""),
            ("svg_image_transform", "x\"y"),
            ("comments", "c")
        ])
    );
    let (tmp, _) = data_with(&text);
    qm(tmp.path(), &["check", "--data", "data"]).expect(0);
    let records = exported(tmp.path());
    let r = &records[1];
    assert_eq!(cell(r, "version"), "1.0\"");
    assert_eq!(cell(r, "piece"), "nauk");
    assert_eq!(cell(r, "overrides"), "nat=no");
    assert_eq!(cell(r, "svg_image_transform"), "x\"y");
    assert_eq!(cell(r, "comments"), "c");
}

#[test]
fn line_breaks_in_verbatim_cells_are_written_back() {
    // A line break in a quoted `comments` or `svg_image_transform` cell came back a space.
    let text = format!(
        "{}\n{}\n",
        header(),
        row(&[
            ("svg_image_transform", "\"scale(1)\r\ntranslate(2, 2)\""),
            ("comments", "\" two\nlines, \"\"quoted\"\"\t\""),
        ])
    );
    let (tmp, _) = data_with(&text);
    qm(tmp.path(), &["check", "--data", "data"]).expect(0);
    let records = exported(tmp.path());
    let r = &records[1];
    assert_eq!(
        cell(r, "svg_image_transform"),
        "scale(1)\r\ntranslate(2, 2)"
    );
    assert_eq!(cell(r, "comments"), " two\nlines, \"quoted\"\t");
    assert_eq!(cell(r, "piece"), "nauk");
}

#[test]
fn a_less_than_read_as_text_is_written_back_as_text() {
    // Fuzz finding (`vasl_csv`): a `<` with no `>` after it is text, but the export wrote the
    // superscripts after it as `<sup>` (`Auk </ᵗ` -> `Auk </<sup>t</sup>`), and the next
    // reading lost `</` (`Auk t`), exit 0. A `<sup>` never closed turned the rest of its
    // cell into superscripts (`1</suB` -> `¹</ˢuᴮ`). The export now writes each record as
    // read (issue 33): every name comes back byte for byte, and so does the file. (The IR's
    // own writer is held to the same rule by qm-export's property test of stray markup.)
    let names = [
        ("Auk <i>AG</i> w/ </ᵗ", "Auk <i>AG</i> w/ </ᵗ"),
        ("<i>AG</i> Bee <ˢ", "<i>AG</i> Bee <ˢ"),
        (
            "Cee <i>AG</i> w/ <sup>1</suB",
            "Cee <i>AG</i> w/ <sup>1</suB",
        ),
    ];
    let mut text = header();
    for (i, (name, _)) in names.iter().enumerate() {
        let piece = format!("p{i}");
        text += &format!("\n{}", row(&[("name", name), ("piece", &piece)]));
    }
    let (tmp, _) = data_with(&(text + "\n"));
    let first = qm(tmp.path(), &["export", "vasl-csv", "--data", "data", "x"]);
    first.expect(0);
    let records = exported(tmp.path());
    for (r, (read, written)) in records[1..].iter().zip(names) {
        assert_eq!(cell(r, "name"), written, "{read}");
    }
    // Read and written back: the same bytes.
    let (again, _) = data_with(&first.stdout);
    let second = qm(again.path(), &["export", "vasl-csv", "--data", "data", "x"]);
    assert_eq!(second.expect(0).stdout, first.stdout);
}

#[test]
fn formula_cells_are_warned_about_and_exported_as_text() {
    // `=HYPERLINK(…)` and `@…|…` passed check silently and were exported as they were: a
    // spreadsheet opening the file ran them. VASL's own `+1` and `+F` stay as they are.
    let text = format!(
        "{}\n{}\n",
        header(),
        row(&[
            ("name", "\"=HYPERLINK(\"\"http://x\"\") <i>AG</i>\""),
            ("comments", "@SUM(1+1)*cmd|' /C calc'!A0"),
            ("ta", "+F"),
            ("smoke_depletion", "-2+cmd|' /C calc'!A0"),
        ])
    );
    let (tmp, _) = data_with(&text);
    let run = qm(tmp.path(), &["check", "--data", "data"]);
    run.expect(0)
        .says("warning[vasl::formula-cell]")
        .says("x/listing.csv:2:3")
        .says("3 vasl::formula-cell");
    let records = exported(tmp.path());
    let r = &records[1];
    assert!(
        cell(r, "name").starts_with("'=HYPERLINK(\"http://x\")"),
        "{r:?}"
    );
    assert_eq!(cell(r, "comments"), "'@SUM(1+1)*cmd|' /C calc'!A0");
    assert_eq!(cell(r, "smoke_depletion"), "'-2+cmd|' /C calc'!A0");
    assert_eq!(cell(r, "size"), "+1");
    assert_eq!(cell(r, "ta"), "+F");
}

#[test]
fn a_header_without_notes_is_an_error_of_its_own() {
    let header: Vec<&str> = VASL_HEADER
        .iter()
        .copied()
        .filter(|c| *c != "notes")
        .collect();
    let r = row(&[]);
    let cells: Vec<&str> = r.split(',').collect();
    let cells: Vec<&str> = VASL_HEADER
        .iter()
        .zip(cells)
        .filter(|(c, _)| **c != "notes")
        .map(|(_, v)| v)
        .collect();
    let text = format!("{}\n{}\n", header.join(","), cells.join(","));
    let (tmp, _) = data_with(&text);
    qm(tmp.path(), &["check", "--data", "data"])
        .expect(1)
        .says("error[vasl::missing-column]: failed to find the column `notes` in the header")
        .says("x/listing.csv:1:1");
}

#[test]
fn markup_reading_is_linear_in_a_cells_length() {
    // 100,000 unclosed `<sup>` in one cell took 56 s: each searched the rest of the cell
    // for its close, each `<` without `>` scanned to the end, each character walked the
    // open elements.
    let n = 100_000;
    let many = |s: &str| s.repeat(n);
    let crossed = format!(
        "{}{}{}",
        "<i>".repeat(30_000),
        "<b>".repeat(30_000),
        "</i>".repeat(30_000)
    );
    let text = format!(
        "{}\n{}\n{}\n{}\n",
        header(),
        row(&[("ma", &format!("B75{}", many("<sup>")))]),
        row(&[
            ("name", "Bee <i>AG</i>"),
            ("piece", "b"),
            ("ma", &format!("B75{}", many("<")))
        ]),
        row(&[
            ("name", "Cee <i>AG</i>"),
            ("piece", "c"),
            ("breakdown", &format!("11{crossed}"))
        ]),
    );
    let (tmp, _) = data_with(&text);
    qm(tmp.path(), &["check", "--data", "data"])
        .expect(1)
        .says("vasl::unclosed-markup");
}

#[test]
fn csv_reading_is_linear_in_rows() {
    // A 5,000-row listing.csv took 28 s: each cell mapped every markup element of the file.
    // (Read whole; more than 1,000 vehicles are then refused for the build.)
    let mut text = header();
    for i in 0..5_000 {
        text.push('\n');
        text.push_str(&row(&[
            ("name", &format!("Auk {i} <i>AG</i>")),
            ("mp", "<b>10</b>"),
            ("breakdown", "<b>11</b>"),
            ("ma", "<i>B75</i>*"),
            ("piece", &format!("p{i}")),
        ]));
    }
    text.push('\n');
    let (tmp, _) = data_with(&text);
    qm(tmp.path(), &["check", "--data", "data"])
        .expect(1)
        .says("5000 vehicles are listed");
}

#[test]
fn every_row_holding_a_control_character_is_an_error_of_its_own() {
    // Fuzz finding (`vasl_csv`): one `load::bad-character` per file, at its first control
    // character, so `--keep-going` left out only that row and built a later row whose `piece`
    // held a form feed.
    let text = format!(
        "{}\n{}\n{}\n{}\n",
        header(),
        row(&[("comments", "a\u{1}b")]),
        row(&[("name", "Bee Carrier <i>AG</i>"), ("piece", "nb\u{c}ee")]),
        row(&[("name", "Cee Carrier <i>AG</i>"), ("piece", "ncee")]),
    );
    let (tmp, _) = data_with(&text);
    let run = qm(tmp.path(), &["check", "--data", "data"]);
    run.expect(1).says("U+0001").says("U+000C");
    assert_eq!(
        run.stderr.matches("error[load::bad-character]").count(),
        2,
        "{}",
        run.stderr
    );
    let build = qm(
        tmp.path(),
        &["build", "--data", "data", "--out", "out", "--keep-going"],
    );
    build.expect(1);
    let json = std::fs::read_to_string(tmp.path().join("out/x.json")).unwrap();
    let ir: serde_json::Value = serde_json::from_str(&json).unwrap();
    let names = |list: &str| -> Vec<String> {
        ir[list]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(names("vehicles"), ["Cee Carrier"]);
    assert_eq!(names("unresolved"), ["Auk Gun Carrier", "Bee Carrier"]);
    assert!(!json.contains("\\f"), "{json}");
}
