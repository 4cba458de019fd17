//! The whole result of a run, kept under the run's key: a rerun in which no input changed
//! writes the kept files back instead of analysing again.
//!
//! The per-file entries ([`crate::review_cache`]) spare a rerun the lowering and the Symbol
//! extraction of unchanged files, but call resolution, propagation, fingerprints and the
//! writing of the document run over every file each time. When the run's key
//! ([`crate::ReviewLoad::run_key`]) is one the cache holds, nothing of that can differ: the
//! written files and the lines the command printed are taken from the cache as they were.
//!
//! One result is kept per cache (the newest): a result is as large as the document, and
//! keeping older ones would push the per-file entries, which serve a run after an edit,
//! out of the cache's bound first.
//!
//! The files are kept by reference: each is hard-linked beside the entry, which holds its
//! length and CRC-32 (a 155 MB document is not copied into the cache, nor out of it on a
//! rerun, where it is linked back). The run writes its files by rename, so a later run
//! replaces the names and leaves the kept bytes alone; a kept file changed in place (the
//! output's file is the kept one after a link) fails the check and is not served.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use crate::cache::{Cache, ENTRY_HEADER_LEN, Key};

/// The folder of kept results inside the cache; the number is the entry format.
const KIND: &str = "run-2";

/// A run's result: the lines the command printed (their meaning is the command's) and the
/// files it wrote, by path relative to its output folder.
pub struct KeptRun {
    pub texts: Vec<String>,
    /// The entry as read; an inline file is a range of it (a document is not copied again).
    entry: Vec<u8>,
    files: Vec<(String, Kept)>,
}

/// Where a kept file's bytes are.
enum Kept {
    /// In the entry.
    Inline(std::ops::Range<usize>),
    /// In a plain file beside the entry: a hard link to the file the run wrote (which the
    /// run wrote by rename, so a later run's output replaces the name, never the bytes), with
    /// the length and CRC-32 those bytes had, checked before they are used.
    Linked { side: PathBuf, len: u64, crc: u32 },
}

/// The result kept under `key`, when the cache holds a whole one (every file beside the
/// entry still holds the bytes it held when kept).
pub fn kept_run(cache: &Cache, key: &Key) -> Option<KeptRun> {
    let entry = cache.get_entry(KIND, key)?;
    let (texts, files) = decode(&entry, ENTRY_HEADER_LEN)?;
    let files = files
        .into_iter()
        .map(|(path, stored)| {
            let kept = match stored {
                Stored::Inline(range) => Kept::Inline(range),
                Stored::Linked { n, len, crc } => {
                    let side = cache.side_path(KIND, key, n);
                    if file_digest(&side).ok()? != (len, crc) {
                        return None;
                    }
                    Kept::Linked { side, len, crc }
                }
            };
            Some((path, kept))
        })
        .collect::<Option<Vec<_>>>()?;
    Some(KeptRun {
        texts,
        entry,
        files,
    })
}

/// The length and CRC-32 of the file at `path`, read in pieces.
fn file_digest(path: &Path) -> io::Result<(u64, u32)> {
    let mut file = std::fs::File::open(path)?;
    let mut hasher = crc32fast::Hasher::new();
    let mut buf = vec![0u8; 1 << 20];
    let mut len = 0u64;
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            break;
        }
        len += n as u64;
        hasher.update(&buf[..n]);
    }
    Ok((len, hasher.finalize()))
}

/// Keeps `texts` and the files `written` (inside `out_dir`) under `key`, replacing the
/// result kept before. Each file is kept by reference when it can be (a hard link beside
/// the entry, its length and checksum in the entry), else copied into the entry. A file
/// that cannot be read back keeps nothing; a result larger than half the cache's bound is
/// not kept (the per-file entries need the rest).
pub fn keep_run(cache: &Cache, key: &Key, texts: &[String], out_dir: &Path, written: &[PathBuf]) {
    let mut size = 0u64;
    for path in written {
        match std::fs::metadata(path) {
            Ok(m) => size += m.len(),
            Err(_) => return,
        }
    }
    if size > cache.max_bytes() / 2 {
        return;
    }
    cache.clear(KIND);
    let mut payload = Vec::with_capacity(4096);
    push_number(&mut payload, texts.len());
    for t in texts {
        push_field(&mut payload, t.as_bytes());
    }
    push_number(&mut payload, written.len());
    for (n, path) in written.iter().enumerate() {
        let Some(relative) = path.strip_prefix(out_dir).ok().and_then(Path::to_str) else {
            return;
        };
        push_field(&mut payload, relative.as_bytes());
        let side = cache.side_path(KIND, key, n);
        if link(path, &side).is_ok()
            && let Ok((len, crc)) = file_digest(&side)
        {
            payload.push(LINKED);
            push_number(&mut payload, n);
            payload.extend_from_slice(&len.to_le_bytes());
            payload.extend_from_slice(&crc.to_le_bytes());
            continue;
        }
        // Another file system (no hard link): the file read straight into the payload,
        // after its length.
        payload.push(INLINE);
        let Ok(mut file) = std::fs::File::open(path) else {
            return;
        };
        let at = payload.len();
        push_number(&mut payload, 0);
        let Ok(read) = io::Read::read_to_end(&mut file, &mut payload) else {
            return;
        };
        payload[at..at + 8].copy_from_slice(&(read as u64).to_le_bytes());
    }
    cache.put(KIND, key, &payload);
}

/// Makes `to` a hard link to `from`, replacing what `to` named (through a temporary name
/// and a rename, so a reader never finds `to` missing or half made).
fn link(from: &Path, to: &Path) -> io::Result<()> {
    let dir = to.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = to.file_name().and_then(|n| n.to_str()).unwrap_or("link");
    for attempt in 0..8u32 {
        let temporary = dir.join(format!(
            ".tmp-{}-{}-{attempt}-{name}",
            std::process::id(),
            unique()
        ));
        match std::fs::hard_link(from, &temporary) {
            Ok(()) => {
                return std::fs::rename(&temporary, to).inspect_err(|_| {
                    let _ = std::fs::remove_file(&temporary);
                });
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::from(io::ErrorKind::AlreadyExists))
}

/// A number no other call in this process returns (for temporary names).
fn unique() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// Whether two paths name one file (same device and inode).
#[cfg(unix)]
fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_: &Path, _: &Path) -> bool {
    false
}

impl KeptRun {
    /// Writes the kept files into `out_dir` (created if missing), each replaced whole (a
    /// file kept by reference is linked into place, or copied where it cannot be). Returns
    /// the paths written, in the order the run wrote them.
    pub fn write_to(&self, out_dir: &Path) -> io::Result<Vec<PathBuf>> {
        let mut written = Vec::with_capacity(self.files.len());
        for (relative, kept) in &self.files {
            let path = out_dir.join(relative);
            let dir = path.parent().unwrap_or(out_dir);
            std::fs::create_dir_all(dir)?;
            if let Kept::Linked { side, len, crc } = kept {
                // Already that file (the run before was this kept run): its bytes were
                // checked when the run was read.
                if same_file(side, &path) || link(side, &path).is_ok() {
                    written.push(path);
                    continue;
                }
                let bytes = std::fs::read(side)?;
                if (bytes.len() as u64, crc32fast::hash(&bytes)) != (*len, *crc) {
                    return Err(io::Error::other("a kept file changed"));
                }
                write_file(dir, &path, &bytes)?;
            } else if let Kept::Inline(range) = kept {
                write_file(dir, &path, &self.entry[range.clone()])?;
            }
            written.push(path);
        }
        Ok(written)
    }
}

/// Writes `bytes` to `path` through a temporary file in `dir` and a rename.
fn write_file(dir: &Path, path: &Path, bytes: &[u8]) -> io::Result<()> {
    // Created 0666 minus the umask, as the run's own writes are.
    let mut builder = tempfile::Builder::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut temporary = builder.tempfile_in(dir)?;
    temporary.as_file_mut().write_all(bytes)?;
    temporary.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// A file's bytes follow in the entry.
const INLINE: u8 = 0;
/// A file is beside the entry: its number, length and CRC-32 follow.
const LINKED: u8 = 1;

fn push_number(out: &mut Vec<u8>, n: usize) {
    out.extend_from_slice(&(n as u64).to_le_bytes());
}

fn push_field(out: &mut Vec<u8>, bytes: &[u8]) {
    push_number(out, bytes.len());
    out.extend_from_slice(bytes);
}

/// A file as the entry records it.
#[derive(Debug, PartialEq)]
enum Stored {
    Inline(std::ops::Range<usize>),
    Linked { n: usize, len: u64, crc: u32 },
}

/// The payload's layout: length-prefixed fields, the texts, then the files as (relative
/// path, how kept: [`INLINE`] and the bytes, or [`LINKED`] and the side file's number,
/// length and CRC-32). Read from `start` in `bytes`: the texts and each file.
type Decoded = (Vec<String>, Vec<(String, Stored)>);

fn decode(bytes: &[u8], start: usize) -> Option<Decoded> {
    let mut at = start;
    let number = |at: &mut usize| -> Option<usize> {
        let head = bytes.get(*at..at.checked_add(8)?)?;
        *at += 8;
        usize::try_from(u64::from_le_bytes(head.try_into().ok()?)).ok()
    };
    let field = |at: &mut usize| -> Option<std::ops::Range<usize>> {
        let len = number(at)?;
        let range = *at..at.checked_add(len)?;
        bytes.get(range.clone())?;
        *at = range.end;
        Some(range)
    };
    let text = |range: std::ops::Range<usize>| String::from_utf8(bytes[range].to_vec()).ok();
    let mut texts = Vec::new();
    for _ in 0..number(&mut at)? {
        texts.push(text(field(&mut at)?)?);
    }
    let mut files = Vec::new();
    for _ in 0..number(&mut at)? {
        let path = text(field(&mut at)?)?;
        // Only a path inside the output folder: never absolute, never `..`.
        if Path::new(&path)
            .components()
            .any(|c| !matches!(c, std::path::Component::Normal(_)))
        {
            return None;
        }
        let tag = *bytes.get(at)?;
        at += 1;
        let stored = match tag {
            INLINE => Stored::Inline(field(&mut at)?),
            LINKED => {
                let n = number(&mut at)?;
                let len = number(&mut at)? as u64;
                let crc = bytes.get(at..at + 4)?;
                at += 4;
                Stored::Linked {
                    n,
                    len,
                    crc: u32::from_le_bytes(crc.try_into().ok()?),
                }
            }
            _ => return None,
        };
        files.push((path, stored));
    }
    (at == bytes.len()).then_some((texts, files))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_run_is_written_back_byte_for_byte_and_replaces_the_one_before() {
        let cache_dir = tempfile::tempdir().unwrap();
        let cache = Cache::open(cache_dir.path(), crate::cache::DEFAULT_MAX_BYTES).unwrap();
        let out = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(out.path().join("components")).unwrap();
        let a = out.path().join("aburi.ir.json");
        let b = out.path().join("components").join("x.md");
        std::fs::write(&a, "{\"a\":1}\n").unwrap();
        std::fs::write(&b, "# x\n").unwrap();
        let texts = vec!["line one".to_owned(), String::new()];
        let first = Key([1; 32]);
        keep_run(&cache, &first, &texts, out.path(), &[a.clone(), b.clone()]);

        let kept = kept_run(&cache, &first).expect("kept");
        assert_eq!(kept.texts, texts);
        let again = tempfile::tempdir().unwrap();
        let written = kept.write_to(again.path()).unwrap();
        assert_eq!(
            written,
            vec![
                again.path().join("aburi.ir.json"),
                again.path().join("components").join("x.md")
            ]
        );
        assert_eq!(std::fs::read(&written[0]).unwrap(), b"{\"a\":1}\n");
        assert_eq!(std::fs::read(&written[1]).unwrap(), b"# x\n");

        let second = Key([2; 32]);
        keep_run(&cache, &second, &[], out.path(), &[a]);
        assert!(
            kept_run(&cache, &first).is_none(),
            "only the newest is kept"
        );
        assert_eq!(
            kept_run(&cache, &second).unwrap().texts,
            Vec::<String>::new()
        );
    }

    #[test]
    fn a_file_kept_by_reference_survives_its_replacement_and_a_change_in_place_is_a_miss() {
        let cache_dir = tempfile::tempdir().unwrap();
        let cache = Cache::open(cache_dir.path(), crate::cache::DEFAULT_MAX_BYTES).unwrap();
        let out = tempfile::tempdir().unwrap();
        let a = out.path().join("aburi.ir.json");
        std::fs::write(&a, "{\"a\":1}").unwrap();
        let key = Key([3; 32]);
        keep_run(&cache, &key, &[], out.path(), std::slice::from_ref(&a));
        // Kept by reference: the entry holds no copy of the bytes.
        assert!(cache.side_path(KIND, &key, 0).exists());
        let entry = cache.get(KIND, &key).unwrap();
        assert!(!entry.windows(7).any(|w| w == b"{\"a\":1}"));

        // The next run writes its output by rename: the kept bytes stay.
        let next = out.path().join("next");
        std::fs::write(&next, "{\"b\":2}").unwrap();
        std::fs::rename(&next, &a).unwrap();
        let kept = kept_run(&cache, &key).expect("kept");
        let again = tempfile::tempdir().unwrap();
        let written = kept.write_to(again.path()).unwrap();
        assert_eq!(std::fs::read(&written[0]).unwrap(), b"{\"a\":1}");
        // Written into the folder it was read from, over a file that is already it.
        let written = kept.write_to(again.path()).unwrap();
        assert_eq!(std::fs::read(&written[0]).unwrap(), b"{\"a\":1}");

        // Changed in place (through the output, which is the same file): not served.
        std::fs::write(&written[0], "{\"a\":2}").unwrap();
        assert!(kept_run(&cache, &key).is_none());
        // Nor with the file beside the entry gone.
        keep_run(&cache, &key, &[], out.path(), std::slice::from_ref(&a));
        assert!(kept_run(&cache, &key).is_some());
        std::fs::remove_file(cache.side_path(KIND, &key, 0)).unwrap();
        assert!(kept_run(&cache, &key).is_none());
    }

    fn encode(texts: &[&str], files: &[(&str, &[u8])]) -> Vec<u8> {
        let mut out = Vec::new();
        push_number(&mut out, texts.len());
        for t in texts {
            push_field(&mut out, t.as_bytes());
        }
        push_number(&mut out, files.len());
        for (path, bytes) in files {
            push_field(&mut out, path.as_bytes());
            out.push(INLINE);
            push_field(&mut out, bytes);
        }
        out
    }

    #[test]
    fn a_payload_cut_short_or_naming_a_path_outside_the_folder_is_not_read() {
        let whole = encode(&["t"], &[("aburi.ir.json", b"{}")]);
        let (texts, files) = decode(&whole, 0).expect("whole");
        assert_eq!(texts, ["t"]);
        let Stored::Inline(range) = &files[0].1 else {
            panic!("inline")
        };
        assert_eq!(&whole[range.clone()], b"{}");
        for cut in 0..whole.len() {
            assert!(decode(&whole[..cut], 0).is_none(), "cut at {cut}");
        }
        for bad in ["../x", "/etc/x", "a/../../x"] {
            assert!(decode(&encode(&[], &[(bad, b"{}")]), 0).is_none(), "{bad}");
        }
    }
}
