//! `qm build --timings`: how long each stage of a run took, printed as a table.

use std::time::{Duration, Instant};

/// The stages of a run in the order they happened, each with its wall time (a stage that
/// runs more than once, such as `resolve` for every nation, adds up).
#[derive(Debug, Default, Clone)]
pub struct Timings {
    stages: Vec<(&'static str, Duration)>,
    /// Shows the stage being worked on (`qm build` on a terminal).
    progress: Option<indicatif::ProgressBar>,
}

impl Timings {
    /// Timings that also name each stage on `bar` as it starts.
    pub fn with_progress(bar: indicatif::ProgressBar) -> Self {
        Self {
            stages: Vec::new(),
            progress: Some(bar),
        }
    }

    /// The progress bar these timings name stages on, if any.
    pub fn progress(&self) -> Option<indicatif::ProgressBar> {
        self.progress.clone()
    }

    /// Runs `f` as (part of) stage `name` and records its wall time.
    pub fn time<T>(&mut self, name: &'static str, f: impl FnOnce() -> T) -> T {
        if let Some(bar) = &self.progress {
            bar.set_message(name);
        }
        let start = Instant::now();
        let out = f();
        self.add(name, start.elapsed());
        out
    }

    /// Adds `took` to stage `name` (a new stage goes last).
    pub fn add(&mut self, name: &'static str, took: Duration) {
        match self.stages.iter_mut().find(|(n, _)| *n == name) {
            Some((_, d)) => *d += took,
            None => self.stages.push((name, took)),
        }
    }

    /// The stages in order.
    pub fn stages(&self) -> &[(&'static str, Duration)] {
        &self.stages
    }

    /// The table `--timings` prints: one line per stage (milliseconds and share), then the
    /// total.
    pub fn table(&self) -> String {
        let total: Duration = self.stages.iter().map(|(_, d)| *d).sum();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let mut out = String::from("stage        time     share\n");
        for (name, d) in &self.stages {
            let share = if total.is_zero() {
                0.0
            } else {
                100.0 * d.as_secs_f64() / total.as_secs_f64()
            };
            out.push_str(&format!("{name:<10} {:>8.1} ms {share:>5.1}%\n", ms(*d)));
        }
        out.push_str(&format!("{:<10} {:>8.1} ms\n", "total", ms(total)));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stages_keep_their_first_order_and_add_up() {
        let mut t = Timings::default();
        t.add("load", Duration::from_millis(2));
        t.add("resolve", Duration::from_millis(5));
        t.add("load", Duration::from_millis(1));
        let names: Vec<&str> = t.stages().iter().map(|(n, _)| *n).collect();
        assert_eq!(names, ["load", "resolve"]);
        assert_eq!(t.stages()[0].1, Duration::from_millis(3));
        let table = t.table();
        assert!(table.contains("load"), "{table}");
        assert!(
            table.lines().last().unwrap().starts_with("total"),
            "{table}"
        );
        assert!(table.contains("8.0 ms"), "{table}");
    }
}
