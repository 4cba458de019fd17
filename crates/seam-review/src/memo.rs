//! What one scan keeps for the next: each file's call-resolution outcomes and each Symbol's
//! `api` and `logic` fingerprints, with what they were computed from, so a rerun after an
//! edit settles again only what the edit can reach.
//!
//! The caller gives every file a key that changes whenever the file's [`crate::FileEntry`]
//! would (its bytes, its module resolution, the packs, seam's build): a file's drafts, and so
//! its lookups and every Symbol's own fields, are a function of its key.
//!
//! - **Call resolution** of a file reads, beside its own drafts, the Symbols and export facts
//!   of the files its lookups consult (the index records them as it answers) and which files
//!   exist. Its outcomes are reused when its key, the key of every file it consulted and the
//!   list of files are all as they were.
//! - **Fingerprints**: `api` reads the Symbol's own fields and its `extKind` (which a
//!   registration in another file may set); `logic` its rules and the targets of its effects,
//!   local and propagated. They are reused when the file's key, the `extKind` and the effect
//!   targets (in canonical order) are as they were.
//!
//! The kept state is plain bytes ([`ScanMemo::encode`], [`ScanMemo::decode`]); bytes that do
//! not read back whole are no state at all.

use std::collections::HashMap;

use crate::extract::Bucket;

/// A file's key, given by the caller (a digest).
pub type FileKey = [u8; 32];

/// One lookup's outcome: the Symbol id reached, or the bucket it was left in.
pub type Outcome = Result<String, Bucket>;

/// The outcomes of one draft's lookups, in the draft's order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DraftOutcomes {
    pub calls: Vec<Outcome>,
    pub handlers: Vec<Outcome>,
    pub heritage: Vec<Outcome>,
}

/// A kept Symbol's fingerprints and what they read beyond its file's key.
#[derive(Debug, Clone, PartialEq)]
pub struct KeptFingerprints {
    pub ext_kind: Option<String>,
    pub targets: Vec<String>,
    pub api: String,
    pub logic: String,
}

/// One file's kept results.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FileMemo {
    pub key: FileKey,
    /// The files its resolution consulted, with their keys then.
    pub consulted: Vec<(String, FileKey)>,
    /// By Symbol id, in the order the scan settled them.
    pub outcomes: Vec<(String, DraftOutcomes)>,
    pub fingerprints: Vec<(String, KeptFingerprints)>,
}

/// A scan's kept state: the digest of the list of files it resolved against, and each file's
/// results.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ScanMemo {
    pub files_digest: FileKey,
    pub files: HashMap<String, FileMemo>,
}

/// What a scan is given to reuse and gives back for the next: the keys of this scan's files
/// and the state kept by an earlier one.
#[derive(Debug, Default)]
pub struct Memo {
    /// This scan's file keys, by path. A file without a key is never reused nor kept.
    pub keys: HashMap<String, FileKey>,
    /// The state an earlier scan kept.
    pub previous: Option<ScanMemo>,
    /// Filled by the scan: the state to keep for the next.
    pub next: Option<ScanMemo>,
    /// Filled by the scan: how many files' resolution and Symbols' fingerprints were reused.
    pub reused_files: usize,
    pub reused_fingerprints: usize,
}

impl Memo {
    /// The previous outcomes of `file`'s drafts, when nothing its resolution read changed.
    pub(crate) fn resolution(&self, file: &str, files_digest: &FileKey) -> Option<&FileMemo> {
        let previous = self.previous.as_ref()?;
        if &previous.files_digest != files_digest {
            return None;
        }
        let kept = previous.files.get(file)?;
        if self.keys.get(file) != Some(&kept.key) {
            return None;
        }
        kept.consulted
            .iter()
            .all(|(path, key)| self.keys.get(path) == Some(key))
            .then_some(kept)
    }

    /// [`Memo::resolution`]'s outcomes of `file`, taken out of the earlier state (its list of
    /// consulted files and its fingerprints stay).
    pub(crate) fn take_resolution(
        &mut self,
        file: &str,
        files_digest: &FileKey,
    ) -> Option<Vec<(String, DraftOutcomes)>> {
        self.resolution(file, files_digest)?;
        let kept = self.previous.as_mut()?.files.get_mut(file)?;
        Some(std::mem::take(&mut kept.outcomes))
    }

    /// The previous fingerprints of Symbol `id` of `file`, when its file's key is as it was.
    pub(crate) fn fingerprints_of(&self, file: &str) -> Option<&FileMemo> {
        let kept = self.previous.as_ref()?.files.get(file)?;
        (self.keys.get(file) == Some(&kept.key)).then_some(kept)
    }
}

const MAGIC: &[u8; 8] = b"seammem1";

impl ScanMemo {
    /// The state as bytes.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(1 << 20);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&self.files_digest);
        let mut files: Vec<(&String, &FileMemo)> = self.files.iter().collect();
        files.sort_unstable_by(|a, b| a.0.cmp(b.0));
        number(&mut out, files.len());
        for (path, f) in files {
            text(&mut out, path);
            out.extend_from_slice(&f.key);
            number(&mut out, f.consulted.len());
            for (p, k) in &f.consulted {
                text(&mut out, p);
                out.extend_from_slice(k);
            }
            number(&mut out, f.outcomes.len());
            for (id, o) in &f.outcomes {
                text(&mut out, id);
                for list in [&o.calls, &o.handlers, &o.heritage] {
                    number(&mut out, list.len());
                    for outcome in list {
                        match outcome {
                            Ok(to) => {
                                out.push(0);
                                text(&mut out, to);
                            }
                            Err(b) => out.push(bucket_tag(*b)),
                        }
                    }
                }
            }
            number(&mut out, f.fingerprints.len());
            for (id, fp) in &f.fingerprints {
                text(&mut out, id);
                match &fp.ext_kind {
                    Some(k) => {
                        out.push(1);
                        text(&mut out, k);
                    }
                    None => out.push(0),
                }
                number(&mut out, fp.targets.len());
                for t in &fp.targets {
                    text(&mut out, t);
                }
                text(&mut out, &fp.api);
                text(&mut out, &fp.logic);
            }
        }
        out
    }

    /// State written by [`ScanMemo::encode`]; `None` for bytes that are not one whole.
    pub fn decode(bytes: &[u8]) -> Option<ScanMemo> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(MAGIC.len())? != MAGIC {
            return None;
        }
        let files_digest = r.key()?;
        let count = r.number()?;
        let mut files = HashMap::with_capacity(count.min(1 << 20));
        for _ in 0..count {
            let path = r.text()?;
            let key = r.key()?;
            let mut consulted = Vec::new();
            for _ in 0..r.number()? {
                consulted.push((r.text()?, r.key()?));
            }
            let mut outcomes = Vec::new();
            for _ in 0..r.number()? {
                let id = r.text()?;
                let mut lists: [Vec<Outcome>; 3] = Default::default();
                for list in &mut lists {
                    for _ in 0..r.number()? {
                        list.push(match r.take(1)?[0] {
                            0 => Ok(r.text()?),
                            tag => Err(tag_bucket(tag)?),
                        });
                    }
                }
                let [calls, handlers, heritage] = lists;
                outcomes.push((
                    id,
                    DraftOutcomes {
                        calls,
                        handlers,
                        heritage,
                    },
                ));
            }
            let mut fingerprints = Vec::new();
            for _ in 0..r.number()? {
                let id = r.text()?;
                let ext_kind = match r.take(1)?[0] {
                    0 => None,
                    1 => Some(r.text()?),
                    _ => return None,
                };
                let mut targets = Vec::new();
                for _ in 0..r.number()? {
                    targets.push(r.text()?);
                }
                let api = r.text()?;
                let logic = r.text()?;
                fingerprints.push((
                    id,
                    KeptFingerprints {
                        ext_kind,
                        targets,
                        api,
                        logic,
                    },
                ));
            }
            files.insert(
                path,
                FileMemo {
                    key,
                    consulted,
                    outcomes,
                    fingerprints,
                },
            );
        }
        (r.at == bytes.len()).then_some(ScanMemo {
            files_digest,
            files,
        })
    }
}

fn bucket_tag(b: Bucket) -> u8 {
    match b {
        Bucket::LocalScope => 1,
        Bucket::External => 2,
        Bucket::Dynamic => 3,
        Bucket::Ambiguous => 4,
        Bucket::NoMatch => 5,
    }
}

fn tag_bucket(tag: u8) -> Option<Bucket> {
    Some(match tag {
        1 => Bucket::LocalScope,
        2 => Bucket::External,
        3 => Bucket::Dynamic,
        4 => Bucket::Ambiguous,
        5 => Bucket::NoMatch,
        _ => return None,
    })
}

fn number(out: &mut Vec<u8>, n: usize) {
    out.extend_from_slice(&(n as u64).to_le_bytes());
}

fn text(out: &mut Vec<u8>, s: &str) {
    number(out, s.len());
    out.extend_from_slice(s.as_bytes());
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let end = self.at.checked_add(n)?;
        let slice = self.bytes.get(self.at..end)?;
        self.at = end;
        Some(slice)
    }

    fn number(&mut self) -> Option<usize> {
        let n = u64::from_le_bytes(self.take(8)?.try_into().ok()?);
        // A count or length can never exceed what is left to read.
        let n = usize::try_from(n).ok()?;
        (n <= self.bytes.len() - self.at).then_some(n)
    }

    fn key(&mut self) -> Option<FileKey> {
        self.take(32)?.try_into().ok()
    }

    fn text(&mut self) -> Option<String> {
        let n = self.number()?;
        String::from_utf8(self.take(n)?.to_vec()).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> ScanMemo {
        let mut files = HashMap::new();
        files.insert(
            "src/a.ts".to_owned(),
            FileMemo {
                key: [7; 32],
                consulted: vec![("src/b.ts".to_owned(), [9; 32])],
                outcomes: vec![(
                    "ts:src/a.ts#f".to_owned(),
                    DraftOutcomes {
                        calls: vec![Ok("ts:src/b.ts#g".to_owned()), Err(Bucket::NoMatch)],
                        handlers: vec![Err(Bucket::External)],
                        heritage: vec![],
                    },
                )],
                fingerprints: vec![(
                    "ts:src/a.ts#f".to_owned(),
                    KeptFingerprints {
                        ext_kind: Some("route".to_owned()),
                        targets: vec!["db:users".to_owned()],
                        api: "0123456789ab".to_owned(),
                        logic: "ba9876543210".to_owned(),
                    },
                )],
            },
        );
        ScanMemo {
            files_digest: [3; 32],
            files,
        }
    }

    #[test]
    fn a_state_reads_back_and_a_cut_one_does_not() {
        let memo = sample();
        let bytes = memo.encode();
        assert_eq!(ScanMemo::decode(&bytes), Some(memo));
        for cut in 0..bytes.len() {
            assert!(ScanMemo::decode(&bytes[..cut]).is_none(), "cut at {cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(ScanMemo::decode(&longer).is_none());
    }

    #[test]
    fn resolution_is_reused_only_when_every_file_it_consulted_is_as_it_was() {
        let mut memo = Memo {
            keys: HashMap::from([
                ("src/a.ts".to_owned(), [7; 32]),
                ("src/b.ts".to_owned(), [9; 32]),
            ]),
            previous: Some(sample()),
            ..Memo::default()
        };
        assert!(memo.resolution("src/a.ts", &[3; 32]).is_some());
        assert!(memo.resolution("src/a.ts", &[4; 32]).is_none(), "file list");
        assert!(
            memo.take_resolution("src/a.ts", &[4; 32]).is_none(),
            "file list"
        );
        let mut taken = Memo {
            keys: memo.keys.clone(),
            previous: memo.previous.clone(),
            ..Memo::default()
        };
        let outcomes = taken.take_resolution("src/a.ts", &[3; 32]).unwrap();
        assert_eq!(outcomes, sample().files["src/a.ts"].outcomes);
        let left = &taken.previous.as_ref().unwrap().files["src/a.ts"];
        assert!(left.outcomes.is_empty(), "taken out");
        assert_eq!(left.consulted, sample().files["src/a.ts"].consulted);
        memo.keys.insert("src/b.ts".to_owned(), [8; 32]);
        assert!(memo.resolution("src/a.ts", &[3; 32]).is_none(), "consulted");
        assert!(memo.fingerprints_of("src/a.ts").is_some());
        memo.keys.insert("src/a.ts".to_owned(), [1; 32]);
        assert!(memo.fingerprints_of("src/a.ts").is_none(), "own key");
    }
}
