//! The progress line of a long `qm build`: a spinner with the stage being worked on, drawn on
//! stderr only when it is a terminal and only once the build has taken a second (a quick build
//! and a piped one print nothing extra).

use std::io::IsTerminal;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a build runs before the progress line appears.
const DELAY: Duration = Duration::from_secs(1);

/// A progress line that shows itself after [`DELAY`] on a terminal.
pub struct Progress {
    bar: ProgressBar,
    /// Set when the build is over; the thread that would show the bar checks it under the
    /// same lock, so a finished bar is never drawn again.
    done: Arc<Mutex<bool>>,
}

impl Progress {
    /// Starts timing; the line appears after [`DELAY`] if stderr is a terminal.
    pub fn start() -> Self {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        if let Ok(style) = ProgressStyle::with_template("{spinner} qm: {msg} ({elapsed})") {
            bar.set_style(style);
        }
        let done = Arc::new(Mutex::new(false));
        if std::io::stderr().is_terminal() {
            let (bar, done) = (bar.clone(), done.clone());
            std::thread::spawn(move || {
                std::thread::sleep(DELAY);
                let done = done.lock().unwrap_or_else(|e| e.into_inner());
                if !*done {
                    bar.set_draw_target(ProgressDrawTarget::stderr());
                    bar.enable_steady_tick(Duration::from_millis(120));
                }
            });
        }
        Self { bar, done }
    }

    /// The bar, for [`qm_compile::timings::Timings::with_progress`] (it shows each stage's name).
    pub fn bar(&self) -> ProgressBar {
        self.bar.clone()
    }

    /// Removes the line (if it was drawn) before the build's own output.
    pub fn finish(&self) {
        let mut done = self.done.lock().unwrap_or_else(|e| e.into_inner());
        *done = true;
        self.bar.finish_and_clear();
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}
