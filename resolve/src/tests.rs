//! The entry point on sources held in memory: no files, plain data in, IR and diagnostics out.

use qm_parser::{FileId, Source, SourceMap};
use qm_schema::{AvailabilityOrigin, Nation, Tenths, Theater};

use crate::{resolve_nation, NationInput, Resolved};

const HEADER: &str = "NAME\t®\tWG T\tTYPE\tBPV\tRF\tDATES\tSZ\tAF\tTA\tOT\tCS\tMP\tGP\tT\tMA\tROF\tB#\tIF\tMG\t\t\tSA\tAM MO\t# / PP\tNotes\n\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\tB\tC\tAA\t\t\t\t\n";

/// A listing row of a tankette with the given name, RF, DATES and Notes column.
fn row(name: &str, rf: &str, dates: &str, notes: &str) -> String {
    format!("{name}\t\t3.5\tTt\t20\t{rf}\t{dates}\t+2\t-4 / -5\t\t\t2\t13\tL\t\tBMG\t\t11\t\t\t4\t\t\t\t{notes}\t\n")
}

/// Resolves a nation whose listing and notes are the given texts.
fn resolve(listing: &str, notes: &str) -> Resolved {
    let mut sources = SourceMap::new();
    let listing = sources.add(Source::new(FileId(0), "t/listing.tsv", listing));
    let notes = sources.add(Source::new(FileId(1), "t/notes.md", notes));
    let input = NationInput {
        id: "t".into(),
        name: "Test".into(),
        listing,
        notes: Some(notes),
        ob: None,
        errata: None,
        accepts: Vec::new(),
        applied: Vec::new(),
    };
    resolve_nation(&input, &sources)
}

/// The RFs (in tenths) of a vehicle's availability entries.
fn rfs(nation: &Nation, name: &str) -> Vec<u32> {
    let v = nation.vehicles.iter().find(|v| v.name == name).unwrap();
    v.availability.iter().map(|a| a.rf.0).collect()
}

#[test]
fn a_relative_rule_copies_its_base_with_the_rf_raised() {
    let listing = format!(
        "{HEADER}{}{}",
        row("Alpha", "1.0", "40-43", ""),
        row("Bravo", "1.1", "40-43", "1")
    );
    let notes = "**1. Bravo:** A test vehicle.\n\n† RF is always .1 higher than the corresponding RF of the Alpha.\n";
    let resolved = resolve(&listing, notes);
    assert!(
        resolved.diagnostics.is_empty(),
        "{:?}",
        resolved.diagnostics
    );
    let bravo = &resolved.nation.vehicles[1];
    assert_eq!(bravo.availability.len(), 1);
    let a = &bravo.availability[0];
    assert_eq!(
        (a.theaters.as_slice(), a.rf),
        ([Theater::Any].as_slice(), Tenths(11))
    );
    assert!(
        matches!(&a.origin, AvailabilityOrigin::Derived { base_vehicle, .. } if base_vehicle == "Alpha")
    );
    assert_eq!(rfs(&resolved.nation, "Alpha"), vec![10]);
    // The same input gives the same output: nothing but the input is read.
    assert_eq!(
        format!("{:?}", resolve(&listing, notes)),
        format!("{resolved:?}")
    );
}
