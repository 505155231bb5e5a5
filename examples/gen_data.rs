//! Writes the benchmarks' synthetic data directories, for timing `qm` from the shell (docs/development.md,
//! Performance): `cargo run --release --example gen_data -- nations 50 /tmp/n50` or
//! `... -- rows 10000 /tmp/rows10k`.

#[path = "../benches/support/mod.rs"]
mod support;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [kind, count, dir] = &args[..] else {
        eprintln!("usage: gen_data nations|rows COUNT DIR");
        std::process::exit(2);
    };
    let count: usize = count.parse().expect("COUNT is a number");
    let dir = std::path::Path::new(dir);
    match kind.as_str() {
        "nations" => support::nations(count, dir),
        "rows" => support::long_listing(count, dir),
        _ => {
            eprintln!("usage: gen_data nations|rows COUNT DIR");
            std::process::exit(2);
        }
    }
    println!("wrote {}", dir.display());
}
