//! Both revisions' review IR and v7 summaries from their files in memory.
//!
//! A file with the same path and content on both sides is lowered once and its model given
//! to both projects; only the files that differ are parsed twice (once per side that holds
//! them). A file whose model also came out of module resolution equal on both sides
//! ([`crate::alike`]) has its review-IR Symbol extraction done once, by the base's scan, and
//! taken by the head's (`seam_review::SharedFiles`). Everything cross-file (call resolution,
//! effect propagation, fingerprints, Components) and the summary extraction (whose units
//! and call index span files) run per revision over the whole project, since a change in
//! one file can change what another file's calls resolve to.
//!
//! With the cross-run cache, a revision whose boundary facts an earlier run kept
//! ([`crate::revision_cache`]) extracts no summaries, and a revision that extracts none needs
//! no model of a file whose review-IR entry is cached (`seam_pipeline::ReviewKeys`, the
//! entries `seam scan` keeps too): such a file is not lowered unless the other revision needs
//! its model. A rerun, or a diff whose base was diffed before, then costs the changed files'
//! lowering and the cross-file phases, not the whole repository's lowering and summaries.
//! A revision whose finished review IR was kept as well (`revision_cache::document_key`) is
//! not analysed at all: none of its files is lowered or read from the per-file cache, and
//! its review IR is read whole. A rerun then costs the symbol and boundary diffs, and a diff
//! whose base was diffed before costs the head's analysis alone.
//!
//! Manifests and lockfiles are each revision's own (pack detection reads them from the
//! project). Left for later: reading the workspace files of each revision from its own tree:
//! Component detection reads them (`pnpm-workspace.yaml`, `Cargo.toml`, `go.work`, …, see
//! `seam_lang::project::workspaces`) and the repository packs (`.seam/packs/`) from `root`,
//! the working tree, for both revisions; OpenAPI and Prisma contracts are not read in this
//! form.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Arc;

use rayon::prelude::*;

use seam_ir::review::Document;
use seam_ir::summary::BehavioralSummary;
use seam_lang::project::{
    FileOutcome, Manifest, Prelude, Project, SourceFile, is_lowerable, lower_memory_file,
    project_from_outcomes, skipped_by_walk,
};
use seam_review::FileEntry;

use seam_lang::project::git::Files;
use seam_pipeline::cache::Key;
use seam_pipeline::{Cache, Phases, ReviewKeys};

use seam_extract::reuse::Prior;

use crate::boundary::BoundaryFacts;
use crate::{alike, revision_cache};

/// One analysed revision.
pub struct Analysed {
    pub document: Document,
    pub boundary: BoundarySide,
    /// Notes for standard error (files the scan lost).
    pub notes: Vec<String>,
    /// The revision's summaries with what each unit's build read, when its extraction kept
    /// them (for the other revision to reuse).
    pub prior: Option<Prior>,
    /// How many units' summaries were taken from the other revision and how many built,
    /// when this revision's summaries were extracted.
    pub reused: Option<seam_extract::reuse::Reused>,
    /// The review IR (and the boundary facts, for the boundary diff) came from the cache:
    /// nothing of the revision was analysed.
    pub from_cache: bool,
    /// Where this revision's review IR is to be kept, when it was analysed with a cache.
    pub document_key: Option<Key>,
    /// Where `prior` is to be kept, when this revision's extraction kept its work.
    pub prior_key: Option<Key>,
}

impl Analysed {
    /// Keeps in `cache` what this revision's analysis made for later runs: its review IR
    /// and its summaries with what each unit's build read. [`analyse_pair`] leaves this to
    /// its caller, which writes both beside the symbol and boundary diffs instead of before
    /// them (none of them reads what is written).
    pub fn keep(&self, cache: &Cache) {
        if let Some(key) = &self.document_key {
            revision_cache::keep_document(cache, key, &self.document, &self.notes);
        }
        if let (Some(key), Some(prior)) = (&self.prior_key, &self.prior) {
            revision_cache::keep_prior(cache, key, prior);
        }
    }
}

/// What the boundary diff has of one revision.
#[derive(Default)]
pub struct BoundarySide {
    /// Extracted for the boundary diff unless `facts` came from the cache.
    pub summaries: Vec<BehavioralSummary>,
    /// The revision's boundary facts read from the cache (then no summaries were extracted).
    pub facts: Option<BoundaryFacts>,
    /// The revision's boundary facts being worked out from its summaries (which then are
    /// not in `summaries`) on a thread of their own, started as soon as the summaries were
    /// extracted: when the other revision's facts came from the cache, this revision's are
    /// needed whatever its summaries are, so they are checked beside its review IR.
    pub pending: Option<FactsLater>,
    /// Where this revision's boundary facts are kept (with a cache and the boundary diff).
    pub key: Option<Key>,
    /// The revision's submodules whose files were not read (a git revision holds none of a
    /// submodule's files; the working tree those not checked out).
    pub unchecked_submodules: Vec<String>,
}

/// Boundary facts worked out on a thread of their own ([`BoundarySide::pending`]).
pub enum FactsLater {
    Thread(std::thread::JoinHandle<Option<BoundaryFacts>>),
    /// Worked out where they were asked for: no thread could start.
    Done(BoundaryFacts),
}

/// The summaries and unchecked submodules a thread works the facts out of; taken back when
/// the thread cannot start.
type FactsInput = std::sync::Mutex<Option<(Vec<BehavioralSummary>, Vec<String>)>>;

impl FactsLater {
    /// Starts working out the facts of `summaries` (works them out at once when no thread
    /// can start).
    pub fn start(summaries: Vec<BehavioralSummary>, unchecked_submodules: Vec<String>) -> Self {
        let input: Arc<FactsInput> = Arc::new(std::sync::Mutex::new(Some((
            summaries,
            unchecked_submodules,
        ))));
        let given = input.clone();
        let started = std::thread::Builder::new()
            .name("seam-diff-facts".to_owned())
            .spawn(move || {
                let taken = given.lock().ok()?.take();
                taken.map(|(summaries, submodules)| BoundaryFacts::of(summaries, submodules))
            });
        let taken_back = || input.lock().ok().and_then(|mut i| i.take());
        match started {
            Ok(handle) => FactsLater::Thread(handle),
            Err(_) => {
                let (summaries, submodules) = taken_back().unwrap_or_default();
                FactsLater::Done(BoundaryFacts::of(summaries, submodules))
            }
        }
    }

    /// The facts, once worked out (a panic of the thread goes on here).
    pub fn wait(self) -> BoundaryFacts {
        let handle = match self {
            FactsLater::Thread(handle) => handle,
            FactsLater::Done(facts) => return facts,
        };
        match handle.join() {
            Ok(Some(facts)) => facts,
            // A started thread alone takes the input, once.
            Ok(None) => unreachable!("the facts' input was taken before its thread ran"),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }
}

/// How much lowering was shared.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sharing {
    /// Files lowered once for both sides.
    pub shared: usize,
    /// Files lowered for one side only (changed, added or removed).
    pub lowered_apart: usize,
    /// Files whose review-IR Symbol extraction was done once for both sides.
    pub extracted_once: usize,
    /// Files (of either side) whose review-IR entry was read from the per-file cache.
    pub from_cache: usize,
}

/// Why a revision could not be analysed.
#[derive(Debug, thiserror::Error)]
pub enum AnalyseError {
    #[error("{0}")]
    Scan(#[from] seam_review::ScanError),
    #[error("{0}")]
    Packs(String),
    /// A review IR kept in the cache, whole as the cache checks its entries, did not read as
    /// one; it was forgotten, so analysing again analyses the revision.
    #[error(
        "the cache holds a review IR that cannot be read; run again with --no-cache, or remove the cache folder"
    )]
    UnreadableKept,
}

/// A file to lower: its path and bytes, and the sides that hold it (same bytes on both: one
/// job for both).
struct Job<'a> {
    path: &'a str,
    content: &'a Arc<Vec<u8>>,
    for_base: bool,
    for_head: bool,
}

/// Analyses `base` and `head`, sharing the lowering of files they hold alike and, with
/// `share_per_file`, the review IR's per-file Symbol extraction of files whose models came
/// out equal (see [`crate::alike`]). `root` is the working tree (workspace configuration and
/// repository packs are read there). `boundaries` asks for what the boundary diff needs,
/// with each revision's submodules whose files were not read.
///
/// With a `cache`: a revision whose boundary facts a run before kept
/// ([`crate::revision_cache`]) needs no summaries, and a revision that needs no summaries
/// needs no model of a file whose review-IR entry the cache holds, so such a file is not
/// lowered at all (unless the other revision needs its model): its entry stands in for it.
pub fn analyse_pair(
    root: &Path,
    base: &Files,
    head: &Files,
    boundaries: Option<(Vec<String>, Vec<String>)>,
    share_per_file: bool,
    cache: Option<&Cache>,
    phases: &mut Phases,
) -> Result<(Analysed, Analysed, Sharing), AnalyseError> {
    let (boundaries, (base_submodules, head_submodules)) =
        (boundaries.is_some(), boundaries.unwrap_or_default());
    // The packs (and the review classifier built from them) are the working tree's for both
    // revisions: read once.
    let packs = repository_packs(root)?;
    let classifier = seam_packs::review::Classifier::new(&packs)
        .map_err(|e| AnalyseError::Packs(e.to_string()))?;
    phases.lap("read the packs");
    let options = seam_packs::project_options(&packs);
    let base_paths: Vec<String> = base.keys().cloned().collect();
    let head_paths: Vec<String> = head.keys().cloned().collect();
    let mut jobs: Vec<Job<'_>> = Vec::new();
    for (path, content) in base {
        if skipped_by_walk(path, &base_paths) {
            continue;
        }
        let same = head
            .get(path)
            .is_some_and(|h| Arc::ptr_eq(h, content) || h == content);
        jobs.push(Job {
            path,
            content,
            for_base: true,
            for_head: same && !skipped_by_walk(path, &head_paths),
        });
    }
    for (path, content) in head {
        if skipped_by_walk(path, &head_paths) {
            continue;
        }
        let same = base
            .get(path)
            .is_some_and(|b| Arc::ptr_eq(b, content) || b == content);
        if !same || skipped_by_walk(path, &base_paths) {
            jobs.push(Job {
                path,
                content,
                for_base: false,
                for_head: true,
            });
        }
    }
    let same_bytes: BTreeSet<&str> = jobs
        .iter()
        .filter(|j| j.for_base && j.for_head)
        .map(|j| j.path)
        .collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(rayon::current_num_threads().max(1))
        .stack_size(options.stack_size)
        .build()
        .map_err(|e| AnalyseError::Scan(seam_review::ScanError::ThreadPool(e.to_string())))?;
    // Each revision's key in the cache (its files, the packs, the options, seam's build).
    let revision_keys = match cache {
        Some(_) => {
            let (b, h) = pool.install(|| revision_cache::keys(base, head, &packs, &options));
            (Some(b), Some(h))
        }
        None => (None, None),
    };
    // Each side's boundary facts, when a run before kept them: that side's summaries are
    // not extracted.
    let facts_keys = match boundaries {
        true => revision_keys,
        false => (None, None),
    };
    let kept = |key: &Option<Key>| match (cache, key) {
        (Some(cache), Some(key)) => revision_cache::lookup(cache, key),
        _ => None,
    };
    let (base_facts, head_facts) = (kept(&facts_keys.0), kept(&facts_keys.1));
    let needs_models = (
        boundaries && base_facts.is_none(),
        boundaries && head_facts.is_none(),
    );
    phases.lap_with(
        "boundary facts from the cache",
        &format!(
            "{} of 2 revisions",
            usize::from(base_facts.is_some()) + usize::from(head_facts.is_some())
        ),
    );

    // Files that are no source (manifests, assets) first: each side's manifests go into its
    // per-file cache keys, which decide which sources need lowering at all.
    let (mut done, sources): (Vec<Job<'_>>, Vec<Job<'_>>) = jobs
        .into_iter()
        .partition(|j| !is_lowerable(j.path, j.content.len() as u64, &options));
    let lower = |jobs: &[Job<'_>]| -> Vec<(FileOutcome, Option<FileOutcome>)> {
        // A file both sides hold alike is lowered once; its copy for the other side is made
        // on the same worker (a serial loop of copies took a few tenths of a second on 6,000
        // files).
        pool.install(|| {
            jobs.par_iter()
                .map(|j| {
                    let outcome = lower_memory_file(j.path, j.content, &options);
                    let copy = (j.for_base && j.for_head).then(|| outcome.clone());
                    (outcome, copy)
                })
                .collect()
        })
    };
    let mut outcomes = lower(&done);
    // Each side's manifests, from its own files.
    let manifests_of = |outcomes: &[(FileOutcome, Option<FileOutcome>)],
                        for_side: fn(&Job<'_>) -> bool| {
        let mut manifests: Vec<Manifest> = done
            .iter()
            .zip(outcomes)
            .filter(|(j, _)| for_side(j))
            .filter_map(|(_, (o, _))| match o {
                FileOutcome::Manifest(m) => Some(m.clone()),
                _ => None,
            })
            .collect();
        manifests.sort_by(|a, b| a.path.cmp(&b.path));
        manifests
    };
    let base_manifests = manifests_of(&outcomes, |j| j.for_base);
    let head_manifests = manifests_of(&outcomes, |j| j.for_head);
    // Each side's finished review IR, when a run before kept it; a side whose review IR and
    // (for the boundary diff) boundary facts are both kept is finished: it needs no file
    // lowered and no entry read.
    let document_keys = (
        revision_keys
            .0
            .as_ref()
            .map(|k| revision_cache::document_key(k, root, &base_manifests)),
        revision_keys
            .1
            .as_ref()
            .map(|k| revision_cache::document_key(k, root, &head_manifests)),
    );
    let finished_doc = |key: &Option<Key>, facts: &Option<BoundaryFacts>| match (cache, key) {
        (Some(cache), Some(key)) if !boundaries || facts.is_some() => {
            revision_cache::lookup_document_later(cache, key)
        }
        _ => None,
    };
    // Each kept review IR is read on a thread of its own while the other side is analysed
    // (a finished side's is waited for after the other's analysis).
    let mut finished = (
        finished_doc(&document_keys.0, &base_facts),
        finished_doc(&document_keys.1, &head_facts),
    );
    // What each side still uses of its files (models or entries): nothing once finished.
    let uses = (finished.0.is_none(), finished.1.is_none());
    phases.lap_with(
        "review IRs from the cache",
        &format!(
            "{} of 2 revisions",
            usize::from(!uses.0) + usize::from(!uses.1)
        ),
    );
    let listed = |for_side: fn(&Job<'_>) -> bool| -> Vec<String> {
        let mut paths: Vec<String> = done
            .iter()
            .chain(&sources)
            .filter(|j| for_side(j))
            .map(|j| j.path.to_owned())
            .collect();
        paths.sort();
        paths
    };
    let base_listed = listed(|j| j.for_base);
    let head_listed = listed(|j| j.for_head);
    // Each side's per-file cache keys, from its own files, manifests and bytes: a file
    // unchanged between the revisions (and on disk) has the same key on both and in `seam scan`.
    let keys = |files: &Files, listed: &[String], manifests: &[Manifest], used: bool| {
        if !used {
            return ReviewKeys::default();
        }
        let sources: Vec<SourceFile<'_>> = files
            .iter()
            .filter(|(path, bytes)| {
                !skipped_by_walk(path, listed) && is_lowerable(path, bytes.len() as u64, &options)
            })
            .map(|(path, bytes)| SourceFile {
                path,
                bytes: bytes.as_slice(),
            })
            .collect();
        ReviewKeys::new(
            &packs,
            &options,
            &Prelude {
                files: listed,
                manifests,
                sources: &sources,
            },
        )
    };
    let (base_keys, head_keys) = match cache {
        Some(_) => pool.install(|| {
            rayon::join(
                || keys(base, &base_listed, &base_manifests, uses.0),
                || keys(head, &head_listed, &head_manifests, uses.1),
            )
        }),
        None => (ReviewKeys::default(), ReviewKeys::default()),
    };
    // A finished side takes no part in lowering: its flag is taken off every file.
    let mut sources = sources;
    for j in done.iter_mut().chain(sources.iter_mut()) {
        j.for_base &= uses.0;
        j.for_head &= uses.1;
    }
    // The sources no side needs lowered: their entries, per side that uses them.
    let claims = match cache {
        Some(cache) => pool.install(|| {
            claim(
                cache,
                &sources,
                (&base_keys, &head_keys),
                (!needs_models.0, !needs_models.1),
            )
        }),
        None => vec![None; sources.len()],
    };
    let mut claimed_jobs = Vec::new();
    let mut to_lower = Vec::new();
    for (job, claim) in sources.into_iter().zip(claims) {
        match claim {
            Some(entries) => claimed_jobs.push((job, entries)),
            None => to_lower.push(job),
        }
    }
    // Largest first, as the walk-based loader does.
    let by_size = |a: &Job<'_>, b: &Job<'_>| {
        b.content
            .len()
            .cmp(&a.content.len())
            .then_with(|| a.path.cmp(b.path))
    };
    to_lower.sort_by(by_size);
    let lowered = lower(&to_lower);
    // Java, Kotlin and Go files resolve against each other's declarations: their entries
    // stand in only when no file of theirs is lowered into a model (a generated or unparsable
    // file gives none and takes no part in resolution); otherwise they are lowered too.
    let coupled = |j: &Job<'_>| seam_pipeline::review_cache::resolves_across_files(j.path);
    if to_lower
        .iter()
        .zip(&lowered)
        .any(|(j, (o, _))| coupled(j) && matches!(o, FileOutcome::Model(_)))
    {
        let (unclaimed, kept): (Vec<_>, Vec<_>) =
            claimed_jobs.into_iter().partition(|(j, _)| coupled(j));
        claimed_jobs = kept;
        let mut more: Vec<Job<'_>> = unclaimed.into_iter().map(|(j, _)| j).collect();
        more.sort_by(by_size);
        outcomes.extend(lower(&more));
        done.extend(more);
    }
    outcomes.extend(lowered);
    done.extend(to_lower);
    let mut claimed: (Vec<FileEntry>, Vec<FileEntry>) = (Vec::new(), Vec::new());
    for (_, (b, h)) in claimed_jobs {
        claimed.0.extend(b);
        claimed.1.extend(h);
    }
    let lowered_both = done
        .iter()
        .zip(&outcomes)
        .filter(|(j, (o, _))| j.for_base && j.for_head && matches!(o, FileOutcome::Model(_)))
        .count();
    let sharing = Sharing {
        shared: done.iter().filter(|j| j.for_base && j.for_head).count(),
        // (A manifest read only for the keys of finished sides counts for neither.)
        lowered_apart: done.iter().filter(|j| j.for_base != j.for_head).count(),
        extracted_once: 0,
        from_cache: 0,
    };
    phases.lap_with(
        "lower",
        &format!(
            "{} files once for both revisions ({lowered_both} models), {} for one, {} + {} \
             sources' entries from the cache",
            sharing.shared,
            sharing.lowered_apart,
            claimed.0.len(),
            claimed.1.len()
        ),
    );
    let mut base_outcomes = Vec::new();
    let mut head_outcomes = Vec::new();
    for (job, (outcome, copy)) in done.iter().zip(outcomes) {
        // A file lowered before the finished sides were known may carry a copy no side
        // takes.
        match (job.for_base, job.for_head, copy) {
            (true, true, Some(copy)) => {
                base_outcomes.push(copy);
                head_outcomes.push(outcome);
            }
            (true, _, _) => base_outcomes.push(outcome),
            (false, true, _) => head_outcomes.push(outcome),
            (false, false, _) => {}
        }
    }
    // A finished side's project is never made: its kept review IR stands for it.
    let base_project = match finished.0.take() {
        Some(kept) => Err(kept),
        None => Ok(project_from_outcomes(root, base_listed, base_outcomes)),
    };
    let head_project = match finished.1.take() {
        Some(kept) => Err(kept),
        None => Ok(project_from_outcomes(root, head_listed, head_outcomes)),
    };
    phases.lap("resolve modules, both revisions");
    let mut shared = match (&base_project, &head_project) {
        (Ok(b), Ok(h)) if share_per_file => {
            seam_review::SharedFiles::of(alike::alike_models(b, h, &same_bytes))
        }
        _ => seam_review::SharedFiles::none(),
    };
    phases.lap("compare resolved models");
    // One revision after the other: each one's models are freed inside its analysis (after
    // Symbol extraction), so only one revision's analysis is in memory beside the other's
    // models. Side by side, the peak held both analyses (2.6 GB on 6,000 files).
    let mut from_cache = 0;
    // The state the last scan kept: the base revision reuses what still holds of it, the
    // head what holds of the base's, and the head's is kept for the next run.
    // (A finished side has no keys: the other side's serve, and with both finished no state
    // is read or kept.)
    let state_keys = match uses {
        (true, _) => Some(&base_keys),
        (false, true) => Some(&head_keys),
        (false, false) => None,
    };
    let mut kept_state = cache
        .zip(state_keys)
        .and_then(|(c, k)| k.kept_state(c, root));
    let mut side = |project: Result<Project, revision_cache::DocumentLater>,
                    keys: &ReviewKeys,
                    claimed: Vec<FileEntry>,
                    facts: Option<BoundaryFacts>,
                    facts_key: Option<Key>,
                    document_key: Option<Key>,
                    prior: Option<&Prior>,
                    (unchecked_submodules, facts_now): (Vec<String>, bool)| {
        let project = match project {
            Ok(project) => project,
            Err(later) => {
                let Some((document, notes)) = later.wait() else {
                    if let (Some(cache), Some(key)) = (cache, &document_key) {
                        revision_cache::forget_document(cache, key);
                    }
                    return Err(AnalyseError::UnreadableKept);
                };
                return Ok(Analysed {
                    document,
                    boundary: BoundarySide {
                        facts,
                        key: facts_key,
                        unchecked_submodules,
                        ..BoundarySide::default()
                    },
                    notes,
                    prior: None,
                    reused: None,
                    from_cache: true,
                    document_key: None,
                    prior_key: None,
                });
            }
        };
        let mut memo = cache.map(|_| seam_review::Memo {
            previous: kept_state.take(),
            ..keys.memo_keys()
        });
        let context = Context {
            root,
            packs: &packs,
            classifier: &classifier,
            boundaries: boundaries && facts.is_none(),
            cache: cache.map(|c| (c, keys)),
            prior,
            keep: cache.zip(facts_key.as_ref()),
            facts_now: (facts_now && facts.is_none()).then(|| unchecked_submodules.clone()),
        };
        pool.install(|| {
            analyse(
                &context,
                project,
                claimed,
                &mut shared,
                &mut from_cache,
                memo.as_mut(),
                phases,
            )
        })
        .map(|mut a| {
            if let Some(memo) = memo {
                kept_state = memo.next;
            }
            a.document_key = cache.and(document_key);
            a.boundary.facts = facts;
            a.boundary.key = facts_key;
            a.boundary.unchecked_submodules = unchecked_submodules;
            a
        })
    };
    // The head's summaries reuse the base's where nothing their build read changed: the
    // base's work as its extraction here kept it, or as a run before kept it beside its facts.
    let base_kept_before = match (cache, &facts_keys.0) {
        (Some(cache), Some(key)) if base_facts.is_some() && needs_models.1 => {
            revision_cache::lookup_prior(cache, key)
        }
        _ => None,
    };
    // A revision whose summaries are extracted while the other's facts came from the cache
    // has its facts worked out at once (see `BoundarySide::pending`).
    let facts_kept = (base_facts.is_some(), head_facts.is_some());
    // A finished base is taken after the head's analysis, so its review IR is read beside it.
    let mut base_args = Some((
        claimed.0,
        base_facts,
        facts_keys.0,
        document_keys.0,
        (base_submodules, facts_kept.1),
    ));
    let (mut base, base_later) = match base_project {
        Ok(project) => {
            let (claimed, facts, facts_key, document_key, submodules) =
                base_args.take().expect("the base's arguments, once");
            let analysed = side(
                Ok(project),
                &base_keys,
                claimed,
                facts,
                facts_key,
                document_key,
                None,
                submodules,
            );
            (Some(analysed), None)
        }
        Err(later) => (None, Some(later)),
    };
    let base_prior = match &mut base {
        Some(Ok(a)) => a.prior.take().or(base_kept_before),
        Some(Err(_)) => None,
        None => base_kept_before,
    };
    let head = side(
        head_project,
        &head_keys,
        claimed.1,
        head_facts,
        facts_keys.1,
        document_keys.1,
        base_prior.as_ref(),
        (head_submodules, facts_kept.0),
    );
    let mut base = match (base, base_later, base_args) {
        (Some(base), _, _) => base,
        (None, Some(later), Some((claimed, facts, facts_key, document_key, submodules))) => side(
            Err(later),
            &base_keys,
            claimed,
            facts,
            facts_key,
            document_key,
            None,
            submodules,
        ),
        _ => unreachable!("the base is analysed or finished"),
    };
    // The base's own work goes back to it, to be kept by the caller; work a run before
    // kept is not kept again.
    if let Ok(base) = &mut base
        && base.prior_key.is_some()
    {
        base.prior = base_prior;
    }
    let (base, head) = (base?, head?);
    if let Some(cache) = cache {
        let keeper = match uses {
            (_, true) => Some(&head_keys),
            (true, false) => Some(&base_keys),
            (false, false) => None,
        };
        if let Some(keeper) = keeper {
            keeper.keep_state(
                cache,
                root,
                &seam_review::Memo {
                    next: kept_state,
                    ..seam_review::Memo::default()
                },
            );
        }
        cache.evict();
    }
    Ok((
        base,
        head,
        Sharing {
            extracted_once: shared.taken(),
            from_cache,
            ..sharing
        },
    ))
}

/// Per source, its cached entries for each side that holds it, when no side that holds it
/// needs its model (`free`: the sides that need no models) and every such side's cache has
/// the entry; `None` for a source to lower.
#[allow(clippy::type_complexity)]
fn claim(
    cache: &Cache,
    sources: &[Job<'_>],
    keys: (&ReviewKeys, &ReviewKeys),
    free: (bool, bool),
) -> Vec<Option<(Option<FileEntry>, Option<FileEntry>)>> {
    sources
        .par_iter()
        .map(|j| {
            if (j.for_base && !free.0) || (j.for_head && !free.1) {
                return None;
            }
            let base = match j.for_base {
                true => Some(keys.0.lookup(cache, j.path)?),
                false => None,
            };
            let head = match (j.for_head, &base) {
                // Same bytes, same key: one read serves both sides.
                (true, Some(b)) if keys.0.same_key(keys.1, j.path) => Some(b.clone()),
                (true, _) => Some(keys.1.lookup(cache, j.path)?),
                (false, _) => None,
            };
            Some((base, head))
        })
        .collect()
}

/// What both revisions' analyses read alike.
pub struct Context<'a> {
    /// The working tree: workspace configuration is read there.
    pub root: &'a Path,
    /// The built-in packs and the working tree's `.seam/packs/`.
    pub packs: &'a [seam_packs::Pack],
    /// The review classifier built from `packs`.
    pub classifier: &'a seam_packs::review::Classifier,
    /// Extract the summaries (for the boundary diff).
    pub boundaries: bool,
    /// The per-file cache and this revision's keys into it.
    pub cache: Option<(&'a Cache, &'a ReviewKeys)>,
    /// The summaries of another revision of the project, with what each unit's build read:
    /// a unit whose build would read nothing that changed takes them (see
    /// `seam_extract::reuse`).
    pub prior: Option<&'a Prior>,
    /// Where this revision's summaries and what their builds read are to be kept for later
    /// runs (then extraction records what each build reads; [`Analysed::keep`] keeps them).
    pub keep: Option<(&'a Cache, &'a Key)>,
    /// Work out the boundary facts of the summaries at once, beside the review IR, with
    /// these unchecked submodules ([`BoundarySide::pending`]).
    pub facts_now: Option<Vec<String>>,
}

/// The summaries (when asked) and the review IR of one loaded project; the per-file part of
/// the review IR is shared with the other revision's analysis through `shared`.
///
/// The summaries and the review IR read the same models and nothing of each other, so they
/// run side by side. The review IR takes the cached files' entries in place of their models;
/// the summaries need every model. Each lets go of the project when done with it (the scan
/// as soon as it has extracted its Symbols), and the models are freed, on a thread of their
/// own, once both have.
pub fn analyse(
    context: &Context<'_>,
    project: Project,
    claimed: Vec<FileEntry>,
    shared: &mut seam_review::SharedFiles,
    from_cache: &mut usize,
    memo: Option<&mut seam_review::Memo>,
    phases: &mut Phases,
) -> Result<Analysed, AnalyseError> {
    let project = Arc::new(project);
    let for_summaries = context.boundaries.then(|| project.clone());
    let (summarised, (scanned, scan_took)) = rayon::join(
        move || for_summaries.map(|project| summarise(context, project)),
        move || {
            let started = std::time::Instant::now();
            let mut entries = claimed;
            if let Some((cache, keys)) = context.cache {
                entries.extend(cached_entries(cache, keys, &project));
            }
            *from_cache += entries.len();
            let keep = |model: &seam_lang::model::Model,
                        output: &seam_review::extract::FileOutput| {
                if let Some((cache, keys)) = context.cache {
                    keys.keep(cache, model, output);
                }
            };
            let result = seam_review::scan_shared_with_entries(
                context.root,
                project,
                &seam_review::ScanOptions::default(),
                context.classifier,
                shared,
                entries,
                context
                    .cache
                    .is_some()
                    .then_some(&keep as seam_review::EntrySink<'_>),
                memo,
            );
            (result, started.elapsed())
        },
    );
    let (summaries, pending, kept, prior_key, reused_units) = match summarised {
        Some(s) => {
            let r = s.reused;
            phases.lap_with(
                "summaries and review IR",
                &format!(
                    "{} units' summaries taken from the other revision, {} built; {} files' \
                     calls of project functions taken; {} files' client discovery taken",
                    r.taken, r.built, r.file_callers_taken, r.client_files_taken
                ),
            );
            phases.detail("summaries", s.took);
            phases.detail("review IR", scan_took);
            (s.summaries, s.pending, s.prior, s.prior_key, Some(r))
        }
        None => {
            phases.lap("review IR");
            (Vec::new(), None, None, None, None)
        }
    };
    let result = scanned?;
    for (name, took) in &result.phases {
        phases.detail(name, *took);
    }

    Ok(Analysed {
        document: result.document,
        boundary: BoundarySide {
            summaries,
            pending,
            ..BoundarySide::default()
        },
        notes: result.notes,
        prior: kept,
        reused: reused_units,
        from_cache: false,
        document_key: None,
        prior_key,
    })
}

/// The summaries of one project, extracted beside its review IR ([`analyse`]).
struct Summarised {
    /// Empty when `pending` works the boundary facts out of them.
    summaries: Vec<BehavioralSummary>,
    pending: Option<FactsLater>,
    prior: Option<Prior>,
    prior_key: Option<Key>,
    reused: seam_extract::reuse::Reused,
    took: std::time::Duration,
}

fn summarise(context: &Context<'_>, project: Arc<Project>) -> Summarised {
    let started = std::time::Instant::now();
    let detection = seam_packs::Detection::from_project(&project.manifests);
    let (extraction, prior, reused) = seam_extract::extract_packed_reusing(
        &project.models,
        &detection,
        context.packs,
        &seam_extract::ExtractOptions::default(),
        context.prior,
        context.keep.is_some(),
    );
    // Freeing the models takes a while: when this is the last hold on them, it is done on a
    // thread of its own, beside the rest of the run (not waited for).
    let freeing = std::thread::Builder::new()
        .name("seam-diff-free".to_owned())
        .spawn(move || drop(project));
    drop(freeing);
    let summaries = extraction.unpack().summaries;
    let prior_key = match (context.keep, &prior) {
        (Some((_, key)), Some(_)) => Some(*key),
        _ => None,
    };
    // When the other revision's facts came from the cache, this one's are worked out at
    // once (see `BoundarySide::pending`).
    let (summaries, pending) = match context.facts_now.clone() {
        Some(submodules) => (Vec::new(), Some(FactsLater::start(summaries, submodules))),
        None => (summaries, None),
    };
    Summarised {
        summaries,
        pending,
        prior,
        prior_key,
        reused,
        took: started.elapsed(),
    }
}

/// The entries `cache` holds for files of `project` (in the order of its models): the review
/// IR reads them in place of those files' models.
fn cached_entries(cache: &Cache, keys: &ReviewKeys, project: &Project) -> Vec<FileEntry> {
    project
        .models
        .par_iter()
        .filter_map(|m| keys.lookup(cache, &m.path))
        .collect()
}

/// The built-in packs, with the repository's `.seam/packs/` replacing same-named ones.
fn repository_packs(root: &Path) -> Result<Vec<seam_packs::Pack>, AnalyseError> {
    seam_packs::repository_packs(root).map_err(|e| AnalyseError::Packs(e.to_string()))
}
