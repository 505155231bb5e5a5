//! The issue-11 table (docs/development.md, Performance): `qm build` of the Italian data and of 50 nations
//! (copies of `ita/`, generated here), `qm check` of the 50 nations and of a 10,000-row
//! listing. Each is what the command does short of writing files; the thread count is
//! rayon's default (one per core) unless `RAYON_NUM_THREADS` says otherwise. One nation and
//! 50 are measured side by side, so "linear" can be read off (50 nations <= 30x one).

#[path = "support/mod.rs"]
mod support;

use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use qm_export::build::{render_all, BuildOptions};
use support::{long_listing, nations, root};

fn build(c: &mut Criterion) {
    support::like_the_binary();
    let italian = root().join("data-src");
    let fifty = tempfile::tempdir().unwrap();
    nations(50, fifty.path());

    let mut group = c.benchmark_group("build");
    group.sample_size(10);
    group.bench_function(BenchmarkId::new("nations", 1), |b| {
        b.iter(|| {
            let compiled = qm_compile::pipeline::compile(&italian, &Default::default());
            render_all(
                &compiled,
                &BuildOptions::default(),
                &mut Default::default(),
                &mut Default::default(),
            )
            .unwrap()
        })
    });
    group.measurement_time(Duration::from_secs(60));
    group.bench_function(BenchmarkId::new("nations", 50), |b| {
        b.iter(|| {
            let compiled = qm_compile::pipeline::compile(fifty.path(), &Default::default());
            assert!(!compiled.failed(false));
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

/// `qm check` of the 50 nations and of a 10,000-row listing; run before the builds, so the
/// peak memory printed after it is the checks' (the process's high-water mark).
fn check(c: &mut Criterion) {
    support::like_the_binary();
    let italian = root().join("data-src");
    let fifty = tempfile::tempdir().unwrap();
    nations(50, fifty.path());
    let mut group = c.benchmark_group("check");
    group.sample_size(10);
    for (name, dir) in [
        ("nations-1", italian.clone()),
        ("nations-50", fifty.path().into()),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| qm_compile::pipeline::compile(&dir, &Default::default()))
        });
    }
    let rows = tempfile::tempdir().unwrap();
    long_listing(10_000, rows.path());
    group.throughput(Throughput::Elements(10_000));
    group.bench_function(BenchmarkId::new("listing-rows", 10_000), |b| {
        b.iter(|| qm_compile::pipeline::compile(rows.path(), &Default::default()))
    });
    group.finish();
    println!("check: peak memory of the bench process {}", peak_memory());
}

/// The process's peak resident memory (Linux: `VmHWM` of /proc/self/status).
fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .map(|v| v.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into())
}

criterion_group!(benches, check, build);
criterion_main!(benches);
