//! The finished summaries' compressed texts, kept in an unnamed temporary file until they are
//! read back. They are written while every model of the repository is alive (the run's peak:
//! on the generated 6,000-file corpus the texts are about 40 MB beside 350 MB of models) and
//! read once the models are freed, so memory is the wrong place for them. The file has no
//! name (it is gone when the run ends, however it ends); where it cannot be made or written,
//! a text stays in memory, and the summaries are the same either way.
use std::fs::File;
use std::sync::atomic::{AtomicU64, Ordering};

/// Where texts are written: the file and the end of what has been reserved in it.
pub(crate) struct Spill {
    file: Option<File>,
    end: AtomicU64,
}

/// A text's place in the spill file.
#[derive(Clone, Copy)]
pub(crate) struct Spilled {
    at: u64,
    len: u32,
}

impl Spill {
    /// A spill file in the system's temporary folder; one that keeps every text in memory
    /// when none can be made.
    pub(crate) fn new() -> Spill {
        Spill {
            file: if cfg!(unix) {
                tempfile::tempfile().ok()
            } else {
                None
            },
            end: AtomicU64::new(0),
        }
    }

    /// Writes `bytes` (from any thread) and says where; `None` when they stay with the caller.
    pub(crate) fn write(&self, bytes: &[u8]) -> Option<Spilled> {
        let file = self.file.as_ref()?;
        let len = u32::try_from(bytes.len()).ok()?;
        // Each writer reserves its own range, so writes need no lock.
        let at = self.end.fetch_add(u64::from(len), Ordering::Relaxed);
        write_at(file, bytes, at).ok()?;
        Some(Spilled { at, len })
    }

    /// The bytes written at `place`.
    pub(crate) fn read(&self, place: Spilled) -> std::io::Result<Vec<u8>> {
        let file = self
            .file
            .as_ref()
            .ok_or_else(|| std::io::Error::other("no spill file"))?;
        let mut bytes = vec![0; place.len as usize];
        read_at(file, &mut bytes, place.at)?;
        Ok(bytes)
    }
}

#[cfg(unix)]
fn write_at(file: &File, bytes: &[u8], at: u64) -> std::io::Result<()> {
    std::os::unix::fs::FileExt::write_all_at(file, bytes, at)
}

#[cfg(unix)]
fn read_at(file: &File, bytes: &mut [u8], at: u64) -> std::io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, bytes, at)
}

// Never called: `Spill::new` makes no file off Unix.
#[cfg(not(unix))]
fn write_at(_: &File, _: &[u8], _: u64) -> std::io::Result<()> {
    Err(std::io::Error::other("no positioned writes"))
}

#[cfg(not(unix))]
fn read_at(_: &File, _: &mut [u8], _: u64) -> std::io::Result<()> {
    Err(std::io::Error::other("no positioned reads"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_read_back_from_any_writer() {
        let spill = Spill::new();
        let texts: Vec<Vec<u8>> = (0..64u8).map(|i| vec![i; 100 + i as usize]).collect();
        let places: Vec<Option<Spilled>> = std::thread::scope(|s| {
            let handles: Vec<_> = texts
                .chunks(16)
                .map(|chunk| s.spawn(|| chunk.iter().map(|t| spill.write(t)).collect::<Vec<_>>()))
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().expect("writer"))
                .collect()
        });
        for (text, place) in texts.iter().zip(places) {
            match place {
                Some(p) => assert_eq!(&spill.read(p).expect("read back"), text),
                // No temporary folder: the text stays with its writer.
                None => assert!(spill.file.is_none()),
            }
        }
    }
}
