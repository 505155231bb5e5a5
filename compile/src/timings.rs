//! `qm build --timings`: how long each stage of a run took, printed as a table.

use std::time::{Duration, Instant};

/// The stages of a run in the order they happened, each with its wall time (a stage that
/// runs more than once, such as `resolve` for every nation, adds up).
#[derive(Debug, Default, Clone)]
pub struct Timings {
    stages: Vec<(&'static str, Duration)>,
    /// The stages that ran beside others (on other cores at the same time): their times
    /// overlap, so the stages add up to more than the run took.
    beside: Vec<&'static str>,
    /// When the first stage started and the last one ended (the run's wall time).
    span: Option<(Instant, Instant)>,
    /// Shows the stage being worked on (`qm build` on a terminal).
    progress: Option<indicatif::ProgressBar>,
}

impl Timings {
    /// Timings that also name each stage on `bar` as it starts.
    pub fn with_progress(bar: indicatif::ProgressBar) -> Self {
        Self {
            progress: Some(bar),
            ..Self::default()
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
        self.spanned(start, Instant::now());
        out
    }

    /// Records a step from `start` to now in which stages ran at the same time: `main`, one
    /// after another on the caller's thread, and `beside` on other cores (`rayon::join`),
    /// each with its own wall time; the table marks those beside.
    pub fn overlapped(
        &mut self,
        start: Instant,
        main: &[(&'static str, Duration)],
        beside: &[(&'static str, Duration)],
    ) {
        for (name, took) in main {
            self.add(name, *took);
        }
        for (name, took) in beside {
            self.add(name, *took);
            if !self.beside.contains(name) {
                self.beside.push(name);
            }
        }
        self.spanned(start, Instant::now());
    }

    fn spanned(&mut self, start: Instant, end: Instant) {
        let first = self.span.map_or(start, |(s, _)| s.min(start));
        self.span = Some((first, end));
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

    /// The table `--timings` prints: one line per stage (milliseconds and share of the
    /// stages' sum), then the total; when stages ran beside others they are marked, and the
    /// wall time from the first stage's start to the last one's end follows.
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
            let mark = if self.beside.contains(name) {
                "  (beside)"
            } else {
                ""
            };
            out.push_str(&format!(
                "{name:<10} {:>8.1} ms {share:>5.1}%{mark}\n",
                ms(*d)
            ));
        }
        out.push_str(&format!("{:<10} {:>8.1} ms\n", "total", ms(total)));
        if let (false, Some((start, end))) = (self.beside.is_empty(), self.span) {
            out.push_str(&format!(
                "{:<10} {:>8.1} ms (stages marked beside ran at the same time as others)\n",
                "wall",
                ms(end - start)
            ));
        }
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
        assert!(!table.contains("wall"), "{table}");
    }

    #[test]
    fn stages_run_beside_others_are_marked_and_the_wall_time_follows() {
        let mut t = Timings::default();
        t.add("load", Duration::from_millis(2));
        t.overlapped(
            Instant::now(),
            &[("counters", Duration::from_millis(30))],
            &[("chart", Duration::from_millis(10))],
        );
        let table = t.table();
        let line = |name: &str| table.lines().find(|l| l.starts_with(name)).unwrap();
        assert!(line("chart").ends_with("(beside)"), "{table}");
        assert!(!line("counters").contains("beside"), "{table}");
        assert!(table.lines().last().unwrap().starts_with("wall"), "{table}");
    }
}
