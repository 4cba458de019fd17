//! Finding the contracts of a repository: OpenAPI documents and Prisma schemas.
//!
//! The walk is seam-lang's (gitignore-aware, skipping `node_modules`, `dist`, `vendor`, …).
//! An OpenAPI document is a file named `openapi.{yaml,yml,json}`, `swagger.{…}` or
//! `*.openapi.{…}`, or any other YAML or JSON file whose first [`SNIFF_BYTES`] bytes hold a
//! top-level `openapi: 3…` or `swagger: 2…` (Swagger 2.0). A document written twice, as
//! `swagger.json` beside `swagger.yaml` with the same operations, is read once ([`drop_twins`]). A Prisma schema is a `.prisma` file; the files of a
//! `prisma/schema/` folder (Prisma's multi-file layout), or of any folder holding several
//! `.prisma` files, are one schema read together.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};

use seam_ir::summary::BehavioralSummary;

use crate::error::ContractError;
use crate::openapi::{ContractRead, read_openapi, read_openapi_noting, read_openapi_within};
use crate::prisma::{SchemaFile, read_prisma_file, read_prisma_folder};

/// How much of a YAML or JSON file is read to see whether it is an OpenAPI document.
pub const SNIFF_BYTES: usize = 4096;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ContractKind {
    OpenApi,
    /// One `.prisma` file.
    PrismaFile,
    /// A folder of `.prisma` files read as one schema.
    PrismaFolder,
}

/// A contract found in a repository.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct ContractFile {
    /// Project-relative, `/`-separated: the file, or the folder for [`ContractKind::PrismaFolder`].
    pub label: String,
    pub kind: ContractKind,
    /// Where it is on disk.
    pub path: PathBuf,
}

fn lower_name(label: &str) -> String {
    label
        .rsplit('/')
        .next()
        .unwrap_or(label)
        .to_ascii_lowercase()
}

fn is_named_openapi(name: &str) -> bool {
    ["yaml", "yml", "json"].iter().any(|ext| {
        name == format!("openapi.{ext}")
            || name == format!("swagger.{ext}")
            || name.ends_with(&format!(".openapi.{ext}"))
    })
}

fn is_yaml_or_json(name: &str) -> bool {
    name.ends_with(".yaml") || name.ends_with(".yml") || name.ends_with(".json")
}

/// Whether the start of a file declares `openapi: 3…` or `swagger: 2…` at its top level.
fn sniffs_openapi(path: &Path) -> bool {
    let mut head = Vec::with_capacity(SNIFF_BYTES);
    let Ok(file) = std::fs::File::open(path) else {
        return false;
    };
    if file
        .take(SNIFF_BYTES as u64)
        .read_to_end(&mut head)
        .is_err()
    {
        return false;
    }
    starts_openapi(&head)
}

/// Whether `head` (the first [`SNIFF_BYTES`] of a file, or fewer) declares `openapi: 3…` or
/// `swagger: 2…` at its top level.
fn starts_openapi(head: &[u8]) -> bool {
    let head = &head[..head.len().min(SNIFF_BYTES)];
    let text = String::from_utf8_lossy(head);
    let text = text.trim_start_matches('\u{feff}');
    if text.trim_start().starts_with('{') {
        // JSON: an `"openapi"` key whose string value starts with 3, at nesting depth 1.
        let mut depth = 0i32;
        let mut in_string = false;
        let mut escaped = false;
        let bytes = text.as_bytes();
        for (i, &b) in bytes.iter().enumerate() {
            if in_string {
                match b {
                    _ if escaped => escaped = false,
                    b'\\' => escaped = true,
                    b'"' => in_string = false,
                    _ => {}
                }
                continue;
            }
            match b {
                b'{' | b'[' => depth += 1,
                b'}' | b']' => depth -= 1,
                b'"' => {
                    if depth == 1 {
                        for (key, version) in [("\"openapi\"", "\"3"), ("\"swagger\"", "\"2")] {
                            if text[i..].starts_with(key) {
                                let rest = text[i + key.len()..].trim_start();
                                if let Some(value) = rest.strip_prefix(':') {
                                    return value.trim_start().starts_with(version);
                                }
                            }
                        }
                    }
                    in_string = true;
                }
                _ => {}
            }
        }
        return false;
    }
    text.lines().any(|line| {
        [("openapi:", '3'), ("swagger:", '2')]
            .iter()
            .any(|(key, version)| {
                line.strip_prefix(key).is_some_and(|value| {
                    let value = value.trim().trim_matches(['"', '\'']);
                    value.starts_with(*version)
                })
            })
    })
}

/// The OpenAPI documents and Prisma schemas under `root`, sorted by label. Walks the
/// repository; a caller that has walked it already passes its file list to
/// [`find_contracts_in`] instead.
pub fn find_contracts(root: &Path) -> Vec<ContractFile> {
    let walked = seam_lang::project::walk::walk(root, false);
    contracts_among(
        root,
        walked
            .files
            .iter()
            .map(|f| (f.path.as_str(), f.abs.clone(), Some(f.size))),
    )
}

/// [`find_contracts`] over the files of a walk made already (`seam_lang::project::Project::files`:
/// repository-relative, `/`-separated paths under `root`), with no second walk. Only the YAML
/// and JSON files are looked at on disk, for their size and first bytes.
pub fn find_contracts_in(root: &Path, files: &[String]) -> Vec<ContractFile> {
    contracts_among(
        root,
        files
            .iter()
            .map(|path| (path.as_str(), root.join(path), None)),
    )
}

/// The contracts among files given as (repository-relative path, path on disk, size when
/// known).
fn contracts_among<'a>(
    root: &Path,
    files: impl Iterator<Item = (&'a str, PathBuf, Option<u64>)>,
) -> Vec<ContractFile> {
    contracts_sniffed(root, files, |abs, _| sniffs_openapi(abs))
}

/// [`contracts_among`] with the OpenAPI sniff given: `sniff(path on disk, repository path)`.
fn contracts_sniffed<'a>(
    root: &Path,
    files: impl Iterator<Item = (&'a str, PathBuf, Option<u64>)>,
    sniff: impl Fn(&Path, &str) -> bool,
) -> Vec<ContractFile> {
    let mut out = Vec::new();
    let mut prisma_by_dir: BTreeMap<String, Vec<(String, PathBuf)>> = BTreeMap::new();
    for (path, abs, size) in files {
        let name = lower_name(path);
        if name.ends_with(".prisma") {
            let dir = path.rsplit_once('/').map_or("", |(dir, _)| dir).to_owned();
            // Everything under a `prisma/schema` folder belongs to that folder's schema.
            let group = match path.find("prisma/schema/") {
                Some(at) if at == 0 || path[..at].ends_with('/') => {
                    path[..at + "prisma/schema".len()].to_owned()
                }
                _ => dir,
            };
            prisma_by_dir
                .entry(group)
                .or_default()
                .push((path.to_owned(), abs));
            continue;
        }
        let within_limit = || {
            size.or_else(|| std::fs::metadata(&abs).ok().map(|m| m.len()))
                .is_some_and(|size| size <= crate::openapi::document::MAX_DOCUMENT_BYTES)
        };
        if is_named_openapi(&name)
            || (is_yaml_or_json(&name) && within_limit() && sniff(&abs, path))
        {
            out.push(ContractFile {
                label: path.to_owned(),
                kind: ContractKind::OpenApi,
                path: abs,
            });
        }
    }
    for (dir, files) in prisma_by_dir {
        let is_folder =
            dir == "prisma/schema" || dir.ends_with("/prisma/schema") || files.len() > 1;
        if is_folder {
            let path = root.join(&dir);
            out.push(ContractFile {
                label: dir,
                kind: ContractKind::PrismaFolder,
                path,
            });
        } else {
            for (label, abs) in files {
                out.push(ContractFile {
                    label,
                    kind: ContractKind::PrismaFile,
                    path: abs,
                });
            }
        }
    }
    out.sort();
    out
}

/// Reads a contract into summaries; an OpenAPI document's `$ref`s may name files in its own
/// folder and below.
pub fn read_contract(file: &ContractFile) -> Result<Vec<BehavioralSummary>, ContractError> {
    match file.kind {
        ContractKind::OpenApi => read_openapi(&file.path, &file.label),
        ContractKind::PrismaFile => read_prisma_file(&file.path, &file.label),
        ContractKind::PrismaFolder => read_prisma_folder(&file.path, &file.label),
    }
}

/// Reads a contract found by [`find_contracts`] in the repository at `root`: an OpenAPI
/// document's `$ref`s may name any file under `root`, and nothing outside it.
pub fn read_contract_within(
    file: &ContractFile,
    root: &Path,
) -> Result<Vec<BehavioralSummary>, ContractError> {
    match file.kind {
        ContractKind::OpenApi => read_openapi_within(&file.path, &file.label, root),
        ContractKind::PrismaFile => read_prisma_file(&file.path, &file.label),
        ContractKind::PrismaFolder => read_prisma_folder(&file.path, &file.label),
    }
}

/// [`read_contract_within`], with a note for each part of the contract left out (an OpenAPI
/// operation or response that could not be read; the rest of the document is read).
pub fn read_contract_noting(
    file: &ContractFile,
    root: &Path,
) -> Result<ContractRead, ContractError> {
    match file.kind {
        ContractKind::OpenApi => read_openapi_noting(&file.path, &file.label, root),
        ContractKind::PrismaFile | ContractKind::PrismaFolder => read_contract_within(file, root)
            .map(|summaries| ContractRead {
                summaries,
                notes: Vec::new(),
            }),
    }
}

/// Leaves out a document written twice: an OpenAPI document of the same folder and name as an
/// earlier one in `reads`' order but another format (`swagger.json` and `swagger.yaml`, as
/// generators write both side by side) that declares the same operations (the same methods
/// and paths, at least one). Read twice, every route would have two providers. The first (in
/// label order, the JSON) is kept. Documents of other names are kept whatever they declare:
/// two versions of an API (`2024-01.openapi.json`, `2024-06.openapi.json`) may answer the
/// same routes differently.
pub fn drop_twins(reads: &mut Vec<(ContractFile, ContractRead)>) {
    /// The label without its `.json`, `.yaml` or `.yml`.
    fn stem(label: &str) -> Option<&str> {
        let (stem, ext) = label.rsplit_once('.')?;
        ["json", "yaml", "yml"]
            .iter()
            .any(|e| ext.eq_ignore_ascii_case(e))
            .then_some(stem)
    }
    fn operations(read: &ContractRead) -> Vec<(String, String)> {
        let mut ops: Vec<(String, String)> = read
            .summaries
            .iter()
            .filter_map(
                |s| match s.identity.boundary_binding.as_ref().map(|b| &b.semantics) {
                    Some(seam_ir::summary::Semantics::Rest(rest)) => Some((
                        rest.method.clone().unwrap_or_default(),
                        rest.path.clone().unwrap_or_default(),
                    )),
                    _ => None,
                },
            )
            .collect();
        ops.sort();
        ops
    }
    let mut kept: Vec<(ContractFile, ContractRead)> = Vec::with_capacity(reads.len());
    // (stem, operations) of each OpenAPI document kept.
    let mut seen: Vec<(String, Vec<(String, String)>)> = Vec::new();
    for (file, read) in reads.drain(..) {
        if file.kind == ContractKind::OpenApi
            && let Some(stem) = stem(&file.label)
        {
            let ops = operations(&read);
            if !ops.is_empty() {
                let key = (stem.to_owned(), ops);
                if seen.contains(&key) {
                    continue;
                }
                seen.push(key);
            }
        }
        kept.push((file, read));
    }
    *reads = kept;
}

/// Whether a file could be a contract by its name (a YAML or JSON file, or a `.prisma`
/// file): the files [`read_contracts_in_memory`] needs the content of.
pub fn may_be_contract(path: &str) -> bool {
    let name = lower_name(path);
    name.ends_with(".prisma") || is_yaml_or_json(&name)
}

/// The contracts among files held in memory (a git revision: repository-relative path and
/// content), found and read as [`find_contracts_in`] and [`read_contract_noting`] do for
/// files on disk, each read or its error, sorted by label. A file whose content is not at
/// hand (empty) is not a contract. `root` is where the repository is on disk: an OpenAPI
/// document's `$ref`s to other files are resolved there, in the working tree, since a
/// revision's sibling files are not read.
pub fn read_contracts_in_memory(
    root: &Path,
    files: &BTreeMap<String, &[u8]>,
) -> Vec<Result<ContractRead, ContractError>> {
    let found = contracts_sniffed(
        root,
        files
            .iter()
            .map(|(path, bytes)| (path.as_str(), root.join(path), Some(bytes.len() as u64))),
        |_, path| files.get(path).is_some_and(|bytes| starts_openapi(bytes)),
    );
    let reads: Vec<(ContractFile, Result<ContractRead, ContractError>)> = found
        .into_iter()
        .map(|contract| {
            let read = read_in_memory(&contract, files);
            (contract, read)
        })
        .collect();
    let mut whole: Vec<(ContractFile, ContractRead)> = reads
        .iter()
        .filter_map(|(file, read)| read.as_ref().ok().map(|r| (file.clone(), r.clone())))
        .collect();
    drop_twins(&mut whole);
    let kept: Vec<&str> = whole.iter().map(|(f, _)| f.label.as_str()).collect();
    reads
        .into_iter()
        .filter(|(file, read)| read.is_err() || kept.contains(&file.label.as_str()))
        .map(|(_, read)| read)
        .collect()
}

/// One contract found among files held in memory, read.
fn read_in_memory(
    contract: &ContractFile,
    files: &BTreeMap<String, &[u8]>,
) -> Result<ContractRead, ContractError> {
    let text = |label: &str| -> Result<String, ContractError> {
        let bytes = files.get(label).copied().unwrap_or_default();
        if bytes.len() as u64 > crate::openapi::document::MAX_DOCUMENT_BYTES {
            return Err(ContractError::new(
                label,
                format!(
                    "The file is {} bytes, more than the {} bytes a contract may have.",
                    bytes.len(),
                    crate::openapi::document::MAX_DOCUMENT_BYTES
                ),
            ));
        }
        String::from_utf8(bytes.to_vec())
            .map_err(|_| ContractError::new(label, "The file is not UTF-8 text."))
    };
    match contract.kind {
        ContractKind::OpenApi => crate::openapi::read_openapi_text_noting(
            &contract.path,
            &contract.label,
            &text(&contract.label)?,
        ),
        ContractKind::PrismaFile => crate::prisma::read_prisma_schema(&[SchemaFile {
            label: contract.label.clone(),
            text: text(&contract.label)?,
        }])
        .map(ContractRead::from),
        ContractKind::PrismaFolder => {
            let prefix = format!("{}/", contract.label);
            let mut schema = Vec::new();
            for path in files.keys() {
                if path.starts_with(&prefix) && lower_name(path).ends_with(".prisma") {
                    schema.push(SchemaFile {
                        label: path.clone(),
                        text: text(path)?,
                    });
                }
            }
            crate::prisma::read_prisma_schema(&schema).map(ContractRead::from)
        }
    }
}
