//! Issue 35 item 6: `qm export vasl-csv` writes a nation's guns as `<nation>_ordnance.csv`:
//! an `ordnance.csv` back as read (every kind of record byte for byte, an erratum's correction
//! and a formula-looking cell the only changes), guns from `ordnance.tsv` from the IR in
//! VASL's layout (which reads back to the same values).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::support::root;

/// `qm ARGS` in `cwd`: exit status, stdout, stderr.
fn qm(cwd: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_qm"))
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("qm runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The made-up `vsl/ordnance.csv` with a record of every other kind after it: an empty line,
/// a caption, a record ending CRLF, a quoted cell holding a line break, VASL's own row with no
/// value, a formula-looking cell, a last record without a line end.
fn every_kind_of_record() -> String {
    let fixture =
        std::fs::read_to_string(root().join("tests/fixtures-ordnance/vsl/ordnance.csv")).unwrap();
    let more = [
        "\n",
        "<b>ZEDLAND CAPTURED</b>,,,,,,,,,,,,,,,,,,,,,\n",
        "2,Zed AT 47,AT,47,3,12,150,10,1,40-45,\"NT, QSU\",32,1.2,\"6, N\",1.0,zdAT47,,,,,,\r\n",
        "1,Zed AT 50,AT,50L,2,,175,9,1,41-45,\"NT, QSU, A5\",34,1.3,6,1.0,zdAT50,,,,\"scale(1)\r\ntranslate(2, 2)\",,\" two\nlines, \"\"quoted\"\"\"\n",
        "0,Zed Generic AT,AT,,,,,,,,,,,g2,1.0,zdATgen,,,,,,\n",
        "1,Zed AT 57,AT,57LL,2,,200,8,0,43-45,NT,40,1.4,6,1.0,zdAT57,,,,,,\"=HYPERLINK(\"\"x\"\")\"\n",
        "1,Zed AT 76,AT,76L,2,,250,7,0,44-45,T,44,1.5,6,1.0,zdAT76,,,,,,",
    ];
    fixture + &more.concat()
}

/// A data folder whose nation `vsl` has `ordnance.csv` = `text`.
fn data_with(text: &str) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    std::fs::create_dir_all(data.join("vsl")).unwrap();
    std::fs::write(data.join("vsl/ordnance.csv"), text).unwrap();
    (tmp, data)
}

#[test]
fn an_ordnance_csv_is_written_back_as_read() {
    let text = every_kind_of_record();
    let (tmp, _) = data_with(&text);
    let w = tmp.path();
    // The fixture's typo is an error: the export goes on with --keep-going, the file whole.
    let (code, out, err) = qm(
        w,
        &[
            "export",
            "vasl-csv",
            "vsl",
            "--data",
            "data",
            "--keep-going",
        ],
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("gun vsl: Zed Typo"), "{err}");
    assert!(err.contains("vasl::formula-cell"), "{err}");
    // Every record byte for byte, but the formula's cell, written as text.
    let expected = text.replace(",\"=HYPERLINK(", ",\"'=HYPERLINK(");
    assert_ne!(expected, text);
    assert_eq!(out, expected);
    // Written into a folder: `vsl_ordnance.csv`, and nothing for vehicles it has none of.
    let (code, _, err) = qm(
        w,
        &[
            "export",
            "vasl-csv",
            "--data",
            "data",
            "--keep-going",
            "--out",
            "o",
        ],
    );
    assert_eq!(code, 1, "{err}");
    let names: Vec<String> = std::fs::read_dir(w.join("o"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["vsl_ordnance.csv"]);
    assert_eq!(
        std::fs::read_to_string(w.join("o/vsl_ordnance.csv")).unwrap(),
        expected
    );
}

#[test]
fn an_erratum_is_the_one_change() {
    let text = every_kind_of_record().replace("4,Zed Typo", "1,Zed Fine");
    let (tmp, data) = data_with(&text);
    std::fs::write(
        data.join("vsl/errata.toml"),
        "[[erratum]]\nid = \"t\"\nfile = \"ordnance.csv\"\ncontext = \"H6, sx7\"\n\
         find = \"sx7\"\nreplace = \"s7\"\nreason = \"made up\"\nsource = \"made up\"\n",
    )
    .unwrap();
    let (code, out, err) = qm(
        tmp.path(),
        &[
            "export", "vasl-csv", "vsl", "--data", "data", "--kind", "ordnance",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let expected = text
        .replace("H6, sx7", "H6, s7")
        .replace(",\"=HYPERLINK(", ",\"'=HYPERLINK(");
    assert_eq!(out, expected);
    // Asked for vehicles only, the nation has none to write.
    let (code, _, err) = qm(
        tmp.path(),
        &[
            "export", "vasl-csv", "vsl", "--data", "data", "--kind", "vehicle",
        ],
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("nothing to export"), "{err}");
}

/// The guns of a nation, each as its JSON without where its texts are (a file read again
/// has other offsets) and without the availability's provenance.
fn guns(json: &str) -> Vec<Value> {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(m) => {
                for key in ["span", "row", "availability", "availability_unknown"] {
                    m.remove(key);
                }
                m.values_mut().for_each(strip);
            }
            Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let nation: Value = serde_json::from_str(json).unwrap();
    let mut guns = nation["ordnance"].as_array().unwrap().clone();
    guns.iter_mut().for_each(strip);
    guns
}

#[test]
fn guns_from_the_publications_layout_are_written_in_vasls_and_read_back_the_same() {
    let tmp = tempfile::tempdir().unwrap();
    let w = tmp.path();
    let fixtures = root().join("tests/fixtures-ordnance");
    let (code, csv, err) = qm(
        w,
        &[
            "export",
            "vasl-csv",
            "frm",
            "--data",
            fixtures.to_str().unwrap(),
            "--keep-going",
        ],
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        csv.starts_with("count,name,gun_type,caliber,rof_ife,"),
        "{csv}"
    );
    assert!(
        csv.contains("<span style=\"\"text-decoration:overline\"\">81</span>*"),
        "{csv}"
    );
    assert!(csv.contains(",<b>10</b>,"), "{csv}");
    assert!(csv.contains("WP7<sup>5</sup>"), "{csv}");
    // Read back as VASL's file: the same guns, value for value.
    std::fs::create_dir_all(w.join("data/frm")).unwrap();
    std::fs::write(w.join("data/frm/ordnance.csv"), &csv).unwrap();
    let json = |data: &Path, out: &str| {
        let (code, _, err) = qm(
            w,
            &[
                "build",
                "--data",
                data.to_str().unwrap(),
                "--out",
                out,
                "--keep-going",
            ],
        );
        assert!(code <= 1, "{err}");
        std::fs::read_to_string(w.join(out).join("frm.json")).unwrap()
    };
    let published = guns(&json(&fixtures, "a"));
    let again = guns(&json(&w.join("data"), "b"));
    assert_eq!(published.len(), 14);
    for (p, a) in published.iter().zip(&again) {
        // The raw text of a marked cell is VASL's plain text, its marks in the value.
        let values = |g: &Value| {
            let mut g = g.clone();
            if let Value::Object(m) = &mut g {
                for f in m.values_mut() {
                    if let Value::Object(cell) = f {
                        cell.remove("raw");
                    }
                    if let Value::Array(refs) = f {
                        for r in refs.iter_mut().filter_map(Value::as_object_mut) {
                            r.remove("raw");
                        }
                    }
                }
                m.remove("name_cell");
            }
            g
        };
        assert_eq!(values(p), values(a), "{}", p["name"]);
    }
    assert_eq!(published.len(), again.len());
}
