//! `seam schema summaries|intent`: prints the JSON Schema of a version-7 summary file or of an
//! intent document.

use std::io::Write;

#[derive(clap::ValueEnum, Clone, Copy)]
pub enum Format {
    /// The behavioural-summary file (schemaVersion 7).
    Summaries,
    /// An intent document: `kind: boundary` (`*.intent.yaml`) or `kind: prd` (`*.prd.yaml`).
    Intent,
}

#[derive(clap::Args)]
pub struct Args {
    /// Which format's schema to print.
    format: Format,
}

pub fn run(args: Args) -> u8 {
    let schema = match args.format {
        Format::Summaries => seam_ir::summary::summary_json_schema(),
        Format::Intent => seam_intent::intent_json_schema(),
    };
    let text = match serde_json::to_string_pretty(&schema) {
        Ok(text) => text + "\n",
        Err(e) => {
            let _ = writeln!(
                std::io::stderr(),
                "error: the schema could not be serialised: {e}. This is a bug in seam."
            );
            return crate::exit::USAGE;
        }
    };
    match crate::output::emit("the schema", None, text.as_bytes()) {
        Ok(()) => crate::exit::OK,
        Err(code) => code,
    }
}
