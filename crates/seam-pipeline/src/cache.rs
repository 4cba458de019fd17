//! The on-disk cache of per-file results: one plain file per entry, named by its key.
//!
//! - **Where**: `.seam/cache/` under the repository, unless `SEAM_CACHE_DIR` or
//!   `--cache-dir` names another folder; `--no-cache` reads and writes none ([`Cache::choose`]).
//!   The folder holds a `.gitignore` of `*`, so neither git nor seam's own walk sees it.
//! - **Keys** are SHA-256 digests the caller computes from everything a result depends on
//!   (see [`crate::review_cache`]); an entry is never updated in place, a changed input is a
//!   new key.
//! - **Safe to share**: an entry is written to a temporary file beside it and renamed into
//!   place, so a reader sees a whole entry or none, and two runs writing the same key write
//!   the same bytes. A run killed mid-write leaves only a temporary file, removed by a later
//!   eviction.
//! - **Torn or foreign bytes** (a disk that lost a write, a file truncated by hand) are
//!   detected by the entry's header, length and CRC-32 and read as a miss, never as data.
//! - **Bounded**: after a run that wrote entries, the oldest-written entries are removed
//!   until the cache holds at most three quarters of its limit ([`DEFAULT_MAX_BYTES`], or
//!   `SEAM_CACHE_MAX_MB`).
//!
//! Plain files rather than an embedded store: entries are written once and read whole, by
//! key, and several seam processes may share one folder; a file per entry gives that with
//! `rename` alone, where an embedded database (redb) takes a lock on its file so a second
//! process cannot open it while the first runs. Measured on 6,000 files (docs/performance.md),
//! reading the entries takes a few percent of the warm run.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

/// The default bound on the cache's size: 512 MiB.
pub const DEFAULT_MAX_BYTES: u64 = 512 * 1024 * 1024;

/// The first bytes of every entry: the format, so a future layout is never misread.
const MAGIC: &[u8; 8] = b"seamc\x00\x01\n";
/// Magic, payload length (u64, little-endian), CRC-32 of the payload (u32, little-endian).
const HEADER_LEN: usize = 8 + 8 + 4;
/// Where the payload starts in the bytes [`Cache::get_entry`] returns.
pub const ENTRY_HEADER_LEN: usize = HEADER_LEN;
/// A temporary file this old is left by a run that was killed: removed by eviction.
const STALE_TEMPORARY: Duration = Duration::from_secs(3600);

/// A SHA-256 digest naming one entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Key(pub [u8; 32]);

impl Key {
    fn hex(&self) -> String {
        hex::encode(self.0)
    }
}

/// An open cache folder (one kind of entry under `dir/<kind>/`).
#[derive(Debug)]
pub struct Cache {
    dir: PathBuf,
    max_bytes: u64,
    written: AtomicU64,
    hits: AtomicU64,
    misses: AtomicU64,
}

/// Where a run's cache is, from its options, the environment and the repository.
pub struct CacheChoice<'a> {
    /// `--no-cache`.
    pub disabled: bool,
    /// `--cache-dir`.
    pub dir: Option<&'a Path>,
    /// The repository the run reads.
    pub root: &'a Path,
}

impl Cache {
    /// The cache a run uses: none with `--no-cache`; else `--cache-dir`, `SEAM_CACHE_DIR`, or
    /// `.seam/cache` under the repository. A folder that cannot be created means no cache
    /// (the run is only slower); the error is returned for a note.
    pub fn choose(choice: &CacheChoice<'_>) -> Result<Option<Cache>, String> {
        if choice.disabled {
            return Ok(None);
        }
        let dir = match (choice.dir, std::env::var_os("SEAM_CACHE_DIR")) {
            (Some(dir), _) => dir.to_path_buf(),
            (None, Some(env)) if !env.is_empty() => PathBuf::from(env),
            _ => choice.root.join(".seam").join("cache"),
        };
        let max_bytes = std::env::var("SEAM_CACHE_MAX_MB")
            .ok()
            .and_then(|v| v.trim().parse::<u64>().ok())
            .map_or(DEFAULT_MAX_BYTES, |mb| mb.saturating_mul(1024 * 1024));
        Cache::open(&dir, max_bytes).map(Some)
    }

    /// Opens (creating) the cache folder `dir`, bounded to `max_bytes`.
    pub fn open(dir: &Path, max_bytes: u64) -> Result<Cache, String> {
        std::fs::create_dir_all(dir).map_err(|e| {
            format!(
                "cannot create the cache folder {}: {e}; running without a cache",
                dir.display()
            )
        })?;
        let ignore = dir.join(".gitignore");
        if !ignore.exists() {
            // Keeps the entries out of git and out of seam's own walk of the repository.
            let _ = std::fs::write(&ignore, "# seam's cache of per-file results\n*\n");
        }
        Ok(Cache {
            dir: dir.to_path_buf(),
            max_bytes,
            written: AtomicU64::new(0),
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
        })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The bound on the cache's size, in bytes.
    pub fn max_bytes(&self) -> u64 {
        self.max_bytes
    }

    /// Removes every entry of `kind` (temporary files of runs still writing stay).
    pub fn clear(&self, kind: &str) {
        for path in files_under(&self.dir.join(kind), 1) {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if !name.starts_with('.') {
                let _ = std::fs::remove_file(&path);
            }
        }
    }

    fn path_of(&self, kind: &str, key: &Key) -> PathBuf {
        let hex = key.hex();
        self.dir.join(kind).join(&hex[..2]).join(&hex[2..])
    }

    /// The path of the `n`th plain file kept beside the entry `key` (no header: its owner
    /// keeps its length and checksum in the entry). [`Cache::clear`] of `kind` and eviction
    /// remove it like an entry.
    pub fn side_path(&self, kind: &str, key: &Key, n: usize) -> PathBuf {
        let hex = key.hex();
        self.dir
            .join(kind)
            .join(&hex[..2])
            .join(format!("{}.{n}", &hex[2..]))
    }

    /// The payload of the entry `key`, when there is a whole one.
    pub fn get(&self, kind: &str, key: &Key) -> Option<Vec<u8>> {
        self.get_entry(kind, key).map(|mut bytes| {
            bytes.drain(..HEADER_LEN);
            bytes
        })
    }

    /// [`Cache::get`] without moving the payload: the entry's bytes, whose payload starts at
    /// [`ENTRY_HEADER_LEN`] (for large entries).
    pub fn get_entry(&self, kind: &str, key: &Key) -> Option<Vec<u8>> {
        let found = std::fs::read(self.path_of(kind, key))
            .ok()
            .filter(|bytes| is_whole(bytes));
        let counter = if found.is_some() {
            &self.hits
        } else {
            &self.misses
        };
        counter.fetch_add(1, Ordering::Relaxed);
        found
    }

    /// Keeps `payload` under `key`. Failures are ignored: a cache that cannot be written only
    /// makes the next run slower.
    pub fn put(&self, kind: &str, key: &Key, payload: &[u8]) {
        let path = self.path_of(kind, key);
        let Some(dir) = path.parent() else { return };
        if std::fs::create_dir_all(dir).is_err() {
            return;
        }
        let Ok(mut file) = tempfile::Builder::new().prefix(".tmp-").tempfile_in(dir) else {
            return;
        };
        let mut header = Vec::with_capacity(HEADER_LEN);
        header.extend_from_slice(MAGIC);
        header.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        header.extend_from_slice(&crc32fast::hash(payload).to_le_bytes());
        // Header and payload written apart: a large payload is not copied once more.
        if file.write_all(&header).is_ok()
            && file.write_all(payload).is_ok()
            && file.persist(&path).is_ok()
        {
            self.written
                .fetch_add((HEADER_LEN + payload.len()) as u64, Ordering::Relaxed);
        }
    }

    /// (hits, misses) of [`Cache::get`] so far.
    pub fn counts(&self) -> (u64, u64) {
        (
            self.hits.load(Ordering::Relaxed),
            self.misses.load(Ordering::Relaxed),
        )
    }

    /// After a run that wrote entries: removes temporary files left by killed runs and, when
    /// the cache is over its bound, the oldest-written entries until it holds three quarters
    /// of it. Returns how many entries were removed.
    pub fn evict(&self) -> usize {
        if self.written.load(Ordering::Relaxed) == 0 {
            return 0;
        }
        let now = SystemTime::now();
        let mut entries: Vec<(SystemTime, u64, PathBuf)> = Vec::new();
        let mut total = 0u64;
        for path in files_under(&self.dir, 3) {
            let Ok(meta) = std::fs::metadata(&path) else {
                continue;
            };
            let modified = meta.modified().unwrap_or(now);
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if name.starts_with(".tmp-") {
                if now.duration_since(modified).unwrap_or_default() > STALE_TEMPORARY {
                    let _ = std::fs::remove_file(&path);
                }
                continue;
            }
            if name.starts_with('.') {
                continue;
            }
            total += meta.len();
            entries.push((modified, meta.len(), path));
        }
        if total <= self.max_bytes {
            return 0;
        }
        entries.sort();
        let target = self.max_bytes / 4 * 3;
        let mut removed = 0;
        for (_, len, path) in entries {
            if total <= target {
                break;
            }
            if std::fs::remove_file(&path).is_ok() {
                total -= len;
                removed += 1;
            }
        }
        removed
    }
}

/// Whether an entry's bytes are whole: false when the header, length or checksum is wrong.
fn is_whole(bytes: &[u8]) -> bool {
    let field = |range: std::ops::Range<usize>| bytes.get(range).map(<[u8]>::to_vec);
    let (Some(magic), Some(len), Some(crc)) = (field(0..8), field(8..16), field(16..20)) else {
        return false;
    };
    let (Ok(len), Ok(crc)) = (<[u8; 8]>::try_from(len), <[u8; 4]>::try_from(crc)) else {
        return false;
    };
    magic == MAGIC
        && u64::from_le_bytes(len) == (bytes.len() - HEADER_LEN) as u64
        && crc32fast::hash(&bytes[HEADER_LEN..]) == u32::from_le_bytes(crc)
}

/// The files under `dir`, at most `depth` folders down.
fn files_under(dir: &Path, depth: usize) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(read) = std::fs::read_dir(dir) else {
        return out;
    };
    for entry in read.flatten() {
        let path = entry.path();
        match entry.file_type() {
            Ok(t) if t.is_dir() && depth > 0 => out.extend(files_under(&path, depth - 1)),
            Ok(t) if t.is_file() => out.push(path),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: u8) -> Key {
        Key([n; 32])
    }

    #[test]
    fn an_entry_reads_back_and_a_missing_one_is_a_miss() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::open(dir.path(), DEFAULT_MAX_BYTES).unwrap();
        cache.put("k", &key(1), b"payload");
        assert_eq!(cache.get("k", &key(1)).as_deref(), Some(&b"payload"[..]));
        assert_eq!(cache.get("k", &key(2)), None);
        assert_eq!(cache.counts(), (1, 1));
    }

    #[test]
    fn a_torn_or_altered_entry_is_a_miss() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::open(dir.path(), DEFAULT_MAX_BYTES).unwrap();
        cache.put("k", &key(1), b"a payload long enough to cut");
        let path = cache.path_of("k", &key(1));
        let whole = std::fs::read(&path).unwrap();
        // Killed mid-write: the first part of the bytes only.
        for cut in [0, 5, HEADER_LEN, whole.len() - 1] {
            std::fs::write(&path, &whole[..cut]).unwrap();
            assert_eq!(cache.get("k", &key(1)), None, "cut at {cut}");
        }
        // The right length with a changed byte.
        let mut flipped = whole.clone();
        *flipped.last_mut().unwrap() ^= 1;
        std::fs::write(&path, &flipped).unwrap();
        assert_eq!(cache.get("k", &key(1)), None);
        // Rewritten whole, it reads again.
        std::fs::write(&path, &whole).unwrap();
        assert!(cache.get("k", &key(1)).is_some());
    }

    #[test]
    fn eviction_keeps_the_cache_under_its_bound_newest_first() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::open(dir.path(), 10 * (HEADER_LEN as u64 + 100)).unwrap();
        for n in 0..20u8 {
            cache.put("k", &key(n), &[n; 100]);
            // Distinct write times, so "oldest" is well defined.
            let path = cache.path_of("k", &key(n));
            let when = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000 + u64::from(n));
            std::fs::File::options()
                .write(true)
                .open(&path)
                .unwrap()
                .set_modified(when)
                .unwrap();
        }
        let removed = cache.evict();
        assert_eq!(removed, 13, "down to three quarters of ten entries");
        assert!(cache.get("k", &key(0)).is_none());
        assert!(cache.get("k", &key(19)).is_some());
        assert!(cache.get("k", &key(13)).is_some());
        assert!(cache.get("k", &key(12)).is_none());
    }

    #[test]
    fn two_writers_of_one_key_leave_a_whole_entry() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::open(dir.path(), DEFAULT_MAX_BYTES).unwrap();
        let payload = vec![7u8; 1 << 20];
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    for _ in 0..5 {
                        cache.put("k", &key(9), &payload);
                        if let Some(read) = cache.get("k", &key(9)) {
                            assert_eq!(read, payload);
                        }
                    }
                });
            }
        });
        assert_eq!(cache.get("k", &key(9)), Some(payload));
        let left: Vec<_> = files_under(dir.path(), 3)
            .into_iter()
            .filter(|p| p.to_string_lossy().contains(".tmp-"))
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }
}
