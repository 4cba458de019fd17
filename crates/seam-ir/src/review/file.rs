//! Reading and writing `aburi.ir.json` files. Writes go to a temporary file beside the target
//! and are renamed into place, so a reader never sees half a document.

use std::path::Path;

use super::canonical::{WriteError, canonicalize, is_canonical};
use super::integrity::check_invariants;
use super::read::{ReadError, read_document};
use super::stream;
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
    let refused = |source: WriteError| FileError::Refused {
        path: shown.clone(),
        source,
    };
    let copy;
    let document = if is_canonical(document) {
        document
    } else {
        let mut owned = document.clone();
        canonicalize(&mut owned);
        copy = owned;
        &copy
    };
    // Created 0666 minus the umask, like any file a program writes (tempfile's own default,
    // 0600, would leave the document unreadable to other users after the rename).
    let mut builder = tempfile::Builder::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut temporary = builder.tempfile_in(directory).map_err(write_error)?;
    // The invariants are checked on a second thread while the document streams into the
    // temporary file (the writer buffers in chunks itself); a breach leaves the target
    // alone, since the temporary file is removed when dropped.
    let (checked, written) = std::thread::scope(|scope| {
        let checker = std::thread::Builder::new()
            .name("seam-ir-check".to_owned())
            .spawn_scoped(scope, || check_invariants(document));
        let written = stream::write_document(document, pretty, temporary.as_file_mut());
        let checked = match checker {
            Ok(handle) => handle.join().unwrap_or_else(|_| check_invariants(document)),
            Err(_) => check_invariants(document),
        };
        (checked, written)
    });
    checked.map_err(|breaches| refused(WriteError::Invariants(breaches)))?;
    written.map_err(write_error)?;
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
