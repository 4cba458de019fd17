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

use seam_ir::review::{Symbol, Via, fingerprint_syntax};

use crate::extract::{Draft, FileFacts, FileOutput, HandlerMark, Lookup, language_id};

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
    drafts: Vec<StoredDraft>,
    facts: FileFacts,
    imports: Vec<String>,
}

/// A draft as written: its `syntax` fingerprint in place of its tokens, which are most of a
/// draft's bytes (a class's tokens hold its methods') and are read by nothing else. Tokens
/// that would make the fingerprint fail (blank) are kept, so the scan fails as it would.
#[derive(Deserialize)]
struct StoredDraft {
    symbol: Symbol,
    syntax: StoredSyntax,
    lookups: Vec<Lookup>,
    type_space: bool,
    bodiless: bool,
    heritage: Vec<(Via, Lookup)>,
    #[serde(default)]
    handlers: Vec<HandlerMark>,
}

#[derive(Serialize, Deserialize)]
enum StoredSyntax {
    Fingerprint(String),
    Tokens(String),
}

/// The same fields, borrowed: written without copying the output.
#[derive(Serialize)]
struct StoredRef<'a> {
    language: Language,
    path: &'a str,
    drafts: Vec<StoredDraftRef<'a>>,
    facts: &'a FileFacts,
    imports: &'a [String],
}

#[derive(Serialize)]
struct StoredDraftRef<'a> {
    symbol: &'a Symbol,
    syntax: StoredSyntax,
    lookups: &'a [Lookup],
    type_space: bool,
    bodiless: bool,
    heritage: &'a [(Via, Lookup)],
    handlers: &'a [HandlerMark],
}

impl<'a> StoredDraftRef<'a> {
    fn of(d: &'a Draft) -> StoredDraftRef<'a> {
        let syntax = match &d.syntax_fingerprint {
            Some(fp) => StoredSyntax::Fingerprint(fp.clone()),
            None if d.syntax.trim().is_empty() => StoredSyntax::Tokens(d.syntax.clone()),
            None => StoredSyntax::Fingerprint(fingerprint_syntax(&d.syntax)),
        };
        StoredDraftRef {
            symbol: &d.symbol,
            syntax,
            lookups: &d.lookups,
            type_space: d.type_space,
            bodiless: d.bodiless,
            heritage: &d.heritage,
            handlers: &d.handlers,
        }
    }
}

impl StoredDraft {
    fn into_draft(self) -> Draft {
        let (syntax, syntax_fingerprint) = match self.syntax {
            StoredSyntax::Fingerprint(fp) => (String::new(), Some(fp)),
            StoredSyntax::Tokens(tokens) => (tokens, None),
        };
        Draft {
            symbol: self.symbol,
            syntax,
            syntax_fingerprint,
            lookups: self.lookups,
            type_space: self.type_space,
            bodiless: self.bodiless,
            heritage: self.heritage,
            handlers: self.handlers,
        }
    }
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
            drafts: output.drafts.iter().map(StoredDraftRef::of).collect(),
            facts: &output.facts,
            imports: &imports,
        })
        .unwrap_or_default()
    }

    /// An entry written by [`FileEntry::encode`]; `None` for bytes that are not one.
    pub fn decode(bytes: &[u8]) -> Option<FileEntry> {
        // Checked as UTF-8 once, whole (word at a time over ASCII), rather than string by
        // string as `from_slice` does.
        let text = std::str::from_utf8(bytes).ok()?;
        let stored: Stored = serde_json::from_str(text).ok()?;
        Some(FileEntry {
            language: stored.language,
            output: FileOutput {
                path: stored.path,
                language: language_id(stored.language),
                drafts: stored
                    .drafts
                    .into_iter()
                    .map(StoredDraft::into_draft)
                    .collect(),
                facts: stored.facts,
            },
            imports: stored.imports,
        })
    }
}
