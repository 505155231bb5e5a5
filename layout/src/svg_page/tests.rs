use resvg::tiny_skia::{Pixmap, Transform};

use super::*;

/// The pixels of `svg` drawn from its whole tree and from its page, at 60 px.
fn both(svg: &str) -> (Vec<u8>, Vec<u8>, usize) {
    let draw = |f: &dyn Fn(&mut PixmapMut)| {
        let mut p = Pixmap::new(60, 60).unwrap();
        f(&mut p.as_mut());
        p.data().to_vec()
    };
    let tree = crate::svg::parse(svg).unwrap();
    let page = read(svg).unwrap();
    let t = Transform::from_scale(60.0 / tree.size().width(), 60.0 / tree.size().height());
    let whole = draw(&|p| resvg::render(&tree, t, p));
    let paged = draw(&|p| page.render(t, p));
    (whole, paged, page.texts.len())
}

const HEAD: &str =
    r#"<svg xmlns="http://www.w3.org/2000/svg" width="60" height="60" viewBox="0 0 100 100">"#;

#[test]
fn a_page_with_plain_texts_draws_the_pixels_of_its_whole_tree() {
    let svg = format!(
        r##"{HEAD}<rect width="100" height="100" fill="#c9cca5"/>
<g font-family="DejaVu Sans" font-weight="bold" fill="#1a1a14">
<text xml:space="preserve" font-size="13.5" text-anchor="middle"><tspan x="52.75" y="14.91">AB 40</tspan></text>
<circle cx="62.96" cy="88.5" r="9.5" fill="#ffffff" stroke="#1a1a14" stroke-width="0.8"/>
<text font-size="11.2" text-anchor="middle" font-weight="normal"><tspan x="62.96" y="92.58">0</tspan></text>
<text font-size="11.2"><tspan x="3" y="43">1M<tspan font-size="7" baseline-shift="4">T</tspan></tspan></text>
<g opacity="0.5"><text x="10" y="60" font-size="20">dim</text></g>
<text x="5" y="75" font-size="9"></text>
</g></svg>"##
    );
    let (whole, paged, texts) = both(&svg);
    assert_eq!(
        texts, 5,
        "every text under the root and groups is remembered"
    );
    assert!(whole == paged, "the same pixels");
    // Read again: the texts come from the memo, and draw the same.
    assert!(both(&svg).1 == whole);
}

#[test]
fn texts_that_refer_to_other_elements_or_sit_elsewhere_are_read_in_place() {
    let svgs = [
        // A gradient fill: the text's own page would lack the gradient.
        format!(
            r##"{HEAD}<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>
<text x="5" y="50" font-size="30" fill="url(#g)">Ab</text><text x="5" y="90" font-size="30">Cd</text></svg>"##
        ),
        // A style sheet and a <use> of a text: the whole page is read.
        format!(
            r##"{HEAD}<style>text {{ fill: blue }}</style><text x="5" y="50" font-size="30">Ab</text></svg>"##
        ),
        format!(
            r##"{HEAD}<text id="t" x="5" y="50" font-size="30">Ab</text><use href="#t" y="30"/></svg>"##
        ),
        // A text in a clip path and one in a nested <svg>.
        format!(
            r##"{HEAD}<clipPath id="c"><text x="5" y="50" font-size="40">Ab</text></clipPath>
<rect width="100" height="100" clip-path="url(#c)"/><svg x="10" y="10"><text x="5" y="50" font-size="30">Cd</text></svg></svg>"##
        ),
        // A placeholder's id written by the page itself.
        format!(r##"{HEAD}<g id="qm-text-0"/><text x="5" y="50" font-size="30">Ab</text></svg>"##),
    ];
    for svg in &svgs {
        let (whole, paged, _) = both(svg);
        assert!(whole == paged, "{svg}");
    }
    assert_eq!(both(&svgs[0]).2, 1, "only the plain text is remembered");
    assert_eq!(both(&svgs[4]).2, 0);
}

#[test]
fn a_text_under_an_isolated_or_moved_group_draws_the_same() {
    let svg = format!(
        r##"{HEAD}<g transform="translate(3.3 7.1) scale(1.1)"><text x="5" y="50" font-size="30">Ab</text></g>
<g filter="url(#f)"><text x="5" y="90" font-size="30">Cd</text></g>
<filter id="f"><feFlood flood-color="red"/></filter></svg>"##
    );
    let (whole, paged, _) = both(&svg);
    assert!(whole == paged);
}

#[test]
fn a_page_over_the_budget_is_refused_as_a_whole_one_is() {
    let svg = format!("{HEAD}<text>unclosed</svg>");
    assert_eq!(
        read(&svg).err(),
        crate::svg::parse(&svg).err(),
        "the same message"
    );
}

#[test]
fn a_line_without_an_area_between_texts_is_drawn_in_place() {
    let svg = format!(
        r##"{HEAD}<g font-family="DejaVu Sans" fill="#1a1a14">
<text font-size="15"><tspan x="17" y="44">T75</tspan></text>
<line x1="26.81" y1="31.1" x2="45.9" y2="31.1" stroke="#1a1a14" stroke-width="1.07"/>
<text font-size="11"><tspan x="3" y="55">T</tspan></text></g></svg>"##
    );
    let (whole, paged, texts) = both(&svg);
    assert_eq!(texts, 2);
    assert!(whole == paged);
    assert!(read(&svg)
        .unwrap()
        .drawn_in_place(Transform::from_scale(1.0, 1.0)));
}
