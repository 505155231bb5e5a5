//! Parse + resolve + lint + validate throughput on the Italian data and on synthetic listings of
//! 10,000 and 100,000 rows made from the real rows (names made unique; the real notes and
//! ob.toml alongside, so the notes are resolved against every row); and the notes parser alone.

#[path = "support/mod.rs"]
mod support;

use support::{long_listing, root};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

fn pipeline(c: &mut Criterion) {
    let mut group = c.benchmark_group("compile");
    group.sample_size(10);
    let real = root().join("data-src");
    let n: usize = qm_compile::pipeline::compile(&real, &Default::default())
        .nations
        .iter()
        .map(|n| n.vehicles.len())
        .sum();
    group.throughput(Throughput::Elements(n as u64));
    group.bench_function(BenchmarkId::new("italian", n), |b| {
        b.iter(|| qm_compile::pipeline::compile(&real, &Default::default()))
    });
    for rows in [10_000usize, 100_000] {
        let dir = tempfile::tempdir().unwrap();
        long_listing(rows, dir.path());
        group.throughput(Throughput::Elements(rows as u64));
        group.bench_function(BenchmarkId::new("synthetic", rows), |b| {
            b.iter(|| qm_compile::pipeline::compile(dir.path(), &Default::default()))
        });
    }
    group.finish();

    // The notes alone: structure, See-also lines, notations and every availability sentence.
    let notes = std::fs::read_to_string(real.join("ita/notes.md")).unwrap();
    let mut group = c.benchmark_group("notes");
    group.throughput(Throughput::Bytes(notes.len() as u64));
    group.bench_function("parse-italian", |b| {
        b.iter(|| {
            let source =
                qm_parser::Source::new(qm_parser::FileId(0), "ita/notes.md", notes.as_str());
            qm_parser::parse_notes(&source, None)
        })
    });
    group.finish();
}

criterion_group!(benches, pipeline);
criterion_main!(benches);
