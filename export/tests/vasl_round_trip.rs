//! The round trip of VASL's Chapter H CSV as a property: a file of made-up rows in VASL's
//! forms (every markup kind, captions, quoted cells, struck notes and VASL note ids, the type
//! inside the name), read by `qm` and written back by `qm export vasl-csv`, is the same file.

use proptest::prelude::*;
use qm_schema::VASL_HEADER;

/// Cells in VASL's forms, as `qm export vasl-csv` writes them, per column.
fn pool(column: &str) -> &'static [&'static str] {
    match column {
        "count" => &["", "2", "3+<i>2</i>", "Y/-/-/-"],
        "radioless" => &["", "•", "•†"],
        "weight" => &["7", "14.5"],
        "bpv" => &["28", "<b>35</b>"],
        "rf" => &["1.2", "1.6-1.3†", ".9-1.6†"],
        "dates" => &["41-45", "4/41-5/45†<sup>1</sup>", "6/40-2/41"],
        "size" => &["+1", "0", "-1"],
        "af" => &["3/1", "1/0", "★", "6/3"],
        "ta" => &["", "+F", "-F/+SR"],
        "ot" => &["", "•"],
        "cs" => &["2", "<i>4</i>", "<b>4</b>†"],
        "mp" => &[
            "12",
            "<b>12</b><sup>t</sup>†",
            "37<sup>t</sup>",
            "34<sup>s</sup>†<sup>1</sup>",
        ],
        "gp" => &["", "L", "H", "L†"],
        "gt" => &["", "1MT", "RST", "NT"],
        "ma" => &[
            "",
            "T37",
            "T<span style=\"text-decoration:underline\">20</span>L†<sup>1</sup>",
            "B<span style=\"text-decoration:overline\">75</span>*",
            "<b>BF32</b>",
        ],
        "rof_ife" => &["", "1", "1 (4)"],
        "breakdown" => &["", "11", "<b>11</b>†<sup>2</sup>", "<i>9</i>"],
        "intensive_fire" => &["", "•"],
        "bmg" => &["", "4", "-<sup>R2</sup>†", "4†<sup>1</sup>"],
        "cmg" => &["", "2", "6×2†<sup>1</sup>"],
        "aamg" => &["", "Opt 2†<sup>1</sup>", "2†"],
        "sa" => &["", "B37", "<b>BF24</b>"],
        "ammunition" => &["", "H7<sup>3+</sup>", "A4<sup>4</sup>/5<sup>5</sup>"],
        "smoke_depletion" => &["", "5<sup>4+</sup>", "8; WP6"],
        "smoke_discharger" => &["", "sM5<sup>4+</sup>", "sD7"],
        "transport" => &["", "9PP/T10", "1C/5PP"],
        "version" => &["", "1.0"],
        "overrides" => &["", "nat=no|ma=<*>$$", "ignore"],
        "svg_image_transform" => &["", "scale(0.60) translate(15, 15)"],
        "reverse" => &["", "rev"],
        _ => &[""],
    }
}

const NOTES: [&str; 7] = [
    "6†",
    "A",
    "R†<sup>1</sup>",
    "<strike>N</strike>",
    "<span style=\"text-decoration:line-through\">P</span>",
    "12v†",
    "C",
];
const TYPES: [&str; 5] = ["LT", "MT", "Tt", "tr", "AC"];

/// One generated row: a choice per column, the name's form, the notes.
#[derive(Debug, Clone)]
struct Row {
    picks: Vec<usize>,
    subscript: bool,
    type_inside: bool,
    vehicle_type: usize,
    notes: Vec<usize>,
}

fn row() -> impl Strategy<Value = Row> {
    (
        proptest::collection::vec(0usize..8, VASL_HEADER.len()),
        any::<bool>(),
        any::<bool>(),
        0..TYPES.len(),
        proptest::sample::subsequence((0..NOTES.len()).collect::<Vec<_>>(), 0..4),
    )
        .prop_map(|(picks, subscript, type_inside, vehicle_type, notes)| Row {
            picks,
            subscript,
            type_inside,
            vehicle_type,
            notes,
        })
}

fn quoted(cell: &str) -> String {
    if cell.contains([',', '"']) {
        format!("\"{}\"", cell.replace('"', "\"\""))
    } else {
        cell.to_string()
    }
}

fn cells(i: usize, r: &Row) -> Vec<String> {
    VASL_HEADER
        .iter()
        .zip(&r.picks)
        .map(|(column, pick)| match *column {
            "name" => {
                let sub = if r.subscript { "<sub>2</sub>" } else { "" };
                let ty = TYPES[r.vehicle_type];
                if r.type_inside {
                    // Not a variant's suffix (`w/ Opt AAMG`): beside a VASL note id that makes
                    // the row VASL's own variant of a vehicle the file lacks, which the IR
                    // does not hold (docs/listings.md, "Variant rows").
                    format!("Kite {i}{sub} <i>{ty}</i> Mk II")
                } else {
                    format!("Kite {i}{sub} <i>{ty}</i>")
                }
            }
            "notes" => r
                .notes
                .iter()
                .map(|n| NOTES[*n])
                .collect::<Vec<_>>()
                .join(", "),
            "piece" => format!("kite{i}"),
            _ => {
                let p = pool(column);
                p[pick % p.len()].to_string()
            }
        })
        .collect()
}

fn file(caption: bool, rows: &[Row]) -> String {
    let mut text = VASL_HEADER.join(",") + "\n";
    if caption {
        let mut c = vec![String::new(); VASL_HEADER.len()];
        c[0] = "<b>EASTLAND</b>".into();
        c[30] = "ignore".into();
        text += &(c.join(",") + "\n");
    }
    for (i, r) in rows.iter().enumerate() {
        let line: Vec<String> = cells(i, r).iter().map(|c| quoted(c)).collect();
        text += &(line.join(",") + "\n");
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn a_file_is_written_back_as_read(caption in any::<bool>(), rows in proptest::collection::vec(row(), 1..6)) {
        let text = file(caption, &rows);
        let tmp = tempfile::tempdir().unwrap();
        let nation = tmp.path().join("gen");
        std::fs::create_dir_all(&nation).unwrap();
        std::fs::write(nation.join("listing.csv"), &text).unwrap();
        let compiled = qm_compile::pipeline::compile(tmp.path(), &Default::default());
        let errors: Vec<_> = compiled.diagnostics.iter().filter(|d| d.is_error()).collect();
        prop_assert!(errors.is_empty(), "{errors:#?}\n{text}");
        let written = qm_export::vasl_csv::listing_csv(&compiled.nations[0], None);
        prop_assert_eq!(written, text);
    }
}

/// Pieces of hostile name text: stray `<`, `</` and `>`, tags known, unknown and unclosed,
/// entities, superscripts as markup and as Unicode characters.
const FRAGMENTS: [&str; 20] = [
    "<",
    "</",
    ">",
    "<sup>",
    "</sup>",
    "<b>",
    "</b>",
    "<x>",
    "&",
    "&lt;",
    "<sup>1</sup>",
    "†",
    "ᵗ",
    "¹",
    "ˢ",
    "B",
    "A",
    "s",
    "/",
    "<strike>",
];

/// A name of `fragments` and the type: its `<i>` after them (0), before them (1) or inside
/// the name before them (2).
fn hostile_file(fragments: &[usize], type_at: u8) -> String {
    let text: String = fragments.iter().map(|f| FRAGMENTS[*f]).collect();
    let name = match type_at {
        0 => format!("Kite{text} <i>LT</i>"),
        1 => format!("<i>LT</i> Kite{text}"),
        _ => format!("Kite <i>LT</i> w/{text}"),
    };
    let cells: Vec<String> = VASL_HEADER
        .iter()
        .map(|column| match *column {
            "name" => name.clone(),
            "piece" => "kite".into(),
            "bpv" => "28".into(),
            "rf" => "1.2".into(),
            "dates" => "41-45".into(),
            _ => String::new(),
        })
        .map(|c| quoted(&c))
        .collect();
    format!("{}\n{}\n", VASL_HEADER.join(","), cells.join(","))
}

/// True when a `<sup>` opens inside another in `text`: the reader reads the inner one as part
/// of the outer superscript (one level), which the IR's writer writes as one element or, for
/// characters it prints as Unicode superscripts, as an element inside the outer one.
fn sup_in_sup(text: &str) -> bool {
    let mut depth = 0usize;
    for (i, _) in text.char_indices() {
        let rest = &text[i..];
        if rest.starts_with("<sup>") {
            if depth > 0 {
                return true;
            }
            depth += 1;
        } else if rest.starts_with("</sup>") {
            depth = depth.saturating_sub(1);
        }
    }
    false
}

/// True when two of `text`'s elements cross (`<b><sup>&</b></sup>`): the reader takes what
/// each covers, which the IR's writer writes nested (`<sup><b>&</b></sup>`).
fn crossed(text: &str) -> bool {
    const TAGS: [(&str, &str); 4] = [
        ("<b>", "</b>"),
        ("<i>", "</i>"),
        ("<sup>", "</sup>"),
        ("<strike>", "</strike>"),
    ];
    let mut open = Vec::new();
    for (i, _) in text.char_indices() {
        let rest = &text[i..];
        for (n, (start, end)) in TAGS.iter().enumerate() {
            if rest.starts_with(start) {
                open.push(n);
            } else if rest.starts_with(end) && open.pop().is_some_and(|o| o != n) {
                return true;
            }
        }
    }
    false
}

/// `text` as a nation's `listing.csv`, checked and exported: the diagnostics' codes and the
/// file written.
fn check_and_export(text: &str) -> (Vec<&'static str>, String) {
    let tmp = tempfile::tempdir().unwrap();
    let nation = tmp.path().join("gen");
    std::fs::create_dir_all(&nation).unwrap();
    std::fs::write(nation.join("listing.csv"), text).unwrap();
    let compiled = qm_compile::pipeline::compile(tmp.path(), &Default::default());
    let codes = compiled.diagnostics.iter().map(|d| d.code).collect();
    let written = compiled
        .nations
        .first()
        .map(|n| qm_export::vasl_csv::listing_csv(n, None))
        .unwrap_or_default();
    (codes, written)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The fuzz finding's kin: whatever markup or stray `<` a cell holds, the file written is
    /// read and written back as it is; and a cell read without a word is written as read
    /// (but for superscripts published as Unicode characters, written as `<sup>`; two
    /// `<sup>` side by side, written as one; a `<sup>` inside another, read as part of it;
    /// empty elements at one place, written side by side; crossed elements, written nested).
    #[test]
    fn stray_markup_is_written_back_as_read(
        fragments in proptest::collection::vec(0..FRAGMENTS.len(), 0..8),
        type_at in 0u8..3,
    ) {
        let text = hostile_file(&fragments, type_at);
        let (codes, written) = check_and_export(&text);
        prop_assume!(!written.is_empty());
        let (_, again) = check_and_export(&written);
        prop_assert_eq!(&again, &written, "read:\n{}", text);
        let unicode = fragments.iter().any(|f| ["ᵗ", "¹", "ˢ"].contains(&FRAGMENTS[*f]));
        let empty = ["<b></b>", "<sup></sup>", "<strike></strike>"].iter().any(|e| text.contains(e));
        if codes.is_empty() && !unicode && !empty && !crossed(&text) && !sup_in_sup(&text) {
            // Two superscripts side by side print as one run, written as one element.
            let one_run = |t: &str| t.replace("</sup><sup>", "");
            prop_assert_eq!(one_run(&written), one_run(&text));
        }
    }
}

/// CI's finding: a `<sup>` inside another (as VASL's own files print `†<sup><sup>1</sup></sup>`)
/// reads as one superscript, is written once, and that is read back the same.
#[test]
fn a_doubled_superscript_is_written_once() {
    let text = hostile_file(&[3, 10, 4], 0);
    assert!(
        text.contains("Kite<sup><sup>1</sup></sup> <i>LT</i>"),
        "{text}"
    );
    let (codes, written) = check_and_export(&text);
    assert!(codes.is_empty(), "{codes:?}");
    assert!(written.contains("Kite<sup>1</sup> <i>LT</i>"), "{written}");
    assert_eq!(
        written,
        text.replace("<sup><sup>1</sup></sup>", "<sup>1</sup>")
    );
    assert_eq!(check_and_export(&written).1, written);
    // A superscript inside a longer one is part of it: read and written back the same.
    for inner in [&[3, 10, 8, 4][..], &[3, 3, 17, 4, 17, 4]] {
        let text = hostile_file(inner, 0);
        assert!(sup_in_sup(&text), "{text}");
        let (codes, written) = check_and_export(&text);
        assert!(codes.is_empty(), "{codes:?}");
        assert_eq!(check_and_export(&written).1, written);
    }
}

/// Crossed elements over the same text are read as what each covers and written nested,
/// which reads back the same.
#[test]
fn crossed_elements_are_written_nested() {
    let text = hostile_file(&[5, 3, 8, 6, 4], 0);
    assert!(crossed(&text) && !crossed(&text.replace("<b><sup>", "<sup><b>")));
    let (codes, written) = check_and_export(&text);
    assert!(codes.is_empty(), "{codes:?}");
    assert!(
        written.contains("Kite<sup><b>&</b></sup> <i>LT</i>"),
        "{written}"
    );
    assert_eq!(check_and_export(&written).1, written);
}
