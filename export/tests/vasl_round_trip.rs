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
                    format!("Kite {i}{sub} <i>{ty}</i> w/ Opt AAMG")
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
        let written = qm_export::vasl_csv::listing_csv(&compiled.nations[0]);
        prop_assert_eq!(written, text);
    }
}
