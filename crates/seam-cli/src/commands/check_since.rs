//! `seam check --since REF`: the same check on a git revision, read from git objects (no
//! checkout, no second worktree), to leave out the findings the revision already had.
//!
//! The revision is checked with what the run uses now: the same packs (built-in and
//! `.seam/packs/` of the working tree), the same suppression rules and the same intent
//! documents (so an intent finding is pre-existing when the revision's code already failed
//! the expectation as written today). Its code, manifests and contracts are the revision's
//! own; an OpenAPI document's `$ref` to another file is resolved in the working tree.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use seam_check::{CheckReport, SuppressionSet};
use seam_lang::project::git::{self, GitError};

/// The report of the check of revision `rev` of the repository holding `dir` (the same
/// folder of it), or why it could not be made, as a sentence saying what to do.
pub fn report_at_revision(
    dir: &Path,
    rev: &str,
    packs: &[seam_packs::Pack],
    documents: &[seam_intent::Document],
    suppressions: &SuppressionSet,
    include_tests: bool,
) -> Result<CheckReport, String> {
    let progress = crate::progress::Progress::start("seam check: reading the base revision");
    let mut repo = git::Repo::discover(dir).map_err(|e| message(&e))?;
    let prefix = folder_in_repository(dir, &repo.root());
    let files = repo
        .revision_files_reading(rev, &|path| {
            seam_lang::project::needs_content(path) || seam_contracts::may_be_contract(path)
        })
        .map_err(|e| message(&e))?;
    // The checked folder's files, with paths relative to it, as the walk of `dir` gives them.
    let files: BTreeMap<String, std::sync::Arc<Vec<u8>>> = files
        .into_iter()
        .filter_map(|(path, content)| {
            let rel = match &prefix {
                Some(prefix) => path.strip_prefix(prefix.as_str())?.to_owned(),
                None => path,
            };
            Some((rel, content))
        })
        .collect();
    progress.phase("seam check: parsing the base revision");
    let project = seam_lang::project::load_project_from_memory(
        dir,
        files
            .iter()
            .map(|(path, content)| (path.clone(), content.to_vec()))
            .collect(),
        &seam_packs::project_options(packs),
    )
    .map_err(|e| e.to_string())?;
    progress.phase("seam check: extracting the base revision");
    let mut extracted = super::check::extract_project(packs, &project, documents.to_vec());
    let contracts: BTreeMap<String, &[u8]> = files
        .iter()
        .filter(|(path, content)| seam_contracts::may_be_contract(path) && !git::is_unread(content))
        .map(|(path, content)| (path.clone(), content.as_slice()))
        .collect();
    for read in seam_contracts::read_contracts_in_memory(dir, &contracts) {
        match read {
            Ok(read) => {
                extracted.summaries.extend(read.summaries);
                extracted
                    .skipped
                    .extend(read.notes.iter().map(super::check::contract_skipped));
            }
            Err(e) => extracted.skipped.push(super::check::contract_skipped(&e)),
        }
    }
    // Nothing is written for the revision (no `write`): the check alone.
    extracted
        .check(
            suppressions,
            include_tests,
            &seam_pipeline::Phases::new(false),
        )
        .map_err(|_| "the revision's check could not finish.".to_owned())
}

/// `dir`'s place inside the repository whose working tree is `root`: `Some("services/api/")`,
/// or `None` at the root (or when it cannot be told, and the whole tree is checked).
fn folder_in_repository(dir: &Path, root: &Path) -> Option<String> {
    let canonical = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| PathBuf::from(p));
    let (dir, root) = (canonical(dir), canonical(root));
    let rest = dir.strip_prefix(&root).ok()?;
    if rest.as_os_str().is_empty() {
        return None;
    }
    let mut prefix = rest.to_string_lossy().replace('\\', "/");
    prefix.push('/');
    Some(prefix)
}

/// A git error with the remedy `seam check --since` offers where the error leaves it to the
/// command.
fn message(e: &GitError) -> String {
    match e {
        GitError::NotARepository { .. } => format!(
            "{e} --since reads the revision to compare with from git: check a folder inside a git repository, or compare with a report saved earlier by `seam check --format json`: --baseline FILE."
        ),
        _ => e.to_string(),
    }
}
