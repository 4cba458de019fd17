//! The review IR (`aburi.ir.v1`) from seam's one parse of a repository.
//!
//! [`scan`] walks and lowers the repository with `seam-lang`, extracts Symbols per file in
//! parallel ([`extract`]), resolves calls across files ([`resolve`]), propagates effects over
//! the call graph's SCCs ([`propagate`]), detects Components ([`components`]), fingerprints
//! every Symbol and returns a [`Document`] that passes the 21 invariants. [`markdown`] renders
//! the reviewer views (`workspace.md`, `components/<id>.md`) and the `explain` card.
//!
//! Framework and library knowledge is data: the `review:` sections of the packs (built-in,
//! and the repository's own in `.seam/packs/`) and seam-packs' library-neutral core, gathered
//! by [`seam_packs::review::Classifier`].
//!
//! ```no_run
//! let result = seam_review::scan(std::path::Path::new("."), &seam_review::ScanOptions::default()).unwrap();
//! let json = seam_ir::review::to_canonical_json(&result.document, true).unwrap();
//! # let _ = json;
//! ```

pub mod components;
pub mod extract;
pub mod markdown;
pub mod memo;
pub mod per_file;
pub mod propagate;
pub mod resolve;
pub mod shared;
pub mod syntax;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use rustc_hash::FxHashMap;
use std::path::Path;

use rayon::prelude::*;
use seam_ir::review::{
    CallResolutionStats, Dependency, Direction, Document, Fingerprint, Generator, PluginRef,
    PluginType, SkipReason, SkippedFile, Symbol, SymbolKind, Via, Workspace, fill_fingerprints,
};
use seam_lang::project::{self, ProjectOptions};

use crate::extract::{Draft, FileOutput};
pub use crate::memo::Memo;
pub use crate::per_file::{EntrySink, FileEntry};
pub use crate::shared::SharedFiles;
use seam_packs::review::{Classifier, PluginKind};

/// The JS/TS parser, as `grammarRevision` names it; must match the workspace's oxc pin
/// (checked by a test).
pub const JS_GRAMMAR_REVISION: &str = "oxc@0.146.0";
/// The Python parser, as `grammarRevision` names it; must match the ruff_python_parser pin.
pub const PY_GRAMMAR_REVISION: &str = "ruff_python_parser@0.0.10";
/// The Java grammar, as `grammarRevision` names it; must match the tree-sitter-java pin.
pub const JAVA_GRAMMAR_REVISION: &str = "tree-sitter-java@0.23.5";
/// The Kotlin grammar, as `grammarRevision` names it; must match the tree-sitter-kotlin-sg pin.
pub const KOTLIN_GRAMMAR_REVISION: &str = "tree-sitter-kotlin-sg@0.4.1";
/// The Go grammar, as `grammarRevision` names it; must match the tree-sitter-go pin.
pub const GO_GRAMMAR_REVISION: &str = "tree-sitter-go@0.25.0";
/// The Rust grammar, as `grammarRevision` names it; must match the tree-sitter-rust pin.
pub const RUST_GRAMMAR_REVISION: &str = "tree-sitter-rust@0.24.0";
/// The Ruby grammar, as `workspace.grammar_revisions.ruby` names it.
pub const RUBY_GRAMMAR_REVISION: &str = "tree-sitter-ruby@0.23.1";
/// The PHP grammar's revision, as the review IR records it.
pub const PHP_GRAMMAR_REVISION: &str = "tree-sitter-php@0.25.1";

/// A language the workspace declares only where the scan read it: its `workspace.languages`
/// id, its `lang-*` plugin and the grammar that parsed it.
struct OptionalLanguage {
    language: seam_lang::model::Language,
    id: &'static str,
    plugin: &'static str,
    grammar_revision: &'static str,
}

/// In the order `workspace.languages` lists them, before Python and TypeScript.
const OPTIONAL_LANGUAGES: [OptionalLanguage; 6] = [
    OptionalLanguage {
        language: seam_lang::model::Language::Rust,
        id: "rust",
        plugin: "lang-rust",
        grammar_revision: RUST_GRAMMAR_REVISION,
    },
    OptionalLanguage {
        language: seam_lang::model::Language::Go,
        id: "go",
        plugin: "lang-go",
        grammar_revision: GO_GRAMMAR_REVISION,
    },
    OptionalLanguage {
        language: seam_lang::model::Language::Java,
        id: "java",
        plugin: "lang-java",
        grammar_revision: JAVA_GRAMMAR_REVISION,
    },
    OptionalLanguage {
        language: seam_lang::model::Language::Kotlin,
        id: "kotlin",
        plugin: "lang-kotlin",
        grammar_revision: KOTLIN_GRAMMAR_REVISION,
    },
    OptionalLanguage {
        language: seam_lang::model::Language::Ruby,
        id: "ruby",
        plugin: "lang-ruby",
        grammar_revision: RUBY_GRAMMAR_REVISION,
    },
    OptionalLanguage {
        language: seam_lang::model::Language::Php,
        id: "php",
        plugin: "lang-php",
        grammar_revision: PHP_GRAMMAR_REVISION,
    },
];

/// Options for [`scan`].
#[derive(Debug, Clone)]
pub struct ScanOptions {
    /// Worker threads; `None` uses the current rayon pool's size.
    pub threads: Option<usize>,
    /// Files larger than this are skipped as over-size.
    pub max_file_size: u64,
}

impl Default for ScanOptions {
    fn default() -> Self {
        ScanOptions {
            threads: None,
            max_file_size: project::DEFAULT_MAX_FILE_SIZE,
        }
    }
}

/// Why a scan could not run at all (a path or configuration problem, not a file problem).
#[derive(Debug, thiserror::Error)]
pub enum ScanError {
    #[error("{0}")]
    Project(#[from] project::ProjectError),
    #[error("{0}")]
    Packs(#[from] seam_packs::PackError),
    #[error("cannot start the worker threads: {0}. Try fewer threads.")]
    ThreadPool(String),
    #[error("the review IR breaks an invariant (a bug in seam, please report it): {0}")]
    Internal(String),
}

/// A finished scan.
#[derive(Debug, Clone)]
pub struct ScanResult {
    pub document: Document,
    /// One line per file the scan lost or left out, for standard error.
    pub notes: Vec<String>,
    /// Wall time of each phase, in order (for benchmarks; never part of an output).
    pub phases: Vec<(&'static str, std::time::Duration)>,
}

/// Scans the repository at `root` into a review-IR document.
pub fn scan(root: &Path, options: &ScanOptions) -> Result<ScanResult, ScanError> {
    let mut clock = PhaseClock::new();
    let packs = seam_packs::repository_packs(root)?;
    let project = project::load_project(
        root,
        &ProjectOptions {
            max_file_size: options.max_file_size,
            threads: options.threads,
            ..seam_packs::project_options(&packs)
        },
    )?;
    clock.lap("walk, parse and lower");
    let classifier = Classifier::new(&packs)?;
    scan_project(
        root,
        Held::Owned(project),
        options,
        clock,
        &classifier,
        &mut SharedFiles::none(),
        Vec::new(),
        None,
        None,
    )
}

/// [`scan`] of a project already loaded (for example from git objects with
/// `seam_lang::project::load_project_from_memory`). `root` is where the workspace
/// configuration (the Component detection's manifests and globs) is read from.
pub fn scan_loaded(
    root: &Path,
    project: project::Project,
    options: &ScanOptions,
) -> Result<ScanResult, ScanError> {
    scan_held(root, Held::Owned(project), options)
}

/// [`scan_loaded`] of a project that stays with the caller (who reads its models for
/// something else at the same time, as `seam check --ir-dir` does): the document is the
/// one [`scan_loaded`] gives; the models are not freed early.
pub fn scan_borrowed(
    root: &Path,
    project: &project::Project,
    options: &ScanOptions,
) -> Result<ScanResult, ScanError> {
    scan_held(root, Held::Borrowed(project), options)
}

/// [`scan_borrowed`] of a project shared with the caller, who reads its models for something
/// else at the same time (`seam check --ir-dir`), with the classifier of the packs the caller
/// already read (those of `root`). The scan lets go of the project as soon as it has extracted
/// its Symbols, so the models are freed once the caller lets go too. The document is the one
/// [`scan_loaded`] gives.
pub fn scan_shared(
    root: &Path,
    project: std::sync::Arc<project::Project>,
    options: &ScanOptions,
    classifier: &Classifier,
) -> Result<ScanResult, ScanError> {
    scan_alone(root, Held::Shared(project), options, classifier)
}

/// A scan of a project with the classifier built from the packs `root` holds.
fn scan_held(root: &Path, held: Held<'_>, options: &ScanOptions) -> Result<ScanResult, ScanError> {
    let classifier = Classifier::new(&seam_packs::repository_packs(root)?)?;
    scan_alone(root, held, options, &classifier)
}

/// A scan of every file's model, sharing nothing with another scan and keeping nothing.
fn scan_alone(
    root: &Path,
    held: Held<'_>,
    options: &ScanOptions,
    classifier: &Classifier,
) -> Result<ScanResult, ScanError> {
    scan_project(
        root,
        held,
        options,
        PhaseClock::new(),
        classifier,
        &mut SharedFiles::none(),
        Vec::new(),
        None,
        None,
    )
}

/// The project a scan reads: its own (freed as soon as the Symbols are extracted) or the
/// caller's.
enum Held<'p> {
    Owned(project::Project),
    Borrowed(&'p project::Project),
    Shared(std::sync::Arc<project::Project>),
}

impl Held<'_> {
    fn get(&self) -> &project::Project {
        match self {
            Held::Owned(p) => p,
            Held::Borrowed(p) => p,
            Held::Shared(p) => p,
        }
    }
}

/// [`scan_loaded`] of one of two scans that hold files alike (two revisions of a
/// repository), with the classifier both use (built once from the packs `root` holds): the
/// per-file Symbol extraction of the `shared` files is done by the first scan and taken by
/// the second (see [`shared`]). The document is the one [`scan_loaded`] gives.
pub fn scan_loaded_sharing(
    root: &Path,
    project: project::Project,
    options: &ScanOptions,
    classifier: &Classifier,
    shared: &mut SharedFiles,
) -> Result<ScanResult, ScanError> {
    scan_project(
        root,
        Held::Owned(project),
        options,
        PhaseClock::new(),
        classifier,
        shared,
        Vec::new(),
        None,
        None,
    )
}

/// [`scan_loaded`] of a project that holds the models of some files only, with the
/// [`FileEntry`]s of the others (kept from an earlier run; see [`per_file`]), and the
/// classifier built from the packs `root` holds. `sink` is given each file this scan
/// extracts. The document is the one [`scan_loaded`] gives for the whole project when every
/// entry is what its file's model would give. Given a `memo`, the scan reuses what an earlier
/// scan kept there (call resolution per file, fingerprints per Symbol; see [`memo`]) and
/// leaves in it what the next may reuse; the document is the same when `memo.keys` gives each
/// file a key that changes whenever its entry would.
pub fn scan_with_entries(
    root: &Path,
    project: project::Project,
    options: &ScanOptions,
    classifier: &Classifier,
    entries: Vec<FileEntry>,
    sink: Option<EntrySink<'_>>,
    memo: Option<&mut Memo>,
) -> Result<ScanResult, ScanError> {
    scan_project(
        root,
        Held::Owned(project),
        options,
        PhaseClock::new(),
        classifier,
        &mut SharedFiles::none(),
        entries,
        sink,
        memo,
    )
}

/// [`scan_loaded_sharing`] and [`scan_with_entries`] at once: two revisions' scans that share
/// per-file extraction with each other and with a cache, and, given a `memo`, reuse what an
/// earlier scan kept there (as [`scan_with_entries`]).
#[allow(clippy::too_many_arguments)]
pub fn scan_sharing_with_entries(
    root: &Path,
    project: project::Project,
    options: &ScanOptions,
    classifier: &Classifier,
    shared: &mut SharedFiles,
    entries: Vec<FileEntry>,
    sink: Option<EntrySink<'_>>,
    memo: Option<&mut Memo>,
) -> Result<ScanResult, ScanError> {
    scan_project(
        root,
        Held::Owned(project),
        options,
        PhaseClock::new(),
        classifier,
        shared,
        entries,
        sink,
        memo,
    )
}

/// [`scan_sharing_with_entries`] of a project shared with the caller, who reads its models for
/// something else at the same time (`seam diff`'s summaries, extracted beside this scan). The
/// models of the files `entries` holds are left out: their entries stand for them. The scan
/// lets go of the project as soon as it has extracted its Symbols, as [`scan_shared`] does.
/// The document is the one [`scan_sharing_with_entries`] gives for the project without those
/// models.
#[allow(clippy::too_many_arguments)]
pub fn scan_shared_with_entries(
    root: &Path,
    project: std::sync::Arc<project::Project>,
    options: &ScanOptions,
    classifier: &Classifier,
    shared: &mut SharedFiles,
    entries: Vec<FileEntry>,
    sink: Option<EntrySink<'_>>,
    memo: Option<&mut Memo>,
) -> Result<ScanResult, ScanError> {
    scan_project(
        root,
        Held::Shared(project),
        options,
        PhaseClock::new(),
        classifier,
        shared,
        entries,
        sink,
        memo,
    )
}

#[allow(clippy::too_many_arguments)]
fn scan_project(
    root: &Path,
    held: Held<'_>,
    options: &ScanOptions,
    mut clock: PhaseClock,
    classifier: &Classifier,
    shared: &mut SharedFiles,
    entries: Vec<FileEntry>,
    sink: Option<EntrySink<'_>>,
    mut memo: Option<&mut Memo>,
) -> Result<ScanResult, ScanError> {
    let threads = options
        .threads
        .unwrap_or_else(rayon::current_num_threads)
        .max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(project::DEFAULT_STACK_SIZE)
        .build()
        .map_err(|e| ScanError::ThreadPool(e.to_string()))?;

    let mut notes = Vec::new();
    let mut skipped: Vec<SkippedFile> = Vec::new();
    let mut total_files: u64 = 0;
    let project = held.get();
    for s in &project.skipped {
        let reason = match &s.reason {
            project::SkipReason::OverSize { .. } => SkipReason::OverSize,
            project::SkipReason::Unreadable { .. }
            | project::SkipReason::NotText { .. }
            | project::SkipReason::DuplicateName => SkipReason::Unreadable,
            project::SkipReason::ParseFailed { .. } => SkipReason::ParseFailed,
            // Declarations, bundles and generated files are left out, as Aburi's standard
            // globs leave them out: not counted.
            project::SkipReason::Excluded { .. } | project::SkipReason::Generated { .. } => {
                continue;
            }
        };
        if s.path.contains('\\') {
            notes.push(format!(
                "{}: left out: a name with a backslash cannot be written in the review IR",
                s.path
            ));
            continue;
        }
        notes.push(format!("{}: {}", s.path, s.reason));
        total_files += 1;
        skipped.push(SkippedFile {
            path: s.path.clone(),
            reason,
        });
    }
    // A file's name may keep it out of the review IR; the same rules for a model and for
    // an entry kept from an earlier run.
    let mut admit = |path: &str| -> bool {
        if path.contains('\\') {
            notes.push(format!(
                "{path}: left out: a name with a backslash cannot be written in the review IR"
            ));
            return false;
        }
        total_files += 1;
        if path.contains(':') || path.contains('#') {
            notes.push(format!(
                "{path}: skipped: a name holding `:` or `#` cannot be part of a Symbol id; rename the file"
            ));
            skipped.push(SkippedFile {
                path: path.to_owned(),
                reason: SkipReason::Unroutable,
            });
            return false;
        }
        true
    };
    // A file an entry stands for is read from its entry, not from its model (a project the
    // scan shares with its caller may hold both).
    let given: rustc_hash::FxHashSet<&str> =
        entries.iter().map(|e| e.output.path.as_str()).collect();
    let models: Vec<&seam_lang::model::Model> = project
        .models
        .iter()
        .filter(|m| !given.contains(m.path.as_str()) && admit(&m.path))
        .collect();
    drop(given);
    let entries: Vec<FileEntry> = entries
        .into_iter()
        .filter(|e| admit(&e.output.path))
        .collect();
    let parsed_files = (models.len() + entries.len()) as u64;
    // Java, Kotlin, Go and Rust are declared (language and grammar) only where the scan read
    // them, so the documents of repositories without them stay as they were.
    let declared: Vec<&OptionalLanguage> = OPTIONAL_LANGUAGES
        .iter()
        .filter(|l| {
            models.iter().any(|m| m.language == l.language)
                || entries.iter().any(|e| e.language == l.language)
        })
        .collect();

    let mut outputs: Vec<FileOutput> =
        pool.install(|| shared.extract_all(&models, classifier, sink));
    // What the later phases need of the models: each file's imported repository files
    // (component dependencies). The models themselves are freed here, before resolution,
    // which lowers the peak memory of a large scan.
    let mut file_imports: Vec<(String, Vec<String>)> = models
        .iter()
        .map(|m| (m.path.clone(), imported_files(m)))
        .collect();
    drop(models);
    if !entries.is_empty() {
        for e in entries {
            file_imports.push((e.output.path.clone(), e.imports));
            outputs.push(e.output);
        }
        // In path order, as the models were: the order duplicates are folded in.
        outputs.sort_by(|a, b| a.path.cmp(&b.path));
    }
    // Freeing millions of model nodes takes a while: done beside resolution, joined at the end.
    let (manifests, freeing) = match held {
        Held::Owned(mut project) => {
            let manifests = std::mem::take(&mut project.manifests);
            let freeing = std::thread::Builder::new()
                .name("seam-review-free".to_owned())
                .spawn(move || drop(project))
                .ok();
            (manifests, freeing)
        }
        Held::Borrowed(project) => (project.manifests.clone(), None),
        // Freed here when the caller is already done with it.
        Held::Shared(project) => {
            let manifests = project.manifests.clone();
            let freeing = std::thread::Builder::new()
                .name("seam-review-free".to_owned())
                .spawn(move || drop(project))
                .ok();
            (manifests, freeing)
        }
    };

    clock.lap("extract symbols");
    let mut drafts: Vec<Draft> = Vec::with_capacity(outputs.iter().map(|o| o.drafts.len()).sum());
    for o in &mut outputs {
        drafts.append(&mut o.drafts);
    }
    sort_by_id(&mut drafts);
    drafts.dedup_by(|a, b| a.symbol.id == b.symbol.id);

    // Call resolution. With a memo, a file's outcomes are taken from the earlier scan when
    // nothing its resolution read changed (see [`memo`]); every outcome is then applied in
    // Symbol order, as when each is settled here.
    let files_digest = memo.as_ref().map(|_| files_digest(&outputs));
    let mut index = resolve::Index {
        symbols: drafts
            .iter()
            .map(|d| (d.symbol.id.as_str(), d.symbol.dropped))
            .collect(),
        files: outputs
            .iter()
            .map(|o| (o.path.clone(), (o.language, &o.facts)))
            .collect(),
        dropped_ok: false,
        consulted: memo.as_ref().map(|_| std::cell::RefCell::new(Vec::new())),
    };
    // Per file: the earlier outcomes by Symbol id, when they still hold (taken out of the
    // earlier state, which nothing reads them from again).
    let mut reusable: FxHashMap<&str, Option<FxHashMap<String, memo::DraftOutcomes>>> =
        FxHashMap::default();
    // Per file: the files its fresh lookups consulted, and whether any draft was reused.
    let mut consulted: FxHashMap<String, (BTreeSet<String>, bool)> = FxHashMap::default();
    let mut outcomes: Vec<memo::DraftOutcomes> = Vec::with_capacity(drafts.len());
    for d in &drafts {
        let file = d.symbol.source.file.as_str();
        let kept = match (memo.as_deref_mut(), &files_digest) {
            (Some(m), Some(digest)) => reusable
                .entry(file)
                .or_insert_with(|| {
                    m.take_resolution(file, digest)
                        .map(|outcomes| outcomes.into_iter().collect())
                })
                .as_mut()
                .and_then(|by_id| {
                    let id = d.symbol.id.as_str();
                    let o = by_id.get(id)?;
                    (o.calls.len() == d.lookups.len()
                        && o.handlers.len() == d.handlers.len()
                        && o.heritage.len() == d.heritage.len())
                    .then_some(())?;
                    by_id.remove(id)
                }),
            _ => None,
        };
        let mut seen = memo.is_some().then(|| {
            if !consulted.contains_key(file) {
                consulted.insert(file.to_owned(), (BTreeSet::new(), false));
            }
            consulted.get_mut(file).expect("inserted above")
        });
        match kept {
            Some(o) => {
                outcomes.push(o);
                if let Some(seen) = &mut seen {
                    seen.1 = true;
                }
            }
            None => {
                index.dropped_ok = false;
                let calls = d.lookups.iter().map(|l| index.resolve(l)).collect();
                let handlers = d
                    .handlers
                    .iter()
                    .map(|m| index.resolve(&m.lookup))
                    .collect();
                // Class heritage may reach dropped Symbols (interfaces, DTO base classes).
                index.dropped_ok = true;
                let heritage = d.heritage.iter().map(|(_, l)| index.resolve(l)).collect();
                index.dropped_ok = false;
                outcomes.push(memo::DraftOutcomes {
                    calls,
                    handlers,
                    heritage,
                });
                if let Some(seen) = &mut seen {
                    seen.0.extend(index.take_consulted());
                }
            }
        }
    }
    let reused_files = reusable.values().filter(|r| r.is_some()).count();
    drop(reusable);
    // The files the index held (a consulted file outside them is covered by the digest).
    drop(index);
    let indexed: rustc_hash::FxHashSet<&str> = outputs.iter().map(|o| o.path.as_str()).collect();
    let mut census = CallResolutionStats::default();
    // The call edges, borrowed from the drafts and the outcomes until they are written.
    let mut edges: BTreeSet<(&str, &str)> = BTreeSet::new();
    for (d, o) in drafts.iter().zip(&outcomes) {
        // One outcome per call (as many as both lists hold).
        for outcome in o.calls.iter().take(d.symbol.calls.len()) {
            resolve::count(&mut census, outcome);
            if let Ok(to) = outcome {
                edges.insert((d.symbol.id.as_str(), to.as_str()));
            }
        }
    }
    let mut dependencies: Vec<Dependency> = edges
        .iter()
        .map(|(from, to)| Dependency::call(from, to))
        .collect();
    drop(edges);
    for (d, o) in drafts.iter_mut().zip(&outcomes) {
        for (call, outcome) in d.symbol.calls.iter_mut().zip(&o.calls) {
            if let Ok(to) = outcome {
                call.resolved = Some(to.clone());
            }
        }
    }
    // Handlers registrations name: the function, method or class reached gets the
    // registration's kind when it has none (the first registration, in Symbol order).
    let mut handled: BTreeMap<String, (String, String)> = BTreeMap::new();
    for (d, o) in drafts.iter().zip(&outcomes) {
        for (mark, outcome) in d.handlers.iter().zip(&o.handlers) {
            if let Ok(to) = outcome {
                handled
                    .entry(to.clone())
                    .or_insert_with(|| (mark.ext_kind.clone(), mark.derived_by.clone()));
            }
        }
    }
    for d in &mut drafts {
        let s = &mut d.symbol;
        if s.ext_kind.is_none()
            && matches!(
                s.kind,
                SymbolKind::Function | SymbolKind::Method | SymbolKind::Class
            )
            && let Some((ext_kind, derived_by)) = handled.remove(&s.id)
        {
            s.ext_kind = Some(ext_kind);
            s.derived_by.push(derived_by);
        }
    }
    // Class heritage: `inherit` / `implement` Symbol edges (dropped targets allowed).
    let mut heritage: BTreeSet<(String, String, &'static str)> = BTreeSet::new();
    for (d, o) in drafts.iter().zip(&outcomes) {
        for ((via, _), outcome) in d.heritage.iter().zip(&o.heritage) {
            if let Ok(to) = outcome
                && to != &d.symbol.id
            {
                heritage.insert((d.symbol.id.clone(), to.clone(), via.as_str()));
            }
        }
    }
    // What the next scan may reuse of this one's resolution: per file, its key, the keys
    // of the files it consulted (those the index holds; the others are absent, which the
    // file list's digest covers) and its outcomes.
    let mut next_files: HashMap<String, memo::FileMemo> = HashMap::new();
    if let (Some(m), Some(_)) = (memo.as_deref(), &files_digest) {
        let mut by_file: FxHashMap<&str, Vec<(String, memo::DraftOutcomes)>> = FxHashMap::default();
        for (d, o) in drafts.iter().zip(outcomes) {
            by_file
                .entry(d.symbol.source.file.as_str())
                .or_default()
                .push((d.symbol.id.clone(), o));
        }
        'files: for (file, outcomes) in by_file {
            let Some(key) = m.keys.get(file) else {
                continue;
            };
            let (mut paths, any_reused) = consulted.remove(file).unwrap_or_default();
            if any_reused {
                // Reused drafts read what the earlier scan recorded for the file.
                if let Some(kept) = m.previous.as_ref().and_then(|p| p.files.get(file)) {
                    paths.extend(kept.consulted.iter().map(|(p, _)| p.clone()));
                }
            }
            let mut with_keys = Vec::with_capacity(paths.len());
            for p in paths {
                if !indexed.contains(p.as_str()) {
                    continue;
                }
                match m.keys.get(&p) {
                    Some(k) => with_keys.push((p, *k)),
                    None => continue 'files,
                }
            }
            next_files.insert(
                file.to_owned(),
                memo::FileMemo {
                    key: *key,
                    consulted: with_keys,
                    outcomes,
                    fingerprints: Vec::new(),
                },
            );
        }
    } else {
        drop(outcomes);
    }
    drop(indexed);
    dependencies.extend(heritage.into_iter().map(|(from, to, via)| Dependency {
        from,
        to,
        via: if via == Via::Implement.as_str() {
            Via::Implement
        } else {
            Via::Inherit
        },
        direction: Direction::Outbound,
        effect: None,
    }));

    clock.lap("resolve calls");
    // Per Symbol, in the same order: a kept Symbol's token stream, or the fingerprint a
    // cache entry gave without its tokens; nothing for a dropped one.
    let mut syntax: Vec<SyntaxInput> = Vec::with_capacity(drafts.len());
    let mut symbols: Vec<Symbol> = Vec::with_capacity(drafts.len());
    for d in drafts {
        syntax.push(match (d.symbol.dropped, d.syntax_fingerprint) {
            (true, _) => SyntaxInput::None,
            (false, Some(fp)) => SyntaxInput::Kept(fp),
            (false, None) => SyntaxInput::Tokens(d.syntax),
        });
        symbols.push(d.symbol);
    }
    let propagation = propagate::propagate(&mut symbols);
    clock.lap("propagate effects");
    // Each Symbol's fingerprints depend on it alone: computed in parallel, the first error
    // (in Symbol order) reported. A Symbol of a file whose key is as it was, with the same
    // `extKind` and effect targets, has the `api` and `logic` the earlier scan computed.
    let kept_fingerprints: FxHashMap<&str, &memo::KeptFingerprints> = memo
        .as_deref()
        .and_then(|m| {
            let previous = m.previous.as_ref()?;
            Some(
                previous
                    .files
                    .keys()
                    .filter_map(|file| m.fingerprints_of(file))
                    .flat_map(|f| f.fingerprints.iter().map(|(id, k)| (id.as_str(), k)))
                    .collect(),
            )
        })
        .unwrap_or_default();
    let reused_fingerprints = std::sync::atomic::AtomicUsize::new(0);
    pool.install(|| {
        symbols
            .par_iter_mut()
            .zip(&syntax)
            .try_for_each(|(s, input)| {
                let (kept, own_tokens) = match input {
                    SyntaxInput::Kept(fp) => (Some(fp), None),
                    SyntaxInput::Tokens(tokens) => (None, Some(tokens.as_str())),
                    SyntaxInput::None => (None, None),
                };
                if !s.dropped
                    && let Some(earlier) = kept_fingerprints.get(s.id.as_str())
                {
                    seam_ir::review::canonical::order_symbol(s);
                    if earlier.ext_kind == s.ext_kind
                        && earlier.targets.len() == s.effects.len()
                        && earlier
                            .targets
                            .iter()
                            .zip(&s.effects)
                            .all(|(t, e)| *t == e.target)
                    {
                        let syntax_axis = match kept {
                            Some(fp) => fp.clone(),
                            None => {
                                let tokens = own_tokens.unwrap_or("(none)");
                                if tokens.trim().is_empty() {
                                    return Err(ScanError::Internal(
                                        seam_ir::review::FingerprintError::EmptySyntax(
                                            s.id.clone(),
                                        )
                                        .to_string(),
                                    ));
                                }
                                seam_ir::review::fingerprint_syntax(tokens)
                            }
                        };
                        s.fingerprint = Fingerprint {
                            api: earlier.api.clone(),
                            logic: earlier.logic.clone(),
                            syntax: syntax_axis,
                        };
                        reused_fingerprints.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        return Ok(());
                    }
                }
                let tokens = match kept {
                    // Any tokens: the syntax axis is replaced by the kept one below.
                    Some(_) => "(kept)",
                    None => own_tokens.unwrap_or("(none)"),
                };
                fill_fingerprints(s, tokens).map_err(|e| ScanError::Internal(e.to_string()))?;
                if let Some(fp) = kept
                    && !s.dropped
                {
                    s.fingerprint.syntax.clone_from(fp);
                }
                Ok::<(), ScanError>(())
            })
    })?;
    drop(kept_fingerprints);
    if let (Some(m), Some(digest)) = (memo, files_digest) {
        for s in symbols.iter().filter(|s| !s.dropped) {
            if let Some(f) = next_files.get_mut(&s.source.file) {
                f.fingerprints.push((
                    s.id.clone(),
                    memo::KeptFingerprints {
                        ext_kind: s.ext_kind.clone(),
                        targets: s.effects.iter().map(|e| e.target.clone()).collect(),
                        api: s.fingerprint.api.clone(),
                        logic: s.fingerprint.logic.clone(),
                    },
                ));
            }
        }
        m.reused_files = reused_files;
        m.reused_fingerprints = reused_fingerprints.into_inner();
        m.next = Some(memo::ScanMemo {
            files_digest: digest,
            files: next_files,
        });
    }
    drop(syntax);
    clock.lap("fingerprints");

    // Components and languages.
    let detected = components::detect(root, &manifests);
    let mut comps = detected.components;
    let mut component_languages: Vec<BTreeSet<String>> = vec![BTreeSet::new(); comps.len()];
    for s in &mut symbols {
        if let Some(c) = components::assign(&comps, &s.source.file) {
            let id = c.id.clone();
            if let Some(i) = comps.iter().position(|x| x.id == id) {
                component_languages[i].insert(s.language.clone());
            }
            s.component = Some(id);
        }
    }
    let mut symbols_by_file: BTreeMap<&str, Vec<&Symbol>> = BTreeMap::new();
    for s in &symbols {
        symbols_by_file.entry(&s.source.file).or_default().push(s);
    }
    for c in &mut comps {
        let root = c.roots.first().map(String::as_str).unwrap_or(".");
        c.public_api = components::public_api(root, &manifests, &symbols_by_file);
    }
    drop(symbols_by_file);
    // Component-level `import` edges (§11): a file of one Component importing or
    // re-exporting a file of another.
    let mut component_imports: BTreeSet<(String, String)> = BTreeSet::new();
    for (path, imported) in &file_imports {
        let Some(from) = components::assign(&comps, path) else {
            continue;
        };
        for target in imported {
            if let Some(to) = components::assign(&comps, target)
                && to.id != from.id
            {
                component_imports.insert((from.id.clone(), to.id.clone()));
            }
        }
    }
    dependencies.extend(component_imports.into_iter().map(|(from, to)| Dependency {
        from,
        to,
        via: Via::Import,
        direction: Direction::Outbound,
        effect: None,
    }));
    for (i, c) in comps.iter_mut().enumerate() {
        c.languages = component_languages[i].iter().cloned().collect();
        if c.languages.is_empty() {
            c.languages = vec!["ts".to_owned()];
        }
        c.frameworks = classifier.frameworks_for(&detected.dependencies[i]);
    }

    let mut plugins = vec![
        PluginRef::lang(
            "lang-python",
            env!("CARGO_PKG_VERSION"),
            PY_GRAMMAR_REVISION,
        ),
        PluginRef::lang(
            "lang-typescript",
            env!("CARGO_PKG_VERSION"),
            JS_GRAMMAR_REVISION,
        ),
    ];
    for l in &declared {
        plugins.push(PluginRef::lang(
            l.plugin,
            env!("CARGO_PKG_VERSION"),
            l.grammar_revision,
        ));
    }
    for (name, kind) in classifier.plugins() {
        let kind = match kind {
            PluginKind::Framework => PluginType::Framework,
            PluginKind::Effects => PluginType::Effects,
        };
        plugins.push(PluginRef::other(&name, kind, env!("CARGO_PKG_VERSION")));
    }
    plugins.sort_by(|a, b| a.name.cmp(&b.name));

    let generator = Generator {
        name: "seam".to_owned(),
        version: env!("CARGO_PKG_VERSION").to_owned(),
        plugins,
    };
    let languages: Vec<String> = declared
        .iter()
        .map(|l| l.id)
        .chain(["py", "ts"])
        .map(str::to_owned)
        .collect();
    let mut workspace = Workspace::new(languages);
    workspace.managers = detected.managers;
    let mut document = Document::new(generator, workspace);
    document.components = comps;
    document.stats.total_files = total_files;
    document.stats.parsed_files = parsed_files;
    document.stats.kept_symbols = symbols.iter().filter(|s| !s.dropped).count() as u64;
    document.stats.dropped_symbols = symbols.iter().filter(|s| s.dropped).count() as u64;
    document.stats.effect_propagation = propagation;
    document.stats.call_resolution = Some(census);
    skipped.sort_by(|a, b| a.path.cmp(&b.path));
    document.stats.skipped_files = (!skipped.is_empty()).then_some(skipped);
    document.symbols = symbols;
    document.dependencies = dependencies;
    // The writer checks all 21 invariants before anything reaches disk.
    clock.lap("components");
    if let Some(freeing) = freeing {
        // A panic while freeing changes nothing the scan produced.
        let _ = freeing.join();
    }
    seam_ir::review::canonicalize(&mut document);
    clock.lap("canonicalize");
    notes.sort();
    Ok(ScanResult {
        document,
        notes,
        phases: clock.phases,
    })
}

/// What a Symbol's `syntax` fingerprint is made from.
enum SyntaxInput {
    /// Dropped: no fingerprint.
    None,
    /// The normalised token stream.
    Tokens(String),
    /// The fingerprint a cache entry kept instead of the tokens.
    Kept(String),
}

/// Sorts drafts by Symbol id, stably (equal ids keep their order, the first is the one kept).
fn sort_by_id(drafts: &mut [Draft]) {
    sort_large_by(drafts, |a, b| a.symbol.id.cmp(&b.symbol.id));
}

/// A stable sort of large values: the order is found on indices, then applied in place by
/// following its cycles, so each value is moved about once and no second list is held.
fn sort_large_by<T>(items: &mut [T], compare: impl Fn(&T, &T) -> std::cmp::Ordering) {
    // `order[j]` is the index of the item that belongs at `j`.
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|a, b| compare(&items[*a], &items[*b]));
    for start in 0..order.len() {
        let mut j = start;
        while order[j] != j {
            let k = order[j];
            order[j] = j;
            if k == start {
                break;
            }
            items.swap(j, k);
            j = k;
        }
    }
}

/// The repository files a model imports or re-exports from, as module resolution found them.
pub(crate) fn imported_files(model: &seam_lang::model::Model) -> Vec<String> {
    let mut files: Vec<String> = model
        .imports
        .iter()
        .flat_map(|i| {
            i.resolved
                .iter()
                .chain(i.names.iter().filter_map(|n| n.resolved.as_ref()))
        })
        .chain(
            model
                .exports
                .iter()
                .filter_map(|e| e.from.as_ref().and_then(|f| f.resolved.as_ref())),
        )
        .cloned()
        .collect();
    files.sort();
    files.dedup();
    files
}

/// The digest of the files call resolution reads from (path and language, in path order):
/// whether a lookup finds a file at all depends on it.
fn files_digest(outputs: &[FileOutput]) -> memo::FileKey {
    use sha2::Digest;
    let mut h = sha2::Sha256::new();
    for o in outputs {
        h.update(o.path.as_bytes());
        h.update([0]);
        h.update(o.language.as_bytes());
        h.update([0]);
    }
    h.finalize().into()
}

/// Wall time per phase of [`scan`].
struct PhaseClock {
    last: std::time::Instant,
    phases: Vec<(&'static str, std::time::Duration)>,
}

impl PhaseClock {
    fn new() -> Self {
        PhaseClock {
            last: std::time::Instant::now(),
            phases: Vec::new(),
        }
    }

    fn lap(&mut self, phase: &'static str) {
        let now = std::time::Instant::now();
        self.phases.push((phase, now - self.last));
        self.last = now;
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn large_values_sort_as_a_stable_sort_sorts_them() {
        // Pairs sorted by their first half only: the second records the original order.
        let mut seed = 7u32;
        for len in [0usize, 1, 2, 3, 10, 100, 1000] {
            let items: Vec<(u32, usize)> = (0..len)
                .map(|i| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    ((seed >> 16) % 13, i)
                })
                .collect();
            let mut expected = items.clone();
            expected.sort_by_key(|a| a.0);
            let mut sorted = items;
            super::sort_large_by(&mut sorted, |a, b| a.0.cmp(&b.0));
            assert_eq!(sorted, expected, "{len} items");
        }
    }

    #[test]
    fn grammar_revisions_match_the_workspace_pins() {
        let cargo = include_str!("../../../Cargo.toml");
        let pin = |name: &str| {
            cargo
                .lines()
                .find(|l| l.starts_with(&format!("{name} = ")))
                .and_then(|l| l.split('"').nth(1))
                .map(|v| v.trim_start_matches('=').to_owned())
        };
        assert_eq!(
            super::JS_GRAMMAR_REVISION,
            format!("oxc@{}", pin("oxc_parser").unwrap())
        );
        assert_eq!(
            super::PY_GRAMMAR_REVISION,
            format!("ruff_python_parser@{}", pin("ruff_python_parser").unwrap())
        );
        assert_eq!(
            super::JAVA_GRAMMAR_REVISION,
            format!("tree-sitter-java@{}", pin("tree-sitter-java").unwrap())
        );
        assert_eq!(
            super::KOTLIN_GRAMMAR_REVISION,
            format!(
                "tree-sitter-kotlin-sg@{}",
                pin("tree-sitter-kotlin-sg").unwrap()
            )
        );
        assert_eq!(
            super::GO_GRAMMAR_REVISION,
            format!("tree-sitter-go@{}", pin("tree-sitter-go").unwrap())
        );
        assert_eq!(
            super::RUST_GRAMMAR_REVISION,
            format!("tree-sitter-rust@{}", pin("tree-sitter-rust").unwrap())
        );
    }
}

/// Why the outputs could not be written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    #[error(
        "cannot create the output directory {path}: {source}. Check the path and its permissions."
    )]
    Directory {
        path: String,
        source: std::io::Error,
    },
    #[error("cannot write {path}: {source}. Check the path and its permissions.")]
    Write {
        path: String,
        source: std::io::Error,
    },
    #[error("{0}")]
    Document(#[from] seam_ir::review::FileError),
}

/// Writes `aburi.ir.json` (canonical; pretty unless `compact`), `workspace.md` and
/// `components/<id>.md` into `out_dir`, creating it. Returns the files written, in order.
pub fn write_outputs(
    document: &Document,
    out_dir: &Path,
    compact: bool,
) -> Result<Vec<std::path::PathBuf>, OutputError> {
    let components_dir = out_dir.join("components");
    std::fs::create_dir_all(&components_dir).map_err(|source| OutputError::Directory {
        path: components_dir.display().to_string(),
        source,
    })?;
    let mut written = Vec::new();
    let ir = out_dir.join("aburi.ir.json");
    // The Markdown views only read the document: rendered on a second thread while the IR
    // is written.
    let render = || {
        let pages: Vec<(String, String)> = document
            .components
            .iter()
            .filter_map(|c| markdown::component(document, &c.id).map(|t| (c.id.clone(), t)))
            .collect();
        (markdown::workspace(document), pages)
    };
    let (ir_written, (workspace_md, pages)) = std::thread::scope(|scope| {
        let renderer = std::thread::Builder::new()
            .name("seam-review-markdown".to_owned())
            .spawn_scoped(scope, render);
        let ir_written = seam_ir::review::write_document_file(&ir, document, !compact);
        let views = match renderer {
            Ok(handle) => handle.join().unwrap_or_else(|_| render()),
            Err(_) => render(),
        };
        (ir_written, views)
    });
    ir_written?;
    written.push(ir);
    let write =
        |path: std::path::PathBuf, text: String| -> Result<std::path::PathBuf, OutputError> {
            write_view(&path, text.as_bytes()).map_err(|source| OutputError::Write {
                path: path.display().to_string(),
                source,
            })?;
            Ok(path)
        };
    written.push(write(out_dir.join("workspace.md"), workspace_md)?);
    for (id, text) in pages {
        written.push(write(components_dir.join(format!("{id}.md")), text)?);
    }
    Ok(written)
}

/// Writes a Markdown view to `path`, unless the file there already holds exactly `bytes`
/// (a rerun after an edit leaves the pages of the Components it did not touch alone; the
/// folder ends with the same bytes either way).
fn write_view(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if holds(path, bytes) {
        return Ok(());
    }
    std::fs::write(path, bytes)
}

/// Whether the regular file at `path` holds exactly `bytes` (its length is checked first, so
/// a page that grew or shrank is not read).
fn holds(path: &Path, bytes: &[u8]) -> bool {
    use std::io::Read;
    let Ok(mut file) = std::fs::File::open(path) else {
        return false;
    };
    match file.metadata() {
        Ok(m) if m.is_file() && m.len() == bytes.len() as u64 => {}
        _ => return false,
    }
    let mut buf = vec![0u8; 1 << 16];
    let mut at = 0usize;
    loop {
        let n = match file.read(&mut buf) {
            Ok(n) => n,
            Err(_) => return false,
        };
        if n == 0 {
            return at == bytes.len();
        }
        if bytes.get(at..at + n) != Some(&buf[..n]) {
            return false;
        }
        at += n;
    }
}
