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

/// What `seam scan` prints besides its notes, derived from the document: the note on files
/// that could not be analysed, and the summary line up to the folder written.
struct Lines {
    skipped: Option<String>,
    summary: Option<String>,
}

impl Lines {
    fn of(document: &seam_ir::review::Document) -> Lines {
        let stats = &document.stats;
        let skipped = stats.total_files - stats.parsed_files;
        Lines {
            skipped: (skipped > 0).then(|| {
                format!(
                    "note: {skipped} of {} files could not be analysed; they are listed in stats.skippedFiles",
                    stats.total_files
                )
            }),
            summary: stats.call_resolution.as_ref().map(|c| {
                format!(
                    "{} symbols ({} dropped) in {} files; calls: {} of {} resolved (local {}, external {}, dynamic {}, ambiguous {}, no match {}); wrote ",
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
                )
            }),
        }
    }

    /// As a kept run's texts: the two lines (empty when absent), then the notes.
    fn to_texts(&self, notes: &[String]) -> Vec<String> {
        let mut texts = vec![
            self.skipped.clone().unwrap_or_default(),
            self.summary.clone().unwrap_or_default(),
        ];
        texts.extend(notes.iter().cloned());
        texts
    }

    fn from_texts(texts: &[String]) -> Option<(Lines, &[String])> {
        let [skipped, summary, notes @ ..] = texts else {
            return None;
        };
        let present = |t: &String| (!t.is_empty()).then(|| t.clone());
        Some((
            Lines {
                skipped: present(skipped),
                summary: present(summary),
            },
            notes,
        ))
    }
}

/// How the review IR is written: part of a kept run's key.
fn how(args: &Args) -> &'static str {
    if args.compact {
        "scan --compact"
    } else {
        "scan"
    }
}

pub fn run(args: Args) -> u8 {
    let progress = crate::progress::Progress::start("seam scan: reading and analysing the files");
    let mut phases = seam_pipeline::Phases::from_env();
    let cache = args.cache.open(&args.dir);
    let mut run_key = None;
    let loaded = match &cache {
        Some(cache) => match seam_pipeline::load_for_review(&args.dir, cache, &mut phases) {
            Ok(load) => {
                let key = load.run_key(how(&args));
                // Nothing the document depends on changed since the kept run: its files and
                // lines are the ones this run would write and print.
                if let Some(kept) = seam_pipeline::kept_run(cache, &key)
                    && let Some((lines, notes)) = Lines::from_texts(&kept.texts)
                    && kept.write_to(&args.output_dir).is_ok()
                {
                    drop(progress);
                    phases.lap("write the kept run");
                    if crate::ui::notes() {
                        for note in notes {
                            eprintln!("note: {note}");
                        }
                    }
                    return finish(&args, &lines);
                }
                run_key = Some(key);
                Ok(load.review(cache, &mut phases))
            }
            Err(e) => Err(e),
        },
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
    let written = match seam_review::write_outputs(&result.document, &args.output_dir, args.compact)
    {
        Ok(written) => written,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    phases.lap("write the review IR");
    let lines = Lines::of(&result.document);
    if let (Some(cache), Some(key)) = (&cache, &run_key) {
        seam_pipeline::keep_run(
            cache,
            key,
            &lines.to_texts(&result.notes),
            &args.output_dir,
            &written,
        );
        phases.lap("keep the run");
    }
    if let Some(cache) = &cache {
        // Once per run, after everything it keeps (the entries, the state, the run).
        let removed = cache.evict();
        phases.lap_with(
            "cache eviction",
            &format!("{removed} entries removed from {}", cache.dir().display()),
        );
    }
    // The process ends here: leave the document's memory to the OS rather than freeing
    // millions of strings one by one.
    std::mem::forget(result);
    finish(&args, &lines)
}

/// The lines printed after the files are written.
fn finish(args: &Args, lines: &Lines) -> u8 {
    if let Some(note) = &lines.skipped
        && crate::ui::notes()
    {
        eprintln!("{note}");
    }
    if let Some(summary) = &lines.summary {
        let line = format!("{summary}{}\n", args.output_dir.display());
        if let Err(code) = crate::output::emit("the summary line", None, line.as_bytes()) {
            return code;
        }
    }
    0
}
