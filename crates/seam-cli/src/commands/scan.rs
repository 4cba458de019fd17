//! `seam scan [DIR] [--output-dir DIR] [--compact]`: the review IR (`aburi.ir.v1`) of a
//! repository, with its Markdown views (`workspace.md`, `components/<id>.md`).
//!
//! Exit codes: 0 when the documents were written (files seam could not read are listed in
//! `stats.skippedFiles` and noted on standard error); 2 for a path problem (the directory
//! to scan or the output directory) or an internal error (a bug in seam).

use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// The repository to scan (default: the current directory).
    #[arg(default_value = ".")]
    pub dir: PathBuf,
    /// Where to write aburi.ir.json, workspace.md and components/ (created if missing; the
    /// last line printed names it).
    #[arg(long = "output-dir", default_value = "seam-scan", value_name = "DIR")]
    pub output_dir: PathBuf,
    /// Write aburi.ir.json on one line instead of indented.
    #[arg(long)]
    pub compact: bool,
    #[command(flatten)]
    pub cache: crate::cache::CacheArgs,
}

pub fn run(args: Args) -> u8 {
    let progress = crate::progress::Progress::start("seam scan: reading and analysing the files");
    let mut phases = seam_pipeline::Phases::from_env();
    let cache = args.cache.open(&args.dir);
    let loaded = match &cache {
        Some(cache) => seam_pipeline::load_for_review(&args.dir, cache, &mut phases)
            .map(|l| l.review(cache, &mut phases)),
        None => seam_pipeline::load(&args.dir, &mut phases).map(|l| l.review(&mut phases)),
    };
    let scanned = match loaded {
        Ok(result) => result,
        Err(seam_pipeline::LoadError::Project(e)) => Err(seam_review::ScanError::Project(e)),
        Err(seam_pipeline::LoadError::Packs(e)) => Err(seam_review::ScanError::Packs(e)),
    };
    drop(progress);
    let result = match scanned {
        Ok(r) => r,
        Err(e @ seam_review::ScanError::Internal(_)) => {
            eprintln!(
                "error: {e}. This is a bug in seam: please report it with the repository that shows it."
            );
            return crate::exit::USAGE;
        }
        Err(e) => {
            eprintln!("error: {e}");
            return crate::exit::USAGE;
        }
    };
    if crate::ui::notes() {
        for note in &result.notes {
            eprintln!("note: {note}");
        }
    }
    if let Err(e) = seam_review::write_outputs(&result.document, &args.output_dir, args.compact) {
        eprintln!("error: {e}");
        return 2;
    }
    phases.lap("write the review IR");
    let stats = &result.document.stats;
    let skipped = stats.total_files - stats.parsed_files;
    if skipped > 0 && crate::ui::notes() {
        eprintln!(
            "note: {skipped} of {} files could not be analysed; they are listed in stats.skippedFiles",
            stats.total_files
        );
    }
    if let Some(c) = &stats.call_resolution {
        let line = format!(
            "{} symbols ({} dropped) in {} files; calls: {} of {} resolved (local {}, external {}, dynamic {}, ambiguous {}, no match {}); wrote {}\n",
            stats.kept_symbols,
            stats.dropped_symbols,
            stats.parsed_files,
            c.resolved_calls,
            c.total_calls,
            c.unresolved.local_scope,
            c.unresolved.external,
            c.unresolved.dynamic,
            c.unresolved.ambiguous,
            c.unresolved.no_match,
            args.output_dir.display()
        );
        if let Err(code) = crate::output::emit("the summary line", None, line.as_bytes()) {
            std::mem::forget(result);
            return code;
        }
    }
    // The process ends here: leave the document's memory to the OS rather than freeing
    // millions of strings one by one.
    std::mem::forget(result);
    0
}
