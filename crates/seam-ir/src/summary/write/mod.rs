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

/// Writes `summaries` to `path` as [`write_atomically`] does: a regular file is written under a
/// temporary name in the same directory and renamed into place, so a run killed while writing,
/// or a failed rename, leaves the previous file; links, FIFOs and devices are written through.
pub fn write_summary_file(
    path: &Path,
    summaries: &[BehavioralSummary],
    options: WriteOptions,
) -> io::Result<()> {
    write_atomically(path, |file| write_summaries(file, summaries, options))
}

/// The file-writing half of [`write_summary_file`], for any content.
///
/// What `path` names decides how it is written, so that nothing but its content changes:
/// - a symbolic link is followed (link to link too) and its target written; the link stays;
/// - a regular file, or no file yet: the content goes to a temporary file in the same
///   directory, which is then renamed into place (keeping the previous permissions); a
///   failure at any point, a full disk included, leaves the previous file untouched;
/// - a regular file with other hard links: the content is first written in full to a
///   temporary file, then copied over the file in place, so every link sees it;
/// - a FIFO, a character or block device, a socket: written in place, never renamed over;
/// - a directory: an error.
///
/// Every short write (a full disk, `/dev/full`) is an error.
pub fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    let target = follow_links(path)?;
    match std::fs::metadata(&target) {
        Ok(meta) if meta.is_dir() => Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            format!("{} is a directory", target.display()),
        )),
        Ok(meta) if !meta.is_file() => {
            let mut file = std::fs::OpenOptions::new().write(true).open(&target)?;
            write(&mut file)?;
            file.flush()
        }
        Ok(meta) if hard_link_count(&meta) > 1 => {
            let mut temporary = temporary_beside(&target)?;
            write(temporary.as_file_mut())?;
            let file = temporary.as_file_mut();
            file.flush()?;
            let length = file.metadata()?.len();
            io::Seek::seek(file, io::SeekFrom::Start(0))?;
            let mut linked = std::fs::OpenOptions::new().write(true).open(&target)?;
            io::copy(file, &mut linked)?;
            linked.set_len(length)?;
            linked.sync_all()
        }
        previous => {
            let mut temporary = temporary_beside(&target)?;
            write(temporary.as_file_mut())?;
            temporary.as_file_mut().sync_all()?;
            match previous {
                // Replacing a file keeps its permissions; a new one gets the usual rw-r--r--.
                Ok(previous) => temporary
                    .as_file()
                    .set_permissions(previous.permissions())?,
                Err(_) => set_default_permissions(temporary.as_file())?,
            }
            temporary.persist(&target).map_err(|e| e.error)?;
            Ok(())
        }
    }
}

/// A temporary file in `target`'s directory, deleted on drop unless persisted, so every early
/// return cleans up.
fn temporary_beside(target: &Path) -> io::Result<tempfile::NamedTempFile> {
    let directory = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    tempfile::Builder::new()
        .prefix(".seam-summaries-")
        .suffix(".tmp")
        .tempfile_in(directory)
}

/// The path a chain of symbolic links ends at (a relative link is read from its own
/// directory); `path` itself when it is not a link. At most 40 links, as the kernel allows.
fn follow_links(path: &Path) -> io::Result<std::path::PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = std::fs::read_link(&current)?;
                current = match current.parent() {
                    Some(parent) if link.is_relative() => parent.join(link),
                    _ => link,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::other(format!(
        "{} is a chain of more than 40 symbolic links (a loop?)",
        path.display()
    )))
}

#[cfg(unix)]
fn hard_link_count(meta: &std::fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::nlink(meta)
}

#[cfg(not(unix))]
fn hard_link_count(_meta: &std::fs::Metadata) -> u64 {
    1
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
