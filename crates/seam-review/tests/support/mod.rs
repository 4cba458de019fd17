//! Shared helpers for the seam-review tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use seam_ir::review::{Document, Symbol, to_canonical_json};
use serde_json::Value;

pub const SCHEMA_PATH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../seam-ir/schemas/aburi/aburi.ir.v1.json"
);

/// The folder of the built-in packs, each holding its fixtures (`fixtures/<name>`) and their
/// expected outputs (`expected/<name>.aburi.ir.json` for the review IR).
pub fn packs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../seam-packs/packs")
}

/// A pack fixture by name, whichever pack holds it.
pub fn fixture(name: &str) -> PathBuf {
    review_fixtures()
        .into_iter()
        .chain(all_pack_fixtures())
        .find(|(dir, _)| dir.file_name().is_some_and(|n| n == name))
        .map(|(dir, _)| dir)
        .unwrap_or_else(|| panic!("no pack fixture named {name}"))
}

/// Every pack fixture with its expected review IR: (fixture tree, expected file), sorted.
pub fn review_fixtures() -> Vec<(PathBuf, PathBuf)> {
    all_pack_fixtures()
        .into_iter()
        .filter(|(_, expected)| expected.is_file())
        .collect()
}

/// Every pack fixture, with where its expected review IR is or would be.
fn all_pack_fixtures() -> Vec<(PathBuf, PathBuf)> {
    let mut out = Vec::new();
    let Ok(packs) = std::fs::read_dir(packs_dir()) else {
        return out;
    };
    for pack in packs.filter_map(Result::ok).map(|e| e.path()) {
        let Ok(fixtures) = std::fs::read_dir(pack.join("fixtures")) else {
            continue;
        };
        for dir in fixtures.filter_map(Result::ok).map(|e| e.path()) {
            if let Some(name) = dir.file_name().and_then(|n| n.to_str()) {
                let expected = pack.join("expected").join(format!("{name}.aburi.ir.json"));
                out.push((dir.clone(), expected));
            }
        }
    }
    out.sort();
    out
}

pub fn validator() -> jsonschema::Validator {
    let text = std::fs::read_to_string(SCHEMA_PATH)
        .unwrap_or_else(|err| panic!("cannot read {SCHEMA_PATH}: {err}"));
    let schema: Value = serde_json::from_str(&text).expect("schema is JSON");
    jsonschema::validator_for(&schema).expect("schema compiles")
}

/// Validates against aburi.ir.v1.json and reads back through the 21 invariants.
pub fn assert_valid(text: &str) {
    let instance: Value = serde_json::from_str(text).expect("output is JSON");
    let validator = validator();
    let errors: Vec<String> = validator
        .iter_errors(&instance)
        .map(|err| format!("{} at {}", err, err.instance_path()))
        .collect();
    assert!(errors.is_empty(), "schema errors:\n{}", errors.join("\n"));
    seam_ir::review::read_document(text).expect("the document passes the 21 invariants");
}

pub fn scan_dir(dir: &Path, threads: usize) -> Document {
    let options = seam_review::ScanOptions {
        threads: Some(threads),
        ..seam_review::ScanOptions::default()
    };
    seam_review::scan(dir, &options)
        .expect("scan runs")
        .document
}

pub fn scan_text(dir: &Path) -> String {
    let text = to_canonical_json(&scan_dir(dir, 2), true).expect("document writes");
    assert_valid(&text);
    text
}

/// A temporary repository holding the given files.
pub fn repo(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for (path, text) in files {
        let full = dir.path().join(path);
        if let Some(parent) = full.parent() {
            std::fs::create_dir_all(parent).expect("mkdir");
        }
        std::fs::write(full, text).expect("write");
    }
    dir
}

pub fn symbol<'d>(doc: &'d Document, id: &str) -> &'d Symbol {
    doc.symbols.iter().find(|s| s.id == id).unwrap_or_else(|| {
        let ids: Vec<&str> = doc.symbols.iter().map(|s| s.id.as_str()).collect();
        panic!("no symbol {id}; have {ids:#?}")
    })
}

pub fn ids(doc: &Document) -> Vec<&str> {
    doc.symbols.iter().map(|s| s.id.as_str()).collect()
}
