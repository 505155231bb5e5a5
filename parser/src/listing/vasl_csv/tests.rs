use super::*;
use crate::FileId;

const HEADER: &str = "count,name,radioless,weight,bpv,rf,dates,size,af,ta,ot,cs,mp,gp,gt,ma,rof_ife,breakdown,intensive_fire,bmg,cmg,aamg,sa,ammunition,smoke_depletion,smoke_discharger,transport,notes,version,piece,overrides,svg_image_transform,reverse,comments\n";

/// A made-up row: the cells given by column name, the others empty.
fn row(cells: &[(&str, &str)]) -> String {
    crate::listing::vasl_csv::columns::VASL_COLUMNS
        .iter()
        .map(|(name, _)| {
            cells
                .iter()
                .find(|(n, _)| n == name)
                .map_or(String::new(), |(_, c)| c.to_string())
        })
        .collect::<Vec<_>>()
        .join(",")
}

fn parse(text: &str) -> Parsed<VaslListing> {
    parse_vasl_csv(&Source::new(FileId(0), "x/listing.csv", text))
}

#[test]
fn a_row_reads_as_the_listing_reads_it() {
    let text = format!(
        "{HEADER}{}\n",
        row(&[
            ("count", "3+<i>2</i>"),
            ("name", "Zed 4/1 <i>LT</i>"),
            ("radioless", "•"),
            ("weight", "7"),
            ("bpv", "28"),
            ("rf", "1.6-1.3†"),
            ("dates", "4/41-5/45†<sup>1</sup>"),
            ("mp", "<b>12</b><sup>t</sup>†"),
            (
                "ma",
                "\"T<span style=\"\"text-decoration:underline\"\">20</span>L†<sup>1</sup>\""
            ),
            ("bmg", "-<sup>R2</sup>†"),
            ("notes", "\"6†, <strike>N</strike>, R†<sup>1</sup>\""),
            ("piece", "zed41"),
        ])
    );
    let p = parse(&text);
    assert!(p.diagnostics.is_empty(), "{:#?}", p.diagnostics);
    let r = &p.value.rows[0];
    assert_eq!(r.name.raw, "Zed 4/1");
    assert_eq!(r.vehicle_type.as_ref().unwrap().raw, "LT");
    assert_eq!(r.radioless.as_ref().unwrap().raw, "®");
    assert_eq!(r.dates.as_ref().unwrap().footnote, Some(1));
    let mp = r.mp.as_ref().unwrap();
    assert_eq!(
        (mp.get(), mp.superscript.as_deref(), mp.dagger),
        (Some(&12), Some("t"), true)
    );
    assert_eq!(r.main_armament.as_ref().unwrap().raw, "T20L†¹");
    assert!(r.mg_bow.as_ref().unwrap().get().unwrap().dash);
    let refs: Vec<&str> = r.note_refs.iter().map(|c| c.raw.as_str()).collect();
    assert_eq!(refs, ["6†", "R†¹"]);
    let x = &p.value.extras[0];
    assert_eq!(x.copies, Some(5));
    assert_eq!(x.unread_notes[0].text, "N");
    assert_eq!(x.unread_notes[0].position, 1);
    let kinds: Vec<(&str, MarkupKind, Range<usize>)> = x
        .markup
        .iter()
        .map(|m| (m.column, m.kind, m.range.clone()))
        .collect();
    assert_eq!(
        kinds,
        [
            ("count", MarkupKind::Italic, 2..3),
            ("mp", MarkupKind::Bold, 0..2),
            ("ma", MarkupKind::Underline, 1..3),
            ("bmg", MarkupKind::Superscript, 1..3),
            ("notes", MarkupKind::Strike, 6..7),
        ]
    );
    // Spans are the published bytes.
    let ma = r.main_armament.as_ref().unwrap();
    assert!(
        text[ma.span.range.clone()].starts_with("T<span"),
        "{}",
        &text[ma.span.range.clone()]
    );
    let n = &x.unread_notes[0];
    assert_eq!(&text[n.span.range.clone()], "N");
}

#[test]
fn rows_without_a_vehicle() {
    let text = format!(
        "{HEADER}{}\n{}\n{}\n{}\n",
        row(&[
            ("count", "<b>#</b>"),
            ("name", "<b>Name & <i>Type</i></b>"),
            ("bpv", "<b>BPV</b>"),
            ("overrides", "ignore")
        ]),
        row(&[("count", "<b>NORDIC</b>"), ("overrides", "ignore")]),
        row(&[
            ("count", "2"),
            ("name", "Ka <i>tr</i>"),
            ("bpv", "12"),
            ("rf", "1.2"),
            ("dates", "41-45")
        ]),
        row(&[
            ("count", "0"),
            ("name", "Generic Cart <i>None</i>"),
            ("mp", "8")
        ]),
    );
    let p = parse(&text);
    let codes: Vec<&str> = p.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["vasl::vasl-only-row"]);
    assert_eq!(p.value.rows.len(), 1);
    assert_eq!(p.value.records, 4);
    assert_eq!(p.value.captions[0].label, "NORDIC");
    assert_eq!(p.value.extras[0].caption, Some(0));
}

/// `34<sup>s</sup>`: no source we have says what the small s after an MP means, so it is kept
/// as what it is, the superscript letter `s` (not the `S` its printed `ˢ` reads as).
#[test]
fn a_superscript_s_after_the_mp_is_the_cells_superscript() {
    let text = format!(
        "{HEADER}{}\n",
        row(&[
            ("count", "3"),
            ("name", "Skidoo 6 <i>AS</i>"),
            ("bpv", "13"),
            ("rf", "1.5"),
            ("dates", "12/39-3/40"),
            ("mp", "34<sup>s</sup>†<sup>1</sup>"),
            ("ammunition", "H<sup>s</sup>"),
        ])
    );
    let p = parse(&text);
    let r = &p.value.rows[0];
    let mp = r.mp.as_ref().unwrap();
    assert_eq!(
        (mp.get(), mp.superscript.as_deref(), mp.dagger, mp.footnote),
        (Some(&34), Some("s"), true, Some(1))
    );
    // Printed as published: the small s.
    assert_eq!(mp.raw, "34ˢ†¹");
    assert!(text[mp.span.range.clone()].starts_with("34<sup>s</sup>†"));
    // In a cell of parts, whose grammar would read `ˢ` as `S`, the element stays markup and
    // the cell is refused rather than read with another letter.
    let codes: Vec<&str> = p.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["listing::bad-cell"], "{:#?}", p.diagnostics);
    assert!(r.ammo.as_ref().unwrap().is_error());
    assert!(p.value.extras[0]
        .markup
        .iter()
        .any(|m| m.column == "ammunition" && m.kind == MarkupKind::Superscript));
}

/// A later row with an earlier vehicle's name and listing cells (its VASL piece, count, notes
/// and overrides its own) is another piece of that vehicle; one whose listing cells differ is
/// a vehicle of its own (and the duplicate-name lint's to judge).
#[test]
fn a_repeated_row_is_another_piece_of_its_vehicle() {
    let vehicle = |count: &str, bpv: &str, notes: &str, piece: &str, mp: &str| {
        row(&[
            ("count", count),
            ("name", "Ka 1 <i>AC</i>"),
            ("bpv", bpv),
            ("rf", "1.2"),
            ("dates", "41-45"),
            ("mp", mp),
            ("notes", notes),
            ("piece", piece),
        ])
    };
    let text = format!(
        "{HEADER}{}\n{}\n{}\n{}\n{}\n",
        vehicle("4", "30", "\"69†, A\"", "ka1", "34"),
        row(&[
            ("count", "2"),
            ("name", "Ko <i>tr</i>"),
            ("bpv", "9"),
            ("rf", "1"),
            ("dates", "41")
        ]),
        vehicle("0", "30", "\"69v†, A\"", "sska1@ss", "34"),
        vehicle("4", "31", "69†", "ka1b", "34"),
        vehicle("4", "30", "69†", "ka1c", "<b>34</b>"),
    );
    let p = parse(&text);
    let names: Vec<&str> = p.value.rows.iter().map(|r| r.name.raw.as_str()).collect();
    assert_eq!(names, ["Ka 1", "Ko", "Ka 1", "Ka 1"]);
    let pieces = &p.value.extras[0].pieces;
    assert_eq!(pieces.len(), 1);
    assert_eq!(pieces[0].line, 4);
    assert_eq!(pieces[0].extras.copies, Some(0));
    assert_eq!(
        pieces[0].extras.notes_cell.as_ref().unwrap().text,
        "69v†, A"
    );
    assert_eq!(pieces[0].extras.unread_notes[0].text, "69v†");
    assert!(text[pieces[0].span.range.clone()].starts_with("0,Ka 1"));
    // Another BPV, or a red (bold) MP, is another vehicle.
    assert!(p.value.extras[2].pieces.is_empty() && p.value.extras[3].pieces.is_empty());
}

/// A parenthesized row without TYPE that prints its own BPV, RF and DATES is the second line
/// of the row above: that row keeps its place (it is not folded into an earlier piece of the
/// same name), and the line stays a row under it.
#[test]
fn a_priced_second_line_keeps_its_vehicle_in_place() {
    let vehicle = row(&[
        ("count", "3"),
        ("name", "Ka 1 <i>aLT</i>"),
        ("bpv", "30"),
        ("rf", "1.2"),
        ("dates", "41-45"),
        ("piece", "ka1"),
    ]);
    let line = row(&[
        ("name", "(Without floats)"),
        ("weight", "9.5"),
        ("bpv", "26"),
        ("rf", "1.4†"),
        ("dates", "42-45"),
        ("mp", "15"),
        ("piece", "ka1"),
        ("overrides", "ignore"),
    ]);
    let text = format!("{HEADER}{vehicle}\n{vehicle}\n{line}\n");
    let p = parse(&text);
    let names: Vec<&str> = p.value.rows.iter().map(|r| r.name.raw.as_str()).collect();
    assert_eq!(names, ["Ka 1", "Ka 1", "(Without floats)"]);
    assert!(p.value.extras[0].pieces.is_empty());
    assert!(crate::is_second_line(&p.value.rows[2]));
    assert_eq!(p.value.rows[2].bpv.as_ref().unwrap().raw, "26");
}

/// Issue 31: VASL's programs' cells are kept byte for byte (a CRLF the text read has as LF,
/// spaces at either end), other cells' line ends read as spaces.
#[test]
fn program_cells_are_kept_exactly() {
    let text = format!(
        "{HEADER}{}\r\n",
        row(&[
            ("count", "\"3\r\n\""),
            ("name", "Zed <i>LT</i>"),
            ("bpv", "28"),
            ("rf", "1.2"),
            ("dates", "41"),
            ("svg_image_transform", "\"scale(1)\r\ntranslate(2, 2)\""),
            ("comments", "\" a, \"\"b\"\"\t\""),
        ])
    );
    let p = parse(&text);
    let cells = &p.value.extras[0].cells;
    let get = |c: &str| {
        cells
            .iter()
            .find(|x| x.column == c)
            .map(|x| x.text.as_str())
    };
    assert_eq!(
        get("svg_image_transform"),
        Some("scale(1)\r\ntranslate(2, 2)")
    );
    assert_eq!(get("comments"), Some(" a, \"b\"\t"));
    assert_eq!(get("count"), Some("3"));
}

/// Issue 31: a cell a spreadsheet would run is a warning at its place; VASL's signed values
/// are not.
#[test]
fn formula_cells_are_warned_about() {
    let text = format!(
        "{HEADER}{}\n",
        row(&[
            ("name", "Zed <i>LT</i>"),
            ("bpv", "28"),
            ("rf", "1.2"),
            ("dates", "41"),
            ("size", "+1"),
            ("ta", "-F/+SR"),
            ("bmg", "-<sup>R2</sup>"),
            ("comments", "\"=HYPERLINK(\"\"http://x\"\")\""),
        ])
    );
    let p = parse(&text);
    let found: Vec<(&str, &str)> = p
        .diagnostics
        .iter()
        .map(|d| (d.code, &text[d.span.as_ref().unwrap().range.clone()]))
        .collect();
    assert_eq!(
        found,
        [("vasl::formula-cell", "\"=HYPERLINK(\"\"http://x\"\")\"")]
    );
}

/// Issue 31: a header without `notes` (or another of VASL's columns) is an error.
#[test]
fn a_header_missing_a_column_is_an_error() {
    let header = HEADER.replace("notes,", "");
    let p = parse(&format!("{header}1,Zed <i>LT</i>\n"));
    let d: Vec<&str> = p.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(d, ["vasl::missing-column"]);
    assert!(p.diagnostics[0].message.contains("`notes`"));
}

/// Issue 31: markup that never closes costs one pass over the cell: 100,000 unclosed
/// `<sup>`, `<` without `>` and crossed elements read in about a second (they took
/// minutes when each searched the rest of the cell).
#[test]
fn unclosed_markup_is_read_in_one_pass() {
    for unit in ["<sup>", "<", "<i><b></i>"] {
        let cell = format!("B75{}", unit.repeat(100_000));
        let text = format!(
            "{HEADER}{}\n",
            row(&[("name", "Zed <i>LT</i>"), ("ma", &cell)])
        );
        let start = std::time::Instant::now();
        let p = parse(&text);
        assert!(!p.diagnostics.is_empty());
        assert!(
            start.elapsed().as_secs() < 20,
            "{unit}: {:?}",
            start.elapsed()
        );
    }
}

/// Fuzz finding (`vasl_csv`): a `<sup>` never closed turned the rest of its cell into
/// superscripts (`6†<sup>2</suMT, C` read `6†²</ˢuᴹᵀ, ᶜ`): the search ahead took the first
/// `</sup>` anywhere, or none, as its close, and skipped a `<` without `>` as a tag. Now a
/// `<sup>` is closed only by the `</sup>` the scan reads as its close; one never closed
/// leaves its text as published (and is warned about), like any other element.
#[test]
fn a_sup_never_closed_leaves_its_text_as_published() {
    let cases = [
        ("\"6†<sup>2</suMT, C\"", "6†2</suMT, C"),
        // Its `</sup>` is inside another tag (`<x</sup>`).
        ("\"6†<sup>1<x</sup>, C\"", "6†1, C"),
        // Doubled, closed once: the inner one is closed, the outer not.
        ("\"6†, <sup><sup>1</sup>, A\"", "6†, ¹, A"),
    ];
    for (cell, plain) in cases {
        let text = format!(
            "{HEADER}{}\n",
            row(&[("name", "Ka <i>tr</i>"), ("notes", cell)])
        );
        let p = parse(&text);
        let notes = p.value.extras[0].notes_cell.as_ref().unwrap();
        assert_eq!(notes.text, plain, "{cell}");
        assert!(
            p.diagnostics
                .iter()
                .any(|d| d.code == "vasl::unclosed-markup"),
            "{cell}: {:#?}",
            p.diagnostics
        );
    }
    // A `>` inside a closed `<sup>` has no superscript form: the element stays markup, its
    // text as published (it was `¹` and the `>` after the element).
    let text = format!(
        "{HEADER}{}\n",
        row(&[("name", "Ka <i>tr</i>"), ("notes", "A<sup>1></sup>")])
    );
    let p = parse(&text);
    let x = &p.value.extras[0];
    assert_eq!(x.notes_cell.as_ref().unwrap().text, "A1>");
    assert!(x
        .markup
        .iter()
        .any(|m| m.column == "notes" && m.kind == MarkupKind::Superscript));
}

/// The property test's finding: markup after a type inside the name was counted from the
/// field's start (`Jeep <i>tr</i> w/ <b>Opt</b> AA`: `<b>` over `Opt` of `Jeep tr w/ Opt AA`),
/// not the name's (`Jeep w/ Opt AA`), and written back over ` AA`.
#[test]
fn markup_after_the_type_is_counted_in_the_name() {
    for (cell, name, bold) in [
        ("Jeep <i>tr</i> w/ <b>Opt</b> AA", "Jeep w/ Opt AA", 8..11),
        ("<i>tr</i> Jeep <b>2</b>", "Jeep 2", 5..6),
        ("<b>Jeep</b> <i>tr</i> w/", "Jeep w/", 0..4),
    ] {
        let text = format!(
            "{HEADER}{}\n",
            row(&[("name", cell), ("bpv", "9"), ("rf", "1"), ("dates", "41")])
        );
        let p = parse(&text);
        assert_eq!(p.value.rows[0].name.raw, name);
        let bold_at: Vec<Range<usize>> = p.value.extras[0]
            .markup
            .iter()
            .filter(|m| m.column == "name" && m.kind == MarkupKind::Bold)
            .map(|m| m.range.clone())
            .collect();
        assert_eq!(bold_at, [bold], "{cell}");
    }
}
