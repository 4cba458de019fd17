//! Writing the v7 layout: `[` on its own line, one compact summary per line followed by a comma
//! except the last, `]` on its own line; `"schemaVersion":7` on every summary; shared values as
//! `$def`/`$ref` ([`share`]) unless [`WriteOptions::expand`]; files replaced atomically.

mod share;

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use crate::summary::types::BehavioralSummary;

pub use share::{MIN_SHARED_LENGTH, SharedFileBuilder};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// Write every value in full, with no `$def`/`$ref`.
    pub expand: bool,
}

/// Writes `summaries` as one v7 file to `out`.
///
/// Sharing serialises each summary once, keeping each distinct large value once (see
/// [`SharedFileBuilder`]), then writes; expanded output streams straight to `out`.
pub fn write_summaries<W: Write>(
    out: W,
    summaries: &[BehavioralSummary],
    options: WriteOptions,
) -> io::Result<()> {
    let mut out = BufWriter::with_capacity(1 << 20, out);
    if options.expand {
        out.write_all(b"[\n")?;
        for (index, summary) in summaries.iter().enumerate() {
            if index > 0 {
                out.write_all(b",\n")?;
            }
            serde_json::to_writer(&mut out, summary).map_err(io::Error::other)?;
        }
        if !summaries.is_empty() {
            out.write_all(b"\n")?;
        }
        out.write_all(b"]\n")?;
    } else {
        let mut builder = SharedFileBuilder::new();
        for summary in summaries {
            builder.add(summary)?;
        }
        builder.write_to(&mut out)?;
    }
    out.flush()
}

/// Writes `summaries` to `path` under a temporary name in the same directory, then renames it
/// into place: a run killed while writing, or a failed rename, leaves the previous file.
pub fn write_summary_file(
    path: &Path,
    summaries: &[BehavioralSummary],
    options: WriteOptions,
) -> io::Result<()> {
    write_atomically(path, |file| write_summaries(file, summaries, options))
}

/// The atomic-replace half of [`write_summary_file`], for any content.
pub fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    // The temporary file is deleted on drop unless persisted, so every early return cleans up.
    let mut temporary = tempfile::Builder::new()
        .prefix(".seam-summaries-")
        .suffix(".tmp")
        .tempfile_in(directory)?;
    write(temporary.as_file_mut())?;
    temporary.as_file_mut().sync_all()?;
    match std::fs::metadata(path) {
        // Replacing a file keeps its permissions; a new one gets the usual rw-r--r--.
        Ok(previous) => temporary
            .as_file()
            .set_permissions(previous.permissions())?,
        Err(_) => set_default_permissions(temporary.as_file())?,
    }
    temporary.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(unix)]
fn set_default_permissions(file: &File) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    file.set_permissions(std::fs::Permissions::from_mode(0o644))
}

#[cfg(not(unix))]
fn set_default_permissions(_file: &File) -> io::Result<()> {
    Ok(())
}
