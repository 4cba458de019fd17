//! `seam model [DIR] [--json]`: walks and lowers a repository and prints what the front end
//! made of it: one line per lowered file and per skipped file, or everything as JSON. For
//! debugging the lowerings and for checking that output does not depend on `--threads`.
use seam_lang::project::{DEFAULT_MAX_FILE_SIZE, Project, ProjectOptions, load_project};
use std::io::Write;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// The repository root to walk.
    #[arg(default_value = ".")]
    pub dir: PathBuf,
    /// `json`: the models, skipped files, manifests and per-extension counts; `text`: one
    /// line per file.
    #[arg(long, value_enum, default_value = "text")]
    pub format: crate::ui::Format,
    /// Same as --format json.
    #[arg(long, hide = true)]
    pub json: bool,
    /// Skip source files larger than this many bytes.
    #[arg(long, default_value_t = DEFAULT_MAX_FILE_SIZE)]
    pub max_file_size: u64,
}

pub fn run(args: Args) -> u8 {
    // `threads: None` takes the size of the global pool, which `--threads` configures.
    let options = ProjectOptions {
        max_file_size: args.max_file_size,
        ..ProjectOptions::default()
    };
    let project = match load_project(&args.dir, &options) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let written = if args.json || args.format == crate::ui::Format::Json {
        serde_json::to_writer_pretty(&mut out, &project)
            .map_err(std::io::Error::from)
            .and_then(|()| writeln!(out))
    } else {
        write_summary(&mut out, &project)
    };
    match written.and_then(|()| out.flush()) {
        Ok(()) => 0,
        // A closed pipe (`seam model | head`) is not an error worth reporting.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            eprintln!("error: the models could not be written to standard output: {e}.");
            crate::exit::USAGE
        }
    }
}

fn write_summary(out: &mut impl Write, project: &Project) -> std::io::Result<()> {
    for m in &project.models {
        let resolved = m.imports.iter().filter(|i| i.resolved.is_some()).count();
        writeln!(
            out,
            "{}  {}  {} functions, {} classes, {} imports ({} resolved), {} exports, {} statements, {} diagnostics",
            m.path,
            m.language.short_id(),
            m.functions.len(),
            m.classes.len(),
            m.imports.len(),
            resolved,
            m.exports.len(),
            m.stmts.len(),
            m.diagnostics.len(),
        )?;
    }
    for s in &project.skipped {
        writeln!(out, "skipped  {}  {}", s.path, s.reason)?;
    }
    for m in &project.manifests {
        let name = m.name.as_deref().unwrap_or("-");
        writeln!(
            out,
            "manifest  {}  {}  {} dependencies",
            m.path,
            name,
            m.dependencies.len()
        )?;
    }
    let unroutable: Vec<String> = project
        .unroutable
        .iter()
        .map(|(ext, n)| {
            let ext = if ext.is_empty() { "(none)" } else { ext };
            format!("{ext} {n}")
        })
        .collect();
    writeln!(
        out,
        "{} files lowered, {} skipped, {} manifests; without a language: {}",
        project.models.len(),
        project.skipped.len(),
        project.manifests.len(),
        if unroutable.is_empty() {
            "none".to_string()
        } else {
            unroutable.join(", ")
        }
    )
}
