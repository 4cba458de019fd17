//! [`load_project`](super::load_project) for a caller that may already hold what some
//! files' lowering would give (a cache of per-file results): every source file is read
//! first, then the caller sees the file list, the manifests and the sources, and claims
//! the files it need not lower. A claimed file gets no model; everything else is exactly
//! what `load_project` gives.
//!
//! Module resolution then runs over the unclaimed models only. A caller's claim is sound only
//! where a file's resolution needs none of the claimed models: JavaScript, TypeScript and
//! Python imports resolve against the file list and the manifests alone, while Java, Kotlin
//! and Go resolve against the declarations of every file of their language (see
//! [`crate::resolve`]), so a caller claims those all together or not at all.

use std::path::Path;
use std::time::Instant;

use rayon::prelude::*;

use super::{
    LoadTimings, Manifest, Outcome, Project, ProjectError, ProjectOptions, collect_outcomes,
    components, excluded_rule, process_file, process_source, read_bytes, walk,
};
use crate::model::Language;

/// A source file as read, before it is lowered.
pub struct SourceFile<'a> {
    /// Repo-relative, `/`-separated, NFC.
    pub path: &'a str,
    pub bytes: &'a [u8],
}

/// What a caller knows before any source file is lowered.
pub struct Prelude<'a> {
    /// Every walked file, sorted (what imports may resolve to).
    pub files: &'a [String],
    /// The manifests, sorted by path, as the project will hold them.
    pub manifests: &'a [Manifest],
    /// The source files that would be lowered, sorted by path.
    pub sources: &'a [SourceFile<'a>],
}

/// [`load_project`](super::load_project) where `prepare`, given the [`Prelude`], returns
/// the claim: a function called on each source file (in parallel) that returns `Some` for a
/// file the caller need not have lowered. Returns the project without the claimed files'
/// models, and the claims in path order.
pub fn load_project_claiming<C, F>(
    root: &Path,
    options: &ProjectOptions,
    prepare: impl FnOnce(&Prelude<'_>) -> F + Send,
) -> Result<(Project, Vec<C>), ProjectError>
where
    C: Send,
    F: Fn(&SourceFile<'_>) -> Option<C> + Sync,
{
    super::check_root(root)?;
    let pool = super::lowering_pool(options)?;
    Ok(pool.install(|| load_in_pool(root, options, prepare)))
}

/// A walked file after the first pass: done, or a source read and waiting for its lowering.
enum First<'w> {
    Done(Box<Outcome>),
    Source(&'w walk::WalkedFile, Vec<u8>),
}

fn load_in_pool<C, F>(
    root: &Path,
    options: &ProjectOptions,
    prepare: impl FnOnce(&Prelude<'_>) -> F + Send,
) -> (Project, Vec<C>)
where
    C: Send,
    F: Fn(&SourceFile<'_>) -> Option<C> + Sync,
{
    let mut timings = LoadTimings::default();
    let start = Instant::now();
    let walked = walk::walk(root, options.follow_symlinks);
    timings.walk = start.elapsed();
    let files: Vec<String> = walked.files.iter().map(|f| f.path.clone()).collect();

    let start = Instant::now();
    let first: Vec<First<'_>> = walked
        .files
        .par_iter()
        .map(|file| {
            if !is_lowerable(&file.path, file.size, options) {
                return First::Done(Box::new(process_file(file, options)));
            }
            match read_bytes(&file.abs) {
                Ok(bytes) => First::Source(file, bytes),
                Err(reason) => {
                    let outcome = process_source(&file.path, file.size, || Err(reason), options);
                    First::Done(Box::new(outcome))
                }
            }
        })
        .collect();
    let mut done = Vec::new();
    let mut pending = Vec::new();
    for f in first {
        match f {
            First::Done(outcome) => done.push(*outcome),
            First::Source(file, bytes) => pending.push((file, bytes)),
        }
    }
    // The manifests as the project will hold them (with the dotenv templates, sorted).
    let mut manifests: Vec<Manifest> = done
        .iter()
        .filter_map(|o| match o {
            Outcome::Manifest(m) => Some(m.clone()),
            _ => None,
        })
        .collect();
    manifests.extend(super::ignored_dotenv_templates(root, &manifests, options));
    manifests.sort_by(|a, b| a.path.cmp(&b.path));
    let sources: Vec<SourceFile<'_>> = pending
        .iter()
        .map(|(file, bytes)| SourceFile {
            path: &file.path,
            bytes,
        })
        .collect();
    let claim = prepare(&Prelude {
        files: &files,
        manifests: &manifests,
        sources: &sources,
    });
    let claimed: Vec<Option<C>> = sources.par_iter().map(&claim).collect();
    drop(sources);

    // Largest first, as `load_project` does; the order never reaches the output.
    let mut unclaimed: Vec<(&walk::WalkedFile, Vec<u8>)> = Vec::new();
    let mut claims = Vec::new();
    for ((file, bytes), c) in pending.into_iter().zip(claimed) {
        match c {
            Some(c) => claims.push(c),
            None => unclaimed.push((file, bytes)),
        }
    }
    unclaimed.sort_by(|a, b| {
        b.0.size
            .cmp(&a.0.size)
            .then_with(|| a.0.path.cmp(&b.0.path))
    });
    let lowered: Vec<Outcome> = unclaimed
        .into_par_iter()
        .map(|(file, bytes)| process_source(&file.path, file.size, move || Ok(bytes), options))
        .collect();
    done.extend(lowered);
    timings.lower = start.elapsed();

    let start = Instant::now();
    let mut project = collect_outcomes(root, options, files, walked.errors, done, timings);
    project.timings.collect = start.elapsed();
    let start = Instant::now();
    crate::resolve::resolve_project(&mut project);
    project.timings.resolve = start.elapsed();
    (project, claims)
}

/// True when `load_project` would read this file to lower it (a source file that is not
/// excluded by name nor over the size limit): the files a [`Prelude`] lists as sources.
pub fn is_lowerable(path: &str, size: u64, options: &ProjectOptions) -> bool {
    let language: Option<Language> = Language::from_path(path)
        .or(components::component_language(path))
        .or(super::pug::pug_language(path))
        .or(super::server_templates::template_language(path));
    language.is_some() && excluded_rule(path).is_none() && size <= options.max_file_size
}
