//! Finding and reading intent documents, strictly.
//!
//! A document is a file named `*.intent.yaml|yml|json` (a boundary intent) or
//! `*.prd.yaml|yml|json` (a PRD). Reading refuses an unknown key, a value of the wrong type and
//! every rule [`crate::document`] checks (an outcome with two endings, a clause about two
//! things, …); the error names the file, the line and column, and what to do.

use std::fmt;
use std::path::Path;

use serde::de::DeserializeOwned;

use crate::document::{BoundaryIntent, Prd};

/// A document that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentError {
    pub file: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    /// What is wrong and how to fix it, in sentences.
    pub message: String,
}

impl fmt::Display for DocumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => {
                write!(f, "{}:{line}:{column}: {}", self.file, self.message)
            }
            (Some(line), None) => write!(f, "{}:{line}: {}", self.file, self.message),
            _ => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for DocumentError {}

/// Which kind a file name says it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocumentKind {
    Boundary,
    Prd,
}

/// One document read, with the file it came from (relative to the root it was found under).
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    pub file: String,
    pub body: DocumentBody,
    /// The line of each outcome (by index), for pointing findings at it; 1 when unknown.
    pub outcome_lines: Vec<u32>,
    /// The line of each scenario (by index).
    pub scenario_lines: Vec<u32>,
    /// The line of the `boundary` block (1 when unknown), where findings about the boundary
    /// as a whole point.
    pub boundary_line: u32,
}

#[derive(Debug, Clone, PartialEq)]
pub enum DocumentBody {
    Boundary(Box<BoundaryIntent>),
    Prd(Prd),
}

const EXTENSIONS: [&str; 3] = [".yaml", ".yml", ".json"];

/// The kind a path's name says, or `None` when it is not an intent document.
pub fn document_kind(path: &str) -> Option<DocumentKind> {
    let name = path.rsplit('/').next().unwrap_or(path);
    for ext in EXTENSIONS {
        let Some(stem) = name.strip_suffix(ext) else {
            continue;
        };
        if stem.len() > ".intent".len() && stem.ends_with(".intent") {
            return Some(DocumentKind::Boundary);
        }
        if stem.len() > ".prd".len() && stem.ends_with(".prd") {
            return Some(DocumentKind::Prd);
        }
    }
    None
}

/// The intent documents among `files` (repository-relative, `/`-separated), in order.
pub fn documents_among(files: &[String]) -> Vec<&str> {
    let mut out: Vec<&str> = files
        .iter()
        .map(String::as_str)
        .filter(|f| document_kind(f).is_some())
        .collect();
    out.sort_unstable();
    out
}

fn strip_position(text: &str) -> String {
    let text = match text.rfind(" at line ") {
        Some(cut) => &text[..cut],
        None => text,
    };
    text.to_owned()
}

/// Adds what to do to serde's own wording.
fn with_fix(message: &str) -> String {
    if message.contains("unknown field") {
        return format!(
            "{message}. Remove the key or correct its spelling; `seam schema intent` prints every key a document may have"
        );
    }
    if message.contains("invalid type") || message.contains("invalid value") {
        return format!("{message}. Write a value of the type the key takes");
    }
    if message.contains("missing field") {
        return format!("{message}. Add it");
    }
    if message.contains("unknown variant") {
        return format!("{message}. Use one of the values listed");
    }
    message.to_owned()
}

fn finish(message: &str) -> String {
    let message = message
        .replace("expected u16", "expected a whole number")
        .replace("expected i64", "expected a whole number");
    let mut text = with_fix(&message);
    if !text.ends_with('.') {
        text.push('.');
    }
    text
}

fn parse<T: DeserializeOwned>(text: &str, file: &str, json: bool) -> Result<T, DocumentError> {
    if json {
        serde_json::from_str(text).map_err(|e| DocumentError {
            file: file.to_owned(),
            line: Some(e.line()),
            column: Some(e.column()),
            message: finish(&strip_position(&e.to_string())),
        })
    } else {
        serde_norway::from_str(text).map_err(|e| {
            let location = e.location();
            DocumentError {
                file: file.to_owned(),
                line: location.as_ref().map(|l| l.line()),
                column: location.as_ref().map(|l| l.column()),
                message: finish(&strip_position(&e.to_string())),
            }
        })
    }
}

/// The `kind:` a document says it is.
fn stated_kind(text: &str, json: bool) -> Option<String> {
    if json {
        let value: serde_json::Value = serde_json::from_str(text).ok()?;
        value.get("kind")?.as_str().map(str::to_owned)
    } else {
        let value: serde_norway::Value = serde_norway::from_str(text).ok()?;
        value.get("kind")?.as_str().map(str::to_owned)
    }
}

/// The 1-based line of each item of the top-level list `key:` (YAML read as text; JSON: the
/// line of each item's opening brace at the list's depth).
fn item_lines(text: &str, key: &str, json: bool) -> Vec<u32> {
    let mut out = Vec::new();
    if json {
        let needle = format!("\"{key}\"");
        let Some(start) = text.find(&needle) else {
            return out;
        };
        let mut depth = 0i32;
        let mut in_string = false;
        let mut escaped = false;
        let mut started = false;
        for (offset, c) in text[start + needle.len()..].char_indices() {
            if in_string {
                match c {
                    '\\' if !escaped => escaped = true,
                    '"' if !escaped => in_string = false,
                    _ => escaped = false,
                }
                continue;
            }
            match c {
                '"' => in_string = true,
                '[' | '{' => {
                    if c == '{' && depth == 1 && started {
                        let at = start + needle.len() + offset;
                        out.push(line_of(text, at));
                    }
                    if c == '[' && depth == 0 {
                        started = true;
                    }
                    depth += 1;
                }
                ']' | '}' => {
                    depth -= 1;
                    if depth == 0 && started {
                        break;
                    }
                }
                _ => {}
            }
        }
        return out;
    }
    let mut lines = text.lines().enumerate();
    let header = format!("{key}:");
    if lines
        .by_ref()
        .find(|(_, l)| l.trim_end() == header)
        .is_none()
    {
        return out;
    }
    let mut indent: Option<usize> = None;
    for (number, line) in lines {
        let trimmed = line.trim_start();
        let width = line.len() - trimmed.len();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if trimmed.starts_with("- ") || trimmed == "-" {
            if indent.is_none() {
                indent = Some(width);
            }
            if Some(width) == indent {
                out.push(u32::try_from(number + 1).unwrap_or(u32::MAX));
            }
        } else if width == 0 {
            break;
        }
    }
    out
}

/// The line of the top-level key `key` (YAML: a line starting `key:`; JSON: the first `"key"`).
fn key_line(text: &str, key: &str, json: bool) -> u32 {
    let found = if json {
        text.find(&format!("\"{key}\"")).map(|at| line_of(text, at))
    } else {
        text.lines()
            .position(|l| l.starts_with(&format!("{key}:")))
            .map(|i| u32::try_from(i + 1).unwrap_or(u32::MAX))
    };
    found.unwrap_or(1)
}

fn line_of(text: &str, offset: usize) -> u32 {
    let line = text[..offset].bytes().filter(|b| *b == b'\n').count() + 1;
    u32::try_from(line).unwrap_or(u32::MAX)
}

/// An inferred draft (`source: inferred`, written by `seam intent draft`) whose purpose or
/// audience is still blank is refused until a person fills them in.
fn refuse_blank_draft(
    file: &str,
    source: crate::document::Source,
    purpose: &str,
    audience: &str,
) -> Result<(), DocumentError> {
    let blanks: Vec<&str> = [("purpose", purpose), ("audience", audience)]
        .into_iter()
        .filter(|(_, v)| v.trim().is_empty())
        .map(|(k, _)| k)
        .collect();
    if source == crate::document::Source::Author || blanks.is_empty() {
        return Ok(());
    }
    Err(DocumentError {
        file: file.to_owned(),
        line: None,
        column: None,
        message: format!(
            "the document is an inferred draft with blanks still in it ({}); fill them in, and set `source: inferred, curated` once a person has checked the draft.",
            blanks.join(", ")
        ),
    })
}

/// Reads one document's text; `file` names it in errors and findings.
pub fn read_document(file: &str, text: &str) -> Result<Document, DocumentError> {
    let json = file.ends_with(".json");
    let Some(named) = document_kind(file) else {
        return Err(DocumentError {
            file: file.to_owned(),
            line: None,
            column: None,
            message: "the file name says neither `.intent` nor `.prd`; name it `<name>.intent.yaml` for a boundary intent or `<name>.prd.yaml` for a PRD.".to_owned(),
        });
    };
    let expected = match named {
        DocumentKind::Boundary => "boundary",
        DocumentKind::Prd => "prd",
    };
    // A document that is not even YAML or JSON gets the parser's own position.
    if let Some(kind) = stated_kind(text, json)
        && kind != expected
    {
        return Err(DocumentError {
            file: file.to_owned(),
            line: Some(
                text.lines()
                    .position(|l| l.contains("kind"))
                    .map_or(1, |i| i + 1),
            ),
            column: Some(1),
            message: format!(
                "the file name says `kind: {expected}`, but the document says `kind: {kind}`; rename the file to `*.{}.yaml`, or correct `kind`.",
                if kind == "prd" { "prd" } else { "intent" }
            ),
        });
    }
    let empty = |what: &str| DocumentError {
        file: file.to_owned(),
        line: Some(1),
        column: Some(1),
        message: format!("the document has no {what}; add at least one."),
    };
    match named {
        DocumentKind::Boundary => {
            let intent: BoundaryIntent = parse(text, file, json)?;
            if intent.transitions.is_empty() {
                return Err(empty("`transitions`"));
            }
            refuse_blank_draft(file, intent.source, &intent.purpose, &intent.audience)?;
            let mut outcome_lines = item_lines(text, "transitions", json);
            outcome_lines.resize(intent.transitions.len(), 1);
            Ok(Document {
                file: file.to_owned(),
                body: DocumentBody::Boundary(Box::new(intent)),
                outcome_lines,
                scenario_lines: Vec::new(),
                boundary_line: key_line(text, "boundary", json),
            })
        }
        DocumentKind::Prd => {
            let prd: Prd = parse(text, file, json)?;
            if prd.scenarios.is_empty() {
                return Err(empty("`scenarios`"));
            }
            refuse_blank_draft(file, prd.source, &prd.purpose, &prd.audience)?;
            let mut scenario_lines = item_lines(text, "scenarios", json);
            scenario_lines.resize(prd.scenarios.len(), 1);
            Ok(Document {
                file: file.to_owned(),
                body: DocumentBody::Prd(prd),
                outcome_lines: Vec::new(),
                scenario_lines,
                boundary_line: 1,
            })
        }
    }
}

/// Reads the documents `files` names under `root`, in order; the first that cannot be read
/// is the error.
pub fn read_documents(root: &Path, files: &[&str]) -> Result<Vec<Document>, DocumentError> {
    let mut out = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(root.join(file)).map_err(|e| DocumentError {
            file: (*file).to_owned(),
            line: None,
            column: None,
            message: format!(
                "the file could not be read ({e}); check that it exists and is UTF-8 text."
            ),
        })?;
        out.push(read_document(file, &text)?);
    }
    Ok(out)
}
