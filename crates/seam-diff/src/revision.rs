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
    FileOutcome, Prelude, Project, ProjectOptions, SourceFile, is_lowerable, lower_memory_file,
    project_from_outcomes, skipped_by_walk,
};

use seam_lang::project::git::Files;
use seam_pipeline::{Cache, Phases, ReviewKeys};

use crate::alike;

/// One analysed revision.
pub struct Analysed {
    pub document: Document,
    pub summaries: Vec<BehavioralSummary>,
    /// Notes for standard error (files the scan lost).
    pub notes: Vec<String>,
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
}

/// Analyses `base` and `head`, sharing the lowering of files they hold alike and, with
/// `share_per_file`, the review IR's per-file Symbol extraction of files whose models came
/// out equal (see [`crate::alike`]). `root` is the working tree (workspace configuration and
/// repository packs are read there).
pub fn analyse_pair(
    root: &Path,
    base: &Files,
    head: &Files,
    boundaries: bool,
    share_per_file: bool,
    cache: Option<&Cache>,
    phases: &mut Phases,
) -> Result<(Analysed, Analysed, Sharing), AnalyseError> {
    let options = ProjectOptions::default();
    let base_paths: Vec<String> = base.keys().cloned().collect();
    let head_paths: Vec<String> = head.keys().cloned().collect();
    // (path, content, for base, for head)
    let mut jobs: Vec<(&str, &Arc<Vec<u8>>, bool, bool)> = Vec::new();
    for (path, content) in base {
        if skipped_by_walk(path, &base_paths) {
            continue;
        }
        let same = head
            .get(path)
            .is_some_and(|h| Arc::ptr_eq(h, content) || h == content);
        jobs.push((
            path,
            content,
            true,
            same && !skipped_by_walk(path, &head_paths),
        ));
    }
    for (path, content) in head {
        if skipped_by_walk(path, &head_paths) {
            continue;
        }
        let same = base
            .get(path)
            .is_some_and(|b| Arc::ptr_eq(b, content) || b == content);
        if !same || skipped_by_walk(path, &base_paths) {
            jobs.push((path, content, false, true));
        }
    }
    let same_bytes: BTreeSet<&str> = jobs.iter().filter(|j| j.2 && j.3).map(|j| j.0).collect();
    let sharing = Sharing {
        shared: same_bytes.len(),
        lowered_apart: jobs.len() - same_bytes.len(),
        extracted_once: 0,
        from_cache: 0,
    };
    // Largest first, as the walk-based loader does.
    jobs.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then_with(|| a.0.cmp(b.0)));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(rayon::current_num_threads().max(1))
        .stack_size(options.stack_size)
        .build()
        .map_err(|e| AnalyseError::Scan(seam_review::ScanError::ThreadPool(e.to_string())))?;
    // A file both sides hold alike is lowered once; its copy for the other side is made on
    // the same worker (a serial loop of copies took a few tenths of a second on 6,000 files).
    let outcomes: Vec<(FileOutcome, Option<FileOutcome>)> = pool.install(|| {
        jobs.par_iter()
            .map(|(path, content, for_base, for_head)| {
                let outcome = lower_memory_file(path, content, &options);
                let copy = (*for_base && *for_head).then(|| outcome.clone());
                (outcome, copy)
            })
            .collect()
    });
    phases.lap_with(
        "lower",
        &format!(
            "{} files once for both revisions, {} for one",
            sharing.shared, sharing.lowered_apart
        ),
    );
    let mut base_outcomes = Vec::new();
    let mut head_outcomes = Vec::new();
    let mut base_listed = Vec::new();
    let mut head_listed = Vec::new();
    for (job, (outcome, copy)) in jobs.iter().zip(outcomes) {
        match (job.2, job.3, copy) {
            (true, true, Some(copy)) => {
                base_listed.push(job.0.to_owned());
                head_listed.push(job.0.to_owned());
                base_outcomes.push(copy);
                head_outcomes.push(outcome);
            }
            (true, _, _) => {
                base_listed.push(job.0.to_owned());
                base_outcomes.push(outcome);
            }
            _ => {
                head_listed.push(job.0.to_owned());
                head_outcomes.push(outcome);
            }
        }
    }
    let base_project = project_from_outcomes(root, base_listed, base_outcomes);
    let head_project = project_from_outcomes(root, head_listed, head_outcomes);
    phases.lap("resolve modules, both revisions");
    let mut shared = if share_per_file {
        seam_review::SharedFiles::of(alike::alike_models(
            &base_project,
            &head_project,
            &same_bytes,
        ))
    } else {
        seam_review::SharedFiles::none()
    };
    phases.lap("compare resolved models");
    // One revision after the other: each one's models are freed inside its analysis (after
    // Symbol extraction), so only one revision's analysis is in memory beside the other's
    // models. Side by side, the peak held both analyses (2.6 GB on 6,000 files).
    // The packs (and the review classifier built from them) are the working tree's for both
    // revisions: read once.
    let packs = repository_packs(root)?;
    let classifier = seam_packs::review::Classifier::new(&packs)
        .map_err(|e| AnalyseError::Packs(e.to_string()))?;
    phases.lap("read the packs");
    // Each side's per-file cache keys, from its own files, manifests and bytes: a file
    // unchanged between the revisions (and on disk) has the same key on both and in `seam scan`.
    let keys = |files: &Files, project: &Project| {
        let sources: Vec<SourceFile<'_>> = files
            .iter()
            .filter(|(path, bytes)| {
                !skipped_by_walk(path, &project.files)
                    && is_lowerable(path, bytes.len() as u64, &options)
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
                files: &project.files,
                manifests: &project.manifests,
                sources: &sources,
            },
        )
    };
    let (base_keys, head_keys) = match cache {
        Some(_) => (keys(base, &base_project), keys(head, &head_project)),
        None => (ReviewKeys::default(), ReviewKeys::default()),
    };
    let mut from_cache = 0;
    let mut side = |project, keys: &ReviewKeys| {
        let context = Context {
            root,
            packs: &packs,
            classifier: &classifier,
            boundaries,
            cache: cache.map(|c| (c, keys)),
        };
        pool.install(|| analyse(&context, project, &mut shared, &mut from_cache, phases))
    };
    let base = side(base_project, &base_keys);
    let head = side(head_project, &head_keys);
    let (base, head) = (base?, head?);
    if let Some(cache) = cache {
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
}

/// The summaries (when asked) and the review IR of one loaded project; the per-file part of
/// the review IR is shared with the other revision's analysis through `shared`.
pub fn analyse(
    context: &Context<'_>,
    mut project: Project,
    shared: &mut seam_review::SharedFiles,
    from_cache: &mut usize,
    phases: &mut Phases,
) -> Result<Analysed, AnalyseError> {
    let summaries = if context.boundaries {
        let detection = seam_packs::Detection::from_project(&project.manifests);
        let summaries = seam_extract::extract(
            &project.models,
            &detection,
            context.packs,
            &seam_extract::ExtractOptions::default(),
        )
        .summaries;
        phases.lap("summaries");
        summaries
    } else {
        Vec::new()
    };
    // The summaries needed every model; the review IR takes the cached files' entries.
    let entries = match context.cache {
        Some((cache, keys)) => keys.take_cached(cache, &mut project),
        None => Vec::new(),
    };
    *from_cache += entries.len();
    let keep = |model: &seam_lang::model::Model, output: &seam_review::extract::FileOutput| {
        if let Some((cache, keys)) = context.cache {
            keys.keep(cache, model, output);
        }
    };
    let result = seam_review::scan_sharing_with_entries(
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
    )?;
    phases.lap("review IR");
    for (name, took) in &result.phases {
        phases.detail(name, *took);
    }

    Ok(Analysed {
        document: result.document,
        summaries,
        notes: result.notes,
    })
}

/// The built-in packs, with the repository's `.seam/packs/` replacing same-named ones.
fn repository_packs(root: &Path) -> Result<Vec<seam_packs::Pack>, AnalyseError> {
    seam_packs::repository_packs(root).map_err(|e| AnalyseError::Packs(e.to_string()))
}
