//! Measures every counter side of a data folder as a player sees it: each text's ink (laid out
//! with the embedded fonts) against the frame, the other texts and the size circle
//! (`qm_layout::geometry`), the size circle against the frame, and each text's size against
//! its floor: every side of every vehicle and gun (`qm_render::sides`). Prints every flawed
//! side (nation, vehicle or gun, side, what runs into what), then the totals:
//! `cargo run --example counter_geometry -- DIR [--quiet] [--templates TEMPLATES]`
//! (`--templates`: as `qm build --templates`, to try a layout without rebuilding;
//! `--dump DIR`: each flawed side also written to DIR as its SVG and a 300 px PNG, to look at;
//! `--dump-all DIR`: every side so).
//!
//! Exits 1 when a side has a flaw, so a script can hold a corpus at zero.

use std::path::Path;

use qm_layout::geometry::{flaws, Flaw};
use qm_render::templates::Templates;
use qm_render::{counter_svg, sides, CounterOptions};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(dir) = args.first() else {
        eprintln!("usage: counter_geometry DIR [--quiet] [--templates TEMPLATES]");
        std::process::exit(2);
    };
    let quiet = args.iter().any(|a| a == "--quiet");
    let compiled = qm_compile::pipeline::compile(Path::new(dir), &Default::default());
    let overrides = args
        .iter()
        .position(|a| a == "--templates")
        .and_then(|i| args.get(i + 1))
        .map(Path::new);
    let templates = Templates::new(overrides);
    let dir_after = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .map(Path::new)
    };
    let dump = dir_after("--dump");
    let dump_all = dir_after("--dump-all");
    let opts = CounterOptions::default();
    let mut totals = Totals::default();
    for nation in &compiled.nations {
        let mut flawed = 0;
        let mut count = 0;
        for (v, side) in sides(nation) {
            {
                totals.sides += 1;
                count += 1;
                let svg = counter_svg(nation, v, side, &templates, &opts);
                let found = match &svg {
                    Ok(svg) => flaws(svg).unwrap_or_else(|e| vec![unreadable(e)]),
                    Err(e) => vec![unreadable(e.to_string())],
                };
                if let (Some(dir), Ok(svg)) = (dump_all, &svg) {
                    write_png(dir, &format!("{}-{}-{side:?}", nation.id, v.id()), svg);
                }
                if found.is_empty() {
                    continue;
                }
                if let (Some(dir), Ok(svg)) = (dump, &svg) {
                    write_png(dir, &format!("{}-{}-{side:?}", nation.id, v.id()), svg);
                }
                flawed += 1;
                totals.add(&found);
                if found.iter().any(|f| !matches!(f, Flaw::TooSmall { .. })) {
                    totals.apart += 1;
                }
                if !quiet {
                    for f in &found {
                        println!("{}\t{}\t{side:?}\t{f}", nation.id, v.name());
                    }
                }
            }
        }
        println!("# {}: {flawed} flawed sides of {count}", nation.id);
        totals.flawed += flawed;
    }
    println!(
        "# all: {} flawed sides of {} ({} outside the frame, {} text over text, {} into the size circle, {} under the floor); {} sides with text over text, outside the frame or into the circle",
        totals.flawed, totals.sides, totals.outside, totals.overlap, totals.circle, totals.small, totals.apart
    );
    if totals.flawed > 0 {
        std::process::exit(1);
    }
}

/// `svg` written to `dir/name.svg` and drawn at 300 px into `dir/name.png` (nothing when it cannot be drawn).
fn write_png(dir: &Path, name: &str, svg: &str) {
    let _ = std::fs::create_dir_all(dir);
    let _ = std::fs::write(dir.join(format!("{name}.svg")), svg);
    let big = svg.replacen(
        "width=\"60\" height=\"60\"",
        "width=\"300\" height=\"300\"",
        1,
    );
    let Ok(tree) = qm_layout::svg::parse(&big) else {
        return;
    };
    if let Ok(png) = qm_render::render_png(&tree, 300, 300) {
        let _ = std::fs::write(dir.join(format!("{name}.png")), png);
    }
}

/// A side that could not be drawn or read back counts as flawed, with the reason.
fn unreadable(why: String) -> Flaw {
    Flaw::Outside {
        text: qm_layout::geometry::Ink {
            item: format!("(unreadable: {why})"),
            text: String::new(),
            rect: qm_layout::geometry::FRAME,
            size: 0.0,
            raised_size: None,
        },
        by: f32::INFINITY,
    }
}

#[derive(Default)]
struct Totals {
    sides: usize,
    flawed: usize,
    /// Sides with a text over another, outside the frame or into the size circle.
    apart: usize,
    outside: usize,
    overlap: usize,
    circle: usize,
    small: usize,
}

impl Totals {
    fn add(&mut self, found: &[Flaw]) {
        for f in found {
            match f {
                Flaw::Outside { .. } | Flaw::CircleOutside { .. } => self.outside += 1,
                Flaw::Overlap { .. } => self.overlap += 1,
                Flaw::OverCircle { .. } => self.circle += 1,
                Flaw::TooSmall { .. } => self.small += 1,
            }
        }
    }
}
