//! The flags every command shares: `--quiet`, `--verbose`, `--color`, and what they decide.

use std::io::IsTerminal;
use std::sync::OnceLock;

/// `--color`: when to colour output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour when writing to a terminal, `NO_COLOR` is unset or empty and `TERM` is not `dumb`.
    #[default]
    Auto,
    Always,
    Never,
}

/// The shared flags, set once from the command line.
#[derive(Clone, Copy, Debug, Default)]
pub struct Settings {
    pub quiet: bool,
    pub verbose: bool,
    pub color: ColorChoice,
}

static SETTINGS: OnceLock<Settings> = OnceLock::new();

pub fn init(settings: Settings) {
    let _ = SETTINGS.set(settings);
}

pub fn settings() -> Settings {
    SETTINGS.get().copied().unwrap_or_default()
}

/// Whether to colour what goes to standard output (`to_terminal`: it is not redirected to a
/// file with `-o`).
pub fn color_stdout(to_terminal: bool) -> bool {
    match settings().color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            to_terminal
                && std::io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::env::var("TERM").map_or(true, |t| t != "dumb")
        }
    }
}

/// Whether notes (not errors) go to standard error: not with `--quiet`.
pub fn notes() -> bool {
    !settings().quiet
}

/// `--format` of the commands that print a list rather than a check report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Lines for people.
    #[default]
    Text,
    /// One JSON document.
    Json,
}
