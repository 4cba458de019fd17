//! The exit codes, the same for every command.

/// Success: the command did what it was asked (for `check`, no finding at or above
/// `--fail-on` remains).
pub const OK: u8 = 0;
/// The gate tripped: `check` found what `--fail-on` fails on; `extract` found nothing (as
/// `grep` exits 1 when nothing matches); `explain` matched no symbol.
pub const FOUND: u8 = 1;
/// Bad usage, unreadable input, output that could not be written, or an internal error.
pub const USAGE: u8 = 2;
/// Reserved for a diff gate (a comparison between two runs that tripped).
#[allow(dead_code)]
pub const DIFF: u8 = 3;

/// The text every command's `--help` ends with.
pub const HELP: &str = "\
Exit codes:
  0  success
  1  the gate tripped: check found a finding at or above --fail-on; extract found nothing;
     explain matched no symbol
  2  bad usage, unreadable input, output that could not be written, or an internal error
  3  a diff gate tripped
Standard output closed early (`seam ... | head`) ends the command quietly with exit code 0.";
