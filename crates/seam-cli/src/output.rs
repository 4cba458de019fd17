//! Where a command's output goes: standard output, or the file given with `-o/--output`.
//!
//! - Standard output closed early (`seam packs | head -1`) ends the command quietly with exit
//!   code 0, as `grep`, `rg` and `cat` do; any other write error on it is a message and exit 2.
//! - A file is written with `seam_ir::summary::write::write_atomically`: a regular file is
//!   replaced by a rename only once its new content is written in full (a failed run never
//!   truncates it), a symbolic link is written through to its target, a FIFO or device in
//!   place, a file with other hard links in place after the content is complete. A short write
//!   (a full disk) is a message and exit 2.

use std::io::{self, Write};
use std::path::Path;

use crate::exit;

/// How a write ended when it did not succeed: the exit code to end the command with. A closed
/// standard output gives [`exit::OK`] with no message; anything else has been reported on
/// standard error and gives [`exit::USAGE`].
pub type Stopped = u8;

/// True when the error, or the I/O error a JSON serialiser wrapped, is a closed pipe.
pub fn is_broken_pipe(error: &io::Error) -> bool {
    error.kind() == io::ErrorKind::BrokenPipe
        || error
            .get_ref()
            .and_then(|inner| inner.downcast_ref::<serde_json::Error>())
            .and_then(serde_json::Error::io_error_kind)
            == Some(io::ErrorKind::BrokenPipe)
}

/// Runs `write` on standard output (buffered) and flushes it.
pub fn to_stdout(
    what: &str,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), Stopped> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = write(&mut out).and_then(|()| out.flush());
    // A BufWriter that failed to flush would try again on drop; the error is already known.
    let _ = out.into_parts();
    match result {
        Ok(()) => Ok(()),
        Err(e) if is_broken_pipe(&e) => Err(exit::OK),
        Err(e) => Err(report(what, "standard output", &e)),
    }
}

/// Writes `what` into the file at `path` (see the module documentation for links, FIFOs and
/// devices).
pub fn to_file(
    what: &str,
    path: &Path,
    write: impl FnOnce(&mut std::fs::File) -> io::Result<()>,
) -> Result<(), Stopped> {
    seam_ir::summary::write::write_atomically(path, write)
        .map_err(|e| report(what, &path.display().to_string(), &e))
}

/// Writes `bytes` to the file given with `-o`, or to standard output.
pub fn emit(what: &str, out: Option<&Path>, bytes: &[u8]) -> Result<(), Stopped> {
    match out {
        Some(path) => to_file(what, path, |file| file.write_all(bytes)),
        None => to_stdout(what, |out| out.write_all(bytes)),
    }
}

fn report(what: &str, target: &str, error: &io::Error) -> Stopped {
    let hint = match error.raw_os_error() {
        Some(28) => " The disk is full: free some space and run the command again.",
        _ => "",
    };
    eprintln!("error: {what} could not be written to {target}: {error}.{hint}");
    exit::USAGE
}
