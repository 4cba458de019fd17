//! `seam diff`: what a change did to a repository's behaviour and to its boundaries.
//!
//! - [`matcher`], [`similarity`], [`delta`], [`document`]: the symbol diff of two review IRs
//!   (`aburi.diff.v1`), Aburi's five-stage matcher with its statuses, deltas, components,
//!   dependencies, slices and files neither side compared;
//! - [`boundary`]: the boundary diff of the two revisions' v7 summaries (routes, client
//!   calls, pairs that broke), under the extension key `x-seam-boundary`;
//! - [`failon`]: the `--fail-on` grammar and gate;
//! - [`markdown`]: `diff.md`, for a pull-request comment;
//! - [`revision`]: both revisions, read from git objects by `seam_lang::project::git`,
//!   analysed in memory; [`alike`]: the files whose per-file review-IR work is done once;
//!   [`revision_cache`]: each revision's boundary facts kept across runs;
//! - [`inspect`]: `seam inspect`, summaries as text for a person.
//!
//! With `SEAM_TIMING` (or `SEAM_DIFF_TIMING`) set in the environment, [`diff_git`] prints
//! each phase's wall time and memory on standard error, the review IR's sub-phases indented
//! (`seam_pipeline::Phases`; for benchmarks, never part of an output).

pub mod alike;
pub mod boundary;
pub mod delta;
pub mod document;
pub mod failon;
pub mod inspect;
pub mod markdown;
pub mod matcher;
pub mod revision;
pub mod revision_cache;
pub mod similarity;

use std::collections::BTreeMap;
use std::path::Path;

use seam_lang::project::git;
use seam_pipeline::Phases;
use serde_json::Value;

pub use document::{
    BOUNDARY_KEY, DIFF_SCHEMA_URL, EntryError, Refs, diff_documents, one_line, to_json,
};

/// Why `seam diff` could not compare; every message says what to do.
#[derive(Debug, thiserror::Error)]
pub enum DiffError {
    #[error("{}", git_message(.0))]
    Git(#[from] git::GitError),
    #[error("{0}")]
    Entry(#[from] EntryError),
    #[error("{0}")]
    Analyse(#[from] revision::AnalyseError),
    #[error("{0}")]
    Input(String),
}

/// A git error with the remedy `seam diff` offers where the error leaves it to the command.
fn git_message(e: &git::GitError) -> String {
    match e {
        git::GitError::NotARepository { .. } => format!(
            "{e} Run seam diff inside a repository, or compare two review IRs with --base A.json --head B.json."
        ),
        git::GitError::NoWorkTree { .. } => {
            format!("{e} Name two revisions: seam diff BASE..HEAD.")
        }
        _ => e.to_string(),
    }
}

/// A finished diff: the document (with the boundary extension when computed) and notes for
/// standard error.
pub struct DiffOutput {
    pub diff: Value,
    pub notes: Vec<String>,
}

/// What the git form compares.
pub enum HeadSide<'a> {
    /// A revision.
    Revision(&'a str),
    /// The working tree as it is on disk.
    WorkTree,
}

/// How the git form runs.
#[derive(Debug, Clone, Copy)]
pub struct GitOptions {
    /// Add the boundary diff (the summaries of both revisions).
    pub boundaries: bool,
    /// Do the review IR's per-file work once for a file both revisions hold alike (the
    /// default). Off, each revision is analysed in full; the output is the same (tested).
    pub share_per_file: bool,
}

impl Default for GitOptions {
    fn default() -> Self {
        GitOptions {
            boundaries: true,
            share_per_file: true,
        }
    }
}

/// `seam diff BASE..HEAD` (or `BASE` against the working tree) in the repository holding
/// `dir`. `boundaries` adds the boundary diff.
pub fn diff_git(
    dir: &Path,
    base_rev: &str,
    head: HeadSide<'_>,
    boundaries: bool,
) -> Result<DiffOutput, DiffError> {
    diff_git_with(
        dir,
        base_rev,
        head,
        &GitOptions {
            boundaries,
            ..GitOptions::default()
        },
    )
}

/// [`diff_git`] with every option.
pub fn diff_git_with(
    dir: &Path,
    base_rev: &str,
    head: HeadSide<'_>,
    options: &GitOptions,
) -> Result<DiffOutput, DiffError> {
    diff_git_cached(dir, base_rev, head, options, None)
}

/// [`diff_git_with`] reading and keeping the review IR's per-file entries in `cache` (the
/// entries `seam scan` keeps: content-keyed, so a file unchanged between the revisions is
/// read once for both). The output is the same with or without a cache.
pub fn diff_git_cached(
    dir: &Path,
    base_rev: &str,
    head: HeadSide<'_>,
    options: &GitOptions,
    cache: Option<&seam_pipeline::Cache>,
) -> Result<DiffOutput, DiffError> {
    let boundaries = options.boundaries;
    let mut phases = Phases::new(
        ["SEAM_TIMING", "SEAM_DIFF_TIMING"]
            .iter()
            .any(|v| std::env::var_os(v).is_some_and(|v| !v.is_empty())),
    );
    let mut repo = git::Repo::discover(dir)?;
    let base_files = repo.revision_files(base_rev)?;
    let (head_files, head_label) = match head {
        HeadSide::Revision(rev) => (repo.revision_files(rev)?, rev.to_owned()),
        HeadSide::WorkTree => (
            git::worktree_files(&repo.workdir()?),
            "working tree".to_owned(),
        ),
    };
    phases.lap("read both trees");
    let root = repo.root();
    let renames = git::exact_renames(&base_files, &head_files);
    let submodules = match boundaries {
        true => Some((
            git::revision_submodules(&base_files),
            match head {
                HeadSide::Revision(_) => git::revision_submodules(&head_files),
                HeadSide::WorkTree => {
                    seam_lang::project::submodules::unchecked_submodules(&repo.workdir()?)
                }
            },
        )),
        false => None,
    };
    let mut analyse = |submodules| {
        revision::analyse_pair(
            &root,
            &base_files,
            &head_files,
            submodules,
            options.share_per_file,
            cache,
            &mut phases,
        )
    };
    // A kept review IR that does not read is forgotten by the first try: the second
    // analyses that revision.
    let (mut base, mut head, sharing) = match analyse(submodules.clone()) {
        Err(revision::AnalyseError::UnreadableKept) => analyse(submodules),
        analysed => analysed,
    }?;
    let refs = Refs {
        base: base_rev.to_owned(),
        head: head_label,
    };
    // The symbol diff, the boundary diff and the keeping of what the analyses made for later
    // runs read nothing of each other: they run side by side (the boundary diff's check and
    // the writing of a review IR are each one thread's work, as is most of the symbol diff).
    let base_boundary = std::mem::take(&mut base.boundary);
    let head_boundary = std::mem::take(&mut head.boundary);
    let mut boundary_notes: Vec<String> = Vec::new();
    let (diff, boundary) = std::thread::scope(|scope| {
        let kept = cache.map(|cache| {
            let (base, head) = (&base, &head);
            scope.spawn(move || {
                base.keep(cache);
                head.keep(cache);
            })
        });
        let boundary = boundaries.then(|| {
            let notes = &mut boundary_notes;
            scope.spawn(move || boundary_of_pair(base_boundary, head_boundary, cache, notes))
        });
        let diff = diff_documents(&base.document, &head.document, &refs, &renames);
        if let Some(handle) = kept {
            joined(handle);
        }
        (diff, boundary.map(joined))
    });
    let mut diff = diff?.value;
    free_later((base.document, head.document));
    phases.lap(match boundaries {
        true => "symbol and boundary diffs",
        false => "symbol diff",
    });
    let mut notes: Vec<String> = Vec::new();
    notes.extend(base.notes.iter().map(|n| format!("base: {n}")));
    notes.extend(head.notes.iter().map(|n| format!("head: {n}")));
    if cache.is_some() {
        notes.push(format!(
            "{} of 2 revisions' review IRs read from the cache",
            usize::from(base.from_cache) + usize::from(head.from_cache)
        ));
    }
    if let (Some(_), Some(r)) = (cache, head.reused) {
        notes.push(format!(
            "head: {} units' summaries taken from the base's, {} built",
            r.taken, r.built
        ));
        if r.file_callers_taken > 0 {
            notes.push(format!(
                "head: {} files' calls of project functions taken from the base's",
                r.file_callers_taken
            ));
        }
    }
    if let Some(b) = boundary {
        notes.extend(boundary_notes);
        if let Value::Object(map) = &mut diff {
            map.insert(BOUNDARY_KEY.to_owned(), b);
        }
    }
    if options.share_per_file {
        notes.push(format!(
            "{} files' Symbols extracted once for both revisions",
            sharing.extracted_once
        ));
    }
    if cache.is_some() {
        notes.push(format!(
            "{} files' Symbols read from the cache (both revisions counted)",
            sharing.from_cache
        ));
    }
    notes.push(format!(
        "{} files lowered once for both revisions, {} lowered for one side",
        sharing.shared, sharing.lowered_apart
    ));
    Ok(DiffOutput { diff, notes })
}

/// What a scoped thread returned; its panic goes on in the thread that joins it.
fn joined<T>(handle: std::thread::ScopedJoinHandle<'_, T>) -> T {
    match handle.join() {
        Ok(value) => value,
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

/// The boundary diff of two analysed revisions: from their facts, each read from the cache
/// or worked out from its summaries (and then kept in the cache). Equal summaries change no
/// boundary ([`boundary::unchanged`]): neither side is checked unless its facts are to be
/// kept, and then once for both.
fn boundary_of_pair(
    base: revision::BoundarySide,
    head: revision::BoundarySide,
    cache: Option<&seam_pipeline::Cache>,
    notes: &mut Vec<String>,
) -> Value {
    use boundary::BoundaryFacts;
    let keep = |key: &Option<seam_pipeline::cache::Key>, facts: &BoundaryFacts| {
        if let (Some(cache), Some(key)) = (cache, key) {
            revision_cache::keep(cache, key, facts);
        }
    };
    if cache.is_some() {
        let kept = usize::from(base.facts.is_some()) + usize::from(head.facts.is_some());
        notes.push(format!(
            "{kept} of 2 revisions' boundary facts read from the cache"
        ));
    }
    if base.facts.is_none()
        && head.facts.is_none()
        && base.pending.is_none()
        && head.pending.is_none()
        && base.summaries == head.summaries
        && base.unchecked_submodules == head.unchecked_submodules
    {
        if cache.is_some() {
            let facts = BoundaryFacts::of(base.summaries, base.unchecked_submodules);
            keep(&base.key, &facts);
            keep(&head.key, &facts);
        }
        free_later(head.summaries);
        return boundary::unchanged();
    }
    let fresh = |side: revision::BoundarySide| match (side.facts, side.pending) {
        (Some(facts), _) => facts,
        (None, pending) => {
            let facts = match pending {
                Some(pending) => pending.wait(),
                None => BoundaryFacts::of(side.summaries, side.unchecked_submodules),
            };
            keep(&side.key, &facts);
            facts
        }
    };
    let (b, h) = rayon::join(|| fresh(base), || fresh(head));
    boundary::diff_facts(&b, &h)
}

/// Frees a revision's analysis on a thread of its own: millions of nodes take tenths of a
/// second to free, which the diff need not wait for (the process may end first).
pub(crate) fn free_later<T: Send + 'static>(value: T) {
    // A thread that cannot start drops the value here.
    let _ = std::thread::Builder::new()
        .name("seam-diff-free".to_owned())
        .spawn(move || drop(value));
}

/// `seam diff --base A.json --head B.json`: two review IRs written earlier (by seam or by
/// Aburi). A review IR holds no file's contents or hash, so there is no rename map: a file
/// renamed without a change is paired by the later stages (logic, name), not `git-rename`
/// as in [`diff_git`]; and there is no boundary diff, which needs the summaries.
pub fn diff_files(base: &Path, head: &Path) -> Result<DiffOutput, DiffError> {
    let read = |p: &Path| {
        seam_ir::review::read_document_file(p).map_err(|e| {
            DiffError::Input(format!(
                "{e}. Pass an aburi.ir.json written by `seam scan` (or by Aburi)."
            ))
        })
    };
    let (b, h) = (read(base)?, read(head)?);
    let refs = Refs {
        base: base.display().to_string(),
        head: head.display().to_string(),
    };
    let diff = diff_documents(&b, &h, &refs, &BTreeMap::new())?.value;
    Ok(DiffOutput {
        diff,
        notes: Vec::new(),
    })
}
