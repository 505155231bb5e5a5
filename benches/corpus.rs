//! The whole-corpus check and build: every nation of a folder of listings (a real corpus,
//! never committed: e.g. VASL's Chapter H files copied in unchanged, one nation folder each
//! holding its `listing.csv` and, for guns, `ordnance.csv`). Set `QM_CORPUS=DIR`; without it
//! the bench says so and measures nothing:
//! `QM_CORPUS=/path/to/corpus cargo bench --bench corpus`.
//!
//! The process keeps what it makes once (text layouts, validators) from one iteration to the
//! next, so `build` here is a cold render in a warm process: a first `qm build` is measured
//! with `/usr/bin/time` (docs/development.md).
//!
//! Measured: the check; the render of every artifact cold (no cache) and warm (from a build
//! cache on disk that a first build filled, as a second `qm build` of unchanged data); the write
//! stage: a full write, an output left as it was, and a write after one file changed (the
//! output's other files reused).

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use qm_export::artifact::{write_unless_unchanged, OutputDir};
use qm_export::build::{render_all, BuildOptions};
use qm_export::disk_cache::{DiskCache, DEFAULT_MAX_BYTES};
use qm_export::render_cache::RenderCache;
use qm_render::artifact::Artifact;

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
    let render = |disk: Option<Arc<DiskCache>>| {
        let mut cache = RenderCache {
            disk,
            ..Default::default()
        };
        render_all(
            &compiled,
            &BuildOptions::default(),
            &mut Default::default(),
            &mut cache,
        )
        .expect("the corpus renders")
    };
    group.bench_function(BenchmarkId::new("build", vehicles), |b| {
        b.iter(|| render(None).len())
    });
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let disk = Arc::new(DiskCache::new(tmp.path().join("cache"), DEFAULT_MAX_BYTES));
    let artifacts = render(Some(disk.clone()));
    group.bench_function(BenchmarkId::new("build-warm", vehicles), |b| {
        b.iter(|| render(Some(disk.clone())).len())
    });
    group.finish();
    write(c, &artifacts, tmp.path());
}

/// The write stage of the corpus build's files into `tmp/out`.
fn write(c: &mut Criterion, artifacts: &[Artifact], tmp: &std::path::Path) {
    let mut group = c.benchmark_group("corpus-write");
    group.sample_size(10);
    group.throughput(Throughput::Elements(artifacts.len() as u64));
    let out = OutputDir::check(&tmp.join("out"), &[]).expect("a new output");
    let fresh = || DiskCache::new(tmp.join("write-cache"), DEFAULT_MAX_BYTES);
    let put = |files: &[Artifact], disk: &DiskCache| {
        write_unless_unchanged(&out, files, |_| {}, disk)
            .expect("the output is written")
            .wrote
    };
    group.bench_function("full", |b| {
        b.iter(|| {
            let _ = std::fs::remove_dir_all(tmp.join("write-cache"));
            put(artifacts, &fresh())
        })
    });
    let disk = fresh();
    put(artifacts, &disk);
    group.bench_function("unchanged", |b| b.iter(|| put(artifacts, &disk)));
    // Two outputs differing in one file, written in turn.
    let mut edited = artifacts.to_vec();
    let last = edited.last_mut().expect("files");
    last.bytes.push(b'\n');
    let mut turn = false;
    group.bench_function("one-file-changed", |b| {
        b.iter(|| {
            turn = !turn;
            put(if turn { &edited } else { artifacts }, &disk)
        })
    });
    group.finish();
}

criterion_group!(benches, corpus);
criterion_main!(benches);
