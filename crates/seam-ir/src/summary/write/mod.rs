//! Writing the v7 layout: `[` on its own line, one compact summary per line followed by a comma
//! except the last, `]` on its own line; `"schemaVersion":7` on every summary; shared values as
//! `$def`/`$ref` ([`share`]) unless [`WriteOptions::expand`]; files replaced atomically.

mod share;

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use serde_json::Value;

use crate::summary::types::BehavioralSummary;
use share::{DefNumbering, NodeInfo, SharePlan, Shared, describe_tree};

pub use share::MIN_SHARED_LENGTH;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// Write every value in full, with no `$def`/`$ref`.
    pub expand: bool,
}

fn to_io(error: serde_json::Error) -> io::Error {
    io::Error::other(error)
}

/// Writes `summaries` as one v7 file to `out`.
pub fn write_summaries<W: Write>(
    out: W,
    summaries: &[BehavioralSummary],
    options: WriteOptions,
) -> io::Result<()> {
    let mut out = BufWriter::with_capacity(1 << 20, out);
    out.write_all(b"[\n")?;
    if options.expand {
        for (index, summary) in summaries.iter().enumerate() {
            if index > 0 {
                out.write_all(b",\n")?;
            }
            serde_json::to_writer(&mut out, summary).map_err(to_io)?;
        }
    } else {
        // First pass: how often each large value is written. Second pass: write.
        let mut plan = SharePlan::default();
        for summary in summaries {
            let value = serde_json::to_value(summary).map_err(to_io)?;
            plan.count(&value, &describe_tree(&value));
        }
        let mut numbering = DefNumbering::default();
        let mut line = Vec::new();
        for (index, summary) in summaries.iter().enumerate() {
            if index > 0 {
                out.write_all(b",\n")?;
            }
            let value = serde_json::to_value(summary).map_err(to_io)?;
            let nodes = describe_tree(&value);
            line.clear();
            let mut emitter = Emitter {
                plan: &plan,
                numbering: &mut numbering,
                nodes: &nodes,
                index: 0,
            };
            emitter.write_in_full(&value, &mut line)?;
            out.write_all(&line)?;
        }
    }
    if !summaries.is_empty() {
        out.write_all(b"\n")?;
    }
    out.write_all(b"]\n")?;
    out.flush()
}

struct Emitter<'a> {
    plan: &'a SharePlan,
    numbering: &'a mut DefNumbering,
    nodes: &'a [NodeInfo],
    index: usize,
}

impl Emitter<'_> {
    /// Writes `value` itself (never as a reference), its children through [`Self::write_node`].
    fn write_in_full(&mut self, value: &Value, out: &mut Vec<u8>) -> io::Result<()> {
        self.index += 1;
        match value {
            Value::Array(items) => {
                out.push(b'[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    self.write_node(item, out)?;
                }
                out.push(b']');
            }
            Value::Object(map) => {
                out.push(b'{');
                for (i, (key, item)) in map.iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    serde_json::to_writer(&mut *out, key).map_err(to_io)?;
                    out.push(b':');
                    self.write_node(item, out)?;
                }
                out.push(b'}');
            }
            scalar => serde_json::to_writer(&mut *out, scalar).map_err(to_io)?,
        }
        Ok(())
    }

    fn write_node(&mut self, value: &Value, out: &mut Vec<u8>) -> io::Result<()> {
        let info = self.nodes.get(self.index).copied().ok_or_else(|| {
            io::Error::other("summary tree and its description disagree; this is a bug in seam")
        })?;
        if !matches!(value, Value::Array(_) | Value::Object(_)) || !self.plan.is_shared(&info) {
            return self.write_in_full(value, out);
        }
        match self.numbering.place(info.digest) {
            Shared::Refer(number) => {
                write!(out, "{{\"$ref\":{number}}}")?;
                self.index += info.subtree_nodes;
            }
            Shared::Define(number) => {
                write!(out, "{{\"$def\":{number},\"$value\":")?;
                self.write_in_full(value, out)?;
                out.push(b'}');
            }
        }
        Ok(())
    }
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
