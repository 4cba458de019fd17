//! `seam extract [DIR] [-o FILE] [-f PACK]... [--explain]`: summaries of every HTTP handler
//! and client call site in a repository, as one v7 file.

use std::io::Write;
use std::path::PathBuf;

use crate::exit;

use seam_ir::summary::{WriteOptions, write_summaries};
use seam_packs::{Detection, Pack};

#[derive(clap::Args)]
pub struct Args {
    /// The repository to read (default: the current directory).
    #[arg(default_value = ".")]
    pub dir: PathBuf,
    /// Where to write the summaries (default: standard output).
    #[arg(
        short = 'o',
        long = "output",
        visible_alias = "out",
        value_name = "FILE"
    )]
    pub out: Option<PathBuf>,
    /// Run only this pack, on every file of its language (repeatable).
    #[arg(short = 'f', long = "framework", value_name = "PACK")]
    pub packs: Vec<String>,
    /// Same as --verbose: say on standard error which packs ran on which directory, and why.
    #[arg(long, hide = true)]
    pub explain: bool,
    /// Succeed even when no summary came out.
    #[arg(long)]
    pub allow_empty: bool,
}

/// The built-in packs and the repository's own (`.seam/packs/*.yaml`); a repository pack
/// replaces a built-in one with the same name.
pub fn all_packs(root: &std::path::Path) -> Result<Vec<Pack>, seam_packs::PackError> {
    seam_packs::repository_packs(root)
}

pub fn run(args: Args) -> u8 {
    let packs = match all_packs(&args.dir) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return exit::USAGE;
        }
    };
    for forced in &args.packs {
        if !packs.iter().any(|p| &p.name == forced) {
            let known: Vec<&str> = packs.iter().map(|p| p.name.as_str()).collect();
            eprintln!(
                "error: there is no pack named `{forced}`. Known packs: {}. Run `seam packs` to list them.",
                known.join(", ")
            );
            return exit::USAGE;
        }
    }
    let progress = crate::progress::Progress::start("seam extract: reading and parsing the files");
    let mut phases = seam_pipeline::Phases::from_env();
    let loaded = match seam_pipeline::load_with_packs(&args.dir, packs, &mut phases) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {e}");
            return exit::USAGE;
        }
    };
    progress.phase("seam extract: extracting handlers and calls");
    let packed = loaded.summaries_packed(&args.packs);
    phases.lap("summaries");
    drop(progress);
    let detection = loaded.detection();
    let (packs, project) = (&loaded.packs, &loaded.project);
    let (files_with_packs, count) = (packed.files_with_packs, packed.len());

    // The summaries are read back from their text once the models are freed, unless the
    // explanation below needs them now.
    let mut held = Held::Packed(packed);
    if args.explain || crate::ui::settings().verbose {
        let extraction = held.read();
        let mut err = std::io::stderr().lock();
        for line in &extraction.explain {
            let dir = if line.dir.is_empty() {
                "."
            } else {
                line.dir.as_str()
            };
            let _ = writeln!(err, "{dir}: {} ({})", line.pack, line.reason);
        }
        // Calls read through wrapper layers: which wrappers built each request.
        for s in &extraction.summaries {
            let Some(through) = s
                .metadata
                .as_ref()
                .and_then(|m| m.get("http"))
                .and_then(|h| h.get("through"))
                .and_then(|t| t.as_array())
            else {
                continue;
            };
            let chain: Vec<&str> = through.iter().filter_map(|t| t.as_str()).collect();
            let binding = serde_json::to_value(&s.identity.boundary_binding).unwrap_or_default();
            let _ = writeln!(
                err,
                "{}:{}: {} {} through {}",
                s.location.file,
                s.location.range.start,
                binding["semantics"]["method"].as_str().unwrap_or("?"),
                binding["semantics"]["path"].as_str().unwrap_or("?"),
                chain.join(" <- ")
            );
        }
        for skipped in &project.skipped {
            let _ = writeln!(err, "not read: {}: {}", skipped.path, skipped.reason);
        }
        let _ = writeln!(
            err,
            "{} summaries from {} files ({} read, {} skipped)",
            count,
            files_with_packs,
            project.models.len(),
            project.skipped.len()
        );
        held = Held::Read(extraction);
    }

    if files_with_packs == 0 {
        eprintln!(
            "{}",
            no_pack_explanation(&args.dir, project, &detection, packs)
        );
        return exit::FOUND;
    }
    if count == 0 && !args.allow_empty {
        eprintln!(
            "seam extract found no handler or client call in {} ({} files read). The packs that ran are listed by --explain; if your framework is not among them, add a pack in .seam/packs/ (see `seam packs`). Pass --allow-empty to write an empty file anyway.",
            args.dir.display(),
            project.models.len()
        );
        return exit::FOUND;
    }

    // The models are not read again: their memory goes before the summaries are written.
    drop(loaded);
    crate::alloc::release_freed();
    let extraction = held.read();
    phases.lap("read the summaries back");
    let summaries = &extraction.summaries;
    let written = match &args.out {
        Some(path) => crate::output::to_file("the summaries", path, |file| {
            write_summaries(file, summaries, WriteOptions::default())
        }),
        None => crate::output::to_stdout("the summaries", |out| {
            write_summaries(out, summaries, WriteOptions::default())
        }),
    };
    phases.lap("write the summaries");
    if let Err(code) = written {
        return code;
    }
    exit::OK
}

/// The summaries of a run, as their text or read back.
enum Held {
    Packed(seam_extract::PackedExtraction),
    Read(seam_extract::Extraction),
}

impl Held {
    fn read(self) -> seam_extract::Extraction {
        match self {
            Held::Packed(p) => p.unpack(),
            Held::Read(e) => e,
        }
    }
}

/// The sentence a run with no applicable pack prints: which manifests were read, what they
/// depend on, and what to do.
fn no_pack_explanation(
    dir: &std::path::Path,
    project: &seam_lang::project::Project,
    detection: &Detection,
    packs: &[Pack],
) -> String {
    let manifests: Vec<String> = detection
        .manifests()
        .map(|m| {
            if m.dependencies.is_empty() {
                format!("{} (no dependencies)", m.path)
            } else {
                let deps: Vec<&str> = m.dependencies.iter().map(String::as_str).collect();
                format!("{} ({})", m.path, deps.join(", "))
            }
        })
        .collect();
    let read = if manifests.is_empty() {
        "no manifest (package.json, requirements*.txt, pyproject.toml, Pipfile or a lockfile)"
            .to_owned()
    } else {
        manifests.join("; ")
    };
    // A manifest that names a dependency a pack knows: the pack would apply, so the reason
    // nothing was found is elsewhere (no source file read under that manifest).
    let known: Vec<String> = detection
        .manifests()
        .flat_map(|m| {
            packs.iter().filter_map(move |p| {
                let hit = p
                    .detect
                    .npm
                    .iter()
                    .chain(&p.detect.pypi)
                    .find(|name| m.dependencies.iter().any(|d| d == *name))?;
                Some(format!("{} lists {hit} (pack `{}`)", m.path, p.name))
            })
        })
        .collect();
    if !known.is_empty() {
        let skipped = project.skipped.len();
        return format!(
            "seam extract found nothing to read in {}: {}, but no source file under it was read ({} read in all, {skipped} skipped{}). Check that the code is in that folder and not ignored (.gitignore, node_modules, dist, build), or run `seam model {}` to see what was read.",
            dir.display(),
            known.join("; "),
            project.models.len(),
            if skipped > 0 {
                "; --verbose lists them"
            } else {
                ""
            },
            dir.display(),
        );
    }
    let names: Vec<&str> = packs.iter().map(|p| p.name.as_str()).collect();
    format!(
        "seam extract found no pack that applies to {}: it read {} source files and {read}, and none of them uses a framework or client a pack knows ({}). Force a pack with -f NAME, or add one for your framework in .seam/packs/ (run `seam packs` to see the format's home).",
        dir.display(),
        project.models.len(),
        names.join(", ")
    )
}
