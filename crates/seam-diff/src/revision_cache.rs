//! Each revision's boundary facts ([`BoundaryFacts`]) kept across runs, so that a revision
//! diffed before (the base of a pull request, diffed again after each push; both sides of a
//! rerun) needs neither its summaries extracted nor its check run again.
//!
//! A revision's facts are a function of its files' paths and bytes, the packs (built-in and
//! the working tree's `.seam/packs/`), the load options and seam's build: summary extraction
//! reads the models and manifests of the revision's own files and nothing of the working
//! tree, and the check runs without suppressions. The key holds all of them; the files are
//! hashed whole (every path and the SHA-256 of every byte git or the working tree gave), so
//! any change to the revision is a new key. Entries live in the per-file cache's folder
//! (`seam_pipeline::Cache`, same eviction and torn-entry checks) under their own kind.
//!
//! Each revision's finished review IR is kept too ([`document_key`]): with it and the
//! revision's boundary facts in hand, a revision diffed before needs no file lowered, no
//! per-file entry read and no cross-file phase run. The review IR reads one thing outside
//! the revision's files: the workspace configuration at the working tree (Component
//! detection, `seam_lang::project::workspaces`), which its key holds as read.

use std::collections::HashMap;
use std::sync::Arc;

use rayon::prelude::*;
use sha2::{Digest, Sha256};

use seam_extract::reuse::Prior;
use seam_ir::review::Document;
use seam_lang::project::Manifest;
use seam_lang::project::ProjectOptions;
use seam_lang::project::git::Files;
use seam_packs::Pack;
use seam_pipeline::Cache;
use seam_pipeline::cache::Key;

use crate::boundary::BoundaryFacts;

/// The folder of boundary-fact entries inside the cache; the number is the entry format
/// (2: compressed with LZ4, as the other entries of a revision).
const KIND: &str = "boundary-2";

/// The folder of each revision's summaries with what each unit's build read
/// (`seam_extract::reuse::Prior`), under the same keys: a later revision's extraction takes
/// the summaries of the units whose build would read nothing that changed. Compressed with
/// LZ4 (format 2): about 15 MB of summaries on 1,200 files became 4 MB, and writing the
/// bytes into the page cache cost more than compressing them.
const PRIOR_KIND: &str = "summaries-2";

/// The folder of each revision's finished review IR (with the scan's notes), under
/// [`document_key`].
const DOCUMENT_KIND: &str = "review-ir-1";

/// The key of one revision's boundary facts (see the module documentation).
pub fn key(files: &Files, packs: &[Pack], options: &ProjectOptions) -> Key {
    let digests: Vec<[u8; 32]> = files
        .par_iter()
        .map(|(_, bytes)| Sha256::digest(bytes.as_slice()).into())
        .collect();
    key_of_digests(files, &digests, &key_prefix(packs, options))
}

/// [`key`] of two revisions, hashing the bytes both hold in one place (git gives a blob
/// both trees name as one buffer) once.
pub fn keys(base: &Files, head: &Files, packs: &[Pack], options: &ProjectOptions) -> (Key, Key) {
    let mut at: HashMap<*const Vec<u8>, usize> = HashMap::new();
    let mut blobs: Vec<&[u8]> = Vec::new();
    for bytes in base.values().chain(head.values()) {
        at.entry(Arc::as_ptr(bytes)).or_insert_with(|| {
            blobs.push(bytes.as_slice());
            blobs.len() - 1
        });
    }
    let digests: Vec<[u8; 32]> = blobs
        .par_iter()
        .map(|bytes| Sha256::digest(bytes).into())
        .collect();
    let of = |files: &Files| -> Vec<[u8; 32]> {
        files
            .values()
            .map(|bytes| digests[at[&Arc::as_ptr(bytes)]])
            .collect()
    };
    let prefix = key_prefix(packs, options);
    (
        key_of_digests(base, &of(base), &prefix),
        key_of_digests(head, &of(head), &prefix),
    )
}

/// What every revision's key starts with: the kind, seam's build, the packs and the options.
fn key_prefix(packs: &[Pack], options: &ProjectOptions) -> Sha256 {
    let mut h = Sha256::new();
    h.update(KIND.as_bytes());
    h.update(seam_pipeline::review_cache::build_identity().as_bytes());
    h.update(format!("{packs:?}").as_bytes());
    h.update(format!("{}:{}", options.max_file_size, options.follow_symlinks).as_bytes());
    h.update(format!("{:?}", seam_extract::ExtractOptions::default()).as_bytes());
    h
}

/// The key of a revision whose files' digests (in the files' order) are `digests`, after
/// `prefix` ([`key_prefix`]).
fn key_of_digests(files: &Files, digests: &[[u8; 32]], prefix: &Sha256) -> Key {
    let mut h = prefix.clone();
    for ((path, _), digest) in files.iter().zip(digests) {
        h.update(path.as_bytes());
        h.update([0]);
        h.update(digest);
    }
    Key(h.finalize().into())
}

/// The facts kept under `key`, when `cache` holds a whole entry.
pub fn lookup(cache: &Cache, key: &Key) -> Option<BoundaryFacts> {
    BoundaryFacts::decode(&unpacked(&cache.get(KIND, key)?)?)
}

/// Keeps a revision's facts.
pub fn keep(cache: &Cache, key: &Key, facts: &BoundaryFacts) {
    cache.put(KIND, key, &lz4_flex::compress_prepend_size(&facts.encode()));
}

/// The summaries and builds' reads kept under `key`, when `cache` holds a whole entry.
pub fn lookup_prior(cache: &Cache, key: &Key) -> Option<Prior> {
    Prior::decode(&unpacked(&cache.get(PRIOR_KIND, key)?)?)
}

/// Keeps a revision's summaries and what each unit's build read.
pub fn keep_prior(cache: &Cache, key: &Key, prior: &Prior) {
    cache.put(
        PRIOR_KIND,
        key,
        &lz4_flex::compress_prepend_size(&prior.encode()),
    );
}

/// The bytes of an entry compressed with `lz4_flex::compress_prepend_size`; `None` for
/// bytes that are not such an entry.
fn unpacked(packed: &[u8]) -> Option<Vec<u8>> {
    lz4_flex::decompress_size_prepended(packed).ok()
}

/// The key of a revision's finished review IR: the revision's key ([`key`]) and what the
/// review IR reads outside the revision's files, the workspace configuration at `root` as
/// Component detection reads it (with the revision's `manifests`) and the name of `root`.
pub fn document_key(revision: &Key, root: &std::path::Path, manifests: &[Manifest]) -> Key {
    let workspaces = seam_lang::project::workspaces::read_workspaces(root, manifests);
    let name = root
        .canonicalize()
        .ok()
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_default();
    let mut h = Sha256::new();
    h.update(DOCUMENT_KIND.as_bytes());
    h.update(revision.0);
    h.update(format!("{workspaces:?}").as_bytes());
    h.update([0]);
    h.update(name.as_bytes());
    Key(h.finalize().into())
}

/// A revision's review IR and the scan's notes kept under `key`, when `cache` holds a whole
/// entry.
pub fn lookup_document(cache: &Cache, key: &Key) -> Option<(Document, Vec<String>)> {
    read_document(&cache.get(DOCUMENT_KIND, key)?)
}

fn read_document(packed: &[u8]) -> Option<(Document, Vec<String>)> {
    let text = unpacked(packed)?;
    serde_json::from_slice(&text).ok()
}

/// A kept review IR being read on a thread of its own ([`lookup_document_later`]).
pub enum DocumentLater {
    Thread(std::thread::JoinHandle<Option<(Document, Vec<String>)>>),
    /// Read where it was asked for: no thread could start.
    Done(Box<Option<(Document, Vec<String>)>>),
}

impl DocumentLater {
    /// The review IR and the scan's notes; `None` when the entry, whole as the cache checks
    /// it, does not read as one (then [`forget_document`] it and analyse the revision).
    pub fn wait(self) -> Option<(Document, Vec<String>)> {
        match self {
            DocumentLater::Done(read) => *read,
            DocumentLater::Thread(handle) => match handle.join() {
                Ok(read) => read,
                Err(panic) => std::panic::resume_unwind(panic),
            },
        }
    }
}

/// [`lookup_document`] read on a thread of its own, for a caller with other work to do
/// first: `Some` when the cache holds a whole entry under `key`.
pub fn lookup_document_later(cache: &Cache, key: &Key) -> Option<DocumentLater> {
    let packed = cache.get(DOCUMENT_KIND, key)?;
    // An entry too short to hold its length is none (as a forgotten one).
    if packed.len() < 4 {
        return None;
    }
    let shared = Arc::new(std::sync::Mutex::new(Some(packed)));
    let given = shared.clone();
    let started = std::thread::Builder::new()
        .name("seam-diff-read-ir".to_owned())
        .spawn(move || read_document(&given.lock().ok()?.take()?));
    Some(match started {
        Ok(handle) => DocumentLater::Thread(handle),
        Err(_) => DocumentLater::Done(Box::new(
            shared
                .lock()
                .ok()
                .and_then(|mut p| p.take())
                .and_then(|p| read_document(&p)),
        )),
    })
}

/// Makes the review IR kept under `key` no entry ([`lookup_document_later`] finds none), when
/// it was found not to read as one.
pub fn forget_document(cache: &Cache, key: &Key) {
    cache.put(DOCUMENT_KIND, key, &[]);
}

/// Keeps a revision's review IR and the scan's notes.
pub fn keep_document(cache: &Cache, key: &Key, document: &Document, notes: &[String]) {
    if let Ok(text) = serde_json::to_vec(&(document, notes)) {
        cache.put(DOCUMENT_KIND, key, &lz4_flex::compress_prepend_size(&text));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two revisions' keys made together (shared bytes hashed once) are each revision's own.
    #[test]
    fn keys_of_two_revisions_are_each_ones_key() {
        let shared = Arc::new(b"export const a = 1;\n".to_vec());
        let base: Files = [
            ("a.ts".to_owned(), shared.clone()),
            (
                "b.ts".to_owned(),
                Arc::new(b"export const b = 1;\n".to_vec()),
            ),
            // Same bytes in a buffer of its own.
            (
                "c.ts".to_owned(),
                Arc::new(b"export const a = 1;\n".to_vec()),
            ),
        ]
        .into_iter()
        .collect();
        let head: Files = [
            ("a.ts".to_owned(), shared.clone()),
            (
                "b.ts".to_owned(),
                Arc::new(b"export const b = 2;\n".to_vec()),
            ),
            ("d.ts".to_owned(), shared),
        ]
        .into_iter()
        .collect();
        let options = ProjectOptions::default();
        let (b, h) = keys(&base, &head, &[], &options);
        assert_eq!(b, key(&base, &[], &options));
        assert_eq!(h, key(&head, &[], &options));
        assert_ne!(b, h);
    }
}
