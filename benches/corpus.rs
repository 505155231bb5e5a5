//! The whole-corpus check and build: every nation of a folder of listings in our layout (a
//! real corpus put into `listing.tsv` files, e.g. VASL's Chapter H data converted as the
//! docs/listings.md's "Real listings" says; never committed). Set `QM_CORPUS=DIR`; without it the
//! bench says so and measures nothing:
//! `QM_CORPUS=/path/to/corpus cargo bench --bench corpus`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use qm_export::build::{render_all, BuildOptions};

fn corpus(c: &mut Criterion) {
    let Some(dir) = std::env::var_os("QM_CORPUS").map(std::path::PathBuf::from) else {
        eprintln!("corpus bench: set QM_CORPUS to a folder of nations to measure it");
        return;
    };
    let compiled = qm_compile::pipeline::compile(&dir, &Default::default());
    let vehicles: usize = compiled.nations.iter().map(|n| n.vehicles.len()).sum();
    let mut group = c.benchmark_group("corpus");
    group.sample_size(10);
    group.throughput(Throughput::Elements(vehicles as u64));
    group.bench_function(BenchmarkId::new("check", vehicles), |b| {
        b.iter(|| qm_compile::pipeline::compile(&dir, &Default::default()))
    });
    // The build of every vehicle that resolved (as `qm build --keep-going` writes them).
    group.bench_function(BenchmarkId::new("build", vehicles), |b| {
        b.iter(|| {
            render_all(
                &compiled,
                &BuildOptions::default(),
                &mut Default::default(),
                &mut Default::default(),
            )
            .map(|a| a.len())
        })
    });
    group.finish();
}

criterion_group!(benches, corpus);
criterion_main!(benches);
