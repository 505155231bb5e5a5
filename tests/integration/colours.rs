//! Each nation in its colours, as data (issue 34 item 2): `tests/fixtures-colours` brings its
//! own colour registry of made-up nationalities; counters, charts and cards are printed in
//! them, a row of another nationality in its own, a row in another nation's colours or
//! captured with those inset; a nation `ob.toml` does not name takes its nationality's name.

use std::path::Path;
use std::process::Command;

use crate::support::{qm_on_data, root};

const DATA: &str = "tests/fixtures-colours";

/// `qm build` of the fixture into a temporary folder.
fn build() -> (tempfile::TempDir, std::path::PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let status = Command::new(env!("CARGO_BIN_EXE_qm"))
        .args(["build", "--data"])
        .arg(root().join(DATA))
        .arg("--out")
        .arg(&out)
        .output()
        .expect("qm runs");
    assert!(status.status.success(), "{status:?}");
    (tmp, out)
}

fn read(out: &Path, file: &str) -> String {
    std::fs::read_to_string(out.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// The ground (the first rect's fill) and the inset (nationality, fill) of a counter side.
fn grounds(svg: &str) -> (String, Option<(String, String)>) {
    let attr = |tag: &str, name: &str| {
        let at = tag.find(&format!("{name}=\""))? + name.len() + 2;
        Some(tag[at..at + tag[at..].find('"')?].to_string())
    };
    let rects: Vec<&str> = svg.split("<rect").skip(1).collect();
    let ground = attr(rects[0], "fill").unwrap();
    let inset = rects
        .iter()
        .find(|r| r.contains("data-inset"))
        .map(|r| (attr(r, "data-inset").unwrap(), attr(r, "fill").unwrap()));
    (ground, inset)
}

#[test]
fn counters_are_printed_in_their_nationality_colours_and_marked_rows_carry_an_inset() {
    let (_tmp, out) = build();
    let front = |n: &str, v: &str| grounds(&read(&out, &format!("{n}/counters/{v}-front.svg")));
    let back = |n: &str, v: &str| grounds(&read(&out, &format!("{n}/counters/{v}-back.svg")));
    let inset = |who: &str, fill: &str| Some((who.to_string(), fill.to_string()));
    // The nation's rows: its nationality's colours; no back given: a fifth darker (0.81).
    assert_eq!(front("nordic", "auk-gun-carrier"), ("#aabbcc".into(), None));
    assert_eq!(back("nordic", "auk-gun-carrier"), ("#8a97a5".into(), None));
    // A row of another nationality (nat=so): that one's colours.
    assert_eq!(front("nordic", "tern-1"), ("#ccbb99".into(), None));
    assert_eq!(back("nordic", "tern-1"), ("#998866".into(), None));
    // In another nation's colours (bkg=so, or the name says so) or captured (cap=ea): the
    // nation's own ground with the other's inner colour inset (its back on the back).
    for v in ["petrel", "plover-southland-colored"] {
        assert_eq!(
            front("nordic", v),
            ("#aabbcc".into(), inset("Southland", "#ddcc88"))
        );
        assert_eq!(
            back("nordic", v),
            ("#8a97a5".into(), inset("Southland", "#998866"))
        );
    }
    assert_eq!(
        front("nordic", "shrike-captured"),
        ("#aabbcc".into(), inset("Eastmark", "#223366"))
    );
    // ob.toml's colours over its nationality's; a nation nothing names: the default.
    assert_eq!(front("eastmark", "rook-mk-i"), ("#334477".into(), None));
    assert_eq!(back("eastmark", "rook-mk-i"), ("#293760".into(), None));
    assert_eq!(front("plain", "rook-mk-i"), ("#dddddd".into(), None));
    assert_eq!(back("plain", "rook-mk-i"), ("#bbbbbb".into(), None));
}

#[test]
fn light_text_keeps_white_boxes_dark_and_recolours_the_silhouette() {
    let (_tmp, out) = build();
    let svg = read(&out, "eastmark/counters/rook-mk-i-front.svg");
    assert!(svg.contains(r##"stroke="#f0f0f0""##), "{svg}");
    assert!(
        svg.contains(r##"font-weight="bold" fill="#f0f0f0""##),
        "{svg}"
    );
    // The ROF's box is white: its text stays dark.
    let rof = svg.split("data-item=\"rof\"").nth(1).unwrap();
    assert!(
        rof[..rof.find('>').unwrap()].contains("fill=\"#1a1a14\""),
        "{rof}"
    );
    // The silhouette (drawn dark) is drawn in the light text colour.
    assert!(
        svg.contains(r##"<feFlood flood-color="#f0f0f0"/>"##),
        "{svg}"
    );
    assert!(svg.contains(r#"filter="url(#ink-f0f0f0)""#), "{svg}");
    // A dark-text nation's counter has neither.
    let plain = read(&out, "plain/counters/rook-mk-i-front.svg");
    assert!(
        !plain.contains("<filter") && !plain.contains("fill=\"#1a1a14\""),
        "{plain}"
    );
}

#[test]
fn charts_and_cards_use_the_nations_colours_and_names() {
    let (_tmp, out) = build();
    // The chart's headings in the nation's colours (light text said where it is light).
    let html = |n: &str| read(&out, &format!("{n}/chart/{n}-chart.html"));
    assert!(html("nordic").contains("th.group { text-align: left; background: #aabbcc; }"));
    assert!(html("eastmark")
        .contains("th.group { text-align: left; background: #334477; color: #f0f0f0; }"));
    // Titles: ob.toml's name; else the nationality most VASL rows name; else the folder.
    assert!(html("nordic").contains("<h1>Nordic vehicle listing</h1>"));
    assert!(html("eastmark").contains("<h1>Eastmark vehicle listing</h1>"));
    assert!(html("plain").contains("<h1>plain vehicle listing</h1>"));
    let name = |n: &str| {
        let json: serde_json::Value =
            serde_json::from_str(&read(&out, &format!("{n}.json"))).unwrap();
        json["name"].as_str().unwrap().to_string()
    };
    assert_eq!(name("nordic"), "Nordic");
    // The card draws the counters as the build does.
    let card = read(&out, "scenarios/colour-skirmish.html");
    assert!(card.contains(r##"fill="#aabbcc""##), "{card}");
    assert!(card.contains(r##"data-inset="Southland""##), "{card}");
    assert!(card.contains(r##"fill="#ccbb99""##), "{card}");
}

#[test]
fn a_bad_colour_or_a_nationality_given_twice_is_an_error_at_its_place() {
    let tmp = tempfile::tempdir().unwrap();
    qm_test_support::copy_dir(&root().join(DATA), tmp.path());
    let registry = tmp.path().join("registry/colours.toml");
    let text = std::fs::read_to_string(&registry).unwrap();
    let text = text.replace("background = \"#aabbcc\"", "background = \"#aabbc\"")
        + "\n[[nationality]]\nname = \"southlanders\"\n";
    std::fs::write(&registry, text).unwrap();
    let ob = tmp.path().join("eastmark/ob.toml");
    std::fs::write(
        &ob,
        "[nation]\nname = \"Eastmark\"\n\n[colours]\ntext = \"white\"\n",
    )
    .unwrap();
    let data = tmp.path().to_str().unwrap();
    let (code, _, stderr) = qm_on_data(data, &["check"]);
    assert_eq!(code, 1, "{stderr}");
    for wanted in [
        "registry/colours.toml:11:14",
        "failed to read the colour `#aabbc`",
        "failed to add the nationality name `southlanders` (the nationality `Southland` has it already)",
        "eastmark/ob.toml:5:8",
        "failed to read the colour `white`",
        "[registry::bad-colour]",
        "[registry::duplicate-nationality]",
        "[ob::bad-colour]",
    ] {
        assert!(stderr.contains(wanted), "{wanted}\n{stderr}");
    }
}
