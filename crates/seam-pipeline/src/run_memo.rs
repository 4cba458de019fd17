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

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::cache::{Cache, ENTRY_HEADER_LEN, Key};

/// The folder of kept results inside the cache; the number is the entry format.
const KIND: &str = "run-1";

/// A run's result: the lines the command printed (their meaning is the command's) and the
/// files it wrote, by path relative to its output folder.
pub struct KeptRun {
    pub texts: Vec<String>,
    /// The entry as read; each file is a range of it (a document is not copied again).
    entry: Vec<u8>,
    files: Vec<(String, std::ops::Range<usize>)>,
}

/// The result kept under `key`, when the cache holds a whole one.
pub fn kept_run(cache: &Cache, key: &Key) -> Option<KeptRun> {
    let entry = cache.get_entry(KIND, key)?;
    let (texts, files) = decode(&entry, ENTRY_HEADER_LEN)?;
    Some(KeptRun {
        texts,
        entry,
        files,
    })
}

/// Keeps `texts` and the files `written` (inside `out_dir`) under `key`, replacing the
/// result kept before. A file that cannot be read back keeps nothing; a result larger than
/// half the cache's bound is not kept (the per-file entries need the rest).
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
    let mut payload = Vec::with_capacity(size as usize + 1024);
    push_number(&mut payload, texts.len());
    for t in texts {
        push_field(&mut payload, t.as_bytes());
    }
    push_number(&mut payload, written.len());
    for path in written {
        let Some(relative) = path.strip_prefix(out_dir).ok().and_then(Path::to_str) else {
            return;
        };
        push_field(&mut payload, relative.as_bytes());
        // The file read straight into the payload, after its length.
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
    cache.clear(KIND);
    cache.put(KIND, key, &payload);
}

impl KeptRun {
    /// Writes the kept files into `out_dir` (created if missing), each replaced whole.
    /// Returns the paths written, in the order the run wrote them.
    pub fn write_to(&self, out_dir: &Path) -> io::Result<Vec<PathBuf>> {
        let mut written = Vec::with_capacity(self.files.len());
        for (relative, range) in &self.files {
            let bytes = &self.entry[range.clone()];
            let path = out_dir.join(relative);
            let dir = path.parent().unwrap_or(out_dir);
            std::fs::create_dir_all(dir)?;
            // Created 0666 minus the umask, as the run's own writes are.
            let mut builder = tempfile::Builder::new();
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                builder.permissions(std::fs::Permissions::from_mode(0o666));
            }
            let mut temporary = builder.tempfile_in(dir)?;
            temporary.as_file_mut().write_all(bytes)?;
            temporary.persist(&path).map_err(|e| e.error)?;
            written.push(path);
        }
        Ok(written)
    }
}

fn push_number(out: &mut Vec<u8>, n: usize) {
    out.extend_from_slice(&(n as u64).to_le_bytes());
}

fn push_field(out: &mut Vec<u8>, bytes: &[u8]) {
    push_number(out, bytes.len());
    out.extend_from_slice(bytes);
}

/// The payload's layout: length-prefixed fields, the texts, then the files as (relative
/// path, bytes). Read from `start` in `bytes`: the texts and each file's range.
type Decoded = (Vec<String>, Vec<(String, std::ops::Range<usize>)>);

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
        files.push((path, field(&mut at)?));
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

    fn encode(texts: &[&str], files: &[(&str, &[u8])]) -> Vec<u8> {
        let mut out = Vec::new();
        push_number(&mut out, texts.len());
        for t in texts {
            push_field(&mut out, t.as_bytes());
        }
        push_number(&mut out, files.len());
        for (path, bytes) in files {
            push_field(&mut out, path.as_bytes());
            push_field(&mut out, bytes);
        }
        out
    }

    #[test]
    fn a_payload_cut_short_or_naming_a_path_outside_the_folder_is_not_read() {
        let whole = encode(&["t"], &[("aburi.ir.json", b"{}")]);
        let (texts, files) = decode(&whole, 0).expect("whole");
        assert_eq!(texts, ["t"]);
        assert_eq!(&whole[files[0].1.clone()], b"{}");
        for cut in 0..whole.len() {
            assert!(decode(&whole[..cut], 0).is_none(), "cut at {cut}");
        }
        for bad in ["../x", "/etc/x", "a/../../x"] {
            assert!(decode(&encode(&[], &[(bad, b"{}")]), 0).is_none(), "{bad}");
        }
    }
}
