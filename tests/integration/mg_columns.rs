//! The MG block of the published listing: its misaligned rows are found by the MG lints on the
//! verbatim listing and put right by the cell errata of `data-src/ita/errata.toml`.

use std::path::Path;

use qm_compile::pipeline::{compile, Compiled};
use qm_schema::{ErratumChange, Nation, Vehicle};

use crate::support::root;
use qm_test_support::copy_dir;

/// The lints that find an MG factor standing in the wrong column.
const MG_LINTS: [&str; 3] = [
    "lint::mg-in-sa",
    "lint::ma-mg-column-empty",
    "lint::note-names-missing-mg",
];

/// The rows whose MG factors the publication prints right of their headers (issue 14) and
/// that a lint finds. Five more (MR35(f), AB 40, Autocann 20/65(b), 75/27, 90/53) show it only
/// by a dagger alone under SA, which reads the same as an SA's own footnote mark: no lint
/// fires on it (issue 21), and their cell errata still move it.
const SHIFTED: [&str; 18] = [
    "L3/35",
    "L3 aa",
    "L3 Lf",
    "M13/40",
    "M14/41",
    "M15/42",
    "SMV M40 75/18",
    "SMV M41 75/18",
    "Autocann 65/17(b)",
    "SMV M42 75/18",
    "SMV M42 75/32",
    "SMV M43 105/25",
    "AS 42",
    "AS 42 aa",
    "AS 42 cc",
    "Lince",
    "Autocarretta",
    "Fiat 508 MC",
];

/// A copy of the repository's data whose errata.toml keeps only its text errata and its
/// acceptances: the listing's cells are read as published.
fn without_cell_errata(dir: &Path) {
    copy_dir(&root().join("data-src"), dir);
    let path = dir.join("ita/errata.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut kept = Vec::new();
    let mut dropped = 0;
    for block in text.split("\n[[") {
        if block.starts_with("erratum]]") && block.contains("\nrow = ") {
            dropped += 1;
        } else {
            kept.push(block);
        }
    }
    assert!(dropped >= 23, "the cell errata are there ({dropped})");
    std::fs::write(&path, kept.join("\n[[")).unwrap();
}

/// The MG findings of a compile, as (code, message).
fn mg_findings(c: &Compiled) -> Vec<(String, String)> {
    c.diagnostics
        .iter()
        .filter(|d| MG_LINTS.contains(&d.code))
        .map(|d| (d.code.to_string(), d.message.clone()))
        .collect()
}

/// True when a finding's message is about the vehicle (the lints name it as "NAME's" or "on NAME (").
fn about(message: &str, name: &str) -> bool {
    message.contains(&format!(" {name}'s ")) || message.contains(&format!(" on {name} ("))
}

#[test]
fn the_mg_lints_fire_on_the_published_listing_and_the_errata_silence_them() {
    let tmp = tempfile::tempdir().unwrap();
    without_cell_errata(tmp.path());
    let published = compile(tmp.path(), &Default::default());
    let found = mg_findings(&published);
    for code in MG_LINTS {
        assert!(
            found.iter().any(|(c, _)| c == code),
            "{code} fires on the published layout: {found:#?}"
        );
    }
    for name in SHIFTED {
        assert!(
            found.iter().any(|(_, m)| about(m, name)),
            "no MG lint finds the {name} row: {found:#?}"
        );
    }
    // With the errata: not one MG finding, and no acceptance left over.
    let corrected = compile(&root().join("data-src"), &Default::default());
    assert_eq!(mg_findings(&corrected), Vec::<(String, String)>::new());
    assert!(
        !corrected
            .diagnostics
            .iter()
            .any(|d| d.code == "errata::unused-accept"),
        "{:?}",
        corrected.diagnostics
    );
}

fn ita(c: &Compiled) -> &Nation {
    c.nations.iter().find(|n| n.id == "ita").unwrap()
}

fn vehicle<'a>(n: &'a Nation, name: &str) -> &'a Vehicle {
    n.vehicles.iter().find(|v| v.name == name).unwrap()
}

/// The MG columns of a vehicle as the IR holds them: (B, C, AA, SA) raw cells.
fn mg_cells(v: &Vehicle) -> [String; 4] {
    let raw = |f: &Option<qm_schema::Field<qm_schema::MgFactor>>| {
        f.as_ref().map_or(String::new(), |f| f.raw.clone())
    };
    [
        raw(&v.values.mg_bow),
        raw(&v.values.mg_coax),
        raw(&v.values.mg_aa),
        v.values
            .secondary
            .as_ref()
            .map_or(String::new(), |f| f.raw.clone()),
    ]
}

#[test]
fn the_corrected_mg_columns_match_the_notes() {
    let compiled = compile(&root().join("data-src"), &Default::default());
    let n = ita(&compiled);
    let cells = |name: &str| mg_cells(vehicle(n, name));
    let s = |a: [&str; 4]| a.map(str::to_string);
    assert_eq!(cells("L3/35"), s(["4", "", "", ""]));
    assert_eq!(cells("L3 aa"), s(["2†", "", "2†", ""]));
    assert_eq!(cells("M13/40"), s(["4†", "4", "Opt2†", ""]));
    assert_eq!(cells("MR35(f)"), s(["", "2†", "†", ""]));
    assert_eq!(cells("Lince"), s(["2", "", "", ""]));
    assert_eq!(cells("AS 42 cc"), s(["", "", "4", ""]));
    assert_eq!(cells("Fiat 508 MC"), s(["", "", "Opt6†", ""]));
    // Rows that were right as published are untouched.
    assert_eq!(cells("M11/39"), s(["", "4", "", "B37"]));
    assert_eq!(cells("Lancia 1ZM"), s(["R4†", "8", "", "†"]));
    assert_eq!(cells("Fiat 611A"), s(["R4†", "8R2", "", ""]));
    // The optional AAMG moved out of SA keeps note C's RF.
    assert!(!vehicle(n, "M13/40").optional_armament.is_empty());
    // The decisions of issue 14: the Fiat 611 ROF slip and the Autoprot S37's AAMG.
    let rof = |name: &str| vehicle(n, name).values.rof.as_ref().map(|f| f.raw.clone());
    assert_eq!(rof("Fiat 611A"), None);
    assert_eq!(rof("Fiat 611B").as_deref(), Some("2"));
    assert_eq!(mg_cells(vehicle(n, "Autoprot S37"))[2], "2");
    // Every cell erratum is in the IR with its row, cells, reason and the notes it rests on.
    let cell_errata: Vec<_> = n
        .errata
        .iter()
        .filter_map(|e| match &e.change {
            ErratumChange::Cells { row, cells } => Some((e, row, cells)),
            ErratumChange::Text { .. } => None,
        })
        .collect();
    assert!(cell_errata.len() >= 23 + 4, "{}", cell_errata.len());
    for (e, row, cells) in &cell_errata {
        assert!(
            !e.reason.is_empty() && e.source.contains("VASL"),
            "{}",
            e.id
        );
        assert!(!cells.is_empty(), "{}", e.id);
        assert_eq!(&*e.span.file, "ita/listing.tsv");
        for c in cells.iter() {
            assert_eq!(
                c.span.line, e.span.line,
                "{} {row}: the cell is on its row",
                e.id
            );
        }
    }
    let m13 = cell_errata
        .iter()
        .find(|(_, row, _)| row.as_str() == "M13 / 40")
        .unwrap();
    assert_eq!(m13.0.notes, ["B", "C"]);
}
