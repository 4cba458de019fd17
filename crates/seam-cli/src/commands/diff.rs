//! `seam diff [BASE..HEAD | BASE] | --base A.json --head B.json`: what a change did to the
//! repository's Symbols (the `aburi.diff.v1` document) and to its HTTP boundaries (the
//! `x-seam-boundary` extension). Writes `diff.json` and `diff.md` to `--output-dir` and prints
//! a one-line summary.
//!
//! Exit codes: 0 written; 2 bad usage or input (an unknown revision, a shallow clone missing
//! the base, a file that is not a review IR, a bad `--fail-on`, an output that cannot be
//! written); 3 a `--fail-on` clause tripped.

use std::path::PathBuf;

use seam_diff::{HeadSide, failon, markdown};

#[derive(clap::Args)]
pub struct Args {
    /// `BASE..HEAD` (two git revisions) or `BASE` (against the working tree).
    #[arg(value_name = "BASE..HEAD", default_value = "HEAD~1..HEAD", conflicts_with_all = ["base", "head"])]
    pub range: String,
    /// A review IR (aburi.ir.json) of the base; compared with --head instead of git revisions.
    #[arg(long, value_name = "A.json", requires = "head")]
    pub base: Option<PathBuf>,
    /// A review IR of the head.
    #[arg(long, value_name = "B.json", requires = "base")]
    pub head: Option<PathBuf>,
    /// The repository (any directory inside it).
    #[arg(long, default_value = ".")]
    pub repo: PathBuf,
    /// Where to write diff.json and diff.md.
    #[arg(long = "output-dir", default_value = "out")]
    pub output_dir: PathBuf,
    /// Exit 3 when a clause trips: `TOKEN` or `TOKEN:>N`, comma-separated (tokens: added,
    /// removed, changed, moved, moved+changed, dropped-toggled, dropped-toggled:to-dropped,
    /// dropped-toggled:to-kept, unknown, api-changed, logic-changed, syntax-changed).
    #[arg(long, value_name = "SPEC")]
    pub fail_on: Option<String>,
    /// Write diff.json on one line instead of indented.
    #[arg(long)]
    pub compact: bool,
    /// Leave out the boundary diff (summaries of both revisions).
    #[arg(long)]
    pub no_boundaries: bool,
    #[command(flatten)]
    pub cache: crate::cache::CacheArgs,
}

const INPUT: u8 = 2;
const GATE: u8 = 3;

fn fail(message: impl std::fmt::Display) -> u8 {
    eprintln!("error: {message}");
    INPUT
}

pub fn run(args: Args) -> u8 {
    let clauses = match args.fail_on.as_deref().map(failon::parse).transpose() {
        Ok(c) => c,
        Err(e) => return fail(e),
    };
    let output = match (&args.base, &args.head) {
        (Some(base), Some(head)) => seam_diff::diff_files(base, head),
        _ => {
            let (base, head) = match args.range.split_once("..") {
                Some((b, h)) if !b.is_empty() && !h.is_empty() && !h.starts_with('.') => {
                    (b.to_owned(), Some(h.to_owned()))
                }
                Some(_) => {
                    return fail(format!(
                        "`{}` is not a revision range; write BASE..HEAD (for example main..HEAD) or one revision to compare with the working tree",
                        args.range
                    ));
                }
                None => (args.range.clone(), None),
            };
            let head_side = match &head {
                Some(h) => HeadSide::Revision(h),
                None => HeadSide::WorkTree,
            };
            // The cache is the repository's (its top folder's `.seam/cache`), shared with
            // `seam scan` there.
            let top = std::fs::canonicalize(&args.repo)
                .ok()
                .and_then(|dir| {
                    dir.ancestors()
                        .find(|a| a.join(".git").exists())
                        .map(|a| a.to_path_buf())
                })
                .unwrap_or_else(|| args.repo.clone());
            let cache = args.cache.open(&top);
            seam_diff::diff_git_cached(
                &args.repo,
                &base,
                head_side,
                &seam_diff::GitOptions {
                    boundaries: !args.no_boundaries,
                    ..seam_diff::GitOptions::default()
                },
                cache.as_ref(),
            )
        }
    };
    let output = match output {
        Ok(o) => o,
        Err(e) => return fail(e),
    };
    if crate::ui::notes() {
        for note in &output.notes {
            eprintln!("note: {note}");
        }
    }
    if let Err(e) = std::fs::create_dir_all(&args.output_dir) {
        return fail(format!(
            "the output directory {} could not be created: {e}",
            args.output_dir.display()
        ));
    }
    let json = seam_diff::to_json(&output.diff, !args.compact);
    let md = markdown::render(&output.diff);
    for (name, text) in [("diff.json", json.as_str()), ("diff.md", md.as_str())] {
        let path = args.output_dir.join(name);
        if let Err(e) = std::fs::write(&path, text) {
            return fail(format!("{} could not be written: {e}", path.display()));
        }
    }
    println!("{}", seam_diff::one_line(&output.diff));
    if let Some(clauses) = clauses
        && let Some((clause, seen)) = failon::tripped(&clauses, &output.diff)
    {
        eprintln!(
            "the --fail-on clause `{}{}` tripped: {seen} observed",
            clause.token,
            if clause.threshold > 0 {
                format!(":>{}", clause.threshold)
            } else {
                String::new()
            }
        );
        return GATE;
    }
    0
}
