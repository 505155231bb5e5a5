//! Rendering throughput on the Italian OB: counter sides per second as SVG and as SVG + PNG,
//! and a whole `qm build` in memory (compile, then every artifact).

use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use qm_export::build::{render_all, BuildOptions};
use qm_render::templates::Templates;
use qm_render::{counter_image, counter_svg, CounterOptions};
use qm_schema::CounterSide;

fn render(c: &mut Criterion) {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data-src");
    let nation = qm_compile::pipeline::compile(&data, &Default::default())
        .nations
        .into_iter()
        .next()
        .expect("the Italian OB");
    let data = &data;
    let templates = Templates::new(None);
    let opts = CounterOptions::default();
    let sides = [CounterSide::Front, CounterSide::Back];
    let n = nation.vehicles.len();

    let mut group = c.benchmark_group("counters");
    group.sample_size(10);
    group.throughput(Throughput::Elements(2 * n as u64));
    group.bench_function(BenchmarkId::new("svg", 2 * n), |b| {
        b.iter(|| {
            for v in &nation.vehicles {
                for side in sides {
                    counter_svg(&nation, v, side, &templates, &opts).unwrap();
                }
            }
        })
    });
    group.bench_function(BenchmarkId::new("svg+png-60px", 2 * n), |b| {
        b.iter(|| {
            for v in &nation.vehicles {
                for side in sides {
                    counter_image(&nation, v, side, &templates, &opts).unwrap();
                }
            }
        })
    });
    group.finish();

    // What `qm build` does short of writing files: compile the data (listing, notes, ob.toml,
    // scenarios), then render every artifact (JSON, counters, sheets, chart, cards, module).
    let mut group = c.benchmark_group("build");
    group.sample_size(10);
    group.bench_function("compile+render-all", |b| {
        b.iter(|| {
            let compiled = qm_compile::pipeline::compile(data, &Default::default());
            render_all(
                &compiled,
                &BuildOptions::default(),
                &mut Default::default(),
                &mut Default::default(),
            )
            .unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, render);
criterion_main!(benches);
