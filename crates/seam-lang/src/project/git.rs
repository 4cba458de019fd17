//! Reading a revision straight from git objects with `gix`: no checkout, no worktree, no
//! temporary copy. A revision is a map from repo-relative path to file content; a file two
//! revisions hold with the same blob is read once and shared, so an analysis of both lowers
//! it once. `seam diff` reads two revisions this way, `seam check --since` one.
//!
//! Only regular and executable files are read (symbolic links and submodules are left out),
//! and of those only the ones the caller wants (by default those the loader reads: source
//! files and manifests, see [`super::needs_content`]); any other file gets a stand-in
//! content (see [`is_unread`]), so the loader counts it from its path alone and its blob
//! stays unread.
//! The working tree, for `seam diff BASE`, is read with seam's own walk (`.gitignore` and the
//! skipped directories respected), so it holds what `seam scan` would read.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::walk;

/// The files of one revision: path → content (shared between revisions when equal).
pub type Files = BTreeMap<String, Arc<Vec<u8>>>;

/// Why a revision could not be read; each message says what to do, except where the remedy
/// depends on the command (not a repository, no working tree): the command adds it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GitError {
    #[error("{dir} is not inside a git repository ({detail}).")]
    NotARepository { dir: String, detail: String },
    #[error(
        "the revision `{rev}` is not in this repository ({detail}). Check the name with `git rev-parse {rev}`, or fetch it with `git fetch origin {rev}`."
    )]
    UnknownRevision { rev: String, detail: String },
    #[error(
        "the revision `{rev}` is not in this repository, which is a shallow clone that may not hold it ({detail}). Fetch more history with `git fetch --deepen=50 origin` or `git fetch --unshallow`, then run seam again."
    )]
    ShallowMissing { rev: String, detail: String },
    #[error(
        "the revision `{rev}` does not name a commit or tree ({detail}). Pass a commit, branch or tag."
    )]
    NotATree { rev: String, detail: String },
    #[error(
        "the git object {id} of `{rev}` could not be read: {detail}. The repository may be damaged; `git fsck` says more."
    )]
    Object {
        rev: String,
        id: String,
        detail: String,
    },
    #[error("the repository at {dir} has no working tree to compare with.")]
    NoWorkTree { dir: String },
}

/// An open repository.
pub struct Repo {
    repo: gix::Repository,
    /// Blobs already read, by id, so a file held by both revisions is read once.
    cache: HashMap<gix::ObjectId, Arc<Vec<u8>>>,
}

impl Repo {
    /// Opens the repository holding `dir`.
    pub fn discover(dir: &Path) -> Result<Repo, GitError> {
        let repo = gix::discover(dir).map_err(|e| GitError::NotARepository {
            dir: dir.display().to_string(),
            detail: e.to_string(),
        })?;
        Ok(Repo {
            repo,
            cache: HashMap::new(),
        })
    }

    /// The working tree's root, or the directory holding the git directory for a bare one.
    pub fn root(&self) -> PathBuf {
        match self.repo.workdir() {
            Some(w) => w.to_path_buf(),
            None => self
                .repo
                .git_dir()
                .parent()
                .map(Path::to_path_buf)
                .unwrap_or_else(|| PathBuf::from(".")),
        }
    }

    /// The working tree, or an error when the repository is bare.
    pub fn workdir(&self) -> Result<PathBuf, GitError> {
        self.repo
            .workdir()
            .map(Path::to_path_buf)
            .ok_or_else(|| GitError::NoWorkTree {
                dir: self.repo.git_dir().display().to_string(),
            })
    }

    /// The files of the tree `rev` names; the blobs the loader reads are read (see
    /// [`super::needs_content`]), the others stand in by their id.
    pub fn revision_files(&mut self, rev: &str) -> Result<Files, GitError> {
        self.revision_files_reading(rev, &super::needs_content)
    }

    /// [`Repo::revision_files`], reading the blobs of the paths `wanted` accepts.
    pub fn revision_files_reading(
        &mut self,
        rev: &str,
        wanted: &dyn Fn(&str) -> bool,
    ) -> Result<Files, GitError> {
        let id = self.repo.rev_parse_single(rev).map_err(|e| {
            let detail = e.to_string();
            if self.repo.is_shallow().unwrap_or(false) {
                GitError::ShallowMissing {
                    rev: rev.to_owned(),
                    detail,
                }
            } else {
                GitError::UnknownRevision {
                    rev: rev.to_owned(),
                    detail,
                }
            }
        })?;
        let object_error = |e: gix::Error| GitError::NotATree {
            rev: rev.to_owned(),
            detail: e.to_string(),
        };
        let tree = id
            .object()
            .map_err(object_error)?
            .peel_to_tree()
            .map_err(object_error)?;
        let entries = tree
            .traverse()
            .breadthfirst
            .files()
            .map_err(|e| GitError::Object {
                rev: rev.to_owned(),
                id: tree.id.to_string(),
                detail: e.to_string(),
            })?;
        let mut files = Files::new();
        for entry in entries {
            if !entry.mode.is_blob() {
                continue;
            }
            let Ok(path) = std::str::from_utf8(entry.filepath.as_ref()) else {
                continue;
            };
            let path: String = walk::nfc(path);
            let content = match self.cache.get(&entry.oid) {
                Some(c) => c.clone(),
                // A file the caller does not want is not read (large assets stay in the
                // pack); its id stands in for it, so equal blobs still compare equal. Not
                // cached: another caller may want the same blob read.
                None if !wanted(&path) => Arc::new(Placeholder::bytes(&entry.oid)),
                None => {
                    let mut blob =
                        self.repo
                            .find_blob(entry.oid)
                            .map_err(|e| GitError::Object {
                                rev: rev.to_owned(),
                                id: entry.oid.to_string(),
                                detail: e.to_string(),
                            })?;
                    let c = Arc::new(std::mem::take(&mut blob.data));
                    self.cache.insert(entry.oid, c.clone());
                    c
                }
            };
            files.insert(path, content);
        }
        Ok(files)
    }
}

/// The stand-in content of a blob that is not read: a marker no text file starts with, then
/// the blob id.
struct Placeholder;

impl Placeholder {
    const MARKER: &'static [u8] = b"\0seam-unread-blob:";

    fn bytes(id: &gix::ObjectId) -> Vec<u8> {
        let mut b = Self::MARKER.to_vec();
        b.extend_from_slice(id.to_string().as_bytes());
        b
    }

    fn is(content: &[u8]) -> bool {
        content.starts_with(Self::MARKER)
    }
}

/// Whether `content` is the stand-in of a blob that was not read.
pub fn is_unread(content: &[u8]) -> bool {
    Placeholder::is(content)
}

/// The submodules a revision declares (its `.gitmodules`): a git revision holds none of their
/// files, so none is read.
pub fn revision_submodules(files: &Files) -> Vec<String> {
    match files.get(".gitmodules") {
        Some(content) if !is_unread(content) => {
            super::submodules::submodule_paths(&String::from_utf8_lossy(content))
        }
        _ => Vec::new(),
    }
}

/// The working tree's files as seam's walk sees them.
pub fn worktree_files(root: &Path) -> Files {
    let walked = walk::walk(root, true);
    walked
        .files
        .into_iter()
        .filter_map(|f| {
            if !super::needs_content(&f.path) {
                let mut b = Placeholder::MARKER.to_vec();
                b.extend_from_slice(b"worktree:");
                b.extend_from_slice(f.path.as_bytes());
                return Some((f.path, Arc::new(b)));
            }
            std::fs::read(&f.abs).ok().map(|b| (f.path, Arc::new(b)))
        })
        .collect()
}

/// Files renamed without a change of content: a path only at the base whose content is at
/// exactly one path only at the head (old path → new path).
pub fn exact_renames(base: &Files, head: &Files) -> BTreeMap<String, String> {
    let mut added: HashMap<&[u8], Vec<&str>> = HashMap::new();
    for (path, content) in head {
        if !base.contains_key(path) && !Placeholder::is(content) {
            added.entry(content.as_slice()).or_default().push(path);
        }
    }
    let mut removed: HashMap<&[u8], Vec<&str>> = HashMap::new();
    for (path, content) in base {
        if !head.contains_key(path) && !Placeholder::is(content) {
            removed.entry(content.as_slice()).or_default().push(path);
        }
    }
    let mut out = BTreeMap::new();
    for (content, olds) in removed {
        if let (Some(news), [old]) = (added.get(content), olds.as_slice())
            && let [new] = news.as_slice()
        {
            out.insert((*old).to_owned(), (*new).to_owned());
        }
    }
    out
}
