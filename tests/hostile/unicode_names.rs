//! Issue 24, "smaller": two vehicle names that differ only in Unicode normalization (a
//! precomposed "é" in one row, "e" and a combining accent in the other) look the same on
//! every counter and chart: they are one name, so two such rows of one type are the
//! duplicate-name error, never two vehicles.

use crate::run::{listing_lines, qm, workspace, write};

#[test]
fn names_differing_only_in_normalization_are_one_name() {
    let (tmp, data) = workspace();
    let lines = listing_lines(&data);
    let row = &lines[2];
    let composed = row.replacen("L5 / 21", "L5 / 21 Autoblind\u{e9}", 1);
    let decomposed = row.replacen("L5 / 21", "L5 / 21 Autoblinde\u{301}", 1);
    assert_ne!(composed, decomposed);
    write(
        &data.join("ita/listing.tsv"),
        &format!("{}\n{}\n{composed}\n{decomposed}\n", lines[0], lines[1]),
    );
    qm(tmp.path(), &["check", "--data", "data"])
        .expect(1)
        .says("lint::duplicate-name");
}
