//! The generated JSON Schema accepts what the writer writes (expanded) and refuses what the
//! format forbids.

use seam_ir::summary::{WriteOptions, parse_summaries, summary_json_schema, write_summaries};
use serde_json::{Value, json};

const SPEC_HANDLER: &str = include_str!("summary_fixtures/spec_handler.json");

fn validator() -> jsonschema::Validator {
    match jsonschema::validator_for(&summary_json_schema()) {
        Ok(validator) => validator,
        Err(e) => panic!("the generated schema is not a valid JSON Schema: {e}"),
    }
}

fn errors(instance: &Value) -> Vec<String> {
    validator()
        .iter_errors(instance)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

#[test]
fn writer_output_validates() {
    let summaries = match parse_summaries(SPEC_HANDLER, "spec_handler.json") {
        Ok(summaries) => summaries,
        Err(e) => panic!("{e}"),
    };
    let mut out = Vec::new();
    assert!(write_summaries(&mut out, &summaries, WriteOptions { expand: true }).is_ok());
    let written: Value = serde_json::from_slice(&out).unwrap_or_default();
    assert_eq!(errors(&written), Vec::<String>::new());
}

#[test]
fn the_schema_refuses_what_the_format_forbids() {
    let mut file: Value = serde_json::from_str(SPEC_HANDLER).unwrap_or_default();
    file[0]["schemaVersion"] = json!(6);
    assert!(
        !errors(&file).is_empty(),
        "schemaVersion 6 is not a v7 file"
    );
    let mut file: Value = serde_json::from_str(SPEC_HANDLER).unwrap_or_default();
    file[0]["transitions"][0]["output"]["type"] = json!("teleport");
    assert!(
        !errors(&file).is_empty(),
        "an unknown output type is beyond v7"
    );
    let mut file: Value = serde_json::from_str(SPEC_HANDLER).unwrap_or_default();
    file[0]["identity"]
        .as_object_mut()
        .map(|identity| identity.remove("name"));
    assert!(!errors(&file).is_empty(), "identity.name is required");
}

#[test]
fn the_schema_names_itself() {
    let schema = summary_json_schema();
    assert_eq!(
        schema["title"],
        json!("seam behavioural summary file (schemaVersion 7)")
    );
    assert_eq!(schema["type"], json!("array"));
}
