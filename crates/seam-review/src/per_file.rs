//! One file's part of the review IR as a cache keeps it between runs.
//!
//! Everything the scan needs of a file once it is lowered and module-resolved is its
//! [`FileOutput`] (the Symbol drafts and the facts other files resolve against) and the
//! repository files it imports (for the Components' `import` edges). A [`FileEntry`] holds
//! both, so a scan given the entries of unchanged files needs no model for them: see
//! [`crate::scan_with_entries`]. The caller decides when an entry still applies (the file's
//! bytes, its module resolution, the packs and seam's build); this module only writes and
//! reads them.

use seam_lang::model::{Language, Model};
use serde::{Deserialize, Serialize};

use crate::extract::{Draft, FileFacts, FileOutput, language_id};

/// A file's per-file review-IR result.
#[derive(Debug, Clone, PartialEq)]
pub struct FileEntry {
    pub language: Language,
    pub output: FileOutput,
    /// The repository files it imports or re-exports from, sorted.
    pub imports: Vec<String>,
}

/// An entry as written ([`FileOutput::language`] follows from `language`).
#[derive(Deserialize)]
struct Stored {
    language: Language,
    path: String,
    drafts: Vec<Draft>,
    facts: FileFacts,
    imports: Vec<String>,
}

/// The same fields, borrowed: written without copying the output.
#[derive(Serialize)]
struct StoredRef<'a> {
    language: Language,
    path: &'a str,
    drafts: &'a [Draft],
    facts: &'a FileFacts,
    imports: &'a [String],
}

/// Called on the worker that extracted a file, with its model and output (to keep them).
pub type EntrySink<'a> = &'a (dyn Fn(&Model, &FileOutput) + Sync);

impl FileEntry {
    /// The entry of a lowered, resolved model and its output, as bytes.
    pub fn encode(model: &Model, output: &FileOutput) -> Vec<u8> {
        let imports = crate::imported_files(model);
        serde_json::to_vec(&StoredRef {
            language: model.language,
            path: &output.path,
            drafts: &output.drafts,
            facts: &output.facts,
            imports: &imports,
        })
        .unwrap_or_default()
    }

    /// An entry written by [`FileEntry::encode`]; `None` for bytes that are not one.
    pub fn decode(bytes: &[u8]) -> Option<FileEntry> {
        let stored: Stored = serde_json::from_slice(bytes).ok()?;
        Some(FileEntry {
            language: stored.language,
            output: FileOutput {
                path: stored.path,
                language: language_id(stored.language),
                drafts: stored.drafts,
                facts: stored.facts,
            },
            imports: stored.imports,
        })
    }
}
