//! OpenAPI 3.0 and 3.1 documents, and Swagger 2.0 ones, (YAML or JSON) into provider
//! summaries, one per operation.
//!
//! Each operation becomes a `handler` summary with `confidence.source: derived`, a REST
//! binding (`transport: http`, `recognition: openapi`, the method upper-cased and the path as
//! the document writes it, `{x}` holes, behind the server base path) and one transition per
//! declared response, in document order:
//!
//! - a literal status (`"404"`) has `statusCode: {type: literal, value: 404}`;
//! - a class (`"4XX"`) has `statusCode: null` and `metadata.http.statusRange {min, max, spec}`;
//! - `default` has `statusCode: null` and is the summary's `isDefault` transition.
//!
//! Transition ids are `${name}:response:${status as written}:${hash7}` with no conditions.
//! `metadata.http.declaredContract` repeats the responses the way suss writes a contract
//! (`framework: openapi`, `provenance: derived`, `responses`, `responseRanges`,
//! `defaultResponse`), and `metadata.openapi` keeps `operationId`, `summary` and `tags`, and
//! `secured: true` when the operation requires authentication (its own `security`, else the
//! document's, lists only non-empty requirements).
//! `rest.declaredResponses` is left out: it holds numbers only and cannot state a class or
//! `default`, and suss leaves it out for OpenAPI too.
//!
//! # Servers
//!
//! The path part of each server URL (`https://api.example.com/v1` → `/v1`; a relative URL is
//! already a path) goes in front of every route; servers on a path item or an operation
//! replace the document's for it. Server variables are replaced by their `default` before the
//! URL is read, so a variable holding a scheme or host (`{server}/api/v1` with `server:
//! {default: http://localhost:5055}`) never reaches the path; a variable with no default that
//! begins the URL is the origin. A variable wholly in the path is `(a|b)` when it lists
//! several `enum` values, else its default, else (no default) a `{name}` hole. Several distinct base paths give ONE summary whose path is an
//! alternation, `(/v1|/v2)/users` (an empty base is an empty option, `(|/api)/users`): in the
//! route grammar that pairs with a handler serving any of them, so a repository that serves
//! one of several deployments' prefixes has no spurious unimplemented operation.
//!
//! # Swagger 2.0
//!
//! A `swagger: "2.0"` document gives the summaries the same API written in OpenAPI 3 gives:
//! `basePath` is the one base path (`host` and `schemes` say where the API is deployed, not
//! its routes); a parameter's own `type`, `items` and `enum` are its schema; the `in: body`
//! parameter's `schema` is the request body (named `body`), and the `in: formData`
//! parameters together are a request body record of those fields (`type: file` is `text`,
//! as OpenAPI 3's `string`/`binary`); a response's `schema` is its body whatever it
//! `produces`; `#/definitions/…`, `#/parameters/…` and `#/responses/…` `$ref`s are followed
//! like their `components` counterparts, and `x-nullable: true` adds `null`.
//!
//! # What cannot be read
//!
//! A document that does not parse, names no version this reader knows, or spends the work
//! allowed on its schemas is an error. A bad spot inside it is not: a `$ref` that leads
//! nowhere (a missing pointer or file, a file outside the boundary, a cycle of `$ref`s that
//! never reaches an object) leaves out the response or the operation holding it, and a
//! response key that is no status leaves out that response; each gives a note
//! ([`ContractRead::notes`]) saying what was left out, and the rest of the document is read.
//! A key that starts with a status code and goes on after a space (`204 NO_CONTENT`) is that
//! status.
//!
//! # Names and places
//!
//! The name is the `operationId`, or `METHOD /served/path` without one; the id is
//! `${file}::${name}` with the root document as the file (a collision within the file gets
//! `#METHOD path`, then `@2`, `@3`). The location is the root document and the lines of the
//! operation in it (for a path item held in another file, the line of its `$ref`).

pub mod document;
pub mod locate;
pub mod shape;

use std::collections::BTreeMap;
use std::path::Path;

use indexmap::IndexMap;
use seam_ir::summary::{
    BehavioralSummary, BoundaryBinding, CodeUnitIdentity, CodeUnitKind, ConfidenceInfo,
    ConfidenceLevel, ConfidenceSource, Input, LineRange, LiteralValue, LiteralValueRef, Output,
    ParameterInput, RecordShape, ResponseOutput, SchemaVersion, SourceLocation, Transition,
    TypeShape, ValueRef, summary_id, transition_id,
};
use serde_json::{Map, Value, json};

use document::{DocId, DocumentSet, RefTarget};
use locate::child_pointer;
use shape::{ShapeReader, optional};

use crate::error::ContractError;

const METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

/// Reads the OpenAPI document at `path` (and the sibling files its `$ref`s name); `label` is
/// the file as summaries and messages name it (project-relative, `/`-separated).
/// `$ref`s may name files in the document's own folder and below it. The notes of what was
/// left out are dropped; [`read_openapi_noting`] keeps them.
pub fn read_openapi(path: &Path, label: &str) -> Result<Vec<BehavioralSummary>, ContractError> {
    read_openapi_noting(path, label, own_folder(path)).map(|read| read.summaries)
}

/// [`read_openapi`] with `$ref`s allowed to any file under `boundary` (the repository root).
pub fn read_openapi_within(
    path: &Path,
    label: &str,
    boundary: &Path,
) -> Result<Vec<BehavioralSummary>, ContractError> {
    read_openapi_noting(path, label, boundary).map(|read| read.summaries)
}

/// [`read_openapi_within`], with a note for each operation or response left out.
pub fn read_openapi_noting(
    path: &Path,
    label: &str,
    boundary: &Path,
) -> Result<ContractRead, ContractError> {
    let mut docs = DocumentSet::open(path, label, boundary)?;
    summaries(&mut docs)
}

/// [`read_openapi`] over text already in memory; sibling `$ref`s resolve next to `path`.
pub fn read_openapi_text(
    path: &Path,
    label: &str,
    text: &str,
) -> Result<Vec<BehavioralSummary>, ContractError> {
    read_openapi_text_noting(path, label, text).map(|read| read.summaries)
}

/// [`read_openapi_text`], with a note for each operation or response left out.
pub fn read_openapi_text_noting(
    path: &Path,
    label: &str,
    text: &str,
) -> Result<ContractRead, ContractError> {
    let mut docs = DocumentSet::from_text(path, label, text, own_folder(path))?;
    summaries(&mut docs)
}

/// The folder a file is in (`.` for a bare file name).
fn own_folder(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// A status key of a `responses` object.
#[derive(Debug, Clone, PartialEq, Eq)]
enum StatusKey {
    Exact(u16),
    Range { min: u16, max: u16 },
    Default,
}

/// The status a `responses` key names. A key that starts with a status code and goes on
/// after a space (`204 NO_CONTENT`, written by some generators) names that code.
fn status_key(key: &str) -> Option<StatusKey> {
    if key == "default" {
        return Some(StatusKey::Default);
    }
    let key = match key.split_once([' ', '\t']) {
        Some((code, _))
            if code.len() == 3
                && code.bytes().all(|b| b.is_ascii_digit())
                && (b'1'..=b'5').contains(&code.as_bytes()[0]) =>
        {
            code
        }
        _ => key,
    };
    let bytes = key.as_bytes();
    if bytes.len() != 3 {
        return None;
    }
    if bytes.iter().all(u8::is_ascii_digit) {
        return key.parse().ok().map(StatusKey::Exact);
    }
    let class = bytes[0];
    if (b'1'..=b'5').contains(&class) && bytes[1..].iter().all(|b| *b == b'X' || *b == b'x') {
        let min = u16::from(class - b'0') * 100;
        return Some(StatusKey::Range { min, max: min + 99 });
    }
    None
}

/// One piece of a server URL template: text as written, or a `{variable}`.
enum UrlPiece<'a> {
    Text(&'a str),
    Variable(&'a str),
}

fn url_pieces(url: &str) -> Vec<UrlPiece<'_>> {
    let mut pieces = Vec::new();
    let mut rest = url;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        if open > 0 {
            pieces.push(UrlPiece::Text(&rest[..open]));
        }
        pieces.push(UrlPiece::Variable(&rest[open + 1..open + close]));
        rest = &rest[open + close + 1..];
    }
    if !rest.is_empty() {
        pieces.push(UrlPiece::Text(rest));
    }
    pieces
}

/// Where the path of a URL starts: after `scheme://authority` or `//authority`; 0 for a
/// relative URL (which is a path).
fn path_start(url: &str) -> usize {
    let authority = match url.find("://") {
        Some(at) if !url[..at].contains('/') => at + 3,
        _ if url.starts_with("//") => 2,
        _ => return 0,
    };
    url[authority..]
        .find('/')
        .map_or(url.len(), |slash| authority + slash)
}

/// The path part of a server URL, without a trailing `/`.
///
/// Each variable is first replaced by its `default` (what the OpenAPI specification says is
/// sent when nothing else is given), and the URL read after that: its scheme and host are not
/// part of the path, whatever wrote them. A variable that lies wholly in the path is `(a|b)`
/// when it lists several `enum` values (one is itself), else its default, else a `{name}` hole. A variable
/// with no default that begins the URL, or whose default is a host (`localhost:5055`,
/// `api.example.com`), stands for the origin.
fn server_base(server: &Map<String, Value>) -> String {
    let url = server
        .get("url")
        .and_then(Value::as_str)
        .unwrap_or("")
        .trim();
    let variables = server.get("variables").and_then(Value::as_object);
    let variable = |name: &str| {
        variables
            .and_then(|v| v.get(name))
            .and_then(Value::as_object)
    };
    let default_of = |name: &str| {
        variable(name)
            .and_then(|v| v.get("default"))
            .and_then(Value::as_str)
    };
    let pieces = url_pieces(url);
    // The URL with every default written in, and the span each piece covers in it.
    let mut expanded = String::new();
    let mut spans = Vec::with_capacity(pieces.len());
    for (i, piece) in pieces.iter().enumerate() {
        let start = expanded.len();
        match piece {
            UrlPiece::Text(text) => expanded.push_str(text),
            UrlPiece::Variable(name) => match default_of(name) {
                Some(value) => expanded.push_str(value),
                // Unknown, and where the origin goes: it is the origin.
                None if i == 0 => {}
                None => {
                    expanded.push('{');
                    expanded.push_str(name);
                    expanded.push('}');
                }
            },
        }
        spans.push((start, expanded.len()));
    }
    let mut start = path_start(&expanded);
    if start == 0
        && let Some(UrlPiece::Variable(name)) = pieces.first()
        && let Some(value) = default_of(name)
        && !value.starts_with('/')
        && (value.contains(':') || value.contains('.') || value == "localhost")
    {
        // `{server}/api` with `server: {default: localhost:5055}`: a host without a scheme.
        start = spans[0].1;
    }
    let mut out = String::new();
    for (piece, &(from, to)) in pieces.iter().zip(&spans) {
        if to <= start {
            continue;
        }
        if let UrlPiece::Variable(name) = piece
            && from >= start
        {
            let choices: Vec<&str> = variable(name)
                .and_then(|v| v.get("enum"))
                .and_then(Value::as_array)
                .map(|list| list.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            match choices.as_slice() {
                [] => {}
                [one] => {
                    out.push_str(one);
                    continue;
                }
                several => {
                    out.push('(');
                    out.push_str(&several.join("|"));
                    out.push(')');
                    continue;
                }
            }
        }
        out.push_str(&expanded[from.max(start)..to]);
    }
    let mut path = out.split(['?', '#']).next().unwrap_or("").to_owned();
    // A default ending in `/` before text starting with one.
    while path.contains("//") {
        path = path.replace("//", "/");
    }
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() || trimmed.starts_with('/') || trimmed.starts_with('(') {
        trimmed.to_owned()
    } else {
        format!("/{trimmed}")
    }
}

/// The distinct base paths of a `servers` list, in order; `None` when there is no list.
fn server_bases(servers: Option<&Value>) -> Option<Vec<String>> {
    let list = servers?.as_array()?;
    if list.is_empty() {
        return None;
    }
    let mut bases: Vec<String> = Vec::new();
    for server in list.iter().filter_map(Value::as_object) {
        let base = server_base(server);
        if !bases.contains(&base) {
            bases.push(base);
        }
    }
    Some(bases)
}

fn served_path(bases: &[String], path: &str) -> String {
    match bases {
        [] => path.to_owned(),
        [one] => format!("{one}{path}"),
        several => format!("({}){path}", several.join("|")),
    }
}

/// The media type whose schema gives a body: `application/json`, else the first `…+json` or
/// `*/*`-style JSON type in document order, else the first in sorted order.
fn chosen_media(content: &Map<String, Value>) -> Option<&str> {
    let keys: Vec<&str> = content.keys().map(String::as_str).collect();
    let base = |k: &str| k.split(';').next().unwrap_or(k).trim().to_ascii_lowercase();
    keys.iter()
        .find(|k| base(k) == "application/json")
        .or_else(|| keys.iter().find(|k| base(k).ends_with("+json")))
        .copied()
        .or_else(|| keys.iter().min().copied())
}

struct Operation<'p> {
    method: &'static str,
    path: &'p str,
    /// Where the path item's value is (after following a `$ref` on the path item).
    item_doc: DocId,
    item_pointer: String,
    op_pointer: String,
    /// The lines the summary points at, in the root document.
    lines: (u32, u32),
}

/// Follows `$ref`s on a component (parameter, response, request body, path item) to the
/// object it names; `None` for a URL this reader does not fetch.
fn resolve_object(
    docs: &mut DocumentSet,
    mut doc: DocId,
    mut pointer: String,
) -> Result<Option<(DocId, String)>, ContractError> {
    // A chain of component refs is short; a cycle among them is an error, not a loop.
    for _ in 0..32 {
        let document = docs.get(doc);
        let Some(reference) = document.value.pointer(&pointer).and_then(|v| v.get("$ref")) else {
            return Ok(Some((doc, pointer)));
        };
        let Some(reference) = reference.as_str() else {
            return Err(ContractError::at(
                document.label.clone(),
                document.lines.line(&format!("{pointer}/$ref")),
                None,
                "A $ref must be a string such as `#/components/responses/NotFound`.",
            ));
        };
        match docs.resolve(doc, &pointer, reference)? {
            RefTarget::Remote(_) => return Ok(None),
            RefTarget::Local { doc: d, pointer: p } => {
                doc = d;
                pointer = p;
            }
        }
    }
    let document = docs.get(doc);
    Err(ContractError::at(
        document.label.clone(),
        document.lines.line(&pointer),
        None,
        "These $refs lead back to each other and never reach an object.",
    ))
}

/// Which specification a document follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// OpenAPI 3.0 or 3.1.
    OpenApi3,
    /// Swagger 2.0: `basePath`, `definitions`, body and form parameters, a response's
    /// `schema` without media types.
    Swagger2,
}

/// What was read from a contract: its summaries, and what was left out of them. Each note
/// names the place of one operation or response that could not be read (a `$ref` that leads
/// nowhere, a response key that is no status) and says it was left out; the rest of the
/// document is read.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ContractRead {
    pub summaries: Vec<BehavioralSummary>,
    pub notes: Vec<ContractError>,
}

impl From<Vec<BehavioralSummary>> for ContractRead {
    /// Summaries read whole, with nothing left out.
    fn from(summaries: Vec<BehavioralSummary>) -> Self {
        Self {
            summaries,
            notes: Vec::new(),
        }
    }
}

/// The specification the root document says it follows, or why it cannot be read; `None`
/// for a piece of a document (no `openapi`, `swagger` or `info` field).
fn dialect(root: &document::Document) -> Result<Option<Dialect>, ContractError> {
    let version_of = |key: &str| {
        root.value.get(key).and_then(|v| match v {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        })
    };
    let label = root.label.clone();
    if let Some(v) = version_of("openapi") {
        if v.starts_with("3.") {
            return Ok(Some(Dialect::OpenApi3));
        }
        return Err(ContractError::at(
            label,
            root.lines.line("/openapi"),
            None,
            format!(
                "This document says `openapi: {v}`; only OpenAPI 3.0 and 3.1 and Swagger 2.0 are read."
            ),
        ));
    }
    if let Some(v) = version_of("swagger") {
        if v == "2.0" || v == "2" {
            return Ok(Some(Dialect::Swagger2));
        }
        return Err(ContractError::at(
            label,
            root.lines.line("/swagger"),
            None,
            format!(
                "This document says `swagger: {v}`; only Swagger 2.0 and OpenAPI 3.0 and 3.1 are read."
            ),
        ));
    }
    // A piece of a document (paths or components only, no `openapi`, `swagger` or
    // `info`), as projects keep beside each route file and merge when they build the
    // whole: it declares nothing on its own, so it is no contract rather than a broken one.
    if root.value.get("info").is_none() {
        return Ok(None);
    }
    Err(ContractError::at(
        label,
        1,
        None,
        "This is not an OpenAPI document: it has no `openapi: 3.x` or `swagger: \"2.0\"` field at the top.",
    ))
}

/// The base path of a Swagger 2.0 document: its `basePath` (`/api/v1/` → `/api/v1`, `/` →
/// nothing). `host` and `schemes` name where the API is deployed, not its routes.
fn swagger_base(root: &Value) -> Vec<String> {
    let Some(base) = root.get("basePath").and_then(Value::as_str) else {
        return Vec::new();
    };
    let base = server_base(&Map::from_iter([(
        "url".to_owned(),
        Value::String(base.to_owned()),
    )]));
    if base.is_empty() {
        Vec::new()
    } else {
        vec![base]
    }
}

/// The note for a part of the document left out: the problem, then what was left out.
fn left_out(mut error: ContractError, what: &str) -> ContractError {
    error.reason = format!(
        "{} {what} is left out; the rest of the document is read.",
        error.reason
    );
    error
}

fn summaries(docs: &mut DocumentSet) -> Result<ContractRead, ContractError> {
    let root = docs.root();
    let label = root.label.clone();
    let Some(dialect) = dialect(&root)? else {
        return Ok(ContractRead::default());
    };
    docs.dialect = dialect;
    let document_bases = match dialect {
        Dialect::OpenApi3 => server_bases(root.value.get("servers")).unwrap_or_default(),
        Dialect::Swagger2 => swagger_base(&root.value),
    };

    let Some(paths) = root.value.get("paths").and_then(Value::as_object) else {
        return Ok(ContractRead::default());
    };
    let mut read = ContractRead::default();
    for (path, item) in paths {
        if path.starts_with("x-") || !item.is_object() {
            continue;
        }
        let path_pointer = child_pointer("/paths", path);
        let resolved = match resolve_object(docs, 0, path_pointer.clone()) {
            Ok(resolved) => resolved,
            Err(e) if !docs.exhausted() => {
                read.notes.push(left_out(e, &format!("The path `{path}`")));
                continue;
            }
            Err(e) => return Err(e),
        };
        let Some((item_doc, item_pointer)) = resolved else {
            continue;
        };
        let item_document = docs.get(item_doc);
        let Some(item_value) = item_document
            .value
            .pointer(&item_pointer)
            .and_then(Value::as_object)
        else {
            continue;
        };
        let item_bases = match dialect {
            Dialect::OpenApi3 => server_bases(item_value.get("servers")),
            Dialect::Swagger2 => None,
        };
        for method in METHODS {
            let Some(op) = item_value.get(method).and_then(Value::as_object) else {
                continue;
            };
            let op_pointer = child_pointer(&item_pointer, method);
            let lines = if item_doc == 0 {
                root.lines.span(&op_pointer)
            } else {
                let line = root.lines.line(&path_pointer);
                (line, line)
            };
            let op_bases = match dialect {
                Dialect::OpenApi3 => server_bases(op.get("servers")),
                Dialect::Swagger2 => None,
            };
            let bases = op_bases
                .or_else(|| item_bases.clone())
                .unwrap_or_else(|| document_bases.clone());
            let operation = Operation {
                method,
                path,
                item_doc,
                item_pointer: item_pointer.clone(),
                op_pointer,
                lines,
            };
            match operation_summary(docs, &label, &operation, &bases, &mut read.notes) {
                Ok(summary) => read.summaries.push(summary),
                Err(e) if !docs.exhausted() => read.notes.push(left_out(
                    e,
                    &format!("The operation {} {path}", method.to_ascii_uppercase()),
                )),
                Err(e) => return Err(e),
            }
        }
    }
    disambiguate(&mut read.summaries);
    Ok(read)
}

/// Whether a `security` value requires authentication: a list of requirements none of which
/// is empty (`{}` lets a request in without credentials).
fn requires_authentication(security: Option<&Value>) -> bool {
    match security.and_then(Value::as_array) {
        Some(list) => {
            !list.is_empty()
                && list
                    .iter()
                    .all(|r| r.as_object().is_some_and(|o| !o.is_empty()))
        }
        None => false,
    }
}

/// Ids that two operations of one document would share get `#METHOD path`, then `@n`.
fn disambiguate(summaries: &mut [BehavioralSummary]) {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for s in summaries.iter() {
        *counts
            .entry(s.identity.id.clone().unwrap_or_default())
            .or_default() += 1;
    }
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for s in summaries.iter_mut() {
        let id = s.identity.id.clone().unwrap_or_default();
        if counts.get(&id).copied().unwrap_or(0) < 2 {
            continue;
        }
        let label = match s.identity.boundary_binding.as_ref().map(|b| &b.semantics) {
            Some(seam_ir::summary::Semantics::Rest(rest)) => format!(
                "{} {}",
                rest.method.as_deref().unwrap_or("*"),
                rest.path.as_deref().unwrap_or("")
            ),
            _ => String::new(),
        };
        let mut new_id = format!("{id}#{label}");
        let n = seen.entry(new_id.clone()).or_default();
        *n += 1;
        if *n > 1 {
            new_id = format!("{new_id}@{n}");
        }
        s.identity.id = Some(new_id);
    }
}

fn operation_summary(
    docs: &mut DocumentSet,
    label: &str,
    op: &Operation<'_>,
    bases: &[String],
    notes: &mut Vec<ContractError>,
) -> Result<BehavioralSummary, ContractError> {
    let method = op.method.to_ascii_uppercase();
    let path = served_path(bases, op.path);
    let item_document = docs.get(op.item_doc);
    let op_value = item_document
        .value
        .pointer(&op.op_pointer)
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let operation_id = op_value
        .get("operationId")
        .and_then(Value::as_str)
        .map(str::to_owned);
    let name = operation_id
        .clone()
        .unwrap_or_else(|| format!("{method} {path}"));

    let document_security = docs.root().value.get("security").cloned();
    let secured = requires_authentication(op_value.get("security").or(document_security.as_ref()));

    let mut reader = ShapeReader::new(docs);
    let inputs = read_inputs(&mut reader, op, &op_value)?;
    let (transitions, contract) = read_responses(&mut reader, op, &op_value, &name, notes)?;
    let definitions = reader.take_definitions()?;

    let binding =
        BoundaryBinding::rest("http", Some(&method), Some(&path), "openapi").map_err(|e| {
            ContractError::at(
                label,
                op.lines.0,
                None,
                format!("The operation cannot be bound: {e}"),
            )
        })?;

    let mut metadata = IndexMap::new();
    metadata.insert(
        "openapi".to_owned(),
        json!({
            "operationId": operation_id,
            "summary": op_value.get("summary").and_then(Value::as_str),
            "tags": op_value.get("tags").and_then(Value::as_array).map(|t| {
                t.iter().filter_map(Value::as_str).map(|s| Value::String(s.to_owned())).collect::<Vec<_>>()
            }).unwrap_or_default(),
        }),
    );
    if secured && let Some(Value::Object(openapi)) = metadata.get_mut("openapi") {
        openapi.insert("secured".to_owned(), Value::Bool(true));
    }
    metadata.insert("http".to_owned(), json!({ "declaredContract": contract }));

    Ok(BehavioralSummary {
        kind: CodeUnitKind::Handler,
        location: SourceLocation {
            file: label.to_owned(),
            range: LineRange {
                start: op.lines.0,
                end: op.lines.1,
            },
            span: None,
            export_name: None,
            workspace: None,
            module: None,
        },
        identity: CodeUnitIdentity {
            name: name.clone(),
            name_kind: None,
            export_path: None,
            boundary_binding: Some(binding),
            deployable_unit: None,
            id: Some(summary_id(None, label, &name)),
        },
        inputs,
        transitions,
        gaps: Vec::new(),
        confidence: ConfidenceInfo {
            source: ConfidenceSource::Derived,
            level: ConfidenceLevel::High,
            corroboration: None,
        },
        definitions: (!definitions.is_empty()).then(|| definitions.into_iter().collect()),
        input_reads: None,
        receiver_class: None,
        metadata: Some(metadata),
        schema_version: SchemaVersion,
    })
}

/// Path-level parameters, replaced by an operation's own with the same name and `in`, then the
/// request body. Roles: `pathParams`, `queryParams`, `headers`, `cookies`, `requestBody`.
///
/// In Swagger 2.0 a parameter's own `type`, `items` and `enum` are its schema; the `in: body`
/// parameter's `schema` is the request body, and `in: formData` parameters together are a
/// request body whose fields they are (as an OpenAPI 3 form body's object schema would be).
fn read_inputs(
    reader: &mut ShapeReader<'_>,
    op: &Operation<'_>,
    op_value: &Map<String, Value>,
) -> Result<Vec<Input>, ContractError> {
    let swagger = reader.docs().dialect == Dialect::Swagger2;
    let item_doc = op.item_doc;
    // (in, name) → (doc, pointer), operation entries first so they win.
    let mut merged: IndexMap<(String, String), (DocId, String)> = IndexMap::new();
    let mut lists = vec![(item_doc, child_pointer(&op.op_pointer, "parameters"))];
    lists.push((item_doc, child_pointer(&op.item_pointer, "parameters")));
    for (doc, list_pointer) in lists {
        let count = reader
            .docs()
            .get(doc)
            .value
            .pointer(&list_pointer)
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        for i in 0..count {
            let Some((pdoc, ppointer)) =
                resolve_object(reader.docs(), doc, format!("{list_pointer}/{i}"))?
            else {
                continue;
            };
            let document = reader.docs().get(pdoc);
            let Some(param) = document.value.pointer(&ppointer) else {
                continue;
            };
            let (Some(name), Some(location)) = (
                param.get("name").and_then(Value::as_str),
                param.get("in").and_then(Value::as_str),
            ) else {
                continue;
            };
            merged
                .entry((location.to_owned(), name.to_owned()))
                .or_insert((pdoc, ppointer.clone()));
        }
    }

    let mut inputs = Vec::new();
    let mut swagger_body = None;
    let mut form_fields: IndexMap<String, TypeShape> = IndexMap::new();
    for ((location, name), (pdoc, ppointer)) in merged {
        let document = reader.docs().get(pdoc);
        let param = document
            .value
            .pointer(&ppointer)
            .cloned()
            .unwrap_or(Value::Null);
        let required = location == "path" || param.get("required") == Some(&Value::Bool(true));
        if swagger {
            match location.as_str() {
                "body" => {
                    if swagger_body.is_none() {
                        swagger_body = Some((pdoc, child_pointer(&ppointer, "schema")));
                    }
                    continue;
                }
                "formData" => {
                    let shape = swagger_parameter_shape(reader, pdoc, &ppointer, &param)?;
                    form_fields.insert(name, if required { shape } else { optional(shape) });
                    continue;
                }
                _ => {}
            }
        }
        let role = match location.as_str() {
            "path" => "pathParams",
            "query" => "queryParams",
            "header" => "headers",
            "cookie" => "cookies",
            other => other,
        };
        let shape = if swagger {
            swagger_parameter_shape(reader, pdoc, &ppointer, &param)?
        } else {
            let schema_pointer = if param.get("schema").is_some() {
                Some(child_pointer(&ppointer, "schema"))
            } else {
                param
                    .get("content")
                    .and_then(Value::as_object)
                    .and_then(|content| {
                        chosen_media(content).map(|media| {
                            child_pointer(
                                &child_pointer(&child_pointer(&ppointer, "content"), media),
                                "schema",
                            )
                        })
                    })
            };
            match schema_pointer {
                Some(p) => reader.shape_at(pdoc, &p)?,
                None => TypeShape::Unknown,
            }
        };
        inputs.push(Input::Parameter(ParameterInput {
            name,
            position: 0,
            role: Some(role.to_owned()),
            shape: Some(if required { shape } else { optional(shape) }),
            field: None,
        }));
    }

    let body = if swagger {
        match swagger_body {
            Some((bdoc, schema_pointer)) => Some(reader.shape_at(bdoc, &schema_pointer)?),
            None if !form_fields.is_empty() => Some(TypeShape::Record(RecordShape {
                properties: form_fields,
                spreads: None,
            })),
            None => None,
        }
    } else if op_value.contains_key("requestBody")
        && let Some((bdoc, bpointer)) = resolve_object(
            reader.docs(),
            item_doc,
            child_pointer(&op.op_pointer, "requestBody"),
        )?
    {
        Some(body_shape(reader, bdoc, &bpointer)?.unwrap_or(TypeShape::Unknown))
    } else {
        None
    };
    if let Some(shape) = body {
        inputs.push(Input::Parameter(ParameterInput {
            name: "body".to_owned(),
            position: 0,
            role: Some("requestBody".to_owned()),
            shape: Some(shape),
            field: None,
        }));
    }
    Ok(inputs)
}

/// A Swagger 2.0 parameter other than the body: the parameter object is its own schema (its
/// `type`, `format`, `items`, `enum`); without a `type` nothing is known of it.
fn swagger_parameter_shape(
    reader: &mut ShapeReader<'_>,
    doc: DocId,
    pointer: &str,
    param: &Value,
) -> Result<TypeShape, ContractError> {
    if param.get("type").is_some() {
        reader.shape_at(doc, pointer)
    } else if param.get("schema").is_some() {
        // Not Swagger 2.0, but written by some generators: read what it says.
        reader.shape_at(doc, &child_pointer(pointer, "schema"))
    } else {
        Ok(TypeShape::Unknown)
    }
}

/// The shape of the chosen media type's schema under `content`, or `None` without content.
fn body_shape(
    reader: &mut ShapeReader<'_>,
    doc: DocId,
    pointer: &str,
) -> Result<Option<TypeShape>, ContractError> {
    let document = reader.docs().get(doc);
    if reader.docs().dialect == Dialect::Swagger2 {
        // A Swagger 2.0 response's `schema` stands for every type it `produces`.
        if document
            .value
            .pointer(pointer)
            .and_then(|v| v.get("schema"))
            .is_none()
        {
            return Ok(None);
        }
        return reader
            .shape_at(doc, &child_pointer(pointer, "schema"))
            .map(Some);
    }
    let Some(content) = document
        .value
        .pointer(pointer)
        .and_then(|v| v.get("content"))
        .and_then(Value::as_object)
    else {
        return Ok(None);
    };
    let Some(media) = chosen_media(content) else {
        return Ok(None);
    };
    let media_pointer = child_pointer(&child_pointer(pointer, "content"), media);
    if document
        .value
        .pointer(&format!("{media_pointer}/schema"))
        .is_none()
    {
        return Ok(None);
    }
    reader
        .shape_at(doc, &child_pointer(&media_pointer, "schema"))
        .map(Some)
}

fn read_responses(
    reader: &mut ShapeReader<'_>,
    op: &Operation<'_>,
    op_value: &Map<String, Value>,
    name: &str,
    notes: &mut Vec<ContractError>,
) -> Result<(Vec<Transition>, Value), ContractError> {
    let mut transitions = Vec::new();
    let mut responses = Vec::new();
    let mut ranges = Vec::new();
    let mut default_response = None;
    let responses_pointer = child_pointer(&op.op_pointer, "responses");
    let keys: Vec<String> = op_value
        .get("responses")
        .and_then(Value::as_object)
        .map(|r| r.keys().cloned().collect())
        .unwrap_or_default();
    for key in keys {
        if key.starts_with("x-") {
            continue;
        }
        let entry_pointer = child_pointer(&responses_pointer, &key);
        let document = reader.docs().get(op.item_doc);
        let line = document.lines.line(&entry_pointer);
        let what = || {
            format!(
                "The response `{key}` of {} {}",
                op.method.to_ascii_uppercase(),
                op.path
            )
        };
        let Some(status) = status_key(&key) else {
            notes.push(ContractError::at(
                document.label.clone(),
                line,
                None,
                format!(
                    "The response key `{key}` of {} {} is not a status code, a class such as `4XX`, or `default`; that response is left out, the rest of the document is read.",
                    op.method.to_ascii_uppercase(),
                    op.path
                ),
            ));
            continue;
        };
        let body = match resolve_object(reader.docs(), op.item_doc, entry_pointer.clone()).and_then(
            |target| match target {
                Some((rdoc, rpointer)) => body_shape(reader, rdoc, &rpointer),
                None => Ok(None),
            },
        ) {
            Ok(body) => body,
            Err(e) if !reader.docs().exhausted() => {
                notes.push(left_out(e, &what()));
                continue;
            }
            Err(e) => return Err(e),
        };
        let body_json = serde_json::to_value(&body).unwrap_or(Value::Null);
        let location = if op.item_doc == 0 {
            let (start, end) = document.lines.span(&entry_pointer);
            LineRange { start, end }
        } else {
            LineRange {
                start: op.lines.0,
                end: op.lines.1,
            }
        };
        let (status_code, is_default, metadata) = match status {
            StatusKey::Exact(code) => {
                responses.push(json!({ "statusCode": code, "body": body_json }));
                (
                    Some(ValueRef::Literal(LiteralValueRef {
                        value: LiteralValue::Number(code.into()),
                    })),
                    false,
                    None,
                )
            }
            StatusKey::Range { min, max } => {
                ranges.push(json!({ "min": min, "max": max, "spec": key, "body": body_json }));
                let mut metadata = IndexMap::new();
                metadata.insert(
                    "http".to_owned(),
                    json!({ "statusRange": { "min": min, "max": max, "spec": key } }),
                );
                (None, false, Some(metadata))
            }
            StatusKey::Default => {
                default_response = Some(json!({ "body": body_json }));
                (None, true, None)
            }
        };
        transitions.push(Transition {
            id: transition_id(name, "response", &key, &[]),
            conditions: Vec::new(),
            output: Output::Response(ResponseOutput {
                status_code,
                body,
                headers: IndexMap::new(),
            }),
            effects: Vec::new(),
            location,
            is_default,
            confidence: None,
            expected_input: None,
            provenance: None,
            metadata,
        });
    }
    let mut contract = json!({
        "framework": "openapi",
        "provenance": "derived",
        "responses": responses,
    });
    if let Value::Object(map) = &mut contract {
        if !ranges.is_empty() {
            map.insert("responseRanges".to_owned(), Value::Array(ranges));
        }
        if let Some(default_response) = default_response {
            map.insert("defaultResponse".to_owned(), default_response);
        }
    }
    Ok((transitions, contract))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_keys() {
        assert_eq!(status_key("200"), Some(StatusKey::Exact(200)));
        assert_eq!(
            status_key("4XX"),
            Some(StatusKey::Range { min: 400, max: 499 })
        );
        assert_eq!(
            status_key("5xx"),
            Some(StatusKey::Range { min: 500, max: 599 })
        );
        assert_eq!(status_key("default"), Some(StatusKey::Default));
        assert_eq!(status_key("6XX"), None);
        assert_eq!(status_key("20"), None);
        assert_eq!(status_key("2X0"), None);
        // A status code and a name after a space, as some generators write it.
        assert_eq!(status_key("204 NO_CONTENT"), Some(StatusKey::Exact(204)));
        assert_eq!(status_key("600 NOPE"), None);
        assert_eq!(status_key("OK"), None);
    }

    #[test]
    fn server_bases_take_the_path_part() {
        let base = |v: Value| server_base(&v.as_object().cloned().unwrap_or_default());
        assert_eq!(base(json!({"url": "https://api.example.com/v1/"})), "/v1");
        assert_eq!(base(json!({"url": "https://api.example.com"})), "");
        assert_eq!(base(json!({"url": "/api"})), "/api");
        assert_eq!(base(json!({"url": "api"})), "/api");
        assert_eq!(base(json!({"url": "//cdn.example.com/x?y=1"})), "/x");
        assert_eq!(
            base(
                json!({"url": "https://{host}/{version}/{tenant}", "variables": {"version": {"default": "v1", "enum": ["v1", "v2"]}, "tenant": {"default": "a"}}})
            ),
            "/(v1|v2)/a"
        );
        // The default is written in before the URL is read: a variable holding the origin
        // is not part of the path, whether it has a scheme or not.
        let with = |url: &str, default: &str| {
            base(json!({"url": url, "variables": {"server": {"default": default}}}))
        };
        assert_eq!(with("{server}/api/v1", "http://localhost:5055"), "/api/v1");
        assert_eq!(with("{server}/api/v1", "localhost:5055"), "/api/v1");
        assert_eq!(with("{server}/api/v1", "api.example.com"), "/api/v1");
        assert_eq!(
            with("{server}/api/v1", "https://example.com/base/"),
            "/base/api/v1"
        );
        assert_eq!(with("{server}/api/v1", "/root"), "/root/api/v1");
        assert_eq!(with("https://{server}/api", "example.com"), "/api");
        assert_eq!(with("/api/{server}", "v2"), "/api/v2");
        // No default: a variable beginning the URL is the origin, one in the path a hole.
        assert_eq!(base(json!({"url": "{server}/api/v1"})), "/api/v1");
        assert_eq!(base(json!({"url": "/api/{version}/x"})), "/api/{version}/x");
        assert_eq!(
            base(json!({"url": "/{v}", "variables": {"v": {"default": "v3", "enum": ["v3"]}}})),
            "/v3"
        );
        assert_eq!(
            served_path(&["/v1".into(), "/v2".into()], "/users"),
            "(/v1|/v2)/users"
        );
        assert_eq!(
            served_path(&["".into(), "/api".into()], "/users"),
            "(|/api)/users"
        );
        assert_eq!(served_path(&[], "/users"), "/users");
    }

    #[test]
    fn json_media_types_are_chosen_first() {
        let content = |keys: &[&str]| {
            keys.iter()
                .map(|k| ((*k).to_owned(), Value::Null))
                .collect::<Map<_, _>>()
        };
        assert_eq!(
            chosen_media(&content(&["text/plain", "application/json; charset=utf-8"])),
            Some("application/json; charset=utf-8")
        );
        assert_eq!(
            chosen_media(&content(&["text/xml", "application/problem+json"])),
            Some("application/problem+json")
        );
        assert_eq!(
            chosen_media(&content(&["text/xml", "text/plain"])),
            Some("text/plain")
        );
        assert_eq!(chosen_media(&content(&[])), None);
    }
}
