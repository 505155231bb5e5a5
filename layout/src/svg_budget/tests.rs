use super::*;

fn svg(body: &str) -> String {
    format!("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"20\">\n{body}\n</svg>")
}

fn over(text: &str) -> OverBudget {
    match parse(text, &ART) {
        Err(Refusal::Over(o)) => o,
        Err(Refusal::Unreadable(m)) => panic!("unreadable: {m}"),
        Ok(_) => panic!("within the budget: {text:.200}"),
    }
}

#[test]
fn ordinary_art_is_within_the_budget() {
    let art = svg("<defs><linearGradient id=\"g\"><stop offset=\"0\"/></linearGradient><linearGradient id=\"h\" href=\"#g\"/></defs><style>.a{fill:url(#h)}</style><g><rect class=\"a\" width=\"4\" height=\"4\"/><use href=\"#r\"/><rect id=\"r\" width=\"1\" height=\"1\"/></g><text>M13/40</text>");
    assert!(parse(&art, &ART).is_ok());
}

#[test]
fn deep_nesting_is_refused_at_the_element_past_the_limit() {
    let art = svg(&format!(
        "{}{}",
        "<g>".repeat(10_000),
        "</g>".repeat(10_000)
    ));
    let o = over(&art);
    assert!(o.what.contains("nested more than 64 deep"), "{}", o.what);
    // The root <svg> is on line 1 at depth 1; the 64th <g> opens the 65th level.
    assert_eq!((o.line, o.col), (2, 1 + 63 * 3));
}

#[test]
fn one_long_text_is_refused_many_short_ones_are_not() {
    let o = over(&svg(&format!("<text>{}</text>", "x".repeat(5_000))));
    assert!(o.what.contains("more than 4096 characters"), "{}", o.what);
    let many = svg(&"<text>xxxx</text>".repeat(2_000));
    assert!(parse(&many, &ART).is_ok());
    let spans = svg(&format!(
        "<text>{}</text>",
        "<tspan>xxxx</tspan>".repeat(2_000)
    ));
    assert!(over(&spans).what.contains("characters"));
}

#[test]
fn turbulence_octaves_are_bounded() {
    let o = over(&svg(
        "<filter id=\"t\">\n <feTurbulence numOctaves=\"1000000\"/></filter>",
    ));
    assert_eq!((o.line, o.col), (3, 2));
    assert!(o.what.contains("numOctaves=\"1000000\""), "{}", o.what);
    assert!(parse(
        &svg("<filter><feTurbulence numOctaves=\"4\"/></filter>"),
        &ART
    )
    .is_ok());
}

#[test]
fn references_that_fan_out_are_refused_in_linear_time() {
    // Each level uses the one before 30 times: 30^6 elements once expanded.
    let mut body = String::from("<rect id=\"u0\" width=\"1\" height=\"1\"/>");
    for i in 1..7 {
        let uses = format!("<use href=\"#u{}\"/>", i - 1).repeat(30);
        body.push_str(&format!("<g id=\"u{i}\">{uses}</g>"));
    }
    let started = std::time::Instant::now();
    let o = over(&svg(&body));
    assert!(o.what.contains("expand it to more than"), "{}", o.what);
    assert!(started.elapsed().as_secs() < 2);
}

#[test]
fn long_reference_chains_and_cycles() {
    let mut body = String::from("<mask id=\"m0\"><rect width=\"1\" height=\"1\"/></mask>");
    for i in 1..12 {
        body.push_str(&format!(
            "<mask id=\"m{i}\" mask=\"url( '#m{}' )\"/>",
            i - 1
        ));
    }
    assert!(over(&svg(&body)).what.contains("chain more than 8 deep"));
    // A cycle is usvg's to break; it costs nothing here and does not loop.
    let cycle = svg("<pattern id=\"a\"><rect fill=\"url(#b)\"/></pattern><pattern id=\"b\"><rect fill=\"url(#a)\"/></pattern><rect fill=\"url(#a)\"/>");
    assert!(parse(&cycle, &ART).is_ok());
}

#[test]
fn entity_bombs_stop_at_the_node_limit_and_bad_xml_is_unreadable() {
    let mut dtd = String::from("<!DOCTYPE svg [<!ENTITY e0 \"<g/>\">");
    for i in 1..8 {
        let p = i - 1;
        dtd.push_str(&format!(
            "<!ENTITY e{i} \"&e{p};&e{p};&e{p};&e{p};&e{p};&e{p};&e{p};&e{p};&e{p};&e{p};\">"
        ));
    }
    dtd.push_str("]>");
    let bomb = format!("{dtd}{}", svg("&e7;"));
    assert!(matches!(
        parse(&bomb, &ART),
        Err(Refusal::Over(_)) | Err(Refusal::Unreadable(_))
    ));
    assert!(
        matches!(parse("<svg", &ART), Err(Refusal::Unreadable(m)) if m.starts_with("SVG data parsing failed"))
    );
}

#[test]
fn a_huge_filter_region_is_refused_on_the_tree_with_its_place() {
    let text = svg("<filter id=\"f\" filterUnits=\"userSpaceOnUse\" x=\"-150000\" y=\"-150000\" width=\"300000\" height=\"300000\">\n<feGaussianBlur stdDeviation=\"3\"/></filter><rect width=\"40\" height=\"20\" filter=\"url(#f)\"/>");
    let doc = parse(&text, &ART).unwrap();
    let tree = resvg::usvg::Tree::from_str(&text, &crate::svg::options()).unwrap();
    let o = check_tree(&tree, &ART, Some(&doc)).unwrap_err();
    assert!(o.what.contains("filter region of `f`"), "{}", o.what);
    assert_eq!((o.line, o.col), (2, 1));
    let small = svg("<filter id=\"f\"><feGaussianBlur stdDeviation=\"1\"/></filter><rect width=\"40\" height=\"20\" filter=\"url(#f)\"/>");
    let doc = parse(&small, &ART).unwrap();
    let tree = resvg::usvg::Tree::from_str(&small, &crate::svg::options()).unwrap();
    assert!(check_tree(&tree, &ART, Some(&doc)).is_ok());
}

#[test]
fn arcs_far_beyond_any_drawing_are_refused_before_usvg_cuts_them() {
    // Found by the art_svg fuzz target: usvg would cut this arc into some 1e13 pieces.
    let o = over(&svg(
        "<g>\n <path d=\"M27 36 A5 5 0 1 0 17 36 A5 5 0 1 1111111111111111111111110 27 36 Z\"/></g>",
    ));
    assert_eq!((o.line, o.col), (3, 2));
    assert!(
        o.what.starts_with("d=\"...\" holds the number 1.1"),
        "{}",
        o.what
    );
    for big in [
        "<circle r=\"1e12\"/>",
        "<ellipse rx=\"1\" ry=\"-2e9\"/>",
        "<rect width=\"9\" height=\"9\" rx=\"1e300\"/>",
    ] {
        assert!(over(&svg(big)).what.contains("beyond the limit"), "{big}");
    }
    let ordinary = svg(
        "<path d=\"M14 28 H84 A8 8 0 0 1 84 44 Z m-1e2,0 a5 5 0 1 0 10 0\"/><circle r=\"40\"/>",
    );
    assert!(parse(&ordinary, &ART).is_ok());
}
