//! `seam inspect FILE.json [--boundary "GET /x"] | --diff BEFORE.json AFTER.json`: summaries
//! as text a person reads, or what changed per summary between two summary files.
//!
//! Exit codes: 0 printed; 1 `--boundary` matched no summary; 2 bad usage or a file that
//! cannot be read as summaries.

use std::path::{Path, PathBuf};

use seam_ir::summary::{BehavioralSummary, SummaryReader};

#[derive(clap::Args)]
pub struct Args {
    /// A summary file (any version, 1 to 7).
    #[arg(value_name = "FILE.json", required_unless_present = "diff")]
    pub file: Option<PathBuf>,
    /// Only the summaries of this boundary, as `METHOD /path`.
    #[arg(long, value_name = "METHOD /path")]
    pub boundary: Option<String>,
    /// Compare two summary files and show what changed per summary.
    #[arg(long, num_args = 2, value_names = ["BEFORE.json", "AFTER.json"], conflicts_with = "file")]
    pub diff: Option<Vec<PathBuf>>,
    /// Write to this file instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
}

fn read(path: &Path) -> Result<Vec<BehavioralSummary>, String> {
    let reader = SummaryReader::open(path).map_err(|e| e.to_string())?;
    reader
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("{e}. Pass a summary file written by `seam extract -o`."))
}

pub fn run(args: Args) -> u8 {
    let text = match (&args.diff, &args.file) {
        (Some(pair), _) => {
            let (before, after) = match (read(&pair[0]), read(&pair[1])) {
                (Ok(b), Ok(a)) => (b, a),
                (Err(e), _) | (_, Err(e)) => {
                    eprintln!("error: {e}");
                    return 2;
                }
            };
            seam_diff::inspect::render_diff(&before, &after)
        }
        (None, Some(file)) => {
            let summaries = match read(file) {
                Ok(s) => s,
                Err(e) => {
                    eprintln!("error: {e}");
                    return 2;
                }
            };
            let text = seam_diff::inspect::render(&summaries, args.boundary.as_deref());
            if let Some(b) = &args.boundary
                && text.starts_with("0 summaries.")
            {
                eprintln!(
                    "error: no summary in {} serves or calls `{b}`.",
                    file.display()
                );
                return 1;
            }
            text
        }
        (None, None) => {
            eprintln!("error: name a summary file, or two with --diff BEFORE.json AFTER.json.");
            return 2;
        }
    };
    match &args.output {
        Some(path) => match std::fs::write(path, text) {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("error: {} could not be written: {e}", path.display());
                2
            }
        },
        None => {
            print!("{text}");
            0
        }
    }
}
