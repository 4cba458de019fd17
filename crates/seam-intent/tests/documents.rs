//! The document model against its JSON Schema and its reader: every document the fixtures and
//! the example hold reads and validates; what the reader refuses, the schema refuses too where
//! a schema can say it (unknown keys, wrong types, unknown values).

use std::path::{Path, PathBuf};

use seam_intent::{DocumentBody, document_kind, read_document};

fn validator() -> jsonschema::Validator {
    match jsonschema::validator_for(&seam_intent::intent_json_schema()) {
        Ok(v) => v,
        Err(e) => panic!("the intent schema does not compile: {e}"),
    }
}

fn documents_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            documents_under(&path, out);
        } else if document_kind(&path.to_string_lossy()).is_some() {
            out.push(path);
        }
    }
}

fn as_json(path: &Path, text: &str) -> serde_json::Value {
    if path.extension().is_some_and(|e| e == "json") {
        serde_json::from_str(text).expect("JSON")
    } else {
        serde_norway::from_str(text).expect("YAML")
    }
}

#[test]
fn every_fixture_and_example_document_reads_and_validates() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    documents_under(&root.join("../seam-cli/tests/fixtures/intent"), &mut files);
    documents_under(&root.join("../../examples/shop"), &mut files);
    files.sort();
    assert!(files.len() > 30, "{files:?}");
    let validator = validator();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("read");
        let name = file.to_string_lossy().into_owned();
        if let Err(e) = read_document(&name, &text) {
            panic!("{e}");
        }
        let errors: Vec<String> = validator
            .iter_errors(&as_json(&file, &text))
            .map(|e| e.to_string())
            .collect();
        assert_eq!(errors, Vec::<String>::new(), "{name}");
    }
}

const GOOD: &str = "kind: boundary\nname: get-order\npurpose: Show one order.\naudience: the web client\nboundary: { semantics: rest, method: GET, path: /orders/:id }\ntransitions:\n  - id: found\n    response: { status: 200 }\n";

#[test]
fn the_schema_refuses_what_the_reader_refuses() {
    let validator = validator();
    let good: serde_json::Value = serde_norway::from_str(GOOD).expect("YAML");
    assert!(validator.is_valid(&good));
    for bad in [
        GOOD.replace("    response:", "    respons:"),
        GOOD.replace("status: 200", "status: ok"),
        GOOD.replace("semantics: rest", "semantics: graphql"),
        GOOD.replace("kind: boundary", "kind: boundaries"),
    ] {
        let value: serde_json::Value = serde_norway::from_str(&bad).expect("YAML");
        assert!(!validator.is_valid(&value), "{bad}");
        assert!(read_document("x.intent.yaml", &bad).is_err(), "{bad}");
    }
}

#[test]
fn documents_are_named_by_kind() {
    assert!(document_kind("a/orders.intent.yaml").is_some());
    assert!(document_kind("orders.intent.yml").is_some());
    assert!(document_kind("orders.prd.json").is_some());
    assert!(document_kind("orders.yaml").is_none());
    assert!(document_kind(".intent.yaml").is_none());
    assert!(document_kind("orders.intent.yaml.bak").is_none());
}

#[test]
fn a_document_reads_into_its_model_with_the_lines_of_its_outcomes() {
    let text = format!(
        "{GOOD}  - id: missing\n    when:\n      - reads: prisma:order\n        finds: nothing\n    response: {{ status: 404 }}\n"
    );
    let document = match read_document("get.intent.yaml", &text) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(document.outcome_lines, [7, 9]);
    let DocumentBody::Boundary(intent) = &document.body else {
        panic!("a boundary intent");
    };
    assert_eq!(intent.transitions[1].id, "missing");
    let clauses = intent.transitions[1]
        .when
        .as_ref()
        .map(|w| w.boundary_clauses().len());
    assert_eq!(clauses, Some(1));
}
