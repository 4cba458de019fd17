//! `seam summaries FILE... [-o OUT] [--expand]`: reads summary files of any published version
//! and writes them as one version-7 file.

use std::io::Write;
use std::path::PathBuf;

use seam_ir::summary::{BehavioralSummary, SummaryReader, WriteOptions, write_summaries};

/// Exit code for input that could not be read as summaries.
const BAD_INPUT: u8 = 2;

#[derive(clap::Args)]
pub struct Args {
    /// Summary files (JSON arrays, any schemaVersion from 1 to 7, any layout).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Where to write the version-7 file (replaced atomically); standard output when absent.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    output: Option<PathBuf>,
    /// Write every value in full, without `$def`/`$ref` sharing.
    #[arg(long)]
    expand: bool,
}

pub fn run(args: Args) -> u8 {
    // Read everything before writing anything, so malformed input leaves no output behind.
    let mut summaries: Vec<BehavioralSummary> = Vec::new();
    for path in &args.files {
        let reader = match SummaryReader::open(path) {
            Ok(reader) => reader,
            Err(e) => return report(&e),
        };
        for summary in reader {
            match summary {
                Ok(summary) => summaries.push(summary),
                Err(e) => return report(&e),
            }
        }
    }
    let options = WriteOptions {
        expand: args.expand,
    };
    let written = match &args.output {
        Some(path) => crate::output::to_file("the summaries", path, |file| {
            write_summaries(file, &summaries, options)
        }),
        None => crate::output::to_stdout("the summaries", |out| {
            write_summaries(out, &summaries, options)
        }),
    };
    match written {
        Ok(()) => crate::exit::OK,
        Err(code) => code,
    }
}

fn report(error: &seam_ir::summary::SummaryReadError) -> u8 {
    let _ = writeln!(
        std::io::stderr(),
        "seam summaries: {error}\nNothing was written. Fix the file, or regenerate it with the tool that wrote it."
    );
    BAD_INPUT
}
