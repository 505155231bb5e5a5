//! Draws the counters of several nations side by side into one PNG, as `qm build` draws them
//! (their pictures and their nations' colours): each nation's name over the fronts of its
//! vehicles and the back of its first, the nations flowed into rows.
//! `cargo run --example counter_grid -- DIR OUT.png [--px N]` (N: a counter's side in pixels,
//! 90 by default). `docs/images/regenerate.sh` draws the docs' grid with it from
//! `tests/fixtures-grid`.

use std::fmt::Write as _;
use std::path::Path;

use qm_render::templates::Templates;
use qm_render::{counter_svg, render_png, CounterOptions, Pictures};
use qm_schema::{CounterSide, Nation};

/// Room between counters, and around the picture, in pixels.
const GAP: u32 = 8;
/// Height of a nation's caption, in pixels.
const CAPTION: u32 = 18;
/// Widest row of the picture, in pixels.
const ROW_WIDTH: u32 = 960;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(dir), Some(out)) = (args.first(), args.get(1)) else {
        eprintln!("usage: counter_grid DIR OUT.png [--px N]");
        std::process::exit(2);
    };
    let px: u32 = args
        .iter()
        .position(|a| a == "--px")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(90);
    let compiled = qm_compile::pipeline::compile(Path::new(dir), &Default::default());
    if compiled.failed(false) {
        eprintln!("{dir} does not compile: run `qm check --data {dir}`");
        std::process::exit(1);
    }
    let templates = Templates::new(None);
    let pictures = Pictures::new(
        &compiled.nations,
        &compiled.loaded,
        &compiled.art,
        &templates,
    )
    .unwrap_or_else(|e| fail(&e.to_string()));
    let opts = CounterOptions {
        px,
        pictures,
        colours: compiled.colours.clone(),
        ..CounterOptions::default()
    };
    let blocks: Vec<Block> = compiled
        .nations
        .iter()
        .filter(|n| !n.vehicles.is_empty())
        .map(|n| block(n, &templates, &opts))
        .collect();
    let (svg, width, height) = page(&blocks, px);
    let tree = qm_layout::svg::parse(&svg).unwrap_or_else(|e| fail(&e));
    let png = render_png(&tree, width, height).unwrap_or_else(|e| fail(&e));
    std::fs::write(out, png).unwrap_or_else(|e| fail(&format!("{out}: {e}")));
}

fn fail(message: &str) -> ! {
    eprintln!("counter_grid: {message}");
    std::process::exit(1)
}

/// One nation's counters: its name and each side's SVG.
struct Block {
    name: String,
    sides: Vec<String>,
}

/// The fronts of a nation's vehicles and the back of its first.
fn block(nation: &Nation, templates: &Templates, opts: &CounterOptions) -> Block {
    let draw = |v, side| {
        counter_svg(nation, v, side, templates, opts).unwrap_or_else(|e| fail(&e.to_string()))
    };
    let mut sides: Vec<String> = nation
        .vehicles
        .iter()
        .map(|v| draw(v, CounterSide::Front))
        .collect();
    sides.insert(1, draw(&nation.vehicles[0], CounterSide::Back));
    Block {
        name: nation.name.clone(),
        sides,
    }
}

/// The page: blocks flowed left to right into rows at most [`ROW_WIDTH`] wide, each under
/// its caption; its SVG, width and height.
fn page(blocks: &[Block], px: u32) -> (String, u32, u32) {
    let (mut x, mut y, mut width) = (GAP, GAP, 0);
    let mut body = String::new();
    for b in blocks {
        let w = b.sides.len() as u32 * (px + GAP) + GAP;
        if x > GAP && x + w > ROW_WIDTH {
            x = GAP;
            y += CAPTION + px + 2 * GAP;
        }
        let _ = write!(
            body,
            r##"<text x="{x}" y="{}" font-size="13" font-weight="bold" fill="#1a1a14">{}</text>"##,
            y + CAPTION - 5,
            b.name
                .replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
        );
        for (i, svg) in b.sides.iter().enumerate() {
            let cx = x + i as u32 * (px + GAP);
            let _ = write!(
                body,
                r#"<g transform="translate({cx} {})">{}</g>"#,
                y + CAPTION,
                svg.trim_end()
            );
        }
        x += w;
        width = width.max(x);
    }
    let height = y + CAPTION + px + GAP;
    let svg = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}"><rect width="{width}" height="{height}" fill="#ffffff"/><g font-family="DejaVu Sans" font-stretch="condensed">{body}</g></svg>"##
    );
    (svg, width, height)
}
