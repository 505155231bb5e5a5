//! Item 10 and "every rasterization bounded": art (and silhouettes, which are read the same
//! way) is checked against a drawing budget before anything draws it. What would blow the
//! budget (a filter region far larger than the picture, turbulence of a million octaves,
//! chains of patterns or masks, deep nesting, a huge text) is an error naming the file, given
//! by `check` exactly as by `build`; nothing aborts, overflows the stack or hangs.

use std::path::Path;

use crate::run::{qm, workspace, write};

/// The art file of the mini data's one vehicle.
const ART: &str = "ita/art/l5-21.svg";

/// An SVG picture 40 x 20 with `body` inside.
fn svg(body: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"20\" viewBox=\"0 0 40 20\">\n{body}\n</svg>\n"
    )
}

/// `check` and `build` of `art` both fail, in time and memory, with an error naming the art
/// file and saying `what`; nothing is written.
#[track_caller]
fn refused_by_check_and_build(art: &str, what: &str) {
    let (tmp, data) = workspace();
    write(&data.join(ART), art);
    let check = qm(tmp.path(), &["check", "--data", "data"]);
    check.expect(1).says(ART).says(what);
    let build = qm(tmp.path(), &["build", "--data", "data", "--out", "out"]);
    build.expect(1).says(ART).says(what);
    assert!(!Path::new(&tmp.path().join("out")).exists());
}

#[test]
fn a_blur_over_a_huge_filter_region_is_refused_not_an_abort() {
    let art = svg(
        "<filter id=\"f\" filterUnits=\"userSpaceOnUse\" x=\"-150000\" y=\"-150000\" width=\"300000\" height=\"300000\"><feGaussianBlur stdDeviation=\"3\"/></filter>\n<rect width=\"40\" height=\"20\" filter=\"url(#f)\"/>",
    );
    refused_by_check_and_build(&art, "filter region");
}

#[test]
fn a_blur_within_the_picture_builds() {
    let (tmp, data) = workspace();
    let art = svg(
        "<filter id=\"f\" x=\"-0.1\" y=\"-0.1\" width=\"1.2\" height=\"1.2\"><feGaussianBlur stdDeviation=\"1\"/></filter>\n<rect x=\"5\" y=\"5\" width=\"30\" height=\"10\" filter=\"url(#f)\"/>",
    );
    write(&data.join(ART), &art);
    qm(tmp.path(), &["check", "--data", "data"]).expect(0);
    qm(tmp.path(), &["build", "--data", "data", "--out", "out"]).expect(0);
}

#[test]
fn turbulence_of_a_million_octaves_is_refused_not_a_hang() {
    let art = svg(
        "<filter id=\"t\"><feTurbulence baseFrequency=\"0.05\" numOctaves=\"1000000\"/></filter>\n<rect width=\"40\" height=\"20\" filter=\"url(#t)\"/>",
    );
    refused_by_check_and_build(&art, "numOctaves");
}

#[test]
fn an_arc_to_a_point_1e77_away_is_refused_not_out_of_memory() {
    // Found by the art_svg fuzz target (usvg cut the arc into some 1e13 cubic pieces).
    let art = svg("<path d=\"M27 36 A5 5 0 1 0 17 36 A5 5 0 1 1111111111111111111111111111111111111111111111111111111111111111111111111111110 27 36 Z\"/>");
    refused_by_check_and_build(&art, "beyond the limit");
}

#[test]
fn a_chain_of_24_patterns_is_refused_not_a_hang() {
    let mut body = String::from(
        "<pattern id=\"p0\" width=\"2\" height=\"2\" patternUnits=\"userSpaceOnUse\"><rect width=\"1\" height=\"1\"/></pattern>\n",
    );
    for i in 1..24 {
        body.push_str(&format!(
            "<pattern id=\"p{i}\" width=\"40\" height=\"20\" patternUnits=\"userSpaceOnUse\" patternTransform=\"scale(0.5)\"><rect width=\"40\" height=\"20\" fill=\"url(#p{})\"/><rect x=\"1\" width=\"40\" height=\"20\" fill=\"url(#p{})\"/></pattern>\n",
            i - 1,
            i - 1
        ));
    }
    body.push_str("<rect width=\"40\" height=\"20\" fill=\"url(#p23)\"/>");
    refused_by_check_and_build(&svg(&body), "references");
}

#[test]
fn a_chain_of_30_masks_is_refused_not_exponential() {
    let mut body =
        String::from("<mask id=\"m0\"><rect width=\"40\" height=\"20\" fill=\"white\"/></mask>\n");
    for i in 1..30 {
        body.push_str(&format!(
            "<mask id=\"m{i}\" mask=\"url(#m{})\"><rect width=\"40\" height=\"20\" fill=\"white\" mask=\"url(#m{})\"/></mask>\n",
            i - 1,
            i - 1
        ));
    }
    body.push_str("<rect width=\"40\" height=\"20\" mask=\"url(#m29)\"/>");
    refused_by_check_and_build(&svg(&body), "references");
}

#[test]
fn ten_thousand_nested_groups_are_refused_not_a_stack_overflow() {
    let body = format!(
        "{}<rect width=\"40\" height=\"20\"/>{}",
        "<g>".repeat(10_000),
        "</g>".repeat(10_000)
    );
    refused_by_check_and_build(&svg(&body), "nested");
}

#[test]
fn a_text_of_300k_characters_is_refused_not_quadratic() {
    let body = format!(
        "<text x=\"0\" y=\"15\" font-size=\"12\">{}</text>",
        "M13 ".repeat(75_000)
    );
    refused_by_check_and_build(&svg(&body), "characters of text");
}

#[test]
fn a_refused_picture_is_named_at_its_place() {
    let (tmp, data) = workspace();
    let art = svg(
        "<g>\n  <filter id=\"t\"><feTurbulence numOctaves=\"1000000\"/></filter>\n</g>\n<rect width=\"40\" height=\"20\" filter=\"url(#t)\"/>",
    );
    write(&data.join(ART), &art);
    qm(tmp.path(), &["check", "--data", "data"])
        .expect(1)
        .says(&format!("{ART}:3:"));
}
