//! The review IR with the per-file cache: a file whose entry is in the cache is neither
//! lowered nor extracted again.
//!
//! A file's entry ([`seam_review::FileEntry`]) is what its lowered, module-resolved model
//! gives the review IR, so its key holds everything that decides it:
//! - seam's build (the version and the executable's size and modification time, so a rebuilt
//!   binary never reads an older one's entries) and the entry format;
//! - the packs (built-in and the repository's own) and the load options;
//! - the file's path and the SHA-256 of its bytes;
//! - what its module resolution reads: every walked path and the manifests (the JavaScript,
//!   TypeScript and Python resolvers read nothing else), and for Java, Kotlin and Go, whose
//!   imports resolve against the declarations of the other files, the bytes of every file of
//!   those languages ([`seam_lang::project::load_project_claiming`] needs those claimed all
//!   together or not at all, and this key gives that).
//!
//! Everything cross-file (call resolution, propagation, fingerprints, Components) runs on
//! every scan, from the entries and the fresh outputs alike; a file's call-resolution
//! outcomes and its Symbols' fingerprints are taken from the state the last scan kept
//! (`state-1`, one per cache) when the keys of what they read are unchanged
//! ([`seam_review::memo`]).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use sha2::{Digest, Sha256};

use seam_lang::model::{Language, Model};
use seam_lang::project::{self, Prelude, Project, ProjectOptions, SourceFile};
use seam_packs::Pack;
use seam_packs::review::Classifier;
use seam_review::FileEntry;
use seam_review::extract::FileOutput;

use crate::cache::{Cache, ENTRY_HEADER_LEN, Key};
use crate::{LoadError, Phases};

/// The folder of review-IR entries inside the cache; the number is the entry format.
const KIND: &str = "review-2";

/// The folder of the kept scan state ([`seam_review::memo`]): one per cache, the newest.
const STATE_KIND: &str = "state-1";

/// A repository loaded for its review IR: the models of the files the cache did not hold,
/// and the entries of those it did.
pub struct ReviewLoad {
    pub root: PathBuf,
    pub packs: Vec<Pack>,
    pub project: Project,
    /// The claimed files' entries, checked whole but not decoded yet: a run whose whole
    /// result is kept ([`crate::run_memo`]) never decodes them.
    claimed: Vec<ClaimedEntry>,
    keys: ReviewKeys,
}

/// A claimed file's entry as the cache holds it (its checksum already checked): the whole
/// entry, whose payload starts at [`ENTRY_HEADER_LEN`] (not moved to the front: 111 MB of
/// entries for 6,000 files).
#[derive(Clone)]
struct ClaimedEntry {
    path: String,
    entry: Vec<u8>,
}

impl ClaimedEntry {
    fn payload(&self) -> &[u8] {
        &self.entry[ENTRY_HEADER_LEN..]
    }
}

/// The entry key of every source file of one load or revision, by path, and the digest of
/// what every key holds (build, packs, options).
#[derive(Clone, Default)]
pub struct ReviewKeys {
    files: Arc<HashMap<String, Key>>,
    base: [u8; 32],
}

impl ReviewKeys {
    /// The keys of `prelude`'s sources, under `packs` and `options` (see the module
    /// documentation for what a key holds).
    pub fn new(packs: &[Pack], options: &ProjectOptions, prelude: &Prelude<'_>) -> ReviewKeys {
        let base = base_context(packs, options);
        ReviewKeys {
            files: Arc::new(file_keys(&base, prelude)),
            base: base.finalize().into(),
        }
    }

    /// The entry of the file at `path` with these bytes, when `cache` holds a whole one.
    pub fn lookup(&self, cache: &Cache, path: &str) -> Option<FileEntry> {
        let entry = FileEntry::decode(self.claim(cache, path)?.payload())?;
        (entry.output.path == path).then_some(entry)
    }

    /// Whether `path` has a key in both and it is the same one (one entry serves both).
    pub fn same_key(&self, other: &ReviewKeys, path: &str) -> bool {
        self.base == other.base
            && self
                .files
                .get(path)
                .is_some_and(|k| other.files.get(path) == Some(k))
    }

    /// The whole entry of the file at `path`, not decoded.
    fn claim(&self, cache: &Cache, path: &str) -> Option<ClaimedEntry> {
        let key = self.files.get(path)?;
        let entry = cache.get_entry(KIND, key)?;
        Some(ClaimedEntry {
            path: path.to_owned(),
            entry,
        })
    }

    /// The entries of the Java, Kotlin and Go sources, all of them or none: those files'
    /// imports resolve against every file of their language, so a run that lowers some of
    /// them needs them all lowered, and another run sharing the cache may be writing their
    /// entries while this one reads them.
    fn claim_together(
        &self,
        cache: &Cache,
        prelude: &Prelude<'_>,
    ) -> HashMap<String, ClaimedEntry> {
        let mut out = HashMap::new();
        for source in prelude.sources {
            if !resolves_against_its_language(source.path) {
                continue;
            }
            match self.claim(cache, source.path) {
                Some(entry) => {
                    out.insert(source.path.to_owned(), entry);
                }
                None => return HashMap::new(),
            }
        }
        out
    }

    /// Keeps the entry of a freshly extracted file.
    pub fn keep(&self, cache: &Cache, model: &Model, output: &FileOutput) {
        if let Some(key) = self.files.get(&model.path) {
            cache.put(KIND, key, &FileEntry::encode(model, output));
        }
    }

    /// A [`seam_review::Memo`] for a scan of `root` under these keys, holding the state the
    /// last scan of `root` kept in `cache` (none when there is none or it does not read back
    /// whole).
    pub fn memo(&self, cache: &Cache, root: &Path) -> seam_review::Memo {
        seam_review::Memo {
            previous: self.kept_state(cache, root),
            ..self.memo_keys()
        }
    }

    /// The state the last scan of `root` kept in `cache`, when it reads back whole.
    pub fn kept_state(&self, cache: &Cache, root: &Path) -> Option<seam_review::memo::ScanMemo> {
        cache
            .get(STATE_KIND, &self.state_key(root))
            .and_then(|bytes| seam_review::memo::ScanMemo::decode(&bytes))
    }

    /// A [`seam_review::Memo`] holding these keys only (no earlier state).
    pub fn memo_keys(&self) -> seam_review::Memo {
        seam_review::Memo {
            keys: self.files.iter().map(|(p, k)| (p.clone(), k.0)).collect(),
            ..seam_review::Memo::default()
        }
    }

    /// Keeps the state a scan left in `memo` as the one for `root`, replacing the one before.
    pub fn keep_state(&self, cache: &Cache, root: &Path, memo: &seam_review::Memo) {
        if let Some(next) = &memo.next {
            cache.clear(STATE_KIND);
            cache.put(STATE_KIND, &self.state_key(root), &next.encode());
        }
    }

    /// The key the kept scan state of `root` is found under: seam's build, the packs and
    /// load options, and the directory (each file's own key decides what of the state still
    /// holds).
    fn state_key(&self, root: &Path) -> Key {
        let mut h = Sha256::new();
        h.update(b"state\0");
        h.update(self.base);
        let canonical = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
        h.update(canonical.as_os_str().as_encoded_bytes());
        Key(h.finalize().into())
    }

    /// Takes out of `project` the models whose entry `cache` holds, returning the entries
    /// (for a caller that needed every model first, as the boundary diff's summaries do).
    pub fn take_cached(&self, cache: &Cache, project: &mut Project) -> Vec<FileEntry> {
        use rayon::prelude::*;
        let found: Vec<Option<FileEntry>> = project
            .models
            .par_iter()
            .map(|m| self.lookup(cache, &m.path))
            .collect();
        let mut entries = Vec::new();
        let mut kept = Vec::with_capacity(project.models.len());
        for (model, entry) in std::mem::take(&mut project.models).into_iter().zip(found) {
            match entry {
                Some(e) => entries.push(e),
                None => kept.push(model),
            }
        }
        project.models = kept;
        entries
    }
}

/// Reads the packs and walks `root`; a source file whose entry `cache` holds is not lowered.
pub fn load_for_review(
    root: &Path,
    cache: &Cache,
    phases: &mut Phases,
) -> Result<ReviewLoad, LoadError> {
    let packs = seam_packs::repository_packs(root)?;
    phases.lap("read the packs");
    let options = seam_packs::project_options(&packs);
    let mut keys_out = ReviewKeys::default();
    let (project, claimed) = project::load_project_claiming(root, &options, |prelude| {
        let keys = ReviewKeys::new(&packs, &options, prelude);
        keys_out = keys.clone();
        let together = keys.claim_together(cache, prelude);
        move |source: &SourceFile<'_>| {
            if resolves_against_its_language(source.path) {
                together.get(source.path).cloned()
            } else {
                keys.claim(cache, source.path)
            }
        }
    })?;
    let (hits, misses) = cache.counts();
    phases.lap_with(
        "walk, parse and lower",
        &format!(
            "{} models lowered, {} files from the cache ({hits} hits, {misses} misses)",
            project.models.len(),
            claimed.len()
        ),
    );
    Ok(ReviewLoad {
        root: root.to_path_buf(),
        packs,
        project,
        claimed,
        keys: keys_out,
    })
}

impl ReviewLoad {
    /// The key of the whole result of this load's review IR written with `how` (the
    /// caller's own output options): every source file's key and the digest they all hold
    /// (build, packs, load options), every walked file (with the size and modification time
    /// of those that are not sources), the manifests, the files left out and why, the files
    /// counted unroutable, and the directory scanned. Two loads with the same key give the
    /// same document.
    pub fn run_key(&self, how: &str) -> Key {
        let mut h = Sha256::new();
        h.update(b"run\0");
        h.update(self.keys.base);
        let mut files: Vec<(&String, &Key)> = self.keys.files.iter().collect();
        files.sort_unstable_by(|a, b| a.0.cmp(b.0));
        for (path, key) in files {
            h.update(path.as_bytes());
            h.update([0]);
            h.update(key.0);
        }
        // Files that are not sources are not hashed, but the document may read some of them
        // (workspace files the component detection reads): their size and modification time
        // stand for their bytes.
        for f in &self.project.files {
            h.update(f.as_bytes());
            h.update([0]);
            if !self.keys.files.contains_key(f)
                && let Ok(meta) = std::fs::metadata(self.root.join(f))
            {
                let modified = meta
                    .modified()
                    .ok()
                    .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                    .map_or(0, |d| d.as_nanos());
                h.update(meta.len().to_le_bytes());
                h.update(modified.to_le_bytes());
            }
        }
        h.update(format!("{:?}", self.project.manifests).as_bytes());
        h.update(format!("{:?}", self.project.skipped).as_bytes());
        h.update(format!("{:?}", self.project.unroutable).as_bytes());
        h.update(self.root.as_os_str().as_encoded_bytes());
        h.update([0]);
        if let Ok(canonical) = std::fs::canonicalize(&self.root) {
            h.update(canonical.as_os_str().as_encoded_bytes());
        }
        h.update([0]);
        h.update(how.as_bytes());
        Key(h.finalize().into())
    }

    /// The review IR: the entries as they are, the models extracted (and their entries kept
    /// in `cache`). Consumes the load; the models are freed before resolution. The caller
    /// evicts the cache ([`Cache::evict`]) when it has kept all it keeps.
    pub fn review(
        self,
        cache: &Cache,
        phases: &mut Phases,
    ) -> Result<seam_review::ScanResult, seam_review::ScanError> {
        use rayon::prelude::*;
        let classifier = Classifier::new(&self.packs)?;
        let keys = self.keys;
        let keep = |model: &Model, output: &FileOutput| keys.keep(cache, model, output);
        let decoded: Option<Vec<FileEntry>> = self
            .claimed
            .into_par_iter()
            .map(|c| FileEntry::decode(c.payload()).filter(|e| e.output.path == c.path))
            .collect();
        let (project, entries) = match decoded {
            Some(entries) => (self.project, entries),
            // An entry whose checksum holds but which does not read back (which only another
            // build could have written, and the key names the build): its file has no model,
            // so the whole repository is loaded again, without the cache's entries.
            None => (
                project::load_project(&self.root, &seam_packs::project_options(&self.packs))?,
                Vec::new(),
            ),
        };
        phases.lap("decode the entries");
        // What the last scan kept (call resolution per file, fingerprints per Symbol),
        // reused where its inputs are as they were.
        let mut memo = keys.memo(cache, &self.root);
        phases.lap_with(
            "read the kept state",
            &format!(
                "{} files",
                memo.previous.as_ref().map_or(0, |p| p.files.len())
            ),
        );
        let result = seam_review::scan_with_entries(
            &self.root,
            project,
            &seam_review::ScanOptions::default(),
            &classifier,
            entries,
            Some(&keep),
            Some(&mut memo),
        );
        phases.lap_with(
            "review IR",
            &format!(
                "resolution of {} files and fingerprints of {} Symbols reused",
                memo.reused_files, memo.reused_fingerprints
            ),
        );
        if let Ok(r) = &result {
            for (name, took) in &r.phases {
                phases.detail(name, *took);
            }
            keys.keep_state(cache, &self.root, &memo);
            phases.lap("keep the state");
        }
        // The cache is not evicted here: the caller keeps more (the run) after writing the
        // document, then evicts once (each eviction walks every entry).
        result
    }
}

/// What every key holds: seam's build, the entry format, the packs and the load options.
fn base_context(packs: &[Pack], options: &ProjectOptions) -> Sha256 {
    let mut h = Sha256::new();
    h.update(KIND.as_bytes());
    h.update(build_identity().as_bytes());
    h.update(format!("{packs:?}").as_bytes());
    h.update(format!("{}:{}", options.max_file_size, options.follow_symlinks).as_bytes());
    h
}

/// seam's version and the running executable's size and modification time: a rebuilt seam
/// (same version, other code or built-in packs) never reads the entries of another build.
pub fn build_identity() -> String {
    let exe = std::env::current_exe()
        .ok()
        .and_then(|p| std::fs::metadata(p).ok())
        .map(|m| {
            let modified = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            format!("{}:{modified}", m.len())
        })
        .unwrap_or_default();
    format!("seam {} {exe}", env!("CARGO_PKG_VERSION"))
}

/// True for the languages whose module resolution reads other files' declarations.
pub fn resolves_across_files(path: &str) -> bool {
    matches!(
        Language::from_path(path),
        Some(Language::Java | Language::Kotlin | Language::Go | Language::Rust | Language::CSharp)
    )
}

/// Every source file's key (see the module documentation).
fn file_keys(base: &Sha256, prelude: &Prelude<'_>) -> HashMap<String, Key> {
    use rayon::prelude::*;
    let digests: Vec<[u8; 32]> = prelude
        .sources
        .par_iter()
        .map(|s| Sha256::digest(s.bytes).into())
        .collect();
    let mut shared = base.clone();
    for f in prelude.files {
        shared.update(f.as_bytes());
        shared.update([0]);
    }
    shared.update(format!("{:?}", prelude.manifests).as_bytes());
    let mut coupled = shared.clone();
    coupled.update(b"declarations of java, kotlin and go");
    for (s, d) in prelude.sources.iter().zip(&digests) {
        if resolves_across_files(s.path) {
            coupled.update(s.path.as_bytes());
            coupled.update(d);
        }
    }
    prelude
        .sources
        .iter()
        .zip(&digests)
        .map(|(s, d)| {
            let mut h = if resolves_across_files(s.path) {
                coupled.clone()
            } else {
                shared.clone()
            };
            h.update(s.path.as_bytes());
            h.update([0]);
            h.update(d);
            (s.path.to_owned(), Key(h.finalize().into()))
        })
        .collect()
}

/// Whether a source file's imports resolve against the declarations of every file of its
/// language (Java, Kotlin, Go, Rust) rather than against the file list alone.
fn resolves_against_its_language(path: &str) -> bool {
    matches!(
        Language::from_path(path),
        Some(Language::Java | Language::Kotlin | Language::Go | Language::Rust | Language::CSharp)
    )
}
