//! Reading VASL's Chapter H CSV (`listing.csv`, issue 31) at its input cap (4 MiB) and at a
//! quarter of it: many rows, and one cell of hostile markup (unclosed `<sup>`, `<` without
//! `>`, crossed elements). Linear reading takes about 4x as long at the cap as at a quarter;
//! before issue 31 the markup was quadratic in a cell's length (100,000 unclosed `<sup>`: 56
//! s) and the rows quadratic in their number (5,000 rows: 28 s).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use qm_parser::{parse_vasl_csv, FileId, Source};
use qm_schema::VASL_HEADER;

/// `listing.csv`'s cap (README: Input limits).
const CAP: usize = 4 * 1024 * 1024;

/// A vehicle row with markup in several cells, its name and piece numbered.
fn vehicle(i: usize) -> String {
    VASL_HEADER
        .iter()
        .map(|c| match *c {
            "count" => "3+<i>2</i>".to_string(),
            "name" => format!("Auk {i} <i>AG</i>"),
            "weight" => "9".into(),
            "bpv" => "40".into(),
            "rf" => "1.4".into(),
            "dates" => "1/43-44".into(),
            "size" => "+1".into(),
            "af" => "4".into(),
            "ta" => "-F/+SR".into(),
            "cs" => "<b>3</b>".into(),
            "mp" => "<b>12</b><sup>t</sup>†".into(),
            "gt" => "NT".into(),
            "ma" => {
                "\"T<span style=\"\"text-decoration:underline\"\">20</span>L†<sup>1</sup>\"".into()
            }
            "breakdown" => "<b>11</b>†<sup>2</sup>".into(),
            "bmg" => "-<sup>R2</sup>†".into(),
            "notes" => "\"6†, <strike>N</strike>, R†<sup>1</sup>\"".into(),
            "version" => "1.0".into(),
            "piece" => format!("p{i}"),
            "overrides" => "nat=no|mgs=-<sup>R2</sup>[*]/2".into(),
            _ => String::new(),
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// A `listing.csv` of about `size` bytes: the header and numbered vehicle rows.
fn rows(size: usize) -> (String, usize) {
    let mut text = VASL_HEADER.join(",");
    let mut n = 0;
    while text.len() < size {
        text.push('\n');
        text.push_str(&vehicle(n));
        n += 1;
    }
    text.push('\n');
    (text, n)
}

/// A `listing.csv` of about `size` bytes whose one vehicle's MA cell is `unit` repeated.
fn one_cell(unit: &str, size: usize) -> String {
    let row = vehicle(0);
    let ma = VASL_HEADER.iter().position(|c| *c == "ma").unwrap();
    let mut cells: Vec<String> = row.split(',').map(str::to_owned).collect();
    // The MA cell of `vehicle` is quoted and holds a comma-free span: it is one piece.
    cells[ma] = format!("B75{}", unit.repeat(size / unit.len()));
    format!("{}\n{}\n", VASL_HEADER.join(","), cells.join(","))
}

fn read(text: &str) -> usize {
    let source = Source::new(FileId(0), "x/listing.csv", text);
    let parsed = parse_vasl_csv(&source);
    parsed.value.rows.len() + parsed.diagnostics.len()
}

fn vasl_csv(c: &mut Criterion) {
    let mut group = c.benchmark_group("vasl-csv");
    group.sample_size(10);
    for size in [CAP / 4, CAP] {
        let (text, n) = rows(size);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(BenchmarkId::new(format!("rows-{n}"), size), |b| {
            b.iter(|| read(&text))
        });
        for (name, unit) in [
            ("unclosed-sup", "<sup>"),
            ("lt-without-gt", "<"),
            ("closed-sup", "<sup>1</sup>"),
            ("crossed", "<i><b></i>"),
        ] {
            let text = one_cell(unit, size);
            group.throughput(Throughput::Bytes(text.len() as u64));
            group.bench_function(BenchmarkId::new(name, size), |b| b.iter(|| read(&text)));
        }
    }
    group.finish();
}

criterion_group!(benches, vasl_csv);
criterion_main!(benches);
