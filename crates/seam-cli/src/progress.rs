//! A progress line on standard error for long runs: shown only when standard error is a
//! terminal, `--quiet` is not given and the run has gone on for more than two seconds, so pipes,
//! CI logs and quick runs never see it. Cleared when the work ends.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget};

/// How long a run goes before its progress line appears.
const SHOW_AFTER: Duration = Duration::from_secs(2);

/// The progress line of one command; cleared when dropped.
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// Starts a line saying `message`, drawn only once [`SHOW_AFTER`] has passed.
    pub fn start(message: &'static str) -> Progress {
        if crate::ui::settings().quiet || !std::io::stderr().is_terminal() {
            return Progress { bar: None };
        }
        let bar = ProgressBar::new_spinner();
        bar.set_draw_target(ProgressDrawTarget::hidden());
        bar.set_message(message);
        let later = bar.clone();
        let _ = std::thread::Builder::new()
            .name("seam-progress".into())
            .spawn(move || {
                std::thread::sleep(SHOW_AFTER);
                if !later.is_finished() {
                    later.set_draw_target(ProgressDrawTarget::stderr());
                    later.enable_steady_tick(Duration::from_millis(120));
                }
            });
        Progress { bar: Some(bar) }
    }

    /// Says what the run is doing now.
    pub fn phase(&self, message: &'static str) {
        if let Some(bar) = &self.bar {
            bar.set_message(message);
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
