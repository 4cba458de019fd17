//! Per-phase wall time and memory of a run, printed when `SEAM_TIMING` is set (for profiling
//! and benchmarks; never part of an output).

use std::time::Instant;

/// A clock over the phases of one run.
pub struct Phases {
    enabled: bool,
    start: Instant,
    last: Instant,
}

impl Phases {
    /// Prints only when `SEAM_TIMING` is set in the environment.
    pub fn from_env() -> Self {
        Self::new(std::env::var_os("SEAM_TIMING").is_some_and(|v| !v.is_empty()))
    }

    pub fn new(enabled: bool) -> Self {
        let now = Instant::now();
        Phases {
            enabled,
            start: now,
            last: now,
        }
    }

    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// Ends the phase `name`: one line with its wall time and the memory after it.
    pub fn lap(&mut self, name: &str) {
        self.lap_with(name, "");
    }

    /// [`Phases::lap`] with a note (what the phase produced).
    pub fn lap_with(&mut self, name: &str, note: &str) {
        let now = Instant::now();
        if self.enabled {
            let (rss, peak) = memory_mb();
            let note = if note.is_empty() {
                String::new()
            } else {
                format!("  ({note})")
            };
            eprintln!(
                "timing: {name:<32} {:>7.2} s  total {:>7.2} s  cpu {:>7.2} s  rss {rss:>5} MB  peak {peak:>5} MB{note}",
                (now - self.last).as_secs_f64(),
                (now - self.start).as_secs_f64(),
                cpu_seconds(),
            );
        }
        self.last = now;
    }
}

impl Phases {
    /// When something running beside the phases (on another thread) ended, counted from the
    /// start of the run.
    pub fn mark(&self, name: &str, at: Instant) {
        if self.enabled {
            eprintln!(
                "timing:   {name:<30} ended at {:>7.2} s",
                at.saturating_duration_since(self.start).as_secs_f64()
            );
        }
    }

    /// A sub-phase measured elsewhere (the review IR's own clock), printed under the last lap.
    pub fn detail(&self, name: &str, took: std::time::Duration) {
        if self.enabled {
            eprintln!("timing:   {name:<30} {:>7.2} s", took.as_secs_f64());
        }
    }
}

/// The process's CPU time so far (user and system, all threads), from /proc; 0 elsewhere.
/// On a loaded machine it is the steadier figure than wall time.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which may hold spaces) start at the last `)`.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line: 11 and 12 counted from the state;
    // the kernel counts them in clock ticks of 1/100 s.
    (ticks(11) + ticks(12)) / 100.0
}

/// The resident set and its peak (VmRSS, VmHWM) in MB; 0 where /proc cannot be read.
fn memory_mb() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|kb| kb.parse::<u64>().ok())
            .map_or(0, |kb| kb / 1024)
    };
    (field("VmRSS:"), field("VmHWM:"))
}
