//! Issue 24, items 5 and 6: size arguments are checked before they are used, and a month is
//! answered with its century when it is not one of the sources' 19xx years.

use crate::run::{qm, root, workspace, write};

#[test]
fn a_cap_past_what_bytes_can_count_is_a_usage_error() {
    let (tmp, data) = workspace();
    // A broken ob.toml: a cap read as 0 would make it empty, and check would pass.
    write(&data.join("ita/ob.toml"), "[nation\nname = \"x\"\n");
    let data = data.to_str().unwrap();
    for mib in ["17592186044416", "18446744073709551615", "0", "65537"] {
        qm(
            tmp.path(),
            &["check", "--data", data, "--max-input-mib", mib],
        )
        .expect(2)
        .says("--max-input-mib");
    }
    // The largest allowed cap still reads every file: the broken ob.toml is reported.
    qm(
        tmp.path(),
        &["check", "--data", data, "--max-input-mib", "65536"],
    )
    .expect(1)
    .says("ob.toml");
}

#[test]
fn a_month_outside_the_1900s_keeps_its_century() {
    let data = root().join("data-src");
    let data = data.to_str().unwrap();
    let run = qm(
        &root(),
        &[
            "avail",
            "ita",
            "--theater",
            "NA",
            "--date",
            "2040-12",
            "--data",
            data,
        ],
    );
    run.expect(0).says("12/2040");
    assert!(!run.stdout.contains("12/40"), "{}", run.stdout);
    qm(
        &root(),
        &[
            "avail",
            "ita",
            "--theater",
            "NA",
            "--date",
            "12/40",
            "--data",
            data,
        ],
    )
    .expect(0)
    .says("12/40");
}
