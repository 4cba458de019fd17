//! Reading and writing `aburi.ir.json` files. Writes go to a temporary file beside the target
//! and are renamed into place, so a reader never sees half a document.

use std::io::Write as _;
use std::path::Path;

use super::canonical::{WriteError, write_canonical};
use super::read::{ReadError, read_document};
use super::types::Document;

/// Why a document file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("could not read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("could not write {path}: {source}; check that the directory exists and is writable")]
    Write {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: {source}")]
    Invalid { path: String, source: ReadError },
    #[error("{path}: {source}")]
    Refused { path: String, source: WriteError },
}

/// Canonicalizes, checks and writes `document` to `path` atomically (pretty or compact, no
/// trailing newline). Nothing is written when an invariant fails.
pub fn write_document_file(
    path: &Path,
    document: &Document,
    pretty: bool,
) -> Result<(), FileError> {
    let shown = path.display().to_string();
    let write_error = |source| FileError::Write {
        path: shown.clone(),
        source,
    };
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut temporary = tempfile::NamedTempFile::new_in(directory).map_err(write_error)?;
    // Streamed from the types into the temporary file; a refusal leaves the target alone
    // (the temporary file is removed when dropped).
    let mut buffered = std::io::BufWriter::with_capacity(1 << 16, temporary.as_file_mut());
    write_canonical(document, pretty, &mut buffered).map_err(|source| match source {
        WriteError::Io(message) => FileError::Write {
            path: shown.clone(),
            source: std::io::Error::other(message),
        },
        source => FileError::Refused {
            path: shown.clone(),
            source,
        },
    })?;
    buffered.flush().map_err(write_error)?;
    drop(buffered);
    temporary
        .persist(path)
        .map_err(|err| write_error(err.error))?;
    Ok(())
}

/// Reads, shape-checks, types and integrity-checks the document at `path`.
pub fn read_document_file(path: &Path) -> Result<Document, FileError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| FileError::Read {
        path: shown.clone(),
        source,
    })?;
    read_document(&text).map_err(|source| FileError::Invalid {
        path: shown,
        source,
    })
}
