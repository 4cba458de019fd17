//! `seam contract --from openapi|prisma FILE [-o OUT] [--expand]`: reads a declared artifact
//! (an OpenAPI 3.x or Swagger 2.0 document, a Prisma schema file or a `prisma/schema/` folder)
//! and writes its boundaries as one version-7 summary file. An operation or response that
//! cannot be read is left out with a line on standard error saying so; the rest is written.

use std::io::Write;
use std::path::PathBuf;

use seam_contracts::{ContractFile, ContractKind, read_contract_noting};
use seam_ir::summary::{WriteOptions, write_summaries};

/// Exit code for a contract that could not be read.
const BAD_INPUT: u8 = 2;

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum Source {
    /// An OpenAPI 3.0 or 3.1 document or a Swagger 2.0 one, YAML or JSON.
    Openapi,
    /// A Prisma schema: one `.prisma` file, or a folder of them read as one schema.
    Prisma,
}

#[derive(clap::Args)]
pub struct Args {
    /// What kind of artifact FILE is.
    #[arg(long = "from", value_enum, value_name = "SOURCE")]
    from: Source,
    /// The document or schema to read.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Where to write the version-7 file (replaced atomically); standard output when absent.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    output: Option<PathBuf>,
    /// Write every value in full, without `$def`/`$ref` sharing.
    #[arg(long)]
    expand: bool,
}

/// The file as summaries name it: as given, with `/` separators and no leading `./`.
fn label_of(path: &std::path::Path) -> String {
    let text = path.to_string_lossy().replace('\\', "/");
    let mut label = text.as_str();
    while let Some(rest) = label.strip_prefix("./") {
        label = rest;
    }
    label.trim_end_matches('/').to_owned()
}

pub fn run(args: Args) -> u8 {
    let kind = match args.from {
        Source::Openapi => ContractKind::OpenApi,
        Source::Prisma if args.file.is_dir() => ContractKind::PrismaFolder,
        Source::Prisma => ContractKind::PrismaFile,
    };
    let file = ContractFile {
        label: label_of(&args.file),
        kind,
        path: args.file.clone(),
    };
    // Read everything before writing anything, so a bad contract leaves no output behind.
    // `$ref`s may name files in the contract's own folder and below it.
    let boundary = args
        .file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    let summaries = match read_contract_noting(&file, boundary) {
        Ok(read) => {
            for note in &read.notes {
                let _ = writeln!(std::io::stderr(), "seam contract: {note}");
            }
            read.summaries
        }
        Err(e) => {
            let _ = writeln!(
                std::io::stderr(),
                "seam contract: {e}\nNothing was written. Fix the {} and run seam contract again.",
                match args.from {
                    Source::Openapi => "document",
                    Source::Prisma => "schema",
                }
            );
            return BAD_INPUT;
        }
    };
    if summaries.is_empty() && crate::ui::notes() {
        let _ = writeln!(
            std::io::stderr(),
            "seam contract: {} declares no boundaries seam could read.",
            file.label
        );
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
