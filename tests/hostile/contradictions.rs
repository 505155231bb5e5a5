//! Issue 31, item 5: two RFs the notes give for the same months of one vehicle are an error
//! naming both sentences, never two entries of which `avail` answers the first.

use crate::run::{qm, workspace};

#[test]
fn two_rfs_for_the_same_months_are_an_error_naming_both() {
    let (tmp, data) = workspace();
    for (rule, both) in [
        (
            "† Dates and RF are 6-12/40 (1.5) and 6-12/40 (1.6).\n",
            ["(1.5)", "(1.6)"],
        ),
        (
            "† RF is 1.6 in 1941.\n\n† RF is 1.5 in 1941.\n",
            ["1.6 in 1941", "1.5 in 1941"],
        ),
    ] {
        std::fs::write(
            data.join("ita/notes.md"),
            format!("**1. L5/21:** A tank.\n\n{rule}"),
        )
        .unwrap();
        let run = qm(tmp.path(), &["check", "--data", "data"]);
        run.expect(1).says("notes::contradictory-rf");
        for text in both {
            run.says(text);
        }
        // The question is answered without the vehicle, which is named as unresolved.
        qm(
            tmp.path(),
            &[
                "avail",
                "ita",
                "--theater",
                "North Africa",
                "--date",
                "10/40",
                "--data",
                "data",
            ],
        )
        .expect(1)
        .says("unresolved: L5/21");
    }
}
