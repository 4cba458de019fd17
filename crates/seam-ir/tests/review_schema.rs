//! The hand-built document with every construct validates against aburi.ir.v1.json, in both
//! forms, and reads back to an equal value.

mod review_support;

use review_support::*;
use seam_ir::review::*;
use serde_json::Value;

const SCHEMA_PATH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/schemas/aburi/aburi.ir.v1.json"
);

fn validator() -> jsonschema::Validator {
    let text = std::fs::read_to_string(SCHEMA_PATH)
        .unwrap_or_else(|err| panic!("cannot read {SCHEMA_PATH}: {err}"));
    let schema: Value = serde_json::from_str(&text).expect("schema is JSON");
    jsonschema::validator_for(&schema).expect("schema compiles")
}

fn assert_valid(validator: &jsonschema::Validator, text: &str) {
    let instance: Value = serde_json::from_str(text).expect("output is JSON");
    let errors: Vec<String> = validator
        .iter_errors(&instance)
        .map(|err| format!("{} at {}", err, err.instance_path()))
        .collect();
    assert!(errors.is_empty(), "schema errors:\n{}", errors.join("\n"));
}

#[test]
fn full_document_validates_pretty_and_compact() {
    let validator = validator();
    let document = full_document();
    assert_valid(&validator, &write(&document, true));
    assert_valid(&validator, &write(&document, false));
}

#[test]
fn schema_url_matches_the_schema_const() {
    let text = std::fs::read_to_string(SCHEMA_PATH).expect("schema readable");
    let schema: Value = serde_json::from_str(&text).expect("schema is JSON");
    assert_eq!(schema["properties"]["$schema"]["const"], SCHEMA_URL);
}

#[test]
fn empty_document_validates() {
    let generator = Generator {
        name: "seam".into(),
        version: "0.1.0".into(),
        plugins: Vec::new(),
    };
    let document = Document::new(generator, Workspace::new(vec!["ts".into()]));
    let text = write(&document, false);
    assert_valid(&validator(), &text);
    assert_eq!(
        text,
        concat!(
            r#"{"$schema":"https://aburi.kage1020.com/schema/aburi.ir.v1.json","#,
            r#""components":[],"dependencies":[],"generator":{"name":"seam","plugins":[],"version":"0.1.0"},"#,
            r#""stats":{"callResolution":{"resolvedCalls":0,"totalCalls":0,"unresolved":{"ambiguous":0,"dynamic":0,"external":0,"localScope":0,"noMatch":0}},"#,
            r#""droppedSymbols":0,"effectPropagation":{"maxSccSize":0,"propagatedEffectCount":0,"sccCount":0,"symbolsWithPropagatedEffects":0},"#,
            r#""keptSymbols":0,"parsedFiles":0,"totalFiles":0},"symbols":[],"#,
            r#""workspace":{"languages":["ts"],"managers":[],"root":"."}}"#
        )
    );
}

#[test]
fn reading_back_gives_an_equal_document() {
    let document = full_document();
    for pretty in [true, false] {
        let text = write(&document, pretty);
        let read = read_document(&text).unwrap_or_else(|err| panic!("{err}"));
        assert_eq!(read, document);
        assert_eq!(write(&read, pretty), text);
    }
}

#[test]
fn pretty_output_shape() {
    let text = write(&full_document(), true);
    assert!(text.starts_with("{\n  \"$schema\": \"https://aburi.kage1020.com/schema/aburi.ir.v1.json\",\n  \"components\": [\n    {\n      \"description\": \"Invoices and billing runs.\",\n"));
    assert!(!text.ends_with('\n'));
    assert!(text.ends_with("\n}"));
    assert!(!write(&full_document(), false).contains('\n'));
}

#[test]
fn validator_is_not_vacuous() {
    // Guards the tests above: the same schema refuses a Call without `resolved` and a
    // propagated effect that carries a line.
    let validator = validator();
    let mut value: Value = serde_json::from_str(&write(&full_document(), false)).expect("JSON");
    let create = value["symbols"]
        .as_array_mut()
        .and_then(|symbols| symbols.iter_mut().find(|s| s["id"] == CREATE))
        .expect("createInvoice present");
    assert!(
        create["calls"][0]
            .as_object_mut()
            .and_then(|c| c.remove("resolved"))
            .is_some()
    );
    assert!(!validator.is_valid(&value));
    let mut value: Value = serde_json::from_str(&write(&full_document(), false)).expect("JSON");
    let create = value["symbols"]
        .as_array_mut()
        .and_then(|symbols| symbols.iter_mut().find(|s| s["id"] == CREATE))
        .expect("createInvoice present");
    create["effects"][2]["line"] = Value::from(3);
    assert!(!validator.is_valid(&value));
}

/// Prints the full document; `cargo test -p seam-ir --test review_schema -- --ignored --nocapture`.
#[test]
#[ignore]
fn print_full_document() {
    println!("{}", write(&full_document(), true));
}

#[test]
fn file_round_trip_is_atomic_and_refuses_broken_documents() {
    let directory = tempfile::tempdir().expect("temp dir");
    let path = directory.path().join("aburi.ir.json");
    let document = full_document();
    write_document_file(&path, &document, true).unwrap_or_else(|err| panic!("{err}"));
    let bytes = std::fs::read_to_string(&path).expect("written");
    assert_eq!(bytes, write(&document, true));
    let read = read_document_file(&path).unwrap_or_else(|err| panic!("{err}"));
    assert_eq!(read, document);

    let mut broken = document.clone();
    broken.stats.parsed_files = 99;
    let error = write_document_file(&path, &broken, true).expect_err("refused");
    assert!(
        error
            .to_string()
            .contains("#21: stats.parsedFiles (99) exceeds stats.totalFiles (7)")
    );
    assert_eq!(std::fs::read_to_string(&path).expect("still there"), bytes);
    let entries = std::fs::read_dir(directory.path()).expect("dir").count();
    assert_eq!(entries, 1, "no temporary file left behind");
}
