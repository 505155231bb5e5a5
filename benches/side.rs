//! Where a counter side's time goes, step by step, at the default size (60 px), as `qm build`
//! draws it (each piece's picture and colours): the layout (`qm-layout`'s `counter`), the
//! template render to SVG text (layout included), the SVG read back (usvg, each text read
//! once: `qm_layout::svg_page`), the rasterizing
//! (resvg / tiny-skia), the PNG encoding, the PDF form the sheets place, the key the render
//! cache hashes, and a whole side: SVG and PNG (`counter_image`, issue 36's bar), and with
//! its PDF form (`render_side`, what `qm build` draws). Each text of a side is laid out once
//! per process (`qm_layout::svg_page`), so after the first iteration these see every text
//! laid out already; `svg+png+pdf-cold` forgets the texts before each iteration, as a cold
//! `qm build` meets them (every different text laid out once in the whole build).
//!
//! Every bench iteration draws every side of the data once (at most about 1,000, spread over
//! it); criterion's time per element is the time per side. The Italian data by default; `QM_CORPUS=DIR` measures another data folder
//! (e.g. VASL's vehicle and ordnance CSVs, never committed):
//! `cargo bench --bench side`, `QM_CORPUS=/path/to/data cargo bench --bench side`.

#[path = "support/mod.rs"]
mod support;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use qm_layout::svg_page;
use qm_render::templates::Templates;
use qm_render::{
    counter_image, counter_key, counter_svg, render_page_pixmap, render_side, side_layout, sides,
    Converted, CounterOptions, CounterPiece, Pictures,
};
use qm_schema::{CounterSide, Nation};

fn data_dir() -> std::path::PathBuf {
    std::env::var_os("QM_CORPUS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| support::root().join("data-src"))
}

fn side(c: &mut Criterion) {
    support::like_the_binary();
    let compiled = qm_compile::pipeline::compile(&data_dir(), &Default::default());
    let templates = Templates::new(None);
    let pictures = Pictures::new(
        &compiled.nations,
        &compiled.loaded,
        &compiled.art,
        &templates,
    )
    .expect("the pictures");
    let opts = CounterOptions {
        pictures,
        colours: compiled.colours.clone(),
        ..CounterOptions::default()
    };
    // The sides that draw (a corpus's vehicle with an error is left out, as --keep-going does).
    let all: Vec<(&Nation, CounterPiece, CounterSide)> = compiled
        .nations
        .iter()
        .flat_map(|n| sides(n).map(move |(p, s)| (n, p, s)))
        .collect();
    // At most about 1,000 sides, spread over the whole data (a corpus's nations all take part).
    let step = all.len().div_ceil(1000).max(1);
    let all: Vec<_> = all
        .into_iter()
        .step_by(step)
        .filter(|&(n, p, s)| render_side(n, p, s, &templates, &opts).is_ok())
        .collect();
    eprintln!("side bench: {} sides", all.len());
    let texts: Vec<String> = all
        .iter()
        .map(|&(n, p, s)| counter_svg(n, p, s, &templates, &opts).unwrap())
        .collect();
    let trees: Vec<_> = texts.iter().map(|t| svg_page::read(t).unwrap()).collect();
    let pixmaps: Vec<_> = trees
        .iter()
        .map(|t| render_page_pixmap(t, opts.px, opts.px).unwrap())
        .collect();

    let mut group = c.benchmark_group("side");
    group.sample_size(10);
    group.warm_up_time(std::time::Duration::from_secs(1));
    group.measurement_time(std::time::Duration::from_secs(3));
    group.throughput(Throughput::Elements(all.len() as u64));
    group.bench_function("layout", |b| {
        b.iter(|| {
            for &(n, p, s) in &all {
                std::hint::black_box(side_layout(p, s, opts.pictures.get(&n.id, p.id())));
            }
        })
    });
    group.bench_function("svg", |b| {
        b.iter(|| {
            for &(n, p, s) in &all {
                std::hint::black_box(counter_svg(n, p, s, &templates, &opts).unwrap());
            }
        })
    });
    read_back(&mut group, &texts, &trees, &pixmaps, opts.px);
    group.bench_function("key", |b| {
        b.iter(|| {
            for &(n, p, s) in &all {
                std::hint::black_box(counter_key(n, p, s, &opts, 0));
            }
        })
    });
    whole_side(&mut group, &all, &templates, &opts);
    group.finish();
}

/// A whole side: SVG and PNG, with the PDF form, and that again with every text laid out anew.
fn whole_side(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    all: &[(&Nation, CounterPiece, CounterSide)],
    templates: &Templates,
    opts: &CounterOptions,
) {
    // The bar: a side's SVG and PNG.
    group.bench_function("svg+png", |b| {
        b.iter(|| {
            for &(n, p, s) in all {
                std::hint::black_box(counter_image(n, p, s, templates, opts).unwrap());
            }
        })
    });
    // What `qm build` draws of a side: SVG, PNG and the PDF form the sheets place.
    group.bench_function("svg+png+pdf", |b| {
        b.iter(|| {
            for &(n, p, s) in all {
                std::hint::black_box(render_side(n, p, s, templates, opts).unwrap());
            }
        })
    });
    // The same with every text laid out again: what a cold `qm build` pays per side.
    group.bench_function("svg+png+pdf-cold", |b| {
        b.iter_batched(
            svg_page::forget_texts,
            |()| {
                for &(n, p, s) in all {
                    std::hint::black_box(render_side(n, p, s, templates, opts).unwrap());
                }
            },
            criterion::BatchSize::PerIteration,
        )
    });
}

/// The steps after the SVG text: parse, rasterize, PNG encode, PDF form.
fn read_back(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    texts: &[String],
    trees: &[svg_page::Page],
    pixmaps: &[resvg::tiny_skia::Pixmap],
    px: u32,
) {
    group.bench_function("parse", |b| {
        b.iter(|| {
            for t in texts {
                std::hint::black_box(svg_page::read(t).unwrap());
            }
        })
    });
    group.bench_function("rasterize", |b| {
        b.iter(|| {
            for t in trees {
                std::hint::black_box(render_page_pixmap(t, px, px).unwrap());
            }
        })
    });
    group.bench_function("encode", |b| {
        b.iter(|| {
            for p in pixmaps {
                std::hint::black_box(qm_render::encode_png(p.clone()).unwrap());
            }
        })
    });
    group.bench_function("pdf-form", |b| {
        b.iter(|| {
            for t in trees {
                std::hint::black_box(Converted::from_page(t, false).unwrap());
            }
        })
    });
}

criterion_group!(benches, side);
criterion_main!(benches);
