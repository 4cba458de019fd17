//! Walking a repository and lowering every file in parallel.
//!
//! [`load_project`] turns a directory into a [`Project`]: one [`Model`] per source file, a
//! [`SkippedFile`] for every file seam looked at but could not turn into a model, the
//! [`Manifest`]s it found, and a count per extension of the files no lowering exists for.
//!
//! Rules, in the order they apply to each file:
//! 1. The walk (see [`walk`]) respects `.gitignore`/`.ignore` (also outside a git repository;
//!    the user's global git excludes are not read, so the result does not depend on the
//!    machine), leaves out the standard directories listed in [`walk::SKIPPED_DIRS`] and any
//!    directory holding a `pyvenv.cfg` (a virtualenv), and follows symbolic links, recording
//!    a link that loops back to an ancestor as unreadable. Nothing is recorded for files in
//!    skipped directories: they are not part of the project.
//! 2. Paths are repo-relative, joined with `/`, and NFC-normalised. When two files have the
//!    same NFC path, the first in sorted raw order is kept and the second is skipped as
//!    [`SkipReason::DuplicateName`].
//! 3. A file without a lowering (by extension, [`Language::from_path`]) is *unroutable*: it is
//!    not listed one by one (most files of a repository are), it is counted per extension in
//!    [`Project::unroutable`]. Manifests ([`manifest`]) are read from these files.
//! 4. Declarations, minified files and bundles (`*.d.ts`, `*.min.js`, `*.bundle.js`,
//!    `*.chunk.js` and their `.mjs`/`.cjs`/`.mts`/`.cts` forms) are skipped as
//!    [`SkipReason::Excluded`] without being read.
//! 5. A file larger than [`ProjectOptions::max_file_size`] (16 MiB) is skipped as over-size.
//! 6. The bytes must be text ([`decode_source`]): a few stray bytes (a NUL, a Latin-1 byte)
//!    are each read as `?` with a diagnostic; more than [`MAX_STRAY_BYTES`] of them skips the
//!    file as not text. A UTF-8 byte order mark is removed before lowering, so every offset in
//!    the model refers to the text without it.
//! 7. Generated files are skipped: see [`generated_marker`], unless the file holds one of the
//!    texts of [`ProjectOptions::read_generated`] (generated code a pack reads). A file over
//!    [`MINIFIED_CHECK_SIZE`] (2 MiB) that looks minified ([`looks_minified`]) is skipped as
//!    over-size with that limit.
//! 8. The lowering runs under `catch_unwind`; an error or a panic skips the file as
//!    parse-failed with the message.
//!
//! Files are processed in parallel on a rayon pool of its own (large stacks, for deeply
//! nested code; a JS/TS file that could need more gets a thread of its own, see
//! [`js_stack_bound`]), largest first; results are collected and sorted by path, so the
//! output never depends on the thread count or the file-system order. After lowering,
//! [`crate::resolve`] fills in the repository file each import resolves to.

mod claiming;
pub mod components;
pub mod git;
pub mod glob;
pub mod included_manifests;
pub mod jvm_build;
pub mod lockfile;
pub mod manifest;
pub mod membership;
pub mod proto;
pub mod pug;
pub mod server_templates;
pub mod settings;
pub mod submodules;
pub mod unread_languages;
pub mod walk;
pub mod workspaces;

use crate::lower::{LowerError, lower_file};
use crate::model::{Language, Model};
pub use claiming::{Prelude, SourceFile, is_lowerable, load_project_claiming};
pub use manifest::{Manifest, ManifestKind, PackageInfo, TsConfigInfo};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The default largest source file lowered: 16 MiB. A hand-written file that large is rare but
/// real (a 3.1 MB API client was dropped at the former 2 MiB limit, and with it the findings
/// about its calls); generated and minified files are skipped whatever their size.
pub const DEFAULT_MAX_FILE_SIZE: u64 = 16 * 1024 * 1024;

/// A source file larger than this is read only if it does not look minified (see
/// [`looks_minified`]): one minified bundle can cost more than the rest of a repository.
pub const MINIFIED_CHECK_SIZE: u64 = 2 * 1024 * 1024;

/// How many bytes that are not UTF-8 text (NUL, or a byte of another encoding such as
/// Latin-1) a source file may hold and still be read, each as `?`; more than this, or more
/// than one byte in ten, and the file is skipped as not text.
pub const MAX_STRAY_BYTES: usize = 64;

/// The default stack size of the lowering threads: deep nesting in real code (long `else if`
/// chains, generated JSON-like literals) recurses deeply in parsers and lowerings. A file
/// that could need more is lowered on a thread of its own with a stack sized for it (see
/// [`js_stack_bound`]); this is virtual memory, only the depth actually reached is touched.
pub const DEFAULT_STACK_SIZE: usize = 64 * 1024 * 1024;

/// The largest stack a dedicated lowering thread is given; a file whose bound is larger is
/// skipped as parse-failed rather than risking the process.
/// 16 GiB (less on a 32-bit target, where the address space ends first).
pub const MAX_DEDICATED_STACK: usize = if usize::BITS >= 64 {
    (16u64 << 30) as usize
} else {
    1 << 30
};

/// How many first lines are searched for a generated-file marker.
const GENERATED_MARKER_LINES: usize = 5;
/// How many first bytes are searched for a generated-file marker.
const GENERATED_MARKER_BYTES: usize = 2048;

/// Options for [`load_project`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectOptions {
    /// Files larger than this many bytes are skipped as over-size.
    pub max_file_size: u64,
    /// Worker threads; `None` uses the size of the current rayon pool, which honours
    /// `RAYON_NUM_THREADS` and a global pool configured by the caller.
    pub threads: Option<usize>,
    /// Stack size of each worker thread, in bytes.
    pub stack_size: usize,
    /// Follow symbolic links (loops are detected and recorded).
    pub follow_symlinks: bool,
    /// Texts that keep a generated file: one whose text holds any of them is lowered like a
    /// written one (a generator's route registrations, which a pack reads; the packs' own
    /// `readGenerated`). Empty: every generated file is skipped.
    pub read_generated: Vec<String>,
    /// Attribute names (lower case) of a server template's elements lowered beside its
    /// `data-*` and `href` attributes: ones a library sends a request to (the packs'
    /// `markup.attributes`, htmx's `hx-post`).
    pub markup_attributes: Vec<String>,
}

impl Default for ProjectOptions {
    fn default() -> Self {
        ProjectOptions {
            max_file_size: DEFAULT_MAX_FILE_SIZE,
            threads: None,
            stack_size: DEFAULT_STACK_SIZE,
            follow_symlinks: true,
            read_generated: Vec::new(),
            markup_attributes: Vec::new(),
        }
    }
}

/// A repository, lowered.
#[derive(Debug, Serialize)]
pub struct Project {
    /// The directory that was walked, as given.
    #[serde(skip)]
    pub root: PathBuf,
    /// One model per lowered file, sorted by path.
    pub models: Vec<Model>,
    /// Every file seam looked at and could not turn into a model, sorted by path.
    pub skipped: Vec<SkippedFile>,
    /// Manifests, sorted by path.
    pub manifests: Vec<Manifest>,
    /// Files with no lowering, counted per extension (`.json`, `.md`; `""` for none).
    pub unroutable: BTreeMap<String, u64>,
    /// Every file of the project (lowered, skipped, unroutable or manifest), sorted: the files
    /// module resolution may resolve to.
    pub files: Vec<String>,
    /// How long each phase of [`load_project`] took; never part of any output.
    #[serde(skip)]
    pub timings: LoadTimings,
}

/// Wall time of the phases of [`load_project`], for benchmarks and `--verbose` style output.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct LoadTimings {
    /// Walking the directory tree (one thread).
    pub walk: std::time::Duration,
    /// Reading, decoding, parsing, lowering and binding every file (in parallel).
    pub lower: std::time::Duration,
    /// Collecting and sorting the outcomes.
    pub collect: std::time::Duration,
    /// Module resolution.
    pub resolve: std::time::Duration,
}

/// A file that produced no model, and why.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct SkippedFile {
    /// Repo-relative, POSIX, NFC.
    pub path: String,
    /// Serialised inline: `{"path": …, "reason": "over-size", "size": …, "limit": …}`.
    #[serde(flatten)]
    pub reason: SkipReason,
}

/// Why a file produced no model.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case", tag = "reason")]
pub enum SkipReason {
    /// Larger than [`ProjectOptions::max_file_size`].
    OverSize { size: u64, limit: u64 },
    /// The file or directory could not be read (permissions, a dangling link, a link loop).
    Unreadable { message: String },
    /// A NUL byte or invalid UTF-8: a binary file or another encoding.
    NotText { message: String },
    /// The parser or lowering failed or panicked.
    ParseFailed { message: String },
    /// A declaration file, minified file or bundle; `rule` names the pattern.
    Excluded { rule: String },
    /// A generated-file marker in the first lines; `marker` is the marker found.
    Generated { marker: String },
    /// Another file has the same path after NFC normalisation and came first in sorted order.
    DuplicateName,
}

impl std::fmt::Display for SkipReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SkipReason::OverSize { size, limit } => {
                write!(f, "over-size: {size} bytes, the limit is {limit}")
            }
            SkipReason::Unreadable { message } => write!(f, "unreadable: {message}"),
            SkipReason::NotText { message } => write!(f, "not text: {message}"),
            SkipReason::ParseFailed { message } => write!(f, "parse failed: {message}"),
            SkipReason::Excluded { rule } => write!(f, "excluded: matches {rule}"),
            SkipReason::Generated { marker } => {
                write!(f, "generated: `{marker}` in the first lines")
            }
            SkipReason::DuplicateName => write!(
                f,
                "duplicate name: another file has the same name after Unicode normalisation"
            ),
        }
    }
}

/// Why a project could not be loaded at all.
#[derive(Debug, thiserror::Error)]
pub enum ProjectError {
    #[error("cannot read the directory `{}`: {source}. Check that it exists and is readable.", root.display())]
    RootUnreadable {
        root: PathBuf,
        source: std::io::Error,
    },
    #[error("`{}` is not a directory. Pass the root directory of a repository.", root.display())]
    RootNotADirectory { root: PathBuf },
    #[error("cannot start the worker threads: {0}. Try a smaller --threads value.")]
    ThreadPool(String),
}

impl Project {
    /// The nearest manifest with a name (package.json, pyproject.toml) whose directory
    /// encloses `path`; of two in the same directory, the first by path.
    pub fn package_for(&self, path: &str) -> Option<&Manifest> {
        let mut best: Option<&Manifest> = None;
        for m in &self.manifests {
            if m.name.is_none() || !is_within(path, &m.dir) {
                continue;
            }
            if best.is_none_or(|b| m.dir.len() > b.dir.len()) {
                best = Some(m);
            }
        }
        best
    }

    /// The model of a file, by repo-relative path.
    pub fn model(&self, path: &str) -> Option<&Model> {
        self.models
            .binary_search_by(|m| m.path.as_str().cmp(path))
            .ok()
            .map(|i| &self.models[i])
    }
}

/// True when `path` is `dir` itself or inside it (`dir` empty is the repository root).
pub(crate) fn is_within(path: &str, dir: &str) -> bool {
    dir.is_empty()
        || (path.len() > dir.len() && path.starts_with(dir) && path.as_bytes()[dir.len()] == b'/')
        || path == dir
}

/// Walks `root`, lowers every source file in parallel, reads the manifests and resolves
/// imports. Fails only when `root` itself cannot be read; everything else is recorded.
pub fn load_project(root: &Path, options: &ProjectOptions) -> Result<Project, ProjectError> {
    check_root(root)?;
    let pool = lowering_pool(options)?;
    Ok(pool.install(|| load_in_pool(root, options)))
}

/// `root` is a readable directory.
fn check_root(root: &Path) -> Result<(), ProjectError> {
    let meta = std::fs::metadata(root).map_err(|source| ProjectError::RootUnreadable {
        root: root.to_path_buf(),
        source,
    })?;
    if !meta.is_dir() {
        return Err(ProjectError::RootNotADirectory {
            root: root.to_path_buf(),
        });
    }
    std::fs::read_dir(root).map_err(|source| ProjectError::RootUnreadable {
        root: root.to_path_buf(),
        source,
    })?;
    Ok(())
}

/// The rayon pool files are lowered on (large stacks, see [`DEFAULT_STACK_SIZE`]).
fn lowering_pool(options: &ProjectOptions) -> Result<rayon::ThreadPool, ProjectError> {
    let threads = options.threads.unwrap_or_else(rayon::current_num_threads);
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .stack_size(options.stack_size)
        .thread_name(|i| format!("seam-lang-{i}"))
        .build()
        .map_err(|e| ProjectError::ThreadPool(e.to_string()))
}

/// What became of one walked file.
enum Outcome {
    Model(Model),
    Skipped(SkippedFile),
    Manifest(Manifest),
    Unroutable(String),
}

fn load_in_pool(root: &Path, options: &ProjectOptions) -> Project {
    let mut timings = LoadTimings::default();
    let start = Instant::now();
    let walked = walk::walk(root, options.follow_symlinks);
    timings.walk = start.elapsed();
    let skipped = walked.errors;
    let files: Vec<String> = walked.files.iter().map(|f| f.path.clone()).collect();

    let start = Instant::now();
    // Largest files first, so a big file does not start last and leave the other threads
    // idle; every list is sorted by path below, so the order never reaches the output.
    let mut by_size: Vec<&walk::WalkedFile> = walked.files.iter().collect();
    by_size.sort_by(|a, b| b.size.cmp(&a.size).then_with(|| a.path.cmp(&b.path)));
    // One file per task: rayon stops splitting a range once it has made as many pieces as
    // threads, and the piece holding the largest files then runs on one thread while the
    // others finish theirs (bitwarden/server's 929 migration files, 50 MB, lowered serially).
    let outcomes: Vec<Outcome> = by_size
        .par_iter()
        .with_max_len(1)
        .map(|file| process_file(file, options))
        .collect();
    timings.lower = start.elapsed();
    let start = Instant::now();

    let mut project = collect_outcomes(root, options, files, skipped, outcomes, timings);
    project.timings.collect = start.elapsed();
    let start = Instant::now();
    crate::resolve::resolve_project(&mut project);
    project.timings.resolve = start.elapsed();
    project
}

/// The walked files' outcomes gathered into a project, sorted, with the ignored dotenv
/// templates; not yet module-resolved.
fn collect_outcomes(
    root: &Path,
    options: &ProjectOptions,
    files: Vec<String>,
    mut skipped: Vec<SkippedFile>,
    outcomes: Vec<Outcome>,
    timings: LoadTimings,
) -> Project {
    let mut models = Vec::new();
    let mut manifests = Vec::new();
    let mut unroutable: BTreeMap<String, u64> = BTreeMap::new();
    for outcome in outcomes {
        match outcome {
            Outcome::Model(m) => models.push(m),
            Outcome::Skipped(s) => skipped.push(s),
            Outcome::Manifest(m) => manifests.push(m),
            Outcome::Unroutable(ext) => *unroutable.entry(ext).or_insert(0) += 1,
        }
    }
    models.sort_by(|a, b| a.path.cmp(&b.path));
    skipped.sort();
    manifests.extend(ignored_dotenv_templates(root, &manifests, options));
    manifests.sort_by(|a, b| a.path.cmp(&b.path));
    included_manifests::follow(&mut manifests);
    Project {
        root: root.to_path_buf(),
        models,
        skipped,
        manifests,
        unroutable,
        files,
        timings,
    }
}

/// Dotenv templates (`.env.example` and the like) beside a package manifest that the walk
/// left out because an ignore rule covers them (`.env.*`, written to keep real settings out
/// of git, also matches the committed template). Only template names are read: a real `.env`
/// an ignore rule keeps out stays out. Regular files under the size limit only.
fn ignored_dotenv_templates(
    root: &Path,
    manifests: &[Manifest],
    options: &ProjectOptions,
) -> Vec<Manifest> {
    const TEMPLATES: [&str; 5] = [
        ".env.example",
        ".env.sample",
        ".env.template",
        ".env.defaults",
        ".env.local.example",
    ];
    let mut dirs: BTreeSet<&str> = manifests
        .iter()
        .filter(|m| {
            matches!(
                m.kind,
                ManifestKind::PackageJson | ManifestKind::Pyproject | ManifestKind::GoMod
            )
        })
        .map(|m| m.dir.as_str())
        .collect();
    dirs.insert("");
    let mut out = Vec::new();
    for dir in dirs {
        for name in TEMPLATES {
            let rel = if dir.is_empty() {
                name.to_owned()
            } else {
                format!("{dir}/{name}")
            };
            if manifests.iter().any(|m| m.path == rel) {
                continue;
            }
            let abs = root.join(&rel);
            let Ok(meta) = std::fs::symlink_metadata(&abs) else {
                continue;
            };
            if !meta.is_file() || meta.len() > options.max_file_size {
                continue;
            }
            if let Ok(text) = std::fs::read_to_string(&abs)
                && let Ok(m) = manifest::parse(&rel, ManifestKind::Dotenv, &text)
            {
                out.push(m);
            }
        }
    }
    out
}

/// What became of one file given by content: public so that a caller comparing two
/// revisions lowers a file both hold once and gives the outcome to both projects.
#[derive(Debug, Clone)]
pub enum FileOutcome {
    Model(Model),
    Skipped(SkippedFile),
    Manifest(Manifest),
    /// A file with no lowering; the extension it is counted under.
    Unroutable(String),
}

impl From<Outcome> for FileOutcome {
    fn from(outcome: Outcome) -> Self {
        match outcome {
            Outcome::Model(m) => FileOutcome::Model(m),
            Outcome::Skipped(s) => FileOutcome::Skipped(s),
            Outcome::Manifest(m) => FileOutcome::Manifest(m),
            Outcome::Unroutable(e) => FileOutcome::Unroutable(e),
        }
    }
}

/// True when the walk would not enter a directory of `path`: one of [`walk::SKIPPED_DIRS`],
/// or a directory holding a `pyvenv.cfg` among `paths` (sorted).
pub fn skipped_by_walk(path: &str, paths: &[String]) -> bool {
    let mut dir = String::new();
    let segments: Vec<&str> = path.split('/').collect();
    for segment in &segments[..segments.len().saturating_sub(1)] {
        if walk::SKIPPED_DIRS.contains(segment) {
            return true;
        }
        if !dir.is_empty() {
            dir.push('/');
        }
        dir.push_str(segment);
        if paths
            .binary_search_by(|p| p.as_str().cmp(&format!("{dir}/pyvenv.cfg")))
            .is_ok()
        {
            return true;
        }
    }
    false
}

/// True when the loader reads `path`'s content: a file with a lowering (not excluded by
/// name) or a manifest. Every other file is only counted, so a caller holding contents
/// elsewhere (git objects) need not read it.
pub fn needs_content(path: &str) -> bool {
    let routable = Language::from_path(path)
        .or(components::component_language(path))
        .or(pug::pug_language(path))
        .or(server_templates::template_language(path))
        .is_some();
    (routable && excluded_rule(path).is_none())
        || manifest::kind_for(path).is_some_and(|k| k != ManifestKind::Lockfile)
        || lockfile::reads_lockfile(path)
        // The submodules a revision declares: their files are never in it.
        || path == ".gitmodules"
}

/// Lowers one file given by content, with every rule [`load_project`] applies after the walk
/// (exclusions, size, text, generated markers, manifests). `path` is repo-relative, `/`
/// separated and NFC.
pub fn lower_memory_file(path: &str, bytes: &[u8], options: &ProjectOptions) -> FileOutcome {
    process_source(path, bytes.len() as u64, || Ok(bytes.to_vec()), options).into()
}

/// A [`Project`] from files given by content, with outcomes already computed (see
/// [`lower_memory_file`]): sorted and module-resolved as [`load_project`] does. `files` is
/// every path of the revision (what imports may resolve to); `root` is only recorded.
pub fn project_from_outcomes(
    root: &Path,
    mut files: Vec<String>,
    outcomes: Vec<FileOutcome>,
) -> Project {
    let mut models = Vec::new();
    let mut skipped = Vec::new();
    let mut manifests = Vec::new();
    let mut unroutable: BTreeMap<String, u64> = BTreeMap::new();
    for outcome in outcomes {
        match outcome {
            FileOutcome::Model(m) => models.push(m),
            FileOutcome::Skipped(s) => skipped.push(s),
            FileOutcome::Manifest(m) => manifests.push(m),
            FileOutcome::Unroutable(ext) => *unroutable.entry(ext).or_insert(0) += 1,
        }
    }
    models.sort_by(|a, b| a.path.cmp(&b.path));
    skipped.sort();
    manifests.sort_by(|a, b| a.path.cmp(&b.path));
    included_manifests::follow(&mut manifests);
    files.sort();
    let mut project = Project {
        root: root.to_path_buf(),
        models,
        skipped,
        manifests,
        unroutable,
        files,
        timings: LoadTimings::default(),
    };
    let start = Instant::now();
    crate::resolve::resolve_project(&mut project);
    project.timings.resolve = start.elapsed();
    project
}

/// [`load_project`] for files given as `(path, bytes)` pairs instead of a directory walk
/// (for example the blobs of a git tree): the walk's directory rules, then every other rule,
/// lowered in parallel.
pub fn load_project_from_memory(
    root: &Path,
    files: Vec<(String, Vec<u8>)>,
    options: &ProjectOptions,
) -> Result<Project, ProjectError> {
    let threads = options.threads.unwrap_or_else(rayon::current_num_threads);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .stack_size(options.stack_size)
        .thread_name(|i| format!("seam-lang-{i}"))
        .build()
        .map_err(|e| ProjectError::ThreadPool(e.to_string()))?;
    let mut paths: Vec<String> = files.iter().map(|(p, _)| p.clone()).collect();
    paths.sort();
    let kept: Vec<&(String, Vec<u8>)> = files
        .iter()
        .filter(|(p, _)| !skipped_by_walk(p, &paths))
        .collect();
    let listed: Vec<String> = kept.iter().map(|(p, _)| p.clone()).collect();
    let outcomes: Vec<FileOutcome> = pool.install(|| {
        kept.par_iter()
            .with_max_len(1)
            .map(|(p, bytes)| lower_memory_file(p, bytes, options))
            .collect()
    });
    Ok(pool.install(|| project_from_outcomes(root, listed, outcomes)))
}

fn process_file(file: &walk::WalkedFile, options: &ProjectOptions) -> Outcome {
    process_source(&file.path, file.size, || read_bytes(&file.abs), options)
}

/// What becomes of one file, given its path, size and a way to read its text (from disk or
/// from memory): the rules of the module documentation, after the walk.
fn process_source(
    path: &str,
    size: u64,
    read: impl FnOnce() -> Result<Vec<u8>, SkipReason>,
    options: &ProjectOptions,
) -> Outcome {
    let skip = |reason| {
        Outcome::Skipped(SkippedFile {
            path: path.to_owned(),
            reason,
        })
    };
    let component = components::component_language(path);
    let template = server_templates::template_language(path);
    // An `index.html` is a page's entry: its inline scripts set deployment globals
    // (`window.API_URL = …`), read as a manifest, not as a server template. One holding
    // template tags (`{% url 'x' %}`: `templates/bundles/index.html`) is a page a server
    // renders, lowered as the other templates are.
    let mut read = Some(read);
    let mut read_already = None;
    if template.is_some() && manifest::kind_for(path) == Some(ManifestKind::HtmlEntry) {
        // One too large is not read: the manifest's reader says so.
        let bytes = match read.take().filter(|_| size <= options.max_file_size) {
            Some(read) => match read() {
                Ok(bytes) => bytes,
                Err(reason) => return skip(reason),
            },
            None => Vec::new(),
        };
        if !server_templates::holds_template_tags(&bytes) {
            let read = move || Ok(bytes);
            return read_manifest(path, size, read, ManifestKind::HtmlEntry, options);
        }
        read_already = Some(bytes);
    }
    let pug = pug::pug_language(path);
    let Some(language) = Language::from_path(path).or(component).or(pug).or(template) else {
        return match manifest::kind_for(path) {
            Some(kind) => {
                let read = move || read.map_or(Ok(Vec::new()), |read| read());
                read_manifest(path, size, read, kind, options)
            }
            None => Outcome::Unroutable(extension_of(path)),
        };
    };
    if let Some(rule) = excluded_rule(path) {
        return skip(SkipReason::Excluded { rule: rule.into() });
    }
    if size > options.max_file_size {
        return skip(SkipReason::OverSize {
            size,
            limit: options.max_file_size,
        });
    }
    let bytes = match (read_already, read.take()) {
        (Some(bytes), _) => Ok(bytes),
        (None, Some(read)) => read(),
        (None, None) => Ok(Vec::new()),
    };
    let (text, stray) = match bytes.and_then(decode_source) {
        Ok(decoded) => decoded,
        Err(reason) => return skip(reason),
    };
    if let Some(marker) = generated_marker(&text)
        && !options
            .read_generated
            .iter()
            .any(|keep| text.contains(keep.as_str()))
    {
        return skip(SkipReason::Generated {
            marker: marker.into(),
        });
    }
    if size > MINIFIED_CHECK_SIZE.min(options.max_file_size) && looks_minified(&text) {
        return skip(SkipReason::OverSize {
            size,
            limit: MINIFIED_CHECK_SIZE.min(options.max_file_size),
        });
    }
    // A component's code is its script blocks and the forms of its markup; one with neither
    // has nothing to lower.
    let mut forms = Vec::new();
    let mut attributes = Vec::new();
    // A template whose inline scripts do not parse is lowered without them.
    let mut blanked_fallback = None;
    let text = match component {
        // A Pug template's code is its `script.` blocks.
        None if pug.is_some() => match pug::script_blocks_only(&text) {
            Some(blanked) => blanked,
            None => return Outcome::Unroutable(extension_of(path)),
        },
        // A server template's tags are not a script: its URL attributes are lowered, and the
        // inline scripts the template does not write into.
        None if template.is_some() => {
            let syntax = server_templates::Syntax::of(path);
            attributes =
                server_templates::url_attributes(&text, syntax, &options.markup_attributes);
            match server_templates::inline_scripts_only(&text, syntax) {
                Some(scripts) => {
                    blanked_fallback = Some(components::blanked(&text));
                    scripts
                }
                None if attributes.is_empty() => return Outcome::Unroutable(extension_of(path)),
                None => components::blanked(&text),
            }
        }
        Some(_) => {
            forms = components::submitting_forms(&text);
            forms.extend(components::external_links(&text));
            forms.sort_by_key(|f| f.offset);
            match components::script_blocks_only(&text) {
                Some(blanked) => blanked,
                None if !forms.is_empty() => components::blanked(&text),
                None => return Outcome::Unroutable(extension_of(path)),
            }
        }
        None => text,
    };
    let lowered = match (
        lower_on_enough_stack(path, language, &text, options.stack_size),
        blanked_fallback,
    ) {
        (Err(_), Some(blanked)) => {
            lower_on_enough_stack(path, language, &blanked, options.stack_size)
        }
        (lowered, _) => lowered,
    };
    match lowered {
        Ok(mut model) => {
            if let Some(stray) = stray {
                model.diagnostics.push(stray.diagnostic(&model.lines));
            }
            components::lower_forms(&mut model, &forms);
            server_templates::lower_attributes(&mut model, &attributes);
            Outcome::Model(model)
        }
        Err(message) => skip(SkipReason::ParseFailed { message }),
    }
}

/// Bytes of a source file that were not UTF-8 text and were read as `?`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StrayBytes {
    pub count: usize,
    /// Offset of the first, in the text as decoded (a byte order mark removed).
    pub first: usize,
}

impl StrayBytes {
    fn diagnostic(&self, lines: &crate::model::LineIndex) -> crate::model::Diagnostic {
        let offset = u32::try_from(self.first).unwrap_or(u32::MAX);
        let line = lines.position(offset).line;
        let message = if self.count == 1 {
            format!("1 byte that is not UTF-8 text (on line {line}) was read as `?`")
        } else {
            format!(
                "{} bytes that are not UTF-8 text (the first on line {line}) were read as `?`",
                self.count
            )
        };
        crate::model::Diagnostic {
            message: format!(
                "{message}; the file is probably saved in another encoding such as Latin-1."
            ),
            span: crate::model::Span::new(offset, offset.saturating_add(1)),
        }
    }
}

/// A source file's bytes as text: UTF-8 without a byte order mark, where a few stray bytes
/// (NUL, or bytes of another encoding such as Latin-1) are each read as `?`, so offsets and
/// lines stay those of the file. More than [`MAX_STRAY_BYTES`] of them, or more than one byte
/// in ten, and the file is not text (a binary file).
pub fn decode_source(mut bytes: Vec<u8>) -> Result<(String, Option<StrayBytes>), SkipReason> {
    if bytes.starts_with(b"\xef\xbb\xbf") {
        bytes.drain(..3);
    }
    let mut stray = 0usize;
    let mut first = None;
    let mut offset = 0usize;
    for chunk in bytes.utf8_chunks() {
        let valid = chunk.valid();
        for (i, b) in valid.bytes().enumerate() {
            if b == 0 {
                stray += 1;
                first.get_or_insert(offset + i);
            }
        }
        offset += valid.len();
        if !chunk.invalid().is_empty() {
            stray += chunk.invalid().len();
            first.get_or_insert(offset);
            offset += chunk.invalid().len();
        }
    }
    let Some(first) = first else {
        // Valid UTF-8 with no NUL: the common case, no copy.
        return String::from_utf8(bytes)
            .map(|t| (t, None))
            .map_err(|e| SkipReason::NotText {
                message: format!("invalid UTF-8 at byte {}", e.utf8_error().valid_up_to()),
            });
    };
    if stray > MAX_STRAY_BYTES || stray.saturating_mul(10) > bytes.len() {
        return Err(SkipReason::NotText {
            message: format!(
                "{stray} bytes that are not UTF-8 text (the first at offset {first}): the file looks binary or is in another encoding"
            ),
        });
    }
    let mut text = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        text.push_str(&chunk.valid().replace('\0', "?"));
        for _ in chunk.invalid() {
            text.push('?');
        }
    }
    Ok((
        text,
        Some(StrayBytes {
            count: stray,
            first,
        }),
    ))
}

/// A file at least this large that looks minified ([`looks_minified`]) is a bundle someone
/// built or vendored (an emscripten loader, a worker bundle under `static/`), not the
/// project's source: loaded (the review IR lists it, as Aburi does) but read for no route or
/// request ([`looks_bundled`]).
pub const BUNDLE_SMALLEST: usize = 32 * 1024;

/// Whether a source text is a built or vendored bundle: see [`BUNDLE_SMALLEST`].
pub fn looks_bundled(text: &str) -> bool {
    text.len() >= BUNDLE_SMALLEST && looks_minified(text)
}

/// Whether a large file's text looks minified: its lines average more than 300 bytes (real
/// source averages under 40; a minified bundle is a few lines of thousands of bytes).
pub fn looks_minified(text: &str) -> bool {
    let lines = text.bytes().filter(|&b| b == b'\n').count() + 1;
    text.len() / lines > 300
}

fn read_manifest(
    path: &str,
    size: u64,
    read: impl FnOnce() -> Result<Vec<u8>, SkipReason>,
    kind: ManifestKind,
    options: &ProjectOptions,
) -> Outcome {
    let skip = |reason| {
        Outcome::Skipped(SkippedFile {
            path: path.to_owned(),
            reason,
        })
    };
    // Most lockfiles are recorded by presence. The ones read are read whatever their size,
    // and one that is not text lists nothing: detection then goes by the other manifests.
    if kind == ManifestKind::Lockfile {
        if !lockfile::reads_lockfile(path) {
            return Outcome::Manifest(Manifest::new(path, kind));
        }
        let text = read().and_then(decode_text).unwrap_or_default();
        let mut m = Manifest::new(path, kind);
        m.locked = lockfile::packages(path, &text);
        return Outcome::Manifest(m);
    }
    if size > options.max_file_size {
        return skip(SkipReason::OverSize {
            size,
            limit: options.max_file_size,
        });
    }
    match read().and_then(decode_text) {
        Ok(text) => match manifest::parse(path, kind, &text) {
            Ok(m) => Outcome::Manifest(m),
            Err(message) => skip(SkipReason::ParseFailed { message }),
        },
        Err(reason) => skip(reason),
    }
}

/// Reads a file's bytes.
fn read_bytes(path: &Path) -> Result<Vec<u8>, SkipReason> {
    std::fs::read(path).map_err(|e| SkipReason::Unreadable {
        message: e.to_string(),
    })
}

/// UTF-8 text without a byte order mark, or why the bytes are not text.
pub fn decode_text(bytes: Vec<u8>) -> Result<String, SkipReason> {
    if let Some(pos) = bytes.iter().position(|&b| b == 0) {
        return Err(SkipReason::NotText {
            message: format!("a NUL byte at offset {pos}: the file looks binary"),
        });
    }
    let mut text = String::from_utf8(bytes).map_err(|e| SkipReason::NotText {
        message: format!(
            "invalid UTF-8 at byte {}: the file is binary or in another encoding",
            e.utf8_error().valid_up_to()
        ),
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// Stack bytes per source byte that oxc's parser and semantic pass can need, by byte: an
/// opening bracket, `<` or backquote can start a level that costs up to 3.4 KiB (measured on
/// release builds: 100,000 nested parentheses need 128–256 MiB, nested object literals and
/// template holes the most per level), an operator such as `?`, `:`, `=` or `>` up to about
/// 1 KiB (conditional, assignment and arrow chains), and any other byte up to 256 bytes
/// (binary, unary, member and keyword chains: 100,000 `!` in a row need 8–16 MiB). Whitespace
/// opens nothing.
const STACK_PER_BYTE: [u16; 256] = {
    let mut table = [256u16; 256];
    let openers = b"([{<`";
    let mut i = 0;
    while i < openers.len() {
        table[openers[i] as usize] = 4096;
        i += 1;
    }
    let joiners = b"?:=>";
    let mut i = 0;
    while i < joiners.len() {
        table[joiners[i] as usize] = 1024;
        i += 1;
    }
    let blanks = b" \t\r\n";
    let mut i = 0;
    while i < blanks.len() {
        table[blanks[i] as usize] = 0;
        i += 1;
    }
    table
};

/// Unoptimised builds (the test suite) use several times more stack per call.
const STACK_FACTOR: usize = if cfg!(debug_assertions) { 16 } else { 1 };

/// What the parser needs besides nesting: the thread's own frames and a safety margin.
const STACK_BASE: usize = 8 * 1024 * 1024;

/// An upper bound on the stack that parsing and lowering a JS/TS file can need, from one pass
/// over its bytes. oxc recurses once or more per nesting level and has no depth limit, so a
/// pathological file (a 100,000-term `a+a+…`, 100,000 nested brackets) needs hundreds of MiB
/// and a stack overflow aborts the whole process. Every nesting level is written with at
/// least one non-blank byte, so summing a per-byte worst case bounds the need; real code
/// reads far below it.
pub fn js_stack_bound(text: &str) -> usize {
    let per_byte: usize = text
        .as_bytes()
        .iter()
        .map(|&b| usize::from(STACK_PER_BYTE[usize::from(b)]))
        .sum();
    per_byte
        .saturating_mul(STACK_FACTOR)
        .saturating_add(STACK_BASE)
}

/// Lowers one text outside a project load (a pack's pattern, a fuzz input) with the guards a
/// project load uses: an error or a panic becomes a message, and a JS/TS text is lowered on a
/// thread of its own whose stack is sized by [`js_stack_bound`], since the caller's stack
/// (the main thread's, often 8 MiB) is not known to be enough for deep nesting.
pub fn lower_text_guarded(path: &str, language: Language, text: &str) -> Result<Model, String> {
    lower_on_enough_stack(path, language, text, 0)
}

/// [`lower_text_guarded`] for a caller that knows its thread's stack is `stack_size` bytes: a
/// text that surely fits is lowered on the current thread instead of a thread started for it
/// (a pack's hundreds of short patterns each started one).
pub fn lower_text_on_stack(
    path: &str,
    language: Language,
    text: &str,
    stack_size: usize,
) -> Result<Model, String> {
    lower_on_enough_stack(path, language, text, stack_size)
}

/// Lowers on the current thread when its stack is surely enough, else on a thread of its own
/// with a stack sized by [`js_stack_bound`]. Python needs no more: tree-sitter parses without
/// recursion and the Python lowering stops at its depth limit.
fn lower_on_enough_stack(
    path: &str,
    language: Language,
    text: &str,
    stack_size: usize,
) -> Result<Model, String> {
    // Cheap exit: no byte costs more than 4 KiB, so a short file cannot need more.
    let worst = text
        .len()
        .saturating_mul(4096 * STACK_FACTOR)
        .saturating_add(STACK_BASE);
    if !language.is_js_family() || worst <= stack_size {
        return lower_guarded(path, language, text);
    }
    let need = js_stack_bound(text);
    if need <= stack_size {
        return lower_guarded(path, language, text);
    }
    let mib = need.div_ceil(1024 * 1024);
    if need > MAX_DEDICATED_STACK {
        return Err(format!(
            "the file is too deeply nested to parse safely: it could need {mib} MiB of stack, \
             more than the {} MiB seam allows. Exclude it (it is most likely generated).",
            MAX_DEDICATED_STACK >> 20
        ));
    }
    std::thread::scope(|scope| {
        let spawned = std::thread::Builder::new()
            .name("seam-lang-deep".into())
            .stack_size(need)
            .spawn_scoped(scope, || lower_guarded(path, language, text));
        match spawned {
            Ok(handle) => handle
                .join()
                .unwrap_or_else(|_| Err("the parser panicked: no message".into())),
            Err(e) => Err(format!(
                "the file is deeply nested and could need {mib} MiB of stack to parse, but a \
                 thread with that stack could not be started ({e}). Exclude the file or free \
                 some memory."
            )),
        }
    })
}

/// Runs the lowering, turning an error or a panic into a message.
fn lower_guarded(path: &str, language: Language, text: &str) -> Result<Model, String> {
    match catch_unwind(AssertUnwindSafe(|| lower_file(path, language, text))) {
        Ok(Ok(model)) => Ok(model),
        Ok(Err(LowerError::ParseFailed(message))) => Err(message),
        Err(payload) => {
            let detail = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "no message".into());
            Err(format!("the parser panicked: {detail}"))
        }
    }
}

/// The generated-file marker in a file's first lines, if any.
///
/// The rule: `@generated` (the convention of Facebook tooling, protobuf and many codegens) or
/// `DO NOT EDIT` (Go's `Code generated … DO NOT EDIT.` and most other generators), case
/// sensitive, anywhere in the first 5 lines and the first 2 KiB. A marker further down is
/// ignored: hand-written files quote these phrases in their bodies.
pub fn generated_marker(text: &str) -> Option<&'static str> {
    let mut end = text.len().min(GENERATED_MARKER_BYTES);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end]
        .lines()
        .take(GENERATED_MARKER_LINES)
        .find_map(|line| {
            ["@generated", "DO NOT EDIT"]
                .into_iter()
                .find(|marker| line.contains(marker))
        })
}

/// The exclusion rule a source file name matches, if any.
pub fn excluded_rule(path: &str) -> Option<&'static str> {
    let name = path.rsplit('/').next().unwrap_or(path);
    const RULES: &[(&str, &str)] = &[
        (".d.ts", "*.d.ts"),
        (".d.mts", "*.d.ts"),
        (".d.cts", "*.d.ts"),
        (".min.js", "*.min.js"),
        (".min.mjs", "*.min.js"),
        (".min.cjs", "*.min.js"),
        (".bundle.js", "*.bundle.js"),
        (".bundle.mjs", "*.bundle.js"),
        (".bundle.cjs", "*.bundle.js"),
        (".chunk.js", "*.chunk.js"),
        (".chunk.mjs", "*.chunk.js"),
        (".chunk.cjs", "*.chunk.js"),
        // Laravel's Blade templates: markup with template directives, not PHP code.
        (".blade.php", "*.blade.php"),
    ];
    RULES
        .iter()
        .find(|(suffix, _)| name.len() > suffix.len() && name.ends_with(suffix))
        .map(|(_, rule)| *rule)
}

/// `.ext` of the file name (as written), or `""` when it has none. A leading dot alone
/// (`.eslintrc`) is not an extension.
fn extension_of(path: &str) -> String {
    let name = path.rsplit('/').next().unwrap_or(path);
    match name.rfind('.') {
        Some(i) if i > 0 => name[i..].to_string(),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_marker_only_in_first_lines() {
        assert_eq!(
            generated_marker("// Code generated by x. DO NOT EDIT.\nlet a;"),
            Some("DO NOT EDIT")
        );
        assert_eq!(
            generated_marker("/**\n * @generated\n */"),
            Some("@generated")
        );
        assert_eq!(generated_marker("a\nb\nc\nd\ne\n// @generated"), None);
        assert_eq!(generated_marker("const s = 'do not edit';"), None);
    }

    #[test]
    fn exclusion_rules() {
        assert_eq!(excluded_rule("a/b.d.ts"), Some("*.d.ts"));
        assert_eq!(excluded_rule("vendor.min.js"), Some("*.min.js"));
        assert_eq!(excluded_rule("main.chunk.js"), Some("*.chunk.js"));
        assert_eq!(excluded_rule("app.bundle.mjs"), Some("*.bundle.js"));
        assert_eq!(
            excluded_rule("resources/views/home.blade.php"),
            Some("*.blade.php")
        );
        assert_eq!(excluded_rule("routes/web.php"), None);
        assert_eq!(excluded_rule("d.ts"), None);
        assert_eq!(excluded_rule("src/index.ts"), None);
    }

    #[test]
    fn decode_strips_bom_and_rejects_binary() {
        assert_eq!(
            decode_text(b"\xef\xbb\xbfx = 1".to_vec()),
            Ok("x = 1".into())
        );
        assert_eq!(
            decode_text(b"ab\0c".to_vec()),
            Err(SkipReason::NotText {
                message: "a NUL byte at offset 2: the file looks binary".into()
            })
        );
        assert_eq!(
            decode_text(b"ok\xff".to_vec()),
            Err(SkipReason::NotText {
                message: "invalid UTF-8 at byte 2: the file is binary or in another encoding"
                    .into()
            })
        );
    }

    #[test]
    fn extensions() {
        assert_eq!(extension_of("a/b.json"), ".json");
        assert_eq!(extension_of("a/.eslintrc"), "");
        assert_eq!(extension_of("Dockerfile"), "");
        assert_eq!(extension_of("x.tar.gz"), ".gz");
    }

    #[test]
    fn content_is_needed_for_sources_and_manifests_only() {
        assert!(needs_content("src/a.ts"));
        assert!(needs_content("app/main.py"));
        assert!(needs_content("web/App.vue"));
        assert!(needs_content("package.json"));
        assert!(needs_content("requirements.txt"));
        assert!(!needs_content("types/index.d.ts"));
        assert!(!needs_content("assets/logo.png"));
        assert!(!needs_content("README.md"));
        assert!(needs_content("package-lock.json"));
        assert!(!needs_content("pnpm-lock.yaml"));
    }

    #[test]
    fn memory_loader_follows_the_walk_rules() {
        let files = vec![
            (
                "src/a.ts".to_owned(),
                b"import { b } from './b';\nexport const a = b;\n".to_vec(),
            ),
            ("src/b.ts".to_owned(), b"export const b = 1;\n".to_vec()),
            (
                "node_modules/x/index.js".to_owned(),
                b"module.exports = 1;\n".to_vec(),
            ),
            ("env/pyvenv.cfg".to_owned(), b"home = /usr\n".to_vec()),
            ("env/lib/site.py".to_owned(), b"x = 1\n".to_vec()),
            (
                "gen.ts".to_owned(),
                b"// @generated\nexport const g = 1;\n".to_vec(),
            ),
        ];
        let project =
            load_project_from_memory(Path::new("."), files, &ProjectOptions::default()).unwrap();
        let paths: Vec<&str> = project.models.iter().map(|m| m.path.as_str()).collect();
        assert_eq!(paths, ["src/a.ts", "src/b.ts"]);
        assert_eq!(project.skipped.len(), 1);
        assert_eq!(project.skipped[0].path, "gen.ts");
        let import = &project.models[0].imports[0];
        assert_eq!(import.resolved.as_deref(), Some("src/b.ts"));
    }

    #[test]
    fn within() {
        assert!(is_within("a/b.ts", ""));
        assert!(is_within("a/b.ts", "a"));
        assert!(!is_within("ab/c.ts", "a"));
        assert!(!is_within("a", "a/b"));
    }
}
